"""Health, conditions, taking out, momentum and victory points.

- "Once a model's current health reaches 0 HP, it suffers the taken out condition."
- "When a model is reduced to 0 HP, it suffers the taken out condition and is removed from the
  pitch. Remove all other conditions and effects from the model."
- "Bodycount – A player gains 2 VP each time an enemy non-Mascot model suffers the taken out
  condition. A player gains 1 VP each time an enemy Mascot model suffers the taken out
  condition."
- "When a model inflicts the taken out condition on an enemy model as part of an action, the
  friendly team gains 1 MP."
- "A team won't generate momentum while a friendly model in possession of the ball is within the
  area behind their own goal line. Additionally, a team won't generate momentum while a free
  ball is within the area behind their own goal line as a result of a kick, a goal kick, or
  placement by that team's controlling player."
"""

from __future__ import annotations

from msgspec.structs import replace

from games.guild_ball.pitch import BALL_RADIUS, Base, Point, crossings, within
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import (
    AOE_RADIUS,
    Ctx,
    base_of,
    card,
    game_size,
    pack,
    pitch_of,
)
from games.guild_ball.rules.sequences import TAKING_OUT, reach
from games.guild_ball.rules.state import KD, Ongoing, Unit

VP_TAKE_OUT = 2
VP_MASCOT = 1
VP_GOAL = 4


def changed(ctx: Ctx, unit: Unit, **changes: object) -> None:
    """Emit the model's new HP, conditions, stat changes and turn flags."""
    u = replace(unit, **changes)
    ctx.emit(
        ev.UnitChanged(
            model=u.id,
            hp=u.hp,
            conditions=u.conditions,
            mods=u.mods,
            activated=u.activated,
            rested=u.rested,
            encouraged=u.encouraged,
            countered=u.countered,
            plays_used=u.plays_used,
        )
    )


def gain_mp(ctx: Ctx, seat: int, amount: int, why: str) -> None:
    """The team gains MP, unless its ball carrier is behind its own goal line."""
    state = ctx.state
    holder = state.ball_holder
    side = state.teams[seat].side
    if holder:
        h = state.unit(holder)
        if h.seat == seat and pitch_of(state).behind_goal_line(base_of(h), side):
            return
    elif state.ball_free and state.ball_by == seat and state.ball_x >= 0:
        ball = Base(Point(state.ball_x, state.ball_y), BALL_RADIUS)
        if pitch_of(state).behind_goal_line(ball, side):
            return
    if amount > 0:
        ctx.emit(ev.MomentumSet(seat=seat, mp=state.teams[seat].mp + amount, why=why))


def spend_mp(ctx: Ctx, seat: int, amount: int, why: str) -> None:
    ctx.emit(ev.MomentumSet(seat=seat, mp=ctx.state.teams[seat].mp - amount, why=why))


def score(ctx: Ctx, seat: int, vp: int, why: str, goal: bool = False, settle: bool = True) -> None:
    """The team gains VP; the game ends at once if it reaches the target alone (unless `settle`
    is False: VP gained at the same time as others, checked once they all are)."""
    t = ctx.state.teams[seat]
    ctx.emit(ev.Scored(seat=seat, vp=t.vp + vp, why=why, goals=t.goals + goal))
    if settle:
        check_win(ctx)


def check_win(ctx: Ctx) -> None:
    """ "the first player to reach 12 VP immediately wins the game. In the unlikely event of both
    players reaching 12 VP simultaneously, the game continues until one player has more VP" (6 VP
    in the Introductory game, 8 in the Quick game: the Game Length table)."""
    state = ctx.state
    if state.result is not None:
        return
    vps = [t.vp for t in state.teams]
    best = max(vps)
    if best >= game_size(state).victory_points and vps.count(best) == 1:
        winner = vps.index(best)
        ctx.emit(ev.GameEnded(winner=winner, reason=f"{best} VP"))


def damage(ctx: Ctx, model: str, amount: int, by: str = "", settle: bool = True) -> None:
    """The model suffers `amount` DMG; at 0 HP it is taken out (by the active model `by`, if an
    action of its did it; `settle` as for `score`)."""
    u = ctx.state.unit(model)
    # At 0 HP a model is being taken out (its taken_out triggers resolve while it is still on
    # the pitch): no damage takes it out again.
    if not u.on_pitch or amount <= 0 or u.hp == 0:
        return
    hp = max(u.hp - amount, 0)
    changed(ctx, u, hp=hp)
    if hp == 0:
        reach(ctx, TAKING_OUT["1"])
        take_out(ctx, model, by, settle=settle)


def heal(ctx: Ctx, model: str, amount: int) -> None:
    u = ctx.state.unit(model)
    hp = min(u.hp + amount, card(u).stats.hp)
    if hp != u.hp:
        changed(ctx, u, hp=hp)


def suffer(ctx: Ctx, model: str, condition: str) -> None:
    """The model suffers a condition (not again if it already does; never if taken out). A
    model knocked down while holding the ball loses it in a circular scatter."""
    from games.guild_ball.rules.ball import scatter_from_model

    u = ctx.state.unit(model)
    if not u.on_pitch or condition in u.conditions or immune(u, condition):
        return
    changed(ctx, u, conditions=(*u.conditions, condition))
    if condition == KD and ctx.state.ball_holder == model:
        scatter_from_model(ctx, model)


def immune(unit: Unit, condition: str) -> bool:
    """A passive trait that makes the model immune to the condition."""
    return any(
        e.do == "immune" and e.arg("condition") == condition
        for trait in card(unit).traits
        if trait.kind == "passive"
        for e in trait.effects
    )


def ongoing(ctx: Ctx, model: str, path: tuple = (), ending: bool = False) -> None:
    """ "Models entering or ending their activations within the AOE suffer the ongoing effect":
    `path` is the model's move (entering when it comes within a template it was not within),
    `ending` the end of its activation."""
    for o in ctx.state.ongoing:
        u = ctx.state.unit(model)
        if not u.on_pitch:
            return
        effects = [e for e in pack().plays[o.play].ongoing if e.do != "terrain"]
        if not effects:
            continue
        if ending:
            hit = within(base_of(u), Base(Point(o.x, o.y), AOE_RADIUS), 0.0)
        else:
            hit = len(path) > 1 and enters_template(path, base_of(u).radius, o) is not None
        if not hit:
            continue
        for effect in effects:
            if effect.do == "condition":
                suffer(ctx, model, str(effect.arg("condition")))
            elif effect.do == "damage":
                damage(ctx, model, int(effect.arg("amount")))
            elif effect.do == "lose_influence":
                left = max(ctx.state.unit(model).influence - int(effect.arg("amount")), 0)
                ctx.emit(ev.InfluenceSet(influence=((model, left),)))


def enters_template(path: tuple, radius: float, aoe: Ongoing) -> float | None:
    """How far along `path` a base of `radius` enters the template of the ongoing AOE `aoe`
    ("Models entering ... the AOE suffer the ongoing effect"), or None if it does not."""
    zone = [(aoe.play, Base(Point(aoe.x, aoe.y), AOE_RADIUS), 0.0)]
    return next((c.at for c in crossings(path, radius, zone) if c.entered), None)


def clear_conditions(ctx: Ctx, model: str) -> None:
    u = ctx.state.unit(model)
    if u.conditions:
        changed(ctx, u, conditions=())


def take_out(ctx: Ctx, model: str, by: str = "", hp: int = 0, settle: bool = True) -> None:
    """The "Sequence of Taking a Model Out" from its step 2 (step 1, reduced to 0 HP, is
    `damage`'s; a model off the pitch starts here): 2. the model suffers the taken out condition
    (the ball scatters first if it held it: "before removing the taken out model from the
    pitch"), its `taken_out` triggers while it is still there, then the `TakenOut` event (the
    condition and the removal, 3) and the `takes_out` triggers of the model that inflicted it;
    4. MP (for the action's model, when it took out an enemy) and VP for the other team."""
    from games.guild_ball.rules.ball import scatter_from_model
    from games.guild_ball.rules.traits import fire

    reach(ctx, TAKING_OUT["2"])
    state = ctx.state
    if state.ball_holder == model:
        scatter_from_model(ctx, model)
    fire(ctx, "taken_out", model)
    u = ctx.state.unit(model)
    ctx.emit(ev.TakenOut(model=model, hp=hp))
    other = 1 - u.seat
    # "inflicts the taken out condition on an enemy model": a model that takes out its own
    # teammate (an AOE of its own team) takes nobody down; the VP still go to the other team.
    enemy = bool(by) and ctx.state.unit(by).seat != u.seat
    if enemy and ctx.state.unit(by).on_pitch:
        fire(ctx, "takes_out", by, model)
    reach(ctx, TAKING_OUT["3"])
    reach(ctx, TAKING_OUT["4"])
    if enemy and ctx.state.result is None:
        gain_mp(ctx, other, 1, "take down")
    vp = VP_MASCOT if card(u).role == "mascot" else VP_TAKE_OUT
    if ctx.state.result is None:
        score(ctx, other, vp, "take-out", settle=settle)
