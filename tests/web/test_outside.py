"""Issue 30 from outside: a real `passgo serve` process, HTTP and WebSocket clients with only
the network, each problem of the issue as what an outsider can do, and after each what
changed (the database's games and versions: nothing, when refused) and the server's own
errors (`passgo_server_errors_total`: none).

The module's server trusts 127.0.0.1 as a proxy, so each test poses as client addresses of
its own (`X-Forwarded-For`), as behind a reverse proxy; one test shows the header is ignored
from anyone else.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update
from webserver import call, children, free_port, metric, server
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from passgo.web.store import Store
from passgo.web.tables import games

PUBLIC = "https://passgo.example.org"
WAIT = 30.0  # seconds a test waits for what must come (never a threshold that is checked)


class Server:
    def __init__(self, port: int, database: str, pid: int) -> None:
        self.port, self.database, self.pid = port, database, pid

    def call(self, method: str, path: str, body: Any = None, *, address: str = "198.51.100.1"
             ) -> tuple[int, Any]:
        return call(self.port, method, path, body, {"X-Forwarded-For": address})

    def create(self, seats: list[str], address: str = "198.51.100.1", **extra: Any
               ) -> dict[str, Any]:
        body = {"seats": [{"kind": "person"} if s == "person" else {"kind": "bot", "bot": s}
                          for s in seats], **extra}
        status, reply = self.call("POST", "/api/games", body, address=address)
        assert status == 201, reply
        return dict(reply)

    def join(self, game_id: str, seat: int, name: str) -> str:
        status, reply = self.call("POST", f"/api/games/{game_id}/join",
                                  {"seat": seat, "name": name})
        assert status == 200, reply
        return str(reply["token"])

    def socket(self, game_id: str, address: str = "198.51.100.1") -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.port}/api/games/{game_id}/ws", open_timeout=10,
                       additional_headers={"X-Forwarded-For": address}, legacy=True)

    def errors(self) -> float:
        return metric(self.port, "passgo_server_errors_total")

    def stored(self) -> list[tuple[str, str, int]]:
        """Every game in the database: (id, status, version), the state an outsider could
        change."""
        store = Store(self.database)
        try:
            with store.engine.begin() as conn:
                rows = conn.execute(select(games.c.id, games.c.status, games.c.version)
                                    .order_by(games.c.id)).all()
            return [(str(i), str(s), int(v)) for i, s, v in rows]
        finally:
            store.close()


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    database = f"sqlite:///{tmp_path_factory.mktemp('outside') / 'games.sqlite3'}"
    port = free_port()
    args = ["--trusted-proxy", "127.0.0.1", "--max-games-per-hour", "3",
            "--max-connections-per-address", "4", "--max-spectators", "3",
            "--bot-workers", "1", "--bot-time-limit", "2", "--public-url", PUBLIC + "/"]
    log = tmp_path_factory.getbasetemp() / "outside-server.log"
    with server(database, port, args=args, log=log) as proc:
        yield Server(port, database, proc.pid)


def hello(ws: ClientConnection, token: str | None, name: str | None = None) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "token": token, "name": name}))
    return until(ws, "state")


def until(ws: ClientConnection, kind: str, test: Any = None) -> dict[str, Any]:
    """The next message of type `kind` (for which `test(message)` holds)."""
    deadline = time.monotonic() + WAIT
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == kind and (test is None or test(message)):
            return message


def to_the_end(ws: ClientConnection, state: dict[str, Any]) -> dict[str, Any]:
    """Answer every question of this seat with its first answer until the game is over; the
    last state."""
    while state["status"] != "over":
        answers = [a["text"] for a in state.get("actions", []) if a["answer"]]
        if answers:
            ws.send(json.dumps({"type": "action", "version": state["version"],
                                "action": answers[0]}))
        state = until(ws, "state", lambda m, v=state["version"]: m["version"] > v)
    return state


def closed(ws: ClientConnection) -> tuple[int | None, str]:
    """How the server closed `ws`: its code and reason."""
    with pytest.raises(ConnectionClosed) as ended:
        while True:
            ws.recv(timeout=WAIT)
    frame = ended.value.rcvd
    return (None, "") if frame is None else (frame.code, frame.reason)


# -- 1 and 2: bots off the event loop; only built-in bots by name ----------------------------

@pytest.mark.parametrize("bot", [
    "cmd:touch {mark}", " cmd:touch {mark}", "\tcmd:touch {mark}", "\u00a0cmd:touch {mark}",
    "rl:/etc/passwd", "rl:/etc/does-not-exist", "rl:{mark}", "expert:ms=999999999",
    "expert:ms=4000", "expert:rollouts=100000", "expert:horizon=100000",
    "strategic:reserve=1", "../../etc/passwd", "x" * 40,
])
def test_the_web_seats_no_program_no_policy_file_and_no_bot_options(
        srv: Server, tmp_path: Path, bot: str) -> None:
    mark = tmp_path / "ran"
    before = srv.stored()
    status, reply = srv.call("POST", "/api/games", {
        "seats": [{"kind": "person"}, {"kind": "bot", "bot": bot.format(mark=mark)}]},
        address="198.51.100.10")
    assert status == 400 and "\n" not in reply["error"]
    assert "passwd" not in reply["error"] and "does-not-exist" not in reply["error"]
    assert srv.stored() == before and not mark.exists()
    maps = Path(f"/proc/{srv.pid}/maps").read_text()
    assert "torch" not in maps  # no policy file was ever read: torch never imported
    assert srv.errors() == 0


def test_an_existing_path_and_a_missing_one_get_the_same_answer(srv: Server) -> None:
    """The refusal tells nothing about the server's files (it did: 'no policy file ...'
    against 'passwd is not a PyTorch policy file')."""
    answers = {json.dumps(srv.call("POST", "/api/games", {
        "seats": [{"kind": "person"}, {"kind": "bot", "bot": f"rl:{path}"}]},
        address="198.51.100.11")) for path in ("/etc/passwd", "/etc/no-such-file", "/")}
    assert len(answers) == 1


# -- 5: values the server accepts but cannot serve -----------------------------------------

@pytest.mark.parametrize("extra", [
    {"options": {"snake_eyes_bonus": 2**64}}, {"options": {"clock_minutes": 10**400}},
    {"options": {"go_landing_salary": -1}}, {"options": {"jail_max_turns": 2**70}},
    {"starting_cash": 2**64}, {"away_seconds": 10**30},
])
def test_numbers_past_their_bounds_are_refused_in_one_line(srv: Server,
                                                           extra: dict[str, Any]) -> None:
    before = srv.stored()
    status, reply = srv.call("POST", "/api/games", {"seats": [{"kind": "person"}] * 2,
                                                    **extra}, address="198.51.100.12")
    assert status == 400 and "\n" not in reply["error"], reply
    assert srv.stored() == before and srv.errors() == 0


# -- 4: limits per address, per game; who the address is -----------------------------------

def test_games_an_hour_are_limited_per_client_address(srv: Server) -> None:
    for _ in range(3):
        srv.create(["person", "person"], address="203.0.113.1")
    before = srv.stored()
    status, reply = srv.call("POST", "/api/games", {"seats": [{"kind": "person"}] * 2},
                             address="203.0.113.1")
    assert status == 429 and "at most 3 new games an hour" in reply["error"]
    assert srv.stored() == before
    srv.create(["person", "person"], address="203.0.113.2")  # another address: its own hour


def test_x_forwarded_for_is_ignored_from_an_untrusted_peer(tmp_path: Path) -> None:
    """Without --trusted-proxy, a client cannot pose as other addresses to escape a limit."""
    port = free_port()
    with server(f"sqlite:///{tmp_path / 'g.sqlite3'}", port,
                args=["--max-games-per-hour", "2"]):
        statuses = [call(port, "POST", "/api/games", {"seats": [{"kind": "person"}] * 2},
                         {"X-Forwarded-For": f"192.0.2.{i}"})[0] for i in range(4)]
    assert statuses == [201, 201, 429, 429]


def test_connections_per_address_and_spectators_per_game_are_limited(srv: Server) -> None:
    game_id = srv.create(["person", "person"], address="203.0.113.20")["id"]
    watchers = [srv.socket(game_id, "203.0.113.21") for _ in range(3)]
    for ws in watchers:
        hello(ws, None)
    fourth = srv.socket(game_id, "203.0.113.22")
    fourth.send(json.dumps({"type": "hello", "token": None}))
    code, reason = closed(fourth)
    assert code == 1013 and "3 people watch this game already" in reason
    extra = srv.socket(game_id, "203.0.113.21")  # the address's fourth connection: allowed
    fifth = srv.socket(game_id, "203.0.113.21")
    code, reason = closed(fifth)
    assert code == 1013 and "at most 4 connections from one address" in reason
    for ws in [*watchers, extra]:
        ws.close()
    assert srv.errors() == 0


def test_a_crowd_of_spectators_gets_one_count_not_one_update_per_newcomer(srv: Server) -> None:
    """Join broadcasts cost the same however many watch: a spectator coming changes no seat,
    and the watchers' count follows within a second, once for the crowd."""
    game_id = srv.create(["person", "person"], address="203.0.113.30")["id"]
    token = srv.join(game_id, 0, "Ann")
    ann = srv.socket(game_id, "203.0.113.31")
    hello(ann, token)
    assert until(ann, "seats")["watchers"] == 0  # Ann's own coming: her seat is online
    crowd = [srv.socket(game_id, f"203.0.113.{40 + i}") for i in range(3)]
    for ws in crowd:
        hello(ws, None)
    counts = []
    while not counts or counts[-1] < 3:
        counts.append(until(ann, "seats")["watchers"])
    assert len(counts) <= 2  # one count for the crowd (two if it straddled a second)
    for ws in [ann, *crowd]:
        ws.close()


# -- 6: binary frames ----------------------------------------------------------------------

def test_a_binary_frame_is_closed_with_a_reason(srv: Server) -> None:
    game_id = srv.create(["person", "person"], address="203.0.113.50")["id"]
    ws = srv.socket(game_id, "203.0.113.50")
    ws.send(b'{"type": "hello"}')
    code, reason = closed(ws)
    assert code == 1003 and "JSON text frames" in reason
    assert srv.errors() == 0


def test_a_frame_past_the_transport_bound_is_closed_before_it_is_held(srv: Server) -> None:
    """A message up to `MAX_FRAME` is read and refused in one line (past `MAX_MESSAGE`); a
    bigger frame (a megabyte) closes the connection with 1009, message too big, changes
    nothing, and the game goes on being served."""
    from passgo.web.messages import MAX_FRAME

    game_id = srv.create(["person", "person"], address="203.0.113.55")["id"]
    token = srv.join(game_id, 0, "Ann")
    ws = srv.socket(game_id, "203.0.113.55")
    state = hello(ws, token)
    before = srv.stored()
    ws.send("x" * MAX_FRAME)
    assert "too large" in until(ws, "error")["reason"]
    ws.send("x" * 2**20)
    assert closed(ws)[0] == 1009
    again = srv.socket(game_id, "203.0.113.56")
    assert hello(again, token)["version"] == state["version"]
    again.close()
    assert srv.stored() == before and srv.errors() == 0


def test_hostile_messages_change_nothing(srv: Server) -> None:
    game_id = srv.create(["person", "person"], address="203.0.113.60")["id"]
    tokens = [srv.join(game_id, 0, "Ann"), srv.join(game_id, 1, "Bob")]
    ann, bob = srv.socket(game_id, "203.0.113.61"), srv.socket(game_id, "203.0.113.62")
    state = hello(ann, tokens[0])
    hello(bob, tokens[1])
    mover = state["view"]["pending"]["player"]
    other = bob if mover == 0 else ann
    before = srv.stored()
    bad: list[str] = [
        "{", "[]", '"hello"', json.dumps({"type": "action", "version": "0", "action": "roll"}),
        json.dumps({"type": "action", "version": state["version"], "action": "roll"}),
        json.dumps({"type": "action", "version": state["version"] + 5, "action": "roll"}),
        json.dumps({"type": "action", "version": state["version"], "action": "x" * 999}),
        json.dumps({"type": "chat", "text": "a" * 301}),
        json.dumps({"type": "chat", "text": "\u0007bell"}), json.dumps({"type": "chat"}),
        json.dumps({"type": "rematch"}), json.dumps({"type": "hello", "token": "t"}),
        json.dumps({"type": "take_back"}), "x" * 5000,
    ]
    for text in bad:
        other.send(text)
        reply = json.loads(other.recv(timeout=WAIT))
        while reply["type"] not in ("refused", "error"):
            reply = json.loads(other.recv(timeout=WAIT))
        assert "\n" not in reply["reason"]
    assert srv.stored() == before and srv.errors() == 0
    ann.close()
    bob.close()


# -- 8 and the host's controls ---------------------------------------------------------------

def test_links_use_the_public_url(srv: Server) -> None:
    made = srv.create(["person", "person"], address="203.0.113.70", name="Friday night")
    assert made["url"] == f"{PUBLIC}/game/{made['id']}"
    listed = {g["id"]: g for g in srv.call("GET", "/api/games")[1]["games"]}
    assert listed[made["id"]]["url"] == made["url"]
    assert listed[made["id"]]["name"] == "Friday night"
    assert listed[made["id"]]["free"] == 2 and listed[made["id"]]["rules"] == "classic"
    assert srv.call("GET", "/api/options")[1]["public_url"] == PUBLIC


def host(srv: Server, game_id: str, token: str, do: str, **extra: Any) -> tuple[int, Any]:
    return srv.call("POST", f"/api/games/{game_id}/host",
                    {"host_token": token, "do": do, **extra})


def test_only_the_host_token_controls_a_game(srv: Server) -> None:
    made = srv.create(["person", "person"], address="203.0.113.80")
    before = srv.stored()
    for do in ("start", "private", "delete", "remove", "standin"):
        status, reply = host(srv, made["id"], "not-the-token", do, seat=0)
        assert status == 403 and "host" in reply["error"]
    status, _ = srv.call("POST", f"/api/games/{made['id']}/host", {"do": "delete"})
    assert status == 400
    assert srv.stored() == before and srv.errors() == 0


def test_private_games_are_reached_by_link_only(srv: Server) -> None:
    made = srv.create(["person", "person"], address="203.0.113.81", public=False)
    lobby = {g["id"] for g in srv.call("GET", "/api/games")[1]["games"]}
    assert made["id"] not in lobby
    assert srv.call("GET", f"/api/games/{made['id']}")[0] == 200
    assert host(srv, made["id"], made["host_token"], "public")[0] == 200
    assert made["id"] in {g["id"] for g in srv.call("GET", "/api/games")[1]["games"]}
    assert host(srv, made["id"], made["host_token"], "private")[0] == 200
    assert made["id"] not in {g["id"] for g in srv.call("GET", "/api/games")[1]["games"]}


def test_the_host_starts_with_bots_removes_a_person_and_hands_a_seat_to_a_bot(
        srv: Server) -> None:
    made = srv.create(["person", "person", "person"], address="203.0.113.82")
    game_id, key = made["id"], made["host_token"]
    ann = srv.join(game_id, 0, "Ann")
    bob = srv.join(game_id, 1, "Bob")
    # Removing Bob opens his seat again: his token holds it no more.
    assert host(srv, game_id, key, "remove", seat=1)[0] == 200
    ws = srv.socket(game_id, "203.0.113.83")
    state = hello(ws, bob)
    assert state["seat"] is None and state["seats"][1]["open"]
    ws.close()
    # Start with bots in the empty seats: the game is under way with two of them.
    status, reply = host(srv, game_id, key, "start", bot="strategic")
    assert status == 200 and reply["status"] == "playing"
    assert [s["name"] for s in reply["seats"]] == ["Ann", "Strategic 2", "Strategic 3"]
    assert host(srv, game_id, key, "start")[0] == 409  # once
    # Ann is away (not connected): her seat is handed to the stand-in bot, and bots play on.
    assert host(srv, game_id, key, "standin", seat=0)[0] == 200
    watcher = srv.socket(game_id, "203.0.113.84")
    first = hello(watcher, None)
    later = until(watcher, "state", lambda m: m["version"] > first["version"] + 3)
    assert later["seats"][0]["standin"]
    watcher.close()
    seat_ws = srv.socket(game_id, "203.0.113.85")
    assert hello(seat_ws, ann)["seat"] == 0  # her token still holds her seat
    seat_ws.close()
    assert host(srv, game_id, key, "delete")[0] == 200  # its bots would play on for ever
    assert srv.errors() == 0


def test_the_host_deletes_a_game_and_everyone_connected_is_told(srv: Server) -> None:
    made = srv.create(["person", "person"], address="203.0.113.86")
    ws = srv.socket(made["id"], "203.0.113.87")
    hello(ws, None)
    assert host(srv, made["id"], made["host_token"], "delete")[0] == 200
    assert until(ws, "deleted")["game"] == made["id"]
    assert srv.call("GET", f"/api/games/{made['id']}")[0] == 404
    assert made["id"] not in {i for i, _, _ in srv.stored()}


def test_waiting_games_nobody_touched_for_a_day_leave_the_lobby(srv: Server) -> None:
    made = srv.create(["person", "person"], address="203.0.113.88")
    store = Store(srv.database)
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == made["id"])
                     .values(touched=time.time() - 86_400 - 60))
    store.close()
    assert made["id"] not in {g["id"] for g in srv.call("GET", "/api/games")[1]["games"]}
    assert srv.call("GET", f"/api/games/{made['id']}")[0] == 200  # its link still works


# -- chat and rematch (the server side of issue 29) --------------------------------------------

def test_chat_reaches_seats_and_spectators_and_is_stored_with_the_game(srv: Server) -> None:
    made = srv.create(["person", "person"], address="203.0.113.90")
    token = srv.join(made["id"], 0, "Ann")
    ann, zoe = srv.socket(made["id"], "203.0.113.91"), srv.socket(made["id"], "203.0.113.92")
    hello(ann, token)
    hello(zoe, None, "Zoe")
    line = "<b>nice</b> & <script>x</script>"
    ann.send(json.dumps({"type": "chat", "text": line}))
    for ws in (ann, zoe):
        said = until(ws, "chat")["messages"]
        assert [(m["name"], m["seat"], m["text"]) for m in said] == [("Ann", 0, line)]
    zoe.send(json.dumps({"type": "chat", "text": "  hello   there "}))
    assert until(ann, "chat")["messages"][0]["text"] == "hello there"
    # Five lines at once pass, then the chat's own rate limit says no.
    reasons = []
    for i in range(8):
        zoe.send(json.dumps({"type": "chat", "text": f"line {i}"}))
    while len(reasons) < 2:
        message = json.loads(zoe.recv(timeout=WAIT))
        if message["type"] == "refused":
            reasons.append(message["reason"])
    assert all("too many lines" in r for r in reasons)
    ann.close()
    zoe.close()
    later = srv.socket(made["id"], "203.0.113.93")
    later.send(json.dumps({"type": "hello", "token": None}))
    history = until(later, "chat")["messages"]
    assert history[0]["text"] == line and history[1]["name"] == "Zoe"
    later.close()


def test_a_rematch_after_game_over_has_the_same_seats_and_rules(srv: Server) -> None:
    made = srv.create(["person", "basic"], address="203.0.113.94", name="Best of three",
                      options={"round_limit": 1})
    token = srv.join(made["id"], 0, "Ann")
    ws = srv.socket(made["id"], "203.0.113.95")
    state = hello(ws, token)
    ws.send(json.dumps({"type": "rematch"}))
    # The bot moves meanwhile: states that come before the refusal are kept, not skipped.
    while (message := json.loads(ws.recv(timeout=WAIT)))["type"] != "refused":
        state = message if message["type"] == "state" else state
    assert "once the game is over" in message["reason"]
    state = to_the_end(ws, state)
    ws.send(json.dumps({"type": "rematch"}))
    again = until(ws, "rematch")["game"]
    ws.close()
    status, info = srv.call("GET", f"/api/games/{again}")
    assert status == 200 and info["status"] == "playing" and info["name"] == "Best of three"
    assert [(s["name"], s["bot"]) for s in info["seats"]] == [("Ann", None),
                                                             ("Basic 2", "basic")]
    ws = srv.socket(again, "203.0.113.96")
    fresh = hello(ws, token)  # the same token holds the same seat
    assert fresh["seat"] == 0 and fresh["view"]["rules"]["round_limit"] == 1
    ws.close()
    assert srv.call("GET", f"/api/games/{made['id']}")[1]["rematch"] == again


def test_a_player_cannot_call_time_online(srv: Server) -> None:
    """At a table the players call time together; online only the server's clock calls it
    (docs/web.md, the hour of termination): a player's `call-time` is refused, the game goes
    on."""
    made = srv.create(["person", "person"], address="203.0.113.200",
                      options={"clock_minutes": 90})
    tokens = [srv.join(made["id"], seat, name) for seat, name in ((0, "Ann"), (1, "Bob"))]
    bob = srv.socket(made["id"], "203.0.113.201")
    state = hello(bob, tokens[1])
    before = srv.stored()
    bob.send(json.dumps({"type": "action", "version": state["version"],
                         "action": "call-time"}))
    refused = until(bob, "refused")
    assert "time is called by the game's clock" in refused["reason"]
    assert srv.stored() == before
    bob.close()


def test_rematches_count_against_the_games_an_hour(srv: Server) -> None:
    """A rematch is a new game of its creator's: once the address made its games for the
    hour (3 here), a rematch is refused like any other new game."""
    address = "203.0.113.210"
    made = srv.create(["person", "basic"], address=address, options={"round_limit": 1})
    token = srv.join(made["id"], 0, "Ann")
    for _ in range(2):
        srv.create(["person", "person"], address=address)
    ws = srv.socket(made["id"], "203.0.113.211")
    state = hello(ws, token)
    state = to_the_end(ws, state)
    ws.send(json.dumps({"type": "rematch"}))
    assert "at most 3 new games an hour" in until(ws, "refused")["reason"]
    ws.close()
    assert srv.call("GET", f"/api/games/{made['id']}")[1]["rematch"] is None


def test_chat_keeps_its_rate_across_connections_of_an_address(srv: Server) -> None:
    """Closing and opening the connection again starts no new chat allowance: five lines go
    through, then the address is told to slow down, on the new connection too."""
    made = srv.create(["person", "person"], address="203.0.113.220")
    said = []
    for _ in range(3):
        ws = srv.socket(made["id"], "203.0.113.221")
        hello(ws, None, "Zoe")
        for i in range(4):
            ws.send(json.dumps({"type": "chat", "text": f"line {i}"}))
        ws.send(json.dumps({"type": "sync"}))  # (its answer ends what the lines brought)
        while (message := json.loads(ws.recv(timeout=WAIT)))["type"] != "state":
            said.append(message["type"])
        ws.close()
    assert said.count("refused") >= 6  # of 12 lines, at most 5 and a few seconds' worth pass


def test_connections_opened_together_are_counted_when_they_join(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """The connections a game takes (`--max-connections-per-game`) hold also for
    connections opened before any of them said hello, and one seat's token holds a few
    connections, not any number."""
    database = f"sqlite:///{tmp_path_factory.mktemp('joined') / 'games.sqlite3'}"
    port = free_port()
    with server(database, port, args=["--trusted-proxy", "127.0.0.1",
                                      "--max-connections-per-game", "12"]):
        one = Server(port, database, 0)
        game_id = one.create(["person", "person"])["id"]
        token = one.join(game_id, 0, "Ann")
        opened = [one.socket(game_id, f"203.0.113.{130 + i}") for i in range(14)]
        kept, refused = [], []
        for ws in opened:
            ws.send(json.dumps({"type": "hello", "token": token}))
            try:
                message = json.loads(ws.recv(timeout=WAIT))
                while message["type"] != "state":
                    message = json.loads(ws.recv(timeout=WAIT))
                kept.append(ws)
            except ConnectionClosed as ended:
                refused.append(ended.rcvd.reason if ended.rcvd else "")
        assert len(kept) == 8 and len(refused) == 6
        assert all("this seat has 8 connections open" in r for r in refused)
        for ws in opened:
            ws.close()


def test_headers_are_bounded(srv: Server) -> None:
    """A request whose headers never end is refused once they pass 16 KiB, not held in
    memory as it grows."""
    import socket

    with socket.create_connection(("127.0.0.1", srv.port), timeout=WAIT) as raw:
        raw.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ")
        sent = 0
        with contextlib.suppress(OSError):
            while sent < 8_000_000:
                raw.sendall(b"a" * 65536)
                sent += 65536
        assert sent < 8_000_000
        with contextlib.suppress(OSError):
            assert raw.recv(100).startswith(b"HTTP/1.1 400")
    assert srv.call("GET", "/healthz")[0] == 200


# -- bots off the event loop, the time cap, a killed worker -----------------------------------

def all_bots(srv: Server, address: str, bots: str = "expert") -> tuple[str, str]:
    """A game of one person and three bots whose person's seat the host hands to the
    stand-in bot: bots play every seat, for as long as a test watches (and deletes it).
    (id, host token)"""
    made = srv.create(["person", bots, bots, bots], address=address)
    srv.join(made["id"], 0, "Ann")
    assert host(srv, made["id"], made["host_token"], "standin", seat=0)[0] == 200
    return made["id"], made["host_token"]


def stopped(pid: int) -> bool:
    """Whether process `pid` is stopped (SIGSTOP), from /proc."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "T"
    except OSError:
        return False


def gone(pid: int) -> bool:
    """Whether process `pid` has ended (or is a zombie waiting to be reaped)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@pytest.fixture
def slow_cap(tmp_path: Path) -> Iterator[Server]:
    """A server with one bot worker and a time cap of 10 s: long enough that a frozen
    worker is still frozen while another game plays, on however busy a machine."""
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    port = free_port()
    args = ["--trusted-proxy", "127.0.0.1", "--bot-workers", "1", "--bot-time-limit", "10"]
    with server(database, port, args=args, log=tmp_path / "server.log") as proc:
        yield Server(port, database, proc.pid)


def test_a_stopped_bot_worker_delays_no_other_game_and_its_move_still_comes(
        slow_cap: Server) -> None:
    """The server has one bot worker. While it is frozen (SIGSTOP) in the middle of an expert
    game, another game's actions are answered; past the time cap the expert's game moves on
    with the fallback bot's legal move, and the worker is replaced."""
    srv = slow_cap
    people = srv.create(["person", "person"], address="203.0.113.102")["id"]
    tokens = [srv.join(people, 0, "Ann"), srv.join(people, 1, "Bob")]
    sockets = [srv.socket(people, "203.0.113.103"), srv.socket(people, "203.0.113.104")]
    states = [hello(ws, t) for ws, t in zip(sockets, tokens, strict=True)]
    expert_game, _ = all_bots(srv, "203.0.113.100")
    watch = srv.socket(expert_game, "203.0.113.101")
    seen = hello(watch, None)
    until(watch, "state", lambda m: m["version"] > seen["version"])  # bots at work
    workers = children(srv.pid)
    assert len(workers) == 1
    fallbacks = metric(srv.port, "passgo_bot_fallbacks_total")
    os.kill(workers[0], signal.SIGSTOP)
    answered_while_stopped = []
    try:
        for _ in range(4):
            seat = states[0]["view"]["pending"]["player"]
            state = states[seat]
            sockets[seat].send(json.dumps({"type": "action", "version": state["version"],
                                           "action": state["actions"][0]["text"]}))
            states = [until(ws, "state", lambda m, v=state["version"]: m["version"] > v)
                      for ws in sockets]
            answered_while_stopped.append(stopped(workers[0]))
        # Answered while the only bot worker could not run.
        assert all(answered_while_stopped)
        # Past the cap the fallback bot moves for the frozen worker's game ...
        deadline = time.monotonic() + WAIT
        while (metric(srv.port, "passgo_bot_fallbacks_total") == fallbacks
               and time.monotonic() < deadline):
            time.sleep(0.1)
        assert metric(srv.port, "passgo_bot_fallbacks_total") > fallbacks
        # ... and the game goes on past what is stored now, with a new worker.
        stored = dict((i, v) for i, _, v in srv.stored())[expert_game]
        moved = until(watch, "state", lambda m: m["version"] > stored)
        assert moved["status"] == "playing"
        deadline = time.monotonic() + WAIT  # the pool killed the stuck worker
        while not gone(workers[0]) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert gone(workers[0])
    finally:
        if not gone(workers[0]):
            os.kill(workers[0], signal.SIGCONT)
    for ws in [watch, *sockets]:
        ws.close()
    status, info = srv.call("GET", f"/api/games/{expert_game}")
    assert status == 200 and info["status"] == "playing"
    assert len(children(srv.pid)) == 1  # a new worker
    assert srv.errors() == 0


def test_kill_9_of_bot_workers_while_bots_think_loses_nothing(srv: Server) -> None:
    game_id, key = all_bots(srv, "203.0.113.110", bots="strategic")
    watch = srv.socket(game_id, "203.0.113.111")
    state = hello(watch, None)
    acknowledged: dict[int, list[object]] = {}
    for _ in range(4):
        for pid in children(srv.pid):
            # (A worker listed a moment ago may have ended since: the pool replaces workers.)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        state = until(watch, "state", lambda m, v=state["version"]: m["version"] > v + 2)
        acknowledged[state["version"]] = state["events"]
    watch.close()
    store = Store(srv.database)
    rows = {row.version: row.told for row in store.actions_after(game_id, 0)}
    store.close()
    for version, events in acknowledged.items():  # every update a client saw is stored
        assert rows[version] == events
    assert max(rows) >= max(acknowledged)
    assert host(srv, game_id, key, "delete")[0] == 200
    assert srv.errors() == 0


# -- 7: the database ---------------------------------------------------------------------------

def test_a_database_that_cannot_be_written_is_refused_at_start(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "games.sqlite3"
    Store(f"sqlite:///{path}").migrate()
    url = f"sqlite:///file:{path}?mode=ro&uri=true"
    out = subprocess.run([sys.executable, "-m", "passgo.cli", "serve", "--port",
                          str(free_port()), "--database", url], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "cannot write to the database" in out.stderr


def test_health_metrics_and_one_json_line_per_event(tmp_path: Path) -> None:
    port, log = free_port(), tmp_path / "server.log"
    with server(f"sqlite:///{tmp_path / 'g.sqlite3'}", port, args=["--log-json"], log=log):
        assert call(port, "GET", "/healthz")[1]["ok"] is True
        call(port, "POST", "/api/games", {"seats": [{"kind": "person"}] * 2})
        call(port, "POST", "/api/games", {"seats": [{"kind": "bot", "bot": "cmd:sh"}] * 2})
        assert metric(port, "passgo_games_created_total") == 1
        assert metric(port, "passgo_event_loop_lag_seconds_count") >= 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [line["event"] for line in lines][:2] == ["serving", "game_created"]
    assert all({"time", "level", "event"} <= set(line) for line in lines)


def test_a_database_that_fails_answers_in_json_and_changes_nothing() -> None:
    """PostgreSQL without the right to write (the role's own grants revoked while the server
    runs): creating a game is a one-line JSON 503, an action and a chat line are refused with
    the reason, and no server error comes of it."""
    from conftest import fresh_postgres_database, postgres_url

    url = postgres_url()
    assert url is not None
    for database in fresh_postgres_database(url):
        port = free_port()
        with server(database, port):
            made = call(port, "POST", "/api/games", {"seats": [{"kind": "person"}] * 2})[1]
            tokens = [call(port, "POST", f"/api/games/{made['id']}/join",
                           {"seat": s, "name": n})[1]["token"] for s, n in ((0, "A"), (1, "B"))]
            ws = connect(f"ws://127.0.0.1:{port}/api/games/{made['id']}/ws", legacy=True)
            state = hello(ws, tokens[0])
            store = Store(database)
            with store.engine.begin() as conn:
                conn.exec_driver_sql("REVOKE INSERT, UPDATE ON games, seats, actions, "
                                     "snapshots, chat FROM CURRENT_USER")
            before = Store(database).load(made["id"])
            status, reply = call(port, "POST", "/api/games",
                                 {"seats": [{"kind": "person"}] * 2})
            assert status == 503 and "database" in reply["error"]
            assert "\n" not in reply["error"]
            mover = state["view"]["pending"]["player"]
            if mover != 0:
                ws.close()
                ws = connect(f"ws://127.0.0.1:{port}/api/games/{made['id']}/ws", legacy=True)
                state = hello(ws, tokens[mover])
            ws.send(json.dumps({"type": "action", "version": state["version"],
                                "action": state["actions"][0]["text"]}))
            assert "could not be saved" in until(ws, "refused")["reason"]
            ws.send(json.dumps({"type": "chat", "text": "still there?"}))
            assert "database failed" in until(ws, "refused")["reason"]
            after = Store(database).load(made["id"])
            assert before is not None and after is not None and after.version == before.version
            with store.engine.begin() as conn:
                conn.exec_driver_sql("GRANT INSERT, UPDATE ON games, seats, actions, "
                                     "snapshots, chat TO CURRENT_USER")
            store.close()
            assert call(port, "POST", "/api/games", {"seats": [{"kind": "person"}] * 2}
                        )[0] == 201
            assert metric(port, "passgo_server_errors_total") == 0
            assert metric(port, "passgo_database_errors_total") >= 1
            ws.close()


def test_unknown_paths_and_methods_answer_in_the_documented_shape(srv: Server) -> None:
    """Every refusal is `{"error": ...}` in one line, the router's own 404 and 405 too."""
    assert srv.call("GET", "/api/nothing-here") == (404, {"error": "Not Found"})
    status, reply = srv.call("DELETE", "/api/games")
    assert status == 405 and reply == {"error": "Method Not Allowed"}


def test_the_message_bound_counts_bytes(srv: Server) -> None:
    """4 KiB a message, in bytes: 1,500 three-byte characters are refused, not stored."""
    made = srv.create(["person", "person"], address="203.0.113.230")
    ws = srv.socket(made["id"], "203.0.113.231")
    hello(ws, None, "Zoe")
    ws.send(json.dumps({"type": "chat", "text": "\u3000" * 1500 + "hi"}, ensure_ascii=False))
    assert "message too large" in until(ws, "error")["reason"]
    ws.close()
