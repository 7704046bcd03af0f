"""The pitch as the presentation measures and draws it: the pictures' inputs made from a view,
the pitch engine's `Scene` of the same data, and the paths of moves "by intention" (towards the
ball, to engage a model, towards the goal, away from a model) worked out with the engine's
`approach`, `charge_towards` and `straight`, and the odds of a kick.

Everything here reads the public view only; the rules check every command again."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.guild_ball.content.loader import load_pack
from games.guild_ball.pictures import (
    AoePreview,
    MovePreview,
    PitchModel,
    PitchScene,
    Team,
    enemy_zones,
    scene_geometry,
)
from games.guild_ball.pitch import (
    BALL_RADIUS,
    INTRODUCTORY_PITCH,
    STANDARD_PITCH,
    Base,
    MoveKind,
    Pitch,
    Point,
    Scene,
    Terrain,
    TerrainKind,
    approach,
    charge_towards,
    crossings,
    in_kick_range,
    is_tap_in,
    move,
    on_ball_path,
    placement,
    straight,
    within,
)
from games.guild_ball.rules.moving import offered_kind
from games.guild_ball.rules.state import Piece
from games.guild_ball.rules.views import ModelView, PublicView

AOE_RADIUS = 1.5  # an AOE's 3" template, as the rules mark it
INSIDE = 0.05  # inches inside a melee zone a charge aims for
BACK_OFF = 0.02  # inches a computed path stops short, so its rounded end stays clear of contact
KICK_TN = 4


def pitch_of(pv: PublicView) -> Pitch:
    return INTRODUCTORY_PITCH if pv.pitch_size == INTRODUCTORY_PITCH.size else STANDARD_PITCH


def short_label(name: str) -> str:
    """A base's label: the initials of a two-word name ("OT"), else its first two letters."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isupper()]
    if len(words) >= 2:
        return words[0][0] + words[-1][0]
    return name[:2]


def base_mm(m: ModelView) -> int:
    return load_pack().models[m.slug].stats.base


def side_of(pv: PublicView, seat: int) -> int:
    return pv.teams[seat].side


def piece_terrain(piece: Piece) -> Terrain:
    """A terrain map's piece as the pitch engine measures and the pictures draw it."""
    kind = TerrainKind(piece.kind)
    if piece.points:
        return Terrain.polygon(kind, piece.points, piece.name)
    return Terrain.circle(kind, piece.x, piece.y, piece.radius, piece.name)


def terrain_of(pv: PublicView) -> tuple[Terrain, ...]:
    """The terrain map's pieces, and the rough terrain (or other) that AOEs' ongoing effects
    leave on the pitch."""
    plays = load_pack().plays
    out = [piece_terrain(p) for p in pv.terrain]
    for o in pv.ongoing:
        for effect in plays[o.play].ongoing:
            if effect.do == "terrain":
                kind = TerrainKind(str(dict(effect.args).get("kind", "rough")))
                out.append(Terrain.circle(kind, o.x, o.y, AOE_RADIUS, o.play))
    return tuple(out)


def has_rough(pv: PublicView) -> bool:
    """Whether any rough terrain (a forest is rough too) lies on the pitch: where Gliding
    matters."""
    return any(t.kind.rough for t in terrain_of(pv))


def picture_scene(pv: PublicView, names: tuple[str, ...], title: str = "") -> PitchScene:
    """The pictures' scene of a public view: the models on the pitch by pitch side."""
    guilds = load_pack().guilds
    by_side = sorted(pv.teams, key=lambda t: t.side)
    teams = tuple(
        Team(names[t.seat], guilds[t.guild].name if t.guild in guilds else "") for t in by_side
    )
    models = tuple(
        PitchModel(
            id=m.id,
            label=short_label(m.name),
            name=m.name,
            side=side_of(pv, m.seat),
            centre=Point(m.x, m.y),
            base_mm=base_mm(m),
            melee_zone=m.melee_zone,
            has_ball=m.has_ball,
            conditions=m.conditions,
            hp=m.hp,
            max_hp=m.max_hp,
        )
        for m in pv.models
        if m.on_pitch
    )
    ball = Point(pv.ball_x, pv.ball_y) if pv.ball_free and not pv.ball_holder else None
    return PitchScene(
        pitch_of(pv),
        (teams[0], teams[1]),
        models,
        terrain=terrain_of(pv),
        ball=ball,
        title=title,
    )


def deployment_scene(
    pv: PublicView, names: tuple[str, ...], places: Sequence[tuple[str, float, float]]
) -> PitchScene:
    """The pictures' scene of a deployment not made yet: the models on the pitch as they are,
    and the seat's models at `places` (its own proposal or typed places: shown to it alone)."""
    scene = picture_scene(pv, names, title="Your deployment (not made yet)")
    at = {m: (x, y) for m, x, y in places}
    placed = tuple(
        PitchModel(
            id=m.id,
            label=short_label(m.name),
            name=m.name,
            side=side_of(pv, m.seat),
            centre=Point(*at[m.id]),
            base_mm=base_mm(m),
            melee_zone=m.melee_zone,
            has_ball=False,
            conditions=m.conditions,
            hp=m.hp,
            max_hp=m.max_hp,
        )
        for m in pv.models
        if m.id in at
    )
    kept = tuple(x for x in scene.models if x.id not in at)
    return replace(scene, models=kept + placed)


def geometry(pv: PublicView) -> Scene:
    """The pitch engine's scene of the view (a knocked-down model blocks no LOS)."""
    return scene_geometry(picture_scene(pv, ("", "")))


def model(pv: PublicView, model_id: str) -> ModelView:
    return next(m for m in pv.models if m.id == model_id)


def on_pitch(pv: PublicView, seat: int | None = None) -> list[ModelView]:
    return [m for m in pv.models if m.on_pitch and (seat is None or m.seat == seat)]


def engaged_enemies(pv: PublicView, model_id: str) -> list[ModelView]:
    """The enemies the model engages (within its melee zone and LOS), if it may engage."""
    me = model(pv, model_id)
    if "knocked_down" in me.conditions:
        return []
    sc = geometry(pv)
    return [
        e for e in on_pitch(pv) if e.seat != me.seat and sc.engaging(me.id, me.melee_zone, e.id)
    ]


def engaging_me(pv: PublicView, model_id: str, sc: Scene | None = None) -> list[ModelView]:
    me = model(pv, model_id)
    sc = sc or geometry(pv)
    return [
        e
        for e in on_pitch(pv)
        if e.seat != me.seat
        and "knocked_down" not in e.conditions
        and sc.engaging(e.id, e.melee_zone, me.id)
    ]


def enemy_goal(pv: PublicView, seat: int) -> Base:
    post = pitch_of(pv).goalpost(1 - side_of(pv, seat))
    return Base(post.centre, post.radius)


def offered_move(pv: PublicView) -> MoveKind:
    """How the dodge on offer moves: a play's additional jog or sprint as that advance (it
    provokes parting blows), anything else as a dodge. The rules' own answer: `offered_kind`
    reads only the offer and the attack, which the public view holds as the state does."""
    return offered_kind(pv)  # type: ignore[arg-type]


# --- moves by intention ------------------------------------------------------------------------


@dataclass(frozen=True)
class Planned:
    """A move worked out for a preview: its kind, the path's points after the start (rounded as
    a control carries them), the charge's target, and why it may not be made ("" if it may)."""

    kind: MoveKind
    points: tuple[tuple[float, float], ...]
    target: str = ""
    problem: str = ""


def _cut(start: Point, end: Point) -> tuple[float, float]:
    """The end moved back towards the start by BACK_OFF and rounded to 0.01"."""
    dx, dy = end.x - start.x, end.y - start.y
    length = math.hypot(dx, dy)
    if length <= BACK_OFF:
        return (round(start.x, 2), round(start.y, 2))
    f = (length - BACK_OFF) / length
    return (round(start.x + dx * f, 2), round(start.y + dy * f, 2))


def allowance(m: ModelView, kind: MoveKind) -> float:
    return m.jog if kind == MoveKind.JOG else m.sprint


def intention(pv: PublicView, mover: str, kind: MoveKind, aim: str) -> Planned:
    """The path of `mover` for an intention: "ball", "goal", "engage:<id>" or "away:<id>"."""
    sc = geometry(pv)
    me = model(pv, mover)
    start = Point(me.x, me.y)
    reach = allowance(me, kind) if kind != MoveKind.CHARGE else me.sprint
    what, _, other = aim.partition(":")
    glides = mover in pv.gliding  # Gliding: "move across rough terrain without penalty"
    if kind == MoveKind.CHARGE:
        # Aimed a little inside the melee zone, so the rounded end still engages.
        c = charge_towards(
            sc, mover, other, me.sprint, max(me.melee_zone - INSIDE, 0.0), ignore_rough=glides
        )
        end = c.movement.end
        problem = "" if c.engaging else "the charge cannot reach the target's melee range"
        return Planned(kind, ((round(end.x, 2), round(end.y, 2)),), other, problem)
    if what == "ball":
        target = Base(Point(pv.ball_x, pv.ball_y), BALL_RADIUS)
        moved = approach(sc, mover, target, 0.5, reach, kind, ignore_rough=glides)
    elif what == "goal":
        moved = approach(sc, mover, enemy_goal(pv, me.seat), 0.5, reach, kind, ignore_rough=glides)
    elif what == "engage":
        moved = approach(
            sc, mover, sc.base(other), me.melee_zone - 0.1, reach, kind, ignore_rough=glides
        )
    else:
        them = sc.base(other)
        direction = (start.x - them.centre.x, start.y - them.centre.y)
        moved = straight(sc, mover, direction, reach, kind, allowance=reach, ignore_rough=glides)
    if moved.travelled < BACK_OFF * 2:
        return Planned(kind, (), "", "there is no room to move that way")
    return Planned(kind, (_cut(start, moved.end),), "", "")


def preview(pv: PublicView, names: tuple[str, ...], mover: str, planned: Planned) -> MovePreview:
    """The picture's input of a planned move, with the melee zones it crosses and the parting
    blows it provokes (measured from the same data the picture shows)."""
    scene = picture_scene(pv, names)
    me = model(pv, mover)
    start = Point(me.x, me.y)
    path = (start, *(Point(x, y) for x, y in planned.points))
    sc = scene_geometry(scene)
    problem = planned.problem
    if not problem and planned.points:
        limit = me.sprint if planned.kind != MoveKind.JOG else me.jog
        markers = (Base(Point(pv.ball_x, pv.ball_y), BALL_RADIUS),) if scene.ball else ()
        checked = move(
            sc,
            mover,
            planned.points,
            planned.kind,
            limit,
            markers=markers,
            ignore_rough=mover in pv.gliding,
        )
        if not checked.ok:
            problem = f"the move is not allowed ({str(checked.problem).replace('_', ' ')})"
    radius = Base.at(me.x, me.y, base_mm(me)).radius
    cross = tuple(crossings(path, radius, enemy_zones(scene, mover)))
    blows = tuple(
        e.id
        for e in engaging_me(pv, mover, sc)
        if any(c.owner == e.id and not c.entered for c in cross)
    )
    target = planned.target or None
    engaging = bool(target) and not problem
    return MovePreview(
        scene=scene,
        mover=mover,
        path=path,
        kind=planned.kind,
        jog=me.jog,
        sprint=me.sprint if planned.kind != MoveKind.JOG else 0.0,
        crossings=cross,
        parting_blows=blows,
        target=target,
        engaging=engaging,
        problem=problem,
    )


# --- spots: the ball given up, a pass to a spot, an AOE's centre, a deployment ---------------

ENCOURAGE_RANGE = 8.0  # inches: "another friendly model within 8\""
GIVE_UP_GAP = 0.5  # inches between the model's base and the ball it gives up (at most 1")


def give_up_spot(pv: PublicView, model_id: str) -> tuple[float, float] | None:
    """A legal place for the ball the model gives up: just off its base, towards its own table
    edge first, then round it; None if every place tried is taken."""
    me = model(pv, model_id)
    sc = geometry(pv)
    reach = me.radius + BALL_RADIUS + GIVE_UP_GAP
    back = -1.0 if side_of(pv, me.seat) == 0 else 1.0
    for turn in range(8):
        angle = math.pi / 2 * back + turn * math.pi / 4
        spot = Point(me.x + reach * math.cos(angle), me.y + reach * math.sin(angle))
        if placement(sc, Base(spot, BALL_RADIUS)) is None:
            return (round(spot.x, 1), round(spot.y, 1))
    return None


def towards_goal(pv: PublicView, model_id: str, inches: float) -> tuple[float, float]:
    """The spot `inches` from the model's centre towards the enemy goalpost, on the pitch."""
    me = model(pv, model_id)
    goal = enemy_goal(pv, me.seat).centre
    dx, dy = goal.x - me.x, goal.y - me.y
    length = math.hypot(dx, dy) or 1.0
    f = min(inches, length) / length
    size = pitch_of(pv).size
    x = min(max(me.x + dx * f, 0.5), size - 0.5)
    y = min(max(me.y + dy * f, 0.5), size - 0.5)
    return (round(x, 1), round(y, 1))


def encouraged_by(pv: PublicView, model_id: str) -> list[ModelView]:
    """The friendly models on the pitch the model may Encourage: within 8", itself excepted
    (whether one was encouraged this turn already the view does not say: the rules check)."""
    me = model(pv, model_id)
    mine = Base.at(me.x, me.y, base_mm(me))
    return [
        m
        for m in on_pitch(pv, me.seat)
        if m.id != me.id and within(Base.at(m.x, m.y, base_mm(m)), mine, ENCOURAGE_RANGE)
    ]


def aoe_preview(
    pv: PublicView, names: tuple[str, ...], user: str, play: Any, spot: tuple[float, float]
) -> AoePreview:
    """The picture's input of an AOE play whose template is centred at `spot`: the models under
    it that the play affects ("each model within it"; its side's), and why it may not be used
    there (the template beyond the play's range from the user's base), as the rules measure."""
    scene = picture_scene(pv, names)
    me = model(pv, user)
    reach = float(play.reach) if isinstance(play.reach, int) else 0.0
    template = Base(Point(*spot), AOE_RADIUS)
    side = play.area.side
    hits = tuple(
        m.id
        for m in on_pitch(pv)
        if within(Base.at(m.x, m.y, base_mm(m)), template, 0.0)
        and (side not in ("enemy", "friendly") or (side == "enemy") == (m.seat != me.seat))
    )
    problem = ""
    if not within(template, Base.at(me.x, me.y, base_mm(me)), reach):
        problem = f'the template must lie within {reach:g}" of {me.name}'
    return AoePreview(scene, user, play.name, Point(*spot), AOE_RADIUS, reach, hits, problem)


def in_reach(me: ModelView, other: ModelView, reach: float) -> bool:
    """Whether `other` is within `reach` inches of `me`, base edge to base edge."""
    return within(
        Base.at(other.x, other.y, base_mm(other)), Base.at(me.x, me.y, base_mm(me)), reach
    )


# --- the odds of a kick ------------------------------------------------------------------------


def _stat(m: ModelView, stat: str) -> int:
    base = getattr(load_pack().models[m.slug].stats, stat)
    return int(base + sum(x.amount for x in m.mods if x.stat == stat))


def kick_range(m: ModelView) -> float:
    return float(_stat(m, "kick_distance"))


def kick_odds(pv: PublicView, kicker: str, target: str = "", goal: bool = False) -> tuple[int, int]:
    """The pool and TN of a kick at a friendly model or the enemy goalpost, as the Kicking
    Sequence counts them (pool less one per enemy engaging the kicker or on the ball path; TN 4,
    +1 out of LOS, +1 per enemy engaging the target, -1 for a tap in)."""
    sc = geometry(pv)
    me = model(pv, kicker)
    engaging = engaging_me(pv, kicker, sc)
    pool = _stat(me, "kick_dice") - len(engaging)
    aim = enemy_goal(pv, me.seat) if goal else sc.base(target)
    skip = {kicker, *(e.id for e in engaging)}
    if target:
        skip.add(target)
    for _, other in on_ball_path(sc, sc.base(kicker), aim, skip):
        if model(pv, other).seat != me.seat:
            pool -= 1
    tn = KICK_TN
    if not sc.sees(kicker, target or aim):
        tn += 1
    if target:
        tn += len(engaging_me(pv, target, sc))
    if is_tap_in(sc.base(kicker), aim, kick_range(me)):
        tn -= 1
    return max(pool, 1), min(max(tn, 2), 6)


def in_range(pv: PublicView, kicker: str, target: str = "", goal: bool = False) -> bool:
    sc = geometry(pv)
    me = model(pv, kicker)
    aim = enemy_goal(pv, me.seat) if goal else sc.base(target)
    return in_kick_range(sc.base(kicker), aim, kick_range(me))


def chance(pool: int, tn: int, hits: int = 1) -> float:
    """The chance that `pool` dice score at least `hits` results of `tn` or more."""
    p = (7 - tn) / 6
    miss = sum(math.comb(pool, k) * p**k * (1 - p) ** (pool - k) for k in range(hits))
    return 1 - miss


def percent(x: float) -> str:
    return f"{round(100 * x)}%"
