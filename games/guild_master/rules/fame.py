"""Fame: gains and losses, and Fame Order.

"When you lose Fame, it cannot drop below 0 for any reason." "If Guilds are doing a task in Fame
Order and Fame is tied, each affected Guild rolls a single dice, re-rolling ties until there is a
highest result."
"""

from __future__ import annotations

from collections.abc import Iterable

from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import FameChanged, FameOrderRolled, GoldChanged
from games.guild_master.rules.treasury import free_gold


def change_fame(ctx: Ctx, seat: int, amount: int, cause: str) -> None:
    """Gain (or lose, for a negative amount) Fame; a loss stops at 0."""
    fame = ctx.state.guilds[seat].fame
    actual = max(amount, -fame)
    if actual:
        ctx.emit(FameChanged(seat=seat, amount=actual, cause=cause))


def change_gold(ctx: Ctx, seat: int, amount: int, cause: str) -> None:
    """Gain (or pay, for a negative amount) Gold; a guild never pays more than it has, and Gold
    placed on orders waiting to resolve is spoken for."""
    actual = max(amount, -free_gold(ctx.state, seat))
    if actual:
        ctx.emit(GoldChanged(seat=seat, amount=actual, cause=cause))


def most_fame(ctx: Ctx, seats: Iterable[int] | None = None) -> tuple[int, ...]:
    """The guild(s) with the most Fame (ties included)."""
    guilds = [
        ctx.state.guilds[s] for s in (seats if seats is not None else range(ctx.state.players))
    ]
    top = max(g.fame for g in guilds)
    return tuple(g.seat for g in guilds if g.fame == top)


def least_fame(ctx: Ctx, seats: Iterable[int] | None = None) -> tuple[int, ...]:
    guilds = [
        ctx.state.guilds[s] for s in (seats if seats is not None else range(ctx.state.players))
    ]
    low = min(g.fame for g in guilds)
    return tuple(g.seat for g in guilds if g.fame == low)


def fame_order(ctx: Ctx, seats: Iterable[int], purpose: str) -> tuple[int, ...]:
    """`seats` in descending Fame order; ties are broken by dice, recorded in an event."""
    seats = tuple(seats)
    fame = {s: ctx.state.guilds[s].fame for s in seats}
    groups: dict[int, list[int]] = {}
    for s in seats:
        groups.setdefault(fame[s], []).append(s)
    if all(len(g) == 1 for g in groups.values()):
        return tuple(sorted(seats, key=lambda s: -fame[s]))
    rounds: list[tuple[tuple[int, int], ...]] = []
    order: list[int] = []
    for value in sorted(groups, reverse=True):
        order.extend(_break_tie(ctx, groups[value], rounds))
    ctx.emit(FameOrderRolled(purpose=purpose, rolls=tuple(rounds), order=tuple(order), rng=ctx.rng))
    return tuple(order)


def _break_tie(ctx: Ctx, tied: list[int], rounds: list) -> list[int]:
    if len(tied) == 1:
        return tied
    rolls = [(s, ctx.dice.die()) for s in tied]
    rounds.append(tuple(rolls))
    by_roll: dict[int, list[int]] = {}
    for s, d in rolls:
        by_roll.setdefault(d, []).append(s)
    out: list[int] = []
    for d in sorted(by_roll, reverse=True):
        out.extend(_break_tie(ctx, by_roll[d], rounds))
    return out
