"""What each audience may see, and each event as it may know it.

Public ("Players are obliged to allow their opponent full access to all game information ...
This doesn't include unrevealed game plans"): the pitch, every model with its stats and state,
the ball, momentum, victory points, the plans played and discarded after play, how many plans
each hand holds, the attack, interception or follow-up under way, and who has answered a
simultaneous step (never what). A seat sees besides its own hand of plans, the two it discarded
at the start, and its own buffered answers (its pick, plan and allocation) and influence pool.
Secret to everybody: the order of the plan deck and the random source.
"""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from engine.core.game import Audience, Seat
from engine.core.rng import Rng
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.context import (
    base_of,
    card,
    game_size,
    melee_zone,
    moves,
    pitch_of,
)
from games.guild_ball.rules.state import (
    Attack,
    Dodge,
    Follow,
    GuildBallState,
    Intercept,
    Mod,
    Ongoing,
    Piece,
    Result,
)
from games.guild_ball.rules.turns import pool

_NO_RNG = Rng(state=0)


class ModelView(msgspec.Struct, frozen=True):
    id: str
    seat: int
    slug: str
    name: str
    role: str
    x: float
    y: float
    radius: float  # inches
    melee_zone: float
    jog: float
    sprint: float
    on_pitch: bool
    taken_out: bool
    hp: int
    max_hp: int
    influence: int
    max_influence: int
    conditions: tuple[str, ...]
    mods: tuple[Mod, ...]
    activated: bool
    has_ball: bool


class TeamView(msgspec.Struct, frozen=True):
    seat: int
    guild: str
    side: int
    mp: int
    vp: int
    goals: int
    plan: str  # played this turn (revealed)
    used: tuple[str, ...]  # played and discarded, face up
    hand_size: int
    prepared: bool
    chosen: bool
    allocated: bool


class PublicView(msgspec.Struct, frozen=True):
    pitch_size: float
    phase: str
    turn: int
    kicking: int
    initiative: int
    active_seat: int
    active_model: str
    teams: tuple[TeamView, ...]
    models: tuple[ModelView, ...]
    ball_holder: str
    ball_free: bool
    ball_x: float
    ball_y: float
    attack: Attack | None
    intercept: Intercept | None
    follow: Follow | None
    dodge: Dodge | None
    dodges: tuple[Dodge, ...]  # offered after it
    goal_kick: int
    ongoing: tuple[Ongoing, ...]  # AOE templates on the pitch (3" across)
    result: Result | None
    size: str = "introductory"  # the game size: introductory, quick or typical
    win_vp: int = 6  # the VP that win it
    map: str = ""  # the terrain map's slug ("" for none)
    terrain: tuple[Piece, ...] = ()  # its pieces (the goalposts are the pitch's)
    gliding: tuple[str, ...] = ()  # models that used Gliding this turn


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    table: PublicView
    hand: tuple[str, ...]
    discarded: tuple[str, ...]
    picked: tuple[str, ...]
    chosen: str
    allocation: tuple[tuple[str, int], ...] | None
    influence_pool: int


def public_view(state: GuildBallState) -> PublicView:
    models = tuple(
        ModelView(
            id=u.id,
            seat=u.seat,
            slug=u.slug,
            name=card(u).name,
            role=card(u).role,
            x=u.x,
            y=u.y,
            radius=base_of(u).radius,
            melee_zone=melee_zone(state, u),
            jog=moves(state, u)[0],
            sprint=moves(state, u)[1],
            on_pitch=u.on_pitch,
            taken_out=u.taken_out,
            hp=u.hp,
            max_hp=card(u).stats.hp,
            influence=u.influence,
            max_influence=card(u).stats.inf_max,
            conditions=u.conditions,
            mods=u.mods,
            activated=u.activated,
            has_ball=state.ball_holder == u.id,
        )
        for u in state.units
    )
    teams = tuple(
        TeamView(
            seat=t.seat,
            guild=t.guild,
            side=t.side,
            mp=t.mp,
            vp=t.vp,
            goals=t.goals,
            plan=t.plan,
            used=t.used,
            hand_size=len(t.hand),
            prepared=bool(t.picked) or bool(t.guild),
            chosen=bool(t.chosen),
            allocated=t.allocation is not None,
        )
        for t in state.teams
    )
    return PublicView(
        pitch_size=pitch_of(state).size,
        phase=state.phase,
        turn=state.turn,
        kicking=state.kicking,
        initiative=state.initiative,
        active_seat=state.active_seat,
        active_model=state.activation.model if state.activation is not None else "",
        teams=teams,
        models=models,
        ball_holder=state.ball_holder,
        ball_free=state.ball_free,
        ball_x=state.ball_x,
        ball_y=state.ball_y,
        attack=state.attack,
        intercept=state.intercept,
        follow=state.follow,
        dodge=state.dodge,
        dodges=state.dodges,
        goal_kick=state.goal_kick,
        ongoing=state.ongoing,
        result=state.result,
        size=state.size,
        win_vp=game_size(state).victory_points,
        map=state.map,
        terrain=state.terrain,
        gliding=state.gliding,
    )


def view(state: GuildBallState, audience: Audience) -> PublicView | SeatView:
    """What `audience` may see of `state`."""
    table = public_view(state)
    if not isinstance(audience, Seat):
        return table
    t = state.teams[audience.seat]
    return SeatView(
        seat=audience.seat,
        table=table,
        hand=t.hand,
        discarded=t.discarded,
        picked=t.picked,
        chosen=t.chosen,
        allocation=t.allocation,
        influence_pool=pool(state, audience.seat) if t.guild else 0,
    )


def event_view(event: ev.Event, audience: Audience) -> ev.Event:
    """`event` as `audience` may know it: plans dealt and discarded, a pick, a plan chosen and
    an allocation are their seat's until revealed; the deck and the random source nobody's."""
    seat = audience.seat if isinstance(audience, Seat) else None
    if isinstance(event, ev.GameCreated):
        hands = tuple(h if s == seat else tuple("" for _ in h) for s, h in enumerate(event.hands))
        return replace(event, hands=hands, deck=(), rng=_NO_RNG)
    if isinstance(event, ev.Prepared):
        return event if seat == event.seat else replace(event, pick=())
    if isinstance(event, ev.PlansChosen):
        return event if seat == event.seat else replace(event, plan="")
    if isinstance(event, ev.Allocated):
        return event if seat == event.seat else replace(event, allocation=(), returns=())
    if isinstance(event, ev.PlansRefreshed):
        hands = tuple(h if s == seat else tuple("" for _ in h) for s, h in enumerate(event.hands))
        gone = event.discarded
        if gone is not None:
            gone = tuple(d if s == seat else tuple("" for _ in d) for s, d in enumerate(gone))
        return replace(event, hands=hands, discarded=gone)
    if isinstance(event, ev.PlansRevealed):
        return replace(event, rng=None)
    if hasattr(event, "rng"):
        return replace(event, rng=_NO_RNG)
    return event
