"""`BuiltinPlayer`: the strategic built-in player. It goes for the ball, carries it towards the
enemy goal and shoots when the odds are good, attacks (charges first) the enemy ball carrier to
tackle it, and otherwise hits the nearest enemies to take them out. Every command it gives is
checked with the pitch engine first, as the random player's are."""

from __future__ import annotations

import math
from collections.abc import Collection

from engine.core.rng import Dice, seeded
from games.guild_ball.pitch import MoveKind, Point, in_kick_range
from games.guild_ball.players.moves import (
    ball_place,
    can_shoot,
    charge_end,
    dodge_path,
    engaged_enemies,
    path_towards,
)
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.ball import kick_pool_tn
from games.guild_ball.rules.context import (
    base_of,
    card,
    game_size,
    kick_range,
    moves,
    new_context,
    on_pitch,
    pack,
)
from games.guild_ball.rules.kicking import enemy_goal
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.state import KD, GuildBallState, Unit
from games.guild_ball.rules.turns import pool, ready

GOOD_ODDS = 0.6  # shoot when at least one hit is this likely


def shot_odds(state: GuildBallState, unit: Unit) -> float:
    """The chance a Shot of `unit` scores now (at least one hit)."""
    ctx = new_context(state)
    pool_, tn = kick_pool_tn(ctx, unit, enemy_goal(state, unit.seat), None)
    if tn < 2:
        pool_, tn = pool_ + 2 - tn, 2
    elif tn > 6:
        pool_, tn = pool_ - (tn - 6), 6
    pool_ = max(pool_, 1)
    return 1 - ((tn - 1) / 6) ** pool_


def _dist(a: Unit, p: Point) -> float:
    return math.hypot(a.x - p.x, a.y - p.y)


class BuiltinPlayer:
    """Goes for the ball and the goal; attacks the carrier; takes models out."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seeded(seed))

    def move(self, state: GuildBallState, seats: Collection[int]) -> cm.Command | None:
        decision = next((d for d in pending(state) if d.seat in seats), None)
        if decision is None:
            return None
        seat, kind = decision.seat, decision.kind
        if kind == "prepare":
            return self._prepare(state, seat)
        if kind == "game_plan":
            plans = pack().plans
            best = max(state.teams[seat].hand, key=lambda p: (plans[p].influence, p))
            return cm.ChoosePlan(seat=seat, plan=best)
        if kind == "influence":
            return self._allocate(state, seat, decision.default)
        if kind == "activation":
            return cm.Activate(seat=seat, model=self._next_model(state, seat).id)
        if kind == "action":
            return self._act(state, state.unit(state.activation.model))
        if kind == "reaction":
            a = state.attack
            stance = a.kind == "charge" and state.ball_holder == a.target
            return cm.React(seat=seat, stance=stance and state.teams[seat].mp >= 1)
        if kind == "intercept":
            it = state.intercept
            return cm.Intercept(seat=seat, take=it.kicking_seat != seat)
        if kind == "follow_up":
            receiver = state.unit(state.follow.receiver)
            if state.teams[seat].mp >= 2 and in_kick_range(
                base_of(receiver), enemy_goal(state, seat), kick_range(state, receiver)
            ):
                return cm.FollowUp(seat=seat, choice="shot")
            return cm.FollowUp(seat=seat)
        if kind == "dodge":
            model = decision.context["model"]
            target = self._aim(state, state.unit(model))
            if target is None:
                return decision.default
            path = dodge_path(state, model, decision.context["inches"], target)
            return cm.DodgeTo(seat=seat, path=path)
        return decision.default

    def _prepare(self, state: GuildBallState, seat: int) -> cm.Prepare:
        p = pack()
        guilds = sorted(p.guilds)
        guild = guilds[self.dice.below(len(guilds))]
        squaddies = sorted(
            (m for m in p.members(guild) if m.role == "squaddie"),
            key=lambda m: (-m.stats.kick_dice, -m.stats.jog, m.slug),
        )
        hand = state.teams[seat].hand
        plans = p.plans
        worst = sorted(hand, key=lambda s: (plans[s].influence, s))[:2]
        return cm.Prepare(
            seat=seat,
            guild=guild,
            squaddies=tuple(m.slug for m in squaddies[: game_size(state).squaddies]),
            discard=tuple(worst),
        )

    def _allocate(self, state: GuildBallState, seat: int, default: cm.Allocate) -> cm.Allocate:
        """The ball carrier (or the model nearest the ball) first, up to its max INF; the rest
        round the team."""
        models = [u for u in state.units if u.seat == seat]
        ball = ball_place(state)
        if ball is not None:
            models.sort(key=lambda u: (u.id != state.ball_holder, _dist(u, ball), u.id))
        left = pool(state, seat)
        given = {u.id: 0 for u in models}
        first = models[0]
        given[first.id] = min(card(first).stats.inf_max, left)
        left -= given[first.id]
        while left > 0:
            progress = False
            for u in models[1:]:
                if left and given[u.id] < card(u).stats.inf_max:
                    given[u.id] += 1
                    left -= 1
                    progress = True
            if not progress:
                break
        return cm.Allocate(
            seat=seat,
            influence=tuple((m, n) for m, n in given.items() if n),
            returns=default.returns,
        )

    def _next_model(self, state: GuildBallState, seat: int) -> Unit:
        models = ready(state, seat)
        ball = ball_place(state)
        if ball is None:
            return models[0]
        return min(models, key=lambda u: (u.id != state.ball_holder, _dist(u, ball), u.id))

    def _aim(self, state: GuildBallState, unit: Unit) -> Point | None:
        if state.ball_holder == unit.id:
            return enemy_goal(state, unit.seat).centre
        ball = ball_place(state)
        if state.ball_free and ball is not None:
            return ball
        return None

    def _act(self, state: GuildBallState, unit: Unit) -> cm.Command:
        seat = unit.seat
        act = state.activation
        end = cm.EndActivation(seat=seat)
        if KD in unit.conditions:
            if not act.advanced:
                return cm.StandUp(seat=seat)
            return end
        jog, sprint = moves(state, unit)
        holder = state.ball_holder
        if holder == unit.id:
            if can_shoot(state, unit) and shot_odds(state, unit) >= GOOD_ODDS:
                return cm.Shoot(seat=seat)
            if not act.advanced:
                goal = enemy_goal(state, seat)
                need = math.hypot(unit.x - goal.centre.x, unit.y - goal.centre.y)
                need -= goal.radius + base_of(unit).radius + kick_range(state, unit) - 3.0
                kind = MoveKind.SPRINT if need > jog and unit.influence >= 2 else MoveKind.JOG
                inches = min(max(need, 1.0), sprint if kind is MoveKind.SPRINT else jog)
                path = path_towards(state, unit, goal.centre, inches, kind)
                if path:
                    return (cm.Sprint if kind is MoveKind.SPRINT else cm.Jog)(seat=seat, path=path)
            if can_shoot(state, unit):
                return cm.Shoot(seat=seat)
            return end
        if holder:
            carrier = state.unit(holder)
            if carrier.seat != seat:
                if unit.influence >= 1 and carrier in engaged_enemies(state, unit):
                    return cm.Attack(seat=seat, target=carrier.id)
                if not act.advanced:
                    if unit.influence >= 2:
                        at = charge_end(state, unit, carrier)
                        if at is not None:
                            return cm.Charge(seat=seat, target=carrier.id, end=at)
                    path = path_towards(state, unit, Point(carrier.x, carrier.y), jog, MoveKind.JOG)
                    if path:
                        return cm.Jog(seat=seat, path=path)
                return self._fight(state, unit) or end
        elif state.ball_free and state.ball_x >= 0 and not act.advanced:
            ball = Point(state.ball_x, state.ball_y)
            far = _dist(unit, ball) - base_of(unit).radius
            kind = MoveKind.SPRINT if far > jog + 1 and unit.influence >= 1 else MoveKind.JOG
            path = path_towards(state, unit, ball, sprint if kind is MoveKind.SPRINT else jog, kind)
            if path:
                return (cm.Sprint if kind is MoveKind.SPRINT else cm.Jog)(seat=seat, path=path)
        return self._fight(state, unit) or end

    def _fight(self, state: GuildBallState, unit: Unit) -> cm.Command | None:
        """Hit an engaged enemy, charge the nearest, or close in on it."""
        seat = unit.seat
        if unit.influence >= 1:
            engaged = engaged_enemies(state, unit)
            if engaged:
                weakest = min(engaged, key=lambda e: (e.hp, e.id))
                return cm.Attack(seat=seat, target=weakest.id)
        if state.activation.advanced:
            return None
        enemies = sorted(
            on_pitch(state, 1 - seat), key=lambda e: (_dist(unit, Point(e.x, e.y)), e.id)
        )
        for e in enemies[:2]:
            if unit.influence >= 2:
                at = charge_end(state, unit, e)
                if at is not None:
                    return cm.Charge(seat=seat, target=e.id, end=at)
        if enemies:
            e = enemies[0]
            path = path_towards(state, unit, Point(e.x, e.y), moves(state, unit)[0], MoveKind.JOG)
            if path:
                return cm.Jog(seat=seat, path=path)
        return None
