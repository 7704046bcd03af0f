"""The content of Guildmasters: the adventurer classes, the 45 quests, the recruit tiles, the cycle
tokens and the shields, read from `content/*.toml` and validated at load.

The manual gives the classes (their forces, counts, abilities and stand-ins); every quest, name
and flavour text is the project's own (docs/content.md). An error names the file, the card (its
slug) and the field: `quests.toml: the-ember-wyrm: requires: 'knight' is not a class`.
"""

from __future__ import annotations

import functools
import tomllib
from collections import Counter
from collections.abc import Mapping
from importlib import resources
from typing import Any

import msgspec

FORCES = ("militar", "arcane", "shadowy")  # the forces of cycle tokens and majorities
SPECIAL = "special"  # the Bard's force: no cycle token, no majority
TIMINGS = ("action", "reaction", "after_quest", "quest")
LEVELS = (1, 2, 3)
QUESTS_PER_LEVEL = 15
SHOWN_PER_LEVEL = 3  # "revel 3 quests from each of them"
# Requirements per level: how many adventurers a quest of each level asks for (docs/content.md).
REQUIREMENTS = {1: (2, 3), 2: (3, 4), 3: (4, 5)}

CLASSES_FILE = "classes.toml"
QUESTS_FILE = "quests.toml"
TOKENS_FILE = "tokens.toml"
FILES = (CLASSES_FILE, QUESTS_FILE, TOKENS_FILE)


class ContentError(ValueError):
    """A content file breaks the schema: the message names the file, the card and the field."""


class AdventurerClass(msgspec.Struct, frozen=True):
    """One class of the class table."""

    slug: str
    name: str
    force: str
    count: int
    ability: str
    timing: str
    replaces: tuple[str, ...]
    text: str


class Quest(msgspec.Struct, frozen=True):
    """One quest card: level, requisites (classes), shield, rewards and number."""

    slug: str
    number: int
    name: str
    level: int
    requires: tuple[str, ...]
    shield: str
    points: int
    recruit: str  # a reward recruit of this class, or ""
    cycle: str  # a cycle token of this force, or ""
    text: str


class Shield(msgspec.Struct, frozen=True):
    slug: str
    name: str
    text: str


class Pack(msgspec.Struct, frozen=True):
    """Everything the rules read from the content files, with lookups built once."""

    classes: Mapping[str, AdventurerClass]
    quests: Mapping[str, Quest]
    shields: Mapping[str, Shield]
    recruits_per_class: int
    tavern_per_class: int
    cycles: Mapping[str, int]
    cards: tuple[str, ...]  # every adventurer card id ("warrior-1"…), in class order
    class_of: Mapping[str, str]  # card or tile id -> class slug
    tiles: tuple[str, ...]  # every recruit tile id ("r-warrior-1"…)
    serves: Mapping[str, frozenset[str]]  # class -> the needs it meets (itself and stand-ins)
    served_by: Mapping[str, tuple[str, ...]]  # need -> the classes that meet it
    needs: Mapping[str, Mapping[str, int]]  # quest -> how many of each class it requires

    def fills(self, cls: str, need: str) -> bool:
        """May an adventurer of `cls` stand for a `need` on a quest (itself or a stand-in)?"""
        return need in self.serves[cls]

    def force(self, cls: str) -> str:
        return self.classes[cls].force


def _fail(file: str, card: str, field: str, message: str) -> ContentError:
    return ContentError(f"{file}: {card}: {field}: {message}")


def _get(file: str, card: str, raw: Mapping[str, Any], field: str, kind: type) -> Any:
    if field not in raw:
        raise _fail(file, card, field, "missing")
    value = raw[field]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise _fail(file, card, field, f"{value!r} is not a whole number")
    if kind is str and not isinstance(value, str):
        raise _fail(file, card, field, f"{value!r} is not a string")
    if kind is list and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        raise _fail(file, card, field, f"{value!r} is not a list of strings")
    return value


def _unknown(file: str, card: str, raw: Mapping[str, Any], fields: tuple[str, ...]) -> None:
    extra = sorted(set(raw) - set(fields))
    if extra:
        raise _fail(file, card, extra[0], "is not a field of this card")


_CLASS_FIELDS = ("slug", "name", "force", "count", "ability", "timing", "replaces", "text")
_QUEST_FIELDS = (
    "slug",
    "number",
    "name",
    "level",
    "requires",
    "shield",
    "points",
    "recruit",
    "cycle",
    "text",
)


def _classes(raw: Mapping[str, Any]) -> dict[str, AdventurerClass]:
    out: dict[str, AdventurerClass] = {}
    for i, c in enumerate(raw.get("class", [])):
        slug = c.get("slug") if isinstance(c.get("slug"), str) else f"class #{i + 1}"
        _unknown(CLASSES_FILE, slug, c, _CLASS_FIELDS)
        values = {
            f: _get(
                CLASSES_FILE, slug, c, f, list if f == "replaces" else int if f == "count" else str
            )
            for f in _CLASS_FIELDS
        }
        if slug in out:
            raise _fail(CLASSES_FILE, slug, "slug", "used twice")
        if values["force"] not in (*FORCES, SPECIAL):
            raise _fail(CLASSES_FILE, slug, "force", f"{values['force']!r} is not a force")
        if values["timing"] not in TIMINGS:
            raise _fail(CLASSES_FILE, slug, "timing", f"{values['timing']!r} is not a timing")
        if values["count"] < 1:
            raise _fail(CLASSES_FILE, slug, "count", "must be at least 1")
        values["replaces"] = tuple(values["replaces"])
        out[slug] = AdventurerClass(**values)
    if not out:
        raise _fail(CLASSES_FILE, "[[class]]", "class", "no class")
    for c in out.values():
        for r in c.replaces:
            if r not in out or r == c.slug:
                raise _fail(CLASSES_FILE, c.slug, "replaces", f"{r!r} is not another class")
    return out


def _shields(raw: Mapping[str, Any]) -> dict[str, Shield]:
    out: dict[str, Shield] = {}
    for i, s in enumerate(raw.get("shield", [])):
        slug = s.get("slug") if isinstance(s.get("slug"), str) else f"shield #{i + 1}"
        _unknown(TOKENS_FILE, slug, s, ("slug", "name", "text"))
        out[slug] = Shield(
            **{f: _get(TOKENS_FILE, slug, s, f, str) for f in ("slug", "name", "text")}
        )
    if len(out) < 2:
        raise _fail(TOKENS_FILE, "[[shield]]", "shield", "at least two shields are needed")
    return out


def _quests(
    raw: Mapping[str, Any], classes: Mapping[str, AdventurerClass], shields: Mapping[str, Shield]
) -> dict[str, Quest]:
    out: dict[str, Quest] = {}
    numbers: set[int] = set()
    for i, q in enumerate(raw.get("quest", [])):
        slug = q.get("slug") if isinstance(q.get("slug"), str) else f"quest #{i + 1}"
        _unknown(QUESTS_FILE, slug, q, _QUEST_FIELDS)
        kinds = {"number": int, "level": int, "points": int, "requires": list}
        values = {f: _get(QUESTS_FILE, slug, q, f, kinds.get(f, str)) for f in _QUEST_FIELDS}
        if slug in out:
            raise _fail(QUESTS_FILE, slug, "slug", "used twice")
        if values["level"] not in LEVELS:
            raise _fail(QUESTS_FILE, slug, "level", f"{values['level']} is not 1, 2 or 3")
        if values["number"] in numbers or values["number"] < 1:
            raise _fail(QUESTS_FILE, slug, "number", f"{values['number']} is used twice or < 1")
        numbers.add(values["number"])
        low, high = REQUIREMENTS[values["level"]]
        if not low <= len(values["requires"]) <= high:
            raise _fail(
                QUESTS_FILE, slug, "requires", f"a level {values['level']} quest needs {low}-{high}"
            )
        for c in values["requires"]:
            if c not in classes or classes[c].force == SPECIAL:
                raise _fail(QUESTS_FILE, slug, "requires", f"{c!r} is not a class a quest needs")
        if values["shield"] not in shields:
            raise _fail(QUESTS_FILE, slug, "shield", f"{values['shield']!r} is not a shield")
        if values["points"] < 1:
            raise _fail(QUESTS_FILE, slug, "points", "must be at least 1")
        if values["recruit"] and (
            values["recruit"] not in classes or classes[values["recruit"]].force == SPECIAL
        ):
            raise _fail(QUESTS_FILE, slug, "recruit", f"{values['recruit']!r} is not a class")
        if values["cycle"] and values["cycle"] not in FORCES:
            raise _fail(QUESTS_FILE, slug, "cycle", f"{values['cycle']!r} is not a force")
        values["requires"] = tuple(values["requires"])
        out[slug] = Quest(**values)
    for level in LEVELS:
        n = sum(1 for q in out.values() if q.level == level)
        if n != QUESTS_PER_LEVEL:
            raise _fail(QUESTS_FILE, "[[quest]]", "level", f"{n} level {level} quests, not 15")
    return out


def parse_pack(files: Mapping[str, str]) -> Pack:
    """The pack from the text of each content file (by file name), validated."""
    docs: dict[str, Mapping[str, Any]] = {}
    for name in FILES:
        try:
            docs[name] = tomllib.loads(files[name])
        except KeyError:
            raise ContentError(f"{name}: the file is missing") from None
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(f"{name}: not valid TOML: {exc}") from None
    classes = _classes(docs[CLASSES_FILE])
    tokens = docs[TOKENS_FILE]
    shields = _shields(tokens)
    quests = _quests(docs[QUESTS_FILE], classes, shields)
    recruits = tokens.get("recruits", {})
    per_class = _get(TOKENS_FILE, "recruits", recruits, "per_class", int)
    tavern = _get(TOKENS_FILE, "recruits", recruits, "tavern", int)
    if not 0 < tavern <= per_class:
        raise _fail(TOKENS_FILE, "recruits", "tavern", "must be 1 to per_class")
    cycles_raw = tokens.get("cycles", {})
    cycles = {f: _get(TOKENS_FILE, "cycles", cycles_raw, f, int) for f in FORCES}
    if any(n < 0 for n in cycles.values()):
        raise _fail(TOKENS_FILE, "cycles", "count", "must not be negative")
    cards = tuple(f"{c}-{i}" for c in classes for i in range(1, classes[c].count + 1))
    tiles = tuple(f"r-{c}-{i}" for c in classes for i in range(1, per_class + 1))
    class_of = {card: card.rsplit("-", 1)[0] for card in cards}
    class_of.update({tile: tile[2:].rsplit("-", 1)[0] for tile in tiles})
    return Pack(
        classes=classes,
        quests=quests,
        shields=shields,
        recruits_per_class=per_class,
        tavern_per_class=tavern,
        cycles=cycles,
        cards=cards,
        class_of=class_of,
        tiles=tiles,
        serves={c: frozenset((c, *classes[c].replaces)) for c in classes},
        served_by={
            n: tuple(c for c in classes if c == n or n in classes[c].replaces) for n in classes
        },
        needs={q.slug: dict(Counter(q.requires)) for q in quests.values()},
    )


def pack_files() -> dict[str, str]:
    """The text of every content file shipped with the game."""
    folder = resources.files("games.guildmasters").joinpath("content")
    return {name: folder.joinpath(name).read_text(encoding="utf-8") for name in FILES}


@functools.cache
def load_pack() -> Pack:
    """The shipped content, read and validated once."""
    return parse_pack(pack_files())
