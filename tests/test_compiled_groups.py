"""The compiled build's groups (pyproject.toml, mypyc's separate compilation): every module the
build compiles is in exactly one group, and each group is named after its first module, the
name under which hatch-mypyc ships the group's library."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HOOK = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]


def _compiled() -> set[str]:
    """The files the hook compiles: its include folders (with their subpackages) less its
    exclusions."""
    files = {str(p.relative_to(ROOT)) for folder in HOOK["include"]
             for p in (ROOT / folder.lstrip("/")).rglob("*.py")}
    return files - {path.lstrip("/") for path in HOOK["exclude"]}


def test_every_compiled_module_is_in_one_group() -> None:
    grouped = [path for files, _ in HOOK["options"]["separate"] for path in files]
    assert sorted(grouped) == sorted(set(grouped))  # none in two groups
    assert set(grouped) == _compiled()


def test_a_group_is_named_after_its_first_module() -> None:
    for files, name in HOOK["options"]["separate"]:
        first = files[0].removeprefix("src/").removesuffix(".py").replace("/", ".")
        assert name == first
