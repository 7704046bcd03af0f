"""The invariants of every reachable state, and states that differ in one seat's secrets, for the
conformance suite and the fuzzers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from msgspec.structs import replace

from games.winterforge import GAME
from games.winterforge.rules.bank import UNPAID_LIMIT
from games.winterforge.rules.context import prime_capacity
from games.winterforge.rules.guildhall import CONTRACT_LIMIT, held_count
from games.winterforge.rules.state import WinterforgeState
from games.winterforge.rules.tavern import CREW_LIMIT
from games.winterforge.tests.table import PACK, guild

EVERY_COMPONENT = Counter(list(PACK.components))


def component_places(state: WinterforgeState) -> Counter[str]:
    """Every Component wherever it is: the Market, a deck, a stockpile or under a Contract."""
    found: Counter[str] = Counter(c for row in state.market for c in row if c)
    for deck in state.component_decks:
        found.update(deck)
    for g in state.guilds:
        found.update(g.stockpile)
        for w in g.started:
            found.update(w.components)
    return found


def contract_places(state: WinterforgeState) -> Counter[str]:
    """Every Contract in play wherever it is."""
    found: Counter[str] = Counter(state.contract_deck)
    found.update(c for c in state.job_track if c)
    for g in state.guilds:
        found.update(g.hand)
        found.update(w.contract for w in g.started if w.contract in PACK.contracts)
        found.update(c for c in (*g.completed, *g.held) if c in PACK.contracts)
    return found


def crew_places(state: WinterforgeState) -> Counter[str]:
    found: Counter[str] = Counter(state.crew_deck)
    found.update(state.tavern)
    for g in state.guilds:
        found.update(g.crew)
    return found


def check_invariants(state: WinterforgeState) -> None:
    """The rules' limits and the conservation of cards, in every reachable state."""
    assert component_places(state) == EVERY_COMPONENT, "a Component is lost or in two places"
    contracts = contract_places(state)
    assert all(n == 1 for n in contracts.values()), "a Contract is in two places"
    assert set(contracts) <= set(PACK.contracts)
    crew = crew_places(state)
    assert all(n == 1 for n in crew.values()), "a Crew card is in two places"
    for seat, g in enumerate(state.guilds):
        assert g.coin >= 0, f"seat {seat}: negative Coin"
        assert len(g.crew) <= CREW_LIMIT, f"seat {seat}: more than 2 Crew"
        assert sum(1 for h in g.loans if not h.repaid) <= UNPAID_LIMIT, f"seat {seat}: loans"
        assert held_count(g) <= CONTRACT_LIMIT + 1, f"seat {seat}: more Contracts than allowed"
        assert all(0 <= s <= 10 for s in g.skills), f"seat {seat}: a skill off its track"
    for place in PACK.links:
        assert sum(1 for p, _ in state.primes if p == place) <= prime_capacity(state)
    assert len(state.tavern) <= 3 and len(state.bank) <= 2
    if state.result is None:
        assert GAME.pending(state), "nobody to wait for"
    else:
        assert sorted(state.result.ranking) == list(range(state.players))


def secret_variants(state: WinterforgeState, seat: int) -> Iterator[WinterforgeState]:
    """States that differ from `state` only in `seat`'s secrets (a Contract in hand swapped with
    one from the deck, its Royal Contract, its Faith) or in what nobody knows (deck orders)."""
    g = state.guilds[seat]
    if g.hand and state.contract_deck:
        deck = list(state.contract_deck)
        hand = list(g.hand)
        hand[0], deck[0] = deck[0], hand[0]
        yield replace(guild(state, seat, hand=tuple(hand)), contract_deck=tuple(deck))
    if len(state.contract_deck) > 1:
        yield replace(state, contract_deck=tuple(reversed(state.contract_deck)))
    started = {w.contract for w in g.started}
    if g.royal and not g.royal_done and g.royal not in started:
        others = {o.royal for o in state.guilds} | {r for o in state.guilds for r in o.royal_offer}
        spare = next((r for r in PACK.royals if r not in others), None)
        if spare is not None:
            yield guild(state, seat, royal=spare)
    if g.faith:
        yield guild(state, seat, faith=tuple(4 - v for v in g.faith))
    for level in range(3):
        if len(state.component_decks[level]) > 1:
            decks = list(state.component_decks)
            decks[level] = tuple(reversed(decks[level]))
            yield replace(state, component_decks=tuple(decks))
