"""The us-2008 and uk edition files, checked against the reference data and against us-classic.

us-2008 is us-classic changed only as `shared/reference` lists: `cards.json`
`edition_changes.us_standard_sept_2008` and the edition notes of `board.json` squares 4 and 38.
Those checks are skipped when the reference is not found (see tests/test_data_reference.py for
where it is looked for).

uk uses the US board's numbers in pounds, so its deeds are checked square by square against
us-classic (itself checked against the reference). Its names, Super Tax £100 and the missing
10 % Income Tax option come from the British-board notes of the rules texts
(`shared/rules/003_…`). Its decks are not in `shared/reference`, which covers the US decks only:
they are transcribed from the classic UK set, and the expected cards below restate that
transcription (ids, effects, amounts, targets).

The files are read with `tomllib` directly for the data facts, and through
`passgo.core.board.load_edition` to check that the engine loads them.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from passgo.core import board as B
from passgo.core.errors import DataError
from support import find_reference

DATA = Path(__file__).resolve().parents[1] / "src" / "passgo" / "core" / "data"
BOARD_SIZE = 40
DECKS = ("chance", "community_chest")
OWNABLE = ("street", "railroad", "utility")
DEED_FIELDS = ("group", "price", "rents", "house_cost", "mortgage")


def _load(edition_id: str) -> dict[str, Any]:
    with (DATA / f"{edition_id}.toml").open("rb") as data_file:
        return tomllib.load(data_file)


CLASSIC = _load("us-classic")
US2008 = _load("us-2008")
UK = _load("uk")


REFERENCE = find_reference()
needs_reference = pytest.mark.skipif(
    REFERENCE is None,
    reason="reference data not found (../shared/reference or PASSGO_SHARED)",
)


def _reference(name: str) -> dict[str, Any]:
    assert REFERENCE is not None
    data: dict[str, Any] = json.loads((REFERENCE / name).read_text(encoding="utf-8"))
    return data


def _changes_2008() -> dict[str, Any]:
    changes: dict[str, Any] = _reference("cards.json")["edition_changes"]["us_standard_sept_2008"]
    return changes


def _quoted(change: str) -> list[str]:
    """The quoted card text of a reference change line, split at its '...' elisions.

    A line reads `'text' (comment)`; the text may itself hold an apostrophe ("Doctor's").
    """
    found = re.match(r"'(.+?)'(?:\s*\(|;|\s*$)", change)
    assert found is not None, change
    return [part.strip() for part in found.group(1).split("...")]


def _matches(text: str, fragments: list[str]) -> bool:
    """The card text starts with the first fragment and holds the others in order."""
    if not text.startswith(fragments[0]):
        return False
    at = len(fragments[0])
    for fragment in fragments[1:]:
        at = text.find(fragment, at)
        if at < 0:
            return False
        at += len(fragment)
    return True


def _params(card: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in card.items() if key not in ("id", "text")}


# ---------------------------------------------------------------------------------------------
# us-2008
# ---------------------------------------------------------------------------------------------

# Cards whose text differs from us-classic: the wording changes the reference lists.
CHANGED_2008 = {
    "chance": {
        "advance-to-illinois",
        "nearest-railroad",
        "get-out-of-jail-free",
        "general-repairs",
        "ride-on-reading",
        "walk-on-boardwalk",
        "chairman-of-the-board",
        "building-and-loan",
    },
    "community_chest": {
        "doctors-fee",
        "sale-of-stock",
        "grand-opera",
        "xmas-fund",
        "hospital",
        "school-tax",
        "receive-for-services",
        "street-repairs",
    },
}


@needs_reference
def test_us2008_luxury_tax_is_100() -> None:
    """Luxury Tax (38) is $100: board.json square 38, 'Sept-2008_redesign_and_later'."""
    notes = _reference("board.json")["squares"][38]["edition_notes"]
    square = US2008["squares"][38]
    assert square["kind"] == "luxury_tax"
    assert square["name"] == "Luxury Tax"
    assert square["amount"] == notes["Sept-2008_redesign_and_later"] == 100
    assert any("Luxury Tax $100" in line for line in _changes_2008()["board"])


@needs_reference
def test_us2008_income_tax_is_a_flat_200() -> None:
    """Income Tax (4) is a flat $200 without the 10 % option: board.json square 4 and the
    edition changes ('Income Tax flat $200 (10%-of-worth option gone')."""
    ref = _reference("board.json")["squares"][4]
    assert "flat $200" in ref["edition_notes"]["2008+_and_2021/2022_Hasbro_guide"]
    assert any("Income Tax flat $200" in line for line in _changes_2008()["board"])
    square = US2008["squares"][4]
    assert (square["kind"], square["amount"]) == ("income_tax", ref["amount"])
    assert US2008["edition"]["income_tax_percent"] is False
    assert CLASSIC["edition"]["income_tax_percent"] is True


@needs_reference
def test_us2008_sale_of_stock_is_50() -> None:
    """'From sale of stock you get $50' (was $45): the only amount the 2008 decks change."""
    (line,) = [c for c in _changes_2008()["community_chest"] if "sale of stock" in c]
    assert "was $45" in line
    (card,) = [c for c in US2008["community_chest"] if c["id"] == "sale-of-stock"]
    assert card["text"] == _quoted(line)[0] == "From sale of stock you get $50"
    assert (card["effect"], card["amount"]) == ("collect", 50)


@needs_reference
@pytest.mark.parametrize("deck", DECKS)
def test_us2008_listed_texts_are_on_the_cards(deck: str) -> None:
    """Every 2008 wording in cards.json edition_changes is the text of a us-2008 card
    ('...' in the reference elides part of the text)."""
    for line in _changes_2008()[deck]:
        fragments = _quoted(line)
        assert any(_matches(card["text"], fragments) for card in US2008[deck]), line


@needs_reference
@pytest.mark.parametrize("deck", DECKS)
def test_us2008_changed_texts_are_those_listed(deck: str) -> None:
    """A us-2008 card's text differs from us-classic only where the reference lists a new
    wording, and then reads as listed; the other cards keep their classic text."""
    quotes = [_quoted(line) for line in _changes_2008()[deck]]
    changed = set()
    for old, new in zip(CLASSIC[deck], US2008[deck], strict=True):
        if old["text"] != new["text"]:
            changed.add(new["id"])
            assert any(_matches(new["text"], q) for q in quotes), new["text"]
    assert changed == CHANGED_2008[deck]


def test_us2008_everything_else_equals_us_classic() -> None:
    """Apart from the 2008 changes (Luxury Tax, the 10 % option, sale of stock $50, texts),
    us-2008 is us-classic: constants, every square, and every card's id, effect and
    parameters in the same order (cards.json: 'same_movement_cards': yes)."""
    skip = {"id", "name", "income_tax_percent"}
    assert {k: v for k, v in US2008["edition"].items() if k not in skip} == {
        k: v for k, v in CLASSIC["edition"].items() if k not in skip
    }
    assert US2008["edition"]["id"] == "us-2008"
    for index, (old, new) in enumerate(zip(CLASSIC["squares"], US2008["squares"], strict=True)):
        if index == 38:
            assert {**new, "amount": 75} == old
        else:
            assert new == old, index
    for deck in DECKS:
        for old, new in zip(CLASSIC[deck], US2008[deck], strict=True):
            assert new["id"] == old["id"]
            if new["id"] == "sale-of-stock":
                assert {**_params(new), "amount": 45} == _params(old)
            else:
                assert _params(new) == _params(old), new["id"]


# ---------------------------------------------------------------------------------------------
# uk
# ---------------------------------------------------------------------------------------------

# The British names in board order (rules text 003 and the classic UK board).
UK_NAMES = [
    "GO",
    "Old Kent Road",
    "Community Chest",
    "Whitechapel Road",
    "Income Tax",
    "King's Cross Station",
    "The Angel Islington",
    "Chance",
    "Euston Road",
    "Pentonville Road",
    "Jail / Just Visiting",
    "Pall Mall",
    "Electric Company",
    "Whitehall",
    "Northumberland Avenue",
    "Marylebone Station",
    "Bow Street",
    "Community Chest",
    "Marlborough Street",
    "Vine Street",
    "Free Parking",
    "Strand",
    "Chance",
    "Fleet Street",
    "Trafalgar Square",
    "Fenchurch St. Station",
    "Leicester Square",
    "Coventry Street",
    "Water Works",
    "Piccadilly",
    "Go To Jail",
    "Regent Street",
    "Oxford Street",
    "Community Chest",
    "Bond Street",
    "Liverpool Street Station",
    "Chance",
    "Park Lane",
    "Super Tax",
    "Mayfair",
]

# The classic UK decks as transcribed (not in shared/reference): id -> effect and parameters.
UK_CHANCE: list[tuple[str, str, dict[str, int]]] = [
    ("advance-to-go", "advance", {"square": 0}),
    ("go-to-jail", "go_to_jail", {}),
    ("advance-to-pall-mall", "advance", {"square": 11}),
    ("trip-to-marylebone", "advance", {"square": 15}),
    ("advance-to-trafalgar-square", "advance", {"square": 24}),
    ("advance-to-mayfair", "advance", {"square": 39}),
    ("go-back-3", "back", {"spaces": 3}),
    ("general-repairs", "repairs", {"per_house": 25, "per_hotel": 100}),
    ("street-repairs", "repairs", {"per_house": 40, "per_hotel": 115}),
    ("school-fees", "pay", {"amount": 150}),
    ("drunk-in-charge", "pay", {"amount": 20}),
    ("speeding-fine", "pay", {"amount": 15}),
    ("building-loan", "collect", {"amount": 150}),
    ("crossword", "collect", {"amount": 100}),
    ("dividend", "collect", {"amount": 50}),
    ("get-out-of-jail-free", "get_out_of_jail_free", {}),
]
UK_COMMUNITY_CHEST: list[tuple[str, str, dict[str, int]]] = [
    ("advance-to-go", "advance", {"square": 0}),
    ("back-to-old-kent-road", "back_to", {"square": 1}),
    ("go-to-jail", "go_to_jail", {}),
    ("hospital", "pay", {"amount": 100}),
    ("doctors-fee", "pay", {"amount": 50}),
    ("insurance-premium", "pay", {"amount": 50}),
    ("bank-error", "collect", {"amount": 200}),
    ("annuity", "collect", {"amount": 100}),
    ("inherit", "collect", {"amount": 100}),
    ("sale-of-stock", "collect", {"amount": 50}),
    ("preference-shares", "collect", {"amount": 25}),
    ("income-tax-refund", "collect", {"amount": 20}),
    ("beauty-contest", "collect", {"amount": 10}),
    ("birthday", "collect_from_each_player", {"amount": 10}),
    ("fine-or-chance", "fine_or_chance", {"amount": 10}),
    ("get-out-of-jail-free", "get_out_of_jail_free", {}),
]
UK_DECKS = {"chance": UK_CHANCE, "community_chest": UK_COMMUNITY_CHEST}

# Where the UK movement cards go: square and the name the card text must give.
UK_TARGETS = {
    ("chance", "advance-to-go"): (0, "Go"),
    ("chance", "advance-to-pall-mall"): (11, "Pall Mall"),
    ("chance", "trip-to-marylebone"): (15, "Marylebone Station"),
    ("chance", "advance-to-trafalgar-square"): (24, "Trafalgar Square"),
    ("chance", "advance-to-mayfair"): (39, "Mayfair"),
    ("community_chest", "advance-to-go"): (0, "Go"),
    ("community_chest", "back-to-old-kent-road"): (1, "Old Kent Road"),
}


def test_uk_names_in_board_order() -> None:
    """The 40 British names at their indexes (rules text 003 and the classic UK board)."""
    assert [square["name"] for square in UK["squares"]] == UK_NAMES


@pytest.mark.parametrize("index", range(BOARD_SIZE))
def test_uk_square_numbers_equal_us_classic(index: int) -> None:
    """Same kind, colour group, price, rents, house cost and mortgage as the US square at the
    same index: the British board prints the US numbers in pounds."""
    uk, us = UK["squares"][index], CLASSIC["squares"][index]
    assert uk["kind"] == us["kind"]
    assert set(uk) == set(us)
    if uk["kind"] in OWNABLE:
        assert {k: uk.get(k) for k in DEED_FIELDS} == {k: us.get(k) for k in DEED_FIELDS}


def test_uk_taxes() -> None:
    """Income Tax £200 at 4 without the 10 % option, Super Tax £100 at 38 (rules text 003:
    'Luxury Tax/Super Tax ... $75/£100', 'The 10% option is not available on the British
    board')."""
    income, luxury = UK["squares"][4], UK["squares"][38]
    assert (income["name"], income["kind"], income["amount"]) == ("Income Tax", "income_tax", 200)
    assert (luxury["name"], luxury["kind"], luxury["amount"]) == ("Super Tax", "luxury_tax", 100)
    assert UK["edition"]["income_tax_percent"] is False


def test_uk_edition_constants() -> None:
    """Currency £; starting cash, GO salary, jail fine, bank buildings, station rents and utility
    multipliers are the US numbers (the British board uses the same numbers in pounds)."""
    edition = UK["edition"]
    assert (edition["id"], edition["currency"]) == ("uk", "£")
    skip = {"id", "name", "currency", "income_tax_percent"}
    assert {k: v for k, v in edition.items() if k not in skip} == {
        k: v for k, v in CLASSIC["edition"].items() if k not in skip
    }


@pytest.mark.parametrize("deck", DECKS)
def test_uk_decks_have_16_cards_and_one_jail_card(deck: str) -> None:
    """16 cards per deck, distinct kebab-case ids, exactly one Get Out of Jail Free card
    (classic UK set, as transcribed)."""
    cards = UK[deck]
    assert len(cards) == 16
    ids = [card["id"] for card in cards]
    assert len(set(ids)) == 16
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", card_id) for card_id in ids)
    assert [card["effect"] for card in cards].count("get_out_of_jail_free") == 1


@pytest.mark.parametrize("deck", DECKS)
def test_uk_card_effects(deck: str) -> None:
    """Each card's effect and parameters, in deck order, as transcribed from the classic UK
    set; amounts printed on a card appear in its text with the £ sign."""
    expected = UK_DECKS[deck]
    assert [(c["id"], c["effect"], _params(c)) for c in UK[deck]] == [
        (card_id, effect, {"effect": effect, **params}) for card_id, effect, params in expected
    ]
    for card in UK[deck]:
        assert "$" not in card["text"]
        if card["effect"] in ("pay", "collect", "collect_from_each_player", "fine_or_chance"):
            assert f"£{card['amount']}" in card["text"], card["id"]
        if card["effect"] == "repairs":
            assert f"£{card['per_house']}" in card["text"]
            assert f"£{card['per_hotel']}" in card["text"]


def test_uk_movement_targets() -> None:
    """Every card that moves to a square names it: Pall Mall 11, Marylebone Station 15,
    Trafalgar Square 24, Mayfair 39, Old Kent Road 1 (and Go 0), on the uk board."""
    moving = {
        (deck, card["id"]): card
        for deck in DECKS
        for card in UK[deck]
        if card["effect"] in ("advance", "back_to")
    }
    assert set(moving) == set(UK_TARGETS)
    for key, (square, name) in UK_TARGETS.items():
        card = moving[key]
        assert card["square"] == square
        assert name in card["text"]
        assert UK_NAMES[square] in (name, "GO")


# ---------------------------------------------------------------------------------------------
# Loading through the engine
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edition_id", "currency", "percent", "luxury"),
    [
        ("us-classic", "$", True, ("Luxury Tax", 75)),
        ("us-2008", "$", False, ("Luxury Tax", 100)),
        ("uk", "£", False, ("Super Tax", 100)),
    ],
)
def test_edition_loads(
    edition_id: str, currency: str, percent: bool, luxury: tuple[str, int]
) -> None:
    """load_edition reads each packaged edition: its id, currency, 10 % option, taxes, the 28
    deeds and 16 + 16 cards (facts as in the tests above)."""
    assert edition_id in B.EDITIONS
    board = B.load_edition(edition_id)
    assert (board.id, board.currency, board.income_tax_percent) == (edition_id, currency, percent)
    assert (board.squares[38].name, board.squares[38].amount) == luxury
    assert board.squares[38].kind == B.LUXURY_TAX
    assert board.squares[4].amount == 200
    assert len(board.squares) == BOARD_SIZE
    assert len(board.properties) == 28
    assert board.jail == 10
    assert [len(deck) for deck in board.decks] == [16, 16]


def test_uk_new_effects_load() -> None:
    """The two effects only the uk decks use load with their parameters: back_to Old Kent Road
    (square 1) and fine_or_chance £10."""
    board = B.load_edition("uk")
    assert {B.BACK_TO, B.FINE_OR_CHANCE} <= B.EFFECTS
    chest = board.decks[B.DECK_COMMUNITY_CHEST]
    (back,) = [chest[i] for i in board.card_index(B.DECK_COMMUNITY_CHEST, "back-to-old-kent-road")]
    assert (back.effect, back.square) == (B.BACK_TO, 1)
    assert board.squares[back.square].name == "Old Kent Road"
    (fine,) = [chest[i] for i in board.card_index(B.DECK_COMMUNITY_CHEST, "fine-or-chance")]
    assert (fine.effect, fine.amount) == (B.FINE_OR_CHANCE, 10)


def test_income_tax_percent_defaults_to_true_and_must_be_boolean() -> None:
    """An edition without income_tax_percent offers the 10 % option (the schema's default,
    data/README.md); a value other than true/false is refused."""
    edition = {k: v for k, v in CLASSIC["edition"].items() if k != "income_tax_percent"}
    assert B.parse_edition({**CLASSIC, "edition": edition}).income_tax_percent is True
    with pytest.raises(DataError, match="income_tax_percent"):
        B.parse_edition({**CLASSIC, "edition": {**edition, "income_tax_percent": 1}})


def test_a_group_has_one_house_price() -> None:
    """Building is priced by the group (one row of houses at a time when building evenly): an
    edition whose streets of one group name different house costs is refused in one line."""
    squares = [dict(s) for s in CLASSIC["squares"]]
    baltic = next(s for s in squares if s.get("name") == "Baltic Avenue")
    baltic["house_cost"] = baltic["house_cost"] + 10
    with pytest.raises(DataError, match="brown group need one house_cost"):
        B.parse_edition({**CLASSIC, "squares": squares})


def test_unknown_edition_is_refused() -> None:
    """load_edition names the known editions when asked for another."""
    with pytest.raises(DataError, match="us-classic, us-2008, uk"):
        B.load_edition("monaco")
