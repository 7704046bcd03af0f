"""Hire Builders.

"Hire a Builder by paying the cost indicated by the Builder Cost marker... Move the Builder Cost
marker up one space... You may only hire as many Builders as you can use... Return any unused Gold
to your Treasury." Then "use your Builders to do one of the following: Build 1 Skill Upgrade and /
or 1 Core Upgrade, or Build 1 Prestige Upgrade."

A plan lists builds in order of preference; the first one the guild may build and can pay for is
built, with exactly the builders it needs. Without a plan the guild is asked when its turn comes.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.guild_master.rules.abilities import apply_effects, builder_change, guild_abilities
from games.guild_master.rules.commands import ChooseBuilds
from games.guild_master.rules.content import Pack
from games.guild_master.rules.context import Ctx, Pause
from games.guild_master.rules.events import (
    BuildersHired,
    FreeBuildersHired,
    GoldReturned,
    PlanAnswered,
    UpgradeBuilt,
)
from games.guild_master.rules.order_phase import _check_plan
from games.guild_master.rules.resolution import (
    declined_for,
    miss,
    order_of,
    orders_for,
    replace_head,
    resolved,
)
from games.guild_master.rules.state import (
    HIRE,
    Build,
    BuildTask,
    ContestedCheckTask,
    GameState,
    HireTask,
    Plan,
)
from games.guild_master.rules.team import strongest_skill
from games.guild_master.rules.upgrades import (
    build_parts,
    build_problem,
    builder_costs,
    builders_needed,
)


def hire_task(ctx: Ctx, task: HireTask) -> None:
    """ "Check whether any other Guilds are Hiring Builders in the same order space. If so, first
    resolve who had priority.\""""
    seats = [seat for seat, _ in orders_for(ctx, task.space, HIRE)]
    declined = declined_for(ctx, task.space, HIRE)
    if len(seats) > 1:
        contest = ContestedCheckTask(purpose="hire", space=task.space, seats=tuple(seats))
        replace_head(ctx, contest, *declined)
    else:
        replace_head(ctx, *(BuildTask(seat=s, space=task.space) for s in seats), *declined)


def affordable_build(
    state: GameState, pack: Pack, seat: int, gold: int, builds: tuple[Build, ...]
) -> Build | None:
    """The first build in `builds` the guild may build and can pay for with `gold`."""
    g = state.guilds[seat]
    change = builder_change(state, pack, seat)
    for b in builds:
        if build_problem(state, pack, g, b) is None:
            n = builders_needed(pack, g, b)
            if sum(builder_costs(pack, state.board, n, change)) <= gold:
                return b
    return None


def default_builds(state: GameState, pack: Pack, seat: int) -> tuple[Build, ...]:
    """The documented default builds, most ambitious first: Stables, then Mess Hall (each with a
    fixer skill upgrade for the guild's strongest skill when one can be added), then that skill
    upgrade alone, then the Bar. The first one allowed and affordable is built."""
    g = state.guilds[seat]
    skill = strongest_skill(pack, g.adventurers)
    owned = {pack.skill_upgrades[u.slug].name for u in g.skill_upgrades}
    upgrade = next(
        (
            slug
            for slug, u in sorted(pack.skill_upgrades.items())
            if u.skill == skill and not u.starting and u.name not in owned
        ),
        "",
    )
    builds: list[Build] = []
    for core in ("stables", "mess_hall"):
        if upgrade:
            builds.append(Build(core=core, skill=upgrade, side="fixer"))
        builds.append(Build(core=core))
    if upgrade:
        builds.append(Build(skill=upgrade, side="fixer"))
    builds.append(Build(core="bar"))
    return tuple(builds)


def build_task(ctx: Ctx, task: BuildTask) -> None:
    order = order_of(ctx, task.seat, task.space)
    if order.status == "declined":
        # "Guilds may choose not to Hire Builders... and Attempt a Private Contract or Wander."
        replace_head(ctx, miss(ctx, task.seat, task.space, "declined"))
        return
    if order.plan.builds is None:
        raise Pause
    build = affordable_build(ctx.state, ctx.pack, task.seat, order.gold, order.plan.builds)
    if build is None:
        replace_head(ctx, miss(ctx, task.seat, task.space, "hired no builders"))
        return
    g = ctx.state.guilds[task.seat]
    costs = builder_costs(
        ctx.pack,
        ctx.state.board,
        builders_needed(ctx.pack, g, build),
        builder_change(ctx.state, ctx.pack, task.seat),
    )
    marker = ctx.state.board.builder_marker + len(costs)
    ctx.emit(BuildersHired(seat=task.seat, space=task.space, costs=costs, marker=marker))
    build_upgrades(ctx, task.seat, build)
    left = order_of(ctx, task.seat, task.space).gold
    if left:
        ctx.emit(GoldReturned(seat=task.seat, space=task.space, amount=left))
    resolved(ctx, task.seat, task.space)
    replace_head(ctx)


def build_upgrades(ctx: Ctx, seat: int, build: Build) -> None:
    """Place the upgrades of `build` with the Builders just hired: "Immediately gain Fame for each
    Skill and Core Upgrade you build"; then the guild's abilities that act when it builds."""
    g = ctx.state.guilds[seat]
    for slug, side, _builders, fame in build_parts(ctx.pack, g, build):
        ctx.emit(UpgradeBuilt(seat=seat, upgrade=slug, side=side, fame=fame))
    guild = ctx.state.guilds[seat]
    for adv, ab in list(guild_abilities(ctx.state, ctx.pack, guild, "action", "built")):
        apply_effects(ctx, seat, ab.effects, f"ability:{adv.slug}")


def build_free(ctx: Ctx, seat: int, build: Build, cause: str) -> None:
    """Build `build` with Builders hired for free by an effect; "Any effect that lets you hire a
    Builder (even for free) still moves the Builder Cost marker up". Only the Builders the build
    needs are hired."""
    n = builders_needed(ctx.pack, ctx.state.guilds[seat], build)
    marker = ctx.state.board.builder_marker + n
    ctx.emit(FreeBuildersHired(seat=seat, count=n, marker=marker, cause=cause))
    build_upgrades(ctx, seat, build)


def choose_builds(ctx: Ctx, cmd: ChooseBuilds) -> None:
    head = ctx.action.queue[0] if ctx.action.queue else None
    if not isinstance(head, BuildTask) or (head.seat, head.space) != (cmd.seat, cmd.space):
        raise RuleError("not_asked", "Nobody is waiting for your builds on that order space.")
    _check_plan(ctx.pack, (), cmd.space, Plan(builds=cmd.builds))
    ctx.emit(PlanAnswered(seat=cmd.seat, space=cmd.space, field="builds", builds=cmd.builds))
