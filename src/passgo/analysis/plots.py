"""The figures of the analyses, drawn with Matplotlib's Agg backend (no display needed).

Each function takes the numbers of a report and returns a Figure; the numbers are drawn as
they are (a heat map's cells, bar heights, histogram counts), so a test can read them back
from the figure's artists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

SIDE = 11  # squares along one side of the board, corners included


def board_cell(square: int, n: int = 40) -> tuple[int, int]:
    """(row, column) of a square on an 11 × 11 grid: GO bottom right, then clockwise along
    the bottom row, up the left side, along the top and down the right side."""
    side = n // 4
    edge, k = divmod(square, side)
    if edge == 0:
        return side, side - k
    if edge == 1:
        return side - k, 0
    if edge == 2:
        return 0, k
    return k, side


def board_heatmap(names: Sequence[str], panels: Mapping[str, Sequence[float]], title: str
                  ) -> Figure:
    """One board per panel, each square coloured by its value (per cent), In Jail (the last
    value) written in the middle. `names`: the squares' names, In Jail last."""
    n = len(names) - 1
    fig, axes = plt.subplots(1, len(panels), figsize=(6.5 * len(panels), 6.5), squeeze=False)
    vmax = max(max(v[:n]) for v in panels.values())
    for ax, (label, values) in zip(axes[0], panels.items(), strict=True):
        grid = np.full((SIDE, SIDE), np.nan)
        for sq in range(n):
            grid[board_cell(sq, n)] = values[sq]
        image = ax.imshow(grid, cmap="viridis", vmin=0.0, vmax=vmax)
        for sq in range(n):
            row, col = board_cell(sq, n)
            ax.text(col, row, f"{names[sq][:10]}\n{values[sq]:.2f}", ha="center", va="center",
                    fontsize=5, color="white" if values[sq] < 0.6 * vmax else "black")
        ax.text(SIDE // 2, SIDE // 2, f"In Jail\n{values[n]:.2f} %", ha="center", va="center",
                fontsize=11)
        ax.set_title(label)
        ax.set_xticks([])
        ax.set_yticks([])
        fig.colorbar(image, ax=ax, shrink=0.7, label="% of throws")
    fig.suptitle(title)
    return fig


def curves(x: Sequence[float], series: Mapping[str, Sequence[float]], title: str, xlabel: str,
           ylabel: str, colours: Mapping[str, str] | None = None) -> Figure:
    """One line per series over the same x values."""
    fig, ax = plt.subplots(figsize=(8, 5))
    for label, ys in series.items():
        ax.plot(list(x), list(ys), marker="o", label=label,
                color=(colours or {}).get(label))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=7)
    ax.grid(alpha=0.3)
    return fig


def interval_bars(labels: Sequence[str], values: Sequence[float],
                  intervals: Sequence[tuple[float, float]], title: str, ylabel: str) -> Figure:
    """Bars with their 95 % intervals as error bars."""
    fig, ax = plt.subplots(figsize=(max(5.0, 1.2 * len(labels)), 4.5))
    low = [v - lo for v, (lo, _) in zip(values, intervals, strict=True)]
    high = [hi - v for v, (_, hi) in zip(values, intervals, strict=True)]
    ax.bar(list(labels), list(values), yerr=[low, high], capsize=6, color="tab:blue")
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    ax.axhline(0, color="black", linewidth=0.8)
    ax.tick_params(axis="x", labelrotation=20)
    return fig


def histograms(samples: Mapping[str, Sequence[float]], title: str, xlabel: str, bins: int = 30
               ) -> Figure:
    """Overlaid histograms on the same bins, one per sample."""
    fig, ax = plt.subplots(figsize=(8, 5))
    everything = [x for s in samples.values() for x in s] or [0.0]
    edges = [float(e) for e in np.histogram_bin_edges(everything, bins=bins)]
    for label, values in samples.items():
        ax.hist(list(values), bins=edges, alpha=0.5, label=label)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.legend(fontsize=8)
    return fig
