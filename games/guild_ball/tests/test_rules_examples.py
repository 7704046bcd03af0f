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
