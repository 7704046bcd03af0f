"""Action Phase: the Order Resolution Sequence as a queue of small tasks.

"All Guilds resolve their first Orders in sequence from left to right through the objective spaces
across the Board: 1. Hire Builders. 2. Recruit Adventurer. 3. Attempt Contract. 4. Attempt a
Private Contract or Wander... Once all Guilds' first Orders are resolved, players move on to
resolve all their second Orders in the same way."
"""

from __future__ import annotations

from collections.abc import Callable

from games.guild_master.rules.attempt_contract import attempt_task, complete_task, contract_task
from games.guild_master.rules.contested_check import contested_check_task
from games.guild_master.rules.context import Ctx, Pause
from games.guild_master.rules.contract_contest import contest_task
from games.guild_master.rules.events import ResetPhaseStarted
from games.guild_master.rules.hire_builders import build_task, hire_task
from games.guild_master.rules.private_and_wander import fallback_task, unassigned_task, wander_task
from games.guild_master.rules.recruit import recruit_task
from games.guild_master.rules.resolution import replace_head
from games.guild_master.rules.state import (
    CONTRACT_NUMBERS,
    HIRE,
    NONE,
    SPOT_LETTERS,
    AttemptTask,
    BuildTask,
    CompleteTask,
    ContestedCheckTask,
    ContestTask,
    ContractTask,
    FallbackTask,
    HireTask,
    RecruitTask,
    SpaceTask,
    Task,
    UnassignedTask,
    WanderTask,
)


def space_task(ctx: Ctx, task: SpaceTask) -> None:
    """Queue the objectives that have orders on this order space, in sequence order."""
    k = task.space
    present = set()
    later = False
    for orders in ctx.action.orders:
        for o in orders:
            if o.space == k and o.status != "done":
                present.add(o.objective)
            later = later or o.space > k
    tasks: list[Task] = []
    if HIRE in present:
        tasks.append(HireTask(space=k))
    tasks += [RecruitTask(space=k, spot=x) for x in SPOT_LETTERS if x in present]
    tasks += [ContractTask(space=k, spot=int(n)) for n in CONTRACT_NUMBERS if n in present]
    if NONE in present:
        tasks.append(UnassignedTask(space=k))
    if later:
        tasks.append(SpaceTask(space=k + 1))
    replace_head(ctx, *tasks)


HANDLERS: dict[type, Callable[[Ctx, Task], None]] = {
    SpaceTask: space_task,
    HireTask: hire_task,
    BuildTask: build_task,
    RecruitTask: recruit_task,
    ContestedCheckTask: contested_check_task,
    ContractTask: contract_task,
    ContestTask: contest_task,
    AttemptTask: attempt_task,
    CompleteTask: complete_task,
    FallbackTask: fallback_task,
    UnassignedTask: unassigned_task,
    WanderTask: wander_task,
}  # type: ignore[dict-item]


def advance_action(ctx: Ctx) -> bool:
    """Run the next task; False when resolution waits for a decision."""
    step = ctx.action
    if step.corrections:
        return False
    if not step.queue:
        ctx.emit(ResetPhaseStarted())
        return True
    before = ctx.state
    try:
        HANDLERS[type(step.queue[0])](ctx, step.queue[0])
    except Pause:
        return ctx.state is not before
    if ctx.state is before:
        raise RuntimeError(f"task {step.queue[0]!r} made no progress")
    return True
