"""Bots that play passgo, and the loop that runs a game with them.

A bot is named by a *spec*, the text that `--players` and `passgo tournament` take::

    basic                              a built-in bot or a named profile (see `AGENTS`)
    strategic:reserve=300,jail=stay    the same with parameters (KEY=VALUE, comma-separated)
    cmd:node examples/bots/bot.js      an outside program speaking the bot protocol
                                       (docs/bot-protocol.md); the rest of the spec is its
                                       command line, split like a shell would, never run by one
    rl:policies/heads-up.pt            a policy trained through passgo.rl (docs/rl.md); needs
                                       the rl extra, which is imported only then

In a comma-separated list of specs (`split_specs`) an item of the form KEY=VALUE belongs to
the spec before it, so "Ann:strategic:reserve=300,jail=stay,Bob:basic" is two seats.
"""

from __future__ import annotations

import importlib
import shlex
import shutil
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Final

from passgo.agents.base import Agent
from passgo.agents.basic import BasicBot
from passgo.agents.expert import ExpertBot, ExpertParams
from passgo.agents.play import bot_step, play
from passgo.agents.protocol import DEFAULT_TIME_LIMIT, ProtocolBot
from passgo.agents.random_bot import RandomBot
from passgo.agents.strategic import PROFILES, StrategicBot, StrategicParams

PROTOCOL_PREFIX: Final = "cmd:"
POLICY_PREFIX: Final = "rl:"


def _profile_text(name: str) -> str:
    params, default = PROFILES[name], StrategicParams()
    names = [f.name for f in fields(StrategicParams)]
    changed = [f"{k}={getattr(params, k)}" for k in names
               if getattr(params, k) != getattr(default, k)]
    return "strategic bot" + (f" profile: {', '.join(changed)}" if changed else
                              " (options: reserve, aggression, trade_margin, jail)")


# Every name a spec may start with, and what it is (for help texts and error messages).
AGENTS: dict[str, str] = {
    "random": "uniform over the legal actions (option: business_rate)",
    "basic": "simple baseline: buys above a reserve, bids to the printed price "
             "(options: reserve, bid_step_percent)",
    **{name: _profile_text(name) for name in PROFILES},
    "expert": "search bot: the strategic bot checked by rollouts "
              "(options: ms, rollouts, horizon, policy, confidence)",
    "cmd": "an outside program: cmd:COMMAND (docs/bot-protocol.md)",
    "rl": "a trained policy: rl:PATH (docs/rl.md)",
}


def _options(text: str, spec: str) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in text.split(","):
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise ValueError(f"bot options are KEY=VALUE, not {item!r} (in {spec!r})")
        options[key.strip()] = value.strip()
    return options


def _number(options: dict[str, str], key: str, kind: Callable[[str], float | int],
            default: float | int) -> float | int:
    if key not in options:
        return default
    try:
        return kind(options.pop(key))
    except ValueError:
        raise ValueError(f"bot option {key!r} needs a number") from None


def make_agent(spec: str, seed: int = 0, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Agent:
    """A bot from its spec (see the module docstring); `seed` seeds bots that use randomness,
    `time_limit` is the per-decision limit of protocol bots in seconds. A bad spec raises
    ValueError with a one-line message."""
    spec = spec.strip()
    if spec.startswith(PROTOCOL_PREFIX):
        return ProtocolBot(_command(spec), time_limit=time_limit)
    if spec.startswith(POLICY_PREFIX):
        return _policy_bot(spec)
    name, _, rest = spec.partition(":")
    options = _options(rest, spec) if rest else {}
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
        agent = StrategicBot(params, name=spec)
    elif name == "expert":
        agent = ExpertBot(ExpertParams().with_options(options), seed, name=spec)
        options = {}
    else:
        known = ", ".join(n for n in AGENTS if n not in ("cmd", "rl"))
        raise ValueError(f"unknown bot {name!r} (known: {known}, cmd:COMMAND or rl:PATH)")
    if options:
        raise ValueError(f"unknown option {next(iter(options))!r} for bot {name!r}")
    return agent


def _policy_bot(spec: str) -> Agent:
    """An `rl:PATH` bot; its module (and with it NumPy, torch and the environments) is imported
    only here and by name, so that `import passgo` stays light and the compiled build (whose
    type check follows static imports) never needs the rl extra."""
    path = spec[len(POLICY_PREFIX):].strip()
    if not path:
        raise ValueError("rl: needs a policy file, e.g. rl:policies/heads-up.pt")
    try:
        learned = importlib.import_module("passgo.agents.learned")
    except ImportError:
        raise ValueError("rl: bots need the rl extra (pip install 'passgo[rl]')") from None
    bot: Agent = learned.PolicyBot(path, name=spec)
    return bot


def _command(spec: str) -> list[str]:
    """The command line of a protocol bot spec; refused when empty or not found."""
    try:
        argv = shlex.split(spec[len(PROTOCOL_PREFIX):])
    except ValueError as exc:
        raise ValueError(f"cannot read the command in {spec!r}: {exc}") from None
    if not argv:
        raise ValueError("cmd: needs a command, e.g. cmd:node examples/bots/bot.js")
    program = argv[0]
    if shutil.which(program) is None and not (Path(program).is_file() and "/" in program):
        raise ValueError(f"bot program {program!r} not found")
    return argv


def spec_problem(spec: str) -> str | None:
    """Why `spec` names no bot (None: it does). Starts no program."""
    try:
        if spec.strip().startswith(PROTOCOL_PREFIX):
            _command(spec.strip())
        else:
            make_agent(spec)
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
    "Agent",
    "BasicBot",
    "ExpertBot",
    "ExpertParams",
    "ProtocolBot",
    "RandomBot",
    "StrategicBot",
    "StrategicParams",
    "bot_step",
    "make_agent",
    "play",
    "spec_problem",
    "split_specs",
]
