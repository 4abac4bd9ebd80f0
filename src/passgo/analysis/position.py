"""`passgo analyze position FILE`: each player's chance to win from a position, by rollouts.

Rollout i copies the position and reseeds its dice and decks with a seed derived from the
master seed and i (`Game.reseed`), then lets the chosen bots play it out. With `--what-if
ACTION` the same copy, with the action applied (a trade is proposed and accepted), is played
out on the same seed with the same bots' seeds: common random numbers, so the luck both share
cancels and the difference, game by game, has a much narrower interval than two separate runs.
Rollouts go in tasks of `TASK` to worker processes and stop once every 95 % interval (each
player's Wilson interval, and each paired difference) is within `precision` of its estimate,
looked at after each task once `min_rollouts` are done (the first rollouts' intervals are too
rough to stop on: a player who has not won yet reads as 0 % with an interval narrow only for
want of games), or at the cap. The report says which stopped it, and the widest interval then.

A what-if names the other side of a trade by name or seat number (`Ann: trade Bob give $300
for 39`): the engine's text form wants a seat, and a bare number there reads like a deed.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from passgo.agents import ProtocolBot, make_agent, play, split_specs
from passgo.agents.play import close_agents
from passgo.analysis.errors import AnalysisError
from passgo.analysis.output import TableData
from passgo.core import AcceptTrade, Action, Game, IllegalActionError, TradeReplyDecision
from passgo.inputs import load_position, position_text
from passgo.sim.backends import run_tasks
from passgo.sim.progress import progress_bar
from passgo.sim.seeds import derive_seed
from passgo.sim.stats import paired_difference, wilson

TASK = 25  # rollouts per task; the intervals are looked at after each task, in order


class PositionError(AnalysisError):
    """A what-if action that cannot be read or is not legal in the position."""


@dataclass(frozen=True, slots=True)
class RolloutJob:
    """Everything a worker needs: the position's text, one bot spec per seat, the what-if
    action's text and who takes it, the round limit and the master seed."""

    position: str
    bots: tuple[str, ...]
    what_if: str | None
    actor: int
    max_rounds: int
    seed: int


def start(job: RolloutJob, index: int) -> Game:
    game = Game.from_position(job.position, 0, max_rounds=job.max_rounds)
    game.reseed(derive_seed(job.seed, "rollout", index))
    return game


def apply_what_if(game: Game, text: str, actor: int) -> None:
    """Carry out the what-if action for `actor`; a proposed trade is accepted at once."""
    try:
        action = Action.parse(text, actor)
        game.apply(action)
        pending = game.pending
        if isinstance(pending, TradeReplyDecision):
            game.apply(AcceptTrade(pending.player))
    except (IllegalActionError, ValueError) as exc:
        raise PositionError(f"--what-if {text!r}: {exc}") from None


def _winner(job: RolloutJob, game: Game, index: int) -> int:
    agents = [make_agent(spec, derive_seed(job.seed, "bot", index, seat))
              for seat, spec in enumerate(job.bots)]
    try:
        # Built-in bots answer only with legal actions: the unchecked path (a program's
        # answers are checked).
        play(game, agents, checked=any(isinstance(a, ProtocolBot) for a in agents))
    finally:
        close_agents(agents)
    return -1 if game.winner is None else game.winner


def rollouts(job: RolloutJob, first: int, stop: int) -> list[tuple[int, int]]:
    """(winner as it is, winner after the what-if; -1: none) of rollouts first..stop-1."""
    out = []
    for i in range(first, stop):
        base = start(job, i)
        variant = -1
        if job.what_if is not None:
            other = base.copy()
            apply_what_if(other, job.what_if, job.actor)
            variant = _winner(job, other, i)
        out.append((_winner(job, base, i), variant))
    return out


def _actor(game: Game, text: str) -> tuple[int, str]:
    """`NAME: ACTION` names who acts; a bare action is taken by the player to move. The
    other side of a trade (`trade Bob give ...`) becomes the seat the engine's text wants."""
    name, sep, rest = text.partition(":")
    if sep and name.strip() in game.names:
        return game.names.index(name.strip()), _seated(game, rest.strip())
    return game.pending.player, _seated(game, text.strip())


def _spoken(game: Game, text: str) -> str:
    """The what-if's action as the user wrote it (names stay names), without who acts."""
    name, sep, rest = text.partition(":")
    return rest.strip() if sep and name.strip() in game.names else text.strip()


def _seated(game: Game, action: str) -> str:
    """`trade OTHER give ...` with OTHER a player's name or seat number, as `trade SEAT give
    ...`; a seat that does not exist is refused naming the seats there are."""
    word, _, rest = action.partition(" ")
    other, sep, tail = rest.partition(" give ")
    if word != "trade" or not sep:
        return action
    other = other.strip()
    if other in game.names:
        return f"trade {game.names.index(other)} give {tail}"
    if other.isdigit() and int(other) < game.n:
        return action
    seats = ", ".join(f"{seat} ({name})" for seat, name in enumerate(game.names))
    raise PositionError(f"--what-if {action!r}: no player {other!r} to trade with; the seats "
                        f"are {seats}")


def analyze_position(args: argparse.Namespace) -> dict[str, Any]:
    game = load_position(args.file, max_rounds=args.max_rounds)
    if game.over:
        raise PositionError(f"{args.file}: the game is already over")
    bots = tuple(split_specs(args.players)) if args.players else ("strategic",) * game.n
    if len(bots) != game.n:
        raise PositionError(f"the position has {game.n} players but --players names "
                            f"{len(bots)} bots")
    for bot in dict.fromkeys(bots):
        try:
            make_agent(bot, 0)
        except ValueError as exc:
            raise PositionError(f"--players: {exc}") from None
    actor, what_if = (game.pending.player, None) if args.what_if is None else _actor(
        game, args.what_if)
    if what_if is not None:
        apply_what_if(game.copy(), what_if, actor)  # a one-line error before any work
    job = RolloutJob(position_text(args.file), bots, what_if, actor, args.max_rounds, args.seed)
    tasks = [(a, min(a + TASK, args.rollouts)) for a in range(0, args.rollouts, TASK)]
    found: dict[int, list[tuple[int, int]]] = {}
    results: list[tuple[int, int]] = []
    with progress_bar(args.rollouts, "rollouts", "position") as advance:
        # One pool for the whole run; the stop is decided on the rollouts done in order
        # (tasks 0..k), so the report does not depend on the number of workers.
        for i, part in run_tasks(rollouts, job, tasks, workers=args.workers):
            found[i] = part
            advance(len(part))
            while len(results) // TASK in found and len(results) < args.rollouts:
                results += found[len(results) // TASK]
                if len(results) >= args.min_rollouts and args.precision:
                    report = position_report(game, job, results, args)
                    if report["stop"]["widest"] <= args.precision:
                        return report
    return position_report(game, job, results, args)


def position_report(game: Game, job: RolloutJob, results: list[tuple[int, int]],
                    args: argparse.Namespace) -> dict[str, Any]:
    n = len(results)
    players = []
    for seat, name in enumerate(game.names):
        base = [int(w == seat) for w, _ in results]
        row: dict[str, Any] = {"player": name, "bot": job.bots[seat], "wins": sum(base),
                               "share": sum(base) / n, "ci95": list(wilson(sum(base), n))}
        if job.what_if is not None:
            after = [int(v == seat) for _, v in results]
            d = paired_difference(base, after) if n >= 2 else None
            row["what_if"] = {"wins": sum(after), "share": sum(after) / n,
                              "ci95": list(wilson(sum(after), n)),
                              "difference": None if d is None else d.difference,
                              "difference_ci95": None if d is None else [d.low, d.high]}
        players.append(row)
    none = sum(1 for w, _ in results if w < 0)
    widest = _widest(players)
    precise = bool(args.precision) and n >= args.min_rollouts and widest <= args.precision
    return {"analysis": "position",
            "setup": {"position": args.file, "players": ",".join(job.bots),
                      "what_if": None if job.what_if is None
                      else f"{game.names[job.actor]}: {_spoken(game, args.what_if)}",
                      "max_rounds": job.max_rounds, "seed": job.seed,
                      "precision": args.precision, "min_rollouts": args.min_rollouts},
            "rollouts": n, "no_winner": {"count": none, "share": none / n},
            "stop": {"reason": "precision" if precise else "cap", "widest": widest},
            "players": players}


def _widest(players: list[dict[str, Any]]) -> float:
    """How far the widest 95 % interval reaches from its estimate, on either side (the
    chances, and with a what-if the chances after it and the paired differences)."""
    widest = 0.0
    for p in players:
        spans = [(p["share"], *p["ci95"])]
        w = p.get("what_if")
        if w is not None:
            if w["difference_ci95"] is None:
                return 1.0
            spans += [(w["share"], *w["ci95"]), (w["difference"], *w["difference_ci95"])]
        widest = max(widest, *(max(est - low, high - est) for est, low, high in spans))
    return widest


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def position_tables(report: dict[str, Any]) -> list[TableData]:
    what_if = report["setup"]["what_if"] is not None
    columns = ("player", "bot", "wins", "chance", "95 % interval",
               *(("after what-if", "95 % interval ", "difference", "95 % interval  ")
                 if what_if else ()))
    rows = []
    for p in report["players"]:
        cells = [p["player"], p["bot"], str(p["wins"]), _pct(p["share"]),
                 f"{_pct(p['ci95'][0])} – {_pct(p['ci95'][1])}"]
        if what_if:
            w = p["what_if"]
            low, high = w["difference_ci95"] or (0.0, 0.0)
            cells += [_pct(w["share"]), f"{_pct(w['ci95'][0])} – {_pct(w['ci95'][1])}",
                      f"{100 * (w['difference'] or 0):+.1f} pts",
                      f"{100 * low:+.1f} … {100 * high:+.1f}"]
        rows.append(tuple(cells))
    nw = report["no_winner"]
    setup, stop = report["setup"], report["stop"]
    reach = f"±{100 * stop['widest']:.1f} points"
    if stop["reason"] == "precision":
        why = (f"stopped: every 95 % interval within {reach} of its estimate, inside "
               f"--precision ±{100 * setup['precision']:.1f} (looked at every {TASK} rollouts "
               f"from {setup['min_rollouts']:,} on)")
    else:
        why = f"all asked for were played; the widest 95 % interval reaches {reach}"
    notes = [f"{report['rollouts']:,} rollouts, {why}; no winner within {setup['max_rounds']}"
             f" rounds in {nw['count']} ({_pct(nw['share'])})."]
    if what_if:
        notes.append(f"What-if: {report['setup']['what_if']}, on the same seeds (common random "
                     "numbers); the difference is paired, rollout by rollout.")
    return [TableData("Chance to win from the position", columns, rows, notes, left=2)]


def position_figure(report: dict[str, Any]) -> Any:
    """Win chances with 95 % intervals (and, with a what-if, the differences)."""
    from passgo.analysis.plots import interval_bars  # Matplotlib: for --plot, --html only

    players = report["players"]
    if report["setup"]["what_if"] is None:
        return interval_bars([p["player"] for p in players], [p["share"] for p in players],
                             [tuple(p["ci95"]) for p in players], "Chance to win",
                             "share of rollouts won")
    return interval_bars([p["player"] for p in players],
                         [p["what_if"]["difference"] or 0.0 for p in players],
                         [tuple(p["what_if"]["difference_ci95"] or (0.0, 0.0)) for p in players],
                         f"Change in the chance to win: {report['setup']['what_if']}",
                         "difference in share won")
