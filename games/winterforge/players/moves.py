"""The legal commands of a seat, built from the rules' own checks: every kind of action the seat
may take now, each with one choice of its arguments (a random choice when a `pick` is given), so
a player can choose among actions without trying commands that would be refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from games.winterforge.rules import commands as cm
from games.winterforge.rules.alleyways import DONATION, RUNE, THIEF
from games.winterforge.rules.bank import UNPAID_LIMIT, owed, unpaid
from games.winterforge.rules.content import MAX_SKILL, SKILLS, load_pack
from games.winterforge.rules.context import (
    ability,
    actions_allowed,
    closed,
    contract_card,
    event_effect,
    prime_free,
)
from games.winterforge.rules.forge import training_cost
from games.winterforge.rules.forging import ANY
from games.winterforge.rules.guildhall import FUNDS_BELOW, TAKE_LIMIT, contract_limit, held_count
from games.winterforge.rules.market import BUY_LIMIT, purchase_cost
from games.winterforge.rules.moving import free_move, reachable
from games.winterforge.rules.state import LORDS, Guild, WinterforgeState
from games.winterforge.rules.tavern import CREW_LIMIT, hire_cost

T = TypeVar("T")
Pick = Callable[[Sequence[T]], T]


def first(items: Sequence[T]) -> T:
    return items[0]


def assignment(g: Guild, slots: Sequence[str], avoid: Sequence[str] = ()) -> tuple[str, ...] | None:
    """Components of `g`'s stockpile that fill `slots` exactly (the largest dice first), or None."""
    pack = load_pack()
    pool = sorted(
        (c for c in g.stockpile if c not in avoid),
        key=lambda c: (-sum(pack.components[c].dice), c),
    )
    chosen: list[str] = []
    for slot in sorted(slots, key=lambda s: s == ANY):
        match = next(
            (
                c
                for c in pool
                if c not in chosen and (slot == ANY or pack.components[c].material == slot)
            ),
            None,
        )
        if match is None:
            return None
        chosen.append(match)
    return tuple(chosen)


def prime_ok(state: WinterforgeState, seat: int, place: str) -> bool:
    """May `seat` use the Prime Position bonus of `place` with its next action there?"""
    if event_effect(state, "no_prime") is not None:
        return False
    if state.variant == LORDS:
        return seat not in state.day_primes and prime_free(state, place)
    g = state.guilds[seat]
    return g.at == place and g.prime and not g.prime_used


def forgeable(state: WinterforgeState, seat: int) -> list[cm.Forge]:
    """Every Contract `seat` could forge now, each with one set of components."""
    g = state.guilds[seat]
    out = [cm.Forge(seat=seat, contract=w.contract) for w in g.started]
    started = {w.contract for w in g.started}
    candidates = [*g.hand]
    if g.royal and not g.royal_done and g.royal not in started:
        candidates.append(g.royal)
    for slug in candidates:
        components = assignment(g, contract_card(slug).slots)
        if components is not None:
            out.append(cm.Forge(seat=seat, contract=slug, components=components))
    return out


def place_actions(state: WinterforgeState, seat: int, place: str, pick: Pick) -> list[cm.Command]:
    """The actions `seat` could take in `place`, assuming its Smith is (or is placed) there."""
    if closed(state, place):
        return []
    g = state.guilds[seat]
    prime = prime_ok(state, seat, place)
    out: list[cm.Command] = []
    if place == "forge":
        for skill in SKILLS:
            level = g.skills[SKILLS.index(skill)]
            if level < MAX_SKILL and training_cost(state, seat, skill, prime) <= g.coin:
                out.append(cm.Train(seat=seat, skill=skill, prime=prime))
        out += [
            cm.Forge(seat=f.seat, contract=f.contract, components=f.components, prime=prime)
            for f in forgeable(state, seat)
        ]
    elif place == "market":
        offer = [c for row in state.market for c in row if c]
        affordable = [c for c in offer if purchase_cost(state, seat, (c,)) <= g.coin]
        if affordable:
            chosen = [pick(affordable)]
            limit = BUY_LIMIT + (1 if prime else 0)
            while len(chosen) < limit:
                more = [
                    c
                    for c in affordable
                    if c not in chosen and purchase_cost(state, seat, (*chosen, c)) <= g.coin
                ]
                if not more:
                    break
                chosen.append(pick(more))
            out.append(cm.Buy(seat=seat, components=tuple(chosen), prime=len(chosen) > BUY_LIMIT))
    elif place == "guildhall":
        track = [c for c in state.job_track if c]
        if track:
            take = [pick(track)]
            rest = [c for c in track if c not in take]
            if rest and TAKE_LIMIT > 1:
                take.append(pick(rest))
            over = held_count(g) + len(take) - contract_limit(g)
            returns = tuple((*g.hand, *take)[:over]) if over > 0 else ()
            if len(returns) < len(take):
                out.append(
                    cm.TakeContracts(seat=seat, contracts=tuple(take), returns=returns, prime=prime)
                )
        if g.coin < FUNDS_BELOW:
            out.append(cm.RequestFunds(seat=seat, prime=prime))
    elif place == "bank":
        if state.bank and len(unpaid(g)) < UNPAID_LIMIT:
            out.append(cm.TakeLoan(seat=seat, loan=pick(state.bank), prime=prime))
        for loan in unpaid(g):
            off = 2 if prime else 0
            most = min(g.coin, max(0, owed(g, loan) - off))
            if most >= 1:
                out.append(cm.RepayLoan(seat=seat, loan=loan, amount=most, prime=prime))
    elif place == "tavern":
        for crew in state.tavern:
            if hire_cost(state, crew, prime) <= g.coin:
                fire = (g.crew[0],) if len(g.crew) >= CREW_LIMIT else ()
                out.append(cm.Hire(seat=seat, crew=crew, fire=fire, prime=prime))
                break
    elif place == "shrine":
        if state.shrine and g.coin >= DONATION:
            out.append(cm.Donate(seat=seat, token=pick(range(1, len(state.shrine) + 1))))
    elif place == "thieves-guild":
        victims = [
            s
            for s, other in enumerate(state.guilds)
            if s != seat and other.stockpile and not ability(other, "bodyguard")
        ]
        if victims and g.coin >= THIEF:
            out.append(cm.HireThief(seat=seat, victim=pick(victims)))
    elif place == "runesmith":
        if state.rune_deck and g.coin >= RUNE:
            out.append(cm.BuyRune(seat=seat))
    elif place == "auction-house" and g.held:
        out.append(cm.SellHeld(seat=seat))
    return out


def legal(state: WinterforgeState, seat: int, pick: Pick = first) -> list[cm.Command]:
    """One command of each kind of action `seat` may take now (empty when it is not its turn)."""
    if state.result is not None:
        return []
    g = state.guilds[seat]
    if g.royal_offer:
        return [cm.ChooseRoyal(seat=seat, royal=r) for r in g.royal_offer]
    if state.choosing or state.turn.seat != seat:
        return []
    out: list[cm.Command] = [cm.EndTurn(seat=seat)]
    has_action = state.turn.actions < actions_allowed(state)
    if state.variant == LORDS:
        if has_action:
            for place in (*load_pack().links, *state.alleyways):
                out += place_actions(state, seat, place, pick)
        return out
    if has_action or free_move(state, seat):
        for place in reachable(state, g.at):
            out.append(cm.Move(seat=seat, to=place, prime=prime_free(state, place)))
    if has_action:
        out += place_actions(state, seat, g.at, pick)
    if (
        g.at == "market"
        and not closed(state, "market")
        and g.coin >= (0 if ability(g, "refresh_free") else 1)
    ):
        out.append(cm.RefreshRow(seat=seat, level=pick((1, 2, 3))))
    if g.at == "tavern" and not closed(state, "tavern") and g.coin >= 1:
        out.append(cm.RefreshTavern(seat=seat))
    return out
