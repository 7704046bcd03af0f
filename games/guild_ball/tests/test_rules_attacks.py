"""Making an attack and the playbook; one test per rule, quoting the book."""

import pytest

from engine.core.errors import RuleError
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.attacks import wrap_limits
from games.guild_ball.rules.pending import pending
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


def fight(places, active=PIKE, **kw):
    """`active` activating with influence; models apart unless placed; no MP to react with."""
    where = dict(APART)
    where.update(places)
    kw.setdefault("ball", (23.0, 12.0))
    kw.setdefault("mp", (0, 0))
    kw.setdefault("influence", {active: 3})
    return arrange(in_play(), where, active=active, **kw)


def rolled(events, what=None):
    return next(e for e in events if isinstance(e, ev.Rolled) and (what is None or e.what == what))


def test_an_attack_needs_an_engaged_enemy() -> None:
    """ "A model may only make an attack against an enemy model that it's engaging." """
    state = fight({})
    with pytest.raises(RuleError) as refused:
        run(state, cm.Attack(seat=0, target=TAMSIN))
    assert refused.value.code == "not_engaging"


def test_an_attack_rolls_tac_against_def_and_arm_takes_hits_off() -> None:
    """ "Generate a dice pool using the active model's current TAC" "An attack is resolved as a
    TN test of [target model's current DEF]." "Determine the net hits ... by deducting the target
    model's current ARM from the number of successes" "at a cost of 1 influence" """
    state = fight({PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}, dice=(6, 5, 4, 3))
    events, after = run(state, cm.Attack(seat=0, target=TAMSIN))
    r = rolled(events)
    assert (r.pool, r.tn, r.hits, r.net) == (4, 4, 3, 2)
    assert after.attack.step == "choose" and after.attack.limits == (2,)
    assert after.unit(PIKE).influence == 2


def test_no_net_hit_is_a_miss() -> None:
    """ "An attack is successful (and the target model is hit) if it generates at least 1 net
    hit." """
    state = fight({PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}, dice=(4, 1, 1, 1))
    _, after = run(state, cm.Attack(seat=0, target=TAMSIN))
    assert after.attack is None and after.unit(TAMSIN).hp == 16


def test_ganging_up_and_crowding_out() -> None:
    """ "the active model gains +1 TAC for each friendly model, other than itself, engaging the
    target" "the active model suffers -1 TAC for each enemy model, other than the target enemy
    model, engaging the active model." """
    places = {PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8), OSWIN: (11.7, 12.2), SEFA: (8.5, 9.0)}
    state = fight(places, dice=(1,) * 4)
    events, _ = run(state, cm.Attack(seat=0, target=TAMSIN))
    assert rolled(events).pool == 4 + 1 - 1


def test_more_net_hits_than_columns_wrap_around_the_playbook() -> None:
    """ "If an attack generates more net hits than there are columns ... the active model counts
    up to the last column and selects a single result. The active model then continues counting
    columns from the left, selecting an additional result each time it reaches the last column
    or runs out of net hits." """
    assert wrap_limits(3, 6) == (3,)
    assert wrap_limits(6, 6) == (6,)
    assert wrap_limits(8, 6) == (6, 2)
    assert wrap_limits(13, 6) == (6, 6, 1)
    # Oswin (TAC 6, six columns) with Bonus Time and Maud ganging up: 8 dice, all hits, ARM 0
    places = {OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5), MAUD: (11.8, 12.3)}
    state = fight(places, active=OSWIN, dice=(6,) * 8, mp=(1, 0))
    events, after = run(state, cm.Attack(seat=0, target=SEFA, bonus=True))
    assert rolled(events).pool == 8 and after.attack.limits == (6, 2)
    assert after.teams[0].mp == 0


def test_a_momentous_result_gains_one_mp_and_a_tackle_takes_the_ball() -> None:
    """ "Momentous results generate 1 MP for the active model's team" "T Tackle - If the target
    enemy model currently has possession of the ball, the active model immediately gains
    possession." """
    state = fight({PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}, dice=(6, 6, 1, 1), ball=TAMSIN)
    _, state = run(state, cm.Attack(seat=0, target=TAMSIN))
    _, after = run(state, cm.ChooseResult(seat=0, column=1, row=0))
    assert after.ball_holder == PIKE and after.teams[0].mp == 1


def test_an_invalid_result_may_not_be_selected() -> None:
    """ "KD Knocked down - ... If the target model is already suffering the knocked down
    condition, this effect is invalid" "T Tackle - ... If the target model doesn't currently
    have possession of the ball, this effect is invalid" """
    state = fight(
        {OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)},
        active=OSWIN,
        dice=(6, 6, 6, 1, 1, 1),
        conditions={SEFA: (KD,)},
    )
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    for column, row in ((3, 1), (1, 1)):  # KD on a model down; tackle without the ball
        with pytest.raises(RuleError) as refused:
            run(state, cm.ChooseResult(seat=0, column=column, row=row))
        assert refused.value.code == "invalid_result"


def test_a_momentous_result_the_target_ignores_gives_no_mp() -> None:
    """ "If an ability allows a model to ignore or invalidate all effects of a momentous
    playbook result, then no MP is generated." Tamsin's momentous knocked down (column 3) on
    Maud, whose Steady Footing makes her immune to knocked down, may not be selected; the damage
    beside it may."""
    state = fight({TAMSIN: (10.0, 10.0), MAUD: (10.0, 11.8)}, active=TAMSIN, dice=(6, 6, 6, 6, 6))
    _, state = run(state, cm.Attack(seat=1, target=MAUD))
    assert state.attack.limits == (3,)
    with pytest.raises(RuleError) as refused:
        run(state, cm.ChooseResult(seat=1, column=3, row=1))
    assert refused.value.code == "invalid_result"
    _, after = run(state, cm.ChooseResult(seat=1, column=3, row=0))
    assert KD not in after.unit(MAUD).conditions and after.teams[1].mp == 0


def test_playbook_damage_and_a_push_directly_away() -> None:
    """ "A playbook damage result reduces the current HP on the target enemy model by the number
    shown." "> Push - The target model suffers 1" of push movement for each arrow" """
    state = fight({OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)}, active=OSWIN, dice=(6, 6, 1, 1, 1, 1))
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    _, after = run(state, cm.ChooseResult(seat=0, column=2, row=1))  # push 1, momentous
    assert after.unit(SEFA).y == pytest.approx(12.5) and after.unit(SEFA).x == 10.0
    state2 = fight({OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)}, active=OSWIN, dice=(6, 6, 1, 1, 1, 1))
    _, state2 = run(state2, cm.Attack(seat=0, target=SEFA))
    _, after2 = run(state2, cm.ChooseResult(seat=0, column=2, row=0))  # dmg 2
    assert after2.unit(SEFA).hp == 16 - 2


def test_a_push_moves_the_target_up_to_its_distance() -> None:
    """ "A push is another specific type of reposition movement and is also shown as a distance,
    e.g., 2" push. A model may be moved up to the distance shown." Oswin's 1" push (column 2,
    momentous): his player pushes Sefa half an inch, or not at all; a distance beyond the push
    moves her the push only; left unsaid, the whole push."""
    state = fight({OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)}, active=OSWIN, dice=(6, 6, 1, 1, 1, 1))
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    pushed = {}
    for push in (0.5, 0.0, 3.0, None):
        _, after = run(state, cm.ChooseResult(seat=0, column=2, row=1, push=push))
        pushed[push] = after.unit(SEFA).y - 11.5
    assert pushed == pytest.approx({0.5: 0.5, 0.0: 0.0, 3.0: 1.0, None: 1.0})
    assert pending(state)[0].default.push is None
    with pytest.raises(RuleError) as refused:
        run(state, cm.ChooseResult(seat=0, column=2, row=1, push=-1.0))
    assert refused.value.code == "push_distance"


def test_a_pushed_model_takes_a_free_ball_it_moves_within_one_inch_of() -> None:
    """ "A model which starts its activation or moves within 1" of a free ball may choose to take
    possession of the ball" (snap to: always taken, rules notes). Oswin pushes Sefa 1" towards a
    free ball 3" from her centre: she ends within 1" of it and takes it."""
    state = fight(
        {OSWIN: (10.0, 10.0), SEFA: (10.0, 11.5)},
        active=OSWIN,
        dice=(6, 6, 1, 1, 1, 1),
        ball=(10.0, 14.5),
    )
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    assert state.ball_free
    _, after = run(state, cm.ChooseResult(seat=0, column=2, row=1))  # push 1, momentous
    assert after.unit(SEFA).y == pytest.approx(12.5)
    assert after.ball_holder == SEFA and not after.ball_free


def test_a_counter_attack_follows_the_attack() -> None:
    """ "After an attack or charge is declared, the target model may respond by spending 1 MP to
    declare a Counter-Attack. After the active model resolves its attack, the target model may
    then make an attack against the origin model" "A Counter-Attack doesn't generate MP from
    momentous playbook results." """
    state = fight(
        {PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}, mp=(0, 1), dice=(1, 1, 1, 1, 6, 6, 6, 1, 1)
    )
    _, state = run(state, cm.Attack(seat=0, target=TAMSIN))
    assert state.attack.step == "react"
    events, after = run(state, cm.React(seat=1, counter=True))
    counter = rolled(events, "counter")
    assert counter.model == TAMSIN and counter.target == PIKE
    assert after.attack.kind == "counter" and after.teams[1].mp == 0
    _, done = run(after, cm.ChooseResult(seat=1, column=2, row=1))  # momentous: no MP
    assert done.teams[1].mp == 0
    with pytest.raises(RuleError):
        run(after, cm.ChooseResult(seat=0, column=1, row=0))


def test_bonus_time_on_a_counter_attacks_attack() -> None:
    """ "When resolving a TN test, a model may spend 1 MP to add one die to the dice pool before
    rolling. This may be done only once per TN test" (the attack's step "2.2 Bonus Time: Player
    may use Bonus Time"): a Counter-Attack is an attack, so its TN test may have Bonus Time too,
    1 MP more, spent at its 2.2 after the attack it answers."""
    state = fight(
        {PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}, mp=(0, 2), dice=(1, 1, 1, 1) + (1,) * 6
    )
    _, state = run(state, cm.Attack(seat=0, target=TAMSIN))
    events, after = run(state, cm.React(seat=1, counter=True, bonus=True))
    spent = [e for e in events if isinstance(e, ev.MomentumSet)]
    assert [(e.mp, e.why) for e in spent] == [(1, "counter-attack"), (0, "bonus time")]
    attack, counter = rolled(events, "attack"), rolled(events, "counter")
    assert events.index(spent[1]) > events.index(attack)  # at the Counter-Attack's 2.2
    assert counter.pool == 5 + 1  # Tamsin's TAC 5 and Bonus Time's die
    assert after.teams[1].mp == 0


def test_bonus_time_on_a_counter_attack_needs_its_mp_and_the_counter() -> None:
    """ "a model may spend 1 MP to add one die to the dice pool": the Counter-Attack's 1 MP and
    Bonus Time's 1 MP both; Bonus Time belongs to a TN test, so it comes with the
    Counter-Attack only. The default reaction stays "no": no Counter-Attack, no Bonus Time."""
    state = fight({PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}, mp=(0, 1), dice=(1,) * 10)
    _, state = run(state, cm.Attack(seat=0, target=TAMSIN))
    with pytest.raises(RuleError) as refused:
        run(state, cm.React(seat=1, counter=True, bonus=True))
    assert refused.value.code == "no_momentum"
    with pytest.raises(RuleError) as refused:
        run(state, cm.React(seat=1, bonus=True))
    assert refused.value.code == "bonus_needs_counter"
    (decision,) = pending(state)
    assert decision.default == cm.React(seat=1)


def test_a_model_counters_each_enemy_once_a_turn() -> None:
    """ "A model may declare a Counter-Attack only once per turn against each enemy model." """
    state = fight(
        {PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}, mp=(0, 2), dice=(1,) * 20, influence={PIKE: 3}
    )
    _, state = run(state, cm.Attack(seat=0, target=TAMSIN))
    _, state = run(state, cm.React(seat=1, counter=True))
    _, state = run(state, cm.Attack(seat=0, target=TAMSIN))
    assert state.attack is None or state.attack.step != "react"
