"""What a seat may do, for the random player: the kinds of action of each place and the errands
a Smith could run from where it stands (`errands_from`), whether one kind is open to a seat now
(`available`: the rules' own numbers, no arguments built), one command of a chosen kind with its
arguments drawn at random (`build`), and the Move routes between places (`routes`). A player can
so choose among actions without trying commands that would be refused, and build only the
arguments of the kind it chose.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import TypeVar

from games.winterforge.rules import commands as cm
from games.winterforge.rules.alleyways import DONATION, RUNE, THIEF
from games.winterforge.rules.bank import PRIME_REPAY_OFF, UNPAID_LIMIT
from games.winterforge.rules.content import MAX_SKILL, SKILLS, load_pack
from games.winterforge.rules.context import (
    ability,
    closed,
    contract_card,
    discount,
    event_effect,
    prime_free,
)
from games.winterforge.rules.forging import ANY
from games.winterforge.rules.guildhall import FUNDS_BELOW, TAKE_LIMIT, contract_limit, held_count
from games.winterforge.rules.market import BUY_LIMIT, REFRESH_COST
from games.winterforge.rules.state import LORDS, Guild, WinterforgeState
from games.winterforge.rules.tavern import CREW_LIMIT

T = TypeVar("T")
Pick = Callable[[Sequence[T]], T]
Kind = type[cm.Command]


@cache
def routes(alleyways: tuple[str, ...]) -> dict[str, dict[str, tuple[int, str]]]:
    """For each place, every other place with the Moves it takes to get there and the first
    Move of a shortest route (the ring of precincts, and every Alleyway one Move from every
    precinct). Worked out once per set of Alleyways in play."""
    links = load_pack().links
    places = (*links, *alleyways)

    def next_to(place: str) -> tuple[str, ...]:
        return (*links[place], *alleyways) if place in links else tuple(links)

    table: dict[str, dict[str, tuple[int, str]]] = {}
    for origin in places:
        found: dict[str, tuple[int, str]] = {}
        frontier = [(place, place) for place in next_to(origin)]
        steps = 1
        while frontier:
            later = []
            for place, first in frontier:
                if place != origin and place not in found:
                    found[place] = (steps, first)
                    later += [(p, first) for p in next_to(place)]
            frontier, steps = later, steps + 1
        table[origin] = found
    return table


def prime_ok(state: WinterforgeState, seat: int, place: str) -> bool:
    """May `seat` use the Prime Position bonus of `place` with its next action there?"""
    if state.turn.event and event_effect(state, "no_prime") is not None:
        return False
    if state.variant == LORDS:
        return seat not in state.day_primes and prime_free(state, place)
    g = state.guilds[seat]
    return g.at == place and g.prime and not g.prime_used


# The caches below keep a few recent answers (`RECENT`): a game asks again about the stockpile,
# Market or Tavern it just asked about, another game seldom does, and a large cache, full of
# other games' answers, only made each look-up slower (memory the processor no longer holds:
# a process of 300 games held 5.5 MB more). Hit rates are the same with 8 entries as with 4,096.
RECENT = 16


def _materials(stockpile: tuple[str, ...]) -> dict[str, int]:
    components = load_pack().components
    have: dict[str, int] = {}
    for c in stockpile:
        material = components[c].material
        have[material] = have.get(material, 0) + 1
    return have


@cache
def _requirement(contract: str) -> tuple[int, tuple[tuple[str, int], ...]]:
    # A Contract's number of Components and how many of each material (the slots "any" aside),
    # by slug: a cache keyed by the string itself.
    slots = contract_card(contract).slots
    return len(slots), tuple(Counter(s for s in slots if s != ANY).items())


@cache
def _dice_totals() -> dict[str, int]:
    """Each Component's dice added up (their faces), the order `assignment` commits them in."""
    return {slug: sum(card.dice) for slug, card in load_pack().components.items()}


def assignment(g: Guild, slots: Sequence[str]) -> tuple[str, ...] | None:
    """Components of `g`'s stockpile that fill `slots` exactly (the largest dice first), or None."""
    # Not cached: asked once per forge of a Contract from the hand, of a stockpile seldom seen
    # again (2 hits in 3,113 asks over 300 games).
    components = load_pack().components
    totals = _dice_totals()
    pool = sorted(g.stockpile, key=lambda c: (-totals[c], c))
    chosen: list[str] = []
    for slot in sorted(slots, key=lambda s: s == ANY):
        for c in pool:
            if c not in chosen and (slot == ANY or components[c].material == slot):
                chosen.append(c)
                break
        else:
            return None
    return tuple(chosen)


def _trainable(state: WinterforgeState, seat: int, prime: bool) -> list[str]:
    # `training_cost` of each skill, its discounts added up once.
    g = state.guilds[seat]
    costs = load_pack().guilds[g.board].train_cost
    off = _training_off(state, g, prime)
    return [
        skill
        for skill, level in zip(SKILLS, g.skills, strict=True)
        if level < MAX_SKILL and max(0, costs[level] - off) <= g.coin
    ]


def _training_off(state: WinterforgeState, g: Guild, prime: bool) -> int:
    """What `training_cost` takes off every skill's step: the Prime Position's 1, a Crew's and
    an Event's discount (each asked only when there may be one)."""
    off = 1 if prime else 0
    if g.crew:
        off += ability(g, "train_discount")
    if state.turn.event:
        off += discount(state, "forge")
    return off


def _take_count(state: WinterforgeState, g: Guild) -> int:
    """How many Contracts a Take Contracts action takes (0: none may be taken): up to 2 of the
    track, those over the limit returned from the hand first, never all of them."""
    on_track = len(state.job_track) - state.job_track.count("")
    take = TAKE_LIMIT if on_track > TAKE_LIMIT else on_track
    over = held_count(g) + take - contract_limit(g)
    # The returns, `min(over, len(g.hand) + take)` when over the limit, fewer than the take
    # (the hand's length never negative: fewer exactly when `over` is).
    return take if over < take else 0


def _repayable(g: Guild, prime: bool) -> list[tuple[str, int]]:
    """Each unpaid Loan with the most `g` may pay on it now (at least 1 Coin)."""
    off = PRIME_REPAY_OFF if prime else 0
    loans = load_pack().loans
    out = []
    # `unpaid` and `owed` of each, in one pass (each Loan card is held once: its own debt).
    for held in g.loans:
        if held.repaid:
            continue
        most = loans[held.loan].repay - held.paid - off
        if most > g.coin:
            most = g.coin
        if most >= 1:
            out.append((held.loan, most))
    return out


# The kinds of action of each place: precinct actions (Lords of Winterforge places a Smith with
# each) and the free refreshes of the Market and the Tavern.
PLACE_KINDS: dict[str, tuple[Kind, ...]] = {
    "forge": (cm.Train, cm.Forge),
    "market": (cm.Buy,),
    "guildhall": (cm.TakeContracts, cm.RequestFunds),
    "bank": (cm.TakeLoan, cm.RepayLoan),
    "tavern": (cm.Hire,),
    "shrine": (cm.Donate,),
    "thieves-guild": (cm.HireThief,),
    "runesmith": (cm.BuyRune,),
    "auction-house": (cm.SellHeld,),
}
FREE_KINDS: dict[str, tuple[Kind, ...]] = {
    "market": (cm.RefreshRow,),
    "tavern": (cm.RefreshTavern,),
}
FREE_KIND_SET = frozenset(kind for kinds in FREE_KINDS.values() for kind in kinds)
PLACE_OF: dict[Kind, str] = {
    kind: place
    for table in (PLACE_KINDS, FREE_KINDS)
    for place, kinds in table.items()
    for kind in kinds
}


Check = Callable[[WinterforgeState, int, Guild, bool], bool]
# (place, kind of action, its check): whether the kind is open to a seat, the seat's guild and
# the Prime Position's bonus given (the Event that may close the place aside: see `available`).
Errand = tuple[str, Kind, Check]


@cache
def errands_from(
    alleyways: tuple[str, ...], here: str, act: bool, reach: int, refresh: bool
) -> tuple[Errand, ...]:
    """Every errand a Smith in `here` could run this turn: the kinds of `here` when it may
    `act` (its free refreshes too when `refresh`), and those of every place it can reach with
    fewer than `reach` Moves (a Move and then an action each)."""
    out: list[tuple[str, Kind]] = []
    if act:
        out += [(here, kind) for kind in PLACE_KINDS.get(here, ())]
        if refresh:
            out += [(here, kind) for kind in FREE_KINDS.get(here, ())]
    for place, (steps, _) in routes(alleyways)[here].items():
        if steps < reach:
            out += [(place, kind) for kind in PLACE_KINDS[place]]
    return tuple((place, kind, CHECKS[kind]) for place, kind in out)


@cache
def placements(alleyways: tuple[str, ...]) -> tuple[Errand, ...]:
    """Every errand of Lords of Winterforge, where each action places a Smith."""
    places = (*load_pack().links, *alleyways)
    return tuple((place, kind, CHECKS[kind]) for place in places for kind in PLACE_KINDS[place])


# Checks asked at about 500 draws a random game: the cheapest card or step of a Market, Tavern or
# guild board is looked up once per layout (the discounts, the same for every card, added after),
# and a discount asked only of a guild with Crew or a turn with a solo Event.
@cache
def _cheapest_training(board: str, skills: tuple[int, ...]) -> float:
    costs = load_pack().guilds[board].train_cost
    return min((costs[level] for level in skills if level < MAX_SKILL), default=math.inf)


def _can_train(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    # `training_cost` of the cheapest skill to train.
    return max(0, _cheapest_training(g.board, g.skills) - _training_off(state, g, prime)) <= g.coin


def _can_forge(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    if g.started:
        return True
    # `_ready` with nothing started (so the Royal Contract is not), and no look-up for fewer than
    # 2 Components: every Contract needs at least 2.
    if len(g.stockpile) < 2:
        return False
    return bool(_fillable(g.stockpile, g.hand, g.royal if not g.royal_done else ""))


def _ready(g: Guild) -> tuple[str, ...]:
    """The Contracts not yet started (`_forge_candidates`) that `g`'s stockpile fills now."""
    royal = g.royal if g.royal and not g.royal_done else ""
    if royal and any(w.contract == royal for w in g.started):
        royal = ""
    return _fillable(g.stockpile, g.hand, royal)


@lru_cache(maxsize=RECENT)
def _fillable(stockpile: tuple[str, ...], hand: tuple[str, ...], royal: str) -> tuple[str, ...]:
    # Asked at many draws and forges of an unchanged guild: worked out once per stockpile, hand
    # and Royal Contract (`fillable` of each).
    have = _materials(stockpile) if stockpile else {}
    out = []
    for contract in (*hand, royal) if royal else hand:
        size, needs = _requirement(contract)
        if size > len(stockpile):
            continue
        for material, count in needs:
            if have.get(material, 0) < count:
                break
        else:
            out.append(contract)
    return tuple(out)


@lru_cache(maxsize=RECENT)
def _cheapest_component(market: tuple[tuple[str, ...], ...]) -> float:
    components = load_pack().components
    least = math.inf
    for row in market:
        for c in row:
            if c and components[c].cost < least:
                least = components[c].cost
    return least


def _can_buy(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    # A card is affordable when its cost is within the purse plus the discounts.
    budget = g.coin
    if g.crew:
        budget += ability(g, "market_discount")
    if state.turn.event:
        budget += discount(state, "market")
    return _cheapest_component(state.market) <= budget


def _can_take(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    return _take_count(state, g) > 0


def _can_request(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    return g.coin < FUNDS_BELOW


def _can_borrow(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    if not state.bank:
        return False
    if len(g.loans) < UNPAID_LIMIT:
        return True
    # `unpaid`, counted without building it.
    owing = 0
    for held in g.loans:
        owing += not held.repaid
    return owing < UNPAID_LIMIT


def _can_repay(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    # `_repayable` not empty, without building it: with at least 1 Coin, a Loan owing more than
    # the Prime Position's discount (each Loan card is held once: `owed` is its own debt).
    if g.coin < 1 or not g.loans:
        return False
    least = 1 + (PRIME_REPAY_OFF if prime else 0)
    loans = load_pack().loans
    for held in g.loans:  # noqa: SIM110 (a loop, not `any` of a generator: cheaper)
        if not held.repaid and loans[held.loan].repay - held.paid >= least:
            return True
    return False


@lru_cache(maxsize=RECENT)
def _cheapest_crew(tavern: tuple[str, ...]) -> float:
    # A loop, not `min` of a generator (the Tavern changes often: a third of the asks miss).
    cards = load_pack().crew
    least = math.inf
    for crew in tavern:
        if cards[crew].cost < least:
            least = cards[crew].cost
    return least


def _can_hire(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    # `hire_cost` of the cheapest Crew in the Tavern.
    off = 1 if prime else 0
    if state.turn.event:
        off += discount(state, "tavern")
    return max(0, _cheapest_crew(state.tavern) - off) <= g.coin


def _can_donate(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    return bool(state.shrine) and g.coin >= DONATION


def _can_steal(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    return g.coin >= THIEF and bool(_victims(state, seat))


def _can_buy_rune(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    return bool(state.rune_deck) and g.coin >= RUNE


def _can_sell(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    return bool(g.held)


def _can_refresh_row(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    return g.coin >= (0 if ability(g, "refresh_free") else REFRESH_COST)


def _can_refresh_tavern(state: WinterforgeState, seat: int, g: Guild, prime: bool) -> bool:
    return g.coin >= 1


CHECKS: dict[Kind, Check] = {
    cm.Train: _can_train,
    cm.Forge: _can_forge,
    cm.Buy: _can_buy,
    cm.TakeContracts: _can_take,
    cm.RequestFunds: _can_request,
    cm.TakeLoan: _can_borrow,
    cm.RepayLoan: _can_repay,
    cm.Hire: _can_hire,
    cm.Donate: _can_donate,
    cm.HireThief: _can_steal,
    cm.BuyRune: _can_buy_rune,
    cm.SellHeld: _can_sell,
    cm.RefreshRow: _can_refresh_row,
    cm.RefreshTavern: _can_refresh_tavern,
}


def available(state: WinterforgeState, seat: int, kind: Kind, prime: bool) -> bool:
    """May `seat` take an action of `kind` now, its Smith being (or placed) in that kind's place,
    using the Prime Position's bonus when `prime`? (The rules' own numbers, no arguments built.)"""
    if state.turn.event and closed(state, PLACE_OF[kind]):
        return False
    return CHECKS[kind](state, seat, state.guilds[seat], prime)


def _victims(state: WinterforgeState, seat: int) -> list[int]:
    return [
        s
        for s, other in enumerate(state.guilds)
        if s != seat and other.stockpile and not ability(other, "bodyguard")
    ]


def build(state: WinterforgeState, seat: int, kind: Kind, prime: bool, pick: Pick) -> cm.Command:
    """One command of `kind` (`available` to `seat`, its Smith in that kind's place), its arguments
    drawn with `pick`: uniformly among the skills, Contracts, Loans, Crew, rows, tokens or victims
    it may take, and a purchase or a take built one card at a time among those still allowed."""
    if kind is cm.RequestFunds:  # the commonest, first
        return cm.RequestFunds(seat=seat, prime=prime)
    g = state.guilds[seat]
    if kind is cm.Train:
        return cm.Train(seat=seat, skill=pick(_trainable(state, seat, prime)), prime=prime)
    if kind is cm.Forge:
        forges = [w.contract for w in g.started]
        forges += _ready(g)
        contract = pick(forges)
        components = ()
        if contract not in {w.contract for w in g.started}:
            components = assignment(g, contract_card(contract).slots) or ()
        return cm.Forge(seat=seat, contract=contract, components=components, prime=prime)
    if kind is cm.Buy:
        # A purchase costs its cards' costs less the discounts, never below 0: within the purse
        # exactly when the cards' costs are within the purse plus the discounts.
        components = load_pack().components
        budget = g.coin
        if g.crew:
            budget += ability(g, "market_discount")
        if state.turn.event:
            budget += discount(state, "market")
        costs: dict[str, int] = {}
        affordable = []
        for row in state.market:
            for c in row:
                if c:
                    costs[c] = cost = components[c].cost
                    if cost <= budget:
                        affordable.append(c)
        chosen = [pick(affordable)]
        spent = costs[chosen[0]]
        limit = BUY_LIMIT + (1 if prime else 0)
        while len(chosen) < limit:
            more = [c for c in affordable if c not in chosen and spent + costs[c] <= budget]
            if not more:
                break
            chosen.append(pick(more))
            spent += costs[chosen[-1]]
        return cm.Buy(seat=seat, components=tuple(chosen), prime=len(chosen) > BUY_LIMIT)
    if kind is cm.TakeContracts:
        track = [c for c in state.job_track if c]
        take = [pick(track)]
        rest = [c for c in track if c not in take]
        if rest and TAKE_LIMIT > 1:
            take.append(pick(rest))
        over = held_count(g) + len(take) - contract_limit(g)
        returns = tuple((*g.hand, *take)[:over]) if over > 0 else ()
        return cm.TakeContracts(seat=seat, contracts=tuple(take), returns=returns, prime=prime)
    if kind is cm.TakeLoan:
        return cm.TakeLoan(seat=seat, loan=pick(state.bank), prime=prime)
    if kind is cm.RepayLoan:
        loan, most = pick(_repayable(g, prime))
        return cm.RepayLoan(seat=seat, loan=loan, amount=most, prime=prime)
    if kind is cm.Hire:
        # `hire_cost` of each Crew in the Tavern, its discounts added up once.
        cards = load_pack().crew
        off = (1 if prime else 0) + (discount(state, "tavern") if state.turn.event else 0)
        crew = pick([c for c in state.tavern if max(0, cards[c].cost - off) <= g.coin])
        fire = (pick(g.crew),) if len(g.crew) >= CREW_LIMIT else ()
        return cm.Hire(seat=seat, crew=crew, fire=fire, prime=prime)
    if kind is cm.Donate:
        return cm.Donate(seat=seat, token=pick(range(1, len(state.shrine) + 1)))
    if kind is cm.HireThief:
        return cm.HireThief(seat=seat, victim=pick(_victims(state, seat)))
    if kind is cm.BuyRune:
        return cm.BuyRune(seat=seat)
    if kind is cm.SellHeld:
        return cm.SellHeld(seat=seat)
    if kind is cm.RefreshRow:
        return cm.RefreshRow(seat=seat, level=pick((1, 2, 3)))
    if kind is cm.RefreshTavern:
        return cm.RefreshTavern(seat=seat)
    raise ValueError(f"no such kind of action: {kind.__name__}")
