"""The SQLite append path: the whole append transaction on a plain `sqlite3` connection in one
go, instead of one hop to the async driver's thread per statement (bench/store_speed.py measures
the difference). Everything else in the store goes through SQLAlchemy.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
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
    """A connection for appending: autocommit (the append says BEGIN and COMMIT itself), WAL
    with synchronous=NORMAL, waiting up to `timeout_ms` for another writer's lock."""
    conn = sqlite3.connect(
        path, isolation_level=None, check_same_thread=False, timeout=timeout_ms / 1000
    )
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    # The append has just moved the game's own row, so checking each event's game again is
    # redundant work; deletes (which cascade) go through SQLAlchemy, where keys are on.
    conn.execute("PRAGMA foreign_keys=OFF")
    return conn


def sqlite_timestamp(value: datetime) -> str:
    """The text SQLAlchemy's SQLite DateTime type stores and reads back."""
    return value.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")


class SqliteWriter:
    """Appends to a SQLite database file.

    An append first runs on the event loop thread with a busy timeout of zero: a write-ahead-log
    commit without fsync takes about a tenth of a millisecond, less than a hop to a thread. If
    another process holds the write lock, it is retried from a dedicated thread that waits up to
    the busy timeout, so the loop never waits on a lock. SQLite checkpoints the write-ahead log
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

    def append_now(
        self,
        game_id: int,
        expected: int,
        rows: list[tuple[int, int, str, int, str, str]],
        key: str | None,
        response: Any,
        when: str,
    ) -> tuple[int, int]:
        """Write the event rows (game_id, seq, type, schema_version, data, recorded_at) on the
        calling thread without waiting for any lock; (first_seq, last_seq). Raises
        WriterConflict, or WriterBusy when another writer holds the lock (then use
        `append_waiting`)."""
        if self._inline is None:
            self._inline = connect(self.path, 0)
        return _append(self._inline, game_id, expected, rows, key, response, when)

    async def append_waiting(self, *args: Any) -> tuple[int, int]:
        """`append_now`'s arguments, from the writer thread, waiting up to the busy timeout."""
        return await self.run(self._append_threaded, *args)

    def _append_threaded(self, *args: Any) -> tuple[int, int]:
        if self._threaded is None:
            self._threaded = connect(self.path, self.busy_timeout_ms)
        return _append(self._threaded, *args)

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


def _append(
    conn: sqlite3.Connection,
    game_id: int,
    expected: int,
    rows: list[tuple[int, int, str, int, str, str]],
    key: str | None,
    response: Any,
    when: str,
) -> tuple[int, int]:
    """One append transaction. The version check comes first (the last seq, read through the
    primary key), so a stale writer writes nothing and no gap can open; the primary keys refuse
    a racing writer's rows and a command key used before.

    The explicit check stays although the primary key alone would catch a writer behind the log:
    it costs about 1.5 µs, and only it refuses an expected version ahead of the log, which would
    otherwise open a gap (a guard folded into the inserts instead was measured no cheaper).
    BEGIN IMMEDIATE takes the write lock up front; a deferred BEGIN measured the same, the lock
    then being taken by the first statement."""
    first, last = expected + 1, expected + len(rows)
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise WriterBusy(str(exc)) from exc
    try:
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
    return first, last
