"""The rulebook's worked examples, played with our models: each test names the example, quotes
it, and sets the same situation (the book's models are not ours; the distances and the roles
are the example's)."""

import math

import pytest

from games.guild_ball.content.loader import pack_files, parse_pack
from games.guild_ball.pitch import Base, Point, kick_scatter
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules import context
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import engages
from games.guild_ball.rules.sequences import Mark, walk
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


def test_ox_misses_a_pass_and_the_ball_scatters_from_the_teammate_along_the_kick() -> None:
    """ "Ox has tried to pass the ball to a teammate but has missed. The ball scatters using the
    kick scatter template." "To determine the final landing spot, Ox positions the kick scatter
    template on the target friendly model with the centre line pointing in the direction of the
    original kick." "If the ball scattered from a target model or goalpost, measure the scatter
    distance from the edge of the model or goalpost's base." Pike (Ox) passes to Oswin 5" away
    on a 3-4-5 diagonal and misses (three 1s); the scatter rolls 4 (10 degrees right of the
    kick's line) and 2": the ball's near edge lands 2" from Oswin's base edge."""
    pike, oswin = (12.0, 8.0), (15.0, 12.0)
    state = arrange(
        in_play(),
        {**FAR, PIKE: pike, OSWIN: oswin, MAUD: (3.0, 20.0)},
        active=PIKE,
        ball=PIKE,
        influence={PIKE: 2},
        dice=(1, 1, 1, 4, 2),
    )
    events, after = run(state, cm.Pass(seat=0, target=OSWIN))
    scatter = next(e for e in events if isinstance(e, ev.Scattered))
    assert (scatter.kind, scatter.x0, scatter.y0) == ("kick", *oswin)
    assert (scatter.direction, scatter.distance) == (4, 2)
    expected = kick_scatter(Base(Point(*oswin), R40), (3.0, 4.0), 4, 2)
    assert (scatter.landing_x, scatter.landing_y) == pytest.approx((expected.x, expected.y))
    dx, dy = scatter.landing_x - oswin[0], scatter.landing_y - oswin[1]
    assert math.hypot(dx, dy) == pytest.approx(R40 + 2 + R30)
    turned = math.degrees(math.atan2(3.0, 4.0) - math.atan2(dx, dy))
    assert abs(turned) == pytest.approx(10.0)
    assert after.ball_free and after.ball_holder == ""


BRISKET = """
[[play]]
slug = "super-shot"
name = "Super Shot"
cost = 1
range = "self"
target = "self"
sustain = true
once_per_turn = true
effects = [{ do = "modify", stat = "kick_dice", amount = 1 },
           { do = "modify", stat = "kick_distance", amount = 2 }]
text = 'This model gains +1/+2" KICK.'

[[play]]
slug = "dirty-knives"
name = "Dirty Knives"
cost = 2
icons = ["t"]
range = 6
target = "enemy"
sustain = true
effects = [{ do = "modify", stat = "def", amount = -1 }, { do = "damage", amount = 1 },
           { do = "condition", condition = "poison" }]
text = "Target enemy model suffers -1 DEF, 1 DMG, and the poison condition."

[[model]]
slug = "brisket"
name = "Brisket"
role = "squaddie"
position = "striker"
kin = "human"
homeland = "valentia"
mov = [6, 8]
tac = 5
kick = [3, 8]
def = 4
arm = 2
inf = [2, 4]
hp = 14
recovery = 5
base = 30
melee = 1
plays = ["super-shot", "dirty-knives"]
playbook = [
  { plain = "dmg 1", momentous = "tackle" },
  { plain = "dmg 2", momentous = "KD" },
  { plain = "dmg 2", momentous = "play-t" },
  { plain = "dmg 3" },
]
text = "The book's example card."
"""


def test_briskets_example_card_is_a_card_of_our_content_format() -> None:
    """ "An example of a model's profile card": "BRISKET Melee Zone 1"", "MOV 6"/8" TAC 5 KICK
    3/8" DEF 4 ARM 2 INF 2/4", "Super Shot 1 S ✓ ✓ This model gains +1/+2" KICK." "Dirty Knives
    ... 6" ✓ X Target enemy model suffers -1 DEF, 1 DMG, and the poison condition.",
    "Valentian, Human, Female, Striker, Squaddie", "Size 30 mm". Written in our format (the book
    shows no HP bar or playbook in text: ours are made up) it loads and reads back the book's
    numbers; its types are our homeland, kin, playing position and team position ("nationality,
    playing position, and, if applicable, team position"). No rule of the book keys on a
    gender, so our cards have none."""
    files = pack_files()
    files["common.toml"] = (
        files["common.toml"]
        .replace('homelands = ["', 'homelands = ["valentia", "')
        .replace('positions = ["', 'positions = ["striker", "')
    )
    files["guilds/bellfounders.toml"] += BRISKET
    brisket = parse_pack(files).models["brisket"]
    s = brisket.stats
    assert (s.jog, s.sprint, s.tac, s.kick_dice, s.kick_distance) == (6, 8, 5, 3, 8)
    assert (s.defence, s.armour, s.inf_base, s.inf_max) == (4, 2, 2, 4)
    assert (s.base, s.melee_zone) == (30, 1)
    assert brisket.types == ("valentia", "human", "striker", "squaddie")
    super_shot, knives = brisket.plays
    assert (super_shot.cost, super_shot.reach, super_shot.sustain) == (1, "self", True)
    assert super_shot.once_per_turn and not knives.once_per_turn
    assert [(e.arg("stat"), e.arg("amount")) for e in super_shot.effects] == [
        ("kick_dice", 1),
        ("kick_distance", 2),
    ]
    assert (knives.cost, knives.reach, knives.icons) == (2, 6, ("t",))
    assert [e.do for e in knives.effects] == ["modify", "damage", "condition"]


NOXIOUS_DEATH = """
[[trait]]
slug = "noxious-death"
name = "Noxious Death"
kind = "triggered"
when = "taken_out"
affects = "pulse"
size = 2
side = "enemy"
effects = [{ do = "damage", amount = 3 }, { do = "condition", condition = "poison" }]
text = "Taken out: enemy models within this pulse suffer 3 DMG and the poison condition."
"""


@pytest.fixture
def maud_is_compound(monkeypatch: pytest.MonkeyPatch):
    """The content with Maud given Compound's Noxious Death (a 2" pulse: the book's text does not
    give its size), for one test."""
    files = pack_files()
    files["guilds/bellfounders.toml"] = (
        files["guilds/bellfounders.toml"].replace(
            'traits = ["toll-of-the-bell", "steady-footing"]',
            'traits = ["toll-of-the-bell", "steady-footing", "noxious-death"]',
        )
        + NOXIOUS_DEATH
    )
    changed = parse_pack(files)
    context.pack.cache_clear()
    monkeypatch.setattr(context, "load_pack", lambda: changed)
    yield
    context.pack.cache_clear()


def test_compounds_noxious_death_triggers_at_step_2_of_taking_out(maud_is_compound) -> None:
    """ "Compound's character trait, Noxious Death, states: 'When this model suffers the taken
    out condition during the Activation Phase, enemy models within this pulse suffer 3 DMG and
    the poison condition.' Noxious Death identifies the step 'suffer the taken out condition',
    indicating that Noxious Death triggers at step 2 in the 'Sequence of Taking a Model Out'."
    Tamsin takes Maud (Compound) out with 1 HP left; the pulse catches Tamsin and Ivo within 2"
    of Maud, not Sefa, before Maud leaves the pitch (step 3) and before the VP (step 4)."""
    places = {
        MAUD: (10.0, 10.0),
        TAMSIN: (10.0, 10.0 + R50 + R40 + 0.5),
        IVO: (10.0 + R50 + R40 + 1.5, 10.0),
        SEFA: (3.0, 10.0),
    }
    state = arrange(
        in_play(),
        {**FAR, **places},
        active=TAMSIN,
        influence={TAMSIN: 3},
        hp={MAUD: 1},
        mp=(0, 0),
        dice=(6, 6, 6, 6),
    )
    _, state = run(state, cm.Attack(seat=1, target=MAUD))
    entries, after = walk(state, cm.ChooseResult(seat=1, column=1, row=0))
    steps = [
        e.step.number if e.step.sequence == "taking_out" and not e.trigger else e.trigger
        for e in entries
        if isinstance(e, Mark)
    ]
    first = steps.index("taken_out")
    assert steps[first - 1 : first + 1] == ["2", "taken_out"]
    assert steps.index("3") > first and steps.index("4") > first
    burst = [e for e in entries if isinstance(e, ev.UnitChanged) and e.model in (TAMSIN, IVO)]
    removed = next(i for i, e in enumerate(entries) if isinstance(e, ev.TakenOut))
    assert burst and all(entries.index(e) < removed for e in burst)
    for model in (TAMSIN, IVO):
        assert after.unit(model).hp == state.unit(model).hp - 3
        assert "poison" in after.unit(model).conditions
    assert after.unit(SEFA).conditions == () and after.unit(SEFA).hp == state.unit(SEFA).hp
    assert not after.unit(MAUD).on_pitch and after.teams[1].vp == 2
