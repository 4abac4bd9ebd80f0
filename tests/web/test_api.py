"""The web server's HTTP and WebSocket API: the lobby, joining, reconnecting, per-seat views,
and every kind of bad request refused with a reason and no change."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webclient import Player, create, join, make_client, make_store

from passgo.agents import parse_spec
from passgo.core.rules import option_docs
from passgo.web.messages import MAX_MESSAGE


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(make_store(tmp_path / "games.sqlite3")) as c, ExitStack() as sockets:
        c.sockets = sockets  # connections opened by a test, closed before the server stops
        yield c


def _connect(client: TestClient, token: str | None, game_id: str) -> Player:
    return Player(client.sockets.enter_context(
        client.websocket_connect(f"/api/games/{game_id}/ws")), token)


def test_options_list_presets_house_rules_and_only_built_in_bots(client: TestClient) -> None:
    data = client.get("/api/options").json()
    assert "classic" in [p["name"] for p in data["presets"]]
    jackpot = next(o for o in data["options"] if o["name"] == "free_parking_jackpot")
    assert jackpot["default"] is False and "Free Parking" in jackpot["doc"]
    auction = next(o for o in data["options"] if o["name"] == "auction")
    assert auction["choices"] == ["open", "closed", "vickrey"]
    bots = [b["name"] for b in data["bots"]]
    assert "level:club" in bots and "cmd" not in bots


def test_the_lobby_offers_each_bot_once_in_words(client: TestClient) -> None:
    """The levels first, weakest to strongest, then the other bots; no two entries seat the
    same bot (`casual` is `level:casual`, `strategic` is `level:club`, `expert` the search bot
    `level:expert` is made from), each told in words, not by its settings; and every entry
    can be seated."""
    bots = client.get("/api/options").json()["bots"]
    assert [b["title"] for b in bots[:5]] == ["Beginner", "Casual", "Club", "Strong", "Expert"]
    names = [b["name"] for b in bots]
    assert not {"casual", "beginner", "strategic", "expert"} & set(names)
    specs = [parse_spec(name).text() for name in names]
    assert len(set(specs)) == len(specs), specs
    assert len({b["title"] for b in bots}) == len(bots)
    for b in bots:
        assert b["doc"] and not re.search(r"=|\boptions?\b|rollout", b["doc"]), b
    made = client.post("/api/games", json={"seats": [{"kind": "person"}] + [
        {"kind": "bot", "bot": name} for name in names[:7]]})
    assert made.status_code == 201, made.text


def test_the_lobby_offers_every_rule_by_its_common_name(client: TestClient) -> None:
    """Every option the engine plays is offered, the Double board too (004: "Two boards ...
    Players go around both boards in a figure eight pattern": the page draws both rings), each
    with its common name, category and one-line meaning from the rule catalogue, and the
    ready-made rule sets by name with the preset and options they stand for."""
    data = client.get("/api/options").json()
    every = {name for name, *_ in option_docs()}
    assert {o["name"] for o in data["options"]} == every
    jackpot = next(o for o in data["options"] if o["name"] == "free_parking_jackpot")
    assert jackpot["title"] == "Free Parking jackpot" and jackpot["category"] == "money"
    assert jackpot["origin"] == "house rule" and jackpot["on"] is True
    assert [c["id"] for c in data["categories"]][:2] == ["money", "buildings"]
    family = next(s for s in data["rule_sets"] if s["name"] == "Family house rules")
    assert family["preset"] == "classic" and family["options"]["free_parking_jackpot"] is True
    made = client.post("/api/games", json={"seats": [{"kind": "person"}] * 2,
                                           "options": {"double_board": "free_parking"}})
    assert made.status_code == 201


def test_lobby_create_join_and_start(client: TestClient) -> None:
    game_id = create(client, ["person", "person", "basic"])
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [game_id]
    assert [s["open"] for s in listed[0]["seats"]] == [True, True, False]
    join(client, game_id, 0, "Ann")
    assert client.get(f"/api/games/{game_id}").json()["status"] == "waiting"
    join(client, game_id, 1, "Bob")
    info = client.get(f"/api/games/{game_id}").json()
    assert info["status"] == "playing"
    assert [s["name"] for s in info["seats"]] == ["Ann", "Bob", "Basic 3"]
    assert all("token" not in s for s in info["seats"])


@pytest.mark.parametrize(("body", "reason"), [
    ({"seats": [{"kind": "person"}, {"kind": "bot", "bot": "cmd:sh -c 'touch x'"}]},
     "outside programs"),
    ({"seats": [{"kind": "person"}]}, "seats"),
    ({"seats": [{"kind": "bot", "bot": "basic"}] * 2}, "at least one seat for a person"),
    ({"seats": [{"kind": "person"}] * 2, "options": {"no_such_rule": True}}, "no_such_rule"),
    ({"seats": [{"kind": "person"}] * 2, "preset": "monopoly-deluxe"}, "unknown rule set"),
    ({"seats": [{"kind": "person"}] * 2, "starting_cash": -5}, "starting cash"),
    ({"seats": [{"kind": "person"}] * 2, "starting_cash": 500,
      "options": {"initial_auction": True}}, "starting_cash"),
    ({"seats": [{"kind": "person"}] * 2, "options": {"double_board": "go", "edition": "uk"}},
     "edition uk"),
    ({"seats": [{"kind": "person"}] * 2, "surprise": 1}, "surprise"),
])
def test_bad_game_requests_are_refused_in_one_line_and_create_nothing(
        client: TestClient, body: dict[str, Any], reason: str) -> None:
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 400
    assert reason in reply.json()["error"] and "\n" not in reply.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_oversized_and_malformed_bodies_are_refused(client: TestClient) -> None:
    big = json.dumps({"seats": [{"kind": "person"}] * 2, "preset": "x" * 20_000})
    assert client.post("/api/games", content=big).status_code == 413
    assert client.post("/api/games", content="{not json").status_code == 400
    assert client.get("/api/games").json()["games"] == []


def test_seat_claims_are_checked(client: TestClient) -> None:
    game_id = create(client, ["person", "person", "basic"])
    join(client, game_id, 0, "Ann")
    for body, status in [({"seat": 0, "name": "Cy"}, 409), ({"seat": 2, "name": "Cy"}, 409),
                         ({"seat": 7, "name": "Cy"}, 409), ({"seat": 1, "name": "ann"}, 409),
                         ({"seat": 1, "name": "   "}, 400), ({"seat": 1, "name": "x" * 60}, 400),
                         ({"seat": "1", "name": "Cy"}, 400)]:
        reply = client.post(f"/api/games/{game_id}/join", json=body)
        assert reply.status_code == status, body
    assert client.post("/api/games/nope/join", json={"seat": 0, "name": "A"}).status_code == 404
    seats = client.get(f"/api/games/{game_id}").json()["seats"]
    assert [s["name"] for s in seats] == ["Ann", None, "Basic 3"]


def _two_people(client: TestClient) -> tuple[str, dict[int, Player]]:
    game_id = create(client, ["person", "person"])
    tokens = {0: join(client, game_id, 0, "Ann"), 1: join(client, game_id, 1, "Bob")}
    players = {seat: _connect(client, token, game_id) for seat, token in tokens.items()}
    return game_id, players


def test_each_seat_gets_its_own_view_and_actions(client: TestClient) -> None:
    _, players = _two_people(client)
    mover = players[0].state["view"]["pending"]["player"]
    other = 1 - mover
    assert players[mover].state["seat"] == mover
    assert players[mover].state["view"]["viewer"] == mover
    assert "roll" in players[mover].actions()
    assert "roll" not in players[other].actions()
    text = json.dumps(players[mover].state)
    assert '"rng"' not in text and '"decks"' not in text and '"history"' not in text


def test_an_action_reaches_every_seat_and_spectator(client: TestClient) -> None:
    game_id, players = _two_people(client)
    watcher = _connect(client, None, game_id)
    assert watcher.state["seat"] is None and watcher.state["actions"] == []
    assert watcher.state["view"]["viewer"] == -1
    mover = players[0].state["view"]["pending"]["player"]
    version = players[mover].state["version"]
    done = players[mover].act("roll")
    assert done["type"] == "state" and done["version"] == version + 1
    # The same events for everyone; told to the mover in the second person, to the others
    # by name.
    assert done["events"][0]["kind"] == "dice" and done["events"][0]["player"] == mover
    assert done["said"][0].startswith("You rolled ")
    other = players[1 - mover].until_state(version + 1)
    watched = watcher.until_state(version + 1)
    name = ("Ann", "Bob")[mover]
    assert other["events"] == watched["events"] == done["events"]
    assert other["said"][0].startswith(f"{name} rolled ") and watched["said"] == other["said"]
    assert done["question"] != other["question"] and other["explain"] is None
    assert watched["view"] == {**done["view"], "viewer": -1}


def test_stale_foreign_and_spectator_actions_change_nothing(client: TestClient) -> None:
    game_id, players = _two_people(client)
    mover = players[0].state["view"]["pending"]["player"]
    version = players[mover].state["version"]
    players[mover].act("roll")
    stale = players[mover].act("end", version=version)
    assert stale["type"] == "refused" and stale["reason"].startswith("stale")
    # Bob cannot act for Ann: every action a connection sends is its own seat's.
    other = players[1 - mover]
    other.until_state(version + 1)
    foreign = other.act("end")
    assert foreign["type"] == "refused" and "not allowed now" in foreign["reason"]
    watcher = _connect(client, None, game_id)
    refused = watcher.act("end")
    assert refused["type"] == "refused" and "spectators" in refused["reason"]
    assert client.get(f"/api/games/{game_id}").json()["status"] == "playing"
    assert players[mover].state["version"] == version + 1


@pytest.mark.parametrize(("message", "reason"), [
    ("x" * (MAX_MESSAGE + 1), "too large"),
    ("{not json", "JSON object"),
    ("[1, 2]", "JSON object"),
    (json.dumps({"type": "shout"}), "unknown message type"),
    (json.dumps({"type": "action", "version": "3", "action": "roll"}), "version"),
    (json.dumps({"type": "action", "version": 0, "action": 5}), "action"),
    (json.dumps({"type": "action", "version": 0, "action": "fly 39"}), "not an action"),
    (json.dumps({"type": "action", "version": 0, "action": "roll " * 300}), "at most"),
])
def test_malformed_messages_are_refused_with_no_change(
        client: TestClient, message: str, reason: str) -> None:
    _, players = _two_people(client)
    mover = players[0].state["view"]["pending"]["player"]
    before = players[mover].state
    players[mover].send(message)
    answer = players[mover].receive()
    while answer["type"] == "seats":
        answer = players[mover].receive()
    assert answer["type"] in ("error", "refused") and reason in answer["reason"]
    assert players[mover].act("roll")["version"] == before["version"] + 1


def test_reconnecting_with_the_token_gives_the_seat_back(client: TestClient) -> None:
    game_id = create(client, ["person", "person"])
    token = join(client, game_id, 0, "Ann")
    join(client, game_id, 1, "Bob")
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        first = Player(ws, token).state
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        again = Player(ws, token).state
    assert again["seat"] == 0 and again["version"] == first["version"]
    assert again["view"] == first["view"] and again["said"] == first["said"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        forged = Player(ws, "not-a-token")
        assert forged.state["seat"] is None
        assert any(m["type"] == "error" and "watching" in m["reason"] for m in forged.messages)


def test_an_idle_game_leaves_memory_and_comes_back_whole(client: TestClient) -> None:
    """A game nobody is connected to and nobody has asked for lately is unloaded (a server
    running for months keeps in memory the games being played, not every game it served);
    the next connection loads it from the store as it was."""
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    game_id = create(client, ["person", "person"])
    token = join(client, game_id, 0, "Ann")
    join(client, game_id, 1, "Bob")
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ann = Player(ws, token)
        if ann.state["view"]["pending"]["player"] == 0:
            ann.act("roll")
        before = ann.state
        assert client.portal.call(rooms.evict_idle) == []  # connected: kept
    rooms.idle_seconds = 0.0
    deadline = time.monotonic() + 10
    while game_id in rooms.rooms:  # the server notices the closed connection
        assert time.monotonic() < deadline, "the idle game was never unloaded"
        client.portal.call(rooms.evict_idle)
        time.sleep(0.01)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        again = Player(ws, token).state
    assert game_id in rooms.rooms
    assert again["version"] == before["version"] and again["view"] == before["view"]
    assert again["seat"] == 0 and again["actions"] == before["actions"]


def test_flooding_a_connection_is_refused(tmp_path: Path) -> None:
    with make_client(make_store(tmp_path / "g.sqlite3"), (10, 30)) as client, \
            ExitStack() as sockets:
        client.sockets = sockets
        _flood(client)


def _flood(client: TestClient) -> None:
    _, players = _two_people(client)
    mover = players[0].state["view"]["pending"]["player"]
    version = players[mover].state["version"]
    for _ in range(60):
        players[mover].send({"type": "action", "version": version, "action": "fly"})
    reasons = []
    while len(reasons) < 60:
        message = players[mover].receive()
        if message["type"] in ("error", "refused"):
            reasons.append(message["reason"])
    assert any("too many messages" in r for r in reasons)
    assert players[mover].state["version"] == version


def test_bots_play_their_seats_until_a_person_must_decide(client: TestClient) -> None:
    game_id = create(client, ["person", "strategic", "basic"])
    token = join(client, game_id, 0, "Ann")
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ann = Player(ws, token)
        for _ in range(40):  # Ann's moves; the bots move between them
            while ann.state["view"]["pending"]["player"] != 0 and not ann.state["view"]["over"]:
                ann.until_state(ann.state["version"] + 1)
            if ann.state["view"]["over"]:
                break
            answers = [a for a in ann.actions() if a in ("roll", "end", "buy", "pay-fine")]
            ann.act(answers[0] if answers else ann.actions()[0])
        said = [line for m in ann.messages if m["type"] == "state" for line in m["said"]]
        throwers = {line.split(" rolled")[0] for line in said if " rolled " in line}
        assert throwers == {"You", "Strategic 2", "Basic 3"}  # Ann is told of herself
        refused = [m for m in ann.messages if m["type"] in ("refused", "error")]
        assert refused == []


def test_an_away_person_is_stood_in_for_and_takes_the_seat_back(client: TestClient) -> None:
    game_id = create(client, ["person", "person"], away_seconds=1,
                     options={"round_limit": 3})  # the stand-ins soon finish the game
    tokens = [join(client, game_id, 0, "Ann"), join(client, game_id, 1, "Bob")]
    ann = _connect(client, tokens[0], game_id)
    mover = ann.state["view"]["pending"]["player"]
    away = _connect(client, tokens[mover], game_id) if mover else ann
    # Nobody answers: after a second the stand-in bot plays the mover's seat.
    while not ann.state["seats"][mover]["standin"]:
        ann.until_state()
    told = "You are away: a bot plays for you" if mover == 0 else (
        "Bob is away: a bot plays for them")
    assert told in ann.state["said"]
    away.send({"type": "action", "version": away.state["version"], "action": "roll"})
    assert "take it back" in away.until("refused")["reason"]
    away.send({"type": "take_back"})
    while away.state["seats"][mover]["standin"]:
        away.until_state()
    assert away.actions() or away.state["view"]["pending"]["player"] != mover


def test_a_time_limit_is_kept_across_a_restart_and_calls_time(tmp_path: Path) -> None:
    """000, Time Limit Game: "Before starting, agree upon a definite hour of termination, when
    the richest player will be declared the winner." The hour is stored when the game starts:
    a restarted server keeps it, and calls time when it has passed."""
    from sqlalchemy import update

    from passgo.web.tables import games

    store = make_store(tmp_path / "games.sqlite3")
    with make_client(store) as client:
        game_id = create(client, ["person", "person"], options={"clock_minutes": 90})
        tokens = [join(client, game_id, 0, "Ann"), join(client, game_id, 1, "Bob")]
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            first = Player(ws, tokens[0]).state
    assert 89 * 60 < first["time_left"] <= 90 * 60
    deadline = store.deadline_of(game_id)
    with make_client(store) as client:  # a restart: the same deadline, not a new one
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            again = Player(ws, tokens[1]).state
        assert store.deadline_of(game_id) == deadline
        assert again["time_left"] <= first["time_left"]
        assert not again["view"]["over"]
    # The server is down when the hour passes; started again, it calls time at once.
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.id == game_id).values(deadline=deadline - 6000))
    with make_client(store) as client, client.websocket_connect(
            f"/api/games/{game_id}/ws") as ws:
        ann = Player(ws, tokens[0])
        while not ann.state["view"]["over"]:
            ann.until_state(ann.state["version"] + 1)
    assert ann.state["view"]["pending"]["reason"].startswith("time called")
    assert ann.state["time_left"] is None


def test_a_game_without_a_clock_has_no_time_left(client: TestClient) -> None:
    _, players = _two_people(client)
    assert players[0].state["time_left"] is None


# Ann throws 2 + 3 from Pennsylvania Avenue onto Bob's Boardwalk ($50 with the group whole,
# doubled: $100); the game ends after one round (a time-limit game of one round).
SUMMARY = {
    "to_move": "Ann",
    "rules": {"round_limit": 1},
    "players": [{"name": "Ann", "cash": 1500, "position": 34},
                {"name": "Bob", "cash": 1500, "position": 5}],
    "properties": {"Park Place": {"owner": "Bob"}, "Boardwalk": {"owner": "Bob"}},
    "dice": {"script": [[2, 3], [3, 4]]},
}


def _play_to_the_end(ann: Player) -> None:
    """Ann throws and ends her turns (the bot plays its own) until the SUMMARY position's
    round limit ends the game."""
    for _ in range(20):
        if ann.state["status"] == "over":
            break
        mine = [a for a in ann.actions() if a in ("roll", "end")]
        if mine and ann.state["view"]["pending"]["player"] == 0:
            ann.act(mine[0])
        else:
            ann.until_state(ann.state["version"] + 1)
    assert ann.state["status"] == "over"


def _after_the_end(tmp_path: Path, what: str) -> Any:
    """`GET /api/games/{id}/WHAT` of a SUMMARY game, Ann's seat a person's and Bob's a bot's:
    refused with 409 while the game runs, then the JSON it gives once Ann has played it to
    its end."""
    from positions import store_position

    database = tmp_path / "games.sqlite3"
    game_id, tokens = store_position(f"sqlite:///{database}", SUMMARY, ["person", "basic"])
    with make_client(make_store(database)) as client, ExitStack() as sockets:
        ann = Player(sockets.enter_context(client.websocket_connect(f"/api/games/{game_id}/ws")),
                     tokens[0])
        early = client.get(f"/api/games/{game_id}/{what}")
        assert early.status_code == 409 and "not over" in early.json()["error"]
        _play_to_the_end(ann)
        return client.get(f"/api/games/{game_id}/{what}").json()


def test_the_result_figures_of_a_finished_game_come_from_its_replay(tmp_path: Path) -> None:
    """Rules, Rent: "if the owner possesses all the Title Deed cards in any Color-Group, the
    rent is doubled on unimproved properties in that group": Boardwalk's $50 is $100 paid by
    Ann to Bob, which the result screen counts as rent paid and received; Bob holds the dark
    blues, is the richest when the round limit ends the game, and stands first."""
    summary = _after_the_end(tmp_path, "summary")
    assert summary["names"] == ["Ann", "Bob"]
    assert summary["rent_paid"] == [100, 0] and summary["rent_received"] == [0, 100]
    assert summary["groups"] == [{"group": "dark_blue", "owner": 1, "squares": [37, 39]}]
    assert summary["standings"] == [1, 0] and summary["winner"] == 1
    # Worth as each round starts and at the end: Bob's $1,500 and the two deeds' $750 first.
    assert summary["worth"][1][0] == 1500 + 350 + 400
    assert summary["worth"][0][-1] == 1400 and len(summary["rounds"]) == len(summary["worth"][0])


def test_the_review_of_a_finished_game_is_the_commands_json(tmp_path: Path) -> None:
    """`GET /api/games/{id}/review`: refused before the end, then the review of the person's
    seat in `passgo review --json`'s schema (docs/review.md)."""
    review = _after_the_end(tmp_path, "review")
    assert review["schema"] == "passgo-review/1"
    assert review["players"] == ["Ann", "Bob"] and review["reviewed"] == ["Ann"]
    assert review["winner"] == "Bob" and review["final"] == [0.0, 1.0]
    assert review["ended"] == "time limit"  # the richest wins when the rounds are up
    assert review["outcome"] == "Bob won (time limit)."
    assert [m["player"] for m in review["moves"]] and all(
        not m["judged"] for m in review["moves"] if m["player"] == 1)


def test_the_board_at_a_review_step_is_the_replay_of_the_history_so_far(
        tmp_path: Path) -> None:
    """`GET /api/games/{id}/position/{at}` (the review's step-through): refused before the
    end, then the spectator's view after the first `at` actions: at 0 the SUMMARY position
    ($1,500 each, Ann on Pennsylvania Avenue), after the whole history the final view
    (Ann's $100 of rent paid), past it a 404 that says how many actions there are."""
    from positions import store_position

    database = tmp_path / "games.sqlite3"
    game_id, tokens = store_position(f"sqlite:///{database}", SUMMARY, ["person", "basic"])
    with make_client(make_store(database)) as client, ExitStack() as sockets:
        ann = Player(sockets.enter_context(client.websocket_connect(f"/api/games/{game_id}/ws")),
                     tokens[0])
        assert client.get(f"/api/games/{game_id}/position/0").status_code == 409
        _play_to_the_end(ann)
        start = client.get(f"/api/games/{game_id}/position/0").json()
        assert [p["square"] for p in start["players"]] == [34, 5]
        assert [p["cash"] for p in start["players"]] == [1500, 1500] and not start["over"]
        for beyond in (-1, 10**30):
            assert client.get(f"/api/games/{game_id}/position/{beyond}").status_code == 404
        past = client.get(f"/api/games/{game_id}/position/100000")
        assert past.status_code == 404
        said = re.search(r"has (\d+) actions", past.json()["error"])
        assert said is not None
        actions = int(said[1])
        end = client.get(f"/api/games/{game_id}/position/{actions}").json()
        assert end["over"] and end["players"][0]["cash"] == 1400


def test_hints_only_in_a_game_whose_host_allows_them(client: TestClient) -> None:
    """The lobby's "Allow hints": in such a game a seat asks for the expert's hint at its own
    decision and gets it alone (`{"type": "hint", "version", "text"}`), the same text again
    for the same decision; a watcher, and any seat of a game without the setting, is refused
    in one line and nothing changes. Games say whether they allow hints in every state."""
    plain = create(client, ["person", "basic"])
    helped = create(client, ["person", "basic"], hints=True)
    for game_id, allowed in ((plain, False), (helped, True)):
        ann = _connect(client, join(client, game_id, 0, "Ann"), game_id)
        while ann.state["view"]["pending"]["player"] != 0:
            ann.until_state(ann.state["version"] + 1)
        assert ann.state["hints"] is allowed
        version = ann.state["version"]
        ann.send({"type": "hint"})
        if not allowed:
            refused = ann.until("refused")
            assert refused["reason"] == "the host did not allow hints in this game"
            continue
        given = ann.until("hint")
        assert given["version"] == version
        assert given["text"].startswith("The expert suggests ")
        ann.send({"type": "hint"})
        assert ann.until("hint") == given
        watcher = _connect(client, None, game_id)
        watcher.send({"type": "hint"})
        assert watcher.until("refused")["reason"].startswith("hints are for the players")
        assert ann.state["version"] == version  # asking changed nothing
