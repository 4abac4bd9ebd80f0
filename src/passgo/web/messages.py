"""What a browser may send over its WebSocket, read with limits before anything else.

Every message is a JSON object of at most `MAX_MESSAGE` bytes with a `type`:

    {"type": "hello", "token": "...", "name": "Zoe", "patches": true}
                                                   take your seat (no token: watch, with an
                                                   optional name for the chat); `patches`:
                                                   after the first state, send each update
                                                   as a JSON Patch of the last
    {"type": "action", "version": 12, "action": "bid 120"}
                                                   an action's text form, chosen on version 12
    {"type": "take_back"}                           play your seat again after a bot stood in
    {"type": "chat", "text": "nice trade"}          a chat line to the table and the watchers
    {"type": "rematch"}                             after game over: the same seats and rules
    {"type": "sync"}                                the whole state again (a patch's `base`
                                                   was not the state this browser holds)
    {"type": "hint"}                                what the expert would do at your pending
                                                   decision, in a game whose host allows hints

Anything else is refused with a one-line reason and changes nothing. A connection also has a
rate limit (`RateLimit`): a client that floods the server is told to slow down, and one that
goes on is disconnected; chat has a slower one of its own (`CHAT_RATE`), kept by the game
for each address, so that connecting again does not renew it. Binary frames are
not messages: the connection is closed with a reason. The classes here are also what
`passgo.web.protocol_types` writes the TypeScript client's message types from.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Literal, get_args

MAX_MESSAGE = 4096
# The transport's bound on one WebSocket frame (uvicorn's `ws_max_size`): a message up to it is
# read and, past MAX_MESSAGE, refused in one line; a bigger frame closes the connection (1009)
# before the server holds it (uvicorn's default would buffer 16 MiB a frame).
MAX_FRAME = 16 * MAX_MESSAGE
MAX_ACTION = 1000
MAX_TOKEN = 100
MAX_CHAT = 300  # characters of a chat line
CHAT_RATE = (0.5, 5.0)  # chat lines a second per address in a game, and the burst above it

# What the host of a game may do (POST /api/games/{id}/host): start with bots in the open
# seats, hand an away person's seat to a bot, remove a seat's person, list the game in the
# lobby or not, delete it.
HostCommand = Literal["start", "standin", "remove", "public", "private", "delete"]
HOST_COMMANDS: tuple[HostCommand, ...] = get_args(HostCommand)


class MessageError(ValueError):
    """A message that cannot be read; its text is the reason sent back."""


@dataclass(frozen=True, slots=True)
class Hello:
    token: str | None
    name: str | None = None
    patches: bool = False
    type: Literal["hello"] = "hello"


@dataclass(frozen=True, slots=True)
class ActionMessage:
    version: int
    action: str
    type: Literal["action"] = "action"


@dataclass(frozen=True, slots=True)
class TakeBack:
    type: Literal["take_back"] = "take_back"


@dataclass(frozen=True, slots=True)
class Chat:
    text: str
    type: Literal["chat"] = "chat"


@dataclass(frozen=True, slots=True)
class Rematch:
    type: Literal["rematch"] = "rematch"


@dataclass(frozen=True, slots=True)
class Sync:
    type: Literal["sync"] = "sync"


@dataclass(frozen=True, slots=True)
class HintRequest:
    type: Literal["hint"] = "hint"


Message = Hello | ActionMessage | TakeBack | Chat | Rematch | Sync | HintRequest
MESSAGE_TYPES = (Hello, ActionMessage, TakeBack, Chat, Rematch, Sync, HintRequest)


def read_message(raw: str | bytes) -> Message:
    """A checked message, or MessageError saying what is wrong with it."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
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
        name = data.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > MAX_TOKEN):
            raise MessageError("hello: name must be a short string")
        patches = data.get("patches", False)
        if type(patches) is not bool:
            raise MessageError("hello: patches must be true or false")
        return Hello(token, name, patches)
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
    if kind == "chat":
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise MessageError("chat: text must be a line of text")
        text = " ".join(text.split())
        if len(text) > MAX_CHAT:
            raise MessageError(f"chat: at most {MAX_CHAT} characters")
        if not text.isprintable():
            raise MessageError("chat: text must be printable")
        return Chat(text)
    if kind == "rematch":
        return Rematch()
    if kind == "sync":
        return Sync()
    if kind == "hint":
        return HintRequest()
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
