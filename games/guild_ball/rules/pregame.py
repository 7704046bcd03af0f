"""The Pre-Game Sequence: teams and game plans, the starting roll, kicking and receiving,
deployment, and the kick off.

- "Players agree to a game size (based on the win condition and expected duration) before
  picking a guild to represent": the size is the game's option at creation (`setup.create`).
- "A team may have only one model with the Captain type. A team may also have only one model with
  the Mascot type. The Mascot and all other models selected must be guild models ... Each named
  character is unique and may be taken only once per team."

- "Deal seven game plans to each player, face down. Each player discards two game plans face
  down and retains five cards."
- "Each player makes a starting roll of 1D6. The player with the higher roll chooses whether to
  be the kicking player or the receiving player." "Reroll any tied results."
- "The kicking player deploys their entire team completely within 10" of their chosen table
  edge. They declare one model as the kicker, and the kicker is given possession of the ball."
- "After both players have deployed their teams, the kicker may make a jog followed by a pass."
  "The kick off pass doesn't cost influence and may not target a friendly model".
- "if the ball leaves the pitch or finishes within the kicking player's half of the pitch, then
  the receiving player may give possession of the ball to any model on their team. After the
  kick off scatter is resolved, the ball may not snap to the kicker."
- "The receiving player automatically has the initiative for the first turn. The kicking
  player's team gains 1 MP, and then the game begins." "The game continues from the Maintenance
  Phase".
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.guild_ball.content.teams import team_problems
from games.guild_ball.pitch import BALL_RADIUS, Base, Point, in_kick_range, move, spot
from games.guild_ball.pitch.movement import MoveKind, placement
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.ball import (
    check_ball_spot,
    kick_scatter_from,
    may_hold,
    roll_kick,
    throw_in,
)
from games.guild_ball.rules.commands import ChooseKicking, Deploy, GiveBallTo, KickOff, Prepare
from games.guild_ball.rules.context import (
    Ctx,
    base_of,
    card,
    game_size,
    kick_range,
    label,
    model_id,
    moves,
    own_goalpost,
    pack,
    pitch_of,
    scene,
    unit_of,
)
from games.guild_ball.rules.state import (
    CHOOSE,
    DEPLOY,
    KICK_OFF,
    MAINTENANCE,
    PLAN_DISCARD,
    PREPARE,
    GuildBallState,
)
from games.guild_ball.rules.traits import gain_ball

LANDING = "landing"  # the kick off's ball is being resolved (interceptions)
GIVE = "give"  # the receiving player may give the ball to one of its models


def prepare(ctx: Ctx, cmd: Prepare) -> None:
    """Pick the team and discard two plans (buffered until both seats have)."""
    state = ctx.state
    if state.phase != PREPARE:
        raise RuleError("not_pre_game", "Teams are picked before the game begins.")
    team = state.teams[cmd.seat]
    if team.picked:
        raise RuleError("prepared_already", "You have picked; wait for the other player.")
    p = pack()
    if cmd.guild not in p.guilds:
        raise RuleError("no_such_guild", f"Pick one of the guilds: {', '.join(sorted(p.guilds))}.")
    size = game_size(state)
    wanted = size.squaddies
    squaddies = [m.slug for m in p.members(cmd.guild) if m.role == "squaddie"]
    if len(cmd.squaddies) != wanted:
        mascot = ", its Mascot" if size.mascots else ""
        kind = ("An " if size.name[0] in "AEIOU" else "A ") + size.name.split()[0]
        raise RuleError(
            "team",
            f"{kind} team is its guild's Captain{mascot} and "
            f"{NUMBERS[wanted]} different Squaddies of the guild: pick {NUMBERS[wanted]} of "
            f"{', '.join(squaddies)}.",
        )
    problems = team_problems(p, size, team_slugs(state, cmd.guild, cmd.squaddies))
    if problems:
        text = "; ".join(problems)
        raise RuleError("team", text[0].upper() + text[1:] + ".")
    if any(s not in squaddies for s in cmd.squaddies):
        raise RuleError(
            "team", f"Pick {NUMBERS[wanted]} of the guild's Squaddies: {', '.join(squaddies)}."
        )
    if (
        len(cmd.discard) != PLAN_DISCARD
        or len(set(cmd.discard)) != PLAN_DISCARD
        or any(d not in team.hand for d in cmd.discard)
    ):
        raise RuleError("discard", "Discard two different game plans from your hand.")
    ctx.emit(ev.Prepared(seat=cmd.seat, pick=(cmd.guild, *cmd.squaddies, *cmd.discard)))


NUMBERS = {2: "two", 4: "four"}


def team_slugs(state: GuildBallState, guild: str, squaddies: tuple[str, ...]) -> tuple[str, ...]:
    """The team a pick makes, in roster order: "1. Pick a model with the Captain type. 2. Pick a
    model with the Mascot type that may play for the same guild as the Captain model. Skip this
    step if playing an Introductory Game. 3. Fill out the team roster with Squaddie models". Our
    guilds have one Captain and one Mascot each, so the pick names the Squaddies; the Mascot
    comes last in the roster (the defaults allocate influence and activate in roster order)."""
    p = pack()
    mascots = tuple(m.slug for m in p.members(guild) if m.role == "mascot")
    mascot = mascots[:1] if game_size(state).mascots else ()
    return (p.captain(guild).slug, *squaddies, *mascot)


def _reveal(ctx: Ctx) -> None:
    p = pack()
    guilds, models, hp = [], [], []
    wanted = game_size(ctx.state).squaddies
    for t in ctx.state.teams:
        guild = t.picked[0]
        slugs = team_slugs(ctx.state, guild, t.picked[1 : 1 + wanted])
        guilds.append(guild)
        models.append(tuple(model_id(t.seat, s) for s in slugs))
        hp.append(tuple(p.models[s].stats.hp for s in slugs))
    ctx.emit(ev.TeamsRevealed(guilds=tuple(guilds), models=tuple(models), hp=tuple(hp)))
    rolls = []
    while True:
        a, b = ctx.dice.die(), ctx.dice.die()
        rolls.append((a, b))
        if a != b:
            break
    winner = 0 if a > b else 1
    ctx.emit(ev.StartingRolled(rolls=tuple(rolls), winner=winner, rng=ctx.rng))
    ctx.emit(ev.PhaseBegan(phase=CHOOSE, turn=0, active_seat=winner, initiative=-1))


def choose_kicking(ctx: Ctx, cmd: ChooseKicking) -> None:
    state = ctx.state
    if state.phase != CHOOSE or cmd.seat != state.chooser:
        raise RuleError("not_your_choice", "The starting roll's winner chooses to kick or receive.")
    kicking = cmd.seat if cmd.kick else 1 - cmd.seat
    ctx.emit(ev.KickingChosen(seat=cmd.seat, kicking=kicking))
    ctx.emit(ev.PhaseBegan(phase=DEPLOY, turn=0, active_seat=kicking, initiative=-1))


def deploy(ctx: Ctx, cmd: Deploy) -> None:
    """Place every model completely within 10" of the own table edge, bases clear of each other
    and of the goalposts; the kicking seat names its kicker."""
    state = ctx.state
    if state.phase != DEPLOY or cmd.seat != state.active_seat:
        raise RuleError(
            "not_your_deployment", "The kicking player deploys first, then the receiving player."
        )
    own = [u for u in state.units if u.seat == cmd.seat]
    ids = [m for m, _, _ in cmd.places]
    if sorted(ids) != sorted(u.id for u in own):
        raise RuleError(
            "deploy_all", f"Deploy every model of your team once: {', '.join(u.id for u in own)}."
        )
    side = state.teams[cmd.seat].side
    sc = scene(state)
    for model, x, y in cmd.places:
        u = unit_of(state, model)
        base = Base.at(x, y, card(u).stats.base)
        if not pitch_of(state).in_deployment_zone(base, side):
            raise RuleError(
                "deploy_zone",
                f'{label(u)} must be completely within 10" of your table edge '
                f"({'y up to 10' if side == 0 else 'y from 14'}, whole base on the pitch).",
            )
        problem = placement(sc, base, ignore=(model,))
        if problem is not None:
            raise RuleError(
                "deploy_place", f"{label(u)} may not be placed there ({problem[0]}): move it."
            )
        sc = (
            sc.with_base(model, base)
            if model in {f.id for f in sc.figures}
            else _add(sc, model, base)
        )
    kicking = cmd.seat == state.kicking
    if kicking and cmd.kicker not in ids:
        raise RuleError("kicker", "Name one of your models as the kicker.")
    if not kicking and cmd.kicker:
        raise RuleError("kicker", "Only the kicking player names a kicker.")
    ctx.emit(ev.Deployed(seat=cmd.seat, places=cmd.places, kicker=cmd.kicker))
    if kicking:
        ctx.emit(ev.PhaseBegan(phase=DEPLOY, turn=0, active_seat=1 - cmd.seat, initiative=-1))
    else:
        ctx.emit(ev.PhaseBegan(phase=KICK_OFF, turn=0, active_seat=state.kicking, initiative=-1))


def _add(sc, model: str, base: Base):
    from games.guild_ball.pitch import Figure, Scene

    return Scene(sc.pitch, sc.terrain, (*sc.figures, Figure(model, base)))


def kick_off(ctx: Ctx, cmd: KickOff) -> None:
    """The kicker jogs (if a path is given) and kicks to a target spot within its kick range:
    the kick is rolled (a success lets its scatter be rerolled), then it scatters."""
    state = ctx.state
    if state.phase != KICK_OFF or cmd.seat != state.kicking:
        raise RuleError("not_kick_off", "The kicking player kicks off once both teams deploy.")
    kicker = state.unit(state.kicker)
    if cmd.path:
        movement = move(scene(state), kicker.id, cmd.path, MoveKind.JOG, moves(state, kicker)[0])
        if not movement.ok:
            raise RuleError(
                "move_" + movement.problem.value,
                f"The kicker's jog is not allowed ({movement.problem.value}): "
                f'up to {moves(state, kicker)[0]:g}", around other models.',
            )
        end = movement.end
    else:
        end = base_of(kicker).centre
    tx, ty = cmd.target
    here = Base(end, base_of(kicker).radius)
    ball = Base(Point(tx, ty), BALL_RADIUS)
    if not pitch_of(state).holds(ball) or not in_kick_range(here, ball, kick_range(state, kicker)):
        raise RuleError(
            "kick_off_target",
            f'Kick to a spot on the pitch within {kick_range(state, kicker):g}" of the kicker '
            "(after its jog).",
        )
    # The kicker is where its jog ends, not where the scene still has it.
    check_ball_spot(
        state, ball.centre, "kick_off_target", "kick off's target spot", (kicker.id,), (here,)
    )
    if cmd.path:
        ctx.emit(ev.Moved(model=kicker.id, how="jog", x=end.x, y=end.y, path=tuple(movement.path)))
    ctx.emit(ev.PhaseBegan(phase=LANDING, turn=0, active_seat=-1, initiative=-1))
    ctx.emit(ev.NoSnap(model=kicker.id))
    hits, _ = roll_kick(ctx, ctx.state.unit(kicker.id), spot(tx, ty), None, "kick off", False)
    ctx.emit(ev.BallFree(x=tx, y=ty, how="kick off"))
    kicker = ctx.state.unit(kicker.id)
    kick_scatter_from(ctx, kicker, spot(tx, ty), how="kick off", may_reroll=hits > 0)


def kick_off_short(state: GuildBallState) -> bool:
    """Whether the kick off left the pitch or finished in the kicking player's half."""
    if state.ball_x < 0:
        return True
    if state.ball_holder:
        u = state.unit(state.ball_holder)
        place = Base(Point(u.x, u.y), BALL_RADIUS)
    else:
        place = Base(Point(state.ball_x, state.ball_y), BALL_RADIUS)
    kicking_side = state.teams[state.kicking].side
    pitch = pitch_of(state)
    return pitch.within_half(place, kicking_side) and not pitch.within_half(place, 1 - kicking_side)


def give_ball(ctx: Ctx, cmd: GiveBallTo) -> None:
    state = ctx.state
    receiving = 1 - state.kicking
    if state.phase != GIVE or cmd.seat != receiving:
        raise RuleError("no_give", "Nothing waits for the ball to be given now.")
    if cmd.model:
        u = unit_of(state, cmd.model)
        if u.seat != receiving or not may_hold(u):
            raise RuleError("give_to", "Give the ball to one of your models on the pitch.")
        gain_ball(ctx, u.id, "given")
    elif state.ball_x < 0:
        throw_in(ctx, own_goalpost(state, state.kicking))
    first_turn(ctx)


def first_turn(ctx: Ctx) -> None:
    state = ctx.state
    ctx.emit(ev.NoSnap(model=""))
    kicking = state.kicking
    ctx.emit(ev.MomentumSet(seat=kicking, mp=state.teams[kicking].mp + 1, why="kick off"))
    ctx.emit(ev.PhaseBegan(phase=MAINTENANCE, turn=1, active_seat=-1, initiative=1 - kicking))


def advance_pregame(ctx: Ctx) -> bool:
    """One step of the pre-game that needs nobody's answer; whether it took one."""
    state = ctx.state
    if state.phase == PREPARE and all(t.picked for t in state.teams):
        _reveal(ctx)
        return True
    if state.phase == LANDING:
        if kick_off_short(state):
            ctx.emit(
                ev.PhaseBegan(phase=GIVE, turn=0, active_seat=1 - state.kicking, initiative=-1)
            )
        else:
            first_turn(ctx)
        return True
    return False
