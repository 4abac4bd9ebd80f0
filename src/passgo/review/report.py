"""A review written out: as JSON data (`to_dict`, the schema in docs/review.md) and as one
self-contained HTML page (`to_html`: the win-chance chart as inline SVG and the table; no
script, no font or style from elsewhere)."""

from __future__ import annotations

from html import escape
from typing import Any, Final

from passgo.review.judge import THRESHOLDS
from passgo.review.review import PlayerSummary, Review, ReviewedMove

SCHEMA: Final = "passgo-review/1"
# One colour per seat in the chart (up to eight seats), readable on white.
COLOURS: Final = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
                  "#e377c2", "#17becf")
WIDTH, HEIGHT, PAD = 860, 300, 40


def _round(x: float) -> float:
    return round(x, 4)


def move_dict(m: ReviewedMove) -> dict[str, Any]:
    """One move as JSON data."""
    out: dict[str, Any] = {
        "at": m.at, "round": m.round, "turn": m.turn, "player": m.player, "kind": m.kind,
        "played": m.played, "before": [_round(x) for x in m.before],
        "after": [_round(x) for x in m.after], "judged": m.judged}
    if m.judged:
        out.update({
            "played_chance": _round(m.played_chance), "best_chance": _round(m.best_chance),
            "loss": _round(m.loss), "mark": m.mark, "best": m.best, "instead": m.instead,
            "alternatives": [{"move": a.words, "chance": _round(a.chance)}
                             for a in m.alternatives]})
    return out


def to_dict(r: Review) -> dict[str, Any]:
    """The review as JSON data (docs/review.md#json)."""
    return {
        "schema": SCHEMA,
        "players": list(r.names),
        "reviewed": [r.names[p] for p in r.reviewed],
        "winner": None if r.winner is None else r.names[r.winner],
        "ended": r.ended,
        "outcome": outcome(r),
        "evaluator": {"source": r.source, "note": r.note},
        "thresholds": {mark: t for mark, t in THRESHOLDS},
        "seconds": round(r.seconds, 2),
        "final": [_round(x) for x in r.final],
        "summary": [{
            "player": s.name, "moves_judged": s.judged, "accuracy": round(s.accuracy, 1),
            "inaccuracies": s.inaccuracies, "mistakes": s.mistakes, "blunders": s.blunders,
            "verdict": verdict(s), "biggest": [biggest_dict(r, i) for i in s.biggest]}
            for s in r.summaries],
        "moves": [move_dict(m) for m in r.moves],
    }


def biggest_dict(r: Review, i: int) -> dict[str, Any]:
    """One of a player's biggest mistakes: the round, what was played, what to do instead."""
    m = r.moves[i]
    return {"move": i, "round": m.round, "mark": m.mark, "loss": _round(m.loss),
            "played": m.played, "instead": m.instead}


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def outcome(r: Review) -> str:
    """How the game stands, in one sentence: who won and how, or that nobody did."""
    if r.ended is None:
        return "No winner yet: the game goes on."
    if r.winner is None:
        return f"No winner: the game ended ({r.ended})."
    return f"{r.names[r.winner]} won ({r.ended})."


def verdict(s: PlayerSummary) -> str:
    """A player's summary in words, as the table, the page and the browser show it:
    "accuracy 92.5% over 12 decisions; 1 inaccuracy, 0 mistakes, 2 blunders", or that none of
    the player's decisions was judged (a game that ended before the player chose anything)."""
    if not s.judged:
        return "no decision of theirs to judge"
    return (f"accuracy {s.accuracy:.1f}% over {_count(s.judged, 'decision', 'decisions')}; "
            f"{_count(s.inaccuracies, 'inaccuracy', 'inaccuracies')}, "
            f"{_count(s.mistakes, 'mistake', 'mistakes')}, "
            f"{_count(s.blunders, 'blunder', 'blunders')}")


def mistake_line(r: Review, i: int) -> str:
    """A biggest mistake in one line: "round 8: leaving Tennessee Avenue to the auction
    (blunder, -23 points); instead: buying Tennessee Avenue would have blocked Bea's orange
    group"."""
    m = r.moves[i]
    return (f"round {m.round}: {m.played} ({m.mark}, -{100 * m.loss:.0f} points); "
            f"instead: {m.instead}")


def chart_svg(r: Review) -> str:
    """Every seat's win chance over the moves, one line per seat, marks as dots."""
    points = [m.before for m in r.moves] + [r.final]
    n = max(1, len(points) - 1)
    w, h = WIDTH - 2 * PAD, HEIGHT - 2 * PAD

    def xy(i: int, chance: float) -> str:
        return f"{PAD + w * i / n:.1f},{PAD + h * (1 - chance):.1f}"

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="Win chance by move">',
             f'<rect x="{PAD}" y="{PAD}" width="{w}" height="{h}" fill="none" stroke="#999"/>']
    for pct in (25, 50, 75):
        y = PAD + h * (1 - pct / 100)
        parts.append(f'<line x1="{PAD}" y1="{y:.1f}" x2="{PAD + w}" y2="{y:.1f}" '
                     'stroke="#ddd"/>')
        parts.append(f'<text x="{PAD - 6}" y="{y + 4:.1f}" font-size="11" '
                     f'text-anchor="end">{pct}%</text>')
    for seat, name in enumerate(r.names):
        colour = COLOURS[seat % len(COLOURS)]
        line = " ".join(xy(i, p[seat]) for i, p in enumerate(points))
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" '
                     f'points="{line}"><title>{escape(name)}</title></polyline>')
        parts.append(f'<text x="{PAD + 8 + 90 * seat}" y="{PAD - 12}" font-size="12" '
                     f'fill="{colour}">{escape(name)}</text>')
    for i, m in enumerate(r.moves):
        if m.mark is not None:
            cx, cy = xy(i, m.before[m.player]).split(",")
            size = {"blunder": 6, "mistake": 4.5}.get(m.mark, 3)
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{size}" fill="'
                         f'{COLOURS[m.player % len(COLOURS)]}" stroke="#000">'
                         f'<title>{escape(m.mark)}: {escape(m.played)}</title></circle>')
    parts.append(f'<text x="{PAD + w / 2}" y="{HEIGHT - 8}" font-size="11" '
                 'text-anchor="middle">moves</text></svg>')
    return "\n".join(parts)


STYLE: Final = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;font-size:14px}td,th{border-bottom:1px solid #ddd;
padding:3px 8px;text-align:left}th{background:#f4f4f4}.blunder{background:#fbd5d5}
.mistake{background:#fde8cc}.inaccuracy{background:#fdf6cc}td.n{text-align:right}"""


def to_html(r: Review) -> str:
    """The review as one self-contained HTML page."""
    names = r.names
    rows = []
    for m in r.moves:
        chances = " ".join(f"{100 * c:.0f}" for c in m.after)
        cls = f' class="{m.mark}"' if m.mark else ""
        judged = (f"<td class=n>{100 * m.played_chance:.1f}</td>"
                  f"<td class=n>{100 * m.best_chance:.1f}</td><td>{escape(m.best)}</td>"
                  f"<td>{escape(m.mark or '')}</td>" if m.judged
                  else "<td></td><td></td><td></td><td></td>")
        rows.append(f"<tr{cls}><td class=n>{m.round}</td><td>{escape(names[m.player])}</td>"
                    f"<td>{escape(m.kind)}</td><td>{escape(m.played)}</td>{judged}"
                    f"<td class=n>{chances}</td></tr>")
    summary = []
    for s in r.summaries:
        lines = "".join(f"<li>{escape(mistake_line(r, i))}</li>" for i in s.biggest)
        summary.append(
            f"<h3>{escape(s.name)}</h3><p>{escape(verdict(s))}</p>"
            + (f"<ol>{lines}</ol>" if lines else ""))
    winner = escape(outcome(r))
    source = escape(r.source + (f" ({r.note})" if r.note else ""))
    head = "".join(f"<th>{escape(h)}</th>" for h in (
        "round", "player", "decision", "played", "chance after (%)", "best (%)", "best move",
        "mark", "chances after: " + " ".join(names)))
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        f"<title>passgo review: {escape(', '.join(names))}</title><style>{STYLE}</style>"
        f"</head><body><h1>Game review: {escape(', '.join(names))}</h1><p>{winner} Win "
        f"chances from the evaluator: {source}.</p><h2>Win chance by move</h2>"
        f"{chart_svg(r)}<h2>Summary</h2>{''.join(summary)}<h2>Moves</h2>"
        f"<table><tr>{head}</tr>{''.join(rows)}</table></body></html>\n")
