"""Golden games: seeded games of every built-in bot under every preset, as saved by
`Game.to_json()`, fingerprinted by SHA-256. The pure and the compiled build must both produce
these very bytes (tests/test_golden_games.py); a change that alters play changes them.

After a change that is meant to alter play, write the file again (with the pure build) and
commit it with the change:

    PYTHONPATH=src .venv/bin/python tests/golden_games.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from passgo import Game
from passgo.agents import make_agent, play
from passgo.core.rules import PRESETS

GOLDEN = Path(__file__).with_name("golden") / "games.json"
# Every built-in bot and profile; the expert with a fixed number of short rollouts, so that it
# plays the same whatever the machine's speed.
BOTS = ("random", "basic", "strategic", "cautious", "aggressive", "dealer", "homebody",
        "expert:rollouts=2,horizon=2", "beginner", "casual")
PLAYERS = 3
MAX_ROUNDS = 25


def seats(bot: str) -> list[str]:
    """The bot in every seat; the expert (slow even when small) against strategic and basic."""
    if bot.startswith("expert"):
        return [bot, "strategic", "basic"]
    return [bot] * PLAYERS


def golden_game(preset: str, bot: str, seed: int) -> str:
    """One game's save, as text."""
    game = Game.new([f"P{i + 1}" for i in range(PLAYERS)], PRESETS[preset](), seed=seed,
                    max_rounds=MAX_ROUNDS)
    play(game, [make_agent(spec, seed * 10 + i) for i, spec in enumerate(seats(bot))])
    return game.to_json()


# (name, preset, bot, seed) of every golden game: one game of each bot under each preset.
GAMES = [(f"{preset} {bot}", preset, bot, 100 * i + j)
         for i, preset in enumerate(PRESETS) for j, bot in enumerate(BOTS)]


def fingerprint(preset: str, bot: str, seed: int) -> str:
    """SHA-256 of the game's save."""
    return hashlib.sha256(golden_game(preset, bot, seed).encode()).hexdigest()


def main() -> int:
    found = {name: fingerprint(preset, bot, seed) for name, preset, bot, seed in GAMES}
    GOLDEN.write_text(json.dumps(found, indent=1) + "\n")
    print(f"wrote {GOLDEN}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
