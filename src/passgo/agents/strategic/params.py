"""The strategic bot's character: its parameters, and the named sets of them (profiles)."""

from __future__ import annotations

from dataclasses import dataclass

from passgo.agents.base import replaced_from_text
from passgo.core.board import RAILROAD, UTILITY

JAIL_CHOICES = ("auto", "leave", "stay")
STATION_CHOICES = ("buy", "skip")
MAX_NOISE = 1.0  # bounds of the mistakes a spec may ask for
MAX_GULLIBILITY = 0.5
MAX_OFFER_EVERY = 20
MAX_BUILD_CUSHION = 2000
MAX_FACE_VALUE = 5.0  # (at least 1: no deed is sold below its printed price this way)


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
    share of what a trade is about by which it takes a trade that is slightly bad for it.
    A newcomer's habits: `stations` "skip", it does not see the point of railroads and
    utilities (declines them and passes in their auctions); `offer_every`, it looks for a
    trade to propose in one round of that many; `build_cushion`, cash it keeps on top of the
    reserve before it builds (it builds late); `face_value`, it takes cash alone for its deeds
    when the cash is at least that many times their printed price (0: never so), whatever
    they are worth to the buyer."""

    reserve: int = 50
    aggression: float = 1.0
    trade_margin: float = 0.5
    jail: str = "auto"
    noise: float = 0.0
    gullibility: float = 0.0
    stations: str = "buy"
    offer_every: int = 1
    build_cushion: int = 0
    face_value: float = 0.0

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
        if not 1 <= self.offer_every <= MAX_OFFER_EVERY:
            raise ValueError(f"offer_every must be from 1 to {MAX_OFFER_EVERY}")
        if not 0 <= self.build_cushion <= MAX_BUILD_CUSHION:
            raise ValueError(f"build_cushion must be from 0 to {MAX_BUILD_CUSHION}")
        if self.face_value and not 1 <= self.face_value <= MAX_FACE_VALUE:
            raise ValueError(f"face_value must be 0 or from 1 to {MAX_FACE_VALUE}")
        if self.stations not in STATION_CHOICES:
            raise ValueError(f"stations must be one of {', '.join(STATION_CHOICES)}")
        if self.jail not in JAIL_CHOICES:
            raise ValueError(f"jail must be one of {', '.join(JAIL_CHOICES)}")

    def shuns(self, kind: int) -> bool:
        """Whether it leaves deeds of this square kind alone (`stations`)."""
        return self.stations == "skip" and kind in (RAILROAD, UTILITY)

    def with_options(self, options: dict[str, str]) -> StrategicParams:
        """These parameters with some replaced from text (`{"reserve": "300"}`)."""
        return replaced_from_text(self, options)


#: Named profiles: the default, and characters that differ in one or two traits; and the two
#: easy levels (`spec.LEVELS`). The beginner plays a newcomer's first games: deeds misjudged by
#: up to four fifths of their price, railroads and utilities left alone, $400 held back from
#: buying and building and $300 more before building, timid bids, the jail fine paid at once,
#: a trade looked for one round in four, trades against it taken and its deeds sold for 1.5
#: times their printed price. The casual player has the same habits but railroads and cheap
#: sales, milder: misjudgements up to three fifths, $250 held back and $200 more before
#: building, a trade looked for one round in three. Heads-up every outside style of
#: benchmarks/outside_bots.py beat the beginner in 66.5-84 % of 200 games; the casual player
#: beats the beginner and the club player beats the casual one by clear margins
#: (docs/bots.md, benchmarks/levels.py).
PROFILES: dict[str, StrategicParams] = {
    "strategic": StrategicParams(),
    "beginner": StrategicParams(reserve=400, aggression=0.5, trade_margin=0.1, jail="leave",
                                noise=0.8, gullibility=0.3, stations="skip", offer_every=4,
                                build_cushion=300, face_value=1.5),
    "casual": StrategicParams(reserve=250, aggression=0.6, trade_margin=0.2, jail="leave",
                              noise=0.6, gullibility=0.2, offer_every=3, build_cushion=200),
    "cautious": StrategicParams(reserve=250, aggression=0.7, trade_margin=0.7),
    "aggressive": StrategicParams(reserve=0, aggression=1.5, trade_margin=0.35),
    "dealer": StrategicParams(trade_margin=0.2),
    "homebody": StrategicParams(jail="stay"),
}
