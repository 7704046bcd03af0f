"""PERFORMING A SKILL CHECK.

"1. Select a skill from the Adventurer Team performing the Skill Check. 2. Add up the matching
Skill values for all Adventurers in the team, up to a maximum of 10, and roll that many dice.
3. Apply any modifiers from your Adventurer Abilities, Skill Upgrades, and Contract Boons.
4. Add everything up to attain your Skill Check Result."

A check is rolled once and remembered by its key, so resolution can stop for a guild that wants to
fix and re-roll by hand (plan `rolls = "ask"`) and pick up where it was. With `rolls = "auto"` the
engine plays fixers, re-rolls and boons as well as possible (see `dice_math.py`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import RuleError
from games.guild_master.rules.abilities import boon_gain, check_modifiers
from games.guild_master.rules.commands import ModifyRoll
from games.guild_master.rules.context import Ctx, Pause
from games.guild_master.rules.dice_math import best_reroll, fixed_total, fixer_moves
from games.guild_master.rules.events import (
    BoonUsed,
    DieFixed,
    DieRerolled,
    SkillCheckFinished,
    SkillCheckRolled,
    TieRerolled,
)
from games.guild_master.rules.state import ActiveCheck, CheckResult


def run_check(
    ctx: Ctx,
    key: str,
    seat: int,
    skill: str,
    skill_dice: int,
    *,
    target: int | None,
    goal: str,
    purpose: str,
    policy: str = "auto",
    contract: str = "",
) -> CheckResult:
    """The result of the check `key`, rolling it the first time. Raises `Pause` while the guild
    is still deciding how to use its fixers, re-rolls and boons."""
    step = ctx.action
    done = step.results.get(key)
    if done is not None:
        return done
    if step.check is not None:
        if step.check.key != key:
            raise RuntimeError(f"check {key} started while {step.check.key} is open")
        raise Pause
    mods = check_modifiers(ctx.state, ctx.pack, seat, skill, purpose)
    dice = ctx.dice.dice(max(0, skill_dice + mods.add))
    ctx.emit(
        SkillCheckRolled(
            key=key,
            seat=seat,
            skill=skill,
            skill_dice=skill_dice,
            dice=dice,
            fixers=tuple(mods.fixers),
            rerolls=mods.rerolls,
            boons=tuple(mods.boons),
            target=target,
            goal=goal,
            purpose=purpose,
            rng=ctx.rng,
            contract=contract,
        )
    )
    if policy == "ask" and _has_choices(ctx.action.check):  # type: ignore[arg-type]
        raise Pause
    finish_automatically(ctx)
    return ctx.action.results[key]


def total(check: ActiveCheck) -> int:
    return sum(check.dice) + check.bonus


def _has_choices(check: ActiveCheck) -> bool:
    return bool(check.fixers or check.rerolls or check.boons)


def _need(check: ActiveCheck) -> int:
    if check.goal == "target":
        return (check.target or 0) - check.bonus
    return check.bonus


def finish_automatically(ctx: Ctx) -> None:
    """Play the open check's fixers, re-rolls and boons as well as possible, then finish it."""
    while True:
        c = _open(ctx)
        while c.rerolls:
            index = best_reroll(c.dice, c.rerolls, c.fixers, c.goal, _need(c))
            if index is None:
                break
            ctx.emit(DieRerolled(key=c.key, index=index, value=ctx.dice.die(), rng=ctx.rng))
            c = _open(ctx)
        for index, value in fixer_moves(c.dice, c.fixers):
            ctx.emit(DieFixed(key=c.key, index=index, value=value))
        c = _open(ctx)
        if not _use_a_boon(ctx, c):
            break
    _finish(ctx)


def _use_a_boon(ctx: Ctx, c: ActiveCheck) -> bool:
    """Boons are spent only to turn a failed contract check into a chance of success."""
    if c.goal != "target" or c.target is None or total(c) >= c.target or not c.boons:
        return False
    sure, chance = None, None
    for slug in c.boons:
        done = next(d for d in ctx.state.guilds[c.seat].completed if d.slug == slug)
        boon = ctx.pack.contracts[slug].effect("boon")
        assert boon is not None
        bonus, fixers, rerolls = boon_gain(boon, done.stored)
        after = fixed_total(c.dice, fixers) + c.bonus + bonus
        if (bonus or fixers) and after >= c.target and sure is None:
            sure = (slug, bonus, fixers, rerolls)
        elif rerolls and chance is None:
            chance = (slug, bonus, fixers, rerolls)
    pick = sure or chance
    if pick is None:
        return False
    slug, bonus, fixers, rerolls = pick
    ctx.emit(
        BoonUsed(seat=c.seat, contract=slug, key=c.key, bonus=bonus, fixers=fixers, rerolls=rerolls)
    )
    return True


def _open(ctx: Ctx) -> ActiveCheck:
    check = ctx.action.check
    assert check is not None
    return check


def _finish(ctx: Ctx) -> None:
    c = _open(ctx)
    result = total(c)
    success = None if c.target is None else result >= c.target
    ctx.emit(SkillCheckFinished(key=c.key, total=result, success=success))


def modify_roll(ctx: Ctx, cmd: ModifyRoll) -> None:
    """A guild deciding its open roll by hand."""
    check = ctx.action.check
    if check is None or check.seat != cmd.seat:
        raise RuleError("no_roll_waiting", "None of your rolls is waiting for a fixer or re-roll.")
    if cmd.action == "auto":
        finish_automatically(ctx)
        return
    if cmd.action == "done":
        _finish(ctx)
        return
    if cmd.action in ("fix", "reroll") and not 0 <= cmd.die < len(check.dice):
        raise RuleError(
            "no_such_die", f"Choose a die from 1 to {len(check.dice)}.", dice=len(check.dice)
        )
    if cmd.action == "fix":
        if cmd.value not in check.fixers:
            raise RuleError(
                "no_fixer",
                "You have no fixer left that sets a die to that value; re-roll or finish instead.",
            )
        ctx.emit(DieFixed(key=check.key, index=cmd.die, value=cmd.value))
    elif cmd.action == "reroll":
        if check.rerolls < 1:
            raise RuleError("no_reroll", "You have no re-roll left for this check.")
        ctx.emit(DieRerolled(key=check.key, index=cmd.die, value=ctx.dice.die(), rng=ctx.rng))
    else:
        if cmd.contract not in check.boons:
            raise RuleError("no_such_boon", "That contract's boon cannot be used on this check.")
        done = next(d for d in ctx.state.guilds[cmd.seat].completed if d.slug == cmd.contract)
        boon = ctx.pack.contracts[cmd.contract].effect("boon")
        assert boon is not None
        bonus, fixers, rerolls = boon_gain(boon, done.stored)
        ctx.emit(
            BoonUsed(
                seat=cmd.seat,
                contract=cmd.contract,
                key=check.key,
                bonus=bonus,
                fixers=fixers,
                rerolls=rerolls,
            )
        )
    if not _has_choices(_open(ctx)):
        _finish(ctx)


def rank_contested(
    ctx: Ctx,
    entries: list[tuple[int, str]],
    score: Callable[[CheckResult], int],
    *,
    top_only: bool = False,
) -> list[int]:
    """Seats from the highest score to the lowest. "If there is a tie, each Guild in the tie
    re-rolls one of their dice until one Guild has the highest result." A tie-break orders only
    the tied guilds among themselves, at the place their shared result earned: a guild never
    passes one with a strictly higher result, and a guild in no tie never re-rolls. Each tied
    guild re-rolls its lowest die (a guild with no dice rolls one). With `top_only`, only a tie
    for the highest result is broken (the winner is all that counts)."""
    ranking: list[int] = []
    for place, group in enumerate(_by_score(ctx, entries, score)):
        if top_only and place > 0:
            ranking += [seat for seat, _ in group]
        else:
            ranking += _break_tie(ctx, group, score)
    return ranking


def _by_score(
    ctx: Ctx, entries: list[tuple[int, str]], score: Callable[[CheckResult], int]
) -> list[list[tuple[int, str]]]:
    """`entries` in groups of equal score, the highest first (each in the entries' order)."""
    results = ctx.action.results
    groups: dict[int, list[tuple[int, str]]] = {}
    for e in entries:
        groups.setdefault(score(results[e[1]]), []).append(e)
    return [groups[value] for value in sorted(groups, reverse=True)]


def _break_tie(
    ctx: Ctx, tied: list[tuple[int, str]], score: Callable[[CheckResult], int]
) -> list[int]:
    """The order of guilds tied on one result: they re-roll together, then each group still
    tied after that re-roll is broken among itself the same way."""
    if len(tied) == 1:
        return [tied[0][0]]
    results = ctx.action.results
    rerolls = []
    for _seat, key in tied:
        dice = results[key].dice
        new = ctx.dice.die()
        if dice:
            index = min(range(len(dice)), key=lambda i: dice[i])
            rerolls.append((key, index, dice[index], new))
        else:
            rerolls.append((key, -1, 0, new))
    ctx.emit(TieRerolled(rerolls=tuple(rerolls), rng=ctx.rng))
    return [seat for group in _by_score(ctx, tied, score) for seat in _break_tie(ctx, group, score)]
