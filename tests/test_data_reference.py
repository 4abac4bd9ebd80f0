"""The us-classic edition file checked against the shared reference data.

`shared/reference/board.json` and `cards.json` hold the US board, deed and card facts, each
confirmed by at least two public sources. This module reads the project's own TOML with
`tomllib` directly, not through the engine, so the data is checked on its own.

The reference is looked for in `shared/reference` beside the repository, then in the folder named
by the environment variable PASSGO_SHARED (the `shared/` folder, or its `reference/` folder).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from support import find_reference

DATA_FILE = (
    Path(__file__).resolve().parents[1] / "src" / "passgo" / "core" / "data" / "us-classic.toml"
)


REFERENCE = find_reference()
if REFERENCE is None:
    pytest.skip(
        "reference data not found: no board.json/cards.json in ../shared/reference beside the "
        "repository; set PASSGO_SHARED to the shared/ folder to run these checks",
        allow_module_level=True,
    )
assert REFERENCE is not None

BOARD: dict[str, Any] = json.loads((REFERENCE / "board.json").read_text(encoding="utf-8"))
CARDS: dict[str, Any] = json.loads((REFERENCE / "cards.json").read_text(encoding="utf-8"))
with DATA_FILE.open("rb") as data_file:
    EDITION: dict[str, Any] = tomllib.load(data_file)

SQUARES: list[dict[str, Any]] = EDITION["squares"]
REF_SQUARES: list[dict[str, Any]] = BOARD["squares"]
BOARD_SIZE = 40

# Our square kinds and the reference's "type" for each (the reference has a single "tax" type).
REF_TYPE_OF_KIND = {
    "go": "go",
    "street": "property",
    "community_chest": "community_chest",
    "income_tax": "tax",
    "railroad": "railroad",
    "chance": "chance",
    "jail": "jail",
    "utility": "utility",
    "free_parking": "free_parking",
    "go_to_jail": "go_to_jail",
    "luxury_tax": "tax",
}

# The fields each kind of square has in the schema (src/passgo/core/data/README.md).
FIELDS_OF_KIND = {
    "street": {"name", "kind", "group", "price", "rents", "house_cost", "mortgage"},
    "railroad": {"name", "kind", "price", "mortgage"},
    "utility": {"name", "kind", "price", "mortgage"},
    "income_tax": {"name", "kind", "amount"},
    "luxury_tax": {"name", "kind", "amount"},
}

GROUPS = ["brown", "light_blue", "pink", "orange", "red", "yellow", "green", "dark_blue"]

CHANCE_IDS = [
    "advance-to-go",
    "advance-to-illinois",
    "advance-to-st-charles",
    "nearest-utility",
    "nearest-railroad",
    "nearest-railroad",
    "dividend",
    "get-out-of-jail-free",
    "go-back-3",
    "go-to-jail",
    "general-repairs",
    "poor-tax",
    "ride-on-reading",
    "walk-on-boardwalk",
    "chairman-of-the-board",
    "building-and-loan",
]
COMMUNITY_CHEST_IDS = [
    "advance-to-go",
    "bank-error",
    "doctors-fee",
    "sale-of-stock",
    "get-out-of-jail-free",
    "go-to-jail",
    "grand-opera",
    "xmas-fund",
    "income-tax-refund",
    "life-insurance",
    "hospital",
    "school-tax",
    "receive-for-services",
    "street-repairs",
    "beauty-contest",
    "inherit",
]
DECKS = {"chance": CHANCE_IDS, "community_chest": COMMUNITY_CHEST_IDS}
CARD_KEYS = {"id", "text", "effect"}


def _indexes(*kinds: str) -> list[int]:
    return [i for i, square in enumerate(SQUARES) if square["kind"] in kinds]


def _square_id(index: int) -> str:
    return f"{index:02d}-{REF_SQUARES[index]['name']}"


def _unmortgage_cost(mortgage: int) -> int:
    """Mortgage value plus 10 % interest, rounded up (integer arithmetic: no float rounding)."""
    return mortgage + -(-mortgage // 10)


def _expected_effect(ref_effect: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Translate a reference card effect into our effect name and parameters."""
    kind = ref_effect["type"]
    if kind == "move_to":
        return "advance", {"square": ref_effect["square"]}
    if kind == "move_to_nearest" and ref_effect["kind"] == "railroad":
        return "advance_nearest", {
            "kind": "railroad",
            "rent_multiplier": ref_effect["rent_multiplier"],
        }
    if kind == "move_to_nearest" and ref_effect["kind"] == "utility":
        # The reference states the utility payment in words: "pay owner 10 x throw, ...".
        found = re.search(r"(\d+) x throw", ref_effect["if_owned"])
        assert found is not None, ref_effect
        return "advance_nearest", {"kind": "utility", "dice_multiplier": int(found.group(1))}
    if kind == "move_relative":
        assert ref_effect["spaces"] < 0, "only backward moves are in the classic decks"
        return "back", {"spaces": -ref_effect["spaces"]}
    if kind == "bank_pays":
        return "collect", {"amount": ref_effect["amount"]}
    if kind == "pay_bank":
        return "pay", {"amount": ref_effect["amount"]}
    if kind in ("pay_each_player", "collect_from_each_player"):
        return kind, {"amount": ref_effect["amount"]}
    if kind == "repairs":
        return "repairs", {
            "per_house": ref_effect["per_house"],
            "per_hotel": ref_effect["per_hotel"],
        }
    if kind in ("go_to_jail", "get_out_of_jail_free"):
        return kind, {}
    raise AssertionError(f"reference effect type not mapped: {kind}")


def _card_params(card: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in card.items() if key not in CARD_KEYS}


def _nearest(start: int, kind: str) -> int:
    """The first square of `kind` strictly ahead of `start`, going forward round the board."""
    for step in range(1, BOARD_SIZE + 1):
        index = (start + step) % BOARD_SIZE
        if SQUARES[index]["kind"] == kind:
            return index
    raise AssertionError(f"no square of kind {kind}")


ALL_CARDS = [
    pytest.param(deck, position, id=f"{deck}-{position + 1:02d}-{card_id}")
    for deck, ids in DECKS.items()
    for position, card_id in enumerate(ids)
]


def test_edition_constants_match_reference() -> None:
    """Starting cash, GO salary, jail fine and the 32 houses / 12 hotels of the Bank."""
    edition = EDITION["edition"]
    constants = BOARD["constants"]
    assert edition["id"] == "us-classic"
    assert edition["currency"] == "$"
    assert edition["starting_cash"] == constants["starting_cash"]
    assert edition["go_salary"] == constants["go_salary"] == REF_SQUARES[0]["salary"]
    assert edition["jail_fine"] == constants["jail_fine"] == REF_SQUARES[10]["fine"]
    assert edition["houses"] == constants["houses_in_bank"]
    assert edition["hotels"] == constants["hotels_in_bank"]


def test_board_has_the_reference_squares_in_order() -> None:
    """40 squares, GO first, each with the reference's name at the same index."""
    assert len(REF_SQUARES) == BOARD_SIZE
    assert [s["index"] for s in REF_SQUARES] == list(range(BOARD_SIZE))
    assert [s["name"] for s in SQUARES] == [s["name"] for s in REF_SQUARES]


@pytest.mark.parametrize("index", range(BOARD_SIZE), ids=_square_id)
def test_square_kind_and_fields(index: int) -> None:
    """Each square's kind matches the reference type and has exactly the schema's fields."""
    square = SQUARES[index]
    assert REF_TYPE_OF_KIND[square["kind"]] == REF_SQUARES[index]["type"]
    assert set(square) == FIELDS_OF_KIND.get(square["kind"], {"name", "kind"})


def test_tax_squares_match_reference() -> None:
    """Income Tax is $200 and the classic Luxury Tax is $75, each at its reference square."""
    (income,) = _indexes("income_tax")
    (luxury,) = _indexes("luxury_tax")
    assert (income, luxury) == (4, 38)
    assert SQUARES[income]["amount"] == REF_SQUARES[income]["amount"] == 200
    assert SQUARES[luxury]["amount"] == REF_SQUARES[luxury]["amount"] == 75


@pytest.mark.parametrize("index", _indexes("street"), ids=_square_id)
def test_street_deed_matches_reference(index: int) -> None:
    """Group, price, all six rents, house (and hotel) cost and mortgage value of one street."""
    street, ref = SQUARES[index], REF_SQUARES[index]
    rent = ref["rent"]
    assert street["group"] == ref["color_group"]
    assert street["price"] == ref["price"]
    assert street["rents"] == [
        rent["base"],
        rent["house_1"],
        rent["house_2"],
        rent["house_3"],
        rent["house_4"],
        rent["hotel"],
    ]
    # The file has no separate monopoly rent: the engine doubles the base rent.
    assert rent["monopoly_unimproved"] == 2 * street["rents"][0]
    assert street["house_cost"] == ref["house_cost"] == ref["hotel_cost"]
    assert street["mortgage"] == ref["mortgage_value"]


def test_colour_groups() -> None:
    """The eight colour groups, in board order; two streets in brown and dark blue, three else."""
    groups = [SQUARES[i]["group"] for i in _indexes("street")]
    assert list(dict.fromkeys(groups)) == GROUPS
    sizes = {group: groups.count(group) for group in GROUPS}
    assert sizes == {group: 2 if group in ("brown", "dark_blue") else 3 for group in GROUPS}


@pytest.mark.parametrize("index", _indexes("railroad", "utility"), ids=_square_id)
def test_railroad_and_utility_deeds_match_reference(index: int) -> None:
    """Price and mortgage value of each railroad and utility."""
    square, ref = SQUARES[index], REF_SQUARES[index]
    assert square["price"] == ref["price"]
    assert square["mortgage"] == ref["mortgage_value"]


def test_railroad_rents_match_reference() -> None:
    """Railroad rent by number owned (25, 50, 100, 200), the same on all four railroads."""
    railroads = _indexes("railroad")
    assert railroads == [5, 15, 25, 35]
    for index in railroads:
        ladder = REF_SQUARES[index]["rent_by_railroads_owned"]
        assert EDITION["edition"]["railroad_rents"] == [ladder[str(n)] for n in range(1, 5)]


def test_utility_multipliers_match_reference() -> None:
    """Utility rent is 4 or 10 times the dice, by number of utilities owned."""
    utilities = _indexes("utility")
    assert utilities == [12, 28]
    for index in utilities:
        multipliers = REF_SQUARES[index]["rent_multiplier_of_dice"]
        assert EDITION["edition"]["utility_multipliers"] == [multipliers["1"], multipliers["2"]]


@pytest.mark.parametrize("index", _indexes("street", "railroad", "utility"), ids=_square_id)
def test_unmortgage_cost_is_mortgage_plus_ten_percent(index: int) -> None:
    """Lifting a mortgage costs the mortgage value plus 10 %, rounded up, as the reference says."""
    assert _unmortgage_cost(SQUARES[index]["mortgage"]) == REF_SQUARES[index]["unmortgage_cost"]


def test_unmortgage_rounding_examples() -> None:
    """The rounding cases the reference names: utilities 75 -> 83, Park Place 175 -> 193."""
    assert _unmortgage_cost(75) == 83
    assert _unmortgage_cost(175) == 193
    assert _unmortgage_cost(200) == 220
    assert _unmortgage_cost(110) == 121  # 110 * 1.1 is 121.00000000000001 in floating point


def test_decks_have_the_expected_cards_in_printed_order() -> None:
    """16 cards per deck, with the agreed stable ids (nearest-railroad twice in Chance)."""
    for deck, ids in DECKS.items():
        assert len(CARDS[deck]) == 16
        assert [card["id"] for card in EDITION[deck]] == ids
        for card_id in ids:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", card_id)
    assert CHANCE_IDS.count("nearest-railroad") == 2


@pytest.mark.parametrize(("deck", "position"), ALL_CARDS)
def test_card_matches_reference(deck: str, position: int) -> None:
    """The card's exact text, effect and parameters (amounts, target square, multipliers)."""
    card, ref = EDITION[deck][position], CARDS[deck][position]
    assert card["text"] == ref["text"]
    effect, params = _expected_effect(ref["effect"])
    assert card["effect"] == effect
    assert _card_params(card) == params


def test_nearest_card_targets_match_reference() -> None:
    """From each Chance square, the nearest railroad or utility ahead is the reference's target."""
    chance_squares = _indexes("chance")
    assert chance_squares == [7, 22, 36]
    nearest_cards = [
        (card, ref)
        for card, ref in zip(EDITION["chance"], CARDS["chance"], strict=True)
        if card["effect"] == "advance_nearest"
    ]
    assert len(nearest_cards) == 3
    for card, ref in nearest_cards:
        expected = {int(start): end for start, end in ref["effect"]["from_to"].items()}
        assert {start: _nearest(start, card["kind"]) for start in chance_squares} == expected


def test_go_back_card_targets_match_reference() -> None:
    """Going back 3 spaces from each Chance square lands where the reference says."""
    for card, ref in zip(EDITION["chance"], CARDS["chance"], strict=True):
        if card["effect"] != "back":
            continue
        expected = {int(start): end for start, end in ref["effect"]["from_to"].items()}
        assert {
            start: (start - card["spaces"]) % BOARD_SIZE for start in _indexes("chance")
        } == expected
