"""The messages the server sends besides the game's state, as classes: the browser client's
TypeScript types are written from them (`passgo.web.protocol_types`), so the two cannot drift.

What a browser sends is in `passgo.web.messages`; the HTTP bodies are the pydantic models of
`passgo.web.app`. docs/web.md lists every message with its meaning.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line of a game's chat, as stored with the game. `text` is as written: a client
    shows it as text, never as markup."""

    n: int  # 1 for the game's first line
    seat: int | None  # None: a spectator
    name: str
    text: str
    at: float  # Unix time

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """New chat lines (on connecting: the last lines of the game)."""

    messages: tuple[ChatLine, ...]
    type: Literal["chat"] = "chat"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "messages": [m.to_dict() for m in self.messages]}


@dataclass(frozen=True, slots=True)
class Listing:
    """What every `state` and `seats` message says of the game besides its seats."""

    name: str
    public: bool  # listed in the lobby (else reached by its link only)
    rematch: str | None  # the id of its rematch, once one is made
    watchers: int  # connections without a seat
    hints: bool  # the host allows a seat to ask for the expert's hint

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class DeletedMessage:
    """The host deleted the game: the connection closes after it."""

    game: str
    type: Literal["deleted"] = "deleted"


@dataclass(frozen=True, slots=True)
class RematchMessage:
    """A rematch was made: the same seats (the same tokens hold them) and rules."""

    game: str
    type: Literal["rematch"] = "rematch"


@dataclass(frozen=True, slots=True)
class HintMessage:
    """The expert's hint for the decision pending at `version`, to the seat that asked."""

    version: int
    text: str
    type: Literal["hint"] = "hint"


@dataclass(frozen=True, slots=True)
class Created:
    """The answer to creating a game: its id, the host's secret and the invitation link."""

    id: str
    host_token: str
    url: str


SERVER_MESSAGES = (ChatMessage, DeletedMessage, RematchMessage, HintMessage)
