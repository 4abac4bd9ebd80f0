"""`passgo rules list` and `passgo rules show NAME|FILE`: the rule sets and every option."""

from __future__ import annotations

import argparse
import json
from typing import Any

from passgo.core.rules import PRESETS, Rules, option_docs
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


def add_rules(rules: argparse.ArgumentParser) -> None:
    rsub = rules.add_subparsers(required=True, parser_class=type(rules))
    listing = rsub.add_parser("list", help="the named rule sets and what each changes")
    listing.set_defaults(func=cmd_list)
    show = rsub.add_parser("show", help="every option of a rule set or rules file")
    show.add_argument("name", help="a rule set name or a TOML rules file")
    show.add_argument("--json", action="store_true", help="print the options as JSON")
    show.set_defaults(func=cmd_show)

