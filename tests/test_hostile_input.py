"""Input from someone else is data: huge, deeply nested or absurd files are refused in one
line by every loader, quickly, without a traceback (issue 16)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from passgo import Game, PositionError, Rules, SaveFileError
from passgo.core.errors import DataError

PASSGO = str(Path(sys.executable).with_name("passgo"))
DEEP_JSON = "[" * 100_000 + "]" * 100_000
DEEP_TOML = "x = " + "[" * 50_000 + "]" * 50_000
HUGE_INT = '{"format": "passgo-game", "seed": ' + "9" * 5001 + "}"


def a_save() -> dict[str, object]:
    g = Game.new(["Ann", "Bob"], seed=2, max_rounds=20)
    return json.loads(g.to_json())  # type: ignore[no-any-return]


@pytest.mark.parametrize("text", [DEEP_JSON, HUGE_INT, "x" * (17 * 1024 * 1024)])
def test_a_save_that_cannot_be_read_is_a_save_file_error(text: str) -> None:
    with pytest.raises(SaveFileError):
        Game.from_json(text)


@pytest.mark.parametrize("text", [DEEP_TOML, DEEP_JSON, "seed = " + "9" * 5001])
def test_positions_and_rules_files_that_cannot_be_read(text: str) -> None:
    with pytest.raises(PositionError):
        Game.from_position(text)
    with pytest.raises(DataError):
        Rules.from_toml(text)


def test_wrong_types_in_a_save_are_refused_at_once() -> None:
    """`setup.max_turns` as a string: refused when loading, not later in play."""
    data = a_save()
    data["setup"]["max_turns"] = "12"  # type: ignore[index]
    with pytest.raises(SaveFileError):
        Game.from_dict(data)


def test_a_save_with_200000_scripted_throws_is_refused() -> None:
    """More scripted throws than `MAX_SCRIPTED_THROWS` are refused by their count, with a
    message naming them (the limit, not a timing, is what this checks)."""
    data = a_save()
    data["setup"]["dice"] = [[1, 2]] * 200_000  # type: ignore[index]
    data["state"]["dice_script"] = [[1, 2]] * 200_000  # type: ignore[index]
    with pytest.raises(SaveFileError, match=r"scripted throws|dice_script"):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize("args, content", [
    (["position", "check"], DEEP_TOML),
    (["position", "show"], DEEP_JSON),
    (["play", "--plain", "--no-save", "--rules"], DEEP_TOML),
    (["play", "--plain", "--no-save", "--resume"], DEEP_JSON),
    (["rules", "show"], "x = " + "9" * 5001),
])
def test_every_command_refuses_in_one_line(tmp_path: Path, args: list[str],
                                           content: str) -> None:
    path = tmp_path / ("bad.toml" if "TOML" in repr(args) or "--rules" in args
                       or args[0] == "rules" else "bad.json")
    path.write_text(content)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    out = subprocess.run([PASSGO, *args, str(path)], input="", capture_output=True, text=True,
                         timeout=60, env=env)
    assert out.returncode == 2, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "Traceback" not in out.stderr
