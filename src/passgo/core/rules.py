"""A rule set as one frozen value: every rule that differs between texts is a named switch.

The defaults are the classic Parker Brothers text (rules file `000_…`). Presets and TOML files
(a later layer) only choose values for these fields; the engine reads nothing else, so a house
rule is a switch here and a branch in one place of the engine, never a fork.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from passgo.core.errors import DataError

IncomeTax = Literal["choice", "flat"]


@dataclass(frozen=True, slots=True)
class Rules:
    """Every switch the engine reads, with the classic Parker Brothers values as defaults."""

    edition: str = "us-classic"
    # "You may estimate your tax at $200 ..., or you may pay 10% of your total worth."
    income_tax: IncomeTax = "choice"
    # "paying a fine of $50 before you roll the dice on either of your next two turns"
    jail_prepay_turns: int = 2
    # "If you do not throw doubles by your third turn, you must pay the $50 fine."
    jail_max_turns: int = 3
    # "Bidding may start at any price." (the smallest amount of money is $1)
    auction_min_bid: int = 1
    auction_min_increment: int = 1
    # "When a player has four houses on each property of a complete color-group ..."
    houses_per_hotel: int = 4
    # "the new owner must at once pay the Bank the amount of interest on the loan, which is 10%"
    mortgage_interest_percent: int = 10
    # Classic: the Bank auctions the bankrupt's property as it is; hasbro2022 cancels mortgages.
    bank_bankruptcy_cancels_mortgages: bool = False
    # "If there are a limited number of houses and hotels available and two or more players
    # wish to buy more than the Bank has, the houses or hotels must be sold at auction"
    building_shortage_auctions: bool = True

    @classmethod
    def classic(cls) -> Rules:
        """The classic Parker Brothers rules (the default rule set)."""
        return cls()

    @classmethod
    def preset(cls, name: str) -> Rules:
        """A named rule set (see `PRESETS`)."""
        try:
            return PRESETS[name]()
        except KeyError:
            known = ", ".join(sorted(PRESETS))
            raise DataError(f"unknown rule set {name!r} (known: {known})") from None

    @classmethod
    def from_toml(cls, text: str) -> Rules:
        """Rules from a TOML text: optional `preset = "name"` plus options that override it."""
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"rules file is not valid TOML: {exc}") from None
        base = data.pop("preset", "classic")
        if not isinstance(base, str):
            raise DataError("rules option 'preset' must be a rule set name")
        return cls.from_dict({**cls.preset(base).to_dict(), **data})

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from a mapping of option names; an unknown key or a wrong type is refused."""
        known = {f.name: f for f in fields(cls)}
        defaults = cls()
        for key, value in data.items():
            if key not in known:
                raise DataError(f"unknown rules option {key!r}")
            expected = type(getattr(defaults, key))
            if type(value) is not expected:
                raise DataError(
                    f"rules option {key!r} must be {expected.__name__}, not {value!r}"
                )
        rules = cls(**data)
        rules.validate()
        return rules

    def validate(self) -> None:
        """Refuse values no game can be played with."""
        if self.income_tax not in ("choice", "flat"):
            raise DataError("rules option 'income_tax' must be 'choice' or 'flat'")
        if not 1 <= self.houses_per_hotel <= 4:
            raise DataError("rules option 'houses_per_hotel' must be between 1 and 4")
        if not 0 <= self.jail_prepay_turns <= self.jail_max_turns:
            raise DataError("rules option 'jail_prepay_turns' must be within 0..jail_max_turns")
        if self.jail_max_turns < 1:
            raise DataError("rules option 'jail_max_turns' must be at least 1")
        if self.auction_min_bid < 1 or self.auction_min_increment < 1:
            raise DataError("auction_min_bid and auction_min_increment must be at least 1")
        if self.mortgage_interest_percent < 0:
            raise DataError("rules option 'mortgage_interest_percent' must not be negative")


PRESETS: dict[str, Callable[[], Rules]] = {"classic": Rules.classic}
