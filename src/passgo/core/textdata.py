"""Reading JSON and TOML that comes from outside (saves, positions, rules files, bot answers):
size and nesting limits, and one message for every way such text can be unreadable.

A file from someone else is data: it may be huge, nested 100,000 deep or hold a 5,000-digit
number, and each of those must end in a one-line refusal, never a traceback or a long wait.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any, Final

MAX_CHARS = 16 * 1024 * 1024  # no save, position or rules file comes near this
MAX_DEPTH: Final = 64  # passgo's own files nest a handful of levels


def _depth_problem(text: str) -> str | None:
    """Nesting deeper than `MAX_DEPTH` brackets or braces, found without parsing (a parser
    would recurse as deep as the text asks). Brackets inside strings are counted too, so
    this errs on the safe side only for absurd strings."""
    depth = deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return f"nested more than {MAX_DEPTH} levels deep"
        elif ch in "]}":
            depth -= 1
    return None


def _check(text: str) -> str | None:
    if len(text) > MAX_CHARS:
        return f"larger than {MAX_CHARS // (1024 * 1024)} MiB"
    if text.count("[") + text.count("{") > MAX_DEPTH:
        return _depth_problem(text)
    return None


def load_json(text: str | bytes) -> tuple[Any, str | None]:
    """(data, None), or (None, why the text cannot be read)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            return None, f"not UTF-8 text (byte {exc.start})"
    problem = _check(text)
    if problem:
        return None, problem
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return None, f"not valid JSON: {exc}"
    except (ValueError, RecursionError) as exc:  # e.g. an integer of thousands of digits
        return None, f"holds a value that cannot be read ({exc})"


def load_toml(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """(data, None), or (None, why the text cannot be read)."""
    problem = _check(text)
    if problem:
        return None, problem
    try:
        return tomllib.loads(text), None
    except tomllib.TOMLDecodeError as exc:
        return None, f"not valid TOML: {exc}"
    except (ValueError, RecursionError) as exc:
        return None, f"holds a value that cannot be read ({exc})"
