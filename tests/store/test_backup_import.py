"""`guildmaster import FILE`, `guildmaster backup` and `guildmaster --version` (issue 20): an
exported game imported into another database replays to the same final state; a file checked as
`replay` checks it; a duplicate refused; a consistent SQLite copy; pg_dump's command for
PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from importlib.metadata import version
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.cli import main
from bot.store import EventStore, sqlite_url
from bot.tools import export_lines, import_lines
from games.guild_master.players.simulate import play

NAMES = ["Kim", "Chris", "Morgan"]


async def a_whole_game(store: EventStore) -> int:
    """One whole 3-player game (seat 2 a built-in player) stored; its id."""
    _, _, log = play(3, 21, keep_events=True)
    game = await store.create_game("guild-master", players=3, seed=21, status="ended")
    for seat, name in enumerate(NAMES):
        await store.set_seat(game, seat, None if seat == 2 else 10**17 + seat, name)
    await store.append(game, 0, log)
    return game


@pytest.fixture
async def original(tmp_path: Path) -> str:
    """A database holding one whole 3-player game (seat 2 a built-in player)."""
    url = sqlite_url(str(tmp_path / "games.sqlite3"))
    store = await EventStore.open(url)
    await a_whole_game(store)
    await store.close()
    return url


def empty(tmp_path: Path, name: str, games: int = 0) -> str:
    """A new database, with its schema and `games` games of its own."""
    url = sqlite_url(str(tmp_path / name))

    async def make() -> None:
        store = await EventStore.open(url)
        for _ in range(games):
            await store.create_game("guild-master", players=2, seed=5)
        await store.close()

    asyncio.run(make())
    return url


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_an_imported_game_replays_to_the_original_final_state(
    original: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game1.jsonl"
    assert cli(capsys, "export", "1", "--database", original, "--output", str(path))[0] == 0
    other = empty(tmp_path, "other.sqlite3", games=1)  # id 1 is taken there

    code, out, err = cli(capsys, "import", str(path), "--database", other)
    assert (code, out, err) == (0, f"imported {path} as game 2\n", "")

    async def compare() -> tuple[list[str], list[str]]:
        before, after = await EventStore.open(original), await EventStore.open(other)
        try:
            assert (await after.load(2)).state == (await before.load(1)).state
            assert (await after.read(2)) == (await before.read(1))
            game = await after.get_game(2)
            assert (game.game, game.players, game.seed, game.status) == (
                "guild-master",
                3,
                21,
                "imported",
            )
            return await export_lines(after, 2), await export_lines(before, 1)
        finally:
            await before.close()
            await after.close()

    # exported again, it is the same file but for its id and status
    again, first = asyncio.run(compare())
    assert again[1:] == first[1:]
    head_again, head_first = json.loads(again[0]), json.loads(first[0])
    assert head_again["seats"] == head_first["seats"]
    assert head_again["seats"][2]["built_in"] and not head_again["seats"][0]["built_in"]
    for head in (head_again, head_first):
        del head["game"]["id"], head["game"]["status"]
    assert head_again == head_first


def test_importing_a_game_twice_is_refused_naming_it(
    original: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game1.jsonl"
    cli(capsys, "export", "1", "--database", original, "--output", str(path))
    code, out, err = cli(capsys, "import", str(path), "--database", original)
    assert code == 2 and out == ""
    assert err == (
        "guildmaster import: this game is already in the database as game 1; nothing was imported\n"
    )
    code, out, _ = cli(capsys, "games", "--database", original)
    assert len(out.splitlines()) == 2  # the header and game 1, no copy


def test_a_damaged_or_foreign_export_is_refused_and_nothing_is_stored(
    original: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game1.jsonl"
    cli(capsys, "export", "1", "--database", original, "--output", str(path))
    header, *events = path.read_text().splitlines()
    other = empty(tmp_path, "other.sqlite3")
    damaged = {
        "reordered": [header, events[1], events[0], *events[2:]],
        "an event of another game": [header, events[0], events[0].replace("Created", "Made")],
        "unknown game": [header.replace('"guild-master"', '"chess"'), *events],
        "no events": [header],
        "seed of text": [header.replace('"seed": 21', '"seed": "x"'), *events],
        "binary": ["\x89PNG\x00\xff"],
    }
    for what, lines in damaged.items():
        bad = tmp_path / "bad.jsonl"
        bad.write_text("\n".join(lines) + "\n")
        code, out, err = cli(capsys, "import", str(bad), "--database", other)
        assert code == 2 and out == "", (what, err)
        assert err.startswith("guildmaster import: ") and err.count("\n") == 1, (what, err)
    code, out, err = cli(capsys, "import", str(tmp_path / "missing.jsonl"), "--database", other)
    assert code == 2 and "cannot read" in err
    assert cli(capsys, "games", "--database", other)[1] == "No games in this database.\n"


# A failure of the database between the game's row and its events: a trigger refusing every
# event row, as a disk or server failing in the middle of the import would.
REFUSE_EVENTS = {
    "sqlite": [
        "CREATE TRIGGER refuse_events BEFORE INSERT ON events "
        "BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
    ],
    "postgresql": [
        "CREATE FUNCTION refuse_events() RETURNS trigger LANGUAGE plpgsql AS "
        "$$ BEGIN RAISE EXCEPTION 'injected failure'; END $$",
        "CREATE TRIGGER refuse_events BEFORE INSERT ON events "
        "FOR EACH ROW EXECUTE FUNCTION refuse_events()",
    ],
}


async def test_an_import_failing_between_the_game_and_its_events_leaves_no_game(
    store_url: str, tmp_path: Path
) -> None:
    """`guildmaster import` is all or nothing, on SQLite and PostgreSQL: the game's row, its
    seats and its events are one transaction (it used to leave an empty game behind)."""
    # the export of a whole game (from a database of its own: store_url's SQLite file is
    # where the `original` fixture would put it)
    source = await EventStore.open(sqlite_url(str(tmp_path / "source.sqlite3")))
    try:
        lines = await export_lines(source, await a_whole_game(source))
    finally:
        await source.close()
    kind = "sqlite" if store_url.startswith("sqlite") else "postgresql"
    store = await EventStore.open(store_url)
    try:
        async with store.engine.begin() as conn:
            for sql in REFUSE_EVENTS[kind]:
                await conn.execute(text(sql))
        # (SQLite's is a refused row, the store's Conflict; PostgreSQL's the driver's error)
        with pytest.raises(Exception, match="injected failure"):
            await import_lines(store, lines)
        assert await store.list_games() == []
        async with store.engine.connect() as conn:
            assert (await conn.execute(text("SELECT count(*) FROM seats"))).scalar_one() == 0

        # the database mended, the same file imports whole
        async with store.engine.begin() as conn:
            await conn.execute(
                text("DROP TRIGGER refuse_events" + " ON events" * (kind != "sqlite"))
            )
        game_id = await import_lines(store, lines)
        assert [g.id for g in await store.list_games()] == [game_id]
        assert len(await store.read(game_id)) == len(lines) - 1
        assert [s.name for s in await store.seats(game_id)] == NAMES
    finally:
        await store.close()


def test_backup_copies_the_database_while_it_is_open(
    original: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # as the running bot holds it: a connection in the middle of a read transaction
    held = sqlite3.connect(original.removeprefix("sqlite+aiosqlite:///"))
    held.execute("BEGIN")
    held.execute("SELECT count(*) FROM events").fetchone()
    try:
        target = tmp_path / "copy.sqlite3"
        code, out, err = cli(capsys, "backup", "--database", original, "--output", str(target))
        assert (code, out, err) == (0, f"backed up to {target}\n", "")
        code, _, err = cli(capsys, "backup", "--database", original, "--output", str(target))
        assert code == 1 and "already exists" in err
        code, out, _ = cli(capsys, "backup", "--database", original)  # beside the database
        made = Path(out.removeprefix("backed up to ").strip())
        assert code == 0 and made.parent == tmp_path and made.name.startswith("games-")
        assert sqlite3.connect(made).execute("SELECT count(*) FROM games").fetchone() == (1,)
    finally:
        held.close()

    async def exports(url: str) -> list[str]:
        store = await EventStore.open(url)
        try:
            return await export_lines(store, 1)
        finally:
            await store.close()

    assert asyncio.run(exports(sqlite_url(str(target)))) == asyncio.run(exports(original))
    missing = sqlite_url(str(tmp_path / "nothing.sqlite3"))
    code, _, err = cli(capsys, "backup", "--database", missing)
    assert code == 1 and "there is no database at" in err
    assert not (tmp_path / "nothing.sqlite3").exists()


def test_backup_of_postgresql_prints_the_pg_dump_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = "postgresql+asyncpg://gm:s3cret@db.example:5433/guildmaster"
    code, out, err = cli(capsys, "backup", "--database", url, "--output", "gm.dump")
    assert code == 1 and "pg_dump" in err
    assert out == (
        "pg_dump --format=custom --file=gm.dump postgresql://gm@db.example:5433/guildmaster\n"
    )
    assert "s3cret" not in out + err


def test_version_is_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"guildmaster {version('guildmaster-bot')}\n"
