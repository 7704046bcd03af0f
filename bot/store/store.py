"""The event store: games, their event logs, idempotent commands, seats, posted messages,
deadlines and snapshots, on SQLAlchemy async (SQLite through aiosqlite by default, PostgreSQL
through asyncpg for large deployments). On SQLite every write, and the idempotency check, runs on
a plain sqlite3 connection instead (`sqlite_writer`).

Appends carry the version the caller decided against. `(game_id, seq)` is the events' primary key,
so of two writers appending at the same version one wins and the other gets `Conflict`: it reloads
and decides again. A command's idempotency key (the Discord interaction id) is stored with the
events in the same transaction, so a retried or double-clicked command is applied once and its
first answer is given again.

A store opened with `single_writer=True` (by the one process that writes the database) keeps
what it has read or written of each game's row, seats, posted messages and deadlines (on SQLite
for the `KNOWN_GAMES` games used last, read again on their next use), and which games are in
play in each channel, and answers from memory after that: the bot asks for them on every
interaction, and nobody else changes them. Events, snapshots and commands are always read from
the database. On SQLite those rows are read on the writer's own `sqlite3` connection too.

On PostgreSQL appends, the idempotency check and the reads a load makes go through a plain
asyncpg pool, one statement each (`postgres_writer`); everything else through SQLAlchemy.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import sqlite3
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

import msgspec
from sqlalchemy import delete, event, func, insert, select, update
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from bot.store import sqlite_writer
from bot.store.schema import (
    CommandRow,
    DeadlineRow,
    EventRow,
    GameRow,
    MessageRow,
    SeatRow,
    SettingRow,
    SnapshotRow,
    now,
)
from bot.store.sqlite_writer import (
    SqliteWriter,
    WriterBusy,
    WriterConflict,
    WriterFault,
    sqlite_timestamp,
)
from engine.core import Codec, GameDefinition, get

if TYPE_CHECKING:
    # asyncpg (2.8 MB) is loaded only by a store on PostgreSQL, never by one on SQLite.
    from bot.store.postgres_writer import PostgresWriter

# Discord drops an interaction not answered within 3 seconds: a write waits for another
# writer's lock for less than that, so a "try again" still reaches the player.
SQLITE_BUSY_TIMEOUT_MS = 2000
IN_PLAY = ("lobby", "running")  # the statuses of a game that holds its channel
NOTIFIED = "notified"  # the messages-table key of the posted-up-to marker
# For how many games a single-writer store keeps the rows in memory (the games used last): a
# game in play holds some KB of them (its row, seats, posted messages, deadlines), and a bot
# with thousands in play is bounded by memory (issue 26). Twice the games whose states the
# service keeps (bot/service.py, CACHED_GAMES): a game's rows are read at every interaction.
KNOWN_GAMES = 512

T = TypeVar("T")
log = logging.getLogger("guildmaster.store")


class StoreError(Exception):
    """A storage problem the caller can act on."""


class Conflict(StoreError):
    """Somebody appended to the game first: reload it and decide again."""


class Unavailable(StoreError):
    """The database is busy or unreachable. Nothing was written; try again in a moment."""


class Unreachable(Unavailable):
    """The database server cannot be reached: the connection refused or lost, the server
    stopped or shutting down, the database dropped, the login refused. Nothing was written and
    it may be tried again once the server is back; but unlike a lock held by another writer
    (a plain Unavailable), waiting a moment will not mend it: an admin may have to act."""


class NotFound(StoreError):
    """There is no such game."""


class StorageFault(StoreError):
    """The database cannot be used as it should: its file deleted, moved, replaced or made
    read-only under the running bot, the disk full, the file damaged. Nothing was saved, and
    trying again will not help until an admin acts. `what` says it in a few words for players
    (without the path); the message, with the path, is for the log."""

    def __init__(self, message: str, what: str) -> None:
        super().__init__(message)
        self.what = what


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


@dataclass
class _Known:
    """What a single-writer store knows of one game's rows; None: not known, read the
    database. `messages` holds all of the game's posted messages, by key, once read.

    `generation` moves on whenever a write to the game's rows begins or ends; a read keeps what
    it read only if the generation did not move while it waited for the database, since it may
    have read the rows from before the write."""

    info: GameInfo | None = None
    seats: list[SeatRow] | None = None
    messages: dict[str, tuple[int, int]] | None = None
    deadlines: list[Deadline] | None = None
    generation: int = 0
    writes: int = 0  # writes to the game's rows in flight: kept until they end


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


def _sqlite_fault(exc: Exception) -> StorageFault | None:
    """SQLite's failures through SQLAlchemy that waiting will not mend (a damaged page, a
    read-only file, an I/O error, a full disk) as StorageFault; None for any other (a lock
    held by another connection is Unavailable: try again)."""
    orig = getattr(exc, "orig", None)
    if not isinstance(orig, sqlite3.DatabaseError) or isinstance(orig, sqlite3.IntegrityError):
        return None
    name = getattr(orig, "sqlite_errorname", "")
    if name.startswith(sqlite_writer.RETRYABLE):
        return None
    return StorageFault(f"the SQLite database failed: {orig} ({name or 'no code'})", str(orig))


# PostgreSQL's SQLSTATEs (by prefix) that mean its database cannot be reached, not that it is
# busy: connection exceptions (class 08), the server shutting down, crashed or starting
# (57P01-57P03), the database gone (3D000), the login refused (class 28).
UNREACHABLE_STATES = ("08", "57P01", "57P02", "57P03", "3D000", "28")


def _unreachable(exc: BaseException) -> str | None:
    """Why the database server cannot be reached, if that is what `exc` says (a refused or
    lost connection, a stopped server, a dropped database); None for anything else, such as
    a lock or a busy server. Its driver's error is looked through, down to the socket's."""
    if isinstance(exc, IntegrityError):
        return None
    seen: BaseException | None = exc
    while seen is not None:
        state = getattr(seen, "sqlstate", None)
        # OSError: connection refused or reset, no route, a name that does not resolve, and
        # TimeoutError (the server not answering the connection)
        if isinstance(seen, OSError) or str(state).startswith(UNREACHABLE_STATES):
            return str(seen) or type(seen).__name__
        seen = getattr(seen, "orig", None) or seen.__cause__
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return f"the connection was lost ({exc.orig})"
    return None


def _mark_unavailable(exc: Exception) -> bool:
    if isinstance(exc, IntegrityError):
        return False
    if isinstance(exc, OperationalError | InterfaceError):
        return True
    if isinstance(exc, DBAPIError) and exc.connection_invalidated:
        return True
    return isinstance(exc, OSError | TimeoutError | ConnectionError)


# SQLSTATE classes of PostgreSQL's refusals that waiting a moment mends: too busy (53: out of
# connections, memory or disk), a transaction rolled back for a deadlock or serialization (40),
# a lock not available or a statement cancelled by a timeout (55P03, 57014).
BUSY_STATES = ("53", "40", "55P03", "57014")


def _postgres_error(exc: Exception) -> StoreError | None:
    """The store's error for what asyncpg raised (`postgres_writer`), as SQLAlchemy's path
    gives it: a broken key (a racing writer, a key used before, a game that is gone) is a
    Conflict; a server that cannot be reached, or a connection lost in use, Unreachable; a
    busy server Unavailable. None: an unexpected error, raised as it is."""
    import asyncpg  # loaded already: only a store on PostgreSQL calls this

    if isinstance(exc, asyncpg.IntegrityConstraintViolationError):
        return Conflict(str(exc))
    reason = _unreachable(exc)
    if (
        reason is None
        and isinstance(exc, asyncpg.InterfaceError)
        and "connection is closed" in str(exc)
    ):
        reason = f"the connection was lost ({exc})"
    if reason is not None:
        return Unreachable(f"cannot reach the database: {reason}")
    busy = str(getattr(exc, "sqlstate", "")).startswith(BUSY_STATES)
    if busy or isinstance(exc, asyncpg.InterfaceError) or _mark_unavailable(exc):
        return Unavailable(f"the database is busy or unreachable: {exc}")
    return None


def _asyncpg_arguments(engine: AsyncEngine) -> dict[str, Any]:
    """asyncpg.connect's arguments for the engine's URL, as SQLAlchemy's dialect works them out
    (hosts, port, user, password, database, ssl...). The dialect's own statement cache size
    (`?prepared_statement_cache_size=0` behind pgbouncer) becomes asyncpg's."""
    _args, kwargs = engine.dialect.create_connect_args(engine.url)
    kwargs = dict(kwargs)
    cache = kwargs.pop("prepared_statement_cache_size", None)
    if cache is not None:
        kwargs["statement_cache_size"] = int(cache)
    kwargs.pop("prepared_statement_name_func", None)
    return kwargs


class EventStore:
    """The store. Open it with `await EventStore.open(url)`; close it with `await close()`."""

    def __init__(self, engine: AsyncEngine, url: str, *, single_writer: bool = False) -> None:
        self.engine = engine
        self.url = url
        self._games: dict[str, _Game] = {}
        self._by_id: dict[int, _Game] = {}  # a game's kind never changes
        self._writer: SqliteWriter | None = None
        self._pg: PostgresWriter | None = None
        # Games' rows as last read or written, for the KNOWN_GAMES games used last (the rest
        # are read again when next used); kept only when nobody else writes them.
        self._known: OrderedDict[int, _Known] | None = OrderedDict() if single_writer else None
        # None: every game's rows are kept (PostgreSQL, whose rows are read back through
        # SQLAlchemy's pool of 5+5 connections, which a thousand games read back at once
        # overran: commit 0db8e05; on SQLite they are read on the writer's own connection).
        self.known_games: int | None = KNOWN_GAMES
        # Channel -> ids of its games in play, once read (single writer only); the generation
        # moves on with every change to it, as `_Known.generation` does for a game's rows.
        self._in_play: dict[int, list[int]] | None = None
        self._in_play_generation = 0
        self._in_play_read = asyncio.Lock()  # one reader of the index, not one per caller
        self._rescued = False  # a lost SQLite file was copied (or tried) already

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        migrate: bool = True,
        busy_timeout_ms: int = SQLITE_BUSY_TIMEOUT_MS,
        single_writer: bool = False,
    ) -> EventStore:
        """Connect to `url` (a SQLAlchemy async URL) and bring the schema up to date. On SQLite,
        a writer waits up to `busy_timeout_ms` for another one before giving up (Unavailable).

        `single_writer`: nothing but this store writes the database while it is open (one bot
        process running every shard), so games' rows, seats, messages and deadlines are kept
        in memory once read. Never when several processes share the database."""
        if is_sqlite(url):
            engine = create_async_engine(url, pool_size=5, max_overflow=5)
            _configure_sqlite(engine, busy_timeout_ms)
        else:
            engine = create_async_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)
        store = cls(engine, url, single_writer=single_writer)
        if is_sqlite(url):
            store._writer = SqliteWriter(engine.url.database or "", busy_timeout_ms)
        else:
            from bot.store.postgres_writer import PostgresWriter

            store._pg = PostgresWriter(_asyncpg_arguments(engine), max_size=10)
            store.known_games = None
        try:
            if migrate:
                from bot.store.migrate import upgrade

                await upgrade(engine)
            if store._writer is not None:
                store._writer.start()
            if store._pg is not None:
                await store._pg.start()
        except Exception as exc:
            await store.close()
            if isinstance(exc, WriterFault):
                raise StorageFault(str(exc), exc.what) from exc
            reason = _unreachable(exc)
            if reason is not None:
                raise Unreachable(f"cannot reach the database: {reason}") from exc
            if _mark_unavailable(exc):
                raise Unavailable(f"cannot reach the database: {exc}") from exc
            raise
        return store

    async def close(self) -> None:
        if self._pg is not None:
            await self._pg.close()
        if self._writer is not None:
            await asyncio.to_thread(self._writer.close)
            if self._writer.guard.unwritable:
                return  # closing the pool's connections would touch the -shm file: SIGBUS
        await self.engine.dispose()

    def _guarded(self) -> None:
        """On SQLite, refuse (StorageFault) before using a file that is no longer the
        database or whose -shm file can no longer be written (`FileGuard`)."""
        if self._writer is not None:
            try:
                self._writer.guard.check()
            except WriterFault as exc:
                raise self._fault(exc) from exc

    def _fault(self, exc: WriterFault) -> StorageFault:
        """The store's error for a writer's fault. The first time the file is found gone or
        replaced, what the store still holds open is copied beside it and the log says what
        to do (once: after that every access is refused the same way)."""
        writer = self._writer
        if writer is not None and writer.guard.fault is exc and not self._rescued:
            self._rescued = True
            copy = writer.rescue()
            if writer.guard.unwritable:
                kept = (
                    f"make {writer.path} and its -wal and -shm files writable again (chattr -i, "
                    "chmod u+w), then restart the bot: what it saved is in them"
                )
            elif copy:
                kept = (
                    f"the games as the bot last saved them were copied to {copy}: stop the bot, "
                    f"move that file to {writer.path} and start it again"
                )
            else:
                kept = "restore the file from a backup, or restart the bot to begin an empty one"
            log.error("storage fault: %s; %s", exc, kept)
        return StorageFault(str(exc), exc.what)

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncConnection]:
        """A write transaction (BEGIN IMMEDIATE on SQLite, so two writers queue instead of
        failing half way). Database errors come out as `Unavailable` or `Conflict`."""
        self._guarded()
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
            fault = _sqlite_fault(exc)
            if fault is not None:
                log.error("storage fault: %s", fault)
                raise fault from exc
            reason = _unreachable(exc)
            if reason is not None:
                raise Unreachable(f"cannot reach the database: {reason}") from exc
            if _mark_unavailable(exc):
                raise Unavailable(f"the database is busy or unreachable: {exc}") from exc
            raise

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[AsyncConnection]:
        self._guarded()
        try:
            async with self.engine.connect() as conn:
                yield conn
        except StoreError:
            raise
        except Exception as exc:
            fault = _sqlite_fault(exc)
            if fault is not None:
                log.error("storage fault: %s", fault)
                raise fault from exc
            reason = _unreachable(exc)
            if reason is not None:
                raise Unreachable(f"cannot reach the database: {reason}") from exc
            if _mark_unavailable(exc):
                raise Unavailable(f"the database is busy or unreachable: {exc}") from exc
            raise

    def _kept(self, game_id: int) -> _Known | None:
        """What is known of the game's rows (created empty), or None if this store keeps
        nothing."""
        if self._known is None:
            return None
        known = self._known.get(game_id)
        if known is None:
            return self._keep(game_id, _Known())
        self._known.move_to_end(game_id)
        return known

    def _keep(self, game_id: int, known: _Known) -> _Known:
        """Keep what is known of a game's rows, dropping those of the games used least recently
        beyond `known_games`, except while a write to them is in flight (a read that began
        after it was dropped could keep rows from before the write; the write's own record
        keeps them out of date no longer than the write)."""
        kept = self._known
        assert kept is not None
        kept[game_id] = known
        kept.move_to_end(game_id)
        excess = len(kept) - self.known_games if self.known_games is not None else 0
        if excess > 0:
            for old in list(islice(kept, excess)):
                if kept[old].writes == 0:
                    del kept[old]
        return known

    def _writing(self, game_id: int) -> tuple[_Known | None, int]:
        """A write to the game's rows begins: reads in flight must not keep what they read.
        Returns what is known and the generation to hand to `_wrote`."""
        known = self._kept(game_id)
        if known is None:
            return None, 0
        known.generation += 1
        known.writes += 1
        return known, known.generation

    @staticmethod
    def _wrote(known: _Known, generation: int) -> bool:
        """The write begun at `generation` has ended (or failed): reads in flight must not keep
        what they read. True if no other write to the game came in between, so the writer may
        keep what it wrote."""
        alone = known.generation == generation
        known.generation += 1
        known.writes -= 1
        return alone

    async def _sqlite(self, fn: Callable[..., T], *args: Any, reading: bool = False) -> T:
        """Run one of `sqlite_writer`'s statements (`reading`: one that writes nothing): on the
        loop thread, or on the writer thread if the database is locked. Its errors come out as
        the store's."""
        assert self._writer is not None
        try:
            if reading:
                return await self._writer.read(fn, *args)
            return await self._writer.call(fn, *args)
        except WriterConflict as exc:
            raise Conflict(str(exc)) from exc
        except WriterBusy as exc:
            raise Unavailable(f"the database is busy or unreachable: {exc}") from exc
        except WriterFault as exc:
            raise self._fault(exc) from exc

    def _postgres_writer(self) -> PostgresWriter:
        assert self._pg is not None, "not a PostgreSQL store"
        return self._pg

    async def _postgres(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        """Run one of `postgres_writer`'s statements. Its errors come out as the store's."""
        try:
            return await fn(*args)
        except Exception as exc:
            failure = _postgres_error(exc)
            if failure is None:
                raise
            raise failure from exc

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
        stamp = now()
        row = {
            "game": game,
            "status": status,
            "players": players,
            "seed": seed,
            "options": json.dumps(options or {}, sort_keys=True),
            "discord_guild_id": discord_guild_id,
            "channel_id": channel_id,
            "host_id": host_id,
            "created_at": stamp,
            "updated_at": stamp,
        }
        if self._writer is not None:
            text_row = {**row, "created_at": sqlite_timestamp(stamp)}
            text_row["updated_at"] = text_row["created_at"]
            game_id = await self._sqlite(sqlite_writer.create_game, text_row)
        else:
            async with self._write() as conn:
                result = await conn.execute(insert(GameRow).values(**row))
                game_id = int(result.inserted_primary_key[0])
        if self._known is not None:  # a new game: nobody sat down, nothing posted or due yet
            info = GameInfo(id=game_id, **row, version=0)
            self._keep(game_id, _Known(info=info, seats=[], messages={}, deadlines=[]))
            self._in_play_generation += 1
            if self._in_play is not None and status in IN_PLAY and channel_id is not None:
                self._in_play.setdefault(channel_id, []).append(game_id)  # ids only grow
        # Remember its kind now: otherwise its first append would look it up with a query of its
        # own (about a millisecond through SQLAlchemy, ten appends' worth).
        self._by_id[game_id] = self._games[game]
        return game_id

    async def import_game(
        self,
        game: str,
        *,
        players: int,
        seed: int,
        options: dict[str, Any],
        status: str,
        seats: Sequence[tuple[int, int | None, str, int | None]],
        events: Sequence[Any],
    ) -> int:
        """A new game with its seats (seat, user_id, name, dm_channel_id) and its whole event
        log, in one transaction (`guildmaster import`): if the database fails half way, no
        game is left behind, nor an empty one. Returns its id."""
        codec = self._game(game)
        stamp = now()
        row = {
            "game": game,
            "status": status,
            "players": players,
            "seed": seed,
            "options": json.dumps(options, sort_keys=True),
            "created_at": stamp,
            "updated_at": stamp,
        }
        encoded = [codec.encode_event(e) for e in events]
        if self._writer is not None:
            when = sqlite_timestamp(stamp)
            text_row = {**row, "created_at": when, "updated_at": when}
            rows = [(i, *e, when) for i, e in enumerate(encoded, 1)]
            game_id = await self._sqlite(sqlite_writer.import_game, text_row, list(seats), rows)
        else:
            async with self._write() as conn:
                result = await conn.execute(insert(GameRow).values(**row))
                game_id = int(result.inserted_primary_key[0])
                if seats:
                    await conn.execute(
                        insert(SeatRow),
                        [
                            {
                                "game_id": game_id,
                                "seat": s,
                                "user_id": u,
                                "name": n,
                                "dm_channel_id": d,
                            }
                            for s, u, n, d in seats
                        ],
                    )
                if encoded:
                    await conn.execute(
                        insert(EventRow),
                        [
                            {
                                "game_id": game_id,
                                "seq": i,
                                "type": name,
                                "schema_version": version,
                                "data": data,
                                "recorded_at": stamp,
                            }
                            for i, (name, version, data) in enumerate(encoded, 1)
                        ],
                    )
        if self._known is not None:
            self._in_play_generation += 1  # a new game, read from the database when asked
        self._by_id[game_id] = codec
        return game_id

    async def get_game(self, game_id: int) -> GameInfo:
        known = self._kept(game_id)
        if known is not None and known.info is not None:
            return known.info
        generation = known.generation if known is not None else 0
        info: GameInfo | None
        if self._writer is not None:
            found = await self._sqlite(sqlite_writer.game_row, game_id, reading=True)
            info = None if found is None else _info_of(found)
        else:
            async with self._read() as conn:
                row = (await conn.execute(_GAMES.where(GameRow.id == game_id))).first()
            info = None if row is None else _info(row)
        if info is None:
            if self._known is not None:  # keep nothing for ids that name no game
                self._known.pop(game_id, None)
            raise NotFound(f"there is no game {game_id}")
        if known is not None and known.generation == generation:
            known.info = info
        return info

    async def update_game(self, game_id: int, **fields: Any) -> None:
        """Change a game's row (status, players, seed, options, channel...)."""
        if "options" in fields and not isinstance(fields["options"], str):
            fields["options"] = json.dumps(fields["options"], sort_keys=True)
        unknown = fields.keys() - _GAME_COLUMNS
        if unknown:
            raise ValueError(f"games have no column {sorted(unknown)}")
        stamp = now()
        known, generation = self._writing(game_id)
        before = known.info if known is not None else None
        moves = "status" in fields or "channel_id" in fields
        if moves:
            self._in_play_generation += 1
        written = False
        try:
            if self._writer is not None:
                changed = await self._sqlite(
                    sqlite_writer.update_game,
                    game_id,
                    {**fields, "updated_at": sqlite_timestamp(stamp)},
                )
            else:
                async with self._write() as conn:
                    result = await conn.execute(
                        update(GameRow)
                        .where(GameRow.id == game_id)
                        .values(**fields, updated_at=stamp)
                    )
                    changed = result.rowcount
            if changed != 1:
                raise NotFound(f"there is no game {game_id}")
            written = True
        finally:
            if known is not None:
                info = known.info
                if self._wrote(known, generation) and written and info is not None:
                    # As get_game computes it: the later of the row's and the last event's time.
                    updated = max(info.updated_at, stamp)
                    known.info = dataclasses.replace(info, **fields, updated_at=updated)
                else:
                    known.info = None
            if moves:
                self._in_play_generation += 1
                self._moved_in_play(game_id, before, fields if written else None)

    def _moved_in_play(
        self, game_id: int, before: GameInfo | None, fields: dict[str, Any] | None
    ) -> None:
        """The game's status or channel changed from `before` by `fields` (None: perhaps, the
        write failed): so does the kept index of games in play, or it is read again."""
        index = self._in_play
        if index is None:
            return
        if before is None or fields is None:
            self._in_play = None
            return
        if before.channel_id in index and game_id in index[before.channel_id]:
            index[before.channel_id].remove(game_id)
        channel = fields.get("channel_id", before.channel_id)
        if fields.get("status", before.status) in IN_PLAY and channel is not None:
            index[channel] = sorted([*index.get(channel, []), game_id])

    async def games_in_play(self, channel_id: int) -> list[GameInfo]:
        """The lobbies and running games of a channel, oldest first."""
        if self._known is None:
            return await self.list_games(status=IN_PLAY, channel_id=channel_id)
        async with self._in_play_read:
            if self._in_play is None:  # the index of every channel, in one query
                generation = self._in_play_generation
                games = await self.list_games(status=IN_PLAY)
                if generation == self._in_play_generation:
                    index: dict[int, list[int]] = {}
                    for g in games:
                        if g.channel_id is not None:
                            index.setdefault(g.channel_id, []).append(g.id)
                    self._in_play = index
                return [g for g in games if g.channel_id == channel_id]
            ids = list(self._in_play.get(channel_id, ()))
        return [await self.get_game(i) for i in ids]

    async def list_games(
        self, *, status: str | tuple[str, ...] | None = None, channel_id: int | None = None
    ) -> list[GameInfo]:
        """Games by id, of one status (or any of several) and of one channel if given."""
        query = _GAMES.order_by(GameRow.id)
        if isinstance(status, str):
            query = query.where(GameRow.status == status)
        elif status is not None:
            query = query.where(GameRow.status.in_(status))
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
        pg = self._postgres_writer()
        names, encode = codec.names, codec._encode
        rows = [(*names[type(e)], encode(e).decode()) for e in events]
        stamp = now()
        first, last = expected_version + 1, expected_version + len(rows)
        try:
            at = await self._postgres(
                pg.append, game_id, expected_version, rows, key, response, stamp
            )
            if at != expected_version:
                raise Conflict(f"game {game_id} is at version {at}, not {expected_version}")
        except Conflict:
            if key is not None:
                done = await self.command(game_id, key)
                if done is not None:
                    return done
            raise
        except BaseException:  # perhaps written (a connection lost at the commit, cancelled)
            self._appended(game_id, None, stamp)
            raise
        self._appended(game_id, last, stamp)
        return Appended(first_seq=first, last_seq=last, response=response)

    def _appended(self, game_id: int, version: int | None, stamp: datetime) -> None:
        """The game's log grew to `version` at `stamp` (None: it may or may not have): its
        kept row says so (or is read again)."""
        known = self._kept(game_id)
        if known is None:
            return
        known.generation += 1  # a read in flight may have the version from before
        if known.info is None or version is None:
            known.info = None
            return
        updated = max(known.info.updated_at, stamp)
        known.info = dataclasses.replace(known.info, version=version, updated_at=updated)

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
        stamp = datetime.now(UTC)
        when = sqlite_timestamp(stamp)
        rows = [
            (game_id, expected_version + 1 + i, *names[type(e)], encode(e).decode(), when)
            for i, e in enumerate(events)
        ]
        args = (game_id, expected_version, rows, key, response, when)
        try:
            first, last = await writer.call(sqlite_writer.append, *args)
        except WriterConflict as exc:
            if key is not None:
                done = await self.command(game_id, key)
                if done is not None:
                    return done
            raise Conflict(str(exc)) from exc
        except WriterBusy as exc:
            raise Unavailable(f"the database is busy or unreachable: {exc}") from exc
        except WriterFault as exc:
            self._appended(game_id, None, stamp)  # perhaps written, to a file now lost
            raise self._fault(exc) from exc
        except BaseException:  # cancelled while the writer thread waits: it may still write
            self._appended(game_id, None, stamp)
            raise
        self._appended(game_id, last, stamp)
        return Appended(first, last, response)

    async def command(self, game_id: int, key: str) -> Appended | None:
        """The result of the command `key` if it was applied."""
        if self._writer is not None:
            row = await self._sqlite(sqlite_writer.command, game_id, key, reading=True)
        else:
            row = await self._postgres(self._postgres_writer().command, game_id, key)
        if row is None:
            return None
        return Appended(row[0], row[1], json.loads(row[2]), duplicate=True)

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
        decode = (self._by_id.get(game_id) or await self._codec(game_id)).codec.decode
        if self._writer is not None:
            rows = await self._sqlite(sqlite_writer.events, game_id, after, reading=True)
        else:
            rows = await self._postgres(self._postgres_writer().events, game_id, after)
        return [(seq, decode(data, version)) for seq, version, data in rows]

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
        game = self._by_id.get(game_id) or await self._codec(game_id)
        definition = game.definition
        wanted = definition.state_version if use_snapshot else None
        if self._writer is not None:
            snapshot, rows = await self._sqlite(sqlite_writer.load, game_id, wanted, reading=True)
        else:
            snapshot, rows = await self._postgres(self._postgres_writer().load, game_id, wanted)
        state, base = None, 0
        if snapshot is not None:
            base, data = snapshot
            state = game.state_decoder.decode(data)
        evolve, decode = definition.evolve, game.codec.decode
        for _seq, version, data in rows:
            state = evolve(state, decode(data, version))
        version = rows[-1][0] if rows else base
        return Loaded(state=state, version=version, snapshot_seq=base, replayed=len(rows))

    async def load_at(self, game_id: int, version: int) -> Any:
        """The game's state after event `version`: its latest snapshot taken at or before it
        (on SQLite the one before the latest is kept too: `sqlite_writer.save_snapshot`; on
        PostgreSQL the latest only), else from the first event; the events up to `version`
        folded in. (The notifier reads back the states of the updates that waited their turn
        without them.)"""
        game = self._by_id.get(game_id) or await self._codec(game_id)
        definition = game.definition

        async def fetch(wanted: int | None) -> tuple[Any, list[Any]]:
            return await self._postgres(self._postgres_writer().load, game_id, wanted)

        if self._writer is not None:  # the snapshot at or before it, the events up to it
            wanted = definition.state_version
            snapshot, rows = await self._sqlite(
                sqlite_writer.load_until, game_id, wanted, version, reading=True
            )
        else:
            snapshot, rows = await fetch(definition.state_version)
            if snapshot is not None and snapshot[0] > version:  # taken later: from the start
                snapshot, rows = await fetch(None)
        state, base = None, 0
        if snapshot is not None:
            base, data = snapshot
            state = game.state_decoder.decode(data)
        evolve, decode = definition.evolve, game.codec.decode
        for seq, schema_version, data in rows:
            if seq > version:
                break
            state, base = evolve(state, decode(data, schema_version)), seq
        if base != version:
            raise NotFound(f"game {game_id} has no event {version}")
        return state

    async def save_snapshot(self, game_id: int, seq: int, state: Any) -> None:
        """Keep `state` as the game's state after event `seq` (older snapshots are dropped; on
        SQLite but the latest before it)."""
        game = await self._codec(game_id)
        data = game.state_encoder.encode(state).decode()
        if self._writer is not None:
            version = game.definition.state_version
            when = sqlite_timestamp(now())
            await self._sqlite(sqlite_writer.save_snapshot, game_id, seq, version, data, when)
            return
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
        row = SeatRow(
            game_id=game_id, seat=seat, user_id=user_id, name=name, dm_channel_id=dm_channel_id
        )
        known, generation = self._writing(game_id)
        written = False
        try:
            if self._writer is not None:
                await self._sqlite(
                    sqlite_writer.set_seat, game_id, seat, user_id, name, dm_channel_id
                )
            else:
                async with self._write() as conn:
                    await conn.execute(
                        delete(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                    )
                    await conn.execute(insert(SeatRow).values(**row.model_dump()))
            written = True
        finally:
            self._seats_changed(known, generation, written, seat, row)

    async def replace_seats(
        self, game_id: int, seats: Sequence[tuple[int, int | None, str, int | None]]
    ) -> None:
        """Set all of a game's seats at once, (seat, user_id, name, dm_channel_id) each: in one
        transaction, so a crash leaves the old seats or the new ones."""
        rows = [
            SeatRow(game_id=game_id, seat=seat, user_id=user_id, name=name, dm_channel_id=dm)
            for seat, user_id, name, dm in seats
        ]
        known, generation = self._writing(game_id)
        written = False
        try:
            if self._writer is not None:
                await self._sqlite(sqlite_writer.replace_seats, game_id, list(seats))
            else:
                async with self._write() as conn:
                    await conn.execute(delete(SeatRow).where(SeatRow.game_id == game_id))
                    if rows:
                        await conn.execute(insert(SeatRow), [r.model_dump() for r in rows])
            written = True
        finally:
            if known is not None:
                alone = self._wrote(known, generation)
                known.seats = sorted(rows, key=lambda r: r.seat) if alone and written else None

    async def remove_seat(self, game_id: int, seat: int) -> None:
        known, generation = self._writing(game_id)
        written = False
        try:
            if self._writer is not None:
                await self._sqlite(sqlite_writer.remove_seat, game_id, seat)
            else:
                async with self._write() as conn:
                    await conn.execute(
                        delete(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                    )
            written = True
        finally:
            self._seats_changed(known, generation, written, seat, None)

    def _seats_changed(
        self,
        known: _Known | None,
        generation: int,
        written: bool,
        seat: int,
        row: SeatRow | None,
    ) -> None:
        """Seat `seat` was written as `row` (None: removed): so are the kept seats, unless the
        write failed or raced another; then they are read again."""
        if known is None:
            return
        if not (self._wrote(known, generation) and written and known.seats is not None):
            known.seats = None
            return
        seats = [s for s in known.seats if s.seat != seat]
        if row is not None:
            seats.append(row)
        known.seats = sorted(seats, key=lambda s: s.seat)

    async def seats(self, game_id: int) -> list[SeatRow]:
        known = self._kept(game_id)
        if known is not None and known.seats is not None:
            return list(known.seats)
        generation = known.generation if known is not None else 0
        seats: list[SeatRow]
        if self._writer is not None:
            found = await self._sqlite(sqlite_writer.seat_rows, game_id, reading=True)
            seats = [
                SeatRow(game_id=g, seat=seat, user_id=user, name=name, dm_channel_id=dm)
                for g, seat, user, name, dm in found
            ]
        else:
            async with self._read() as conn:
                rows = (
                    await conn.execute(
                        select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
                    )
                ).all()
            seats = [SeatRow.model_validate(r._mapping) for r in rows]
        if known is not None and known.generation == generation:
            known.seats = seats
        return list(seats)

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
        known, generation = self._writing(game_id)
        written = False
        try:
            if self._writer is not None:
                await self._sqlite(sqlite_writer.set_message, game_id, key, channel_id, message_id)
            else:
                async with self._write() as conn:
                    await conn.execute(
                        delete(MessageRow).where(
                            MessageRow.game_id == game_id, MessageRow.key == key
                        )
                    )
                    await conn.execute(
                        insert(MessageRow).values(
                            game_id=game_id, key=key, channel_id=channel_id, message_id=message_id
                        )
                    )
            written = True
        finally:
            if known is not None:
                if self._wrote(known, generation) and written and known.messages is not None:
                    known.messages[key] = (channel_id, message_id)
                else:
                    known.messages = None

    async def message(self, game_id: int, key: str) -> tuple[int, int] | None:
        """(channel_id, message_id) of the message posted under `key`."""
        known = self._kept(game_id)
        if known is None and self._writer is not None:
            return await self._sqlite(sqlite_writer.message_row, game_id, key, reading=True)
        if known is None:
            async with self._read() as conn:
                row = (
                    await conn.execute(
                        select(MessageRow.channel_id, MessageRow.message_id).where(
                            MessageRow.game_id == game_id, MessageRow.key == key
                        )
                    )
                ).first()
            return None if row is None else (row.channel_id, row.message_id)
        if known.messages is None:
            # All of them at once: the notifier asks for keys that do not exist yet as often as
            # for those that do, and a game posts a few dozen.
            generation = known.generation
            messages = await self._messages(game_id)
            if known.generation == generation:
                known.messages = messages
            return messages.get(key)
        return known.messages.get(key)

    async def _messages(self, game_id: int) -> dict[str, tuple[int, int]]:
        """Every message kept for the game, by key, read from the database."""
        if self._writer is not None:
            found = await self._sqlite(sqlite_writer.message_rows, game_id, reading=True)
            return {key: (channel_id, message_id) for key, channel_id, message_id in found}
        async with self._read() as conn:
            rows = (
                await conn.execute(
                    select(MessageRow.key, MessageRow.channel_id, MessageRow.message_id).where(
                        MessageRow.game_id == game_id
                    )
                )
            ).all()
        return {r.key: (r.channel_id, r.message_id) for r in rows}

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
        known, generation = self._writing(game_id)
        try:
            if self._writer is not None:
                due = sqlite_timestamp(due_at)
                listed = json.dumps(list(seats))
                await self._sqlite(sqlite_writer.set_deadline, game_id, key, due, version, listed)
            else:
                async with self._write() as conn:
                    await conn.execute(
                        delete(DeadlineRow).where(
                            DeadlineRow.game_id == game_id, DeadlineRow.key == key
                        )
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
        finally:
            if known is not None:  # read them again, as the database orders and rounds them
                self._wrote(known, generation)
                known.deadlines = None

    async def clear_deadline(self, game_id: int, key: str | None = None) -> None:
        known = self._kept(game_id)
        kept = known.deadlines if known is not None else None
        if kept is not None and not any(key is None or d.key == key for d in kept):
            return  # known to have nothing to delete: no write transaction
        known, generation = self._writing(game_id)
        written = False
        try:
            if self._writer is not None:
                await self._sqlite(sqlite_writer.clear_deadline, game_id, key)
            else:
                query = delete(DeadlineRow).where(DeadlineRow.game_id == game_id)
                if key is not None:
                    query = query.where(DeadlineRow.key == key)
                async with self._write() as conn:
                    await conn.execute(query)
            written = True
        finally:
            if known is not None:
                if self._wrote(known, generation) and written and kept is not None:
                    known.deadlines = [d for d in kept if key is not None and d.key != key]
                else:
                    known.deadlines = None

    # --- the bot's own settings -------------------------------------------------------------

    async def setting(self, key: str) -> str | None:
        """The value kept under `key` (None if there is none)."""
        async with self._read() as conn:
            row = (
                await conn.execute(select(SettingRow.value).where(SettingRow.key == key))
            ).first()
        return None if row is None else row.value

    async def set_setting(self, key: str, value: str) -> None:
        """Keep `value` under `key`, replacing what was there (rare writes: not through the
        SQLite writer's hot path, and the same statements on PostgreSQL)."""
        async with self._write() as conn:
            await conn.execute(delete(SettingRow).where(SettingRow.key == key))
            await conn.execute(insert(SettingRow).values(key=key, value=value, updated_at=now()))

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        """Every deadline (of one game), soonest first."""
        known = self._kept(game_id) if game_id is not None else None
        if known is not None and known.deadlines is not None:
            return list(known.deadlines)
        generation = known.generation if known is not None else 0
        if self._writer is not None:
            stored = await self._sqlite(sqlite_writer.deadline_rows, game_id, reading=True)
            found = [
                Deadline(
                    game_id=g,
                    key=key,
                    due_at=_aware(_datetime(due)),
                    version=version,
                    seats=tuple(json.loads(seats)),
                )
                for g, key, due, version, seats in stored
            ]
        else:
            query = select(DeadlineRow).order_by(DeadlineRow.due_at)
            if game_id is not None:
                query = query.where(DeadlineRow.game_id == game_id)
            async with self._read() as conn:
                rows = (await conn.execute(query)).all()
            found = [
                Deadline(
                    game_id=r.game_id,
                    key=r.key,
                    due_at=_aware(r.due_at),
                    version=r.version,
                    seats=tuple(json.loads(r.seats)),
                )
                for r in rows
            ]
        if known is not None and known.generation == generation:
            known.deadlines = found
        return list(found)


_GAME_COLUMNS = frozenset(GameRow.__table__.columns.keys())  # type: ignore[attr-defined]
_LAST_SEQ = select(func.max(EventRow.seq)).where(EventRow.game_id == GameRow.id).scalar_subquery()
_LAST_EVENT = (
    select(func.max(EventRow.recorded_at)).where(EventRow.game_id == GameRow.id).scalar_subquery()
)
_GAMES = select(
    GameRow,
    func.coalesce(_LAST_SEQ, 0).label("version"),
    _LAST_EVENT.label("last_event"),
)


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


def _info_of(row: tuple[Any, ...]) -> GameInfo:
    """A game's info from `sqlite_writer.game_row`'s columns, as `_info` makes it."""
    (id_, game, status, players, seed, options, guild, channel, host, created, updated) = row[:11]
    version, last_event = row[11], row[12]
    updated_at = _aware(_datetime(updated))
    if last_event is not None:
        updated_at = max(updated_at, _aware(_datetime(last_event)))
    return GameInfo(
        id=id_,
        game=game,
        status=status,
        players=players,
        seed=seed,
        options=options,
        discord_guild_id=guild,
        channel_id=channel,
        host_id=host,
        created_at=_aware(_datetime(created)),
        updated_at=updated_at,
        version=version,
    )


def _datetime(value: Any) -> datetime:
    """max() over a SQLite column gives its stored text back."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


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
