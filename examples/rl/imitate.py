"""Imitation of a passgo bot to start self-play from (examples/rl/train.py `--imitate`).

`collect` plays games of the bot against opponents and records, at each of the bot's
decisions, what a learner would have seen there: its observation, its action mask (the same
windows as the environments and the `rl:` bot) and the index of the table that does what the
bot did, and the game's outcome for the bot's seat. A bot's action the table cannot express
(a bid at another amount is taken at the nearest bid of the ladder; a trade outside the
templates, business beyond the windows) is played but not recorded. `clone` then trains the
policy network to give those indices (cross-entropy over the masked logits) and the value
network to predict the outcome.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from passgo import Game
from passgo.agents import make_agent
from passgo.agents.play import step_limit
from passgo.core import Action, Bid, RejectTrade
from passgo.core.chance import Chance
from passgo.rl.driver import table_for
from passgo.rl.observe import Observer
from passgo.rl.table import ActionTable, Mask
from passgo.rl.windows import Windows, claim_rents, outcome


def index_of(table: ActionTable, game: Game, seat: int, action: Action,
             mask: Mask) -> int | None:
    """The unmasked index that does `action` now (a bid: the nearest amount on the ladder;
    a refusal: the table's `reject`, whatever its reason), or None."""
    legal = [int(i) for i in np.flatnonzero(mask)]
    decoded = {i: table.decode(game, seat, i) for i in legal}
    for i, candidate in decoded.items():
        if candidate == action:
            return i
    if isinstance(action, Bid):
        bids = [(abs(a.amount - action.amount), i) for i, a in decoded.items()
                if isinstance(a, Bid)]
        return min(bids)[1] if bids else None
    if isinstance(action, RejectTrade):
        for i, candidate in decoded.items():
            if isinstance(candidate, RejectTrade):
                return i
    return None


@dataclass
class Samples:
    obs: np.ndarray[Any, Any]
    masks: np.ndarray[Any, Any]
    actions: np.ndarray[Any, Any]
    outcomes: np.ndarray[Any, Any]
    skipped: int
    games: int


def collect(bot: str, opponents: list[str], games: int, *, max_rounds: int,
            business_limit: int, offers_per_turn: int, seed: int = 0) -> Samples:
    """Heads-up games of `bot` against each of `opponents` in turn, seats alternating."""
    rng = random.Random(seed)
    obs, masks, actions, outcomes = [], [], [], []
    skipped = 0
    for g in range(games):
        first = g % 2 == 0
        other = opponents[g % len(opponents)]
        me = 0 if first else 1
        game_seed = rng.randrange(2**31)
        agents = [make_agent(bot, game_seed), make_agent(other, game_seed + 1)]
        if not first:
            agents.reverse()
        game = Game.new(["a", "b"], seed=game_seed, max_rounds=max_rounds)
        game.chance = Chance.watching(game)
        table = table_for(game)
        observer = Observer(table, max_rounds)
        windows = Windows(2, business_limit, offers_per_turn)
        start = len(obs)
        claim_rents(game)
        for _ in range(step_limit(2, max_rounds)):
            if game.over:
                break
            p = game.pending_player
            action = agents[p].act(game, p)
            if p == me:
                decision = game.pending
                mask = windows.mask(table, game, p, decision.kind)
                i = index_of(table, game, p, action, mask) if mask.any() else None
                if i is None:
                    skipped += 1
                else:
                    obs.append(observer.encode(game, p, decision, windows.left(p)))
                    masks.append(mask)
                    actions.append(i)
                windows.record(p, action)
            game.apply(action)
            claim_rents(game)
        outcomes += [outcome(game, me)] * (len(obs) - start)
    return Samples(np.asarray(obs, np.float32), np.asarray(masks, np.int8),
                   np.asarray(actions, np.int64), np.asarray(outcomes, np.float32),
                   skipped, games)


def clone(model: Any, data: Samples, epochs: int, batch: int = 256, seed: int = 0) -> float:
    """Train the model's policy towards the samples' actions and its value towards their
    outcomes; returns the share of samples whose most likely unmasked index is the bot's."""
    policy = model.policy
    device = policy.device
    obs = torch.as_tensor(data.obs, device=device)
    masks = torch.as_tensor(data.masks, device=device).bool()
    actions = torch.as_tensor(data.actions, device=device)
    outcomes = torch.as_tensor(data.outcomes, device=device)
    gen = torch.Generator().manual_seed(seed)
    n = len(actions)
    policy.set_training_mode(True)
    for _ in range(epochs):
        order = torch.randperm(n, generator=gen)
        for at in range(0, n, batch):
            rows = order[at:at + batch]
            values, log_prob, _ = policy.evaluate_actions(obs[rows], actions[rows],
                                                          action_masks=masks[rows])
            loss = -log_prob.mean() + 0.5 * ((values.flatten() - outcomes[rows]) ** 2).mean()
            policy.optimizer.zero_grad()
            loss.backward()
            policy.optimizer.step()
    policy.set_training_mode(False)
    with torch.no_grad():
        right = 0
        for at in range(0, n, 4096):
            dist = policy.get_distribution(obs[at:at + 4096],
                                           action_masks=masks[at:at + 4096])
            probs = dist.distribution.probs
            right += int((probs.argmax(dim=1) == actions[at:at + 4096]).sum())
    return right / max(1, n)
