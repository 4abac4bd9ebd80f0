"""benchmarks/peer_speed.py: passgo's bots beside the peer's trading bot. The peer is not in the
repository, so a stand-in checkout with the same entry points plays here: games of a fixed
number of moves, some of them doubles that move again, as the peer's `make_a_move` recurses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from support import load_benchmark

load_benchmark("versions")  # the sibling peer_speed.py imports
peer_speed = load_benchmark("peer_speed")

# Each game: 3 rounds of 4 seats; every seat's first move of a round is a double (one move
# more, by a recursive call as the peer makes it): 12 turns, 24 calls of make_a_move.
STAND_IN = {
    "settings.py": "",
    "monopoly/__init__.py": "",
    "monopoly/core/__init__.py": "",
    "monopoly/log.py": "",
    "monopoly/log_settings.py": (
        "class LogSettings:\n"
        "    KEEP_GAME_LOG = True\n"
        "    BANKRUPTCIES_PATH = 'must-not-be-written'\n"),
    "monopoly/core/player.py": (
        "class Player:\n"
        "    def make_a_move(self, double=True):\n"
        "        if double:\n"
        "            return self.make_a_move(False)\n"
        "        return sum(range(10000))\n"),  # some CPU time to measure
    "monopoly/core/game.py": (
        "from monopoly.core.player import Player\n"
        "from monopoly.log_settings import LogSettings\n"
        "def monopoly_game(pair):\n"
        "    assert not LogSettings.KEEP_GAME_LOG\n"
        "    open(LogSettings.BANKRUPTCIES_PATH, 'a').close()\n"
        "    players = [Player() for _ in range(4)]\n"
        "    for _ in range(3):\n"
        "        for p in players:\n"
        "            p.make_a_move()\n"),
}


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    for name, text in STAND_IN.items():
        path = tmp_path / "peer" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path / "peer"


def test_counts_a_peer_turn_once_with_its_doubles_and_writes_nothing(checkout: Path) -> None:
    row = peer_speed.measure_peer(checkout, games=5, seed=0)
    assert row["turns"] == 5 * 12 and row["games"] == 5 and row["cpu_seconds"] > 0
    assert not list(checkout.rglob("must-not-be-written"))


def test_prints_both_side_by_side_as_a_table_or_json(checkout: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(checkout), "--bots", "basic", "--games", "1", "--peer-games", "2",
            "--repeats", "1", "--max-rounds", "5"]
    assert peer_speed.main([*argv, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    peer, basic = out["results"]
    assert (peer["contender"], peer["turns"], peer["turn_ratio"]) == ("peer", 24, 1.0)
    assert basic["contender"] == "passgo pure" and basic["bots"] == "basic"
    assert basic["turns"] > 0 and basic["turn_ratio"] == pytest.approx(
        basic["turns_per_cpu_s"] / peer["turns_per_cpu_s"], rel=0.01)
    assert peer_speed.main(argv) == 0
    assert "turns/CPU s" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--games", "0"], ["--compiled-python", "/nonexistent"]])
def test_refuses_bad_arguments_in_one_line(checkout: Path, argv: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert peer_speed.main([str(checkout), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("peer_speed: ") and err.count("\n") == 1


def test_refuses_a_folder_that_is_not_the_peer(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert peer_speed.main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "not a checkout" in err and err.count("\n") == 1
