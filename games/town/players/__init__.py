"""Built-in players of Founders' Town. Both implement the core `Player` protocol:
`move(state, seats)` gives the next command of one of `seats`, or None when none of them has
anything to do.

`RandomPlayer` picks at random from its own seeded source (for fuzzing, the conformance suite and
the benchmark), so a game between random players is the same for the same seeds.
`BuiltinPlayer` (`strategy.py`) plays to win the most categories, and trades only when a trade
helps it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import ClassVar, TypeVar

from engine.core import offers as of
from engine.core.rng import Dice, seeded
from games.town.players.strategy import BuiltinPlayer
from games.town.rules.build import of_category
from games.town.rules.cards import CATEGORIES, load_cards
from games.town.rules.commands import (
    AcceptOffer,
    Build,
    Command,
    CounterOffer,
    DeclineOffer,
    Discard,
    Draw,
    EndTrading,
    Propose,
    WithdrawOffer,
)
from games.town.rules.discard import MAX_DISCARD
from games.town.rules.draw import draw_limit
from games.town.rules.pending import waiting
from games.town.rules.state import BUILD, DISCARD, DRAW1, DRAW2, TRADE1, TRADE2, TownState
from games.town.rules.trade import can_accept

__all__ = ["BuiltinPlayer", "RandomPlayer"]

# How often a random player trades, so that random games hold a fair share of trading without
# being mostly offers: the chance the current player ends trading rather than make an offer, the
# chance another player makes an offer to the current player (once per trade phase), and the
# chance an offer is answered with a counter-offer rather than accepted or declined.
END_TRADING = 0.8
OUTSIDE_OFFER = 0.05
COUNTER = 0.2
SEVERAL = 0.25  # the chance an offer of the current player goes to more than one player
WITHDRAW = 0.05  # the chance of taking back an open offer, at each new wait
ANOTHER_OFFER = 0.1  # the chance the current player makes another offer while one is open


T = TypeVar("T")
_DRAW = 1 << 62
_REFILL = 1 << 32


class RandomPlayer:
    """A player that picks uniformly among the legal answers of each decision (how many cards to
    draw and to discard, which ones, which category and cards to build, whether to accept);
    offers are made up at random, at the rates above."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seeded(seed))
        self._pool = 0  # random digits not used yet (see `below`)
        # seat -> the last wait (turn, stage, offer events) it weighed doing something unasked in
        self._considered: dict[int, tuple[int, str, int]] = {}

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). One 62-bit draw of the dice serves several small
        choices: each takes one base-n digit of it, while 32 bits or more are left (the bias is
        then below n / 2**32)."""
        pool = self._pool
        if pool < _REFILL:
            pool = self.dice.below(_DRAW)
        self._pool = pool // n
        return pool % n

    def pick(self, items: Sequence[T]) -> T:
        """One of `items` (not empty), each as likely."""
        return items[self.below(len(items))] if len(items) > 1 else items[0]

    def chance(self, p: float) -> bool:
        """True with probability `p` (to a thousandth)."""
        return self.below(1000) < p * 1000

    def sample(self, items: Sequence[str], k: int) -> tuple[str, ...]:
        """`k` distinct items of `items`, in random order."""
        pool = list(items)
        out = []
        for _ in range(min(k, len(pool))):
            out.append(pool.pop(self.below(len(pool))))
        return tuple(out)

    def move(self, state: TownState, seats: Collection[int]) -> Command | None:
        """An answer to one of the pending decisions of `seats`, else perhaps an offer to the
        current player (once per trade phase each), else None."""
        asked = waiting(state)
        if len(asked) > 1:  # several addressees of offers; usually the game waits for one seat
            asked = tuple(s for s in asked if s in seats)
        if asked and asked[0] in seats:
            return self.answer(state, self.pick(asked))
        return self.extra(state, seats)

    def answer(self, state: TownState, seat: int) -> Command:
        """A legal answer to a decision `seat` has pending (made from the state directly, which
        is much faster than going through `pending`)."""
        return self._answers[state.turn.stage](self, state, seat)

    def _draw(self, state: TownState, seat: int) -> Command:
        return Draw(seat=seat, count=self.below(draw_limit(state, seat) + 1))

    def _trade(self, state: TownState, seat: int) -> Command:
        offers = of.awaiting(state.offers, seat) if state.offers else ()
        if offers:
            return self.answer_offer(state, seat, self.pick(offers))
        if not state.hands[seat] or self.chance(END_TRADING):
            return EndTrading(seat=seat)
        others = [s for s in range(state.players) if s != seat]
        several = len(others) > 1 and self.chance(SEVERAL)
        to = self.sample(others, 2 + self.below(len(others) - 1) if several else 1)
        return self.propose(state, seat, tuple(sorted(to))) or EndTrading(seat=seat)

    def _discard(self, state: TownState, seat: int) -> Command:
        hand = state.hands[seat]
        k = self.below(min(MAX_DISCARD, len(hand)) + 1)
        return Discard(seat=seat, cards=self.sample(hand, k))

    def _build(self, state: TownState, seat: int) -> Command:
        category = self.pick(CATEGORIES)
        if self.chance(0.5):
            return Build(seat=seat, category=category)
        cards = of_category(load_cards(), state.hands[seat], category)
        k = self.below(len(cards) + 1)
        return Build(seat=seat, category=category, cards=self.sample(cards, k))

    _answers: ClassVar[dict[str, Callable[[RandomPlayer, TownState, int], Command]]] = {
        DRAW1: _draw,
        TRADE1: _trade,
        DISCARD: _discard,
        DRAW2: _draw,
        TRADE2: _trade,
        BUILD: _build,
    }

    def answer_offer(self, state: TownState, seat: int, offer: of.Offer) -> Command:
        """Sometimes a counter-offer (some of the cards offered, for one or two of its own);
        otherwise accept (when it can) or decline, as likely."""
        hand = state.hands[seat]
        if hand and self.chance(COUNTER):
            gives = self.sample(hand, 1 + self.below(2))
            asks = self.sample(offer.gives, 1 + self.below(len(offer.gives)))
            return CounterOffer(seat=seat, offer=offer.id, gives=gives, asks=asks)
        if can_accept(state, offer, seat) and self.below(2):
            return AcceptOffer(seat=seat, offer=offer.id)
        return DeclineOffer(seat=seat, offer=offer.id)

    def propose(self, state: TownState, seat: int, to: tuple[int, ...]) -> Propose | None:
        """A random offer: up to 3 cards of the hand for 1 or 2 cards the seat cannot see (None
        if it sees every card)."""
        hand = state.hands[seat]
        gives = self.sample(hand, 1 + self.below(min(3, len(hand))))
        seen = set(hand)
        for town in state.towns:
            seen.update(town)
        every = load_cards().order
        if len(seen) + 2 > len(every):
            return None
        asks: list[str] = []
        # Rejection sampling: most cards are unseen, so this takes few draws.
        for _ in range(1 + self.below(2)):
            while True:
                card = every[self.below(len(every))]
                if card not in seen:
                    break
            seen.add(card)
            asks.append(card)
        return Propose(seat=seat, to=to, gives=gives, asks=tuple(asks))

    def extra(self, state: TownState, seats: Collection[int]) -> Command | None:
        """What a seat may do in a trade phase without being asked, weighed once per wait:
        withdraw one of its open offers, or make another offer (the current player while its
        offers wait; another player, once per phase, to the current player)."""
        turn = state.turn
        if turn.stage not in (TRADE1, TRADE2):
            return None
        wait = (turn.number, turn.stage, state.moves)
        for seat in seats:
            if self._considered.get(seat) == wait:
                continue
            self._considered[seat] = wait
            mine = [o for o in state.offers if o.by == seat] if state.offers else []
            still_open = [o for o in mine if o.status == of.OPEN]
            if still_open and self.chance(WITHDRAW):
                return WithdrawOffer(seat=seat, offer=self.pick(still_open).id)
            if not state.hands[seat]:
                continue
            if seat == turn.seat:
                if still_open and self.chance(ANOTHER_OFFER):
                    others = tuple(s for s in range(state.players) if s != seat)
                    return self.propose(state, seat, (self.pick(others),))
            elif not mine and self.chance(OUTSIDE_OFFER):
                return self.propose(state, seat, (turn.seat,))
        return None
