"""The observation says what the documented layout (docs/rl.md, `LAYOUT`) says it holds, read
back block by block against the public read model (`game.player`, `game.deed`, `game.bank`),
for every seat of many random states, not only the deciding one: the encoder may take any
faster way to the same vector, never another vector."""

from __future__ import annotations

import random

import numpy as np
import pytest

from passgo import Game, Rules
from passgo.core import RollDecision
from passgo.rl.driver import Driver
from passgo.rl.observe import KINDS, MONEY, OFFSETS, PLAYER_FIELDS, PLAYER_WIDTH, SIZE
from passgo.rl.table import DEEDS, MAX_SEATS, SQUARES

DEED_WIDTH = 1 + MAX_SEATS + 2


def _expected(game: Game, seat: int, max_rounds: int,
              windows: tuple[float, float]) -> dict[str, np.ndarray]:
    """The players, deeds, bank, turn, decision-kind and windows blocks as docs/rl.md
    describes them, from the read model."""
    n = game.n
    players = np.zeros((MAX_SEATS, PLAYER_WIDTH), np.float32)
    for rel in range(n):
        p = (seat + rel) % n
        pl = game.player(p)
        players[rel, :len(PLAYER_FIELDS)] = (
            pl.cash / MONEY, pl.in_jail, pl.jail_turns / 3, len(pl.jail_cards), pl.loans,
            pl.bankrupt, 1.0, p == game.turn_player, p == game.pending_player)
        if not pl.bankrupt:
            players[rel, len(PLAYER_FIELDS) + pl.square] = 1.0
    deeds = np.zeros((DEEDS, DEED_WIDTH), np.float32)
    for d, deed in enumerate(game.deeds):
        deeds[d, 0 if deed.owner is None else 1 + (deed.owner - seat) % n] = 1.0
        buildings = deed.houses + 5 * deed.hotels  # a hotel counts 5, as in `SellDown`
        deeds[d, 1 + MAX_SEATS] = buildings / 5
        deeds[d, 2 + MAX_SEATS] = deed.mortgaged
    bank, decision = game.bank, game.pending
    decks = game.deck_sizes
    doubles = decision.doubles if isinstance(decision, RollDecision) else 0
    kind = np.zeros(len(KINDS), np.float32)
    kind[KINDS.index(decision.kind)] = 1.0
    return {
        "players": players.ravel(),
        "deeds": deeds.ravel(),
        "bank": np.array([bank.houses / 32, bank.hotels / 12, bank.pot / MONEY,
                          -1.0 if bank.tax_man is None else bank.tax_man / SQUARES,
                          decks["chance"] / 16, decks["community_chest"] / 16], np.float32),
        "turn": np.array([game.round_number / max_rounds, doubles / 3,
                          game.last_dice[0] / 10, game.last_dice[1] / 10], np.float32),
        "decision": kind,
        "windows": np.array(windows, np.float32),
    }


@pytest.mark.parametrize(("players", "rules"), [
    (4, Rules()),
    (3, Rules(bank_loans=True, tax_man=True, free_parking_jackpot=True)),
    (6, Rules.preset("hasbro2022")),
    (2, Rules(double_hotels=True)),
])
def test_every_seats_observation_holds_the_documented_blocks(players: int, rules: Rules) -> None:
    """At every step of masked random games, each seat's vector equals the blocks read from
    the read model, and the players block stays zero past the table's seats."""
    checked = set()
    for seed in range(2):
        driver = Driver(players, rules, max_rounds=60)
        driver.start(seed)
        rng = random.Random(seed)
        while not driver.game.over:
            game = driver.game
            for seat in rng.sample(range(players), players):
                vector = driver.observe(seat)
                assert vector.shape == (SIZE,) and vector.dtype == np.float32
                for name, block in _expected(game, seat, 60,
                                             driver.windows.left(seat)).items():
                    at = OFFSETS[name]
                    assert np.array_equal(vector[at:at + len(block)], block), (name, seat)
                checked.add(seat)
            driver.act(rng.choice(np.flatnonzero(driver.mask).tolist()))
    assert checked == set(range(players))
