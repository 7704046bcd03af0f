"""Conditions, taking out and recovery, momentum's uses, plays and the end of the game; one test
per rule, quoting the book."""

import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import base_of, defence, moves, new_context
from games.guild_ball.rules.health import suffer
from games.guild_ball.rules.state import KD, MAINTENANCE, Ongoing
from games.guild_ball.rules.turns import end_phase
from games.guild_ball.tests import rules_table
from games.guild_ball.tests.rules_table import (
    IVO,
    LINK,
    MAUD,
    OSWIN,
    PIKE,
    SEFA,
    TAMSIN,
    arrange,
    in_play,
    run,
)

APART = rules_table.APART_IVO_BACK


def table(places=None, active=OSWIN, **kw):
    where = dict(APART)
    where.update(places or {})
    kw.setdefault("ball", (23.0, 12.0))
    kw.setdefault("mp", (0, 0))
    kw.setdefault("influence", {active: 3})
    return arrange(in_play(), where, active=active, **kw)


def test_burning_and_snared_slow_and_knocked_down_and_snared_lower_def() -> None:
    """ "A model suffering the burning condition suffers -2"/-2" MOV." "A model suffering the
    snared condition suffers -1 DEF and -2"/-2" MOV." Knocked down: "Suffers -1 DEF." """
    state = table(conditions={SEFA: ("burning",), IVO: ("snared", KD)})
    assert moves(state, state.unit(SEFA)) == (6 - 2, 8 - 2)
    assert moves(state, state.unit(IVO)) == (6 - 2, 9 - 2)
    assert defence(state, state.unit(IVO)) == 4 - 2


def test_a_model_with_steady_footing_is_not_knocked_down() -> None:
    """A trait's immunity: Steady Footing (common.toml) makes the model immune to knocked
    down; "rules written on a model's card supersede rules written in the rulebook"."""
    ctx = new_context(table())
    suffer(ctx, MAUD, KD)
    suffer(ctx, SEFA, KD)
    assert KD not in ctx.state.unit(MAUD).conditions and KD in ctx.state.unit(SEFA).conditions


def test_taking_out_scores_two_vp_and_one_mp_and_scatters_the_ball() -> None:
    """ "Once a model's current health reaches 0 HP, it suffers the taken out condition." "A
    player gains 2 VP each time an enemy non-Mascot model suffers the taken out condition."
    "When a model inflicts the taken out condition on an enemy model as part of an action, the
    friendly team gains 1 MP." "If a model in possession of the ball suffers the taken out
    condition, before removing the taken out model from the pitch, scatter the ball" """
    state = table(
        {OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)},
        hp={SEFA: 2},
        ball=SEFA,
        dice=(6, 6, 1, 1, 1, 1, 2, 2),
    )
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    events, after = run(state, cm.ChooseResult(seat=0, column=2, row=0))  # dmg 2
    names = [type(e).__name__ for e in events]
    assert names.index("Scattered") < names.index("TakenOut")
    sefa = after.unit(SEFA)
    assert not sefa.on_pitch and sefa.taken_out and sefa.hp == 0
    assert after.teams[0].vp == 2 and after.teams[0].mp == 1


def test_a_taken_out_model_returns_at_its_recovery_level_near_its_edge() -> None:
    """ "During the Maintenance Phase, each model currently suffering the taken out condition is
    returned to play." "recovers HP up to its recovery level." "A returned model is placed in
    base contact with an edge of the pitch that's within the friendly deployment zone and may
    then make a jog." """
    state = in_play()
    units = tuple(
        replace(u, on_pitch=False, taken_out=True, hp=0, x=-50.0, y=-50.0) if u.id == SEFA else u
        for u in state.units
    )
    teams = tuple(replace(t, allocation=None) for t in state.teams)
    state = replace(state, units=units, teams=teams, phase=MAINTENANCE)
    with pytest.raises(RuleError) as refused:
        run(state, cm.Allocate(seat=1, influence=(), returns=((SEFA, 12.0, 12.0),)))
    assert refused.value.code == "return_place"
    _, state = run(state, cm.Allocate(seat=1, influence=(), returns=((SEFA, 2.0, 19.0),)))
    _, after = run(state, cm.Allocate(seat=0, influence=()))
    sefa = after.unit(SEFA)
    assert sefa.on_pitch and not sefa.taken_out and sefa.hp == 5  # Sefa's recovery level
    assert (sefa.x, sefa.y) == (2.0, 19.0)


def test_a_model_pushed_off_the_pitch_is_taken_out_with_its_hp() -> None:
    """ "If any part of a model's base leaves the pitch, immediately take the model off the
    pitch." "After the model is taken off the pitch, it suffers the taken out condition. A model
    removed in this way retains its current HP." """
    state = table({OSWIN: (12.0, 21.6), IVO: (12.0, 23.1)}, dice=(6, 6, 1, 1, 1, 1))
    _, state = run(state, cm.Attack(seat=0, target=IVO))
    _, after = run(state, cm.ChooseResult(seat=0, column=2, row=1))  # push 1
    ivo = after.unit(IVO)
    assert ivo.taken_out and ivo.hp == 14 and after.teams[0].vp == 2


def test_the_first_to_six_vp_wins_at_once() -> None:
    """ "Introductory Game ... 6 VP"; "the first player to reach [the] victory points (VP)
    immediately wins the game." """
    state = table({OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)}, hp={SEFA: 1}, dice=(6, 1, 1, 1, 1, 1))
    teams = list(state.teams)
    teams[0] = replace(teams[0], vp=4, goals=1)
    state = replace(state, teams=tuple(teams))
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    events, after = run(state, cm.ChooseResult(seat=0, column=1, row=0))
    assert isinstance(events[-1], ev.GameEnded) and after.result.winner == 0
    with pytest.raises(RuleError) as refused:
        run(after, cm.EndActivation(seat=0))
    assert refused.value.code == "game_over"


def test_rest_recovers_four_hp_once_a_turn() -> None:
    """ "During its activation, a model may spend 1 MP to recover 4 HP or remove all conditions
    it's suffering. A model may use Rest only once per turn." """
    state = table(hp={OSWIN: 10}, mp=(2, 0))
    _, after = run(state, cm.Rest(seat=0))
    assert after.unit(OSWIN).hp == 14 and after.teams[0].mp == 1
    with pytest.raises(RuleError) as refused:
        run(after, cm.Rest(seat=0, clear=True))
    assert refused.value.code == "rested"


def test_encourage_reaches_a_friendly_model_within_eight_inches() -> None:
    """ "a model may spend 2 MP to target another friendly model within 8". The target friendly
    model recovers 4 HP or removes all conditions it's suffering." """
    state = table({PIKE: (10.0, 4.0)}, conditions={PIKE: ("bleed",)}, mp=(2, 0))
    with pytest.raises(RuleError):
        run(state, cm.Encourage(seat=0, target=MAUD, clear=True))
    _, after = run(state, cm.Encourage(seat=0, target=PIKE, clear=True))
    assert after.unit(PIKE).conditions == () and after.teams[0].mp == 0


def test_encourage_needs_line_of_sight_to_its_target() -> None:
    """ "A model must have line of sight in order to target another model or marker with an
    action unless otherwise stated." "All momentous abilities are actions unless otherwise
    stated." Oswin may not encourage Maud 6" away with their goalpost between them."""
    state = table({OSWIN: (9.0, 5.0), MAUD: (15.0, 5.0)}, conditions={MAUD: ("bleed",)}, mp=(2, 0))
    with pytest.raises(RuleError) as refused:
        run(state, cm.Encourage(seat=0, target=MAUD, clear=True))
    assert refused.value.code == "no_los"
    _, after = run(
        arrange(state, {MAUD: (15.0, 8.0)}), cm.Encourage(seat=0, target=MAUD, clear=True)
    )
    assert after.unit(MAUD).conditions == () and after.teams[0].mp == 0


def test_a_character_play_costs_influence_and_tests_its_cost_in_dice() -> None:
    """ "A character play is resolved as a TN test of [target model's current DEF]. Use the
    character play's cost in influence to generate the dice pool." """
    # Clapper Strike: cost 2, range 1", knocks an enemy down
    state = table({OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)}, dice=(5, 1))
    events, after = run(state, cm.UsePlay(seat=0, play="clapper-strike", target=SEFA))
    roll = next(e for e in events if isinstance(e, ev.Rolled))
    assert (roll.pool, roll.tn, roll.hits) == (2, 4, 1)
    assert KD in after.unit(SEFA).conditions and after.unit(OSWIN).influence == 1
    with pytest.raises(RuleError) as refused:
        run(
            table({SEFA: (10.0, 15.0), OSWIN: (10.0, 10.0)}),
            cm.UsePlay(seat=0, play="clapper-strike", target=SEFA),
        )
    assert refused.value.code == "invalid_target"


def test_bonus_time_adds_its_die_after_every_other_modifier() -> None:
    """Bonus Time: "a model may spend 1 MP to add one die to the dice pool before rolling. This
    may be done only once per TN test and only after all other modifiers to the dice pool have
    been applied." Clapper Strike (cost 2) with Ivo and Tamsin crowding Oswin out: 2 - 2 = 0,
    the pool is never below one die, then Bonus Time makes it two."""
    places = {OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5), IVO: (8.5, 9.0), TAMSIN: (11.5, 9.0)}
    state = table(places, mp=(1, 0), dice=(1, 1, 1))
    events, _ = run(state, cm.UsePlay(seat=0, play="clapper-strike", target=SEFA))
    assert next(e for e in events if isinstance(e, ev.Rolled)).pool == 1
    events, after = run(state, cm.UsePlay(seat=0, play="clapper-strike", target=SEFA, bonus=True))
    assert next(e for e in events if isinstance(e, ev.Rolled)).pool == 1 + 1
    assert after.teams[0].mp == 0


def test_a_play_icon_triggers_a_play_for_free_and_automatically() -> None:
    """ "When a model selects a play icon playbook result during an attack, it may use that
    result to trigger a single character play without spending influence." "A character play
    triggered from the playbook is automatically successful" """
    # Maud (TAC 6) at Sefa (ARM 0): 5 net hits reach column 5, whose momentous result is an
    # icon; Drive It Home ([P]) deals 3 DMG to the attacked model
    state = table({MAUD: (10.0, 10.0), SEFA: (10.0, 12.0)}, active=MAUD, dice=(6,) * 5 + (1,))
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    _, after = run(state, cm.ChooseResult(seat=0, column=5, row=1, play="drive-it-home"))
    assert after.unit(SEFA).hp == 16 - 3 and after.teams[0].mp == 1


def test_heroic_plays_cost_one_mp_once_a_turn_and_legendary_once_a_game() -> None:
    """ "Heroic plays cost 1 MP to use. Heroic plays may be used only once per turn." "Legendary
    plays have no influence or MP cost ... they may be used only once per game." """
    state = table({OSWIN: (10.0, 10.0), PIKE: (12.0, 10.0)}, mp=(2, 0))
    _, after = run(state, cm.UsePlay(seat=0, play="peal-of-war"))
    assert after.teams[0].mp == 1
    assert any(m.stat == "tac" for m in after.unit(PIKE).mods)
    with pytest.raises(RuleError) as refused:
        run(after, cm.UsePlay(seat=0, play="peal-of-war"))
    assert refused.value.code == "once_per_turn"
    state = table({OSWIN: (10.0, 10.0), SEFA: (10.0, 13.0)})
    _, after = run(state, cm.UsePlay(seat=0, play="the-great-toll"))
    assert KD in after.unit(SEFA).conditions and after.teams[0].legendary == ("the-great-toll",)
    with pytest.raises(RuleError) as again:
        run(after, cm.UsePlay(seat=0, play="the-great-toll"))
    assert again.value.code == "once_per_game"


def test_an_aoe_with_an_ongoing_effect_leaves_its_template_until_the_end_phase() -> None:
    """ "If the AOE character play has an ongoing effect, mark the AOE zone with a 3" AOE
    template." "Models entering or ending their activations within the AOE suffer the ongoing
    effect of the play" """
    ada = "0-ada-mouldwright"
    state = in_play(teams=(("bellfounders", ("ada-mouldwright", "brannock-pike")), LINK))
    where = {ada: (10.0, 10.0), OSWIN: (4.0, 4.0), PIKE: (14.0, 7.0)}
    where.update({k: v for k, v in APART.items() if k.startswith("1-")})
    state = arrange(state, where, active=ada, influence={ada: 2}, ball=(23.0, 12.0))
    _, state = run(state, cm.UsePlay(seat=0, play="molten-splash", spot=(14.0, 12.0)))
    assert [(o.play, o.x, o.y) for o in state.ongoing] == [("molten-splash", 14.0, 12.0)]
    state = arrange(state, active=PIKE)
    _, after = run(state, cm.Jog(seat=0, path=((14.0, 11.5),)))
    assert "burning" in after.unit(PIKE).conditions
    ctx = new_context(after)
    end_phase(ctx)
    assert ctx.state.ongoing == ()


def test_bonus_time_on_an_aoe_is_bought_for_each_model() -> None:
    """ "For each model within the template, Mercury gathers a dice pool based on the influence
    cost of the character play, in this instance 2. He may choose to spend MP on Bonus Time to
    add an additional die to the pool, but he must do so individually for each model." Ada's
    Molten Splash (2 influence) over Sefa, Ivo and Tamsin: `bonus_for` names Sefa and Tamsin,
    2 MP, one spent before each of their tests (3 dice), Ivo's test 2 dice; `bonus` alone buys
    it for all three (3 MP); a model not tested under the template, or too few MP, is refused."""
    ada = "0-ada-mouldwright"
    under = {SEFA: (10.7, 14.0), IVO: (12.0, 14.0), TAMSIN: (13.5, 14.0)}
    state = in_play(teams=(("bellfounders", ("ada-mouldwright", "brannock-pike")), LINK))
    where = {ada: (12.0, 8.5), OSWIN: (3.0, 3.0), PIKE: (21.0, 3.0), **under}
    state = arrange(
        state, where, active=ada, influence={ada: 2}, ball=(20.0, 20.0), mp=(3, 0), dice=(1,) * 9
    )
    splash = cm.UsePlay(seat=0, play="molten-splash", spot=(12.0, 14.0), bonus_for=(SEFA, TAMSIN))
    events, after = run(state, splash)
    pools = {e.target: e.pool for e in events if isinstance(e, ev.Rolled)}
    assert pools == {SEFA: 3, IVO: 2, TAMSIN: 3}
    order = [
        "mp" if isinstance(e, ev.MomentumSet) else e.target
        for e in events
        if isinstance(e, ev.MomentumSet | ev.Rolled)
    ]
    assert order == ["mp", SEFA, IVO, "mp", TAMSIN]
    assert after.teams[0].mp == 1
    _, every = run(state, replace(splash, bonus_for=(), bonus=True))
    assert every.teams[0].mp == 0
    with pytest.raises(RuleError) as refused:
        run(state, replace(splash, bonus_for=(PIKE,)))  # a friendly model, not under it
    assert refused.value.code == "bonus_not_tested"
    poor = arrange(state, mp=(1, 0))
    with pytest.raises(RuleError) as refused:
        run(poor, splash)
    assert refused.value.code == "no_momentum"


def test_an_advance_slowed_on_the_way_ends_at_its_reduced_mov() -> None:
    """ "During an advance, a model may gain or suffer modifiers to its MOV. Apply these
    modifiers immediately and cumulatively. If a model's MOV is reduced during an advance and
    the distance it has already moved is greater than its reduced MOV stat, the advance ends
    immediately." Sefa (jog 6") enters Molten Splash (burning, -2"/-2" MOV) early in a 6" jog:
    she goes 4" in all; entering it after more than 4", she stops where she enters it."""
    splash = (Ongoing("molten-splash", 10.0, 10.0, 0),)
    state = table({SEFA: (10.0, 14.0)}, active=SEFA, ongoing=splash)
    _, after = run(state, cm.Jog(seat=1, path=((10.0, 8.0),)))
    sefa = after.unit(SEFA)
    assert (sefa.x, sefa.y) == (10.0, pytest.approx(14.0 - 4.0)) and "burning" in sefa.conditions
    state = table({SEFA: (10.0, 16.5)}, active=SEFA, ongoing=splash)
    _, after = run(state, cm.Jog(seat=1, path=((10.0, 10.5),)))
    sefa = after.unit(SEFA)
    edge = 10.0 + 1.5 + base_of(sefa).radius  # her base touches the template (to 0.01")
    assert sefa.y == pytest.approx(edge, abs=0.011) and "burning" in sefa.conditions


def test_an_aoe_that_is_rough_terrain_slows_an_advance() -> None:
    """ "until the End Phase the AOE is rough terrain" (Ink Blot); "A model that moves within
    rough terrain at any point during an advance suffers -2"/-2" MOV." """
    state = table(active=PIKE, ongoing=(Ongoing("ink-blot", 14.0, 10.0, 1),))
    state = arrange(state, {PIKE: (14.0, 6.0)})
    with pytest.raises(RuleError) as refused:  # 6" of Pike's jog, but it crosses the AOE
        run(state, cm.Jog(seat=0, path=((14.0, 12.0),)))
    assert refused.value.code == "move_too_long"
    _, after = run(state, cm.Jog(seat=0, path=((14.0, 9.9),)))
    assert after.unit(PIKE).y == 9.9


def test_a_plays_additional_jog_is_a_jog_that_terrain_slows() -> None:
    """ "An additional advance will be specified as a jog, sprint, or charge but doesn't cost
    influence." "A model that moves within rough terrain at any point during an advance suffers
    -2"/-2" MOV." Gliding: "move across rough terrain without penalty". The Long Haul's jog (5"
    for Dagny) across Ink Blot's rough AOE goes 3"; gliding, all 5"."""
    dagny = "1-dagny-twistwell"
    ropes = ("ropewalkers", ("barnaby-splice", "esk-hawser"))
    state = in_play(teams=(rules_table.BELL, ropes))
    where = {k: v for k, v in APART.items() if k.startswith("0-")}
    where.update(
        {dagny: (14.0, 14.0), "1-barnaby-splice": (4.0, 20.0), "1-esk-hawser": (20.0, 20.0)}
    )
    state = arrange(
        state, where, active=dagny, ball=(23.0, 12.0), ongoing=(Ongoing("ink-blot", 14.0, 18.0, 0),)
    )
    _, state = run(state, cm.UsePlay(seat=1, play="the-long-haul"))
    assert state.dodge.model == dagny and state.dodge.inches == 5
    with pytest.raises(RuleError) as refused:
        run(state, cm.DodgeTo(seat=1, path=((14.0, 19.0),)))
    assert refused.value.code == "move_too_long"
    _, after = run(state, cm.DodgeTo(seat=1, path=((14.0, 16.5),)))
    assert after.unit(dagny).y == 16.5
    _, glided = run(replace(state, gliding=(dagny,)), cm.DodgeTo(seat=1, path=((14.0, 19.0),)))
    assert glided.unit(dagny).y == 19.0


def test_second_swing_makes_a_free_attack_after_a_charge_hits() -> None:
    """A triggered trait's `attack`: Second Swing ("after the attack of the model's charge hits,
    it makes an attack without spending influence")."""
    jory = "0-jory-slake"
    state = in_play(teams=(("bellfounders", ("jory-slake", "brannock-pike")), LINK))
    where = {jory: (10.0, 4.0), OSWIN: (4.0, 4.0), PIKE: (20.0, 3.0)}
    where.update({k: v for k, v in APART.items() if k.startswith("1-")})
    where[SEFA] = (10.0, 10.0)
    dice = (6,) + (1,) * 8 + (1,) * 5  # the charge: 1 net hit; the free attack: a miss
    state = arrange(
        state, where, active=jory, influence={jory: 2}, ball=(23.0, 12.0), mp=(0, 0), dice=dice
    )
    _, state = run(state, cm.Charge(seat=0, target=SEFA, end=(10.0, 8.5)))
    events, after = run(state, cm.ChooseResult(seat=0, column=1, row=0))
    again = [e for e in events if isinstance(e, ev.Rolled)]
    assert [e.what for e in again] == ["attack"] and again[0].pool == 5
    assert after.unit(jory).influence == 0 and after.attack is None


def test_run_the_length_after_a_goal() -> None:
    """ "After scoring a goal, the active model may spend 1 MP to immediately make a 4" dodge;
    this dodge takes place prior to the goal kick." """
    state = table({PIKE: (12.0, 12.0)}, active=PIKE, ball=PIKE, mp=(2, 0), dice=(6, 1, 1))
    _, state = run(state, cm.Shoot(seat=0))
    assert state.dodge.model == PIKE and state.dodge.inches == 4 and state.goal_kick == 1
    with pytest.raises(RuleError):
        run(state, cm.GoalKick(seat=1, target=(12.0, 12.0)))
    _, after = run(state, cm.DodgeTo(seat=0, path=((12.0, 9.0),)))
    assert after.unit(PIKE).y == 9.0 and after.teams[0].mp == 2 - 1 + 1 - 1


def test_no_momentum_while_the_ball_is_behind_the_own_goal_line() -> None:
    """ "A team won't generate momentum while a friendly model in possession of the ball is
    within the area behind their own goal line. Additionally, a team won't generate momentum
    while a free ball is within the area behind their own goal line as a result of a kick, a
    goal kick, or placement by that team's controlling player." """
    from games.guild_ball.rules.health import gain_mp

    state = table({MAUD: (20.0, 3.0)}, ball=MAUD)
    ctx = new_context(state)
    gain_mp(ctx, 0, 1, "test")
    assert ctx.state.teams[0].mp == 0
    kicked = replace(arrange(state, ball=(12.0, 2.0)), ball_by=0)
    ctx = new_context(kicked)
    gain_mp(ctx, 0, 1, "test")
    assert ctx.state.teams[0].mp == 0
    scattered = replace(kicked, ball_by=-1)
    ctx = new_context(scattered)
    gain_mp(ctx, 0, 1, "test")
    assert ctx.state.teams[0].mp == 1


def test_a_pulse_offers_each_model_in_it_its_dodge_in_turn() -> None:
    """ "A pulse is an effect which affects only models within its range at the time it is
    triggered ... A model is affected by its own pulse": Midnight Relay (legendary) offers each
    friendly model within 8" a 2" dodge, one after the other."""
    places = {SEFA: (10.0, 14.0), IVO: (12.0, 14.0), TAMSIN: (10.0, 17.0)}
    state = table(places, active=SEFA, influence={SEFA: 0})
    _, state = run(state, cm.UsePlay(seat=1, play="midnight-relay"))
    offered = [state.dodge.model, *(d.model for d in state.dodges)]
    assert sorted(offered) == sorted([SEFA, IVO, TAMSIN])
    for model in offered:
        assert state.dodge.model == model
        _, state = run(state, cm.DodgeTo(seat=1))
    assert state.dodge is None and state.activation.model == SEFA


def test_a_knocked_down_model_may_not_engage_attack_or_use_character_plays() -> None:
    """Knocked down: "May not engage or attack an enemy model." "May not use character
    plays." "Doesn't block LOS." """
    state = table({OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)}, conditions={OSWIN: (KD,)})
    with pytest.raises(RuleError) as refused:
        run(state, cm.Attack(seat=0, target=SEFA))
    assert refused.value.code == "knocked_down"
    with pytest.raises(RuleError) as refused:
        run(state, cm.UsePlay(seat=0, play="clapper-strike", target=SEFA))
    assert refused.value.code == "knocked_down"
    # Sefa moves away from the knocked-down Oswin: no parting blow, he engages nobody.
    moving = table(
        {OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)},
        active=SEFA,
        conditions={OSWIN: (KD,)},
        influence={SEFA: 3},
    )
    events, _ = run(moving, cm.Jog(seat=1, path=((10.0, 16.0),)))
    assert not any(isinstance(e, ev.Rolled) for e in events)


def test_a_knocked_down_model_may_still_use_heroic_and_legendary_plays() -> None:
    """Knocked down: "May not use character plays." "There are three types of plays: character
    plays, heroic plays, and legendary plays": a knocked-down Captain may use its heroic play
    and its legendary play."""
    places = {OSWIN: (10.0, 10.0), PIKE: (12.0, 10.0), SEFA: (10.0, 13.0)}
    state = table(places, conditions={OSWIN: (KD,)}, mp=(1, 0))
    _, after = run(state, cm.UsePlay(seat=0, play="peal-of-war"))
    assert after.teams[0].mp == 0 and any(m.stat == "tac" for m in after.unit(PIKE).mods)
    _, after = run(after, cm.UsePlay(seat=0, play="the-great-toll"))
    assert KD in after.unit(SEFA).conditions and after.teams[0].legendary == ("the-great-toll",)
    with pytest.raises(RuleError) as refused:
        run(after, cm.UsePlay(seat=0, play="clapper-strike", target=SEFA))
    assert refused.value.code == "knocked_down"


def test_a_knocked_down_model_is_moved_only_by_dodges_and_pushes() -> None:
    """Knocked down: "May not advance or be moved by any means other than making a dodge or
    suffering a push." "A model suffering the knocked down condition may forfeit its standard
    advance in order to remove the condition (i.e., stand up)." """
    state = table(conditions={OSWIN: (KD,)})
    for advance in (
        cm.Jog(seat=0, path=((4.0, 7.0),)),
        cm.Sprint(seat=0, path=((4.0, 9.0),)),
    ):
        with pytest.raises(RuleError) as refused:
            run(state, advance)
        assert refused.value.code == "knocked_down"
    _, stood = run(state, cm.StandUp(seat=0))
    assert KD not in stood.unit(OSWIN).conditions and stood.activation.advanced


def test_a_taken_out_model_loses_its_conditions_and_suffers_no_other() -> None:
    """Taken out: "Remove all other conditions and effects from the model." "A model that's
    suffering the taken out condition may not be allocated influence, may not suffer any other
    conditions, and may not become active for any reason." """
    state = table(
        {OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)},
        hp={SEFA: 1},
        conditions={SEFA: ("burning", "snared")},
        dice=(6, 6, 1, 1, 1, 1, 2, 2),
    )
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    _, after = run(state, cm.ChooseResult(seat=0, column=1, row=0))  # 1 DMG
    sefa = after.unit(SEFA)
    assert sefa.taken_out and sefa.conditions == () and sefa.mods == ()
    ctx = new_context(after)
    suffer(ctx, SEFA, "poison")
    assert ctx.state.unit(SEFA).conditions == ()
    waiting = replace(after, activation=None, attack=None, active_seat=1)
    with pytest.raises(RuleError):
        run(waiting, cm.Activate(seat=1, model=SEFA))


def test_taking_out_a_friendly_model_gives_no_take_down_momentum() -> None:
    """ "When a model inflicts the taken out condition on an enemy model as part of an action,
    the friendly team gains 1 MP." "A player gains 2 VP each time an enemy non-Mascot model
    suffers the taken out condition." Ada's Molten Splash takes out her own teammate Maud: the
    other team scores the 2 VP, and nobody gains the take down's MP."""
    ada = "0-ada-mouldwright"
    state = in_play(teams=(("bellfounders", ("ada-mouldwright", "maud-clangwright")), LINK))
    where = {ada: (10.0, 10.0), OSWIN: (4.0, 4.0), MAUD: (14.0, 12.0)}
    where.update({k: v for k, v in APART.items() if k.startswith("1-")})
    state = arrange(
        state, where, active=ada, influence={ada: 2}, hp={MAUD: 1}, ball=(23.0, 12.0), mp=(0, 0)
    )
    events, after = run(state, cm.UsePlay(seat=0, play="molten-splash", spot=(14.0, 12.0)))
    assert after.unit(MAUD).taken_out
    assert after.teams[1].vp == 2
    assert [t.mp for t in after.teams] == [0, 0]
    assert not any(isinstance(e, ev.MomentumSet) and e.why == "take down" for e in events)


def test_friendly_models_in_an_aoe_may_be_tested_and_the_order_chosen() -> None:
    """ "The active model may choose to automatically succeed against friendly models" (and
    "The controlling player may choose to automatically hit friendly models with character
    plays with no TN test required"); each model within the AOE is resolved "in an order chosen
    by the active model's controlling player". Ada's Molten Splash over her teammate Maud and
    the enemy Sefa: by default Maud is hit with no roll, Maud then Sefa (roster order);
    `test_friends` rolls Maud's TN test (two 1s: she ducks out of the way, unharmed) and
    `order` resolves Sefa first. An enemy in `test_friends`, or a model not under the template
    in `order`, is refused."""
    ada = "0-ada-mouldwright"
    state = in_play(teams=(("bellfounders", ("ada-mouldwright", "maud-clangwright")), LINK))
    where = {ada: (10.0, 10.0), OSWIN: (4.0, 4.0), MAUD: (13.0, 12.0), SEFA: (15.0, 12.0)}
    where.update({k: v for k, v in APART.items() if k.startswith("1-") and k != SEFA})
    state = arrange(
        state, where, active=ada, influence={ada: 2}, ball=(23.0, 20.0), mp=(0, 0), dice=(1,) * 4
    )
    splash = cm.UsePlay(seat=0, play="molten-splash", spot=(14.0, 12.0))
    events, plain = run(state, splash)
    assert [e.target for e in events if isinstance(e, ev.Rolled)] == [SEFA]
    assert plain.unit(MAUD).hp < state.unit(MAUD).hp
    chosen = replace(splash, test_friends=(MAUD,), order=(SEFA, MAUD))
    events, after = run(state, chosen)
    assert [e.target for e in events if isinstance(e, ev.Rolled)] == [SEFA, MAUD]
    assert after.unit(MAUD).hp == state.unit(MAUD).hp
    assert after.unit(MAUD).conditions == state.unit(MAUD).conditions
    for bad in (replace(splash, test_friends=(SEFA,)), replace(splash, order=(OSWIN,))):
        with pytest.raises(RuleError):
            run(state, bad)


def test_heavy_peal_an_aura_gives_plus_one_tac_while_charging() -> None:
    """ "Models within an aura are immediately affected by it"; Heavy Peal (Oswin): "Aura 4":
    friendly models gain +1 TAC while charging." Pike (TAC 4) charges Sefa 3" from Oswin: 4 + 4
    (charging) + 1 dice; without Oswin near, 8; Pike's next attack is no charge: 4."""
    for oswin, charge_pool in (((12.5, 5.0), 4 + 4 + 1), ((4.0, 4.0), 4 + 4)):
        places = {PIKE: (10.0, 4.0), SEFA: (10.0, 10.0), OSWIN: oswin}
        state = table(places, active=PIKE, dice=(1,) * 20)
        events, state = run(state, cm.Charge(seat=0, target=SEFA, end=(10.0, 8.5)))
        assert [(e.what, e.pool) for e in events if isinstance(e, ev.Rolled)] == [
            ("charge", charge_pool)
        ]
        events, _ = run(state, cm.Attack(seat=0, target=SEFA))
        assert [(e.what, e.pool) for e in events if isinstance(e, ev.Rolled)] == [("attack", 4)]


def test_margin_note_an_active_trait_once_a_turn_pulse() -> None:
    """ "Active character traits are actions" (so a knocked-down model may use one: it is no
    character play); Margin Note (Widow Vellum): "Action, once per turn. Pulse 3": enemy models
    suffer -1 DEF until the end of the turn." Oswin 2" away loses 1 DEF, Maud far away and Widow
    herself do not, a second use is refused, and the End Phase ends it."""
    widow = "1-widow-vellum"
    scribes = ("scriveners", ("widow-vellum", "rook-inkwell"))
    state = in_play(teams=(rules_table.BELL, scribes))
    where = {k: v for k, v in APART.items() if k.startswith("0-")}
    where.update({widow: (10.0, 10.0), OSWIN: (10.0, 12.0), "1-rook-inkwell": (20.0, 20.0)})
    where["1-ysolde-vane"] = (4.0, 20.0)
    state = arrange(state, where, active=widow, ball=(23.0, 12.0), conditions={widow: (KD,)})
    before = {m: defence(state, state.unit(m)) for m in (OSWIN, MAUD, widow)}
    _, after = run(state, cm.UsePlay(seat=1, play="margin-note"))
    assert defence(after, after.unit(OSWIN)) == before[OSWIN] - 1
    assert defence(after, after.unit(MAUD)) == before[MAUD]
    assert defence(after, after.unit(widow)) == before[widow]
    with pytest.raises(RuleError) as refused:
        run(after, cm.UsePlay(seat=1, play="margin-note"))
    assert refused.value.code == "once_per_turn"
    ctx = new_context(after)
    end_phase(ctx)
    assert defence(ctx.state, ctx.state.unit(OSWIN)) == before[OSWIN]
