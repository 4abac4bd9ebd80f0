"""The rules in play in words: their name as people know it (`rule_catalogue`), how a game
under them ends, and why a finished game ended, for the help, the header and the end of the
game, so that no front-end says "the classic rules" or "bankruptcy 1" under a short game."""

from __future__ import annotations

from passgo.core import Game, Rules
from passgo.core.reasons import ORDINALS
from passgo.core.rule_catalogue import CATALOGUE, nearest_rule_set
from passgo.narrate.voice import Voice, listing


def rules_name(rules: Rules) -> str:
    """The rule set by name, with how many options differ from it: "Short game", "Classic
    with 2 changes"."""
    rule_set, changed = nearest_rule_set(rules)
    if not changed:
        return rule_set.name
    return f"{rule_set.name} with {len(changed)} change{'s' if len(changed) > 1 else ''}"


def rules_described(rules: Rules) -> str:
    """The rule set by name and what it is, and the common names of the options that differ
    from it: "Short game, the official short game: ...; changed: Free Parking jackpot"."""
    rule_set, changed = nearest_rule_set(rules)
    text = f"{rule_set.name}, {rule_set.meaning}"
    if changed:
        text += "; changed: " + listing([CATALOGUE[option].name for option in changed])
    return text


def how_it_ends(rules: Rules) -> str:
    """How a game under these rules ends and who wins, as a sentence."""
    ends = []
    if rules.end_after_bankruptcies:
        ends.append(f"at the {ORDINALS[rules.end_after_bankruptcies - 1]} bankruptcy")
    if rules.round_limit:
        ends.append(f"after {rules.round_limit} rounds")
    if rules.clock_minutes and not rules.sudden_death:
        ends.append("when time is called")
    text = (f"The game ends {listing(ends, 'or')}, and the richest player wins." if ends
            else "The last player left wins.")
    if rules.sudden_death:
        text += " Once time is called, the Angel of Death may end it without a winner."
    return text


def ending(game: Game, reason: str) -> str:
    """Why the game ended, in words, from the engine's `end_reason`: "the game ends at the
    first bankruptcy, and the richest player wins" for "bankruptcy 1"."""
    r = game.rules
    base = reason.removesuffix(" (tie)")
    richest = ("the richest players tie" if base != reason else
               "the richest player wins")
    if base.startswith("bankruptcy"):
        return (f"the game ends at the {ORDINALS[r.end_after_bankruptcies - 1]} bankruptcy, "
                f"and {richest}")
    words = {
        "last player standing": "the last player left in the game",
        "time limit": f"the game ends after {r.round_limit} rounds, and {richest}",
        "time called": f"time was called, and {richest}",
        "turn limit": "stopped at the most turns allowed",
        "round limit": "stopped at the most rounds allowed",
    }
    return words.get(base, reason)


def game_over(v: Voice, winner: int | None, reason: str) -> str:
    """The end of the game, told to the viewer: "Game over: you win (the last player left in
    the game)" (the event that ends it and the decision left pending say the same)."""
    why = ending(v.game, reason)
    if winner is None:
        return f"Game over ({why})"
    return f"Game over: {v.name(winner)} {v.verb(winner, 'wins', 'win')} ({why})"
