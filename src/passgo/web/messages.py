"""What a browser may send over its WebSocket, read with limits before anything else.

Every message is a JSON object of at most `MAX_MESSAGE` bytes with a `type`:

    {"type": "hello", "token": "..."}              take your seat (no token: watch)
    {"type": "action", "version": 12, "action": "bid 120"}
                                                   an action's text form, chosen on version 12
    {"type": "take_back"}                           play your seat again after a bot stood in

Anything else is refused with a one-line reason and changes nothing. A connection also has a
rate limit (`RateLimit`): a client that floods the server is told to slow down, and one that
goes on is disconnected.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

MAX_MESSAGE = 4096
MAX_ACTION = 1000
MAX_TOKEN = 100


class MessageError(ValueError):
    """A message that cannot be read; its text is the reason sent back."""


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None


@dataclass(frozen=True, slots=True)
class ActionMessage:
    version: int
    action: str


@dataclass(frozen=True, slots=True)
class TakeBack:
    pass


Message = Hello | ActionMessage | TakeBack


def read_message(raw: str | bytes) -> Message:
    """A checked message, or MessageError saying what is wrong with it."""
    if len(raw) > MAX_MESSAGE:
        raise MessageError(f"message too large (at most {MAX_MESSAGE} bytes)")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise MessageError("a message must be a JSON object") from None
    if not isinstance(data, dict):
        raise MessageError("a message must be a JSON object")
    kind = data.get("type")
    if kind == "hello":
        token = data.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN):
            raise MessageError("hello: token must be a short string")
        return Hello(token)
    if kind == "action":
        version, text = data.get("version"), data.get("action")
        if type(version) is not int or version < 0:
            raise MessageError("action: version must be a whole number")
        if not isinstance(text, str) or not text.strip():
            raise MessageError("action: action must be an action's text")
        if len(text) > MAX_ACTION:
            raise MessageError(f"action: at most {MAX_ACTION} characters")
        return ActionMessage(version, text)
    if kind == "take_back":
        return TakeBack()
    raise MessageError(f"unknown message type {str(kind)[:40]!r}")


class RateLimit:
    """A token bucket per connection: `rate` messages a second on average, bursts of
    `burst`. `allow()` takes one token; `strikes` counts messages refused in a row."""

    def __init__(self, rate: float = 10.0, burst: float = 30.0) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()
        self.strikes = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.strikes = 0
            return True
        self.strikes += 1
        return False
