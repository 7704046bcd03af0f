"""The built-in player's character plays: every play (and active trait) the active model may use
now, on every valid target, worth its expected effect (the chance the play's TN test hits, times
what it does to the target now) less what its cost would buy otherwise. The player casts the
best when it is worth more than nothing: a play that finishes a model (damage, a bleed that
will take it out in the End Phase, a push off the pitch), that takes or knocks loose the enemy's
ball, that slows the enemy carrier, that buffs models about to attack, that heals a hurt friend.
"""

from __future__ import annotations

from games.guild_ball.content.cards import Play
from games.guild_ball.pitch import Base, MoveKind, Point, in_kick_range, straight, within
from games.guild_ball.pitch.bases import distance
from games.guild_ball.pitch.movement import directly_away
from games.guild_ball.players.odds import chance_of_hits
from games.guild_ball.players.playbook import KD_CARRIER, LOST_INFLUENCE, TACKLE, damage_value
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.context import (
    base_of,
    card,
    defence,
    engaged_by,
    engages,
    kick_range,
    melee_zone,
    moves,
    on_pitch,
    scene,
)
from games.guild_ball.rules.kicking import enemy_goal
from games.guild_ball.rules.plays import AOE_RADIUS, _target_checks, plays_of, targets_in_reach
from games.guild_ball.rules.state import BLEED, BURNING, KD, SNARED, GuildBallState, Unit

INFLUENCE = 1.0  # what one influence buys otherwise (about an attack's worth)
MOMENTUM = 1.5  # one MP: a shot, a Bonus Time, a Rest
LEGENDARY = 4.0  # once a game: kept for a moment worth it
BLEED_DMG = 3  # "Bleed: 3 DMG" in the End Phase
TAKE_OUT_LATER = 10.0  # a take-out in the End Phase (the enemy may still heal)
THREAT = 1.0  # how much more the enemy ball is worth at our goal than 12" from it
STOP_SHOT = 5.0  # a shot at our goal (4 VP at the shot's odds) taken out of the carrier's reach
CARRIER_STEP = 1.5  # a dodge that frees our carrier or brings it nearer a shot


def _ball_threat(state: GuildBallState, carrier: Unit) -> float:
    """How much the enemy carrier threatens a goal: more the nearer our goalpost."""
    post = enemy_goal(state, carrier.seat)
    d = base_of(carrier).centre.distance_to(post.centre)
    return 1.0 + THREAT * max(0.0, 12.0 - d) / 12.0


def _shot_reach(state: GuildBallState, carrier: Unit, at: Base, slower: float) -> bool:
    """Whether the enemy carrier, at `at` and `slower` inches slower, may sprint within kick
    range of our goalpost this turn."""
    goal = enemy_goal(state, carrier.seat)
    sprint = max(moves(state, carrier)[1] - slower, 0.0)
    return distance(at, goal) - sprint <= kick_range(state, carrier)


def _stops_shot(state: GuildBallState, carrier: Unit, at: Base, slower: float) -> float:
    """What slowing (or moving to `at`) the enemy carrier that has yet to activate is worth:
    most when it takes a shot this turn out of its reach."""
    if state.ball_holder != carrier.id or carrier.activated:
        return 0.0
    if not _shot_reach(state, carrier, base_of(carrier), 0.0):
        return 0.3
    return STOP_SHOT if not _shot_reach(state, carrier, at, slower) else 0.5


def _effect_value(state: GuildBallState, origin: Unit, target: Unit, play: Play) -> float:
    """What the play's effects are worth on `target` if it hits."""
    enemy = target.seat != origin.seat
    value = 0.0
    damage = 0
    not_yet = not target.activated
    for effect in play.effects:
        do = effect.do
        if do == "damage":
            damage += int(effect.arg("amount"))
        elif do == "condition" and enemy:
            condition = str(effect.arg("condition"))
            if condition in target.conditions:
                continue
            if condition == KD:
                if state.ball_holder == target.id:
                    value += KD_CARRIER * _ball_threat(state, target)
                else:
                    value += 0.8 + 0.7 * not_yet
            elif condition == BLEED:
                left = target.hp - damage
                value += TAKE_OUT_LATER if 0 < left <= BLEED_DMG else 1.5
            elif condition == BURNING:
                left = target.hp - damage
                value += TAKE_OUT_LATER if 0 < left <= 1 else 0.8
            elif condition == SNARED:
                carrier = state.ball_holder == target.id
                if carrier:
                    value += _stops_shot(state, target, base_of(target), 2.0)
                else:
                    value += 0.5 * not_yet + 0.3
        elif do == "lose_influence" and enemy and not_yet:
            value += LOST_INFLUENCE * min(int(effect.arg("amount")), target.influence)
        elif do == "scatter_ball" and state.ball_holder == target.id and enemy:
            # A loose ball lands near the carrier's friends: worth it when it stops a shot.
            value += 1.0 + _stops_shot(state, target, base_of(target), 99.0)
        elif do == "tackle" and state.ball_holder == target.id and enemy:
            value += TACKLE * _ball_threat(state, target)
        elif do == "push" and enemy:
            value += _push_value(state, origin, target, int(effect.arg("distance")))
        elif do == "modify":
            value += _modify_value(state, origin, target, effect)
        elif do == "heal" and not enemy:
            missing = card(target).stats.hp - target.hp
            healed = min(int(effect.arg("amount")), missing)
            value += healed * (0.5 + 0.5 * (target.hp <= 6))
        elif do == "dodge" and not enemy:
            value += _dodge_value(state, target, float(effect.arg("distance")))
        elif do == "advance" and not enemy:
            # Valued as a dodge of its jog, ignoring the parting blows it provokes (a
            # simplification: an additional jog is an advance, a dodge is not).
            value += 2 * _dodge_value(state, target, moves(state, target)[0])
    if damage and enemy:
        value += damage_value(target, 0, damage)
    return value


def _push_value(state: GuildBallState, origin: Unit, target: Unit, inches: int) -> float:
    """A push directly away from the pusher: a take-out if it leaves the pitch."""
    moved = straight(
        scene(state),
        target.id,
        directly_away(base_of(origin), base_of(target)),
        float(inches),
        MoveKind.PUSH,
    )
    if moved.left_pitch:
        return 12.0
    if state.ball_holder == target.id:
        return _stops_shot(state, target, Base(moved.end, base_of(target).radius), 0.0)
    return 0.1


def _modify_value(state: GuildBallState, origin: Unit, target: Unit, effect) -> float:
    stat, amount = str(effect.arg("stat")), int(effect.arg("amount"))
    enemy = target.seat != origin.seat
    if stat == "mov" and enemy and amount < 0 and not target.activated:
        if state.ball_holder == target.id:
            return _stops_shot(state, target, base_of(target), float(-amount))
        return 0.3
    if stat == "tac" and not enemy and amount > 0:
        return 0.7 * _fighting(state, target)
    if stat == "tac" and enemy and amount < 0 and not target.activated:
        return 0.4
    if stat == "def" and enemy and amount < 0:
        return 0.6 * sum(1 for f in on_pitch(state, origin.seat) if engages(state, f, target))
    if stat == "arm" and not enemy and amount > 0:
        return 0.5 * len(engaged_by(state, target))
    return 0.0


def _fighting(state: GuildBallState, friend: Unit) -> float:
    """Whether a friendly model will still attack this turn (engaged, influence left)."""
    if friend.influence < 1 or KD in friend.conditions:
        return 0.0
    active = state.activation is not None and state.activation.model == friend.id
    if friend.activated and not active:
        return 0.0
    return 1.0 if engaged_by(state, friend) or active else 0.3


def _dodge_value(state: GuildBallState, friend: Unit, inches: float) -> float:
    """A dodge of `inches` for our carrier (the active model or one still to activate): out of
    the enemies engaging it, when it is long enough to leave their melee zones (a dodge
    provokes no parting blows), or nearer a shot. A play's additional jog (The Long Haul's) is
    valued as such a dodge, ignoring the parting blows it provokes as an advance (a
    simplification)."""
    active = state.activation is not None and state.activation.model == friend.id
    if state.ball_holder != friend.id or (friend.activated and not active):
        return 0.0
    here = base_of(friend)
    engaging = engaged_by(state, friend)
    post = enemy_goal(state, friend.seat)
    in_range = in_kick_range(here, post, kick_range(state, friend))
    if engaging:
        free = all(distance(here, base_of(e)) + inches > melee_zone(state, e) for e in engaging)
        # Worth it when an engaging enemy may still tackle it this turn, or when the active
        # carrier must move on to shoot (and would suffer parting blows).
        threat = any(not e.activated for e in engaging) or (active and not in_range)
        return CARRIER_STEP if free and threat else 0.0
    return 0.0 if in_range else 1.2


def _hit_chance(state: GuildBallState, unit: Unit, play: Play, target: Unit) -> float:
    if play.kind != "character" or target.seat == unit.seat:
        return 1.0
    crowd = [e for e in engaged_by(state, unit) if e.id != target.id]
    return chance_of_hits(play.cost - len(crowd), defence(state, target))


def _cost(play: Play, spare: int, influence: float) -> float | None:
    """The value the play's cost would buy otherwise, `influence` a point (None if it may not
    be paid now)."""
    if play.kind == "legendary":
        return LEGENDARY
    if play.kind == "heroic":
        return MOMENTUM
    if play.cost is None or play.cost > spare:
        return None
    return influence * play.cost


def _usable(state: GuildBallState, unit: Unit, play: Play, mp_spare: int) -> bool:
    team = state.teams[unit.seat]
    if play.kind == "legendary":
        return play.slug not in team.legendary
    if (play.once_per_turn or play.kind == "heroic") and play.slug in unit.plays_used:
        return False
    if play.kind == "heroic":
        return mp_spare >= 1
    return True


def candidates(
    state: GuildBallState, unit: Unit, spare: int, mp_spare: int, influence: float = INFLUENCE
) -> list[tuple[float, cm.UsePlay]]:
    """Every play the active model may use now with `spare` influence and `mp_spare` MP, on
    each valid target, with its expected value net of its cost (`influence`: what a point of
    influence would buy otherwise)."""
    seat = unit.seat
    out: list[tuple[float, cm.UsePlay]] = []
    if KD in unit.conditions:
        return out
    for play in plays_of(unit):
        if not _usable(state, unit, play, mp_spare):
            continue
        cost = _cost(play, spare, influence)
        if cost is None:
            continue
        area = play.area
        if area is not None and area.kind == "aoe":
            for e in on_pitch(state, 1 - seat):
                template = Base(Point(e.x, e.y), AOE_RADIUS)
                if not within(template, base_of(unit), float(play.reach)):
                    continue
                value = 0.0
                for u in on_pitch(state):
                    if within(base_of(u), template, 0.0) and (
                        area.side == "all" or (area.side == "enemy") == (u.seat != seat)
                    ):
                        v = _effect_value(state, unit, u, play) * _hit_chance(state, unit, play, u)
                        value += v if u.seat != seat else -_harm(state, unit, u, play)
                out.append((value - cost, cm.UsePlay(seat=seat, play=play.slug, spot=(e.x, e.y))))
            continue
        if area is not None:  # a pulse from the model
            value = sum(
                _effect_value(state, unit, u, play)
                for u in on_pitch(state)
                if (u.id == unit.id or within(base_of(u), base_of(unit), float(area.size)))
                and (area.side == "all" or (area.side == "enemy") == (u.seat != seat))
            )
            out.append((value - cost, cm.UsePlay(seat=seat, play=play.slug)))
            continue
        if play.reach == "self" or play.target == "self":
            value = _self_value(state, unit, play)
            out.append((value - cost, cm.UsePlay(seat=seat, play=play.slug)))
            continue
        for t in on_pitch(state):
            if not targets_in_reach(state, unit, play, t) or not _target_checks(state, play, t):
                continue
            value = _effect_value(state, unit, t, play) * _hit_chance(state, unit, play, t)
            out.append((value - cost, cm.UsePlay(seat=seat, play=play.slug, target=t.id)))
    for trait in card(unit).traits:
        tag = f"trait:{trait.slug}"
        if trait.kind != "active" or tag in unit.plays_used or trait.area is None:
            continue
        value = 0.0
        for u in on_pitch(state):
            if u.id != unit.id and not within(base_of(u), base_of(unit), float(trait.area.size)):
                continue
            if trait.area.side == "enemy" and u.seat == seat:
                continue
            if trait.area.side == "friendly" and u.seat != seat:
                continue
            for effect in trait.effects:
                if effect.do == "modify":
                    value += _modify_value(state, unit, u, effect)
        out.append((value, cm.UsePlay(seat=seat, play=trait.slug)))
    return out


def _harm(state: GuildBallState, unit: Unit, friend: Unit, play: Play) -> float:
    """What an AOE does to a friendly model it hits (automatically)."""
    harm = 0.0
    for effect in play.effects:
        if effect.do == "damage":
            harm += int(effect.arg("amount")) * (3.0 if friend.hp <= 2 else 1.0)
        elif effect.do == "condition":
            harm += 1.0
    return harm


def _self_value(state: GuildBallState, unit: Unit, play: Play) -> float:
    value = 0.0
    for effect in play.effects:
        if effect.do == "modify":
            value += _modify_value(state, unit, unit, effect)
        elif effect.do == "dodge":
            value += _dodge_value(state, unit, float(effect.arg("distance")))
    return value


def best_play(
    state: GuildBallState, unit: Unit, spare: int, mp_spare: int, influence: float = INFLUENCE
) -> cm.UsePlay | None:
    """The play worth most now, if it is worth more than its cost."""
    best, value = None, 0.0
    for v, command in candidates(state, unit, spare, mp_spare, influence):
        if v > value:
            best, value = command, v
    return best
