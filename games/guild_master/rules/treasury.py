"""Gold in the treasury and Gold on orders.

Gold placed on Hire Builders and Recruit orders stays part of the guild's Gold (the engine moves
nothing when order boards are cleared), but it is spoken for: until its order resolves, only the
rest can be paid, given or taken.
"""

from __future__ import annotations

from games.guild_master.rules.state import ActionStep, GameState, Order, OrderStep


def committed_gold(orders: tuple[Order, ...]) -> int:
    """Gold placed on these orders."""
    return sum(o.gold for o in orders)


def free_gold(state: GameState, seat: int) -> int:
    """Gold in the treasury, not placed on orders."""
    step = state.step
    on_orders = 0
    if isinstance(step, OrderStep):
        on_orders = committed_gold(step.drafts[seat])
    elif isinstance(step, ActionStep):
        on_orders = committed_gold(step.orders[seat])
    return state.guilds[seat].gold - on_orders
