"""Deals: "Guilds may lobby and negotiate... and may offer Gold from their Treasury or promises to
sweeten the deal." A guild pays Gold to another to honour a deal; Gold already on orders stays
there."""

from __future__ import annotations

from engine.core.errors import RuleError
from games.guild_master.rules.commands import PayGold
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import GoldPaid
from games.guild_master.rules.treasury import free_gold


def pay_gold(ctx: Ctx, cmd: PayGold) -> None:
    if cmd.to == cmd.seat or not 0 <= cmd.to < ctx.state.players:
        raise RuleError("pay_whom", "Choose another guild at this table to pay.")
    if cmd.amount < 1:
        raise RuleError("pay_amount", "Pay at least 1 Gold.")
    free = free_gold(ctx.state, cmd.seat)
    if cmd.amount > free:
        raise RuleError(
            "not_enough_gold",
            f"You have {free} Gold in your treasury (Gold on orders cannot be paid); pay at most "
            f"{free}.",
            gold=free,
        )
    ctx.emit(GoldPaid(seat=cmd.seat, to=cmd.to, amount=cmd.amount))
