"""`evolve(state, event)`: apply one event. It never validates and never rolls a die.

Each handler is small and mirrors the event's meaning; `decide` made sure the event is legal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from games.guild_master.rules import events as ev
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import (
    ActionStep,
    ActiveCheck,
    BuildTask,
    CheckResult,
    CompletedContract,
    CompleteTask,
    ContestTask,
    CoopChoice,
    Correction,
    EndStep,
    FinalScore,
    GameState,
    Guild,
    OrderOutcome,
    OrderStep,
    OwnedSkillUpgrade,
    Phase,
    PlotStep,
    Proposal,
    SetupChoice,
    SetupStep,
)

Handler = Callable[[Any, Any], GameState]
_HANDLERS: dict[type, Handler] = {}


def _on(cls: type) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _HANDLERS[cls] = fn
        return fn

    return register


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    """Apply `event` to `state` (None before the game exists)."""
    new = _HANDLERS[type(event)](state, event)
    return replace(new, seq=new.seq + 1)


# --- helpers ----------------------------------------------------------------------------------


def _guild(s: GameState, seat: int, **changes: Any) -> GameState:
    guilds = list(s.guilds)
    guilds[seat] = replace(guilds[seat], **changes)
    return replace(s, guilds=tuple(guilds))


def _fame(g: Guild, amount: int, source: str) -> dict[str, Any]:
    fame_from = replace(g.fame_from, **{source: getattr(g.fame_from, source) + amount})
    return {"fame": g.fame + amount, "fame_from": fame_from}


def _step(s: GameState, **changes: Any) -> GameState:
    return replace(s, step=replace(s.step, **changes))


def _order(s: GameState, seat: int, space: int, **changes: Any) -> GameState:
    step: ActionStep = s.step  # type: ignore[assignment]
    orders = list(step.orders)
    orders[seat] = tuple(replace(o, **changes) if o.space == space else o for o in orders[seat])
    return replace(s, step=replace(step, orders=tuple(orders)))


def _head(s: GameState, **changes: Any) -> GameState:
    step: ActionStep = s.step  # type: ignore[assignment]
    queue = step.queue
    return replace(s, step=replace(step, queue=(replace(queue[0], **changes), *queue[1:])))


def _board(s: GameState, **changes: Any) -> GameState:
    return replace(s, board=replace(s.board, **changes))


def _spot(s: GameState, number: int, **changes: Any) -> GameState:
    spots = list(s.board.contracts)
    spots[number - 1] = replace(spots[number - 1], **changes)
    return _board(s, contracts=tuple(spots))


def _tuple_set(t: tuple, i: int, v: Any) -> tuple:
    return (*t[:i], v, *t[i + 1 :])


# --- setup ------------------------------------------------------------------------------------


@_on(ev.GameCreated)
def _created(_: None, e: ev.GameCreated) -> GameState:
    return GameState(
        pack=e.pack,
        players=e.players,
        short=e.short,
        rounds=e.rounds,
        round=0,
        phase=Phase.SETUP,
        rng=e.rng,
        board=e.board,
        guilds=e.guilds,
        step=SetupStep(dealt=e.dealt, choices=(None,) * e.players),
    )


@_on(ev.SetupChosen)
def _setup_chosen(s: GameState, e: ev.SetupChosen) -> GameState:
    step: SetupStep = s.step  # type: ignore[assignment]
    choice = SetupChoice(contract=e.contract, side=e.side)  # type: ignore[arg-type]
    return _step(s, choices=_tuple_set(step.choices, e.seat, choice))


@_on(ev.SetupFinished)
def _setup_finished(s: GameState, e: ev.SetupFinished) -> GameState:
    for spot, card in e.placements:
        s = _spot(s, spot, card=card, face_up=True, level="common")
    guilds = []
    for g in s.guilds:
        start = OwnedSkillUpgrade(slug=g.skill_upgrades[0].slug, side=e.sides[g.seat])  # type: ignore[arg-type]
        guilds.append(
            replace(
                g,
                private_contracts=e.private[g.seat],
                skill_upgrades=(start, *g.skill_upgrades[1:]),
            )
        )
    spots = tuple(replace(a, face_up=bool(a.deck)) for a in s.board.adventurers)
    s = replace(s, guilds=tuple(guilds), step=None)
    return _board(s, adventurers=spots)


# --- rounds -----------------------------------------------------------------------------------


@_on(ev.RoundStarted)
def _round_started(s: GameState, e: ev.RoundStarted) -> GameState:
    guilds = tuple(replace(g, plot_used=()) for g in s.guilds)
    return replace(s, round=e.round, phase=Phase.START, step=None, guilds=guilds)


@_on(ev.EventsAnnounced)
@_on(ev.GoldAnnounced)
@_on(ev.ContestedCheckWon)
@_on(ev.ContestOpened)
@_on(ev.DefaultsApplied)
def _noted(s: GameState, _: ev.Event) -> GameState:
    return s


def _outcome(s: GameState, seat: int, space: int, outcome: OrderOutcome) -> GameState:
    """Note what became of the guild's order on `space` (nothing to note outside the Action
    Phase's orders: a Hire or a recruit by an effect)."""
    step = s.step
    if not isinstance(step, ActionStep) or not space:
        return s
    order = step.order(seat, space)
    if order is None:
        return s
    return _order(s, seat, space, outcomes=(*order.outcomes, outcome))


def _amend_last(s: GameState, seat: int, kind: str, card: str, **changes: Any) -> GameState:
    """Add to the latest outcome of `kind` (about `card`, if given) of the guild's orders."""
    step = s.step
    if not isinstance(step, ActionStep):
        return s
    for order in reversed(step.orders[seat]):
        for i in range(len(order.outcomes) - 1, -1, -1):
            found = order.outcomes[i]
            if found.kind == kind and (not card or found.card in ("", card)):
                changed = replace(found, **changes)
                outcomes = (*order.outcomes[:i], changed, *order.outcomes[i + 1 :])
                return _order(s, seat, order.space, outcomes=outcomes)
    return s


@_on(ev.RecruitFailed)
def _not_recruited(s: GameState, e: ev.RecruitFailed) -> GameState:
    return _outcome(s, e.seat, e.space, OrderOutcome(kind="not_recruited", card=e.reason))


@_on(ev.OrderMissed)
def _missed(s: GameState, e: ev.OrderMissed) -> GameState:
    return _outcome(s, e.seat, e.space, OrderOutcome(kind="missed", card=e.reason))


def _named(s: GameState, seat: int, contract: str) -> str:
    """A contract as an order's outcome names it: a private one stays unnamed (a failed one
    stays in its guild's hand; a completed one is named when it is kept)."""
    return "" if contract in s.guilds[seat].private_contracts else contract


@_on(ev.ContractFailed)
def _failed(s: GameState, e: ev.ContractFailed) -> GameState:
    for seat in e.seats:
        failed = OrderOutcome(kind="failed", card=_named(s, seat, e.contract))
        s = _outcome(s, seat, e.space, failed)
    return s


@_on(ev.ContractCompleted)
def _completed(s: GameState, e: ev.ContractCompleted) -> GameState:
    for seat in e.seats:
        completed = OrderOutcome(kind="completed", card=_named(s, seat, e.contract))
        s = _outcome(s, seat, e.space, completed)
    return s


@_on(ev.FameOrderRolled)
def _fame_order(s: GameState, e: ev.FameOrderRolled) -> GameState:
    return replace(s, rng=e.rng)


@_on(ev.PrivateContractDrawn)
def _private_drawn(s: GameState, e: ev.PrivateContractDrawn) -> GameState:
    g = s.guilds[e.seat]
    s = _guild(s, e.seat, private_contracts=(*g.private_contracts, e.contract))
    return _board(s, common=s.board.common[1:])


@_on(ev.GoldChanged)
def _gold_changed(s: GameState, e: ev.GoldChanged) -> GameState:
    return _guild(s, e.seat, gold=s.guilds[e.seat].gold + e.amount)


@_on(ev.FameChanged)
def _fame_changed(s: GameState, e: ev.FameChanged) -> GameState:
    return _guild(s, e.seat, **_fame(s.guilds[e.seat], e.amount, "effects"))


@_on(ev.PlotPhaseStarted)
def _plot_started(s: GameState, e: ev.PlotPhaseStarted) -> GameState:
    return replace(s, phase=Phase.PLOT, step=PlotStep(order=e.order))


@_on(ev.PlotAbilityUsed)
def _plot_used(s: GameState, e: ev.PlotAbilityUsed) -> GameState:
    g = s.guilds[e.seat]
    return _guild(s, e.seat, plot_used=(*g.plot_used, e.adventurer))


@_on(ev.PlotBoonUsed)
def _plot_boon(s: GameState, e: ev.PlotBoonUsed) -> GameState:
    g = s.guilds[e.seat]
    s = _guild(s, e.seat, completed=tuple(c for c in g.completed if c.slug != e.contract))
    return _board(s, contract_discard=(*s.board.contract_discard, e.contract))


@_on(ev.PlotTurnEnded)
def _plot_turn_ended(s: GameState, _: ev.PlotTurnEnded) -> GameState:
    step: PlotStep = s.step  # type: ignore[assignment]
    return _step(s, index=step.index + 1)


@_on(ev.OrderPhaseStarted)
def _order_phase(s: GameState, _: ev.OrderPhaseStarted) -> GameState:
    n = s.players
    return replace(s, phase=Phase.ORDERS, step=OrderStep(drafts=((),) * n, ready=(False,) * n))


@_on(ev.OrdersDrafted)
def _drafted(s: GameState, e: ev.OrdersDrafted) -> GameState:
    step: OrderStep = s.step  # type: ignore[assignment]
    return _step(s, drafts=_tuple_set(step.drafts, e.seat, e.orders))


@_on(ev.ReadyChanged)
def _ready(s: GameState, e: ev.ReadyChanged) -> GameState:
    step: OrderStep = s.step  # type: ignore[assignment]
    return _step(s, ready=_tuple_set(step.ready, e.seat, e.ready))


@_on(ev.OrdersRevealed)
def _revealed(s: GameState, e: ev.OrdersRevealed) -> GameState:
    return replace(s, phase=Phase.ACTION, step=ActionStep(orders=e.orders))


@_on(ev.OrderMistaken)
def _mistaken(s: GameState, e: ev.OrderMistaken) -> GameState:
    step: ActionStep = s.step  # type: ignore[assignment]
    if e.correctable:
        fix = Correction(seat=e.seat, space=e.space, reason=e.reason)
        return _step(s, corrections=(*step.corrections, fix))
    return s


@_on(ev.OrderCorrected)
def _corrected(s: GameState, e: ev.OrderCorrected) -> GameState:
    step: ActionStep = s.step  # type: ignore[assignment]
    rest = tuple(c for c in step.corrections if (c.seat, c.space) != (e.seat, e.space))
    s = _step(s, corrections=rest)
    return _order(s, e.seat, e.space, gold=e.gold)


@_on(ev.OrderWithdrawn)
def _withdrawn(s: GameState, e: ev.OrderWithdrawn) -> GameState:
    step: ActionStep = s.step  # type: ignore[assignment]
    rest = tuple(c for c in step.corrections if (c.seat, c.space) != (e.seat, e.space))
    s = _step(s, corrections=rest)
    return _order(s, e.seat, e.space, objective="none", gold=0)


@_on(ev.OrderDeclined)
def _declined(s: GameState, e: ev.OrderDeclined) -> GameState:
    return _order(s, e.seat, e.space, status="declined", gold=0)


@_on(ev.TasksChanged)
def _tasks(s: GameState, e: ev.TasksChanged) -> GameState:
    step: ActionStep = s.step  # type: ignore[assignment]
    return replace(s, step=replace(step, queue=(*e.push, *step.queue[e.pop :])))


@_on(ev.PlanAnswered)
def _plan_answered(s: GameState, e: ev.PlanAnswered) -> GameState:
    step: ActionStep = s.step  # type: ignore[assignment]
    order = step.order(e.seat, e.space)
    assert order is not None
    value = e.builds if e.field == "builds" else e.value
    return _order(s, e.seat, e.space, plan=replace(order.plan, **{e.field: value}))


# --- skill checks -----------------------------------------------------------------------------


@_on(ev.SkillCheckRolled)
def _rolled(s: GameState, e: ev.SkillCheckRolled) -> GameState:
    check = ActiveCheck(
        key=e.key,
        seat=e.seat,
        skill=e.skill,
        dice=e.dice,
        skill_dice=e.skill_dice,
        fixers=e.fixers,
        rerolls=e.rerolls,
        boons=e.boons,
        target=e.target,
        goal=e.goal,  # type: ignore[arg-type]
    )
    return replace(s, rng=e.rng, step=replace(s.step, check=check))


@_on(ev.DieFixed)
def _fixed(s: GameState, e: ev.DieFixed) -> GameState:
    check: ActiveCheck = s.step.check  # type: ignore[union-attr]
    fixers = list(check.fixers)
    fixers.remove(e.value)
    check = replace(check, dice=_tuple_set(check.dice, e.index, e.value), fixers=tuple(fixers))
    return _step(s, check=check)


@_on(ev.DieRerolled)
def _rerolled(s: GameState, e: ev.DieRerolled) -> GameState:
    check: ActiveCheck = s.step.check  # type: ignore[union-attr]
    check = replace(check, dice=_tuple_set(check.dice, e.index, e.value), rerolls=check.rerolls - 1)
    return replace(s, rng=e.rng, step=replace(s.step, check=check))


@_on(ev.BoonUsed)
def _boon_used(s: GameState, e: ev.BoonUsed) -> GameState:
    g = s.guilds[e.seat]
    kept = tuple(c for c in g.completed if c.slug != e.contract)
    s = _guild(s, e.seat, completed=kept)
    s = _board(s, contract_discard=(*s.board.contract_discard, e.contract))
    check: ActiveCheck = s.step.check  # type: ignore[union-attr]
    check = replace(
        check,
        bonus=check.bonus + e.bonus,
        fixers=tuple(sorted((*check.fixers, *e.fixers), reverse=True)),
        rerolls=check.rerolls + e.rerolls,
        boons=tuple(b for b in check.boons if b != e.contract),
    )
    return _step(s, check=check)


@_on(ev.SkillCheckFinished)
def _check_finished(s: GameState, e: ev.SkillCheckFinished) -> GameState:
    step: ActionStep = s.step  # type: ignore[assignment]
    c = step.check
    assert c is not None
    result = CheckResult(
        seat=c.seat,
        skill=c.skill,
        dice=c.dice,
        total=e.total,
        target=c.target,
        skill_dice=c.skill_dice,
    )
    return replace(s, step=replace(step, check=None, results={**step.results, e.key: result}))


@_on(ev.TieRerolled)
def _tie(s: GameState, e: ev.TieRerolled) -> GameState:
    step: ActionStep = s.step  # type: ignore[assignment]
    results = dict(step.results)
    for key, index, old, new in e.rerolls:
        r = results[key]
        dice = _tuple_set(r.dice, index, new) if index >= 0 else (*r.dice, new)
        results[key] = replace(r, dice=dice, total=r.total - old + new)
    return replace(s, rng=e.rng, step=replace(step, results=results))


# --- orders -----------------------------------------------------------------------------------


@_on(ev.BuildersHired)
def _hired(s: GameState, e: ev.BuildersHired) -> GameState:
    cost = sum(e.costs)
    s = _guild(s, e.seat, gold=s.guilds[e.seat].gold - cost)
    if e.space:
        order = s.step.order(e.seat, e.space)  # type: ignore[union-attr]
        s = _order(s, e.seat, e.space, gold=order.gold - cost)
        s = _outcome(s, e.seat, e.space, OrderOutcome(kind="hired", gold=-cost))
    return _board(s, builder_marker=e.marker)


@_on(ev.UpgradeBuilt)
def _built(s: GameState, e: ev.UpgradeBuilt) -> GameState:
    pack = load_pack(s.pack)
    g = s.guilds[e.seat]
    b = s.board
    changes = _fame(g, e.fame, "upgrades")
    if e.upgrade in pack.skill_upgrades:
        owned = OwnedSkillUpgrade(slug=e.upgrade, side=e.side)  # type: ignore[arg-type]
        changes["skill_upgrades"] = (*g.skill_upgrades, owned)
        supply = {**b.skill_supply, e.upgrade: b.skill_supply[e.upgrade] - 1}
        s = _board(s, skill_supply=supply)
    elif e.upgrade in pack.core_upgrades:
        core = pack.core_upgrades[e.upgrade]
        changes[core.kind] = core.level
        supply = {**b.core_supply, e.upgrade: b.core_supply[e.upgrade] - 1}
        if core.level == 3:  # the level II token goes back to the supply
            lower = pack.core(core.kind, 2).slug
            supply[lower] = supply[lower] + 1
        s = _board(s, core_supply=supply)
    else:
        changes["prestige"] = e.upgrade
        s = _board(s, prestige_supply=tuple(p for p in b.prestige_supply if p != e.upgrade))
    s = _guild(s, e.seat, **changes)
    return _built_by_order(s, e)


def _built_by_order(s: GameState, e: ev.UpgradeBuilt) -> GameState:
    """An upgrade built by a Hire Builders order joins the order's "hired" outcome (upgrades
    built otherwise, by free Builders, belong to no order)."""
    step = s.step
    head = step.queue[0] if isinstance(step, ActionStep) and step.queue else None
    if not isinstance(head, BuildTask) or head.seat != e.seat:
        return s
    order = step.order(e.seat, head.space)  # type: ignore[union-attr]
    if order is None or not order.outcomes or order.outcomes[-1].kind != "hired":
        return s
    last = order.outcomes[-1]
    card = f"{last.card},{e.upgrade}" if last.card else e.upgrade
    hired = replace(last, fame=last.fame + e.fame, card=card)
    return _order(s, e.seat, head.space, outcomes=(*order.outcomes[:-1], hired))


@_on(ev.GoldReturned)
def _gold_returned(s: GameState, e: ev.GoldReturned) -> GameState:
    return _order(s, e.seat, e.space, gold=0)


@_on(ev.AdventurerRecruited)
def _recruited(s: GameState, e: ev.AdventurerRecruited) -> GameState:
    g = s.guilds[e.seat]
    s = _guild(
        s,
        e.seat,
        gold=g.gold - e.paid,
        adventurers=(*g.adventurers, e.adventurer),
        **_fame(g, e.fame, "recruits"),
    )
    if e.space:
        s = _order(s, e.seat, e.space, gold=0)
        recruited = OrderOutcome(kind="recruited", fame=e.fame, gold=-e.paid, card=e.adventurer)
        s = _outcome(s, e.seat, e.space, recruited)
    spots = list(s.board.adventurers)
    i = "ABCDEF".index(e.spot)
    spots[i] = replace(spots[i], deck=spots[i].deck[1:], face_up=False)
    return _board(s, adventurers=tuple(spots))


@_on(ev.OrderResolved)
def _resolved(s: GameState, e: ev.OrderResolved) -> GameState:
    return _order(s, e.seat, e.space, status="done")


@_on(ev.SplitProposed)
def _proposed(s: GameState, e: ev.SplitProposed) -> GameState:
    task: ContestTask = s.step.queue[0]  # type: ignore[union-attr]
    others = tuple(p for p in task.proposals if p.by != e.by)
    return _head(s, proposals=(*others, Proposal(by=e.by, terms=e.terms)))


@_on(ev.SplitAnswered)
def _answered(s: GameState, e: ev.SplitAnswered) -> GameState:
    task: ContestTask = s.step.queue[0]  # type: ignore[union-attr]
    proposals = []
    for p in task.proposals:
        if p.by == e.by:
            if not e.accept:
                continue
            p = replace(p, accepted=(*p.accepted, e.seat))
        proposals.append(p)
    return _head(s, proposals=tuple(proposals))


@_on(ev.SplitAgreed)
def _agreed(s: GameState, e: ev.SplitAgreed) -> GameState:
    task: ContestTask = s.step.queue[0]  # type: ignore[union-attr]
    stances = {} if e.stances_cleared else task.stances
    return _head(s, agreed=e.terms, proposals=(), stances=stances)


@_on(ev.StanceChosen)
def _stance(s: GameState, e: ev.StanceChosen) -> GameState:
    task: ContestTask = s.step.queue[0]  # type: ignore[union-attr]
    return _head(s, stances={**task.stances, str(e.seat): e.stance})


@_on(ev.StancesRevealed)
def _stances_revealed(s: GameState, _: ev.StancesRevealed) -> GameState:
    return _head(s, stage="conflict")


@_on(ev.ConflictDecided)
def _conflict_decided(s: GameState, e: ev.ConflictDecided) -> GameState:
    for seat, _margin in e.margins:
        kind = "conflict_won" if seat == e.winner else "conflict_lost"
        s = _outcome(s, seat, e.space, OrderOutcome(kind=kind))
    return _head(s, stage="cooperate")


@_on(ev.CooperationChosen)
def _coop(s: GameState, e: ev.CooperationChosen) -> GameState:
    task: ContestTask = s.step.queue[0]  # type: ignore[union-attr]
    choice = CoopChoice(skill=e.skill, adventurers=e.adventurers)
    return _head(s, choices={**task.choices, str(e.seat): choice})


@_on(ev.ContractRewarded)
def _rewarded(s: GameState, e: ev.ContractRewarded) -> GameState:
    g = s.guilds[e.seat]
    s = _guild(s, e.seat, gold=g.gold + e.gold, **_fame(g, e.fame, "contracts"))
    return _amend_last(s, e.seat, "completed", e.contract, fame=e.fame, gold=e.gold)


@_on(ev.BonusDiceRolled)
def _bonus_dice(s: GameState, e: ev.BonusDiceRolled) -> GameState:
    s = replace(s, rng=e.rng)
    task: CompleteTask = s.step.queue[0]  # type: ignore[union-attr]
    return _head(s, stored=(*task.stored, *e.dice))


@_on(ev.BonusChoiceMade)
def _bonus_choice(s: GameState, e: ev.BonusChoiceMade) -> GameState:
    return _head(s, choice=e.target)


@_on(ev.ContractKept)
def _kept(s: GameState, e: ev.ContractKept) -> GameState:
    g = s.guilds[e.seat]
    done = CompletedContract(slug=e.contract, stored=e.stored, boon=e.boon)
    changes: dict[str, Any] = {"completed": (*g.completed, done)}
    if e.spot:
        s = _spot(s, e.spot, card=None, face_up=False, level="")
    else:
        changes["private_contracts"] = tuple(c for c in g.private_contracts if c != e.contract)
    return _guild(s, e.seat, **changes)


@_on(ev.ContractReplaced)
def _replaced(s: GameState, e: ev.ContractReplaced) -> GameState:
    if e.card is None:
        return s
    s = _board(s, **{e.level: s.board.deck(e.level)[1:]})
    return _spot(s, e.spot, card=e.card, face_up=False, level=e.level)


@_on(ev.Wandered)
def _wandered(s: GameState, e: ev.Wandered) -> GameState:
    g = s.guilds[e.seat]
    s = _guild(s, e.seat, gold=g.gold + e.gold, **_fame(g, e.fame, "wander"))
    return _outcome(s, e.seat, e.space, OrderOutcome(kind="wandered", fame=e.fame, gold=e.gold))


# --- effects that stop for a choice -------------------------------------------------------------


@_on(ev.EffectPaused)
def _paused(s: GameState, e: ev.EffectPaused) -> GameState:
    if e.prompt.drawn:
        s = _board(s, common=s.board.common[len(e.prompt.drawn) :])
    return replace(s, prompt=e.prompt)


@_on(ev.DrawnKept)
def _drawn_kept(s: GameState, e: ev.DrawnKept) -> GameState:
    g = s.guilds[e.seat]
    s = _guild(s, e.seat, private_contracts=(*g.private_contracts, *e.kept))
    s = _board(s, common=(*e.returned, *s.board.common))
    return replace(s, prompt=None)


@_on(ev.PeekArranged)
def _peek_arranged(s: GameState, e: ev.PeekArranged) -> GameState:
    deck = s.board.deck(e.level)
    rest = tuple(c for c in deck if c not in e.bottom)
    s = _board(s, **{e.level: (*rest, *e.bottom)})
    return replace(s, prompt=None)


@_on(ev.FreeBuildersHired)
def _free_hired(s: GameState, e: ev.FreeBuildersHired) -> GameState:
    return replace(_board(s, builder_marker=e.marker), prompt=None)


@_on(ev.FreeBuildersDeclined)
def _free_declined(s: GameState, _: ev.FreeBuildersDeclined) -> GameState:
    return replace(s, prompt=None)


# --- reset and end ----------------------------------------------------------------------------


@_on(ev.ResetPhaseStarted)
def _reset_started(s: GameState, _: ev.ResetPhaseStarted) -> GameState:
    return replace(s, phase=Phase.RESET, step=None)


@_on(ev.IncomeGained)
def _income(s: GameState, e: ev.IncomeGained) -> GameState:
    guilds = tuple(replace(g, gold=g.gold + e.gold[g.seat]) for g in s.guilds)
    return replace(s, guilds=guilds)


@_on(ev.BuilderCostReset)
def _builder_reset(s: GameState, e: ev.BuilderCostReset) -> GameState:
    return _board(s, builder_marker=e.marker)


@_on(ev.BoardDiscarded)
def _discarded(s: GameState, e: ev.BoardDiscarded) -> GameState:
    b = s.board
    advs = list(b.adventurers)
    for letter, _card in e.adventurers:
        i = "ABCDEF".index(letter)
        advs[i] = replace(advs[i], deck=advs[i].deck[1:], face_up=False)
    contracts = list(b.contracts)
    for number, _card in e.contracts:
        contracts[number - 1] = replace(contracts[number - 1], card=None, face_up=False, level="")
    return replace(
        s,
        board=replace(
            b,
            adventurers=tuple(advs),
            contracts=tuple(contracts),
            adventurer_discard=(*b.adventurer_discard, *(c for _, c in e.adventurers)),
            contract_discard=(*b.contract_discard, *(c for _, c in e.contracts)),
        ),
    )


@_on(ev.ContractsDealt)
def _dealt(s: GameState, e: ev.ContractsDealt) -> GameState:
    for spot, level, card in e.cards:
        s = _board(s, **{level: s.board.deck(level)[1:]})
        s = _spot(s, spot, card=card, face_up=False, level=level)
    return s


@_on(ev.CardsRevealed)
def _revealed_cards(s: GameState, _: ev.CardsRevealed) -> GameState:
    b = s.board
    advs = tuple(replace(a, face_up=True) if a.deck and not a.face_up else a for a in b.adventurers)
    contracts = tuple(
        replace(c, face_up=True) if c.card and not c.face_up else c for c in b.contracts
    )
    return replace(s, board=replace(b, adventurers=advs, contracts=contracts))


@_on(ev.RoundEnded)
def _round_ended(s: GameState, e: ev.RoundEnded) -> GameState:
    guilds = tuple(replace(g, fame_by_round=(*g.fame_by_round, e.fame[g.seat])) for g in s.guilds)
    return replace(s, guilds=guilds)


@_on(ev.GameEnded)
def _ended(s: GameState, e: ev.GameEnded) -> GameState:
    guilds = []
    for g in s.guilds:
        gold, prestige = e.gold_fame[g.seat], e.prestige_fame[g.seat]
        fame_from = replace(g.fame_from, gold=gold, prestige=prestige)
        guilds.append(replace(g, fame=g.fame + gold + prestige, fame_from=fame_from))
    scores = tuple(
        FinalScore(
            seat=g.seat,
            fame=g.fame,
            gold_fame=e.gold_fame[g.seat],
            prestige_fame=e.prestige_fame[g.seat],
            winner=g.seat in e.winners,
        )
        for g in guilds
    )
    step = EndStep(scores=scores, winners=e.winners)
    return replace(s, guilds=tuple(guilds), phase=Phase.ENDED, step=step)


@_on(ev.GoldPaid)
def _paid(s: GameState, e: ev.GoldPaid) -> GameState:
    s = _guild(s, e.seat, gold=s.guilds[e.seat].gold - e.amount)
    return _guild(s, e.to, gold=s.guilds[e.to].gold + e.amount)


@_on(ev.ScenarioArranged)
def _arranged(s: GameState, e: ev.ScenarioArranged) -> GameState:
    phase = Phase(e.phase)
    step = s.step if phase is Phase.SETUP else None
    if phase is Phase.ORDERS:
        n = s.players
        step = OrderStep(drafts=((),) * n, ready=(False,) * n)
    return replace(
        s, round=e.round, phase=phase, board=e.board, guilds=e.guilds, rng=e.rng, step=step
    )


def _check_complete() -> None:
    missing = [t.__name__ for t in ev.EVENT_TYPES if t not in _HANDLERS]
    if missing:
        raise RuntimeError(f"events without an evolve handler: {missing}")


_check_complete()
__all__ = ["evolve"]
