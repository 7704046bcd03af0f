"""What can be wrong with the database before the store opens it, said in one sentence that
names the setting or the file and what to do (issue 20): a URL that is no database URL or names
an unsupported database, a missing folder, a damaged SQLite file, an unreachable PostgreSQL
server, a database written by a newer version. `guildmaster run` and the database tools print
the sentence and exit with status 2, instead of a traceback from deep inside a driver.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

from bot.store.migrate import HEAD, MIGRATIONS

SETTINGS = "GUILDMASTER_DATABASE_URL, DATABASE_URL or [database] url"
SQLITE_FORM = "sqlite+aiosqlite:///path/to/file.sqlite3"
POSTGRES_FORM = "postgresql://user:password@host:5432/name"
CONNECT_TIMEOUT = 10.0  # seconds to wait for PostgreSQL before saying it cannot be reached


class DatabaseProblem(ValueError):
    """The database cannot be used as configured; the message says why and what to do."""


SQLITE_HEADER = b"SQLite format 3\x00"


def database_url(raw: str, setting: str = SETTINGS) -> str:
    """The SQLAlchemy async URL for `raw` as an admin may write it: `postgres://` and
    `postgresql://` (Heroku's DATABASE_URL) mean PostgreSQL through asyncpg. Anything else but
    `sqlite+aiosqlite://` and `postgresql+asyncpg://` is refused with the form that works."""
    try:
        url = make_url(raw)
    except ArgumentError:
        raise DatabaseProblem(
            f"{setting}: {_shown(raw)!r} is not a database URL; use {POSTGRES_FORM} for "
            f"PostgreSQL, or leave it empty for the SQLite file of [database] path"
        ) from None
    backend, _, driver = url.drivername.partition("+")
    if backend in ("postgres", "postgresql"):
        if driver not in ("", "asyncpg"):
            raise DatabaseProblem(
                f"{setting}: the driver {driver!r} is not installed; write {POSTGRES_FORM} "
                "(the bot uses asyncpg)"
            )
        url = url.set(drivername="postgresql+asyncpg")
        if "sslmode" in url.query:  # libpq's name (Heroku's URLs carry it); asyncpg says ssl
            url = url.difference_update_query(["sslmode"]).update_query_dict(
                {"ssl": url.query["sslmode"]}
            )
        return url.render_as_string(hide_password=False)
    if backend == "sqlite":
        if driver != "aiosqlite":
            raise DatabaseProblem(
                f"{setting}: write {SQLITE_FORM} (the bot's SQLite driver is aiosqlite), or "
                "leave the URL empty and set [database] path (GUILDMASTER_DATABASE_PATH)"
            )
        return raw
    raise DatabaseProblem(
        f"{setting}: {backend!r} databases are not supported; use PostgreSQL ({POSTGRES_FORM}) "
        "or SQLite (leave the URL empty and set [database] path)"
    )


def _shown(raw: str) -> str:
    """`raw` cut short for a message (it may be anything)."""
    return raw if len(raw) <= 60 else raw[:57] + "..."


async def problem(url: str, *, create: bool, setting: str = SETTINGS) -> str:
    """Why the database at `url` cannot be used ("" if it can). `create`: a missing SQLite file
    is fine (`guildmaster run` creates it)."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return await asyncio.to_thread(_sqlite_problem, parsed.database or "", create)
    return await _postgres_problem(url, parsed, setting)


def _sqlite_problem(path: str, create: bool) -> str:
    if not path or path == ":memory:":
        return ""
    file = Path(path)
    folder = file.absolute().parent
    if not folder.is_dir():
        return (
            f"the folder {folder} of the SQLite database {path} does not exist: create it, or "
            "set [database] path (GUILDMASTER_DATABASE_PATH) to a file in an existing folder"
        )
    if file.is_dir():
        return f"the SQLite database {path} is a folder: set [database] path to a file's name"
    if not file.exists():
        if create and not os.access(folder, os.W_OK | os.X_OK):
            return (
                f"cannot create the SQLite database {path}: the folder {folder} is not "
                "writable; give the bot's user write access to it, or choose another path"
            )
        return ""
    if not _header_ok(file):
        # SQLite takes a file shorter than its 100-byte header for an empty database and would
        # write a new one over it: a file of a few stray bytes is not ours to overwrite.
        return _damaged(path, "file is not a database")
    try:
        conn = sqlite3.connect(f"file:{file.absolute()}?mode=rw", uri=True)
    except sqlite3.Error as exc:
        return f"cannot open the SQLite database {path} ({exc}): check its permissions"
    try:
        # quick_check reads every page (a 46 MB file of 200 games: 53-92 ms from the page
        # cache): a damaged or cut file is found now, not by the first player whose game sits
        # on a bad page.
        found = [row[0] for row in conn.execute("PRAGMA quick_check(5)")]
        if found != ["ok"]:
            return _damaged(path, "; ".join(found))
        return _newer(path, _revision_sqlite(conn))
    except sqlite3.OperationalError as exc:
        if getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return ""  # another process is writing it: nothing wrong with the file
        return f"cannot read the SQLite database {path} ({exc}): check its permissions"
    except sqlite3.DatabaseError as exc:  # "file is not a database", "malformed"
        return _damaged(path, str(exc))
    finally:
        conn.close()


def _header_ok(file: Path) -> bool:
    """Does `file` begin as every SQLite database does (an empty file is a new database)?"""
    try:
        with file.open("rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError:
        return True  # unreadable: the open below says so, naming the permissions
    return not head or head == SQLITE_HEADER


def _damaged(path: str, why: str) -> str:
    return (
        f"the SQLite database {path} is damaged ({why}): restore it from a backup, or move it "
        "away and `guildmaster run` starts an empty one"
    )


def _revision_sqlite(conn: sqlite3.Connection) -> str | None:
    listed = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
    ).fetchone()
    if listed is None:
        return None
    row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    return None if row is None else str(row[0])


def known_revisions() -> set[str]:
    """The schema revisions this version can migrate from and to (its migration scripts'
    names begin with them), read without importing Alembic."""
    return {p.name.split("_")[0] for p in (MIGRATIONS / "versions").glob("[0-9]*.py")}


def _newer(where: str, revision: str | None) -> str:
    if revision is None or revision in known_revisions():
        return ""
    return (
        f"the database {where} was written by a newer version of guildmaster (schema revision "
        f"{revision}; this one knows up to {HEAD}): run that version or a later one, or "
        "restore a backup made with this one"
    )


async def _postgres_problem(url: str, parsed: URL, setting: str) -> str:
    where = f"{parsed.host or 'localhost'}:{parsed.port or 5432}"
    name = parsed.database or ""
    engine = create_async_engine(url, poolclass=NullPool, connect_args={"timeout": CONNECT_TIMEOUT})
    try:
        async with engine.connect() as conn:
            listed = (await conn.exec_driver_sql("SELECT to_regclass('alembic_version')")).scalar()
            revision = None
            if listed is not None:
                revision = (
                    await conn.exec_driver_sql("SELECT version_num FROM alembic_version")
                ).scalar()
        return _newer(f"{name} on {where}", revision)
    except (DBAPIError, OSError, TimeoutError) as exc:
        return _postgres_refusal(exc, where, name, setting)
    finally:
        await engine.dispose()


def _postgres_refusal(exc: BaseException, where: str, name: str, setting: str) -> str:
    """A sentence for PostgreSQL's refusal `exc`."""
    cause: Any = getattr(exc, "orig", None) or exc
    cause = getattr(cause, "__cause__", None) or cause  # the driver's own exception
    kind = type(cause).__name__
    if kind == "InvalidPasswordError" or kind == "InvalidAuthorizationSpecificationError":
        return (
            f"PostgreSQL at {where} refused the user or password of the database URL: check "
            f"them in {setting}"
        )
    if kind == "InvalidCatalogNameError":
        return (
            f"PostgreSQL at {where} has no database {name!r}: create it (createdb {name}), or "
            f"check the name in {setting}"
        )
    reason = str(cause).strip() or kind
    if isinstance(cause, OSError | TimeoutError) or "connect" in reason.lower():
        return (
            f"cannot reach PostgreSQL at {where} ({_shown(reason)}): start it, or check the "
            f"host and port in {setting}"
        )
    return (
        f"cannot use the PostgreSQL database {name!r} at {where} ({_shown(reason)}): check "
        f"{setting}"
    )
