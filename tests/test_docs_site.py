"""The documentation site builds with every warning as an error, as `make docs-site` builds it."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("sphinx", "myst_parser", "furo")  # the `docs` extra


def test_site_builds_without_warnings(tmp_path: Path) -> None:
    """A broken link or cross-reference (types in signatures included), a page in no table of
    contents, a docstring that is not valid reStructuredText or a public class or function
    missing from the API reference is a warning, and fails the build."""
    missing = [tool for tool in TOOLS if importlib.util.find_spec(tool) is None]
    if missing:
        if os.environ.get("PASSGO_CI"):
            pytest.fail(f"the docs extra is not installed ({', '.join(missing)} missing)")
        pytest.skip(f"the docs extra is not installed ({', '.join(missing)} missing)")
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html",
         str(ROOT / "docs"), str(tmp_path)],
        capture_output=True, text=True, check=False,
    )
    assert build.returncode == 0, build.stderr
    for page in ("index", "start", "rules", "reference/game", "guides/players"):
        assert (tmp_path / f"{page}.html").is_file(), page
    # The study guide's figures, drawn by passgo.analysis during the build.
    for figure in ("landing-odds", "returns"):
        assert (tmp_path / "_images" / f"{figure}.png").is_file(), figure
