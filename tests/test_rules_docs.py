"""The generated pages (docs/rules.md, docs/house-rules.md) are current, and every option is
documented: its meaning, the rule sentence it comes from, and its entry in the rule catalogue."""

import re
from pathlib import Path

import pytest

from passgo.cli.docs_pages import PAGES, RULE_BOOKS, cite, markdown_link
from passgo.core.rules import option_docs

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.parametrize("name", sorted(PAGES))
def test_generated_page_is_up_to_date(name: str) -> None:
    """Each generated page equals what `python -m passgo.cli.docs_pages docs` writes (run
    `make docs` after changing an option or the catalogue)."""
    assert (DOCS / name).read_text(encoding="utf-8") == PAGES[name]()


def test_every_option_has_meaning_and_source() -> None:
    """Each option names what it does and the rule sentence it comes from."""
    for name, _default, doc, source in option_docs():
        assert doc.strip(), name
        assert source.strip(), name


@pytest.mark.parametrize("name", sorted(PAGES))
def test_generated_pages_cite_no_bare_rule_text_number(name: str) -> None:
    """A reader can open every reference: no rule text is named by its bare number, and no
    page points into the project's unshipped reference folder."""
    text = PAGES[name]()
    without_links = re.sub(r"\[[^\]]*\]\([^)]*\)", "", text)
    assert re.findall(r"(?<![\d,])00[0-4](?![\d,])", without_links) == []
    assert "shared/" not in text


def test_every_rule_book_cited_has_its_heading() -> None:
    """Each rule text's link names a heading of docs/rule-books.md, as MyST makes its
    anchors (lower case, spaces to hyphens, punctuation dropped)."""
    headings = re.findall(r"^## (.+)$", (DOCS / "rule-books.md").read_text(encoding="utf-8"),
                          re.MULTILINE)
    anchors = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in headings}
    for number, (_, anchor) in RULE_BOOKS.items():
        assert anchor in anchors, number
    assert cite("000 and 004", markdown_link) == (
        "[classic rules](rule-books.md#the-classic-rules) and "
        "[rules FAQ and variants](rule-books.md#the-rules-faq-and-its-variants)")
