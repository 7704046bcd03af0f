"""The event store: games, their event logs, idempotent commands, seats, posted messages,
deadlines and snapshots, on SQLAlchemy async (SQLite through aiosqlite by default, PostgreSQL
through asyncpg for large deployments).

Appends carry the version the caller decided against. `(game_id, seq)` is the events' primary key,
so of two writers appending at the same version one wins and the other gets `Conflict`: it reloads
and decides again. A command's idempotency key (the Discord interaction id) is stored with the
events in the same transaction, so a retried or double-clicked command is applied once and its
first answer is given again.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import msgspec
from sqlalchemy import delete, event, func, insert, select, text, update
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from bot.store.schema import (
    CommandRow,
    DeadlineRow,
    EventRow,
    GameRow,
    MessageRow,
    SeatRow,
    SnapshotRow,
    now,
)
from bot.store.sqlite_writer import SqliteWriter, WriterBusy, WriterConflict, sqlite_timestamp
from engine.core import Codec, GameDefinition, get

SQLITE_BUSY_TIMEOUT_MS = 5000
NOTIFIED = "notified"  # the messages-table key of the posted-up-to marker


class StoreError(Exception):
    """A storage problem the caller can act on."""


class Conflict(StoreError):
    """Somebody appended to the game first: reload it and decide again."""


class Unavailable(StoreError):
    """The database is busy or unreachable. Nothing was written; try again in a moment."""


class NotFound(StoreError):
    """There is no such game."""


@dataclass(frozen=True, slots=True)
class Appended:
    """The result of an append. `duplicate` is true when the command's key had been applied
    before: nothing new was written and `response` is the answer given the first time."""

    first_seq: int
    last_seq: int
    response: Any = None
    duplicate: bool = False


@dataclass(frozen=True)
class GameInfo:
    """A game's row, with its `version` (the seq of its last event) and when it last moved."""

    id: int
    game: str
    status: str
    players: int
    seed: int
    options: str
    discord_guild_id: int | None
    channel_id: int | None
    host_id: int | None
    created_at: datetime
    updated_at: datetime
    version: int


@dataclass(frozen=True)
class Loaded:
    """A game's state at `version`, rebuilt from `snapshot_seq` (0: from the first event)."""

    state: Any
    version: int
    snapshot_seq: int
    replayed: int


@dataclass(frozen=True)
class Deadline:
    game_id: int
    key: str
    due_at: datetime
    version: int
    seats: tuple[int, ...]


class _Game:
    """Per-game-type encoders: event codec and state codec."""

    def __init__(self, definition: GameDefinition) -> None:
        self.definition = definition
        self.codec = Codec(definition.event_types, definition.upcasters)
        self.state_encoder = msgspec.json.Encoder()
        self.state_decoder = msgspec.json.Decoder(definition.state_type)
        # type -> (stable name, schema version), looked up for every event written
        self.names = {
            t: (t.__struct_config__.tag, getattr(t, "version", 1)) for t in definition.event_types
        }
        self._encode = msgspec.json.Encoder().encode

    def encode_event(self, e: Any) -> tuple[str, int, str]:
        name, version = self.names[type(e)]
        return name, version, self._encode(e).decode()


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def sqlite_url(path: str) -> str:
    return f"sqlite+aiosqlite:///{path}"


def _mark_unavailable(exc: Exception) -> bool:
    if isinstance(exc, IntegrityError):
        return False
    if isinstance(exc, OperationalError | InterfaceError):
        return True
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(exc, OSError | TimeoutError | ConnectionError)


class EventStore:
    """The store. Open it with `await EventStore.open(url)`; close it with `await close()`."""

    def __init__(self, engine: AsyncEngine, url: str) -> None:
        self.engine = engine
        self.url = url
        self._games: dict[str, _Game] = {}
        self._by_id: dict[int, _Game] = {}  # a game's kind never changes
        self._writer: SqliteWriter | None = None

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    async def open(
        cls, url: str, *, migrate: bool = True, busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS
    ) -> EventStore:
        """Connect to `url` (a SQLAlchemy async URL) and bring the schema up to date. On SQLite,
        a writer waits up to `busy_timeout_ms` for another one before giving up (Unavailable)."""
        if is_sqlite(url):
            engine = create_async_engine(url, pool_size=5, max_overflow=5)
            _configure_sqlite(engine, busy_timeout_ms)
        else:
            engine = create_async_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)
        store = cls(engine, url)
        if is_sqlite(url):
            store._writer = SqliteWriter(engine.url.database or "", busy_timeout_ms)
        if migrate:
            from bot.store.migrate import upgrade

            try:
                await upgrade(engine)
            except Exception as exc:
                await store.close()
                if _mark_unavailable(exc):
                    raise Unavailable(f"cannot reach the database: {exc}") from exc
                raise
        return store

    async def close(self) -> None:
        if self._writer is not None:
            await asyncio.to_thread(self._writer.close)
        await self.engine.dispose()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncConnection]:
        """A write transaction (BEGIN IMMEDIATE on SQLite, so two writers queue instead of
        failing half way). Database errors come out as `Unavailable` or `Conflict`."""
        try:
            async with self.engine.connect() as conn:
                conn = await conn.execution_options(sqlite_begin="IMMEDIATE")
                async with conn.begin():
                    yield conn
        except IntegrityError as exc:
            raise Conflict(str(exc.orig)) from exc
        except StoreError:
            raise
        except Exception as exc:
            if _mark_unavailable(exc):
                raise Unavailable(f"the database is busy or unreachable: {exc}") from exc
            raise

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[AsyncConnection]:
        try:
            async with self.engine.connect() as conn:
                yield conn
        except StoreError:
            raise
        except Exception as exc:
            if _mark_unavailable(exc):
                raise Unavailable(f"the database is busy or unreachable: {exc}") from exc
            raise

    async def _codec(self, game_id: int) -> _Game:
        if game_id not in self._by_id:
            self._by_id[game_id] = self._game((await self.get_game(game_id)).game)
        return self._by_id[game_id]

    def _game(self, name: str) -> _Game:
        if name not in self._games:
            self._games[name] = _Game(get(name))
        return self._games[name]

    # --- games -----------------------------------------------------------------------------

    async def create_game(
        self,
        game: str,
        *,
        players: int = 0,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        status: str = "lobby",
        discord_guild_id: int | None = None,
        channel_id: int | None = None,
        host_id: int | None = None,
    ) -> int:
        """A new game row (no events yet); returns its id."""
        self._game(game)
        async with self._write() as conn:
            result = await conn.execute(
                insert(GameRow).values(
                    game=game,
                    status=status,
                    players=players,
                    seed=seed,
                    options=json.dumps(options or {}, sort_keys=True),
                    discord_guild_id=discord_guild_id,
                    channel_id=channel_id,
                    host_id=host_id,
                    created_at=now(),
                    updated_at=now(),
                )
            )
            game_id = int(result.inserted_primary_key[0])
        # Remember its kind now: otherwise its first append would look it up with a query of its
        # own (about a millisecond through SQLAlchemy, ten appends' worth).
        self._by_id[game_id] = self._games[game]
        return game_id

    async def get_game(self, game_id: int) -> GameInfo:
        async with self._read() as conn:
            row = (await conn.execute(_GAMES.where(GameRow.id == game_id))).first()
        if row is None:
            raise NotFound(f"there is no game {game_id}")
        return _info(row)

    async def update_game(self, game_id: int, **fields: Any) -> None:
        """Change a game's row (status, players, seed, options, channel...)."""
        if "options" in fields and not isinstance(fields["options"], str):
            fields["options"] = json.dumps(fields["options"], sort_keys=True)
        async with self._write() as conn:
            result = await conn.execute(
                update(GameRow).where(GameRow.id == game_id).values(**fields, updated_at=now())
            )
            if result.rowcount != 1:
                raise NotFound(f"there is no game {game_id}")

    async def list_games(
        self, *, status: str | None = None, channel_id: int | None = None
    ) -> list[GameInfo]:
        query = _GAMES.order_by(GameRow.id)
        if status is not None:
            query = query.where(GameRow.status == status)
        if channel_id is not None:
            query = query.where(GameRow.channel_id == channel_id)
        async with self._read() as conn:
            rows = (await conn.execute(query)).all()
        return [_info(r) for r in rows]

    # --- events ----------------------------------------------------------------------------

    async def append(
        self,
        game_id: int,
        expected_version: int,
        events: Sequence[Any],
        *,
        key: str | None = None,
        response: Any = None,
    ) -> Appended:
        """Append `events` after `expected_version`, atomically, with the command's `key` and
        the `response` given to it. Raises `Conflict` if the game is no longer at
        `expected_version`; returns the first answer if `key` was applied before."""
        codec = self._by_id.get(game_id) or await self._codec(game_id)
        if self._writer is not None:
            return await self._append_sqlite(
                codec, game_id, expected_version, events, key, response
            )
        stamp = now()
        first = expected_version + 1
        rows = [
            {
                "game_id": game_id,
                "seq": first + i,
                "type": name,
                "schema_version": version,
                "data": data,
                "recorded_at": stamp,
            }
            for i, (name, version, data) in enumerate(codec.encode_event(e) for e in events)
        ]
        last = expected_version + len(rows)
        try:
            async with self._write() as conn:
                at = (await conn.execute(_VERSION, {"game_id": game_id})).scalar_one()
                if at != expected_version:
                    raise Conflict(f"game {game_id} is at version {at}, not {expected_version}")
                if rows:
                    await conn.execute(insert(EventRow), rows)
                if key is not None:
                    await conn.execute(
                        insert(CommandRow).values(
                            game_id=game_id,
                            key=key,
                            first_seq=first,
                            last_seq=last,
                            response=json.dumps(response),
                            created_at=stamp,
                        )
                    )
        except Conflict:
            if key is not None:
                done = await self.command(game_id, key)
                if done is not None:
                    return done
            raise
        return Appended(first_seq=first, last_seq=last, response=response)

    async def _append_sqlite(
        self,
        codec: _Game,
        game_id: int,
        expected_version: int,
        events: Sequence[Any],
        key: str | None,
        response: Any,
    ) -> Appended:
        writer = self._writer
        assert writer is not None
        names, encode = codec.names, codec._encode
        when = sqlite_timestamp(datetime.now(UTC))
        rows = [
            (game_id, expected_version + 1 + i, *names[type(e)], encode(e).decode(), when)
            for i, e in enumerate(events)
        ]
        args = (game_id, expected_version, rows, key, response, when)
        try:
            try:
                first, last = writer.append_now(*args)
            except WriterBusy:
                first, last = await writer.append_waiting(*args)
        except WriterConflict as exc:
            if key is not None:
                done = await self.command(game_id, key)
                if done is not None:
                    return done
            raise Conflict(str(exc)) from exc
        except WriterBusy as exc:
            raise Unavailable(f"the database is busy or unreachable: {exc}") from exc
        return Appended(first, last, response)

    async def command(self, game_id: int, key: str) -> Appended | None:
        """The result of the command `key` if it was applied."""
        async with self._read() as conn:
            return await _command(conn, game_id, key)

    async def batches(self, game_id: int, after: int = 0) -> list[tuple[int, int, str]]:
        """(first seq, last seq, key) of the game's keyed appends that end after `after`."""
        async with self._read() as conn:
            rows = (
                await conn.execute(
                    select(CommandRow.first_seq, CommandRow.last_seq, CommandRow.key)
                    .where(CommandRow.game_id == game_id, CommandRow.last_seq > after)
                    .order_by(CommandRow.first_seq)
                )
            ).all()
        return [(r.first_seq, r.last_seq, r.key) for r in rows if r.last_seq >= r.first_seq]

    async def read(self, game_id: int, after: int = 0) -> list[tuple[int, Any]]:
        """(seq, event) for the game's events after `after`, upcast to today's versions."""
        codec = (await self._codec(game_id)).codec
        async with self._read() as conn:
            rows = (
                await conn.execute(
                    select(EventRow.seq, EventRow.schema_version, EventRow.data)
                    .where(EventRow.game_id == game_id, EventRow.seq > after)
                    .order_by(EventRow.seq)
                )
            ).all()
        return [(r.seq, codec.decode(r.data, r.schema_version)) for r in rows]

    async def raw_events(self, game_id: int) -> list[dict[str, Any]]:
        """The stored rows of a game's events, as written (for export)."""
        async with self._read() as conn:
            rows = (
                await conn.execute(
                    select(EventRow.seq, EventRow.type, EventRow.schema_version, EventRow.data)
                    .where(EventRow.game_id == game_id)
                    .order_by(EventRow.seq)
                )
            ).all()
        return [
            {"seq": r.seq, "type": r.type, "version": r.schema_version, "data": json.loads(r.data)}
            for r in rows
        ]

    async def load(self, game_id: int, *, use_snapshot: bool = True) -> Loaded:
        """The game's current state: its latest usable snapshot plus the events after it."""
        game = await self._codec(game_id)
        definition = game.definition
        state, base = None, 0
        if use_snapshot:
            async with self._read() as conn:
                snap = (
                    await conn.execute(
                        select(SnapshotRow.seq, SnapshotRow.data)
                        .where(
                            SnapshotRow.game_id == game_id,
                            SnapshotRow.state_version == definition.state_version,
                        )
                        .order_by(SnapshotRow.seq.desc())
                        .limit(1)
                    )
                ).first()
            if snap is not None:
                state, base = game.state_decoder.decode(snap.data), snap.seq
        tail = await self.read(game_id, after=base)
        evolve = definition.evolve
        for _seq, e in tail:
            state = evolve(state, e)
        version = tail[-1][0] if tail else base
        return Loaded(state=state, version=version, snapshot_seq=base, replayed=len(tail))

    async def save_snapshot(self, game_id: int, seq: int, state: Any) -> None:
        """Keep `state` as the game's state after event `seq` (older snapshots are dropped)."""
        game = await self._codec(game_id)
        data = game.state_encoder.encode(state).decode()
        async with self._write() as conn:
            await conn.execute(delete(SnapshotRow).where(SnapshotRow.game_id == game_id))
            await conn.execute(
                insert(SnapshotRow).values(
                    game_id=game_id,
                    seq=seq,
                    state_version=game.definition.state_version,
                    data=data,
                    created_at=now(),
                )
            )

    # --- seats, messages, deadlines -------------------------------------------------------

    async def set_seat(
        self,
        game_id: int,
        seat: int,
        user_id: int | None,
        name: str = "",
        dm_channel_id: int | None = None,
    ) -> None:
        async with self._write() as conn:
            await conn.execute(
                delete(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
            )
            await conn.execute(
                insert(SeatRow).values(
                    game_id=game_id,
                    seat=seat,
                    user_id=user_id,
                    name=name,
                    dm_channel_id=dm_channel_id,
                )
            )

    async def replace_seats(
        self, game_id: int, seats: Sequence[tuple[int, int | None, str, int | None]]
    ) -> None:
        """Set all of a game's seats at once, (seat, user_id, name, dm_channel_id) each: in one
        transaction, so a crash leaves the old seats or the new ones."""
        async with self._write() as conn:
            await conn.execute(delete(SeatRow).where(SeatRow.game_id == game_id))
            if seats:
                await conn.execute(
                    insert(SeatRow),
                    [
                        {
                            "game_id": game_id,
                            "seat": seat,
                            "user_id": user_id,
                            "name": name,
                            "dm_channel_id": dm,
                        }
                        for seat, user_id, name, dm in seats
                    ],
                )

    async def remove_seat(self, game_id: int, seat: int) -> None:
        async with self._write() as conn:
            await conn.execute(
                delete(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
            )

    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self._read() as conn:
            rows = (
                await conn.execute(
                    select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
                )
            ).all()
        return [SeatRow.model_validate(r._mapping) for r in rows]

    async def games_of_user(self, user_id: int) -> list[tuple[int, int]]:
        """(game_id, seat) for every seat the user holds."""
        async with self._read() as conn:
            rows = (
                await conn.execute(
                    select(SeatRow.game_id, SeatRow.seat).where(SeatRow.user_id == user_id)
                )
            ).all()
        return [(r.game_id, r.seat) for r in rows]

    async def set_message(self, game_id: int, key: str, channel_id: int, message_id: int) -> None:
        async with self._write() as conn:
            await conn.execute(
                delete(MessageRow).where(MessageRow.game_id == game_id, MessageRow.key == key)
            )
            await conn.execute(
                insert(MessageRow).values(
                    game_id=game_id, key=key, channel_id=channel_id, message_id=message_id
                )
            )

    async def message(self, game_id: int, key: str) -> tuple[int, int] | None:
        """(channel_id, message_id) of the message posted under `key`."""
        async with self._read() as conn:
            row = (
                await conn.execute(
                    select(MessageRow.channel_id, MessageRow.message_id).where(
                        MessageRow.game_id == game_id, MessageRow.key == key
                    )
                )
            ).first()
        return None if row is None else (row.channel_id, row.message_id)

    async def mark_notified(self, game_id: int, version: int) -> None:
        """Remember that the game's events up to `version` have been posted (kept with the
        posted messages, under the key "notified")."""
        await self.set_message(game_id, NOTIFIED, 0, version)

    async def notified(self, game_id: int) -> int | None:
        """The version up to which the game's events have been posted; None for a game that
        never recorded it (started before the marker existed)."""
        found = await self.message(game_id, NOTIFIED)
        return None if found is None else found[1]

    async def set_deadline(
        self, game_id: int, key: str, due_at: datetime, version: int, seats: Sequence[int] = ()
    ) -> None:
        async with self._write() as conn:
            await conn.execute(
                delete(DeadlineRow).where(DeadlineRow.game_id == game_id, DeadlineRow.key == key)
            )
            await conn.execute(
                insert(DeadlineRow).values(
                    game_id=game_id,
                    key=key,
                    due_at=due_at,
                    version=version,
                    seats=json.dumps(list(seats)),
                )
            )

    async def clear_deadline(self, game_id: int, key: str | None = None) -> None:
        query = delete(DeadlineRow).where(DeadlineRow.game_id == game_id)
        if key is not None:
            query = query.where(DeadlineRow.key == key)
        async with self._write() as conn:
            await conn.execute(query)

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        """Every deadline (of one game), soonest first."""
        query = select(DeadlineRow).order_by(DeadlineRow.due_at)
        if game_id is not None:
            query = query.where(DeadlineRow.game_id == game_id)
        async with self._read() as conn:
            rows = (await conn.execute(query)).all()
        return [
            Deadline(
                game_id=r.game_id,
                key=r.key,
                due_at=_aware(r.due_at),
                version=r.version,
                seats=tuple(json.loads(r.seats)),
            )
            for r in rows
        ]


_LAST_SEQ = select(func.max(EventRow.seq)).where(EventRow.game_id == GameRow.id).scalar_subquery()
_LAST_EVENT = (
    select(func.max(EventRow.recorded_at)).where(EventRow.game_id == GameRow.id).scalar_subquery()
)
_GAMES = select(
    GameRow,
    func.coalesce(_LAST_SEQ, 0).label("version"),
    _LAST_EVENT.label("last_event"),
)
_VERSION = text("SELECT coalesce(max(seq), 0) FROM events WHERE game_id = :game_id")


def _info(row: Any) -> GameInfo:
    m = row._mapping
    updated = _aware(m["updated_at"])
    if m["last_event"] is not None:
        updated = max(updated, _aware(_datetime(m["last_event"])))
    return GameInfo(
        id=m["id"],
        game=m["game"],
        status=m["status"],
        players=m["players"],
        seed=m["seed"],
        options=m["options"],
        discord_guild_id=m["discord_guild_id"],
        channel_id=m["channel_id"],
        host_id=m["host_id"],
        created_at=_aware(m["created_at"]),
        updated_at=updated,
        version=m["version"],
    )


def _datetime(value: Any) -> datetime:
    """max() over a SQLite column gives its stored text back."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


async def _command(conn: AsyncConnection, game_id: int, key: str) -> Appended | None:
    row = (
        await conn.execute(
            select(CommandRow.first_seq, CommandRow.last_seq, CommandRow.response).where(
                CommandRow.game_id == game_id, CommandRow.key == key
            )
        )
    ).first()
    if row is None:
        return None
    return Appended(row.first_seq, row.last_seq, json.loads(row.response), duplicate=True)


def _aware(value: datetime) -> datetime:
    """SQLite gives naive datetimes back; everything stored is UTC."""
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def _configure_sqlite(engine: AsyncEngine, busy_timeout_ms: int) -> None:
    """WAL journal, a busy timeout, and transactions that begin as the caller asks (IMMEDIATE
    for writes) rather than the driver's implicit ones."""

    @event.listens_for(engine.sync_engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _begin(conn: Any) -> None:
        mode = conn.get_execution_options().get("sqlite_begin", "")
        conn.exec_driver_sql(f"BEGIN {mode}".strip())
