"""Content packs: loading the card data files and validating every card.

A content error names the file, the card and the field, so a card author can fix it at once.
Packs live in `content/<name>/` as TOML files; they are read once and cached.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Any, TypeVar

import msgspec

from games.guild_master.rules.cards import (
    CORE_KINDS,
    LEVELS,
    RANKS,
    SKILLS,
    Adventurer,
    BoardRules,
    Contract,
    ContractEffect,
    CoreUpgrade,
    GuildIdentity,
    PrestigeUpgrade,
    SkillUpgrade,
    StartingTeam,
)
from games.guild_master.rules.effects import (
    CHECK_MODIFIERS,
    RESOURCE,
    AddStored,
    BidChange,
    BuilderChange,
    FixDie,
    GainFame,
    GainGold,
    IncomeChange,
    LoseFame,
    PenaltyChange,
    Reroll,
    RollStore,
)

T = TypeVar("T")

# Skill Check Target ranges by contract level, from "Contract decks & levels".
TARGET_RANGES = {"common": (6, 12), "heroic": (13, 20), "legendary": (21, 30)}
# Targets that need an owner; an event on the board belongs to nobody.
OWNED = ("self", "chosen", "others")
# The primitives each timing window can resolve (see abilities.py and docs/content.md).
_TRIGGERED = (GainGold, GainFame, LoseFame)
WINDOWS: dict[str, tuple[type, ...]] = {
    "ability use": RESOURCE,
    "ability passive": (*CHECK_MODIFIERS, BidChange, BuilderChange, PenaltyChange),
    "ability contract_completed": _TRIGGERED,
    "ability recruited": _TRIGGERED,
    "ability wandered": _TRIGGERED,
    "ability built": _TRIGGERED,
    "bonus": (*RESOURCE, RollStore),
    "boon": (AddStored, FixDie, Reroll),
    "boon plot": RESOURCE,
    "event start_of_round": _TRIGGERED,
    "event while_face_up": (*CHECK_MODIFIERS, BidChange, BuilderChange, IncomeChange),
}
SCORING_PER = ("contract", "adventurer", "skill_upgrade", "core_level", "gold", "recruit_fame")


class ContentError(ValueError):
    """A card data file is wrong. The message starts with `file: card: field:`."""

    def __init__(self, file: str, card: str, field: str, message: str) -> None:
        super().__init__(f"{file}: {card}: {field}: {message}")
        self.file, self.card, self.field = file, card, field


class Pack:
    """Every card of one content pack, by slug, plus the lookups the rules need. Read-only."""

    def __init__(
        self,
        name: str,
        board: BoardRules,
        guilds: tuple[GuildIdentity, ...],
        teams: Mapping[str, StartingTeam],
        adventurers: Mapping[str, Adventurer],
        contracts: Mapping[str, Contract],
        skill_upgrades: Mapping[str, SkillUpgrade],
        core_upgrades: Mapping[str, CoreUpgrade],
        prestige: Mapping[str, PrestigeUpgrade],
    ) -> None:
        self.name = name
        self.board = board
        self.guilds = guilds
        self.teams = teams
        self.adventurers = adventurers
        self.contracts = contracts
        self.skill_upgrades = skill_upgrades
        self.core_upgrades = core_upgrades
        self.prestige = prestige
        novices: dict[str, list[str]] = {t: [] for t in teams}
        for slug, adv in adventurers.items():
            if adv.team in novices:
                novices[adv.team].append(slug)
        self.novices = {t: tuple(v) for t, v in novices.items()}
        self._core = {(c.kind, c.level): c for c in core_upgrades.values()}
        # The event effect of each contract that has one: looked up on every skill check.
        self.events: dict[str, ContractEffect] = {}
        for slug, contract in contracts.items():
            event = contract.effect("event")
            if event is not None:
                self.events[slug] = event

    def by_rank(self, rank: int) -> tuple[str, ...]:
        return tuple(s for s, a in self.adventurers.items() if a.rank == rank)

    def by_level(self, level: str) -> tuple[str, ...]:
        """The contracts of a deck (the starting contracts are not shuffled into it)."""
        return tuple(s for s, c in self.contracts.items() if c.level == level and not c.starting)

    def starting_contracts(self) -> tuple[str, ...]:
        return tuple(s for s, c in self.contracts.items() if c.starting)

    def core(self, kind: str, level: int) -> CoreUpgrade:
        return self._core[kind, level]


def _convert(file: str, raw: dict[str, Any], kind: type[T], *, fix: Callable | None = None) -> T:
    card = str(raw.get("slug", "?"))
    try:
        if fix is not None:
            raw = fix(file, card, dict(raw))
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as exc:
        text = str(exc)
        field = "?"
        if " - at `$." in text:
            text, _, path = text.partition(" - at `$.")
            field = path.rstrip("`")
        elif "field `" in text:
            field = text.split("field `", 1)[1].split("`", 1)[0]
        raise ContentError(file, card, field, text) from None


def _fix_adventurer(file: str, card: str, raw: dict[str, Any]) -> dict[str, Any]:
    rank = raw.get("rank")
    if rank not in RANKS:
        raise ContentError(file, card, "rank", f"must be one of {', '.join(RANKS)}, not {rank!r}")
    raw["rank"] = RANKS.index(rank)
    return raw


def _fix_contract(file: str, card: str, raw: dict[str, Any]) -> dict[str, Any]:
    targets = raw.get("targets")
    if not isinstance(targets, dict) or not targets:
        raise ContentError(file, card, "targets", "must map one or two skills to their targets")
    raw["targets"] = [{"skill": k, "value": v} for k, v in targets.items()]
    return raw


def parse_pack(name: str, files: Mapping[str, str]) -> Pack:
    """Build and validate a pack from the text of its TOML files (by file name)."""
    data: dict[str, dict[str, Any]] = {}
    for file, text in files.items():
        try:
            data[file] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(file, "-", "-", f"not valid TOML: {exc}") from None

    def items(key: str) -> list[tuple[str, dict[str, Any]]]:
        return [(f, raw) for f, d in data.items() for raw in d.get(key, [])]

    board_file = next((f for f, d in data.items() if "board" in d), None)
    if board_file is None:
        raise ContentError("setup.toml", "-", "board", "the pack has no [board] table")
    board = _convert(board_file, data[board_file]["board"], BoardRules)
    guilds = tuple(_convert(f, r, GuildIdentity) for f, r in items("guild"))
    teams = {t.slug: t for t in (_convert(f, r, StartingTeam) for f, r in items("team"))}
    origin: dict[str, str] = {}
    advs: dict[str, Adventurer] = {}
    for f, r in items("adventurer"):
        a = _convert(f, r, Adventurer, fix=_fix_adventurer)
        advs[a.slug] = a
        origin[a.slug] = f
    contracts: dict[str, Contract] = {}
    for f, r in items("contract"):
        c = _convert(f, r, Contract, fix=_fix_contract)
        contracts[c.slug] = c
        origin[c.slug] = f
    skills = {}
    for f, r in items("skill_upgrade"):
        u = _convert(f, r, SkillUpgrade)
        skills[u.slug] = u
        origin[u.slug] = f
    cores = {}
    for f, r in items("core_upgrade"):
        u = _convert(f, r, CoreUpgrade)
        cores[u.slug] = u
        origin[u.slug] = f
    prestige = {}
    for f, r in items("prestige_upgrade"):
        u = _convert(f, r, PrestigeUpgrade)
        prestige[u.slug] = u
        origin[u.slug] = f
    pack = Pack(name, board, guilds, teams, advs, contracts, skills, cores, prestige)
    _validate(pack, origin, board_file, items)
    return pack


def _validate(pack: Pack, origin: dict[str, str], board_file: str, items: Callable) -> None:
    seen: dict[str, str] = {}
    for key in (
        "adventurer",
        "contract",
        "skill_upgrade",
        "core_upgrade",
        "prestige_upgrade",
        "team",
    ):
        for f, raw in items(key):
            slug = raw["slug"]
            if slug in seen:
                raise ContentError(f, slug, "slug", f"already used by a card in {seen[slug]}")
            seen[slug] = f
            if not slug or slug != slug.lower() or " " in slug:
                raise ContentError(f, slug, "slug", "must be lower-case with no spaces")

    track = pack.board.builder_track
    if len(track) < 2 or any(b < a for a, b in pairwise(track)):
        raise ContentError(board_file, "board", "builder_track", "needs 2+ non-decreasing costs")
    if len(pack.guilds) < 4:
        raise ContentError(board_file, "guild", "-", "the pack needs four guild identities")

    for slug, adv in pack.adventurers.items():
        f = origin[slug]
        for skill, dice in adv.skills.items():
            if skill not in SKILLS:
                raise ContentError(f, slug, "skills", f"unknown skill {skill!r}")
            if not 1 <= dice <= 10:
                raise ContentError(f, slug, f"skills.{skill}", "must be between 1 and 10")
        if adv.rank == 0:
            if adv.team not in pack.teams:
                raise ContentError(f, slug, "team", f"unknown starting team {adv.team!r}")
        else:
            if adv.team:
                raise ContentError(f, slug, "team", "only novices belong to a starting team")
            if adv.bid_half < 1 or adv.bid_full < 1:
                raise ContentError(f, slug, "bid_half", "recruitable adventurers need bids >= 1")
            if adv.fame < 0:
                raise ContentError(f, slug, "fame", "must not be negative")
        ab = adv.ability
        if ab is not None:
            if (ab.trigger == "use") != (ab.phase == "plot"):
                raise ContentError(
                    f, slug, "ability.trigger", "plot abilities are used; action ones are not"
                )
            if not ab.effects:
                raise ContentError(f, slug, "ability.effects", "an ability needs effects")
            _check_effects(f, slug, "ability.effects", ab.effects)
            _check_window(f, slug, "ability.effects", f"ability {ab.trigger}", ab.effects)
            if ab.trigger not in ("use", "passive") and any(
                getattr(op, "who", "self") == "chosen" for op in ab.effects
            ):
                raise ContentError(
                    f, slug, "ability.effects", "only plot abilities may target a chosen guild"
                )

    starting = pack.starting_contracts()
    if len(starting) != 2:
        raise ContentError("contracts.toml", "-", "starting", "exactly two starting contracts")
    for slug, c in pack.contracts.items():
        f = origin[slug]
        if c.level not in LEVELS:
            raise ContentError(f, slug, "level", f"must be one of {', '.join(LEVELS)}")
        if c.starting and c.level != "common":
            raise ContentError(f, slug, "starting", "starting contracts are common contracts")
        if not 1 <= len(c.targets) <= 2:
            raise ContentError(f, slug, "targets", "a contract has one or two skill targets")
        low, high = TARGET_RANGES[c.level]
        for t in c.targets:
            if t.skill not in SKILLS:
                raise ContentError(f, slug, "targets", f"unknown skill {t.skill!r}")
            if not low <= t.value <= high:
                raise ContentError(
                    f, slug, f"targets.{t.skill}", f"{c.level} targets are {low}–{high}"
                )
        if c.gold < 0 or c.fame < 0:
            raise ContentError(f, slug, "gold", "rewards must not be negative")
        kinds = [e.kind for e in c.effects]
        if len(set(kinds)) != len(kinds):
            raise ContentError(f, slug, "effects", "at most one effect of each kind")
        for e in c.effects:
            if not e.effects:
                raise ContentError(f, slug, "effects", f"the {e.kind} has no primitives")
            if e.kind == "event" and c.level == "common":
                raise ContentError(f, slug, "effects", "events appear only on heroic/legendary")
            if e.kind == "event" and e.when not in ("start_of_round", "while_face_up"):
                raise ContentError(f, slug, "effects.when", "an event needs `when`")
            if e.kind == "boon" and e.when not in ("", "plot"):
                raise ContentError(f, slug, "effects.when", "a boon is used on a check or in plot")
            if e.kind == "bonus" and e.when:
                raise ContentError(f, slug, "effects.when", "a bonus resolves on completion")
            if e.kind == "event" and any(getattr(op, "who", "all") in OWNED for op in e.effects):
                raise ContentError(
                    f,
                    slug,
                    "effects",
                    "an event belongs to nobody: target all, most_fame or least_fame",
                )
            _check_effects(f, slug, "effects", e.effects)
            window = f"{e.kind} {e.when}".strip()
            _check_window(f, slug, "effects", window, e.effects)
            if window == "boon" and len(e.effects) != 1:
                raise ContentError(f, slug, "effects", "a check boon has one primitive")
            if any(isinstance(op, AddStored) for op in e.effects) and not any(
                isinstance(op, RollStore) for x in c.effects for op in x.effects
            ):
                raise ContentError(f, slug, "effects", "add_stored needs a roll_store bonus")

    for slug, u in pack.skill_upgrades.items():
        if u.skill not in SKILLS:
            raise ContentError(origin[slug], slug, "skill", f"unknown skill {u.skill!r}")
    if len([u for u in pack.skill_upgrades.values() if u.starting]) != len(pack.teams):
        raise ContentError("upgrades.toml", "-", "starting", "one starting upgrade per team")
    for kind in CORE_KINDS:
        levels = sorted(c.level for c in pack.core_upgrades.values() if c.kind == kind)
        if levels != [1, 2, 3]:
            raise ContentError("upgrades.toml", kind, "level", "needs levels 1, 2 and 3")
    for slug, c in pack.core_upgrades.items():
        if c.kind not in CORE_KINDS:
            raise ContentError(origin[slug], slug, "kind", f"must be one of {CORE_KINDS}")
        if c.level > 1 and (c.builders < 1 or c.copies < 1):
            raise ContentError(origin[slug], slug, "builders", "tokens need builders and copies")
    for slug, p in pack.prestige.items():
        if p.scoring.per not in SCORING_PER:
            raise ContentError(origin[slug], slug, "scoring.per", f"one of {SCORING_PER}")
        if p.scoring.level and p.scoring.level not in LEVELS:
            raise ContentError(origin[slug], slug, "scoring.level", "unknown contract level")
        if p.scoring.rank and p.scoring.rank not in RANKS:
            raise ContentError(origin[slug], slug, "scoring.rank", "unknown rank")
        if p.scoring.step < 1:
            raise ContentError(origin[slug], slug, "scoring.step", "must be at least 1")

    cells = set()
    for slug, t in pack.teams.items():
        if t.upgrade not in pack.skill_upgrades or not pack.skill_upgrades[t.upgrade].starting:
            raise ContentError(
                origin.get(slug, "setup.toml"), slug, "upgrade", "not a starting upgrade"
            )
        if not (0 <= t.row <= 2 and 0 <= t.column <= 1) or (t.row, t.column) in cells:
            raise ContentError(
                "setup.toml", slug, "row", "each team needs its own cell of the 3×2 grid"
            )
        cells.add((t.row, t.column))
        if len(pack.novices[slug]) != 4:
            raise ContentError("adventurers.toml", slug, "team", "a starting team has 4 novices")
    if len(cells) != 6:
        raise ContentError("setup.toml", "team", "-", "the grid needs six starting teams")


def _check_window(file: str, slug: str, field: str, window: str, effects: tuple) -> None:
    """Every primitive must be one the card's timing window can resolve."""
    allowed = WINDOWS[window]
    for op in effects:
        if not isinstance(op, allowed):
            tag = type(op).__struct_config__.tag
            raise ContentError(file, slug, field, f"{tag} cannot be used in a {window} effect")


def _check_effects(file: str, slug: str, field: str, effects: tuple) -> None:
    for op in effects:
        for name in ("amount", "draw", "keep", "count", "dice"):
            value = getattr(op, name, None)
            if name != "amount" and value is not None and value < 1:
                raise ContentError(file, slug, field, f"{name} must be at least 1")
        if getattr(op, "keep", 0) > getattr(op, "draw", 0):
            raise ContentError(file, slug, field, "keep cannot be more than draw")
        skill = getattr(op, "skill", "")
        if skill and skill not in SKILLS:
            raise ContentError(file, slug, field, f"unknown skill {skill!r}")
        value = getattr(op, "value", None)
        if value is not None and not 1 <= value <= 6:
            raise ContentError(file, slug, field, "a die can only be set to 1–6")


PACK_FILES = ("setup.toml", "adventurers.toml", "contracts.toml", "upgrades.toml")


@cache
def load_pack(name: str = "basic") -> Pack:
    """The packaged content pack `name`, validated (cached after the first load)."""
    folder = resources.files("games.guild_master") / "content" / name
    if not folder.is_dir():
        raise KeyError(f"unknown content pack {name!r}")
    files = {f: (folder / f).read_text(encoding="utf-8") for f in PACK_FILES}
    return parse_pack(name, files)
