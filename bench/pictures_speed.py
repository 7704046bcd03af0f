"""How long each picture takes, for a 4-player mid-game state.

    python bench/pictures_speed.py [--renders N] [--seed S]

The state is the Action Phase of Round 5 of a simulated 4-player game (orders revealed). Each
picture is rendered a few times to warm the caches (fonts, symbols, track drawings), then N times;
the median wall time of one render (drawing and PNG encoding) is printed with the PNG's size, and
the share of it spent drawing (the rest is PNG encoding). Aim: under 100 ms each.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.progress import progress
from bot.render.pictures import canvas
from engine.core import PUBLIC, Seat
from games.guild_master import GAME, pictures
from games.guild_master.players.simulate import play
from games.guild_master.presentation.text import Names
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import ActionStep, GameState

WARM_UP = 3


def mid_game(seed: int) -> GameState:
    _, _, log = play(4, seed, keep_events=True)
    state = None
    for event in log:
        state = GAME.evolve(state, event)
        if state.round == 5 and isinstance(state.step, ActionStep):
            return state
    raise SystemExit(f"seed {seed}: no Action Phase in Round 5")


def median_ms(fn, renders: int, what: str) -> float:
    """The median wall time of one call of `fn`, in ms, over `renders` timed calls. Each call
    is timed alone: the progress bar draws between them, outside the timed call."""
    for _ in range(WARM_UP):
        fn()
    times = []
    for _ in progress(range(renders), what=what, unit=" renders"):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--renders", type=int, default=30)
    parser.add_argument("--seed", type=int, default=105)
    args = parser.parse_args()
    state = mid_game(args.seed)
    names = Names(load_pack(state.pack), ["Kim", "", "Chris", ""])
    _, final, _ = play(4, args.seed)
    public = GAME.view(state, PUBLIC)
    cases = {
        "board": (pictures.board, (public, names)),
        "reveal": (pictures.reveal, (public, names)),
        "guild_sheet (private)": (
            pictures.guild_sheet,
            (GAME.view(state, Seat(0)), names, 0, True),
        ),
        "final (end of game)": (pictures.final, (GAME.view(final, PUBLIC), names)),
    }
    print(f"4 players, seed {args.seed}, round {state.round}; median of {args.renders} renders")
    print(f"{'picture':<24}{'size':>12}{'bytes':>10}{'total':>10}{'drawing':>10}")
    real_png = canvas.png
    for name, (fn, fargs) in cases.items():
        data = fn(*fargs)
        total = median_ms(lambda fn=fn, fargs=fargs: fn(*fargs), args.renders, name)
        canvas.png = lambda img: b""  # drawing alone: the same call without the PNG encoding
        try:
            drawing = median_ms(
                lambda fn=fn, fargs=fargs: fn(*fargs), args.renders, f"{name}, drawing"
            )
        finally:
            canvas.png = real_png
        width = int.from_bytes(data[16:20], "big")
        height = int.from_bytes(data[20:24], "big")
        print(
            f"{name:<24}{f'{width}×{height}':>12}{len(data):>10,}{total:>8.1f}ms{drawing:>8.1f}ms"
        )


if __name__ == "__main__":
    main()
