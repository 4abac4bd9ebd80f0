"""`passgo simulate` reports what protocol bots did wrong instead of hiding it."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest

from passgo.cli import main

# A protocol bot that says hello, then answers every decision with garbage.
GARBAGE = (
    "import json, sys\n"
    "for line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m['type'] == 'hello':\n"
    "        print(json.dumps({'name': 'garbage'}), flush=True)\n"
    "    elif m['type'] == 'decide':\n"
    "        print('this is not json', flush=True)\n"
)


@pytest.fixture
def garbage_spec(tmp_path: Path) -> str:
    script = tmp_path / "garbage.py"
    script.write_text(GARBAGE)
    return f"cmd:{sys.executable} {script}"


ARGS = ["--games", "2", "--max-rounds", "3", "--workers", "1"]


def test_json_report_counts_incidents_per_player(
        capsys: pytest.CaptureFixture[str], garbage_spec: str) -> None:
    bot = garbage_spec
    code = main(["simulate", *ARGS, "--players", f"basic,{bot}", "--json"])
    out, err = capsys.readouterr()
    assert code == 0
    data = json.loads(out)
    incidents = data["incidents"]
    rows = {row["player"]: row for row in incidents["by_player"]}
    assert rows[1] == {"player": 1, "bot": "basic", "total": 0, "games": 0, "by_kind": {}}
    assert rows[2]["bot"] == bot and rows[2]["games"] == 2
    assert rows[2]["by_kind"].get("illegal", 0) > 0
    assert incidents["total"] == rows[2]["total"] == sum(rows[2]["by_kind"].values())
    assert "protocol bot incident" in err and "warning" in err


def test_tables_and_csv_show_incidents(
        capsys: pytest.CaptureFixture[str], garbage_spec: str) -> None:
    bot = garbage_spec
    assert main(["simulate", *ARGS, "--players", f"{bot},basic"]) == 0
    out, _ = capsys.readouterr()
    assert "Protocol bot incidents" in out and "illegal" in out
    assert main(["simulate", *ARGS, "--players", f"{bot},basic", "--csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert any(r[0] == "incidents" and r[1].startswith("1:cmd:") and r[2] == "illegal"
               for r in rows)


def test_no_incident_table_without_protocol_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *ARGS, "--players", "basic,basic"]) == 0
    out, err = capsys.readouterr()
    assert "Protocol bot incidents" not in out and "warning" not in err
