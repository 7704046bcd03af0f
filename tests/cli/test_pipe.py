"""A command piped into `head -1` (issue 20): when the reader closes the pipe after the first
line, `guildmaster` ends quietly, with no traceback, and exit status 141 (as a program ended by
SIGPIPE), not with a BrokenPipeError traceback."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import STDOUT_CLOSED
from bot.store import EventStore, sqlite_url

ROOT = Path(__file__).resolve().parents[2]
# More output than a pipe holds (64 KiB on Linux) and the reader's first chunk: the command
# still has lines to write when the reader has gone.
BIG = 100_000


def first_line_then_close(args: list[str], cwd: Path) -> tuple[bytes, int, bytes]:
    """Run `guildmaster ARGS`, read its first line of output, close the pipe as `head -1` does;
    (that line, exit status, all of its stderr)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot.cli", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    line = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    return line, proc.wait(timeout=120), err


def full_output(args: list[str], cwd: Path) -> bytes:
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", *args], cwd=cwd, capture_output=True, timeout=120
    )
    return done.stdout


@pytest.mark.parametrize(
    "args",
    [
        # every scenario file of the games, and their card files (each a FAIL line), fifteen times
        ["scenario", "run", *["games"] * 15],
        ["simulate", "--players", "2", "--games", "400", "--seats", "random", "--json"],
    ],
    ids=["scenario run", "simulate"],
)
def test_a_command_whose_reader_goes_away_ends_quietly(args: list[str]) -> None:
    assert len(full_output(args, ROOT)) > BIG
    line, code, err = first_line_then_close(args, ROOT)
    assert line  # it printed, and then its reader went away
    assert code == STDOUT_CLOSED == 141
    assert err == b""  # no traceback, no "Exception ignored"


def test_the_database_list_piped_into_head_ends_quietly(tmp_path: Path) -> None:
    """`guildmaster games | head -1`, through the store and asyncio."""
    path = tmp_path / "guildmaster.sqlite3"

    async def fill() -> None:
        store = await EventStore.open(sqlite_url(str(path)))
        for seed in range(2000):
            await store.create_game("guild-master", players=2, seed=seed)
        await store.close()

    asyncio.run(fill())
    args = ["games", "--database", sqlite_url(str(path))]
    assert len(full_output(args, tmp_path)) > BIG
    line, code, err = first_line_then_close(args, tmp_path)
    assert line and code == STDOUT_CLOSED and err == b""


def test_output_read_to_the_end_keeps_its_status(tmp_path: Path) -> None:
    """The pipe handling changes nothing when the reader reads it all: `games` exits 0."""
    path = tmp_path / "guildmaster.sqlite3"

    async def make() -> None:
        store = await EventStore.open(sqlite_url(str(path)))
        await store.create_game("guild-master", players=2, seed=1)
        await store.close()

    asyncio.run(make())
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "games", "--database", sqlite_url(str(path))],
        cwd=tmp_path,
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout.count(b"\n") >= 1 and done.stderr == b""
