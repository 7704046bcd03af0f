"""Schema migrations with Alembic, run when the store opens: a bot upgraded to a new schema
opens a database written by an earlier version and brings it up to date first.

Alembic (with Mako and Pygments, some 10 MB) is imported only when a database needs
migrating: a database already at `HEAD` is recognised by its version row alone. `guildmaster
run` migrates in a child process (`migrate_in_child`), so that the long-running bot never
loads them at all.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.child import child_env

MIGRATIONS = Path(__file__).parent / "migrations"
# The newest revision in migrations/versions/ (a test checks that it is).
HEAD = "0005"
MIGRATION_LOCK = 7_234_501  # a PostgreSQL advisory lock key, for this project's migrations


def config(connection: Any = None) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest schema revision among the migration scripts."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(config()).get_current_head() or ""


async def upgrade(engine: AsyncEngine, revision: str = "head") -> None:
    """Bring the database at `engine` to `revision` (the newest by default). Several bot
    processes starting together on one PostgreSQL database take turns: the first migrates,
    the others then find the schema up to date."""
    if revision == "head" and await current(engine) == HEAD:
        return

    def run(sync: Any) -> None:
        from alembic import command

        if sync.dialect.name == "postgresql":
            sync.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        command.upgrade(config(sync), revision)

    async with engine.connect() as conn:
        await conn.run_sync(run)
        await conn.commit()


async def current(engine: AsyncEngine) -> str | None:
    """The revision the database is at (None for an empty database)."""
    async with engine.connect() as conn:
        try:
            return (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar()
        except DBAPIError:  # no version table yet: nothing was ever migrated
            await conn.rollback()
            return None


async def needs_migrating(url: str) -> bool:
    """Is the database at `url` short of HEAD (or new)? False when it cannot be reached: the
    store's own opening reports that."""
    engine = create_async_engine(url)
    try:
        return await current(engine) != HEAD
    except (DBAPIError, OSError):
        return False
    finally:
        await engine.dispose()


def migrate_in_child(url: str) -> int:
    """Migrate the database at `url` in a child process; its exit status."""
    code = "import sys; from bot.store.migrate import main; sys.exit(main(sys.argv[1]))"
    return subprocess.call([sys.executable, "-c", code, url], env=child_env())


def main(url: str) -> int:
    """Migrate the database at `url` (the child of `migrate_in_child`): status 0, or 2 after
    one line saying why it failed (the parent then refuses to start)."""
    import asyncio

    from sqlalchemy.engine import make_url

    async def go() -> None:
        engine = create_async_engine(url)
        try:
            await upgrade(engine)
        finally:
            await engine.dispose()

    try:
        asyncio.run(go())
    except Exception as exc:  # whatever the driver or Alembic raise: one line, no traceback
        where = make_url(url).render_as_string(hide_password=True)
        reason = " ".join(str(getattr(exc, "orig", None) or exc).split())
        print(
            f"guildmaster: migrating the database {where} to schema {HEAD} failed: {reason}; "
            "restore a backup made before, or ask for help with this line",
            file=sys.stderr,
        )
        return 2
    return 0
