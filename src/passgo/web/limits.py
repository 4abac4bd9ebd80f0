"""What one outsider may take of `passgo serve`, and who that outsider is.

Every limit is per client address and configurable (`passgo serve --max-...`): games created
an hour (counted in the database, so several processes and a restart count alike), open
connections per address and per game, and spectators per game (counted by each process for
its own connections).

A client's address is the connection's peer, unless the peer is one of the operator's
trusted proxies (`--trusted-proxy`, an address or network): then it is the right-most
address of `X-Forwarded-For` that is not itself a trusted proxy. A header from anyone else is
ignored, so nobody can pose as another address by sending one.
"""

from __future__ import annotations

import hashlib
import ipaddress
from collections import Counter
from dataclasses import dataclass

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True, slots=True)
class Limits:
    games_per_hour: int = 20  # games one address may create an hour
    connections_per_address: int = 30  # WebSocket connections open at once from one address
    connections_per_game: int = 120  # connections open at once to one game (seats' and others)
    spectators_per_game: int = 100  # connections watching one game without a seat
    trusted_proxies: tuple[Network, ...] = ()

    def check(self) -> None:
        """ValueError naming the first limit outside 1..100,000 by its option."""
        for name, option in FLAGS.items():
            if not 1 <= getattr(self, name) <= 100_000:
                raise ValueError(f"{option} must be from 1 to 100000")


# The `passgo serve` option of each limit.
FLAGS = {"games_per_hour": "--max-games-per-hour",
         "connections_per_address": "--max-connections-per-address",
         "connections_per_game": "--max-connections-per-game",
         "spectators_per_game": "--max-spectators"}


def parse_networks(texts: list[str]) -> tuple[Network, ...]:
    """Trusted proxies from the command line: addresses or networks (ValueError in one line)."""
    out = []
    for text in texts:
        try:
            out.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            raise ValueError(f"--trusted-proxy: {text!r} is no address or network") from None
    return tuple(out)


def _trusted(address: str, proxies: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in proxies)


def client_address(peer: str | None, forwarded: str | None, proxies: tuple[Network, ...]) -> str:
    """Who a request comes from (see the module docstring)."""
    address = peer or "unknown"
    if forwarded is None or not _trusted(address, proxies):
        return address
    # From the right: each trusted proxy appends the address it saw, so the hops at the
    # right end are the ones written by proxies; what a client sent comes first (at most
    # 32 hops are looked at, the last ones).
    for hop in reversed(forwarded.split(",")[-32:]):
        hop = hop.strip()
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            break  # not an address: nothing further left can be trusted
        if not _trusted(hop, proxies):
            return hop
        address = hop
    return address


def address_key(address: str) -> str:
    """What the database keeps of an address (for the games-an-hour limit): a hash."""
    return hashlib.sha256(address.encode()).hexdigest()


class Connections:
    """Open connections by address, in this process."""

    def __init__(self) -> None:
        self.open: Counter[str] = Counter()

    def add(self, address: str, most: int) -> bool:
        if self.open[address] >= most:
            return False
        self.open[address] += 1
        return True

    def remove(self, address: str) -> None:
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]
