"""`passgo.eval`: each player's chance to win from any position (issue 31).

`default_evaluator(rules)` gives the shipped model when it was trained for these rules (the
rule set and its house rules, and this engine version), and otherwise the rollout estimate,
whose `note` says why. The run-time parts live with the bots (`passgo.agents.evaluator`), so
that the expert can use the model for its leaves; this package re-exports them and holds the
training, the calibration check and the command line.
"""

from __future__ import annotations

from passgo.agents.evaluator import Evaluator, RolloutEvaluator, WinChances, rules_mismatch
from passgo.core import Rules

DEFAULT_ROLLOUTS = 200  # playouts of the fallback: about ±3.5 points at a 50 % chance


def default_evaluator(rules: Rules, rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0
                      ) -> Evaluator:
    """The evaluator for games under `rules`: see the module docstring."""
    reason = rules_mismatch(rules, ())
    assert reason is not None
    return RolloutEvaluator(rollouts, seed, reason)


__all__ = ["DEFAULT_ROLLOUTS", "Evaluator", "RolloutEvaluator", "WinChances",
           "default_evaluator"]
