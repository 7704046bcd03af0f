"""The card pack: the guild boards, the cards and the board's movement lines of `content/*.toml`.

"Contract type, title, Component bonus (if applicable), Required Components, Coin earned when
completed, RP value, Forge Number." The rulebook gives the counts and the rules; every value,
name and line of text of the pack is the project's own (see games/winterforge/docs/content.md).

The files are read once and validated: an error names the file, the card (its slug) and the
field, `contracts.toml: pit-crew-pickaxe: slots: 'iron' is not one of ore, timber, hide, gem,
any`. The TOML uses friendlier shapes than the structs (`dice = ["d6"]`, `copies = 3`,
`skill_rp = [[5, 2], [7, 3]]`, `bonus = { material = "gem", amount = 2 }`); `parse_pack` turns
them into the structs below.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any, TypeVar

import msgspec

SKILLS = ("weapons", "armour", "jewellery")  # the three Skill Tracks / contract types
MATERIALS = ("ore", "timber", "hide", "gem")  # component types
DICE = (4, 6, 8, 12)  # die sizes a component may supply
PRECINCTS = ("guildhall", "market", "forge", "tavern", "bank")
ALLEYWAYS = ("shrine", "auction-house", "thieves-guild", "runesmith")
MAX_SKILL = 10  # skill tracks run 0..MAX_SKILL
LEVELS = (1, 2, 3)  # the three Component decks
ANY = "any"  # a required component of any material
CREW_KINDS = (
    "forge_bonus",
    "extra_move",
    "market_discount",
    "train_discount",
    "turn_in_bonus",
    "reroll",
    "work_bonus",
    "loan_bonus",
    "funds_bonus",
    "refresh_free",
    "contract_extra",
    "appraise",
    "bodyguard",
)
# The Alleyways crew: "Remember to remove all Alleyways Crew unless playing with the relevant
# Expansions". Each of these kinds belongs to exactly one expansion, and only it.
EXPANSION_KINDS = {"auction-house": "appraise", "thieves-guild": "bodyguard"}
_EXPANSION_OF = {kind: expansion for expansion, kind in EXPANSION_KINDS.items()}
RUNE_KINDS = ("bonus", "die", "reroll", "wild")
EVENT_KINDS = (
    "coin",
    "actions",
    "closed",
    "component",
    "market",
    "tavern",
    "discount",
    "forge_bonus",
    "work",
    "no_prime",
    "contracts",
    "interest",
)

GUILDS_FILE = "guilds.toml"
COMPONENTS_FILE = "components.toml"
CONTRACTS_FILE = "contracts.toml"
ROYAL_FILE = "royal.toml"
CREW_FILE = "crew.toml"
LOANS_FILE = "loans.toml"
RUNES_FILE = "runes.toml"
EVENTS_FILE = "events.toml"
BOARD_FILE = "board.toml"
FILES = (
    GUILDS_FILE,
    COMPONENTS_FILE,
    CONTRACTS_FILE,
    ROYAL_FILE,
    CREW_FILE,
    LOANS_FILE,
    RUNES_FILE,
    EVENTS_FILE,
    BOARD_FILE,
)

_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")
_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}\Z")
_DIE = re.compile(r"d(\d+)\Z")


class ContentError(ValueError):
    """A pack file is wrong. The message is `file: slug: field: why` ("-" for no card or no
    field)."""

    def __init__(self, file: str, slug: str, field: str, message: str) -> None:
        super().__init__(f"{file}: {slug}: {field}: {message}")
        self.file, self.slug, self.field = file, slug, field


# --- The structs the rules use ---------------------------------------------------------------


class Guild(msgspec.Struct, frozen=True):
    """A guild board: its starting Skills, its Training Costs and its Skill RP."""

    slug: str
    name: str
    colour: str  # "#RRGGBB"
    text: str
    start: dict[str, int]  # skill -> starting level (0 when the board marks none); all three keys
    train_cost: tuple[int, ...]  # len MAX_SKILL; train_cost[n-1] = Coin to train from n-1 to n
    skill_rp: tuple[int, ...]  # len MAX_SKILL+1; skill_rp[level] = end-game RP (non-decreasing)


class Component(msgspec.Struct, frozen=True):
    """One Component card. Cards printed more than once share slug and name; each copy has its
    own `id`: the slug when there is one copy, else f"{slug}-{i}" for i in 1..copies."""

    id: str
    slug: str
    name: str
    level: int  # 1, 2 or 3
    material: str  # one of MATERIALS
    cost: int  # Coin
    dice: tuple[int, ...]  # die sizes supplied when forging (1 or 2 dice, each in DICE)
    text: str


class Contract(msgspec.Struct, frozen=True):
    """A Contract or a Royal Contract."""

    slug: str
    name: str
    types: tuple[str, ...]  # one skill for a Contract; two different skills for a Royal Contract
    slots: tuple[str, ...]  # one entry per component: a material or "any" (materials first)
    bonus_material: str  # "" for none; else the bonus applies per committed component of it
    bonus: int  # the Component bonus per such component (0 when bonus_material is "")
    coin: int  # Coin earned when turned in
    rp: int
    forge: int  # the Forge Number
    royal: bool
    text: str


class Ability(msgspec.Struct, frozen=True):
    kind: str  # one of CREW_KINDS
    skill: str = ""  # forge_bonus only: a skill or "any"
    amount: int = 0


class Crew(msgspec.Struct, frozen=True):
    slug: str
    name: str
    cost: int  # Hire Cost
    expansion: str  # "" (base), "auction-house" (the Appraiser) or "thieves-guild" (Bodyguards)
    ability: Ability
    text: str  # flavour plus the ability in words


class Loan(msgspec.Struct, frozen=True):
    slug: str
    name: str
    take: int  # "Coin gained when the Loan is taken from the Bank"
    repay: int  # "Coin that must be repaid to pay off the Loan"
    text: str


class Rune(msgspec.Struct, frozen=True):
    slug: str
    name: str
    kind: str  # one of RUNE_KINDS
    amount: int = 0  # bonus: +amount to the forge result
    die: int = 0  # die: one extra die of this size
    text: str = ""


class SoloEvent(msgspec.Struct, frozen=True):
    slug: str
    name: str
    kind: str  # one of EVENT_KINDS
    amount: int = 0
    precinct: str = ""
    level: int = 0
    text: str = ""


class Pack(msgspec.Struct, frozen=True):
    """Every card of the pack, by slug (components by instance id), in file order."""

    guilds: dict[str, Guild]
    components: dict[str, Component]
    contracts: dict[str, Contract]  # the Contracts
    royals: dict[str, Contract]  # the Royal Contracts
    crew: dict[str, Crew]  # all of them, the Alleyways crew included
    loans: dict[str, Loan]
    runes: dict[str, Rune]
    events: dict[str, SoloEvent]
    links: dict[str, tuple[str, ...]]  # precinct -> its linked precincts (symmetric)

    def level(self, level: int) -> tuple[str, ...]:
        """The component ids of the Component deck of `level`, in file order."""
        return tuple(i for i, c in self.components.items() if c.level == level)

    def contract(self, slug: str) -> Contract:
        """A Contract or a Royal Contract."""
        return self.contracts[slug] if slug in self.contracts else self.royals[slug]

    def crew_in_play(self, alleyways: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The Crew deck for a game with `alleyways`: the base crew and the crew of those
        Alleyways ("remove all Alleyways Crew unless playing with the relevant Expansions")."""
        return tuple(s for s, c in self.crew.items() if not c.expansion or c.expansion in alleyways)


# --- The shapes of the TOML files ------------------------------------------------------------


class _Bonus(msgspec.Struct, forbid_unknown_fields=True):
    material: str
    amount: int


class _Ability(msgspec.Struct, forbid_unknown_fields=True):
    kind: str
    skill: str = ""
    amount: int = 0


class _Guild(msgspec.Struct, forbid_unknown_fields=True):
    slug: str
    name: str
    colour: str
    text: str
    start: dict[str, int] = msgspec.field(default_factory=dict)
    train_cost: list[int] | None = None
    skill_rp: list[tuple[int, int]] | None = None


class _Component(msgspec.Struct, forbid_unknown_fields=True):
    slug: str
    name: str
    level: int
    material: str
    cost: int
    dice: list[str]
    text: str
    copies: int = 1


class _Contract(msgspec.Struct, forbid_unknown_fields=True):
    slug: str
    name: str
    type: str
    slots: list[str]
    coin: int
    rp: int
    forge: int
    text: str
    bonus: _Bonus | None = None


class _Royal(msgspec.Struct, forbid_unknown_fields=True):
    slug: str
    name: str
    types: list[str]
    slots: list[str]
    coin: int
    rp: int
    forge: int
    text: str
    bonus: _Bonus | None = None


class _Crew(msgspec.Struct, forbid_unknown_fields=True):
    slug: str
    name: str
    cost: int
    ability: _Ability
    text: str
    expansion: str = ""


class _Loan(msgspec.Struct, forbid_unknown_fields=True):
    slug: str
    name: str
    take: int
    repay: int
    text: str


class _Rune(msgspec.Struct, forbid_unknown_fields=True):
    slug: str
    name: str
    kind: str
    text: str
    amount: int = 0
    die: str = ""


class _Event(msgspec.Struct, forbid_unknown_fields=True):
    slug: str
    name: str
    kind: str
    text: str
    amount: int = 0
    precinct: str = ""
    level: int = 0


class _GuildDefaults(msgspec.Struct, forbid_unknown_fields=True):
    train_cost: list[int] | None = None
    skill_rp: list[tuple[int, int]] | None = None


# The top-level keys of each file: the array of tables and what else it may hold.
_TOP: dict[str, tuple[str, ...]] = {
    GUILDS_FILE: ("guild", "train_cost", "skill_rp"),
    COMPONENTS_FILE: ("component",),
    CONTRACTS_FILE: ("contract",),
    ROYAL_FILE: ("royal",),
    CREW_FILE: ("crew",),
    LOANS_FILE: ("loan",),
    RUNES_FILE: ("rune",),
    EVENTS_FILE: ("event",),
    BOARD_FILE: ("links",),
}

T = TypeVar("T")


# --- Reading ---------------------------------------------------------------------------------


def _field_of(exc: msgspec.ValidationError) -> str:
    """The field a msgspec error is about: `$.bonus.amount`, `$.dice[0]`, "unknown field `x`"."""
    message = str(exc)
    path = re.search(r"at `\$((?:\.\w+|\[[^\]]*\])*)`", message)
    parts: list[str] = re.findall(r"\.(\w+)", path.group(1)) if path else []
    named = re.search(r"(?:unknown|missing required) field `(\w+)`", message)
    if named:
        parts.append(named.group(1))
    return ".".join(parts) or "-"


def _convert(file: str, label: str, entry: Any, kind: type[T]) -> T:
    try:
        return msgspec.convert(entry, kind)
    except msgspec.ValidationError as exc:
        raise ContentError(file, label, _field_of(exc), str(exc)) from None


def _load(file: str, text: str) -> dict[str, Any]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(file, "-", "-", f"not valid TOML: {exc}") from None
    for key in data:
        if key not in _TOP[file]:
            allowed = ", ".join(_TOP[file])
            raise ContentError(file, "-", key, f"unknown key (the file holds {allowed})")
    return data


def _entries(file: str, data: dict[str, Any], key: str, kind: type[T]) -> list[T]:
    """The `[[key]]` tables of a file, each converted to `kind` (an error names the card by its
    slug, or by its place when it has none)."""
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise ContentError(file, "-", key, f"write each card as a [[{key}]] table")
    out: list[T] = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise ContentError(
                file, f"{key} #{i + 1}", "-", f"write each card as a [[{key}]] table"
            )
        slug = entry.get("slug")
        label = slug if isinstance(slug, str) and slug else f"{key} #{i + 1}"
        out.append(_convert(file, label, entry, kind))
    return out


class _Names:
    """Slugs and names already used anywhere in the pack: each must be unique (copies of a
    Component share theirs)."""

    def __init__(self) -> None:
        self.slugs: dict[str, str] = {}
        self.names: dict[str, str] = {}

    def add(self, file: str, slug: str, name: str, text: str) -> None:
        if not _SLUG.match(slug):
            raise ContentError(file, slug, "slug", "use lower-case words joined by hyphens")
        if not name.strip():
            raise ContentError(file, slug, "name", "a card needs a name")
        if not text.strip():
            raise ContentError(file, slug, "text", "write a line of text")
        self.claim(file, slug, slug)
        if name in self.names:
            raise ContentError(file, slug, "name", f"{name!r} is taken ({self.names[name]})")
        self.names[name] = f"{file}: {slug}"

    def claim(self, file: str, slug: str, key: str) -> None:
        if key in self.slugs:
            raise ContentError(file, slug, "slug", f"{key!r} is taken ({self.slugs[key]})")
        self.slugs[key] = f"{file}: {slug}"


def _not_negative(file: str, slug: str, **values: int) -> None:
    for field, value in values.items():
        if value < 0:
            raise ContentError(file, slug, field, f"{value} is negative")


def _one_of(file: str, slug: str, field: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ContentError(file, slug, field, f"{value!r} is not one of {', '.join(allowed)}")


def _die(file: str, slug: str, field: str, text: str) -> int:
    match = _DIE.match(text)
    if not match or int(match.group(1)) not in DICE:
        sizes = ", ".join(f"d{d}" for d in DICE)
        raise ContentError(file, slug, field, f"{text!r} is not a die ({sizes})")
    return int(match.group(1))


# --- Guild boards ----------------------------------------------------------------------------


def _train_cost(file: str, slug: str, costs: list[int]) -> tuple[int, ...]:
    if len(costs) != MAX_SKILL:
        want = f"{MAX_SKILL} costs (0 to 1 … {MAX_SKILL - 1} to {MAX_SKILL})"
        raise ContentError(file, slug, "train_cost", f"give {want}, not {len(costs)}")
    for cost in costs:
        _not_negative(file, slug, train_cost=cost)
    return tuple(costs)


def _skill_rp(file: str, slug: str, steps: list[tuple[int, int]]) -> tuple[int, ...]:
    """`[[5, 2], [7, 3]]`: from level 5, 2 RP; from level 7, 3 RP -> RP for every level."""
    table = [0] * (MAX_SKILL + 1)
    last_level, last_rp = 0, 0
    for level, rp in steps:
        if not last_level < level <= MAX_SKILL:
            rise = f"levels rise from 1 to {MAX_SKILL} ({level} after {last_level})"
            raise ContentError(file, slug, "skill_rp", rise)
        if rp <= last_rp:
            raise ContentError(
                file, slug, "skill_rp", f"RP rise with the level ({rp} after {last_rp})"
            )
        for n in range(level, MAX_SKILL + 1):
            table[n] = rp
        last_level, last_rp = level, rp
    return tuple(table)


def _guilds(file: str, data: dict[str, Any], names: _Names) -> dict[str, Guild]:
    defaults = _convert(
        file,
        "-",
        {k: data[k] for k in ("train_cost", "skill_rp") if k in data},
        _GuildDefaults,
    )
    guilds: dict[str, Guild] = {}
    colours: dict[str, str] = {}
    for raw in _entries(file, data, "guild", _Guild):
        slug = raw.slug
        names.add(file, slug, raw.name, raw.text)
        if not _COLOUR.match(raw.colour):
            raise ContentError(file, slug, "colour", f"{raw.colour!r}: write it as #RRGGBB")
        if raw.colour.upper() in colours:
            raise ContentError(file, slug, "colour", f"{colours[raw.colour.upper()]} has it too")
        colours[raw.colour.upper()] = slug
        for skill, level in raw.start.items():
            _one_of(file, slug, "start", skill, SKILLS)
            if not 0 <= level <= MAX_SKILL:
                raise ContentError(file, slug, f"start.{skill}", f"{level} is not 0..{MAX_SKILL}")
        costs = raw.train_cost if raw.train_cost is not None else defaults.train_cost
        steps = raw.skill_rp if raw.skill_rp is not None else defaults.skill_rp
        if costs is None:
            raise ContentError(file, slug, "train_cost", "missing (here or at the top of the file)")
        if steps is None:
            raise ContentError(file, slug, "skill_rp", "missing (here or at the top of the file)")
        guilds[slug] = Guild(
            slug=slug,
            name=raw.name,
            colour=raw.colour,
            text=raw.text,
            start={s: raw.start.get(s, 0) for s in SKILLS},
            train_cost=_train_cost(file, slug, costs),
            skill_rp=_skill_rp(file, slug, steps),
        )
    return guilds


# --- Components ------------------------------------------------------------------------------


def _components(file: str, data: dict[str, Any], names: _Names) -> dict[str, Component]:
    components: dict[str, Component] = {}
    for raw in _entries(file, data, "component", _Component):
        slug = raw.slug
        names.add(file, slug, raw.name, raw.text)
        if raw.level not in LEVELS:
            raise ContentError(file, slug, "level", f"{raw.level} is not 1, 2 or 3")
        _one_of(file, slug, "material", raw.material, MATERIALS)
        _not_negative(file, slug, cost=raw.cost)
        if not 1 <= len(raw.dice) <= 2:
            raise ContentError(file, slug, "dice", "a component supplies 1 or 2 dice")
        dice = tuple(_die(file, slug, "dice", d) for d in raw.dice)
        if raw.copies < 1:
            raise ContentError(file, slug, "copies", f"{raw.copies}: at least 1")
        ids = [slug] if raw.copies == 1 else [f"{slug}-{i}" for i in range(1, raw.copies + 1)]
        for cid in ids:
            if cid != slug:
                names.claim(file, slug, cid)
            components[cid] = Component(
                id=cid,
                slug=slug,
                name=raw.name,
                level=raw.level,
                material=raw.material,
                cost=raw.cost,
                dice=dice,
                text=raw.text,
            )
    for level in LEVELS:
        materials = {c.material for c in components.values() if c.level == level}
        if len(materials) == 1:
            # "no 3 Components along a single row are of the same type": with one material
            # the row could never be laid.
            raise ContentError(file, "-", "material", f"level {level} needs two materials or more")
    return components


# --- Contracts -------------------------------------------------------------------------------


def _contract(file: str, raw: _Contract | _Royal, types: tuple[str, ...], royal: bool) -> Contract:
    slug = raw.slug
    for skill in types:
        _one_of(file, slug, "types" if royal else "type", skill, SKILLS)
    if royal and (len(types) != 2 or types[0] == types[1]):
        raise ContentError(file, slug, "types", "a Royal Contract has 2 different types")
    if not raw.slots:
        raise ContentError(file, slug, "slots", "a Contract requires at least 1 component")
    for slot in raw.slots:
        _one_of(file, slug, "slots", slot, (*MATERIALS, ANY))
    # Materials in MATERIALS order, then "any": the order the rules fill them in.
    order = (*MATERIALS, ANY)
    slots = tuple(sorted(raw.slots, key=order.index))
    _not_negative(file, slug, coin=raw.coin, rp=raw.rp, forge=raw.forge)
    material, amount = "", 0
    if raw.bonus is not None:
        material, amount = raw.bonus.material, raw.bonus.amount
        _one_of(file, slug, "bonus.material", material, MATERIALS)
        if amount < 1:
            raise ContentError(file, slug, "bonus.amount", f"{amount}: at least 1")
        if material not in slots and ANY not in slots:
            raise ContentError(
                file, slug, "bonus.material", f"no {material} can be committed to this Contract"
            )
    return Contract(
        slug=slug,
        name=raw.name,
        types=types,
        slots=slots,
        bonus_material=material,
        bonus=amount,
        coin=raw.coin,
        rp=raw.rp,
        forge=raw.forge,
        royal=royal,
        text=raw.text,
    )


def _contracts(file: str, data: dict[str, Any], names: _Names) -> dict[str, Contract]:
    out: dict[str, Contract] = {}
    for raw in _entries(file, data, "contract", _Contract):
        names.add(file, raw.slug, raw.name, raw.text)
        out[raw.slug] = _contract(file, raw, (raw.type,), royal=False)
    return out


def _royals(file: str, data: dict[str, Any], names: _Names) -> dict[str, Contract]:
    out: dict[str, Contract] = {}
    for raw in _entries(file, data, "royal", _Royal):
        names.add(file, raw.slug, raw.name, raw.text)
        out[raw.slug] = _contract(file, raw, tuple(raw.types), royal=True)
    return out


# --- Crew, Loans, Runes, Events --------------------------------------------------------------

# What each crew ability takes: (a `skill`, an `amount` of at least 1); otherwise 0 / "".
_ABILITY_NEEDS: dict[str, tuple[bool, bool]] = {
    "forge_bonus": (True, True),
    "extra_move": (False, True),
    "market_discount": (False, True),
    "train_discount": (False, True),
    "turn_in_bonus": (False, True),
    "reroll": (False, True),
    "work_bonus": (False, True),
    "loan_bonus": (False, True),
    "funds_bonus": (False, True),
    "refresh_free": (False, False),
    "contract_extra": (False, True),
    "appraise": (False, True),
    "bodyguard": (False, False),
}


def _crew(file: str, data: dict[str, Any], names: _Names) -> dict[str, Crew]:
    out: dict[str, Crew] = {}
    for raw in _entries(file, data, "crew", _Crew):
        slug = raw.slug
        names.add(file, slug, raw.name, raw.text)
        _not_negative(file, slug, cost=raw.cost)
        _one_of(file, slug, "expansion", raw.expansion, ("", *EXPANSION_KINDS))
        ability = raw.ability
        _one_of(file, slug, "ability.kind", ability.kind, CREW_KINDS)
        owner = _EXPANSION_OF.get(ability.kind, "")
        if raw.expansion != owner:
            raise ContentError(
                file,
                slug,
                "expansion",
                f"a {ability.kind} crew belongs to {owner or 'the base game'}",
            )
        uses_skill, uses_amount = _ABILITY_NEEDS[ability.kind]
        if uses_skill:
            _one_of(file, slug, "ability.skill", ability.skill, (*SKILLS, ANY))
        elif ability.skill:
            raise ContentError(file, slug, "ability.skill", f"{ability.kind} takes no skill")
        if uses_amount and ability.amount < 1:
            raise ContentError(file, slug, "ability.amount", f"{ability.amount}: at least 1")
        if not uses_amount and ability.amount:
            raise ContentError(file, slug, "ability.amount", f"{ability.kind} takes no amount")
        out[slug] = Crew(
            slug=slug,
            name=raw.name,
            cost=raw.cost,
            expansion=raw.expansion,
            ability=Ability(kind=ability.kind, skill=ability.skill, amount=ability.amount),
            text=raw.text,
        )
    return out


def _loans(file: str, data: dict[str, Any], names: _Names) -> dict[str, Loan]:
    out: dict[str, Loan] = {}
    for raw in _entries(file, data, "loan", _Loan):
        names.add(file, raw.slug, raw.name, raw.text)
        _not_negative(file, raw.slug, take=raw.take, repay=raw.repay)
        if raw.take < 1:
            raise ContentError(file, raw.slug, "take", "a Loan gives at least 1 Coin")
        if raw.repay <= raw.take:
            raise ContentError(
                file, raw.slug, "repay", f"{raw.repay}: repay more than is taken ({raw.take})"
            )
        out[raw.slug] = Loan(
            slug=raw.slug, name=raw.name, take=raw.take, repay=raw.repay, text=raw.text
        )
    return out


def _runes(file: str, data: dict[str, Any], names: _Names) -> dict[str, Rune]:
    out: dict[str, Rune] = {}
    for raw in _entries(file, data, "rune", _Rune):
        slug = raw.slug
        names.add(file, slug, raw.name, raw.text)
        _one_of(file, slug, "kind", raw.kind, RUNE_KINDS)
        _not_negative(file, slug, amount=raw.amount)
        if raw.kind == "bonus" and raw.amount < 1:
            raise ContentError(file, slug, "amount", "a bonus rune adds at least 1")
        if raw.kind != "bonus" and raw.amount:
            raise ContentError(file, slug, "amount", f"a {raw.kind} rune takes no amount")
        die = 0
        if raw.kind == "die":
            if not raw.die:
                raise ContentError(file, slug, "die", 'a die rune names its die ("d6")')
            die = _die(file, slug, "die", raw.die)
        elif raw.die:
            raise ContentError(file, slug, "die", f"a {raw.kind} rune takes no die")
        out[slug] = Rune(
            slug=slug, name=raw.name, kind=raw.kind, amount=raw.amount, die=die, text=raw.text
        )
    return out


# What each event needs. amount: "signed" (any but 0), "positive", "one" (+1 or -1) or "" (0).
_EVENT_NEEDS: dict[str, tuple[str, bool, bool]] = {
    # kind: (amount, precinct, level)
    "coin": ("signed", False, False),
    "actions": ("one", False, False),
    "closed": ("", True, False),
    "component": ("", False, True),
    "market": ("", False, False),
    "tavern": ("", False, False),
    "discount": ("positive", True, False),
    "forge_bonus": ("signed", False, False),
    "work": ("positive", False, False),
    "no_prime": ("", False, False),
    "contracts": ("", False, False),
    "interest": ("positive", False, False),
}


def _events(file: str, data: dict[str, Any], names: _Names) -> dict[str, SoloEvent]:
    out: dict[str, SoloEvent] = {}
    for raw in _entries(file, data, "event", _Event):
        slug = raw.slug
        names.add(file, slug, raw.name, raw.text)
        _one_of(file, slug, "kind", raw.kind, EVENT_KINDS)
        amount, precinct, level = _EVENT_NEEDS[raw.kind]
        if amount == "signed" and raw.amount == 0:
            raise ContentError(file, slug, "amount", f"a {raw.kind} event needs an amount")
        if amount == "positive" and raw.amount < 1:
            raise ContentError(file, slug, "amount", f"{raw.amount}: at least 1")
        if amount == "one" and raw.amount not in (1, -1):
            raise ContentError(file, slug, "amount", f"{raw.amount}: +1 or -1")
        if not amount and raw.amount:
            raise ContentError(file, slug, "amount", f"a {raw.kind} event takes no amount")
        if precinct:
            _one_of(file, slug, "precinct", raw.precinct, PRECINCTS)
        elif raw.precinct:
            raise ContentError(file, slug, "precinct", f"a {raw.kind} event takes no precinct")
        if level and raw.level not in LEVELS:
            raise ContentError(file, slug, "level", f"{raw.level} is not 1, 2 or 3")
        if not level and raw.level:
            raise ContentError(file, slug, "level", f"a {raw.kind} event takes no level")
        out[slug] = SoloEvent(
            slug=slug,
            name=raw.name,
            kind=raw.kind,
            amount=raw.amount,
            precinct=raw.precinct,
            level=raw.level,
            text=raw.text,
        )
    return out


# --- The board -------------------------------------------------------------------------------


def _links(file: str, data: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    raw = _convert(file, "links", data.get("links", {}), dict[str, list[str]])
    for precinct in raw:
        _one_of(file, "links", precinct, precinct, PRECINCTS)
    links: dict[str, tuple[str, ...]] = {}
    for precinct in PRECINCTS:
        if precinct not in raw:
            raise ContentError(file, "links", precinct, "every precinct needs its links")
        to = raw[precinct]
        for other in to:
            _one_of(file, "links", precinct, other, PRECINCTS)
        if precinct in to:
            raise ContentError(file, "links", precinct, "a precinct cannot link to itself")
        if len(set(to)) != len(to):
            raise ContentError(file, "links", precinct, "a link is named twice")
        links[precinct] = tuple(to)
    for precinct, to in links.items():
        for other in to:
            if precinct not in links[other]:
                raise ContentError(
                    file, "links", other, f"links to {precinct} are both ways: add {precinct!r}"
                )
    # "You can perform two move actions in a row to move to any Precinct on the board."
    for precinct, to in links.items():
        reach = {precinct, *to, *(p for o in to for p in links[o])}
        if len(reach) != len(PRECINCTS):
            far = ", ".join(p for p in PRECINCTS if p not in reach)
            raise ContentError(file, "links", precinct, f"more than 2 moves from {far}")
    return links


# --- The pack --------------------------------------------------------------------------------


def parse_pack(files: Mapping[str, str]) -> Pack:
    """Read and validate a pack: `files` maps each of FILES to its TOML text."""
    for name in files:
        if name not in FILES:
            raise ContentError(name, "-", "-", f"not a file of the pack ({', '.join(FILES)})")
    data: dict[str, dict[str, Any]] = {}
    for name in FILES:
        if name not in files:
            raise ContentError(name, "-", "-", "missing")
        data[name] = _load(name, files[name])
    names = _Names()
    return Pack(
        guilds=_guilds(GUILDS_FILE, data[GUILDS_FILE], names),
        components=_components(COMPONENTS_FILE, data[COMPONENTS_FILE], names),
        contracts=_contracts(CONTRACTS_FILE, data[CONTRACTS_FILE], names),
        royals=_royals(ROYAL_FILE, data[ROYAL_FILE], names),
        crew=_crew(CREW_FILE, data[CREW_FILE], names),
        loans=_loans(LOANS_FILE, data[LOANS_FILE], names),
        runes=_runes(RUNES_FILE, data[RUNES_FILE], names),
        events=_events(EVENTS_FILE, data[EVENTS_FILE], names),
        links=_links(BOARD_FILE, data[BOARD_FILE]),
    )


def pack_files() -> dict[str, str]:
    """The text of each file of the pack shipped with the game."""
    folder = resources.files("games.winterforge").joinpath("content")
    return {name: folder.joinpath(name).read_text("utf-8") for name in FILES}


@functools.cache
def load_pack() -> Pack:
    """The pack shipped with the game, validated (read once)."""
    return parse_pack(pack_files())
