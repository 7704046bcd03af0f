"""What a turn's controls carry in their custom ids: the stamp of the view they were made from
(so a control left from an earlier moment is refused, never applied to a later one), whether the
Prime Position's bonus is on, the place whose actions are shown, and for the forge and the
Guildhall the choices picked so far. Ids only: indices into the seat's own view, never state.

    1a2b3c4d.p.fg                       a turn menu: stamp, prime on, the Forge's actions
    1a2b3c4d.ph.h0.013.-.               a forge: hand Contract 0, stockpile 0, 1 and 3, no Rune
"""

from __future__ import annotations

import string
from dataclasses import dataclass, replace

from bot.presentation import Refused
from bot.render.ids import fingerprint
from games.winterforge.presentation.words import PLACE_CODES, PLACE_OF_CODE
from games.winterforge.rules.views import SeatView

DIGITS = string.digits + string.ascii_lowercase  # one character per index, up to 35
STALE = (
    "This prompt is out of date: the game has moved on since it was made. `/gm decide` shows "
    "what you can do now. Nothing was changed."
)


def stamp(view: SeatView) -> str:
    """A short digest of the seat's view: any change to the game makes a new one."""
    return fingerprint(view)[:8]


def _indices(text: str) -> tuple[int, ...]:
    if any(ch not in DIGITS for ch in text):
        raise Refused(STALE)
    return tuple(DIGITS.index(ch) for ch in text)


def _digits(indices: tuple[int, ...]) -> str:
    return "".join(DIGITS[i] for i in indices)


@dataclass(frozen=True)
class Menu:
    """A turn menu: the view's stamp, the Prime bonus on or off, the place shown ("" for the
    Smith's own place)."""

    stamp: str
    prime: bool
    at: str = ""

    def encode(self) -> str:
        return f"{self.stamp}.{'p' if self.prime else 'n'}.{PLACE_CODES.get(self.at, '')}"

    @classmethod
    def decode(cls, arg: str) -> Menu:
        parts = arg.split(".")
        if len(parts) < 3 or parts[1] not in ("p", "n") or parts[2] not in ("", *PLACE_OF_CODE):
            raise Refused(STALE)
        return cls(parts[0], parts[1] == "p", PLACE_OF_CODE.get(parts[2], ""))

    def but(self, **changes: object) -> Menu:
        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class ForgeDraft:
    """A forge being put together: which Contract ("h<i>" in hand, "r" the Royal, "s<i>" face
    up), the stockpile indices committed, the Rune (-1 for none), the Prime bonus, Hold
    (Auction House) and the Crew to let go on success."""

    stamp: str
    contract: str
    components: tuple[int, ...] = ()
    rune: int = -1
    prime: bool = False
    hold: bool = False
    dismiss: tuple[int, ...] = ()

    def encode(self) -> str:
        flags = ("p" if self.prime else "") + ("h" if self.hold else "")
        rune = "-" if self.rune < 0 else DIGITS[self.rune]
        return (
            f"{self.stamp}.{flags}.{self.contract}.{_digits(self.components)}.{rune}."
            f"{_digits(self.dismiss)}"
        )

    @classmethod
    def decode(cls, arg: str) -> ForgeDraft:
        parts = arg.split(".")
        if len(parts) != 6 or set(parts[1]) - {"p", "h"}:
            raise Refused(STALE)
        code = parts[2]
        if not (code == "r" or (len(code) == 2 and code[0] in "hs" and code[1] in DIGITS)):
            raise Refused(STALE)
        rune = -1 if parts[4] == "-" else _indices(parts[4])[0] if len(parts[4]) == 1 else None
        if rune is None:
            raise Refused(STALE)
        return cls(
            stamp=parts[0],
            contract=code,
            components=_indices(parts[3]),
            rune=rune,
            prime="p" in parts[1],
            hold="h" in parts[1],
            dismiss=_indices(parts[5]),
        )

    def but(self, **changes: object) -> ForgeDraft:
        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class TakeDraft:
    """Contracts being taken at the Guildhall, past the limit of 3: the job-track indices taken
    (what goes back is the returns select's choice)."""

    stamp: str
    prime: bool
    take: tuple[int, ...]

    def encode(self) -> str:
        return f"{self.stamp}.{'p' if self.prime else 'n'}.{_digits(self.take)}"

    @classmethod
    def decode(cls, arg: str) -> TakeDraft:
        parts = arg.split(".")
        if len(parts) != 3 or parts[1] not in ("p", "n"):
            raise Refused(STALE)
        return cls(parts[0], parts[1] == "p", _indices(parts[2]))


def contract_code(view: SeatView, slug: str) -> str:
    """The code of one of the seat's Contracts: "h<i>" in hand, "s<i>" face up, "r" Royal."""
    g = view.public.guilds[view.seat]
    for i, w in enumerate(g.started):
        if w.contract == slug:
            return f"s{DIGITS[i]}"
    if slug in view.hand:
        return f"h{DIGITS[view.hand.index(slug)]}"
    return "r"


def contract_of(view: SeatView, code: str) -> str:
    """The Contract a code names, or Refused when the seat holds no such Contract now."""
    g = view.public.guilds[view.seat]
    if code == "r":
        if not view.royal or view.royal in g.completed or view.royal in g.held:
            raise Refused("Your Royal Contract is already complete; pick another Contract.")
        return view.royal
    i = DIGITS.index(code[1]) if len(code) == 2 and code[1] in DIGITS else -1
    pool = [w.contract for w in g.started] if code[:1] == "s" else list(view.hand)
    if not 0 <= i < len(pool):
        raise Refused(STALE)
    return pool[i]
