"""Reading the content pack from its TOML files and validating every entry.

The files: `common.toml` (the setting's word lists and the traits and plays any guild may use),
`guilds/<guild>.toml` (one guild: its header, its own traits and plays, its models) and
`game_plans.toml` (the shared deck). A malformed entry raises ContentError naming the file, the
entry (its slug) and the field: `guilds/bellfounders.toml: maud-clangwright: tac: 9 is not
within 1..7`.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable, Mapping
from importlib import resources
from typing import Any

from games.guild_ball.content.cards import (
    Area,
    Check,
    Effect,
    GamePlan,
    Guild,
    Model,
    Pack,
    Play,
    Result,
    Stats,
    Trait,
    Value,
)
from games.guild_ball.content.schema import (
    AOE_DIAMETER,
    BASE_SIZES,
    ONGOING,
    PLAN,
    PLAY,
    PLAY_ICONS,
    PRIMITIVES,
    RESULT_SIZE,
    SIDES,
    STAT_RANGES,
    TESTS,
    TRAIT,
    TRIGGERS,
    Arg,
)

COMMON_FILE = "common.toml"
PLANS_FILE = "game_plans.toml"
GUILDS_DIR = "guilds"
ROLES = ("captain", "mascot", "squaddie")
PLAY_KINDS = ("character", "heroic", "legendary")
TRAIT_KINDS = ("passive", "triggered", "active")
TARGETS = ("enemy", "friendly", "any", "self")
DECK_MINIMUM = 14  # "each player is dealt seven game plans from a shared deck"
_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_COLOUR = re.compile(r"#[0-9a-f]{6}")


class ContentError(ValueError):
    """A content file breaks the schema: the message names the file, the entry and the field."""


class _Entry:
    """One table of a file, read field by field; every error names file, entry and field."""

    def __init__(
        self, file: str, kind: str, index: int, raw: object, fields: Iterable[str], label: str = ""
    ):
        self.file = file
        # A header table ([guild], [setting]) is named by its label, an entry by its slug.
        self.name = label or f"{kind} #{index + 1}"
        if not isinstance(raw, dict):
            raise ContentError(f"{file}: {self.name}: -: is not a table")
        slug = raw.get("slug")
        if isinstance(slug, str) and not label:
            self.name = slug
        self.raw: dict[str, Any] = raw
        extra = sorted(set(raw) - set(fields))
        if extra:
            raise self.fail(extra[0], "is not a field of this entry")

    def fail(self, field: str, message: str) -> ContentError:
        return ContentError(f"{self.file}: {self.name}: {field}: {message}")

    def has(self, field: str) -> bool:
        return field in self.raw

    def text(self, field: str, choices: Iterable[str] = (), default: str | None = None) -> str:
        if field not in self.raw:
            if default is None:
                raise self.fail(field, "missing")
            return default
        value = self.raw[field]
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, f"{value!r} is not a non-empty string")
        choices = tuple(choices)
        if choices and value not in choices:
            raise self.fail(field, f"{value!r} is not one of {', '.join(choices)}")
        return value

    def slug(self) -> str:
        value = self.text("slug")
        if not _SLUG.fullmatch(value):
            raise self.fail("slug", f"{value!r} is not a readable slug (lower-case-words)")
        return value

    def number(self, field: str, low: int, high: int, default: int | None = None) -> int:
        if field not in self.raw:
            if default is None:
                raise self.fail(field, "missing")
            return default
        problem = Arg(low, high).problem(self.raw[field])
        if problem:
            raise self.fail(field, problem)
        return self.raw[field]

    def ranged(self, field: str, stat: str) -> int:
        limits = STAT_RANGES[stat]
        return self.number(field, limits.low, limits.high)

    def flag(self, field: str) -> bool:
        value = self.raw.get(field, False)
        if not isinstance(value, bool):
            raise self.fail(field, f"{value!r} is not true or false")
        return value

    def words(self, field: str, default: tuple[str, ...] | None = None) -> tuple[str, ...]:
        if field not in self.raw:
            if default is None:
                raise self.fail(field, "missing")
            return default
        value = self.raw[field]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, f"{value!r} is not a list of strings")
        if len(set(value)) != len(value):
            raise self.fail(field, "lists a name twice")
        return tuple(value)

    def pair(self, field: str) -> tuple[int, int]:
        value = self.raw.get(field)
        if field not in self.raw:
            raise self.fail(field, "missing")
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise self.fail(field, f"{value!r} is not two whole numbers")
        return value[0], value[1]

    def tables(self, field: str) -> list[dict[str, Any]]:
        value = self.raw.get(field, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(field, f"{value!r} is not a list of tables")
        return value


def _args(entry: _Entry, field: str, what: str, raw: dict[str, Any], spec: Mapping[str, Arg]):
    given = {k: v for k, v in raw.items() if k not in ("do", "test")}
    for name in given:
        if name not in spec:
            raise entry.fail(field, f"{what} takes no argument {name!r}")
    out: list[tuple[str, Value]] = []
    for name, arg in spec.items():
        if name not in given:
            raise entry.fail(field, f"{what} needs {name!r}")
        problem = arg.problem(given[name])
        if problem:
            raise entry.fail(field, f"{what} {name}: {problem}")
        out.append((name, given[name]))
    return tuple(out)


def _effects(entry: _Entry, field: str, place: str, allow: Iterable[str] = ()) -> tuple:
    """The effects listed in `field`, each a primitive that may appear in `place`."""
    allowed = tuple(allow)
    out = []
    for raw in entry.tables(field):
        name = raw.get("do")
        if name not in PRIMITIVES:
            raise entry.fail(field, f"{name!r} is not a primitive")
        primitive = PRIMITIVES[name]
        if place not in primitive.places or (allowed and name not in allowed):
            raise entry.fail(field, f"{name} cannot be used here")
        out.append(Effect(name, _args(entry, field, name, raw, primitive.args)))
    return tuple(out)


def _checks(entry: _Entry) -> tuple[Check, ...]:
    out = []
    for raw in entry.tables("if"):
        name = raw.get("test")
        if name not in TESTS:
            raise entry.fail("if", f"{name!r} is not a test")
        out.append(Check(name, _args(entry, "if", name, raw, TESTS[name].args)))
    return tuple(out)


def _area(entry: _Entry, kinds: tuple[str, ...]) -> Area | None:
    kind = entry.text("area", kinds, default="")
    if not kind:
        for field in ("size", "side"):
            if entry.has(field):
                raise entry.fail(field, "only an area has a size and a side")
        return None
    side = entry.text("side", SIDES)
    if kind == "aoe":
        if entry.has("size"):
            raise entry.fail("size", f'an AOE template is always {AOE_DIAMETER}" across')
        return Area(kind, AOE_DIAMETER, side)
    return Area(kind, entry.ranged("size", "area_size"), side)


_PLAY_FIELDS = (
    "slug", "name", "text", "kind", "cost", "icons", "range", "target", "area", "size", "side",
    "sustain", "once_per_turn", "if", "effects", "ongoing",
)  # fmt: skip


def _play(file: str, index: int, raw: object) -> Play:
    e = _Entry(file, "play", index, raw, _PLAY_FIELDS)
    slug, kind = e.slug(), e.text("kind", PLAY_KINDS, default="character")
    cost = e.ranged("cost", "cost") if e.has("cost") else None
    icons = e.words("icons", default=())
    for icon in icons:
        if icon not in PLAY_ICONS:
            raise e.fail("icons", f"{icon!r} is not a play icon ({', '.join(PLAY_ICONS)})")
    if kind == "character" and cost is None and not icons:
        raise e.fail("cost", "a character play costs influence, play icons or both")
    if kind != "character":
        for field in ("cost", "icons", "sustain", "once_per_turn"):
            if e.has(field):
                # "Heroic plays cost 1 MP ... once per turn"; "Legendary plays have no
                # influence or MP cost ... once per game"; both last until the end of the turn.
                raise e.fail(field, f"a {kind} play's {field} is set by the rules")
    reach = e.raw.get("range")
    if isinstance(reach, str):
        reach = e.text("range", ("self", "playbook"))
    else:
        reach = e.ranged("range", "range")
    area = _area(e, ("aoe", "pulse", "aura"))
    if area is None:
        target = e.text("target", TARGETS)
    elif e.has("target"):
        raise e.fail("target", "an area play affects the models in its area, not a target")
    else:
        target = area.side
    if reach == "playbook":
        # "[P] ... may only be triggered as a playbook result using play icons. This character
        # play may target only the original attack target."
        if kind != "character" or cost is not None or not icons:
            raise e.fail("range", "a playbook-only play has play icons and no influence cost")
        if area is not None or target != "enemy":
            raise e.fail("target", "a playbook-only play targets the attacked enemy")
    if area is not None and area.kind in ("pulse", "aura") and reach != "self":
        raise e.fail("range", f"a {area.kind} extends from the model's own base: range 'self'")
    if area is not None and area.kind == "aoe" and not isinstance(reach, int):
        raise e.fail("range", "an AOE template is placed within a range in inches")
    if (target == "self") != (reach == "self") and area is None:
        raise e.fail("target", "a play on the model itself has range 'self', and only it")
    effects = _effects(e, "effects", PLAY)
    if not effects:
        raise e.fail("effects", "a play needs at least one effect")
    ongoing = _effects(e, "ongoing", ONGOING)
    if ongoing and (area is None or area.kind != "aoe"):
        raise e.fail("ongoing", "only an AOE leaves an ongoing effect on the pitch")
    sustain = e.flag("sustain") if kind == "character" else True
    lasting = any(x.do == "modify" for x in effects) or (area is not None and area.kind == "aura")
    if lasting and not sustain:
        # "Sustain [SUS] A tick in this column shows that the character play has effects which
        # last until the end of the current turn."
        raise e.fail("sustain", "a play whose effect lasts (modify, aura) needs sustain")
    if sustain and not lasting and kind == "character":
        raise e.fail("sustain", "nothing in this play lasts until the end of the turn")
    return Play(
        slug=slug,
        name=e.text("name"),
        text=e.text("text"),
        kind=kind,
        cost=cost,
        icons=icons,
        reach=reach,
        target=target,
        area=area,
        sustain=sustain,
        once_per_turn=e.flag("once_per_turn") if kind == "character" else True,
        checks=_checks(e),
        effects=effects,
        ongoing=ongoing,
    )


_TRAIT_FIELDS = (
    "slug", "name", "text", "kind", "when", "affects", "size", "side", "once_per_turn", "if",
    "effects",
)  # fmt: skip
_PASSIVE = ("modify", "immune")


def _trait(file: str, index: int, raw: object) -> Trait:
    e = _Entry(file, "trait", index, raw, _TRAIT_FIELDS)
    slug, kind = e.slug(), e.text("kind", TRAIT_KINDS)
    when = e.text("when", TRIGGERS) if kind == "triggered" else ""
    if kind != "triggered" and e.has("when"):
        raise e.fail("when", f"a {kind} trait has no trigger")
    reaches = {"passive": ("self", "aura"), "triggered": ("self", "target", "pulse")}
    affects = e.text("affects", reaches.get(kind, ("self", "pulse")))
    if affects == "target" and not TRIGGERS[when].counterpart:
        raise e.fail("affects", f"{when} has no other model to affect")
    area = None
    if affects in ("aura", "pulse"):
        area = Area(affects, e.ranged("size", "area_size"), e.text("side", SIDES))
    elif e.has("size") or e.has("side"):
        raise e.fail("size" if e.has("size") else "side", "only an aura or a pulse has these")
    if kind == "passive":
        effects = _effects(e, "effects", TRAIT, _PASSIVE)
    else:
        effects = _effects(e, "effects", TRAIT, (p for p in PRIMITIVES if p != "immune"))
    if not effects:
        raise e.fail("effects", "a trait needs at least one effect")
    return Trait(
        slug=slug,
        name=e.text("name"),
        text=e.text("text"),
        kind=kind,
        when=when,
        affects="area" if area else affects,
        area=area,
        once_per_turn=e.flag("once_per_turn"),
        checks=_checks(e),
        effects=effects,
    )


_RESULT_TOKEN = re.compile(r"(dmg|push|dodge) ([0-9]+)|KD|tackle|play-[st]")


def _result(e: _Entry, column: int, text: object, momentous: bool) -> Result:
    where = f"playbook column {column}"
    if not isinstance(text, str) or not text.strip():
        raise e.fail(where, f"{text!r} is not a result")
    effects: list[tuple[str, int]] = []
    for part in text.split(" + "):
        match = _RESULT_TOKEN.fullmatch(part.strip())
        if match is None:
            raise e.fail(where, f"{part!r} is not a playbook effect (dmg N, push N, dodge N, "
                         "KD, tackle, play-s, play-t)")  # fmt: skip
        kind = match.group(1) or match.group(0)
        size = int(match.group(2)) if match.group(1) else 0
        if kind in RESULT_SIZE:
            low, high = RESULT_SIZE[kind]
            if not low <= size <= high:
                raise e.fail(where, f"{kind} {size} is not within {low}..{high}")
        if any(k == kind for k, _ in effects):
            raise e.fail(where, f"{kind} appears twice in one result")
        effects.append((kind, size))
    return Result(tuple(effects), momentous)


def _playbook(e: _Entry) -> tuple[tuple[Result, ...], ...]:
    columns = e.raw.get("playbook")
    limits = STAT_RANGES["playbook_columns"]
    if not isinstance(columns, list):
        raise e.fail("playbook", "missing, or not a list of columns")
    if not limits.low <= len(columns) <= limits.high:
        raise e.fail("playbook", f"{len(columns)} columns, not {limits.low}..{limits.high}")
    out = []
    for n, column in enumerate(columns, start=1):
        # A column holds at most one plain and one momentous (colour-filled) result.
        if not isinstance(column, dict) or not column or set(column) - {"plain", "momentous"}:
            raise e.fail(f"playbook column {n}", "needs 'plain', 'momentous' or both, only")
        out.append(
            tuple(
                _result(e, n, column[key], key == "momentous")
                for key in ("plain", "momentous")
                if key in column
            )
        )
    if not any(r.momentous for column in out for r in column):
        raise e.fail("playbook", "no momentous result")
    return tuple(out)


_MODEL_FIELDS = (
    "slug", "name", "role", "position", "kin", "homeland", "mov", "tac", "kick", "def", "arm",
    "inf", "hp", "recovery", "base", "melee", "traits", "plays", "playbook", "text",
)  # fmt: skip


def _stats(e: _Entry) -> Stats:
    jog, sprint = e.pair("mov")
    kick_dice, kick_distance = e.pair("kick")
    inf_base, inf_max = e.pair("inf")
    for field, value, stat in (
        ("mov", jog, "jog"),
        ("mov", sprint - jog, "sprint_over_jog"),
        ("kick", kick_dice, "kick_dice"),
        ("kick", kick_distance, "kick_distance"),
        ("inf", inf_base, "inf_base"),
        ("inf", inf_max, "inf_max"),
    ):
        limits = STAT_RANGES[stat]
        if not limits.low <= value <= limits.high:
            raise e.fail(field, f"{stat.replace('_', ' ')} {value} is not within "
                         f"{limits.low}..{limits.high}")  # fmt: skip
    if inf_max < inf_base:
        raise e.fail("inf", "the max INF is below the base INF")
    hp = e.ranged("hp", "hp")
    recovery = e.ranged("recovery", "recovery")
    if recovery >= hp:
        raise e.fail("recovery", "the recovery level is a cell of the health bar, below its end")
    base = e.raw.get("base")
    if base not in BASE_SIZES:
        raise e.fail("base", f"{base!r} is not a base size ({', '.join(map(str, BASE_SIZES))} mm)")
    return Stats(
        jog=jog,
        sprint=sprint,
        tac=e.ranged("tac", "tac"),
        kick_dice=kick_dice,
        kick_distance=kick_distance,
        defence=e.ranged("def", "def"),
        armour=e.ranged("arm", "arm"),
        inf_base=inf_base,
        inf_max=inf_max,
        hp=hp,
        recovery=recovery,
        base=base,
        melee_zone=e.ranged("melee", "melee_zone"),
    )


def _model(
    file: str,
    guild: str,
    index: int,
    raw: object,
    setting: Mapping[str, tuple[str, ...]],
    traits: Mapping[str, Trait],
    plays: Mapping[str, Play],
) -> Model:
    e = _Entry(file, "model", index, raw, _MODEL_FIELDS)
    slug = e.slug()
    own_traits = []
    for name in e.words("traits", default=()):
        if name not in traits:
            raise e.fail("traits", f"{name!r} is not a trait of this guild or common.toml")
        own_traits.append(traits[name])
    own_plays = []
    for name in e.words("plays", default=()):
        if name not in plays:
            raise e.fail("plays", f"{name!r} is not a play of this guild or common.toml")
        own_plays.append(plays[name])
    playbook = _playbook(e)
    icons_in_book = {k[5:] for col in playbook for r in col for k, _ in r.effects if "play-" in k}
    for icon in sorted(icons_in_book):
        # "Each character play will indicate if it may be triggered by play icons by showing
        # either 'Ⓢ' or 'Ⓣ' in the CST column."
        if not any(icon in p.icons for p in own_plays):
            raise e.fail("playbook", f"play-{icon} triggers none of this model's plays")
    for p in own_plays:
        if p.cost is None and p.kind == "character" and not set(p.icons) & icons_in_book:
            raise e.fail(
                "plays", f"{p.slug} costs no influence and no playbook result has its icon"
            )
    return Model(
        slug=slug,
        name=e.text("name"),
        guild=guild,
        role=e.text("role", ROLES),
        position=e.text("position", setting["positions"]),
        kin=e.text("kin", setting["kins"]),
        homeland=e.text("homeland", setting["homelands"]),
        stats=_stats(e),
        traits=tuple(own_traits),
        plays=tuple(own_plays),
        playbook=playbook,
        text=e.text("text"),
    )


_PLAN_FIELDS = (
    "slug", "name", "text", "initiative", "influence", "timing", "when", "once", "affects", "if",
    "effects",
)  # fmt: skip


def _plan(index: int, raw: object) -> GamePlan:
    e = _Entry(PLANS_FILE, "plan", index, raw, _PLAN_FIELDS)
    slug = e.slug()
    timing = e.text("timing", ("instant", "turn"))
    when = ""
    if e.has("when"):
        if timing != "turn":
            raise e.fail("when", "only a plan lasting the turn waits for a trigger")
        when = e.text("when", TRIGGERS)
    once = e.flag("once")
    if once and not when:
        raise e.fail("once", "only a triggered plan resolves once")
    affects = e.text("affects", ("team", "trigger"))
    if affects == "trigger" and not when:
        raise e.fail("affects", "only a triggered plan has a triggering model")
    allow = [p for p in PRIMITIVES if not (timing == "instant" and p == "modify")]
    effects = _effects(e, "effects", PLAN, allow)
    if not effects:
        raise e.fail("effects", "a game plan needs at least one effect")
    return GamePlan(
        slug=slug,
        name=e.text("name"),
        text=e.text("text"),
        initiative=e.ranged("initiative", "initiative"),
        influence=e.number(
            "influence", STAT_RANGES["influence"].low, STAT_RANGES["influence"].high
        ),
        timing=timing,
        when=when,
        once=once,
        affects=affects,
        checks=_checks(e),
        effects=effects,
    )


def _load(name: str, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{name}: not valid TOML: {exc}") from None


def _unique(file: str, items: Iterable[Any], seen: dict[str, str], what: str) -> None:
    """Slugs and names are unique across the pack: `seen` maps each to the file it came from."""
    for item in items:
        for field, key in (("slug", f"slug:{item.slug}"), ("name", f"name:{item.name.casefold()}")):
            if key in seen:
                raise ContentError(f"{file}: {item.slug}: {field}: {what} also in {seen[key]}")
            seen[key] = file


def _listed(file: str, doc: Mapping[str, Any], kind: str) -> list[Any]:
    value = doc.get(kind, [])
    if not isinstance(value, list):
        raise ContentError(f"{file}: [[{kind}]]: {kind}: is not a list of tables")
    return value


def _rules(file: str, doc: Mapping[str, Any], seen: dict[str, str]):
    """The traits and the plays of one file, each slug and name new to the pack."""
    traits = [_trait(file, i, r) for i, r in enumerate(_listed(file, doc, "trait"))]
    plays = [_play(file, i, r) for i, r in enumerate(_listed(file, doc, "play"))]
    _unique(file, [*traits, *plays], seen, "a trait or play")
    return {t.slug: t for t in traits}, {p.slug: p for p in plays}


def parse_pack(files: Mapping[str, str]) -> Pack:
    """The pack from the text of each file (by its path inside `content/`), validated."""
    for required in (COMMON_FILE, PLANS_FILE):
        if required not in files:
            raise ContentError(f"{required}: the file is missing")
    common = _load(COMMON_FILE, files[COMMON_FILE])
    setting_raw = common.get("setting")
    fields = ("homelands", "kins", "positions")
    setting_entry = _Entry(COMMON_FILE, "setting", 0, setting_raw or {}, fields, "setting")
    setting = {k: setting_entry.words(k) for k in ("homelands", "kins", "positions")}
    seen_rules: dict[str, str] = {}
    seen_models: dict[str, str] = {}
    common_traits, common_plays = _rules(COMMON_FILE, common, seen_rules)
    guilds: dict[str, Guild] = {}
    models: dict[str, Model] = {}
    plays: dict[str, Play] = dict(common_plays)
    traits: dict[str, Trait] = dict(common_traits)
    guild_files = sorted(f for f in files if f.startswith(f"{GUILDS_DIR}/"))
    if not guild_files:
        raise ContentError(f"{GUILDS_DIR}/: no guild file")
    for file in guild_files:
        doc = _load(file, files[file])
        fields = ("slug", "name", "style", "colour", "text")
        head = _Entry(file, "guild", 0, doc.get("guild", {}), fields, "guild")
        slug = head.slug()
        if file != f"{GUILDS_DIR}/{slug}.toml":
            raise head.fail("slug", f"the file of guild {slug!r} is {GUILDS_DIR}/{slug}.toml")
        colour = head.text("colour")
        if not _COLOUR.fullmatch(colour):
            raise head.fail("colour", f"{colour!r} is not a colour like '#a1b2c3'")
        own_traits, own_plays = _rules(file, doc, seen_rules)
        traits.update(own_traits)
        plays.update(own_plays)
        members = [
            _model(file, slug, i, r, setting, common_traits | own_traits, common_plays | own_plays)
            for i, r in enumerate(_listed(file, doc, "model"))
        ]
        _unique(file, members, seen_models, "a model")
        for role in ("captain", "mascot"):
            if not any(m.role == role for m in members):
                raise ContentError(f"{file}: guild: model: the guild has no {role}")
        models.update((m.slug, m) for m in members)
        guilds[slug] = Guild(
            slug=slug,
            name=head.text("name"),
            style=head.text("style"),
            colour=colour,
            text=head.text("text"),
            models=tuple(m.slug for m in members),
        )
    plans_doc = _load(PLANS_FILE, files[PLANS_FILE])
    plans = [_plan(i, r) for i, r in enumerate(_listed(PLANS_FILE, plans_doc, "plan"))]
    _unique(PLANS_FILE, plans, {}, "a game plan")
    if len(plans) < DECK_MINIMUM:
        raise ContentError(f"{PLANS_FILE}: [[plan]]: plan: {len(plans)} plans; "
                           f"two hands of seven need {DECK_MINIMUM}")  # fmt: skip
    return Pack(
        guilds=guilds,
        models=models,
        plays=plays,
        traits=traits,
        plans={p.slug: p for p in plans},
    )


def pack_files() -> dict[str, str]:
    """The text of every content file shipped with the game, by its path inside `content/`."""
    folder = resources.files("games.guild_ball.content")
    files = {
        name: folder.joinpath(name).read_text(encoding="utf-8")
        for name in (COMMON_FILE, PLANS_FILE)
    }
    for item in folder.joinpath(GUILDS_DIR).iterdir():
        if item.name.endswith(".toml"):
            files[f"{GUILDS_DIR}/{item.name}"] = item.read_text(encoding="utf-8")
    return files


@functools.cache
def load_pack() -> Pack:
    """The shipped content, read and validated once."""
    return parse_pack(pack_files())
