"""Who a request comes from (`limits.client_address`): the peer, unless the peer is a trusted
proxy, and then the right-most address of X-Forwarded-For that is not one."""

from __future__ import annotations

import pytest

from passgo.web.limits import Connections, Limits, client_address, parse_networks

PROXIES = parse_networks(["127.0.0.1", "10.0.0.0/8", "::1"])


@pytest.mark.parametrize(("peer", "forwarded", "expected"), [
    ("203.0.113.9", "198.51.100.1", "203.0.113.9"),  # not a proxy: the header is ignored
    ("127.0.0.1", None, "127.0.0.1"),
    ("127.0.0.1", "198.51.100.1", "198.51.100.1"),
    ("127.0.0.1", "6.6.6.6, 198.51.100.1", "198.51.100.1"),  # the client's own claim left
    ("127.0.0.1", "198.51.100.1, 10.1.2.3", "198.51.100.1"),  # through two trusted proxies
    ("127.0.0.1", "10.1.2.3", "10.1.2.3"),  # only proxies: the farthest of them
    ("127.0.0.1", "198.51.100.1, not-an-address", "127.0.0.1"),  # garbage: go no further
    ("::1", "2001:db8::7", "2001:db8::7"),
    (None, "198.51.100.1", "unknown"),
    # A client's own 40 made-up hops before the proxy's: the proxy's (right-most) counts.
    ("127.0.0.1", ", ".join([f"6.6.6.{i}" for i in range(40)] + ["198.51.100.1"]),
     "198.51.100.1"),
])
def test_the_client_address(peer: str | None, forwarded: str | None, expected: str) -> None:
    assert client_address(peer, forwarded, PROXIES) == expected


def test_a_bad_proxy_or_limit_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="--trusted-proxy: 'nowhere'"):
        parse_networks(["nowhere"])
    with pytest.raises(ValueError, match="--max-spectators must be from 1 to 100000"):
        Limits(spectators_per_game=0).check()


def test_connections_are_counted_per_address() -> None:
    open_ = Connections()
    assert open_.add("a", 2) and open_.add("a", 2) and not open_.add("a", 2)
    assert open_.add("b", 2)
    open_.remove("a")
    assert open_.add("a", 2)
