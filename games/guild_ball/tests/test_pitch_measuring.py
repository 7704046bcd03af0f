"""Measuring on the pitch: bases, distances, "within", base contact, melee zones, engagement and
the pitch's own lines (rulebook: Stats X-XI, Definitions, Distance Measuring, Setting Up, Game
Length, Making an Attack: Engaging). Every expected figure is worked out by hand in the test."""

import pytest

from games.guild_ball.pitch import (
    GAME_SIZES,
    INTRODUCTORY_PITCH,
    STANDARD_PITCH,
    TOLERANCE,
    Base,
    Scene,
    completely_within,
    distance,
    in_base_contact,
    in_melee_zone,
    spot,
    within,
)
from games.guild_ball.pitch.bases import BALL_RADIUS, GOALPOST_RADIUS, inches, radius_of

R30 = 15 / 25.4  # 0.590551"
R40 = 20 / 25.4  # 0.787402"
R50 = 25 / 25.4  # 0.984252"


def test_base_sizes_in_inches():
    """ "Guild Ball uses circular bases with diameters of 30 mm, 40 mm, and 50 mm." 25.4 mm to
    the inch: radii 15/25.4, 20/25.4 and 25/25.4 inches."""
    assert inches(25.4) == 1.0
    assert radius_of(30) == pytest.approx(0.590551, abs=1e-6)
    assert radius_of(40) == pytest.approx(0.787402, abs=1e-6)
    assert radius_of(50) == pytest.approx(0.984252, abs=1e-6)
    assert Base.at(0, 0, 40).radius == pytest.approx(R40)


def test_the_ball_and_goalposts_are_bases():
    """ "The ball is represented by a ball marker, which is a 30 mm base." "A goalpost is a
    specific piece of terrain represented by a 50 mm base"."""
    assert pytest.approx(R30) == BALL_RADIUS
    assert pytest.approx(R50) == GOALPOST_RADIUS


def test_distance_is_measured_edge_to_edge():
    """ "Distances are always measured from the nearest point on the edge of a marker or model's
    base." 30 mm at (10, 10), 50 mm at (14, 13): centres 5" apart (3-4-5), edges
    5 − 0.590551 − 0.984252 = 3.425197" apart."""
    a, b = Base.at(10, 10, 30), Base.at(14, 13, 50)
    assert distance(a, b) == pytest.approx(5 - R30 - R50)
    assert distance(a, b) == pytest.approx(3.425197, abs=1e-6)


def test_distance_to_a_point_is_from_the_base_edge():
    """A target spot is a point: from a 40 mm base at (0, 0) to the spot (0, 3) is
    3 − 0.787402 = 2.212598"."""
    assert distance(Base.at(0, 0, 40), spot(0, 3)) == pytest.approx(2.212598, abs=1e-6)


def test_touching_bases_are_zero_apart():
    """Two 30 mm bases whose centres are 30 mm (1.181102") apart touch: distance 0."""
    a, b = Base.at(5, 5, 30), Base.at(5 + 2 * R30, 5, 30)
    assert distance(a, b) == pytest.approx(0.0, abs=1e-12)


def test_within_means_any_part_including_touching():
    """ "A model, marker, or template is within a given distance when any part of the base or
    template is within that given distance, including touching." 30 mm bases with centres 3"
    apart are 3 − 2·0.590551 = 1.818898" apart: within 2", within 1.818898" (touching the
    limit), not within 1.8"."""
    a, b = Base.at(0, 0, 30), Base.at(3, 0, 30)
    assert within(a, b, 2.0)
    assert within(a, b, 3 - 2 * R30)
    assert not within(a, b, 1.8)


def test_completely_within_means_the_entire_base():
    """ "A model, marker, or template is completely within a given distance when the entire base
    or template is within that given distance, including touching." A 30 mm base 3" from a spot:
    its far edge is 3 + 0.590551 = 3.590551" away. Within 3" (its near edge is 2.409449" away)
    but completely within only from 3.590551"."""
    a, s = Base.at(3, 0, 30), spot(0, 0)
    assert within(a, s, 3.0)
    assert not completely_within(a, s, 3.0)
    assert not completely_within(a, s, 3.57)
    assert completely_within(a, s, 3 + R30)


def test_completely_within_measured_from_another_base():
    """From a 50 mm base: a 30 mm base whose centre is 4" away has its far edge at
    4 + 0.590551 − 0.984252 = 3.606299" from the 50 mm base's edge."""
    a, b = Base.at(4, 0, 30), Base.at(0, 0, 50)
    assert completely_within(a, b, 3.61)
    assert not completely_within(a, b, 3.59)  # short by more than the 0.01" tolerance


def test_base_contact_has_a_small_tolerance():
    """ "A model, marker, or template is in base contact with a model, marker, or terrain piece
    if any part of the base or template is touching". Edges up to TOLERANCE (0.01") apart touch;
    0.02" apart do not; overlapping by 0.02" is not contact either (the bases may not overlap)."""
    a = Base.at(0, 0, 30)
    touching = 2 * R30
    assert TOLERANCE == 0.01
    assert in_base_contact(a, Base.at(touching, 0, 30))
    assert in_base_contact(a, Base.at(touching + 0.009, 0, 30))
    assert not in_base_contact(a, Base.at(touching + 0.02, 0, 30))
    assert not in_base_contact(a, Base.at(touching - 0.02, 0, 30))


def test_melee_zone_extends_from_the_base_edge():
    """ "A model's melee zone extends from the edge of its base out to the distance specified by
    the number listed, e.g., 1"." 40 mm owner at (0, 0) with a 2" zone; a 30 mm model at
    (3.3, 0) has its near edge 3.3 − 0.787402 − 0.590551 = 1.922047" away: inside; at (3.4, 0),
    2.022047": outside."""
    owner = Base.at(0, 0, 40)
    assert in_melee_zone(owner, 2.0, Base.at(3.3, 0, 30))
    assert not in_melee_zone(owner, 2.0, Base.at(3.4, 0, 30))


def test_a_model_is_never_within_its_own_melee_zone():
    """ "A model is never within its own melee zone." """
    owner = Base.at(5, 5, 30)
    assert not in_melee_zone(owner, 1.0, owner)


def test_engaging_needs_melee_zone_and_line_of_sight():
    """ "When a model has an enemy model within its melee zone and LOS, it's engaging that
    model." A (30 mm, 2" zone) at (10, 10); B (30 mm) at (12.5, 10) is 2.5 − 1.181102 =
    1.318898" away: engaged. C (30 mm) at (10, 12.8) is 2.8 − 1.181102 = 1.618898" away, but
    behind a barrier across y = 11.2..11.8: not engaged."""
    from games.guild_ball.pitch import Terrain, TerrainKind

    wall = Terrain.rectangle(TerrainKind.BARRIER, 8, 11.2, 12, 11.8)
    scene = Scene.build(
        STANDARD_PITCH,
        [wall],
        [("A", Base.at(10, 10, 30)), ("B", Base.at(12.5, 10, 30)), ("C", Base.at(10, 12.8, 30))],
    )
    assert scene.engaging("A", 2.0, "B")
    assert not scene.engaging("A", 2.0, "C")
    # "When a model is within an enemy model's melee zone and LOS, it's engaged by that model."
    # B's zone is 1": A is 1.318898" from it, so B does not engage A.
    assert not scene.engaging("B", 1.0, "A")


def test_shark_engages_boiler_but_boiler_does_not_engage_shark():
    """The book's example: "Shark isn't engaged by Boiler's 1" melee zone but is engaged by
    Veteran Gutter's 2" melee zone", while Shark's 2" zone reaches Boiler. Shark (30 mm) at
    (10, 10); Boiler (40 mm) at (11.8, 11.8): centres 2.545584" apart, edges
    2.545584 − 0.590551 − 0.787402 = 1.167631" apart: within Shark's 2" but not Boiler's 1".
    Gutter (40 mm) at (8, 8.5): centres 2.5" apart, edges 1.122047": within Gutter's 2"."""
    scene = Scene.build(
        STANDARD_PITCH,
        [],
        [
            ("shark", Base.at(10, 10, 30)),
            ("boiler", Base.at(11.8, 11.8, 40)),
            ("gutter", Base.at(8, 8.5, 40)),
        ],
    )
    assert scene.engaging("shark", 2.0, "boiler")
    assert not scene.engaging("boiler", 1.0, "shark")
    assert scene.engaging("gutter", 2.0, "shark")


def test_pitch_sizes():
    """ "Players play across a 3' x 3' playing surface"; the Introductory Game uses a 2' x 2'
    pitch: 36" and 24"."""
    assert STANDARD_PITCH.size == 36.0
    assert INTRODUCTORY_PITCH.size == 24.0
    assert STANDARD_PITCH.centre_spot == (18.0, 18.0)


def test_game_size_table():
    """The "Game Length" table, rows read back from the flattened text: Introductory Game, 30
    mins, 2' x 2', 1 Captain 2 Squaddie, 6 VP; Quick Game, 60 mins, 3' x 3', 1 Captain 4
    Squaddie 1 Mascot, 8 VP; Typical Game, 90–120 mins, 3' x 3', the same team, 12 VP ("In a
    typical game each team has six guild models, including a Captain and a Mascot")."""
    intro, quick, typical = GAME_SIZES["introductory"], GAME_SIZES["quick"], GAME_SIZES["typical"]
    assert (intro.pitch_inches, intro.captains, intro.squaddies, intro.mascots) == (24, 1, 2, 0)
    assert intro.victory_points == 6
    assert (quick.pitch_inches, quick.captains + quick.squaddies + quick.mascots) == (36, 6)
    assert quick.victory_points == 8
    assert typical.captains + typical.squaddies + typical.mascots == 6
    assert typical.victory_points == 12


def test_goal_line_is_6_inches_from_the_table_edge():
    """ "The goal line describes the line 6" from, and parallel to, each player's respective
    table edge." On a 36" pitch: y = 6 and y = 30."""
    assert STANDARD_PITCH.goal_line(0) == 6.0
    assert STANDARD_PITCH.goal_line(1) == 30.0
    assert INTRODUCTORY_PITCH.goal_line(1) == 18.0


def test_goalposts_sit_centred_with_their_front_edge_on_the_goal_line():
    """ "Goalposts are always positioned in the centre of the deployment zone, with the front edge
    on the goal line." On a 36" pitch side 0's goalpost is centred at x = 18 and
    y = 6 − 0.984252 = 5.015748; side 1's at y = 30 + 0.984252 = 30.984252."""
    g0, g1 = STANDARD_PITCH.goalposts()
    assert g0.is_circle and g0.kind == "barrier"
    assert g0.centre == pytest.approx((18.0, 5.015748), abs=1e-6)
    assert g1.centre == pytest.approx((18.0, 30.984252), abs=1e-6)
    assert g0.radius == pytest.approx(R50)


def test_deployment_completely_within_10_inches_of_the_table_edge():
    """ "deploys their entire team completely within 10" of their chosen table edge". A 40 mm
    base centred at y = 9.2 reaches 9.2 + 0.787402 = 9.987402": in; at y = 9.3, 10.087402": out.
    For side 1 on a 24" pitch the zone is y ≥ 14: a centre at y = 14.8 reaches down to
    14.012598": in."""
    assert STANDARD_PITCH.in_deployment_zone(Base.at(5, 9.2, 40), 0)
    assert not STANDARD_PITCH.in_deployment_zone(Base.at(5, 9.3, 40), 0)
    assert INTRODUCTORY_PITCH.in_deployment_zone(Base.at(5, 14.8, 40), 1)
    assert not INTRODUCTORY_PITCH.in_deployment_zone(Base.at(5, 14.7, 40), 1)
    # Off the pitch is not in the zone: the base crosses the table edge.
    assert not STANDARD_PITCH.in_deployment_zone(Base.at(5, 0.3, 40), 0)


def test_halves_and_the_area_behind_the_goal_line():
    """The halfway line runs across the middle (y = 18 on 36"); a ball "within the kicking
    player's half" has any part of its base there. A ball centred at y = 18.5 reaches down to
    17.909449: within side 0's half and side 1's. Behind side 0's goal line: a base reaching
    y ≤ 6."""
    ball = Base(spot(10, 18.5).centre, BALL_RADIUS)
    assert STANDARD_PITCH.within_half(ball, 0)
    assert STANDARD_PITCH.within_half(ball, 1)
    assert not STANDARD_PITCH.within_half(Base(spot(10, 18.7).centre, BALL_RADIUS), 0)
    assert STANDARD_PITCH.behind_goal_line(Base.at(10, 6.5, 30), 0)  # reaches 5.909449
    assert not STANDARD_PITCH.behind_goal_line(Base.at(10, 6.7, 30), 0)  # reaches 6.109449
    assert STANDARD_PITCH.behind_goal_line(Base.at(10, 29.5, 30), 1)  # reaches 30.090551


def test_a_base_over_the_edge_has_left_the_pitch():
    """ "If any part of a model's base leaves the pitch, immediately take the model off the
    pitch." A 30 mm base at x = 0.6 is wholly on (its edge at 0.009449); at x = 0.5 its edge is
    at −0.090551: off. Touching the edge (x = 0.590551) is still on."""
    assert STANDARD_PITCH.holds(Base.at(0.6, 10, 30))
    assert STANDARD_PITCH.holds(Base.at(R30, 10, 30))
    assert not STANDARD_PITCH.holds(Base.at(0.5, 10, 30))
    assert not STANDARD_PITCH.holds(Base.at(35.5, 10, 30))


def test_scene_lists_figures_within_a_distance_nearest_first():
    """Who is within 1" of a spot: a 30 mm base centred 1.5" away is 0.909449" away (in), one
    1.7" away is 1.109449" away (out)."""
    scene = Scene.build(
        STANDARD_PITCH,
        [],
        [("far", Base.at(11.7, 10, 30)), ("near", Base.at(10, 11.5, 30))],
    )
    found = scene.near(spot(10, 10).centre, 1.0)
    assert [i for _, i in found] == ["near"]
    assert found[0][0] == pytest.approx(1.5 - R30)
