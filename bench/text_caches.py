"""What the picture worker's text caches hold, and what they save, at a few sizes.

    python bench/text_caches.py [--games 400] [--sizes 8192,4096,2048] [--whole]

Draws the pictures of simulated Guild Master games (2-4 players, seeds 0, 1, ...) one game after
another, as the picture worker draws them for many games in play: by default the first round's
pictures only (the board, each guild's sheet, the revealed orders), the round the load bench
plays, with players named a{i} and b{i} as there, so that every game brings names of its own;
`--whole`: every picture of each whole game, the guilds' own names. For each size the LRU text
caches of `bot/render/pictures/canvas.py` (`_extent`, `_placed`, `fit`, `_wrap`) are made anew
with that many entries, every cache emptied, and the stream drawn once. Reports per cache its
entries, hit rate and the bytes it holds (tracemalloc: the drop when it is emptied, the caches
emptied in turn, so a string two caches share counts for the last), and the stream's CPU time.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from pictures_speed import asked

from bot.render.pictures import canvas as cv

SIZED = ("_extent", "_placed", "fit", "_wrap")


def stream(games: int, whole: bool) -> list[Callable[[], bytes]]:
    """The pictures to draw, in order."""
    out: list[Callable[[], bytes]] = []
    for g in range(games):
        if whole:
            out += [ask for _kind, ask in asked(2 + g % 3, g)]
            continue
        pictures = asked(2 + g % 3, g, (f"a{g}", f"b{g}", f"c{g}", f"d{g}"))
        first_reveal = next(n for n, (kind, _) in enumerate(pictures) if kind == "reveal")
        out += [ask for _kind, ask in pictures[: first_reveal + 1]]
    return out


def measure(pictures: list[Callable[[], bytes]], size: int) -> None:
    """Draw `pictures` with the text caches at `size` entries and print what they hold."""
    for name in SIZED:
        setattr(cv, name, lru_cache(maxsize=size)(getattr(cv, name).__wrapped__))
    cached = {n: f for n, f in sorted(vars(cv).items()) if hasattr(f, "cache_info")}
    for fn in cached.values():
        fn.cache_clear()
    cv.clear_caches()
    gc.collect()
    tracemalloc.start()
    start = time.process_time()
    for ask in pictures:
        ask()
    cpu = time.process_time() - start
    cv.clear_caches()  # whole pictures, parts and masks: not the text caches measured here
    gc.collect()
    total = 0
    print(f"  at {size} entries: {len(pictures)} pictures drawn in {cpu:.1f} s of CPU")
    for name, fn in cached.items():
        info = fn.cache_info()
        held = tracemalloc.get_traced_memory()[0]
        fn.cache_clear()
        gc.collect()
        held -= tracemalloc.get_traced_memory()[0]
        total += held
        calls = info.hits + info.misses
        if calls:
            print(
                f"    {name:<12} {info.currsize:>6} entries (most {info.maxsize}), "
                f"hits {info.hits / calls:6.1%} of {calls:>8}, {held / 1e6:5.2f} MB"
            )
    tracemalloc.stop()
    print(f"    every text cache: {total / 1e6:.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--sizes", default="8192,4096,2048")
    parser.add_argument("--whole", action="store_true")
    args = parser.parse_args()
    pictures = stream(args.games, args.whole)
    what = "every picture of" if args.whole else "the first round's pictures of"
    print(f"{what} {args.games} games:")
    for size in (int(s) for s in args.sizes.split(",")):
        measure(pictures, size)


if __name__ == "__main__":
    main()
