"""Imports point one way: the rules core stands alone, and the command line (the
`passgo.cli` package) stands on the library; no library module imports a command-line module."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "passgo"
MODULES = sorted(SRC.rglob("*.py"))


def _module(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every passgo module the file imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] == "passgo"}


def _command_line(module: str) -> bool:
    return module in ("passgo.cli", "passgo.__main__") or module.startswith("passgo.cli.")


@pytest.mark.parametrize("path", [p for p in MODULES if not _command_line(_module(p))],
                         ids=_module)
def test_no_library_module_imports_the_command_line(path: Path) -> None:
    assert sorted(m for m in _imports(path) if _command_line(m)) == []


@pytest.mark.parametrize("path", sorted((SRC / "core").rglob("*.py")), ids=_module)
def test_the_core_imports_only_the_core(path: Path) -> None:
    assert sorted(m for m in _imports(path) if not m.startswith("passgo.core")) == []


@pytest.mark.parametrize("path", sorted((SRC / "agents").rglob("*.py")), ids=_module)
def test_the_bots_do_not_import_the_narration(path: Path) -> None:
    """Bots write their reasons with the core's seat references (`passgo.core.reasons`); the
    narration, a front-end layer, reads them."""
    assert sorted(m for m in _imports(path) if m.startswith("passgo.narrate")) == []
