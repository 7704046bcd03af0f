"""The target of a character play a playbook icon triggers: "A model using a character play may
target any valid model within range and LOS", so the attacking team chooses among them (the
playbook decision names them); a [P] play reaches only the attacked model."""

from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.state import KD
from games.guild_ball.tests.rules_table import arrange, in_play, run

OSWIN, MAUD = "0-oswin-tollbright", "0-maud-clangwright"
SEFA, IVO, TAMSIN = "1-sefa-lanternhold", "1-ivo-brightwick", "1-tamsin-cole"
APART = {
    OSWIN: (4.0, 4.0),
    MAUD: (20.0, 4.0),
    "0-brannock-pike": (12.0, 3.0),
    SEFA: (4.0, 20.0),
    IVO: (12.0, 21.5),
    TAMSIN: (20.0, 20.0),
}


def table(places, active, dice):
    where = dict(APART) | places
    state = arrange(in_play(), where, active=active, influence={active: 3}, mp=(0, 0))
    return arrange(state, ball=(23.0, 12.0), dice=dice)


def test_a_triggered_play_may_target_any_valid_model_within_range() -> None:
    """ "A model using a character play may target any valid model within range and LOS":
    Oswin's Clapper Strike (1", an enemy) triggered by his column 4 icon may hit Ivo, engaged
    beside him, instead of Sefa, the attacked model; Tamsin, out of range, is no target."""
    state = table({OSWIN: (10.0, 10.0), SEFA: (10.0, 11.8), IVO: (11.7, 10.0)}, OSWIN, (6,) * 6)
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    decision = pending(state)[0]
    assert decision.kind == "playbook"
    assert set(decision.context["plays"]["clapper-strike"]) == {SEFA, IVO}
    events, after = run(
        state, cm.ChooseResult(seat=0, column=4, row=1, play="clapper-strike", target=IVO)
    )
    used = [e for e in events if isinstance(e, ev.PlayUsed)]
    assert [(e.play, e.target, e.how) for e in used] == [("clapper-strike", IVO, "icon")]
    assert KD in after.unit(IVO).conditions and KD not in after.unit(SEFA).conditions


def test_a_playbook_play_reaches_only_the_attacked_model() -> None:
    """Drive It Home ([P], range "playbook"): on the attacked model only; aimed at another
    enemy it is wasted."""
    places = {MAUD: (10.0, 10.0), SEFA: (10.0, 12.0), IVO: (12.5, 10.0)}
    state = table(places, MAUD, (6,) * 5 + (1,))
    _, state = run(state, cm.Attack(seat=0, target=SEFA))
    assert pending(state)[0].context["plays"]["drive-it-home"] == (SEFA,)
    wasted = cm.ChooseResult(seat=0, column=5, row=1, play="drive-it-home", target=IVO)
    events, after = run(state, wasted)
    assert not any(isinstance(e, ev.PlayUsed) for e in events)
    assert after.unit(IVO).hp == state.unit(IVO).hp and after.unit(SEFA).hp == 16
    hit = cm.ChooseResult(seat=0, column=5, row=1, play="drive-it-home", target=SEFA)
    _, after = run(state, hit)
    assert after.unit(SEFA).hp == 16 - 3
