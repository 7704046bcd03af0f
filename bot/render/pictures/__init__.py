"""Pictures of a game of Guild Master, as PNG bytes drawn with Pillow.

Each picture is a pure function of the game state and the display names:

- `board(state, names)`: the board everybody sees (round and moon, Fame, Builder Cost, the
  adventurer and contract spots); face-down cards show only their back.
- `reveal(state, names)`: in the Action Phase, every guild's revealed orders side by side
  (team, objective, Gold; never the plans).
- `guild_sheet(state, names, seat, private)`: one guild's adventurers, upgrades, Gold and
  completed contracts; with `private=True` also its private contracts, for its own DM only.
- `final(state, names)`: the standings with where each guild's Fame came from, and a chart of
  Fame over the rounds.

Public pictures are drawn from `engine.games.guild_master.views.public_view`, so nothing secret
reaches them. `render_async(fn, *args)` runs any of them in a worker process, so drawing neither
blocks the bot's event loop nor competes with it for the GIL. Text is drawn with DejaVu Sans,
shipped in `fonts/`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.render.pictures.board_image import board
from bot.render.pictures.final_image import final
from bot.render.pictures.reveal_image import reveal
from bot.render.pictures.sheet_image import guild_sheet

__all__ = ["board", "final", "guild_sheet", "render_async", "reveal", "start"]

log = logging.getLogger("guildmaster.pictures")

# How often the worker checks that the bot process is still there (seconds).
WATCH_PARENT_EVERY = 0.5
# How much lower the worker's scheduling priority is than the bot's.
WORKER_NICENESS = 10

# One worker: renders are serialised, as they were on one thread, and the pictures never take
# more than one core from the bot. A process, not a thread: Pillow's drawing holds the GIL, and
# beside a rendering thread the event loop ran at under half its speed (docs/performance.md).
_executor: Executor | None = None
# False once the worker process could not be started, or died: pictures are drawn on a thread.
_in_process = True


def _pool() -> Executor:
    global _executor
    if _executor is None:
        if _in_process:
            _executor = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_in_worker,
                initargs=(os.getpid(),),
            )
        else:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
    return _executor


def _to_threads(exc: BaseException) -> None:
    """Draw on a thread from now on: the worker process could not start or has died."""
    global _executor, _in_process
    if not _in_process:
        return
    log.warning("the picture worker process failed (%r): drawing on a thread instead", exc)
    old, _executor, _in_process = _executor, None, False
    if old is not None:
        old.shutdown(wait=False, cancel_futures=True)


def _in_worker(parent: int) -> None:
    """Set up the worker process: it exits as soon as the bot process is gone.

    A pool's worker waits on a queue whose pipe it also holds open for writing, so it would
    never see the end of it and would outlive a bot process that was killed (SIGKILL leaves no
    time to stop it): it watches its parent instead, and a watchdog thread is cheap next to a
    picture.
    """
    if os.getppid() != parent:
        os._exit(0)
    # Pictures can wait a moment; answering a click cannot: on a busy machine the bot process
    # and its Discord connection get the CPU first.
    os.nice(WORKER_NICENESS)
    threading.Thread(target=_watch_parent, args=(parent,), name="watch-parent", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_PARENT_EVERY)
    os._exit(0)  # reparented: the bot process has died


def _ready() -> bool:
    return True


def start() -> None:
    """Start the picture worker now, at the bot's start-up, rather than with the first picture
    (starting a process and importing Pillow and the renderers takes about a second)."""
    try:
        _pool().submit(_ready)
    except (OSError, BrokenProcessPool) as exc:
        _to_threads(exc)


async def render_async(fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
    """Run the renderer `fn(*args, **kwargs)` in the picture worker; await its PNG bytes.

    Renders queue for the one worker. Its arguments are pickled to it: a GameState in some
    20 µs, and Names by its pack's name (see `Names.__reduce__`). If the worker process cannot
    be started, or dies, pictures are drawn on a thread of this process instead, for good.
    """
    call = functools.partial(fn, *args, **kwargs)
    if _in_process:
        try:
            future = _pool().submit(call)
        except (OSError, BrokenProcessPool) as exc:  # the process could not be started
            _to_threads(exc)
        else:
            try:
                return await asyncio.wrap_future(future)
            except BrokenProcessPool as exc:  # the process died
                _to_threads(exc)
    return await asyncio.wrap_future(_pool().submit(call))
