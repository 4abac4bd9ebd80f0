"""The strategic bot's character: its parameters, and the named sets of them (profiles)."""

from __future__ import annotations

from dataclasses import dataclass

from passgo.agents.base import replaced_from_text

JAIL_CHOICES = ("auto", "leave", "stay")
MAX_NOISE = 1.0  # bounds of the mistakes a spec may ask for
MAX_GULLIBILITY = 0.5


@dataclass(frozen=True, slots=True)
class StrategicParams:
    """The strategic bot's character. `reserve`: cash always kept on top of the reserve the
    board's rents call for. `aggression`: scales auction limits and the risk of a big rent the
    bot accepts (1 = neutral). `trade_margin`: how much of a trade's gains the bot wants for
    itself before it agrees (0 <= m < 1), and how little it gives away when it proposes.
    `jail`: "auto", "leave" or "stay".

    The mistakes of the easier levels (0: none, as a strong player makes): `noise`, how far it
    misjudges what a deed is worth when buying or bidding, as a share of the printed price (a
    different misjudgement each turn and deed, drawn from the bot's seed); `gullibility`, the
    share of what a trade is about by which it takes a trade that is slightly bad for it."""

    reserve: int = 50
    aggression: float = 1.0
    trade_margin: float = 0.5
    jail: str = "auto"
    noise: float = 0.0
    gullibility: float = 0.0

    def __post_init__(self) -> None:
        if self.reserve < 0:
            raise ValueError("reserve must be 0 or more")
        if not 0 < self.aggression <= 5:
            raise ValueError("aggression must be above 0 and at most 5")
        if not 0 <= self.trade_margin < 1:
            raise ValueError("trade_margin must be at least 0 and below 1")
        if not 0 <= self.noise <= MAX_NOISE:
            raise ValueError(f"noise must be from 0 to {MAX_NOISE}")
        if not 0 <= self.gullibility <= MAX_GULLIBILITY:
            raise ValueError(f"gullibility must be from 0 to {MAX_GULLIBILITY}")
        if self.jail not in JAIL_CHOICES:
            raise ValueError(f"jail must be one of {', '.join(JAIL_CHOICES)}")

    def with_options(self, options: dict[str, str]) -> StrategicParams:
        """These parameters with some replaced from text (`{"reserve": "300"}`)."""
        return replaced_from_text(self, options)


#: Named profiles: the default, and characters that differ in one or two traits; and the two
#: easy levels (`spec.LEVELS`), the same play with the mistakes of a beginner (deeds misjudged
#: by up to four fifths of their price, too much cash held back from buying and building,
#: timid bids, staying in jail, trades against it taken) and of a casual player (the same,
#: milder). Heads-up, the strategic bot beat the first 76 % and the second 64 % of 80 games
#: when they were chosen (benchmarks/levels.py measures the levels).
PROFILES: dict[str, StrategicParams] = {
    "strategic": StrategicParams(),
    "beginner": StrategicParams(reserve=400, aggression=0.5, trade_margin=0.1, jail="stay",
                                noise=0.8, gullibility=0.3),
    "casual": StrategicParams(reserve=200, aggression=0.7, trade_margin=0.3, noise=0.4,
                              gullibility=0.1),
    "cautious": StrategicParams(reserve=250, aggression=0.7, trade_margin=0.7),
    "aggressive": StrategicParams(reserve=0, aggression=1.5, trade_margin=0.35),
    "dealer": StrategicParams(trade_margin=0.2),
    "homebody": StrategicParams(jail="stay"),
}
