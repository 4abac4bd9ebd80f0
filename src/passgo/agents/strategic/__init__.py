"""The strategic bot: plays the way a strong human does, by prices and probabilities.

* It values deeds by what they earn (`valuation.py`: landing rates times rents over a horizon)
  and compares positions in money, so buying, bidding, trading, building and selling all use one
  yardstick.
* It keeps a cash reserve sized to the rents it may meet before it can next raise money at
  leisure: over its next three turns, the smallest amount the rents on the board (as they stand,
  and as their owners can build them up at once) exceed with probability below its risk
  tolerance, less what mortgaging its deeds outside complete groups would raise (plus the
  `reserve` floor). Early in the game that is the floor alone, so it buys nearly everything;
  once opponents have hotels it holds back enough not to be forced to sell.
* It builds where a dollar earns most, looking ahead to three houses per street, and only with
  cash above the reserve, so it does not build what it would have to sell again.
* Jail: with `jail="auto"` it leaves early (card or fine) while deeds are left to buy and the
  rents it would walk into are small, and stays (throws for doubles) once the board is built up.
* Auctions: it bids a twentieth of the price above the high bid (at least the minimum) up to
  what the deed is worth to it, plus part of what it would be worth to an opponent whose group
  it completes.
* Trades (`trading.py`): it buys and sells deeds for cash and swaps them, in two steps when a
  group is split between two opponents, valuing a trade by what it does for each side against
  the others (the leader's gains weigh most); it accepts offers that are good for it, counters
  those that are not far off, and says why it refuses the others.
* Raising money: it takes the step that loses the least value per dollar raised (a mortgage on a
  deed that earns little, before houses on a group that earns much).
* Decisions that only house rules bring (sealed bids, foreclosures, ...) it answers as the
  basic bot does.

Parameters are exposed as `StrategicParams`; a named set of them is a profile (`PROFILES`).
The package is split by what it holds:

* `params`: the parameters and the profiles;
* `caches`: what is worked out once per rule set or state of the board and shared by the bots
  of a process (the yardsticks, the landing odds of the next turns, the boards' rent threats);
* `appraisal`: the reserve, what a deed is worth at a price, the most to bid, where to build,
  what to sell or mortgage;
* `negotiation`: offers, answers to offers and counter-offers, and the memory of refusals;
* `bot`: `StrategicBot`, which answers each decision from those.
"""

from passgo.agents.strategic.bot import StrategicBot
from passgo.agents.strategic.caches import valuers
from passgo.agents.strategic.params import JAIL_CHOICES, PROFILES, StrategicParams

__all__ = ["JAIL_CHOICES", "PROFILES", "StrategicBot", "StrategicParams", "valuers"]
