"""Whom the game waits for, to decide what, and what happens by default.

Each resolution step that pauses (`Pause`) has a matching entry here, so the application always
knows which seat to ask and which command a deadline applies. Defaults are documented in
`games/guild_master/docs/rules-notes.md` and never random.
"""

from __future__ import annotations

from engine.core.game import Decision
from games.guild_master.rules.abilities import default_target, needs_choice
from games.guild_master.rules.attempt_contract import replacement_level
from games.guild_master.rules.commands import (
    ChooseBonusTarget,
    ChooseBuilds,
    ChooseCooperation,
    ChooseFallback,
    ChooseReplacement,
    ChooseSetup,
    ChooseStance,
    Command,
    CorrectOrder,
    EndPlot,
    ModifyRoll,
    SetOrders,
    UseBoon,
    UsePlotAbility,
)
from games.guild_master.rules.content import Pack, load_pack
from games.guild_master.rules.contract_contest import STANCES, auto_cooperation
from games.guild_master.rules.effect_choices import prompt_decision
from games.guild_master.rules.hire_builders import default_builds
from games.guild_master.rules.order_phase import idle_orders
from games.guild_master.rules.plot_phase import (
    current_plot_seat,
    usable_plot_abilities,
    usable_plot_boons,
)
from games.guild_master.rules.private_and_wander import attemptable, auto_fallback
from games.guild_master.rules.setup import default_setup
from games.guild_master.rules.state import (
    ActionStep,
    BuildTask,
    CompleteTask,
    ContestTask,
    FallbackTask,
    GameState,
    OrderStep,
    Phase,
    Plan,
    PlotStep,
    SetupStep,
)


def pending(state: GameState) -> tuple[Decision, ...]:
    """Every decision the game is waiting for right now."""
    pack = load_pack(state.pack)
    if state.prompt is not None:
        return (prompt_decision(state, pack, state.prompt),)
    step = state.step
    if isinstance(step, SetupStep):
        return _setup(state, pack, step)
    if isinstance(step, PlotStep):
        return _plot(state, pack)
    if isinstance(step, OrderStep):
        return _orders(state, pack, step)
    if isinstance(step, ActionStep) and state.phase is Phase.ACTION:
        return _action(state, pack, step)
    return ()


def _setup(state: GameState, pack: Pack, step: SetupStep) -> tuple[Decision, ...]:
    out = []
    for seat, choice in enumerate(step.choices):
        if choice is not None:
            continue
        options = tuple(
            ChooseSetup(seat=seat, contract=c, side=side)
            for c in step.dealt[seat]
            for side in ("fixer", "reroll")
        )
        out.append(
            Decision(
                seat=seat,
                kind="setup",
                prompt="Choose the common contract to place on the board (you keep the other two "
                "as private contracts) and the side of your starting skill upgrade.",
                default=default_setup(state, seat),
                options=options,
            )
        )
    return tuple(out)


def _plot(state: GameState, pack: Pack) -> tuple[Decision, ...]:
    seat = current_plot_seat(state)
    if seat is None:
        return ()
    options: list[Command] = []
    for adv in usable_plot_abilities(state, pack, seat):
        assert adv.ability is not None
        if needs_choice(adv.ability.effects):
            options += [
                UsePlotAbility(seat=seat, adventurer=adv.slug, target=t)
                for t in range(state.players)
                if t != seat
            ]
        else:
            options.append(UsePlotAbility(seat=seat, adventurer=adv.slug))
    for slug, boon in usable_plot_boons(state, pack, seat):
        if needs_choice(boon.effects):
            options += [
                UseBoon(seat=seat, contract=slug, target=t)
                for t in range(state.players)
                if t != seat
            ]
        else:
            options.append(UseBoon(seat=seat, contract=slug))
    options.append(EndPlot(seat=seat))
    return (
        Decision(
            seat=seat,
            kind="plot",
            prompt="Use your plot abilities active this round and any plot boons, then end your "
            "plot turn.",
            default=EndPlot(seat=seat),
            options=tuple(options),
        ),
    )


def _orders(state: GameState, pack: Pack, step: OrderStep) -> tuple[Decision, ...]:
    out = []
    for seat, ready in enumerate(step.ready):
        if ready:
            continue
        draft = step.drafts[seat] or idle_orders(state, pack, seat)
        out.append(
            Decision(
                seat=seat,
                kind="orders",
                prompt="Assign your orders, then say you are ready.",
                default=SetOrders(seat=seat, orders=draft, ready=True),
                context={"draft": bool(step.drafts[seat])},
            )
        )
    return tuple(out)


def _action(state: GameState, pack: Pack, step: ActionStep) -> tuple[Decision, ...]:
    if step.corrections:
        return tuple(
            Decision(
                seat=c.seat,
                kind="correct_order",
                prompt=f"{c.reason} Or give the order up and attempt a private contract or wander.",
                default=CorrectOrder(seat=c.seat, space=c.space, gold=0),
                context={"space": c.space},
            )
            for c in step.corrections
        )
    check = step.check
    if check is not None:
        return (
            Decision(
                seat=check.seat,
                kind="roll",
                prompt="Fix, re-roll, use a boon, or finish your roll.",
                default=ModifyRoll(seat=check.seat, action="auto"),
                context={"key": check.key},
            ),
        )
    if not step.queue:
        return ()
    task = step.queue[0]
    if isinstance(task, BuildTask) and _plan(step, task.seat, task.space).builds is None:
        return (
            Decision(
                seat=task.seat,
                kind="builds",
                prompt="Choose what to build with the Builders you hire (or build nothing).",
                default=ChooseBuilds(
                    seat=task.seat, space=task.space, builds=default_builds(state, pack, task.seat)
                ),
                context={"space": task.space},
            ),
        )
    if isinstance(task, ContestTask):
        return _contest(state, pack, step, task)
    if isinstance(task, CompleteTask):
        return _complete(state, pack, step, task)
    if isinstance(task, FallbackTask) and _plan(step, task.seat, task.space).fallback == "ask":
        order = step.order(task.seat, task.space)
        assert order is not None
        private = attemptable(pack, state.guilds[task.seat].private_contracts, order.team)
        options = tuple(
            ChooseFallback(seat=task.seat, space=task.space, choice=c) for c in (*private, "wander")
        )
        choice = auto_fallback(state, pack, task.seat, order.team)
        return (
            Decision(
                seat=task.seat,
                kind="fallback",
                prompt="Attempt one of your private contracts, or wander.",
                default=ChooseFallback(seat=task.seat, space=task.space, choice=choice),
                options=options,
                context={"space": task.space},
            ),
        )
    return ()


def _plan(step: ActionStep, seat: int, space: int) -> Plan:
    order = step.order(seat, space)
    assert order is not None
    return order.plan


def _contest(
    state: GameState, pack: Pack, step: ActionStep, task: ContestTask
) -> tuple[Decision, ...]:
    card = state.board.contracts[task.spot - 1].card
    context = {"space": task.space, "spot": task.spot, "contract": card}
    if task.stage == "stances":
        return tuple(
            Decision(
                seat=seat,
                kind="stance",
                prompt="Choose your contest stance in secret: cooperate or conflict (or withdraw "
                "to a private contract or wander).",
                default=ChooseStance(seat=seat, stance="cooperate"),
                options=tuple(ChooseStance(seat=seat, stance=s) for s in STANCES),
                context=context,
            )
            for seat in task.seats
            if str(seat) not in task.stances
        )
    if task.stage != "cooperate":
        return ()
    coops = [s for s in task.seats if task.stances.get(str(s)) == "cooperate"]
    asking = [
        s
        for s in coops
        if str(s) not in task.choices and step.order(s, task.space).plan.cooperation == "ask"  # type: ignore[union-attr]
    ]
    if not asking or card is None:
        return ()
    auto = auto_cooperation(state, pack, task, pack.contracts[card], coops)
    return tuple(
        Decision(
            seat=s,
            kind="cooperation",
            prompt="Choose the skill target and the adventurers you bring to the cooperation.",
            default=ChooseCooperation(seat=s, skill=auto[s].skill, adventurers=auto[s].adventurers),
            context=context,
        )
        for s in asking
    )


def _complete(
    state: GameState, pack: Pack, step: ActionStep, task: CompleteTask
) -> tuple[Decision, ...]:
    contract = pack.contracts[task.contract]
    if task.stage == "bonus" and task.choice is None:
        return (
            Decision(
                seat=task.bonus,
                kind="bonus_target",
                prompt=f"Choose the rival guild for the bonus of {contract.name}.",
                default=ChooseBonusTarget(
                    seat=task.bonus, target=default_target(state, task.bonus)
                ),
                options=tuple(
                    ChooseBonusTarget(seat=task.bonus, target=t)
                    for t in range(state.players)
                    if t != task.bonus
                ),
                context={"contract": task.contract},
            ),
        )
    if task.stage == "replace" and _plan(step, task.keeper, task.space).replace == "ask":
        levels = [lvl for lvl in ("common", "heroic", "legendary") if state.board.deck(lvl)]
        level = replacement_level(state.board, "", contract.level)
        return (
            Decision(
                seat=task.keeper,
                kind="replacement",
                prompt=f"Choose the deck that replaces {contract.name} on contract spot "
                f"{task.spot}.",
                default=ChooseReplacement(seat=task.keeper, space=task.space, level=level),
                options=tuple(
                    ChooseReplacement(seat=task.keeper, space=task.space, level=lvl)
                    for lvl in levels
                ),
                context={"spot": task.spot},
            ),
        )
    return ()
