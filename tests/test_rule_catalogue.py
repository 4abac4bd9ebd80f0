"""The rule catalogue: every option of `Rules` by its common name, in one place, and the
ready-made rule sets people ask for by name."""

from __future__ import annotations

from dataclasses import fields

import pytest

from passgo.core.rule_catalogue import CATALOGUE, CATEGORIES, KNOWN_AS, POPULAR, RULE_SETS
from passgo.core.rules import PRESETS, Rules

OPTIONS = [f.name for f in fields(Rules)]


def test_every_option_has_one_entry_and_every_entry_an_option() -> None:
    assert list(CATALOGUE) == OPTIONS  # the same names, in the order of Rules


@pytest.mark.parametrize("option", OPTIONS)
def test_an_entry_plays_its_option(option: str) -> None:
    """The entry's rules-file lines make rules the engine accepts, and they change the
    option from its classic value (the line says something)."""
    entry = CATALOGUE[option]
    assert entry.name and entry.meaning and entry.category in CATEGORIES
    assert "\n" not in entry.meaning and len(entry.meaning) <= 100
    rules = Rules.classic().with_options(**entry.options(option))
    assert getattr(rules, option) == entry.on != getattr(Rules.classic(), option)


def test_common_names_are_unique() -> None:
    names = [entry.name.lower() for entry in CATALOGUE.values()]
    assert len(names) == len(set(names))


def test_the_rule_books_differences_are_apart_from_the_house_rules() -> None:
    """The options of the official texts are rule-book entries, the 004 variants house rules
    (spot checks on both sides of the line)."""
    book = {o for o, e in CATALOGUE.items() if e.origin == "rule book"}
    assert {"income_tax", "rent_claim", "auction_min_bid", "hotel_sale", "deal_deeds"} <= book
    assert not book & {"free_parking_jackpot", "go_landing_salary", "immunity", "dice"}
    # Every preset is a rule book's: it changes rule-book options only.
    for name in PRESETS:
        assert set(Rules.preset(name).changed()) <= book, name


def test_popular_house_rules_by_their_common_names() -> None:
    popular = {CATALOGUE[o].name: o for o in POPULAR}
    assert len(popular) == len(POPULAR)
    assert popular["Free Parking jackpot"] == "free_parking_jackpot"
    assert popular["Double salary on GO"] == "go_landing_salary"
    assert CATALOGUE["go_landing_salary"].on == 2 * 200  # double the classic salary
    assert all(CATALOGUE[o].origin == "house rule" for o in popular.values())


@pytest.mark.parametrize("name", ["Classic", "Hasbro 2022", "Short game", "Family house rules"])
def test_ready_made_sets_exist_by_name(name: str) -> None:
    assert RULE_SETS[name].name == name
    assert isinstance(RULE_SETS[name].rules(), Rules)


def test_ready_made_sets_are_their_rules() -> None:
    assert RULE_SETS["Classic"].rules() == Rules.classic()
    assert RULE_SETS["Hasbro 2022"].rules() == Rules.preset("hasbro2022")
    assert RULE_SETS["Short game"].rules() == Rules.preset("short-1")
    family = RULE_SETS["Family house rules"].rules()
    assert family.free_parking_jackpot and family.go_landing_salary == 400
    # A set's rules file reads back to the same rules.
    for rule_set in RULE_SETS.values():
        assert Rules.from_table(rule_set.table()) == rule_set.rules(), rule_set.name


def test_the_classic_rules_to_the_letter_are_a_set_by_name() -> None:
    """000: "The owner may not collect the rent if he/she fails to ask for it before the
    second player following throws the dice." The `classic` preset pays rent unasked (004's
    Honest game, said in its set's meaning); the letter is the set "Classic, as printed"."""
    assert "Honest game" in RULE_SETS["Classic"].meaning
    printed = RULE_SETS["Classic, as printed"].rules()
    assert printed == Rules.classic().with_options(rent_claim="before_second_roll")


def test_faq_house_rules_that_are_rule_book_options_are_named() -> None:
    """004: "Honest game ... Players must always pay rent, even if the owner does not ask."
    and "Minimum bid: Any new bid in an open auction must be at least $10 more than the
    previous bid." Each is a rule-book option (the books differ there), found by its FAQ
    name on the house-rules page."""
    assert KNOWN_AS["Honest game"] == ("rent_claim", "always")
    assert KNOWN_AS["Minimum bid"] == ("auction_min_increment", 10)
    for option, value in KNOWN_AS.values():
        assert CATALOGUE[option].origin == "rule book"
        assert getattr(Rules.classic().with_options(**{option: value}), option) == value
