"""Migrations: a bot upgraded to a new schema opens a database written by the previous version,
and the migrations build exactly the schema the code declares."""

import shutil
import subprocess
import sys
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store import EventStore, sqlite_url
from bot.store.migrate import HEAD, current, head, migrate_in_child, needs_migrating, upgrade
from bot.store.schema import METADATA

OLD = Path(__file__).parent / "data" / "schema_0001.sqlite3"


async def test_a_database_written_by_schema_0001_opens_and_upgrades(tmp_path):
    """tests/store/data/schema_0001.sqlite3 holds a finished 2-player game written by the first
    schema (no DM channels, messages, deadlines or snapshots yet)."""
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD, path)
    engine = create_async_engine(sqlite_url(str(path)))
    assert await current(engine) == "0001"
    await engine.dispose()

    store = await EventStore.open(sqlite_url(str(path)))
    try:
        engine = store.engine
        assert await current(engine) == head() != "0001"
        game = await store.get_game(1)
        assert (game.status, game.players, game.channel_id) == ("ended", 2, 987654321987654322)
        loaded = await store.load(1)
        assert loaded.version == 481 and loaded.state.phase.value == "ended"
        assert [g.fame for g in loaded.state.guilds] == [29, 31]
        seats = await store.seats(1)
        assert [(s.user_id, s.dm_channel_id) for s in seats] == [
            (987654321987654324, None),
            (None, None),
        ]
        again = await store.append(1, 0, [], key="interaction-1")
        assert again.duplicate and again.response == "ok"
        await store.set_message(1, "final", 5, 6)
        await store.save_snapshot(1, loaded.version, loaded.state)
        assert (await store.load(1)).snapshot_seq == 481
    finally:
        await store.close()


async def test_migrations_build_the_schema_the_code_declares(store_url):
    engine = create_async_engine(store_url)
    await upgrade(engine)
    async with engine.connect() as conn:
        diff = await conn.run_sync(
            lambda sync: compare_metadata(MigrationContext.configure(sync), METADATA)
        )
    await engine.dispose()
    assert diff == []


def test_head_names_the_newest_migration():
    """A database at HEAD is opened without Alembic: HEAD must follow the scripts."""
    assert head() == HEAD


async def test_guildmaster_run_migrates_in_a_child_and_the_bot_never_loads_alembic(tmp_path):
    """Nor does a store on SQLite load asyncpg (2.8 MB): only one on PostgreSQL needs it."""
    url = sqlite_url(str(tmp_path / "new.sqlite3"))
    assert await needs_migrating(url)
    assert migrate_in_child(url) == 0
    assert not await needs_migrating(url)
    opens = (
        "import asyncio, sys\n"
        "from bot.store import EventStore\n"
        "async def go():\n"
        "    store = await EventStore.open(sys.argv[1])\n"
        "    await store.close()\n"
        "asyncio.run(go())\n"
        "print(sorted(m for m in ('alembic', 'mako', 'pygments', 'asyncpg') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", opens, url], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
