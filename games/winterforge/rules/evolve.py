"""`evolve`: apply one event to the state. Never validates, never draws a random number."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from games.winterforge.rules import events as ev
from games.winterforge.rules.content import SKILLS, load_pack
from games.winterforge.rules.state import Guild, LoanHeld, Turn, WinterforgeState, Work

S = WinterforgeState


def _guild(state: S, seat: int, **changes: Any) -> tuple[Guild, ...]:
    guilds = list(state.guilds)
    guilds[seat] = replace(guilds[seat], **changes)
    return tuple(guilds)


def _without(items: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    out = list(items)
    for item in gone:
        out.remove(item)
    return tuple(out)


def _fill(spaces: tuple[str, ...], taken: tuple[str, ...], refills: tuple[str, ...]):
    """Empty the spaces of `taken`, then fill empty spaces left to right with `refills`."""
    row = ["" if card in taken else card for card in spaces]
    queue = list(refills)
    for i, card in enumerate(row):
        if not card and queue:
            row[i] = queue.pop(0)
    return tuple(row)


def _created(state: S | None, e: ev.GameCreated) -> S:
    pack = load_pack()
    guilds = tuple(
        Guild(
            board=board,
            coin=e.coin,
            skills=tuple(pack.guilds[board].start[s] for s in SKILLS),  # type: ignore[arg-type]
            at="" if e.variant == "lords" else "guildhall",
            royal=e.royal_offers[seat][0] if len(e.royal_offers[seat]) == 1 else "",
            royal_offer=e.royal_offers[seat] if len(e.royal_offers[seat]) > 1 else (),
            hand=(e.starters[seat],) if e.starters[seat] else (),
        )
        for seat, board in enumerate(e.boards)
    )
    return WinterforgeState(
        players=e.players,
        variant=e.variant,
        alleyways=e.alleyways,
        order=e.order,
        guilds=guilds,
        turn=Turn(seat=e.order[0], number=0, round=0),
        contract_deck=e.contract_deck,
        job_track=e.job_track,
        market=e.market,
        component_decks=e.component_decks,
        crew_deck=e.crew_deck,
        tavern=e.tavern,
        loan_deck=e.loan_deck,
        bank=e.bank,
        rng=e.rng,
        rune_deck=e.rune_deck,
        shrine=e.shrine,
        event_deck=e.event_deck,
        seq=1,
    )


def _royal(state: S, e: ev.RoyalChosen) -> S:
    return _next(state, guilds=_guild(state, e.seat, royal=e.royal, royal_offer=()))


def _turn_began(state: S, e: ev.TurnBegan) -> S:
    turn = Turn(seat=e.seat, number=e.number, round=e.round, event=e.event)
    if e.round == state.turn.round and not e.event:  # the common case: one call, no dict
        return replace(state, turn=turn, seq=state.seq + 1)
    changes: dict[str, Any] = {"turn": turn}
    if e.event:
        changes["event_deck"] = state.event_deck[1:]
    if e.round != state.turn.round:
        changes["idle_round"] = True
        if state.turn.round >= 1:
            changes["idle_rounds"] = state.idle_rounds + 1 if state.idle_round else 0
        if state.variant == "lords":
            # A new day: every Smith back in its Player area, the marker passed to the left.
            changes["primes"] = ()
            changes["day_primes"] = ()
            changes["guilds"] = tuple(
                replace(g, at="", prime=False, placed=()) for g in state.guilds
            )
            changes["order"] = (*state.order[1:], state.order[0]) if e.round > 1 else state.order
    return _next(state, **changes)


def _next(state: S, **changes: Any) -> S:
    """The state after one event: `changes` made, and the event counted (`seq`)."""
    return replace(state, seq=state.seq + 1, **changes)


def _act(state: S, **changes: Any) -> S:
    """An action was taken: count it, and the round is no longer idle."""
    turn = replace(state.turn, actions=state.turn.actions + 1)
    return replace(state, turn=turn, idle_round=False, seq=state.seq + 1, **changes)


def _acted(state: S, seat: int, prime: bool, **changes: Any) -> tuple[Guild, ...]:
    """The guilds after `seat`'s action: its `changes` made, and the Prime Position's bonus
    marked used when the action used it."""
    if prime:
        changes["prime_used"] = True
    return _guild(state, seat, **changes)


def _guild_acted(state: S, seat: int, guild: Guild, **changes: Any) -> S:
    """`_act` with `seat`'s guild now `guild` and the state's `changes`, in one function (an
    action's guild is built by its handler, its `prime_used` set when the action used it)."""
    guilds = list(state.guilds)
    guilds[seat] = guild
    turn = replace(state.turn, actions=state.turn.actions + 1)
    if not changes:  # Request Funds, Train, Repay: no keyword dictionary passed on
        return replace(state, guilds=tuple(guilds), turn=turn, idle_round=False, seq=state.seq + 1)
    return replace(
        state, guilds=tuple(guilds), turn=turn, idle_round=False, seq=state.seq + 1, **changes
    )


def apply_moved(state: S, e: ev.Moved) -> S:
    """The state after a Move (the most frequent event of all, applied by `execute` directly)."""
    # Written out without the helpers' keyword dictionaries.
    seat = e.seat
    primes = state.primes
    guilds = list(state.guilds)
    g = guilds[seat]
    if g.prime:  # the mover's Prime Position left (a Smith holds one at most)
        for i, p in enumerate(primes):
            if p[1] == seat:
                primes = primes[:i] + primes[i + 1 :]
                break
    if e.prime:
        primes = (*primes, (e.to, seat))
    guilds[seat] = replace(g, at=e.to, prime=e.prime, prime_used=False)
    turn = state.turn
    if e.free:  # a Crew's extra Move: no action spent
        turn = replace(turn, moves=turn.moves + 1, free_move=True)
    else:
        turn = replace(turn, actions=turn.actions + 1, moves=turn.moves + 1)
    return replace(
        state,
        primes=primes,
        guilds=tuple(guilds),
        turn=turn,
        idle_round=False,
        seq=state.seq + 1,
    )


def _placed(state: S, e: ev.Placed) -> S:
    primes = (*state.primes, (e.at, e.seat)) if e.prime else state.primes
    day_primes = (*state.day_primes, e.seat) if e.prime else state.day_primes
    placed = (*state.guilds[e.seat].placed, e.at)
    guilds = _guild(state, e.seat, at=e.at, prime=e.prime, prime_used=False, placed=placed)
    return _next(state, primes=primes, day_primes=day_primes, guilds=guilds)


def _trained(state: S, e: ev.Trained) -> S:
    g = state.guilds[e.seat]
    skills = list(g.skills)
    skills[SKILLS.index(e.skill)] = e.level
    guild = replace(
        g, coin=g.coin - e.cost, skills=tuple(skills), prime_used=g.prime_used or e.prime
    )
    return _guild_acted(state, e.seat, guild)


def _forged(state: S, e: ev.Forged) -> S:
    g = state.guilds[e.seat]
    started = [w for w in g.started if w.contract != e.contract]
    hand, stockpile, runes = g.hand, g.stockpile, g.runes
    previous = next((w for w in g.started if w.contract == e.contract), None)
    if previous is None:  # a new Contract (from the hand, or the Royal): commit its components
        hand = tuple(c for c in hand if c != e.contract)
        stockpile = _without(stockpile, e.components)
        runes = _without(runes, (e.rune,) if e.rune else ())
    tokens = previous.tokens if previous is not None else 0
    if e.prime:
        tokens += 1
    if not e.success:
        started.append(Work(e.contract, e.components, e.rune, tokens + e.tokens))
    guild = replace(
        g,
        hand=hand,
        stockpile=stockpile,
        runes=runes,
        started=tuple(started),
        prime_used=g.prime_used or e.prime,
    )
    return _guild_acted(state, e.seat, guild, rng=e.rng)


def _completed(state: S, e: ev.ContractCompleted) -> S:
    pack = load_pack()
    g = state.guilds[e.seat]
    skills = list(g.skills)
    for skill in e.raised:
        skills[SKILLS.index(skill)] += 1
    # Only the decks the returned Components go back to are copied (a deck holds about 30 cards).
    decks = list(state.component_decks)
    for cid in e.returned:
        level = pack.components[cid].level
        decks[level - 1] = (*decks[level - 1], cid)
    contract = pack.royals.get(e.contract) or pack.contracts[e.contract]
    guilds = _guild(
        state,
        e.seat,
        coin=g.coin + e.coin - e.upkeep,
        skills=tuple(skills),
        started=tuple(w for w in g.started if w.contract != e.contract),
        crew=_without(g.crew, e.dismissed),
        completed=g.completed if e.held else (*g.completed, e.contract),
        held=(*g.held, e.contract) if e.held else g.held,
        royal_done=g.royal_done or contract.royal,
    )
    return _next(
        state,
        guilds=guilds,
        component_decks=tuple(decks),
        crew_deck=(*state.crew_deck, *e.dismissed),
        first_royal=e.seat if e.first_royal else state.first_royal,
    )


def _bought(state: S, e: ev.ComponentsBought) -> S:
    components = load_pack().components
    g = state.guilds[e.seat]
    # Only the rows and decks the purchase touched are copied (a deck holds about 30 cards).
    market = list(state.market)
    decks = list(state.component_decks)
    for cid in e.components:
        i = components[cid].level - 1
        row = list(market[i])
        row[row.index(cid)] = ""
        market[i] = tuple(row)
    for level, cid in e.refills:
        row = list(market[level - 1])
        row[row.index("")] = cid
        market[level - 1] = tuple(row)
        deck = list(decks[level - 1])
        deck.remove(cid)
        decks[level - 1] = tuple(deck)
    guild = replace(
        g,
        coin=g.coin - e.cost,
        stockpile=(*g.stockpile, *e.components),
        prime_used=g.prime_used or e.prime,
    )
    return _guild_acted(
        state,
        e.seat,
        guild,
        market=tuple(market),
        component_decks=tuple(decks),
    )


def _row(state: S, e: ev.RowRefreshed) -> S:
    market = list(state.market)
    market[e.level - 1] = e.drawn + ("",) * (3 - len(e.drawn))
    decks = list(state.component_decks)
    decks[e.level - 1] = e.deck
    guilds = state.guilds
    if e.seat >= 0:
        guilds = _guild(state, e.seat, coin=state.guilds[e.seat].coin - e.cost)
    return _next(
        state,
        market=tuple(market),
        component_decks=tuple(decks),
        guilds=guilds,
        rng=e.rng,
    )


def _taken(state: S, e: ev.ContractsTaken) -> S:
    g = state.guilds[e.seat]
    hand = _without((*g.hand, *e.contracts), e.returns)
    spaces = ["" if c in e.contracts else c for c in state.job_track]
    for card in e.returns:
        spaces[spaces.index("")] = card
    track = _fill(tuple(spaces), (), e.refills)
    guild = replace(g, hand=hand, coin=g.coin + e.coin, prime_used=g.prime_used or e.prime)
    return _guild_acted(
        state, e.seat, guild, job_track=track, contract_deck=state.contract_deck[len(e.refills) :]
    )


def _funds(state: S, e: ev.FundsRequested) -> S:
    g = state.guilds[e.seat]
    return _guild_acted(
        state, e.seat, replace(g, coin=g.coin + e.coin, prime_used=g.prime_used or e.prime)
    )


def _loan(state: S, e: ev.LoanTaken) -> S:
    g = state.guilds[e.seat]
    bank = tuple(e.refill if c == e.loan else c for c in state.bank)
    bank = tuple(c for c in bank if c)
    deck = state.loan_deck[1:] if e.refill else state.loan_deck
    guild = replace(
        g,
        coin=g.coin + e.coin,
        loans=(*g.loans, LoanHeld(e.loan)),
        prime_used=g.prime_used or e.prime,
    )
    return _guild_acted(state, e.seat, guild, bank=bank, loan_deck=deck)


def _repaid(state: S, e: ev.LoanRepaid) -> S:
    pack = load_pack()
    g = state.guilds[e.seat]
    loans = []
    for held in g.loans:
        if held.loan == e.loan and not held.repaid:
            paid = held.paid + e.credited
            done = paid >= pack.loans[e.loan].repay
            held = replace(held, paid=paid, repaid=done, at_bank=done)
        loans.append(held)
    guild = replace(g, coin=g.coin - e.paid, loans=tuple(loans), prime_used=g.prime_used or e.prime)
    return _guild_acted(state, e.seat, guild)


def _hired(state: S, e: ev.CrewHired) -> S:
    g = state.guilds[e.seat]
    crew = (*_without(g.crew, e.fired), e.crew)
    tavern = tuple(c for c in state.tavern if c != e.crew)
    return replace(
        state,
        guilds=_acted(state, e.seat, e.prime, coin=g.coin - e.cost, crew=crew),
        tavern=tavern,
        crew_deck=(*state.crew_deck, *e.fired),
        turn=replace(state.turn, hired=True, actions=state.turn.actions + 1),
        idle_round=False,
        seq=state.seq + 1,
    )


def _tavern(state: S, e: ev.TavernRefreshed) -> S:
    deck = (*state.crew_deck, *e.returned)[len(e.drawn) :]
    guilds = state.guilds
    if e.cost:
        guilds = _guild(state, e.seat, coin=state.guilds[e.seat].coin - e.cost)
    return _next(state, tavern=e.drawn, crew_deck=deck, guilds=guilds)


def _faith(state: S, e: ev.FaithTaken) -> S:
    g = state.guilds[e.seat]
    shrine = list(state.shrine)
    del shrine[e.token - 1]
    guilds = _guild(state, e.seat, coin=g.coin - e.cost, faith=(*g.faith, e.value))
    return _act(state, guilds=guilds, shrine=tuple(shrine))


def _stolen(state: S, e: ev.ComponentStolen) -> S:
    thief = state.guilds[e.seat]
    guilds = _guild(
        state, e.seat, coin=thief.coin - e.cost, stockpile=(*thief.stockpile, e.component)
    )
    victim = guilds[e.victim]
    guilds = list(guilds)
    guilds[e.victim] = replace(victim, stockpile=_without(victim.stockpile, (e.component,)))
    return _act(state, guilds=tuple(guilds), rng=e.rng)


def _rune(state: S, e: ev.RuneBought) -> S:
    g = state.guilds[e.seat]
    guilds = _guild(state, e.seat, coin=g.coin - e.cost, runes=(*g.runes, e.rune))
    return _act(state, guilds=guilds, rune_deck=state.rune_deck[1:])


def _sold(state: S, e: ev.HeldSold) -> S:
    g = state.guilds[e.seat]
    guilds = _guild(
        state,
        e.seat,
        coin=g.coin + sum(e.coins),
        held=_without(g.held, e.contracts),
        completed=(*g.completed, *e.contracts),
    )
    return _act(state, guilds=guilds, rng=e.rng)


def _coin(state: S, e: ev.CoinAdjusted) -> S:
    return _next(state, guilds=_guild(state, e.seat, coin=state.guilds[e.seat].coin + e.amount))


def _given(state: S, e: ev.ComponentGiven) -> S:
    g = state.guilds[e.seat]
    market = [list(row) for row in state.market]
    row = market[e.level - 1]
    row[row.index(e.component)] = e.refill
    decks = list(state.component_decks)
    if e.refill:
        decks[e.level - 1] = decks[e.level - 1][1:]
    return _next(
        state,
        guilds=_guild(state, e.seat, stockpile=(*g.stockpile, e.component)),
        market=tuple(tuple(r) for r in market),
        component_decks=tuple(decks),
    )


def _work(state: S, e: ev.WorkAdded) -> S:
    g = state.guilds[e.seat]
    started = tuple(
        replace(w, tokens=w.tokens + e.tokens) if w.contract == e.contract else w for w in g.started
    )
    return _next(state, guilds=_guild(state, e.seat, started=started))


def _job_track(state: S, e: ev.JobTrackReplaced) -> S:
    deck = (*state.contract_deck[len(e.drawn) :], *e.returned)
    track = e.drawn + ("",) * (len(state.job_track) - len(e.drawn))
    return _next(state, job_track=track, contract_deck=deck)


def apply_turn_passed(state: S, e: ev.TurnBegan) -> S:
    """The state after a turn's `TurnEnded` and then `e`, the next seat's turn in the same round
    (no solo Event), in one copy: `_turn_began` replaces the turn `_turn_ended` cleared, so
    only the new turn and the count of two events change."""
    return replace(state, turn=Turn(e.seat, e.number, e.round), seq=state.seq + 2)


def _turn_ended(state: S, e: ev.TurnEnded) -> S:
    turn = replace(state.turn, actions=0, moves=0, hired=False)
    return replace(state, turn=turn, seq=state.seq + 1)


def _ending(state: S, e: ev.EndTriggered) -> S:
    return _next(state, ending=e.reason)


def _settled(state: S, e: ev.LoansSettled) -> S:
    pack = load_pack()
    g = state.guilds[e.seat]
    loans = tuple(
        replace(held, paid=pack.loans[held.loan].repay, repaid=True)
        if held.loan in e.loans and not held.repaid
        else held
        for held in g.loans
    )
    return _next(state, guilds=_guild(state, e.seat, coin=g.coin - e.paid, loans=loans))


def _ended(state: S, e: ev.GameEnded) -> S:
    return _next(state, result=e.result)


def _defaults(state: S, e: ev.DefaultsApplied) -> S:
    return _next(state)


HANDLERS: dict[type, Callable[[Any, Any], S]] = {
    ev.GameCreated: _created,
    ev.RoyalChosen: _royal,
    ev.TurnBegan: _turn_began,
    ev.Moved: apply_moved,
    ev.Placed: _placed,
    ev.Trained: _trained,
    ev.Forged: _forged,
    ev.ContractCompleted: _completed,
    ev.ComponentsBought: _bought,
    ev.RowRefreshed: _row,
    ev.ContractsTaken: _taken,
    ev.FundsRequested: _funds,
    ev.LoanTaken: _loan,
    ev.LoanRepaid: _repaid,
    ev.CrewHired: _hired,
    ev.TavernRefreshed: _tavern,
    ev.FaithTaken: _faith,
    ev.ComponentStolen: _stolen,
    ev.RuneBought: _rune,
    ev.HeldSold: _sold,
    ev.CoinAdjusted: _coin,
    ev.ComponentGiven: _given,
    ev.WorkAdded: _work,
    ev.JobTrackReplaced: _job_track,
    ev.TurnEnded: _turn_ended,
    ev.EndTriggered: _ending,
    ev.LoansSettled: _settled,
    ev.GameEnded: _ended,
    ev.DefaultsApplied: _defaults,
}


def evolve(state: S | None, event: ev.Event) -> S:
    """The state after `event`."""
    # Each handler counts its event in `seq` with its own last change, one copy of the state.
    return HANDLERS[type(event)](state, event)
