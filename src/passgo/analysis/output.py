"""How every analysis leaves the program: tables on the terminal, JSON, a plot file, a web page.

An analysis hands over its report (plain data, which is also the JSON), its tables as
`TableData` (the same rows serve the terminal and the HTML page) and its figures; this module
renders them. Tables are never wrapped or cut when the output is piped: off a terminal the
console is made as wide as the widest table.
"""

from __future__ import annotations

import base64
import html
import io
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.table import Table

from passgo.analysis.errors import AnalysisError

PLOT_FORMATS = (".png", ".svg")


class OutputError(AnalysisError):
    """A plot or page file that cannot be written (bad extension, missing folder)."""


@dataclass(frozen=True, slots=True)
class TableData:
    """A table: title, column headers (the first `left` left-aligned, the others right),
    rows of text, and notes printed under it."""

    title: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]]
    notes: list[str] = field(default_factory=list)
    left: int = 1

    def rich(self) -> Table:
        table = Table(title=self.title)
        for i, header in enumerate(self.columns):
            table.add_column(header, justify="left" if i < self.left else "right",
                             no_wrap=True)
        for row in self.rows:
            table.add_row(*row)
        return table


def print_tables(tables: Sequence[TableData | Table | str], out: IO[str] | None = None) -> None:
    """Print tables (and lines of text); off a terminal, as wide as the widest table."""
    stream = out or sys.stdout
    # Piped or redirected: as wide as the tables need, never wrapped or cut at 80.
    console = Console(file=stream) if stream.isatty() else Console(file=stream, width=10_000)
    items = [t.rich() if isinstance(t, TableData) else t for t in tables]
    for table, item in zip(tables, items, strict=True):
        console.print(item)
        if isinstance(table, TableData):
            for note in table.notes:
                console.print(note, highlight=False)


def check_plot_path(path: str) -> None:
    """Refuse, before any work, a plot file the figure cannot be saved as."""
    suffix = Path(path).suffix.lower()
    if suffix not in PLOT_FORMATS:
        raise OutputError(f"--plot {path}: the file must end in .png or .svg")
    _check_folder(path, "--plot")


def check_html_path(path: str) -> None:
    if Path(path).suffix.lower() not in (".html", ".htm"):
        raise OutputError(f"--html {path}: the file must end in .html")
    _check_folder(path, "--html")


def _check_folder(path: str, option: str) -> None:
    folder = Path(path).parent
    if not folder.is_dir():
        raise OutputError(f"{option} {path}: no folder {folder}")


def save_figure(figure: Any, path: str) -> None:
    """Write a Matplotlib figure as PNG or SVG (from the file's extension)."""
    suffix = Path(path).suffix.lower()
    try:
        figure.savefig(path, format=suffix[1:], bbox_inches="tight")
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None


def png_bytes(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight")
    return buffer.getvalue()


def html_page(title: str, tables: Sequence[TableData], figures: Sequence[Any],
              report: dict[str, Any]) -> str:
    """One self-contained page: the tables, the figures as embedded PNG images, and the
    report's setup; nothing is loaded from elsewhere."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
        "margin:1em 0}td,th{border:1px solid #ccc;padding:2px 8px}td{text-align:right}"
        "td:first-child{text-align:left}caption{font-weight:bold;text-align:left}"
        "img{max-width:100%}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{html.escape(setup_line(report))}</p>",
    ]
    for figure in figures:
        data = base64.b64encode(png_bytes(figure)).decode("ascii")
        parts.append(f'<p><img alt="{html.escape(title)}" src="data:image/png;base64,{data}"></p>')
    for table in tables:
        parts.append(f"<table><caption>{html.escape(table.title)}</caption><tr>")
        parts.extend(f"<th>{html.escape(c)}</th>" for c in table.columns)
        parts.append("</tr>")
        for row in table.rows:
            parts.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
        parts.append("</table>")
        parts.extend(f"<p>{html.escape(note)}</p>" for note in table.notes)
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def setup_line(report: dict[str, Any]) -> str:
    """The report's setup in one line ("rules: classic, seed: 0, ...")."""
    return ", ".join(f"{k.replace('_', ' ')}: {v}" for k, v in report["setup"].items()
                     if v is not None)


def write_report(report: dict[str, Any], tables: Sequence[TableData], figures: Sequence[Any],
                 *, as_json: bool, plot: str | None, page: str | None, title: str) -> None:
    """Write the plot and the page when asked, then print the report (tables or JSON)."""
    if plot and figures:
        save_figure(figures[0], plot)
    if page:
        try:
            Path(page).write_text(html_page(title, tables, figures, report), encoding="utf-8")
        except OSError as exc:
            raise OutputError(f"cannot write {page}: {exc.strerror or exc}") from None
    if as_json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print_tables([setup_line(report), *tables])
