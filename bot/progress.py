"""Progress bars for long command-line runs (`guildmaster simulate`, the benches).

The bar is tqdm's, drawn on standard error and only when standard error is a terminal: a run
piped to a file, into CI or under pytest's capture shows no bar, and standard output never holds
a byte of it, so the same arguments still print the same bytes. tqdm rather than rich: one small
pure-Python package with no dependencies of its own, whose bar is a single line on stderr, which
is all these runs need.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")


def shown() -> bool:
    """Whether a bar is drawn: standard error is a terminal."""
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced by an object without it, or closed
        return False


def progress(
    items: Iterable[T], *, total: int | None = None, what: str = "", unit: str = "it"
) -> Iterator[T]:
    """`items`, one by one, with a bar on standard error counting them (`what` names the run,
    `unit` one item) when standard error is a terminal; the items alone otherwise."""
    if not shown():
        yield from items
        return
    from tqdm import tqdm

    # leave=False: the bar is wiped when done, so the terminal keeps only what the run printed.
    # A terminal that reports no size (a pty never sized, as `script` or `docker run -t` may
    # give) would get no bar from tqdm (it hides bars below the last line): assume 80 x 24.
    columns, lines = _size()
    with tqdm(
        items,
        total=total,
        desc=what,
        unit=unit,
        file=sys.stderr,
        leave=False,
        ncols=columns or 80,
        nrows=lines or 24,
    ) as bar:
        yield from bar


def _size() -> tuple[int, int]:
    """The columns and lines of the terminal standard error is, 0 where it does not say."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (AttributeError, ValueError, OSError):
        return 0, 0
    return size.columns, size.lines
