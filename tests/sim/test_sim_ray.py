"""The Ray backend gives the same report as the process pool, on a local Ray instance."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from passgo.cli import main
from passgo.sim.backends import start_local_ray

ray = pytest.importorskip("ray", reason="the ray extra is not installed")

GAMES = ["--games", "8", "--max-rounds", "20", "--players", "basic,random", "--seed", "4",
         "--json"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray instance, given minutes to start on a busy machine (as `passgo simulate
    --backend ray` gives it): Ray's own node start-up limit is 30 seconds."""
    start_local_ray(2)
    yield
    ray.shutdown()


def _report(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["simulate", *args]) == 0
    data: dict = json.loads(capsys.readouterr().out)
    return data


def test_ray_gives_the_process_pool_results(
    local_ray: None, capsys: pytest.CaptureFixture[str]
) -> None:
    pooled = _report(capsys, *GAMES, "--workers", "2")
    on_ray = _report(capsys, *GAMES, "--backend", "ray")
    assert on_ray == pooled
    landing = ["--landing", "--rolls", "4000", "--json"]
    assert _report(capsys, *landing, "--backend", "ray") == _report(capsys, *landing,
                                                                     "--workers", "1")
    # The instance the test started is still up: the command leaves a running Ray alone.
    assert ray.is_initialized()


def test_an_unreachable_cluster_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--games", "2", "--backend", "ray", "--address", "127.0.0.1:1"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("passgo: error: cannot reach a Ray cluster at 127.0.0.1:1")
    assert err.count("\n") == 1
