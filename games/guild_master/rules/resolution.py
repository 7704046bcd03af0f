"""Shared steps of the Order Resolution Sequence: finding the orders of a slot, finishing an
order, missing out on one, and moving the work queue on."""

from __future__ import annotations

from msgspec.structs import replace

from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import GoldReturned, OrderMissed, OrderResolved, TasksChanged
from games.guild_master.rules.state import FallbackTask, Order, Task


def orders_for(ctx: Ctx, space: int, objective: str) -> list[tuple[int, Order]]:
    """(seat, order) for the pending orders with `objective` on order space `space`."""
    out = []
    for seat, orders in enumerate(ctx.action.orders):
        for o in orders:
            if o.space == space and o.objective == objective and o.status == "pending":
                out.append((seat, o))
    return out


def declined_for(ctx: Ctx, space: int, objective: str) -> list[FallbackTask]:
    """Fallbacks, in seat order, for the declined orders with `objective` on order space
    `space`: they resolve where their order was."""
    return [
        miss(ctx, seat, space, "declined")
        for seat, orders in enumerate(ctx.action.orders)
        for o in orders
        if o.space == space and o.objective == objective and o.status == "declined"
    ]


def is_declined(ctx: Ctx, seat: int, space: int) -> bool:
    return order_of(ctx, seat, space).status == "declined"


def order_of(ctx: Ctx, seat: int, space: int) -> Order:
    order = ctx.action.order(seat, space)
    assert order is not None, (seat, space)
    return order


def replace_head(ctx: Ctx, *tasks: Task) -> None:
    """The task at the head of the queue is done; `tasks` come next."""
    ctx.emit(TasksChanged(pop=1, push=tasks))


def push_front(ctx: Ctx, *tasks: Task) -> None:
    if tasks:
        ctx.emit(TasksChanged(pop=0, push=tasks))


def update_head(ctx: Ctx, **changes: object) -> None:
    """Move the head task to its next stage (re-read from the state, which events may have
    changed)."""
    head = ctx.action.queue[0]
    ctx.emit(TasksChanged(pop=1, push=(replace(head, **changes),)))


def resolved(ctx: Ctx, seat: int, space: int) -> None:
    ctx.emit(OrderResolved(seat=seat, space=space))


def miss(ctx: Ctx, seat: int, space: int, reason: str) -> FallbackTask:
    """The guild misses out on (or declines) its order: Gold on it goes back to its treasury and
    its team may Attempt a Private Contract or Wander."""
    order = order_of(ctx, seat, space)
    if order.gold:
        ctx.emit(GoldReturned(seat=seat, space=space, amount=order.gold))
    ctx.emit(OrderMissed(seat=seat, space=space, reason=reason))
    return FallbackTask(seat=seat, space=space)
