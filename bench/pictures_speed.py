"""How much CPU each picture of Guild Master takes, before and after the caches and the encoder
of issue 26, side by side in one run; and what each encoding Discord shows inline costs.

    python bench/pictures_speed.py [--games N] [--players P] [--seed S] [--encodes E]

The pictures are those of N simulated P-player games (seeds S, S+1, ...): each game's board,
revealed orders and every guild's private sheet in the Action Phase of Round 5, and its final
standings. Each kind is drawn as a stream, one game after another, as the picture worker draws
them for many games in play, in these ways (best of 3 runs each, CPU time of this process):

- before: every cache emptied before each picture (glyph runs, parts) and the PNG deflated by
  zlib at level 1, as `canvas.png` did before: the code before issue 26 but for the cost of
  filling the caches (the same pixels, drawn the same way);
- after: the caches kept across the stream, starting empty, and the PNG deflated by ISA-L at
  level 1 (`canvas.png` now): the first pictures of a new worker;
- warm: the same, the caches kept from an untimed pass over the same stream: a worker that has
  drawn these cards and texts before, as one long in play with many games has;
- again: the same picture asked for a second time through the game's public function (the
  whole-picture cache: neither drawn nor encoded).

Then, on the first game's picture of each kind, each encoding: bytes and milliseconds (median of E
encodes), and whether it keeps every pixel. Discord shows PNG and WebP inline.

    python bench/pictures_speed.py --worker [--games N] [--players P] [--seed S]

The pictures N whole simulated games ask for, in the order their updates ask (`asked`): the board
at each Order Phase, the revealed orders at the end of each Action Phase, each guild's own sheet
with round 1's board and after that whenever what it shows but Gold and Fame changed (as
games/guild_master/presentation/updates.py sends them), and the standings at the end. They are
drawn by a picture worker process started for the run, as the bot asks for them, one after
another: the worker's CPU (user and system, from /proc) and minor page faults per picture, and
the CPU of the bot's thread that sends each call and reads its picture back. The worker's start
(its imports and its first picture) is left out.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time
import zlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from isal import isal_zlib
from PIL import Image, ImageChops

from bot.progress import progress
from bot.render.pictures import _Worker
from bot.render.pictures import canvas as cv
from engine.core import PUBLIC, Seat
from games.guild_master import GAME, pictures
from games.guild_master.pictures.board_image import draw_board
from games.guild_master.pictures.final_image import draw_final
from games.guild_master.pictures.reveal_image import draw_reveal
from games.guild_master.pictures.sheet_image import draw_sheet
from games.guild_master.players.simulate import play
from games.guild_master.presentation.text import Names
from games.guild_master.presentation.updates import sheet_shows
from games.guild_master.rules import events as ev
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import ActionStep, GameState
from games.guild_master.rules.views import PublicView, SeatView

RUNS = 3
ROUND = 5


class Case:
    """One picture: how to draw it (an Image), and how to ask the game for it (PNG bytes)."""

    def __init__(self, draw: Callable[[], Image.Image], ask: Callable[[], bytes]) -> None:
        self.draw = draw
        self.ask = ask


def mid_game(players: int, seed: int) -> tuple[GameState, GameState] | None:
    """The Action Phase of Round 5 of a simulated game, and its end; None if it has none."""
    _, final, log = play(players, seed, keep_events=True)
    state = None
    for event in log:
        state = GAME.evolve(state, event)
        if state.round == ROUND and isinstance(state.step, ActionStep):
            return state, final
    return None


def cases(players: int, seed: int, games: int) -> dict[str, list[Case]]:
    """Every picture of `games` games, by kind."""
    out: dict[str, list[Case]] = {"board": [], "reveal": [], "guild_sheet": [], "final": []}
    s = seed
    while len(out["board"]) < games:
        found = mid_game(players, s)
        s += 1
        if found is None:
            continue
        state, final = found
        pack = load_pack(state.pack)
        names = Names(pack, ["Kim", "", "Chris", "", ""][:players])
        pv, fv = GAME.view(state, PUBLIC), GAME.view(final, PUBLIC)
        assert isinstance(pv, PublicView) and isinstance(fv, PublicView)
        out["board"].append(
            Case(partial(draw_board, pv, pack, names), partial(pictures.board, pv, names))
        )
        out["reveal"].append(
            Case(partial(draw_reveal, pv, pack, names), partial(pictures.reveal, pv, names))
        )
        for seat in range(players):
            own = GAME.view(state, Seat(seat))
            assert isinstance(own, SeatView)
            out["guild_sheet"].append(
                Case(
                    partial(draw_sheet, pv.guilds[seat], pack, names, own.private_contracts),
                    partial(pictures.guild_sheet, own, names, seat, True),
                )
            )
        out["final"].append(
            Case(partial(draw_final, fv, names), partial(pictures.final, fv, names))
        )
    return out


def zlib_png(img: Image.Image) -> bytes:
    """The PNG as `canvas.png` made it before: the same rows, deflated by zlib at level 1."""
    return cv.encode_png(img, zlib.compressobj(1))


def stream(
    kind: list[Case], encode: Callable[[Image.Image], bytes], caches: str
) -> tuple[float, float, int]:
    """(CPU seconds drawing, CPU seconds encoding, bytes) for the stream of pictures, best of
    RUNS. `caches`: "cold", emptied before every picture; "empty", emptied before the stream;
    "warm", kept from an untimed pass over the same stream (every part and run seen once)."""
    best: tuple[float, float, int] | None = None
    for _ in range(RUNS):
        cv.clear_caches()
        if caches == "warm":
            for case in kind:
                case.draw()
        drawing = encoding = 0.0
        size = 0
        for case in kind:
            if caches == "cold":
                cv.clear_caches()
            start = time.process_time()
            img = case.draw()
            drawn = time.process_time()
            size += len(encode(img))
            encoding += time.process_time() - drawn
            drawing += drawn - start
        if best is None or drawing + encoding < best[0] + best[1]:
            best = (drawing, encoding, size)
    assert best is not None
    return best


def asked_again(kind: list[Case]) -> float:
    """CPU seconds for the second asking of each picture (the first fills the cache)."""
    cv.clear_caches()
    total = 0.0
    for case in kind:
        case.ask()
        start = time.process_time()
        case.ask()
        total += time.process_time() - start
    return total


def pillow(img: Image.Image, **options: Any) -> bytes:
    out = io.BytesIO()
    img.save(out, **options)
    return out.getvalue()


ENCODINGS: dict[str, Callable[[Image.Image], bytes]] = {
    "PNG, zlib level 1 (before)": zlib_png,
    "PNG, ISA-L level 0": lambda img: cv.encode_png(img, isal_zlib.compressobj(0)),
    "PNG, ISA-L level 1 (now)": cv.png,
    "PNG, ISA-L level 2": lambda img: cv.encode_png(img, isal_zlib.compressobj(2)),
    "PNG, Pillow level 1": lambda img: pillow(img, format="PNG", compress_level=1),
    "PNG, Pillow level 6": lambda img: pillow(img, format="PNG", compress_level=6),
    "PNG, Pillow level 9 optimize": lambda img: pillow(
        img, format="PNG", compress_level=9, optimize=True
    ),
    "WebP lossless, method 0 q0": lambda img: pillow(
        img, format="WEBP", lossless=True, method=0, quality=0
    ),
    "WebP lossless, method 0 q50": lambda img: pillow(
        img, format="WEBP", lossless=True, method=0, quality=50
    ),
    "WebP lossless, method 1 q25": lambda img: pillow(
        img, format="WEBP", lossless=True, method=1, quality=25
    ),
    "WebP lossless, method 4 q75": lambda img: pillow(
        img, format="WEBP", lossless=True, method=4, quality=75
    ),
    "WebP lossy, method 0 q90": lambda img: pillow(img, format="WEBP", quality=90, method=0),
    "WebP lossy, method 4 q80": lambda img: pillow(img, format="WEBP", quality=80, method=4),
}


def median_ms(fn: Callable[[], object], times: int) -> float:
    spent = []
    for _ in range(times):
        start = time.process_time()
        fn()
        spent.append(time.process_time() - start)
    return statistics.median(spent) * 1000


def lossless(img: Image.Image, data: bytes) -> bool:
    back = Image.open(io.BytesIO(data)).convert("RGB")
    return ImageChops.difference(back, img).getbbox() is None


def asked(
    players: int, seed: int, players_names: Sequence[str] = ("Kim", "", "Chris", "", "")
) -> list[tuple[str, Callable[[], bytes]]]:
    """The pictures one simulated game's updates ask for, in order, by kind, the guilds named
    `players_names` ("" for a guild's own name)."""
    _, final, log = play(players, seed, keep_events=True)
    names = Names(load_pack(final.pack), list(players_names[:players]))
    out: list[tuple[str, Callable[[], bytes]]] = []
    sheets: list[object] = [None] * players
    revealed: PublicView | None = None  # the orders, as the Action Phase has left them so far
    state: GameState | None = None
    for event in log:
        state = GAME.evolve(state, event)
        public = GAME.view(state, PUBLIC)
        assert isinstance(public, PublicView)
        if revealed is not None and state.phase.value != "action":
            out.append(("reveal", partial(pictures.reveal, revealed, names)))
            revealed = None
        if state.phase.value == "action" and (revealed is not None or public.orders):
            revealed = public
        if isinstance(event, ev.OrderPhaseStarted):
            out.append(("board", partial(pictures.board, public, names)))
            for seat in range(players):
                own = GAME.view(state, Seat(seat))
                assert isinstance(own, SeatView)
                if state.round == 1 or sheet_shows(own) != sheets[seat]:
                    sheet = partial(pictures.guild_sheet, own, names, seat, True)
                    out.append(("guild_sheet", sheet))
                sheets[seat] = sheet_shows(own)
        if isinstance(event, ev.GameEnded):
            out.append(("final", partial(pictures.final, public, names)))
    return out


def _process(pid: int) -> tuple[float, float, int]:
    """(user CPU s, system CPU s, minor faults) of a process so far."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick, int(fields[7])


def through_the_worker(players: int, seed: int, games: int) -> None:
    """Whole games' pictures drawn by a picture worker process, as the bot asks for them."""
    calls = [c for s in range(seed, seed + games) for c in asked(players, s)]
    counts = {kind: sum(k == kind for k, _ in calls) for kind in dict.fromkeys(k for k, _ in calls)}
    print(
        f"{games} games of {players} players from seed {seed}: {len(calls)} pictures "
        + ", ".join(f"{n} {kind}" for kind, n in counts.items())
    )
    worker = _Worker()
    try:
        worker.call(calls[0][1])  # its imports and first picture, left out
        user, system, faults = _process(worker.process.pid)
        start = time.thread_time()
        size = sum(len(worker.call(call)) for _, call in calls)
        bot = time.thread_time() - start
        time.sleep(0.2)  # the worker's last answer written, its CPU counted
        user2, system2, faults2 = _process(worker.process.pid)
    finally:
        worker.stop()
    n = len(calls)
    print(
        f"worker CPU a picture: user {(user2 - user) / n * 1000:.2f} + system "
        f"{(system2 - system) / n * 1000:.2f} = {(user2 + system2 - user - system) / n * 1000:.2f}"
        f" ms; {(faults2 - faults) / n:.0f} minor page faults; {size / n / 1000:.0f} kB\n"
        f"the bot's thread a picture (pickling the call, reading the picture back): "
        f"{bot / n * 1000:.3f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=105)
    parser.add_argument("--encodes", type=int, default=7)
    parser.add_argument(
        "--worker", action="store_true", help="whole games' pictures through a worker process"
    )
    args = parser.parse_args()
    if args.worker:
        through_the_worker(args.players, args.seed, args.games)
        return
    kinds = cases(args.players, args.seed, args.games)
    print(
        f"{args.games} games of {args.players} players from seed {args.seed}, Action Phase of "
        f"Round {ROUND} (final: the end); CPU ms per picture, best of {RUNS} streams"
    )
    print(
        f"{'picture':<13}{'n':>4}{'before: draw + encode':>24}{'after: draw + encode':>24}"
        f"{'ratio':>7}{'warm: draw + encode':>24}{'ratio':>7}{'pictures/CPU s':>20}"
        f"{'kB':>12}{'again':>9}"
    )
    for name, kind in progress(kinds.items(), what="pictures", unit=" kinds"):
        n = len(kind)
        figures = [
            stream(kind, zlib_png, "cold"),
            stream(kind, cv.png, "empty"),
            stream(kind, cv.png, "warm"),
        ]
        ms = [(d + e) / n * 1000 for d, e, _ in figures]
        cells = [
            f"{d / n * 1000:.1f} + {e / n * 1000:.1f} = {t:.1f}"
            for (d, e, _), t in zip(figures, ms, strict=True)
        ]
        rates = " → ".join(f"{1000 / t:.0f}" for t in ms)
        kb = " → ".join(f"{size / n / 1000:.0f}" for _, _, size in figures[:2])
        again = asked_again(kind) / n * 1000
        print(
            f"{name:<13}{n:>4}{cells[0]:>24}{cells[1]:>24}{ms[1] / ms[0]:>7.2f}{cells[2]:>24}"
            f"{ms[2] / ms[0]:>7.2f}{rates:>20}{kb:>12}{again:>7.2f}ms"
        )
        print(
            f"{'':<17}caches after the warm stream: glyph runs {len(cv._MASKS)} "
            f"({cv._MASKS.size / 1e6:.1f} MB), parts {len(cv._TILES)} "
            f"({cv._TILES.size / 1e6:.1f} MB)"
        )
    print(f"\nencodings of the first game's pictures (median of {args.encodes}, CPU ms)")
    print(f"{'encoding':<32}" + "".join(f"{name:>24}" for name in kinds))
    images = {name: kind[0].draw() for name, kind in kinds.items()}
    for label, encode in progress(ENCODINGS.items(), what="encodings", unit=" encodings"):
        cells = []
        for img in images.values():
            data = encode(img)
            ms = median_ms(partial(encode, img), args.encodes)
            mark = "" if lossless(img, data) else " lossy"
            cells.append(f"{len(data) / 1000:.0f} kB {ms:6.1f} ms{mark}")
        print(f"{label:<32}" + "".join(f"{c:>24}" for c in cells))


if __name__ == "__main__":
    main()
