"""`passgo eval` from the command line: bad arguments in one line, a position's chances, and
the fit's gradient (what training stands on) against finite differences."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from eval_support import STRONG, hand_model
from passgo.cli import main
from passgo.eval.train import Arrays, Fit


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["eval", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("args, message", [
    (["train", "--games", "5"], "--games must be at least 20"),
    (["train", "--games", "0"], "--games must be from 1"),
    (["train", "--hidden", "65"], "--hidden must be from 0 to 64"),
    (["train", "--every", "0"], "--every must be from 1"),
    (["train", "--workers", "0"], "--workers must be from 1"),
    (["train", "--rules", "nosuch"], "unknown rule set 'nosuch'"),
    (["train", "--games", "20", "--out", "/no/such/folder/m.json"], "no folder /no/such/folder"),
    (["check", "--per-game", "0"], "--per-game must be from 1"),
    (["check", "--rollouts", "-1"], "--rollouts must be from 0"),
    (["check", "--plot", "x.gif"], ".png or .svg"),
    (["check", "--rules", "short-1"], "no shipped model for --rules short-1"),
    (["position", "/no/such/file.toml"], "/no/such/file.toml"),
    (["position", "x.toml", "--rollouts", "0"], "--rollouts must be from 1"),
    (["nosuch"], "invalid choice"),
])
def test_bad_arguments_give_one_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                     message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_a_corrupt_model_for_check_is_one_line(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    code, out, err = run(capsys, "check", "--model", str(bad))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{bad}: not a model file (bad JSON" in err


def test_position_prints_the_chances(capsys: pytest.CaptureFixture[str],
                                     tmp_path: Path) -> None:
    position = tmp_path / "p.toml"
    position.write_text(STRONG)
    model = tmp_path / "m.json"
    model.write_text(hand_model().to_json())
    code, out, _ = run(capsys, "position", str(position), "--model", str(model), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["players"] == ["Ann", "Bob"] and data["source"] == "model"
    assert data["chances"][0] > 0.9 and sum(data["chances"]) == pytest.approx(1.0)


def test_the_fit_gradient_matches_finite_differences() -> None:
    rng = np.random.default_rng(3)
    k = 18
    samples = []
    for game in range(6):
        n = 2 + game % 3
        feats: list[list[float] | None] = [list(rng.normal(size=k)) for _ in range(n)]
        feats[0] = None if n == 4 else feats[0]
        label = [0.0] * n
        label[int(rng.integers(1 if n == 4 else 0, n))] = 1.0
        samples.append((game, feats, label))
    data = Arrays.of(samples)
    problem = Fit(data, np.zeros(k), np.ones(k), 3)
    theta = rng.normal(0, 0.3, problem.size())
    _, grad = problem.loss(theta)
    step = 1e-6
    for i in rng.choice(problem.size(), 12, replace=False):
        up, down = theta.copy(), theta.copy()
        up[i] += step
        down[i] -= step
        numeric = (problem.loss(up)[0] - problem.loss(down)[0]) / (2 * step)
        assert grad[i] == pytest.approx(numeric, rel=1e-4, abs=1e-7)


def test_check_reports_brier_and_draws_the_reliability_plot(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "r.png"
    code, out, _ = run(capsys, "check", "--games", "3", "--per-game", "1", "--workers", "1",
                       "--rollouts", "1", "--json", "--plot", str(plot))
    assert code == 0
    report = json.loads(out)
    assert report["positions"] == 3
    assert 0 <= report["model"]["brier"] <= 2 and 0 <= report["rollouts"]["brier"] <= 2
    assert sum(b["seats"] for b in report["model"]["reliability"]) >= 2 * 3
    assert plot.read_bytes().startswith(b"\x89PNG")
