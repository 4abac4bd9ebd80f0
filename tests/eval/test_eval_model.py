"""The learned evaluator at run time: its features, its file (written, read back, refused
when corrupt), its chances (summing to 1, 0 for the bankrupt, the winner's 1 in a finished
game, a clearly winning position above a losing one) and `default_evaluator`'s choice
between the model and rollouts."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from eval_support import STRONG, hand_model, played, with_one_bankrupt
from passgo.agents.valuation import Valuer
from passgo.agents.winmodel import FEATURES, FUTURE_CASH, VALUE_HORIZON, seat_features
from passgo.core import Game, Rules
from passgo.eval import (
    ModelError,
    ModelEvaluator,
    RolloutEvaluator,
    WinModel,
    default_evaluator,
    load_model,
)


def features(game: Game) -> list[list[float] | None]:
    return seat_features(game, Valuer(game.rules, VALUE_HORIZON, FUTURE_CASH))


def test_features_read_the_position() -> None:
    g = Game.from_position(STRONG, seed=1)
    ann, bob = features(g)
    assert ann is not None and bob is not None
    f = dict(zip(FEATURES, ann, strict=True))
    b = dict(zip(FEATURES, bob, strict=True))
    assert f["cash"] == 2.5 and b["cash"] == 0.04
    assert f["groups"] == 2 and b["groups"] == 0  # greens and dark blues, all with hotels
    assert f["value_share"] + b["value_share"] == pytest.approx(1.0)
    assert f["value_share"] > 0.9
    assert f["log_value_ratio"] == pytest.approx(-b["log_value_ratio"])
    assert b["rent_due_now"] == pytest.approx(f["rent_now"])  # two players: one opponent
    assert f["players_in"] == 2 / 8 and f["round"] == 0.0
    assert f["opp_cash"] == 0.04 and b["opp_cash"] == 2.5


def test_features_leave_out_the_bankrupt() -> None:
    g = with_one_bankrupt()
    found = features(g)
    assert [f is None for f in found] == [not g.in_game(p) for p in range(3)]
    alive = [f for f in found if f is not None]
    assert all(dict(zip(FEATURES, f, strict=True))["players_in"] == 2 / 8 for f in alive)


def test_chances_are_the_softmax_of_the_scores() -> None:
    model = hand_model()
    g = played(4, 2, 400)
    weights = [0.0 if f is None else math.exp(model.score(f)) for f in features(g)]
    assert model.chances(g) == pytest.approx([w / sum(weights) for w in weights])
    assert sum(model.chances(g)) == pytest.approx(1.0)


def test_bankrupt_zero_and_a_finished_game_to_its_winner() -> None:
    evaluator = ModelEvaluator(hand_model())
    g = with_one_bankrupt()
    chances = evaluator.win_chances(g)
    assert chances.source == "model" and chances.note == ""
    assert [c == 0.0 for c in chances.chances] == [not g.in_game(p) for p in range(3)]
    assert sum(chances.chances) == pytest.approx(1.0)
    done = played(2, 5, 100_000)
    assert evaluator.win_chances(done).chances == tuple(
        1.0 if p == done.winner else 0.0 for p in range(2))


def test_hotels_and_cash_beat_nothing() -> None:
    chances = ModelEvaluator(hand_model()).win_chances(Game.from_position(STRONG, seed=1))
    assert chances.chances[0] > 0.9 > 0.1 > chances.chances[1]


def test_the_file_round_trips(tmp_path: Path) -> None:
    model = hand_model(Rules.preset("hasbro2022"))
    path = tmp_path / "m.json"
    path.write_text(model.to_json())
    back = load_model(path)
    assert back.to_json() == model.to_json()
    assert back.rules == (Rules.preset("hasbro2022"),)
    g = played(3, 1, 200)
    assert back.chances(g) == model.chances(g)


@pytest.mark.parametrize("edit, message", [
    (lambda d: "{not json", "bad JSON"),
    (lambda d: json.dumps({**d, "format": "pickle"}), "not a passgo evaluator model"),
    (lambda d: json.dumps({**d, "version": 9}), "format version 9"),
    (lambda d: json.dumps({**d, "features": ["cash"]}), "features are not this passgo's"),
    (lambda d: json.dumps({**d, "mean": [1.0]}), "mean must be 18 finite numbers"),
    (lambda d: json.dumps({**d, "out": ["x", 1]}), "out must be 2 finite numbers"),
    (lambda d: json.dumps({**d, "rules": ["nosuch"]}), "malformed model"),
    (lambda d: json.dumps({k: v for k, v in d.items() if k != "engine"}), "malformed model"),
])
def test_a_corrupt_file_is_one_line(tmp_path: Path, edit: object, message: str) -> None:
    data = json.loads(hand_model().to_json())
    path = tmp_path / "bad.json"
    path.write_text(edit(data))  # type: ignore[operator]
    with pytest.raises(ModelError, match=message) as caught:
        load_model(path)
    assert "\n" not in str(caught.value) and str(path) in str(caught.value)


def test_default_evaluator_uses_a_model_that_fits(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(hand_model().to_json())
    evaluator = default_evaluator(Rules.classic(), model=path)
    assert isinstance(evaluator, ModelEvaluator)


def test_default_evaluator_falls_back_for_other_rules(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(hand_model().to_json())
    rules = Rules.classic().with_options(free_parking_jackpot=True)
    evaluator = default_evaluator(rules, rollouts=7, model=path)
    assert isinstance(evaluator, RolloutEvaluator)
    assert evaluator.note == ("the evaluator was not trained for house rules: "
                              "free_parking_jackpot (on classic); 7 rollouts")


def test_default_evaluator_falls_back_for_another_engine_version(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(hand_model(engine="0.0.1").to_json())
    evaluator = default_evaluator(Rules.classic(), rollouts=7, model=path)
    assert isinstance(evaluator, RolloutEvaluator)
    assert evaluator.note.startswith("the evaluator was trained on engine 0.0.1, this is ")


def test_default_evaluator_falls_back_for_a_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text("{")
    evaluator = default_evaluator(Rules.classic(), rollouts=7, model=path)
    assert isinstance(evaluator, RolloutEvaluator)
    assert evaluator.note.startswith(f"{path}: not a model file (bad JSON")


def test_a_model_file_runs_nothing(tmp_path: Path) -> None:
    """The file is read with `json` only: an object that would run code is just refused."""
    path = tmp_path / "m.json"
    path.write_bytes(b"\x80\x04\x95cos\nsystem\n")  # the start of a pickle
    with pytest.raises(ModelError):
        load_model(path)


def test_a_shipped_model_is_for_this_engine() -> None:
    model = default_evaluator(Rules.classic())
    assert isinstance(model, ModelEvaluator)
    assert isinstance(model.model, WinModel) and model.model.trained["command"].startswith(
        "passgo eval train")
