"""Properties of the pitch engine over many random tables (hypothesis): measures are symmetric,
line of sight agrees with a brute-force search, pushes and legal moves never overlap a base or
enter a barrier, and scatters land at the rolled distance."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from games.guild_ball.pitch import (
    STANDARD_PITCH,
    TOLERANCE,
    Base,
    MoveKind,
    Point,
    Scene,
    Terrain,
    TerrainKind,
    circular_scatter,
    completely_within,
    distance,
    move,
    straight,
    within,
)
from games.guild_ball.pitch.bases import BALL_RADIUS
from games.guild_ball.pitch.geometry import point_segment_distance, segments_cross
from games.guild_ball.pitch.movement import point_along

coord = st.floats(min_value=2.0, max_value=34.0, allow_nan=False)
size = st.sampled_from((30, 40, 50))
bases = st.builds(Base.at, coord, coord, size)
WALL = Terrain.rectangle(TerrainKind.BARRIER, 16, 14, 20, 16, "wall")
BARRIERS = (WALL, *STANDARD_PITCH.goalposts())


def separate(candidates: list[Base]) -> list[Base]:
    """Keep the bases that overlap no barrier and none kept before them (a legal table)."""
    kept: list[Base] = []
    for b in candidates:
        if any(t.overlaps(b) for t in BARRIERS):
            continue
        if all(distance(b, k) > 0.05 for k in kept):
            kept.append(b)
    return kept


@given(bases, bases, st.floats(min_value=0, max_value=10))
def test_distance_and_within_are_symmetric(a, b, d):
    """Edge to edge, A to B is B to A, never negative; "within" follows."""
    assert distance(a, b) == distance(b, a) >= 0
    assert within(a, b, d) == within(b, a, d)


@given(bases, bases, st.floats(min_value=0, max_value=10))
def test_completely_within_implies_within(a, b, d):
    """All of a base within a distance means some of it is."""
    if completely_within(a, b, d):
        assert within(a, b, d)


@st.composite
def crowded_line(draw: st.DrawFn) -> list[Base]:
    """Two bases and up to six more close to the line between them, where blocking happens."""
    a, b = draw(bases), draw(bases)
    (ax, ay), (bx, by) = a.centre, b.centre
    n = math.hypot(bx - ax, by - ay) or 1.0
    nx, ny = -(by - ay) / n, (bx - ax) / n
    others = []
    for _ in range(draw(st.integers(0, 6))):
        t = draw(st.floats(min_value=0.1, max_value=0.9))
        off = draw(st.floats(min_value=-1.6, max_value=1.6))
        x, y = ax + t * (bx - ax) + off * nx, ay + t * (by - ay) + off * ny
        others.append(Base.at(x, y, draw(size)))
    return [a, b, *others]


@settings(max_examples=100, deadline=None)
@given(crowded_line())
def test_line_of_sight_is_symmetric(table):
    """Any point of one base to any point of the other: the same set of lines both ways."""
    a, b = table[0], table[1]
    kept = separate(table)
    if len(kept) < 2 or kept[0] != a or kept[1] != b:
        return
    figures = [(f"m{i}", k) for i, k in enumerate(kept)]
    s = Scene.build(STANDARD_PITCH, [WALL], figures)
    assert s.sees("m0", "m1") == s.sees("m1", "m0")


def sampled_clear_line(s: Scene, a: Base, b: Base, blockers: list[Base]) -> bool:
    """Brute force: try lines between 24 points on each base's outline and centre; a line is
    clear when it keeps a margin of 0.02" from every blocker and crosses no barrier."""

    def points(base: Base) -> list[tuple[float, float]]:
        (x, y), r = base
        ring = [
            (x + r * math.cos(k * math.pi / 12), y + r * math.sin(k * math.pi / 12))
            for k in range(24)
        ]
        return [(x, y), *ring]

    walls = [t for t in s.pieces if t.kind is TerrainKind.BARRIER]
    for px, py in points(a):
        for qx, qy in points(b):
            if any(
                point_segment_distance(c.x, c.y, px, py, qx, qy) < r + 0.02 for c, r in blockers
            ):
                continue
            blocked = False
            for w in walls:
                if w.points:
                    corners = w.points
                    edges = zip(corners, corners[1:] + corners[:1], strict=True)
                    inside = w.contains(((px + qx) / 2, (py + qy) / 2))
                    if inside or any(
                        segments_cross(px, py, qx, qy, e0.x, e0.y, e1.x, e1.y) for e0, e1 in edges
                    ):
                        blocked = True
                elif (
                    point_segment_distance(w.centre.x, w.centre.y, px, py, qx, qy) < w.radius + 0.02
                ):
                    blocked = True
            if not blocked:
                return True
    return False


@settings(max_examples=150, deadline=None)
@given(crowded_line())
def test_line_of_sight_finds_every_clear_line_a_brute_force_finds(table):
    """Whenever a brute-force search finds a clear line between two bases, `sees` says LOS."""
    a, b = table[0], table[1]
    kept = separate(table)
    if len(kept) < 2 or kept[0] != a or kept[1] != b:
        return
    figures = [(f"m{i}", k) for i, k in enumerate(kept)]
    s = Scene.build(STANDARD_PITCH, [WALL], figures)
    if sampled_clear_line(s, a, b, kept[2:]):
        assert s.sees("m0", "m1")


@settings(max_examples=80, deadline=None)
@given(
    st.lists(bases, min_size=1, max_size=8),
    st.floats(min_value=0, max_value=360),
    st.floats(min_value=0.5, max_value=6),
)
def test_a_push_never_overlaps_a_base_or_enters_a_barrier(candidates, angle, inches):
    """ "A model being moved by a push stops if it contacts another model's base, an obstruction,
    or a barrier": wherever it ends (on the pitch), it overlaps none of them."""
    kept = separate(candidates)
    if not kept:
        return
    figures = [(f"m{i}", k) for i, k in enumerate(kept)]
    s = Scene.build(STANDARD_PITCH, [WALL], figures)
    push = straight(s, "m0", (math.cos(math.radians(angle)), math.sin(math.radians(angle))), inches)
    assert push.travelled <= inches + 1e-9
    if push.left_pitch:
        return
    end = Base(push.end, kept[0].radius)
    for other in kept[1:]:
        assert math.dist(end.centre, other.centre) >= end.radius + other.radius - TOLERANCE
    for piece in s.pieces:
        if piece.kind is TerrainKind.BARRIER:
            assert not piece.overlaps(end)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(bases, min_size=1, max_size=8),
    st.lists(st.tuples(coord, coord), min_size=1, max_size=3),
)
def test_a_legal_move_never_passes_over_a_base_or_a_barrier(candidates, waypoints):
    """A move `move` allows keeps the moving base off every other base and out of barriers all
    along its path (checked at 0.05" steps)."""
    kept = separate(candidates)
    if not kept:
        return
    figures = [(f"m{i}", k) for i, k in enumerate(kept)]
    s = Scene.build(STANDARD_PITCH, [WALL], figures)
    result = move(s, "m0", waypoints, MoveKind.SPRINT, 100)
    if not result.ok:
        return
    r = kept[0].radius
    steps = int(result.travelled / 0.05) + 1
    for k in range(steps + 1):
        p = point_along(result.path, result.travelled * k / steps)
        for other in kept[1:]:
            assert math.dist(p, other.centre) >= r + other.radius - TOLERANCE - 1e-9
        assert not WALL.overlaps(Base(p, r))


@given(bases, st.integers(1, 6), st.integers(1, 6))
def test_a_scatter_from_a_model_lands_its_distance_from_the_base(origin, direction, inches):
    """ "place the ball with the closest edge exactly 5" away from Shark in the scatter
    direction": for every roll, the ball's edge is the rolled distance from the model's edge."""
    goal = STANDARD_PITCH.goalpost(0).centre
    if math.dist(origin.centre, goal) < 1e-6:
        return
    landing = circular_scatter(origin, goal, direction, inches)
    assert math.isclose(distance(Base(landing, BALL_RADIUS), origin), inches, abs_tol=1e-9)


def test_line_of_sight_grazing_a_blocker_at_the_tolerance_is_the_same_both_ways():
    """A case the symmetry property found: the one clear line passes exactly at the contact
    tolerance from a blocker, so it was clear one way and blocked the other by rounding."""
    a, b = Base.at(2.0, 13.0, 30), Base.at(5.0, 3.0, 30)
    c = Base(Point(2.5421737147788486, 7.712652114433655), 0.5905511811023623)
    d = Base(Point(2.7595782628522114, 10.502873478855664), 0.5905511811023623)
    s = Scene.build(STANDARD_PITCH, [WALL], [("m0", a), ("m1", b), ("m2", c), ("m3", d)])
    assert s.sees("m0", "m1") == s.sees("m1", "m0")
