"""`passgo rules list` and `passgo rules show NAME|FILE`: the rule sets and every option."""

from __future__ import annotations

import argparse
import json
from typing import Any

from passgo.core.board import EDITIONS
from passgo.core.rules import BOUNDS, CHOICES, PRESETS, Rules, option_docs
from passgo.inputs import rules_of
from passgo.rulespec import PRESET_SUMMARIES


def cmd_list(args: argparse.Namespace) -> int:
    width = max(len(n) for n in PRESETS)
    for name in PRESETS:
        changed = Rules.preset(name).changed()
        print(f"{name:<{width}}  {PRESET_SUMMARIES.get(name, '')}")
        for key, value in changed.items():
            print(f"{'':<{width}}    {key} = {json.dumps(value)}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    rules = rules_of(args.name)
    if args.json:
        print(json.dumps(rules.to_dict(), indent=2))
        return 0
    for name, default, doc, _source in option_docs():
        value: Any = getattr(rules, name)
        mark = "" if value == default else f"   (classic: {json.dumps(default)})"
        print(f"{name} = {json.dumps(value)}{mark}")
        print(f"    {doc}")
    return 0


def add_commands(sub: Any) -> None:
    rules = sub.add_parser("rules", help="list rule sets and show their options")
    rsub = rules.add_subparsers(required=True, parser_class=type(rules))
    listing = rsub.add_parser("list", help="the named rule sets and what each changes")
    listing.set_defaults(func=cmd_list)
    show = rsub.add_parser("show", help="every option of a rule set or rules file")
    show.add_argument("name", help="a rule set name or a TOML rules file")
    show.add_argument("--json", action="store_true", help="print the options as JSON")
    show.set_defaults(func=cmd_show)


def rules_markdown() -> str:
    """docs/rules.md, made from the options' own documentation (a test keeps them equal)."""
    out = [
        "# Rule sets and options",
        "",
        "A rule set is one `Rules` value. Choose a preset (`passgo play --rules hasbro2022`,",
        "`Rules.preset(\"short-1\")`) or a TOML file that starts from a preset and changes",
        "options (`--rules ./our-house.toml`):",
        "",
        "```toml",
        'preset = "classic"',
        "free_parking_jackpot = true",
        "free_parking_seed = 500",
        "```",
        "",
        "An unknown option, a wrong type or a contradictory combination is refused with a",
        "message that names the option. `passgo rules list` prints the presets, `passgo rules",
        "show NAME|FILE` every option. This page is generated from the options themselves",
        "(`make docs`). Where the rule texts leave a choice, [how the engine reads the",
        "rules](engine.md) says what passgo does.",
        "",
        "## Presets",
        "",
        "| preset | what it is | options changed from classic |",
        "|---|---|---|",
    ]
    for name in PRESETS:
        changed = ", ".join(f"`{k} = {json.dumps(v)}`" for k, v in
                            Rules.preset(name).changed().items()) or "none"
        out.append(f"| `{name}` | {PRESET_SUMMARIES.get(name, '')} | {changed} |")
    out += ["", "## Options", "",
            "A number option outside its range (the *values* column: what a real game can",
            "use) is refused wherever it comes from: a rules file, a position, a saved game or",
            "the browser game's lobby.", "",
            "| option | classic | values | meaning | rule sentence |", "|---|---|---|---|---|"]
    for name, default, doc, source in option_docs():
        cell = source.replace("|", "\\|")
        out.append(f"| `{name}` | `{json.dumps(default)}` | {_values(name, default)} | {doc} "
                   f"| {cell} |")
    return "\n".join(out) + "\n"


def _values(name: str, default: Any) -> str:
    """What an option may be: its bounds, its choices, or true/false."""
    if name in BOUNDS:
        low, high = BOUNDS[name]
        return f"{low:,} to {high:,}"
    if name in CHOICES:
        return ", ".join(f"`{c}`" for c in CHOICES[name])
    if isinstance(default, bool):
        return "`true`, `false`"
    return "`" + "`, `".join(EDITIONS) + "`" if name == "edition" else ""


if __name__ == "__main__":
    print(rules_markdown(), end="")
