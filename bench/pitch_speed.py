"""Guild Ball pitch engine speed: line-of-sight checks and path validations per CPU second.

    python bench/pitch_speed.py [--rounds N] [--repeat R]

The table is a realistic 3'×3' pitch in mid-game: 12 models (6 a side, 30, 40 and 50 mm bases,
two of them knocked down) spread over the middle third where the play is, a forest, a building
(a barrier), a wagon (an obstruction), a bog (rough) and an ice patch (fast), and the goalposts.
Each round asks line of sight between every ordered pair of models (132 checks, through
`Scene.sees`; then again only the pairs whose centre line a model hides, which need the full
search) and validates 48 paths (each model's sprint of two legs in four directions, through
`movement.move`). CPU time, not wall time, so other work on a shared machine does not count; the
best of `--repeat` runs is reported, as the least disturbed.
"""

from __future__ import annotations

import argparse
import math
import shlex
import sys
import time

from games.guild_ball.pitch import (
    STANDARD_PITCH,
    Base,
    Figure,
    MoveKind,
    Scene,
    Terrain,
    TerrainKind,
    move,
)
from games.guild_ball.pitch.geometry import point_segment_distance

# (id, x, y, base mm, blocks sight): two teams facing each other across the halfway line.
MODELS = (
    ("a1", 9.0, 14.0, 40, True),
    ("a2", 14.5, 15.5, 30, True),
    ("a3", 18.0, 13.0, 50, True),
    ("a4", 22.0, 16.0, 30, True),
    ("a5", 27.0, 14.5, 40, True),
    ("a6", 16.0, 19.5, 30, False),
    ("b1", 10.0, 21.0, 30, True),
    ("b2", 13.0, 18.5, 40, True),
    ("b3", 19.0, 20.0, 30, True),
    ("b4", 23.5, 19.0, 40, True),
    ("b5", 26.0, 22.5, 30, True),
    ("b6", 20.5, 17.5, 30, False),
)

TERRAIN = (
    Terrain.polygon(
        TerrainKind.FOREST, ((4, 16), (7, 15), (8.5, 18), (6, 20.5), (3.5, 19)), "forest"
    ),
    Terrain.rectangle(TerrainKind.BARRIER, 29, 17, 32, 21, "building"),
    Terrain.rectangle(TerrainKind.OBSTRUCTION, 15.5, 22.5, 18.5, 24, "wagon"),
    Terrain.circle(TerrainKind.ROUGH, 24, 11, 2.0, "bog"),
    Terrain.circle(TerrainKind.FAST, 11, 25, 1.5, "ice"),
)


PAIRS = [(a[0], b[0]) for a in MODELS for b in MODELS if a[0] != b[0]]


def table() -> Scene:
    """The benchmark's pitch."""
    figures = tuple(Figure(i, Base.at(x, y, mm), sight) for i, x, y, mm, sight in MODELS)
    return Scene(STANDARD_PITCH, TERRAIN, figures)


def paths(scene: Scene) -> list[tuple[str, tuple[tuple[float, float], ...]]]:
    """Four two-leg sprints of up to 8" for each model: 5" one way, then 3" turned 45°."""
    out = []
    for f in scene.figures:
        x, y = f.base.centre
        for k in range(4):
            a = math.radians(45 + 90 * k)
            mid = (x + 5 * math.cos(a), y + 5 * math.sin(a))
            b = a + math.radians(45)
            end = (mid[0] + 3 * math.cos(b), mid[1] + 3 * math.sin(b))
            out.append((f.id, (mid, end)))
    return out


def hidden_centre_line(scene: Scene, a: str, b: str) -> bool:
    """Whether the line between the two centres passes over another model's base: such a pair
    needs the full search of `sight.clear_line`, not its quick answer."""
    (ax, ay), _ = scene.base(a)
    (bx, by), _ = scene.base(b)
    return any(
        point_segment_distance(f.base.centre.x, f.base.centre.y, ax, ay, bx, by) < f.base.radius
        for f in scene.others(a, b)
        if f.blocks_sight
    )


def run(rounds: int) -> tuple[float, float, float, float, float]:
    """LOS checks per CPU second (all pairs, then only the pairs whose centre line is hidden by
    a model) and path validations per CPU second; the share of pairs in sight and of paths
    allowed."""
    scene = table()
    ids = [f.id for f in scene.figures]
    pairs = [(a, b) for a in ids for b in ids if a != b]
    hard = [(a, b) for a, b in pairs if hidden_centre_line(scene, a, b)]
    trips = paths(scene)
    seen = allowed = 0
    start = time.process_time()
    for _ in range(rounds):
        for a, b in pairs:
            seen += scene.sees(a, b)
    los_time = time.process_time() - start
    start = time.process_time()
    for _ in range(rounds):
        for a, b in hard:
            scene.sees(a, b)
    hard_time = time.process_time() - start
    start = time.process_time()
    for _ in range(rounds):
        for figure_id, waypoints in trips:
            allowed += move(scene, figure_id, waypoints, MoveKind.SPRINT, 8.0).ok
    path_time = time.process_time() - start
    return (
        rounds * len(pairs) / los_time,
        rounds * len(hard) / hard_time,
        rounds * len(trips) / path_time,
        seen / (rounds * len(pairs)),
        allowed / (rounds * len(trips)),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200, help="rounds per run (default 200)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best counts (default 3)")
    args = parser.parse_args(argv)
    command = shlex.join(
        ["python", "bench/pitch_speed.py", *(argv if argv is not None else sys.argv[1:])]
    )
    runs = [run(args.rounds) for _ in range(args.repeat)]
    los = max(r[0] for r in runs)
    hard = max(r[1] for r in runs)
    path = max(r[2] for r in runs)
    seen, allowed = runs[0][3], runs[0][4]
    hidden = sum(hidden_centre_line(table(), a, b) for a, b in PAIRS)
    print(f"$ {command}")
    print(
        f"Guild Ball pitch, 12 models and 7 terrain pieces: {los:,.0f} line-of-sight checks per "
        f"CPU second (best of {args.repeat} runs of {args.rounds} rounds of 132; runs: "
        f"{', '.join(f'{r[0]:,.0f}' for r in runs)}); {seen:.0%} of the pairs in sight."
    )
    print(
        f"The {hidden} pairs whose centre line passes over a model's base (the full search): "
        f"{hard:,.0f} checks per CPU second (runs: {', '.join(f'{r[1]:,.0f}' for r in runs)})."
    )
    print(
        f"{path:,.0f} path validations per CPU second (two-leg sprints, {args.rounds} rounds of "
        f"48; runs: {', '.join(f'{r[2]:,.0f}' for r in runs)}); {allowed:.0%} of the paths "
        f"allowed."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
