"""The documentation pages made from code: docs/rules.md (every rule set and option) and
docs/house-rules.md (the popular house rules by their common names), from the options' own
metadata (core/rules.py) and the rule catalogue (core/rule_catalogue.py).

    python -m passgo.cli.docs_pages docs     # what `make docs` runs

A test keeps the committed pages equal to what this module makes, and the documentation site
makes them again at build time. The rule texts are cited in the options' metadata by their
numbers (000 to 004); on these pages each number becomes a link to its description on the
"rule books" page, which a reader can open.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from passgo.core.board import EDITIONS
from passgo.core.rule_catalogue import (
    CATALOGUE,
    CATEGORIES,
    KNOWN_AS,
    NOT_OFFERED,
    POPULAR,
    RULE_SETS,
    Entry,
)
from passgo.core.rules import BOUNDS, CHOICES, PRESETS, Rules, option_docs
from passgo.rulespec import PRESET_SUMMARIES

# The rule texts the options cite by number: a name, and the heading of docs/rule-books.md
# that describes the text.
RULE_BOOKS: dict[str, tuple[str, str]] = {
    "000": ("classic rules", "the-classic-rules"),
    "001": ("Hasbro 2022 rule book", "the-hasbro-2022-rule-book"),
    "002": ("classic rules, older printing", "the-classic-rules-older-printing"),
    "003": ("Wikibooks summary", "the-wikibooks-summary"),
    "004": ("rules FAQ and variants", "the-rules-faq-and-its-variants"),
}
_CITATION = re.compile(r"(?<![\d,])(00[0-4])(?![\d,])")


def cite(text: str, link: Callable[[str, str], str]) -> str:
    """`text` with every rule text number made a link by `link(name, anchor)`."""
    return _CITATION.sub(lambda m: link(*RULE_BOOKS[m.group(1)]), text)


def markdown_link(name: str, anchor: str) -> str:
    return f"[{name}](rule-books.md#{anchor})"


def toml_value(value: Any) -> str:
    return json.dumps(value)  # bools, ints and plain strings read the same in TOML


def _cell(text: str) -> str:
    return cite(text, markdown_link).replace("|", "\\|")


def rules_markdown() -> str:
    """docs/rules.md: the presets, then every option, the rule books' differences apart from
    the house rules."""
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
        "(`make docs`); the house rules by the names people know them by are on [Popular house",
        "rules](house-rules.md), the rule texts quoted here are described on [the rule",
        "books](rule-books.md), and where the texts leave a choice, [how the engine reads the",
        "rules](engine.md) says what passgo does.",
        "",
        "## Presets",
        "",
        "| preset | what it is | options changed from classic |",
        "|---|---|---|",
    ]
    for name in PRESETS:
        changed = ", ".join(f"`{k} = {toml_value(v)}`" for k, v in
                            Rules.preset(name).changed().items()) or "none"
        out.append(f"| `{name}` | {_cell(PRESET_SUMMARIES.get(name, ''))} | {changed} |")
    sections = (("rule book", "Where the rule books differ",
                 "The published rule books read these rules differently; the classic value is "
                 "the classic Parker Brothers text."),
                ("house rule", "House rules",
                 "Variants people play at home, off in every rule book."))
    docs = option_docs()
    out += ["", "A number option outside its range (the *values* column: what a real game can",
            "use) is refused wherever it comes from: a rules file, a position, a saved game or",
            "the browser game's lobby."]
    for origin, title, intro in sections:
        out += ["", f"## {title}", "", intro, "",
                "| option | classic | values | meaning | rule sentence |", "|---|---|---|---|---|"]
        for name, default, doc, source in docs:
            if CATALOGUE[name].origin == origin:
                out.append(f"| `{name}` | `{toml_value(default)}` | {_values(name, default)} | "
                           f"{_cell(doc)} | {_cell(source)} |")
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


def _toml_lines(option: str, entry: Entry) -> str:
    return "<br>".join(f"`{k} = {toml_value(v)}`" for k, v in entry.options(option).items())


def house_rules_markdown() -> str:
    """docs/house-rules.md: the popular house rules by their common names, every house rule
    by category, and the ready-made rule sets."""
    out = [
        "# Popular house rules",
        "",
        "Most families play Monopoly with a few rules of their own. passgo knows them by the",
        "names people use and plays each exactly as the table says. Turn one on in the",
        "browser lobby with its switch (labelled with the option's name), or in a rules file",
        "for `passgo play`, `passgo simulate` and the rest:",
        "",
        "```sh",
        "printf 'preset = \"classic\"\\nfree_parking_jackpot = true\\n' > house.toml",
        "passgo play --rules house.toml",
        "```",
        "",
        "A rules file starts from a preset (`classic`, `hasbro2022`, ...; see [rule sets and",
        "options](rules.md)) and adds one line per option. This page is generated from",
        "`passgo.core.rule_catalogue` (`make docs`), the list the lobby reads too.",
        "",
        "## The popular ones",
        "",
        "| house rule | what it does | lobby switch | rules file |",
        "|---|---|---|---|",
    ]
    for option in POPULAR:
        entry = CATALOGUE[option]
        out.append(f"| **{entry.name}** | {_cell(entry.meaning)} | `{option}` | "
                   f"{_toml_lines(option, entry)} |")
    out += ["", "Not offered yet:", ""]
    out += [f"- **{name}**: {why}." for name, why in NOT_OFFERED.items()]
    out += ["", "Rule-book options that the rules FAQ names as house rules:", ""]
    out += [f"- **{name}**: `{option} = {toml_value(value)}`"
            f"{' (the classic default)' if getattr(Rules.classic(), option) == value else ''}: "
            f"{CATALOGUE[option].meaning}." for name, (option, value) in KNOWN_AS.items()]
    out += ["", "## Every house rule", ""]
    for category, heading in CATEGORIES.items():
        rows = [(o, e) for o, e in CATALOGUE.items()
                if e.category == category and e.origin == "house rule"]
        if not rows:
            continue
        out += [f"### {heading}", "", "| house rule | what it does | lobby switch | rules file |",
                "|---|---|---|---|"]
        out += [f"| {e.name} | {_cell(e.meaning)} | `{o}` | {_toml_lines(o, e)} |"
                for o, e in rows]
        out.append("")
    out += ["## Ready-made rule sets", "",
            "Rule sets people ask for by name, each as the rules file that plays it:", "",
            "| rule set | what it is | rules file |", "|---|---|---|"]
    for rule_set in RULE_SETS.values():
        lines = "<br>".join(f"`{k} = {toml_value(v)}`" for k, v in rule_set.table().items())
        out.append(f"| **{rule_set.name}** | {rule_set.meaning} | {lines} |")
    out += ["", "The differences between the published rule books (the Income Tax choice, "
            "asking for rent, the opening bid, ...) are options too; they are listed on [rule "
            "sets and options](rules.md#where-the-rule-books-differ)."]
    return "\n".join(out) + "\n"


#: The generated pages, by file name under docs/.
PAGES: dict[str, Callable[[], str]] = {
    "rules.md": rules_markdown,
    "house-rules.md": house_rules_markdown,
}


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m passgo.cli.docs_pages DOCS_FOLDER", file=sys.stderr)
        return 2
    for name, make in PAGES.items():
        (Path(argv[0]) / name).write_text(make(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
