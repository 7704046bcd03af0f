"""The ball (rulebook: The Ball Marker, Snap To, Kicking, Kicking Sequence, Goal Kicks, Scattering
the Ball, Interception, Throw-ins, Terrain). A 30 mm base or ball has radius 0.590551", 40 mm
0.787402", 50 mm (a goalpost) 0.984252". Directions: the circular template's #1 points at the
active model's goalpost and the others follow clockwise, 60° apart; the kick template is a 120°
fan, 1 on the left (rules notes)."""

import math

import pytest

from games.guild_ball.pitch import (
    STANDARD_PITCH,
    Base,
    Point,
    Scene,
    Terrain,
    TerrainKind,
    ball_travel,
    circular_scatter,
    in_kick_range,
    is_tap_in,
    kick_scatter,
    landing_spot,
    on_ball_path,
    snap_candidates,
    spot,
)
from games.guild_ball.pitch.ball import circular_direction, kick_direction, tap_in_range
from games.guild_ball.pitch.bases import BALL_RADIUS, distance

R30 = 15 / 25.4
R40 = 20 / 25.4
R50 = 25 / 25.4
GOAL0 = STANDARD_PITCH.goalpost(0).centre  # (18, 5.015748)


def test_circular_scatter_from_a_model_is_measured_from_its_base_edge():
    """ "Rolling 1D6 to determine the scatter direction results in a 2. Rolling 1D6 to determine
    the scatter distance results in 5". Measure 5" from Shark's base, and then place the ball
    with the closest edge exactly 5" away from Shark in the scatter direction." Shark (30 mm) at
    (18, 20); the active model's goalpost is side 0's, straight down −y, so #1 points (0, −1)
    and #2, 60° clockwise, points (−sin 60°, −cos 60°) = (−0.866025, −0.5). The ball's centre is
    0.590551 + 5 + 0.590551 = 6.181102" from Shark's: (18 − 5.352991, 20 − 3.090551) =
    (12.647009, 16.909449)."""
    shark = Base.at(18, 20, 30)
    landing = circular_scatter(shark, GOAL0, 2, 5)
    assert landing == pytest.approx((12.647009, 16.909449), abs=1e-6)
    assert distance(Base(landing, BALL_RADIUS), shark) == pytest.approx(5.0)


def test_the_circular_template_points_1_at_the_active_models_goalpost():
    """ "hold the circular scatter template over the current location of the ball with the #1
    pointing towards the active model's goalpost". From (18, 20): #1 is (0, −1); #4 the opposite
    (0, 1); #3 is 120° clockwise: (−0.866025, 0.5); #6 is 60° counter-clockwise: (0.866025,
    −0.5)."""
    origin = Point(18, 20)
    assert circular_direction(origin, GOAL0, 1) == pytest.approx((0, -1))
    assert circular_direction(origin, GOAL0, 4) == pytest.approx((0, 1))
    assert circular_direction(origin, GOAL0, 3) == pytest.approx((-math.sqrt(3) / 2, 0.5))
    assert circular_direction(origin, GOAL0, 6) == pytest.approx((math.sqrt(3) / 2, -0.5))


def test_circular_scatter_of_a_free_ball_moves_its_centre():
    """ "The ball's final landing spot is determined by measuring the scatter distance in the
    scatter direction from the current location of the ball." A free ball at (18, 20), roll 1
    and 3": its centre moves 3" towards the goal, to (18, 17)."""
    assert circular_scatter(spot(18, 20), GOAL0, 1, 3) == pytest.approx((18, 17))


def test_a_throw_in_scatters_from_the_centre_spot():
    """ "Place the ball on the centre spot of the pitch and resolve a circular scatter". From
    (18, 18), roll 4 (directly away from the goalpost) and 6": (18, 24)."""
    centre = STANDARD_PITCH.centre_spot
    assert circular_scatter(spot(*centre), GOAL0, 4, 6) == pytest.approx((18, 24))


def test_the_kick_template_follows_the_balls_travel():
    """ "Hold the kick scatter template over the target spot [...] with the centre line pointing
    in the direction the ball was originally travelling." Travelling +y: #3 is 10° left of it,
    (−sin 10°, cos 10°) = (−0.173648, 0.984808); #6 is 50° right: (0.766044, 0.642788)."""
    assert kick_direction((0, 1), 3) == pytest.approx((-0.173648, 0.984808), abs=1e-6)
    assert kick_direction((0, 1), 6) == pytest.approx((0.766044, 0.642788), abs=1e-6)
    assert kick_direction((0, 1), 1) == pytest.approx((-0.766044, 0.642788), abs=1e-6)


def test_kick_scatter_from_a_target_spot():
    """Kicked along +y to the spot (10, 20), roll 4 (10° right) and 2": the ball lands at
    (10 + 2 sin 10°, 20 + 2 cos 10°) = (10.347296, 21.969616)."""
    landing = kick_scatter(spot(10, 20), (0, 1), 4, 2)
    assert landing == pytest.approx((10.347296, 21.969616), abs=1e-6)


def test_a_missed_shot_scatters_from_the_goalposts_edge():
    """ "If the ball scattered from a target model or goalpost, measure the scatter distance from
    the edge of the model or goalpost's base." A Shot travelling −y at side 0's goalpost, roll 3
    (10° left of −y, which is towards +x: (sin 10°, −cos 10°)) and 1": the ball's centre is
    0.984252 + 1 + 0.590551 = 2.574803" from the goalpost's: (18 + 0.447110, 5.015748 −
    2.535687) = (18.447110, 2.480061)."""
    goal = STANDARD_PITCH.goalpost(0)
    landing = kick_scatter(Base(goal.centre, goal.radius), (0, -1), 3, 1)
    assert landing == pytest.approx((18.447110, 2.480061), abs=1e-6)


def test_dice_outside_1_to_6_are_refused():
    """The rules pass the dice; a D6 shows 1 to 6."""
    with pytest.raises(ValueError):
        circular_scatter(spot(5, 5), GOAL0, 7, 3)


def test_landing_spot_along_any_direction():
    """From a 40 mm base at (5, 5) along (3, 4) (unit (0.6, 0.8)) 2": the ball's centre is
    0.787402 + 2 + 0.590551 = 3.377953" away: (7.026772, 7.702362)."""
    assert landing_spot(Base.at(5, 5, 40), (3, 4), 2) == pytest.approx(
        (7.026772, 7.702362), abs=1e-6
    )


def kicker_scene(*figures, terrain=()):
    return Scene.build(STANDARD_PITCH, terrain, [("K", Base.at(10, 10, 30)), *figures])


def test_a_barrier_on_the_ball_path_stops_the_ball_in_contact():
    """ "If the final landing spot is within a barrier or the ball contacts a barrier during a
    scatter, use the rule of least disturbance to place the ball in base contact with the barrier
    along the ball path." K (30 mm) at (10, 10) kicks towards (20, 10); a wall at x = 14..16: the
    ball stops with its edge on x = 14, its centre at 14 − 0.590551 = 13.409449."""
    wall = Terrain.rectangle(TerrainKind.BARRIER, 14, 0, 16, 20, "wall")
    s = kicker_scene(terrain=[wall])
    travel = ball_travel(s, s.base("K"), (20, 10), exclude=["K"])
    assert travel.stopped_by == "wall"
    assert travel.end == pytest.approx((13.409449, 10), abs=1e-6)
    assert travel.start == pytest.approx((10 + 2 * R30, 10))  # the ball leaves K in contact


def test_an_obstruction_on_the_ball_path_stops_the_ball():
    """ "When a ball makes contact with an obstruction during a scatter, use the rule of least
    disturbance to place the ball in base contact with the obstruction along the ball path." """
    crate = Terrain.circle(TerrainKind.OBSTRUCTION, 15, 10, 1, "crate")
    s = kicker_scene(terrain=[crate])
    travel = ball_travel(s, s.base("K"), (20, 10), exclude=["K"])
    # Contact when the centres are 1 + 0.590551 apart: x = 15 − 1.590551 = 13.409449.
    assert travel.stopped_by == "crate"
    assert travel.end == pytest.approx((13.409449, 10), abs=1e-6)


def test_a_ball_that_only_grazes_terrain_passes():
    """A wall whose corner lies 0.6" off the ball's line (the ball reaches 0.590551"): no
    contact."""
    wall = Terrain.rectangle(TerrainKind.BARRIER, 14, 10.6, 16, 20)
    s = kicker_scene(terrain=[wall])
    assert ball_travel(s, s.base("K"), (20, 10), exclude=["K"]).end == (20, 10)


def test_a_ball_leaving_the_pitch_is_a_throw_in():
    """ "If any part of the ball marker's base leaves the pitch, immediately take the ball off
    the pitch." A free ball at (34, 10) scattering to (40, 10) leaves when its centre passes
    36 − 0.590551 + 0.01 = 35.419449."""
    travel = ball_travel(kicker_scene(), spot(34, 10), (40, 10))
    assert travel.left_pitch and travel.end is None
    assert travel.exit == pytest.approx((35.419449, 10), abs=1e-6)


def test_a_ball_landing_on_a_model_is_set_back_into_contact():
    """A marker may not be placed "with its base overlapping another model": the ball, landing at
    (15, 10) over X (40 mm at (15.5, 10)), is set back along its path into base contact, its
    centre at 15.5 − 0.787402 − 0.590551 = 14.122047."""
    travel = ball_travel(kicker_scene(("X", Base.at(15.5, 10, 40))), spot(10, 10), (15, 10))
    assert travel.stopped_by == "X"
    assert travel.end == pytest.approx((14.122047, 10), abs=1e-6)


def test_a_goal_kick_is_drawn_through_terrain():
    """ "During a goal kick, the ball path may be drawn through terrain pieces. If the ball would
    end on top of a barrier or an obstruction, use the rule of least disturbance to place the
    ball along the ball path in contact with the terrain piece." Through the wall to (20, 10);
    ending at (15, 10), inside it, the ball is set back to (13.409449, 10)."""
    wall = Terrain.rectangle(TerrainKind.BARRIER, 14, 0, 16, 20, "wall")
    s = kicker_scene(terrain=[wall])
    assert ball_travel(s, spot(10, 10), (20, 10), through_terrain=True).end == (20, 10)
    inside = ball_travel(s, spot(10, 10), (15, 10), through_terrain=True)
    assert inside.stopped_by == "wall"
    assert inside.end == pytest.approx((13.409449, 10), abs=1e-6)


def test_interception_takes_models_on_the_ball_path_nearest_first():
    """ "the closest model on the ball path between the kicking model and the final landing spot
    may choose to take possession of the ball. If it doesn't, the next-closest [...]". "The ball
    path is a straight line, 30 mm wide": a model is on it when its base comes within
    0.590551" of the line the ball's centre follows.
    K (30 mm) at (10, 10) to the landing spot (20, 10):
    - X (30 mm) at (13, 10.8): 0.8 ≤ 1.181102: on it, 3.104835 − 1.181102 = 1.923733" from K;
    - Y (30 mm) at (16, 8.5): 1.5 > 1.181102: off it;
    - Z (40 mm) at (18, 9.5): 0.5 ≤ 1.377953: on it, 8.015610 − 1.377953 = 6.637657" from K;
    - W (30 mm) at (23, 10): beyond the landing spot (3" past its centre): off it."""
    s = kicker_scene(
        ("X", Base.at(13, 10.8, 30)),
        ("Y", Base.at(16, 8.5, 30)),
        ("Z", Base.at(18, 9.5, 40)),
        ("W", Base.at(23, 10, 30)),
    )
    found = on_ball_path(s, s.base("K"), spot(20, 10), exclude=["K"])
    assert [i for _, i in found] == ["X", "Z"]
    assert found[0][0] == pytest.approx(1.923733, abs=1e-6)
    assert found[1][0] == pytest.approx(6.637657, abs=1e-6)


def test_intervening_models_on_a_pass_to_a_friendly_model():
    """ "Each enemy model not engaging the kicking model and with any part of its base on the
    ball path between the kicking model and the target of the kick is an intervening model." To
    T (30 mm) at (20, 10) the path ends with the ball touching T; X at (15, 11) is on it
    (1 ≤ 1.181102), T itself is left out."""
    s = kicker_scene(("T", Base.at(20, 10, 30)), ("X", Base.at(15, 11, 30)))
    found = on_ball_path(s, s.base("K"), s.base("T"), exclude=["K", "T"])
    assert [i for _, i in found] == ["X"]


def test_snap_to_within_1_inch():
    """ "A model which starts its activation or moves within 1" of a free ball may choose to take
    possession of the ball". A free ball at (10, 10): a 30 mm base at (11.5, 10) is
    1.5 − 1.181102 = 0.318898" away (in); one at (12.3, 10), 1.118898" (out)."""
    s = Scene.build(
        STANDARD_PITCH, [], [("in", Base.at(11.5, 10, 30)), ("out", Base.at(12.3, 10, 30))]
    )
    found = snap_candidates(s, (10, 10))
    assert [i for _, i in found] == ["in"]
    assert found[0][0] == pytest.approx(0.318898, abs=1e-6)


def test_a_shot_needs_the_goalpost_within_kick_range():
    """A kick must target "a target spot, friendly model, or enemy goalpost"; distances edge to
    edge. A 30 mm kicker at (18, 14) is 8.984252 − 0.590551 − 0.984252 = 7.409449" from side 0's
    goalpost: within an 8" kick, not within 7"."""
    goal = STANDARD_PITCH.goalpost(0)
    post = Base(goal.centre, goal.radius)
    kicker = Base.at(18, 14, 30)
    assert in_kick_range(kicker, post, 8)
    assert not in_kick_range(kicker, post, 7)


def test_tap_in_is_half_the_kick_range_rounded_down():
    """ "If the target spot, friendly model, or target goalpost is within half of the kicking
    model's kick range (rounded down), the kick suffers -1 TN." 8" → 4", 7" → 3". A kicker at
    (18, 10.5) is 5.484252 − 1.574803 = 3.909449" from the goalpost: a tap in with an 8" kick,
    not with a 7" one."""
    goal = STANDARD_PITCH.goalpost(0)
    post = Base(goal.centre, goal.radius)
    assert tap_in_range(8) == 4 and tap_in_range(7) == 3
    assert is_tap_in(Base.at(18, 10.5, 30), post, 8)
    assert not is_tap_in(Base.at(18, 10.5, 30), post, 7)


def test_a_target_spot_is_in_range_when_the_ball_placed_there_is():
    """ "the active model positions the ball anywhere within its kick range": the ball on the
    spot (18.5, 10) has its near edge 8.5 − 1.181102 = 7.318898" from a kicker at (10, 10):
    within 8"; on (19.3, 10), 8.118898": not."""
    kicker = Base.at(10, 10, 30)
    assert in_kick_range(kicker, Base(Point(18.5, 10), BALL_RADIUS), 8)
    assert not in_kick_range(kicker, Base(Point(19.3, 10), BALL_RADIUS), 8)
