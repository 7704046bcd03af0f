"""The SQLite file deleted, replaced or made immutable under an open store (issue 20): the next
read or write is refused with StorageFault before anything is acknowledged, for good; a
deleted file's games are copied beside it; an immutable -shm file does not kill the process."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import EventStore, StorageFault, sqlite_url, sqlite_writer
from games.guild_master.players.simulate import play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def log():
    return play(2, 1, keep_events=True)[2]


async def opened(path: Path, log) -> tuple[EventStore, int]:
    """A store on `path` with one game of two appends (4 events) acknowledged."""
    store = await EventStore.open(sqlite_url(str(path)))
    game = await store.create_game("guild-master", players=2)
    await store.append(game, 0, log[:2], key="a")
    await store.append(game, 2, log[2:4], key="b")
    return store, game


def events_in(path: Path | str) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT count(*) FROM events").fetchone()[0]


async def test_the_file_deleted_under_the_store_is_refused_and_rescued(tmp_path, log, caplog):
    path = tmp_path / "games.sqlite3"
    store, game = await opened(path, log)
    try:
        for suffix in ("", "-wal", "-shm"):
            os.unlink(f"{path}{suffix}")
        with pytest.raises(StorageFault) as refused:
            await store.append(game, 4, log[4:6], key="c")
        assert refused.value.what == "its file was deleted or moved"
        assert str(path) not in refused.value.what  # players are not shown the server's paths
        for later in (store.read(game), store.command(game, "c"), store.list_games()):
            with pytest.raises(StorageFault):  # for good, reads too
                await later
    finally:
        await store.close()
    assert not path.exists()  # nothing was written to a new file at the path
    rescued = list(tmp_path.glob("games.sqlite3.rescued-*"))
    assert len(rescued) == 1 and events_in(rescued[0]) == 4  # both acknowledged appends
    errors = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert any(str(rescued[0]) in e and f"move that file to {path}" in e for e in errors), errors


async def test_the_file_replaced_under_the_store_is_refused(tmp_path, log):
    path = tmp_path / "games.sqlite3"
    other = tmp_path / "other.sqlite3"
    store, game = await opened(path, log)
    try:
        shutil.copy(path, other)  # an older copy (its -wal not folded in): a backup put back
        os.replace(other, path)
        put_back = path.read_bytes()
        with pytest.raises(StorageFault) as refused:
            await store.append(game, 4, log[4:6], key="c")
        assert refused.value.what == "its file was replaced"
        assert path.read_bytes() == put_back  # the file put in place was not written to
    finally:
        await store.close()


async def test_a_file_replaced_while_writing_is_not_acknowledged(tmp_path, log, monkeypatch):
    """Replaced between the check before the write and its commit: the rows went to the old
    file, which a restart would not read, so the append is not acknowledged."""
    path = tmp_path / "games.sqlite3"
    store, game = await opened(path, log)
    append = sqlite_writer.append

    def replacing(conn, *args):
        done = append(conn, *args)
        sqlite3.connect(tmp_path / "new.sqlite3").close()
        os.replace(tmp_path / "new.sqlite3", path)
        return done

    monkeypatch.setattr(sqlite_writer, "append", replacing)
    try:
        with pytest.raises(StorageFault):
            await store.append(game, 4, log[4:6], key="c")
    finally:
        await store.close()


async def test_sqlite_failures_other_than_a_lock_are_storage_faults(tmp_path, log):
    """A read-only or damaged database is not "busy, try again": it needs an admin."""
    path = tmp_path / "games.sqlite3"
    store, game = await opened(path, log)
    try:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA query_only=ON")
        with pytest.raises(sqlite_writer.WriterFault, match="readonly"):
            sqlite_writer.clear_deadline(conn, game, None)
        conn.close()
    finally:
        await store.close()


def _immutable_supported(tmp_path: Path) -> str:
    """Why chattr +i cannot be tried here ("" if it can)."""
    probe = tmp_path / "probe"
    probe.write_text("x")
    try:
        done = subprocess.run(["chattr", "+i", str(probe)], capture_output=True, text=True)
    except FileNotFoundError:
        return "no chattr"
    if done.returncode != 0:
        return f"chattr +i refused: {done.stderr.strip()}"
    subprocess.run(["chattr", "-i", str(probe)], check=True)
    return ""


def test_files_made_immutable_are_refused_without_killing_the_process(tmp_path):
    """chattr +i on the database's files: SQLite's next touch of its mapped -shm file (a read,
    a write, closing the last connection) was SIGBUS. The store refuses instead, leaves its
    connections open, and the process ends normally."""
    unsupported = _immutable_supported(tmp_path)
    if unsupported:
        pytest.skip(unsupported)
    path = tmp_path / "games.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.store.immutable_writer", str(path)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    files = [str(path), f"{path}-wal", f"{path}-shm"]
    try:
        assert proc.stdout.readline().strip() == "appended"
        subprocess.run(["chattr", "+i", *files], check=True)
        out, _ = proc.communicate("go\n", timeout=60)
    finally:
        subprocess.run(["chattr", "-i", *files], capture_output=True)
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, f"exit status {proc.returncode} (-7 is SIGBUS): {out}"
    assert out.splitlines() == [
        "read refused: its file was made read-only",
        "append refused: its file was made read-only",
        "closed, left open: True",
    ]


async def test_a_damaged_page_met_while_running_is_a_storage_fault(tmp_path):
    """A page of events damaged on disk: reading that game is refused as a fault an admin
    must mend, not "busy, try again" nor an unexpected error."""
    path = tmp_path / "games.sqlite3"
    store = await EventStore.open(sqlite_url(str(path)))
    games = []
    for seed in range(1, 4):
        events = play(4, seed, keep_events=True)[2]
        games.append(await store.create_game("guild-master", players=4))
        await store.append(games[-1], 0, events)
    await store.close()
    size = path.stat().st_size
    with path.open("r+b") as file:  # the second half holds the events' pages
        file.seek(size * 3 // 4)
        file.write(bytes(range(256)) * 64)
    store = await EventStore.open(sqlite_url(str(path)))
    try:
        with pytest.raises(StorageFault, match="malformed"):
            for game in games:
                await store.read(game)
    finally:
        await store.close()
