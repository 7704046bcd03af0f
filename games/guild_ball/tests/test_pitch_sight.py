"""Line of sight and cover (rulebook: Line of Sight; Knocked Down; Terrain: Obstruction, Barrier,
Forest; Cover).

"A model has LOS to a target spot, another model, or a goalpost as long as an unobstructed
straight line may be drawn from any point on the model's base to the target spot or to any point
on the other model's or goalpost's base. A line is considered obstructed if it passes through
terrain that blocks LOS or if it passes over the base of an intervening model."

Unless said otherwise A is a 30 mm base at (10, 10) and B one at (20, 10); 30 mm is 0.590551" of
radius, 40 mm 0.787402", 50 mm 0.984252".
"""

from games.guild_ball.pitch import (
    STANDARD_PITCH,
    Base,
    Figure,
    Scene,
    Terrain,
    TerrainKind,
    line_of_sight,
    pieces_holding,
    spot,
)

A = ("A", Base.at(10, 10, 30))
B = ("B", Base.at(20, 10, 30))


def scene(*figures, terrain=()):
    return Scene.build(STANDARD_PITCH, terrain, [A, B, *figures])


def test_open_pitch_has_line_of_sight():
    """Nothing between A and B: the line between their centres is unobstructed."""
    assert scene().sees("A", "B")


def test_an_intervening_model_that_covers_every_line_blocks():
    """ "if it passes over the base of an intervening model". Every line from A to B stays
    within 0.590551" of y = 10 (both bases span y 9.409449–10.590551); a 50 mm base at (15, 10)
    covers y 9.015748–10.984252 at x = 15, so every line passes over it."""
    assert not scene(("C", Base.at(15, 10, 50))).sees("A", "B")


def test_a_line_that_only_touches_a_base_does_not_pass_over_it():
    """A 30 mm base at (15, 10) between two 30 mm bases: the line y = 10.590551 joins the tops
    of A and B and is 0.590551" from C's centre, exactly C's radius: it touches C's edge without
    passing over the base."""
    assert scene(("C", Base.at(15, 10, 30))).sees("A", "B")


def test_a_model_blocking_the_centre_line_leaves_a_line_past_it():
    """A 30 mm base at (15, 10.5): the centre line y = 10 is 0.5" from its centre (< 0.590551:
    blocked), but the line y = 9.5 runs from (10, 9.5), inside A (0.5" from its centre), to
    (20, 9.5), inside B, 1.0" from C's centre: clear. "from any point on the model's base"."""
    assert scene(("C", Base.at(15, 10.5, 30))).sees("A", "B")


def test_a_slanting_line_between_two_models():
    """C at (12, 10.5) and D at (18, 9.5), both 30 mm. The centre line is 0.5" from each (blocked),
    the line y = 10.590551 is 0.090551" from C, y = 9.409449 is 0.090551" from D (both blocked).
    The slanting line from (10, 9.45) to (20, 10.55), y = 9.45 + 0.11·(x − 10), is
    |9.67 − 10.5| / √(1 + 0.11²) = 0.83 / 1.006031 = 0.825 from C and, symmetrically, from D:
    clear. Its ends are 0.55" from A's and B's centres: on the bases."""
    assert scene(("C", Base.at(12, 10.5, 30)), ("D", Base.at(18, 9.5, 30))).sees("A", "B")


def test_two_models_side_by_side_close_the_gap():
    """C at (15, 10.6) and D at (15, 9.4), both 40 mm, touch nothing but leave between them only
    1.2 − 2·0.787402 < 0 inches: they overlap each other's band, so every line from A to B
    (within y 9.409449–10.590551 at x = 15) passes over one of them."""
    assert not scene(("C", Base.at(15, 10.6, 40)), ("D", Base.at(15, 9.4, 40))).sees("A", "B")


def test_the_target_and_the_origin_do_not_block_themselves():
    """The bases of A and B are not intervening models: with B in base contact with A
    (B at 11.181102, 10) A still sees B."""
    s = Scene.build(STANDARD_PITCH, [], [A, ("B", Base.at(10 + 2 * 15 / 25.4, 10, 30))])
    assert s.sees("A", "B")


def test_a_knocked_down_model_does_not_block_line_of_sight():
    """Knocked down: "Doesn't block LOS." The 50 mm base that blocks above, knocked down."""
    s = Scene(STANDARD_PITCH, (), (Figure(*A), Figure(*B), Figure("C", Base.at(15, 10, 50), False)))
    assert s.sees("A", "B")


def test_line_of_sight_is_the_same_both_ways():
    """The definition joins any point of one base to any point of the other: symmetric."""
    s = scene(("C", Base.at(15, 10.5, 30)), ("D", Base.at(15, 8.8, 40)))
    assert s.sees("A", "B") == s.sees("B", "A")


def test_a_barrier_blocks_line_of_sight():
    """ "A barrier blocks LOS." A wall from x = 14 to 16 across y = 0–20."""
    wall = Terrain.rectangle(TerrainKind.BARRIER, 14, 0, 16, 20)
    assert not scene(terrain=[wall]).sees("A", "B")


def test_over_the_end_of_a_barrier():
    """The wall ends at y = 10.3: the centre line (y = 10) passes through it, but the line
    y = 10.5 (inside both bases, 0.5" from their centres) passes 0.2" beyond its end: LOS."""
    wall = Terrain.rectangle(TerrainKind.BARRIER, 14, 0, 16, 10.3)
    assert scene(terrain=[wall]).sees("A", "B")


def test_a_goalpost_is_a_barrier_and_blocks():
    """ "A goalpost is a barrier." Side 0's goalpost on a 36" pitch is centred at
    (18, 5.015748), 50 mm; 30 mm models at (18, 2.5) and (18, 7.5) have every line between them
    within 0.590551" of x = 18, through the goalpost's base."""
    s = Scene.build(STANDARD_PITCH, [], [("A", Base.at(18, 2.5, 30)), ("B", Base.at(18, 7.5, 30))])
    assert not s.sees("A", "B")


def test_a_goalpost_can_be_seen():
    """ "A model has LOS to [...] a goalpost as long as an unobstructed straight line may be drawn
    [...] to any point on the [...] goalpost's base": the goalpost itself does not block the
    line to itself."""
    goal = STANDARD_PITCH.goalpost(0)
    s = Scene.build(STANDARD_PITCH, [], [("A", Base.at(18, 12, 30))])
    assert s.sees("A", Base(goal.centre, goal.radius))


def test_a_forest_blocks_line_of_sight_through_it():
    """ "A model may draw LOS into or out of a forest but not through a forest." A forest from
    x = 14 to 16 across y = 0–20, A and B on either side."""
    forest = Terrain.rectangle(TerrainKind.FOREST, 14, 0, 16, 20)
    assert not scene(terrain=[forest]).sees("A", "B")


def test_line_of_sight_into_and_out_of_a_forest():
    """A model within the forest (its base from x = 13.909449 to 15.090551 reaches into
    x ≥ 14) sees out of it to B, and B sees into it."""
    forest = Terrain.rectangle(TerrainKind.FOREST, 14, 0, 16, 20)
    s = Scene.build(STANDARD_PITCH, [forest], [("A", Base.at(14.5, 10, 30)), B])
    assert s.sees("A", "B")
    assert s.sees("B", "A")


def test_an_obstruction_does_not_block_line_of_sight():
    """Obstructions give cover and stop movement and the ball, but the book gives them no rule
    blocking LOS (only "terrain that blocks LOS": barriers, and forests seen through)."""
    crate = Terrain.rectangle(TerrainKind.OBSTRUCTION, 14, 0, 16, 20)
    assert scene(terrain=[crate]).sees("A", "B")


def test_rough_and_fast_terrain_do_not_block():
    """Rough and fast terrain change movement only."""
    mud = Terrain.rectangle(TerrainKind.ROUGH, 14, 0, 16, 20)
    ice = Terrain.circle(TerrainKind.FAST, 15, 10, 2)
    assert scene(terrain=[mud, ice]).sees("A", "B")


def test_line_of_sight_to_a_target_spot():
    """ "A model has LOS to a target spot [...] as long as an unobstructed straight line may be
    drawn from any point on the model's base to the target spot." A 50 mm base at (15, 10) hides
    the spot (20, 10) from A: a line from a point of A's base (at most 0.590551" off y = 10, at
    x ≥ 9.409449) to the spot is at most 0.590551 · 5 / 10.590551 = 0.278811" off y = 10 at
    x = 15, inside C's 0.984252". The spot (20, 12) is seen: the line from (10, 10.590551) to
    (20, 12) is |5 · 1.409449 + 0.590551 · 10| / √(10² + 1.409449²) = 12.952755 / 10.098839 =
    1.282602" from C's centre."""
    s = scene(("C", Base.at(15, 10, 50)))
    assert not s.sees("A", spot(20, 10))
    assert s.sees("A", spot(20, 12))


def test_line_of_sight_function_with_bases_and_pieces():
    """The same search without a scene: `line_of_sight(origin, target, blockers, pieces)`."""
    wall = Terrain.rectangle(TerrainKind.BARRIER, 14, 0, 16, 20)
    assert line_of_sight(A[1], B[1])
    assert not line_of_sight(A[1], B[1], [Base.at(15, 10, 50)])
    assert not line_of_sight(A[1], B[1], [], [wall])


def test_cover_within_a_forest():
    """ "A model within a forest benefits from cover." """
    forest = Terrain.rectangle(TerrainKind.FOREST, 14, 0, 16, 20)
    s = Scene.build(STANDARD_PITCH, [forest], [("in", Base.at(14.5, 10, 30)), B])
    assert s.in_cover("in")
    assert not s.in_cover("B")  # 20 − 0.590551 − 16 = 3.409449" from the forest


def test_cover_near_an_obstruction():
    """ "A model in an obstruction or within 1" of the edge of an obstruction benefits from
    cover." A crate from x = 14 to 16: a 30 mm base at x = 17.5 is 17.5 − 0.590551 − 16 =
    0.909449" from its edge (cover); at x = 17.7, 1.109449" (none)."""
    crate = Terrain.rectangle(TerrainKind.OBSTRUCTION, 14, 0, 16, 20)
    s = Scene.build(
        STANDARD_PITCH, [crate], [("near", Base.at(17.5, 10, 30)), ("far", Base.at(17.7, 10, 30))]
    )
    assert s.in_cover("near")
    assert not s.in_cover("far")


def test_cover_near_a_barrier_and_a_goalpost():
    """ "A model within 1" of the edge of a barrier benefits from cover." The goalpost is a
    barrier: a 30 mm base centred 2.5" from its centre is 2.5 − 0.984252 − 0.590551 = 0.925197"
    from its edge."""
    goal = STANDARD_PITCH.goalpost(0)
    s = Scene.build(
        STANDARD_PITCH,
        [],
        [
            ("by_goal", Base.at(goal.centre.x + 2.5, goal.centre.y, 30)),
            ("open", Base.at(9, 18, 30)),
        ],
    )
    assert s.in_cover("by_goal")
    assert not s.in_cover("open")


def test_rough_terrain_gives_no_cover():
    """Cover comes from forests, obstructions and barriers only."""
    mud = Terrain.rectangle(TerrainKind.ROUGH, 14, 0, 16, 20)
    s = Scene.build(STANDARD_PITCH, [mud], [("in", Base.at(15, 10, 30))])
    assert not s.in_cover("in")


def test_which_terrain_a_model_is_within():
    """ "A model making a kick while within a forest, or one making a kick to a target spot or
    target model that's within a forest, suffers -1 dice pool." The rules ask which pieces hold a
    base: a 30 mm base at (13.5, 10) reaches x = 14.090551, into a forest from x = 14 and not a
    bog from x = 14.7."""
    forest = Terrain.rectangle(TerrainKind.FOREST, 14, 0, 16, 20, "wood")
    bog = Terrain.rectangle(TerrainKind.ROUGH, 14.7, 0, 16, 20, "bog")
    held = pieces_holding(Base.at(13.5, 10, 30), [forest, bog])
    assert [t.name for t in held] == ["wood"]
