"""`BuiltinPlayer`: the strategic built-in player. It goes for the ball, carries it towards the
enemy goal and shoots when the odds are good, attacks (charges first) the enemy ball carrier to
tackle it, and otherwise hits the nearest enemies to take them out. Every command it gives is
checked with the pitch engine first, as the random player's are."""

from __future__ import annotations

import math
from collections.abc import Collection

from engine.core.rng import Dice, seeded
from games.guild_ball.pitch import (
    BALL_RADIUS,
    MoveKind,
    Point,
    ball_travel,
    in_kick_range,
    within,
)
from games.guild_ball.pitch.bases import Base
from games.guild_ball.players.casting import INFLUENCE, best_play, candidates
from games.guild_ball.players.moves import (
    ball_place,
    can_shoot,
    charge_end,
    dodge_path,
    engaged_enemies,
    path_towards,
)
from games.guild_ball.players.odds import estimate
from games.guild_ball.players.playbook import choose_result
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.ball import kick_pool_tn
from games.guild_ball.rules.context import (
    base_of,
    card,
    game_size,
    kick_range,
    melee_zone,
    moves,
    new_context,
    on_pitch,
    pack,
    pitch_of,
    scene,
)
from games.guild_ball.rules.kicking import enemy_goal
from games.guild_ball.rules.pending import pending
from games.guild_ball.rules.plays import REST_HP, plays_of
from games.guild_ball.rules.state import INTRODUCTORY, KD, GuildBallState, Unit
from games.guild_ball.rules.turns import pool, ready

GOOD_ODDS = 0.6  # shoot when at least one hit is this likely
SURE = 0.9  # odds a shot needs no help above
GOOD_CHARGE = 4.0  # a charge elsewhere worth more than closing on an unreachable carrier
BONUS_GAIN = 1.5  # Bonus Time's worth (take-out and tackle chances) that pays its MP
WASTED = 0.2  # influence left at the end of an activation is lost in the End Phase
SCATTER = 4.0  # a kick off this far in from the side edges is not thrown in by most scatters


def shot_odds(state: GuildBallState, unit: Unit, extra_dice: int = 0) -> float:
    """The chance a Shot of `unit` scores now (at least one hit), with `extra_dice`."""
    return kick_odds(state, unit, enemy_goal(state, unit.seat), None, extra_dice)


def kick_odds(
    state: GuildBallState, unit: Unit, aim: Base, receiver: Unit | None, extra_dice: int = 0
) -> float:
    """The chance a kick of `unit` at `aim` (a goalpost, or `receiver`'s base) hits at least
    once: a goal, or a pass its receiver catches."""
    ctx = new_context(state)
    pool_, tn = kick_pool_tn(ctx, unit, aim, receiver)
    pool_ += extra_dice
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
            return self._react(state, seat)
        if kind == "playbook":
            return choose_result(state)
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
        if kind == "kick_off":
            return self._kick_off(state, decision.default)
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

    def _kick_off(self, state: GuildBallState, default: cm.KickOff) -> cm.KickOff:
        """In the Quick and Typical games the kicker jogs up the pitch and kicks as deep into
        the receiver's half as it reaches, along a path no terrain stops, away from the
        receiving models and in from the side edges. Without the jog, on the 3'x3' pitch, half
        the kick offs finished in the kicker's own half and the receiver was given the ball.
        The Introductory game keeps the default kick: on the 2'x2' pitch it lands past the
        halfway line."""
        if state.size == INTRODUCTORY:
            return default
        kicker = state.unit(state.kicker)
        pitch = pitch_of(state)
        sc = scene(state)
        ahead = 1.0 if state.teams[kicker.seat].side == 0 else -1.0
        jog = moves(state, kicker)[0]
        kick = kick_range(state, kicker)
        receivers = [u for u in state.units if u.seat != kicker.seat and u.on_pitch]
        best: tuple[float, tuple[tuple[float, float], ...], Point] | None = None
        for heading in (0, -25, 25, -50, 50):
            h = math.radians(heading)
            towards = Point(kicker.x + math.sin(h) * jog, kicker.y + ahead * math.cos(h) * jog)
            path = path_towards(state, kicker, towards, jog, MoveKind.JOG) or ()
            end = Point(*path[-1]) if path else Point(kicker.x, kicker.y)
            here = Base(end, base_of(kicker).radius)
            reach = kick + here.radius + BALL_RADIUS - 0.05
            for angle in range(-40, 41, 10):
                a = math.radians(angle)
                for frac in (1.0, 0.85, 0.7):
                    d = reach * frac
                    spot = Point(end.x + math.sin(a) * d, end.y + ahead * math.cos(a) * d)
                    ball = Base(spot, BALL_RADIUS)
                    if not pitch.holds(ball) or not in_kick_range(here, ball, kick):
                        continue
                    travel = ball_travel(sc, here, spot, exclude=(kicker.id,))
                    if travel.end is None or math.dist(travel.end, spot) > 0.05:
                        continue
                    depth = ahead * (spot.y - pitch.size / 2)
                    clear = min((_dist(u, spot) for u in receivers), default=8.0)
                    side_edge = min(spot.x, pitch.size - spot.x)
                    score = depth + 0.25 * min(clear, 8.0) - 2 * max(SCATTER - side_edge, 0.0)
                    if best is None or score > best[0]:
                        best = (score, path, spot)
        if best is None:
            return default
        _, path, spot = best
        return cm.KickOff(seat=default.seat, path=path, target=(spot.x, spot.y))

    def _allocate(self, state: GuildBallState, seat: int, default: cm.Allocate) -> cm.Allocate:
        """Influence by the activation each model is expected to make: the ball carrier (or
        the model nearest the ball) all it may hold (a sprint, a shot, a play); models within
        reach of an enemy enough to charge and attack (the enemy carrier's and the weakest
        enemies' first); a model with nothing in reach one for a sprint; what is left round
        the team up to each model's max INF."""
        models = [u for u in state.units if u.seat == seat]
        left = pool(state, seat)
        given = {u.id: 0 for u in models}
        wants = sorted(
            ((self._influence_wanted(state, u), u) for u in models if u.on_pitch or u.taken_out),
            key=lambda w: (-w[0][0], w[1].id),
        )
        for (_, want), u in wants:
            n = min(want, card(u).stats.inf_max, left)
            given[u.id] = n
            left -= n
        while left > 0:
            progress = False
            for _, u in wants:
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

    def _influence_wanted(self, state: GuildBallState, unit: Unit) -> tuple[float, int]:
        """(priority, influence) of the model's activation this turn."""
        top = card(unit).stats.inf_max
        if not unit.on_pitch:
            return 0.0, 1
        if state.ball_holder == unit.id:
            return 10.0, top
        ball = ball_place(state)
        enemies = on_pitch(state, 1 - unit.seat)
        reach = moves(state, unit)[1] + melee_zone(state, unit) + 1.0
        here = base_of(unit)
        near = [e for e in enemies if within(base_of(e), here, reach)]
        if state.ball_holder and state.unit(state.ball_holder) in near:
            return 8.0, top
        if near:
            weakest = min(e.hp for e in near)
            return 5.0 + max(0.0, 8.0 - weakest) / 4, min(top, 3)
        if state.ball_free and ball is not None:
            own = on_pitch(state, unit.seat)
            if min(own, key=lambda u: (_dist(u, ball), u.id)).id == unit.id:
                return 9.0, top
            return 6.0 - _dist(unit, ball) / 6, min(top, 2)
        return 1.0, 1

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
        """The active model's next step: its plan's next command, with a character play first
        when one is worth its cost and leaves the plan its influence."""
        seat = unit.seat
        act = state.activation
        if KD in unit.conditions:
            if not act.advanced:
                return cm.StandUp(seat=seat)
            return cm.EndActivation(seat=seat)
        if state.ball_holder == unit.id:
            command = self._carry(state, unit)
        else:
            command = self._plan(state, unit)
        need = _influence_of(command)
        if state.ball_holder == unit.id and not isinstance(command, (cm.Shoot, cm.EndActivation)):
            need += 1  # the shot after the move
        mp_spare = state.teams[seat].mp - _mp_of(command) - _reserve(state, seat)
        ending = isinstance(command, cm.EndActivation)
        play = best_play(
            state,
            unit,
            unit.influence - need,
            mp_spare,
            influence=WASTED if ending else INFLUENCE,
        )
        if play is not None and not self._attack_beats(state, unit, command, play):
            return play
        if ending:
            return self._recover(state, unit) or command
        return command

    def _attack_beats(
        self, state: GuildBallState, unit: Unit, command: cm.Command, play: cm.UsePlay
    ) -> bool:
        """Whether the attack (or charge) the plan makes next is worth more than a play on the
        same model: a model a swing is likely to take out is not spent a play on first."""
        if not isinstance(command, (cm.Attack, cm.Charge)) or play.target != command.target:
            return False
        kind = "charge" if isinstance(command, cm.Charge) else "attack"
        attack = self._target_value(state, unit, state.unit(command.target), kind)
        value = max(
            (v for v, c in candidates(state, unit, unit.influence, 0) if c == play), default=0.0
        )
        return attack >= value

    def _carry(self, state: GuildBallState, unit: Unit) -> cm.Command:
        """The ball carrier: shoot when the odds are good (a kick play or Bonus Time first when
        they help), else move up and shoot, else hold on."""
        seat = unit.seat
        act = state.activation
        mp = state.teams[seat].mp
        jog, sprint = moves(state, unit)
        flare = self._kick_play(state, unit)
        if flare is not None:
            return flare
        if can_shoot(state, unit) and shot_odds(state, unit) >= GOOD_ODDS:
            return cm.Shoot(seat=seat, bonus=mp >= 2 and shot_odds(state, unit) < SURE)
        large = state.size != INTRODUCTORY
        if large and not act.advanced and (mp == 0 or not can_shoot(state, unit)):
            early = self._pass_on(state, unit, shooters_only=True)
            if early is not None:
                return early
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
            return cm.Shoot(seat=seat, bonus=mp >= 2 and shot_odds(state, unit) < SURE)
        if large:
            later = self._pass_on(state, unit, shooters_only=False)
            if later is not None:
                return later
        return cm.EndActivation(seat=seat)

    def _pass_on(self, state: GuildBallState, unit: Unit, shooters_only: bool) -> cm.Pass | None:
        """On the 3'x3' pitch a carrier rarely reaches shooting range alone, and a Shot needs
        the MP a caught pass gains: the pass to a friend likeliest to score next (one in range
        of the goal that has still to activate with influence for its Shot, or that can Snap
        Shot), else (unless `shooters_only`) to the friend it brings the ball furthest up the
        pitch, at least 4" nearer the goal."""
        if unit.influence < 1:
            return None
        seat = unit.seat
        goal = enemy_goal(state, seat)
        here = _dist(unit, goal.centre)
        reach = kick_range(state, unit)
        waiting = {u.id for u in ready(state, seat)}
        mp_after = state.teams[seat].mp + 1
        best: tuple[float, str] | None = None
        for f in on_pitch(state, seat):
            if f.id == unit.id or KD in f.conditions:
                continue
            if not in_kick_range(base_of(unit), base_of(f), reach):
                continue
            catch = kick_odds(state, unit, base_of(f), f)
            if catch < 0.55:
                continue
            shoots = in_kick_range(base_of(f), goal, kick_range(state, f))
            if shoots and ((f.id in waiting and f.influence >= 1) or mp_after >= 2):
                value = 1.0 + catch * shot_odds(state, f)
            elif shooters_only:
                continue
            else:
                gain = here - _dist(f, goal.centre)
                if gain < 4.0:
                    continue
                value = catch * gain / 36.0
            if best is None or (value, f.id) > best:
                best = (value, f.id)
        if best is None:
            return None
        return cm.Pass(seat=seat, target=best[1])

    def _kick_play(self, state: GuildBallState, unit: Unit) -> cm.UsePlay | None:
        """A play that adds to the carrier's own kick (Long Flare), cast before a shot when it
        puts the goal in range or raises the odds enough, with influence left for the shot."""
        if unit.influence < 2 or state.teams[unit.seat].mp < 1:
            return None
        goal = enemy_goal(state, unit.seat)
        for play in plays_of(unit):
            if play.kind != "character" or play.cost is None or play.slug in unit.plays_used:
                continue
            if any(m.source == play.slug for m in unit.mods):
                continue
            dice = sum(
                int(e.arg("amount"))
                for e in play.effects
                if e.do == "modify" and e.arg("stat") == "kick_dice"
            )
            inches = sum(
                int(e.arg("amount"))
                for e in play.effects
                if e.do == "modify" and e.arg("stat") == "kick_distance"
            )
            if not (dice or inches) or play.target != "self":
                continue
            if unit.influence < play.cost + 1:
                continue
            reach = kick_range(state, unit)
            here = base_of(unit)
            if in_kick_range(here, goal, reach):
                now = shot_odds(state, unit)
                if now < SURE and shot_odds(state, unit, extra_dice=dice) - now >= 0.08:
                    return cm.UsePlay(seat=unit.seat, play=play.slug)
            elif state.activation.advanced and in_kick_range(here, goal, reach + inches):
                return cm.UsePlay(seat=unit.seat, play=play.slug)
        return None

    def _plan(self, state: GuildBallState, unit: Unit) -> cm.Command:
        """A model without the ball: at the enemy carrier, to the free ball, else a fight."""
        seat = unit.seat
        act = state.activation
        end = cm.EndActivation(seat=seat)
        jog, sprint = moves(state, unit)
        holder = state.ball_holder
        if holder:
            carrier = state.unit(holder)
            if carrier.seat != seat:
                if unit.influence >= 1 and carrier in engaged_enemies(state, unit):
                    return self._attack(state, unit, carrier)
                if not act.advanced:
                    if unit.influence >= 2:
                        at = charge_end(state, unit, carrier)
                        if at is not None:
                            return self._charge(state, unit, carrier, at)
                    other = self._best_charge(state, unit)
                    if other is not None and other[0] >= GOOD_CHARGE:
                        return other[1]
                    path = path_towards(state, unit, Point(carrier.x, carrier.y), jog, MoveKind.JOG)
                    if path:
                        return cm.Jog(seat=seat, path=path)
                return self._fight(state, unit) or end
            elif state.size != INTRODUCTORY and not act.advanced:
                forward = self._support(state, unit)
                if forward is not None:
                    return forward
        elif state.ball_free and state.ball_x >= 0 and not act.advanced:
            ball = Point(state.ball_x, state.ball_y)
            far = _dist(unit, ball) - base_of(unit).radius
            kind = MoveKind.SPRINT if far > jog + 1 and unit.influence >= 1 else MoveKind.JOG
            path = path_towards(state, unit, ball, sprint if kind is MoveKind.SPRINT else jog, kind)
            if path:
                return (cm.Sprint if kind is MoveKind.SPRINT else cm.Jog)(seat=seat, path=path)
        return self._fight(state, unit) or end

    def _support(self, state: GuildBallState, unit: Unit) -> cm.Command | None:
        """A friend has the ball on the 3'x3' pitch: a fight in hand (an engaged enemy, a
        charge worth it) first, else up the pitch to where a pass lets this model shoot (None
        once it is there)."""
        seat = unit.seat
        if unit.influence >= 1 and engaged_enemies(state, unit):
            return None
        charge = self._best_charge(state, unit)
        if charge is not None and charge[0] >= GOOD_CHARGE:
            return charge[1]
        goal = enemy_goal(state, seat)
        reach = kick_range(state, unit)
        if in_kick_range(base_of(unit), goal, reach - 1.0):
            return None
        d = _dist(unit, goal.centre)
        spot = goal.radius + base_of(unit).radius + reach - 2.0
        to = Point(
            goal.centre.x + (unit.x - goal.centre.x) * spot / d,
            goal.centre.y + (unit.y - goal.centre.y) * spot / d,
        )
        jog, sprint = moves(state, unit)
        kind = MoveKind.SPRINT if d - spot > jog and unit.influence >= 2 else MoveKind.JOG
        path = path_towards(state, unit, to, sprint if kind is MoveKind.SPRINT else jog, kind)
        if path is None:
            return None
        return (cm.Sprint if kind is MoveKind.SPRINT else cm.Jog)(seat=seat, path=path)

    def _attack(self, state: GuildBallState, unit: Unit, target: Unit) -> cm.Attack:
        """An attack, with Bonus Time when the extra die makes a take-out (or the tackle)
        clearly likelier and momentum is left for a shot."""
        spare = state.teams[unit.seat].mp - _reserve(state, unit.seat)
        bonus = False
        if spare >= 1:
            plain = estimate(state, unit, target)
            extra = estimate(state, unit, target, bonus=True)
            gain = (extra.take_out - plain.take_out) * 12 + (extra.tackle - plain.tackle) * 6
            bonus = gain >= BONUS_GAIN
        return cm.Attack(seat=unit.seat, target=target.id, bonus=bonus)

    def _charge(
        self, state: GuildBallState, unit: Unit, target: Unit, at: tuple[float, float]
    ) -> cm.Charge:
        spare = state.teams[unit.seat].mp - _reserve(state, unit.seat)
        bonus = False
        if spare >= 1:
            plain = estimate(state, unit, target, "charge")
            extra = estimate(state, unit, target, "charge", bonus=True)
            gain = (extra.take_out - plain.take_out) * 12 + (extra.tackle - plain.tackle) * 6
            bonus = gain >= BONUS_GAIN
        return cm.Charge(seat=unit.seat, target=target.id, end=at, bonus=bonus)

    def _target_value(self, state: GuildBallState, unit: Unit, e: Unit, kind: str) -> float:
        """An attack's worth on `e`: a take-out most, the tackle next, then the damage."""
        est = estimate(state, unit, e, kind)
        worth = 12 if card(e).role != "mascot" else 7
        return est.take_out * worth + est.tackle * 6 + est.damage * 0.5

    def _best_charge(self, state: GuildBallState, unit: Unit) -> tuple[float, cm.Charge] | None:
        """The charge worth most among the enemies nearest (with influence for it)."""
        if unit.influence < 2 or state.activation.advanced:
            return None
        enemies = sorted(
            on_pitch(state, 1 - unit.seat), key=lambda e: (_dist(unit, Point(e.x, e.y)), e.id)
        )
        reach = moves(state, unit)[1] + melee_zone(state, unit) + 0.5
        best = None
        for e in enemies[:3]:
            if not within(base_of(e), base_of(unit), reach):
                break
            at = charge_end(state, unit, e)
            if at is None:
                continue
            value = self._target_value(state, unit, e, "charge")
            if best is None or value > best[0]:
                best = (value, self._charge(state, unit, e, at))
        return best

    def _fight(self, state: GuildBallState, unit: Unit) -> cm.Command | None:
        """Hit the engaged enemy worth most (the likeliest take-out), charge the best enemy in
        reach, or close in on the nearest."""
        seat = unit.seat
        if unit.influence >= 1:
            engaged = engaged_enemies(state, unit)
            if engaged:
                target = max(
                    engaged, key=lambda e: (self._target_value(state, unit, e, "attack"), e.id)
                )
                return self._attack(state, unit, target)
        if state.activation.advanced:
            return None
        charge = self._best_charge(state, unit)
        if charge is not None:
            return charge[1]
        enemies = sorted(
            on_pitch(state, 1 - seat), key=lambda e: (_dist(unit, Point(e.x, e.y)), e.id)
        )
        if enemies:
            e = enemies[0]
            path = path_towards(state, unit, Point(e.x, e.y), moves(state, unit)[0], MoveKind.JOG)
            if path:
                return cm.Jog(seat=seat, path=path)
        return None

    def _recover(self, state: GuildBallState, unit: Unit) -> cm.Command | None:
        """Momentum left over at the end of an activation: Rest a hurt model, or Encourage a
        hurt friend near, keeping the MP a shot needs."""
        seat = unit.seat
        spare = state.teams[seat].mp - _reserve(state, seat)
        hurt = card(unit).stats.hp - unit.hp
        if spare >= 1 and not unit.rested and (hurt >= REST_HP or unit.conditions):
            return cm.Rest(seat=seat, clear=bool(unit.conditions) and hurt < REST_HP)
        if spare >= 2:
            for f in on_pitch(state, seat):
                if (
                    f.id != unit.id
                    and not f.encouraged
                    and card(f).stats.hp - f.hp >= REST_HP
                    and within(base_of(f), base_of(unit), 8.0)
                    and scene(state).sees(unit.id, f.id)
                ):
                    return cm.Encourage(seat=seat, target=f.id)
        return None

    def _react(self, state: GuildBallState, seat: int) -> cm.React:
        """Defensive Stance for a charged carrier; a Counter-Attack when it is likely to hurt
        and momentum is left for a shot."""
        a = state.attack
        target, attacker = state.unit(a.target), state.unit(a.attacker)
        mp = state.teams[seat].mp
        stance = a.kind == "charge" and state.ball_holder == a.target and mp >= 1
        spare = mp - stance - _reserve(state, seat)
        counter = False
        if spare >= 1 and KD not in target.conditions and attacker.id not in target.countered:
            est = estimate(state, target, attacker)
            counter = est.take_out >= 0.15 or est.damage >= 2.5
        return cm.React(seat=seat, stance=stance, counter=counter)


def _influence_of(command: cm.Command) -> int:
    """The influence a command costs."""
    if isinstance(command, cm.Charge):
        return 2
    if isinstance(command, (cm.Attack, cm.Sprint, cm.Shoot, cm.Pass)):
        return 1
    return 0


def _mp_of(command: cm.Command) -> int:
    """The momentum a command costs (Bonus Time included)."""
    cost = int(getattr(command, "bonus", False))
    if isinstance(command, cm.Shoot):
        cost += 1
    return cost


def _reserve(state: GuildBallState, seat: int) -> int:
    """The MP kept for a shot ("A Shot ... costs 1 MP"): the ball changes hands often, and a
    carrier in range without momentum cannot shoot."""
    return 1
