"""ATTEMPT CONTRACT CONTEST RESOLUTION.

"1. Negotiate reward split (optional). 2. Choose Contest Stance (cooperate / conflict). 3. Resolve
the Attempt Contract Contest." Conflictors attempt first, each with a Skill Check Penalty equal to
its skill dice, and the one with the highest margin wins; if the contract is still there the
cooperators attempt it together (a combined team on one target, or separate teams on different
targets), each gaining the full Fame and splitting the rest as agreed or by the default split.

A guild may also withdraw ("decide not to carry out the Order") and Attempt a Private Contract or
Wander instead. An agreed split binds only if every contester cooperates; when a split is agreed
after some guilds chose a stance, those stances are cleared so everyone chooses knowing the deal.
"""

from __future__ import annotations

from itertools import product

from engine.core.errors import RuleError
from games.guild_master.rules.abilities import check_modifiers, conflict_penalty
from games.guild_master.rules.attempt_contract import choose_target, completion
from games.guild_master.rules.cards import Contract
from games.guild_master.rules.commands import (
    AnswerSplit,
    ChooseCooperation,
    ChooseStance,
    ProposeSplit,
)
from games.guild_master.rules.content import Pack
from games.guild_master.rules.context import Ctx, Pause
from games.guild_master.rules.dice_math import success_chance
from games.guild_master.rules.events import (
    ConflictDecided,
    ContractFailed,
    CooperationChosen,
    SplitAgreed,
    SplitAnswered,
    SplitProposed,
    StanceChosen,
    StancesRevealed,
)
from games.guild_master.rules.fame import fame_order
from games.guild_master.rules.resolution import (
    miss,
    order_of,
    push_front,
    replace_head,
    resolved,
)
from games.guild_master.rules.skill_check import rank_contested, run_check
from games.guild_master.rules.state import (
    ActionStep,
    AttemptTask,
    ContestTask,
    CoopChoice,
    GameState,
    SplitTerms,
)
from games.guild_master.rules.team import MAX_SKILL_DICE, skill_dice
from games.guild_master.rules.upgrades import team_size

STANCES = ("cooperate", "conflict", "withdraw")


def contest_task(ctx: Ctx, task: ContestTask) -> None:
    if task.stage == "stances":
        _reveal_stances(ctx, task)
    elif task.stage == "conflict":
        _conflictors(ctx, task)
    else:
        _cooperators(ctx, task)


def _stance(task: ContestTask, seat: int) -> str:
    return task.stances.get(str(seat), "")


def _reveal_stances(ctx: Ctx, task: ContestTask) -> None:
    """ "Once all Contesting Guilds have chosen a Contest Stance, they all reveal.\""""
    if any(not _stance(task, s) for s in task.seats):
        raise Pause
    ctx.emit(
        StancesRevealed(
            space=task.space,
            spot=task.spot,
            stances=tuple((s, _stance(task, s)) for s in task.seats),
        )
    )
    withdrawn = [s for s in task.seats if _stance(task, s) == "withdraw"]
    push_front(ctx, *(miss(ctx, s, task.space, "withdrew from the contest") for s in withdrawn))


def _contract(ctx: Ctx, task: ContestTask) -> Contract:
    card = ctx.state.board.contracts[task.spot - 1].card
    assert card is not None
    return ctx.pack.contracts[card]


def _conflictors(ctx: Ctx, task: ContestTask) -> None:
    """ "Each conflictor attempts the Contract separately, but with a Skill Check Penalty... the
    one who completed it by the highest margin over their conflicting Skill Check Target gains the
    rewards. Ties are resolved like they are in Contested Skill Checks.\""""
    contract = _contract(ctx, task)
    conflictors = [s for s in task.seats if _stance(task, s) == "conflict"]
    cooperators = [s for s in task.seats if _stance(task, s) == "cooperate"]
    successes, keys = [], {}
    for seat in conflictors:
        order = order_of(ctx, seat, task.space)
        target = choose_target(
            ctx.state, ctx.pack, seat, order.team, contract, order.plan.skill, conflict=True
        )
        assert target is not None
        skill, value = target
        dice = skill_dice(ctx.pack, order.team, skill)
        need = value + conflict_penalty(ctx.state, ctx.pack, seat, dice)
        key = f"conflict:{task.space}:{task.spot}:{seat}"
        result = run_check(
            ctx,
            key,
            seat,
            skill,
            dice,
            target=need,
            goal="target",
            purpose="conflict",
            policy=order.plan.rolls,
            contract=contract.slug,
        )
        keys[seat] = key
        if result.total >= need:
            successes.append((seat, key))
    winner = None
    if successes:
        ranking = rank_contested(ctx, successes, lambda r: r.total - (r.target or 0), top_only=True)
        winner = ranking[0]
    results = ctx.action.results
    margins = [(s, results[k].total - (results[k].target or 0)) for s, k in keys.items()]
    ctx.emit(
        ConflictDecided(space=task.space, spot=task.spot, winner=winner, margins=tuple(margins))
    )
    for seat in conflictors:
        resolved(ctx, seat, task.space)
    if winner is not None:
        fallbacks = [
            miss(ctx, s, task.space, "a conflictor completed the contract") for s in cooperators
        ]
        replace_head(
            ctx, completion(contract, task.space, task.spot, (winner,), winner), *fallbacks
        )
    elif not cooperators:
        ctx.emit(ContractFailed(seats=tuple(conflictors), contract=contract.slug, space=task.space))
        replace_head(ctx)


def combined_size(state: GameState, pack: Pack, seats: list[int]) -> int:
    """ "This combined team's maximum size is dictated by the highest level Mess Hall amongst the
    cooperating Guilds, or by the number of Guilds participating, whichever is greater.\""""
    return max(max(team_size(pack, state.guilds[s]) for s in seats), len(seats))


def allocate(
    pack: Pack, skill: str, offers: dict[int, tuple[str, ...]], size: int
) -> dict[int, tuple[str, ...]]:
    """Fill a combined team of `size` from each guild's offered adventurers: each guild's best
    adventurer first ("each cooperating Guild must contribute at least one"), then the most
    skilled of the rest; seats break ties."""

    def value(a: str) -> int:
        return pack.adventurers[a].skills.get(skill, 0)

    ranked = {s: sorted(o, key=lambda a: -value(a)) for s, o in offers.items()}
    chosen = {s: [r[0]] for s, r in ranked.items() if r}
    rest = sorted(((value(a), -s, a, s) for s, r in ranked.items() for a in r[1:]), reverse=True)
    free = size - sum(len(v) for v in chosen.values())
    for _v, _neg, a, s in rest[: max(0, free)]:
        chosen[s].append(a)
    return {s: tuple(v) for s, v in chosen.items()}


def dice_shares(pack: Pack, skill: str, team: dict[int, tuple[str, ...]]) -> dict[int, int]:
    """Each guild rolls for its own adventurers, "up to a maximum of 10 dice in total for the
    combined team": dice above 10 are taken from the guild rolling the most (seat order on a
    tie)."""
    shares = {
        s: sum(pack.adventurers[a].skills.get(skill, 0) for a in advs) for s, advs in team.items()
    }
    while sum(shares.values()) > MAX_SKILL_DICE:
        top = max(shares, key=lambda s: (shares[s], -s))
        shares[top] -= 1
    return shares


def _group_chance(
    state: GameState, pack: Pack, skill: str, target: int, team: dict[int, tuple[str, ...]]
) -> float:
    shares = dice_shares(pack, skill, team)
    fixers: list[int] = []
    rerolls = 0
    extra = 0
    for s in team:
        mods = check_modifiers(state, pack, s, skill, "cooperate")
        fixers += mods.fixers
        rerolls += mods.rerolls
        extra += mods.add
    return success_chance(sum(shares.values()) + extra, target, tuple(sorted(fixers)), rerolls)


def auto_cooperation(
    state: GameState, pack: Pack, task: ContestTask, contract: Contract, seats: list[int]
) -> dict[int, CoopChoice]:
    """The default way for cooperators to attempt the contract: every assignment of the guilds
    that have not chosen to one of the targets is tried (guilds on the same target form a combined
    team of their best adventurers); the one most likely to complete the contract is taken."""
    fixed = {int(k): v for k, v in task.choices.items() if int(k) in seats}
    free = [s for s in seats if s not in fixed]
    step = state.step
    assert isinstance(step, ActionStep)
    teams = {s: step.order(s, task.space).team for s in seats}  # type: ignore[union-attr]
    best, best_p = None, -1.0
    targets = [(t.skill, t.value) for t in contract.targets]
    for combo in product(range(len(targets)), repeat=len(free)):
        plan = dict(fixed)
        for s, i in zip(free, combo, strict=True):
            plan[s] = CoopChoice(skill=targets[i][0], adventurers=teams[s])
        p_fail = 1.0
        for skill, value in targets:
            group = [s for s in seats if plan[s].skill == skill]
            if not group:
                continue
            offers = {s: plan[s].adventurers for s in group}
            team = allocate(pack, skill, offers, combined_size(state, pack, group))
            p_fail *= 1 - _group_chance(state, pack, skill, value, team)
        if 1 - p_fail > best_p + 1e-12:
            best, best_p = plan, 1 - p_fail
    assert best is not None
    out = {}
    for s in free:
        skill = best[s].skill
        group = [g for g in seats if best[g].skill == skill]
        offers = {g: best[g].adventurers for g in group}
        team = allocate(pack, skill, offers, combined_size(state, pack, group))
        out[s] = CoopChoice(skill=skill, adventurers=team[s])
    return out


def _cooperators(ctx: Ctx, task: ContestTask) -> None:
    contract = _contract(ctx, task)
    coops = [s for s in task.seats if _stance(task, s) == "cooperate"]
    if len(coops) == 1:
        # "If there is only one cooperator attempting a Contract, they attempt it as normal."
        replace_head(ctx, AttemptTask(seat=coops[0], space=task.space, spot=task.spot))
        return
    waiting = [
        s
        for s in coops
        if order_of(ctx, s, task.space).plan.cooperation == "ask" and str(s) not in task.choices
    ]
    if waiting:
        raise Pause
    missing = [s for s in coops if str(s) not in task.choices]
    if missing:
        auto = auto_cooperation(ctx.state, ctx.pack, task, contract, coops)
        for s in missing:
            ctx.emit(
                CooperationChosen(seat=s, skill=auto[s].skill, adventurers=auto[s].adventurers)
            )
        task = ctx.action.queue[0]  # type: ignore[assignment]
    choices = {s: task.choices[str(s)] for s in coops}
    scores: dict[int, tuple[int, int]] = {}
    success = False
    for t in contract.targets:
        group = [s for s in coops if choices[s].skill == t.skill]
        if not group:
            continue
        offers = {s: choices[s].adventurers for s in group}
        team = allocate(ctx.pack, t.skill, offers, combined_size(ctx.state, ctx.pack, group))
        shares = dice_shares(ctx.pack, t.skill, team)
        totals = {}
        for i, s in enumerate(group):
            before = sum(totals.values())
            last = i == len(group) - 1
            order = order_of(ctx, s, task.space)
            result = run_check(
                ctx,
                f"coop:{task.space}:{task.spot}:{s}",
                s,
                t.skill,
                shares[s],
                target=t.value - before if last else None,
                goal="target" if last else "high",
                purpose="cooperate",
                policy=order.plan.rolls,
                contract=contract.slug,
            )
            totals[s] = result.total
        margin = sum(totals.values()) - t.value
        success = success or margin >= 0
        for s in group:
            scores[s] = (margin, totals[s])
    for s in coops:
        resolved(ctx, s, task.space)
    if not success:
        ctx.emit(ContractFailed(seats=tuple(coops), contract=contract.slug, space=task.space))
        replace_head(ctx)
        return
    top = max(scores.values())
    leaders = [s for s in coops if scores[s] == top]
    highest = leaders[0] if len(leaders) == 1 else fame_order(ctx, leaders, "highest result")[0]
    terms = task.agreed if len(coops) == len(task.seats) else None
    gold = _gold_split(contract.gold, coops, highest, task.seats, terms)
    bonus = terms.bonus if terms and terms.bonus is not None else highest
    keeper = terms.keeper if terms and terms.keeper is not None else highest
    replace_head(
        ctx,
        completion(contract, task.space, task.spot, tuple(coops), highest, gold, bonus, keeper),
    )


def _gold_split(
    gold: int, coops: list[int], highest: int, seats: tuple[int, ...], terms: SplitTerms | None
) -> tuple[int, ...]:
    """ "Gold is split as evenly as possible, with any extra going to the Guild who rolled the
    highest Skill Check Result" — unless a binding split says otherwise."""
    if terms is not None and terms.gold is not None:
        agreed = dict(zip(seats, terms.gold, strict=True))
        return tuple(agreed[s] for s in coops)
    base, extra = divmod(gold, len(coops))
    return tuple(base + (extra if s == highest else 0) for s in coops)


# --- commands ---------------------------------------------------------------------------------


def _open_contest(ctx: Ctx, seat: int) -> ContestTask:
    head = ctx.action.queue[0] if ctx.action.queue else None
    if not isinstance(head, ContestTask) or head.stage != "stances" or seat not in head.seats:
        raise RuleError("no_contest", "You are not in a contract contest that is being negotiated.")
    return head


def propose_split(ctx: Ctx, cmd: ProposeSplit) -> None:
    task = _open_contest(ctx, cmd.seat)
    contract = _contract(ctx, task)
    terms = cmd.terms
    if terms.gold is not None:
        if len(terms.gold) != len(task.seats) or any(g < 0 for g in terms.gold):
            raise RuleError(
                "split_gold",
                f"Give a Gold share (0 or more) for each of the {len(task.seats)} guilds.",
            )
        if sum(terms.gold) != contract.gold:
            raise RuleError(
                "split_gold",
                f"The shares must add up to the contract's {contract.gold} Gold.",
                gold=contract.gold,
            )
    for who, what in ((terms.bonus, "bonus"), (terms.keeper, "card")):
        if who is not None and who not in task.seats:
            raise RuleError("split_seat", f"The {what} can only go to a guild in this contest.")
    if terms.bonus is not None and contract.effect("bonus") is None:
        raise RuleError("split_bonus", f"{contract.name} has no bonus to split.")
    ctx.emit(SplitProposed(space=task.space, spot=task.spot, by=cmd.seat, terms=terms))


def answer_split(ctx: Ctx, cmd: AnswerSplit) -> None:
    task = _open_contest(ctx, cmd.seat)
    proposal = next((p for p in task.proposals if p.by == cmd.by), None)
    if proposal is None or cmd.by == cmd.seat:
        raise RuleError("no_proposal", "There is no open proposal from that guild to answer.")
    if cmd.seat in proposal.accepted:
        raise RuleError("answered", "You have already accepted that proposal.")
    ctx.emit(SplitAnswered(seat=cmd.seat, by=cmd.by, accept=cmd.accept))
    if cmd.accept:
        accepted = {*proposal.accepted, cmd.seat, cmd.by}
        if accepted >= set(task.seats):
            ctx.emit(SplitAgreed(terms=proposal.terms, stances_cleared=bool(task.stances)))


def choose_stance(ctx: Ctx, cmd: ChooseStance) -> None:
    _open_contest(ctx, cmd.seat)
    if cmd.stance not in STANCES:
        raise RuleError("stance", "Choose cooperate, conflict or withdraw.")
    ctx.emit(StanceChosen(seat=cmd.seat, stance=cmd.stance))


def choose_cooperation(ctx: Ctx, cmd: ChooseCooperation) -> None:
    head = ctx.action.queue[0] if ctx.action.queue else None
    if not (
        isinstance(head, ContestTask)
        and head.stage == "cooperate"
        and _stance(head, cmd.seat) == "cooperate"
        and str(cmd.seat) not in head.choices
    ):
        raise RuleError("not_asked", "You are not being asked how to cooperate right now.")
    contract = _contract(ctx, head)
    if contract.target(cmd.skill) is None:
        skills = " or ".join(t.skill for t in contract.targets)
        raise RuleError("skill", f"Cooperate on one of the contract's skills: {skills}.")
    team = order_of(ctx, cmd.seat, head.space).team
    if not cmd.adventurers or any(a not in team for a in cmd.adventurers):
        raise RuleError(
            "adventurers", "Choose at least one adventurer from the team on this order."
        )
    ctx.emit(CooperationChosen(seat=cmd.seat, skill=cmd.skill, adventurers=cmd.adventurers))
