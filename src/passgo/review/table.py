"""The review as Rich tables on the terminal (the `play` extra): the moves judged, then the
summary per player with the biggest mistakes."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from passgo.review.report import mistake_line, tally
from passgo.review.review import Review

STYLES = {"blunder": "bold red", "mistake": "dark_orange", "inaccuracy": "yellow"}


def review_table(r: Review, console: Console | None = None) -> None:
    """Print the review: every move judged (marked moves coloured), then the summaries."""
    out = console or Console()
    moves = Table(title="Decisions reviewed")
    for head in ("round", "player", "decision", "played", "after (%)", "best (%)",
                 "best move", "mark"):
        moves.add_column(head, justify="right" if "%" in head or head == "round" else "left")
    for m in r.moves:
        if not m.judged:
            continue
        moves.add_row(str(m.round), r.names[m.player], m.kind, m.played,
                      f"{100 * m.played_chance:.1f}", f"{100 * m.best_chance:.1f}",
                      m.best if m.mark else "", m.mark or "", style=STYLES.get(m.mark or ""))
    out.print(moves)
    for s in r.summaries:
        out.print(f"[bold]{s.name}[/bold]: accuracy {s.accuracy:.1f}% over {s.judged} "
                  f"decisions; {tally(s)}", highlight=False)
        for i in s.biggest:
            out.print(f"  {mistake_line(r, i)}", highlight=False, markup=False)
    winner = r.names[r.winner] if r.winner is not None else "nobody yet"
    out.print(f"Winner: {winner}. Win chances: {r.source}"
              + (f" ({r.note})" if r.note else "") + f"; reviewed in {r.seconds:.1f} s.",
              highlight=False, markup=False)
