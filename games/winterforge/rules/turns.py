"""Turns, rounds, days and the end of the game.

"Beginning with the First Player and continuing clockwise around the table, each Player takes up
to 3 actions." "If either of the following conditions below are met, the game is over at the end
of the current round … the game will end with the Player before the First Player." Lords of
Winterforge: "Each day consists of 3 turns for each Player", one Smith placed and one action each
turn; "The First Player marker is then passed to the left"; the game "ends with the completion of
the current day". Solo: "At the start of every turn, before making your 3 actions, flip over the
top card of the Event deck and resolve its effects. The game ends when you finish your 15th turn."

Two rounds in a row in which nobody takes a single action end the game ("stalled", see the rules
notes): a table whose every Player has gone quiet is over rather than waiting for ever.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.winterforge.rules.bank import owed
from games.winterforge.rules.commands import EndTurn
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.context import Ctx, actions_allowed, movers, require_turn
from games.winterforge.rules.events import (
    CoinAdjusted,
    ComponentGiven,
    GameEnded,
    JobTrackReplaced,
    LoansSettled,
    TurnBegan,
    TurnEnded,
    WorkAdded,
)
from games.winterforge.rules.evolve import apply_turn_passed
from games.winterforge.rules.market import reshuffle, settle
from games.winterforge.rules.scoring import final_result
from games.winterforge.rules.state import (
    ACTIONS_PER_TURN,
    LORDS,
    SMITHS_PER_DAY,
    SOLO,
    SOLO_TURNS,
    STANDARD,
    WinterforgeState,
)
from games.winterforge.rules.tavern import redeal

STALLED_ROUNDS = 2


def turns_per_round(state: WinterforgeState) -> int:
    """Turns in a round (a day of three placements each in Lords of Winterforge)."""
    return state.players * (SMITHS_PER_DAY if state.variant == LORDS else 1)


def begin_turn(ctx: Ctx) -> None:
    """The next turn: the next seat in order (a new round after the last), and in a solo game its
    Event flipped and resolved."""
    state = ctx.state
    turn = state.turn
    number = turn.number + 1
    variant = state.variant
    # `turns_per_round`, without the call (asked at every turn).
    index = (number - 1) % (state.players * (SMITHS_PER_DAY if variant == LORDS else 1))
    new_round = index == 0
    order = state.order
    if new_round and variant == LORDS and turn.round >= 1:
        order = (*order[1:], order[0])  # the marker passes to the left between days
    seat = order[index % state.players]
    event = state.event_deck[0] if variant == SOLO and state.event_deck else ""
    ctx.emit(TurnBegan(seat, number, turn.round + (1 if new_round else 0), event))
    if event:
        resolve_event(ctx, seat, event)


def resolve_event(ctx: Ctx, seat: int, slug: str) -> None:
    """A solo Event's immediate effect (effects that last the turn are read while it lasts)."""
    pack = load_pack()
    card = pack.events[slug]
    state = ctx.state
    g = state.guilds[seat]
    if card.kind == "coin":
        amount = max(card.amount, -g.coin)
        if amount:
            ctx.emit(CoinAdjusted(seat=seat, amount=amount, reason=slug))
    elif card.kind == "interest":
        due = card.amount * sum(1 for h in g.loans if not h.repaid)
        if due and g.coin:
            ctx.emit(CoinAdjusted(seat=seat, amount=-min(due, g.coin), reason=slug))
    elif card.kind == "component":
        row = [c for c in state.market[card.level - 1] if c]
        if row:
            cheapest = min(row, key=lambda c: (pack.components[c].cost, row.index(c)))
            deck = state.component_decks[card.level - 1]
            ctx.emit(
                ComponentGiven(
                    seat=seat, component=cheapest, level=card.level, refill=deck[0] if deck else ""
                )
            )
            settle(ctx)
    elif card.kind == "market":
        for level in (1, 2, 3):
            reshuffle(ctx, level, -1, 0)
        settle(ctx)
    elif card.kind == "tavern":
        redeal(ctx, -1, 0)
    elif card.kind == "work":
        if g.started:
            ctx.emit(WorkAdded(seat=seat, contract=g.started[0].contract, tokens=card.amount))
    elif card.kind == "contracts":
        track = tuple(c for c in state.job_track if c)
        ctx.emit(
            JobTrackReplaced(returned=track, drawn=state.contract_deck[: len(state.job_track)])
        )


def end_turn(ctx: Ctx, cmd: EndTurn) -> None:
    """End your turn early."""
    require_turn(ctx.state, cmd.seat)
    finish_turn(ctx)


def finish_turn(ctx: Ctx) -> None:
    """The end of the current turn: the Tavern refreshed if Crew was hired from it, then the next
    turn, or the end of the game at the end of a round."""
    turn = ctx.state.turn
    if turn.hired:
        redeal(ctx, turn.seat, 0)
    state = ctx.state
    ended = TurnEnded(turn.seat, turn.number)
    variant = state.variant
    if variant == STANDARD and turn.number % state.players:
        # Not the end of a round (most turns): the next seat's turn begins in the same round, no
        # Event flipped, and both events are applied with one copy of the state.
        began = TurnBegan(state.order[turn.number % state.players], turn.number + 1, turn.round)
        ctx.events += (ended, began)
        ctx.state = apply_turn_passed(state, began)
        return
    ctx.emit(ended)
    state = ctx.state
    if variant == SOLO:
        if turn.number >= SOLO_TURNS:
            end_game(ctx, "turns")
            return
    # `turns_per_round`, without the call (asked at every turn).
    elif turn.number % (state.players * (SMITHS_PER_DAY if variant == LORDS else 1)) == 0:
        if state.ending:
            end_game(ctx, state.ending)
            return
        if state.idle_round and state.idle_rounds + 1 >= STALLED_ROUNDS:
            end_game(ctx, "stalled")
            return
    begin_turn(ctx)


def turn_spent(state: WinterforgeState) -> bool:
    """Has the current Player nothing left to do this turn (every action used, no free Move)?"""
    turn = state.turn
    # Asked after every command: `actions_allowed` and `free_move` are called only when a solo
    # Event or a Crew may change their answer.
    if turn.event:
        allowed = actions_allowed(state)
    else:
        allowed = 1 if state.variant == LORDS else ACTIONS_PER_TURN
    if turn.actions < allowed:
        return False
    if state.variant == LORDS or turn.free_move:
        return True
    # `free_move`, its guild looked up once.
    crew = state.guilds[turn.seat].crew
    return not crew or movers().isdisjoint(crew)


def end_game(ctx: Ctx, reason: str) -> None:
    """Final scoring. "If a Player is able, they may pay back any outstanding Loans to the Bank
    now": each Player pays off whole Loans while Coin lasts, the smallest debt first (a part
    payment changes no score)."""
    for seat in ctx.state.order:
        g = ctx.state.guilds[seat]
        coin, paid, loans = g.coin, 0, []
        for loan in sorted((h.loan for h in g.loans if not h.repaid), key=lambda x: owed(g, x)):
            debt = owed(g, loan)
            if debt <= coin:
                coin -= debt
                paid += debt
                loans.append(loan)
        if loans:
            ctx.emit(LoansSettled(seat=seat, loans=tuple(loans), paid=paid))
    ctx.emit(GameEnded(result=final_result(ctx.state, reason)))


def check_started(state: WinterforgeState) -> None:
    """Refuse play before Set Up is done."""
    if state.choosing:
        raise RuleError(
            "choosing_royal", "Every Player must first choose the Royal Contract to keep."
        )
