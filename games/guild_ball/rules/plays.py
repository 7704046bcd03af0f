"""Character and heroic plays, and the momentum uses of an activation (Rest, Encourage).

- "During its activation a model may spend influence to use a character play." "A model using a
  character play may target any valid model within range and LOS." "A character play is resolved
  as a TN test of [target model's current DEF]. Use the character play's cost in influence to
  generate the dice pool." "The controlling player may choose to automatically hit friendly
  models". Crowding out: "-1 dice pool for each enemy model, other than the target enemy model,
  engaging the active model."
- "A character play triggered from the playbook is automatically successful".
- "Heroic plays cost 1 MP to use. Heroic plays may be used only once per turn." "Legendary
  plays have no influence or MP cost ... they may be used only once per game." Neither has a
  dice pool, so both hit automatically (rules notes).
- AOE: "a circular template that's 3" in diameter"; each model within it is tested in turn.
- Rest: "spend 1 MP to recover 4 HP or remove all conditions ... only once per turn".
  Encourage: "spend 2 MP to target another friendly model within 8" ... may benefit from
  Encourage only once per turn." "A model must have line of sight in order to target another
  model or marker with an action" ("All momentous abilities are actions").
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.guild_ball.content.cards import Effect, Play
from games.guild_ball.pitch import Base, Point, within
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.ball import scatter_from_model, tn_test
from games.guild_ball.rules.commands import Encourage, Rest, UsePlay
from games.guild_ball.rules.context import (
    Ctx,
    active_unit,
    base_of,
    card,
    defence,
    engaged_by,
    label,
    moves,
    pack,
    passes,
    scene,
    unit_of,
)
from games.guild_ball.rules.health import (
    changed,
    clear_conditions,
    damage,
    gain_mp,
    heal,
    spend_mp,
    suffer,
)
from games.guild_ball.rules.moving import spend, spend_bonus
from games.guild_ball.rules.sequences import reach_play
from games.guild_ball.rules.state import KD, Dodge, GuildBallState, Mod, Ongoing, Unit
from games.guild_ball.rules.traits import gain_ball

AOE_RADIUS = 1.5  # "a circular template that's 3" in diameter"
REST_HP = 4
ENCOURAGE_RANGE = 8.0
ENCOURAGE_MP = 2


def _play_of(unit: Unit, slug: str) -> Play:
    for p in card(unit).plays:
        if p.slug == slug:
            return p
    raise RuleError("no_such_play", f"{label(unit)} has no play {slug!r}.")


def targets_in_reach(state: GuildBallState, unit: Unit, play: Play, target: Unit) -> bool:
    """Whether `target` is a valid model for the play: its side, within range and LOS."""
    if not target.on_pitch:
        return False
    side = play.target
    if side == "self" or play.reach == "self":
        return target.id == unit.id
    if side == "enemy" and target.seat == unit.seat:
        return False
    if side == "friendly" and target.seat != unit.seat:
        return False
    if play.reach == "playbook":
        return True
    if target.id == unit.id:
        return True
    if not within(base_of(target), base_of(unit), float(play.reach)):
        return False
    return scene(state).sees(unit.id, target.id)


def _target_checks(state: GuildBallState, play: Play, target: Unit) -> bool:
    for check in play.checks:
        args = dict(check.args)
        if check.test == "target_has_ball" and state.ball_holder != target.id:
            return False
        if check.test == "target_has" and args.get("condition") not in target.conditions:
            return False
    return passes(state, target, play.checks)


def use_play(ctx: Ctx, cmd: UsePlay) -> None:
    """Use a play of the active model paid with influence (a heroic play with 1 MP): the
    sequence of a character play, or of an AOE character play (`sequences`)."""
    state = ctx.state
    unit = active_unit(state, cmd.seat)
    trait = next((t for t in card(unit).traits if t.slug == cmd.play and t.kind == "active"), None)
    if trait is not None:
        _active_trait(ctx, unit, trait)
        return
    play = _play_of(unit, cmd.play)
    # Knocked down: "May not use character plays"; heroic and legendary plays are other types
    # of play, and an active trait is an action, not a play.
    if KD in unit.conditions and play.kind == "character":
        raise RuleError("knocked_down", "A knocked-down model may not use character plays.")
    aoe = _is_aoe(play)
    reach_play(ctx, aoe, "declare")
    if play.kind == "legendary" and play.slug in state.teams[cmd.seat].legendary:
        raise RuleError("once_per_game", f"{play.name} is legendary: once per game, used.")
    if (play.once_per_turn or play.kind == "heroic") and play.slug in unit.plays_used:
        raise RuleError("once_per_turn", f"{play.name} may be used once per turn.")
    if play.kind == "character" and play.cost is None:
        raise RuleError("icon_only", f"{play.name} is triggered from the playbook only.")
    aims = _ordered(_aims(state, unit, play, cmd), cmd)
    rolled = _friends_tested(unit, play, aims, cmd)
    bought = _bonus_bought(state, unit, play, aims, cmd)
    if play.kind == "heroic":
        if state.teams[cmd.seat].mp < 1:
            raise RuleError("no_momentum", "A heroic play costs 1 MP.")
        spend_mp(ctx, cmd.seat, 1, "heroic play")
    elif play.kind == "character":
        spend(ctx, unit, play.cost, play.name)
    if bought is None:
        spend_bonus(ctx, cmd.seat, cmd.bonus)
    if play.once_per_turn or play.kind == "heroic":
        u = ctx.state.unit(unit.id)
        changed(ctx, u, plays_used=(*u.plays_used, play.slug))
    sx, sy = cmd.spot if cmd.spot is not None else (-1.0, -1.0)
    reach_play(ctx, aoe, "template")
    ctx.emit(
        ev.PlayUsed(
            model=unit.id,
            play=play.slug,
            target=cmd.target,
            x=sx,
            y=sy,
            how="influence" if play.kind == "character" else play.kind,
        )
    )
    tested = play.kind == "character"
    _resolve(
        ctx,
        unit.id,
        play,
        aims,
        tested,
        bonus=cmd.bonus and bought is None,
        bought=bought,
        rolled=rolled,
    )
    if play.ongoing and cmd.spot is not None:
        reach_play(ctx, aoe, "ongoing")
        mark_ongoing(ctx, play.slug, cmd.spot, unit.seat)


def _ordered(aims: list[Unit], cmd: UsePlay) -> list[Unit]:
    """The models under the template in the order its player chose ("perform the following
    steps for each model currently within the AOE, in an order chosen by the active model's
    controlling player"): those `cmd.order` names first, the others in roster order. A
    RuleError names a model that is not affected, or one named twice."""
    ids = [u.id for u in aims]
    stray = [m for m in cmd.order if m not in ids]
    if stray or len(set(cmd.order)) < len(cmd.order):
        raise RuleError(
            "play_order",
            "Name each model the play affects at most once "
            f"({', '.join(ids) or 'none'}); {(stray or list(cmd.order))[0]} is not one of them "
            "or is named twice.",
        )
    first = [next(u for u in aims if u.id == m) for m in cmd.order]
    return first + [u for u in aims if u.id not in cmd.order]


def _friends_tested(unit: Unit, play: Play, aims: list[Unit], cmd: UsePlay) -> frozenset[str]:
    """The friendly models the play is tested against rather than hitting them automatically
    ("The active model may choose to automatically succeed against friendly models"), or a
    RuleError naming one that is no friendly model it affects with a TN test."""
    friends = [u.id for u in aims if u.seat == unit.seat]
    stray = [m for m in cmd.test_friends if m not in friends or play.kind != "character"]
    if stray:
        raise RuleError(
            "test_friends",
            f"{stray[0]} is no friendly model {play.name} tests (friendly models it affects: "
            f"{', '.join(friends) or 'none'}; only a character play paid with influence has a "
            "TN test).",
        )
    return frozenset(cmd.test_friends)


def _bonus_bought(
    state: GuildBallState, unit: Unit, play: Play, aims: list[Unit], cmd: UsePlay
) -> frozenset[str] | None:
    """The models of a tested AOE that get Bonus Time's die ("He may choose to spend MP on
    Bonus Time to add an additional die to the pool, but he must do so individually for each
    model": 1 MP each, at each model's test), or None for any other play (one `bonus` for its
    one test). A RuleError names a model that is not tested under the template, or the MP."""
    if not (_is_aoe(play) and play.kind == "character"):
        if cmd.bonus_for:
            raise RuleError(
                "bonus_for_aoe",
                f"{play.name} is no AOE: Bonus Time is `bonus`, for its one TN test.",
            )
        return None
    # Friendly models are hit automatically unless their test is chosen (`test_friends`).
    tested = [u.id for u in aims if u.seat != unit.seat or u.id in cmd.test_friends]
    wanted = cmd.bonus_for or (tuple(tested) if cmd.bonus else ())
    stray = [m for m in wanted if m not in tested]
    if stray:
        raise RuleError(
            "bonus_not_tested",
            f"Bonus Time is bought for a model tested under the template; {stray[0]} is not "
            f"one (tested: {', '.join(tested) or 'none'}).",
        )
    if len(set(wanted)) > state.teams[cmd.seat].mp:
        raise RuleError(
            "no_momentum",
            f"Bonus Time for {len(set(wanted))} models needs {len(set(wanted))} MP, 1 each; "
            "your team has fewer.",
        )
    return frozenset(wanted)


def _is_aoe(play: Play) -> bool:
    return play.area is not None and play.area.kind == "aoe"


def mark_ongoing(ctx: Ctx, play: str, at: tuple[float, float], seat: int) -> None:
    """ "If the AOE character play has an ongoing effect, mark the AOE zone with a 3" AOE
    template." """
    mark = Ongoing(play=play, x=float(at[0]), y=float(at[1]), seat=seat)
    ctx.emit(ev.OngoingMarked(ongoing=(*ctx.state.ongoing, mark)))


def _active_trait(ctx: Ctx, unit: Unit, trait) -> None:
    """An active character trait (an action, ● on a card): no cost, no test; its pulse or its
    effect on the model itself (our reading: a trait is not a play, so it hits automatically)."""
    from games.guild_ball.rules.traits import apply

    tag = f"trait:{trait.slug}"
    if trait.once_per_turn and tag in unit.plays_used:
        raise RuleError("once_per_turn", f"{trait.name} may be used once per turn.")
    if trait.once_per_turn:
        changed(ctx, unit, plays_used=(*unit.plays_used, tag))
    ctx.emit(ev.PlayUsed(model=unit.id, play=trait.slug, target="", x=-1.0, y=-1.0, how="trait"))
    area = trait.area
    state = ctx.state
    if area is None:
        aims = [unit]
    else:
        aims = [
            u
            for u in state.units
            if u.on_pitch
            and (u.id == unit.id or within(base_of(u), base_of(unit), float(area.size)))
            and _side_ok(area.side, unit, u)
            and passes(state, u, trait.checks)
        ]
    for target in aims:
        for effect in trait.effects:
            apply(ctx, unit.id, target.id, effect, trait.slug)


def _aims(state: GuildBallState, unit: Unit, play: Play, cmd: UsePlay) -> list[Unit]:
    """The models the play affects, or a RuleError saying what to aim at."""
    area = play.area
    if area is not None and area.kind == "aoe":
        if cmd.spot is None:
            raise RuleError("needs_spot", f"{play.name} is an AOE: give the template's centre.")
        template = Base(Point(*cmd.spot), AOE_RADIUS)
        if not within(template, base_of(unit), float(play.reach)):
            raise RuleError(
                "out_of_range", f'Place the template within {play.reach}" of {label(unit)}.'
            )
        return [
            u
            for u in state.units
            if u.on_pitch and within(base_of(u), template, 0.0) and _side_ok(area.side, unit, u)
        ]
    if area is not None:  # a pulse or an aura, from the model itself
        return [
            u
            for u in state.units
            if u.on_pitch
            and (u.id == unit.id or within(base_of(u), base_of(unit), float(area.size)))
            and _side_ok(area.side, unit, u)
        ]
    if play.reach == "self" or play.target == "self":
        return [unit]
    target = unit_of(state, cmd.target)
    if not targets_in_reach(state, unit, play, target):
        raise RuleError(
            "invalid_target",
            f"{label(target)} is not a valid target of {play.name}: it must be "
            f'{play.target}, within {play.reach}" and in LOS.',
        )
    if not _target_checks(state, play, target):
        raise RuleError("target_test", f"{label(target)} does not meet {play.name}'s condition.")
    return [target]


def _side_ok(side: str, unit: Unit, other: Unit) -> bool:
    if side == "enemy":
        return other.seat != unit.seat
    if side == "friendly":
        return other.seat == unit.seat
    return True


def _resolve(
    ctx: Ctx,
    origin: str,
    play: Play,
    aims: list[Unit],
    tested: bool,
    bonus: bool,
    bought: frozenset[str] | None = None,
    rolled: frozenset[str] = frozenset(),
) -> None:
    """Test and apply the play on each model it aims at (friendly models are hit
    automatically, unless named in `rolled`: "The active model may choose to automatically
    succeed against friendly models"): steps 2 to 4 of a character play, 3 of an AOE (each
    model within the template, in turn). `bought`: the models whose test gets Bonus Time, its
    1 MP spent before that model's roll."""
    aoe = _is_aoe(play)
    reach_play(ctx, aoe, "process")
    momentum_done = False
    for target in aims:
        state = ctx.state
        unit = state.unit(origin)
        target = state.unit(target.id)
        if not target.on_pitch or state.result is not None:
            continue
        if tested and (target.seat != unit.seat or target.id in rolled):
            reach_play(ctx, aoe, "pool")
            crowd = [e for e in engaged_by(state, unit) if e.id != target.id]
            pool = play.cost - len(crowd)
            reach_play(ctx, aoe, "roll")
            extra = bonus
            if bought and target.id in bought and state.teams[unit.seat].mp >= 1:
                spend_mp(ctx, unit.seat, 1, "bonus time")
                extra = True
            dice, pool, tn = tn_test(ctx, pool, defence(state, target), extra)
            hits = sum(d >= tn for d in dice)
            reach_play(ctx, aoe, "hit_or_miss")
            ctx.emit(
                ev.Rolled(
                    what=play.slug,
                    model=unit.id,
                    target=target.id,
                    pool=pool,
                    tn=tn,
                    dice=dice,
                    hits=hits,
                    net=hits,
                    rng=ctx.rng,
                )
            )
            if not hits:
                reach_play(ctx, aoe, "miss")
                continue
        reach_play(ctx, aoe, "hit")
        for effect in play.effects:
            if effect.do == "gain_momentum":
                if not momentum_done:
                    gain_mp(ctx, unit.seat, int(effect.arg("amount")), play.slug)
                    momentum_done = True
                continue
            apply_primitive(ctx, origin, target.id, effect, play.slug)
            if ctx.state.result is not None:
                return
    reach_play(ctx, aoe, "end")


def apply_primitive(ctx: Ctx, origin: str, model: str, effect: Effect, source: str) -> None:
    """One primitive of the content's vocabulary on one model (`source`: the play, trait or
    plan, which names a stat change)."""
    from games.guild_ball.rules.attacks import push_model

    state = ctx.state
    target = state.unit(model)
    if not target.on_pitch:
        return
    do = effect.do
    if do == "damage":
        damage(ctx, model, int(effect.arg("amount")), by=origin)
    elif do == "condition":
        suffer(ctx, model, str(effect.arg("condition")))
    elif do == "clear_conditions":
        clear_conditions(ctx, model)
    elif do == "heal":
        heal(ctx, model, int(effect.arg("amount")))
    elif do == "push":
        if model != origin:
            push_model(ctx, state.unit(origin), model, int(effect.arg("distance")))
    elif do == "dodge":
        if KD not in target.conditions:
            inches = int(effect.arg("distance"))
            ctx.emit(ev.DodgeStep(dodge=Dodge(model=model, inches=inches, why=source)))
    elif do == "tackle":
        if state.ball_holder == model and model != origin:
            gain_ball(ctx, origin, "tackle")
    elif do == "scatter_ball":
        if state.ball_holder == model:
            scatter_from_model(ctx, model)
    elif do == "advance":
        kind = str(effect.arg("kind"))
        if kind in ("jog", "sprint") and KD not in target.conditions:
            jog, sprint = moves(state, target)
            inches = int(jog if kind == "jog" else sprint)
            ctx.emit(ev.DodgeStep(dodge=Dodge(model=model, inches=inches, why=kind)))
    elif do == "gain_influence":
        limit = card(target).stats.inf_max
        now = min(target.influence + int(effect.arg("amount")), limit)
        ctx.emit(ev.InfluenceSet(influence=((model, max(now, target.influence)),)))
    elif do == "lose_influence":
        now = max(target.influence - int(effect.arg("amount")), 0)
        ctx.emit(ev.InfluenceSet(influence=((model, now),)))
    elif do == "modify":
        mod = Mod(stat=str(effect.arg("stat")), amount=int(effect.arg("amount")), source=source)
        mods = tuple(m for m in target.mods if not (m.source == mod.source and m.stat == mod.stat))
        changed(ctx, target, mods=(*mods, mod))


def icon_play(state: GuildBallState, attacker: Unit, icons: list[str], slug: str) -> str:
    """The play a play-icon result triggers, checked: the attacker's, with a matching icon."""
    play = _play_of(attacker, slug)
    if play.kind != "character" or not {f"play-{i}" for i in play.icons} & set(icons):
        raise RuleError("icon_play", f"{play.name} is not triggered by this result's icon.")
    return play.slug


def icon_targets(
    state: GuildBallState, attacker: Unit, attacked: Unit, play: Play
) -> tuple[str, ...]:
    """The models a play triggered by a play icon may be aimed at now, as `trigger_play` takes
    them: an AOE's centre on any model's place within its range; a valid model within range and
    LOS that meets the play's condition ("A model using a character play may target any valid
    model within range and LOS"); only the attacked model for a [P] play; the attacker itself
    for a play that needs no target (self, pulse, aura)."""
    area = play.area
    if area is not None and area.kind == "aoe":
        return tuple(
            u.id
            for u in state.units
            if u.on_pitch
            and within(Base(Point(u.x, u.y), AOE_RADIUS), base_of(attacker), float(play.reach))
        )
    if area is not None or play.reach == "self" or play.target == "self":
        return (attacker.id,)
    aims = [attacked] if play.reach == "playbook" else list(state.units)
    return tuple(
        u.id
        for u in aims
        if targets_in_reach(state, attacker, play, u) and _target_checks(state, play, u)
    )


def icon_play_targets(state: GuildBallState) -> dict[str, tuple[str, ...]]:
    """For the attack waiting on its playbook: each play the attacker's play icons may trigger,
    with the models it may be aimed at (`icon_targets`)."""
    a = state.attack
    if a is None:
        return {}
    attacker, attacked = state.unit(a.attacker), state.unit(a.target)
    return {
        p.slug: icon_targets(state, attacker, attacked, p)
        for p in card(attacker).plays
        if p.kind == "character" and p.icons
    }


def trigger_play(ctx: Ctx, origin: str, slug: str, aim: str) -> None:
    """A play triggered by a play icon: free and automatically successful, on a valid model
    within range and LOS (a [P] play on the attacked model only); an invalid target wastes it."""
    state = ctx.state
    unit = state.unit(origin)
    if not unit.on_pitch:
        return
    play = _play_of(unit, slug)
    if play.reach == "playbook" and state.attack is not None and aim != state.attack.target:
        return
    if play.area is not None and play.area.kind == "aoe":
        target = state.unit(aim) if aim else unit
        spot = (target.x, target.y)
        try:
            aims = _aims(state, unit, play, UsePlay(seat=unit.seat, play=slug, spot=spot))
        except RuleError:
            return
    elif play.area is not None or play.reach == "self" or play.target == "self":
        aims = _aims(state, unit, play, UsePlay(seat=unit.seat, play=slug))
    else:
        target = state.unit(aim)
        if not targets_in_reach(state, unit, play, target) or not _target_checks(
            state, play, target
        ):
            return
        aims = [target]
    ctx.emit(ev.PlayUsed(model=origin, play=slug, target=aim, x=-1.0, y=-1.0, how="icon"))
    _resolve(ctx, origin, play, aims, tested=False, bonus=False)
    if play.ongoing and play.area is not None and play.area.kind == "aoe":
        mark_ongoing(ctx, slug, spot, unit.seat)


def rest(ctx: Ctx, cmd: Rest) -> None:
    unit = active_unit(ctx.state, cmd.seat)
    if unit.rested:
        raise RuleError("rested", "A model may use Rest only once per turn.")
    if ctx.state.teams[cmd.seat].mp < 1:
        raise RuleError("no_momentum", "Rest costs 1 MP.")
    spend_mp(ctx, cmd.seat, 1, "rest")
    changed(ctx, ctx.state.unit(unit.id), rested=True)
    _recover(ctx, unit.id, cmd.clear)


def encourage(ctx: Ctx, cmd: Encourage) -> None:
    state = ctx.state
    unit = active_unit(state, cmd.seat)
    target = unit_of(state, cmd.target)
    if target.seat != unit.seat or target.id == unit.id or not target.on_pitch:
        raise RuleError("encourage_target", "Encourage another friendly model on the pitch.")
    if not within(base_of(target), base_of(unit), ENCOURAGE_RANGE):
        raise RuleError("out_of_range", 'Encourage reaches friendly models within 8".')
    if not scene(state).sees(unit.id, target.id):
        raise RuleError("no_los", "Encourage targets a model: it needs line of sight to it.")
    if target.encouraged:
        raise RuleError("encouraged", "A model may benefit from Encourage only once per turn.")
    if state.teams[cmd.seat].mp < ENCOURAGE_MP:
        raise RuleError("no_momentum", "Encourage costs 2 MP.")
    spend_mp(ctx, cmd.seat, ENCOURAGE_MP, "encourage")
    changed(ctx, ctx.state.unit(target.id), encouraged=True)
    _recover(ctx, target.id, cmd.clear)


def _recover(ctx: Ctx, model: str, clear: bool) -> None:
    if clear:
        clear_conditions(ctx, model)
    else:
        heal(ctx, model, REST_HP)


def plays_of(unit: Unit) -> tuple[Play, ...]:
    """The plays a model may use in its activation (not those triggered by icons only)."""
    return tuple(p for p in card(unit).plays if p.kind != "character" or p.cost is not None)


__all__ = ["pack"]
