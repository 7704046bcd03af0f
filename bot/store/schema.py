"""The database schema (SQLModel tables). Alembic migrations in `bot/store/migrations/` build and
upgrade it; tests check that the migrations and these tables agree.

Discord ids are 64-bit: they are BIGINT columns (PostgreSQL refuses them in a 32-bit INTEGER).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import BigInteger, Column, DateTime, ForeignKey, Integer, String, Text
from sqlmodel import Field, SQLModel


def now() -> datetime:
    return datetime.now(UTC)


class GameRow(SQLModel, table=True):
    """One game: where it is played and who hosts it. How far its log goes is the highest `seq`
    of its events (read through the primary key, never kept twice)."""

    __tablename__ = "games"

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=40)  # the engine's game name, e.g. "guild-master"
    status: str = Field(default="lobby", max_length=16, index=True)  # lobby, running, ended, ...
    players: int = 0
    seed: int = Field(default=0, sa_type=BigInteger)
    options: str = Field(default="{}", sa_type=Text)  # JSON
    discord_guild_id: int | None = Field(default=None, sa_type=BigInteger, index=True)
    channel_id: int | None = Field(default=None, sa_type=BigInteger, index=True)
    host_id: int | None = Field(default=None, sa_type=BigInteger)
    created_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))
    updated_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


class EventRow(SQLModel, table=True):
    """One event. (game_id, seq) is the primary key: two writers appending at the same expected
    version cannot both succeed, so a race is a conflict, never a duplicate."""

    __tablename__ = "events"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    )
    seq: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    type: str = Field(sa_column=Column(String(60), nullable=False))
    schema_version: int = Field(default=1)
    data: str = Field(sa_column=Column(Text, nullable=False))  # the event as JSON
    recorded_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


class CommandRow(SQLModel, table=True):
    """A command applied once: its idempotency key (the Discord interaction id) and the answer
    given, so a retried or double-clicked command is answered the same way and applied once."""

    __tablename__ = "commands"
    # One B-tree, ordered by (game_id, key), instead of a table plus an index: less to write.
    __table_args__ = {"sqlite_with_rowid": False}

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    )
    key: str = Field(sa_column=Column(String(100), primary_key=True))
    first_seq: int = 0
    last_seq: int = 0
    response: str = Field(default="", sa_type=Text)  # JSON
    created_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


class SeatRow(SQLModel, table=True):
    """A seat and who plays it: a Discord user, or a built-in player when `user_id` is null."""

    __tablename__ = "seats"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    )
    seat: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    user_id: int | None = Field(default=None, sa_type=BigInteger, index=True)
    name: str = Field(default="", max_length=100)
    dm_channel_id: int | None = Field(default=None, sa_type=BigInteger)


class MessageRow(SQLModel, table=True):
    """A message the bot posted and edits later (a phase's running message, a DM order board)."""

    __tablename__ = "messages"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    )
    key: str = Field(sa_column=Column(String(100), primary_key=True))
    channel_id: int = Field(sa_type=BigInteger)
    message_id: int = Field(sa_type=BigInteger)


class DeadlineRow(SQLModel, table=True):
    """A deadline: when it passes, the defaults of `seats` (all if empty) are applied."""

    __tablename__ = "deadlines"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    )
    key: str = Field(sa_column=Column(String(100), primary_key=True))
    due_at: datetime = Field(sa_type=DateTime(timezone=True), index=True)
    version: int = 0  # the game version the deadline was set at
    seats: str = Field(default="[]", sa_type=Text)  # JSON list of seats


class SnapshotRow(SQLModel, table=True):
    """The state after event `seq`, so a long game loads from here plus the tail of events.
    `state_version` is the game's state schema version; other versions are ignored."""

    __tablename__ = "snapshots"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    )
    seq: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    state_version: int = 1
    data: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


class SettingRow(SQLModel, table=True):
    """What the bot keeps about itself, by key: the hash of the slash commands last synced
    (bot/chat/client.py), so that a restart with the same commands does not sync them again."""

    __tablename__ = "settings"

    key: str = Field(sa_column=Column(String(100), primary_key=True))
    value: str = Field(sa_column=Column(Text, nullable=False))
    updated_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


class ReminderPrefsRow(SQLModel, table=True):
    """A player's reminder choices (`/gm notify`), for every game they play: how many minutes
    before a deadline to remind them (null: when a quarter of the wait is left), whether not at
    all, and quiet hours (local minutes of the day) in their time zone."""

    __tablename__ = "reminder_prefs"

    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    lead_minutes: int | None = Field(default=None)
    off: bool = Field(default=False)
    quiet_start: int | None = Field(default=None)
    quiet_end: int | None = Field(default=None)
    zone: str = Field(default="UTC", max_length=64)
    updated_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


class ServerSettingsRow(SQLModel, table=True):
    """A Discord server's own defaults (`/gm settings`): each null setting takes the bot's
    configured default (config.toml `[servers]`, `[games] deadline_minutes`). `games`: JSON list
    of the game names allowed (null: every hosted game); `deadline_minutes`: the deadline of
    every phase of a new game (0: none); `where`: "any", "channels" or "threads"."""

    __tablename__ = "server_settings"

    discord_guild_id: int = Field(
        sa_column=Column(BigInteger, primary_key=True, autoincrement=False)
    )
    games: str | None = Field(default=None, sa_type=Text)
    deadline_minutes: int | None = Field(default=None)
    builtin_players: bool | None = Field(default=None)
    where: str | None = Field(default=None, max_length=16)
    updated_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


class OpenSeatRow(SQLModel, table=True):
    """A seat of a game in play that its host offered to a volunteer (`/seat open`): the post
    with its Take button is kept in `messages` under `seat-offer:<seat>`."""

    __tablename__ = "open_seats"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    )
    seat: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    opened_by: int = Field(sa_type=BigInteger)
    opened_at: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


class WatcherRow(SQLModel, table=True):
    """A spectator of a game (`/gm watch`): the game's public posts are mirrored to their DMs."""

    __tablename__ = "watchers"

    game_id: int = Field(
        sa_column=Column(Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    )
    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True, autoincrement=False))
    since: datetime = Field(default_factory=now, sa_type=DateTime(timezone=True))


METADATA = SQLModel.metadata
