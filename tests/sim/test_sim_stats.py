"""The statistics behind the reports, against values worked out by hand or published."""

from __future__ import annotations

import math

import pytest

from passgo.sim.stats import paired_difference, spread, wilson


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (40, 100, 0.3094, 0.4980),  # the textbook example
        (0, 10, 0.0, 0.2775),  # never zero width, unlike the normal interval
        (10, 10, 0.7225, 1.0),
        (1, 2, 0.0945, 0.9055),
        (500, 1000, 0.4691, 0.5309),
    ],
)
def test_wilson_known_values(successes: int, trials: int, low: float, high: float) -> None:
    lo, hi = wilson(successes, trials)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)
    assert 0.0 <= lo <= successes / trials <= hi <= 1.0


def test_wilson_refuses_no_trials() -> None:
    with pytest.raises(ValueError):
        wilson(0, 0)


def test_paired_difference_of_identical_samples_is_exactly_zero() -> None:
    d = paired_difference([1, 0, 1, 1], [1, 0, 1, 1])
    assert (d.difference, d.low, d.high) == (0.0, 0.0, 0.0)


def test_paired_difference_is_a_t_interval_on_the_differences() -> None:
    # Differences 1, 2, 3: mean 2, sd 1, t(0.975, 2) = 4.3027.
    d = paired_difference([0, 0, 0], [1, 2, 3])
    half = 4.302653 / math.sqrt(3)
    assert (d.mean_a, d.mean_b, d.difference) == (0.0, 2.0, 2.0)
    assert d.low == pytest.approx(2 - half, abs=1e-5)
    assert d.high == pytest.approx(2 + half, abs=1e-5)


def test_paired_difference_needs_two_pairs_of_equal_length() -> None:
    with pytest.raises(ValueError):
        paired_difference([1], [0])
    with pytest.raises(ValueError):
        paired_difference([1, 0], [0])


def test_spread_quantiles() -> None:
    s = spread(list(range(101)))
    assert (s["min"], s["p5"], s["median"], s["p95"], s["max"]) == (0, 5, 50, 95, 100)
    assert s["mean"] == 50
    assert spread([7])["sd"] == 0.0
