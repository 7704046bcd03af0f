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
reaches them. `render_async(fn, *args)` runs any of them on a worker thread so the bot's event
loop never waits on drawing. Text is drawn with DejaVu Sans, shipped in `fonts/`.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bot.render.pictures.board_image import board
from bot.render.pictures.final_image import final
from bot.render.pictures.reveal_image import reveal
from bot.render.pictures.sheet_image import guild_sheet

__all__ = ["board", "final", "guild_sheet", "render_async", "reveal"]

# One worker: renders are serialised. They take tens of milliseconds, and the cached fonts are
# FreeType faces, which may be used by one thread at a time only.
_executor: ThreadPoolExecutor | None = None


def _pool() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
    return _executor


async def render_async(fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
    """Run the renderer `fn(*args, **kwargs)` on a worker thread and await its PNG bytes.

    Renders queue for the one worker thread. A thread, not a process: the arguments (a
    GameState, and Names holding the card pack) would have to be pickled to another process at a
    cost near the render's own. The event loop keeps running meanwhile: Pillow does most of its
    work (drawing, PNG encoding) outside the GIL, and a busy Python loop was measured to keep
    90–95% of its speed beside a rendering thread.
    """
    loop = asyncio.get_running_loop()
    call = functools.partial(contextvars.copy_context().run, fn, *args, **kwargs)
    return await loop.run_in_executor(_pool(), call)
