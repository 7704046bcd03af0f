"""The store's file checks made cheap (issue 26): the database's file and -wal are compared
with the ones it opened only when an inotify watch of their directory reports a change, or
once every `RECHECK_EVERY` seconds (`FileGuard`). A file deleted, moved or replaced is still
refused before the next write, however soon after the last comparison; without a watch, every
access compares them, as before."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.store import EventStore, StorageFault, sqlite_url, sqlite_writer
from bot.store.sqlite_writer import RECHECK_EVERY, DirectoryWatch, FileGuard
from games.guild_master.players.simulate import play


@pytest.fixture
def log():
    return play(2, 1, keep_events=True)[2]


@pytest.fixture
def clock(monkeypatch):
    """The guard's clock, stopped: only the tests move it."""
    now = [1000.0]
    monkeypatch.setattr(sqlite_writer, "time", SimpleNamespace(monotonic=lambda: now[0]))
    return now


def counted(guard: FileGuard) -> list[int]:
    """Count the guard's comparisons of the files' inodes (one entry per comparison)."""
    calls: list[int] = []
    compare = guard._compare

    def counting() -> None:
        calls.append(1)
        compare()

    guard._compare = counting  # type: ignore[method-assign]
    return calls


async def opened(path: Path, log) -> tuple[EventStore, int, FileGuard]:
    """A store on `path` with one game and two appends (4 events); its guard, watch drained."""
    store = await EventStore.open(sqlite_url(str(path)))
    game = await store.create_game("guild-master", players=2)
    await store.append(game, 0, log[:2], key="a")
    await store.append(game, 2, log[2:4], key="b")
    assert store._writer is not None
    guard = store._writer.guard
    assert guard.watch is not None, "inotify is available on this machine"
    guard.watch.changed()
    return store, game, guard


async def test_without_a_change_the_files_are_compared_once_a_recheck_interval(
    tmp_path, log, clock
):
    store, game, guard = await opened(tmp_path / "games.sqlite3", log)
    calls = counted(guard)
    try:
        version = 4
        for i in range(10):  # reads and writes, the clock stopped: the watch says nothing
            await store.read(game)
            await store.append(game, version, log[version : version + 1], key=f"k{i}")
            version += 1
        assert calls == []
        clock[0] += RECHECK_EVERY
        await store.append(game, version, log[version : version + 1], key="late")
        assert len(calls) == 1  # before the write; after it the next is not due yet
        assert [seq for seq, _ in await store.read(game)] == list(range(1, version + 2))
    finally:
        await store.close()


async def test_a_file_replaced_just_after_a_comparison_is_refused_before_the_next_write(
    tmp_path, log, clock
):
    """The clock stopped: no comparison is due, yet the replaced file is refused (the watch)."""
    path = tmp_path / "games.sqlite3"
    store, game, guard = await opened(path, log)
    calls = counted(guard)
    try:
        await store.read(game)
        assert calls == []
        other = tmp_path / "other.sqlite3"
        other.write_bytes(path.read_bytes())
        os.replace(other, path)
        put_back = path.read_bytes()
        with pytest.raises(StorageFault) as refused:
            await store.append(game, 4, log[4:6], key="c")
        assert refused.value.what == "its file was replaced"
        assert calls == [1]
        assert path.read_bytes() == put_back
        with pytest.raises(StorageFault):  # for good
            await store.read(game)
    finally:
        await store.close()


async def test_a_file_deleted_just_after_a_comparison_is_refused_before_the_next_write(
    tmp_path, log, clock
):
    path = tmp_path / "games.sqlite3"
    store, game, _guard = await opened(path, log)
    try:
        os.unlink(path)
        with pytest.raises(StorageFault) as refused:
            await store.append(game, 4, log[4:6], key="c")
        assert refused.value.what == "its file was deleted or moved"
    finally:
        await store.close()


async def test_a_file_replaced_during_a_write_is_not_acknowledged_without_a_comparison_due(
    tmp_path, log, clock, monkeypatch
):
    """Replaced between the check before the write and its commit, the clock stopped: the
    check after the write finds it through the watch."""
    path = tmp_path / "games.sqlite3"
    store, game, _guard = await opened(path, log)
    append = sqlite_writer.append

    def replacing(conn, *args):
        done = append(conn, *args)
        (tmp_path / "new.sqlite3").write_bytes(b"")
        os.replace(tmp_path / "new.sqlite3", path)
        return done

    monkeypatch.setattr(sqlite_writer, "append", replacing)
    try:
        with pytest.raises(StorageFault):
            await store.append(game, 4, log[4:6], key="c")
    finally:
        await store.close()


async def test_the_directory_moved_away_is_refused_at_once(tmp_path, log, clock):
    """A watch sees nothing of its own directory renamed by its parent; the -shm file's check,
    made at every access, finds it gone."""
    folder = tmp_path / "data"
    folder.mkdir()
    store, game, _guard = await opened(folder / "games.sqlite3", log)
    try:
        folder.rename(tmp_path / "moved")
        with pytest.raises(StorageFault) as refused:
            await store.append(game, 4, log[4:6], key="c")
        assert refused.value.what == "its file was deleted or moved"
    finally:
        await store.close()


async def test_without_a_watch_every_access_compares_the_files(tmp_path, log, monkeypatch):
    monkeypatch.setattr(DirectoryWatch, "of", classmethod(lambda cls, directory: None))
    path = tmp_path / "games.sqlite3"
    store = await EventStore.open(sqlite_url(str(path)))
    try:
        game = await store.create_game("guild-master", players=2)
        assert store._writer is not None and store._writer.guard.watch is None
        calls = counted(store._writer.guard)
        await store.append(game, 0, log[:2], key="a")
        await store.read(game)
        assert len(calls) == 3  # before and after the write, before the read
        other = tmp_path / "other.sqlite3"
        other.write_bytes(path.read_bytes())
        os.replace(other, path)
        with pytest.raises(StorageFault):
            await store.read(game)
    finally:
        await store.close()


def test_the_watch_reports_changes_of_the_directorys_entries_once(tmp_path):
    watch = DirectoryWatch.of(str(tmp_path))
    assert watch is not None
    try:
        assert not watch.changed()
        (tmp_path / "a").write_text("x")
        assert watch.changed()
        assert not watch.changed()  # drained
        with (tmp_path / "a").open("a") as f:
            f.write("more")  # a write to a file is not a change of the directory's entries
        assert not watch.changed()
        os.chmod(tmp_path / "a", 0o600)
        assert watch.changed()
        os.rename(tmp_path / "a", tmp_path / "b")
        assert watch.changed()
    finally:
        watch.close()
