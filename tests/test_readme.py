"""The examples in the README and the guides run as written."""

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("page", ["README.md", "docs/api.md", "docs/bots.md"])
def test_examples_run(page: str) -> None:
    """Every `>>>` example on the page gives the output printed there."""
    result = doctest.testfile(str(ROOT / page), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
