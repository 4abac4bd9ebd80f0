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
from matplotlib.colors import LinearSegmentedColormap
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


def _wrapped(name: str, width: int = 12) -> str:
    """A square's full name on as many lines as its words need, none wider than `width`
    characters unless a word is ("Mediterranean")."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines)


def board_heatmap(names: Sequence[str], panels: Mapping[str, Sequence[float]], title: str,
                  unit: str = "% of throws") -> Figure:
    """One board per panel: the squares around the edge as on the real board (GO bottom
    right), each coloured by its value (per cent) and labelled with its full name and value;
    the middle holds the panel's title, In Jail (the last value), the colour scale and the
    five highest squares. `names`: the squares' names, In Jail last."""
    n = len(names) - 1
    side = SIDE * 0.82  # inches per board: about 80 pixels a square at 100 dpi
    fig, axes = plt.subplots(1, len(panels), figsize=(side * len(panels), side),
                             squeeze=False, layout="constrained")
    vmax = max(max(v[:n]) for v in panels.values())
    # From the least visited square a throw can end on: a square no throw ends on (Go To
    # Jail) is drawn grey, and the scale spreads over the others.
    vmin = min(x for v in panels.values() for x in v[:n] if x > 0)
    # The light two thirds of the map, so that black text reads on every square.
    cmap = LinearSegmentedColormap.from_list(
        "light", plt.get_cmap("YlOrRd")(np.linspace(0.0, 0.7, 256))).with_extremes(
        under="lightgrey")
    for ax, (label, values) in zip(axes[0], panels.items(), strict=True):
        grid = np.full((SIDE, SIDE), np.nan)
        for sq in range(n):
            grid[board_cell(sq, n)] = values[sq]
        image = ax.imshow(grid, cmap=cmap, vmin=vmin, vmax=vmax)
        for sq in range(n):
            row, col = board_cell(sq, n)
            label = _wrapped(names[sq])
            longest = max(len(line) for line in label.splitlines())
            ax.text(col, row - 0.12, label, ha="center", va="center",
                    fontsize=8 if longest <= 12 else 7, linespacing=1.0)
            ax.text(col, row + 0.33, f"{values[sq]:.2f}", ha="center", va="center",
                    fontsize=9, fontweight="bold")
        # Grid lines between the squares of the edge.
        for k in range(SIDE + 1):
            for a, b in ((0, 1), (SIDE - 1, SIDE)):
                ax.plot([k - 0.5, k - 0.5], [a - 0.5, b - 0.5], color="white", lw=1.5)
                ax.plot([a - 0.5, b - 0.5], [k - 0.5, k - 0.5], color="white", lw=1.5)
        centre = SIDE // 2
        ax.text(centre, 1.8, label, ha="center", va="center", fontsize=15, fontweight="bold")
        ax.text(centre, 3.0, f"In Jail: {values[n]:.2f} {unit}", ha="center", va="center",
                fontsize=13)
        top = sorted(range(n), key=lambda sq: -values[sq])[:5]
        ax.text(centre, 5.3, "Highest\n" + "\n".join(
            f"{names[sq]}  {values[sq]:.2f}" for sq in top), ha="center", va="center",
            fontsize=11, linespacing=1.4)
        scale = ax.inset_axes((0.2, 0.2, 0.6, 0.035))
        fig.colorbar(image, cax=scale, orientation="horizontal", label=unit)
        scale.xaxis.label.set_size(11)
        ax.set_xticks([])
        ax.set_yticks([])
        for spine in ax.spines.values():
            spine.set_visible(False)
    fig.suptitle(title, fontsize=16)
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


def length_histograms(samples: Mapping[str, tuple[Sequence[int], Sequence[bool]]],
                      title: str, cap: int, bins: int = 30) -> Figure:
    """Game lengths, one histogram per rule set on the same bins, of the games that ended;
    the games stopped at the round cap drawn apart as a hatched bar at the right, with their
    share in the legend (a capped game did not last `cap` rounds: it was cut there)."""
    fig, (ax, capped_ax) = plt.subplots(
        1, 2, figsize=(10, 5.5), layout="constrained",
        gridspec_kw={"width_ratios": (6, 1)})
    ended = [x for rounds, capped in samples.values()
             for x, c in zip(rounds, capped, strict=True) if not c] or [0]
    edges = [float(e) for e in np.histogram_bin_edges(ended, bins=bins)]
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    width = 0.8 / max(1, len(samples))
    for i, (label, (rounds, capped)) in enumerate(samples.items()):
        colour = colours[i % len(colours)]
        done = [x for x, c in zip(rounds, capped, strict=True) if not c]
        stopped = sum(capped)
        ax.hist(done, bins=edges, alpha=0.55, color=colour, edgecolor=colour,
                label=f"{label}: {len(done)} ended")
        capped_ax.bar(i * width, stopped, width=width * 0.9, color=colour, alpha=0.55,
                      hatch="//", edgecolor="black",
                      label=f"{label}: {stopped} ({100 * stopped / max(1, len(rounds)):.0f} %)")
    ax.set_title(title, fontsize=13)
    ax.set_xlabel("rounds, games that ended with a winner", fontsize=11)
    ax.set_ylabel("games", fontsize=11)
    ax.legend(fontsize=10)
    capped_ax.set_title(f"stopped at\n{cap} rounds", fontsize=11)
    if not any(any(capped) for _, capped in samples.values()):
        capped_ax.text(0.5, 0.5, "none", ha="center", va="center", fontsize=12,
                       transform=capped_ax.transAxes)
    capped_ax.set_xticks([])
    capped_ax.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.02),
                     title="capped", title_fontsize=9)
    for a in (ax, capped_ax):
        a.tick_params(labelsize=10)
    return fig


def returns_panels(best: Sequence[tuple[str, str, float]], levels: Sequence[str],
                   per_dollar: Mapping[str, Sequence[float]],
                   per_turn: Mapping[str, Sequence[float]],
                   stations: Mapping[str, tuple[str, float, float]], rules: str,
                   opponents: int, colours: Mapping[str, str]) -> Figure:
    """The returns figure: on top every group's best return per dollar invested, ranked (the
    headline); below, for the colour groups by building level, the return per dollar and the
    rent per opponent turn, the railroads and utilities (all owned) as dashed lines. Returns
    are per cent of the cost per opponent turn."""
    fig = plt.figure(figsize=(12, 10), layout="constrained")
    grid = fig.add_gridspec(2, 2, height_ratios=(1, 1.15))
    bars = fig.add_subplot(grid[0, :])
    labels = [f"{group} ({level})" for group, level, _ in best]
    values = [100 * v for _, _, v in best]
    y = list(range(len(best)))[::-1]
    bars.barh(y, values, color=[colours.get(g, "tab:blue") for g, _, _ in best],
              edgecolor="black")
    bars.set_yticks(y, labels, fontsize=11)
    for yi, v in zip(y, values, strict=True):
        bars.text(v, yi, f"  {v:.2f} %", va="center", fontsize=10)
    bars.set_xlim(0, max(values) * 1.15)
    bars.set_xlabel("rent per opponent turn, % of the money invested (deeds + buildings)",
                    fontsize=11)
    bars.set_title(f"Best return per dollar invested: {best[0][0]} ({best[0][1]}), {rules}; "
                   f"×{opponents} for a round against {opponents} opponents", fontsize=13)
    left, right = fig.add_subplot(grid[1, 0]), fig.add_subplot(grid[1, 1])
    x = list(range(len(levels)))
    for ax, series, scale, ylabel, per_turn_axis in (
            (left, per_dollar, 100.0, "% of the cost per opponent turn", False),
            (right, per_turn, 1.0, "expected rent per opponent turn ($)", True)):
        for label, ys in series.items():
            ax.plot(x, [scale * v for v in ys], marker="o", label=label,
                    color=colours.get(label), lw=2)
        for label, (owned, dollar, turn) in stations.items():
            ax.axhline(scale * (turn if per_turn_axis else dollar),
                       color=colours.get(label, "grey"), ls="--", lw=1.5,
                       label=f"{label} ({owned})")
        ax.set_xticks(x, [lv.replace("group, no houses", "no houses").replace(" and ", " + ")
                          for lv in levels], rotation=30, ha="right", fontsize=10)
        ax.set_ylabel(ylabel, fontsize=11)
        ax.grid(alpha=0.3)
        ax.tick_params(axis="y", labelsize=10)
    left.set_title("Return per dollar by building level", fontsize=12)
    right.set_title("Rent per opponent turn by building level", fontsize=12)
    right.legend(fontsize=9, ncols=2, loc="upper left")
    return fig
