"""A game being played at this computer: who sits in each seat, the bots, the save file, the log.

Both front-ends of `passgo play` (the line-by-line game and the full-screen app) drive their
game through a `Session`, so that seats, bot turns, saving, resuming and the game log behave
the same in both. A session never prints and never waits: front-ends ask it what the game
waits for, hand it actions, and show the sentences it returns.

Saving: `checkpoint()` writes the save file when something changed since the last write, and
front-ends call it whenever the game comes to wait for a person, so a person's action is on
disk before they are asked anything else. While bots play quickly on their own (skipping
ahead), writing after each bot move would cost more than the moves; the front-end then
checkpoints after each burst.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from passgo.agents import make_agent
from passgo.agents.base import Agent
from passgo.agents.play import bot_step, close_agents
from passgo.agents.spec import BotSpec, ProgramSpec, parse_spec, spec_from_json
from passgo.agents.spec import to_json as spec_json
from passgo.clock import GameClock, agreed_minutes
from passgo.core import (
    ENGINE_VERSION,
    Action,
    CallTime,
    ClaimRent,
    DeclareBankruptcy,
    Event,
    Game,
    SaveFileError,
    player_names_problem,
)
from passgo.core.serialize import state_dict
from passgo.core.textdata import MAX_CHARS, load_json
from passgo.narrate import sentences

SAVE_KIND = "passgo-play"
HUMAN = "human"
# Once no person is left in the game, the bots play at most this many more rounds: bots that
# never trade can deadlock a game for ever, and nobody is left to call it off.
BOTS_ALONE_ROUNDS = 300


class SessionError(Exception):
    """Seats or a save file that cannot be used; the message is one line for the player."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at the table: a person (`bot` None) or a bot, its spec read once
    (`parse_spec`)."""

    name: str
    bot: BotSpec | None

    @classmethod
    def parse(cls, name: str, kind: str) -> Seat:
        """A seat from its kind's text: "human" or a bot spec (SessionError if it is none)."""
        if kind.strip() == HUMAN:
            return cls(name, None)
        try:
            return cls(name, parse_spec(kind))
        except ValueError as exc:
            raise SessionError(f"player {name}: {exc}") from None

    @property
    def human(self) -> bool:
        return self.bot is None

    @property
    def kind(self) -> str:
        """The seat's kind as text: "human" or the bot's spec."""
        return HUMAN if self.bot is None else self.bot.text()


def parse_seats(text: str) -> list[Seat]:
    """ "Ann:human,Bob:strategic,Cy:basic" -> seats. The kind is everything after the first
    colon, so bot specs with options ("Bob:strategic:reserve=300,jail=stay") pass through to
    the bot factory; an item with "=" before any colon continues the seat before it."""
    items: list[str] = []
    for item in text.split(","):
        if items and "=" in item.split(":", 1)[0]:
            items[-1] += "," + item
        else:
            items.append(item)
    named = [item.strip().partition(":")[::2] for item in items]
    problem = player_names_problem([name.strip() for name, _ in named])
    if problem is not None:
        raise SessionError(f"{problem} (in {text!r})")
    return [Seat.parse(name.strip(), kind.strip() or HUMAN) for name, kind in named]


def default_save_path() -> Path:
    """The autosave file: $XDG_STATE_HOME/passgo/autosave.json (~/.local/state by default)."""
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "passgo" / "autosave.json"


def passgo_command() -> str:
    """How to run passgo again from this shell: `passgo` when that is the program now running
    and on the PATH, else its path (`.venv/bin/passgo` after `make play`), else `python -m
    passgo` with the interpreter now running."""
    argv0 = Path(sys.argv[0] if sys.argv else "")
    exe = argv0 if argv0.name == "passgo" else Path(sys.executable).with_name("passgo")
    if not exe.is_file():
        return f"{_shell_path(Path(sys.executable))} -m passgo"
    found = shutil.which("passgo")
    if found and Path(found).resolve() == exe.resolve():
        return "passgo"
    return _shell_path(exe)


def _shell_path(path: Path) -> str:
    """A path as typed in a shell: relative to the current folder when below it."""
    try:
        rel = os.path.relpath(path.absolute())
    except ValueError:
        rel = str(path)
    text = str(path.absolute()) if rel.startswith("..") else rel
    if "/" not in text:
        text = "./" + text
    return text if " " not in text else f"'{text}'"


def resume_command(path: Path | None) -> str:
    """The command that continues the game saved at `path` (the autosave: no file named)."""
    tail = "" if path is None or path == default_save_path() else f" {_shell_path(path)}"
    return f"{passgo_command()} play --resume{tail}"


def save_problem(path: Path) -> str | None:
    """Why the saved game at `path` cannot be resumed, in one line, or None when it loads
    (a game with program seats loads: it only asks before starting them)."""
    try:
        Session.load(path, None)
    except ProgramSeatsError:
        return None
    except SessionError as exc:
        return str(exc)
    return None


def _json_damage(problem: str, text: str) -> str:
    """What a JSON parser's complaint means for a saved game, in words."""
    if not text.strip():
        return "it is empty"
    if not problem.startswith("not valid JSON"):
        return f"it is {problem}"
    if not text.lstrip().startswith("{"):
        # Every save begins with its JSON object: text that does not (a TOML position or
        # rules file, notes) is some other file, not a save cut short.
        return "it is not a passgo saved game"
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or not text.rstrip().endswith("}"):
            return "it breaks off part-way (the game was not saved completely)"
        return (f"it is damaged at line {exc.lineno}, column {exc.colno} (the file was cut or "
                "changed), so it is not a game passgo can read")
    return "it is not a game passgo can read"


def keep_unfinished(path: Path, *, finished_too: bool = False) -> Path | None:
    """Move an unfinished game out of the way of another: a game written to a file must
    never overwrite a game someone may want to finish. It goes beside the file, named by the
    time (autosave-20250101-093000.json); returns where, or None when there was nothing to
    keep. A finished game is kept too with `finished_too` (a file the player named, which
    may hold a game to review), and so is any file that is not a save."""
    if not path.is_file():
        return None
    try:
        data, _ = load_json(path.read_bytes())
        finished = data["kind"] == SAVE_KIND and data["game"]["state"]["over"] is True
    except (OSError, ValueError, KeyError, TypeError):
        finished = False  # a file we cannot read is not ours to destroy either
    if finished and not finished_too:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.stem}-{stamp}{path.suffix}")
    more = 1
    while kept.exists():  # two in the same second: neither is lost
        more += 1
        kept = path.with_name(f"{path.stem}-{stamp}-{more}{path.suffix}")
    os.replace(path, kept)
    return kept


class SaveLock:
    """The hold of one running game on its save file, so that a second `passgo play` on the
    same file is refused instead of the two games overwriting each other in turn: an
    advisory lock (`flock`) on FILE.lock beside it, let go by `release` or when the process
    ends in any way (the system drops it, even after kill -9)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def take(self) -> None:
        """Hold the lock (SessionError in one line when another game holds it; where the
        system has no `flock` the lock is not taken and nothing is refused)."""
        try:
            import fcntl
        except ImportError:  # (Windows)
            return
        lock = self.path.with_name(self.path.name + ".lock")
        try:
            lock.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise SessionError(f"cannot save the game to {self.path}: "
                               f"{exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise SessionError(f"another passgo is playing the game saved in {self.path}; "
                               "finish it there, or give this one --save ANOTHER_FILE") from None
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # (closing the file lets go of the lock)
            self._fd = None


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the final table."""

    place: int
    seat: int
    name: str
    status: str
    cash: int
    deeds: int
    houses: int
    hotels: int
    worth: int


class ProgramSeatsError(SessionError):
    """A saved game whose bot seats would start outside programs (`cmd:` seats), loaded
    without the player's leave: a file from someone else never runs a program."""

    def __init__(self, path: Path, programs: list[str]) -> None:
        self.programs = programs
        listed = "; ".join(programs)
        super().__init__(f"{path} would start programs for its bot seats ({listed}); "
                         f"to run them: {resume_command(path)} --allow-programs")


class Session:
    """A game with its seats: people decide through a front-end, bots through `bot_step`."""

    def __init__(self, game: Game, seats: Iterable[Seat], save_path: Path | None = None,
                 steps: list[list[Event]] | None = None, played: float = 0.0) -> None:
        self.game = game
        self.seats = list(seats)
        if len(self.seats) != game.n:
            raise SessionError(f"the game has {game.n} players but {len(self.seats)} seats")
        self.save_path = save_path
        self.lock: SaveLock | None = None  # the hold on `save_path` (`hold_save_file`)
        self.bots: dict[int, Agent] = {}
        for i, seat in enumerate(self.seats):
            if not seat.human:
                assert seat.bot is not None
                try:
                    self.bots[i] = make_agent(seat.bot, seed=game.seed * 31 + i)
                except ValueError as exc:
                    raise SessionError(f"player {seat.name}: {exc}") from None
        # One agent per seat for the shared bot loop; None: a person decides there.
        self.agents: list[Agent | None] = [self.bots.get(i) for i in range(game.n)]
        # The person at this computer, addressed as "you" in every sentence: the one person
        # when there is exactly one, else a person's seat named "You" (None: names only).
        people = [i for i, seat in enumerate(self.seats) if seat.human]
        named_you = [i for i in people if self.seats[i].name.lower() == "you"]
        self.you: int | None = people[0] if len(people) == 1 else (
            named_you[0] if len(named_you) == 1 else None)
        # Every sentence of the game so far, for the log on screen and the saved game log,
        # told to the person at this computer; `steps`: the events of each step so far (a
        # resumed game's replay), else those of the game's setup.
        self.log: list[str] = [line for events in (steps or [game.events])
                               for line in sentences(game, events, self.you)]
        self.dirty = False
        self._told_incidents: dict[int, int] = {}  # program bots' incidents told, by seat
        self.alone_since: int | None = None  # round when the last person left the game
        self.given_up = False
        # The wall clock of a game that ends by time (`Rules.clock_minutes`, sudden death);
        # None when it does not. `played` is what earlier sittings used up.
        minutes = agreed_minutes(game.rules)
        self.clock: GameClock | None = GameClock(minutes, played) if minutes else None

    # -- who decides ---------------------------------------------------------------------------

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].human

    @property
    def waiting_for(self) -> int:
        """The seat the game waits for (-1 when it is over)."""
        return self.game.pending_player

    def bot_to_move(self) -> bool:
        """`bot_step` has a move to make: the decision the game waits for is a bot's, or a
        bot has rent to ask for (`Rules.rent_claim`). Front-ends ask before the move, to let
        a person see the bots play at their pace."""
        g = self.game
        if g.over:
            return False
        return g.pending_player in self.bots or any(
            c.owner in self.bots and g.is_legal(ClaimRent(c.owner, c.square))
            for c in g.rent_claims)

    def hot_seat(self) -> bool:
        """More than one person plays at this computer: each question then names who it is
        for, as "you" alone would not say whose turn at the keyboard it is."""
        return sum(1 for seat in self.seats if seat.human) > 1

    def humans_in_game(self) -> list[int]:
        g = self.game
        return [p for p in range(g.n) if self.seats[p].human and g.in_game(p)]

    def give_up_if_stuck(self) -> bool:
        """Once no person is left, the bots get `BOTS_ALONE_ROUNDS` rounds to finish; after
        that the session gives up on the game (`given_up`) and reports the standings."""
        if self.game.over or self.humans_in_game():
            return False
        if self.alone_since is None:
            self.alone_since = self.game.round_number
        if self.game.round_number - self.alone_since >= BOTS_ALONE_ROUNDS:
            self.given_up = True
        return self.given_up

    @property
    def finished(self) -> bool:
        """Nothing more will be played: the game is over or was given up."""
        return self.game.over or self.given_up

    # -- acting --------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[str]:
        """Carry out an action (IllegalActionError if it is not legal now, nothing changed);
        returns the sentences of what happened, also added to the log."""
        return self._tell(self.game.apply(action))

    def caller(self) -> int:
        """The seat in whose name time is called: the person at this computer if still in the
        game, else the player whose turn it is."""
        g = self.game
        return self.you if self.you is not None and g.in_game(self.you) else g.turn_player

    def _running_clock(self) -> GameClock | None:
        """The clock while it runs toward a call of time (None: no clock, the game is over,
        or time was called)."""
        if self.clock is None or self.game.over or self.game.time_called:
            return None
        return self.clock

    def time_left(self) -> float | None:
        """Seconds until time is called (None: no clock, or time was called)."""
        clock = self._running_clock()
        return None if clock is None else clock.left()

    def tick(self) -> list[str]:
        """Call time once the clock has run out (the sentences of what happened, or none)."""
        clock = self._running_clock()
        if clock is not None and clock.expired():
            return self.call_time()
        return []

    def call_time(self) -> list[str]:
        """Time is called (the clock ran out, or the players call it early): the core's
        `CallTime` ends a time-limit game or opens the Angel of Death's option."""
        return self.apply(CallTime(self.caller()))

    def bot_step(self) -> list[str] | None:
        """One automated move through the shared bot loop (`passgo.agents.play.bot_step`):
        a bot's rent claim, else the move of the bot the game waits for. Returns its
        sentences, or None when a person must decide (or the game is over)."""
        step = bot_step(self.game, self.agents)
        if step is None:
            return None
        return self._tell(step[1]) + self._incidents()

    def _incidents(self) -> list[str]:
        """What went wrong with bots that are programs (`ProtocolBot.incidents`: a crash, a
        timeout, an illegal answer) since last told: one sentence each, as the game goes on
        with the fallback's moves for them; nothing goes wrong unseen."""
        said: list[str] = []
        for seat, agent in self.bots.items():
            found = getattr(agent, "incidents", None)
            if not found:
                continue
            told = self._told_incidents.get(seat, 0)
            for incident in found[told:]:
                said.append(f"({self.seats[seat].name}'s program: {incident.kind} at the "
                            f"{incident.decision} decision, {incident.detail}; passgo's "
                            "fallback bot plays for it)")
            self._told_incidents[seat] = len(found)
        self.log.extend(said)
        return said

    def viewer(self) -> int | None:
        """Who the decision on screen is told to: the person the game waits for (at a hot
        seat, whoever plays the seat now), else the person at this computer."""
        g = self.game
        if not g.over and self.is_human(g.pending_player):
            return g.pending_player
        return self.you

    def _tell(self, events: list[Event]) -> list[str]:
        self.dirty = True
        said = sentences(self.game, events, self.you)
        self.log.extend(said)
        return said

    def hold_save_file(self, loaded_from: Path | None = None) -> Path | None:
        """Take the save file for this game: hold its lock (SessionError when another game
        plays in it) and, unless it is the file the game was loaded from (`loaded_from`),
        move whatever else is in it aside (`keep_unfinished`: an unfinished game, or a file
        that is no save) and write this game there at once, so that "saved to FILE" is true
        from the start. Returns where the file's old game went, or None."""
        path = self.save_path
        if path is None:
            return None
        lock = SaveLock(path)
        lock.take()
        self.lock = lock
        if loaded_from is not None and path.absolute() == loaded_from.absolute():
            return None
        try:
            kept = keep_unfinished(path)
        except OSError as exc:
            raise SessionError(f"cannot move the unfinished game in {path} aside: "
                               f"{exc.strerror or exc}") from None
        self.dirty = True
        self.checkpoint()
        return kept

    def checkpoint(self) -> None:
        """Write the save file if anything changed since it was last written (SessionError
        when it cannot be written; the game goes on and the next checkpoint tries again). A
        game on the clock is written every time: the seconds spent at a decision count, and
        a game left there must not win them back when resumed."""
        if self.save_path is not None and (self.dirty or self._running_clock() is not None):
            self.save_to(self.save_path)
        self.dirty = False

    def save_copy(self, path: Path) -> Path | None:
        """Write the game to another file the player named (the terminal's save-as), moving
        whatever is there aside first unless it is this game's own save file; returns where
        the old file went, or None."""
        kept = None
        if self.save_path is None or path.absolute() != self.save_path.absolute():
            try:
                kept = keep_unfinished(path, finished_too=True)
            except OSError as exc:
                raise SessionError(f"cannot move {path} aside to save there: "
                                   f"{exc.strerror or exc}") from None
        self.save_to(path)
        return kept

    def save_to(self, path: Path) -> None:
        """Write the game to `path` atomically: a crash mid-write never leaves a broken file."""
        data: dict[str, Any] = {
            "kind": SAVE_KIND,
            "seats": [[s.name, HUMAN if s.bot is None else spec_json(s.bot)]
                      for s in self.seats],
            "game": self.game.to_dict(),
        }
        if self.clock is not None:
            data["clock_played"] = round(self.clock.played, 1)
        tmp = path.with_name(path.name + ".tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(data), encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            raise SessionError(f"cannot save the game to {path}: {exc.strerror or exc}") from None

    def write_log(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(self.log) + "\n", encoding="utf-8")

    def close(self) -> None:
        """Stop bots that run as programs of their own, and let go of the save file."""
        close_agents(self.agents)
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # -- results -------------------------------------------------------------------------------

    def standings(self) -> list[Standing]:
        """Players still in by total worth (the winner first), then the bankrupt, the last to
        go first."""
        g = self.game
        out_order = [a.player for a in g.history if isinstance(a, DeclareBankruptcy)]
        seats = range(g.n)
        alive = sorted((p for p in seats if g.in_game(p)),
                       key=lambda p: (p != g.winner, -g.worth(p)))
        gone = [p for p in reversed(out_order) if not g.in_game(p)]
        gone += [p for p in seats if not g.in_game(p) and p not in gone]
        deeds = [d.owner for d in g.deeds]
        rows = []
        for place, p in enumerate(alive + gone, 1):
            houses, hotels = g.buildings_of(p)
            if p == g.winner:
                status = "winner"
            elif g.in_game(p):
                status = "in the game"
            else:
                status = "bankrupt"
            rows.append(Standing(
                place, p, g.names[p], status, g.cash_of(p), deeds.count(p),
                houses, hotels, g.worth(p) if g.in_game(p) else 0,
            ))
        return rows

    # -- loading -------------------------------------------------------------------------------

    @classmethod
    def load(cls, path: Path, save_path: Path | None = None, *,
             allow_programs: bool = False) -> Session:
        """A session from a save file; refused in one line when the file cannot be used.
        The log is rebuilt by playing the saved history again. Seats that would start an
        outside program (`cmd:`) are refused (`ProgramSeatsError`, naming the programs)
        unless `allow_programs`: whoever wrote the file chose them."""
        raw = read_save_file(path)
        data, problem = load_json(raw)
        if problem:
            text = raw.decode("utf-8", "replace")
            raise SessionError(f"cannot resume {path}: {_json_damage(problem, text)}")
        if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
            raise SessionError(f"{path} is not a passgo saved game")
        seats = _saved_seats(path, data.get("seats"))
        programs = [f"{seat.name}: {shlex.join(seat.bot.argv)}"
                    for seat in seats if isinstance(seat.bot, ProgramSpec)]
        if programs and not allow_programs:
            raise ProgramSeatsError(path, programs)
        saved = data.get("game")
        if not isinstance(saved, dict):
            raise SessionError(f"{path}: saved game is damaged (it holds no game)")
        engine = saved.get("engine")
        try:
            game = Game.from_dict(saved, verify=False)
            replayed, steps = _replay(saved, strict=engine == ENGINE_VERSION)
        except SaveFileError as exc:
            raise SessionError(f"{path}: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise SessionError(f"{path}: saved game is damaged ({exc})") from None
        # A save of another engine version (a rule it got wrong, mended since) may replay to
        # another state: its saved state is the game, and its log what this replay can tell.
        # The states alone: a whole save would write the history's lines out twice to compare.
        if engine == ENGINE_VERSION and state_dict(replayed) != state_dict(game):
            raise SessionError(f"{path}: the saved state does not match its history")
        names = [seat.name for seat in seats]
        if names != game.names:
            raise SessionError(f"{path}: the seats ({', '.join(names)}) are not the game's "
                               f"players ({', '.join(game.names)})")
        session = cls(game, seats, save_path, steps, played_of(path, data))
        if engine != ENGINE_VERSION:
            session.log.append(f"(This game was saved by passgo engine {str(engine)[:20]}; this "
                               f"is {ENGINE_VERSION}. It goes on from where it was saved, by "
                               "this engine's rules.)")
        return session


def read_save_file(path: Path) -> bytes:
    """The bytes of the save file at `path`, bounded by `MAX_CHARS`; `SessionError` in one
    line when there is none or it cannot be read (the game's resume and the review share
    it)."""
    try:
        if path.stat().st_size > MAX_CHARS:
            raise SessionError(f"{path} is too large to be a saved game")
        return path.read_bytes()
    except FileNotFoundError:
        raise SessionError(f"no saved game at {path}") from None
    except IsADirectoryError:
        raise SessionError(f"{path} is a folder, not a saved game") from None
    except OSError as exc:
        raise SessionError(f"cannot read saved game {path}: {exc.strerror or exc}") from None


def _saved_seats(path: Path, raw: Any) -> list[Seat]:
    """The seats of a save file: a list of [name, kind] pairs, the kind "human" or a bot
    (`spec_from_json`: its stored form, or a spec's text in files written before it), else a
    one-line error saying where the list is damaged."""
    if not isinstance(raw, list) or not raw:
        raise SessionError(f"{path}: saved game is damaged (its seats are not a list of "
                           "[name, kind] pairs)")
    seats = []
    for i, entry in enumerate(raw, 1):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)
                and entry[0].strip() and isinstance(entry[1], str | dict)):
            raise SessionError(f"{path}: saved game is damaged (seat {i} is not a [name, kind] "
                               "pair)")
        if entry[1] == HUMAN:
            seats.append(Seat(entry[0], None))
            continue
        try:
            seats.append(Seat(entry[0], spec_from_json(entry[1])))
        except ValueError as exc:
            raise SessionError(f"{path}: saved game is damaged (seat {i}: {exc})") from None
    return seats


def played_of(path: Path, data: dict[str, Any]) -> float:
    """The seconds of play a time-limit game's earlier sittings used up."""
    played = data.get("clock_played", 0.0)
    if type(played) not in (int, float) or not 0 <= played < 1e9:
        raise SessionError(f"{path}: saved game is damaged (clock_played {played!r:.20})")
    return float(played)


def _replay(data: dict[str, Any], strict: bool = True) -> tuple[Game, list[list[Event]]]:
    """Play a saved game again from its start, checking every action, with the events of each
    step: the file holds actions, not words, and the replay also proves the saved state is the
    true one. Not `strict` (a save of another engine version), the replay stops quietly at the
    first action this engine does not take."""
    steps: list[list[Event]] = []
    last: Game | None = None
    try:
        for replayed, _, events in Game.replay(data):
            last = replayed
            steps.append(events)
    except SaveFileError:
        if strict or last is None:
            raise
    assert last is not None  # the replay yields the setup at least
    return last, steps
