"""Bots that play passgo, and the loop that runs a game with them."""

from __future__ import annotations

from passgo.agents.base import Agent
from passgo.agents.basic import BasicBot
from passgo.agents.play import play
from passgo.agents.random_bot import RandomBot

AGENTS: dict[str, type[BasicBot] | type[RandomBot]] = {"basic": BasicBot, "random": RandomBot}


def make_agent(name: str, seed: int = 0) -> Agent:
    """A bot by name ("basic", "random"); `seed` seeds bots that use randomness."""
    if name == "random":
        return RandomBot(seed)
    if name == "basic":
        return BasicBot()
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(AGENTS))})")


__all__ = ["AGENTS", "Agent", "BasicBot", "RandomBot", "make_agent", "play"]
