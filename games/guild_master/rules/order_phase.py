"""Order Phase and the reveal at the start of the Action Phase.

"Guilds secretly and simultaneously decide on their objectives... You may still check and change
your Orders until all players agree they are ready." A draft is refused on the spot when it breaks
a rule (Stables, Mess Hall, one team per adventurer, one card per objective, Gold you have). An
order that is only incomplete (Hire Builders or Recruit without Gold) may stay in a draft, but the
guild cannot be ready with it; if the phase is forced on, the mistaken-order rule handles it.
"""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from engine.core.errors import RuleError
from games.guild_master.rules.abilities import min_bid
from games.guild_master.rules.cards import CORE_KINDS, LEVELS, SKILLS
from games.guild_master.rules.commands import CorrectOrder, SetOrders, SetReady
from games.guild_master.rules.content import Pack
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import (
    OrderCorrected,
    OrderMistaken,
    OrdersDrafted,
    OrdersRevealed,
    OrderWithdrawn,
    ReadyChanged,
    TasksChanged,
)
from games.guild_master.rules.state import (
    HIRE,
    NONE,
    OBJECTIVES,
    GameState,
    Order,
    OrderStep,
    Plan,
    SpaceTask,
    carries_gold,
    is_contract,
    is_recruit,
)
from games.guild_master.rules.treasury import committed_gold, free_gold
from games.guild_master.rules.upgrades import order_spaces, team_size


def describe_objective(objective: str) -> str:
    if objective == HIRE:
        return "Hire Builders"
    if is_recruit(objective):
        return f"Recruit {objective}"
    if is_contract(objective):
        return f"Contract {objective}"
    return "Private Contract or Wander"


def check_orders(state: GameState, pack: Pack, seat: int, orders: tuple[Order, ...]) -> None:
    """Refuse orders that break a rule, with a sentence saying what to change."""
    g = state.guilds[seat]
    spaces = order_spaces(pack, g)
    size = team_size(pack, g)
    seen_spaces: set[int] = set()
    where: dict[str, int] = {}
    cards = Counter(o.objective for o in orders if o.objective != NONE)
    for o in orders:
        if not 1 <= o.space <= spaces:
            raise RuleError(
                "order_space",
                f"Your Stables allow {spaces} order spaces; order space {o.space} is not available"
                f"{'' if spaces == 4 else ' (build a higher Stables to use more)'}.",
                spaces=spaces,
            )
        if o.space in seen_spaces:
            raise RuleError("order_space_twice", f"Order space {o.space} has two orders; keep one.")
        seen_spaces.add(o.space)
        if not o.team:
            raise RuleError("empty_team", f"Order space {o.space} has no team; add an adventurer.")
        if len(o.team) > size:
            raise RuleError(
                "team_size",
                f"Your Mess Hall allows teams of {size}; the team on order space {o.space} has "
                f"{len(o.team)}.",
                size=size,
            )
        for a in o.team:
            if a not in g.adventurers:
                name = pack.adventurers[a].name if a in pack.adventurers else a
                raise RuleError("not_in_guild", f"{name} is not in your guild.")
            if a in where:
                name = pack.adventurers[a].name
                raise RuleError(
                    "one_team",
                    f"{name} is on order spaces {where[a]} and {o.space}; an adventurer can be in "
                    "only one team.",
                )
            where[a] = o.space
        if o.objective not in OBJECTIVES:
            raise RuleError(
                "objective",
                f"Order space {o.space}: {o.objective!r} is not an objective; use hire, A–F, 1–6 "
                "or none.",
            )
        if cards[o.objective] > 1:
            raise RuleError(
                "one_card",
                f"You have one {describe_objective(o.objective)} order card; use it "
                "on one order space only.",
            )
        if (
            is_recruit(o.objective)
            and not state.board.adventurers["ABCDEF".index(o.objective)].used
        ):
            raise RuleError(
                "unused_spot",
                f"Adventurer spot {o.objective} is not used with {state.players} players.",
            )
        if is_contract(o.objective) and not state.board.contracts[int(o.objective) - 1].used:
            raise RuleError(
                "unused_spot",
                f"Contract spot {o.objective} is not used with {state.players} players.",
            )
        if o.gold < 0:
            raise RuleError("gold", f"Order space {o.space}: Gold cannot be negative.")
        if o.gold and not carries_gold(o.objective):
            raise RuleError(
                "gold_not_needed",
                f"Only Hire Builders and Recruit orders carry Gold; take the Gold off order space "
                f"{o.space}.",
            )
        _check_plan(pack, g.private_contracts, o.space, o.plan)
    total = committed_gold(orders)
    if total > g.gold:
        raise RuleError(
            "not_enough_gold",
            f"You have {g.gold} Gold; your orders carry {total}. Take some Gold off your orders.",
            gold=g.gold,
        )


def _check_plan(pack: Pack, private: tuple[str, ...], space: int, plan: Plan) -> None:
    where = f"Order space {space}"
    if plan.skill and plan.skill not in SKILLS:
        raise RuleError("skill", f"{where}: {plan.skill!r} is not a skill ({', '.join(SKILLS)}).")
    for b in plan.builds or ():
        if b.core and b.core not in CORE_KINDS:
            raise RuleError("build", f"{where}: choose stables, mess_hall or bar as core upgrade.")
        if b.skill and (
            b.skill not in pack.skill_upgrades or pack.skill_upgrades[b.skill].starting
        ):
            raise RuleError("build", f"{where}: there is no skill upgrade {b.skill!r} to build.")
        if b.skill and b.side not in ("fixer", "reroll"):
            raise RuleError("build", f"{where}: choose the fixer or reroll side to build.")
        if b.prestige and b.prestige not in pack.prestige:
            raise RuleError("build", f"{where}: there is no prestige upgrade {b.prestige!r}.")
    if plan.replace not in ("", "ask", *LEVELS):
        raise RuleError("replace", f"{where}: replace with common, heroic or legendary.")
    if plan.fallback not in ("auto", "wander", "ask") and plan.fallback not in private:
        raise RuleError(
            "fallback",
            f"{where}: the fallback must be auto, wander, ask or one of your private contracts.",
        )
    if plan.rolls not in ("auto", "ask") or plan.cooperation not in ("auto", "ask"):
        raise RuleError("plan", f"{where}: rolls and cooperation are either auto or ask.")


def incomplete(state: GameState, pack: Pack, order: Order) -> str | None:
    """Why an order cannot be carried out as placed (it may stay in a draft), or None."""
    if order.gold == 0 and order.objective == HIRE:
        return f"Order space {order.space} hires Builders but carries no Gold; put Gold on it."
    if order.gold == 0 and is_recruit(order.objective):
        spot = state.board.adventurers["ABCDEF".index(order.objective)]
        hint = ""
        if spot.deck and spot.face_up:
            hint = f" (at least {min_bid(state, pack, spot.deck[0])}, the minimum bid this round)"
        return (
            f"Order space {order.space} recruits {order.objective} but carries no Gold; put Gold "
            f"on it{hint}."
        )
    return None


def idle_orders(state: GameState, pack: Pack, seat: int) -> tuple[Order, ...]:
    """The default orders of a guild that gave none: its adventurers, in guild order, fill its
    order spaces as teams as large as the Mess Hall allows, each without an order card (they
    attempt a private contract or wander)."""
    g = state.guilds[seat]
    size = team_size(pack, g)
    orders = []
    for space in range(1, order_spaces(pack, g) + 1):
        team = g.adventurers[(space - 1) * size : space * size]
        if team:
            orders.append(Order(space=space, team=team))
    return tuple(orders)


def set_orders(ctx: Ctx, cmd: SetOrders, *, force: bool = False) -> None:
    """Replace the guild's draft. `force` (a deadline's default) makes it ready even with an
    incomplete order, which the mistaken-order rule then handles at the reveal."""
    step = ctx.state.step
    assert isinstance(step, OrderStep)
    orders = tuple(
        o if o.status == "pending" else replace(o, status="pending")
        for o in sorted(cmd.orders, key=lambda o: o.space)
    )
    check_orders(ctx.state, ctx.pack, cmd.seat, orders)
    if cmd.ready and not force:
        _check_complete(ctx, orders)
    ctx.emit(OrdersDrafted(seat=cmd.seat, orders=orders))
    if step.ready[cmd.seat] != cmd.ready:
        ctx.emit(ReadyChanged(seat=cmd.seat, ready=cmd.ready))


def _check_complete(ctx: Ctx, orders: tuple[Order, ...]) -> None:
    for o in orders:
        problem = incomplete(ctx.state, ctx.pack, o)
        if problem:
            raise RuleError("incomplete_order", problem)


def set_ready(ctx: Ctx, cmd: SetReady) -> None:
    step = ctx.state.step
    assert isinstance(step, OrderStep)
    if cmd.ready:
        _check_complete(ctx, step.drafts[cmd.seat])
    if step.ready[cmd.seat] != cmd.ready:
        ctx.emit(ReadyChanged(seat=cmd.seat, ready=cmd.ready))


def reveal_when_ready(ctx: Ctx) -> bool:
    step = ctx.state.step
    assert isinstance(step, OrderStep)
    if not all(step.ready):
        return False
    reveal(ctx)
    return True


def reveal(ctx: Ctx) -> None:
    """Reveal Orders, then the mistaken-order rule: "check if the intended Order is the same as
    any other player's Order on any space (even later Orders). If it is not, you may correct the
    Order... Otherwise, remove the Order Card to indicate that the team on that Order Space will
    Wander.\""""
    step = ctx.state.step
    assert isinstance(step, OrderStep)
    ctx.emit(OrdersRevealed(orders=step.drafts))
    for seat, orders in enumerate(step.drafts):
        for o in orders:
            problem = incomplete(ctx.state, ctx.pack, o)
            if problem is None:
                continue
            shared = any(
                other.objective == o.objective
                for s, others in enumerate(step.drafts)
                if s != seat
                for other in others
            )
            ctx.emit(
                OrderMistaken(seat=seat, space=o.space, reason=problem, correctable=not shared)
            )
            if shared:
                ctx.emit(OrderWithdrawn(seat=seat, space=o.space, reason="mistaken order"))
    ctx.emit(TasksChanged(pop=0, push=(SpaceTask(space=1),)))


def correct_order(ctx: Ctx, cmd: CorrectOrder) -> None:
    step = ctx.action
    if not any((c.seat, c.space) == (cmd.seat, cmd.space) for c in step.corrections):
        raise RuleError("nothing_to_correct", f"Your order space {cmd.space} needs no correction.")
    if cmd.gold < 0:
        # Only 0 gives the order up: a negative amount is a mistake, not a choice.
        raise RuleError(
            "gold",
            f"Order space {cmd.space}: Gold cannot be negative; put Gold on it, or 0 to give the "
            "order up.",
        )
    if cmd.gold == 0:
        ctx.emit(OrderWithdrawn(seat=cmd.seat, space=cmd.space, reason="gave up the order"))
        return
    available = free_gold(ctx.state, cmd.seat)
    if cmd.gold > available:
        raise RuleError(
            "not_enough_gold",
            f"You have {available} Gold free to put on order space {cmd.space}; choose up to that.",
            gold=available,
        )
    ctx.emit(OrderCorrected(seat=cmd.seat, space=cmd.space, gold=cmd.gold))
