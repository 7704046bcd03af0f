"""The C allocator's free memory handed back to the system, in the bot and its picture worker.

Python keeps its small objects in its own arenas, but everything larger (a dict's table, a
payload's text, a picture's buffer) comes from glibc's malloc, whose heap keeps the pages of
freed blocks resident unless they are at its top. After a burst of clicks the bot's heap held
35-45 MB of such free pages (bench/memory_probe.py at 2,000 games: 258 -> 223 MB at rest after
one `malloc_trim`), the picture worker's 20-26 MB, counted in the processes' memory all the same.
So each process trims its heap about once a second: `malloc_trim(0)` gives back every free page,
inside the heap as well as at its top, and the next allocations fault in what they need again.
(No asyncio here: the picture worker imports this module, and asyncio would add 7 MB to it.)
"""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable

# Seconds between two trims. The picture worker's trim after every picture cost it 3 ms a
# picture (the pages faulted in again); every 10 s saved 0.14 ms of its CPU an interaction under
# bench/load.py but raised its peak by 5-7 MB (docs/performance.md, Pictures, S5).
TRIM_EVERY = 1.0


def trimmer() -> Callable[[], None]:
    """glibc's malloc_trim(0), which hands the free pages of the heap back to the system; a
    no-op where the C library has none."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return lambda: None
    trim.argtypes = [ctypes.c_size_t]
    return lambda: trim(0)
