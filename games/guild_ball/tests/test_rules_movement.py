"""Movement in an activation: advances, charges, knocked down, snap-to on the way, parting
blows; one test per rule, quoting the book."""

import pytest
from msgspec.structs import replace

from engine.core.errors import RuleError
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.state import KD
from games.guild_ball.tests.rules_table import (
    APART,
    MAUD,
    OSWIN,
    PIKE,
    SEFA,
    TAMSIN,
    arrange,
    in_play,
    run,
)


def ready(places=None, active=OSWIN, **kw):
    state = in_play()
    where = dict(APART)
    where.update(places or {})
    kw.setdefault("ball", (23.0, 12.0))
    kw.setdefault("mp", (0, 0))
    return arrange(state, where, active=active, **kw)


def test_a_jog_moves_up_to_the_base_move_for_free() -> None:
    """ "Jog: Costs 0 influence. The model may move up to its base move." """
    state = ready(influence={OSWIN: 2})
    with pytest.raises(RuleError) as refused:
        run(state, cm.Jog(seat=0, path=((4.0, 9.5),)))
    assert refused.value.code == "move_too_long"
    _, after = run(state, cm.Jog(seat=0, path=((4.0, 6.0), (6.0, 7.0))))
    moved = after.unit(OSWIN)
    assert (moved.x, moved.y) == (6.0, 7.0) and moved.influence == 2


def test_a_sprint_costs_one_influence_and_reaches_the_max_move() -> None:
    """ "Sprint: Costs 1 influence. The model may move up to its max move." """
    state = ready(influence={OSWIN: 1})
    _, after = run(state, cm.Sprint(seat=0, path=((4.0, 10.8),)))
    assert after.unit(OSWIN).influence == 0 and after.unit(OSWIN).y == 10.8
    with pytest.raises(RuleError) as refused:
        run(ready(influence={OSWIN: 0}), cm.Sprint(seat=0, path=((4.0, 10.8),)))
    assert refused.value.code == "no_influence"


def test_a_model_makes_a_single_standard_advance() -> None:
    """ "During its activation a model may make a single standard advance." """
    _, state = run(ready(), cm.Jog(seat=0, path=((4.0, 6.0),)))
    with pytest.raises(RuleError) as refused:
        run(state, cm.Jog(seat=0, path=((4.0, 7.0),)))
    assert refused.value.code == "advanced_already"


def test_a_model_may_not_pass_over_another_base() -> None:
    """ "A model blocks movement. A model's base may not pass over another model's base during
    movement." """
    state = ready({SEFA: (4.0, 6.5)})
    with pytest.raises(RuleError) as refused:
        run(state, cm.Jog(seat=0, path=((4.0, 8.5),)))
    assert refused.value.code == "move_through_model"


def test_a_knocked_down_model_stands_up_instead_of_advancing() -> None:
    """ "May not advance or be moved by any means other than making a dodge or suffering a
    push." "A model suffering the knocked down condition may forfeit its standard advance in
    order to remove the condition (i.e., stand up)." """
    state = ready(conditions={OSWIN: (KD,)})
    with pytest.raises(RuleError) as refused:
        run(state, cm.Jog(seat=0, path=((4.0, 6.0),)))
    assert refused.value.code == "knocked_down"
    _, after = run(state, cm.StandUp(seat=0))
    assert after.unit(OSWIN).conditions == () and after.activation.advanced


def test_a_free_ball_snaps_to_a_model_that_moves_within_one_inch() -> None:
    """ "A model which starts its activation or moves within 1" of a free ball may choose to take
    possession of the ball; the ball will immediately snap to that model." """
    state = ready(ball=(6.0, 7.0))
    _, after = run(state, cm.Jog(seat=0, path=((4.0, 8.0),)))
    assert after.ball_holder == OSWIN


def test_a_model_may_choose_not_to_take_the_free_ball() -> None:
    """ "A model which starts its activation or moves within 1" of a free ball may choose to take
    possession of the ball": a jog or a sprint with `take_ball` False passes the ball by (it
    stays free where it was, a marker the model may not end on: "A model may move over a
    marker without impediment but may not end its movement overlapping a marker's base"), and
    so does a model activated beside it; by default it is taken, as before."""
    state = ready(ball=(6.0, 7.0))
    _, after = run(state, cm.Jog(seat=0, path=((4.0, 8.0),), take_ball=False))
    assert after.ball_free and after.ball_holder == "" and (after.ball_x, after.ball_y) == (6, 7)
    assert (after.unit(OSWIN).x, after.unit(OSWIN).y) == (4.0, 8.0)
    with pytest.raises(RuleError):
        run(state, cm.Sprint(seat=0, path=((6.0, 7.0),), take_ball=False))
    assert cm.Jog(seat=0, path=((4.0, 8.0),)).take_ball  # the default takes it
    ox, oy = state.unit(OSWIN).x, state.unit(OSWIN).y
    idle = replace(ready(ball=(ox + 1.0, oy)), activation=None)
    _, left = run(idle, cm.Activate(seat=0, model=OSWIN, take_ball=False))
    assert left.ball_free and left.activation.model == OSWIN
    _, taken = run(idle, cm.Activate(seat=0, model=OSWIN))
    assert taken.ball_holder == OSWIN


def test_a_model_leaving_an_engaging_melee_zone_suffers_a_parting_blow() -> None:
    """ "When performing an advance, if an active model leaves the melee zone ... of an enemy
    model that's engaging it, that enemy model may immediately declare a parting blow" "A
    parting blow attack gains +2 TAC." """
    state = ready({OSWIN: (10.0, 10.0), TAMSIN: (10.0, 12.0)}, dice=(1,) * 7)
    _, waiting = run(state, cm.Jog(seat=0, path=((10.0, 5.0),)))
    events, after = run(waiting, cm.PartingBlow(seat=1))
    blow = next(e for e in events if isinstance(e, ev.Rolled))
    assert blow.what == "parting" and blow.model == TAMSIN and blow.pool == 5 + 2
    assert after.unit(OSWIN).y == 5.0


def test_a_parting_blow_that_knocks_down_stops_the_advance() -> None:
    """ "After a parting blow is resolved, the active model may continue its advance if able to
    do so." Knocked down, it is not able."""
    # Tamsin's 3 net hits reach column 3; her player selects KD (momentous) over 2 DMG
    state = ready({OSWIN: (10.0, 10.0), TAMSIN: (10.0, 12.0)}, dice=(6, 6, 6, 6, 1, 1, 1))
    _, waiting = run(state, cm.Jog(seat=0, path=((10.0, 5.0),)))
    _, choosing = run(waiting, cm.PartingBlow(seat=1))
    _, after = run(choosing, cm.ChooseResult(seat=1, column=3, row=1))
    oswin = after.unit(OSWIN)
    assert oswin.y > 5.0 and KD in oswin.conditions


def test_a_charge_costs_two_influence_and_attacks_with_four_more_tac() -> None:
    """ "Charge: Costs 2 influence." "The active model then makes an attack (without spending
    influence) against the target enemy model. This attack gains +4 TAC." """
    state = ready({PIKE: (10.0, 4.0), SEFA: (10.0, 10.0)}, active=PIKE, influence={PIKE: 2})
    events, after = run(state, cm.Charge(seat=0, target=SEFA, end=(10.0, 8.5)))
    rolled = next(e for e in events if isinstance(e, ev.Rolled))
    assert rolled.what == "charge" and rolled.pool == 4 + 4
    assert after.unit(PIKE).influence == 0 and after.unit(PIKE).y == 8.5


def test_a_charge_must_end_engaging_when_it_can() -> None:
    """ "If able, it must end the advance engaging the target enemy model. A model may not
    change direction during a charge." """
    state = ready({PIKE: (10.0, 4.0), SEFA: (10.0, 10.0)}, active=PIKE, influence={PIKE: 2})
    with pytest.raises(RuleError) as refused:
        run(state, cm.Charge(seat=0, target=SEFA, end=(10.0, 6.0)))
    assert refused.value.code == "charge_must_engage"


def test_an_engaged_model_may_not_charge() -> None:
    """ "A model may not declare a charge if it's currently engaged by an enemy model." """
    state = ready(
        {PIKE: (10.0, 4.0), TAMSIN: (10.0, 6.5), SEFA: (16.0, 4.0)},
        active=PIKE,
        influence={PIKE: 2},
    )
    with pytest.raises(RuleError) as refused:
        run(state, cm.Charge(seat=0, target=SEFA, end=(14.5, 4.0)))
    assert refused.value.code == "engaged"


def test_an_unsuccessful_charge_ends_the_activation() -> None:
    """ "if the active model doesn't end its advance engaging the target enemy model, the charge
    has been unsuccessful, and the active model's activation immediately ends." """
    state = ready({PIKE: (10.0, 2.0), SEFA: (10.0, 20.0)}, active=PIKE, influence={PIKE: 3})
    _, after = run(state, cm.Charge(seat=0, target=SEFA, end=(10.0, 10.0)))
    assert after.activation is None and after.unit(PIKE).y == 10.0
    assert not any(
        isinstance(e, ev.Rolled)
        for e in run(state, cm.Charge(seat=0, target=SEFA, end=(10.0, 10.0)))[0]
    )


def test_defensive_stance_answers_a_charge_with_one_more_def() -> None:
    """ "After a charge is declared the target model may choose to spend 1 MP to respond. The
    target model gains +1 DEF for the duration of the charge." """
    state = ready(
        {PIKE: (10.0, 4.0), SEFA: (10.0, 10.0)}, active=PIKE, influence={PIKE: 2}, mp=(0, 1)
    )
    _, waiting = run(state, cm.Charge(seat=0, target=SEFA, end=(10.0, 8.5)))
    assert waiting.attack.step == "react" and waiting.unit(PIKE).y == 4.0
    events, after = run(waiting, cm.React(seat=1, stance=True))
    rolled = next(e for e in events if isinstance(e, ev.Rolled))
    assert rolled.tn == 4 + 1 and after.teams[1].mp == 0


def test_leaving_the_los_of_an_engaging_enemy_also_provokes_a_parting_blow() -> None:
    """ "if an active model leaves the melee zone or LOS of an enemy model that's engaging it" """
    # Tamsin (2" zone) engages Pike; Pike steps behind Maud's 50 mm base, staying within the zone
    places = {PIKE: (11.0, 10.3), TAMSIN: (10.0, 13.35), MAUD: (10.0, 11.576)}
    state = ready(places, active=PIKE, dice=(1,) * 7)
    _, waiting = run(state, cm.Jog(seat=0, path=((11.0, 9.8), (10.0, 10.0))))
    events, after = run(waiting, cm.PartingBlow(seat=1))
    assert any(isinstance(e, ev.Rolled) and e.what == "parting" for e in events)
    assert (after.unit(PIKE).x, after.unit(PIKE).y) == (10.0, 10.0)


def test_a_charge_may_not_target_a_model_already_engaged_or_out_of_sight() -> None:
    """ "A model may not target an enemy model that it's currently engaging with a charge."
    "the active model selects a target enemy model that's in its LOS" """
    # Sefa is knocked down, so she engages nobody ("May not engage"), but Pike engages her
    state = ready(
        {PIKE: (10.0, 10.0), SEFA: (10.0, 11.6)},
        active=PIKE,
        influence={PIKE: 2},
        conditions={SEFA: (KD,)},
    )
    with pytest.raises(RuleError) as refused:
        run(state, cm.Charge(seat=0, target=SEFA, end=(10.0, 10.2)))
    assert refused.value.code == "engaging_already"
    # Sefa hidden behind Maud's 50 mm base, touching it, Pike touching its other side
    hidden = ready(
        {PIKE: (10.0, 4.0), MAUD: (10.0, 5.576), SEFA: (10.0, 7.152)},
        active=PIKE,
        influence={PIKE: 2},
    )
    with pytest.raises(RuleError) as unseen:
        run(hidden, cm.Charge(seat=0, target=SEFA, end=(10.0, 4.0)))
    assert unseen.value.code == "no_los"
