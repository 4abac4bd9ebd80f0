"""Seeded games of every built-in bot under every preset give the saves fingerprinted in
tests/golden/games.json, byte for byte: `make test` runs this on the pure and on the compiled
build, so both play exactly the same games (tests/golden_games.py says how to write the file
again after a change meant to alter play)."""

from __future__ import annotations

import json

import pytest

from golden_games import BOTS, GAMES, GOLDEN, fingerprint
from passgo.agents import AGENTS
from passgo.agents.spec import LEVEL_PREFIX
from passgo.core.rules import PRESETS

EXPECTED: dict[str, str] = json.loads(GOLDEN.read_text())


def test_every_preset_and_every_built_in_bot_has_a_golden_game() -> None:
    # `cmd:` runs a program and `rl:` plays a policy file: both name something outside passgo;
    # a level stands for one of the others.
    builtin = {name for name in AGENTS
               if name not in ("cmd", "rl") and not name.startswith(LEVEL_PREFIX)}
    assert {bot.split(":")[0] for bot in BOTS} == builtin
    assert set(EXPECTED) == {f"{preset} {bot}" for preset in PRESETS for bot in BOTS}
    assert sorted(EXPECTED) == sorted(name for name, *_ in GAMES)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_golden_games_are_played_again_byte_for_byte(preset: str) -> None:
    for name, game_preset, bot, seed in GAMES:
        if game_preset == preset:
            assert fingerprint(preset, bot, seed) == EXPECTED[name], (
                f"{name}: the save differs (after a change meant to alter play, write the file "
                "again: .venv/bin/python tests/golden_games.py)")
