"""A play's additional jog is an advance and provokes parting blows (issue 24). One test per rule,
quoting the book (ADDITIONAL ADVANCE, PARTING BLOW).

Dagny uses The Long Haul ("friendly models may each make a jog"): its pulse offers Dagny, Barnaby
and Esk a jog each, one after another. Dagny declines hers; Barnaby, engaged by Tamsin (2" melee
zone), jogs 4.5" sideways out of it; Esk, engaged by nobody, is offered his jog next."""

from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import card
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.pending import Decision, pending
from games.guild_ball.rules.state import KD, GuildBallState
from games.guild_ball.tests.rules_table import LINK, arrange, in_play, run

ROPES = ("ropewalkers", ("barnaby-splice", "esk-hawser"))
DAGNY, BARNABY, ESK = "1-dagny-twistwell", "1-barnaby-splice", "1-esk-hawser"
TAMSIN = "0-tamsin-cole"
PLACES = {
    "0-sefa-lanternhold": (4.0, 4.0),
    "0-ivo-brightwick": (20.0, 4.0),
    TAMSIN: (10.0, 9.5),
    DAGNY: (8.0, 16.0),
    BARNABY: (10.0, 12.0),
    ESK: (8.0, 19.0),
}
AWAY = cm.DodgeTo(seat=1, path=((14.5, 12.0),))
# Tamsin's blow: TAC 5 + 2, seven 6s against Barnaby's DEF 3: 5 net hits on her 5 columns.
STRIKES = (6,) * 7 + (1,) * 20


def offered(state: GuildBallState) -> Decision:
    """The one decision the game waits for."""
    (decision,) = pending(state)
    return decision


def barnabys_turn(dice: tuple[int, ...] = (1,) * 20, **kw) -> GuildBallState:
    """The Long Haul used by Dagny and her own jog declined: Barnaby's jog is on offer."""
    state = arrange(
        in_play(teams=(LINK, ROPES)),
        PLACES,
        active=DAGNY,
        ball=(23.0, 12.0),
        mp=(0, 0),
        dice=dice,
        **kw,
    )
    _, state = run(state, cm.UsePlay(seat=1, play="the-long-haul"))
    assert offered(state).context == {"model": DAGNY, "inches": 5}
    _, state = run(state, cm.DodgeTo(seat=1))
    assert offered(state).context == {"model": BARNABY, "inches": 5}
    return state


def paused(state: GuildBallState) -> tuple[list, GuildBallState]:
    """Barnaby's jog made: its events and the state waiting on Tamsin's parting blow."""
    events, waiting = run(state, AWAY)
    decision = offered(waiting)
    assert (decision.kind, decision.seat, decision.context["model"]) == ("parting_blow", 0, TAMSIN)
    return events, waiting


def at(state: GuildBallState, model: str) -> tuple[float, float]:
    unit = state.unit(model)
    return unit.x, unit.y


def test_an_additional_jog_leaving_a_melee_zone_pauses_for_the_parting_blow() -> None:
    """ "An additional advance will be specified as a jog, sprint, or charge", and "When
    performing an advance, if an active model leaves the melee zone or LOS of an enemy model
    that's engaging it, that enemy model may immediately declare a parting blow against the
    active model" ("During a model's activation, it's the active model unless another model is
    performing an action"): Barnaby's jog stops where it leaves Tamsin's zone, and her player is
    asked; Esk's jog waits."""
    _, waiting = paused(barnabys_turn())
    x, y = at(waiting, BARNABY)
    assert 10.0 < x < 14.5 and y == 12.0
    assert waiting.advance.model == BARNABY and waiting.advance.how == "jog"
    assert waiting.attack is None and waiting.activation.model == DAGNY


def test_a_declined_parting_blow_lets_the_jog_complete_and_the_next_jog_be_offered() -> None:
    """ "After a parting blow is resolved, the active model may continue its advance if able to
    do so": declined, Barnaby jogs his whole way, and the pulse's next jog (Esk's) is offered,
    still in Dagny's activation."""
    _, waiting = paused(barnabys_turn())
    events, after = run(waiting, cm.PartingBlow(seat=0, strike=False))
    assert at(after, BARNABY) == (14.5, 12.0) and after.advance is None
    assert not any(isinstance(e, ev.Rolled) for e in events)
    assert offered(after).context == {"model": ESK, "inches": 6}
    assert after.activation.model == DAGNY


def test_a_parting_blow_knocking_the_jogger_down_stops_it_there() -> None:
    """A knocked-down model "May not advance", so the jog stops where the blow struck ("the
    active model may continue its advance if able to do so"); Tamsin's blow (5 net hits) selects
    KD. The pulse's next jog is still offered."""
    _, waiting = paused(barnabys_turn(STRIKES))
    stopped = at(waiting, BARNABY)
    _, picking = run(waiting, cm.PartingBlow(seat=0))
    assert picking.attack.kind == "parting" and picking.attack.limits == (5,)
    assert card(picking.unit(TAMSIN)).playbook[2][1].text == "KD"
    _, after = run(picking, cm.ChooseResult(seat=0, column=3, row=1))
    assert KD in after.unit(BARNABY).conditions and at(after, BARNABY) == stopped
    assert after.attack is None and after.advance is None
    assert offered(after).context == {"model": ESK, "inches": 6}
    assert after.activation.model == DAGNY


def test_a_parting_blow_taking_the_jogger_out_stops_it() -> None:
    """A parting blow's damage may take the jogger out: its advance ends there, and the pulse's
    next jog is still offered in Dagny's activation."""
    _, waiting = paused(barnabys_turn(STRIKES, hp={BARNABY: 1}))
    _, picking = run(waiting, cm.PartingBlow(seat=0))
    events, after = run(picking, cm.ChooseResult(seat=0, column=1, row=0))
    assert any(isinstance(e, ev.TakenOut) and e.model == BARNABY for e in events)
    assert not after.unit(BARNABY).on_pitch and after.advance is None
    assert offered(after).context == {"model": ESK, "inches": 6}
    assert after.activation.model == DAGNY


def test_an_additional_jog_leaving_no_melee_zone_asks_nothing() -> None:
    """A parting blow comes only "if an active model leaves the melee zone or LOS of an enemy
    model that's engaging it": Esk, engaged by nobody, jogs 5" at once, no question, and the
    activation goes on."""
    _, waiting = paused(barnabys_turn())
    _, state = run(waiting, cm.PartingBlow(seat=0, strike=False))
    events, after = run(state, cm.DodgeTo(seat=1, path=((12.0, 22.0),)))
    assert at(after, ESK) == (12.0, 22.0)
    assert not any(isinstance(e, ev.AdvanceStep) for e in events)
    assert after.advance is None and after.dodge is None
    assert offered(after).kind == "action" and after.activation.model == DAGNY


def test_the_paused_additional_jog_replays_to_the_same_state() -> None:
    """Events record everything: folding the jog, its pause, the blow and the knock-down gives
    the state decided."""
    state = barnabys_turn(STRIKES)
    jogged, waiting = paused(state)
    struck, picking = run(waiting, cm.PartingBlow(seat=0))
    chosen, after = run(picking, cm.ChooseResult(seat=0, column=3, row=1))
    folded = state
    for e in (*jogged, *struck, *chosen):
        folded = evolve(folded, e)
    assert folded == after
