"""The ball: passes, Shots, goals and goal kicks, interception, scatters, Pass & Move and Snap
Shot; one test per rule, quoting the book."""

import pytest

from engine.core.errors import RuleError
from games.guild_ball.pitch import circular_scatter
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import base_of, own_goalpost
from games.guild_ball.tests import rules_table
from games.guild_ball.tests.rules_table import (
    IVO,
    OSWIN,
    PIKE,
    SEFA,
    TAMSIN,
    arrange,
    in_play,
    run,
)

APART = rules_table.APART_IVO_BACK


def table(places, active=PIKE, **kw):
    where = dict(APART)
    where.update(places)
    kw.setdefault("ball", active)
    kw.setdefault("mp", (1, 0))
    kw.setdefault("influence", {active: 3})
    return arrange(in_play(), where, active=active, **kw)


def rolled(events, what=None):
    return next(e for e in events if isinstance(e, ev.Rolled) and (what is None or e.what == what))


def test_a_shot_costs_influence_and_mp_and_scores_four_vp() -> None:
    """ "In order to make a Shot, a model must spend 1 MP in addition to the influence cost"
    "Goals! – A player gains 4 VP each time their team scores a goal." "During an activation, if
    a friendly model scores a goal, the activation immediately ends." """
    state = table({PIKE: (12.0, 12.0)}, dice=(6, 1, 1))
    events, after = run(state, cm.Shoot(seat=0))
    assert rolled(events, "shot").tn == 4
    assert after.teams[0].vp == 4 and after.teams[0].goals == 1
    assert after.unit(PIKE).influence == 2
    assert after.teams[0].mp == 0 + 1  # 1 spent on the Shot, 1 gained for the goal
    assert after.activation is None and after.goal_kick == 1
    with pytest.raises(RuleError) as refused:
        run(table({PIKE: (12.0, 12.0)}, mp=(0, 0)), cm.Shoot(seat=0))
    assert refused.value.code == "no_momentum"


def test_a_screamer_gains_two_mp() -> None:
    """ "When resolving a Shot, if two or more 6s are rolled in the TN test, then the goal scored
    is a Screamer! The friendly team gains 2 MP instead." """
    _, after = run(table({PIKE: (12.0, 12.0)}, dice=(6, 6, 1)), cm.Shoot(seat=0))
    assert after.teams[0].mp == 2


def test_a_tap_in_suffers_one_less_tn() -> None:
    """ "If the target spot, friendly model, or target goalpost is within half of the kicking
    model's kick range (rounded down), the kick suffers -1 TN." """
    events, _ = run(table({PIKE: (12.0, 15.0)}, dice=(1, 1, 1, 3, 3)), cm.Shoot(seat=0))
    assert rolled(events, "shot").tn == 3


def test_a_missed_shot_scatters_from_the_goalpost() -> None:
    """ "If the target is a friendly model or a goalpost, scatter the ball from that model or
    goalpost using the kick scatter rules." """
    events, after = run(table({PIKE: (12.0, 12.0)}, dice=(1, 1, 1, 3, 2)), cm.Shoot(seat=0))
    scatter = next(e for e in events if isinstance(e, ev.Scattered))
    assert scatter.kind == "kick" and scatter.y0 == pytest.approx(18.984, abs=0.01)
    assert after.teams[0].vp == 0


def test_the_conceding_player_takes_the_goal_kick_within_ten_inches() -> None:
    """ "The player who just conceded the goal resolves the goal kick." "position the ball
    within 10" of the friendly goalpost and use the kick scatter rules" "A goal kick may never
    be intercepted." """
    _, state = run(table({PIKE: (12.0, 12.0)}, dice=(6, 1, 1)), cm.Shoot(seat=0))
    _, state = run(state, cm.DodgeTo(seat=0))  # no Run the Length
    with pytest.raises(RuleError) as refused:
        run(state, cm.GoalKick(seat=0, target=(12.0, 10.0)))
    assert refused.value.code == "no_goal_kick"
    with pytest.raises(RuleError):
        run(state, cm.GoalKick(seat=1, target=(12.0, 4.0)))
    with pytest.raises(RuleError) as on_pike:  # "any point ... where the ball may be placed"
        run(state, cm.GoalKick(seat=1, target=(12.0, 12.0)))
    assert on_pike.value.code == "goal_kick_place"
    events, after = run(state, cm.GoalKick(seat=1, target=(12.0, 14.5)))
    assert any(isinstance(e, ev.Scattered) and e.kind == "goal kick" for e in events)
    assert after.goal_kick == -1 and after.intercept is None


def test_a_successful_pass_to_a_friendly_model_gains_one_mp() -> None:
    """ "If the target is a friendly model, it immediately gains possession of the ball." "When a
    model makes a successful pass which targets a friendly model, the friendly team gains 1
    MP." """
    state = table({PIKE: (12.0, 8.0), OSWIN: (12.0, 12.0)}, dice=(3, 1, 1))
    events, after = run(state, cm.Pass(seat=0, target=OSWIN))
    assert rolled(events, "pass").tn == 3  # a tap in
    assert after.ball_holder == OSWIN and after.teams[0].mp == 2
    assert after.unit(PIKE).influence == 2


def test_a_failed_pass_scatters_from_the_target_model() -> None:
    """ "Upon an unsuccessful kick: If the target is a friendly model ... scatter the ball from
    that model" """
    state = table({PIKE: (12.0, 8.0), OSWIN: (12.0, 12.0)}, dice=(1, 1, 1, 3, 1))
    events, _ = run(state, cm.Pass(seat=0, target=OSWIN))
    scatter = next(e for e in events if isinstance(e, ev.Scattered))
    assert (scatter.x0, scatter.y0) == (12.0, 12.0)


def test_enemies_on_the_ball_path_intervene_and_may_intercept() -> None:
    """ "Each enemy model not engaging the kicking model and with any part of its base on the
    ball path ... causes the kick to suffer -1 dice pool." "When resolving a kick scatter, the
    closest model on the ball path between the kicking model and the final landing spot may
    choose to take possession of the ball." """
    state = table({PIKE: (12.0, 6.0), IVO: (12.0, 9.5)}, dice=(6, 6, 3, 1))
    events, waiting = run(state, cm.Pass(seat=0, spot=(12.0, 12.5)))
    assert rolled(events, "pass").pool == 3 - 1
    _, waiting = run(waiting, cm.RerollScatter(seat=0))  # keep the scatter
    assert waiting.intercept.candidates[0] == IVO
    with pytest.raises(RuleError):
        run(waiting, cm.Intercept(seat=0, take=True))
    _, after = run(waiting, cm.Intercept(seat=1, take=True))
    assert after.ball_holder == IVO


def test_a_model_engaged_kicks_with_fewer_dice() -> None:
    """ "Each enemy model engaging the kicking model causes the kick to suffer -1 dice pool." """
    state = table({PIKE: (12.0, 8.0), OSWIN: (12.0, 12.0), TAMSIN: (13.8, 8.0)}, dice=(1, 1, 3, 1))
    events, _ = run(state, cm.Pass(seat=0, target=OSWIN))
    assert rolled(events, "pass").pool == 3 - 1


def test_a_knocked_down_ball_carrier_loses_the_ball_in_a_circular_scatter() -> None:
    """ "If a model in possession of the ball suffers the knocked down condition, scatter the
    ball using the circular scatter rules with the template centred on the knocked down
    model." """
    state = table(
        {OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)},
        active=OSWIN,
        ball=SEFA,
        dice=(6, 6, 6, 1, 1, 1, 1, 3),
    )
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    events, after = run(state, cm.ChooseResult(seat=0, column=3, row=1))
    scatter = next(e for e in events if isinstance(e, ev.Scattered))
    assert scatter.kind == "circular" and (scatter.x0, scatter.y0) == (10.0, 11.5)
    assert after.ball_holder != SEFA


def test_pass_and_move_and_the_snap_shot() -> None:
    """ "After a successful pass, either the passing model or the receiving model may spend 1 MP
    to make a 4" dodge." "the receiving model may spend 2 MP to make an out-of-activation Shot
    without spending influence." "A Snap Shot requires 2 net hits to score a goal" """
    state = table({PIKE: (12.0, 9.0), OSWIN: (12.0, 13.0)}, dice=(6, 1, 1, 6, 1, 2, 1), mp=(2, 0))
    _, state = run(state, cm.Pass(seat=0, target=OSWIN))
    assert state.dodge is not None and state.dodge.model == PIKE  # Give and Go, a trait
    _, state = run(state, cm.DodgeTo(seat=0))
    assert state.follow is not None and state.teams[0].mp == 3
    events, after = run(state, cm.FollowUp(seat=0, choice="shot"))
    shot = rolled(events, "shot")
    assert shot.hits == 1 and after.teams[0].vp == 0 and after.teams[0].mp == 1
    assert after.unit(OSWIN).influence == state.unit(OSWIN).influence  # no influence spent
    _, moving = run(state, cm.FollowUp(seat=0, choice="move", model=OSWIN))
    assert moving.dodge.model == OSWIN and moving.dodge.inches == 4


def test_the_steps_of_an_action_are_answered_in_their_order() -> None:
    """ "this dodge takes place prior to the goal kick": an answer to a later step waits."""
    state = table({PIKE: (12.0, 12.0)}, mp=(2, 0), dice=(6, 1, 1))
    _, state = run(state, cm.Shoot(seat=0))
    with pytest.raises(RuleError) as refused:
        run(state, cm.GoalKick(seat=1, target=(12.0, 12.0)))
    assert refused.value.code == "not_now"


def test_a_successful_kick_to_a_spot_may_reroll_its_scatter_once() -> None:
    """ "If the target is a target spot, immediately scatter using the kick scatter rules. The
    player may choose to reroll the entire kick scatter once but must accept the rerolled
    result." """
    state = table({PIKE: (12.0, 6.0)}, dice=(6, 1, 1, 1, 6, 3, 2))
    events, waiting = run(state, cm.Pass(seat=0, spot=(6.0, 10.0)))
    first = next(e for e in events if isinstance(e, ev.Scattered))
    assert waiting.intercept.may_reroll and (first.direction, first.distance) == (1, 6)
    events, after = run(waiting, cm.RerollScatter(seat=0, reroll=True))
    again = next(e for e in events if isinstance(e, ev.Scattered))
    assert (again.direction, again.distance) == (3, 2)
    assert after.intercept is None or not after.intercept.may_reroll
    failed = table({PIKE: (12.0, 6.0)}, dice=(1, 1, 1, 1, 6))
    _, missed = run(failed, cm.Pass(seat=0, spot=(6.0, 10.0)))
    assert missed.intercept is None or not missed.intercept.may_reroll


def test_a_model_not_engaged_may_give_up_the_ball_and_not_regain_it() -> None:
    """ "an active model in possession of the ball and not engaged may give up possession at any
    point ... the model places the ball within 1"; the ball then becomes a free ball. A model
    that has given up possession in this way may not regain possession during the same
    activation." """
    state = table({PIKE: (12.0, 8.0)})
    with pytest.raises(RuleError):
        run(state, cm.GiveUpBall(seat=0, spot=(12.0, 11.0)))
    _, after = run(state, cm.GiveUpBall(seat=0, spot=(12.0, 9.5)))
    assert after.ball_free and after.ball_holder == ""
    with pytest.raises(RuleError) as on_ball:  # it may cross the ball but not end on it
        run(after, cm.Jog(seat=0, path=((12.0, 10.5),)))
    assert on_ball.value.code == "move_ends_on_marker"
    _, moved = run(after, cm.Jog(seat=0, path=((12.0, 11.5),)))
    assert moved.ball_holder == ""
    engaged = table({PIKE: (12.0, 8.0), TAMSIN: (13.8, 8.0)})
    with pytest.raises(RuleError) as refused:
        run(engaged, cm.GiveUpBall(seat=0, spot=(12.0, 9.5)))
    assert refused.value.code == "engaged"


def test_a_ball_placed_near_both_teams_goes_to_the_best_roll_plus_kick() -> None:
    """ "If each team has one or more models within 1" of the ball when it's placed, each model
    may roll 1D6 and add their base KICK to attempt to gain possession. The model with the
    highest result gains possession. When two or more models have the highest result, reroll" """
    from games.guild_ball.pitch import Point
    from games.guild_ball.rules.ball import rest
    from games.guild_ball.rules.context import new_context

    # Pike (KICK 3) and Ivo (KICK 4) both within 1" of the spot: 4 + 3 = 7 ties 3 + 4 = 7
    state = table({PIKE: (10.0, 10.0), IVO: (12.2, 10.0)}, ball=(20.0, 12.0), dice=(4, 3, 2, 5))
    ctx = new_context(state)
    rest(ctx, Point(11.1, 10.0), "placed")
    rolled_off = next(e for e in ctx.events if isinstance(e, ev.SnapRolled))
    assert [r[2] for r in rolled_off.rolls] == [7, 7, 5, 9]
    assert ctx.state.ball_holder == IVO


def test_a_ball_leaving_the_pitch_is_thrown_in_from_the_centre() -> None:
    """ "If any part of the ball marker's base leaves the pitch, immediately take the ball off
    the pitch. Place the ball on the centre spot of the pitch and resolve a circular scatter" """
    # a pass to a spot by the edge misses (1, 1, 1); its scatter (3, 6) carries it off; the
    # throw-in scatters (1, 1) from the centre spot
    state = table({PIKE: (2.0, 6.0)}, dice=(1, 1, 1, 3, 6, 1, 1))
    events, after = run(state, cm.Pass(seat=0, spot=(1.0, 10.0)))
    scatters = [e for e in events if isinstance(e, ev.Scattered)]
    assert scatters[0].off and (scatters[1].x0, scatters[1].y0) == (12.0, 12.0)
    assert scatters[1].kind == "circular" and after.ball_free


def test_a_knocked_down_model_may_not_be_passed_to() -> None:
    """Knocked down: "May not have possession of the ball or be the target of a pass." """
    state = table({PIKE: (12.0, 8.0), OSWIN: (12.0, 12.0)}, conditions={OSWIN: ("knocked_down",)})
    with pytest.raises(RuleError) as refused:
        run(state, cm.Pass(seat=0, target=OSWIN))
    assert refused.value.code == "pass_target"


def landings(after, scatter, carrier):
    """Where the circular scatter's roll lands the ball from `carrier` (where it lies in
    `after`) with the #1 pointing at each team's goalpost: seat 0's, seat 1's."""
    base = base_of(after.unit(carrier))
    return [
        circular_scatter(base, own_goalpost(after, seat), scatter.direction, scatter.distance)
        for seat in (0, 1)
    ]


def test_a_parting_blows_scatter_points_at_the_strikers_goalpost() -> None:
    """ "During a model's activation, it's the active model unless another model is performing
    an action", an action being "a movement, a kick, an attack ..." and "A parting blow is an
    attack": while Tamsin strikes, she is the active model ("the active model immediately gains
    possession", says the Tackle), so the scatter of the ball Oswin drops when her blow knocks
    him down is placed "with the #1 pointing towards the active model's goalpost": hers."""
    where = {**APART, OSWIN: (10.0, 10.0), TAMSIN: (10.0, 12.0)}
    # Tamsin's 7 dice (TAC 5, +2 for the blow) give 3 net hits; the scatter rolls #1, 2".
    state = arrange(in_play(), where, active=OSWIN, ball=OSWIN, dice=(6, 6, 6, 6, 1, 1, 1, 1, 2))
    _, waiting = run(state, cm.Jog(seat=0, path=((10.0, 5.0),)))
    _, choosing = run(waiting, cm.PartingBlow(seat=1))
    events, after = run(choosing, cm.ChooseResult(seat=1, column=3, row=1))  # knocked down
    scatter = next(e for e in events if isinstance(e, ev.Scattered))
    oswins, tamsins = landings(after, scatter, OSWIN)
    assert scatter.kind == "circular" and (scatter.direction, scatter.distance) == (1, 2)
    assert (scatter.landing_x, scatter.landing_y) == pytest.approx((tamsins.x, tamsins.y))
    assert scatter.landing_y > scatter.y0 > oswins.y  # towards seat 1's goalpost, up the pitch
    assert after.ball_holder == TAMSIN  # it stops at her base, within 1": she takes it


def test_a_counter_attacks_scatter_points_at_the_strikers_goalpost() -> None:
    """ "After the active model resolves its attack, the target model may then make an attack
    against the origin model": the Counter-Attack is Tamsin's action, so she is the active
    model ("it's the active model unless another model is performing an action") and the
    scatter of the ball Pike drops when her Counter-Attack knocks him down points "with the #1
    pointing towards the active model's goalpost": hers, not Pike's."""
    where = {**APART, PIKE: (10.0, 10.0), TAMSIN: (11.8, 10.0)}
    # Pike's 4 dice miss; Tamsin's 5 give 4 hits, 3 net of Pike's ARM 1; the scatter: #1, 3".
    dice = (1, 1, 1, 1, 6, 6, 6, 6, 1, 1, 3)
    state = arrange(
        in_play(), where, active=PIKE, ball=PIKE, mp=(0, 1), influence={PIKE: 3}, dice=dice
    )
    _, reacting = run(state, cm.Attack(seat=0, target=TAMSIN))
    _, choosing = run(reacting, cm.React(seat=1, counter=True))
    assert choosing.attack.kind == "counter" and choosing.activation.model == PIKE
    events, after = run(choosing, cm.ChooseResult(seat=1, column=3, row=1))  # knocked down
    scatter = next(e for e in events if isinstance(e, ev.Scattered))
    pikes, tamsins = landings(after, scatter, PIKE)
    assert (scatter.x0, scatter.y0, scatter.direction, scatter.distance) == (10.0, 10.0, 1, 3)
    assert (scatter.landing_x, scatter.landing_y) == pytest.approx((tamsins.x, tamsins.y))
    assert scatter.landing_y > scatter.y0 > pikes.y  # towards seat 1's goalpost
    assert after.activation.model == PIKE and after.ball_holder != PIKE
