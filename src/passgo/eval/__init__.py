"""`passgo.eval`: each player's chance to win from any position (issue 31).

`default_evaluator(rules)` gives the shipped model when it was trained for these rules (the
rule set and its house rules, and this engine version), and otherwise the rollout estimate,
whose `note` says why. The run-time parts live with the bots (`passgo.agents.evaluator` and
`passgo.agents.winmodel`), so that the expert can use the model for its leaves; this package
re-exports them and holds the training (`train`), the calibration check (`check`) and what
the command line runs (`run`).
"""

from __future__ import annotations

from passgo.agents.evaluator import (
    DEFAULT_ROLLOUTS,
    Evaluator,
    ModelEvaluator,
    RolloutEvaluator,
    WinChances,
    default_evaluator,
)
from passgo.agents.winmodel import ModelError, WinModel, load_model, model_for

__all__ = ["DEFAULT_ROLLOUTS", "Evaluator", "ModelError", "ModelEvaluator", "RolloutEvaluator",
           "WinChances", "WinModel", "default_evaluator", "load_model", "model_for"]
