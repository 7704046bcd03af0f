"""Every write to a SQLite database, the idempotency check each command makes, and the reads a
load makes: each in one go on a plain `sqlite3` connection, instead of one hop to the async
driver's thread per statement, and without SQLAlchemy's connections queueing for SQLite's write
lock (bench/store_speed.py and bench/load.py measure the difference). Other reads and the
schema migrations go through SQLAlchemy.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import functools
import json
import logging
import os
import select
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

T = TypeVar("T")

log = logging.getLogger("guildmaster.store")


class WriterConflict(Exception):
    """The game is not at the expected version (or the rows collide)."""


class WriterBusy(Exception):
    """The database is locked by another connection; nothing was written."""


class WriterFault(Exception):
    """The database file cannot be used as it should: deleted, moved, replaced or made
    unwritable under the running store, full or damaged. Nothing was saved (or what was written
    went to a file that is no longer the database, and would be gone after a restart).

    `what` says it in a few words for players; the message, with the path, is for the log."""

    def __init__(self, message: str, what: str) -> None:
        super().__init__(message)
        self.what = what


# SQLite's answers that mean "another connection holds the lock: wait and try again"; its
# other operational errors (read-only, I/O error, disk full, damaged file) need an admin.
RETRYABLE = ("SQLITE_BUSY", "SQLITE_LOCKED")


def _failed(exc: sqlite3.Error, path: str, doing: str = "writing") -> Exception:
    """WriterBusy for a lock held by another connection, WriterFault for anything else."""
    name = getattr(exc, "sqlite_errorname", "")
    if name.startswith(RETRYABLE):
        return WriterBusy(str(exc))
    return WriterFault(f"{doing} {path} failed: {exc} ({name or 'no code'})", str(exc))


_LEFT_OPEN: list[Any] = []  # connections that must never be closed (`FileGuard.unwritable`)


def connections_left_open() -> bool:
    """Were connections left open because closing them would kill the process (SIGBUS)? The
    process should then end with `os._exit`, which closes nothing."""
    return bool(_LEFT_OPEN)


def leave_open(*connections: Any) -> None:
    """Keep these connections referenced for the rest of the process, never closed."""
    _LEFT_OPEN.extend(c for c in connections if c is not None)


class FileGuard:
    """Notices the database file, or its -wal or -shm, deleted, moved, replaced or made
    unwritable while the store has it open, before the store reads or writes through it.

    SQLite goes on writing to a deleted or replaced file it holds open (in WAL mode it has no
    check of its own: SQLITE_READONLY_DBMOVED guards rollback journals only), so every command
    would be acknowledged and lost at the next start. And it maps the -shm file into memory: once
    the file is made immutable (chattr +i), the next read or write through any connection, or
    closing the last one, kills the process with SIGBUS. So before each access the guard asks
    whether the -shm file may still be written, and compares the file's and its -wal's device
    and inode with those they had when the store opened them (an open file keeps its inode, so
    a new file at the path always has another); after a write, the first two again (the write
    went to them). A -shm file replaced by a writable one is not noticed: SQLite rebuilds it
    from the -wal. Once a file is found gone or changed the store refuses every access for
    good: its memory of the games may no longer match the file at the path.

    The two `stat`s are made only when the directory's inotify watch (`DirectoryWatch`) reports
    a change in the directory (a file deleted, moved, renamed over, created, or its attributes
    changed), or when the last were made over `RECHECK_EVERY` seconds ago (what the watch does
    not see: a directory above renamed, a file system mounted over); without a watch, at every
    access. A change is in the watch's queue as soon as the call that made it returns, so a
    file deleted or replaced before a write is still found before it. The -shm file's
    `access` stays at every access: making a file immutable tells no watch. Five system calls an
    append were about 12 us on the shared 2-core machine (docs/reliability.md); now one
    `poll` before and after, and the `access` (docs/performance.md, Load, S4)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.files = (path, f"{path}-wal", f"{path}-shm")
        self.names = ("the file", "its -wal file", "its -shm file")
        self._ids: list[tuple[int, int] | None] = [None, None, None]
        self.fault: WriterFault | None = None
        self.unwritable = False  # the -shm file may no longer be written: never touch it
        self.watch: DirectoryWatch | None = None
        self._stat_due = 0.0  # monotonic time after which the files are compared anyway
        # The loop thread and the writer thread both check: a change one of them drained from
        # the watch must be compared before the other goes on.
        self._lock = threading.Lock()

    def adopt(self) -> None:
        """Take the files as they are now as the database's (once the store's own connection
        holds them open). The directory is watched first, so no change falls in between."""
        if self.watch is None:
            self.watch = DirectoryWatch.of(os.path.dirname(os.path.abspath(self.path)))
        for i, name in enumerate(self.files):
            try:
                st = os.stat(name)
            except OSError:
                continue
            self._ids[i] = (st.st_dev, st.st_ino)
        self._stat_due = time.monotonic() + RECHECK_EVERY

    def check(self, before: bool = True) -> None:
        """Raise WriterFault if the file or its -wal is no longer the one the store opened, or
        (`before` an access) the -shm file is gone or may not be written. After a write only
        the first two matter: the write went to them."""
        if self.fault is not None:
            raise self.fault
        with self._lock:
            if self.fault is not None:
                raise self.fault
            watch = self.watch
            now = time.monotonic()
            # `ready` is the watch's poll, called straight: this runs at every access.
            if watch is None or (watch.ready(0) and watch.changed()) or now >= self._stat_due:
                self._compare()
                self._stat_due = now + RECHECK_EVERY
            if before and not os.access(self.files[2], os.W_OK):
                self._shm_unwritable()

    def _compare(self) -> None:
        """The file and its -wal against the device and inode they had."""
        ids = self._ids
        for i in (0, 1):
            name = self.names[i]
            try:
                st = os.stat(self.files[i])
            except FileNotFoundError:
                if ids[i] is not None:
                    self._lose(f"{name} was deleted or moved", "its file was deleted or moved")
                continue
            except OSError as exc:
                self._lose(f"{name} cannot be reached: {exc.strerror}", "it cannot be reached")
            ident = (st.st_dev, st.st_ino)
            if ids[i] != ident:
                if ids[i] is not None:
                    self._lose(f"{name} was replaced by another file", "its file was replaced")
                ids[i] = ident  # a -wal appears with the first write to a new database

    def _shm_unwritable(self) -> None:
        """The -shm file may not be written: made read-only or immutable, or gone."""
        if os.path.exists(self.files[2]):
            self.unwritable = True
            self._lose(
                "its -shm file may no longer be written (made read-only or immutable)",
                "its file was made read-only",
            )
        elif self._ids[2] is not None:
            self._lose("its -shm file was deleted or moved", "its file was deleted or moved")

    def _lose(self, why: str, what: str) -> None:
        self.fault = WriterFault(
            f"the SQLite database {self.path}: {why} while the bot was running; every command "
            "is refused from now on, so that nothing is acknowledged that would be lost",
            what,
        )
        log.error("%s", self.fault)
        raise self.fault

    def close(self) -> None:
        """Stop watching the directory (the checks go back to comparing at every access)."""
        with self._lock:
            watch, self.watch = self.watch, None
        if watch is not None:
            watch.close()


# How often, at the most, the guard compares the files' inodes when its watch reports nothing:
# what the watch cannot see (a directory above renamed, a file system mounted over the
# directory) is noticed within this time.
RECHECK_EVERY = 0.5

# inotify(7): the changes of a directory's entries that may mean the database is no longer
# the file at its path (a write to a file is IN_MODIFY, not watched: the store's own writes
# raise nothing). IN_Q_OVERFLOW (lost events) comes without asking.
_IN_ATTRIB = 0x4
_IN_MOVED_FROM = 0x40
_IN_MOVED_TO = 0x80
_IN_CREATE = 0x100
_IN_DELETE = 0x200
_IN_DELETE_SELF = 0x400
_IN_MOVE_SELF = 0x800
_WATCHED = (
    _IN_ATTRIB
    | _IN_MOVED_FROM
    | _IN_MOVED_TO
    | _IN_CREATE
    | _IN_DELETE
    | _IN_DELETE_SELF
    | _IN_MOVE_SELF
)


class DirectoryWatch:
    """An inotify watch of one directory: `changed` says, with one non-blocking `poll`, whether
    any entry of it changed since it was last asked (its queue drained). Linux only; `of` gives
    None where inotify cannot be had (another system, the watches' limit reached)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        poll = select.poll()
        poll.register(fd, select.POLLIN)
        # ready(0): the events waiting, without waiting (empty: nothing changed)
        self.ready = poll.poll

    @classmethod
    def of(cls, directory: str) -> DirectoryWatch | None:
        """A watch of `directory`, or None where inotify is not to be had."""
        libc = _libc()
        if libc is None:
            return None
        fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if fd < 0:
            log.info("no inotify for the database's directory: %s", os.strerror(ctypes.get_errno()))
            return None
        if libc.inotify_add_watch(fd, os.fsencode(directory), _WATCHED) < 0:
            log.info("no inotify watch of %s: %s", directory, os.strerror(ctypes.get_errno()))
            os.close(fd)
            return None
        return cls(fd)

    def changed(self) -> bool:
        """Did anything change in the directory since the last call? (Drains the queue.)"""
        if not self.ready(0):
            return False
        try:
            while os.read(self.fd, 65536):
                pass
        except BlockingIOError:
            pass
        return True

    def close(self) -> None:
        os.close(self.fd)


@functools.cache
def _libc() -> ctypes.CDLL | None:
    """The C library, if it offers inotify."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        libc.inotify_init1.argtypes = [ctypes.c_int]
        libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    except (OSError, AttributeError):
        return None
    return libc


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
# A load's statements: the latest snapshot of a state version, and the events after a seq.
SNAPSHOT_SQL = (
    "SELECT seq, data FROM snapshots WHERE game_id = ? AND state_version = ?"
    " ORDER BY seq DESC LIMIT 1"
)
EVENTS_SQL = (
    "SELECT seq, schema_version, data FROM events WHERE game_id = ? AND seq > ? ORDER BY seq"
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
        self.guard = FileGuard(path)

    def start(self) -> None:
        """Open the loop thread's connection and take the files it opens as the database's.
        It stays open until `close`, and so do the -wal and -shm files (SQLite removes them
        when the last connection closes): another inode there later means another file."""
        try:
            self._inline = connect(self.path, 0)
            self._inline.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as exc:
            raise _failed(exc, self.path) from exc
        self.guard.adopt()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    def now(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(connection, *args)` on the calling thread, without waiting for any lock: raises
        WriterBusy when another connection holds it (then use `waiting`). The files are checked
        before (nothing is written to a file that is no longer the database) and after (one
        replaced while writing: what was written would be lost, so it is not acknowledged)."""
        self.guard.check()
        if self._inline is None:
            self.start()
        assert self._inline is not None
        done = fn(self._inline, *args)
        self.guard.check(before=False)
        return done

    async def waiting(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(connection, *args)` from the writer thread, waiting up to the busy timeout."""
        return await self.run(self._threaded_call, fn, *args)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """`now`, or `waiting` if the database is locked."""
        try:
            return self.now(fn, *args)
        except WriterBusy:
            return await self.waiting(fn, *args)

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """As `call`, for `fn` that writes nothing: the files are checked before only (what it
        read came from the database, whatever becomes of the file after)."""
        try:
            self.guard.check()
            if self._inline is None:
                self.start()
            assert self._inline is not None
            return fn(self._inline, *args)
        except WriterBusy:
            return await self.waiting(fn, *args)

    def _threaded_call(self, fn: Callable[..., T], *args: Any) -> T:
        self.guard.check()
        if self._threaded is None:
            self._threaded = connect(self.path, self.busy_timeout_ms)
        done = fn(self._threaded, *args)
        self.guard.check(before=False)
        return done

    def rescue(self) -> str:
        """After the file was deleted, moved or replaced: copy what this connection still holds
        (the database as the bot last wrote it, write-ahead log included) to a new file beside
        the path, with SQLite's online backup; its path ("" if there was nothing to copy or the
        copy failed, which is logged). Never when the -shm file is unwritable: reading through
        it would kill the process."""
        source = self._inline
        if source is None or self.guard.unwritable:
            return ""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = f"{self.path}.rescued-{stamp}"
        try:
            copy = sqlite3.connect(target)
            try:
                source.backup(copy)
            finally:
                copy.close()
        except (sqlite3.Error, OSError) as exc:
            log.error("could not copy the lost database to %s: %s", target, exc)
            return ""
        return target

    def close(self) -> None:
        if self.guard.unwritable:
            # Closing the last connection touches the mapped -shm file: SIGBUS. They stay open;
            # `guildmaster run` then ends with os._exit.
            leave_open(self._inline, self._threaded)
            self._executor.shutdown(wait=True)
            self.guard.close()
            return

        def shut() -> None:
            if self._threaded is not None:
                self._threaded.close()
                self._threaded = None

        self._executor.submit(shut).result()
        self._executor.shutdown(wait=True)
        if self._inline is not None:
            self._inline.close()
            self._inline = None
        self.guard.close()


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
        raise _failed(exc, "the database") from exc


def events(conn: sqlite3.Connection, game_id: int, after: int) -> list[tuple[int, int, str]]:
    """(seq, schema_version, data) of the game's events after `after`, in order."""
    try:
        return conn.execute(EVENTS_SQL, (game_id, after)).fetchall()
    except sqlite3.DatabaseError as exc:
        raise _failed(exc, "the database", "reading") from exc


def load(
    conn: sqlite3.Connection, game_id: int, state_version: int | None
) -> tuple[tuple[int, str] | None, list[tuple[int, int, str]]]:
    """(the game's latest snapshot of `state_version` as (seq, data), None if it has none or
    `state_version` is None; its events after that, as `events` gives them). Two statements
    outside a transaction: a snapshot is only ever taken of events already stored, so the
    events read after it always reach it."""
    try:
        snapshot = None
        if state_version is not None:
            snapshot = conn.execute(SNAPSHOT_SQL, (game_id, state_version)).fetchone()
        rows = conn.execute(EVENTS_SQL, (game_id, 0 if snapshot is None else snapshot[0]))
        return snapshot, rows.fetchall()
    except sqlite3.DatabaseError as exc:
        raise _failed(exc, "the database", "reading") from exc


# The rows a single-writer store keeps of a game (`store._Known`), read here when it reads them
# again (a game whose rows it dropped, or any game of a store that keeps none): on the loop's
# connection, not queueing for SQLAlchemy's pool (issue 26: the rows of a thousand games read
# back at once waited past the pool's timeout). The game's version and last event's time as
# `store._GAMES` computes them.
GAME_SQL = (
    "SELECT id, game, status, players, seed, options, discord_guild_id, channel_id, host_id,"
    " created_at, updated_at,"
    " coalesce((SELECT max(seq) FROM events WHERE game_id = games.id), 0),"
    " (SELECT max(recorded_at) FROM events WHERE game_id = games.id)"
    " FROM games WHERE id = ?"
)
SEATS_SQL = (
    "SELECT game_id, seat, user_id, name, dm_channel_id FROM seats WHERE game_id = ? ORDER BY seat"
)
MESSAGES_SQL = "SELECT key, channel_id, message_id FROM messages WHERE game_id = ?"
MESSAGE_SQL = "SELECT channel_id, message_id FROM messages WHERE game_id = ? AND key = ?"
DEADLINES_SQL = "SELECT game_id, key, due_at, version, seats FROM deadlines"


def game_row(conn: sqlite3.Connection, game_id: int) -> tuple[Any, ...] | None:
    """The game's row (the games table's columns in order, times as stored), then its version
    and the time of its last event (None without events); None if there is no such game."""
    found = _read(conn, GAME_SQL, (game_id,))
    return found[0] if found else None


def seat_rows(conn: sqlite3.Connection, game_id: int) -> list[tuple[Any, ...]]:
    """(game_id, seat, user_id, name, dm_channel_id) of the game's seats, by seat."""
    return _read(conn, SEATS_SQL, (game_id,))


def message_rows(conn: sqlite3.Connection, game_id: int) -> list[tuple[str, int, int]]:
    """(key, channel_id, message_id) of every message kept for the game."""
    return _read(conn, MESSAGES_SQL, (game_id,))


def message_row(conn: sqlite3.Connection, game_id: int, key: str) -> tuple[int, int] | None:
    """(channel_id, message_id) of the message kept under `key`, or None."""
    found = _read(conn, MESSAGE_SQL, (game_id, key))
    return found[0] if found else None


def deadline_rows(conn: sqlite3.Connection, game_id: int | None) -> list[tuple[Any, ...]]:
    """(game_id, key, due_at as stored, version, seats JSON) of every deadline (of one game),
    soonest first."""
    if game_id is None:
        return _read(conn, f"{DEADLINES_SQL} ORDER BY due_at", ())
    return _read(conn, f"{DEADLINES_SQL} WHERE game_id = ? ORDER BY due_at", (game_id,))


def _read(conn: sqlite3.Connection, sql: str, args: tuple[Any, ...]) -> list[Any]:
    try:
        return conn.execute(sql, args).fetchall()
    except sqlite3.DatabaseError as exc:
        raise _failed(exc, "the database", "reading") from exc


SNAPSHOT_UNTIL_SQL = (
    "SELECT seq, data FROM snapshots WHERE game_id = ? AND state_version = ? AND seq <= ?"
    " ORDER BY seq DESC LIMIT 1"
)
EVENTS_UNTIL_SQL = (
    "SELECT seq, schema_version, data FROM events WHERE game_id = ? AND seq > ? AND seq <= ?"
    " ORDER BY seq"
)


def load_until(
    conn: sqlite3.Connection, game_id: int, state_version: int, version: int
) -> tuple[tuple[int, str] | None, list[tuple[int, int, str]]]:
    """As `load`, for the state after event `version`: the latest snapshot of `state_version`
    taken at or before it (None if none), and the events after that up to `version`."""
    try:
        snapshot = conn.execute(SNAPSHOT_UNTIL_SQL, (game_id, state_version, version)).fetchone()
        after = 0 if snapshot is None else snapshot[0]
        rows = conn.execute(EVENTS_UNTIL_SQL, (game_id, after, version)).fetchall()
        return snapshot, rows
    except sqlite3.DatabaseError as exc:
        raise _failed(exc, "the database", "reading") from exc


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
    """Keep the game's state after event `seq`, and the latest snapshot before it (dropping
    the older ones): the notifier reads back the state an update began from (`load_until`),
    and an update that ends a round begins before the snapshot taken at its end; without the
    one before, it was read from the game's first event."""
    with _transaction(conn):
        conn.execute(
            "DELETE FROM snapshots WHERE game_id = ? AND seq < "
            "(SELECT coalesce(max(seq), 0) FROM snapshots WHERE game_id = ? AND seq < ?)",
            (game_id, game_id, seq),
        )
        conn.execute(
            "INSERT OR REPLACE INTO snapshots (game_id, seq, state_version, data, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, seq, state_version, data, when),
        )


@contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any error. A lock held by another connection
    is WriterBusy (nothing written), a key collision WriterConflict, any other failure of the
    database (read-only, I/O error, full, damaged) WriterFault."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise _failed(exc, "the database") from exc
    try:
        yield
        conn.execute("COMMIT")
    except sqlite3.IntegrityError as exc:
        conn.execute("ROLLBACK")
        raise WriterConflict(str(exc)) from exc
    except sqlite3.DatabaseError as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise _failed(exc, "the database") from exc
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


def import_game(
    conn: sqlite3.Connection,
    row: dict[str, Any],
    seats: list[tuple[int, int | None, str, int | None]],
    events: list[tuple[int, str, int, str, str]],
) -> int:
    """A game row, its seats (seat, user_id, name, dm_channel_id) and its events (seq, type,
    schema_version, data, recorded_at) in one transaction, so that a failure half way leaves
    no game behind; the new game's id."""
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    with _transaction(conn):
        cursor = conn.execute(
            f"INSERT INTO games ({columns}) VALUES ({marks})", tuple(row.values())
        )
        game_id = cursor.lastrowid
        assert game_id is not None
        conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, dm_channel_id)"
            " VALUES (?, ?, ?, ?, ?)",
            [(game_id, *seat) for seat in seats],
        )
        conn.executemany(INSERT_EVENTS_SQL, [(game_id, *e) for e in events])
    return game_id


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
