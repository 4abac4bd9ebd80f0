"""Totals of a job and the report data computed from them (plain dicts, ready for JSON).

Records arrive in whatever order the workers finish. Everything kept is either an integer
total or a per-game value stored at its game's index, and every reported float is computed
at the end from those in index order, so the order of arrival (and hence the number of workers
or the backend) cannot change a single digit of a report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from passgo.core.board import Board
from passgo.sim.jobs import GameJob
from passgo.sim.records import GameRecord, landing_labels, rent_groups
from passgo.sim.stats import paired_difference, spread, wilson

BANK = "Bank"


def share(count: int, total: int) -> dict[str, Any]:
    """A count as a share of `total`, with its 95 % Wilson interval."""
    low, high = wilson(count, total)
    return {"count": count, "share": count / total, "ci95": [low, high]}


def landing_report(board: Board, counts: list[int], rolls: int) -> dict[str, Any]:
    """Landings per throw, square by square; the last row (index = number of squares) is
    In Jail, and the jail square's own row is Just Visiting."""
    rows = [
        {"index": i, "name": name, "landings": c, "per_roll": c / rolls if rolls else 0.0}
        for i, (name, c) in enumerate(zip(landing_labels(board), counts, strict=True))
    ]
    return {"rolls": rolls, "squares": rows}


class GameTally:
    """The running totals of a job's games."""

    def __init__(self, job: GameJob, games: int, board: Board) -> None:
        self.job = job
        self.games = games
        self.board = board
        self.winner = [-1] * games
        self.rounds = [0] * games
        self.turns = [0] * games
        self.capped = [False] * games
        self.end_reasons: Counter[str] = Counter()
        self.bankruptcies: Counter[tuple[int, int]] = Counter()
        self.rent = [0] * len(rent_groups(board))
        self.landings = [0] * (len(board.squares) + 1)
        self.rolls = 0
        self.incidents: Counter[tuple[int, str]] = Counter()  # (entry, kind) -> count
        self.incident_games = [0] * len(job.bots)  # per entry: games with an incident
        self.added = 0

    def add(self, record: GameRecord) -> None:
        i = record.index
        self.winner[i] = record.winner
        self.rounds[i] = record.rounds
        self.turns[i] = record.turns
        self.capped[i] = record.capped
        self.end_reasons[record.end_reason] += 1
        self.bankruptcies.update(record.bankruptcies)
        self.rent = [a + b for a, b in zip(self.rent, record.rent, strict=True)]
        self.landings = [a + b for a, b in zip(self.landings, record.landings, strict=True)]
        self.rolls += record.rolls
        self.incidents.update(record.incidents)
        for entry in {entry for entry, _ in record.incidents}:
            self.incident_games[entry] += 1
        self.added += 1

    def wins_of(self, bot: str) -> list[int]:
        """Per game: 1 if a player with this bot won."""
        bots = self.job.bots
        return [int(w >= 0 and bots[w] == bot) for w in self.winner]

    def report(self) -> dict[str, Any]:
        if self.added != self.games:
            raise RuntimeError(f"{self.added} of {self.games} games were tallied")
        bots, games = self.job.bots, self.games
        wins = Counter(self.winner)
        names = self.job.seat_names()
        by_player = [
            {"player": j + 1, **({"name": names[j]} if names else {}), "bot": bot,
             **share(wins[j], games)} for j, bot in enumerate(bots)
        ]
        by_bot = [
            {"bot": bot, "players": bots.count(bot), **share(sum(self.wins_of(bot)), games)}
            for bot in dict.fromkeys(bots)
        ]
        to_bank = sum(c for (_, creditor), c in self.bankruptcies.items() if creditor < 0)
        by_creditor: Counter[str] = Counter()
        for (_, creditor), count in self.bankruptcies.items():
            by_creditor[BANK if creditor < 0 else (names or bots)[creditor]] += count
        total_bankruptcies = sum(self.bankruptcies.values())
        total_rent = sum(self.rent)
        return {
            "games": games,
            "wins": {"by_player": by_player, "by_bot": by_bot, "no_winner": share(wins[-1], games)},
            "length": {"rounds": spread(self.rounds), "turns": spread(self.turns)},
            "capped": share(sum(self.capped), games),
            "end_reasons": dict(sorted(self.end_reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
            "bankruptcies": {
                "total": total_bankruptcies,
                "per_game": total_bankruptcies / games,
                "to_bank": to_bank,
                "to_players": total_bankruptcies - to_bank,
                "by_creditor": dict(sorted(by_creditor.items())),
            },
            "rent": [
                {
                    "group": name,
                    "total": amount,
                    "per_game": amount / games,
                    "share": amount / total_rent if total_rent else 0.0,
                }
                for name, amount in zip(rent_groups(self.board), self.rent, strict=True)
            ],
            "landings": landing_report(self.board, self.landings, self.rolls),
            "incidents": self.incident_report(),
        }

    def incident_report(self) -> dict[str, Any]:
        """What went wrong with protocol bots (outside programs), per player: counts by kind
        ("crash", "illegal", "timeout", "hang", "stalling", "handshake") and the number of
        games with at least one. Such a bot never stops a game (a safe default plays for it),
        so its statistics are those of the bot *with* its failures."""
        rows = []
        for j, bot in enumerate(self.job.bots):
            kinds = {kind: c for (entry, kind), c in sorted(self.incidents.items())
                     if entry == j}
            rows.append({"player": j + 1, "bot": bot, "total": sum(kinds.values()),
                         "games": self.incident_games[j], "by_kind": kinds})
        return {"total": sum(self.incidents.values()), "by_player": rows}


def compare_report(a: GameTally, b: GameTally, focus: str) -> list[dict[str, Any]]:
    """B minus A, paired game by game (both ran the same seeds): the focus bot's win share,
    the share of games without a winner, and the game length."""
    metrics = [
        (f"win share of {focus}", a.wins_of(focus), b.wins_of(focus)),
        ("share without a winner", [int(w < 0) for w in a.winner],
         [int(w < 0) for w in b.winner]),
        ("rounds per game", a.rounds, b.rounds),
        ("turns per game", a.turns, b.turns),
    ]
    return paired_rows(metrics)


def paired_rows(metrics: Sequence[tuple[str, Sequence[float], Sequence[float]]]
                ) -> list[dict[str, Any]]:
    """One report row per (name, A's per-game values, B's): both means and B - A with its
    95 % interval, paired game by game."""
    rows = []
    for name, xa, xb in metrics:
        d = paired_difference(xa, xb)
        rows.append({"metric": name, "a": d.mean_a, "b": d.mean_b,
                     "difference": d.difference, "ci95": [d.low, d.high]})
    return rows
