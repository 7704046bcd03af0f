"""`RandomPlayer`: random legal play, for the conformance suite and as the built-in player's
sparring partner. Every decision is answered with a command drawn from what is legal now: the
listed options where a decision has them, otherwise a sample of intentions checked with the
pitch engine (moves.py)."""

from __future__ import annotations

import math
from collections.abc import Collection

from engine.core.rng import Dice, seeded
from games.guild_ball.pitch import BALL_RADIUS, Base, Point, in_kick_range
from games.guild_ball.pitch.movement import placement
from games.guild_ball.players.moves import (
    ANGLES,
    dodge_path,
    intentions,
    random_allocation,
    random_deploy,
    random_prepare,
)
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.context import base_of, kick_range, pitch_of, scene
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.state import GuildBallState
from games.guild_ball.rules.turns import pool


class RandomPlayer:
    """Random legal moves, from its own seeded source."""

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seeded(seed))

    def move(self, state: GuildBallState, seats: Collection[int]) -> cm.Command | None:
        decision = next((d for d in pending(state) if d.seat in seats), None)
        if decision is None:
            return None
        dice = self.dice
        seat, kind = decision.seat, decision.kind
        if kind == "prepare":
            return random_prepare(state, seat, dice)
        if kind == "deploy":
            return random_deploy(state, seat, dice) or decision.default
        if kind == "influence":
            return random_allocation(state, seat, dice, pool(state, seat))
        if kind == "action":
            unit = state.unit(state.activation.model)
            options = intentions(state, unit, dice)
            return options[dice.below(len(options))]
        if kind == "reaction":
            mp = state.teams[seat].mp
            charge = state.attack.kind == "charge"
            return cm.React(
                seat=seat,
                counter=mp >= 1 and dice.below(3) == 0 and _may_counter(state),
                stance=charge and mp >= 2 and dice.below(2) == 0,
            )
        if kind == "dodge":
            model = decision.context["model"]
            inches = decision.context["inches"]
            a = math.radians(dice.below(360))
            u = state.unit(model)
            goal = Point(u.x + math.cos(a) * 10, u.y + math.sin(a) * 10)
            return cm.DodgeTo(seat=seat, path=dodge_path(state, model, inches, goal))
        if kind == "follow_up":
            if dice.below(3) == 0 and state.teams[seat].mp >= 1:
                return cm.FollowUp(seat=seat, choice="move", model=state.follow.receiver)
            return cm.FollowUp(seat=seat)
        if kind == "kick_off":
            return self._kick_off(state, decision.default)
        if kind == "goal_kick":
            side = state.teams[seat].side
            pitch = pitch_of(state)
            post = pitch.goalpost(side)
            for _ in range(10):
                a = math.radians(ANGLES[dice.below(len(ANGLES))] + (90 if side == 0 else -90))
                d = post.radius + 0.7 + dice.below(90) / 10
                x, y = post.centre.x + math.cos(a) * d, post.centre.y + math.sin(a) * d
                if (
                    0.7 < x < pitch.size - 0.7
                    and 0.7 < y < pitch.size - 0.7
                    and _placeable(state, x, y)
                ):
                    return cm.GoalKick(seat=seat, target=(x, y))
            return decision.default
        if kind == "bonus_time":
            # The choice made with the attack, drawing no die: random games play as before the
            # question was asked at 2.2.
            return decision.default
        if decision.options:
            return decision.options[dice.below(len(decision.options))]
        return decision.default

    def _kick_off(self, state: GuildBallState, default: cm.KickOff) -> cm.KickOff:
        """A kick off somewhere within range (the default if the draw falls outside it)."""
        kicker = state.unit(state.kicker)
        tx, ty = default.target
        x = min(max(tx + (self.dice.below(100) - 50) / 10, 1.0), 23.0)
        ball = Base(Point(x, ty), BALL_RADIUS)
        if not in_kick_range(base_of(kicker), ball, kick_range(state, kicker)):
            return default
        if not _placeable(state, x, ty):
            return default
        return cm.KickOff(seat=default.seat, path=(), target=(x, ty))


def _placeable(state: GuildBallState, x: float, y: float) -> bool:
    """Whether the ball may be placed at (x, y): a target spot must be such a point."""
    return placement(scene(state), Base(Point(x, y), BALL_RADIUS)) is None


def _may_counter(state: GuildBallState) -> bool:
    a = state.attack
    target = state.unit(a.target)
    return "knocked_down" not in target.conditions and a.attacker not in target.countered
