"""Plot a learning curve written by train.py --curve (CSV) as a PNG: the win share of all
training games, and against each opponent of the league.

    python examples/rl/plot_curve.py curve.csv docs/rl-curve.png
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print("usage: plot_curve.py CURVE.csv OUT.png", file=sys.stderr)
        return 2
    with Path(args[0]).open() as f:
        rows = list(csv.DictReader(f))
    steps = [int(r["steps"]) for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, [float(r["win_share_last_200"]) for r in rows], color="black",
            label="all games (last 200)")
    for key in [k for k in (rows[0] if rows else {}) if k.startswith("vs_")]:
        points = [(s, float(r[key])) for s, r in zip(steps, rows, strict=True) if r[key]]
        ax.plot([s for s, _ in points], [w for _, w in points], linewidth=1,
                label=f"against {key[3:]} (last 100)")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    ax.set_xlabel("environment steps (learner decisions)")
    ax.set_ylabel("win share in training")
    ax.set_ylim(-0.02, 1.02)  # shares of 0 and 1 stay visible
    ax.set_title("MaskablePPO by self-play against a league")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(args[1], dpi=100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
