"""The engine's hot paths test one flag, `GameState.house_rules`, before any house rule
behind it; the flag is derived from `rules.HOT_PATH_OPTIONS`. An option read behind the flag but
left out of that declaration would silently do nothing: this test reads the core's code behind
every test of the flag (the guarded statements and the functions they call, transitively) and
names any such option."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

import pytest

from passgo.core.rules import CHOICES, HOT_PATH_OPTIONS, Rules
from passgo.core.state import GameState

CORE = Path(__file__).parents[1] / "src" / "passgo" / "core"
OPTIONS = {f.name for f in fields(Rules)}
READ_BACK = {"rules", "model", "position", "serialize"}


def _trees() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in CORE.glob("*.py")}


def _flag(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "house_rules" and \
        isinstance(node.value, ast.Name)


def _guarded(tree: ast.AST) -> list[ast.AST]:
    """What runs only when the flag is set: the body of `if g.house_rules ...:` and the
    operands after it in `g.house_rules and ...`."""
    out: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And) and \
                any(_flag(v) for v in node.values):
            first = next(i for i, v in enumerate(node.values) if _flag(v))
            out.extend(node.values[first + 1:])
        if isinstance(node, ast.If) and (_flag(node.test) or (
                isinstance(node.test, ast.BoolOp) and any(_flag(v) for v in node.test.values))):
            out.extend(node.body)
    return out


def _callee(module: str, call: ast.Call) -> str | None:
    """`module.function` a call names: `house_rules.f(...)`, a bare `f(...)` of the same
    module, `g.punished(...)` (a GameState method, in state.py)."""
    f = call.func
    if isinstance(f, ast.Name):
        return f"{module}.{f.id}"
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
        return f"state.{f.attr}" if f.value.id in ("g", "self") else f"{f.value.id}.{f.attr}"
    return None


def _option_reads(node: ast.AST) -> set[str]:
    return {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute) and n.attr in OPTIONS
            and ((isinstance(n.value, ast.Attribute) and n.value.attr == "rules")
                 or (isinstance(n.value, ast.Name) and n.value.id == "rules"))}


def _behind_and_elsewhere() -> tuple[set[str], set[str]]:
    """(options read only where the flag is set, options read anywhere else): the guarded
    statements and the functions reached only from them (transitively) against the rest."""
    trees = _trees()
    defs = {f"{m}.{n.name}": n for m, t in trees.items() for n in ast.walk(t)
            if isinstance(n, ast.FunctionDef)}
    owner = {id(node): name for name, d in defs.items() for node in ast.walk(d)}
    guarded = {m: _guarded(t) for m, t in trees.items()}
    inside = {id(n) for gs in guarded.values() for g in gs for n in ast.walk(g)}
    # Functions reached from the guards.
    reached: set[str] = set()
    todo = [(m, g) for m, gs in guarded.items() for g in gs]
    while todo:
        m, node = todo.pop()
        for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
            name = _callee(m, call)
            if name in defs and name not in reached:
                reached.add(name)
                todo.append((name.split(".")[0], defs[name]))
    # Of those, the ones also called from unguarded code (or registered) are not behind it.
    only = set(reached)
    changed = True
    while changed:
        changed = False
        for m, tree in trees.items():
            for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
                name = _callee(m, call)
                if name in only and id(call) not in inside and owner.get(id(call)) not in only:
                    only.discard(name)
                    changed = True
        for name in list(only):
            if defs[name].decorator_list:
                only.discard(name)
                changed = True
    behind = set().union(*(_option_reads(g) for gs in guarded.values() for g in gs),
                         *(_option_reads(defs[name]) for name in only))
    skip = inside | {id(n) for name in only for n in ast.walk(defs[name])}
    # (The option's declaration, the read model, positions and saves only read it back.)
    elsewhere = {n.attr for m, t in trees.items() if m not in READ_BACK for n in ast.walk(t)
                 if id(n) not in skip and _option_reads(n) == {getattr(n, "attr", None)}}
    return behind, elsewhere


def test_every_option_read_behind_the_hot_path_flag_is_declared() -> None:
    behind, elsewhere = _behind_and_elsewhere()
    assert {"tax_man", "free_parking_jackpot", "two_tokens"} <= behind
    missing = behind - elsewhere - set(HOT_PATH_OPTIONS)
    assert not missing, (f"options read behind GameState.house_rules but not in "
                         f"rules.HOT_PATH_OPTIONS (they would do nothing): {sorted(missing)}")


@pytest.mark.parametrize("name", HOT_PATH_OPTIONS)
def test_each_declared_option_is_a_rules_option_that_raises_the_flag(name: str) -> None:
    assert name in OPTIONS
    default = getattr(Rules(), name)
    if isinstance(default, str):  # a text option: any of its other values
        other: object = next(v for v in CHOICES[name] if v != default)
    else:
        other = not default if isinstance(default, bool) else default + 1
    rules = Rules(**{name: other})
    assert GameState(rules, ["Ann", "Bob"], 1).house_rules
    assert not GameState(Rules(), ["Ann", "Bob"], 1).house_rules
