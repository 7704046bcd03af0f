"""Start of Round (skipped in Round 1): "a. Announce Events. b. Draw Private Contracts (only on
Blood Moon Rounds: 3, 6, and 9)", then the Plot Phase begins."""

from __future__ import annotations

from games.guild_master.rules.abilities import apply_effects, board_events
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import (
    EventsAnnounced,
    OrderPhaseStarted,
    PlotPhaseStarted,
    PrivateContractDrawn,
)
from games.guild_master.rules.fame import fame_order
from games.guild_master.rules.plot_phase import plot_seats


def start_of_round(ctx: Ctx) -> bool:
    """Run the Start of Round and open the Plot Phase (or, in Round 1, the Order Phase)."""
    state = ctx.state
    if state.round == 1:
        ctx.emit(OrderPhaseStarted())
        return True
    events = list(board_events(state, ctx.pack, "start_of_round"))
    announced = tuple(
        s.number
        for s in state.board.contracts
        if s.card and s.face_up and ctx.pack.contracts[s.card].effect("event") is not None
    )
    if announced:
        ctx.emit(EventsAnnounced(spots=announced))
    for _spot, card, effect in events:
        apply_effects(ctx, -1, effect.effects, f"event:{card}")
    if state.blood_moon:
        for seat in fame_order(ctx, range(state.players), "private contracts"):
            deck = ctx.state.board.common
            if deck:  # "if they are able"
                ctx.emit(PrivateContractDrawn(seat=seat, contract=deck[0]))
    seats = plot_seats(ctx)
    order = fame_order(ctx, seats, "plot abilities") if len(seats) > 1 else tuple(seats)
    ctx.emit(PlotPhaseStarted(order=order))
    return True
