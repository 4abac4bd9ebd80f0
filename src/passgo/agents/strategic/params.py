"""The strategic bot's character: its parameters, and the named sets of them (profiles)."""

from __future__ import annotations

from dataclasses import dataclass

from passgo.agents.base import replaced_from_text

JAIL_CHOICES = ("auto", "leave", "stay")


@dataclass(frozen=True, slots=True)
class StrategicParams:
    """The strategic bot's character. `reserve`: cash always kept on top of the reserve the
    board's rents call for. `aggression`: scales auction limits and the risk of a big rent the
    bot accepts (1 = neutral). `trade_margin`: how much of a trade's gains the bot wants for
    itself before it agrees (0 <= m < 1), and how little it gives away when it proposes.
    `jail`: "auto", "leave" or "stay"."""

    reserve: int = 50
    aggression: float = 1.0
    trade_margin: float = 0.5
    jail: str = "auto"

    def __post_init__(self) -> None:
        if self.reserve < 0:
            raise ValueError("reserve must be 0 or more")
        if not 0 < self.aggression <= 5:
            raise ValueError("aggression must be above 0 and at most 5")
        if not 0 <= self.trade_margin < 1:
            raise ValueError("trade_margin must be at least 0 and below 1")
        if self.jail not in JAIL_CHOICES:
            raise ValueError(f"jail must be one of {', '.join(JAIL_CHOICES)}")

    def with_options(self, options: dict[str, str]) -> StrategicParams:
        """These parameters with some replaced from text (`{"reserve": "300"}`)."""
        return replaced_from_text(self, options)


#: Named profiles: the default, and characters that differ in one or two traits.
PROFILES: dict[str, StrategicParams] = {
    "strategic": StrategicParams(),
    "cautious": StrategicParams(reserve=250, aggression=0.7, trade_margin=0.7),
    "aggressive": StrategicParams(reserve=0, aggression=1.5, trade_margin=0.35),
    "dealer": StrategicParams(trade_margin=0.2),
    "homebody": StrategicParams(jail="stay"),
}
