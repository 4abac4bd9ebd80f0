"""docs/rules.md documents every option, as generated from the options themselves."""

from pathlib import Path

from passgo.cli.rules import rules_markdown
from passgo.core.rules import option_docs


def test_docs_rules_md_is_up_to_date() -> None:
    """docs/rules.md equals `python -m passgo.cli.rules` output (run `make docs` after
    changing an option)."""
    doc = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
    assert doc.read_text(encoding="utf-8") == rules_markdown()


def test_every_option_has_meaning_and_source() -> None:
    """Each option names what it does and the rule sentence it comes from."""
    for name, _default, doc, source in option_docs():
        assert doc.strip(), name
        assert source.strip(), name
