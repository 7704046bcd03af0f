"""Engine speed, measured side by side in one run.

    python bench/engine_speed.py [--games N] [--replays N]

1. Whole games per second of CPU time (one core), random players choosing every decision.
   CPU time, not wall time, so that other work on a shared machine does not count.
2. Replaying a finished game's event log (decode each JSON event and fold `evolve`) against
   json-decoding the same log with the standard library, and against folding already-decoded
   events. Aim: at least 100 games per second; replay at most 3 times the json-decode time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from bot.progress import progress
from engine.core.codec import Codec
from games.guild_master import GAME
from games.guild_master.players.simulate import play
from games.guild_master.rules.evolve import evolve


def games_per_second(games: int, players: int) -> tuple[float, float]:
    start = time.process_time()
    events = 0
    for seed in progress(range(games), what=f"{players} players", unit=" games"):
        result, _, _ = play(players, 10_000 + seed)
        events += result.events
    elapsed = time.process_time() - start
    return games / elapsed, events / games


def replay_ratios(replays: int) -> dict[str, float]:
    codec = Codec(GAME.event_types, GAME.upcasters)
    _, final, log = play(4, 777, keep_events=True)
    lines = [codec.encode(e) for e in log]
    versions = [codec.version_of(type(e).__struct_config__.tag) for e in log]

    def json_decode() -> None:
        for line in lines:
            json.loads(line)

    def replay() -> None:
        state = None
        for line, version in zip(lines, versions, strict=True):
            state = evolve(state, codec.decode(line, version))
        assert state == final

    def fold_only() -> None:
        state = None
        for e in log:
            state = evolve(state, e)

    timings: dict[str, list[float]] = {"json": [], "replay": [], "fold": []}
    for _ in range(replays):
        for name, fn in (("json", json_decode), ("replay", replay), ("fold", fold_only)):
            start = time.process_time()
            fn()
            timings[name].append(time.process_time() - start)
    best = {name: statistics.median(t) for name, t in timings.items()}
    return {
        "events": len(log),
        "bytes": sum(len(x) for x in lines),
        "json_ms": best["json"] * 1000,
        "replay_ms": best["replay"] * 1000,
        "fold_ms": best["fold"] * 1000,
        "replay_vs_json": best["replay"] / best["json"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--replays", type=int, default=50)
    args = parser.parse_args()
    for players in (2, 3, 4):
        rate, events = games_per_second(args.games, players)
        print(f"{players}-player games: {rate:7.1f} games/s on one core ({events:.0f} events/game)")
    r = replay_ratios(args.replays)
    print(
        f"replay of a 4-player game ({r['events']} events, {r['bytes']} bytes of JSON): "
        f"json.loads {r['json_ms']:.2f} ms, decode+evolve {r['replay_ms']:.2f} ms, "
        f"evolve alone {r['fold_ms']:.2f} ms; replay / json-decode = {r['replay_vs_json']:.2f}"
    )


if __name__ == "__main__":
    main()
