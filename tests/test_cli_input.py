"""Files given on the command line that are not text end in one line and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from passgo.cli import main

NOT_UTF8 = b'preset = "classic"\n# caf\xe9\n'


@pytest.mark.parametrize(
    "args",
    [
        ["position", "check", "{file}"],
        ["position", "show", "{file}"],
        ["play", "--plain", "--no-save", "--rules", "{file}"],
        ["play", "--plain", "--no-save", "--position", "{file}"],
        ["rules", "show", "{file}"],
    ],
)
def test_a_file_that_is_not_utf8_is_one_line(tmp_path: Path, args: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "latin1.toml"
    bad.write_bytes(NOT_UTF8)
    assert main([a.format(file=bad) for a in args]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.count("\n") == 1 and out.err.startswith("passgo: error: ")
    what = "rules file " if "--rules" in args or args[0] == "rules" else ""
    assert f"cannot read {what}{bad}: not UTF-8 text" in out.err
