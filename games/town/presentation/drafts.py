"""The trade offer being put together, kept in the message that shows it.

A `Draft` is whom an offer goes to, the cards it gives and asks for, which category's cards the
asking list shows, and (for a counter-offer) the offer it answers. It lives in the `arg` of every
control of the offer builder, so the builder holds no state anywhere else and keeps working after
a restart. Cards are written as two base-36 digits, their place in the card list, to fit Discord's
100-character custom ids:

    <counters>.<to, a bit per seat, hex>.<shelf>.<gives>.<asks>       e.g. "0.6.T0.0a1f.2c"

A shelf is one category's page of the asking list ("T0"; "I0" and "I1" for a category with more
cards than a select holds).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.presentation import Refused
from games.town.rules.cards import CATEGORIES, load_cards

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
MAX_SIDE = 12  # cards on one side of an offer: 2 × 12 × 2 digits keep custom ids under 100
STALE = "That offer form is out of date; `/town trade` opens a new one. Nothing was changed."
_ARG = re.compile(r"(\d{1,4})\.([0-9a-f]{0,2})\.([A-Z]\d?)?\.([0-9a-z]*)\.([0-9a-z]*)\Z")


def _index() -> dict[str, int]:
    return {slug: i for i, slug in enumerate(load_cards().order)}


def _cards(text: str) -> tuple[str, ...]:
    order = load_cards().order
    if len(text) % 2:
        raise Refused(STALE)
    out = []
    for i in range(0, len(text), 2):
        n = DIGITS.index(text[i]) * 36 + DIGITS.index(text[i + 1])
        if n >= len(order):
            raise Refused(STALE)
        out.append(order[n])
    if len(set(out)) != len(out):
        raise Refused(STALE)
    return tuple(out)


def _digits(cards: tuple[str, ...]) -> str:
    index = _index()
    return "".join(DIGITS[index[c] // 36] + DIGITS[index[c] % 36] for c in cards)


@dataclass(frozen=True)
class Draft:
    """An offer being put together (see the module's docstring)."""

    counters: int = 0  # the offer this one answers; 0 for a new offer
    to: tuple[int, ...] = ()
    shelf: str = ""  # the asking list's category page, "" before one is picked
    gives: tuple[str, ...] = ()
    asks: tuple[str, ...] = ()

    def encode(self) -> str:
        """The draft as a control's `arg`."""
        mask = sum(1 << s for s in self.to)
        return f"{self.counters}.{mask:x}.{self.shelf}.{_digits(self.gives)}.{_digits(self.asks)}"

    @staticmethod
    def decode(arg: str) -> Draft:
        """The draft a control's `arg` holds (Refused when it is not one: an old or forged id)."""
        found = _ARG.match(arg)
        if found is None:
            raise Refused(STALE)
        counters, mask, shelf, gives, asks = found.groups()
        bits = int(mask or "0", 16)
        shelf = shelf or ""
        if shelf and shelf[0] not in CATEGORIES:
            raise Refused(STALE)
        return Draft(
            counters=int(counters),
            to=tuple(s for s in range(8) if bits >> s & 1),
            shelf=shelf,
            gives=_cards(gives),
            asks=_cards(asks),
        )

    def but(self, **changes: object) -> Draft:
        """This draft with some fields changed."""
        return replace(self, **changes)  # type: ignore[arg-type]
