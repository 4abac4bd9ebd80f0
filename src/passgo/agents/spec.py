"""A bot spec read once into a typed value.

Every path that names a bot (the command line's `--players`, `passgo tournament`, a saved
game, the web lobby, the bot worker processes of `passgo serve`) reads the text with
`parse_spec` and passes the value on; nothing else looks at a spec's text. What a spec is
decides what may be done with it, by its type and never by testing text again:

* `BuiltinSpec`: a built-in bot or profile by name, with KEY=VALUE options (checked here);
* `ProgramSpec`: an outside program (`cmd:COMMAND`), its command line split as a shell would
  split it and never run by one; a saved game or a web request never starts one;
* `PolicySpec`: a trained policy file (`rl:PATH`), read only on the command line.

A level (`level:1` ... `level:5`, or by name: `level:beginner`, `casual`, `club`, `strong`,
`expert`) is read as the built-in spec it stands for (`LEVELS`): the same sound play at five
strengths, from the strategic bot with a beginner's mistakes to the search bot, each with a
fixed budget, so that a level asked for from outside (a web request) never asks for more
thinking than the search bot's eight rollouts a decision.

A new kind is a new class in the `BotSpec` union: every `match` over specs ends in
`assert_never`, so each place that must handle it fails the type check until it does. (A
level is no new kind: it is read as the built-in spec it stands for, below.) `to_json` and
`spec_from_json` are the form saves store, so that loading a save parses nothing again.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any, Final, assert_never

PROTOCOL_PREFIX: Final = "cmd:"
POLICY_PREFIX: Final = "rl:"
MAX_SPEC = 1000  # characters of a spec's text (a command line with its arguments)
LEVEL_PREFIX: Final = "level:"
#: The levels, weakest first: (name, the built-in spec it stands for, what it is).
LEVELS: Final = (
    ("beginner", "beginner", "plays like a newcomer: misjudges what deeds are worth, leaves "
                             "railroads and utilities alone, holds back too much cash, bids "
                             "timidly, builds late and sells its deeds for cash too readily"),
    ("casual", "casual", "plays like a casual player: misjudges deeds now and then, holds cash "
                         "back and builds late"),
    ("club", "strategic", "plays soundly: buys, bids and trades to complete colour groups and "
                          "builds on them"),
    ("strong", "expert:rollouts=2,horizon=4", "plays soundly and checks each choice by playing "
                                              "the game a few rounds on"),
    ("expert", "expert:rollouts=8", "the strongest: checks each choice by playing the game on "
                                    "eight times"),
)


def level_spec(text: str) -> str:
    """The built-in spec of the level `text` names (a number from 1 or a name of `LEVELS`);
    ValueError in one line otherwise."""
    word = text.strip().lower()
    for number, (name, spec, _) in enumerate(LEVELS, 1):
        if word in (str(number), name):
            return spec
    names = ", ".join(name for name, _, _ in LEVELS)
    raise ValueError(f"no level {text.strip()!r} (levels: 1 to {len(LEVELS)}, or {names})")


@dataclass(frozen=True, slots=True)
class BuiltinSpec:
    """A built-in bot or profile (`passgo.agents.AGENTS`) and its options, as text."""

    name: str
    options: tuple[tuple[str, str], ...] = ()

    def text(self) -> str:
        return self.name + (":" + ",".join(f"{k}={v}" for k, v in self.options)
                            if self.options else "")


@dataclass(frozen=True, slots=True)
class ProgramSpec:
    """An outside program speaking the bot protocol (docs/bot-protocol.md)."""

    argv: tuple[str, ...]

    def text(self) -> str:
        return PROTOCOL_PREFIX + shlex.join(self.argv)


@dataclass(frozen=True, slots=True)
class PolicySpec:
    """A policy trained through passgo.rl (docs/rl.md), read from `path`."""

    path: str

    def text(self) -> str:
        return POLICY_PREFIX + self.path


BotSpec = BuiltinSpec | ProgramSpec | PolicySpec


def parse_spec(text: str) -> BotSpec:
    """The bot `text` names (see the module docstring); ValueError with a one-line reason.
    Whitespace around the spec and its parts is not part of it. Checks the form and, for a
    built-in bot, its name and options (by making the bot once, which costs microseconds);
    it never looks at the file system, so a program or a policy file is found or refused
    only when the bot is made (`make_agent`)."""
    if len(text) > MAX_SPEC:
        raise ValueError(f"a bot spec has at most {MAX_SPEC} characters")
    spec = text.strip()
    if spec.startswith(PROTOCOL_PREFIX):
        try:
            argv = shlex.split(spec[len(PROTOCOL_PREFIX):])
        except ValueError as exc:
            raise ValueError(f"cannot read the command in {spec!r}: {exc}") from None
        if not argv:
            raise ValueError("cmd: needs a command, e.g. cmd:node examples/bots/bot.js")
        return ProgramSpec(tuple(argv))
    if spec.startswith(POLICY_PREFIX):
        path = spec[len(POLICY_PREFIX):].strip()
        if not path:
            raise ValueError("rl: needs a policy file, e.g. rl:policies/heads-up.pt")
        return PolicySpec(path)
    name, _, rest = spec.partition(":")
    if name.strip() == LEVEL_PREFIX[:-1]:
        return parse_spec(level_spec(rest))
    parsed = BuiltinSpec(name.strip(), _options(rest, spec) if rest.strip() else ())
    from passgo.agents import builtin_agent  # the bots themselves: checks name and options

    builtin_agent(parsed, 0)
    return parsed


def _options(text: str, spec: str) -> tuple[tuple[str, str], ...]:
    options: dict[str, str] = {}
    for item in text.split(","):
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise ValueError(f"bot options are KEY=VALUE, not {item!r} (in {spec!r})")
        options[key.strip()] = value.strip()
    return tuple(options.items())


def to_json(spec: BotSpec) -> dict[str, Any]:
    """The spec as a save stores it: {"bot": NAME, "options": {...}}, {"program": [ARGV]}
    or {"policy": PATH}."""
    match spec:
        case BuiltinSpec():
            return {"bot": spec.name, "options": dict(spec.options)}
        case ProgramSpec():
            return {"program": list(spec.argv)}
        case PolicySpec():
            return {"policy": spec.path}
        case _:
            assert_never(spec)


def spec_from_json(data: Any) -> BotSpec:
    """A spec from `to_json`'s form (or, for files written before it, from its text);
    ValueError in one line when it is neither."""
    if isinstance(data, str):
        return parse_spec(data)
    if not isinstance(data, dict) or len(data) > 2:
        raise ValueError("a bot is a spec's text or an object with bot, program or policy")
    if set(data) <= {"bot", "options"} and isinstance(data.get("bot"), str):
        options = data.get("options", {})
        if not isinstance(options, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in options.items()):
            raise ValueError("a bot's options are an object of KEY: VALUE texts")
        spec = BuiltinSpec(data["bot"], tuple(options.items()))
        if len(spec.text()) > MAX_SPEC:
            raise ValueError(f"a bot spec has at most {MAX_SPEC} characters")
        from passgo.agents import builtin_agent

        builtin_agent(spec, 0)
        return spec
    argv = data.get("program")
    if set(data) == {"program"} and isinstance(argv, list) and argv and all(
            isinstance(a, str) for a in argv):
        return ProgramSpec(tuple(argv))
    path = data.get("policy")
    if set(data) == {"policy"} and isinstance(path, str) and path.strip():
        return PolicySpec(path)
    raise ValueError("a bot is an object with bot (and options), program or policy")
