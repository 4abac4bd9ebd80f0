"""The statistics of the reports: Wilson intervals for shares, paired differences, spreads.

Shares of games (wins, capped games) are binomial proportions, often near 0 or 1 for strong
or weak bots, where the textbook normal interval misbehaves; the Wilson score interval keeps
its coverage there and never leaves [0, 1]. A paired comparison runs both configurations on
the same seeds, so its interval comes from the per-game differences (a t interval), which is
what makes common random numbers pay off: the shared luck cancels game by game.

The quantiles come from `scipy.special` (the functions `scipy.stats`' `norm.ppf` and `t.ppf`
call, so the same numbers), imported when an interval is first worked out: importing
`scipy.stats` costs more than a second and a half, and most commands that import this module
never need a quantile, or need it once the work is done.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

CONFIDENCE = 0.95


def wilson(successes: int, trials: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """Wilson score interval for `successes` out of `trials` (40 of 100: 0.309 to 0.498)."""
    if trials <= 0:
        raise ValueError("a share needs at least one trial")
    from scipy.special import ndtri  # the normal quantile (norm.ppf)

    z = float(ndtri(0.5 + confidence / 2))
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * float(np.sqrt(p * (1 - p) / trials + z2n / (4 * trials)))
    # The interval contains the observed share; rounding must not push 1.0 out of 10/10.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """Mean of B minus A over paired games, with its confidence interval."""

    mean_a: float
    mean_b: float
    difference: float
    low: float
    high: float


def paired_difference(
    a: Sequence[float], b: Sequence[float], confidence: float = CONFIDENCE
) -> PairedDifference:
    """B - A from paired observations; the interval is Student's t on the differences (it
    collapses to a point when every difference is the same, e.g. a configuration against
    itself). Two pairs at least: one has no spread to estimate."""
    xa, xb = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if xa.shape != xb.shape or xa.size < 2:
        raise ValueError("paired samples need the same length, two at least")
    mean, low, high = mean_interval(xb - xa, confidence)
    return PairedDifference(float(xa.mean()), float(xb.mean()), mean, low, high)


def mean_interval(values: Sequence[float] | np.ndarray,
                  confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """(mean, low, high): the mean of independent observations (paired differences, batch
    means of a long run) with Student's t interval; two observations at least."""
    x = np.asarray(values, dtype=float)
    if x.size < 2:
        raise ValueError("an interval needs two observations at least")
    from scipy.special import stdtrit  # Student's t quantile (t.ppf): degrees of freedom first

    mean = float(x.mean())
    half = float(stdtrit(x.size - 1, 0.5 + confidence / 2)) * float(x.std(ddof=1)) / float(
        np.sqrt(x.size))
    return mean, mean - half, mean + half


def spread(values: Sequence[int]) -> dict[str, float]:
    """Mean, standard deviation and quantiles of a per-game quantity (rounds, turns)."""
    x = np.asarray(values, dtype=float)
    q = np.percentile(x, [0, 5, 25, 50, 75, 95, 100])
    return {
        "mean": float(x.mean()),
        "sd": float(x.std(ddof=1)) if x.size > 1 else 0.0,
        "min": float(q[0]),
        "p5": float(q[1]),
        "p25": float(q[2]),
        "median": float(q[3]),
        "p75": float(q[4]),
        "p95": float(q[5]),
        "max": float(q[6]),
    }
