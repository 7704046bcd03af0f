"""Every write to a SQLite database, and the idempotency check each command makes: each in one
go on a plain `sqlite3` connection, instead of one hop to the async driver's thread per
statement, and without SQLAlchemy's connections queueing for SQLite's write lock
(bench/store_speed.py and bench/load.py measure the difference). Reads and the schema
migrations go through SQLAlchemy.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

T = TypeVar("T")


class WriterConflict(Exception):
    """The game is not at the expected version (or the rows collide)."""


class WriterBusy(Exception):
    """The database is locked or cannot be written; nothing was written."""


# The append's statements. Each is kept prepared by the connection's statement cache (sqlite3's
# `cached_statements`, 128 by default): re-preparing them every time would cost about 12 µs an
# append (bench/store_speed.py, the breakdown, times each).
VERSION_SQL = "SELECT coalesce(max(seq), 0) FROM events WHERE game_id = ?"
INSERT_EVENTS_SQL = (
    "INSERT INTO events (game_id, seq, type, schema_version, data, recorded_at) "
    "VALUES (?, ?, ?, ?, ?, ?)"
)
INSERT_COMMAND_SQL = (
    "INSERT INTO commands (game_id, key, first_seq, last_seq, response, created_at) "
    "VALUES (?, ?, ?, ?, ?, ?)"
)


def connect(path: str, timeout_ms: int) -> sqlite3.Connection:
    """A connection for the store's writes: autocommit (each write says BEGIN and COMMIT), WAL
    with synchronous=NORMAL, waiting up to `timeout_ms` for another writer's lock."""
    conn = sqlite3.connect(
        path, isolation_level=None, check_same_thread=False, timeout=timeout_ms / 1000
    )
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    # Rows written here belong to a game the caller has just read, so checking that the game
    # exists again is redundant work; deletes (which cascade) go through SQLAlchemy, where keys
    # are on.
    conn.execute("PRAGMA foreign_keys=OFF")
    return conn


def sqlite_timestamp(value: datetime) -> str:
    """The text SQLAlchemy's SQLite DateTime type stores and reads back."""
    return value.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")


class SqliteWriter:
    """Runs the store's writes (and its idempotency check) on a SQLite database file.

    Each first runs on the event loop thread with a busy timeout of zero: a write-ahead-log
    commit without fsync takes about a tenth of a millisecond, less than a hop to a thread. If
    another connection holds the write lock, it is retried from a dedicated thread that waits up
    to the busy timeout, so the loop never waits on a lock. SQLite checkpoints the write-ahead log
    itself every thousand pages or so (a few milliseconds, the only fsync), as any connection
    does.
    """

    def __init__(self, path: str, busy_timeout_ms: int) -> None:
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gm-sqlite-writer")
        self._inline: sqlite3.Connection | None = None
        self._threaded: sqlite3.Connection | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    def now(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(connection, *args)` on the calling thread, without waiting for any lock: raises
        WriterBusy when another connection holds it (then use `waiting`)."""
        if self._inline is None:
            self._inline = connect(self.path, 0)
        return fn(self._inline, *args)

    async def waiting(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(connection, *args)` from the writer thread, waiting up to the busy timeout."""
        return await self.run(self._threaded_call, fn, *args)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """`now`, or `waiting` if the database is locked."""
        try:
            return self.now(fn, *args)
        except WriterBusy:
            return await self.waiting(fn, *args)

    def _threaded_call(self, fn: Callable[..., T], *args: Any) -> T:
        if self._threaded is None:
            self._threaded = connect(self.path, self.busy_timeout_ms)
        return fn(self._threaded, *args)

    def close(self) -> None:
        def shut() -> None:
            if self._threaded is not None:
                self._threaded.close()
                self._threaded = None

        self._executor.submit(shut).result()
        self._executor.shutdown(wait=True)
        if self._inline is not None:
            self._inline.close()
            self._inline = None


def append(
    conn: sqlite3.Connection,
    game_id: int,
    expected: int,
    rows: list[tuple[int, int, str, int, str, str]],
    key: str | None,
    response: Any,
    when: str,
) -> tuple[int, int]:
    """One append transaction of the event rows (game_id, seq, type, schema_version, data,
    recorded_at); (first_seq, last_seq). The version check comes first (the last seq, read
    through the primary key), so a stale writer writes nothing and no gap can open; the primary
    keys refuse a racing writer's rows and a command key used before (WriterConflict).

    The explicit check stays although the primary key alone would catch a writer behind the log:
    it costs about 1.5 µs, and only it refuses an expected version ahead of the log, which would
    otherwise open a gap (a guard folded into the inserts instead was measured no cheaper).
    BEGIN IMMEDIATE takes the write lock up front; a deferred BEGIN measured the same, the lock
    then being taken by the first statement."""
    first, last = expected + 1, expected + len(rows)
    with _transaction(conn):
        (at,) = conn.execute(VERSION_SQL, (game_id,)).fetchone()
        if at != expected:
            raise WriterConflict(f"game {game_id} is at version {at}, not {expected}")
        conn.executemany(INSERT_EVENTS_SQL, rows)
        if key is not None:
            conn.execute(
                INSERT_COMMAND_SQL,
                (
                    game_id,
                    key,
                    first,
                    last,
                    "null" if response is None else json.dumps(response),
                    when,
                ),
            )
    return first, last


def command(conn: sqlite3.Connection, game_id: int, key: str) -> tuple[int, int, str] | None:
    """(first_seq, last_seq, response JSON) of the command `key`, if it was applied."""
    try:
        return conn.execute(
            "SELECT first_seq, last_seq, response FROM commands WHERE game_id = ? AND key = ?",
            (game_id, key),
        ).fetchone()
    except sqlite3.OperationalError as exc:
        raise WriterBusy(str(exc)) from exc


def set_message(
    conn: sqlite3.Connection, game_id: int, key: str, channel_id: int, message_id: int
) -> None:
    """Keep the message posted under `key` (replacing the one kept before)."""
    with _transaction(conn):
        conn.execute("DELETE FROM messages WHERE game_id = ? AND key = ?", (game_id, key))
        conn.execute(
            "INSERT INTO messages (game_id, key, channel_id, message_id) VALUES (?, ?, ?, ?)",
            (game_id, key, channel_id, message_id),
        )


def save_snapshot(
    conn: sqlite3.Connection, game_id: int, seq: int, state_version: int, data: str, when: str
) -> None:
    """Keep the game's state after event `seq`, dropping older snapshots."""
    with _transaction(conn):
        conn.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
        conn.execute(
            "INSERT INTO snapshots (game_id, seq, state_version, data, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, state_version, data, when),
        )


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error. A lock held by another connection
    is WriterBusy (nothing written), a key collision WriterConflict."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise WriterBusy(str(exc)) from exc
    try:
        yield
        conn.execute("COMMIT")
    except sqlite3.IntegrityError as exc:
        conn.execute("ROLLBACK")
        raise WriterConflict(str(exc)) from exc
    except sqlite3.OperationalError as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise WriterBusy(str(exc)) from exc
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def create_game(conn: sqlite3.Connection, row: dict[str, Any]) -> int:
    """Insert a game row (column -> value, times as `sqlite_timestamp` text); its id."""
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    with _transaction(conn):
        cursor = conn.execute(
            f"INSERT INTO games ({columns}) VALUES ({marks})", tuple(row.values())
        )
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def update_game(conn: sqlite3.Connection, game_id: int, fields: dict[str, Any]) -> int:
    """Set columns of a game row (names checked against the schema by the caller); the number
    of rows changed (0: no such game)."""
    assignments = ", ".join(f"{name} = ?" for name in fields)
    with _transaction(conn):
        cursor = conn.execute(
            f"UPDATE games SET {assignments} WHERE id = ?", (*fields.values(), game_id)
        )
    return cursor.rowcount


def set_seat(
    conn: sqlite3.Connection,
    game_id: int,
    seat: int,
    user_id: int | None,
    name: str,
    dm_channel_id: int | None,
) -> None:
    """Seat a user (None: a built-in player), replacing whoever held the seat."""
    with _transaction(conn):
        conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
        conn.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, dm_channel_id)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, seat, user_id, name, dm_channel_id),
        )


def replace_seats(
    conn: sqlite3.Connection,
    game_id: int,
    seats: list[tuple[int, int | None, str, int | None]],
) -> None:
    """All of a game's seats at once, (seat, user_id, name, dm_channel_id) each."""
    with _transaction(conn):
        conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
        conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, dm_channel_id)"
            " VALUES (?, ?, ?, ?, ?)",
            [(game_id, *seat) for seat in seats],
        )


def remove_seat(conn: sqlite3.Connection, game_id: int, seat: int) -> None:
    """Empty a seat."""
    with _transaction(conn):
        conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))


def set_deadline(
    conn: sqlite3.Connection,
    game_id: int,
    key: str,
    due_at: str,
    version: int,
    seats: str,
) -> None:
    """Keep the deadline `key` (due as `sqlite_timestamp` text, seats as a JSON list)."""
    with _transaction(conn):
        conn.execute("DELETE FROM deadlines WHERE game_id = ? AND key = ?", (game_id, key))
        conn.execute(
            "INSERT INTO deadlines (game_id, key, due_at, version, seats) VALUES (?, ?, ?, ?, ?)",
            (game_id, key, due_at, version, seats),
        )


def clear_deadline(conn: sqlite3.Connection, game_id: int, key: str | None) -> None:
    """Drop the deadline `key` of a game, or all of them."""
    with _transaction(conn):
        if key is None:
            conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
        else:
            conn.execute("DELETE FROM deadlines WHERE game_id = ? AND key = ?", (game_id, key))
