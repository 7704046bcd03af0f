"""Making an attack: declaration and the target's reactions, the dice pool, the TN test against
DEF, net hits after ARM, the playbook's columns and its wrap, the results, Counter-Attacks and
parting blows.

- "A model may only make an attack against an enemy model that it's engaging."
- Charging +4 TAC; ganging up +1 TAC per other friendly model engaging the target; crowding out
  -1 TAC per enemy other than the target engaging the attacker; a parting blow +2 TAC without
  ganging up or crowding out.
- "When attacking a model that is benefitting from cover, the attacking model suffers -1 TAC
  for the duration of the attack." Not in the Introductory game, played without the terrain
  rules (docs/rules-notes.md, "Part 2").
- "A single net hit from an attack allows the model to access the first column ... Each
  additional net hit allows the model to access an additional column". "If an attack generates
  more net hits than there are columns ... the active model counts up to the last column and
  selects a single result. The active model then continues counting columns from the left,
  selecting an additional result each time it reaches the last column or runs out of net hits."
- "Momentous results generate 1 MP for the active model's team".
- Bonus Time, "When resolving a TN test", at step 2.2 ("Player may use Bonus Time"), after the
  target's response at 1.1: when the target responded (Counter-Attack, Defensive Stance), the
  attack waits at 2.2 (step "bonus") for its player's `BonusTime`, the choice made with the
  attack or charge its default; without a response that choice is the 2.2 answer.
"""

from __future__ import annotations

import math

from engine.core.errors import RuleError
from games.guild_ball.pitch import MoveKind, straight
from games.guild_ball.pitch.movement import directly_away
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.ball import snap_on_path, tn_test
from games.guild_ball.rules.commands import BonusTime, ChooseResult, React
from games.guild_ball.rules.context import (
    Ctx,
    armour,
    base_of,
    card,
    defence,
    engaged_by,
    engages,
    name,
    scene,
    tac,
)
from games.guild_ball.rules.health import (
    damage,
    gain_mp,
    immune,
    ongoing,
    spend_mp,
    suffer,
    take_out,
)
from games.guild_ball.rules.sequences import ATTACK, CHARGE, reach
from games.guild_ball.rules.state import INTRODUCTORY, KD, Attack, GuildBallState, Unit
from games.guild_ball.rules.traits import fire, gain_ball

CHARGE_TAC = 4
PARTING_TAC = 2
COVER_TAC = 1
PLAIN, MOMENTOUS = 0, 1
PARTING_RESULTS = frozenset({"dmg", "KD", "tackle"})
# The step of an attack whose target responded at 1.1: its player answers Bonus Time at 2.2.
BONUS = "bonus"


def wrap_limits(net: int, columns: int) -> tuple[int, ...]:
    """The columns each selection may reach: a full playbook for each time the count reaches
    the last column, then the columns the hits left over reach."""
    full, left = divmod(net, columns)
    return (columns,) * full + ((left,) if left else ())


def can_react(state: GuildBallState, attacker: Unit, target: Unit, kind: str) -> bool:
    """Whether the target's player has a reaction to offer: Counter-Attack (1 MP, once per
    turn against each enemy model, not against a Counter-Attack or parting blow) or, against a
    charge, Defensive Stance (1 MP)."""
    if kind not in ("attack", "charge") or state.teams[target.seat].mp < 1:
        return False
    counter = KD not in target.conditions and attacker.id not in target.countered
    return counter or kind == "charge"


def declare(
    ctx: Ctx, attacker: Unit, target: Unit, kind: str, bonus: bool, end: tuple = ()
) -> None:
    """Step 1, declare; 1.1, the opponent's response (a wait for the target's seat): the
    attack's, or the charge's 1.1 for a charge."""
    reach(ctx, (CHARGE if kind == "charge" else ATTACK)["1.1"])
    state = ctx.state
    attack = Attack(
        attacker=attacker.id,
        target=target.id,
        kind=kind,
        step="roll",
        bonus=bonus,
        end_x=end[0] if end else 0.0,
        end_y=end[1] if end else 0.0,
    )
    if can_react(state, attacker, target, kind):
        ctx.emit(ev.AttackStep(attack=_with(attack, step="react")))
        return
    ctx.emit(ev.AttackStep(attack=attack))
    proceed(ctx)


def _with(attack: Attack, **changes: object) -> Attack:
    from msgspec.structs import replace

    return replace(attack, **changes)


def react(ctx: Ctx, cmd: React) -> None:
    """The target's seat answers the declaration."""
    state = ctx.state
    a = state.attack
    if a is None or a.step != "react":
        raise RuleError("no_reaction", "Nothing waits for a reaction now.")
    target = state.unit(a.target)
    if cmd.seat != target.seat:
        raise RuleError("not_your_reaction", f"{name(target.seat)} answers this attack.")
    cost = cmd.counter + cmd.stance + cmd.bonus
    if cost > state.teams[cmd.seat].mp:
        raise RuleError("no_momentum", f"That needs {cost} MP; your team has fewer.")
    if cmd.bonus and not cmd.counter:
        raise RuleError(
            "bonus_needs_counter",
            "Bonus Time adds a die to a TN test: declare the Counter-Attack it is for.",
        )
    if cmd.stance and a.kind != "charge":
        raise RuleError("stance_needs_charge", "Defensive Stance answers a charge only.")
    attacker = state.unit(a.attacker)
    if cmd.counter and (KD in target.conditions or attacker.id in target.countered):
        raise RuleError(
            "no_counter",
            "This model may not Counter-Attack: it is knocked down or already countered this "
            "model this turn.",
        )
    # Bonus Time's MP is spent at the Counter-Attack's own step 2.2, as an attack's is.
    declared = cmd.counter + cmd.stance
    if declared:
        spend_mp(ctx, cmd.seat, declared, "counter-attack" if cmd.counter else "defensive stance")
    if cmd.counter:
        from games.guild_ball.rules.health import changed

        changed(ctx, target, countered=(*target.countered, attacker.id))
    # A response is news to the attacker: its Bonus Time is asked again at 2.2 (`roll`).
    step = BONUS if declared else "roll"
    reacted = _with(a, step=step, counter=cmd.counter, stance=cmd.stance, counter_bonus=cmd.bonus)
    ctx.emit(ev.AttackStep(attack=reacted))
    proceed(ctx)


def proceed(ctx: Ctx) -> None:
    """After the declaration and its response: a charge advances (its step 2; its steps 2.1 to
    4 and its attack follow once the advance is over, `moving.charge_advance`), any other
    attack rolls."""
    a = ctx.state.attack
    if a.kind == "charge":
        from games.guild_ball.rules.moving import charge_advance

        reach(ctx, CHARGE["2"])
        charge_advance(ctx, a)
        return
    roll(ctx)


def attack_pool(state: GuildBallState, attacker: Unit, target: Unit, a: Attack) -> tuple[int, int]:
    """The dice pool (step 2.1, with Bonus Time's die if `a` has it: the pool an attack would
    roll, before the one-die floor) and the TN (the target's DEF) of an attack."""
    sc = scene(state)
    pool = tac(state, attacker) + a.bonus
    if a.kind == "charge":
        pool += CHARGE_TAC
    if a.kind == "parting":
        pool += PARTING_TAC
    else:
        friends = [
            u
            for u in state.units
            if u.seat == attacker.seat
            and u.id != attacker.id
            and u.on_pitch
            and engages(state, u, target, sc)
        ]
        crowd = [e for e in engaged_by(state, attacker, sc) if e.id != target.id]
        pool += len(friends) - len(crowd)
    if state.size != INTRODUCTORY and sc.in_cover(target.id):
        pool -= COVER_TAC
    return pool, defence(state, target) + a.stance


def asks_bonus(state: GuildBallState) -> bool:
    """Whether the attack waits at 2.2 for its player's Bonus Time: its target responded at 1.1
    and the attacker's team has the MP to buy it ("only once per TN test": not yet spent, as
    its MP is spent at 2.2)."""
    a = state.attack
    return a is not None and a.step == BONUS and state.teams[state.unit(a.attacker).seat].mp >= 1


def roll(ctx: Ctx) -> None:
    """Step 2, the attack process: 2.1 the pool, 2.2 Bonus Time (a wait for the attacker's
    player when the target responded), 2.3 the dice, 2.3.1 the net hits; then 2.4 and 2.5,
    the results."""
    state = ctx.state
    a = state.attack
    attacker, target = state.unit(a.attacker), state.unit(a.target)
    if not (attacker.on_pitch and target.on_pitch) or KD in attacker.conditions:
        finish(ctx)
        return
    reach(ctx, ATTACK["2"])
    reach(ctx, ATTACK["2.1"])
    reach(ctx, ATTACK["2.2"])
    if asks_bonus(state):
        return
    bonus_and_dice(ctx)


def bonus_time(ctx: Ctx, cmd: BonusTime) -> None:
    """Step 2.2 after a response: the attacker's player buys Bonus Time (1 MP) or not."""
    state = ctx.state
    if not asks_bonus(state):
        raise RuleError("no_bonus_time", "No attack waits for its Bonus Time now.")
    a = state.attack
    attacker = state.unit(a.attacker)
    if cmd.seat != attacker.seat:
        raise RuleError("not_your_attack", f"{name(attacker.seat)} answers for this attack.")
    ctx.emit(ev.AttackStep(attack=_with(a, step="roll", bonus=cmd.buy)))
    bonus_and_dice(ctx)


def bonus_and_dice(ctx: Ctx) -> None:
    """Step 2.2, Bonus Time's MP spent if the attack has it; 2.3 the dice, 2.3.1 the net hits;
    then 2.4 and 2.5, the results."""
    state = ctx.state
    a = state.attack
    attacker, target = state.unit(a.attacker), state.unit(a.target)
    # Step 2.1's pool without Bonus Time's die, which tn_test adds after every other modifier.
    pool, tn = attack_pool(state, attacker, target, _with(a, bonus=False))
    if a.bonus:
        spend_mp(ctx, attacker.seat, 1, "bonus time")
    reach(ctx, ATTACK["2.3"])
    dice, pool, tn = tn_test(ctx, pool, tn, a.bonus)
    hits = sum(d >= tn for d in dice)
    net = max(hits - armour(ctx.state, target), 0)
    reach(ctx, ATTACK["2.3.1"])
    ctx.emit(
        ev.Rolled(
            what=a.kind,
            model=attacker.id,
            target=target.id,
            pool=pool,
            tn=tn,
            dice=dice,
            hits=hits,
            net=net,
            rng=ctx.rng,
        )
    )
    if net == 0:
        finish(ctx)
        return
    columns = len(card(attacker).playbook)
    reach(ctx, ATTACK["2.4"])
    reach(ctx, ATTACK["2.5"])
    a = _with(a, step="choose", net=net, limits=wrap_limits(net, columns))
    ctx.emit(ev.AttackStep(attack=a))
    settle(ctx)


def valid_effects(
    state: GuildBallState, a: Attack, effects: tuple, choosing: bool = True
) -> list[tuple[str, int]]:
    """The effects of a result that are valid now: knocked down is invalid on a model already
    down (or already selected from this attack, while `choosing`) or immune to it ("If an
    ability allows a model to ignore or invalidate all effects of a momentous playbook result,
    then no MP is generated": such a result is invalid, so it cannot be selected for its MP),
    tackle on a model without the ball; a parting blow allows damage, knocked down and tackle
    only."""
    target = state.unit(a.target)
    out = []
    for kind, size in effects:
        if a.kind == "parting" and kind not in PARTING_RESULTS:
            continue
        if kind == "KD" and (
            KD in target.conditions
            or immune(target, KD)
            or (choosing and any(k == "KD" for k, _ in _picked(state, a)))
        ):
            continue
        if kind == "tackle" and state.ball_holder != target.id:
            continue
        out.append((kind, size))
    return out


def _picked(state: GuildBallState, a: Attack) -> list[tuple[str, int]]:
    playbook = card(state.unit(a.attacker)).playbook
    return [e for c, r in a.picks for e in playbook[c - 1][r].effects]


def options(state: GuildBallState, limit: int = 0) -> list[tuple[int, int]]:
    """Every (column, row) the attacker may select now (or with a selection reaching
    `limit`)."""
    a = state.attack
    playbook = card(state.unit(a.attacker)).playbook
    out = []
    for c in range(1, (limit or a.limits[0]) + 1):
        for r, result in enumerate(playbook[c - 1]):
            if valid_effects(state, a, result.effects):
                out.append((c, r))
    return out


def best_pick(state: GuildBallState) -> tuple[int, int]:
    """The default selection: the result worth most (the ball first, then damage)."""
    a = state.attack
    playbook = card(state.unit(a.attacker)).playbook
    best, value = (1, 0), -1.0
    for c, r in options(state) or [(1, 0)]:
        result = playbook[c - 1][r]
        v = 0.5 * result.momentous * (a.kind not in ("parting", "counter"))
        for kind, size in valid_effects(state, a, result.effects):
            v += {"dmg": size, "KD": 2.5, "tackle": 6.0, "push": 0.3 * size}.get(kind, 0.1)
        if v > value:
            best, value = (c, r), v
    return best


def choose(ctx: Ctx, cmd: ChooseResult) -> None:
    """Step 2.5: select a result; once every selection is made, apply them all."""
    state = ctx.state
    a = state.attack
    if a is None or a.step != "choose":
        raise RuleError("no_results", "No attack waits for its playbook results.")
    attacker = state.unit(a.attacker)
    if cmd.seat != attacker.seat:
        raise RuleError("not_your_attack", f"{name(attacker.seat)} selects these results.")
    playbook = card(attacker).playbook
    if not 1 <= cmd.column <= a.limits[0]:
        raise RuleError(
            "column_out_of_reach",
            f"This selection reaches columns 1 to {a.limits[0]}; pick one of those.",
        )
    column = playbook[cmd.column - 1]
    if not 0 <= cmd.row < len(column):
        raise RuleError("no_such_result", f"Column {cmd.column} holds {len(column)} result(s).")
    result = column[cmd.row]
    valid = valid_effects(state, a, result.effects)
    if not valid:
        raise RuleError(
            "invalid_result",
            f"{result.text} has no valid effect now (knocked down on a model already down, "
            "tackle without the ball); pick another.",
        )
    if cmd.push is not None and not (math.isfinite(cmd.push) and cmd.push >= 0):
        raise RuleError("push_distance", "A push moves the model 0 inches or more, up to its push.")
    play = ""
    icons = [k for k, _ in valid if k.startswith("play-")]
    if icons and cmd.play:
        from games.guild_ball.rules.plays import icon_play

        play = icon_play(state, attacker, icons, cmd.play)
    a = _with(a, picks=(*a.picks, (cmd.column, cmd.row)), limits=a.limits[1:])
    if cmd.push is not None:
        a = _with(a, push=float(cmd.push))
    if play:
        a = _with(a, plays=(*a.plays, f"{play}>{cmd.target}"))
    ctx.emit(ev.AttackStep(attack=a))
    settle(ctx)


def settle(ctx: Ctx) -> None:
    """Drop the selections that reach no result with a valid effect (our ruling: such a
    selection is lost), and apply the results once none is left to make."""
    a = ctx.state.attack
    dropped = 0
    while dropped < len(a.limits) and not options(ctx.state, a.limits[dropped]):
        dropped += 1
    if dropped:
        a = _with(a, limits=a.limits[dropped:])
        ctx.emit(ev.AttackStep(attack=a))
    if not a.limits:
        apply_results(ctx)


def apply_results(ctx: Ctx) -> None:
    """Apply every selected result: "combine all DMG results from an attack into a single
    instance of damage", pushes into one push and dodges into one dodge. Our order (the book
    leaves it to the controlling player): tackle, pushes, knocked down, damage, plays, dodge."""
    state = ctx.state
    a = state.attack
    attacker, target = state.unit(a.attacker), state.unit(a.target)
    playbook = card(attacker).playbook
    dmg = push = dodge = 0
    kd = tackle = False
    momentous = 0
    for c, r in a.picks:
        result = playbook[c - 1][r]
        momentous += result.momentous
        for kind, size in valid_effects(state, a, result.effects, choosing=False):
            if kind == "dmg":
                dmg += size
            elif kind == "push":
                push += size
            elif kind == "dodge":
                dodge += size
            elif kind == "KD":
                kd = True
            elif kind == "tackle":
                tackle = True
    if momentous and a.kind not in ("parting", "counter"):
        gain_mp(ctx, attacker.seat, momentous, "momentous")
    if tackle and ctx.state.ball_holder == target.id:
        gain_ball(ctx, attacker.id, "tackle")
        fire(ctx, "tackles", attacker.id, target.id)
    # "A model may be moved up to the distance shown": the attacker's distance, if chosen.
    inches = min(float(push), a.push) if a.push >= 0 else float(push)
    if inches > 0:
        push_model(ctx, attacker, target.id, inches)
    if kd:
        suffer(ctx, target.id, KD)
    if dmg:
        damage(ctx, target.id, dmg, by=attacker.id)
    for entry in a.plays:
        play, _, aim = entry.partition(">")
        from games.guild_ball.rules.plays import trigger_play

        trigger_play(ctx, attacker.id, play, aim or target.id)
        if ctx.state.result is not None:
            return
    if ctx.state.result is not None:
        return
    standing = ctx.state.unit(target.id).on_pitch and ctx.state.unit(attacker.id).on_pitch
    # "Models may not be repositioned or placed during a parting blow": its hit triggers
    # nothing (rules notes).
    reach(ctx, ATTACK["2.5.1"])
    if standing and a.kind != "parting":
        fire(ctx, "charge_hit" if a.kind == "charge" else "attack_hit", attacker.id, target.id)
        fire(ctx, "hit_by_attack", target.id, attacker.id)
        if ctx.state.result is not None:
            return
    # A model reduced to 0 HP was taken out as the damage was applied (2.5): step 3 finds none.
    reach(ctx, ATTACK["3"])
    me = ctx.state.unit(attacker.id)
    if dodge and me.on_pitch and KD not in me.conditions:
        ctx.emit(ev.AttackStep(attack=_with(ctx.state.attack, step="dodge", dodge=dodge)))
        return
    finish(ctx)


def push_model(ctx: Ctx, origin: Unit, model: str, inches: float) -> None:
    """A push directly away from the model pushing (our ruling, rules notes), stopping at
    contact; a model pushed off the pitch is taken out with its HP. "A model which starts its
    activation or moves within 1" of a free ball may choose to take possession": a pushed model
    moves, so it takes a free ball it comes within 1" of, as a dodging one does."""
    target = ctx.state.unit(model)
    if not target.on_pitch:
        return
    sc = scene(ctx.state)
    direction = directly_away(base_of(origin), base_of(target))
    moved = straight(sc, model, direction, float(inches), MoveKind.PUSH)
    if moved.travelled > 0:
        path = tuple(moved.path)
        leg = None if moved.left_pitch else snap_on_path(ctx, target, path)
        ctx.emit(ev.Moved(model=model, how="push", x=moved.end.x, y=moved.end.y))
        if not moved.left_pitch:
            ongoing(ctx, model, path)
        if leg is not None and ctx.state.ball_free and ctx.state.unit(model).on_pitch:
            gain_ball(ctx, model, "snap")
    if moved.left_pitch:
        take_out(ctx, model, by=origin.id, hp=ctx.state.unit(model).hp)


def finish(ctx: Ctx) -> None:
    """Step 4, after the attack: a declared Counter-Attack follows, if the target is able."""
    state = ctx.state
    a = state.attack
    if state.result is not None:
        return
    reach(ctx, ATTACK["4"])
    target, attacker = state.unit(a.target), state.unit(a.attacker)
    if (
        a.again
        and target.on_pitch
        and attacker.on_pitch
        and KD not in attacker.conditions
        and engages(state, attacker, target)
    ):
        free = Attack(
            attacker=attacker.id,
            target=target.id,
            kind="attack",
            step="roll",
            counter=a.counter,
            counter_bonus=a.counter_bonus,
        )
        reach(ctx, ATTACK["1"])
        ctx.emit(ev.AttackStep(attack=free))
        roll(ctx)
        return
    if (
        a.counter
        and target.on_pitch
        and attacker.on_pitch
        and KD not in target.conditions
        and engages(state, target, attacker)
    ):
        # Bonus Time declared with the Counter-Attack, if the team still has the MP at 2.2.
        bonus = a.counter_bonus and state.teams[target.seat].mp >= 1
        counter = Attack(
            attacker=target.id, target=attacker.id, kind="counter", step="roll", bonus=bonus
        )
        reach(ctx, ATTACK["1"])
        ctx.emit(ev.AttackStep(attack=counter))
        roll(ctx)
        return
    ctx.emit(ev.AttackStep(attack=None))
    if a.kind == "parting":
        from games.guild_ball.rules.moving import after_parting

        after_parting(ctx)


def parting_blow(ctx: Ctx, enemy: Unit, mover: Unit, bonus: bool = False) -> None:
    """ "A parting blow is an attack which doesn't cost influence and is triggered and resolved
    immediately": declared for the enemy, with Bonus Time (`bonus`: 1 MP at its step 2.2) if
    its player bought it; that player selects its results (the playbook wait, by default the
    engine's pick), and the advance goes on once it is resolved (`finish`)."""
    reach(ctx, ATTACK["1"])
    ctx.emit(ev.AttackStep(attack=Attack(enemy.id, mover.id, "parting", "roll", bonus=bonus)))
    roll(ctx)
