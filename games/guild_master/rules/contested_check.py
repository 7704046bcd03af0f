"""Contested skill checks for priority: "Contesting Guilds carry out a Contested Skill Check
together, each using any one Skill from their assigned team" (Hire Builders, and Recruit when the
bids are tied). The plan's skill is used if the team has it, otherwise its strongest skill."""

from __future__ import annotations

from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import ContestedCheckWon
from games.guild_master.rules.recruit import finish_recruit_contest
from games.guild_master.rules.resolution import order_of, replace_head
from games.guild_master.rules.skill_check import rank_contested, run_check
from games.guild_master.rules.state import BuildTask, ContestedCheckTask
from games.guild_master.rules.team import skill_dice, strongest_skill


def contested_check_task(ctx: Ctx, task: ContestedCheckTask) -> None:
    entries = []
    for seat in task.seats:
        order = order_of(ctx, seat, task.space)
        skill = strongest_skill(ctx.pack, order.team, order.plan.skill)
        key = f"{task.purpose}:{task.space}:{task.spot}:{seat}"
        run_check(
            ctx,
            key,
            seat,
            skill,
            skill_dice(ctx.pack, order.team, skill),
            target=None,
            goal="high",
            purpose=task.purpose,
            policy=order.plan.rolls,
        )
        entries.append((seat, key))
    ranking = rank_contested(ctx, entries, lambda r: r.total)
    ctx.emit(ContestedCheckWon(purpose=task.purpose, space=task.space, ranking=tuple(ranking)))
    if task.purpose == "hire":
        # "The Guild that wins the Skill Check may Hire Builders and build Upgrades first."
        replace_head(ctx, *(BuildTask(seat=s, space=task.space) for s in ranking))
    else:
        finish_recruit_contest(ctx, task, ranking)
