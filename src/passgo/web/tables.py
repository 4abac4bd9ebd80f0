"""The database tables of online games (SQLAlchemy Core). Alembic's migrations
(`passgo/web/migrations`) create and change them; this module is what the code reads and
writes, and a test checks that the migrated database matches it.

A game is its setup, its seats and its action log; a snapshot (the engine's save of the game
at some version) spares replaying the whole log when a game is loaded.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    true,
)

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("created", Float, nullable=False),
    Column("setup", Text, nullable=False),  # GameSetup as JSON
    # 'waiting' (seats to fill), 'playing' or 'over'
    Column("status", String(16), nullable=False),
    Column("version", Integer, nullable=False),  # actions committed so far
    # A time-limit game: the Unix time its agreed time is up, set when it starts (else None).
    Column("deadline", Float),
    Column("name", String(64), nullable=False, server_default=""),  # shown in the lobby
    Column("public", Boolean, nullable=False, server_default=true()),  # listed in the lobby
    Column("host_hash", String(64)),  # sha256 of the host's token (None: no host)
    Column("creator", String(64)),  # sha256 of the creating client's address
    Column("touched", Float, nullable=False, server_default="0"),  # last change, Unix time
    Column("rematch", String(32)),  # the game made as its rematch, once there is one
    Index("games_creator", "creator", "created"),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(200), nullable=False),  # 'person' or a bot spec
    Column("name", String(64)),  # None: an open seat
    Column("token_hash", String(64)),  # sha256 of the seat's secret token
    Column("standin", Boolean, nullable=False, default=False),  # a bot plays for the person
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("version", Integer, primary_key=True),  # 1 for the first action
    Column("seat", Integer, nullable=False),
    Column("text", Text, nullable=False),  # the action's text form (Action.parse reads it)
    Column("said", Text, nullable=False),  # its events as sentences, a JSON list
)

chat = Table(
    "chat", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("n", Integer, primary_key=True),  # 1 for the first message
    Column("seat", Integer),  # None: a spectator
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),  # as written (clients escape it when they show it)
    Column("at", Float, nullable=False),  # Unix time
)

snapshots = Table(
    "snapshots", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"),
           primary_key=True),
    Column("version", Integer, nullable=False),
    Column("data", Text, nullable=False),  # Game.to_json() after `version` actions
)
