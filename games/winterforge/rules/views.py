"""What each audience may see: one filter for the public, one for each seat.

Public: the board (job track, Market, Tavern, Bank, Prime Positions, how many cards each deck
holds), every guild's Coin, skills, Smith, stockpile, Runes, Crew, Loans, face-up and completed
Contracts, how many Contracts it holds in hand and whether its Royal Contract is still secret, the
turn, and the final scoring. Secret: the order of every deck, every hand ("Until you start work on
a Contract, it is hidden from other Players"), the Royal Contracts until forged, the Faith tokens'
values, the random source. A seat's view adds its own hand, Royal Contract and Faith, and what
its next action would cost it (`Means`: prices after its Crew's and this turn's discounts, where
it may move, where it may use a Prime Position's bonus), all worked out from what it may see.
Views are built field by field from the state, so nothing secret can reach a renderer by accident.
"""

from __future__ import annotations

import msgspec

from engine.core.errors import RuleError
from engine.core.game import Audience, Seat
from games.winterforge.rules.content import MAX_SKILL, SKILLS, load_pack
from games.winterforge.rules.context import (
    ability,
    actions_allowed,
    check_prime,
    closed,
    discount,
    event_effect,
    prime_free,
)
from games.winterforge.rules.forge import training_cost
from games.winterforge.rules.guildhall import contract_limit
from games.winterforge.rules.market import REFRESH_COST
from games.winterforge.rules.moving import free_move, reachable
from games.winterforge.rules.state import LORDS, LoanHeld, Result, WinterforgeState, Work
from games.winterforge.rules.tavern import hire_cost


class _V(msgspec.Struct, frozen=True):
    pass


class GuildView(_V):
    """One guild as everybody sees it."""

    seat: int
    board: str
    coin: int
    skills: tuple[int, int, int]
    at: str
    prime: bool
    prime_used: bool
    hand: int  # how many Contracts in hand
    royal: str  # the Royal Contract once forged or started ("" while secret)
    choosing: bool  # still choosing the Royal Contract
    started: tuple[Work, ...]
    stockpile: tuple[str, ...]
    runes: tuple[str, ...]
    crew: tuple[str, ...]
    loans: tuple[LoanHeld, ...]
    completed: tuple[str, ...]
    held: tuple[str, ...]
    faith: int  # how many Faith tokens
    placed: tuple[str, ...]


class TurnView(_V):
    seat: int
    number: int
    round: int
    actions: int
    allowed: int
    free_move: bool
    event: str


class PublicView(_V):
    players: int
    variant: str
    alleyways: tuple[str, ...]
    order: tuple[int, ...]
    turn: TurnView
    guilds: tuple[GuildView, ...]
    job_track: tuple[str, ...]
    market: tuple[tuple[str, ...], ...]
    tavern: tuple[str, ...]
    bank: tuple[str, ...]
    primes: tuple[tuple[str, int], ...]
    contract_deck: int
    component_decks: tuple[int, int, int]
    crew_deck: int
    loan_deck: int
    rune_deck: int
    shrine: int
    events_left: int
    first_royal: int
    ending: str
    result: Result | None


class Means(_V):
    """What the seat's next action would cost it and where it may act: worked out by the rules
    from the public view and the seat's own cards, so a presentation never prices an action
    differently from `decide`."""

    train: tuple[int, int, int]  # Training Cost per skill (no Prime bonus); -1 at the top
    market_off: int  # Coin off a purchase (Crew and this turn's Event)
    hire: tuple[int, ...]  # Hire Cost of each Crew in the Tavern (no Prime bonus)
    refresh: int  # what refreshing a Market row or the Tavern costs
    reachable: tuple[str, ...]  # where one Move takes the Smith (empty in Lords of Winterforge)
    free_move: bool  # the next Move is paid by a Crew's extra Move
    prime_ok: tuple[str, ...]  # places whose Prime Position bonus the next action may use
    prime_free: tuple[str, ...]  # precincts with a free Prime Position
    closed: str  # the precinct this turn's Event closes ("")
    contract_limit: int
    forge_bonus: int  # this turn's Event's bonus to a forge
    reroll: bool  # a Crew rerolls the lowest die of a forge that falls short


class SeatView(_V):
    """A seat's view: the public view and its own secrets."""

    seat: int
    public: PublicView
    hand: tuple[str, ...]
    royal: str
    royal_offer: tuple[str, ...]
    faith: tuple[int, ...]
    means: Means


def _guild(state: WinterforgeState, seat: int) -> GuildView:
    g = state.guilds[seat]
    shown = g.royal if g.royal_done or any(w.contract == g.royal for w in g.started) else ""
    return GuildView(
        seat=seat,
        board=g.board,
        coin=g.coin,
        skills=g.skills,
        at=g.at,
        prime=g.prime,
        prime_used=g.prime_used,
        hand=len(g.hand),
        royal=shown,
        choosing=bool(g.royal_offer),
        started=g.started,
        stockpile=g.stockpile,
        runes=g.runes,
        crew=g.crew,
        loans=g.loans,
        completed=g.completed,
        held=g.held,
        faith=len(g.faith),
        placed=g.placed,
    )


def public_view(state: WinterforgeState) -> PublicView:
    """What everybody may see."""
    t = state.turn
    return PublicView(
        players=state.players,
        variant=state.variant,
        alleyways=state.alleyways,
        order=state.order,
        turn=TurnView(
            seat=t.seat,
            number=t.number,
            round=t.round,
            actions=t.actions,
            allowed=actions_allowed(state),
            free_move=t.free_move,
            event=t.event,
        ),
        guilds=tuple(_guild(state, s) for s in range(state.players)),
        job_track=state.job_track,
        market=state.market,
        tavern=state.tavern,
        bank=state.bank,
        primes=state.primes,
        contract_deck=len(state.contract_deck),
        component_decks=tuple(len(d) for d in state.component_decks),  # type: ignore[arg-type]
        crew_deck=len(state.crew_deck),
        loan_deck=len(state.loan_deck),
        rune_deck=len(state.rune_deck),
        shrine=len(state.shrine),
        events_left=len(state.event_deck),
        first_royal=state.first_royal,
        ending=state.ending,
        result=state.result,
    )


def _prime_ok(state: WinterforgeState, seat: int) -> tuple[str, ...]:
    """Where `seat`'s next action may use a Prime Position's bonus: the precinct its Smith holds
    the Prime Position of, or in Lords of Winterforge any precinct with one free (once a day)."""
    if event_effect(state, "no_prime") is not None:
        return ()
    if state.variant == LORDS:
        if seat in state.day_primes:
            return ()
        return tuple(p for p in load_pack().links if prime_free(state, p))
    try:
        check_prime(state, seat)
    except RuleError:
        return ()
    return (state.guilds[seat].at,)


def _means(state: WinterforgeState, seat: int) -> Means:
    g = state.guilds[seat]
    lords = state.variant == LORDS
    event = event_effect(state, "forge_bonus")
    closing = event_effect(state, "closed")
    return Means(
        train=tuple(  # type: ignore[arg-type]
            training_cost(state, seat, skill, False) if g.skills[i] < MAX_SKILL else -1
            for i, skill in enumerate(SKILLS)
        ),
        market_off=ability(g, "market_discount") + discount(state, "market"),
        hire=tuple(hire_cost(state, crew, False) for crew in state.tavern),
        refresh=0 if ability(g, "refresh_free") else REFRESH_COST,
        reachable=() if lords else reachable(state, g.at),
        free_move=not lords and free_move(state, seat),
        prime_ok=_prime_ok(state, seat),
        prime_free=tuple(p for p in load_pack().links if prime_free(state, p)),
        closed=closing.precinct if closing is not None and closed(state, closing.precinct) else "",
        contract_limit=contract_limit(g),
        forge_bonus=event.amount if event is not None else 0,
        reroll=ability(g, "reroll") > 0,
    )


def view(state: WinterforgeState, audience: Audience) -> PublicView | SeatView:
    """What `audience` may see of `state`."""
    public = public_view(state)
    if not isinstance(audience, Seat):
        return public
    g = state.guilds[audience.seat]
    return SeatView(
        seat=audience.seat,
        public=public,
        hand=g.hand,
        royal=g.royal,
        royal_offer=g.royal_offer,
        faith=g.faith,
        means=_means(state, audience.seat),
    )
