"""The game review (passgo.review, `passgo review`): known blunders are marked and sound
moves are not, on hand-written positions with scripted dice and a small evaluator of the
tests' own; the JSON schema, the HTML page, the command's one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from review_scenes import ORANGE_ALL, ORANGE_TWO, Shares, play, saved, session

from passgo.cli import main
from passgo.core import Bundle, Buy, Decline, EndTurn, ProposeTrade, Roll, TradeOffer
from passgo.review import evaluator as review_evaluator_module
from passgo.review.judge import THRESHOLDS, mark_of
from passgo.review.moves import moves
from passgo.review.report import SCHEMA, to_dict, to_html
from passgo.review.review import Review, review_game, reviewed_seats
from passgo.review.source import ReviewError, read_save

NEW_YORK, TENNESSEE = 19, 18


def _review(path: Path) -> Review:
    game = read_save(path)
    return review_game(game, Shares(session(ORANGE_TWO).game.rules),
                       reviewed_seats(game, None))


def _declined(tmp_path: Path) -> Path:
    s = session(ORANGE_TWO)
    play(s, [lambda g: Roll(0), lambda g: Decline(0), lambda g: EndTurn(0)])
    return saved(s, tmp_path / "declined.json")


def _bought(tmp_path: Path) -> Path:
    s = session(ORANGE_TWO)
    play(s, [lambda g: Roll(0), lambda g: Buy(0), lambda g: EndTurn(0)])
    return saved(s, tmp_path / "bought.json")


def _sold_for_a_dollar(tmp_path: Path) -> Path:
    s = session(ORANGE_ALL)
    offer = TradeOffer(0, 1, Bundle((TENNESSEE,)), Bundle((), 1))
    play(s, [lambda g: ProposeTrade(0, offer), lambda g: EndTurn(0)])
    assert s.game.owner_of(TENNESSEE) == 1  # Bea took it
    return saved(s, tmp_path / "sold.json")


def test_declining_the_deed_that_completes_a_group_with_plenty_of_cash_is_a_blunder(
        tmp_path: Path) -> None:
    """Ann, $1,500 in hand and two orange deeds, leaves New York Avenue to the auction: the
    review marks it a blunder and says to buy it, which completes her orange group."""
    r = _review(_declined(tmp_path))
    buy = next(m for m in r.moves if m.kind == "buy")
    assert buy.judged and buy.mark == "blunder"
    assert buy.loss >= dict(THRESHOLDS)["blunder"]
    assert buy.best == "buying New York Avenue"
    assert buy.instead == "buying New York Avenue would have completed your orange group"
    summary = r.summaries[0]
    assert (summary.name, summary.blunders) == ("Ann", 1)
    assert r.moves[summary.biggest[0]] is buy
    assert summary.accuracy < 100


def test_buying_that_deed_is_not_marked(tmp_path: Path) -> None:
    r = _review(_bought(tmp_path))
    buy = next(m for m in r.moves if m.kind == "buy")
    assert buy.judged and buy.mark is None and buy.loss == 0
    assert all(m.mark is None for m in r.moves)
    assert r.summaries[0].accuracy == 100


def test_selling_a_monopoly_for_one_dollar_is_a_blunder(tmp_path: Path) -> None:
    """Ann sells Tennessee Avenue, a third of her orange group, to Bea for $1: the end of
    her turn is marked a blunder; only the person's seat is reviewed."""
    r = _review(_sold_for_a_dollar(tmp_path))
    assert r.reviewed == (0,)
    end = next(m for m in r.moves if m.kind == "end_turn" and m.player == 0)
    assert end.played.startswith("offering Bea Tennessee Avenue for $1")
    assert end.mark == "blunder"
    assert end.best_chance - end.played_chance >= 0.2
    assert not any(m.judged for m in r.moves if m.player != 0)


def test_a_move_lists_every_seats_chances_before_and_after(tmp_path: Path) -> None:
    r = _review(_declined(tmp_path))
    for m in r.moves:
        assert len(m.before) == len(m.after) == 3
        assert sum(m.before) == pytest.approx(1)
    buy = next(m for m in r.moves if m.kind == "buy")
    first_bid = next(m for m in r.moves if m.kind == "bid")
    end = next(m for m in r.moves if m.kind == "end_turn")
    # the auction opens at once after the decline: the same position; it moved the chances
    assert buy.after == first_bid.before
    assert end.before != buy.after
    assert [m.at for m in r.moves] == sorted(m.at for m in r.moves)


def test_throwing_the_dice_is_no_decision_and_an_auction_is_one(tmp_path: Path) -> None:
    data = read_save(_declined(tmp_path)).data
    found = [m for m, _ in moves(data)]
    assert all(not isinstance(m.actions[0], Roll) for m in found)
    bea = [m for m in found if m.player == 1 and m.auction is not None
           and m.auction[1] == NEW_YORK]
    assert len(bea) == 1  # every bid of hers in the auction: one move, read as a limit
    bids = [a.amount for a in bea[0].actions if hasattr(a, "amount")]
    assert bea[0].limit == max(bids)


@pytest.mark.parametrize(("loss", "mark"), [
    (0.0, None), (0.049, None), (0.05, "inaccuracy"), (0.099, "inaccuracy"),
    (0.10, "mistake"), (0.2, "blunder"), (0.9, "blunder")])
def test_marks_by_the_win_chance_lost(loss: float, mark: str | None) -> None:
    assert mark_of(loss) == mark


def test_json_follows_its_schema(tmp_path: Path) -> None:
    data = json.loads(json.dumps(to_dict(_review(_declined(tmp_path)))))
    assert data["schema"] == SCHEMA
    assert data["players"] == ["Ann", "Bea", "Cy"] and data["reviewed"] == ["Ann"]
    assert data["thresholds"] == {"blunder": 0.2, "mistake": 0.1, "inaccuracy": 0.05}
    assert set(data["evaluator"]) == {"source", "note"}
    assert data["winner"] is None and data["ended"] is None  # Cy's turn comes next
    assert data["outcome"] == "No winner yet: the game goes on."
    assert set(data) == {"schema", "players", "reviewed", "winner", "ended", "outcome",
                         "evaluator", "thresholds", "seconds", "final", "summary", "moves"}
    [ann] = data["summary"]
    assert set(ann) == {"player", "moves_judged", "accuracy", "inaccuracies", "mistakes",
                        "blunders", "verdict", "biggest"}
    assert ann["verdict"].startswith(f"accuracy {ann['accuracy']:.1f}% over ")
    assert ann["biggest"][0]["mark"] == "blunder"
    assert "completed your orange group" in ann["biggest"][0]["instead"]
    base = {"at", "round", "turn", "player", "kind", "played", "before", "after", "judged"}
    judged = base | {"played_chance", "best_chance", "loss", "mark", "best", "instead",
                     "alternatives"}
    for m in data["moves"]:
        assert set(m) == (judged if m["judged"] else base)
    assert [m["at"] for m in data["moves"]] == sorted(m["at"] for m in data["moves"])


def test_html_is_one_page_with_the_chart_and_nothing_from_elsewhere(tmp_path: Path) -> None:
    page = to_html(_review(_declined(tmp_path)))
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<svg") == 1 and page.count("<polyline") == 3  # one line per seat
    assert "<circle" in page  # the blunder's dot
    assert "<script" not in page and "src=" not in page and "href=" not in page
    assert "buying New York Avenue would have completed your orange group" in page


def test_review_command_json_and_html(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_evaluator_module, "review_evaluator",
                        lambda rules, seed, model: (Shares(rules), ""))
    page = tmp_path / "review.html"
    assert main(["review", str(_declined(tmp_path)), "--json", "--html", str(page)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["summary"][0]["blunders"] == 1
    assert "<svg" in page.read_text()
    assert main(["review", str(tmp_path / "declined.json"), "--player", "Bea"]) == 0
    table = capsys.readouterr().out
    assert "Bea" in table and "accuracy" in table


@pytest.mark.parametrize(("content", "says"), [
    (None, "no saved game at"),
    ('{"kind": "passgo-play", "game": {"rules"', "not a saved game"),
    ('{"players": 3}', "is not a passgo saved game"),
    ("", "not a saved game"),
])
def test_review_command_refuses_a_bad_save_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None,
        says: str) -> None:
    path = tmp_path / "save.json"
    if content is not None:
        path.write_text(content)
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and "Traceback" not in err


def test_review_command_names_the_players_of_an_unknown_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(_declined(tmp_path)), "--player", "Zed"]) == 2
    err = capsys.readouterr().err
    assert "no player named 'Zed'" in err and "Ann, Bea, Cy" in err


def test_review_command_refuses_a_model_file_it_cannot_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A model file named with --model must be read: a missing one is a one-line error, not
    a review by rollouts under a warning."""
    assert main(["review", str(_declined(tmp_path)), "--model", str(tmp_path / "no.json")]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "no.json: cannot read the model" in err and out == ""


def test_a_changed_history_is_refused(tmp_path: Path) -> None:
    path = _declined(tmp_path)
    data = json.loads(path.read_text())
    data["game"]["history"][1] = "buy"  # the decline turned into a buy: the state differs
    path.write_text(json.dumps(data))
    with pytest.raises(ReviewError, match=str(path)):
        read_save(path)


def test_the_table_reads_on_80_columns_with_the_better_move_under_a_mistake(
        tmp_path: Path) -> None:
    """The terminal table fits an 80-column terminal (only the moves' words wrap) and shows
    what was better on the line under a marked move, with its win chance."""
    from rich.console import Console

    from passgo.review.table import review_table

    console = Console(width=80, record=True, color_system=None)
    review_table(_review(_declined(tmp_path)), console)
    lines = console.export_text().splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    marked = next(i for i, line in enumerate(lines) if "blunder" in line)
    after = next(i for i in range(marked + 1, len(lines)) if lines[i][:7].strip().isdigit())
    row = " ".join(" ".join(line.split()) for line in lines[marked:after])
    assert row.startswith("1 Ann buy leaving New York Avenue to the")
    assert "better: buying New York Avenue 84.8" in row
