"""Events of Guild Ball: past-tense facts, folded by `evolve`. Each carries the values it leaves
behind (a model's new HP, a team's new MP), so `evolve` only copies them. Every event that drew a
random number records the random source after the draw (`rng`), so a replay draws nothing."""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from games.guild_ball.rules.state import (
    Activation,
    Advance,
    Attack,
    Dodge,
    Follow,
    Intercept,
    Mod,
    Ongoing,
    Piece,
)


class Event(msgspec.Struct, frozen=True, tag_field="type", tag=True):
    pass


class GameCreated(Event):
    """Set-up: the game plans dealt face down, seven to each seat, and the deck left."""

    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    rng: Rng


class GameSized(Event):
    """The game is the Quick or the Typical one ("Players agree to a game size ... before picking
    a guild"); a game without this event is the Introductory game."""

    size: str


class TerrainPlaced(Event):
    """ "Define and agree on terrain": the map the game was created with, its pieces placed."""

    map: str
    pieces: tuple[Piece, ...]


class Glided(Event):
    """ "Once per turn an active model may spend 1 MP to move across rough terrain without
    penalty for the remainder of the current turn." (The MP is a MomentumSet of its own.)"""

    model: str


class GlidingEnded(Event):
    """The End Phase: Gliding lasted "for the remainder of the current turn"."""


class Prepared(Event):
    """A seat picked its team (guild, its Squaddies: two in the Introductory game, four in the
    Quick and Typical games, whose Mascot is the guild's) and discarded two plans, unseen (secret
    until every seat has: `pick` is the guild, the Squaddies, then the two discards)."""

    seat: int
    pick: tuple[str, ...]


class TeamsRevealed(Event):
    """Every seat has prepared: the teams are shown (model ids, the Captain first) with their
    starting HP; the discards stay face down."""

    guilds: tuple[str, ...]
    models: tuple[tuple[str, ...], ...]
    hp: tuple[tuple[int, ...], ...]


class StartingRolled(Event):
    """ "Players each make a starting roll of 1D6. Reroll any tied results." Each round of
    rolls, seat 0's first; `winner` chooses."""

    rolls: tuple[tuple[int, int], ...]
    winner: int
    rng: Rng


class KickingChosen(Event):
    """The starting roll's winner chose: `kicking` is the kicking seat (it deploys at side 0)."""

    seat: int
    kicking: int


class Deployed(Event):
    """A seat deployed its team (`places`: model, x, y); the kicking seat names its kicker."""

    seat: int
    places: tuple[tuple[str, float, float], ...]
    kicker: str = ""


class PhaseBegan(Event):
    """The game moved on: the phase, turn, whose step it is and who has the initiative."""

    phase: str
    turn: int
    active_seat: int
    initiative: int


class Moved(Event):
    """A model moved (`how`: jog, sprint, charge, dodge, push, place, return) to x, y along
    `path` (its centre's waypoints, the start first)."""

    model: str
    how: str
    x: float
    y: float
    path: tuple[tuple[float, float], ...] = ()


class LeftPitch(Event):
    """A model's base left the pitch (a push): it is taken off the pitch."""

    model: str


class BallHeld(Event):
    """`model` took possession of the ball (`how`: kicker, snap, pass, tackle, intercept,
    given, roll-off)."""

    model: str
    how: str


class NoSnap(Event):
    """The ball may not snap to `model` ("After the kick off scatter is resolved, the ball may
    not snap to the kicker"); "" lifts it."""

    model: str


class BallFree(Event):
    """The ball came to rest as a free ball at x, y (`how`: scatter, throw-in, goal kick,
    kick, placed); `by` is the seat whose kick, goal kick or placement put it there (-1: a
    scatter, a throw-in)."""

    x: float
    y: float
    how: str
    by: int = -1


class Scattered(Event):
    """A scatter: `kind` circular or kick, from x0, y0, the direction and distance rolled, the
    final landing spot and where the ball stopped (`off` when it left the pitch)."""

    kind: str
    x0: float
    y0: float
    direction: int
    distance: int
    landing_x: float
    landing_y: float
    x: float
    y: float
    off: bool
    rng: Rng


class SnapRolled(Event):
    """Models of both teams within 1" of a placed ball rolled 1D6 + KICK: (model, die, total)."""

    rolls: tuple[tuple[str, int, int], ...]
    winner: str
    rng: Rng


class Rolled(Event):
    """A TN test: what it was for, the pool and the TN after modifiers, the dice and the hits
    (for an attack, `net` after ARM)."""

    what: str
    model: str
    target: str
    pool: int
    tn: int
    dice: tuple[int, ...]
    hits: int
    net: int
    rng: Rng


class PlansChosen(Event):
    """A seat chose its game plan for the turn (secret until both have)."""

    seat: int
    plan: str


class PlansRevealed(Event):
    """The Initiative Phase: the plans revealed, each seat's total (initiative + MP), tie rolls
    (seat 0's first) and the seat that decides which team has the initiative."""

    plans: tuple[str, ...]
    totals: tuple[int, ...]
    rolls: tuple[tuple[int, int], ...]
    winner: int
    rng: Rng | None = None


class Allocated(Event):
    """A seat's influence allocation and its returned models' places (secret until both)."""

    seat: int
    allocation: tuple[tuple[str, int], ...]
    returns: tuple[tuple[str, float, float], ...]


class InfluenceSet(Event):
    """Models' unspent influence is now as listed (allocation, spending, the End Phase)."""

    influence: tuple[tuple[str, int], ...]


class MomentumSet(Event):
    """A team's MP is now `mp` (`why`: gained or spent for what)."""

    seat: int
    mp: int
    why: str


class Scored(Event):
    """A team gained VP: `why` is goal, take-out; `vp` its total now."""

    seat: int
    vp: int
    why: str
    goals: int


class Activated(Event):
    """A model's activation began (or changed: it advanced, charged)."""

    activation: Activation | None


class UnitChanged(Event):
    """A model's HP, conditions, stat changes or turn flags are now as given."""

    model: str
    hp: int
    conditions: tuple[str, ...]
    mods: tuple[Mod, ...] = ()
    activated: bool = False
    rested: bool = False
    encouraged: bool = False
    countered: tuple[str, ...] = ()
    plays_used: tuple[str, ...] = ()


class TakenOut(Event):
    """A model suffered the taken out condition and left the pitch with `hp` left (0, or what
    it had when pushed off the pitch: "A model removed in this way retains its current HP")."""

    model: str
    hp: int = 0


class Returned(Event):
    """A taken-out model returned to play at its recovery level (placed, then jogged)."""

    model: str
    hp: int


class AttackStep(Event):
    """An attack reached a new step (None: it is over)."""

    attack: Attack | None


class InterceptStep(Event):
    """The models on a kick's ball path that may still intercept (None: none left)."""

    intercept: Intercept | None


class FollowStep(Event):
    """A successful pass may be followed by Pass & Move or a Snap Shot (None: it is not)."""

    follow: Follow | None


class DodgeStep(Event):
    """A dodge is offered (after any already waiting), or None: the one offered now is done
    and the next waiting, if any, is offered."""

    dodge: Dodge | None


class AdvanceStep(Event):
    """An advance paused where its model leaves an engaging enemy's melee zone or LOS, the
    enemy's player asked whether to declare a parting blow; None: the advance is over."""

    advance: Advance | None


class ReactionWindow(Event):
    """The host chose how long a reaction waits (the `reaction` option, in minutes); a game
    without this event waits the default (`pending.REACTION_WINDOW`)."""

    minutes: int


class TurnLimit(Event):
    """The host chose the turn limit (the `turns` option): `turns` whole turns, or 0 for none
    (the book's game, ended only by VP); a game without this event has its size's default
    (`state.TURN_LIMITS`)."""

    turns: int


class GiveBall(Event):
    """After the kick off the receiving seat may give the ball to one of its models."""

    seat: int


class GoalKickOwed(Event):
    """A goal was scored: `seat` (which conceded) places the goal kick (-1: done)."""

    seat: int


class PlayUsed(Event):
    """A model used a character play (`how`: influence or icon) at a target."""

    model: str
    play: str
    target: str
    x: float
    y: float
    how: str


class OngoingMarked(Event):
    """The AOE templates with an ongoing effect on the pitch are now these (the End Phase
    removes them all)."""

    ongoing: tuple[Ongoing, ...]


class PlanResolved(Event):
    """A game plan that resolves only once a turn has resolved."""

    seat: int


class PlansRefreshed(Event):
    """The End Phase: the plans played are discarded; a seat with none left takes them back,
    with the two it discarded face down at the start (`discarded`: each seat's face-down
    discards after it; None, as in older events, leaves them as they were)."""

    hands: tuple[tuple[str, ...], ...]
    used: tuple[tuple[str, ...], ...]
    discarded: tuple[tuple[str, ...], ...] | None = None


class TurnEnded(Event):
    """The End Phase is over."""

    turn: int


class GameEnded(Event):
    """The game is over: the winner (None: a draw) and why."""

    winner: int | None
    reason: str


EVENT_TYPES: tuple[type, ...] = (
    GameCreated,
    Prepared,
    TeamsRevealed,
    StartingRolled,
    KickingChosen,
    Deployed,
    PhaseBegan,
    Moved,
    LeftPitch,
    BallHeld,
    NoSnap,
    BallFree,
    Scattered,
    SnapRolled,
    Rolled,
    PlansChosen,
    PlansRevealed,
    Allocated,
    InfluenceSet,
    MomentumSet,
    Scored,
    Activated,
    UnitChanged,
    TakenOut,
    Returned,
    AttackStep,
    InterceptStep,
    FollowStep,
    DodgeStep,
    GiveBall,
    GoalKickOwed,
    PlayUsed,
    OngoingMarked,
    PlanResolved,
    PlansRefreshed,
    TurnEnded,
    GameEnded,
    GameSized,
    TerrainPlaced,
    Glided,
    GlidingEnded,
    AdvanceStep,
    ReactionWindow,
    TurnLimit,
)
