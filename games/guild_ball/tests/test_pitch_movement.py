"""Movement (rulebook: Movement, Advancing, Charging, Repositioning, Parting Blow, Terrain).

The moving model M is a 30 mm base (radius 15/25.4 = 0.590551") at (10, 10) on a 36" pitch
unless said otherwise; two 30 mm bases touch when their centres are 1.181102" apart. A terrain
piece is "within" reach when the base touches it: with the 0.01" tolerance, a 30 mm base comes
within a piece when its centre is 0.600551" from it.
"""

import math

import pytest

from games.guild_ball.pitch import (
    STANDARD_PITCH,
    Base,
    MoveKind,
    Problem,
    Scene,
    Terrain,
    TerrainKind,
    approach,
    away,
    charge,
    charge_towards,
    crossings,
    move,
    path_length,
    straight,
    towards,
)
from games.guild_ball.pitch.movement import (
    directly_away,
    engaging_span,
    placement,
    point_along,
    sight_lost,
)

R30 = 15 / 25.4
R40 = 20 / 25.4
TOUCH30 = 2 * R30  # 1.181102"
ENTER = R30 + 0.01  # 0.600551"

M = ("M", Base.at(10, 10, 30))


def scene(*figures, terrain=()):
    return Scene.build(STANDARD_PITCH, terrain, [M, *figures])


def test_a_path_is_straight_legs_and_its_length_is_their_sum():
    """ "When a model moves, it does so in a straight line. It may stop to change the direction of
    movement at any point without penalty." Legs 4" then 3": 7"; halfway along is (13.5, 10)."""
    path = [(10, 10), (14, 10), (14, 13)]
    assert path_length(path) == 7.0
    assert point_along(path, 3.5) == (13.5, 10)
    assert point_along(path, 5.0) == (14, 11)


def test_brisket_jogs_4_then_turns_for_her_last_2():
    """ "Brisker has a base move of 6". She jogs forward 4" before changing direction and using
    her remaining 2" of movement." 4 + 2 = 6" is a jog; 4 + 2.5 is too long."""
    ok = move(scene(), "M", [(14, 10), (14, 12)], MoveKind.JOG, 6)
    assert ok.ok and ok.travelled == 6.0 and ok.end == (14, 12)
    long = move(scene(), "M", [(14, 10), (14, 12.5)], MoveKind.JOG, 6)
    assert long.problem is Problem.TOO_LONG


def test_sprint_and_jog_allowances():
    """ "Jog: [...] may move up to its base move." "Sprint: [...] up to its max move." With
    MOV 5"/7": 7" is a sprint but not a jog."""
    assert move(scene(), "M", [(17, 10)], MoveKind.SPRINT, 7).ok
    assert move(scene(), "M", [(17, 10)], MoveKind.JOG, 5).problem is Problem.TOO_LONG


def test_a_model_blocks_movement():
    """ "A model blocks movement. A model's base may not pass over another model's base during
    movement." X (30 mm) at (14, 10) on the line to (18, 10)."""
    result = move(scene(("X", Base.at(14, 10, 30))), "M", [(18, 10)], MoveKind.SPRINT, 8)
    assert result.problem is Problem.THROUGH_MODEL and result.blocker == "X"


def test_moving_into_base_contact_is_allowed():
    """Touching is not passing over: M may move to (14 − 1.181102, 10) = (12.818898, 10), in
    base contact with X."""
    result = move(scene(("X", Base.at(14, 10, 30))), "M", [(14 - TOUCH30, 10)], MoveKind.JOG, 6)
    assert result.ok


def test_moving_past_a_model():
    """X at (14, 11.2) is 1.2" from M's line y = 10, more than 1.181102: M passes. At
    (14, 11.15), 1.15" < 1.181102 − 0.01: the bases would overlap."""
    assert move(scene(("X", Base.at(14, 11.2, 30))), "M", [(18, 10)], MoveKind.SPRINT, 8).ok
    blocked = move(scene(("X", Base.at(14, 11.15, 30))), "M", [(18, 10)], MoveKind.SPRINT, 8)
    assert blocked.problem is Problem.THROUGH_MODEL


def test_a_knocked_down_model_still_blocks_movement():
    """Knocked down models do not block LOS, but "A model blocks movement" has no exception."""
    s = Scene.build(STANDARD_PITCH, [], [M, ("X", Base.at(14, 10, 30), False)])
    assert move(s, "M", [(18, 10)], MoveKind.SPRINT, 8).problem is Problem.THROUGH_MODEL


def test_a_model_may_not_move_into_a_barrier():
    """ "A model or marker may not move into or be placed onto a barrier." A wall at x = 12..13."""
    wall = Terrain.rectangle(TerrainKind.BARRIER, 12, 0, 13, 20, "wall")
    result = move(scene(terrain=[wall]), "M", [(15, 10)], MoveKind.JOG, 6)
    assert result.problem is Problem.INTO_BARRIER and result.blocker == "wall"
    # Up to it is fine: centre at 12 − 0.590551 = 11.409449.
    assert move(scene(terrain=[wall]), "M", [(12 - R30, 10)], MoveKind.JOG, 6).ok


def test_a_jog_may_cross_an_obstruction_but_a_sprint_may_not():
    """ "A model may move over an obstruction. [...] Models may not advance over an obstruction
    during a sprint or charge." A crate at x = 12..13, y = 8..12; M to (15, 10), 5"."""
    crate = Terrain.rectangle(TerrainKind.OBSTRUCTION, 12, 8, 13, 12, "crate")
    s = scene(terrain=[crate])
    assert move(s, "M", [(15, 10)], MoveKind.JOG, 6).ok
    assert move(s, "M", [(15, 10)], MoveKind.DODGE, 6).ok
    assert move(s, "M", [(15, 10)], MoveKind.SPRINT, 8).problem is Problem.OVER_OBSTRUCTION


def test_no_ending_on_top_of_an_obstruction():
    """ "Models may not end their movement on top of an obstruction". Ending at (12.5, 10) the
    base lies over the crate."""
    crate = Terrain.rectangle(TerrainKind.OBSTRUCTION, 12, 8, 13, 12)
    result = move(scene(terrain=[crate]), "M", [(12.5, 10)], MoveKind.JOG, 6)
    assert result.problem is Problem.ENDS_ON_OBSTRUCTION


def test_the_other_players_model_may_not_cross_obstructions():
    """ "While a player is in control of another player's model, that model may not move over
    obstructions." """
    crate = Terrain.rectangle(TerrainKind.OBSTRUCTION, 12, 8, 13, 12)
    result = move(scene(terrain=[crate]), "M", [(15, 10)], MoveKind.JOG, 6, foreign=True)
    assert result.problem is Problem.OVER_OBSTRUCTION


def test_models_cross_markers_but_do_not_end_on_them():
    """ "A model may move over a marker without impediment but may not end its movement
    overlapping a marker's base." The ball at (13, 10): M jogs past to (16, 10), but ending at
    (13.5, 10) overlaps it."""
    ball = Base.at(13, 10, 30)
    assert move(scene(), "M", [(16, 10)], MoveKind.JOG, 6, markers=[ball]).ok
    ends = move(scene(), "M", [(13.5, 10)], MoveKind.JOG, 6, markers=[ball])
    assert ends.problem is Problem.ENDS_ON_MARKER


def test_a_friendly_model_may_not_be_moved_off_the_pitch():
    """ "A controlling player may not voluntarily move a friendly model to cause it to leave the
    pitch." Ending at x = 0.4 puts the base's edge at −0.190551."""
    assert move(scene(), "M", [(0.4, 10)], MoveKind.SPRINT, 10).problem is Problem.OFF_PITCH
    assert move(scene(), "M", [(R30, 10)], MoveKind.SPRINT, 10).ok  # touching the edge


def test_rough_terrain_costs_2_inches_once_per_advance():
    """ "A model that moves within rough terrain at any point during an advance suffers -2"/-2"
    MOV. This penalty is incurred only once per advance." Mud at x = 12..14 and x = 15..16: a
    jog of 6" becomes 4": to (14, 10) is allowed, to (16, 10) is not. Entered at
    12 − 0.600551 − 10 = 1.399449" along."""
    mud = [
        Terrain.rectangle(TerrainKind.ROUGH, 12, 0, 14, 20),
        Terrain.rectangle(TerrainKind.ROUGH, 15, 0, 16, 20),
    ]
    ok = move(scene(terrain=mud), "M", [(14, 10)], MoveKind.JOG, 6)
    assert ok.ok and ok.allowance == 4 and ok.rough_at == pytest.approx(1.399449, abs=1e-6)
    assert move(scene(terrain=mud), "M", [(16, 10)], MoveKind.JOG, 6).problem is Problem.TOO_LONG
    # Both patches on a sprint of 8": still only -2 (to (16, 10) is 6").
    assert move(scene(terrain=mud), "M", [(16, 10)], MoveKind.SPRINT, 8).allowance == 6


def test_an_advance_ends_where_rough_terrain_leaves_it_over_its_mov():
    """ "If a model's MOV is reduced during an advance and the distance it has already moved is
    greater than its reduced MOV stat, the advance ends immediately." Mud from x = 16: M jogging
    6" reaches it with its centre at 16 − 0.600551 = 15.399449, having moved 5.399449" > 4": the
    jog ends there."""
    mud = Terrain.rectangle(TerrainKind.ROUGH, 16, 0, 18, 20)
    result = move(scene(terrain=[mud]), "M", [(16, 10)], MoveKind.JOG, 6)
    assert result.ok and result.stopped_early
    assert result.end == pytest.approx((15.399449, 10), abs=1e-6)
    assert result.travelled == pytest.approx(5.399449, abs=1e-6)


def test_terrain_beyond_the_allowance_changes_nothing():
    """Terrain the advance cannot reach does not change it. Mud from x = 17.5 is reached
    6.899449" along (17.5 − 0.600551 − 10), beyond a 6" jog: a 7" path is simply too long, not
    "ended" in the mud; ice from x = 17 (6.399449" along) gives no +2" to a 6" jog either."""
    mud = Terrain.rectangle(TerrainKind.ROUGH, 17.5, 0, 19, 20)
    long = move(scene(terrain=[mud]), "M", [(17, 10)], MoveKind.JOG, 6)
    assert long.problem is Problem.TOO_LONG and not long.stopped_early and long.allowance == 6
    ice = Terrain.rectangle(TerrainKind.FAST, 17, 0, 19, 20)
    assert move(scene(terrain=[ice]), "M", [(18, 10)], MoveKind.JOG, 6).problem is Problem.TOO_LONG
    jog = straight(scene(terrain=[ice]), "M", (1, 0), 8, MoveKind.JOG, allowance=6)
    assert jog.end == pytest.approx((16, 10))


def test_a_model_starting_in_rough_terrain_moves_within_it():
    """Standing in mud when the jog begins is moving within rough terrain: -2" from the start."""
    mud = Terrain.rectangle(TerrainKind.ROUGH, 9, 9, 11, 11)
    result = move(scene(terrain=[mud]), "M", [(14.5, 10)], MoveKind.JOG, 6)
    assert result.problem is Problem.TOO_LONG and result.rough_at == 0.0


def test_a_forest_is_rough_terrain():
    """ "A forest is rough terrain." """
    wood = Terrain.rectangle(TerrainKind.FOREST, 12, 0, 14, 20)
    assert move(scene(terrain=[wood]), "M", [(15, 10)], MoveKind.JOG, 6).problem is Problem.TOO_LONG


def test_gliding_ignores_rough_terrain():
    """Gliding: "move across rough terrain without penalty for the remainder of the current
    turn"."""
    mud = Terrain.rectangle(TerrainKind.ROUGH, 12, 0, 14, 20)
    assert move(scene(terrain=[mud]), "M", [(16, 10)], MoveKind.JOG, 6, ignore_rough=True).ok


def test_fast_terrain_adds_2_inches_once_per_advance():
    """ "A model that moves within fast terrain at any point during an advance gains +2"/+2"
    MOV. This bonus may be gained only once per advance." Ice at x = 12..13: a jog of 6" may go
    8", to (18, 10); not 8.5"."""
    ice = Terrain.rectangle(TerrainKind.FAST, 12, 0, 13, 20)
    assert move(scene(terrain=[ice]), "M", [(18, 10)], MoveKind.JOG, 6).ok
    over = move(scene(terrain=[ice]), "M", [(18.5, 10)], MoveKind.JOG, 6)
    assert over.problem is Problem.TOO_LONG and over.allowance == 8


def test_dodges_and_pushes_ignore_terrain():
    """ "Dodge and push movement receives no penalties or bonuses from terrain unless otherwise
    noted." A 4" dodge through mud goes its full 4"."""
    mud = Terrain.rectangle(TerrainKind.ROUGH, 11, 0, 13, 20)
    dodge = move(scene(terrain=[mud]), "M", [(14, 10)], MoveKind.DODGE, 4)
    assert dodge.ok and dodge.allowance == 4 and dodge.rough_at is None
    push = straight(scene(terrain=[mud]), "M", (1, 0), 4)
    assert push.travelled == 4 and push.end == (14, 10)


def test_a_charge_may_not_change_direction():
    """ "A model may not change direction during a charge." """
    s = scene(("T", Base.at(16, 14, 40)))
    result = charge(s, "M", "T", (14, 10), 8, 1.0)
    assert result.movement.problem is None
    assert move(s, "M", [(12, 10), (14, 12)], MoveKind.CHARGE, 8).problem is Problem.TURNS


def test_a_charge_straight_at_its_target_ends_engaging():
    """ "A charging model may advance up to its max move. If able, it must end the advance
    engaging the target enemy model." T (40 mm) at (16, 10), M's melee zone 1": M must close to
    6 − 0.590551 − 0.787402 − 1 = 3.622047", ending at (13.622047, 10)."""
    result = charge_towards(scene(("T", Base.at(16, 10, 40))), "M", "T", 8, 1.0)
    assert result.engaging
    assert result.movement.end == pytest.approx((13.622047, 10), abs=1e-6)


def test_a_charge_out_of_reach_is_unsuccessful():
    """T at (25, 10): 15 − 1.377953 − 1 = 12.622047" away, beyond an 8" max move: M goes 8" to
    (18, 10) and does not end engaging ("the charge has been unsuccessful")."""
    result = charge_towards(scene(("T", Base.at(25, 10, 40))), "M", "T", 8, 1.0)
    assert not result.engaging
    assert result.movement.end == pytest.approx((18, 10))


def test_a_charge_ending_short_does_not_engage():
    """A charge to (12, 10), 4 − 1.377953 = 2.622047" from T: outside a 1" melee zone."""
    result = charge(scene(("T", Base.at(16, 10, 40))), "M", "T", (12, 10), 8, 1.0)
    assert result.movement.ok and not result.engaging


def test_a_charge_may_not_cross_an_obstruction():
    """ "Models may not advance over an obstruction during a sprint or charge." """
    crate = Terrain.rectangle(TerrainKind.OBSTRUCTION, 12, 8, 12.5, 12)
    s = scene(("T", Base.at(16, 10, 40)), terrain=[crate])
    assert charge(s, "M", "T", (13.7, 10), 8, 1.0).movement.problem is Problem.OVER_OBSTRUCTION


def test_engaging_span_along_a_line():
    """Along +x from M, T (40 mm, at (16, 10)) is within a 1" melee zone while M's centre is
    within 0.590551 + 0.787402 + 1 + 0.01 = 2.387953" of T's: from 6 − 2.387953 = 3.612047"
    until T's own base stops it (the span runs on to 8.387953" through T)."""
    span = engaging_span(scene(("T", Base.at(16, 10, 40))), "M", "T", (1, 0), 1.0)
    assert span == pytest.approx((3.612047, 8.387953), abs=1e-6)


def test_a_push_stops_at_another_models_base():
    """ "A model being moved by a push stops if it contacts another model's base". T (30 mm) at
    (12, 10) pushed 2" along +x towards X (30 mm) at (15, 10): it stops with its centre at
    15 − 1.181102 = 13.818898, after 1.818898"."""
    s = Scene.build(STANDARD_PITCH, [], [M, ("T", Base.at(12, 10, 30)), ("X", Base.at(15, 10, 30))])
    push = straight(s, "T", (1, 0), 2)
    assert push.blocker == "X" and push.stopped_early
    assert push.end == pytest.approx((13.818898, 10), abs=1e-6)
    assert push.travelled == pytest.approx(1.818898, abs=1e-6)


def test_a_push_away_from_the_pusher_in_base_contact():
    """The pusher touching the pushed model does not stop a push away from it: T in base contact
    at (11.181102, 10), pushed 2" directly away from M, ends at (13.181102, 10)."""
    s = Scene.build(STANDARD_PITCH, [], [M, ("T", Base.at(10 + TOUCH30, 10, 30))])
    push = straight(s, "T", (1, 0), 2)
    assert push.blocker is None and push.end == pytest.approx((10 + TOUCH30 + 2, 10))


def test_a_push_stops_at_an_obstruction_or_barrier():
    """ "[...] stops if it contacts [...] an obstruction, or a barrier." A crate face at x = 13:
    M pushed 5" along +x stops at 13 − 0.590551 = 12.409449; a wall there does the same."""
    for kind in (TerrainKind.OBSTRUCTION, TerrainKind.BARRIER):
        block = Terrain.rectangle(kind, 13, 5, 14, 15, "block")
        push = straight(scene(terrain=[block]), "M", (1, 0), 5)
        assert push.blocker == "block"
        assert push.end == pytest.approx((12.409449, 10), abs=1e-6)


def test_a_push_does_not_change_direction():
    """ "A model may not change direction during a push." """
    result = move(scene(), "M", [(11, 10), (11, 11)], MoveKind.PUSH, 2)
    assert result.problem is Problem.TURNS


def test_a_push_can_carry_a_model_off_the_pitch():
    """ "If any part of a model's base leaves the pitch, immediately take the model off the
    pitch." M at (1.5, 10) pushed 2" along −x: its edge passes the pitch edge (by more than the
    0.01" tolerance) when its centre reaches 0.590551 − 0.01 = 0.580551, after 0.919449"."""
    s = Scene.build(STANDARD_PITCH, [], [("M", Base.at(1.5, 10, 30))])
    push = straight(s, "M", (-1, 0), 2)
    assert push.left_pitch and push.blocker == "pitch edge"
    assert push.travelled == pytest.approx(0.919449, abs=1e-6)


def test_a_dodge_directly_away_stops_at_the_pitch_edge():
    """A move the player makes with their own model stops with the base touching the edge: a
    dodge of 2" along −x from (1.5, 10) ends at x = 0.590551."""
    s = Scene.build(STANDARD_PITCH, [], [("M", Base.at(1.5, 10, 30))])
    dodge = straight(s, "M", (-1, 0), 2, MoveKind.DODGE)
    assert not dodge.left_pitch
    assert dodge.end == pytest.approx((R30, 10))


def test_a_jog_directly_towards_gets_its_terrain_modifier():
    """A jog of 6" directly towards (+x) through mud at x = 12..13: MOV 4", ends at (14, 10)."""
    mud = Terrain.rectangle(TerrainKind.ROUGH, 12, 0, 13, 20)
    jog = straight(scene(terrain=[mud]), "M", (1, 0), 6, MoveKind.JOG)
    assert jog.end == pytest.approx((14, 10)) and jog.allowance == 4


def test_where_a_path_enters_and_leaves_a_melee_zone():
    """For parting blows ("if an active model leaves the melee zone [...] of an enemy model
    that's engaging it") and for what a move provokes. E (40 mm) at (14, 12) with a 2" zone; M
    moves from (10, 10) to (18, 10). M is within the zone while its centre is within
    0.590551 + 0.787402 + 2 + 0.01 = 3.387953" of E's: on y = 10, 2" below E, for
    |x − 14| ≤ √(3.387953² − 2²) = √7.478226 = 2.734634: entering at 1.265366", leaving at
    6.734634"."""
    reach = R30 + R40 + 2 + 0.01
    half = math.sqrt(reach**2 - 4)
    assert half == pytest.approx(2.734634, abs=1e-6)
    events = crossings([(10, 10), (18, 10)], R30, [("E", Base.at(14, 12, 40), 2.0)])
    assert [(c.owner, c.entered) for c in events] == [("E", True), ("E", False)]
    assert events[0].at == pytest.approx(4 - half)
    assert events[1].at == pytest.approx(4 + half)
    assert events[1].point == pytest.approx((14 + half, 10))


def test_a_zone_the_path_starts_in_is_only_left():
    """Engaged at the start by F (30 mm at (10, 11.5), 1" zone: M is 1.5 − 1.181102 = 0.318898"
    from it), M moves directly away along −y to (10, 5): it leaves the zone once its centre is
    1.181102 + 1 + 0.01 = 2.191102" from F's, at y = 9.308898, 0.691102" along."""
    events = crossings([(10, 10), (10, 5)], R30, [("F", Base.at(10, 11.5, 30), 1.0)])
    assert len(events) == 1 and not events[0].entered
    assert events[0].at == pytest.approx(0.691102, abs=1e-6)


def test_where_a_path_leaves_an_enemys_line_of_sight():
    """ "if an active model leaves the melee zone or LOS of an enemy model that's engaging it,
    that enemy model may immediately declare a parting blow". E (30 mm) at (10, 14) above a wall
    from x = 12 to 30 across y = 11..12; M (30 mm) moves from (10, 10) along +x to (16, 10),
    under the wall. E sees M past the wall's corner (12, 11) until no line through it reaches
    M's base. The flattest such line is tangent to E's base: from the corner, E's centre lies
    along (−2, 3), √13 = 3.605551" away, at −56.309932° (pointing back), and the tangent turns
    asin(0.590551 / 3.605551) = 9.426917° from it: the line leaves the corner at −46.883015°,
    direction (0.683490, −0.729960), normal (0.729960, 0.683490). M's centre (x, 10) is
    0.729960·(x − 12) − 0.683490 from it, which reaches M's radius 0.590551 at x = 13.745359:
    3.745359" along. The engine finds 3.78": a line may clip the corner by the 0.01" tolerance
    (up to 0.014" from a square corner's tip), which lets M show a few hundredths further."""
    wall = Terrain.rectangle(TerrainKind.BARRIER, 12, 11, 30, 12)
    s = scene(("E", Base.at(10, 14, 30)), terrain=[wall])
    assert s.sees("E", "M")
    lost = sight_lost(s, "M", [(10, 10), (16, 10)], "E")
    assert lost == pytest.approx(3.745359, abs=0.05)
    assert lost >= 3.745359 - 0.001  # the tolerance only ever lets M show longer
    assert not s.moved("M", (10 + lost, 10)).sees("E", "M")
    assert s.moved("M", (10 + lost - 0.002, 10)).sees("E", "M")


def test_a_model_that_moves_0_inches_does_not_move():
    """ "A model that moves 0" doesn't count as moving." A path with no waypoints travels 0"."""
    result = move(scene(), "M", [], MoveKind.JOG, 6)
    assert result.ok and result.travelled == 0.0


def test_where_a_model_or_marker_may_be_placed():
    """ "A model or marker may not be placed on a barrier or an obstruction, or with its base
    overlapping another model or marker's base or the edge of the pitch." Touching is allowed:
    a 30 mm base at (10 + 1.181102, 10) touches M."""
    crate = Terrain.rectangle(TerrainKind.OBSTRUCTION, 20, 20, 22, 22, "crate")
    wall = Terrain.rectangle(TerrainKind.BARRIER, 25, 20, 27, 22, "wall")
    s = scene(terrain=[crate, wall])
    ball = Base.at(5, 30, 30)
    assert placement(s, Base.at(10 + TOUCH30, 10, 30)) is None
    assert placement(s, Base.at(11, 10, 30)) == (Problem.OVERLAPS_MODEL, "M")
    assert placement(s, Base.at(11, 10, 30), ignore=["M"]) is None
    assert placement(s, Base.at(21, 21, 30)) == (Problem.ENDS_ON_OBSTRUCTION, "crate")
    assert placement(s, Base.at(26, 21, 30)) == (Problem.INTO_BARRIER, "wall")
    assert placement(s, Base.at(0.3, 5, 30)) == (Problem.OFF_PITCH, None)
    assert placement(s, Base.at(5.5, 30, 30), markers=[ball]) == (Problem.ENDS_ON_MARKER, None)


def test_towards_means_always_closer():
    """ "Towards means that a model or marker may only move in such a way that the distance
    between the model or marker and the target is always decreasing." To a target at (20, 10):
    (10, 10) → (15, 12) → (18, 10) gets closer all along (at the first leg's end the step
    (5, 2) against the remaining (−5, 2) gives 5·(−5) + 2·2 = −21 < 0; the second, (3, −2)
    against (−2, 0), −6 < 0); overshooting to (22, 10) does not (2·2 = 4 > 0 at its end)."""
    assert towards([(10, 10), (15, 12), (18, 10)], (20, 10))
    assert not towards([(10, 10), (22, 10)], (20, 10))


def test_away_means_always_farther():
    """ "Away means that a model or marker may move in any direction, but only in such a way
    that the distance between the origin and the model or marker is always increasing." From an
    origin at (8, 10): (10, 10) → (12, 13) moves away ((2, 3)·(2, 0) = 4 > 0 at its start);
    (10, 10) → (7, 14) does not ((−3, 4)·(2, 0) = −6)."""
    assert away([(10, 10), (12, 13)], (8, 10))
    assert not away([(10, 10), (7, 14)], (8, 10))


def test_directly_away_is_along_the_centre_line():
    """ "Directly away means that a model or marker must move along the line between the centre
    points of the model or marker and the target." From M at (10, 10), T at (13, 14) is pushed
    along (3, 4) / 5 = (0.6, 0.8); 2" puts it at (14.2, 15.6)."""
    s = scene(("T", Base.at(13, 14, 30)))
    u = directly_away(s.base("M"), s.base("T"))
    assert u == pytest.approx((0.6, 0.8))
    assert straight(s, "T", u, 2).end == pytest.approx((14.2, 15.6))


def test_approach_the_ball_to_snap_it_up():
    """ "A model which starts its activation or moves within 1" of a free ball may choose to take
    possession of the ball". M jogs at a free ball (30 mm) at (16, 10): it is within 1" once its
    centre is 1 + 1.181102 = 2.181102" from the ball's, at (13.818898, 10), after 3.818898"."""
    result = approach(scene(), "M", Base.at(16, 10, 30), 1.0, 6)
    assert result.end == pytest.approx((13.818898, 10), abs=1e-6)
    assert result.travelled == pytest.approx(3.818898, abs=1e-6)


def test_approach_stops_at_a_model_in_the_way():
    """A model in the way stops the move in base contact: X (30 mm) at (13, 10) stops M at
    13 − 1.181102 = 11.818898."""
    result = approach(scene(("X", Base.at(13, 10, 30))), "M", Base.at(16, 10, 30), 1.0, 6)
    assert result.blocker == "X" and result.end == pytest.approx((11.818898, 10), abs=1e-6)
