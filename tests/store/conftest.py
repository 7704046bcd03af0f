"""The store tests run once on SQLite and once on PostgreSQL (one abstract suite)."""

from __future__ import annotations

import itertools

import pytest

from bot.store import EventStore, sqlite_url

_databases = itertools.count(1)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path, pg_server):
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return sqlite_url(str(tmp_path / "games.sqlite3"))
    if isinstance(pg_server, str):
        pytest.skip(f"PostgreSQL tests skipped: {pg_server}")
    name = f"test_{next(_databases)}"
    pg_server.psql(f"CREATE DATABASE {name}")
    return pg_server.url(name)


@pytest.fixture
async def store(store_url):
    s = await EventStore.open(store_url)
    yield s
    await s.close()
