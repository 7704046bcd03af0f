"""Bonus Time at an attack's step 2.2, after the target's response at 1.1; one test per rule,
quoting the book.

"SEQUENCE OF AN ATTACK 1. DECLARE A player states their intention to attack with a model. 1.1
RESPONSE Opponent's opportunity to declare reactions. 2. ATTACK PROCESS 2.1 GENERATE DICE POOL
2.2 BONUS TIME Player may use Bonus Time." "BONUS TIME When resolving a TN test, a model may
spend 1 MP to add one die to the dice pool before rolling. This may be done only once per TN
test". A Counter-Attack or a Defensive Stance declared at 1.1 is news to the attacker, so at 2.2
its player is asked (ruling D5); the choice made with the attack or charge is the default."""

import pytest

from engine.core.errors import RuleError
from games.guild_ball.game import GAME
from games.guild_ball.players import BuiltinPlayer, RandomPlayer
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.pending import REACTION_WINDOW, pending
from games.guild_ball.tests.rules_table import APART, PIKE, SEFA, TAMSIN, arrange, in_play, run

# Pike (seat 0, TAC 4) engages Tamsin (seat 1, DEF 4, ARM 1, TAC 5); every die a 1 unless set.
BRAWL = {PIKE: (10.0, 10.0), TAMSIN: (10.0, 11.8)}
PIKE_TAC, SEFA_DEF, CHARGE_TAC = 4, 4, 4


def fight(places=BRAWL, mp=(1, 1), dice=(1,) * 12, influence=3):
    """Pike activating with `influence`, the other models apart, the ball out of the way."""
    where = dict(APART)
    where.update(places)
    return arrange(
        in_play(),
        where,
        active=PIKE,
        ball=(23.0, 12.0),
        mp=mp,
        dice=dice,
        influence={PIKE: influence},
    )


def countered(declared: bool, mp=(1, 1), dice=(1,) * 12):
    """Pike attacks Tamsin (with Bonus Time if `declared`); Tamsin's player declares a
    Counter-Attack. The events of the response and the state after it."""
    _, attacked = run(fight(mp=mp, dice=dice), cm.Attack(seat=0, target=TAMSIN, bonus=declared))
    assert pending(attacked)[0].kind == "reaction"
    return run(attacked, cm.React(seat=1, counter=True))


def rolls(events) -> list[ev.Rolled]:
    return [e for e in events if isinstance(e, ev.Rolled)]


def test_after_a_counter_attack_the_attacker_is_asked_at_2_2() -> None:
    """ "1.1 RESPONSE Opponent's opportunity to declare reactions" comes before "2.2 BONUS TIME
    Player may use Bonus Time": once Tamsin's player declares a Counter-Attack, Pike's player
    answers Bonus Time before any die is rolled, the choice made with the attack the default."""
    for declared in (False, True):
        events, waiting = countered(declared)
        assert not rolls(events)
        (decision,) = pending(waiting)
        assert (decision.kind, decision.seat) == ("bonus_time", 0)
        assert decision.default == cm.BonusTime(seat=0, buy=declared)
        assert set(decision.options) == {cm.BonusTime(seat=0, buy=True), cm.BonusTime(seat=0)}
        assert decision.context["counter"] and not decision.context["stance"]
        assert "Counter-Attack" in decision.prompt and "Bonus Time" in decision.prompt
        assert waiting.teams[0].mp == 1  # nothing spent before 2.2


def test_after_a_defensive_stance_the_charger_is_asked_at_its_attacks_2_2() -> None:
    """ "After a charge is declared the target model may choose to spend 1 MP to respond. The
    target model gains +1 DEF for the duration of the charge." The charge's "4. MAKE ATTACK
    Refer to step 2, 'Attack process', of 'Sequence of an Attack'": Pike advances first, then
    his player is asked at 2.2; bought, Bonus Time adds its die to the charge's TN test."""
    places = {PIKE: (10.0, 4.0), SEFA: (10.0, 10.0)}
    state = fight(places, influence=2)
    _, declared = run(state, cm.Charge(seat=0, target=SEFA, end=(10.0, 8.5)))
    events, waiting = run(declared, cm.React(seat=1, stance=True))
    assert not rolls(events) and waiting.unit(PIKE).y == 8.5  # the advance is made
    (decision,) = pending(waiting)
    assert decision.kind == "bonus_time" and decision.context["attack"] == "charge"
    assert decision.context["stance"] and decision.default == cm.BonusTime(seat=0)
    assert "Defensive Stance" in decision.prompt
    events, after = run(waiting, cm.BonusTime(seat=0, buy=True))
    (charge,) = rolls(events)
    assert charge.pool == PIKE_TAC + CHARGE_TAC + 1 and charge.tn == SEFA_DEF + 1
    assert after.teams[0].mp == 0


def test_no_question_without_a_response() -> None:
    """ "Opponent's opportunity to declare reactions": when Tamsin's player declares none,
    nothing new is learnt and the choice made with the attack is the 2.2 answer: the dice are
    rolled at once, with Bonus Time's die if it was declared."""
    for declared in (False, True):
        _, attacked = run(fight(), cm.Attack(seat=0, target=TAMSIN, bonus=declared))
        events, after = run(attacked, cm.React(seat=1))
        (attack,) = rolls(events)
        assert attack.pool == PIKE_TAC + declared
        assert after.teams[0].mp == 1 - declared
        assert all(d.kind != "bonus_time" for d in pending(after))


def test_no_question_without_the_mp() -> None:
    """ "a model may spend 1 MP to add one die": with no MP Pike's player has nothing to buy,
    so the Counter-Attack leads straight to the dice."""
    events, after = countered(False, mp=(0, 1))
    assert [r.what for r in rolls(events)] == ["attack", "counter"]
    assert all(d.kind != "bonus_time" for d in pending(after))


def test_buying_it_spends_one_mp_and_adds_the_die_at_2_2() -> None:
    """ "When resolving a TN test, a model may spend 1 MP to add one die to the dice pool before
    rolling": bought at the question, the MP is spent then, before the roll, and Pike's pool has
    one die more."""
    _, waiting = countered(False)
    events, after = run(waiting, cm.BonusTime(seat=0, buy=True))
    spent = [e for e in events if isinstance(e, ev.MomentumSet) and e.seat == 0]
    assert [(e.mp, e.why) for e in spent] == [(0, "bonus time")]
    attack = rolls(events)[0]
    assert events.index(spent[0]) < events.index(attack)
    assert attack.what == "attack" and attack.pool == PIKE_TAC + 1
    assert after.teams[0].mp == 0


def test_declining_it_after_declaring_it_spends_nothing() -> None:
    """ "2.2 BONUS TIME Player may use Bonus Time": the MP is spent at 2.2, not with the
    declaration, so declining what was declared costs nothing and needs no refund."""
    _, attacked = run(fight(), cm.Attack(seat=0, target=TAMSIN, bonus=True))
    assert attacked.teams[0].mp == 1
    _, waiting = run(attacked, cm.React(seat=1, counter=True))
    events, after = run(waiting, cm.BonusTime(seat=0, buy=False))
    assert not any(isinstance(e, ev.MomentumSet) and e.seat == 0 for e in events)
    assert rolls(events)[0].pool == PIKE_TAC
    assert after.teams[0].mp == 1


def test_unanswered_the_declared_choice_stands() -> None:
    """The wait's default is the choice made with the attack: an absent player's attack is
    made as it was declared, Bonus Time bought at 2.2 if declared."""
    for declared in (False, True):
        _, waiting = countered(declared)
        events, after = run(waiting, cm.ApplyDefaults(seat=0, seats=(0,)))
        assert rolls(events)[0].pool == PIKE_TAC + declared
        assert after.teams[0].mp == 1 - declared


def test_the_question_waits_in_the_reaction_window() -> None:
    """Issue 24: "reactions offered to the opponent by DM ... with a short window and a
    documented default". The attacker's answer to a response interrupts the attack as the
    response did: a wait of the `reaction` kind with the table's window."""
    _, waiting = countered(True)
    stage = GAME.stage(waiting)
    assert stage.kind == "reaction" and stage.window == REACTION_WINDOW
    _, rolled = run(waiting, cm.BonusTime(seat=0))
    assert GAME.stage(rolled).key != stage.key


def test_only_the_attacker_answers_and_only_when_asked() -> None:
    """The question is the attacking player's ("Player may use Bonus Time"), at 2.2 only."""
    _, waiting = countered(False)
    with pytest.raises(RuleError) as refused:
        run(waiting, cm.BonusTime(seat=1, buy=True))
    assert refused.value.code == "not_your_attack"
    _, attacked = run(fight(), cm.Attack(seat=0, target=TAMSIN))
    with pytest.raises(RuleError) as refused:
        run(attacked, cm.BonusTime(seat=0, buy=True))
    assert refused.value.code == "not_now"  # the response comes first
    with pytest.raises(RuleError) as refused:
        run(fight(), cm.BonusTime(seat=0, buy=True))
    assert refused.value.code == "not_now"  # no attack: the activation's action


def test_the_counter_attack_and_a_free_attack_ask_nothing() -> None:
    """ "A model may not declare a Counter-Attack against a Counter-Attack": the Counter-Attack
    has no response at its 1.1, so its player chooses its Bonus Time with it (`React.bonus`)
    and is not asked again."""
    _, waiting = countered(False, mp=(1, 2))
    events, after = run(waiting, cm.BonusTime(seat=0))
    assert [r.what for r in rolls(events)] == ["attack", "counter"]
    assert all(d.kind != "bonus_time" for d in pending(after))


def test_the_answer_replays_to_the_same_state() -> None:
    """Events record everything: folding the response, the question and the answer gives the
    state decided."""
    state = fight()
    _, attacked = run(state, cm.Attack(seat=0, target=TAMSIN))
    responded, waiting = run(attacked, cm.React(seat=1, counter=True))
    answered, after = run(waiting, cm.BonusTime(seat=0, buy=True))
    folded = attacked
    for e in (*responded, *answered):
        folded = evolve(folded, e)
    assert folded == after


def test_the_players_answer_with_the_declared_choice() -> None:
    """The built-in and random players answer the question with its default, the choice made
    with the attack, so simulated games play as they did before the question was asked."""
    for declared in (False, True):
        _, waiting = countered(declared)
        (decision,) = pending(waiting)
        assert BuiltinPlayer(3).move(waiting, (0,)) == decision.default
        for seed in range(4):
            assert RandomPlayer(seed).move(waiting, (0,)) == decision.default
        assert BuiltinPlayer(3).move(waiting, (1,)) is None  # the defender's player waits
