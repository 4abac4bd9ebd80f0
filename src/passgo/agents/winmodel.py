"""The learned win-chance model: features of each seat, and a small network that scores them.

Each seat still in the game gets a score from the same function of its features and those of
its strongest opponent (the one with the highest position value), and the chances are the
softmax of the scores over the seats still in: one model for 2 to 8 players, and chances
that add up to 1 by construction. The scoring function is a one-hidden-layer network (tanh)
plus a linear term on the same inputs, on standardised features; it is trained by
`passgo eval train` (numpy and scipy, `passgo.eval.train`) and read here from JSON with plain
Python, so that the evaluator runs where only the game is installed, in about a millisecond.

The features come from the public read model through the strategic bot's valuation
(`valuation.Valuer`): cash, what the deeds would fetch, the rent they earn per opponent turn
now and once the complete groups are built up with the cash in hand, the rent the seat can
expect to pay, the seat's share of all position values, complete groups, mortgages, jail,
and the round and number of players (which make the other features count for more or less).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from passgo.agents.valuation import Position, Valuer
from passgo.core import ENGINE_VERSION, Game, Rules
from passgo.core.rules import PRESETS

MODEL_FORMAT: Final = "passgo-evaluator"
MODEL_VERSION: Final = 1
VALUE_HORIZON: Final = 80  # rounds of rent in the position values (the expert's yardstick)
FUTURE_CASH: Final = 300
MAX_SEATS: Final = 8
MODELS: Final = "passgo.agents.models"  # the package directory of the shipped models

SEAT_FEATURES: Final = (
    "value_share", "log_value_ratio", "cash", "assets", "rent_now", "rent_built",
    "rent_due_now", "rent_due_built", "cash_cover", "groups", "mortgaged", "in_jail",
    "jail_cards")
OPPONENT_FEATURES: Final = ("opp_cash", "opp_rent_built", "opp_groups")
GAME_FEATURES: Final = ("players_in", "round")
FEATURES: Final = SEAT_FEATURES + OPPONENT_FEATURES + GAME_FEATURES


class ModelError(ValueError):
    """A model file that cannot be read or does not hold a well-formed model."""


def seat_features(game: Game, valuer: Valuer) -> list[list[float] | None]:
    """The model's input for each seat (`FEATURES`, unscaled); None for a seat out of the
    game. Money is in thousands of dollars, rent in hundreds per round."""
    pos = Position.of(game)
    n = game.n
    alive = [p for p in range(n) if pos.alive[p]]
    opponents = max(1, len(alive) - 1)
    earn = valuer.earn(pos)
    owner = pos.owner
    mortgaged = pos.mortgaged
    value = [0.0] * n
    now = [0.0] * n
    built = [0.0] * n
    assets = [0.0] * n
    groups = [0.0] * n
    for p in alive:
        holding = valuer.holding(pos, p)
        cash = pos.cash[p]
        income, spent = valuer.income(holding, cash)
        assets[p] = holding.assets
        now[p] = holding.fixed + holding.built
        built[p] = income
        value[p] = max(1.0, cash + holding.assets + earn * income - spent / 2)
        groups[p] = len(holding.groups)
    total_value = sum(value)
    total_now = sum(now)
    total_built = sum(built)
    mortgages = [0] * n
    for sq in game.board.properties:
        o = owner[sq]
        if o >= 0 and mortgaged[sq]:
            mortgages[o] += 1
    round_feature = min(game.round_number, 200) / 100
    players_in = len(alive) / MAX_SEATS
    out: list[list[float] | None] = [None] * n
    for p in alive:
        rival = -1
        for o in alive:
            if o != p and (rival < 0 or value[o] > value[rival]):
                rival = o
        due_now = (total_now - now[p]) / 100
        due_built = (total_built - built[p]) / 100
        cash = pos.cash[p]
        me = game.player(p)
        out[p] = [
            value[p] / total_value,
            math.log(value[p] / value[rival]) if rival >= 0 else 0.0,
            cash / 1000,
            assets[p] / 1000,
            now[p] * opponents / 100,
            built[p] * opponents / 100,
            due_now,
            due_built,
            math.log1p(cash / (100 + total_built - built[p])),
            groups[p],
            mortgages[p] / 4,
            1.0 if me.in_jail else 0.0,
            float(len(me.jail_cards)),
            pos.cash[rival] / 1000 if rival >= 0 else 0.0,
            built[rival] * opponents / 100 if rival >= 0 else 0.0,
            groups[rival] if rival >= 0 else 0.0,
            players_in,
            round_feature,
        ]
    return out


class WinModel:
    """A trained scoring function (see the module docstring) and what it was trained for:
    `rules` (the rule sets), `engine` (the engine version whose games it learned from),
    `features` (their names, in input order), and `trained` (how: the command, the games)."""

    def __init__(self, rules: tuple[Rules, ...], engine: str, features: tuple[str, ...],
                 mean: list[float], scale: list[float], hidden: list[list[float]],
                 hidden_bias: list[float], out: list[float], linear: list[float],
                 trained: dict[str, Any]) -> None:
        self.rules = rules
        self.engine = engine
        self.features = features
        self.mean = mean
        self.scale = scale
        self.hidden = hidden
        self.hidden_bias = hidden_bias
        self.out = out
        self.linear = linear
        self.trained = trained
        self._valuers: dict[Rules, Valuer] = {}

    def valuer(self, rules: Rules) -> Valuer:
        valuer = self._valuers.get(rules)
        if valuer is None:
            valuer = self._valuers[rules] = Valuer(rules, VALUE_HORIZON, FUTURE_CASH)
        return valuer

    def score(self, x: Sequence[float]) -> float:
        """The seat's score from its unscaled features."""
        mean, scale = self.mean, self.scale
        z = [(x[i] - mean[i]) * scale[i] for i in range(len(mean))]
        total = 0.0
        linear = self.linear
        for i in range(len(z)):
            total += linear[i] * z[i]
        out = self.out
        bias = self.hidden_bias
        for j, row in enumerate(self.hidden):
            a = bias[j]
            for i in range(len(z)):
                a += row[i] * z[i]
            total += out[j] * math.tanh(a)
        return total

    def chances(self, game: Game) -> list[float]:
        """Each seat's chance to win (0.0 out of the game): the softmax of the scores."""
        feats = seat_features(game, self.valuer(game.rules))
        scores = [None if f is None else self.score(f) for f in feats]
        top = max(s for s in scores if s is not None)
        weights = [0.0 if s is None else math.exp(s - top) for s in scores]
        total = sum(weights)
        return [w / total for w in weights]

    def to_json(self) -> str:
        data = {
            "format": MODEL_FORMAT, "version": MODEL_VERSION, "engine": self.engine,
            "rules": [r.table() for r in self.rules], "features": list(self.features),
            "mean": self.mean, "scale": self.scale, "hidden": self.hidden,
            "hidden_bias": self.hidden_bias, "out": self.out, "linear": self.linear,
            "trained": self.trained,
        }
        return json.dumps(data, indent=1) + "\n"

    @staticmethod
    def from_json(text: str, where: str) -> WinModel:
        """A model from its JSON text; a `ModelError` naming `where` and what is wrong
        otherwise (the file is data only: nothing in it is run)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ModelError(f"{where}: not a model file (bad JSON: {exc.msg})") from None
        if not isinstance(data, dict) or data.get("format") != MODEL_FORMAT:
            raise ModelError(f"{where}: not a passgo evaluator model")
        if data.get("version") != MODEL_VERSION:
            raise ModelError(f"{where}: model format version {data.get('version')!r}, this "
                             f"passgo reads version {MODEL_VERSION}")
        features = data.get("features")
        if features != list(FEATURES):
            raise ModelError(f"{where}: the model's features are not this passgo's")
        k = len(FEATURES)
        try:
            rules = tuple(Rules.preset(t) if isinstance(t, str) else Rules.from_table(dict(t))
                          for t in data["rules"])
            engine = data["engine"]
            mean = _floats(data["mean"], k, "mean")
            scale = _floats(data["scale"], k, "scale")
            hidden = [_floats(row, k, "hidden") for row in data["hidden"]]
            bias = _floats(data["hidden_bias"], len(hidden), "hidden_bias")
            out = _floats(data["out"], len(hidden), "out")
            linear = _floats(data["linear"], k, "linear")
            trained = data["trained"]
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelError(f"{where}: malformed model ({_one_line(exc)})") from None
        if not rules or not isinstance(engine, str) or not isinstance(trained, dict):
            raise ModelError(f"{where}: malformed model (rules, engine or trained)")
        return WinModel(rules, engine, tuple(features), mean, scale, hidden, bias, out,
                        linear, trained)


class ModelLeaf:
    """The model as the expert's leaf score (`search.Leaf`): the seat's chance to win."""

    def __init__(self, model: WinModel) -> None:
        self.model = model

    def score(self, g: Game, player: int) -> float:
        if not g.in_game(player):
            return 0.0
        if g.over and g.winner is not None:
            return 1.0 if g.winner == player else 0.0
        return self.model.chances(g)[player]


def load_model(path: Path) -> WinModel:
    """A model file (`passgo eval train --out`); `ModelError` in one line if unreadable."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ModelError(f"{path}: cannot read the model ({exc.__class__.__name__})") from None
    return WinModel.from_json(text, str(path))


@cache
def shipped_models() -> tuple[tuple[WinModel, ...], tuple[str, ...]]:
    """The models shipped in this package, and a one-line problem for each unreadable one."""
    found: list[WinModel] = []
    problems: list[str] = []
    for entry in sorted(resources.files(MODELS).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            try:
                found.append(WinModel.from_json(entry.read_text("utf-8"),
                                                f"shipped model {entry.name}"))
            except (ModelError, OSError, UnicodeDecodeError) as exc:
                problems.append(str(exc))
    return tuple(found), tuple(problems)


def model_for(rules: Rules, model: Path | None = None) -> tuple[WinModel | None, str]:
    """The model trained for `rules` under this engine version (from the file `model`, or
    among the shipped ones), or None and why not: the rules differ, the engine version
    differs, or the model file is unreadable."""
    if model is None:
        models, problems = shipped_models()
    else:
        try:
            models, problems = (load_model(model),), ()
        except ModelError as exc:
            models, problems = (), (str(exc),)
    fits = [m for m in models if rules in m.rules]
    current = [m for m in fits if m.engine == ENGINE_VERSION]
    if current:
        return current[0], ""
    if fits:
        return None, (f"the evaluator was trained on engine {fits[0].engine}, this is "
                      f"{ENGINE_VERSION}")
    if problems and not models:
        return None, problems[0]
    reason = rules_mismatch(rules, [r for m in models for r in m.rules])
    assert reason is not None
    return None, reason


def rules_mismatch(rules: Rules, trained: Sequence[Rules]) -> str | None:
    """Why a model trained for the rule sets `trained` does not fit `rules` (None: it
    does): the options in which `rules` differ from the nearest of them, by name."""
    if rules in trained:
        return None
    if not trained:
        return "no evaluator model is shipped"
    mine = rules.to_dict()
    nearest = min(trained, key=lambda t: sum(v != mine[k] for k, v in t.to_dict().items()))
    differ = sorted(k for k, v in nearest.to_dict().items() if v != mine[k])
    name = next((n for n, make in PRESETS.items() if make() == nearest), "its rules")
    return f"the evaluator was not trained for house rules: {', '.join(differ)} (on {name})"


def _floats(values: object, size: int, name: str) -> list[float]:
    if (not isinstance(values, list) or len(values) != size
            or not all(isinstance(v, int | float) and not isinstance(v, bool)
                       and math.isfinite(v) for v in values)):
        raise ValueError(f"{name} must be {size} finite numbers")
    return [float(v) for v in values]


def _one_line(exc: Exception) -> str:
    text = str(exc).splitlines()
    return text[0] if text else type(exc).__name__
