"""Whom the game waits for, to decide what, and what happens by default (docs/rules-notes.md,
"Rules", "Waits and defaults"):

- prepare (each seat not yet prepared): the seat's guild in turn (alphabetical), its first two
  Squaddies (four in the Quick and Typical games), the last two plans in hand discarded;
- kick_or_receive (the starting roll's winner): receive;
- deploy (the kicking seat, then the receiving seat): a line 8" from the own edge, the Captain
  kicks;
- kick_off (the kicking seat): no jog, a kick straight up the pitch as far as it reaches;
- give_ball (the receiving seat): its model nearest the ball's place (or the centre spot);
- game_plan (each seat not yet chosen): the first plan in hand;
- initiative (the higher total): take it;
- influence (each seat not yet allocated): one at a time in roster order up to max INF;
  returning models at the own table edge;
- activation (the active seat): the first model that has not activated activates and ends its
  activation at once (SkipActivation);
- action (the active seat): end the activation;
- reaction (the attacked model's seat): no;
- bonus_time (the attacker's seat, at step 2.2 once the target responded with a Counter-Attack
  or Defensive Stance): the Bonus Time chosen with the attack or charge; answered in the short
  reaction window, as the answer to a response;
- parting_blow (the seat of the enemy whose melee zone or LOS an advance leaves): strike (the
  blow is free and can only help its side, so an unanswered window strikes it, as the engine
  always did before the question was asked);
- playbook (the attacker's seat): the result worth most (the ball, then damage); a parting
  blow's or Counter-Attack's results are chosen out of turn, in the short reaction window;
- dodge (the dodging model's seat): no dodge;
- reroll (the kicker's seat, after a successful kick to a spot): keep the scatter;
- intercept (the seat of the model on the ball path): no;
- follow_up (the passer's seat): none;
- goal_kick (the seat that conceded): 6" straight out from its goalpost (beside a model
  standing there).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.game import Decision
from games.guild_ball.pitch import BALL_RADIUS, Base, Point
from games.guild_ball.pitch.ball import in_kick_range
from games.guild_ball.pitch.movement import placement
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.attacks import asks_bonus, best_pick, options
from games.guild_ball.rules.ball import RUN
from games.guild_ball.rules.context import (
    base_of,
    game_size,
    kick_range,
    label,
    pack,
    pitch_of,
    scene,
)
from games.guild_ball.rules.kicking import enemy_goal
from games.guild_ball.rules.plays import icon_play_targets
from games.guild_ball.rules.pregame import GIVE, NUMBERS
from games.guild_ball.rules.state import (
    ACTIVATION,
    CHOOSE,
    DEPLOY,
    INITIATIVE,
    KICK_OFF,
    MAINTENANCE,
    PLANS,
    PREPARE,
    GuildBallState,
)
from games.guild_ball.rules.turns import default_allocation, default_returns, ready

SETUP = "setup"
TURN = "turn"
REACTION = "reaction"
KINDS = (SETUP, TURN, REACTION)  # the deadline kinds
# Minutes an out-of-turn answer (a reaction, a parting blow, an interception) waits at most,
# whatever the table's deadlines: the activation it interrupts waits on it, and its default
# ("no"; a parting blow struck) moves the game on. Short, for a live table; a host sets another
# with the `reaction` option (`ReactionWindow`), up to REACTION_WINDOW_MAX for a slow table.
REACTION_WINDOW = 2
REACTION_WINDOW_MAX = 24 * 60
REACTING = ("parting", "counter")  # the attacks made out of turn, as a reaction
GOAL_KICK_OUT = 6.0


def default_prepare(state: GuildBallState, seat: int) -> cm.Prepare:
    p = pack()
    guilds = sorted(p.guilds)
    guild = guilds[seat % len(guilds)]
    wanted = game_size(state).squaddies
    squaddies = tuple(m.slug for m in p.members(guild) if m.role == "squaddie")[:wanted]
    return cm.Prepare(
        seat=seat, guild=guild, squaddies=squaddies, discard=state.teams[seat].hand[-2:]
    )


def default_deploy(state: GuildBallState, seat: int) -> cm.Deploy:
    """A line across the middle, 8" from the own table edge (in front of the goalpost), 4"
    apart."""
    side = state.teams[seat].side
    own = [u for u in state.units if u.seat == seat]
    size = pitch_of(state).size
    y = 8.0 if side == 0 else size - 8.0
    places = tuple((u.id, size / 2 + 4.0 * (i - (len(own) - 1) / 2), y) for i, u in enumerate(own))
    kicker = own[0].id if seat == state.kicking else ""
    return cm.Deploy(seat=seat, places=places, kicker=kicker)


def ball_spot_near(
    state: GuildBallState, at: Point, back: float, fits: Callable[[Point], bool] = lambda p: True
) -> Point:
    """`at`, or the spot nearest it where the ball may be placed ("A target spot is any point
    on the pitch where the ball may be legally placed": off every base, barrier and
    obstruction) and `fits` holds: up to 3" to either side, then up to 4" back (`back` is the
    sign of y that goes back, towards the kicker); `at` itself if there is none."""
    sc = scene(state)
    for behind in (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0):
        for aside in (0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 2.0, -2.0, 3.0, -3.0):
            p = Point(at.x + aside, at.y + back * behind)
            if placement(sc, Base(p, BALL_RADIUS)) is None and fits(p):
                return p
    return at


def default_kick_off(state: GuildBallState) -> cm.KickOff:
    """Straight up the pitch from where the kicker stands, as far as its kick reaches (beside a
    receiving model standing there)."""
    kicker = state.unit(state.kicker)
    side = state.teams[kicker.seat].side
    reach = kick_range(state, kicker) + base_of(kicker).radius - 0.7
    y = kicker.y + reach if side == 0 else kicker.y - reach
    here, full = base_of(kicker), kick_range(state, kicker)
    target = ball_spot_near(
        state,
        Point(kicker.x, y),
        -1.0 if side == 0 else 1.0,
        lambda p: in_kick_range(here, Base(p, BALL_RADIUS), full),
    )
    return cm.KickOff(seat=kicker.seat, path=(), target=(target.x, target.y))


def default_give(state: GuildBallState) -> cm.GiveBallTo:
    seat = 1 - state.kicking
    at = pitch_of(state).centre_spot if state.ball_x < 0 else Point(state.ball_x, state.ball_y)
    own = [u for u in state.units if u.seat == seat and u.on_pitch]
    best = min(own, key=lambda u: (u.x - at.x) ** 2 + (u.y - at.y) ** 2)
    return cm.GiveBallTo(seat=seat, model=best.id)


def default_goal_kick(state: GuildBallState, seat: int) -> cm.GoalKick:
    side = state.teams[seat].side
    post = pitch_of(state).goalpost(side)
    out = post.radius + GOAL_KICK_OUT
    y = post.centre.y + out if side == 0 else post.centre.y - out
    target = ball_spot_near(state, Point(post.centre.x, y), -1.0 if side == 0 else 1.0)
    return cm.GoalKick(seat=seat, target=(target.x, target.y))


def action_context(state: GuildBallState, unit) -> dict:
    """What the active model has to act with, for a presentation's controls: its influence and
    MP, its standard advance and moves, the ball, Gliding (engagement is the pitch engine's to
    measure from the view: it would cost every wait a scene)."""
    from games.guild_ball.rules.context import moves

    jog, sprint = moves(state, unit)
    return {
        "model": unit.id,
        "influence": unit.influence,
        "mp": state.teams[unit.seat].mp,
        "advanced": state.activation.advanced,
        "jog": jog,
        "sprint": sprint,
        "has_ball": state.ball_holder == unit.id,
        "gliding": unit.id in state.gliding,  # Gliding used this turn (Glide: 1 MP)
    }


def pending(state: GuildBallState) -> tuple[Decision, ...]:
    """Every decision the game waits for now."""
    if state.result is not None:
        return ()
    a = state.attack
    if a is not None:
        attacker, target = state.unit(a.attacker), state.unit(a.target)
        if a.step == "react":
            return (
                Decision(
                    seat=target.seat,
                    kind="reaction",
                    prompt=f"{label(attacker)} {'charges' if a.kind == 'charge' else 'attacks'} "
                    f"{label(target)}: Counter-Attack (1 MP)"
                    + (" or Defensive Stance (1 MP)" if a.kind == "charge" else "")
                    + "?",
                    default=cm.React(seat=target.seat),
                    context={"attack": a.kind, "attacker": a.attacker, "target": a.target},
                ),
            )
        if asks_bonus(state):
            return (bonus_decision(state),)
        if a.step == "choose" and a.limits:  # an update's passing state may have none yet
            c, r = best_pick(state)
            return (
                Decision(
                    seat=attacker.seat,
                    kind="playbook",
                    prompt=f"{label(attacker)} hit with {a.net} net hits: select a result "
                    f"(columns 1–{a.limits[0]}, {len(a.limits)} to select).",
                    default=cm.ChooseResult(seat=attacker.seat, column=c, row=r),
                    options=tuple(
                        cm.ChooseResult(seat=attacker.seat, column=c, row=r)
                        for c, r in options(state)
                    ),
                    # The models each play an icon may trigger may be aimed at, and the attack's
                    # kind ("parting", "counter": a reaction's results, chosen out of turn).
                    context={
                        "net": a.net,
                        "limits": a.limits,
                        "plays": icon_play_targets(state),
                        "attack": a.kind,
                    },
                ),
            )
        if a.step == "dodge":
            return (
                Decision(
                    seat=attacker.seat,
                    kind="dodge",
                    prompt=f'{label(attacker)} may dodge {a.dodge}".',
                    default=cm.DodgeTo(seat=attacker.seat),
                    context={"model": attacker.id, "inches": a.dodge},
                ),
            )
    adv = state.advance
    if adv is not None:
        return (parting_decision(state, adv.model, adv.offered),)
    it = state.intercept
    if it is not None and it.may_reroll:
        seat = it.kicking_seat
        return (
            Decision(
                seat=seat,
                kind="reroll",
                prompt="Your kick hit its spot; the ball scattered. Keep it or reroll the scatter?",
                default=cm.RerollScatter(seat=seat),
                options=(cm.RerollScatter(seat=seat), cm.RerollScatter(seat=seat, reroll=True)),
                context={"x": it.landing_x, "y": it.landing_y},
            ),
        )
    if it is not None:
        model = state.unit(it.candidates[0])
        return (
            Decision(
                seat=model.seat,
                kind="intercept",
                prompt=f"The ball passes {label(model)}: intercept it?",
                default=cm.Intercept(seat=model.seat),
                options=(cm.Intercept(seat=model.seat), cm.Intercept(seat=model.seat, take=True)),
                context={"model": model.id},
            ),
        )
    if state.dodge is not None:
        model = state.unit(state.dodge.model)
        seat = model.seat
        return (
            Decision(
                seat=seat,
                kind="dodge",
                prompt=f'{label(model)} may move {state.dodge.inches}" ({state.dodge.why}'
                + (", 1 MP)." if state.dodge.why == RUN else ")."),
                default=cm.DodgeTo(seat=seat),
                context={"model": model.id, "inches": state.dodge.inches},
            ),
        )
    if state.follow is not None:
        seat = state.unit(state.follow.passer).seat
        receiver = state.unit(state.follow.receiver)
        # Whether the goal is within the receiver's kick range: a Snap Shot is refused if not,
        # so a prompt need not offer it.
        reach = in_kick_range(
            base_of(receiver), enemy_goal(state, seat), kick_range(state, receiver)
        )
        return (
            Decision(
                seat=seat,
                kind="follow_up",
                prompt="A successful pass: Pass & Move (1 MP), Snap Shot (2 MP) or neither?",
                default=cm.FollowUp(seat=seat),
                context={
                    "passer": state.follow.passer,
                    "receiver": state.follow.receiver,
                    "snap_shot": reach,
                },
            ),
        )
    if state.goal_kick >= 0:
        seat = state.goal_kick
        return (
            Decision(
                seat=seat,
                kind="goal_kick",
                prompt='Goal! Place the goal kick within 10" of your goalpost.',
                default=default_goal_kick(state, seat),
            ),
        )
    phase = state.phase
    if phase == PREPARE:
        return tuple(
            Decision(
                seat=t.seat,
                kind="prepare",
                prompt=f"Pick your guild and {NUMBERS[game_size(state).squaddies]} Squaddies, "
                "and discard two game plans.",
                default=default_prepare(state, t.seat),
            )
            for t in state.teams
            if not t.picked
        )
    if phase == CHOOSE:
        seat = state.chooser
        return (
            Decision(
                seat=seat,
                kind="kick_or_receive",
                prompt="You won the starting roll: kick or receive?",
                default=cm.ChooseKicking(seat=seat, kick=False),
                options=(
                    cm.ChooseKicking(seat=seat, kick=True),
                    cm.ChooseKicking(seat=seat, kick=False),
                ),
            ),
        )
    if phase == DEPLOY:
        seat = state.active_seat
        return (
            Decision(
                seat=seat,
                kind="deploy",
                prompt='Deploy your team completely within 10" of your table edge'
                + (" and name the kicker." if seat == state.kicking else "."),
                default=default_deploy(state, seat),
            ),
        )
    if phase == KICK_OFF:
        return (
            Decision(
                seat=state.kicking,
                kind="kick_off",
                prompt="Kick off: the kicker may jog, then kicks to a spot within its range.",
                default=default_kick_off(state),
            ),
        )
    if phase == GIVE:
        d = default_give(state)
        return (
            Decision(
                seat=d.seat,
                kind="give_ball",
                prompt="The kick off fell short or went out: give the ball to one of your models?",
                default=d,
                options=(
                    cm.GiveBallTo(seat=d.seat),
                    *(
                        cm.GiveBallTo(seat=d.seat, model=u.id)
                        for u in state.units
                        if u.seat == d.seat and u.on_pitch
                    ),
                ),
            ),
        )
    if phase == PLANS:
        return tuple(
            Decision(
                seat=t.seat,
                kind="game_plan",
                prompt="Choose this turn's game plan (secret until both have chosen).",
                default=cm.ChoosePlan(seat=t.seat, plan=t.hand[0]),
                options=tuple(cm.ChoosePlan(seat=t.seat, plan=p) for p in t.hand),
            )
            for t in state.teams
            if not t.chosen and t.hand  # an update's passing state may not have dealt yet
        )
    if phase == INITIATIVE:
        seat = state.active_seat
        return (
            Decision(
                seat=seat,
                kind="initiative",
                prompt="Your initiative is higher: take the initiative, or give it away?",
                default=cm.ChooseInitiative(seat=seat),
                options=(
                    cm.ChooseInitiative(seat=seat),
                    cm.ChooseInitiative(seat=seat, take=False),
                ),
            ),
        )
    if phase == MAINTENANCE:
        return tuple(
            Decision(
                seat=t.seat,
                kind="influence",
                prompt="Allocate your influence pool (secret until both have allocated).",
                default=cm.Allocate(
                    seat=t.seat,
                    influence=default_allocation(state, t.seat),
                    returns=default_returns(state, t.seat),
                ),
            )
            for t in state.teams
            if t.allocation is None
        )
    if phase == ACTIVATION:
        seat = state.active_seat
        if state.activation is None:
            models = ready(state, seat)
            if not models:  # an update's passing state, before the activations move on
                return ()
            return (
                Decision(
                    seat=seat,
                    kind="activation",
                    prompt="Select a model to activate.",
                    default=cm.SkipActivation(seat=seat, model=models[0].id),
                    options=tuple(cm.Activate(seat=seat, model=u.id) for u in models),
                ),
            )
        unit = state.unit(state.activation.model)
        return (
            Decision(
                seat=seat,
                kind="action",
                prompt=f"{label(unit)} is active: move, attack, kick, play, or end.",
                default=cm.EndActivation(seat=seat),
                context=action_context(state, unit),
            ),
        )
    return ()


def bonus_decision(state: GuildBallState) -> Decision:
    """The attacker's Bonus Time at step 2.2, after the target's response at 1.1: buy it (1 MP)
    or not; the default is the choice made with the attack or charge."""
    a = state.attack
    attacker, target = state.unit(a.attacker), state.unit(a.target)
    seat = attacker.seat
    responses = [
        r for r, on in (("a Counter-Attack", a.counter), ("Defensive Stance", a.stance)) if on
    ]
    return Decision(
        seat=seat,
        kind="bonus_time",
        prompt=f"{label(target)} answers {label(attacker)}'s "
        f"{'charge' if a.kind == 'charge' else 'attack'} with {' and '.join(responses)}: "
        "Bonus Time for the attack (1 MP)?",
        default=cm.BonusTime(seat=seat, buy=a.bonus),
        options=(cm.BonusTime(seat=seat, buy=True), cm.BonusTime(seat=seat)),
        context={
            "attack": a.kind,
            "attacker": a.attacker,
            "target": a.target,
            "counter": a.counter,
            "stance": a.stance,
            "declared": a.bonus,
        },
    )


def parting_decision(state: GuildBallState, model: str, enemy: str) -> Decision:
    """The parting blow offered to `enemy`'s player as `model` leaves its melee zone or LOS."""
    mover, striker = state.unit(model), state.unit(enemy)
    seat = striker.seat
    return Decision(
        seat=seat,
        kind="parting_blow",
        prompt=f"{label(mover)} leaves {label(striker)}'s melee zone: strike a parting blow "
        "(free, +2 TAC)?",
        default=cm.PartingBlow(seat=seat),
        options=(cm.PartingBlow(seat=seat), cm.PartingBlow(seat=seat, strike=False)),
        context={"mover": mover.id, "model": striker.id, "x": mover.x, "y": mover.y},
    )


def out_of_turn(state: GuildBallState) -> bool:
    """Whether the wait is an answer out of turn (a reaction, an interception, a dodge, or a
    parting blow's or Counter-Attack's playbook results, by the player who is not active), or
    the attacker's Bonus Time after the target's response (the active player's answer to a
    reaction, within the attack the response interrupts): short by nature, with its default
    (the engine's pick for the results, the declared choice for Bonus Time)."""
    d = pending(state)
    if not d or state.phase != ACTIVATION:
        return False
    if d[0].kind == "bonus_time":
        return True
    kinds = ("reaction", "parting_blow", "intercept", "dodge")
    reacting = d[0].kind == "playbook" and d[0].context.get("attack") in REACTING
    return (d[0].kind in kinds or reacting) and d[0].seat != state.active_seat
