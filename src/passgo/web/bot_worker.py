"""A bot worker process of `passgo serve`: bots decide here, never on the server's event loop.

The server (`passgo.web.bots.BotPool`) starts it as `python -m passgo.web.bot_worker` and
speaks JSON lines over its standard input and output, one request at a time:

    {"id": 7, "game": "ID", "base": "<Game.to_json()>", "seats": [SPEC | null, ...],
     "seed": 31, "limit": 0.5}
    {"id": 8, "game": "ID", "at": 120, "actions": [[2, "buy"], [2, "end"]], "seats": ..., ...}

The first request for a game carries the whole game (`base`, the core's JSON save); later
ones only the actions committed since the worker's copy (`at`: its length of history), so a
long game is not sent again for every decision. The worker keeps each game's copy and its
bots (`make_agent`, seeded `seed + seat` as everywhere else), so a bot keeps its memory of a
game (the offers it made, the expert's plan) from one decision to the next. `seats` holds
each seat's stored spec (`passgo.agents.spec.to_json`) or null where a person decides; only
built-in bots are made here. `limit` is the per-decision budget in seconds (the operator's
`--bot-time-limit`): the expert's search is cut to it.

Answers: {"id": 7, "seat": 2, "action": "buy"} (one move of the shared bot loop,
`agents.play.bot_step`, on a copy: the server commits it, and sends it back with the next
request), {"id": 7, "none": true} when no bot is to move, {"id": 7, "resync": true} when the
worker lacks the game or holds another length of it (the server sends `base` then), or
{"id": 7, "error": "..."}. Its first line, once it has imported the bots, is {"ready": true}
(a decision's time limit does not count the start of a process). The process ends when its
input closes.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from typing import Any

import orjson

from passgo.agents import Agent, BuiltinSpec, make_agent
from passgo.agents.play import bot_step
from passgo.agents.spec import spec_from_json
from passgo.core import Action, Game

MAX_GAMES = 256  # games whose copy and bots a worker keeps (least recently used go first)


class _Table:
    """One game as a worker holds it: its copy, and a bot per seat a bot plays."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.specs: list[Any] = []
        self.agents: list[Agent | None] = []

    def seat(self, specs: list[Any], seed: int, limit: float) -> None:
        """Bots for the seats `specs` names (made again only where a seat's spec changed)."""
        if len(self.agents) != len(specs):
            self.specs, self.agents = [None] * len(specs), [None] * len(specs)
        for i, stored in enumerate(specs):
            if stored == self.specs[i]:
                continue
            self.specs[i] = stored
            if stored is None:
                self.agents[i] = None
                continue
            spec = spec_from_json(stored)
            if not isinstance(spec, BuiltinSpec):
                raise ValueError("a worker plays built-in bots only")
            self.agents[i] = make_agent(spec, seed + i, time_limit=limit)


class Worker:
    """The games of one worker process and the answer to each request."""

    def __init__(self) -> None:
        self.tables: OrderedDict[str, _Table] = OrderedDict()

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"id": request.get("id")}
        try:
            key = str(request["game"])
            table = self._table(key, request)
            if table is None:
                return {**out, "resync": True}
            table.seat(request["seats"], int(request["seed"]), float(request["limit"]))
            step = bot_step(table.game.copy(), table.agents)
        except Exception as exc:  # a bad request or a bot's bug: said, and the worker goes on
            return {**out, "error": f"{type(exc).__name__}: {exc}"}
        if step is None:
            return {**out, "none": True}
        action = step[0]
        return {**out, "seat": action.player, "action": action.text()}

    def _table(self, key: str, request: dict[str, Any]) -> _Table | None:
        base = request.get("base")
        if base is not None:
            table = _Table(Game.from_json(base, verify=False))
            old = self.tables.pop(key, None)
            if old is not None and old.specs:  # the same bots go on with the new copy
                table.specs, table.agents = old.specs, old.agents
            self.tables[key] = table
            while len(self.tables) > MAX_GAMES:
                self.tables.popitem(last=False)
            return table
        found = self.tables.get(key)
        if found is None or len(found.game.history) != request.get("at"):
            return None
        self.tables.move_to_end(key)
        for seat, text in request.get("actions", ()):
            found.game.apply(Action.parse(text, seat))
        return found


def main() -> None:
    worker = Worker()
    out = sys.stdout.buffer
    try:
        out.write(b'{"ready": true}\n')  # imported: the server's clock for decisions starts
        out.flush()
        for line in sys.stdin.buffer:
            try:
                request = orjson.loads(line)
            except orjson.JSONDecodeError:
                continue
            if not isinstance(request, dict):
                continue
            out.write(orjson.dumps(worker.answer(request)) + b"\n")
            out.flush()
    except (BrokenPipeError, KeyboardInterrupt):  # the server is gone: so is its worker
        pass


if __name__ == "__main__":
    main()
