"""Words for Founders' Town: players, categories, cards, counts, and the card look-up.

Everything here reads card data (`content/cards.toml`, public to all) and display names; it
never sees a game's state. A card is named the same way everywhere: "Trade Route (TT)".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from bot.render.words import NAME_LIMIT, clip_name, count, ordinal, seat_names  # noqa: F401 (w.<name> in this game's messages)
from bot.render.words import join as _join
from games.town.rules.cards import CATEGORY_NAMES, Card, Pack
from games.town.rules.state import STAGE_NAMES
from games.town.rules.views import CardView

TITLE = "Founders' Town"
COLOUR = 0x44AA99  # the embeds' stripe: the teal of the picture palette
EARNED = "★"  # a built card's bonus is earned (its partner is in the same town)
UNEARNED = "☆"  # a built card's bonus waits for its partner
LEADER = "👑"

# Who is asked what, by decision kind (`games.town.rules.pending`).
KINDS: dict[str, str] = {
    "draw": "how many cards to draw",
    "trade": "trading (offers, or done trading)",
    "discard": "what to discard",
    "build": "what to build",
    "offer": "an answer to a trade offer",
}
# What each kind's default does (`pending.py`), for "Time is up for Ana: the default applies
# (end trading)."
DEFAULTED: dict[str, str] = {
    "draw": "draw up to a hand of 5",
    "trade": "end trading",
    "discard": "discard nothing",
    "build": "build the category that scores most",
    "offer": "decline the offer",
}


# --- players ---------------------------------------------------------------------------------


def stage_name(stage: str) -> str:
    """ "First Trade Phase"."""
    return f"{STAGE_NAMES.get(stage, stage)} Phase"


# --- categories and cards --------------------------------------------------------------------


def category(letter: str) -> str:
    """ "T Trade & Transportation"."""
    return f"{letter} {CATEGORY_NAMES[letter]}"


def points(resources: str) -> str:
    """What a card's resources give: "2 T" or "1 C + 1 I"."""
    a, b = resources
    return f"2 {a}" if a == b else f"1 {a} + 1 {b}"


def label(card: Card | CardView) -> str:
    """A card as every message names it: "Trade Route (TT)"."""
    return f"{card.name} ({card.resources})"


def labels(cards: Iterable[Card | CardView]) -> str:
    """Cards as a list of labels, or "none"."""
    return ", ".join(label(c) for c in cards) or "none"


def bonus(pack: Pack, card: Card) -> str:
    """A card's bonus in words ("+1 T with Cross Roads"), or ""."""
    if card.bonus is None:
        return ""
    return f"+1 {card.bonus.category} with {pack.name(card.bonus.card)}"


def describe(pack: Pack, slug: str) -> str:
    """One line about a card: its resources, what they give, and its bonus."""
    card = pack.cards[slug]
    extra = bonus(pack, card)
    return f"**{card.name}** `{card.resources}` — {points(card.resources)}" + (
        f"; {extra}" if extra else ""
    )


def card_text(pack: Pack, slug: str) -> str:
    """`/gm card`: the whole card, the cards whose bonus it earns, and its flavour."""
    card = pack.cards[slug]
    kinds = " and ".join(CATEGORY_NAMES[c] for c in card.categories)
    lines = [f"**{card.name}** `{card.resources}` — {points(card.resources)} ({kinds})."]
    lines.append(
        "It can be built when you pick "
        + join([category(c) for c in card.categories], "or")
        + " in your Build Phase."
    )
    if card.bonus is not None:
        partner = pack.name(card.bonus.card)
        listed = f" (the card list says {card.bonus.listed})" if card.bonus.listed else ""
        lines.append(
            f"Bonus: +1 {CATEGORY_NAMES[card.bonus.category]} while your town also has "
            f"{partner}{listed}, whichever is built first."
        )
    helps = [
        f"{pack.name(other)} (+1 {pack.cards[other].bonus.category})"  # type: ignore[union-attr]
        for other, (partner, _) in pack.bonus.items()
        if partner == slug
    ]
    if helps:
        lines.append(f"Earns the bonus of {join(helps)} in the same town.")
    lines.append(f"*{card.text}*")
    return "\n".join(lines)


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def find_card(pack: Pack, name: str) -> str | None:
    """The slug of the card called `name` (its slug or its name, any case and punctuation)."""
    wanted = _key(name)
    if not wanted:
        return None
    for slug, card in pack.cards.items():
        if wanted in (_key(slug), _key(card.name)):
            return slug
    return None


def card_suggestions(pack: Pack, typed: str, limit: int = 25) -> list[tuple[str, str]]:
    """(name, slug) of the cards whose name starts with `typed`, then of those containing it."""
    wanted = _key(typed)
    starts, contains = [], []
    for slug, card in pack.cards.items():
        key = _key(card.name)
        if key.startswith(wanted):
            starts.append((card.name, slug))
        elif wanted in key:
            contains.append((card.name, slug))
    return sorted(starts)[:limit] + sorted(contains)[: max(0, limit - len(starts))]


def join(items: Sequence[str], last: str = "and") -> str:
    """ "a", "a and b", "a, b and c"; "nobody" for none (the town lists players)."""
    return _join(items, last, empty="nobody")
