"""Start-up failures an admin can fix end in one line naming the setting or the file and what
to do, with exit status 2 and no traceback (issue 20): for `guildmaster run` and for the
database tools. Each of these was a traceback before. The Discord failures (a refused token, no
network) are tried against the loopback Discord with the real bot as a process."""

from __future__ import annotations

import asyncio
import logging
import socket
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import load
from bot.loopback import FakeDiscord
from bot.store import EventStore, sqlite_url
from bot.store.migrate import HEAD
from tests.loopback.botproc import guildmaster_process


def closed_port() -> int:
    """A port on 127.0.0.1 where nothing listens."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def a_database(path: Path) -> Path:
    """A SQLite database of this version's schema, with a game in it."""

    async def make() -> None:
        store = await EventStore.open(sqlite_url(str(path)))
        await store.create_game("guild-master", players=2)
        await store.close()

    asyncio.run(make())
    return path


def not_a_database(tmp: Path) -> str:
    path = tmp / "games.sqlite3"
    path.write_bytes(b"these are not the pages of a database\n" * 200)
    return str(path)


def a_few_stray_bytes(tmp: Path) -> str:
    """Shorter than SQLite's header: SQLite itself would write a new database over it."""
    path = tmp / "games.sqlite3"
    path.write_bytes(b"x")
    return str(path)


def cut_short(tmp: Path) -> str:
    path = a_database(tmp / "games.sqlite3")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return str(path)


def in_a_missing_folder(tmp: Path) -> str:
    return str(tmp / "no-such-folder" / "games.sqlite3")


def a_folder(tmp: Path) -> str:
    path = tmp / "games.sqlite3"
    path.mkdir()
    return str(path)


def written_by_a_newer_version(tmp: Path) -> str:
    path = a_database(tmp / "games.sqlite3")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")
    return str(path)


def half_migrated(tmp: Path) -> str:
    """The schema of HEAD, but the version row of the revision before: the child's migration
    fails (its tables exist already)."""
    path = a_database(tmp / "games.sqlite3")
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0001'")
    return str(path)


# (name, a database file made in a folder or None, environment, words the one line must hold)
DATABASES: list[tuple[str, Callable[[Path], str] | None, dict[str, str], tuple[str, ...]]] = [
    ("not a database", not_a_database, {}, ("games.sqlite3", "damaged", "not a database")),
    ("a few stray bytes", a_few_stray_bytes, {}, ("games.sqlite3", "damaged", "not a database")),
    ("truncated", cut_short, {}, ("games.sqlite3", "damaged", "malformed")),
    ("missing folder", in_a_missing_folder, {}, ("no-such-folder", "does not exist")),
    ("a folder", a_folder, {}, ("games.sqlite3 is a folder", "[database] path")),
    ("newer version", written_by_a_newer_version, {}, ("newer", "0099", f"up to {HEAD}")),
    (
        "PostgreSQL unreachable",
        None,
        {"GUILDMASTER_DATABASE_URL": "postgresql://guildmaster@127.0.0.1:{port}/games"},
        ("cannot reach PostgreSQL at 127.0.0.1:", "start it"),
    ),
    (
        "garbage URL",
        None,
        {"GUILDMASTER_DATABASE_URL": "garbage"},
        ("GUILDMASTER_DATABASE_URL", "not a database URL", "postgresql://"),
    ),
    (
        "MySQL URL",
        None,
        {"GUILDMASTER_DATABASE_URL": "mysql://bot:pw@127.0.0.1/games"},
        ("GUILDMASTER_DATABASE_URL", "'mysql' databases are not supported"),
    ),
    (
        "plain sqlite URL",
        None,
        {"GUILDMASTER_DATABASE_URL": "sqlite:///games.sqlite3"},
        ("GUILDMASTER_DATABASE_URL", "sqlite+aiosqlite:///"),
    ),
    (
        "Heroku-style DATABASE_URL, unreachable",
        None,
        {"DATABASE_URL": "postgres://bot:pw@127.0.0.1:{port}/games"},
        ("cannot reach PostgreSQL at 127.0.0.1:",),
    ),
]


@pytest.fixture
def isolated(monkeypatch, tmp_path):
    """An environment where `guildmaster run` can reach nothing but 127.0.0.1's closed port,
    and the root logger as it was afterwards."""
    port = closed_port()
    monkeypatch.chdir(tmp_path)
    for name in ("GUILDMASTER_DATABASE_URL", "DATABASE_URL", "GUILDMASTER_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setenv("GUILDMASTER_API_BASE", f"http://127.0.0.1:{port}/api/v10")
    monkeypatch.setenv("GUILDMASTER_GATEWAY", f"ws://127.0.0.1:{port}/")
    monkeypatch.setenv("GUILDMASTER_IMAGES", "0")
    monkeypatch.setenv("GUILDMASTER_LOG_LEVEL", "WARNING")
    handlers = logging.getLogger().handlers[:]
    yield port
    logging.getLogger().handlers[:] = handlers


def set_up(case, tmp_path, monkeypatch, port) -> None:
    _name, make, env, _words = case
    if make is not None:
        monkeypatch.setenv("GUILDMASTER_DATABASE_PATH", make(tmp_path))
    for key, value in env.items():
        monkeypatch.setenv(key, value.format(port=port))


def one_line(err: str, prefix: str, words: tuple[str, ...]) -> str:
    """The only line of `err` (no traceback), checked to start with `prefix` and hold `words`."""
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(prefix), lines[0]
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


@pytest.mark.parametrize("case", DATABASES, ids=[c[0] for c in DATABASES])
def test_run_refuses_a_database_it_cannot_use_in_one_line(
    case, isolated, tmp_path, monkeypatch, capsys
):
    set_up(case, tmp_path, monkeypatch, isolated)
    assert main(["run"]) == 2
    one_line(capsys.readouterr().err, "guildmaster run: ", case[3])


@pytest.mark.parametrize("tool", [["games"], ["export", "1"]], ids=["games", "export"])
@pytest.mark.parametrize("case", DATABASES, ids=[c[0] for c in DATABASES])
def test_the_database_tools_refuse_it_in_one_line(
    case, tool, isolated, tmp_path, monkeypatch, capsys
):
    set_up(case, tmp_path, monkeypatch, isolated)
    assert main(tool) == 2
    one_line(capsys.readouterr().err, "guildmaster: ", case[3])


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("garbage", ("--database", "not a database URL")),
        ("mysql://127.0.0.1/games", ("--database", "not supported")),
        ("sqlite:///games.sqlite3", ("--database", "sqlite+aiosqlite:///")),
    ],
)
def test_a_bad_database_option_is_refused_naming_it(url, words, isolated, capsys):
    assert main(["games", "--database", url]) == 2
    one_line(capsys.readouterr().err, "guildmaster: ", words)


def test_a_failed_migration_stops_run(isolated, tmp_path, monkeypatch, capfd):
    """run.py ignored the migration child's exit status and started the bot anyway."""
    monkeypatch.setenv("GUILDMASTER_DATABASE_PATH", half_migrated(tmp_path))
    assert main(["run"]) == 2
    err = capfd.readouterr().err  # the child's line, then run's
    assert "Traceback" not in err, err
    child, ours = err.strip().splitlines()
    assert child.startswith("guildmaster: migrating the database") and "failed: " in child
    assert ours.startswith("guildmaster run: migrating the database failed")


@pytest.mark.parametrize("command", [["run"], ["games"]], ids=["run", "games"])
def test_a_postgresql_database_that_does_not_exist_is_named(
    command, pg_server, isolated, monkeypatch, capsys
):
    if isinstance(pg_server, str):
        pytest.skip(f"PostgreSQL tests skipped: {pg_server}")
    monkeypatch.setenv("GUILDMASTER_DATABASE_URL", pg_server.url("no_such_database"))
    assert main(command) == 2
    prefix = "guildmaster run: " if command == ["run"] else "guildmaster: "
    one_line(capsys.readouterr().err, prefix, ("no database 'no_such_database'", "createdb"))


@pytest.mark.parametrize(
    ("env", "url"),
    [
        ({"DATABASE_URL": "postgres://bot:pw@db.example:5432/games"}, "db.example:5432/games"),
        ({"DATABASE_URL": "postgresql://bot@db.example/games?sslmode=require"}, "ssl=require"),
        (
            {"GUILDMASTER_DATABASE_URL": "postgres://bot@a/x", "DATABASE_URL": "postgres://b/y"},
            "@a/x",
        ),
    ],
)
def test_heroku_database_url_is_read_as_postgresql_with_asyncpg(env, url):
    loaded = load(None, env=env)
    assert loaded.url.startswith("postgresql+asyncpg://") and url in loaded.url


@pytest.fixture
async def discord_fake():
    fake = await FakeDiscord.start()
    yield fake
    await fake.stop()


async def wait_for_exit(proc: subprocess.Popen, timeout: float = 60) -> int:
    for _ in range(int(timeout * 10)):
        if proc.poll() is not None:
            return proc.returncode
        await asyncio.sleep(0.1)
    proc.kill()
    raise AssertionError("guildmaster run did not stop")


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({"DISCORD_TOKEN": "a-token-discord-does-not-know"}, ("refused the token", "Reset Token")),
        ({"GUILDMASTER_API_BASE": "http://127.0.0.1:{port}/api/v10"}, ("cannot reach Discord",)),
    ],
    ids=["wrong token", "no network"],
)
async def test_run_refuses_to_start_without_discord_in_one_line(discord_fake, tmp_path, env, words):
    port = closed_port()
    db = tmp_path / "bot.sqlite3"
    settings = {k: v.format(port=port) for k, v in env.items()}
    # discord.py warns at start that voice is not supported: only errors are of interest here
    proc = guildmaster_process(discord_fake, db, GUILDMASTER_LOG_LEVEL="ERROR", **settings)
    assert await wait_for_exit(proc) == 2
    err = db.with_suffix(".log").read_text()
    one_line(err, "guildmaster run: ", words)
