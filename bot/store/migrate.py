"""Schema migrations with Alembic, run when the store opens: a bot upgraded to a new schema
opens a database written by an earlier version and brings it up to date first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).parent / "migrations"


def config(connection: Any = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest schema revision this program knows."""
    return ScriptDirectory.from_config(config()).get_current_head() or ""


MIGRATION_LOCK = 7_234_501  # a PostgreSQL advisory lock key, for this project's migrations


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the database at `engine` to `revision` (the newest by default). Several bot
    processes starting together on one PostgreSQL database take turns: the first migrates,
    the others then find the schema up to date."""

    def run(sync: Any) -> None:
        if sync.dialect.name == "postgresql":
            sync.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        command.upgrade(config(sync), revision)

    async with engine.connect() as conn:
        await conn.run_sync(run)
        await conn.commit()


async def current(engine: AsyncEngine) -> str | None:
    """The revision the database is at (None for an empty database)."""
    async with engine.connect() as conn:
        return await conn.run_sync(
            lambda sync: MigrationContext.configure(sync).get_current_revision()
        )
