"""Where the tasks of a job run: in this process, in a pool of processes, or on Ray.

Every backend takes the same job and the same list of tasks (argument tuples for one
function) and hands back each task's result, by task index, as it completes, so that the
caller can show progress and still aggregate in a fixed order. Which worker ran which task
never shows in the results: a task's output depends on the job and its arguments alone.
"""

from __future__ import annotations

import logging
import multiprocessing
import socket
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from multiprocessing import resource_tracker
from typing import Any

BACKENDS = ("process", "ray")
# Tasks out at once per worker: enough to keep every worker busy, few enough that results
# waiting for the caller (a dataset's rows, written in order) stay bounded however many
# tasks a run has.
IN_FLIGHT = 4
# How long a local Ray instance may take to start, over however many tries: Ray gives its own
# node 30 seconds, which a loaded machine can exceed; each try that times out is shut down
# (its processes ended) before the next.
RAY_START_SECONDS = 300.0

Task = tuple[Any, ...]


class BackendError(Exception):
    """The backend cannot run (Ray is not installed, or the cluster cannot be reached)."""


def run_tasks(
    fn: Callable[..., Any],
    job: Any,
    tasks: Sequence[Task],
    *,
    workers: int = 1,
    backend: str = "process",
    address: str | None = None,
) -> Iterator[tuple[int, Any]]:
    """(task index, fn(job, *task)) for every task, in order of completion."""
    if backend == "ray":
        return _ray(fn, job, tasks, workers, address)
    if workers == 1:
        return ((i, fn(job, *task)) for i, task in enumerate(tasks))
    return _pool(fn, job, tasks, workers)


def _pool(fn: Callable[..., Any], job: Any, tasks: Sequence[Task], workers: int
          ) -> Iterator[tuple[int, Any]]:
    # "spawn": workers start clean, on every platform, whatever threads the parent runs
    # (the progress bar's refresh thread makes "fork" unsafe).
    context = multiprocessing.get_context("spawn")
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            out: dict[Any, int] = {}
            try:
                yield from _windowed(
                    tasks, IN_FLIGHT * workers, out, lambda task: pool.submit(fn, job, *task),
                    lambda pending: [(f, f.result()) for f in wait(
                        pending, return_when=FIRST_COMPLETED).done])
            finally:
                for future in out:
                    future.cancel()
    finally:
        _stop_resource_tracker()


def _stop_resource_tracker() -> None:
    """End the helper process that a "spawn" pool starts beside its workers (multiprocessing's
    resource tracker) and wait for it. Left alone, it outlives this process for a moment and
    is left to whoever adopts orphans; the pool's workers themselves are joined by the pool.
    The standard library starts it again by itself if anything needs it later; it has no
    public way to stop it."""
    stop = getattr(resource_tracker._resource_tracker, "_stop", None)
    if stop is not None:
        stop()


def _windowed(tasks: Sequence[Task], limit: int, out: dict[Any, int],
              submit: Callable[[Task], Any],
              finished: Callable[[list[Any]], list[tuple[Any, Any]]]
              ) -> Iterator[tuple[int, Any]]:
    """(task index, result) of every task, submitted so that at most `limit` are out at
    once (`out`: each handle still out and its task's index); `finished` waits for one or more
    of the handles out and gives them with their results."""
    queued = iter(enumerate(tasks))
    while True:
        for i, task in queued:
            out[submit(task)] = i
            if len(out) >= limit:
                break
        if not out:
            return
        for handle, result in finished(list(out)):
            yield out.pop(handle), result


def _ray(fn: Callable[..., Any], job: Any, tasks: Sequence[Task], workers: int,
         address: str | None) -> Iterator[tuple[int, Any]]:
    try:
        import ray
    except ImportError:
        raise BackendError(
            "--backend ray needs Ray: pip install 'passgo[ray]'"
        ) from None
    if address:
        _check_reachable(address)
    started = False
    if not ray.is_initialized():
        if address:
            try:
                ray.init(address=address, logging_level=logging.WARNING)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise BackendError(f"cannot start Ray at {address}: "
                                   f"{str(exc).splitlines()[0]}") from None
        else:
            start_local_ray(workers)  # a local cluster sized by --workers
        started = True
    try:
        remote = ray.remote(fn)
        job_ref = ray.put(job)
        yield from _windowed(
            tasks, IN_FLIGHT * workers, {}, lambda task: remote.remote(job_ref, *task),
            lambda pending: [(ref, ray.get(ref))
                             for ref in ray.wait(pending, num_returns=1)[0]])
    finally:
        if started:
            ray.shutdown()


def start_local_ray(cpus: int, patience: float = RAY_START_SECONDS) -> None:
    """Start a local Ray instance of `cpus` CPUs, trying again while `patience` seconds
    last when Ray's node does not come up in the time Ray gives it (a busy machine); a
    BackendError says how long it was given and Ray's last word."""
    import ray

    deadline = time.monotonic() + patience
    tries = 0
    while True:
        tries += 1
        try:
            ray.init(num_cpus=cpus, include_dashboard=False, logging_level=logging.WARNING)
            return
        except Exception as exc:  # Ray's node start-up time-out is a bare Exception
            ray.shutdown()
            if time.monotonic() >= deadline or "timed out" not in str(exc):
                raise BackendError(
                    f"cannot start a local Ray instance ({tries} tries in "
                    f"{patience:.0f} s): {str(exc).splitlines()[0]}") from None


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail at once on a cluster address nobody answers at: `ray.init` would wait for it
    for many minutes. Only host:port forms (with or without ray://) can be checked."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return  # "auto" and other forms are Ray's to resolve
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise BackendError(f"cannot reach a Ray cluster at {address}: {exc.strerror or exc}"
                           ) from None
