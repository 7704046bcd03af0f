"""Character traits and game plans that trigger: "Passive character traits simply have an effect
at all times when the defined requirements are satisfied"; triggered traits and a turn plan's
`when` resolve their effects at the moment the content names (docs/content.md, "Triggers").

Passive traits' stat changes and auras are read in `context` (a model's current stats);
`immune` in `health.suffer`. Here: the triggers, fired by the rules at their moments.
"""

from __future__ import annotations

from msgspec.structs import replace

from games.guild_ball.content.cards import Effect, Trait
from games.guild_ball.pitch import within
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import Ctx, base_of, card, pack, passes
from games.guild_ball.rules.sequences import triggered
from games.guild_ball.rules.state import KD, MAINTENANCE, Dodge, GuildBallState


def gain_ball(ctx: Ctx, model: str, how: str) -> None:
    """`model` takes possession of the ball (any way): the gains_ball triggers follow."""
    ctx.emit(ev.BallHeld(model=model, how=how))
    fire(ctx, "gains_ball", model)


def fire(ctx: Ctx, when: str, model: str, other: str = "") -> None:
    """Resolve the triggered traits of `model` for `when` (`other`: the trigger's other model)
    and its team's game plan if it names the trigger, at the step of its sequence where the
    trigger resolves (`sequences.TRIGGERED_AT`)."""
    triggered(ctx, when, model)
    state = ctx.state
    unit = state.unit(model)
    for trait in card(unit).traits:
        if trait.kind != "triggered" or trait.when != when:
            continue
        tag = f"trait:{trait.slug}"
        if trait.once_per_turn and tag in ctx.state.unit(model).plays_used:
            continue
        effects = _now(ctx.state, trait.effects)
        if not effects:
            continue
        aims = [a for a in _aims(ctx, trait, model, other) if _tests(ctx, trait.checks, a, other)]
        if not aims:
            continue
        if trait.once_per_turn:
            from games.guild_ball.rules.health import changed

            u = ctx.state.unit(model)
            changed(ctx, u, plays_used=(*u.plays_used, tag))
        for affected in aims:
            for effect in effects:
                apply(ctx, model, affected, effect, trait.slug)
                if ctx.state.result is not None:
                    return
    _plan(ctx, when, unit.seat, model)


# The primitives that move a model: "Models may not be repositioned or placed during a parting
# blow", so a trigger resolving during one (its tackle's `tackles` and `gains_ball`) has none.
_MOVES = frozenset({"dodge", "push", "advance"})


def _now(state: GuildBallState, effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """The effects a trigger applies now: during a parting blow, or in the Maintenance Phase
    (a returned model's jog taking the ball, rules notes "Returned models"), none that moves a
    model (a trigger left with none does not resolve, so a once-per-turn one is not used
    up)."""
    parting = state.attack is not None and state.attack.kind == "parting"
    if not parting and state.phase != MAINTENANCE:
        return effects
    return tuple(e for e in effects if e.do not in _MOVES)


def _aims(ctx: Ctx, trait: Trait, model: str, other: str) -> list[str]:
    """The models a triggered trait affects: the trigger's other model, the model itself, or
    for a pulse the models within it when it triggers ("A pulse is an effect which affects only
    models within its range at the time it is triggered ... A model is affected by its own pulse
    unless otherwise stated"), of the side it names."""
    if trait.affects == "target":
        return [other] if other else []
    if trait.area is None:
        return [model]
    state = ctx.state
    origin = state.unit(model)
    here = base_of(origin)
    side = trait.area.side
    return [
        u.id
        for u in state.units
        if u.on_pitch
        and (side == "all" or (u.seat == origin.seat) == (side == "friendly"))
        and (u.id == model or within(base_of(u), here, float(trait.area.size)))
    ]


def _tests(ctx: Ctx, checks: tuple, affected: str, other: str) -> bool:
    state = ctx.state
    target = state.unit(other) if other else None
    for check in checks:
        args = dict(check.args)
        if check.test == "target_has_ball" and (target is None or state.ball_holder != other):
            return False
        if check.test == "target_has" and (
            target is None or args.get("condition") not in target.conditions
        ):
            return False
    u = state.unit(affected)
    return u.on_pitch and passes(state, u, checks)


def _plan(ctx: Ctx, when: str, seat: int, model: str) -> None:
    """The team's game plan for the turn, if it resolves on this trigger by a friendly
    model."""
    team = ctx.state.teams[seat]
    if not team.plan:
        return
    plan = pack().plans[team.plan]
    if plan.timing != "turn" or plan.when != when or (plan.once and team.plan_done):
        return
    affected = model
    if plan.affects == "trigger" and not _tests(ctx, plan.checks, affected, ""):
        return
    effects = _now(ctx.state, plan.effects)
    if not effects:
        return
    if plan.once:
        ctx.emit(ev.PlanResolved(seat=seat))
    for effect in effects:
        if effect.do == "gain_momentum":
            from games.guild_ball.rules.health import gain_mp

            gain_mp(ctx, seat, int(effect.arg("amount")), plan.slug)
        else:
            apply(ctx, model, affected, effect, plan.slug)


def apply(ctx: Ctx, origin: str, model: str, effect: Effect, source: str) -> None:
    """One primitive of a trait or plan on a model (the play primitives, and `attack` and
    `advance` as the rules notes rule them)."""
    from games.guild_ball.rules.plays import apply_primitive

    state = ctx.state
    target = state.unit(model)
    if not target.on_pitch:
        return
    if effect.do == "dodge":
        if KD not in target.conditions:
            inches = int(effect.arg("distance"))
            ctx.emit(ev.DodgeStep(dodge=Dodge(model=model, inches=inches, why=source)))
        return
    if effect.do == "attack":
        a = state.attack
        if a is not None and a.attacker == origin and a.target != model and not a.again:
            ctx.emit(ev.AttackStep(attack=replace(a, again=True)))
        return
    apply_primitive(ctx, origin, model, effect, source)
