"""A charge paused by a parting blow (issue 24): the charge waits for the blow and goes on as
an unpaused one does; and what else a parting blow does not do (a dodge provokes none, a blow's
tackle triggers no dodge). One test per rule, quoting the book (CHARGE, PARTING BLOW).

Oswin charges Tamsin straight up the pitch, from (10, 5) to (10, 11), passing Ivo at (12.2, 8):
he enters Ivo's 1" melee zone on the way and leaves it, so Ivo's player may declare a parting
blow there; the charge ends engaging Tamsin."""

from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.attacks import CHARGE_TAC, PARTING_TAC
from games.guild_ball.rules.context import card, engages
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.state import KD, Dodge, GuildBallState, Ongoing
from games.guild_ball.tests.rules_table import (
    APART,
    BELL,
    IVO,
    OSWIN,
    SEFA,
    TAMSIN,
    arrange,
    in_play,
    run,
)

PAST_IVO = {OSWIN: (10.0, 5.0), IVO: (12.2, 8.0), TAMSIN: (10.0, 13.0)}
CHARGE = cm.Charge(seat=0, target=TAMSIN, end=(10.0, 11.0))
# Oswin's charge: TAC 6, +4 charging, +1 from his own Heavy Peal ("Aura 4\": friendly models
# gain +1 TAC while charging"); nobody else engages Tamsin or Oswin at its end.
CHARGE_POOL = 6 + CHARGE_TAC + 1


def table(places=PAST_IVO, dice=(1,) * 40, mp=(0, 0), **kw) -> GuildBallState:
    """Oswin activating with 4 influence, the other models apart, the ball out of the way."""
    where = dict(APART)
    where.update(places)
    kw.setdefault("ball", (23.0, 12.0))
    return arrange(in_play(), where, active=OSWIN, influence={OSWIN: 4}, mp=mp, dice=dice, **kw)


def charged(state: GuildBallState, charge: cm.Charge = CHARGE) -> tuple[list, GuildBallState]:
    """The charge declared: its events and the state waiting on Ivo's parting blow."""
    events, waiting = run(state, charge)
    (decision,) = pending(waiting)
    assert (decision.kind, decision.seat, decision.context["model"]) == ("parting_blow", 1, IVO)
    return events, waiting


def rolls(events: list, what: str) -> list[ev.Rolled]:
    return [e for e in events if isinstance(e, ev.Rolled) and e.what == what]


def activation_ended(events: list) -> bool:
    return any(isinstance(e, ev.PhaseBegan) for e in events)


def test_a_charge_paused_by_a_parting_blow_waits_for_it() -> None:
    """ "A parting blow is an attack which doesn't cost influence and is triggered and resolved
    immediately at the point the active model leaves the melee zone or LOS of the enemy model."
    Oswin stops where he leaves Ivo's zone; his charge neither rolls nor fails meanwhile: his
    activation goes on, waiting for Ivo's player."""
    events, waiting = charged(table())
    oswin = waiting.unit(OSWIN)
    assert oswin.x == 10.0 and 8.0 < oswin.y < 11.0
    assert not rolls(events, "charge") and not activation_ended(events)
    assert waiting.activation is not None and waiting.activation.model == OSWIN
    assert waiting.attack is None and waiting.advance.charge.kind == "charge"


def test_a_charge_engaging_its_target_where_it_pauses_still_waits() -> None:
    """The parting blow "is triggered and resolved immediately at the point the active model
    leaves", and the charge's attack follows its advance: Tamsin nearer, Oswin already engages
    her where he leaves Ivo's zone, yet nothing rolls before Ivo's player answers; declined,
    Oswin goes his whole way to (10, 9.5) and attacks from there."""
    nearer = table({**PAST_IVO, TAMSIN: (10.0, 11.3)})
    events, waiting = charged(nearer, cm.Charge(seat=0, target=TAMSIN, end=(10.0, 9.5)))
    assert engages(waiting, waiting.unit(OSWIN), waiting.unit(TAMSIN))
    assert not rolls(events, "charge") and not activation_ended(events)
    events, after = run(waiting, cm.PartingBlow(seat=1, strike=False))
    assert (after.unit(OSWIN).x, after.unit(OSWIN).y) == (10.0, 9.5)
    assert rolls(events, "charge")


def test_a_declined_parting_blow_lets_the_charge_attack() -> None:
    """ "After a parting blow is resolved, the active model may continue its advance if able to
    do so"; then the charge's "4. MAKE ATTACK Refer to step 2, 'Attack process'", with
    "Charging +4 TAC". Declined, Oswin ends his advance engaging Tamsin and attacks her with
    TAC 6 + 4 (+1 Heavy Peal, "while charging"); his activation goes on (his hits wait for his
    selection)."""
    _, waiting = charged(table(dice=(6,) * CHARGE_POOL))
    events, after = run(waiting, cm.PartingBlow(seat=1, strike=False))
    oswin = after.unit(OSWIN)
    assert (oswin.x, oswin.y) == (10.0, 11.0) and engages(after, oswin, after.unit(TAMSIN))
    steps = [e.attack for e in events if isinstance(e, ev.AttackStep) and e.attack]
    assert steps and all(a.kind == "charge" and a.attacker == OSWIN for a in steps)
    (roll,) = rolls(events, "charge")
    assert roll.model == OSWIN and roll.target == TAMSIN and roll.pool == CHARGE_POOL
    assert not activation_ended(events) and after.activation.model == OSWIN
    (decision,) = pending(after)
    assert (decision.kind, decision.seat) == ("playbook", 0)


def test_a_missed_parting_blow_lets_the_charge_attack() -> None:
    """ "A parting blow attack gains +2 TAC"; struck and missed, "the active model may continue
    its advance": Ivo's blow (TAC 4 + 2) misses and Oswin's charge attack follows as if
    unpaused (TAC 6 + 4 + 1), his activation going on."""
    _, waiting = charged(table())
    events, after = run(waiting, cm.PartingBlow(seat=1))
    (blow,) = rolls(events, "parting")
    assert blow.model == IVO and blow.pool == 4 + PARTING_TAC and blow.net == 0
    (roll,) = rolls(events, "charge")
    assert roll.pool == CHARGE_POOL and events.index(blow) < events.index(roll)
    assert (after.unit(OSWIN).x, after.unit(OSWIN).y) == (10.0, 11.0)
    assert not activation_ended(events)
    assert after.activation.model == OSWIN and after.attack is None and after.advance is None


def test_a_charge_leaving_two_melee_zones_waits_for_each_blow() -> None:
    """ "A model may suffer multiple parting blows if leaving multiple melee zones and/or LOS":
    Sefa at (8, 8.6) too, Oswin's charge pauses where he leaves Ivo's zone, then where he leaves
    hers; her blow missed, the charge attacks."""
    _, waiting = charged(table({**PAST_IVO, SEFA: (8.0, 8.6)}))
    first = waiting.unit(OSWIN).y
    events, second = run(waiting, cm.PartingBlow(seat=1, strike=False))
    (decision,) = pending(second)
    assert decision.kind == "parting_blow" and decision.context["model"] == SEFA
    assert first < second.unit(OSWIN).y < 11.0
    assert not rolls(events, "charge") and not activation_ended(events)
    events, after = run(second, cm.PartingBlow(seat=1))
    assert rolls(events, "parting")[0].model == SEFA and rolls(events, "charge")
    assert after.unit(OSWIN).y == 11.0 and after.activation.model == OSWIN


def test_a_charge_knocked_down_by_a_parting_blow_is_unsuccessful() -> None:
    """A model knocked down "May not advance", so it stops where the blow knocks it down ("the
    active model may continue its advance if able to do so"), and "if the active model doesn't
    end its advance engaging the target enemy model, the charge has been unsuccessful, and the
    active model's activation immediately ends". Oswin charges Ivo past Tamsin (2" melee zone);
    her parting blow (TAC 5 + 2, six 6s: 6 net hits on 5 columns) knocks him down."""
    places = {OSWIN: (10.0, 5.0), TAMSIN: (13.2, 8.0), IVO: (10.0, 13.0)}
    state = table(places, dice=(6,) * 7 + (1,) * 20)
    events, waiting = run(state, cm.Charge(seat=0, target=IVO, end=(10.0, 11.0)))
    (decision,) = pending(waiting)
    assert decision.kind == "parting_blow" and decision.context["model"] == TAMSIN
    stopped = waiting.unit(OSWIN)
    _, picking = run(waiting, cm.PartingBlow(seat=1))
    assert card(picking.unit(TAMSIN)).playbook[2][1].text == "KD"
    _, picking = run(picking, cm.ChooseResult(seat=1, column=3, row=1))
    events, after = run(picking, cm.ChooseResult(seat=1, column=1, row=0))
    oswin = after.unit(OSWIN)
    assert KD in oswin.conditions and (oswin.x, oswin.y) == (stopped.x, stopped.y)
    assert not rolls(events, "charge") and activation_ended(events)
    assert after.attack is None and after.advance is None and after.activation is None


def test_a_charger_taken_out_by_a_parting_blow_ends_its_activation() -> None:
    """A parting blow's damage may take the charger out; it stops there ("if able to do so")
    and its activation ends, as any model's taken out in its activation does: no charge
    attack."""
    _, waiting = charged(table(dice=(6,) * 6 + (1,) * 20, hp={OSWIN: 1}))
    _, picking = run(waiting, cm.PartingBlow(seat=1))
    events, after = run(picking, cm.ChooseResult(seat=1, column=2, row=0))
    assert any(isinstance(e, ev.TakenOut) and e.model == OSWIN for e in events)
    assert not rolls(events, "charge") and activation_ended(events)
    assert after.attack is None and after.advance is None and after.activation is None


def test_after_a_defensive_stance_the_resumed_charge_asks_bonus_time() -> None:
    """ "1.1 RESPONSE Opponent's opportunity to declare reactions" then "2.2 BONUS TIME Player
    may use Bonus Time": Tamsin's player declares Defensive Stance; Oswin's paused charge goes
    on after Ivo's declined blow and his player is asked Bonus Time at its 2.2, before any
    die."""
    _, declared = run(table(mp=(1, 1)), CHARGE)
    assert pending(declared)[0].kind == "reaction"
    _, waiting = run(declared, cm.React(seat=1, stance=True))
    assert pending(waiting)[0].kind == "parting_blow"
    events, asked = run(waiting, cm.PartingBlow(seat=1, strike=False))
    assert not rolls(events, "charge")
    (decision,) = pending(asked)
    assert (decision.kind, decision.seat) == ("bonus_time", 0)
    events, _ = run(asked, cm.BonusTime(seat=0, buy=True))
    (roll,) = rolls(events, "charge")
    assert roll.pool == CHARGE_POOL + 1 and roll.tn == 4 + 1


def test_a_paused_charge_takes_the_free_ball_on_its_way() -> None:
    """ "A model which starts its activation or moves within 1\" of a free ball may choose to
    take possession of the ball" (a charge takes it, rules notes): the ball lies beyond where
    Oswin leaves Ivo's zone, so he takes it once the advance goes on, then attacks."""
    _, waiting = charged(table(ball=(8.2, 10.5)))
    assert waiting.ball_free
    events, after = run(waiting, cm.PartingBlow(seat=1, strike=False))
    assert after.ball_holder == OSWIN
    assert rolls(events, "charge")


def test_a_paused_charge_slowed_by_an_ongoing_aoe_is_unsuccessful() -> None:
    """ "If a model's MOV is reduced during an advance and the distance it has already moved is
    greater than its reduced MOV stat, the advance ends immediately" (otherwise it goes on up
    to the reduced MOV), and "if the active model doesn't end its advance engaging the target
    enemy model, the charge has been unsuccessful, and the active model's activation
    immediately ends". Beyond Ivo, Oswin enters Molten Splash (burning, -2\"/-2\" MOV): his
    charge goes on after the declined blow up to 5" only, short of Tamsin."""
    splash = (Ongoing("molten-splash", 10.0, 11.0, 1),)
    _, waiting = charged(table(ongoing=splash))
    events, after = run(waiting, cm.PartingBlow(seat=1, strike=False))
    oswin = after.unit(OSWIN)
    assert (oswin.x, oswin.y) == (10.0, 10.0) and "burning" in oswin.conditions
    assert not rolls(events, "charge") and activation_ended(events)
    assert after.attack is None and after.activation is None


def test_the_paused_charge_replays_to_the_same_state() -> None:
    """Events record everything: folding the charge, its pause, the blow and the attack gives
    the state decided."""
    state = table(dice=(1,) * 6 + (6,) * CHARGE_POOL)
    paused, waiting = charged(state)
    struck, hit = run(waiting, cm.PartingBlow(seat=1))
    assert rolls(struck, "parting") and rolls(struck, "charge")
    chosen, after = run(hit, cm.ChooseResult(seat=0, column=6, row=0))
    folded = state
    for e in (*paused, *struck, *chosen):
        folded = evolve(folded, e)
    assert folded == after


def test_a_dodge_out_of_a_melee_zone_is_no_advance_and_provokes_no_parting_blow() -> None:
    """ "Repositioning refers to any movement that isn't an advance. ... A dodge is a specific
    type of reposition movement", and a parting blow comes "When performing an advance": Oswin,
    engaged by Tamsin, dodges 4" away (Pass & Move's dodge; Run the Length's is one too) without
    a pause or a question."""
    engaged = {OSWIN: (10.0, 10.0), TAMSIN: (10.0, 12.0)}
    state = table(engaged, dodge=Dodge(model=OSWIN, inches=4, why="pass and move"))
    events, after = run(state, cm.DodgeTo(seat=0, path=((10.0, 6.0),)))
    assert (after.unit(OSWIN).x, after.unit(OSWIN).y) == (10.0, 6.0)
    assert after.advance is None and not any(isinstance(e, ev.AdvanceStep) for e in events)
    assert [d.kind for d in pending(after)] == ["action"]


def test_a_parting_blows_tackle_triggers_no_dodge() -> None:
    """ "Models may not be repositioned or placed during a parting blow." Dagny's Cut Loose
    ("when this model gains the ball with a tackle, it may make a 2\" dodge") would move her
    during the blow whose tackle triggers it: her blow takes Oswin's ball as he jogs past, and
    no dodge is offered (Cut Loose stays unused this turn); Oswin's jog goes on to its end. An
    attack's tackle offers it."""
    dagny = "1-dagny-twistwell"
    state = in_play(teams=(BELL, ("ropewalkers", ("barnaby-splice", "esk-hawser"))))
    where = {k: v for k, v in APART.items() if k.startswith("0-")}
    where.update({OSWIN: (10.0, 5.0), dagny: (12.2, 8.0)})
    where.update({"1-barnaby-splice": (4.0, 20.0), "1-esk-hawser": (20.0, 20.0)})
    state = arrange(state, where, active=OSWIN, ball=OSWIN, mp=(0, 0), dice=(6,) * 7)
    _, waiting = run(state, cm.Jog(seat=0, path=((10.0, 10.0),)))
    _, picking = run(waiting, cm.PartingBlow(seat=1))
    assert picking.attack.kind == "parting" and picking.attack.limits == (5, 1)
    _, picking = run(picking, cm.ChooseResult(seat=1, column=5, row=0))
    assert card(picking.unit(dagny)).playbook[0][1].text == "tackle"
    events, after = run(picking, cm.ChooseResult(seat=1, column=1, row=1))
    assert after.ball_holder == dagny and after.dodge is None
    assert not any(isinstance(e, ev.DodgeStep) for e in events)
    assert "trait:cut-loose" not in after.unit(dagny).plays_used
    assert (after.unit(OSWIN).x, after.unit(OSWIN).y) == (10.0, 10.0)
    assert [d.kind for d in pending(after)] == ["action"]
    engaged = arrange(state, {OSWIN: (10.5, 8.0)}, active=dagny, influence={dagny: 2})
    _, picking = run(engaged, cm.Attack(seat=1, target=OSWIN))
    _, tackled = run(picking, cm.ChooseResult(seat=1, column=1, row=1))
    assert tackled.ball_holder == dagny and tackled.dodge.why == "cut-loose"


def test_an_advance_stopped_by_a_parting_blow_suffers_the_aoe_it_entered() -> None:
    """ "Models entering or ending their activations within the AOE suffer the ongoing effect",
    and a model knocked down by a parting blow stops where it is ("continue its advance if able
    to do so"): Oswin sprints through Molten Splash (burning) past Tamsin, whose blow knocks him
    down where he leaves her zone; he entered the template on the way, so he burns, as he does
    when the blow is declined and he goes his whole (slowed) way."""
    places = {OSWIN: (10.0, 5.0), TAMSIN: (13.2, 8.0), IVO: (20.0, 21.0)}
    splash = (Ongoing("molten-splash", 10.0, 7.8, 1),)
    sprint = cm.Sprint(seat=0, path=((10.0, 11.0),))
    state = table(places, ongoing=splash, dice=(6,) * 7 + (1,) * 20)
    _, waiting = run(state, sprint)
    assert waiting.advance.offered == TAMSIN and "burning" not in waiting.unit(OSWIN).conditions
    stopped = waiting.unit(OSWIN).y
    _, picking = run(waiting, cm.PartingBlow(seat=1))
    _, picking = run(picking, cm.ChooseResult(seat=1, column=3, row=1))
    _, after = run(picking, cm.ChooseResult(seat=1, column=1, row=0))
    oswin = after.unit(OSWIN)
    assert oswin.y == stopped and {KD, "burning"} <= set(oswin.conditions)
    _, declined = run(waiting, cm.PartingBlow(seat=1, strike=False))
    assert declined.unit(OSWIN).y == 10.0 and "burning" in declined.unit(OSWIN).conditions
