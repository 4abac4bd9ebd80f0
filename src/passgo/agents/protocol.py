"""Bots in any language: an outside program that speaks JSON lines over stdin and stdout.

As chess engines do over UCI, the game (this class, on the bot's seat) writes one JSON object
per line to the program and reads one per line back: a `hello` handshake, then one `decide`
message per decision with the player's view, the pending decision and the legal actions, to
which the program answers with one action's text. docs/bot-protocol.md is the specification.

A program can misbehave in four ways, and none of them stops the game: it answers late (past
the per-decision time limit), answers with something that is not a legal action, crashes
(exits, closes its output) or hangs. The game then plays a documented safe default for that
decision (`safe_action`) and records an `Incident`. After `MAX_STRIKES` late answers in a row,
or once it has crashed, the program is stopped and the safe default plays its seat for the
rest of the game, so a dead bot costs no more waiting. Late answers that arrive afterwards are
recognised by their `id` and dropped.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import time
import weakref
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, assert_never

from passgo.agents.base import refuse
from passgo.agents.basic import BasicBot
from passgo.core import (
    BUSINESS_ACTIONS,
    ENGINE_VERSION,
    Action,
    AllowTravelDecision,
    AskRentDecision,
    AuctionOptionDecision,
    BidDecision,
    BuildDemandDecision,
    BuyDecision,
    ChooseRentDecision,
    ChooseTax,
    DeclareBankruptcy,
    Decline,
    DrawCardDecision,
    EndTurn,
    EndTurnDecision,
    EnterBoardDecision,
    FineOrChanceDecision,
    ForeclosureBuyDecision,
    ForeclosureOwnerDecision,
    Game,
    GameOverDecision,
    IllegalActionError,
    InitialBidsDecision,
    JailCardPurchaseDecision,
    JailDecision,
    JailExitDecision,
    KeepMortgage,
    LawyerDecision,
    Mortgage,
    MortgagedDeedDecision,
    Pass,
    PlaceBuilding,
    PlaceBuildingDecision,
    RaiseFundsDecision,
    Roll,
    RollDecision,
    SealedBidDecision,
    TaxDecision,
    TradeReplyDecision,
    TravelDecision,
    WantBuildings,
)
from passgo.core.board import KIND_NAMES
from passgo.core.textdata import load_json

PROTOCOL_VERSION = 1
DEFAULT_TIME_LIMIT = 2.0  # seconds per decision
STARTUP_LIMIT = 10.0  # seconds for the program to start and answer the handshake
MAX_STRIKES = 3  # late answers in a row before the program is given up as hung
MAX_BUSINESS = 200  # business actions in a row without answering the decision


@dataclass(frozen=True, slots=True)
class Incident:
    """Something a protocol bot did wrong. `kind`: "timeout", "illegal", "crash", "hang"
    (stopped after repeated timeouts), "stalling" (business without end) or "handshake";
    `decision`: the pending decision's kind; `turn`: the game's turn count."""

    kind: str
    decision: str
    turn: int
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "decision": self.decision, "turn": self.turn,
                "detail": self.detail}


def safe_action(g: Game, player: int) -> Action:
    """`_safe_choice`, or where a house rule forbids it, the first legal answer to the
    decision (else the first legal action)."""
    action = _safe_choice(g, player)
    if g.is_legal(action):
        return action
    legal = g.legal_actions(player)
    answers = [a for a in legal if not isinstance(a, BUSINESS_ACTIONS)]
    return (answers or legal)[0]


def _safe_choice(g: Game, player: int) -> Action:
    """The action played for a bot that gave no usable answer: the one that commits to the
    least. Throw (also in jail: no fine paid), end the turn, decline to buy, pass in an
    auction, the smaller income tax, reject a trade, keep a received mortgage, want the fewest
    buildings, place on the first street offered; when money must be raised, sell a building,
    else mortgage the deed with the smallest loan, and declare bankruptcy only when nothing is
    left. Decisions that only house rules bring get the basic bot's answer."""
    match g.pending:
        case RollDecision() | JailDecision():
            return Roll(player)
        case EndTurnDecision():
            return EndTurn(player)
        case BuyDecision():
            return Decline(player)
        case BidDecision():
            return Pass(player)
        case TaxDecision(flat=flat):
            return ChooseTax(player, g.percent_tax(player) < flat)
        case TradeReplyDecision():
            return refuse(player, "the bot program gave no usable answer")
        case MortgagedDeedDecision(square=sq):
            return KeepMortgage(player, sq)
        case BuildDemandDecision(min_wanted=fewest):
            return WantBuildings(player, fewest)
        case PlaceBuildingDecision(squares=squares):
            return PlaceBuilding(player, squares[0])
        case RaiseFundsDecision():
            sales = g.sale_actions(player)
            if sales:
                return sales[0]
            deeds = g.mortgageable_squares(player)
            if deeds:
                return Mortgage(player, min(deeds, key=lambda sq: g.board.squares[sq].mortgage))
            return DeclareBankruptcy(player)
        case (FineOrChanceDecision() | SealedBidDecision() | ForeclosureOwnerDecision()
              | ForeclosureBuyDecision() | AuctionOptionDecision() | InitialBidsDecision()
              | TravelDecision()
              | AllowTravelDecision() | AskRentDecision() | ChooseRentDecision()
              | EnterBoardDecision()
              | DrawCardDecision() | LawyerDecision()
              | JailExitDecision() | JailCardPurchaseDecision()):
            return BasicBot().act(g, player)  # a decision of a house rule
        case GameOverDecision():
            raise ValueError("the game is over: there is nothing to decide")
        case other:
            assert_never(other)


def board_data(g: Game) -> list[dict[str, Any]]:
    """The squares as the handshake sends them: what a bot needs to value deeds."""
    board = g.board
    kinds = {v: k for k, v in KIND_NAMES.items()}
    return [{"index": s.index, "name": s.name, "kind": kinds[s.kind],
             "group": board.group_names[s.group] if s.group >= 0 else None, "price": s.price,
             "rents": list(s.rents), "house_cost": s.house_cost, "mortgage": s.mortgage,
             "amount": s.amount} for s in board.squares]


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """End the program: close its input (a polite bot exits on end of input), then kill."""
    if proc.poll() is None:
        try:
            if proc.stdin:
                proc.stdin.close()
            proc.wait(timeout=0.5)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
    for stream in (proc.stdin, proc.stdout):
        if stream and not stream.closed:
            stream.close()


class _Dead(Exception):
    """The program closed its output or could not be written to."""


class ProtocolBot:
    """One seat played by an outside program (started at its first decision, one process per
    bot and game). `incidents` lists what went wrong; `name` is what the program called itself
    in the handshake (until then, its command)."""

    def __init__(self, argv: list[str], time_limit: float = DEFAULT_TIME_LIMIT,
                 startup_limit: float = STARTUP_LIMIT) -> None:
        if time_limit <= 0:
            raise ValueError("the time limit must be positive")
        self.argv = list(argv)
        self.name = Path(argv[0]).name if len(argv) == 1 else " ".join(argv)
        self.time_limit = time_limit
        self.startup_limit = startup_limit
        self.incidents: list[Incident] = []
        self.decisions = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._dead = False
        self._buffer = b""
        self._strikes = 0
        self._business = 0
        self._id = 0

    # -- the Agent interface -------------------------------------------------------------------

    def act(self, game: Game, player: int) -> Action:
        self.decisions += 1
        if self._proc is None and not self._dead:
            self._start(game, player)
        if self._dead:
            return safe_action(game, player)
        if self._business >= MAX_BUSINESS:
            self._incident(game, "stalling", f"{MAX_BUSINESS} business actions in a row")
            self._business = 0
            return safe_action(game, player)
        action = self._ask(game, player)
        if action is None:
            return safe_action(game, player)
        self._business = self._business + 1 if isinstance(action, BUSINESS_ACTIONS) else 0
        return action

    def close(self) -> None:
        """Stop the program (also done when the bot is garbage-collected)."""
        if self._proc is not None:
            self._send({"type": "bye"}, quiet=True)
            _stop(self._proc)
        self._dead = True

    def incident_counts(self) -> dict[str, int]:
        return dict(Counter(i.kind for i in self.incidents))

    # -- talking to the program ----------------------------------------------------------------

    def _start(self, game: Game, player: int) -> None:
        try:
            proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        except OSError as exc:
            self._incident(game, "crash", f"cannot start {self.argv[0]}: {exc}")
            self._dead = True
            return
        self._proc = proc
        weakref.finalize(self, _stop, proc)
        hello = {
            "type": "hello",
            "protocol": PROTOCOL_VERSION,
            "passgo": ENGINE_VERSION,
            "seat": player,
            "players": list(game.names),
            "rules": game.rules.to_dict(),
            "board": board_data(game),
            "time_limit": self.time_limit,
        }
        try:
            self._send(hello)
            answer = self._receive(time.monotonic() + self.startup_limit, None)
        except _Dead:
            self._incident(game, "crash", self._exit_detail())
            self._give_up()
            return
        if answer is None or not isinstance(answer.get("name"), str):
            self._incident(game, "handshake", "no {\"name\": ...} answer to hello")
            self._give_up()
            return
        self.name = answer["name"][:60]

    def _ask(self, game: Game, player: int) -> Action | None:
        self._id += 1
        message = {
            "type": "decide",
            "id": self._id,
            "seat": player,
            "pending": game.pending.to_dict(),
            "legal": [a.text() for a in game.legal_actions(player)],
            "bid_range": game.bid_range(player),
            "view": game.view(player),
        }
        try:
            self._send(message)
            answer = self._receive(time.monotonic() + self.time_limit, self._id)
        except _Dead:
            self._incident(game, "crash", self._exit_detail())
            self._give_up()
            return None
        if answer is None:
            self._strikes += 1
            self._incident(game, "timeout", f"no answer within {self.time_limit:g} s")
            if self._strikes >= MAX_STRIKES:
                self._incident(game, "hang", f"{MAX_STRIKES} late answers in a row: stopped")
                self._give_up()
            return None
        self._strikes = 0
        text = answer.get("action")
        if not isinstance(text, str):
            self._incident(game, "illegal", f"answer without an action: {answer!r:.80}")
            return None
        try:
            action = Action.parse(text, player)
            game.check(action)
        except IllegalActionError as exc:
            self._incident(game, "illegal", f"{text!r:.80}: {exc}")
            return None
        return action

    def _send(self, message: dict[str, Any], quiet: bool = False) -> None:
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            proc.stdin.flush()
        except (OSError, ValueError):
            if not quiet:
                raise _Dead() from None

    def _receive(self, deadline: float, wanted: int | None) -> dict[str, Any] | None:
        """The next answer line as an object, or None if none came by the deadline. Lines
        with another `id` (answers that came too late for an earlier decision) are dropped;
        a line that is not a JSON object becomes an answer without an action."""
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        while True:
            while b"\n" not in self._buffer:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                    return None
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    raise _Dead()
                self._buffer += chunk
            line, _, self._buffer = self._buffer.partition(b"\n")
            if not line.strip():
                continue
            answer, problem = load_json(line)
            if problem:
                return {"bad": line[:80].decode("utf-8", "replace")}
            if not isinstance(answer, dict):
                return {"bad": answer}
            if wanted is not None and answer.get("id", wanted) != wanted:
                continue
            return answer

    def _exit_detail(self) -> str:
        proc = self._proc
        if proc is None:
            return "the program is not running"
        try:
            code = proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            return "the program closed its output"
        return f"the program exited with status {code}"

    def _give_up(self) -> None:
        if self._proc is not None:
            _stop(self._proc)
        self._dead = True

    def _incident(self, game: Game, kind: str, detail: str) -> None:
        self.incidents.append(Incident(kind, game.pending.kind, game.turn_number, detail))
