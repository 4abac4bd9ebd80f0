"""Every module-level constant of the package is read somewhere: a constant nobody reads is
dead code, or a value written out again where the constant should have been used."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "passgo"
CONSTANT = re.compile(r"[A-Z][A-Z0-9_]*")


def _constants(path: Path) -> list[str]:
    names = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
    return [name for name in names if CONSTANT.fullmatch(name)]


def test_every_constant_is_read() -> None:
    texts = [p.read_text(encoding="utf-8")
             for p in [*SRC.rglob("*.py"), *(ROOT / "tests").rglob("*.py")]]
    unread = [f"{path.relative_to(SRC)}: {name}" for path in sorted(SRC.rglob("*.py"))
              for name in _constants(path)
              if sum(len(re.findall(rf"\b{name}\b", text)) for text in texts) < 2]
    assert unread == []
