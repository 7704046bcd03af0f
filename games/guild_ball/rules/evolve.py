"""`evolve`: apply one event to the state. It never validates and never draws a random number:
each event carries the values it leaves behind."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from games.guild_ball.rules import events as ev
from games.guild_ball.rules.state import OVER, PLAN_DISCARD, GuildBallState, Result, Team, Unit

S = GuildBallState


def _team(state: S, seat: int, **changes: Any) -> tuple[Team, ...]:
    teams = list(state.teams)
    teams[seat] = replace(teams[seat], **changes)
    return tuple(teams)


def _unit(state: S, model: str, **changes: Any) -> tuple[Unit, ...]:
    units = list(state.units)
    i = state.index(model)
    units[i] = replace(units[i], **changes)
    return tuple(units)


def _created(state: S | None, e: ev.GameCreated) -> S:
    return GuildBallState(
        teams=tuple(Team(seat=s, hand=h) for s, h in enumerate(e.hands)),
        units=(),
        plan_deck=e.deck,
        rng=e.rng,
    )


def _sized(state: S, e: ev.GameSized) -> S:
    return replace(state, size=e.size)


def _terrain(state: S, e: ev.TerrainPlaced) -> S:
    return replace(state, map=e.map, terrain=e.pieces)


def _glided(state: S, e: ev.Glided) -> S:
    return replace(state, gliding=(*state.gliding, e.model))


def _gliding_ended(state: S, e: ev.GlidingEnded) -> S:
    return replace(state, gliding=())


def _prepared(state: S, e: ev.Prepared) -> S:
    return replace(state, teams=_team(state, e.seat, picked=e.pick), waits=state.waits + 1)


def _revealed(state: S, e: ev.TeamsRevealed) -> S:
    teams = []
    for t, guild in zip(state.teams, e.guilds, strict=True):
        gone = t.picked[-PLAN_DISCARD:]
        teams.append(
            replace(
                t,
                guild=guild,
                picked=(),
                hand=tuple(p for p in t.hand if p not in gone),
                discarded=gone,
            )
        )
    units = tuple(
        Unit(id=m, seat=seat, slug=m.split("-", 1)[1], hp=hp)
        for seat, (models, hps) in enumerate(zip(e.models, e.hp, strict=True))
        for m, hp in zip(models, hps, strict=True)
    )
    return replace(state, teams=tuple(teams), units=units)


def _rolled_start(state: S, e: ev.StartingRolled) -> S:
    return replace(state, chooser=e.winner, rng=e.rng, active_seat=e.winner)


def _kicking(state: S, e: ev.KickingChosen) -> S:
    teams = tuple(replace(t, side=0 if t.seat == e.kicking else 1) for t in state.teams)
    return replace(state, kicking=e.kicking, teams=teams)


def _deployed(state: S, e: ev.Deployed) -> S:
    units = list(state.units)
    where = {m: (x, y) for m, x, y in e.places}
    for i, u in enumerate(units):
        if u.id in where:
            x, y = where[u.id]
            units[i] = replace(u, x=x, y=y, on_pitch=True)
    state = replace(state, units=tuple(units), waits=state.waits + 1)
    if e.kicker:
        state = replace(state, kicker=e.kicker, ball_holder=e.kicker, ball_free=False)
    return state


def _phase(state: S, e: ev.PhaseBegan) -> S:
    return replace(
        state,
        phase=e.phase,
        turn=e.turn,
        active_seat=e.active_seat,
        initiative=e.initiative,
        waits=state.waits + 1,
    )


def _moved(state: S, e: ev.Moved) -> S:
    return replace(state, units=_unit(state, e.model, x=e.x, y=e.y, on_pitch=True))


def _left(state: S, e: ev.LeftPitch) -> S:
    return replace(state, units=_unit(state, e.model, on_pitch=False))


def _held(state: S, e: ev.BallHeld) -> S:
    return replace(state, ball_holder=e.model, ball_free=False)


def _no_snap(state: S, e: ev.NoSnap) -> S:
    return replace(state, no_snap=e.model)


def _free(state: S, e: ev.BallFree) -> S:
    return replace(state, ball_holder="", ball_free=True, ball_x=e.x, ball_y=e.y, ball_by=e.by)


def _scattered(state: S, e: ev.Scattered) -> S:
    return replace(state, rng=e.rng)


def _with_rng(state: S, e: Any) -> S:
    return replace(state, rng=e.rng)


def _plan_chosen(state: S, e: ev.PlansChosen) -> S:
    return replace(state, teams=_team(state, e.seat, chosen=e.plan), waits=state.waits + 1)


def _plans_revealed(state: S, e: ev.PlansRevealed) -> S:
    teams = tuple(
        replace(t, plan=p, chosen="", plan_done=False, hand=tuple(h for h in t.hand if h != p))
        for t, p in zip(state.teams, e.plans, strict=True)
    )
    rng = e.rng if e.rng is not None else state.rng
    return replace(state, teams=teams, rng=rng)


def _allocated(state: S, e: ev.Allocated) -> S:
    teams = _team(state, e.seat, allocation=e.allocation, returns=e.returns)
    return replace(state, teams=teams, waits=state.waits + 1)


def _influence(state: S, e: ev.InfluenceSet) -> S:
    amounts = dict(e.influence)
    units = tuple(
        replace(u, influence=amounts[u.id]) if u.id in amounts else u for u in state.units
    )
    teams = tuple(replace(t, allocation=None, returns=()) for t in state.teams)
    return replace(state, units=units, teams=teams)


def _momentum(state: S, e: ev.MomentumSet) -> S:
    return replace(state, teams=_team(state, e.seat, mp=e.mp))


def _scored(state: S, e: ev.Scored) -> S:
    return replace(state, teams=_team(state, e.seat, vp=e.vp, goals=e.goals))


def _activated(state: S, e: ev.Activated) -> S:
    return replace(state, activation=e.activation, waits=state.waits + 1)


def _changed(state: S, e: ev.UnitChanged) -> S:
    units = _unit(
        state,
        e.model,
        hp=e.hp,
        conditions=e.conditions,
        mods=e.mods,
        activated=e.activated,
        rested=e.rested,
        encouraged=e.encouraged,
        countered=e.countered,
        plays_used=e.plays_used,
    )
    return replace(state, units=units)


def _taken_out(state: S, e: ev.TakenOut) -> S:
    units = _unit(state, e.model, on_pitch=False, taken_out=True, hp=e.hp, conditions=(), mods=())
    holder = "" if state.ball_holder == e.model else state.ball_holder
    return replace(state, units=units, ball_holder=holder)


def _returned(state: S, e: ev.Returned) -> S:
    return replace(state, units=_unit(state, e.model, taken_out=False, hp=e.hp))


def _attack(state: S, e: ev.AttackStep) -> S:
    return replace(state, attack=e.attack, waits=state.waits + 1)


def _intercept(state: S, e: ev.InterceptStep) -> S:
    return replace(state, intercept=e.intercept, waits=state.waits + 1)


def _follow(state: S, e: ev.FollowStep) -> S:
    return replace(state, follow=e.follow, waits=state.waits + 1)


def _dodge(state: S, e: ev.DodgeStep) -> S:
    if e.dodge is None:
        queue = state.dodges
        return replace(
            state, dodge=queue[0] if queue else None, dodges=queue[1:], waits=state.waits + 1
        )
    if state.dodge is None:
        return replace(state, dodge=e.dodge, waits=state.waits + 1)
    return replace(state, dodges=(*state.dodges, e.dodge))


def _advance(state: S, e: ev.AdvanceStep) -> S:
    return replace(state, advance=e.advance, waits=state.waits + 1)


def _reaction_window(state: S, e: ev.ReactionWindow) -> S:
    return replace(state, reaction=e.minutes)


def _turn_limit(state: S, e: ev.TurnLimit) -> S:
    return replace(state, turn_limit=e.turns)


def _give(state: S, e: ev.GiveBall) -> S:
    return replace(state, give_ball=e.seat, waits=state.waits + 1)


def _goal_kick(state: S, e: ev.GoalKickOwed) -> S:
    return replace(state, goal_kick=e.seat, waits=state.waits + 1)


def _play_used(state: S, e: ev.PlayUsed) -> S:
    if e.how != "legendary":
        return state
    seat = state.unit(e.model).seat
    return replace(
        state, teams=_team(state, seat, legendary=(*state.teams[seat].legendary, e.play))
    )


def _ongoing(state: S, e: ev.OngoingMarked) -> S:
    return replace(state, ongoing=e.ongoing)


def _plan_resolved(state: S, e: ev.PlanResolved) -> S:
    return replace(state, teams=_team(state, e.seat, plan_done=True))


def _refreshed(state: S, e: ev.PlansRefreshed) -> S:
    gone = e.discarded if e.discarded is not None else tuple(t.discarded for t in state.teams)
    teams = tuple(
        replace(t, hand=h, used=u, plan="", discarded=d)
        for t, h, u, d in zip(state.teams, e.hands, e.used, gone, strict=True)
    )
    return replace(state, teams=teams)


def _turn_ended(state: S, e: ev.TurnEnded) -> S:
    return replace(state, waits=state.waits + 1)


def _ended(state: S, e: ev.GameEnded) -> S:
    return replace(
        state,
        result=Result(e.winner, e.reason),
        phase=OVER,
        activation=None,
        attack=None,
        intercept=None,
        follow=None,
        dodge=None,
        dodges=(),
        give_ball=-1,
        goal_kick=-1,
    )


APPLY: dict[type, Callable[[Any, Any], S]] = {
    ev.GameCreated: _created,
    ev.GameSized: _sized,
    ev.TerrainPlaced: _terrain,
    ev.Glided: _glided,
    ev.GlidingEnded: _gliding_ended,
    ev.Prepared: _prepared,
    ev.TeamsRevealed: _revealed,
    ev.StartingRolled: _rolled_start,
    ev.KickingChosen: _kicking,
    ev.Deployed: _deployed,
    ev.PhaseBegan: _phase,
    ev.Moved: _moved,
    ev.LeftPitch: _left,
    ev.BallHeld: _held,
    ev.NoSnap: _no_snap,
    ev.BallFree: _free,
    ev.Scattered: _scattered,
    ev.SnapRolled: _with_rng,
    ev.Rolled: _with_rng,
    ev.PlansChosen: _plan_chosen,
    ev.PlansRevealed: _plans_revealed,
    ev.Allocated: _allocated,
    ev.InfluenceSet: _influence,
    ev.MomentumSet: _momentum,
    ev.Scored: _scored,
    ev.Activated: _activated,
    ev.UnitChanged: _changed,
    ev.TakenOut: _taken_out,
    ev.Returned: _returned,
    ev.AttackStep: _attack,
    ev.InterceptStep: _intercept,
    ev.FollowStep: _follow,
    ev.DodgeStep: _dodge,
    ev.GiveBall: _give,
    ev.GoalKickOwed: _goal_kick,
    ev.PlayUsed: _play_used,
    ev.OngoingMarked: _ongoing,
    ev.PlanResolved: _plan_resolved,
    ev.PlansRefreshed: _refreshed,
    ev.TurnEnded: _turn_ended,
    ev.GameEnded: _ended,
    ev.AdvanceStep: _advance,
    ev.ReactionWindow: _reaction_window,
    ev.TurnLimit: _turn_limit,
}


def evolve(state: S | None, event: ev.Event) -> S:
    """Apply one event."""
    return APPLY[type(event)](state, event)
