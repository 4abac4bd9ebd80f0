"""The evaluator a review uses: the shipped model when it fits the game's rules
(`passgo.eval.default_evaluator`), else short rollouts sized for a whole game's review."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from passgo.agents.winmodel import model_for
from passgo.core import Rules
from passgo.eval import Evaluator, ModelEvaluator, RolloutEvaluator

# Without a model, a review evaluates about a thousand positions: a few short playouts each
# (scored by the position values at their horizon) keep it to minutes, not hours.
REVIEW_ROLLOUTS: Final = 4
REVIEW_HORIZON: Final = 4


def review_evaluator(rules: Rules, seed: int, model: Path | None = None
                     ) -> tuple[Evaluator, str]:
    """The evaluator for a review of a game under `rules` (from the model file `model`, or
    the shipped one), and a warning ("" for the model) when rollouts stand in for it."""
    found, reason = model_for(rules, model)
    if found is not None:
        return ModelEvaluator(found), ""
    return (RolloutEvaluator(REVIEW_ROLLOUTS, seed, reason, horizon=REVIEW_HORIZON),
            f"no evaluator model fits this game ({reason}); the review plays "
            f"{REVIEW_ROLLOUTS} rollouts of {REVIEW_HORIZON} rounds a position instead: "
            "slower, and rougher")
