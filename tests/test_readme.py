"""The README's library example runs as written."""

import doctest
from pathlib import Path


def test_readme_examples_run() -> None:
    """Every `>>>` example in README.md gives the output printed there."""
    readme = Path(__file__).resolve().parents[1] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
