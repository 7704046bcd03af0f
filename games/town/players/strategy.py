"""The built-in player: it plays to lead as many categories as it can.

It sees what its seat sees (its hand, every town, the counts) and values a position as the
expected number of categories it will win: in each category its margin over the best rival (its
built points, plus its hand's points discounted by the chance of building them in the turns left)
goes through a smooth step, so a close category weighs more than a safe or a lost one. Cards it
has handed to a rival in a trade count for that rival the same way.

- Draw: as many as allowed.
- Discard: the cards worth less to it than half an average unseen card, up to 3, when the Second
  Draw can replace them.
- Build: the category whose building raises its value most.
- Offers received: accept only when the trade raises its value; otherwise decline.
- Offers made (once per trade phase): one of its least useful cards for an unseen card it wants,
  to the players its estimate says the card helps (so both sides gain), only if it gains itself.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Sequence

from engine.core import offers as of
from engine.core.game import Decision
from games.town.rules.build import of_category
from games.town.rules.cards import CATEGORIES, Pack, load_cards
from games.town.rules.commands import (
    AcceptOffer,
    Build,
    Command,
    DeclineOffer,
    Discard,
    Draw,
    EndTrading,
    Propose,
)
from games.town.rules.discard import MAX_DISCARD
from games.town.rules.draw import HAND_SIZE
from games.town.rules.pending import pending
from games.town.rules.scoring import with_built
from games.town.rules.state import TRADE1, TRADE2, TownState
from games.town.rules.trade import can_accept

N = len(CATEGORIES)
STEEPNESS = 0.9  # how sharply a category's worth turns from lost to won with the margin
ACCEPT_MARGIN = 0.02  # an offer must raise the value by this much to be accepted
# An offer is made when the trade would raise the value by PROPOSE_MARGIN and that gain, times the
# chance that an addressee holds the card asked for, reaches EXPECTED_MARGIN: offers for cards
# nobody is likely to hold would only cost the others an answer.
PROPOSE_MARGIN = 0.1
EXPECTED_MARGIN = 0.05
CANDIDATE_GIVES = 2  # its least useful cards considered for an offer
CANDIDATE_ASKS = 6  # the unseen cards it wants most, considered for an offer
CARDS_PER_TURN = 3.5  # cards the table draws per turn, to guess how many turns are left


def _step(margin: float) -> float:
    return 1.0 / (1.0 + math.exp(-STEEPNESS * margin))


class Outlook:
    """What one seat knows and how it values positions, for one decision."""

    def __init__(self, state: TownState, seat: int) -> None:
        self.pack: Pack = load_cards()
        self.state = state
        self.seat = seat
        turns_left = len(state.deck) / CARDS_PER_TURN / state.players
        # A card in hand is worth its points times the chance of building it: one category is
        # built per turn, so it fades as the deck runs out.
        self.keep = min(0.8, turns_left / 3.0) if state.deck else 0.0

    def hand_points(self, town: Collection[str], cards: Iterable[str]) -> list[float]:
        """Points `cards` would add to `town` if built (bonuses with the town or each other)."""
        cards = tuple(cards)
        owned = set(town)
        owned.update(cards)
        out = [0.0] * N
        points, bonus = self.pack.points, self.pack.bonus
        for slug in cards:
            for index, n in points[slug]:
                out[index] += n
            link = bonus.get(slug)
            if link is not None and link[0] in owned:
                out[link[1]] += 1
        return out

    def value(
        self,
        scores: Sequence[Sequence[int]],
        hand: Iterable[str],
        handed: dict[int, Sequence[str]] | None = None,
        seat: int | None = None,
    ) -> float:
        """The expected categories won by `seat` (this seat by default) with built `scores`
        and `hand`, rivals credited with the cards in `handed`."""
        me = self.seat if seat is None else seat
        towns = self.state.towns
        mine = self.hand_points(towns[me], hand)
        best = [0.0] * N
        for other, row in enumerate(scores):
            if other == me:
                continue
            extra = self.hand_points(towns[other], handed.get(other, ())) if handed else None
            for c in range(N):
                v = row[c] + (self.keep * extra[c] if extra else 0.0)
                if v > best[c]:
                    best[c] = v
        own = scores[me]
        total = 0.0
        for c in range(N):
            mine_c = own[c] + self.keep * mine[c]
            if mine_c or best[c]:
                total += _step(mine_c - best[c] + 0.5)
        return total

    def now(self) -> float:
        """This seat's value as things stand."""
        return self.value(self.state.scores, self.state.hands[self.seat])

    def unseen(self) -> list[str]:
        """Cards this seat cannot place: in the deck, in another hand or in another player's
        face-down discards."""
        s = self.state
        seen = set(s.hands[self.seat]) | set(s.discards[self.seat])
        for town in s.towns:
            seen.update(town)
        return [c for c in self.pack.order if c not in seen]

    def worth_in_hand(self, hand: Sequence[str], card: str) -> float:
        """How much `card` adds to this seat's value when in `hand`."""
        without = [c for c in hand if c != card]
        scores = self.state.scores
        return self.value(scores, (*without, card)) - self.value(scores, without)


class BuiltinPlayer:
    """The strategic player (`GAME.players["builtin"]`). It has no randomness; `seed` is taken
    for the common signature."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def move(self, state: TownState, seats: Collection[int]) -> Command | None:
        """An answer to one of the pending decisions of `seats`, else an offer to the current
        player (at most one per trade phase each), else None."""
        if state.result is not None:
            return None
        for decision in pending(state):
            if decision.seat in seats:
                return self.answer(state, decision)
        turn = state.turn
        if turn.stage not in (TRADE1, TRADE2):
            return None
        for seat in sorted(seats):
            if seat != turn.seat and not _proposed(state, seat):
                offer = self.offer(state, seat, (turn.seat,))
                if offer is not None:
                    return offer
        return None

    def answer(self, state: TownState, decision: Decision) -> Command:
        """Its answer to `decision`."""
        seat = decision.seat
        if decision.kind == "draw":
            return Draw(seat=seat, count=decision.context["max"])
        if decision.kind == "offer":
            return self.answer_offer(state, seat, decision.context["offer"])
        if decision.kind == "trade":
            if not _proposed(state, seat):
                others = tuple(s for s in range(state.players) if s != seat)
                offer = self.offer(state, seat, others)
                if offer is not None:
                    return offer
            return EndTrading(seat=seat)
        if decision.kind == "discard":
            return Discard(seat=seat, cards=self.discards(state, seat))
        return self.build(state, seat)

    def answer_offer(self, state: TownState, seat: int, offer_id: int) -> Command:
        """Accept when it can and the trade raises its value (the proposer credited with the
        cards it would get); otherwise decline."""
        offer = of.find(state.offers, offer_id)
        assert offer is not None
        if can_accept(state, offer, seat):
            look = Outlook(state, seat)
            hand = state.hands[seat]
            after = [c for c in hand if c not in offer.asks] + list(offer.gives)
            gain = look.value(state.scores, after, {offer.by: offer.asks}) - look.now()
            if gain > ACCEPT_MARGIN:
                return AcceptOffer(seat=seat, offer=offer_id)
        return DeclineOffer(seat=seat, offer=offer_id)

    def offer(self, state: TownState, seat: int, partners: tuple[int, ...]) -> Propose | None:
        """One of its least useful cards for an unseen card it wants, to the partners the card
        helps; None when no such trade gains it enough."""
        hand = state.hands[seat]
        if not hand:
            return None
        look = Outlook(state, seat)
        scores = state.scores
        base = look.now()
        gives = sorted(hand, key=lambda c: look.worth_in_hand(hand, c))[:CANDIDATE_GIVES]
        unseen = look.unseen()
        wanted = sorted(unseen, key=lambda c: look.worth_in_hand((*hand, c), c), reverse=True)
        wanted = wanted[:CANDIDATE_ASKS]
        best: tuple[float, str, str, tuple[int, ...]] | None = None
        for give in gives:
            for ask in wanted:
                after = [c for c in hand if c != give] + [ask]
                to = tuple(p for p in partners if helps(look, p, give, ask))
                if not to:
                    continue
                gain = look.value(scores, after, {p: (give,) for p in to}) - base
                # The chance that an addressee holds the card: their cards among the unseen.
                held = min(1.0, sum(len(state.hands[p]) for p in to) / len(unseen))
                expected = gain * held
                if (
                    gain > PROPOSE_MARGIN
                    and expected > EXPECTED_MARGIN
                    and (best is None or expected > best[0])
                ):
                    best = (expected, give, ask, to)
        if best is None:
            return None
        _, give, ask, to = best
        return Propose(seat=seat, to=to, gives=(give,), asks=(ask,))

    def discards(self, state: TownState, seat: int) -> tuple[str, ...]:
        """Up to 3 cards worth less than half an average unseen card, when the Second Draw can
        replace them."""
        hand = state.hands[seat]
        room = min(MAX_DISCARD, len(hand), len(state.deck))
        if not room or len(hand) - room >= HAND_SIZE:
            return ()
        look = Outlook(state, seat)
        unseen = look.unseen()
        if not unseen:
            return ()
        average = sum(look.worth_in_hand((*hand, c), c) for c in unseen) / len(unseen)
        worth = sorted((look.worth_in_hand(hand, c), c) for c in hand)
        return tuple(c for w, c in worth[:room] if w < average * 0.5)

    def build(self, state: TownState, seat: int) -> Build:
        """The category whose cards, built, raise its value most (the earliest on a tie)."""
        look = Outlook(state, seat)
        pack = look.pack
        hand = state.hands[seat]
        town = state.towns[seat]
        best: tuple[float, str] | None = None
        for category in CATEGORIES:
            cards = of_category(pack, hand, category)
            if not cards:
                continue
            scores = list(state.scores)
            scores[seat] = with_built(pack, town, scores[seat], cards)
            rest = [c for c in hand if c not in cards]
            v = look.value(scores, rest)
            if best is None or v > best[0]:
                best = (v, category)
        return Build(seat=seat, category=best[1] if best else CATEGORIES[0])


def _proposed(state: TownState, seat: int) -> bool:
    return any(o.by == seat for o in state.offers)


def helps(look: Outlook, partner: int, give: str, ask: str) -> bool:
    """Would `partner` gain by this trade, as far as this seat can tell (from its town)?"""
    scores = look.state.scores
    before = look.value(scores, (ask,), seat=partner)
    after = look.value(scores, (give,), seat=partner)
    return after > before
