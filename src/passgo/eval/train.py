"""`passgo eval train`: fit the win-chance model on positions of simulated games.

The positions (`samples.training_samples`) are split by game: the last `HOLD_OUT` of the
games are held out, so that the reported test figures come from games the model never saw
(positions of one game are alike). The model (`winmodel.WinModel`) is fitted by maximum
likelihood, the cross-entropy of each position's softmax over the seats still in against the
outcome, with a small L2 penalty, by L-BFGS (SciPy) on exact gradients (NumPy); then written
as JSON with the engine version, the rules, the features and the command that made it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize

from passgo.agents.winmodel import FEATURES, MAX_SEATS, WinModel
from passgo.core import ENGINE_VERSION, Rules
from passgo.eval.samples import Sample, SampleJob, by_games, training_samples

HOLD_OUT: Final = 0.15  # share of the games kept out of the fit, for the test figures
TASK: Final = 10  # games per worker task
PENALTY: Final = 1e-3  # L2 weight of the parameters (the network's and the linear term's)
MAX_ITERATIONS: Final = 400

Floats = NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Arrays:
    """Positions as padded arrays: features (positions x seats x features), which seats are
    in the game, and the outcomes (positions x seats)."""

    x: Floats
    mask: NDArray[np.bool_]
    y: Floats

    @staticmethod
    def of(samples: list[Sample]) -> Arrays:
        k = len(FEATURES)
        x = np.zeros((len(samples), MAX_SEATS, k))
        mask = np.zeros((len(samples), MAX_SEATS), dtype=bool)
        y = np.zeros((len(samples), MAX_SEATS))
        for i, (_, feats, label) in enumerate(samples):
            for p, f in enumerate(feats):
                if f is not None:
                    x[i, p] = f
                    mask[i, p] = True
            y[i, :len(label)] = label
        y *= mask
        y /= y.sum(axis=1, keepdims=True)
        return Arrays(x, mask, y)


def collect(rules: Rules, games: int, seed: int, every: int, workers: int) -> list[Sample]:
    """The sampled positions of `games` games, in game order whatever the workers."""
    return by_games(training_samples, SampleJob(rules, seed, every), games, TASK,
                    "training positions", workers)


class Fit:
    """The loss and its gradient for flattened parameters, on standardised features."""

    def __init__(self, data: Arrays, mean: Floats, scale: Floats, hidden: int) -> None:
        self.z = (data.x - mean) * scale * data.mask[..., None]
        self.mask = data.mask
        self.y = data.y
        self.k = int(data.x.shape[2])
        self.h = hidden

    def unpack(self, theta: Floats) -> tuple[Floats, Floats, Floats, Floats]:
        k, h = self.k, self.h
        w = theta[:h * k].reshape(h, k)
        b = theta[h * k:h * k + h]
        out = theta[h * k + h:h * k + 2 * h]
        lin = theta[h * k + 2 * h:]
        return w, b, out, lin

    def size(self) -> int:
        return self.h * self.k + 2 * self.h + self.k

    def log_chances(self, theta: Floats) -> tuple[Floats, Floats]:
        w, b, out, lin = self.unpack(theta)
        t = np.tanh(self.z @ w.T + b)
        s = t @ out + self.z @ lin
        s = np.where(self.mask, s, -np.inf)
        top = s.max(axis=1, keepdims=True)
        logp = s - top - np.log(np.exp(s - top).sum(axis=1, keepdims=True))
        return np.where(self.mask, logp, 0.0), t

    def loss(self, theta: Floats) -> tuple[float, Floats]:
        w, _, out, lin = self.unpack(theta)
        logp, t = self.log_chances(theta)
        n = len(self.y)
        value = -float((self.y * logp).sum()) / n
        value += PENALTY * float((w * w).sum() + (out * out).sum() + (lin * lin).sum())
        ds = (np.exp(logp) * self.mask - self.y) / n
        d_lin = np.einsum("ps,psk->k", ds, self.z) + 2 * PENALTY * lin
        d_out = np.einsum("ps,psh->h", ds, t) + 2 * PENALTY * out
        da = ds[..., None] * out * (1 - t * t)
        d_w = np.einsum("psh,psk->hk", da, self.z) + 2 * PENALTY * w
        d_b = da.sum(axis=(0, 1))
        return value, np.concatenate([d_w.ravel(), d_b, d_out, d_lin])


def brier(chances: Floats, y: Floats) -> float:
    """The Brier score: the squared error summed over the seats, averaged over positions."""
    return float(((chances - y) ** 2).sum(axis=1).mean())


def fit(train: Arrays, test: Arrays, hidden: int, seed: int) -> tuple[Floats, dict[str, Any]]:
    """Fitted standardisation and parameters, and figures on the training and test sets."""
    seats = train.x[train.mask]
    mean = seats.mean(axis=0)
    spread = seats.std(axis=0)
    scale = np.where(spread > 1e-9, 1 / np.where(spread > 1e-9, spread, 1.0), 0.0)
    problem = Fit(train, mean, scale, hidden)
    rng = np.random.default_rng(seed)
    theta0 = rng.normal(0, 0.1, problem.size())
    result = minimize(problem.loss, theta0, jac=True, method="L-BFGS-B",
                      options={"maxiter": MAX_ITERATIONS})
    theta = np.asarray(result.x, dtype=np.float64)
    figures: dict[str, Any] = {"iterations": int(result.nit)}
    for name, data in (("train", train), ("test", test)):
        logp, _ = Fit(data, mean, scale, hidden).log_chances(theta)
        figures[f"{name}_positions"] = len(data.y)
        figures[f"{name}_log_loss"] = -float((data.y * logp).sum()) / max(1, len(data.y))
        figures[f"{name}_brier"] = brier(np.exp(logp) * data.mask, data.y)
    return np.concatenate([mean, scale, theta]), figures


def train_model(rules: Rules, games: int, seed: int, every: int, workers: int,
                hidden: int, command: str) -> WinModel:
    """Play, sample, split, fit: the model and, in `trained`, how it was made."""
    started = time.perf_counter()
    samples = collect(rules, games, seed, every, workers)
    cut = games - max(1, math.ceil(games * HOLD_OUT))
    train = Arrays.of([s for s in samples if s[0] < cut])
    test = Arrays.of([s for s in samples if s[0] >= cut])
    if not len(train.y) or not len(test.y):
        raise ValueError("too few games to train on and test: give --games 20 or more")
    params, figures = fit(train, test, hidden, seed)
    k = len(FEATURES)
    mean, scale, theta = params[:k], params[k:2 * k], params[2 * k:]
    w = theta[:hidden * k].reshape(hidden, k)
    b = theta[hidden * k:hidden * k + hidden]
    out = theta[hidden * k + hidden:hidden * k + 2 * hidden]
    lin = theta[hidden * k + 2 * hidden:]
    trained = {"command": command, "games": games, "held_out_games": games - cut,
               "seed": seed, "every": every, "hidden": hidden,
               "seconds": round(time.perf_counter() - started, 1),
               **{key: round(v, 5) if isinstance(v, float) else v
                  for key, v in figures.items()}}
    return WinModel((rules,), ENGINE_VERSION, FEATURES, _list(mean), _list(scale),
                    [_list(row) for row in w], _list(b), _list(out), _list(lin), trained)


def _list(a: Floats) -> list[float]:
    return [float(v) for v in a]
