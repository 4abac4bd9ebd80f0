"""The review as Rich tables on the terminal (the `play` extra): the moves judged, then the
summary per player with the biggest mistakes."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from passgo.review.report import mistake_line, outcome, verdict
from passgo.review.review import Review

STYLES = {"blunder": "bold red", "mistake": "dark_orange", "inaccuracy": "yellow"}


def review_table(r: Review, console: Console | None = None) -> None:
    """Print the review: every move judged (marked moves coloured, the better move on the line
    under them), then the summaries. Only the moves' words wrap, so the table reads on an
    80-column terminal."""
    out = console or Console()
    moves = Table(title="Decisions reviewed", box=box.SIMPLE_HEAD)
    moves.add_column("round", justify="right", no_wrap=True)
    moves.add_column("player", no_wrap=True)
    moves.add_column("decision", no_wrap=True)
    moves.add_column("move played (better)", ratio=1)
    moves.add_column("win %", justify="right", no_wrap=True)
    moves.add_column("mark", no_wrap=True)
    for m in r.moves:
        if not m.judged:
            continue
        style = STYLES.get(m.mark or "")
        moves.add_row(str(m.round), r.names[m.player], m.kind.replace("_", " "), m.played,
                      f"{100 * m.played_chance:.1f}", m.mark or "", style=style)
        if m.mark:
            moves.add_row("", "", "", f"better: {m.best}", f"{100 * m.best_chance:.1f}", "",
                          style="italic")
    out.print(moves)
    for s in r.summaries:
        out.print(f"[bold]{s.name}[/bold]: {verdict(s)}", highlight=False)
        for i in s.biggest:
            out.print(Padding(Text(mistake_line(r, i)), (0, 0, 0, 2), expand=False),
                      highlight=False)
    out.print(f"{outcome(r)} Win chances: {r.source}"
              + (f" ({r.note})" if r.note else "") + f"; reviewed in {r.seconds:.1f} s.",
              highlight=False, markup=False)
