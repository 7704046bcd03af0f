"""The allocator's free memory handed back (bot/allocator.py; the bot's loop: keep_trimmed)."""

from __future__ import annotations

import asyncio
import ctypes.util
import platform
import subprocess
import sys

import pytest

from bot import allocator
from bot.chat import client


def resident_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


@pytest.mark.skipif(
    platform.system() != "Linux"
    or platform.libc_ver()[0] != "glibc"
    or not ctypes.util.find_library("c"),
    reason="malloc_trim is glibc's",
)
def test_a_trim_gives_back_the_free_pages_inside_the_heap() -> None:
    # Blocks over Python's 512-byte small objects come from malloc; keeping one in four leaves
    # holes of 9 kB inside the heap, which glibc keeps resident, as a burst's payloads and
    # answers do.
    blocks: list[bytearray | None] = [bytearray(3000) for _ in range(20_000)]
    for i in range(len(blocks)):
        if i % 4:
            blocks[i] = None
    before = resident_mb()
    allocator.trimmer()()
    assert before - resident_mb() > 10  # 45 MB freed, at least a whole page in every hole
    assert sum(len(b) for b in blocks if b is not None) == 5_000 * 3000


async def test_the_bot_trims_every_so_often_until_cancelled(monkeypatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(client, "trimmer", lambda: lambda: calls.append(1))
    task = asyncio.create_task(client.keep_trimmed(every=0.01))
    await asyncio.sleep(0.2)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    made = len(calls)
    assert made >= 3
    await asyncio.sleep(0.05)
    assert len(calls) == made  # none after it was cancelled


async def test_a_slow_trim_is_logged(monkeypatch, caplog) -> None:
    monkeypatch.setattr(client, "SLOW_TRIM", -1.0)
    task = asyncio.create_task(client.keep_trimmed(every=0.01))
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert "handing the heap's free memory back took" in caplog.text


def test_the_picture_worker_does_not_import_asyncio_for_it() -> None:
    # asyncio is about 7 MB of the worker's memory, which counts against the bot's.
    code = "import sys, bot.render.pictures.worker; print('asyncio' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
