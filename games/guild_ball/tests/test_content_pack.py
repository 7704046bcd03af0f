"""The shipped content pack: every file loads, and the cards keep the rulebook's rules and our
design invariants (docs/content.md). The rule quoted in a test's docstring is the rulebook's."""

import itertools
from collections import Counter
from pathlib import Path

import pytest

from games.guild_ball.content.cards import Effect, Model
from games.guild_ball.content.loader import (
    COMMON_FILE,
    GUILDS_DIR,
    PLANS_FILE,
    load_pack,
    pack_files,
    parse_pack,
)
from games.guild_ball.content.schema import (
    AOE_DIAMETER,
    BASE_SIZES,
    PRIMITIVES,
    STAT_RANGES,
    TESTS,
    TRIGGERS,
)

PACK = load_pack()
MODELS = list(PACK.models.values())


def test_every_content_file_loads():
    files = pack_files()
    assert set(files) == {
        COMMON_FILE,
        PLANS_FILE,
        *(f"{GUILDS_DIR}/{g}.toml" for g in PACK.guilds),
    }
    assert parse_pack(files) == PACK
    assert sorted(PACK.guilds) == ["bellfounders", "linkbearers", "ropewalkers", "scriveners"]
    assert len(PACK.models) >= 4 * 8 and len(PACK.plans) >= 16


def test_four_guilds_of_a_captain_a_mascot_and_squaddies():
    """Four guilds, each of at least 8 models: exactly one Captain and one Mascot each."""
    styles = set()
    for slug, guild in PACK.guilds.items():
        roles = Counter(m.role for m in PACK.members(slug))
        assert roles["captain"] == 1 and roles["mascot"] == 1, slug
        assert roles["squaddie"] >= 6 and len(guild.models) >= 8, slug
        assert PACK.captain(slug).guild == PACK.mascot(slug).guild == slug
        styles.add(guild.style)
    assert styles == {"hard-hitting", "ball-playing", "control", "mixed"}


def test_names_are_unique_across_the_pack():
    """'Each named character is unique': no two models, plays, traits or plans share a name."""
    for items in (PACK.models, PACK.plays, PACK.traits, PACK.plans):
        names = [x.name.casefold() for x in items.values()]
        assert len(names) == len(set(names))
    rules = [x.name.casefold() for x in (*PACK.plays.values(), *PACK.traits.values())]
    assert len(rules) == len(set(rules))


def test_model_types_name_nationality_kind_position_and_team_position():
    """'Every model has a number of types that define aspects of the character it represents,
    such as nationality, playing position, and, if applicable, team position.'"""
    oswin = PACK.models["oswin-tollbright"]
    assert oswin.types == ("lanternmere", "human", "bruiser", "captain")
    assert all(m.position == "mascot" for m in MODELS if m.role == "mascot")


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.slug)
def test_stat_lines_are_within_the_ranges_the_rules_imply(model: Model):
    """'Guild Ball uses circular bases with diameters of 30 mm, 40 mm, and 50 mm.' A target
    number is never below 2+ or above 6+; the max INF is 'the maximum amount of influence a
    model may be allocated'; a returned model 'recovers HP up to its recovery level'."""
    s = model.stats
    assert s.base in BASE_SIZES
    assert 2 <= s.defence <= 6 and s.tac >= 1
    assert s.jog < s.sprint and s.inf_base <= s.inf_max and 0 < s.recovery < s.hp
    limits = STAT_RANGES
    assert limits["jog"].low <= s.jog <= limits["jog"].high
    assert limits["melee_zone"].low <= s.melee_zone <= limits["melee_zone"].high


def test_a_team_generates_about_two_influence_a_model():
    """'an influence pool is generated for each team using the combined total of base INF from
    each of the team's models'. The book's example model is 2/4 INF; every Typical team of ours
    (a Captain, a Mascot, any four Squaddies) generates 10 to 13, and a Captain generates the
    most of its guild."""
    for guild in PACK.guilds:
        captain, mascot = PACK.captain(guild), PACK.mascot(guild)
        squad = [m.stats.inf_base for m in PACK.members(guild) if m.role == "squaddie"]
        pools = {
            captain.stats.inf_base + mascot.stats.inf_base + sum(four)
            for four in itertools.combinations(squad, 4)
        }
        assert min(pools) >= 10 and max(pools) <= 13, (guild, sorted(pools))
        assert captain.stats.inf_base > max(squad) and mascot.stats.inf_base <= min(squad)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.slug)
def test_playbooks_are_well_formed(model: Model):
    """'A single net hit from an attack allows the model to access the first column on the left
    of its playbook. Each additional net hit allows the model to access an additional column';
    'Momentous results generate 1 MP'. Every column holds a result (plain, momentous or one of
    each), and every playbook has momentous results."""
    book = model.playbook
    low, high = STAT_RANGES["playbook_columns"].low, STAT_RANGES["playbook_columns"].high
    assert low <= len(book) <= high
    for column in book:
        assert 1 <= len(column) <= 2
        assert sum(r.momentous for r in column) <= 1 and sum(not r.momentous for r in column) <= 1
        for result in column:
            kinds = [k for k, _ in result.effects]
            assert len(kinds) == len(set(kinds)) and result.text
    assert any(r.momentous for column in book for r in column)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.slug)
def test_playbook_design_invariants(model: Model):
    """Ours, not the book's: every model can win the ball (a tackle result), and plain damage
    never falls from one column to the next, so more net hits never hurt less."""
    results = [r for column in model.playbook for r in column]
    assert any(k == "tackle" for r in results for k, _ in r.effects)
    plain_damage = [
        n for column in model.playbook for r in column if not r.momentous for k, n in r.effects
        if k == "dmg"
    ]  # fmt: skip
    assert plain_damage == sorted(plain_damage)


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.slug)
def test_play_icons_in_a_playbook_trigger_the_model_s_own_plays(model: Model):
    """'Each time the active model selects a play icon playbook result, it may trigger a single
    character play without spending influence. Each character play will indicate if it may be
    triggered by play icons by showing either 'Ⓢ' or 'Ⓣ' in the CST column.'"""
    icons = {k[5:] for column in model.playbook for r in column for k, _ in r.effects}
    icons &= {"s", "t"}
    for icon in icons:
        assert any(icon in p.icons for p in model.plays)
    for play in model.plays:
        assert play.slug in PACK.plays
        if play.cost is None and play.kind == "character":
            assert set(play.icons) & icons


def test_playbook_only_plays_are_triggered_by_icons_and_target_the_attacked_model():
    """'[P] Denotes that the character play may only be triggered as a playbook result using
    play icons. This character play may target only the original attack target.'"""
    playbook_only = [p for p in PACK.plays.values() if p.reach == "playbook"]
    assert playbook_only
    for play in playbook_only:
        assert play.cost is None and play.icons and play.target == "enemy" and play.area is None


def test_sustained_plays_are_the_ones_whose_effects_last():
    """'Sustain [SUS] A tick in this column shows that the character play has effects which last
    until the end of the current turn.'"""
    for play in PACK.plays.values():
        if play.kind != "character":
            continue
        lasting = any(e.do == "modify" for e in play.effects) or (
            play.area is not None and play.area.kind == "aura"
        )
        assert play.sustain == lasting, play.slug


def test_heroic_and_legendary_plays_belong_to_captains():
    """'Heroic plays cost 1 MP to use. Heroic plays may be used only once per turn.' 'Legendary
    plays have no influence or MP cost ... they may be used only once per game.' They are for
    'especially talented models': here each Captain has one of each, and no other model."""
    for model in MODELS:
        kinds = Counter(p.kind for p in model.plays)
        expected = 1 if model.role == "captain" else 0
        assert kinds["heroic"] == kinds["legendary"] == expected, model.slug
    for play in PACK.plays.values():
        if play.kind in ("heroic", "legendary"):
            assert play.cost is None and not play.icons and play.once_per_turn and play.sustain


def test_aoe_plays_use_the_three_inch_template_and_pulses_come_from_the_model():
    """'To measure the AOE of an AOE character play, use a circular template that's 3" in
    diameter.' 'A pulse extends from the edge of the model's base out to the distance
    specified.'"""
    areas = [p for p in PACK.plays.values() if p.area is not None]
    assert any(p.area.kind == "aoe" for p in areas)
    for play in areas:
        if play.area.kind == "aoe":
            assert play.area.size == AOE_DIAMETER and isinstance(play.reach, int)
        else:
            assert play.reach == "self"
    assert all(not p.ongoing for p in PACK.plays.values() if p.area is None or p.area.kind != "aoe")


def _all_effects() -> list[tuple[str, str, Effect]]:
    out = []
    for p in PACK.plays.values():
        out += [(p.slug, "play", e) for e in p.effects] + [
            (p.slug, "ongoing", e) for e in p.ongoing
        ]
    out += [(t.slug, "trait", e) for t in PACK.traits.values() for e in t.effects]
    out += [(g.slug, "plan", e) for g in PACK.plans.values() for e in g.effects]
    return out


def test_every_effect_is_a_known_primitive_with_valid_arguments():
    effects = _all_effects()
    assert len(effects) > 60
    for slug, place, effect in effects:
        primitive = PRIMITIVES[effect.do]
        assert place in primitive.places, (slug, effect)
        assert [k for k, _ in effect.args] == list(primitive.args), (slug, effect)
        for name, arg in primitive.args.items():
            assert arg.problem(effect.arg(name)) is None, (slug, effect)
    checks = [c for p in PACK.plays.values() for c in p.checks]
    checks += [c for t in PACK.traits.values() for c in t.checks]
    checks += [c for g in PACK.plans.values() for c in g.checks]
    for check in checks:
        assert [k for k, _ in check.args] == list(TESTS[check.test].args)
    triggers = [t.when for t in PACK.traits.values() if t.when]
    triggers += [g.when for g in PACK.plans.values() if g.when]
    assert triggers and all(t in TRIGGERS for t in triggers)


def test_the_vocabulary_is_small_and_all_of_it_is_used():
    """A handful of primitives serve every card (fireplace style); none is dead weight."""
    used = {e.do for _, _, e in _all_effects()}
    assert len(PRIMITIVES) <= 16
    assert used == set(PRIMITIVES)


def test_each_guild_plays_to_its_style():
    """The styles show in the numbers: the hard-hitting guild hits hardest, the ball-playing one
    kicks best, the control one carries the most control effects."""

    def mean(guild: str, stat: str) -> float:
        models = [m for m in PACK.members(guild) if m.role != "mascot"]
        return sum(getattr(m.stats, stat) for m in models) / len(models)

    def max_damage(guild: str) -> float:
        return sum(
            max((n for c in m.playbook for r in c for k, n in r.effects if k == "dmg"), default=0)
            for m in PACK.members(guild)
        )

    guilds = list(PACK.guilds)
    assert max(guilds, key=max_damage) == "bellfounders"
    assert max(guilds, key=lambda g: mean(g, "kick_dice")) == "linkbearers"
    assert max(guilds, key=lambda g: mean(g, "jog")) == "linkbearers"
    control = {"snared", "lose_influence", "scatter_ball", "push"}

    def control_effects(guild: str) -> int:
        rules = {p.slug: p for m in PACK.members(guild) for p in (*m.plays, *m.traits)}
        return sum(
            1
            for r in rules.values()
            for e in r.effects
            if e.do in control or (e.do == "condition" and e.arg("condition") == "snared")
            or (e.do == "modify" and int(e.arg("amount")) < 0)
        )  # fmt: skip

    assert max(guilds, key=control_effects) == "scriveners"


def test_game_plans_carry_initiative_and_influence_values():
    """'Each Game Plan has the following parts: A NAME, B TEXT EFFECT ... C INITIATIVE VALUE ...
    D INFLUENCE VALUE This number is either added to or subtracted from the team's influence
    pool for the turn.' 'This may either be instantly resolved, or have an effect for the
    duration of the whole turn.'"""
    plans = list(PACK.plans.values())
    assert len(plans) >= 16
    assert {p.timing for p in plans} == {"instant", "turn"}
    assert {p.influence > 0 for p in plans} == {True, False}
    assert any(p.influence < 0 for p in plans)
    for plan in plans:
        assert plan.name and plan.text and plan.effects
        # Ours: a higher initiative is paid for with influence.
        assert 2 <= plan.initiative + plan.influence <= 4, plan.slug


def test_the_deck_deals_two_hands_of_seven():
    """'Prior to setting up teams, each player is dealt seven game plans from a shared deck.'"""
    assert len(PACK.plans) >= 2 * 7


def test_the_content_page_names_every_guild_model_and_primitive():
    """docs/content.md describes the pack as it is: a renamed model or a new primitive shows."""
    page = (Path(__file__).parents[1] / "docs" / "content.md").read_text(encoding="utf-8")
    for name in [g.name for g in PACK.guilds.values()] + [m.name for m in MODELS]:
        assert f"| {name} |" in page, name
    for primitive in PRIMITIVES:
        assert f"| `{primitive}` |" in page, primitive
    for trigger in TRIGGERS:
        assert f"`{trigger}`" in page, trigger


def test_the_content_page_gives_every_model_its_stat_line():
    """docs/content.md's roster tables carry each model's stats as the pack has them, so a
    balance change to a number cannot leave the page behind."""
    page = (Path(__file__).parents[1] / "docs" / "content.md").read_text(encoding="utf-8")
    rows = {line.split(" | ")[0][2:]: line.split(" | ") for line in page.splitlines()}
    for m in MODELS:
        s = m.stats
        line = (
            f'{s.jog}"/{s.sprint}"',
            str(s.tac),
            f'{s.kick_dice}/{s.kick_distance}"',
            f"{s.defence}+",
            str(s.armour),
            f"{s.inf_base}/{s.inf_max}",
            f"{s.hp} ({s.recovery})",
            f"{s.base} mm",
            f'{s.melee_zone}"',
        )
        assert tuple(rows[m.name][3:12]) == line, m.name
