"""The main phase: "Each player, following turn order, can perform one action and, optionally
fulfill one quest. ... This phase ends when all BUT one player has passed. This restriction does
not applies in a two player game." Then "After everyone pass": the new order with fewer points
first, every recruit turned up, a new draft; or, once the end is triggered, the game end.

`advance` moves the game on after every command until somebody must decide: it begins and ends
turns, plays the turns of guilds that have passed (they draw a card), ends the phase and deals
the next draft.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.guildmasters.rules.commands import EndTurn, Pass
from games.guildmasters.rules.context import Ctx, draw, require_turn
from games.guildmasters.rules.draft import deal
from games.guildmasters.rules.events import (
    GameEnded,
    MainBegan,
    Passed,
    PhaseEnded,
    TurnBegan,
    TurnEnded,
)
from games.guildmasters.rules.scoring import score
from games.guildmasters.rules.state import (
    DONE,
    DRAFT,
    END,
    MAX_GAME_TURNS,
    MAX_PHASE_ROUNDS,
    START,
    GuildmastersState,
)


def pass_turn(ctx: Ctx, cmd: Pass) -> None:
    """ "Pass": no more abilities, recruits or quests this main phase; the turn ends."""
    require_turn(ctx.state, cmd.seat)
    if ctx.state.turn.step != START:
        raise RuleError("acted", "You have acted this turn; end your turn instead of passing.")
    ctx.emit(Passed(seat=cmd.seat))
    ctx.emit(TurnEnded(seat=cmd.seat))


def end_turn(ctx: Ctx, cmd: EndTurn) -> None:
    """End the turn after its action, without a quest at its end."""
    require_turn(ctx.state, cmd.seat)
    if ctx.state.turn.step != END:
        raise RuleError("no_action_yet", "Take your action first (or pass).")
    ctx.emit(TurnEnded(seat=cmd.seat))


def still_playing(state: GuildmastersState) -> int:
    n = 0
    for g in state.guilds:
        if not g.passed:
            n += 1
    return n


def phase_over(state: GuildmastersState) -> bool:
    """All but one have passed (all of them with two guilds, or once the end is triggered:
    "Players continue taking turns until everyone pass"), or the phase has run its 20 rounds
    (our safety net)."""
    last = 0 if state.players == 2 or state.ending else 1
    rounds = (state.turn.number - state.phase_turn) // state.players
    return still_playing(state) <= last or rounds >= MAX_PHASE_ROUNDS


def new_order(state: GuildmastersState) -> tuple[int, ...]:
    """ "Players with less points go first"; a tie keeps the order it had."""

    def worth(seat: int) -> int:
        g = state.guilds[seat]
        return g.points + g.influence

    return tuple(sorted(state.order, key=lambda s: (worth(s), state.order.index(s))))


def end_phase(ctx: Ctx) -> None:
    """After everyone passes: the game end, or the next game turn and its draft."""
    state = ctx.state
    if not state.ending and state.game_turn < MAX_GAME_TURNS:
        ctx.emit(PhaseEnded(order=new_order(state), game_turn=state.game_turn + 1))
        if deal(ctx, ctx.state.game_turn):
            return
    ctx.emit(GameEnded(result=score(ctx.state)))


def advance(ctx: Ctx) -> None:
    """Move on until somebody must decide (or the game is over)."""
    while True:
        state = ctx.state
        if state.result is not None:
            return
        if state.phase == DRAFT:
            for g in state.guilds:
                if g.packs:
                    return
            ctx.emit(MainBegan(order=state.order))
            ctx.emit(TurnBegan(seat=ctx.state.order[0], number=_number(ctx.state) + 1))
            continue
        if state.window is not None or state.ability is not None or state.attempt is not None:
            return
        turn = state.turn
        step = turn.step
        if step == DONE:
            if phase_over(state):
                end_phase(ctx)
                continue
            i = state.order.index(turn.seat)
            nxt = state.order[(i + 1) % state.players]
            ctx.emit(TurnBegan(seat=nxt, number=turn.number + 1))
            continue
        if state.guilds[turn.seat].passed:
            # "Every time your turn come around you can draw an adventurer card"
            draw(ctx, turn.seat)
            ctx.emit(TurnEnded(seat=turn.seat))
            continue
        if step == END and turn.quested:
            ctx.emit(TurnEnded(seat=turn.seat))
            continue
        return


def _number(state: GuildmastersState) -> int:
    """The number of the last turn played (0 before the first)."""
    return state.turn.number if state.turn is not None else 0
