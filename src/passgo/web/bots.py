"""Bots of `passgo serve` decide in worker processes, never on the event loop.

A `BotPool` runs `workers` processes (`passgo.web.bot_worker`, which says what they are told
and answer). A game stays with one worker (the one with the fewest games when it first needs
a bot), which keeps the game's copy and its bots between decisions, so only the actions since
its last decision are sent, and a bot remembers what it did earlier in the game. A worker
answers one request at a time; games on other workers never wait for it, and the server's
event loop never waits for any of them.

Each decision has a time cap: the operator's `--bot-time-limit` is the bots' search budget
(the expert's `ms` is cut to it), and a worker that has not answered `GRACE` seconds later
is taken to be stuck: it is killed and started again, and the decision is made by the
fallback bot (`basic`, which takes microseconds) on the server, so a bot always yields a
legal move. A worker that dies (killed, crashed) is started again and asked again, with the
whole game; nothing is lost, as the game's every action is in the database and the worker
only ever proposes the next one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson

from passgo.agents import BasicBot, BotSpec
from passgo.agents.base import Agent, one_line
from passgo.agents.play import bot_move
from passgo.agents.spec import to_json
from passgo.core import Action, Game
from passgo.web.metrics import BOT_DECISION, BOT_FALLBACKS, BOT_QUEUE, BOT_RESTARTS

log = logging.getLogger("passgo.web")

GRACE = 1.0  # seconds past the time limit before a worker is taken to be stuck
START_SECONDS = 60.0  # for a worker process to start and import the bots
ATTEMPTS = 3  # asks of one decision: again with the whole game after a resync or a crash
LINE_LIMIT = 1 << 24  # bytes of one answer line (answers are short; a bound all the same)


class WorkerFailed(Exception):
    """A worker gave no usable answer (stuck, dead again, or erring)."""


def worker_command() -> list[str]:
    return [sys.executable, "-m", "passgo.web.bot_worker"]


class _Worker:
    """One worker process, started on first use and again after it dies."""

    def __init__(self, command: Sequence[str]) -> None:
        self.command = list(command)
        self.proc: asyncio.subprocess.Process | None = None
        self.lock = asyncio.Lock()
        self.known: dict[str, int] = {}  # game id -> length of history the worker holds
        # game id -> times the game was taken back (`BotPool.reset`): what a worker was sent
        # while a reset happened is not what it holds
        self.resets: dict[str, int] = {}
        self.games = 0  # games that live here (`BotPool.home`)
        self.serial = 0

    @property
    def pid(self) -> int | None:
        return None if self.proc is None else self.proc.pid

    async def _start(self) -> asyncio.subprocess.Process:
        if self.proc is not None:
            BOT_RESTARTS.inc()
        package = str(Path(__file__).resolve().parents[2])  # the folder holding passgo
        path = os.environ.get("PYTHONPATH")
        env = {**os.environ, "PYTHONPATH": package + (os.pathsep + path if path else "")}
        proc = await asyncio.create_subprocess_exec(
            *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            env=env, limit=LINE_LIMIT)
        self.proc = proc
        self.known.clear()
        assert proc.stdout is not None
        try:  # imports take a while on a busy machine: not part of any decision's time
            ready = await asyncio.wait_for(proc.stdout.readline(), START_SECONDS)
        except TimeoutError:
            ready = b""
        if not ready.startswith(b'{"ready"'):
            await self.kill()
            raise WorkerFailed("the bot worker did not start")
        return proc

    async def kill(self) -> None:
        proc, self.proc = self.proc, None
        self.known.clear()
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
        self.proc = proc  # kept, so that the next start counts as a restart

    async def _ask(self, proc: asyncio.subprocess.Process, message: dict[str, Any]
                   ) -> dict[str, Any]:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(orjson.dumps(message) + b"\n")
        await proc.stdin.drain()
        while True:
            line = await proc.stdout.readline()
            if not line:
                raise ConnectionResetError("the bot worker closed its output")
            reply = orjson.loads(line)
            if isinstance(reply, dict) and reply.get("id") == message["id"]:
                return reply

    async def decide(self, game_id: str, game: Game, seats: list[Any], seed: int,
                     limit: float) -> dict[str, Any]:
        """The worker's answer for `game` (see `bot_worker`); WorkerFailed if none came."""
        queued = time.perf_counter()
        async with self.lock:
            started = time.perf_counter()
            BOT_QUEUE.observe(started - queued)
            try:
                return await self._decide(game_id, game, seats, seed, limit)
            finally:
                BOT_DECISION.observe(time.perf_counter() - started)

    async def _decide(self, game_id: str, game: Game, seats: list[Any], seed: int,
                      limit: float) -> dict[str, Any]:
        """`decide` with the worker to itself: asked again with the whole game after a
        resync, an error or a crash; killed when it overruns `limit` and `GRACE`."""
        for _ in range(ATTEMPTS):
            proc = self.proc
            if proc is None or proc.returncode is not None:
                proc = await self._start()
            self.serial += 1
            message: dict[str, Any] = {"id": self.serial, "game": game_id, "seats": seats,
                                       "seed": seed, "limit": limit}
            history = game.history
            length, have = len(history), self.known.get(game_id)
            resets = self.resets.get(game_id, 0)
            if have is None or have > length:
                message["base"] = game.to_json()
            else:
                message["at"] = have
                message["actions"] = [[a.player, a.text()] for a in history[have:]]
            try:
                reply = await asyncio.wait_for(self._ask(proc, message), limit + GRACE)
            except TimeoutError:
                log.warning("game %s: a bot worker overran %.2f s: started again",
                            game_id, limit + GRACE)
                await self.kill()
                raise WorkerFailed("the bot overran its time") from None
            except (ConnectionError, BrokenPipeError, orjson.JSONDecodeError) as exc:
                log.warning("game %s: a bot worker failed (%s): started again", game_id,
                            exc)
                await self.kill()
                continue
            if reply.get("resync") or "error" in reply:
                if "error" in reply:
                    log.warning("game %s: the bot worker erred: %s", game_id,
                                reply["error"])
                self.known.pop(game_id, None)
                continue
            if self.resets.get(game_id, 0) == resets:
                self.known[game_id] = length
            return reply
        raise WorkerFailed("no answer from the bot worker")


class BotPool:
    """The bot worker processes of one server process."""

    def __init__(self, workers: int, time_limit: float,
                 command: Sequence[str] | None = None) -> None:
        self.time_limit = time_limit
        self.workers = [_Worker(command or worker_command()) for _ in range(workers)]
        self.home: dict[str, _Worker] = {}

    def pids(self) -> list[int]:
        """The running workers' process ids (for tests and the operator)."""
        return [pid for w in self.workers if (pid := w.pid) is not None
                and w.proc is not None and w.proc.returncode is None]

    async def decide(self, game_id: str, game: Game, seats: Sequence[BotSpec | None],
                     seed: int) -> tuple[Action, str] | None:
        """The next automated move of `game` and its reason (`agents.play.bot_move` with a
        bot on each seat `seats` names, seeded `seed + seat`), or None when a person must
        decide. Never raises for a worker's sake: a stuck or failing worker's move is the
        fallback bot's."""
        worker = self.home.get(game_id)
        if worker is None:
            worker = min(self.workers, key=lambda w: w.games)
            worker.games += 1
            self.home[game_id] = worker
        stored = [None if spec is None else to_json(spec) for spec in seats]
        try:
            reply = await worker.decide(game_id, game, stored, seed, self.time_limit)
        except WorkerFailed:
            BOT_FALLBACKS.inc()
            return fallback_move(game, seats)
        if reply.get("none"):
            return None
        return (Action.parse(str(reply["action"]), int(reply["seat"])),
                one_line(str(reply.get("reason", ""))))

    def reset(self, game_id: str) -> None:
        """The room took its game back to an earlier state (an action it could not commit):
        what the worker holds of it may run ahead, so the next decision sends the whole game,
        also when a decision under way now gets its answer."""
        worker = self.home.get(game_id)
        if worker is not None:
            worker.known.pop(game_id, None)
            worker.resets[game_id] = worker.resets.get(game_id, 0) + 1

    def forget(self, game_id: str) -> None:
        """A game left this process: its worker may drop it."""
        worker = self.home.pop(game_id, None)
        if worker is not None:
            worker.games -= 1
            worker.known.pop(game_id, None)
            worker.resets.pop(game_id, None)

    async def close(self) -> None:
        for worker in self.workers:
            if worker.proc is not None and worker.proc.stdin is not None:
                worker.proc.stdin.close()
            await worker.kill()


def fallback_move(game: Game, seats: Sequence[BotSpec | None]) -> tuple[Action, str] | None:
    """The move of the fallback bot (`basic`) on every bot seat, with its reason: legal, and
    quick enough to make on the event loop."""
    agents: list[Agent | None] = [None if spec is None else BasicBot() for spec in seats]
    return bot_move(game, agents)
