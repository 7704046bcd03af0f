"""Private Contracts and Wandering.

"You may Attempt a Private Contract or Wander: 1. In an Order Space where you don't have a valid
Order. 2. Instead of resolving one of your assigned Orders. 3. When you miss out on an assigned
Order." "Attempt Private Contract and Wander Orders are resolved last in the Order Resolution
Sequence of their Order Space when assigned this way"; a missed order's fallback resolves at once.

Wander rewards: below 10, 1 Gold; from n×10 to n×10+9, n Gold and n Fame.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.errors import RuleError
from games.guild_master.rules.abilities import apply_effects, check_modifiers, guild_abilities
from games.guild_master.rules.attempt_contract import chance, choose_target, usable_targets
from games.guild_master.rules.commands import ChooseFallback
from games.guild_master.rules.content import Pack
from games.guild_master.rules.context import Ctx, Pause
from games.guild_master.rules.dice_math import _multisets, position_value, wander_reward
from games.guild_master.rules.events import PlanAnswered, Wandered
from games.guild_master.rules.resolution import order_of, orders_for, replace_head, resolved
from games.guild_master.rules.skill_check import run_check
from games.guild_master.rules.state import (
    NONE,
    AttemptTask,
    FallbackTask,
    GameState,
    UnassignedTask,
    WanderTask,
)
from games.guild_master.rules.team import skill_dice, strongest_skill


def attemptable(pack: Pack, private: tuple[str, ...], team: tuple[str, ...]) -> list[str]:
    """ "Check whether your team has the Skills required to attempt one of your Private
    Contracts.\""""
    return [c for c in private if usable_targets(pack, team, pack.contracts[c])]


@lru_cache(maxsize=4096)
def wander_value(n_dice: int, fixers: tuple[int, ...], rerolls: int) -> float:
    """The expected Gold plus Fame of a wander with `n_dice` dice."""
    if n_dice <= 0:
        return 1.0
    return sum(
        weight * position_value(dice, rerolls, fixers, "wander", 0)
        for dice, weight in _multisets(n_dice)
    )


def auto_fallback(state: GameState, pack: Pack, seat: int, team: tuple[str, ...]) -> str:
    """The default fallback: the private contract with the best expected reward (chance times
    Gold plus Fame), if that beats the expected wander; otherwise "wander". Never random."""
    g = state.guilds[seat]
    skill = strongest_skill(pack, team)
    mods = check_modifiers(state, pack, seat, skill, "wander")
    best, best_value = (
        "wander",
        wander_value(
            max(0, skill_dice(pack, team, skill) + mods.add),
            tuple(sorted(mods.fixers)),
            mods.rerolls,
        ),
    )
    for slug in attemptable(pack, g.private_contracts, team):
        contract = pack.contracts[slug]
        target = choose_target(state, pack, seat, team, contract)
        assert target is not None
        p = chance(state, pack, seat, team, *target)
        value = p * (contract.gold + contract.fame)
        if value > best_value + 1e-12:
            best, best_value = slug, value
    return best


def fallback_task(ctx: Ctx, task: FallbackTask) -> None:
    order = order_of(ctx, task.seat, task.space)
    choice = order.plan.fallback
    if choice == "ask":
        raise Pause
    g = ctx.state.guilds[task.seat]
    if choice not in ("wander", "auto") and choice not in attemptable(
        ctx.pack, g.private_contracts, order.team
    ):
        choice = "auto"  # the named contract was completed earlier or the team cannot attempt it
    if choice == "auto":
        choice = auto_fallback(ctx.state, ctx.pack, task.seat, order.team)
    if choice == "wander":
        replace_head(ctx, WanderTask(seat=task.seat, space=task.space))
    else:
        replace_head(ctx, AttemptTask(seat=task.seat, space=task.space, private=choice))


def wander_task(ctx: Ctx, task: WanderTask) -> None:
    """ "Your team may simply Wander by making a Skill Check.\""""
    order = order_of(ctx, task.seat, task.space)
    skill = strongest_skill(ctx.pack, order.team, order.plan.skill)
    result = run_check(
        ctx,
        f"wander:{task.space}:{task.seat}",
        task.seat,
        skill,
        skill_dice(ctx.pack, order.team, skill),
        target=None,
        goal="wander",
        purpose="wander",
        policy=order.plan.rolls,
    )
    gold, fame = wander_reward(result.total)
    ctx.emit(Wandered(seat=task.seat, space=task.space, result=result.total, gold=gold, fame=fame))
    guild = ctx.state.guilds[task.seat]
    for adv, ab in list(guild_abilities(ctx.state, ctx.pack, guild, "action", "wandered")):
        apply_effects(ctx, task.seat, ab.effects, f"ability:{adv.slug}")
    resolved(ctx, task.seat, task.space)
    replace_head(ctx)


def unassigned_task(ctx: Ctx, task: UnassignedTask) -> None:
    """Teams with no order card choose between their private contracts and wandering."""
    seats = [seat for seat, _ in orders_for(ctx, task.space, NONE)]
    replace_head(ctx, *(FallbackTask(seat=s, space=task.space) for s in seats))


def choose_fallback(ctx: Ctx, cmd: ChooseFallback) -> None:
    head = ctx.action.queue[0] if ctx.action.queue else None
    if not isinstance(head, FallbackTask) or (head.seat, head.space) != (cmd.seat, cmd.space):
        raise RuleError("not_asked", "Nobody is waiting for your fallback on that order space.")
    order = order_of(ctx, cmd.seat, cmd.space)
    options = attemptable(ctx.pack, ctx.state.guilds[cmd.seat].private_contracts, order.team)
    if cmd.choice != "wander" and cmd.choice not in options:
        raise RuleError(
            "fallback",
            "Wander, or attempt one of your private contracts this team has a skill for.",
        )
    ctx.emit(PlanAnswered(seat=cmd.seat, space=cmd.space, field="fallback", value=cmd.choice))
