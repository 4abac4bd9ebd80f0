"""Updates as JSON Patches (RFC 6902): what changed in a seat's state since its last update.

After every action each browser is sent its seat's state: its view of the game, the question,
the legal actions with their meanings (some 9 kB), of which one action changes a few values (a
player's cash, a token's square, the pending decision). A browser that says so in its hello
(`"patches": true`) is sent, after the first full state, only the operations that turn its
previous state into the new one: `replace`, `add` and `remove` at JSON Pointers (RFC 6901).

`diff` walks two JSON documents (dicts, lists, strings, numbers, booleans and None, as `orjson`
writes them) and says what changed: dicts key by key, lists of the same length item by item,
anything else replaced whole. Equal values are skipped at C speed (`==`), and so are values
that are the same object. Python's `==` takes `1`, `1.0` and `True` for equal: a value that
changes only so (and nothing beside it in its dict or list) is not seen, which a server's
documents never do (each field of a view keeps its type). The skipping is what makes a server's
patches cheap, with the memory of `Differ`: every seat's view holds the same lists of players
and deeds (`Game.views`), so `Differ` walks each shared value once per update however many
seats see it. `apply` is the client's side, for Python clients (the load benchmark, the tests);
the browser's is `client/src/patch.ts`.
"""

from __future__ import annotations

from typing import Any

Ops = list[dict[str, Any]]


def _pointer(key: str) -> str:
    """One JSON Pointer reference token (RFC 6901: `~` as `~0`, `/` as `~1`)."""
    return key.replace("~", "~0").replace("/", "~1") if ("~" in key or "/" in key) else key


class Differ:
    """Diffs of the documents of one update: a value met again (the same pair of objects at
    the same place, as the views of several seats share their players and deeds) is diffed
    once and its operations reused."""

    def __init__(self) -> None:
        # (id(old), id(new), path) -> operations; the documents outlive the differ.
        self.seen: dict[tuple[int, int, str], Ops] = {}

    def diff(self, old: Any, new: Any, path: str = "") -> Ops:
        """The operations that turn `old` into `new` (equal documents: none)."""
        ops: Ops = []
        self._walk(old, new, path, ops)
        return ops

    def _walk(self, old: Any, new: Any, path: str, ops: Ops) -> None:
        if old is new:
            return
        old_type, new_type = type(old), type(new)
        if old_type is dict and new_type is dict:
            key = (id(old), id(new), path)
            found = self.seen.get(key)
            if found is None:
                found = self.seen[key] = []
                self._dict(old, new, path, found)
            ops.extend(found)
        elif old_type is list and new_type is list and len(old) == len(new):
            if old != new:
                for i, (a, b) in enumerate(zip(old, new, strict=True)):
                    self._walk(a, b, f"{path}/{i}", ops)
        elif old_type is not new_type or old != new:
            # `1 == True` and `1 == 1.0` in Python but not in JSON: a changed type is a change.
            ops.append({"op": "replace", "path": path, "value": new})

    def _dict(self, old: dict[str, Any], new: dict[str, Any], path: str, ops: Ops) -> None:
        if old == new:
            return
        for key, value in new.items():
            if key in old:
                was = old[key]
                # Most of a document's values are as they were: skipped here, before a path
                # is made for them.
                if was is value or (type(was) is type(value) and was == value):
                    continue
                self._walk(was, value, f"{path}/{_pointer(key)}", ops)
            else:
                ops.append({"op": "add", "path": f"{path}/{_pointer(key)}", "value": value})
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_pointer(key)}"})


def diff(old: Any, new: Any) -> Ops:
    """The operations that turn `old` into `new`: see `Differ`."""
    return Differ().diff(old, new)


class PatchError(ValueError):
    """An operation that does not fit the document (a path that is not there)."""


def apply(doc: Any, ops: Ops) -> Any:
    """`doc` with `ops` applied, `doc` itself unchanged: the containers on each operation's
    path are copied, everything else is shared with `doc`."""
    copied: set[int] = set()  # containers of the result already copied (changed in place)
    root = _own(doc, copied)
    for op in ops:
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in op["path"].split("/")[1:]]
        if not tokens:
            if op["op"] == "remove":
                raise PatchError("cannot remove the whole document")
            root = op["value"]
            continue
        parent = root
        for token in tokens[:-1]:
            child = _own(_child(parent, token, op["path"]), copied)
            _set(parent, token, child)
            parent = child
        last = tokens[-1]
        if op["op"] == "remove":
            _child(parent, last, op["path"])
            if isinstance(parent, list):
                del parent[int(last)]
            else:
                del parent[last]
        elif op["op"] == "add" and isinstance(parent, list):
            parent.insert(len(parent) if last == "-" else int(last), op["value"])
        elif op["op"] in ("add", "replace"):
            if op["op"] == "replace":
                _child(parent, last, op["path"])
            _set(parent, last, op["value"])
        else:
            raise PatchError(f"unknown operation {op['op']!r}")
    return root


def _own(value: Any, copied: set[int]) -> Any:
    """`value` itself if the result made it, else a shallow copy that the result owns."""
    if id(value) in copied or not isinstance(value, dict | list):
        return value
    mine = dict(value) if isinstance(value, dict) else list(value)
    copied.add(id(mine))
    return mine


def _child(parent: Any, token: str, path: str) -> Any:
    try:
        return parent[int(token)] if isinstance(parent, list) else parent[token]
    except (KeyError, IndexError, ValueError, TypeError):
        raise PatchError(f"{path}: no such place in the document") from None


def _set(parent: Any, token: str, value: Any) -> None:
    if isinstance(parent, list):
        parent[int(token)] = value
    else:
        parent[token] = value
