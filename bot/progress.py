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
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

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
    with _bar(items, total, what, unit) as bar:
        yield from bar


@contextmanager
def counter(total: int, *, what: str = "", unit: str = "it") -> Iterator[Callable[[int], None]]:
    """A bar on standard error counting up to `total`, moved on by calling what this yields
    with the number of items done since; when standard error is no terminal, a call that does
    nothing. For work that is no loop of its own (a benchmark's bursts of requests): the caller
    says when the bar may draw, so that it never draws inside a timed section."""
    if not shown():
        yield lambda done: None
        return
    with _bar(None, total, what, unit) as bar:
        yield bar.update


@contextmanager
def _bar(items: Iterable[Any] | None, total: int | None, what: str, unit: str) -> Iterator[Any]:
    """tqdm's bar on standard error over `items` (None: moved on by its `update`), wiped when
    done."""
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
        yield bar


def _size() -> tuple[int, int]:
    """The columns and lines of the terminal standard error is, 0 where it does not say."""
    try:
        size = os.get_terminal_size(sys.stderr.fileno())
    except (AttributeError, ValueError, OSError):
        return 0, 0
    return size.columns, size.lines
