"""Attempt Contract, and COMPLETING AN ATTEMPT CONTRACT ORDER.

"1. Check the Contract you wish to attempt is still face up... 3. select a Skill that matches one of
the Skill Check Targets... 6. If your Skill Check Result equals or exceeds the Skill Check Target,
you complete the Contract." Rewards come "in the following order: 1. Gain the Gold and Fame...
2. Resolve any Bonus effects... 3. Place the completed Contract near your Order Board (face up if
it has a Boon)... 4. Replace the Contract (if it was on the board)... Completed Private Contracts
are not replaced."
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.guild_master.rules.abilities import (
    apply_effects,
    check_modifiers,
    conflict_penalty,
    guild_abilities,
    needs_choice,
)
from games.guild_master.rules.cards import LEVELS, Contract
from games.guild_master.rules.commands import ChooseBonusTarget, ChooseReplacement
from games.guild_master.rules.content import Pack
from games.guild_master.rules.context import Ctx, Pause
from games.guild_master.rules.dice_math import success_chance
from games.guild_master.rules.effects import RollStore
from games.guild_master.rules.events import (
    BonusChoiceMade,
    BonusDiceRolled,
    ContestOpened,
    ContractCompleted,
    ContractFailed,
    ContractKept,
    ContractReplaced,
    ContractRewarded,
    PlanAnswered,
)
from games.guild_master.rules.fame import fame_order
from games.guild_master.rules.resolution import (
    declined_for,
    miss,
    order_of,
    orders_for,
    replace_head,
    resolved,
    update_head,
)
from games.guild_master.rules.skill_check import run_check
from games.guild_master.rules.state import (
    AttemptTask,
    Board,
    CompleteTask,
    ContestTask,
    ContractTask,
    FallbackTask,
    GameState,
)
from games.guild_master.rules.team import skill_dice, skill_total


def usable_targets(pack: Pack, team: tuple[str, ...], contract: Contract) -> list[tuple[str, int]]:
    """The contract's (skill, target) pairs the team has dice for."""
    return [(t.skill, t.value) for t in contract.targets if skill_total(pack, team, t.skill) > 0]


def chance(
    state: GameState,
    pack: Pack,
    seat: int,
    team: tuple[str, ...],
    skill: str,
    target: int,
    *,
    conflict: bool = False,
) -> float:
    """The guild's chance of reaching `target` with `team` in `skill` (fixers and re-rolls used
    well); a conflictor's target rises by its Skill Check Penalty."""
    mods = check_modifiers(state, pack, seat, skill)
    dice = skill_dice(pack, team, skill)
    need = target + (conflict_penalty(state, pack, seat, dice) if conflict else 0)
    return success_chance(max(0, dice + mods.add), need, tuple(sorted(mods.fixers)), mods.rerolls)


def choose_target(
    state: GameState,
    pack: Pack,
    seat: int,
    team: tuple[str, ...],
    contract: Contract,
    preferred: str = "",
    *,
    conflict: bool = False,
) -> tuple[str, int] | None:
    """The target to attempt: the plan's skill if the team has it, else the best chance."""
    options = usable_targets(pack, team, contract)
    if len(options) < 2:
        return options[0] if options else None
    for skill, value in options:
        if skill == preferred:
            return skill, value
    return max(
        options,
        key=lambda o: (chance(state, pack, seat, team, o[0], o[1], conflict=conflict), -o[1]),
    )


def contract_task(ctx: Ctx, task: ContractTask) -> None:
    spot = ctx.state.board.contracts[task.spot - 1]
    entries = orders_for(ctx, task.space, str(task.spot))
    declined = declined_for(ctx, task.space, str(task.spot))
    if not (spot.card and spot.face_up):
        fallbacks = [
            miss(ctx, s, task.space, f"contract {task.spot} is no longer face up")
            for s, _ in entries
        ]
        replace_head(ctx, *fallbacks, *declined)
        return
    contract = ctx.pack.contracts[spot.card]
    able: list[int] = []
    fallbacks: list[FallbackTask] = []
    for seat, order in entries:
        if usable_targets(ctx.pack, order.team, contract):
            able.append(seat)
        else:
            fallbacks.append(
                miss(ctx, seat, task.space, "the team has none of the contract's skills")
            )
    fallbacks += declined
    # The attempt or contest goes first, so it is under way before any question a fallback asks.
    if len(able) == 1:
        replace_head(ctx, AttemptTask(seat=able[0], space=task.space, spot=task.spot), *fallbacks)
    elif able:
        ctx.emit(
            ContestOpened(
                space=task.space, spot=task.spot, contract=contract.slug, seats=tuple(able)
            )
        )
        replace_head(
            ctx, ContestTask(space=task.space, spot=task.spot, seats=tuple(able)), *fallbacks
        )
    else:
        replace_head(ctx, *fallbacks)


def attempt_task(ctx: Ctx, task: AttemptTask) -> None:
    """One guild attempts a contract on the board or one of its private contracts."""
    order = order_of(ctx, task.seat, task.space)
    if not task.private and order.status == "declined":
        replace_head(ctx, miss(ctx, task.seat, task.space, "declined"))
        return
    if task.private:
        slug, key = task.private, f"private:{task.space}:{task.seat}"
    else:
        slug = ctx.state.board.contracts[task.spot - 1].card or ""
        key = f"contract:{task.space}:{task.spot}:{task.seat}"
    contract = ctx.pack.contracts[slug]
    target = choose_target(ctx.state, ctx.pack, task.seat, order.team, contract, order.plan.skill)
    assert target is not None, "attempts are only queued for teams with a matching skill"
    skill, value = target
    result = run_check(
        ctx,
        key,
        task.seat,
        skill,
        skill_dice(ctx.pack, order.team, skill),
        target=value,
        goal="target",
        purpose="contract",
        policy=order.plan.rolls,
        contract=slug,
    )
    resolved(ctx, task.seat, task.space)
    if result.total >= value:
        replace_head(ctx, completion(contract, task.space, task.spot, (task.seat,), task.seat))
    else:
        ctx.emit(ContractFailed(seats=(task.seat,), contract=slug, space=task.space))
        replace_head(ctx)


def completion(
    contract: Contract,
    space: int,
    spot: int,
    seats: tuple[int, ...],
    highest: int,
    gold: tuple[int, ...] | None = None,
    bonus: int | None = None,
    keeper: int | None = None,
) -> CompleteTask:
    """The rewards task for a completed contract (one guild, or cooperators sharing)."""
    return CompleteTask(
        contract=contract.slug,
        space=space,
        seats=seats,
        gold=gold if gold is not None else (contract.gold,),
        bonus=highest if bonus is None else bonus,
        keeper=highest if keeper is None else keeper,
        spot=spot,
    )


def complete_task(ctx: Ctx, task: CompleteTask) -> None:
    contract = ctx.pack.contracts[task.contract]
    if task.stage == "rewards":
        ctx.emit(
            ContractCompleted(
                seats=task.seats,
                contract=task.contract,
                space=task.space,
                spot=task.spot,
                gold=task.gold,
                bonus=task.bonus,
                keeper=task.keeper,
            )
        )
        share = dict(zip(task.seats, task.gold, strict=True))
        order = task.seats if len(task.seats) == 1 else fame_order(ctx, task.seats, "rewards")
        for seat in order:
            ctx.emit(
                ContractRewarded(
                    seat=seat, contract=task.contract, gold=share[seat], fame=contract.fame
                )
            )
            guild = ctx.state.guilds[seat]
            for adv, ab in list(
                guild_abilities(ctx.state, ctx.pack, guild, "action", "contract_completed")
            ):
                apply_effects(ctx, seat, ab.effects, f"ability:{adv.slug}")
        update_head(ctx, stage="bonus" if contract.effect("bonus") else "keep")
    elif task.stage == "bonus":
        bonus = contract.effect("bonus")
        assert bonus is not None
        choice = task.choice
        if needs_choice(bonus.effects) and choice is None:
            if ctx.state.players > 2:
                raise Pause
            choice = 1 - task.bonus  # with two guilds there is only one to choose
        for op in bonus.effects:
            if isinstance(op, RollStore):
                dice = ctx.dice.dice(op.dice)
                ctx.emit(BonusDiceRolled(contract=task.contract, dice=dice, rng=ctx.rng))
        apply_effects(ctx, task.bonus, bonus.effects, f"bonus:{task.contract}", choice)
        update_head(ctx, stage="keep")
    elif task.stage == "keep":
        ctx.emit(
            ContractKept(
                seat=task.keeper,
                contract=task.contract,
                spot=task.spot,
                boon=contract.effect("boon") is not None,
                stored=task.stored,
            )
        )
        if task.spot:
            update_head(ctx, stage="replace")
        else:
            replace_head(ctx)
    else:
        wish = order_of(ctx, task.keeper, task.space).plan.replace
        if wish == "ask" and replacement_level(ctx.state.board, "", contract.level):
            raise Pause
        level = replacement_level(ctx.state.board, wish, contract.level)
        card = ctx.state.board.deck(level)[0] if level else None
        ctx.emit(ContractReplaced(spot=task.spot, level=level, card=card))
        replace_head(ctx)


def replacement_level(board: Board, wish: str, completed_level: str) -> str:
    """The deck that replaces a completed contract: the one asked for; by default the completed
    contract's own level; if that deck is empty, the first non-empty of Common, Heroic,
    Legendary; "" when every deck is empty (the spot stays empty)."""
    for level in (wish, completed_level, *LEVELS):
        if level in LEVELS and board.deck(level):
            return level
    return ""


def choose_replacement(ctx: Ctx, cmd: ChooseReplacement) -> None:
    head = ctx.action.queue[0] if ctx.action.queue else None
    if not (
        isinstance(head, CompleteTask)
        and head.stage == "replace"
        and head.keeper == cmd.seat
        and head.space == cmd.space
    ):
        raise RuleError("not_asked", "You are not replacing a contract right now.")
    if cmd.level not in LEVELS:
        raise RuleError("level", "Replace it from the common, heroic or legendary deck.")
    if not ctx.state.board.deck(cmd.level):
        raise RuleError("empty_deck", f"The {cmd.level} deck is empty; choose another deck.")
    ctx.emit(PlanAnswered(seat=cmd.seat, space=cmd.space, field="replace", value=cmd.level))


def choose_bonus_target(ctx: Ctx, cmd: ChooseBonusTarget) -> None:
    head = ctx.action.queue[0] if ctx.action.queue else None
    if not (
        isinstance(head, CompleteTask)
        and head.stage == "bonus"
        and head.bonus == cmd.seat
        and head.choice is None
    ):
        raise RuleError("not_asked", "No bonus of yours is waiting for a target.")
    if cmd.target == cmd.seat or not 0 <= cmd.target < ctx.state.players:
        raise RuleError("choose_guild", "Choose a rival guild as the bonus's target.")
    ctx.emit(BonusChoiceMade(seat=cmd.seat, target=cmd.target))
