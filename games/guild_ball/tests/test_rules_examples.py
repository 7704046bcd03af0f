"""The rulebook's worked examples, played with our models: each test names the example, quotes
it, and sets the same situation (the book's models are not ours; the distances and the roles
are the example's)."""

from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.context import engages
from games.guild_ball.tests.rules_table import arrange, in_play, run

OSWIN, MAUD, PIKE = "0-oswin-tollbright", "0-maud-clangwright", "0-brannock-pike"
SEFA, IVO, TAMSIN = "1-sefa-lanternhold", "1-ivo-brightwick", "1-tamsin-cole"
R40, R50, R30 = 0.787402, 0.984252, 0.590551  # base radii, inches
FAR = {SEFA: (3.0, 21.0), IVO: (21.0, 21.0), PIKE: (21.0, 3.0), MAUD: (3.0, 3.0)}


def test_shark_engages_boiler_and_gutter_but_not_brisket_behind_them() -> None:
    """ "Shark is engaging Boiler and Veteran Gutter with his 2" melee zone but isn't engaging
    Brisket because he doesn't have LOS to her." "Shark isn't engaged by Boiler's 1" melee zone
    but is engaged by Veteran Gutter's 2" melee zone." Tamsin (2" zone) is Shark; Oswin (1") is
    Boiler, 1.5" away; Maud (2") is Veteran Gutter, in base contact; Pike is Brisket, hidden
    behind Maud's larger base though within 2" of Tamsin."""
    places = {
        TAMSIN: (10.0, 12.0),
        MAUD: (10.0 + R40 + R50, 12.0),
        PIKE: (10.0 + R40 + 2 * R50 + R30, 12.0),
        OSWIN: (10.0, 12.0 + 2 * R40 + 1.5),
    }
    state = arrange(in_play(), {**FAR, **places})
    tamsin, oswin, maud, pike = (state.unit(m) for m in (TAMSIN, OSWIN, MAUD, PIKE))
    assert engages(state, tamsin, oswin) and engages(state, tamsin, maud)
    assert not engages(state, tamsin, pike)
    assert not engages(state, oswin, tamsin) and engages(state, maud, tamsin)


def test_brisket_triggers_dirty_knives_on_angel_with_a_play_icon() -> None:
    """ "Brisket has just attacked Shark. She generated 3 net hits on her attack, which gives her
    access to her 3rd playbook column. She decides to use the play icon on her 3rd playbook
    column to trigger her Dirty Knives character play on Angel, who is nearby. Brisket checks
    that Angel is within the 6" range of her character play and confirms LOS." "Angel is a valid
    target and so immediately suffers the effect of the character play". Tamsin attacks Oswin:
    4 net hits reach her 4th column, whose icon triggers Snuffer's Tap (6") on Maud, 2.2"
    away, who loses 1 influence without a test."""
    places = {
        TAMSIN: (10.0, 12.0),
        OSWIN: (10.0, 12.0 + 2 * R40 + 1.5),
        MAUD: (14.0, 12.0),
    }
    state = arrange(
        in_play(),
        {**FAR, **places},
        active=TAMSIN,
        influence={TAMSIN: 3, MAUD: 2},
        mp=(0, 0),
        dice=(6, 6, 6, 6, 6, 1, 1, 1),
    )
    _, state = run(state, cm.Attack(seat=1, target=OSWIN))
    assert state.attack.net == 4 and state.attack.limits == (4,)
    _, after = run(
        state, cm.ChooseResult(seat=1, column=4, row=1, play="snuffers-tap", target=MAUD)
    )
    assert after.unit(MAUD).influence == 1
    assert after.unit(TAMSIN).influence == 2  # the attack's 1; the play cost nothing


def test_mercurys_fire_blast_burns_who_enters_it_or_ends_there() -> None:
    """ "Mercury's Fire Blast leaves an AOE on the pitch until the End Phase of the current turn.
    Models entering or ending their activations within the AOE suffer the ongoing effect of the
    play, in this case the burning condition." "Both Ox and Veteran Gutter move out of the
    ongoing effect AOE and so don't suffer the burning condition. Smoke charges Brisket and
    suffers the burning condition when she enters the AOE. She then inflicts the knocked down
    condition on Brisket, who is therefore unable to leave the AOE during her activation. As a
    result, Brisket suffers the burning condition at the end of her activation." Ada's Molten
    Splash (burning, ongoing) is the Fire Blast, missing everyone it covers; Sefa walks out of
    it, Oswin charges Ivo into it and knocks him down."""
    ada = "0-ada-mouldwright"
    teams = (
        ("bellfounders", ("ada-mouldwright", "brannock-pike")),
        ("linkbearers", ("ivo-brightwick", "tamsin-cole")),
    )
    where = {
        **FAR,
        ada: (12.0, 8.5),
        OSWIN: (5.5, 15.2),
        SEFA: (12.0, 13.0),
        IVO: (12.0, 15.2),
        TAMSIN: (21.0, 21.0),
    }
    state = arrange(
        in_play(teams=teams), where, active=ada, influence={ada: 2}, mp=(0, 0), dice=(1,) * 4
    )
    _, state = run(state, cm.UsePlay(seat=0, play="molten-splash", spot=(12.0, 14.0)))
    assert state.ongoing and all(not state.unit(m).conditions for m in (SEFA, IVO))
    _, walked = run(arrange(state, active=SEFA), cm.Jog(seat=1, path=((16.0, 12.0),)))
    assert "burning" not in walked.unit(SEFA).conditions
    charging = arrange(state, active=OSWIN, influence={OSWIN: 3}, dice=(6, 6, 6, 6) + (1,) * 8)
    _, state = run(charging, cm.Charge(seat=0, target=IVO, end=(10.423, 15.2)))
    assert "burning" in state.unit(OSWIN).conditions
    _, state = run(state, cm.ChooseResult(seat=0, column=3, row=1))  # knocked down
    assert state.unit(IVO).conditions == ("knocked_down",)
    _, state = run(state, cm.EndActivation(seat=0))
    _, ended = run(arrange(state, active=IVO), cm.EndActivation(seat=1))
    assert "burning" in ended.unit(IVO).conditions
