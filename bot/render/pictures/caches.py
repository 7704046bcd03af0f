"""Caches of what pictures are made of, bounded by the bytes they hold rather than by a count:
what one entry holds varies a thousandfold (a glyph run of "3" against a whole PNG), and the
picture worker's memory counts against the bot's (docs/performance.md, Load).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class SizedCache(Generic[V]):
    """A least-recently-used cache holding at most `budget` bytes, as its callers count them.

    An entry larger than a quarter of the budget is not kept (it would push out many others
    for one). `hits` and `misses` are counted for the benchmarks. Safe to share between threads:
    the worker draws on one, but a bot whose worker died draws on a thread of its own, and a
    test or a script may draw on the event loop's besides."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.size = 0
        self.hits = 0
        self.misses = 0
        self._entries: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> V | None:
        """The value kept under `key` (now the most recently used), or None."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                return None
            self.hits += 1
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key: Hashable, value: V, size: int) -> None:
        """Keep `value` under `key`, taking `size` bytes; the least recently used entries go
        until the cache is within its budget."""
        if size > self.budget // 4:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.size -= old[1]
            self._entries[key] = (value, size)
            self.size += size
            while self.size > self.budget:
                _key, (_value, gone) = self._entries.popitem(last=False)
                self.size -= gone

    def clear(self) -> None:
        """Forget every entry (and the counts)."""
        with self._lock:
            self._entries.clear()
            self.size = self.hits = self.misses = 0
