"""The Normal Turn Sequence: Initiative (game plans), Maintenance (returned models, influence),
Activation (alternating) and End Phase (conditions); and `advance`, which moves the game on
until somebody must decide.

- "Both players look at their chosen game plans and secretly select one to play ... compare the
  initiative values of those cards. Each player additionally adds +1 to their initiative value
  for each of their unspent MP from the previous turn." "In the event of a tie, both players roll
  1D6". "MP is then reset to 0 for each player. After this, the player who doesn't have
  initiative gains 1 MP."
- "an influence pool is generated for each team using the combined total of base INF from each
  of the team's models ... Each team may add 1 influence to the influence pool for each goal
  they have scored ... A player may allocate influence to a model up to that model's max INF."
- "Starting with the player who has the initiative, alternate selecting a friendly model
  currently on the pitch to take its activation."
- End Phase: "remove all current ongoing effects and sustain effects, but not conditions.
  Resolve all damage from conditions on models and discard all influence on each model."
  "Both current game plans are removed from the pitch and discarded. If a player no longer has
  any game plan cards in their hand, they pick up all their discarded game plans".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from msgspec.structs import replace

from engine.core.errors import RuleError
from games.guild_ball.pitch import Base, Point
from games.guild_ball.pitch.movement import placement
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.ball import snap, snap_on_path
from games.guild_ball.rules.commands import (
    Activate,
    Allocate,
    ChooseInitiative,
    ChoosePlan,
    EndActivation,
    SkipActivation,
)
from games.guild_ball.rules.context import (
    Ctx,
    card,
    game_size,
    label,
    moves,
    name,
    on_pitch,
    pack,
    pitch_of,
    scene,
    turn_limit,
    unit_of,
)
from games.guild_ball.rules.health import (
    VP_MASCOT,
    VP_TAKE_OUT,
    changed,
    check_win,
    damage,
    ongoing,
)
from games.guild_ball.rules.pregame import advance_pregame
from games.guild_ball.rules.returns import ball_markers, return_start
from games.guild_ball.rules.sequences import ACTIVATION as ACTIVATION_SEQUENCE
from games.guild_ball.rules.sequences import reach
from games.guild_ball.rules.state import (
    ACTIVATION,
    BLEED,
    CONDITION_DAMAGE,
    INITIATIVE,
    MAINTENANCE,
    OVER,
    PLANS,
    Activation,
    GuildBallState,
    Unit,
)
from games.guild_ball.rules.traits import fire, gain_ball


def pool(state: GuildBallState, seat: int) -> int:
    """The team's influence pool this turn: base INF of every model (on the pitch or not), 1 a
    goal scored, and the game plan's influence value."""
    team = state.teams[seat]
    total = sum(card(u).stats.inf_base for u in state.units if u.seat == seat)
    total += team.goals
    if team.plan:
        total += pack().plans[team.plan].influence
    return max(total, 0)


def returning(state: GuildBallState, seat: int) -> list[Unit]:
    return [u for u in state.units if u.seat == seat and u.taken_out]


def default_allocation(state: GuildBallState, seat: int) -> tuple[tuple[str, int], ...]:
    """The default: one influence at a time to each model in roster order (the Captain first),
    up to its max INF, until the pool is spent."""
    models = [u for u in state.units if u.seat == seat]
    left = pool(state, seat)
    given = {u.id: 0 for u in models}
    while left > 0:
        progress = False
        for u in models:
            if left and given[u.id] < card(u).stats.inf_max:
                given[u.id] += 1
                left -= 1
                progress = True
        if not progress:
            break
    return tuple((m, n) for m, n in given.items() if n)


def default_return(state: GuildBallState, unit: Unit) -> tuple[str, float, float]:
    """A returning model's default place: against its own table edge, in the first free spot
    from the middle outwards."""
    side = state.teams[unit.seat].side
    r = Base.at(0, 0, card(unit).stats.base).radius
    size = pitch_of(state).size
    y = r if side == 0 else size - r
    sc = scene(state)
    markers = ball_markers(state)
    for k in range(40):
        x = size / 2 + (k // 2 + 1) * (1 if k % 2 else -1) * 1.1 * (k > 0)
        if placement(sc, Base(Point(x, y), r), markers=markers) is None:
            return unit.id, x, y
    return unit.id, r, y


def default_returns(state: GuildBallState, seat: int) -> tuple[tuple[str, float, float], ...]:
    """The default places of the seat's returning models, one after another: each is placed
    clear of those returned before it."""
    return tuple((u.id, x, y) for u, x, y, _ in _return_places(state, seat, {}))


def _return_places(
    state: GuildBallState, seat: int, places: Mapping[str, tuple[float, float]]
) -> Iterator[tuple[Unit, float, float, GuildBallState]]:
    """The seat's returning models in roster order, each at its place in `places` or its
    default one, with the state it is placed in: those returned before it already on the pitch
    ("A model or marker may not be placed [...] with its base overlapping another model")."""
    placed = state
    for u in returning(state, seat):
        x, y = places[u.id] if u.id in places else default_return(placed, u)[1:]
        yield u, x, y, placed
        placed = _placed(placed, u.id, x, y)


def _placed(state: GuildBallState, model: str, x: float, y: float) -> GuildBallState:
    """The state as the next returning model finds it: `model` returned at (x, y), on the
    pitch before it (the seat's returns are placed in roster order)."""
    units = tuple(replace(u, on_pitch=True, x=x, y=y) if u.id == model else u for u in state.units)
    return replace(state, units=units)


def choose_plan(ctx: Ctx, cmd: ChoosePlan) -> None:
    state = ctx.state
    if state.phase != PLANS:
        raise RuleError("not_initiative_phase", "Game plans are chosen in the Initiative Phase.")
    team = state.teams[cmd.seat]
    if team.chosen:
        raise RuleError("chosen_already", "You have chosen this turn's plan; wait for the other.")
    if cmd.plan not in team.hand:
        raise RuleError("plan_not_held", "Choose one of the game plans in your hand.")
    ctx.emit(ev.PlansChosen(seat=cmd.seat, plan=cmd.plan))


def allocate(ctx: Ctx, cmd: Allocate) -> None:
    """Check and buffer a seat's allocation (shown when both have allocated)."""
    state = ctx.state
    if state.phase != MAINTENANCE:
        raise RuleError("not_maintenance", "Influence is allocated in the Maintenance Phase.")
    team = state.teams[cmd.seat]
    if team.allocation is not None:
        raise RuleError("allocated_already", "You have allocated; wait for the other player.")
    total = 0
    seen: set[str] = set()
    for model, n in cmd.influence:
        u = unit_of(state, model)
        if u.seat != cmd.seat or model in seen or n < 0:
            raise RuleError("allocation", "Allocate to each of your own models once, 0 or more.")
        seen.add(model)
        if n > card(u).stats.inf_max:
            raise RuleError(
                "over_max_inf",
                f"{label(u)} may be allocated up to {card(u).stats.inf_max} (its max INF).",
            )
        total += n
    if total > pool(state, cmd.seat):
        raise RuleError(
            "over_pool", f"Your influence pool is {pool(state, cmd.seat)}; you allocated {total}."
        )
    back = {u.id for u in returning(state, cmd.seat)}
    places = {m: (x, y) for m, x, y in cmd.returns}
    if set(places) - back:
        raise RuleError("not_returning", "Only models taken out return to play.")
    returns = []
    for u, x, y, placed in _return_places(state, cmd.seat, places):
        check_return(placed, u, x, y)
        returns.append((u.id, x, y))
    ctx.emit(ev.Allocated(seat=cmd.seat, allocation=cmd.influence, returns=tuple(returns)))


def check_return(state: GuildBallState, unit: Unit, x: float, y: float) -> None:
    """ "A returned model is placed in base contact with an edge of the pitch that's within the
    friendly deployment zone and may then make a jog": the place must be free, and reached by a
    legal jog from a start touching the own table edge or a side edge within 10" of it
    (`returns.return_start`)."""
    r = Base.at(0, 0, card(unit).stats.base).radius
    base = Base(Point(x, y), r)
    problem = placement(scene(state), base, ignore=(unit.id,), markers=ball_markers(state))
    if problem is not None:
        raise RuleError(
            "return_place",
            f"{label(unit)} may not end its return there ({problem[0]}): pick a place on the "
            "pitch clear of other models, the ball, barriers and obstructions.",
        )
    if return_start(state, unit, x, y) is None:
        raise RuleError(
            "return_place",
            f'{label(unit)} returns touching your table edge (or a side edge within 10" of it) '
            f'and may jog {moves(state, unit)[0]:g}" from there, terrain counting as for any '
            "jog: pick a place such a jog reaches, clear of barriers and models on the way.",
        )


def activate(ctx: Ctx, cmd: Activate) -> None:
    """Select a model; at the start of its activation the free ball within 1" snaps to it,
    unless its player chose not to take it (`take_ball` False: "may choose")."""
    state = ctx.state
    if state.phase != ACTIVATION:
        raise RuleError("not_activation_phase", "Models activate in the Activation Phase.")
    if cmd.seat != state.active_seat:
        raise RuleError("not_your_turn", f"It is {name(state.active_seat)}'s activation; wait.")
    if state.activation is not None:
        raise RuleError("activation_open", "End the active model's activation first.")
    unit = unit_of(state, cmd.model)
    if unit.seat != cmd.seat or not unit.on_pitch or unit.activated:
        raise RuleError(
            "cannot_activate",
            "Activate one of your models on the pitch that has not activated this turn.",
        )
    ctx.emit(ev.Activated(activation=Activation(model=unit.id)))
    changed(ctx, unit, activated=True)
    reach(ctx, ACTIVATION_SEQUENCE["1"])
    reach(ctx, ACTIVATION_SEQUENCE["1.1"])
    fire(ctx, "start_of_activation", unit.id)
    if state.ball_free and cmd.take_ball:
        snap(ctx, exclude=tuple(u.id for u in state.units if u.id != unit.id))
    reach(ctx, ACTIVATION_SEQUENCE["2"])


def skip_activation(ctx: Ctx, cmd: SkipActivation) -> None:
    """Activate a model and end its activation at once (unless its start opened a step, such as
    a dodge, which its player answers first; the activation then ends by its own default)."""
    models = ready(ctx.state, cmd.seat) if ctx.state.phase == ACTIVATION else []
    model = cmd.model or (models[0].id if models else "")
    if not model:
        raise RuleError("cannot_activate", "You have no model left to activate this turn.")
    activate(ctx, Activate(seat=cmd.seat, model=model))
    from games.guild_ball.rules.context import waiting_step

    if not waiting_step(ctx.state) and ctx.state.activation is not None:
        end_activation(ctx, EndActivation(seat=cmd.seat))


def end_activation(ctx: Ctx, cmd: EndActivation | None = None) -> None:
    """End the active model's activation; the other player selects next if they can."""
    state = ctx.state
    if cmd is not None:
        from games.guild_ball.rules.context import active_unit

        active_unit(state, cmd.seat)
    model = state.activation.model
    reach(ctx, ACTIVATION_SEQUENCE["3"])
    if ctx.state.unit(model).on_pitch:
        fire(ctx, "end_of_activation", model)
    if ctx.state.unit(model).on_pitch and ctx.state.result is None:
        ongoing(ctx, model, ending=True)
    state = ctx.state
    if state.no_snap == model:
        ctx.emit(ev.NoSnap(model=""))
    ctx.emit(ev.Activated(activation=None))
    other = 1 - state.active_seat
    nxt = other if ready(ctx.state, other) else state.active_seat
    ctx.emit(
        ev.PhaseBegan(
            phase=ACTIVATION, turn=state.turn, active_seat=nxt, initiative=state.initiative
        )
    )


def ready(state: GuildBallState, seat: int) -> list[Unit]:
    """The seat's models that may still activate this turn."""
    return [u for u in on_pitch(state, seat) if not u.activated]


def begin_turn(ctx: Ctx, turn: int) -> None:
    """A new turn: the Initiative Phase (from turn 2), or, after the kick off, Maintenance."""
    ctx.emit(ev.PhaseBegan(phase=PLANS, turn=turn, active_seat=-1, initiative=-1))


def reveal_plans(ctx: Ctx) -> None:
    """Both plans chosen: reveal, compare initiative, reset MP."""
    state = ctx.state
    plans = tuple(t.chosen for t in state.teams)
    totals = tuple(
        pack().plans[p].initiative + t.mp for p, t in zip(plans, state.teams, strict=True)
    )
    rolls: list[tuple[int, int]] = []
    if totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
        rng = None
    else:
        while True:
            a, b = ctx.dice.die(), ctx.dice.die()
            rolls.append((a, b))
            if a != b:
                break
        winner = 0 if a > b else 1
        rng = ctx.rng
    ctx.emit(
        ev.PlansRevealed(plans=plans, totals=totals, rolls=tuple(rolls), winner=winner, rng=rng)
    )
    ctx.emit(ev.PhaseBegan(phase=INITIATIVE, turn=state.turn, active_seat=winner, initiative=-1))


def choose_initiative(ctx: Ctx, cmd: ChooseInitiative) -> None:
    """ "The player with the highest net initiative decides which team has the initiative."
    "Then, starting with the player whose team has initiative this turn, resolve any effects of
    the chosen game plans. MP is then reset to 0 for each player. After this, the player who
    doesn't have initiative gains 1 MP." """
    state = ctx.state
    if state.phase != INITIATIVE or cmd.seat != state.active_seat:
        raise RuleError(
            "not_your_choice", "The player with the higher initiative decides who has it."
        )
    holder = cmd.seat if cmd.take else 1 - cmd.seat
    order = (holder, 1 - holder)
    for seat in order:
        plan = pack().plans[ctx.state.teams[seat].plan]
        if plan.timing == "instant":
            _instant(ctx, seat, plan)
    for t in ctx.state.teams:
        mp = 1 if t.seat != holder else 0
        ctx.emit(ev.MomentumSet(seat=t.seat, mp=mp, why="new turn"))
    for seat in order:
        _instant_momentum(ctx, seat, pack().plans[ctx.state.teams[seat].plan])
    ctx.emit(ev.PhaseBegan(phase=MAINTENANCE, turn=state.turn, active_seat=-1, initiative=holder))


def _instant(ctx: Ctx, seat: int, plan) -> None:
    """An instant plan's effects on every friendly model on the pitch meeting its tests (its MP
    is `_instant_momentum`'s, after the reset)."""
    from games.guild_ball.rules.context import passes
    from games.guild_ball.rules.health import clear_conditions, heal

    for effect in plan.effects:
        if effect.do == "gain_momentum":
            continue
        for u in on_pitch(ctx.state, seat):
            if not passes(ctx.state, u, plan.checks):
                continue
            if effect.do == "heal":
                heal(ctx, u.id, int(effect.arg("amount")))
            elif effect.do == "clear_conditions":
                clear_conditions(ctx, u.id)


def _instant_momentum(ctx: Ctx, seat: int, plan) -> None:
    """An instant plan's MP (Seize the Moment), gained once MP is reset: "resolve any effects of
    the chosen game plans. MP is then reset to 0" would otherwise wipe it at once (rules notes,
    "Instant plans")."""
    from games.guild_ball.rules.health import gain_mp

    if plan.timing != "instant":
        return
    for effect in plan.effects:
        if effect.do == "gain_momentum":
            gain_mp(ctx, seat, int(effect.arg("amount")), plan.slug)


def maintain(ctx: Ctx) -> None:
    """Both allocations in: returned models placed and jogged, influence given."""
    state = ctx.state
    order = [state.initiative, 1 - state.initiative]
    for seat in order:
        for model, x, y in state.teams[seat].returns:
            u = ctx.state.unit(model)
            ctx.emit(ev.Returned(model=model, hp=max(u.hp, card(u).stats.recovery)))
            return_jog(ctx, model, x, y)
    amounts = tuple((m, n) for seat in order for m, n in (state.teams[seat].allocation or ()))
    everyone = {u.id: 0 for u in state.units}
    everyone.update(dict(amounts))
    ctx.emit(ev.InfluenceSet(influence=tuple(everyone.items())))
    ctx.emit(
        ev.PhaseBegan(
            phase=ACTIVATION,
            turn=state.turn,
            active_seat=state.initiative,
            initiative=state.initiative,
        )
    )
    if not ready(ctx.state, state.initiative):
        end_turn_or_switch(ctx)


def return_jog(ctx: Ctx, model: str, x: float, y: float) -> None:
    """A returned model's jog to (x, y) from the start on the edge the rules chose
    (`returns.return_start`): "A model which starts its activation or moves within 1" of a free
    ball may choose to take possession of the ball", so, as on any jog, it takes the free ball when
    its path comes within 1" of it (the choice's default: the Allocate command gives no other).
    Returns are made in order, so of two jogs passing the ball the first placed takes it. A
    jog that takes no ball is recorded as a bare placement (no path), as before."""
    state = ctx.state
    unit = state.unit(model)
    start = return_start(state, unit, x, y) if state.ball_free else None
    path = () if start is None else ((start.x, start.y), (float(x), float(y)))
    # Placed at the start, it is on the pitch for the jog.
    if not path or snap_on_path(ctx, replace(unit, on_pitch=True), path) is None:
        ctx.emit(ev.Moved(model=model, how="return", x=x, y=y))
        return
    ctx.emit(ev.Moved(model=model, how="return", x=x, y=y, path=path))
    gain_ball(ctx, model, "snap")


def end_turn_or_switch(ctx: Ctx) -> None:
    state = ctx.state
    other = 1 - state.active_seat
    if ready(state, state.active_seat):
        return
    if ready(state, other):
        ctx.emit(
            ev.PhaseBegan(
                phase=ACTIVATION, turn=state.turn, active_seat=other, initiative=state.initiative
            )
        )
        return
    end_phase(ctx)


def _simultaneous_win(state: GuildBallState) -> bool:
    """Whether the End Phase's condition damage takes out enough models to bring both teams to
    the VP that win ("Condition damage ignores effects that increase or decrease damage dealt",
    so it is known before it is dealt)."""
    vps = [t.vp for t in state.teams]
    for u in state.units:
        hurt = sum(CONDITION_DAMAGE[c] for c in u.conditions)
        if u.on_pitch and hurt and u.hp <= hurt:
            vps[1 - u.seat] += VP_MASCOT if card(u).role == "mascot" else VP_TAKE_OUT
    return all(vp >= game_size(state).victory_points for vp in vps)


def end_phase(ctx: Ctx) -> None:
    """The End Phase: sustained effects end, condition damage, influence discarded, plans
    discarded (and picked up again when a hand is empty); then the next turn.

    "Resolve all damage from conditions on models": the book gives no order, so all of it is
    one moment. When the models it takes out bring both teams to the VP that win, their VP are
    counted together before the win is checked ("In the unlikely event of both players reaching
    12 VP simultaneously, the game continues until one player has more VP than the other");
    when only one team can get there, it wins at its first such take-out, as before."""
    for u in ctx.state.units:
        changed(ctx, u, mods=(), activated=False, rested=False, encouraged=False,
                countered=(), plays_used=())  # fmt: skip
    together = _simultaneous_win(ctx.state)
    for u in list(ctx.state.units):
        u = ctx.state.unit(u.id)
        if not u.on_pitch:
            continue
        hurt = sum(CONDITION_DAMAGE[c] for c in u.conditions)
        if BLEED in u.conditions:
            changed(ctx, u, conditions=tuple(c for c in u.conditions if c != BLEED))
        if hurt:
            damage(ctx, u.id, hurt, settle=not together)
        if ctx.state.result is not None:
            return
    check_win(ctx)
    if ctx.state.result is not None:
        return
    ctx.emit(ev.InfluenceSet(influence=tuple((u.id, 0) for u in ctx.state.units)))
    if ctx.state.ongoing:
        ctx.emit(ev.OngoingMarked(ongoing=()))
    if ctx.state.gliding:
        ctx.emit(ev.GlidingEnded())
    hands, used, gone = [], [], []
    for t in ctx.state.teams:
        spent = (*t.used, t.plan) if t.plan else t.used
        if t.hand:
            hands.append(t.hand)
            used.append(spent)
            gone.append(t.discarded)
        else:
            # "all their discarded game plans": the two discarded face down at the start too
            # ("Discarded game plan cards aren't revealed").
            hands.append((*spent, *t.discarded))
            used.append(())
            gone.append(())
    # None (the discards as they were) unless a face-down discard is picked up.
    refilled = tuple(gone) if any(not t.hand and t.discarded for t in ctx.state.teams) else None
    ctx.emit(ev.PlansRefreshed(hands=tuple(hands), used=tuple(used), discarded=refilled))
    turn = ctx.state.turn
    ctx.emit(ev.TurnEnded(turn=turn))
    check_win(ctx)
    if ctx.state.result is not None:
        return
    limit = turn_limit(ctx.state)
    if limit and turn >= limit:  # 0: no limit, the book's game (only VP end it)
        vps = [t.vp for t in ctx.state.teams]
        winner = None if vps[0] == vps[1] else vps.index(max(vps))
        ctx.emit(ev.GameEnded(winner=winner, reason=f"the {limit}-turn limit"))
        return
    begin_turn(ctx, turn + 1)


def advance(ctx: Ctx) -> None:
    """Move the game on until somebody must decide."""
    for _ in range(100):
        state = ctx.state
        if state.result is not None or state.phase == OVER:
            return
        if state.dodge is not None and not state.unit(state.dodge.model).on_pitch:
            ctx.emit(ev.DodgeStep(dodge=None))  # its model left the pitch meanwhile
            continue
        if (
            state.attack is not None
            or state.advance is not None
            or state.intercept is not None
            or state.follow is not None
            or state.dodge is not None
            or state.goal_kick >= 0
        ):
            return
        phase = state.phase
        if advance_pregame(ctx):
            continue
        if phase == PLANS:
            if all(t.chosen for t in state.teams):
                reveal_plans(ctx)
                continue
            return
        if phase == MAINTENANCE:
            if all(t.allocation is not None for t in state.teams):
                maintain(ctx)
                continue
            return
        if phase == ACTIVATION:
            if state.activation is None:
                if ready(state, state.active_seat):
                    return
                end_turn_or_switch(ctx)
                continue
            unit = state.unit(state.activation.model)
            if not unit.on_pitch:
                end_activation(ctx)
                continue
            return
        return
