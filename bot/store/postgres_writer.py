"""The store's appends on PostgreSQL, the idempotency check each conflict makes, and the reads a
load makes: each one statement on a plain asyncpg connection, instead of SQLAlchemy's pooled
connection (pinged when handed out, in a transaction it opens with BEGIN and closes with COMMIT
or ROLLBACK, the version check, the events and the command sent one after the other: six round
trips an append where one does). bench/store_speed.py measures the difference. Every other
statement, and the schema migrations, go through SQLAlchemy.

An append is one statement: the version check and both inserts are parts of it, so it is atomic
on its own (no BEGIN, no COMMIT) and takes one round trip. asyncpg prepares each statement once
per connection and keeps it (its statement cache), so later calls only bind and execute.
Connections come from an asyncpg pool without a ping. One the server closed is noticed by its
socket and replaced when next handed out; one it closed so lately that the notice had not yet
been read fails the statement sent on it, which is then sent once more on a new connection when
that is safe (`_sent_in_vain`). Any other failure of a connection is the store's `Unreachable`.
Nor is a connection reset when handed back (asyncpg's default resets session settings, listeners
and advisory locks: one more round trip): these statements change none of them, and an
interrupted one's transaction is still rolled back.
"""

from __future__ import annotations

import asyncio
import json
from datetime import datetime
from typing import Any

import asyncpg

# The version the game is at, read through the primary key; its events (arrays of type names,
# schema versions and JSON, numbered from $2 + 1) and its command row only if that is $2, the
# expected version. The statement answers the version found: not $2 means nothing was written.
# Two appends at one version: both find it, and the second to insert seq $2 + 1 fails on the
# primary key once the first commits (asyncpg.UniqueViolationError), as does a command key
# used before; either way the whole statement writes nothing.
APPEND_SQL = """
WITH found AS (
    SELECT coalesce(max(seq), 0) AS version FROM events WHERE game_id = $1::integer
),
written AS (
    INSERT INTO events (game_id, seq, type, schema_version, data, recorded_at)
    SELECT $1::integer, $2::integer + e.n, e.type, e.version, e.data, $6::timestamptz
    FROM unnest($3::text[], $4::integer[], $5::text[]) WITH ORDINALITY AS e(type, version, data, n)
    WHERE (SELECT version FROM found) = $2::integer
    RETURNING seq
),
command AS (
    INSERT INTO commands (game_id, key, first_seq, last_seq, response, created_at)
    SELECT $1::integer, $7::text, $2::integer + 1, $2::integer + cardinality($3::text[]),
        $8::text, $6::timestamptz
    WHERE $7::text IS NOT NULL AND (SELECT version FROM found) = $2::integer
    RETURNING key
)
SELECT version FROM found
"""
COMMAND_SQL = "SELECT first_seq, last_seq, response FROM commands WHERE game_id = $1 AND key = $2"
EVENTS_SQL = (
    "SELECT seq, schema_version, data FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq"
)
# A load from the latest snapshot of the state version $2, and the events after it, in one
# statement. The snapshot comes first, as the row (0, its seq, its data); the events follow as
# (seq, schema_version, data). Without a snapshot, every event.
LOAD_SQL = """
WITH snapshot AS (
    SELECT seq, data FROM snapshots WHERE game_id = $1 AND state_version = $2
    ORDER BY seq DESC LIMIT 1
)
SELECT 0 AS seq, seq AS schema_version, data FROM snapshot
UNION ALL
SELECT seq, schema_version, data FROM events
WHERE game_id = $1 AND seq > coalesce((SELECT seq FROM snapshot), 0)
ORDER BY seq
"""


CLOSE_WAIT = 10.0  # seconds

# The server ended the session (an admin, a shutdown, a crash, a dropped database), rolling
# back what it was doing.
SESSION_ENDED = ("57P01", "57P02", "57P03")


def _sent_in_vain(exc: BaseException, repeatable: bool) -> bool:
    """May the statement be sent again on another connection, its own being gone? A connection
    asyncpg knew to be closed sent nothing: always. One the server ended (its notice is in the
    error, or caused it) most likely before the statement ran, but its notice may follow a
    commit by a hair: only a `repeatable` statement, a read or an append with an idempotency
    key (which then finds its key if the first did get through). A connection lost without a
    word from the server: never."""
    if isinstance(exc, asyncpg.InterfaceError):
        return "connection is closed" in str(exc)
    seen: BaseException | None = exc
    while repeatable and seen is not None:
        if getattr(seen, "sqlstate", None) in SESSION_ENDED:
            return True
        seen = seen.__cause__ or seen.__context__
    return False


async def _nothing_to_reset(_connection: Any) -> None:
    """These statements leave no session state behind to reset (see the module's docstring)."""


class PostgresWriter:
    """A pool of asyncpg connections to the store's database, for the statements above.

    `connect` holds asyncpg.connect's arguments (SQLAlchemy's dialect works them out from the
    store's URL, so both reach the same database the same way)."""

    def __init__(self, connect: dict[str, Any], max_size: int) -> None:
        self.connect = dict(connect)
        self.max_size = max_size
        self._pool: asyncpg.Pool | None = None

    async def start(self) -> None:
        """Make the pool; it connects only when first used (as SQLAlchemy's engine does)."""
        self._pool = await asyncpg.create_pool(
            min_size=0, max_size=self.max_size, reset=_nothing_to_reset, **self.connect
        )

    async def close(self) -> None:
        """Close the connections once the statements running on them end; any still running
        after CLOSE_WAIT seconds (a server that stopped answering) are cut."""
        if self._pool is None:
            return
        pool, self._pool = self._pool, None
        try:
            await asyncio.wait_for(pool.close(), CLOSE_WAIT)
        except TimeoutError:
            pool.terminate()

    @property
    def pool(self) -> asyncpg.Pool:
        assert self._pool is not None, "the PostgreSQL writer was not started"
        return self._pool

    async def _run(self, how: str, repeatable: bool, sql: str, *args: Any) -> Any:
        """`sql` on a pooled connection, by the connection's method `how` (fetch, fetchrow,
        fetchval); sent once more on another if the first was gone (`_sent_in_vain`)."""
        async with self.pool.acquire() as conn:
            try:
                return await getattr(conn, how)(sql, *args)
            except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                if not _sent_in_vain(exc, repeatable):
                    raise
        async with self.pool.acquire() as conn:
            return await getattr(conn, how)(sql, *args)

    async def append(
        self,
        game_id: int,
        expected: int,
        rows: list[tuple[str, int, str]],
        key: str | None,
        response: Any,
        when: datetime,
    ) -> int:
        """Append the event rows (type, schema_version, data) after `expected`, with the
        command `key` (if any) and its `response`, in one statement; the version the game was
        found at (not `expected`: nothing was written)."""
        types = [r[0] for r in rows]
        versions = [r[1] for r in rows]
        data = [r[2] for r in rows]
        answer = None if key is None else json.dumps(response)
        args = (game_id, expected, types, versions, data, when, key, answer)
        return await self._run("fetchval", key is not None, APPEND_SQL, *args)

    async def command(self, game_id: int, key: str) -> tuple[int, int, str] | None:
        """(first_seq, last_seq, response JSON) of the command `key`, if it was applied."""
        row = await self._run("fetchrow", True, COMMAND_SQL, game_id, key)
        return None if row is None else (row[0], row[1], row[2])

    async def events(self, game_id: int, after: int) -> list[Any]:
        """(seq, schema_version, data) of the game's events after `after`, in order."""
        return await self._run("fetch", True, EVENTS_SQL, game_id, after)

    async def load(self, game_id: int, state_version: int | None) -> tuple[Any, list[Any]]:
        """(the game's latest snapshot of `state_version` as (seq, data), None if it has none
        or `state_version` is None; its events after that, as `events` gives them), read in one
        statement."""
        if state_version is None:
            return None, await self.events(game_id, 0)
        rows = await self._run("fetch", True, LOAD_SQL, game_id, state_version)
        if rows and rows[0][0] == 0:
            return (rows[0][1], rows[0][2]), rows[1:]
        return None, rows
