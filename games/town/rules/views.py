"""What each audience may see: one filter for the public, one for each seat.

Public: every town (built cards are "placed face up"), the points per category and who leads each,
the categories won, how many cards each hand and the deck hold, how many cards were discarded, the
turn and its stage, the shape of the offers (who, to whom, how many cards each way, their status),
whom the game waits for, and the ranking once the game is over. Secret: the order of the deck,
every hand ("A player never has to show his cards"), the face-down discards, the contents of
offers, the random source. A seat's view adds its own hand, its own discards, the offers it is
party to in full, and its own decisions. Views are built field by field from the state, so
nothing secret can reach a renderer by accident.
"""

from __future__ import annotations

import msgspec

from engine.core import offers as of
from engine.core.game import Audience, Decision, Seat
from engine.core.turns import round_number
from games.town.rules.build import build_gains
from games.town.rules.cards import CATEGORIES, CATEGORY_NAMES, INDEX, Pack, load_cards
from games.town.rules.flow import FLOW, stage
from games.town.rules.pending import pending
from games.town.rules.scoring import bonus_active
from games.town.rules.state import TownState
from games.town.rules.victory import categories_won, leaders


class _V(msgspec.Struct, frozen=True):
    pass


class CardView(_V):
    """A card as its face shows it."""

    slug: str
    name: str
    resources: str
    bonus_card: str | None  # the slug of the card that earns the bonus
    bonus_category: str | None
    text: str


class BuiltCard(_V):
    """A card in a town, with whether its bonus is earned there."""

    slug: str
    name: str
    resources: str
    bonus_card: str | None
    bonus_category: str | None
    bonus_active: bool


class CategoryGroup(_V):
    """A town's cards of one category (a two-category card is in both groups) and its points."""

    category: str
    name: str
    points: int
    cards: tuple[BuiltCard, ...]


class SeatSummary(_V):
    seat: int
    position: int  # place in the turn order, 0 for the first player
    hand: int  # how many cards (which ones is secret)
    discarded: int  # how many cards it has discarded, face down
    cards_built: int
    town: tuple[CategoryGroup, ...]  # only categories it has points or cards in
    scores: tuple[int, ...]  # points per category, in CATEGORIES order
    total: int
    won: tuple[str, ...]  # categories it leads now (ties shared)


class CategoryStanding(_V):
    category: str
    name: str
    scores: tuple[int, ...]  # per seat
    leaders: tuple[int, ...]  # seats with the highest score above zero


class Waiting(_V):
    seat: int
    kind: str


class RankEntry(_V):
    place: int  # 1 for the winner
    seat: int
    won: tuple[str, ...]
    won_alone: int
    total: int
    cards_built: int


class OfferDetail(_V):
    """An offer in full, for its parties: the cards each way and every answer so far."""

    id: int
    by: int
    to: tuple[int, ...]
    gives: tuple[CardView, ...]
    asks: tuple[CardView, ...]
    status: str
    taker: int
    counters: int
    answers: tuple[tuple[int, str], ...]


class PublicView(_V):
    game: str
    title: str
    players: int
    order: tuple[int, ...]
    turn: int
    round: int
    current: int
    stage: str
    stage_name: str
    stage_label: str
    deck: int  # cards left in the deck
    discard_pile: int  # cards on the discard pile, all face down
    categories: tuple[CategoryStanding, ...]
    seats: tuple[SeatSummary, ...]
    offers: tuple[of.OfferShape, ...]  # this trade phase's offers, open and closed
    waiting: tuple[Waiting, ...]
    over: bool = False
    end_reason: str = ""  # "deck" or "stalled" once over
    ranking: tuple[RankEntry, ...] = ()
    winner: int | None = None


class SeatView(_V):
    """One seat's view: the public view plus its own secrets and its own decisions."""

    seat: int
    public: PublicView
    hand: tuple[CardView, ...]
    discarded: tuple[CardView, ...]  # its own face-down discards
    offers: tuple[OfferDetail, ...]  # the offers it is party to, in full
    if_built: dict[str, int]  # per category, the points building its cards of it would add
    decisions: tuple[Decision, ...]


def view(state: TownState, audience: Audience) -> PublicView | SeatView:
    """What `audience` may see of `state`."""
    pack = load_cards()
    decisions = pending(state)
    public = public_view(state, pack, decisions)
    if not isinstance(audience, Seat):
        return public
    return seat_view(state, pack, public, audience.seat, decisions)


def card_view(pack: Pack, slug: str) -> CardView:
    card = pack.cards[slug]
    bonus = card.bonus
    return CardView(
        slug=slug,
        name=card.name,
        resources=card.resources,
        bonus_card=bonus.card if bonus else None,
        bonus_category=bonus.category if bonus else None,
        text=card.text,
    )


def public_view(state: TownState, pack: Pack, decisions: tuple[Decision, ...]) -> PublicView:
    turn = state.turn
    won = categories_won(state.scores)
    result = state.result
    return PublicView(
        game="town",
        title="Founders' Town",
        players=state.players,
        order=turn.order,
        turn=turn.number,
        round=round_number(turn),
        current=turn.seat,
        stage=turn.stage,
        stage_name=FLOW[turn.stage].name,
        stage_label=stage(state).label,
        deck=len(state.deck),
        discard_pile=sum(len(d) for d in state.discards),
        categories=tuple(
            CategoryStanding(
                category=c,
                name=CATEGORY_NAMES[c],
                scores=tuple(row[i] for row in state.scores),
                leaders=leaders(state.scores, i),
            )
            for i, c in enumerate(CATEGORIES)
        ),
        seats=tuple(_summary(state, pack, seat, won[seat]) for seat in range(state.players)),
        offers=tuple(of.shape(o) for o in state.offers),
        waiting=tuple(Waiting(seat=d.seat, kind=d.kind) for d in decisions),
        over=result is not None,
        end_reason=result.reason if result else "",
        ranking=_ranking(state) if result else (),
        winner=result.ranking[0] if result else None,
    )


def _summary(state: TownState, pack: Pack, seat: int, won: tuple[str, ...]) -> SeatSummary:
    town = state.towns[seat]
    scores = state.scores[seat]
    groups = []
    for c in CATEGORIES:
        members = pack.by_category[c]
        cards = tuple(_built(pack, slug, town) for slug in town if slug in members)
        if cards or scores[INDEX[c]]:
            groups.append(
                CategoryGroup(
                    category=c, name=CATEGORY_NAMES[c], points=scores[INDEX[c]], cards=cards
                )
            )
    return SeatSummary(
        seat=seat,
        position=state.turn.order.index(seat),
        hand=len(state.hands[seat]),
        discarded=len(state.discards[seat]),
        cards_built=len(town),
        town=tuple(groups),
        scores=scores,
        total=sum(scores),
        won=won,
    )


def _built(pack: Pack, slug: str, town: tuple[str, ...]) -> BuiltCard:
    card = pack.cards[slug]
    bonus = card.bonus
    return BuiltCard(
        slug=slug,
        name=card.name,
        resources=card.resources,
        bonus_card=bonus.card if bonus else None,
        bonus_category=bonus.category if bonus else None,
        bonus_active=bonus_active(pack, slug, town),
    )


def _ranking(state: TownState) -> tuple[RankEntry, ...]:
    assert state.result is not None
    alone = [0] * state.players
    for i in range(len(CATEGORIES)):
        lead = leaders(state.scores, i)
        if len(lead) == 1:
            alone[lead[0]] += 1
    return tuple(
        RankEntry(
            place=place,
            seat=seat,
            won=state.result.won[seat],
            won_alone=alone[seat],
            total=sum(state.scores[seat]),
            cards_built=len(state.towns[seat]),
        )
        for place, seat in enumerate(state.result.ranking, start=1)
    )


def offer_detail(pack: Pack, offer: of.Offer) -> OfferDetail:
    """An offer in full (for its parties only)."""
    return OfferDetail(
        id=offer.id,
        by=offer.by,
        to=offer.to,
        gives=tuple(card_view(pack, s) for s in offer.gives),
        asks=tuple(card_view(pack, s) for s in offer.asks),
        status=offer.status,
        taker=offer.taker,
        counters=offer.counters,
        answers=offer.replies.answers,
    )


def seat_view(
    state: TownState, pack: Pack, public: PublicView, seat: int, decisions: tuple[Decision, ...]
) -> SeatView:
    return SeatView(
        seat=seat,
        public=public,
        hand=tuple(card_view(pack, s) for s in state.hands[seat]),
        discarded=tuple(card_view(pack, s) for s in state.discards[seat]),
        offers=tuple(offer_detail(pack, o) for o in state.offers if seat in of.parties(o)),
        if_built=build_gains(state, seat),
        decisions=tuple(d for d in decisions if d.seat == seat),
    )
