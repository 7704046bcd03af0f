"""Offers between seats: propose an exchange, accept, decline, counter, withdraw.

A seat proposes to give some items and asks for others; the items are opaque ids the game chooses
(card slugs, resource names; the same id may appear several times for goods that come in
quantities). The offer goes to one or more seats, asked in a `Window` whose default answer is
"decline". The first addressee to accept takes it; the game then carries out the exchange at once,
after `check_exchange` confirms both sides still hold what they promised. An addressee may
counter: that is its answer to the old offer, and a new offer from it back to the proposer. When
every addressee has declined or countered the offer is closed; its proposer may withdraw it while
it is open, and the game may let it lapse (at the end of a trading stage, say).

The contents of an offer are secret to its parties; `shape` gives what everybody else may know.
Transitions (`accepted`, `declined`, ...) never fail, so a game's `evolve` can use them; the
`check_*` functions raise `RuleError`s for its `decide`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import msgspec

from engine.core.errors import RuleError
from engine.core.turns import Window, answer_of, check_reply, is_closed, open_window, replied

OPEN = "open"
ACCEPTED = "accepted"
DECLINED = "declined"  # every addressee declined
COUNTERED = "countered"  # every addressee declined or countered, at least one countered
WITHDRAWN = "withdrawn"
LAPSED = "lapsed"
STATUSES = (OPEN, ACCEPTED, DECLINED, COUNTERED, WITHDRAWN, LAPSED)

ACCEPT = "accept"
DECLINE = "decline"
COUNTER = "counter"
ANSWERS = (ACCEPT, DECLINE, COUNTER)


class Offer(msgspec.Struct, frozen=True):
    """Seat `by` gives `gives` and asks `asks` of whichever addressee accepts.

    `replies` asks the addressees (its seats) and holds their answers; `taker` is the seat that
    accepted (-1 until then); `counters` is the id of the offer this one answers (0 for none).
    """

    id: int
    by: int
    gives: tuple[str, ...]
    asks: tuple[str, ...]
    replies: Window
    status: str = OPEN
    taker: int = -1
    counters: int = 0

    @property
    def to(self) -> tuple[int, ...]:
        """The addressees."""
        return self.replies.seats


class OfferShape(msgspec.Struct, frozen=True):
    """What everybody may know of an offer: who, to whom, how many items each way, its status."""

    id: int
    by: int
    to: tuple[int, ...]
    gives: int
    asks: int
    status: str
    taker: int
    counters: int
    answered: tuple[int, ...]  # addressees who have answered (not what they answered)


def make_offer(
    offer_id: int,
    by: int,
    to: Iterable[int],
    gives: Iterable[str],
    asks: Iterable[str],
    counters: int = 0,
) -> Offer:
    """A new open offer (checked beforehand with `check_proposal`)."""
    return Offer(
        id=offer_id,
        by=by,
        gives=tuple(gives),
        asks=tuple(asks),
        replies=open_window(to, f"offer {offer_id}", DECLINE, ANSWERS),
        counters=counters,
    )


def holds(items: Collection[str], promised: Iterable[str]) -> bool:
    """Does a holder of `items` have every one of `promised` (counted with repeats)?"""
    left = list(items)
    for item in promised:
        if item not in left:
            return False
        left.remove(item)
    return True


def check_proposal(
    by: int,
    to: Collection[int],
    gives: Collection[str],
    asks: Collection[str],
    held: Collection[str],
    *,
    one_way: bool = False,
) -> None:
    """Refuse an offer that cannot be made: to nobody, to its own proposer, to a seat twice,
    giving items the proposer does not hold, or (unless `one_way`) empty on one side."""
    if not to:
        raise RuleError("no_addressee", "Say whom you make the offer to.")
    if by in to:
        raise RuleError("offer_to_self", "You cannot make an offer to yourself.")
    if len(set(to)) != len(to):
        raise RuleError("addressee_twice", "Name each seat you make the offer to once.")
    if not gives and not asks:
        raise RuleError("empty_offer", "Say what you give and what you ask for.")
    if not one_way and (not gives or not asks):
        raise RuleError(
            "one_sided",
            "A trade moves something each way: give at least one and ask for at least one.",
        )
    if not holds(held, gives):
        raise RuleError("not_held", "You can only offer what you hold.")


def check_answer(offer: Offer, seat: int, answer: str) -> None:
    """Refuse an answer to an offer that is closed, or not `seat`'s to answer."""
    if offer.status != OPEN:
        raise RuleError("offer_closed", f"Offer {offer.id} is no longer open ({offer.status}).")
    check_reply(offer.replies, seat, answer)


def check_exchange(offer: Offer, by_holds: Collection[str], taker_holds: Collection[str]) -> None:
    """Refuse to carry out `offer` unless both sides still hold what they promise: its proposer
    (holding `by_holds`) what it gives, the seat accepting it (holding `taker_holds`) what it
    asks for."""
    if not holds(by_holds, offer.gives):
        raise RuleError(
            "offer_stale",
            f"Offer {offer.id} can no longer be carried out: its proposer no longer holds what "
            "it gives.",
        )
    if not holds(taker_holds, offer.asks):
        raise RuleError(
            "cannot_accept",
            f"To accept offer {offer.id} you must hold everything it asks for; decline it or "
            "make a counter-offer.",
        )


def _close_if_answered(offer: Offer) -> Offer:
    if not is_closed(offer.replies):
        return offer
    countered = any(a == COUNTER for _, a in offer.replies.answers)
    return msgspec.structs.replace(offer, status=COUNTERED if countered else DECLINED)


def accepted(offer: Offer, seat: int) -> Offer:
    """`offer` taken by `seat`: closed, the exchange to be carried out."""
    return msgspec.structs.replace(
        offer, replies=replied(offer.replies, seat, ACCEPT), status=ACCEPTED, taker=seat
    )


def declined(offer: Offer, seat: int) -> Offer:
    """`seat` declined `offer`; it closes when every addressee has answered."""
    return _close_if_answered(
        msgspec.structs.replace(offer, replies=replied(offer.replies, seat, DECLINE))
    )


def countered(offer: Offer, seat: int) -> Offer:
    """`seat` answered `offer` with a counter-offer (made separately with `make_offer`, with
    `counters=offer.id`, from `seat` to `offer.by`)."""
    return _close_if_answered(
        msgspec.structs.replace(offer, replies=replied(offer.replies, seat, COUNTER))
    )


def withdrawn(offer: Offer) -> Offer:
    """`offer` taken back by its proposer."""
    return msgspec.structs.replace(offer, status=WITHDRAWN)


def lapsed(offer: Offer) -> Offer:
    """`offer` closed by the game (its time is over, or it can no longer be carried out)."""
    return msgspec.structs.replace(offer, status=LAPSED)


def shape(offer: Offer) -> OfferShape:
    """The public shape of `offer`: no item ids, only how many go each way."""
    return OfferShape(
        id=offer.id,
        by=offer.by,
        to=offer.to,
        gives=len(offer.gives),
        asks=len(offer.asks),
        status=offer.status,
        taker=offer.taker,
        counters=offer.counters,
        answered=tuple(s for s, _ in offer.replies.answers),
    )


def parties(offer: Offer) -> tuple[int, ...]:
    """The seats that may see `offer`'s contents: its proposer and its addressees."""
    return (offer.by, *offer.to)


def awaiting(offers: Iterable[Offer], seat: int) -> tuple[Offer, ...]:
    """The open offers waiting for `seat`'s answer."""
    return tuple(
        o
        for o in offers
        if o.status == OPEN and seat in o.replies.seats and answer_of(o.replies, seat) is None
    )


def find(offers: Iterable[Offer], offer_id: int) -> Offer | None:
    """The offer with id `offer_id`, or None."""
    for o in offers:
        if o.id == offer_id:
            return o
    return None


def updated(offers: tuple[Offer, ...], offer: Offer) -> tuple[Offer, ...]:
    """`offers` with the one of the same id replaced by `offer` (appended if it is new)."""
    for i, o in enumerate(offers):
        if o.id == offer.id:
            return (*offers[:i], offer, *offers[i + 1 :])
    return (*offers, offer)
