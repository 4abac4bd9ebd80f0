"""Bots that play passgo, and the loop that runs a game with them.

A bot is named by a *spec*, the text that `--players` and `passgo tournament` take::

    basic                              a built-in bot or a named profile (see `AGENTS`)
    strategic:reserve=300,jail=stay    the same with parameters (KEY=VALUE, comma-separated)
    cmd:node examples/bots/bot.js      an outside program speaking the bot protocol
                                       (docs/bot-protocol.md); the rest of the spec is its
                                       command line, split like a shell would, never run by one
    rl:policies/heads-up.pt            a policy trained through passgo.rl (docs/rl.md); needs
                                       the rl extra, which is imported only then
    level:2, level:casual              a level from 1 (beginner) to 5 (expert): the built-in
                                       spec it stands for (`spec.LEVELS`)

In a comma-separated list of specs (`split_specs`) an item of the form KEY=VALUE belongs to
the spec before it, so "Ann:strategic:reserve=300,jail=stay,Bob:basic" is two seats.
"""

from __future__ import annotations

import importlib
import shutil
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import assert_never

from passgo.agents.base import Agent
from passgo.agents.basic import BasicBot
from passgo.agents.expert import ExpertBot, ExpertParams
from passgo.agents.play import bot_step, play
from passgo.agents.protocol import DEFAULT_TIME_LIMIT, ProtocolBot
from passgo.agents.random_bot import RandomBot
from passgo.agents.spec import (
    LEVEL_PREFIX,
    LEVELS,
    POLICY_PREFIX,
    PROTOCOL_PREFIX,
    BotSpec,
    BuiltinSpec,
    PolicySpec,
    ProgramSpec,
    parse_spec,
)
from passgo.agents.strategic import PROFILES, StrategicBot, StrategicParams


def _profile_text(name: str) -> str:
    params, default = PROFILES[name], StrategicParams()
    names = [f.name for f in fields(StrategicParams)]
    changed = [f"{k}={getattr(params, k)}" for k in names
               if getattr(params, k) != getattr(default, k)]
    return "strategic bot" + (f" profile: {', '.join(changed)}" if changed else
                              " (options: reserve, aggression, trade_margin, jail)")


# Every name a spec may start with, and what it is (for help texts and error messages), and
# each level by its name.
AGENTS: dict[str, str] = {
    "random": "uniform over the legal actions (option: business_rate)",
    "basic": "simple baseline: buys above a reserve, bids to the printed price "
             "(options: reserve, bid_step_percent)",
    **{name: _profile_text(name) for name in PROFILES},
    "expert": "search bot: the strategic bot checked by rollouts "
              "(options: ms, rollouts, horizon, policy, confidence)",
    "cmd": "an outside program: cmd:COMMAND (docs/bot-protocol.md)",
    "rl": "a trained policy: rl:PATH (docs/rl.md)",
    **{f"{LEVEL_PREFIX}{name}": f"level {number} of {len(LEVELS)}: {what} ({spec})"
       for number, (name, spec, what) in enumerate(LEVELS, 1)},
}


#: What the built-in bots that no level is made from play like, in words a player reads (the
#: lobby's list, beside the levels' own words in `LEVELS`).
PLAY_STYLES: dict[str, str] = {
    "random": "presses any answer the rules allow, at random",
    "basic": "a simple player: buys while it keeps a little cash and bids up to the printed "
             "price",
    "cautious": "plays soundly but keeps more cash in hand, bids low and trades only for a "
                "clear gain",
    "aggressive": "plays soundly but spends down to its last dollar, bids high and trades "
                  "readily",
    "dealer": "plays soundly and trades readily, for a smaller gain than most",
    "homebody": "plays soundly but stays in jail as long as it may",
}


def _number(options: dict[str, str], key: str, kind: Callable[[str], float | int],
            default: float | int) -> float | int:
    if key not in options:
        return default
    try:
        return kind(options.pop(key))
    except ValueError:
        raise ValueError(f"bot option {key!r} needs a number") from None


def make_agent(spec: BotSpec | str, seed: int = 0, *,
               time_limit: float = DEFAULT_TIME_LIMIT) -> Agent:
    """A bot from its spec (a `BotSpec`, or text that `parse_spec` reads; see the module
    docstring); `seed` seeds bots that use randomness. `time_limit` is the per-decision limit
    in seconds of bots whose thinking takes time: a protocol bot's answer, and the expert's
    search budget (its `ms` is cut to it). A bad spec raises ValueError in one line."""
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    match parsed:
        case BuiltinSpec():
            return builtin_agent(parsed, seed, time_limit)
        case ProgramSpec():
            return ProtocolBot(_command(parsed.argv), time_limit=time_limit)
        case PolicySpec():
            return _policy_bot(parsed.path, parsed.text())
        case _:
            assert_never(parsed)


def builtin_agent(spec: BuiltinSpec, seed: int = 0,
                  time_limit: float | None = None) -> Agent:
    """The built-in bot of `spec` (ValueError in one line for an unknown name or option)."""
    name, options = spec.name, dict(spec.options)
    if name == "random":
        rate = float(_number(options, "business_rate", float, 0.1))
        if not 0 <= rate <= 1:
            raise ValueError("business_rate must be between 0 and 1")
        agent: Agent = RandomBot(seed, business_rate=rate)
    elif name == "basic":
        agent = BasicBot(int(_number(options, "reserve", int, 150)),
                         int(_number(options, "bid_step_percent", int, 10)))
    elif name in PROFILES:
        params = PROFILES[name].with_options(options)
        options = {}
        agent = StrategicBot(params, name=spec.text(), seed=seed)
    elif name == "expert":
        expert = ExpertParams().with_options(options)
        if time_limit is not None:
            expert = expert.within(time_limit)
        agent = ExpertBot(expert, seed, name=spec.text())
        options = {}
    else:
        known = ", ".join(n for n in AGENTS if n not in ("cmd", "rl")
                          and not n.startswith(LEVEL_PREFIX))
        raise ValueError(f"unknown bot {name!r} (known: {known}, cmd:COMMAND, rl:PATH or "
                         "level:1 to level:5)")
    if options:
        raise ValueError(f"unknown option {next(iter(options))!r} for bot {name!r}")
    return agent


def _policy_bot(path: str, name: str) -> Agent:
    """An `rl:PATH` bot; its module (and with it NumPy, torch and the environments) is imported
    only here and by name, so that `import passgo` stays light and the compiled build (whose
    type check follows static imports) never needs the rl extra."""
    try:
        learned = importlib.import_module("passgo.agents.learned")
    except ImportError:
        raise ValueError("rl: bots need the rl extra (pip install 'passgo[rl]')") from None
    bot: Agent = learned.PolicyBot(path, name=name)
    return bot


def _command(argv: tuple[str, ...]) -> list[str]:
    """A protocol bot's command line, refused when its program is not found."""
    program = argv[0]
    if shutil.which(program) is None and not (Path(program).is_file() and "/" in program):
        raise ValueError(f"bot program {program!r} not found")
    return list(argv)


def spec_problem(spec: str) -> str | None:
    """Why `spec` names no bot (None: it does). Starts no program."""
    try:
        parsed = parse_spec(spec)
        if isinstance(parsed, ProgramSpec):
            _command(parsed.argv)
        else:
            make_agent(parsed)
    except ValueError as exc:
        return str(exc)
    return None


def split_specs(text: str) -> list[str]:
    """Split a comma-separated list of specs (or of `Name:spec` seats), keeping each spec's
    KEY=VALUE options with it: an item with "=" before any ":" continues the one before."""
    items: list[str] = []
    for item in text.split(","):
        head = item.split(":", 1)[0]
        if items and "=" in head:
            items[-1] += "," + item
        else:
            items.append(item)
    return [item.strip() for item in items]


__all__ = [
    "AGENTS",
    "LEVELS",
    "PLAY_STYLES",
    "POLICY_PREFIX",
    "PROTOCOL_PREFIX",
    "Agent",
    "BasicBot",
    "BotSpec",
    "BuiltinSpec",
    "ExpertBot",
    "ExpertParams",
    "PolicySpec",
    "ProgramSpec",
    "ProtocolBot",
    "RandomBot",
    "StrategicBot",
    "StrategicParams",
    "bot_step",
    "builtin_agent",
    "make_agent",
    "parse_spec",
    "play",
    "spec_problem",
    "split_specs",
]
