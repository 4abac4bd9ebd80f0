"""The `rl:PATH` bot: a policy trained through `passgo.rl` (examples/rl/train.py) as a player.

A policy file holds numbers only: the weights of the policy network and a few facts about it,
saved by `torch.save` and read with `torch.load(weights_only=True)`, which builds tensors and
plain values and never runs code from the file. torch is imported only when such a bot is
made, so `import passgo` stays light; the network then runs in NumPy.

The bot sees and acts as an agent of the environments does: the same observation vector,
the same action table and business windows, the most likely unmasked action. Rent is asked
for by the bot loop (`agents.play`), as for every bot. To know which cards everyone has seen
(the observation's card history), the bot attaches a watching `passgo.core.chance.Chance` to
a game that has none when it first sees it, which changes nothing in play. A policy trained
on an earlier observation layout (`observe.PREFIXES`) reads its first entries.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from passgo.core import Action, Game
from passgo.core.chance import Chance
from passgo.rl.driver import table_for
from passgo.rl.observe import PREFIXES, SIZE, Observer
from passgo.rl.windows import Windows

POLICY_FORMAT = "passgo-rl-policy"
POLICY_VERSION = 1
Matrix = npt.NDArray[np.float32]


def load_policy(path: str | Path) -> dict[str, Any]:
    """A policy file's contents (ValueError in one line for a missing or damaged file)."""
    file = Path(path)
    if not file.is_file():
        raise ValueError(f"no policy file {str(path)!r}")
    try:
        import torch
    except ImportError:
        raise ValueError("rl: bots need the rl extra (pip install 'passgo[rl]')") from None
    try:
        data = torch.load(file, map_location="cpu", weights_only=True)
    except Exception:  # torch raises many kinds, in its own words, for a file not its own
        raise ValueError(f"{file.name} is not a PyTorch policy file (torch cannot read it as "
                         "saved weights)") from None
    if not isinstance(data, dict) or data.get("format") != POLICY_FORMAT:
        raise ValueError(f"{file.name} is not a passgo policy file")
    if data.get("version") != POLICY_VERSION:
        raise ValueError(f"{file.name}: policy version {data.get('version')!r} is not "
                         f"{POLICY_VERSION}")
    return data


class PolicyBot:
    """Plays a trained policy (see the module docstring)."""

    def __init__(self, path: str | Path, name: str | None = None) -> None:
        data = load_policy(path)
        try:
            self.layers: list[tuple[Matrix, Matrix]] = [
                (np.asarray(w.numpy(), np.float32), np.asarray(b.numpy(), np.float32))
                for w, b in data["layers"]]
            self.max_rounds = int(data["max_rounds"])
            self.business_limit = int(data["business_limit"])
            self.offers_per_turn = int(data["offers_per_turn"])
        except (KeyError, TypeError, ValueError, AttributeError):
            raise ValueError(f"{Path(path).name}: the policy's layers are damaged") from None
        seen = self.inputs = self.layers[0][0].shape[1] if self.layers else 0
        if seen != SIZE and seen not in PREFIXES:
            raise ValueError(f"{Path(path).name}: the policy observes {seen} numbers, this "
                             f"passgo {SIZE} (made by another version)")
        self.name = name or f"rl:{path}"
        self._game: Game | None = None

    def _forward(self, obs: Matrix) -> Matrix:
        """The action logits: tanh hidden layers, then the linear action layer."""
        x = obs[:self.inputs]
        for w, b in self.layers[:-1]:
            x = np.tanh(w @ x + b)
        w, b = self.layers[-1]
        out: Matrix = w @ x + b
        return out

    def act(self, game: Game, player: int) -> Action:
        if self._game is not game:  # a new game: new windows, the board's table
            self._game = game
            self._windows = Windows(game.n, self.business_limit, self.offers_per_turn)
            self._table = table_for(game)
            self._observer = Observer(self._table, self.max_rounds)
            if game.chance is None:
                game.chance = Chance.watching(game)
        decision = game.pending
        mask = self._windows.mask(self._table, game, player, decision.kind)
        if not mask.any():  # a decision beyond the table's ladders (e.g. want 13)
            return game.answers(player)[0]
        obs = self._observer.encode(game, player, decision, self._windows.left(player))
        logits = self._forward(obs)
        if logits.shape[0] != mask.shape[0]:
            raise ValueError(f"{self.name}: the policy has {logits.shape[0]} actions, the "
                             f"table {mask.shape[0]}")
        logits[mask == 0] = -np.inf
        action = self._table.decode(game, player, int(np.argmax(logits)))
        self._windows.record(player, action)
        return action
