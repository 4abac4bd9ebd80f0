"""`passgo play` line by line through pipes: a whole game, a kill and a resume, bad input.

These run the installed `passgo` command as a person's script would: answers on standard
input, sentences on standard output, one-line errors on standard error.
"""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from passgo.session import Session

PASSGO = str(Path(sys.executable).with_name("passgo"))
PROMPT = "Type a number or an action"


def passgo(*args: str, stdin: str = "", home: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "XDG_STATE_HOME": str(home / "state")}
    return subprocess.run([PASSGO, *args], input=stdin, capture_output=True, text=True,
                          timeout=60, env=env)


def test_whole_game_through_a_pipe(tmp_path: Path) -> None:
    """A person who always takes the first choice plays a whole game against two bots; the
    safety stop only guards the test. The game ends, with the standings."""
    out = passgo("play", "--plain", "--players", "Ann:human,Bob:basic,Cy:random",
                 "--seed", "2", "--max-rounds", "300", "--no-save",
                 stdin="1\n" * 20000, home=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    lines = out.stdout.splitlines()
    assert lines[0].startswith("Opening throws:")
    assert any(line.startswith("You rolled") for line in lines)  # the one person: "you"
    assert sum(PROMPT in line for line in lines) > 50
    assert any(line.startswith("  1. ") for line in lines)
    assert any(line.startswith("Game over") for line in lines)
    assert "Final standings:" in lines
    assert lines[-1].startswith("  3. ")


def test_killed_game_resumes_in_the_identical_state(tmp_path: Path) -> None:
    """Kill -9 while the game waits for the person: the autosave holds every action up to
    then (the same state as a game given the same answers and closed cleanly), and
    `--resume` continues from exactly that decision."""
    answers = 15
    killed, clean = tmp_path / "killed.json", tmp_path / "clean.json"
    args = ["play", "--players", "Ann:human,Bob:basic,Cy:basic", "--seed", "11"]
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    proc = subprocess.Popen([PASSGO, *args, "--save", str(killed)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)
    watchdog = threading.Timer(60, proc.kill)
    watchdog.start()
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("1\n" * answers)
        proc.stdin.flush()
        prompts, before = 0, []
        for line in proc.stdout:
            before.append(line)
            prompts += PROMPT in line
            if prompts == answers + 1:
                break
        proc.kill()  # SIGKILL: no chance to save on the way out
        proc.wait(timeout=10)
    finally:
        watchdog.cancel()
    assert prompts == answers + 1

    out = passgo(*args, "--save", str(clean), stdin="1\n" * answers, home=tmp_path)
    assert out.returncode == 0, out.stderr
    restored, reference = Session.load(killed), Session.load(clean)
    assert len(restored.game.history) >= answers
    assert restored.game.to_dict()["state"] == reference.game.to_dict()["state"]
    assert restored.log == reference.log

    # Resuming asks the very question the killed game was asking.
    last_question = [line.rstrip("\n") for line in before[-8:]]
    resumed = passgo("play", "--resume", str(killed), stdin="quit\n", home=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert f"Resuming the game after {len(restored.game.history)} actions" in resumed.stdout
    # The one person at the table is "you" in the status line too.
    status = next(line for line in reversed(last_question) if line.startswith("You: $"))
    assert status in resumed.stdout
    assert Session.load(killed).game.to_dict()["state"] == restored.game.to_dict()["state"]


def test_a_terminal_that_goes_away_ends_the_game_quietly_and_keeps_it(tmp_path: Path) -> None:
    """The window closes while the game waits for the person (the terminal's other end is
    closed: the next read fails with EIO): the game stops with status 1 and no traceback,
    and its save holds every action up to the question, ready for `--resume`."""
    save = tmp_path / "game.json"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    master, slave = pty.openpty()
    proc = subprocess.Popen([PASSGO, "play", "--plain", "--players", "Ann:human,Bob:basic",
                             "--seed", "3", "--save", str(save)], stdin=slave, stdout=slave,
                            stderr=subprocess.PIPE, env=env)
    os.close(slave)
    seen = b""
    try:
        while PROMPT.encode() not in seen:
            ready, _, _ = select.select([master], [], [], 30)
            assert ready, seen.decode(errors="replace")
            seen += os.read(master, 4096)
    finally:
        os.close(master)  # the window is gone
    try:
        assert proc.wait(timeout=30) == 1
    finally:
        proc.kill()
    assert proc.stderr is not None and proc.stderr.read() == b""
    restored = Session.load(save)
    assert not restored.game.over and restored.game.pending.player == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "Ann:human,Bob:alien"], "unknown bot 'alien'"),
        (["--players", "Ann"], "2 to 8 players"),
        (["--rules", "no-such-rules"], "no-such-rules"),
        (["--bot-delay", "-1"], "--bot-delay cannot be negative"),
        (["--max-rounds", "0"], "--max-rounds must be at least 1"),
        (["--time", "soon"], "cannot read the time 'soon'"),
        (["--resume", "bad.json", "--time", "9m"], "drop --time"),
        (["--resume", "missing.json"], "no saved game at missing.json"),
        (["--resume", "bad.json"], "cannot resume bad.json: it breaks off part-way"),
        (["--resume", "other.json"], "other.json is not a passgo saved game"),
        (["--resume", "bad.json", "--seed", "3"], "drop --seed"),
        (["--save", "bad.json/game.json"], "cannot save the game to bad.json/game.json"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str],
                                          message: str) -> None:
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "other.json").write_text('{"kind": "something else"}')
    out = subprocess.run([PASSGO, "play", "--plain", *args], capture_output=True, text=True,
                         timeout=60, cwd=tmp_path, env={"PATH": "/usr/bin:/bin",
                                                        "HOME": str(tmp_path)})
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("passgo: error: ")
    assert message in out.stderr
    assert out.stdout == ""


def test_a_new_game_never_overwrites_an_unfinished_one(tmp_path: Path) -> None:
    """Starting a new game moves an unfinished game in the save file aside and says where."""
    save = tmp_path / "game.json"
    args = ["play", "--players", "Ann:human,Bob:basic", "--save", str(save)]
    first = passgo(*args, "--seed", "1", stdin="1\n1\nquit\n", home=tmp_path)
    assert first.returncode == 0 and first.stderr == ""
    old = Session.load(save)
    second = passgo(*args, "--seed", "2", stdin="quit\n", home=tmp_path)
    assert second.returncode == 0
    assert second.stderr.count("\n") == 1 and "was kept as" in second.stderr
    kept = Path(second.stderr.split("was kept as ")[1].split(";")[0])
    assert Session.load(kept).game.to_dict()["state"] == old.game.to_dict()["state"]
    assert Session.load(save).game.seed == 2


def test_a_double_board_is_played_line_by_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The full-screen board draws one ring of 40 squares: on a terminal, `passgo play` under
    `double_board` says so in one line and plays line by line, where the person is asked the
    Double board's choice (004: "When a player lands on the overlapping space, he or she may
    choose which board to enter next.") with one answer per board."""
    from passgo.cli import main
    from passgo.cli import play as cli_play

    rules = tmp_path / "double.toml"
    rules.write_text('preset = "classic"\ndouble_board = "free_parking"\n')
    monkeypatch.setattr(cli_play, "full_screen_wanted", lambda args: True)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    code = main(["play", "--players", "Ann:human,Bob:basic", "--rules", str(rules),
                 "--seed", "1", "--max-rounds", "60", "--no-save"])
    out, err = capsys.readouterr()
    assert code == 0
    assert err == ("passgo: the full-screen board draws one board of 40 squares; double_board "
                   "is played line by line\n")
    lines = out.splitlines()
    asked = lines.index("Choose the board to enter next:")
    assert lines[asked + 1:asked + 3] == ["  1. Enter the US board   [enter 20]",
                                          "  2. Enter the UK board   [enter 60]"]
    assert "You enter the US board" in lines


def test_an_offer_puts_accept_last_in_both_terminal_games() -> None:
    """An offer can arrive right after the person pressed 1 to end a turn: pressing 1 once more
    must not accept a deal never read. The line-by-line game numbers Reject before Accept and
    the full-screen game's buttons come in the same order (`passgo.narrate.offered_order`),
    while the engine's own order for bots and replays is unchanged."""
    from passgo.core import AcceptTrade, Bundle, ProposeTrade, RejectTrade, TradeOffer
    from passgo.narrate import offered_order
    from passgo.plain import PlainGame
    from passgo.session import Seat
    from support import setup, sq

    g = setup(("Ann", "Bob"), owners={sq("Boardwalk"): 0})
    g.apply(ProposeTrade(1, TradeOffer(1, 0, Bundle(cash=1), Bundle((sq("Boardwalk"),)))))
    engine = g.legal_actions(0)
    assert isinstance(engine[0], AcceptTrade)  # the engine's order, which bots rely on
    shown = offered_order(engine)
    assert isinstance(shown[0], RejectTrade) and isinstance(shown[-1], AcceptTrade)
    assert sorted(a.text() for a in shown) == sorted(a.text() for a in engine)
    out = io.StringIO()
    session = Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")])
    PlainGame(session, out, io.StringIO("1\nquit\n")).run()
    assert g.owner[sq("Boardwalk")] == 0  # "1" rejected the $1 offer for Boardwalk
    assert "  1. Reject" in out.getvalue()


def test_a_slip_gets_a_plain_answer_and_the_long_hint_is_read_once() -> None:
    """An empty line or a number with no choice behind it is answered in words with the
    choices' range (not the parser's "empty action"), and changes nothing; the whole hint
    comes at the first prompt, every later prompt starts with the same words (scripts wait
    for them) but is short, and `help` lists what may be typed."""
    from passgo.plain import HINT, PlainGame
    from passgo.session import Seat
    from support import setup

    g = setup(("Ann", "Bob"))
    out = io.StringIO()
    session = Session(g, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")])
    PlainGame(session, out, io.StringIO("\n9\nhelp\nquit\n")).run()
    lines = out.getvalue().splitlines()
    assert not g.history  # nothing was played
    assert "Nothing typed: type 1, or an action." in lines
    assert "There is no choice 9: type 1." in lines
    assert any(line.startswith("You may type a choice's number") for line in lines)
    prompts = [line for line in lines if line.startswith(PROMPT)]
    assert len(prompts) == 4 and prompts[0] == HINT
    assert all(line == "Type a number or an action ('help' for more)." for line in prompts[1:])


def test_resuming_into_another_file_keeps_the_game_that_was_there(tmp_path: Path) -> None:
    """`--resume A --save B` moves an unfinished game in B aside, as a new game does, and
    writes A's game to B at once, so that "Game saved to B" is true even when nothing was
    played (a person who quits at the first question)."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    passgo("play", "--plain", "--players", "Ann:human,Bob:basic", "--seed", "1", "--save",
           str(a), stdin="1\n1\nquit\n", home=tmp_path)
    passgo("play", "--plain", "--players", "Ann:human,Bob:basic", "--seed", "2", "--save",
           str(b), stdin="quit\n", home=tmp_path)
    in_b = Session.load(b).game.to_dict()
    out = passgo("play", "--plain", "--resume", str(a), "--save", str(b), stdin="quit\n",
                 home=tmp_path)
    assert out.returncode == 0
    assert out.stderr.count("\n") == 1 and "was kept as" in out.stderr
    kept = Path(out.stderr.split("was kept as ")[1].split(";")[0])
    assert Session.load(kept).game.to_dict() == in_b
    assert Session.load(b).game.seed == 1 and f"Game saved to {b}" in out.stdout


def test_a_second_game_in_the_same_save_file_is_refused(tmp_path: Path) -> None:
    """Two games writing one save file in turn would each overwrite the other's moves: while
    one plays in it, another `passgo play` on that file is refused in one line, and the file
    is left as it was."""
    from passgo.core import Game
    from passgo.session import Seat

    save = tmp_path / "game.json"
    game = Game.new(["Ann", "Bob"], seed=3)
    first = Session(game, [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")], save)
    first.hold_save_file()
    before = save.read_bytes()
    try:
        for args in (["--seed", "4", "--players", "Ann:human,Bob:basic"], ["--resume"]):
            out = passgo("play", "--plain", "--save", str(save), *args, stdin="quit\n",
                         home=tmp_path)
            assert out.returncode == 2
            assert out.stderr.count("\n") == 1 and "another passgo is playing" in out.stderr
            assert save.read_bytes() == before and not list(tmp_path.glob("game-*.json"))
    finally:
        first.close()
    again = passgo("play", "--plain", "--resume", str(save), stdin="quit\n", home=tmp_path)
    assert again.returncode == 0, again.stderr


def test_a_hot_seat_names_whose_question_it_is(tmp_path: Path) -> None:
    """With two people at one keyboard "you" does not say whose turn it is: after Ann lets a
    deed go to auction, the bid is asked of Bob by name."""
    out = passgo("play", "--plain", "--players", "Ann:human,Bob:human,Cy:basic", "--seed", "2",
                 "--no-save", stdin="1\n2\n", home=tmp_path)
    lines = out.stdout.splitlines()
    bid = next(i for i, line in enumerate(lines) if line.startswith("Bid at least"))
    assert lines[bid - 1].startswith("Bob: $1,500")


def test_save_as_keeps_what_was_in_the_file(tmp_path: Path) -> None:
    """The full-screen game's save-as (ctrl+s) writes to a file the person names; what was
    in it (notes, another game, even a finished one) is moved aside first, never lost, and
    saving again to the game's own save file moves nothing."""
    from passgo.core import Game
    from passgo.session import Seat

    notes = tmp_path / "notes.json"
    notes.write_text("precious")
    own = tmp_path / "own.json"
    s = Session(Game.new(["Ann", "Bob"], seed=3),
                [Seat.parse("Ann", "human"), Seat.parse("Bob", "basic")], own)
    kept = s.save_copy(notes)
    assert kept is not None and kept.read_text() == "precious"
    assert Session.load(notes).game.seed == 3
    s.hold_save_file()
    assert s.save_copy(own) is None and sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["notes.json", kept.name, "own.json", "own.json.lock"])
    s.close()


def test_a_bot_program_that_fails_is_said(tmp_path: Path) -> None:
    """A `cmd:` bot whose program dies does not fail unseen: the game says so once, in a
    sentence, and the fallback bot plays its seat."""
    out = passgo("play", "--plain", "--players", "You:human,B:cmd:false", "--seed", "1",
                 "--no-save", stdin="quit\n", home=tmp_path)
    said = [line for line in out.stdout.splitlines() if line.startswith("(B's program")]
    assert len(said) == 1 and "crash" in said[0] and "fallback bot plays for it" in said[0]
