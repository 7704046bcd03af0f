"""The cards: the ten resource categories and the location cards of `content/cards.toml`.

"Information on the card must include the card name, resources it provides, and bonuses it
receives." A card's `resources` are two category letters: the same one twice (two points in one
category) or two different ones (one point in each). Its `bonus` is one more point of a category
while its owner also owns another named card. The file is read once and validated: an error names
the file, the card and the field.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources

import msgspec

# "Victory Calculation": the 10 resource categories, in the rulebook's order. The order is also the
# last tie-break of the default build.
CATEGORIES: tuple[str, ...] = ("F", "T", "C", "R", "G", "M", "P", "A", "L", "I")
CATEGORY_NAMES: dict[str, str] = {
    "F": "Food & Agriculture",
    "T": "Trade & Transportation",
    "C": "Construction & Materials",
    "R": "Religion & Church",
    "G": "Government & Nobility",
    "M": "Military & Fortifications",
    "P": "Public Health",
    "A": "Arts & Entertainment",
    "L": "Learning & Education",
    "I": "Industry & Crafts",
}
INDEX: dict[str, int] = {c: i for i, c in enumerate(CATEGORIES)}
CARDS_FILE = "cards.toml"
_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")


class ContentError(ValueError):
    """The card file is wrong. The message starts with `file: card: field:`."""

    def __init__(self, file: str, card: str, field: str, message: str) -> None:
        super().__init__(f"{file}: {card}: {field}: {message}")
        self.file, self.card, self.field = file, card, field


class Bonus(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One more point of `category` while the owner also owns the card `card` (a slug).
    `listed` is the rulebook's spelling when it names no card exactly."""

    card: str
    category: str
    listed: str = ""


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    slug: str
    name: str
    resources: str
    text: str
    bonus: Bonus | None = None

    @property
    def categories(self) -> tuple[str, ...]:
        """The categories the card belongs to (one or two): it can be built when either is
        picked."""
        a, b = self.resources
        return (a,) if a == b else (a, b)


class _File(msgspec.Struct, forbid_unknown_fields=True):
    card: list[dict[str, object]]


class Pack(msgspec.Struct, frozen=True):
    """Every card by slug, in the rulebook's order, with lookups the rules use often."""

    cards: dict[str, Card]
    order: tuple[str, ...]
    # slug -> ((category index, points), ...)
    points: dict[str, tuple[tuple[int, int], ...]]
    # slug -> (partner slug, category index) for cards with a bonus
    bonus: dict[str, tuple[str, int]]
    # category letter -> the slugs of the cards of that category
    by_category: dict[str, frozenset[str]]

    def name(self, slug: str) -> str:
        return self.cards[slug].name


def parse_cards(text: str, file: str = CARDS_FILE) -> Pack:
    """Read and validate the card file `text` (called `file` in error messages)."""
    try:
        raw = msgspec.convert(tomllib.loads(text), _File)
    except (tomllib.TOMLDecodeError, msgspec.ValidationError) as exc:
        raise ContentError(file, "-", "-", str(exc)) from None
    cards: dict[str, Card] = {}
    names: set[str] = set()
    for i, entry in enumerate(raw.card):
        label = str(entry.get("slug", f"card #{i + 1}"))
        try:
            card = msgspec.convert(entry, Card)
        except msgspec.ValidationError as exc:
            field = re.search(r"`\$\.(\w+)", str(exc))
            raise ContentError(file, label, field.group(1) if field else "-", str(exc)) from None
        _check_card(file, card)
        if card.slug in cards:
            raise ContentError(file, card.slug, "slug", "two cards have this slug")
        if card.name in names:
            raise ContentError(file, card.slug, "name", f"two cards are called {card.name!r}")
        cards[card.slug] = card
        names.add(card.name)
    for card in cards.values():
        if card.bonus is not None and card.bonus.card not in cards:
            raise ContentError(
                file, card.slug, "bonus.card", f"no card has the slug {card.bonus.card!r}"
            )
    return _pack(cards)


def _check_card(file: str, card: Card) -> None:
    if not _SLUG.match(card.slug):
        raise ContentError(file, card.slug, "slug", "use lower-case words joined by hyphens")
    if not card.name.strip():
        raise ContentError(file, card.slug, "name", "a card needs a name")
    if len(card.resources) != 2 or any(c not in INDEX for c in card.resources):
        raise ContentError(
            file,
            card.slug,
            "resources",
            f"{card.resources!r}: two letters among {''.join(CATEGORIES)}",
        )
    if not card.text.strip():
        raise ContentError(file, card.slug, "text", "write a line of description")
    bonus = card.bonus
    if bonus is not None:
        if bonus.category not in INDEX:
            raise ContentError(
                file,
                card.slug,
                "bonus.category",
                f"{bonus.category!r} is not one of {''.join(CATEGORIES)}",
            )
        if bonus.card == card.slug:
            raise ContentError(file, card.slug, "bonus.card", "a card cannot be its own bonus")


def _pack(cards: dict[str, Card]) -> Pack:
    points: dict[str, tuple[tuple[int, int], ...]] = {}
    bonus: dict[str, tuple[str, int]] = {}
    by_category: dict[str, set[str]] = {c: set() for c in CATEGORIES}
    for slug, card in cards.items():
        a, b = card.resources
        points[slug] = ((INDEX[a], 2),) if a == b else ((INDEX[a], 1), (INDEX[b], 1))
        if card.bonus is not None:
            bonus[slug] = (card.bonus.card, INDEX[card.bonus.category])
        for c in card.categories:
            by_category[c].add(slug)
    return Pack(
        cards=cards,
        order=tuple(cards),
        points=points,
        bonus=bonus,
        by_category={c: frozenset(s) for c, s in by_category.items()},
    )


@cache
def load_cards() -> Pack:
    """The card pack shipped with the game (read once)."""
    text = resources.files("games.town").joinpath("content", CARDS_FILE).read_text("utf-8")
    return parse_cards(text)
