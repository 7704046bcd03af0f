"""Faults: a writer killed (SIGKILL) in the middle of its appends leaves no partial batch and
loses nothing it acknowledged; a locked or unreachable database gives a clear, retryable error and
writes nothing."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from sqlalchemy import select

from bot.store import EventStore, Unavailable, Unreachable, sqlite_url
from bot.store.schema import CommandRow, EventRow
from games.guild_master.players.simulate import play

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


async def check_log(url: str, acknowledged: int, game_id: int | None = None) -> int:
    """Every stored event of the game (`game_id`, else the first) belongs to exactly one whole
    command batch, seqs run 1..version, and the last acknowledged append is there."""
    store = await EventStore.open(url)
    try:
        games = await store.list_games()
        if game_id is not None:
            games = [g for g in games if g.id == game_id]
        if not games:
            assert acknowledged == 0
            return 0
        game = games[0]
        async with store.engine.connect() as conn:
            seqs = [
                r.seq
                for r in await conn.execute(
                    select(EventRow.seq).where(EventRow.game_id == game.id).order_by(EventRow.seq)
                )
            ]
            batches = [
                (r.first_seq, r.last_seq)
                for r in await conn.execute(
                    select(CommandRow.first_seq, CommandRow.last_seq)
                    .where(CommandRow.game_id == game.id)
                    .order_by(CommandRow.first_seq)
                )
            ]
        assert seqs == list(range(1, len(seqs) + 1)), "a gap or a duplicate in the log"
        assert game.version == len(seqs)
        covered = [s for first, last in batches for s in range(first, last + 1)]
        assert covered == seqs, "events outside a whole command batch"
        assert game.version >= acknowledged, "an acknowledged append was lost"
        loaded = await store.load(game.id)  # and the log still folds
        assert loaded.version == game.version
        return game.version
    finally:
        await store.close()


@pytest.mark.parametrize("kill_after", [1, 7, 23, 61, 120])
async def test_a_writer_killed_mid_append_leaves_whole_batches(store_url, kill_after):
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.store.append_writer", store_url],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    acknowledged = 0
    try:
        for line in writer.stdout:
            if line.startswith("acked"):
                acknowledged = int(line.split()[1])
                if acknowledged >= kill_after * 3:
                    break
            if line.startswith("done"):
                break
        time.sleep((kill_after % 5) / 1000)  # land the kill at different points of an append
        writer.send_signal(signal.SIGKILL)
    finally:
        writer.wait(timeout=30)
    assert writer.returncode == -signal.SIGKILL
    stored = await check_log(store_url, acknowledged)
    assert stored >= acknowledged > 0


async def test_a_locked_database_is_unavailable_then_recovers(tmp_path):
    """Another process holds the SQLite write lock: the append waits its busy timeout, then
    fails with a retryable error; nothing is written; once the lock is gone it goes through."""
    path = tmp_path / "locked.sqlite3"
    store = await EventStore.open(sqlite_url(str(path)), busy_timeout_ms=200)
    try:
        _, _, log = play(2, 1, keep_events=True)
        game = await store.create_game("guild-master", players=2)
        await store.append(game, 0, log[:2], key="a")
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(Unavailable, match="busy or unreachable") as refused:
            await store.append(game, 2, log[2:4], key="b")
        assert not isinstance(refused.value, Unreachable)  # busy: a moment's wait mends it
        other.execute("ROLLBACK")
        other.close()
        assert len(await store.read(game)) == 2 and await store.command(game, "b") is None
        done = await store.append(game, 2, log[2:4], key="b")
        assert done.last_seq == 4 and not done.duplicate
    finally:
        await store.close()


async def test_an_unreachable_database_is_unavailable():
    with pytest.raises(Unreachable, match="cannot reach the database"):
        await EventStore.open("postgresql+asyncpg://nobody@127.0.0.1:9/nowhere")


async def test_postgresql_stopped_and_restarted(pg_server):
    """Commands while PostgreSQL is down get a retryable error that says the database cannot be
    reached (not that it is busy); after it is back, the store carries on and nothing
    acknowledged is lost."""
    if isinstance(pg_server, str):
        pytest.skip(f"PostgreSQL tests skipped: {pg_server}")
    pg_server.psql("CREATE DATABASE restart_test")
    store = await EventStore.open(pg_server.url("restart_test"))
    try:
        _, _, log = play(2, 2, keep_events=True)
        game = await store.create_game("guild-master", players=2)
        await store.append(game, 0, log[:5], key="before")
        pg_server.halt()
        try:
            with pytest.raises(Unreachable, match="cannot reach the database"):
                await store.append(game, 5, log[5:8], key="during")
            with pytest.raises(Unreachable):
                await store.read(game)
        finally:
            pg_server.resume()
        done = await store.append(game, 5, log[5:8], key="during")
        assert done.last_seq == 8
        assert [seq for seq, _ in await store.read(game)] == list(range(1, 9))
    finally:
        await store.close()


async def test_postgresql_database_dropped_under_an_open_store(pg_server):
    """The database dropped (its connections ended) under an open store: every read and write
    says the database cannot be reached, naming it, instead of an unexpected driver error."""
    if isinstance(pg_server, str):
        pytest.skip(f"PostgreSQL tests skipped: {pg_server}")
    pg_server.psql("CREATE DATABASE dropped_test")
    store = await EventStore.open(pg_server.url("dropped_test"))
    try:
        _, _, log = play(2, 3, keep_events=True)
        game = await store.create_game("guild-master", players=2)
        await store.append(game, 0, log[:5], key="before")
        pg_server.psql("DROP DATABASE dropped_test WITH (FORCE)")
        with pytest.raises(Unreachable, match='database "dropped_test" does not exist'):
            await store.append(game, 5, log[5:8], key="after")
        with pytest.raises(Unreachable):
            await store.list_games()
    finally:
        await store.close()


def end_sessions(pg_server, database: str) -> None:
    """End every session on `database`, as an admin's pg_terminate_backend or a restart does,
    waiting until they are gone (while the test's event loop, blocked here, reads nothing)."""
    pg_server.psql(
        "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
        f"WHERE datname = '{database}' AND pid <> pg_backend_pid()"
    )


async def test_postgresql_connections_ended_while_idle_are_replaced(pg_server):
    """The server ends the store's idle connections and the store has not read the notice yet
    when the next command comes (it pings no connection it takes from its pool): a read, or an
    append with an idempotency key, is sent again on a new connection and goes through. An
    append without a key is refused as Unreachable with nothing written (sent again, it could
    not tell its own write from another writer's), and the next one goes through."""
    if isinstance(pg_server, str):
        pytest.skip(f"PostgreSQL tests skipped: {pg_server}")
    pg_server.psql("CREATE DATABASE ended_test")
    store = await EventStore.open(pg_server.url("ended_test"))
    try:
        _, _, log = play(2, 4, keep_events=True)
        game = await store.create_game("guild-master", players=2)
        await store.append(game, 0, log[:2], key="a")
        end_sessions(pg_server, "ended_test")
        done = await store.append(game, 2, log[2:4], key="b")
        assert (done.first_seq, done.last_seq, done.duplicate) == (3, 4, False)
        end_sessions(pg_server, "ended_test")
        assert [seq for seq, _ in await store.read(game)] == [1, 2, 3, 4]
        end_sessions(pg_server, "ended_test")
        assert (await store.load(game)).version == 4
        end_sessions(pg_server, "ended_test")
        assert (await store.command(game, "b")).last_seq == 4
        end_sessions(pg_server, "ended_test")
        with pytest.raises(Unreachable, match="terminating connection"):
            await store.append(game, 4, log[4:6])
        assert [seq for seq, _ in await store.read(game)] == [1, 2, 3, 4]
        assert (await store.append(game, 4, log[4:6])).last_seq == 6
    finally:
        await store.close()
