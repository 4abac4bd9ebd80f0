"""The examples in the README and on every page of the documentation run as written."""

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# The README and every Markdown page of the site (docs/, its build output left out).
PAGES = ["README.md", *sorted(
    str(page.relative_to(ROOT)) for page in (ROOT / "docs").rglob("*.md")
    if "_build" not in page.parts
)]
PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def examples(page: str) -> list[str]:
    """The page's ```python blocks."""
    return PYTHON_BLOCK.findall((ROOT / page).read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", [p for p in PAGES if examples(p)])
def test_examples_run(page: str) -> None:
    """Every `>>>` example on the page gives the output printed there (a page's examples
    share one namespace, in page order, as a reader follows them)."""
    result = doctest.testfile(str(ROOT / page), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize("page", PAGES)
def test_python_examples_are_doctests(page: str) -> None:
    """A Python example that is not written as a doctest would never run: every ```python
    block starts with `>>>`."""
    for block in examples(page):
        assert block.startswith(">>>"), f"{page}: a python block that is not a doctest"


def test_the_pages_with_examples_are_found() -> None:
    """The pages are found where they are (a wrong glob would test nothing)."""
    with_examples = {p for p in PAGES if examples(p)}
    assert {"README.md", "docs/api.md", "docs/bots.md", "docs/start.md",
            "docs/guides/players.md"} <= with_examples
