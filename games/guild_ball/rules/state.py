"""The state of a game of Guild Ball (the Introductory, Quick or Typical game): frozen structs,
changed only by `evolve`.

Models are named by id: the seat's digit and the content slug ("0-oswin-tollbright"), so a
mirror match keeps them apart. Positions are the centres of bases in inches on the pitch engine's
axes (side 0's table edge at y = 0). Hidden information (the game plans each seat holds and
discarded, the order of the plan deck, each seat's buffered pre-game pick, plan choice and
influence allocation until every seat has answered, the random source) lives here too; `views.py`
decides who may see what.
"""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng

# Phases of the game, in order (docs/rules-notes.md, "Rules": the round structure).
PREPARE = "prepare"  # both seats pick a team and discard two plans, at once
CHOOSE = "choose"  # the starting roll's winner chooses to kick or receive
DEPLOY = "deploy"  # the kicking seat deploys, then the receiving seat
KICK_OFF = "kick_off"  # the kicker jogs and kicks
PLANS = "plans"  # the Initiative Phase: both seats choose a game plan, at once
INITIATIVE = "initiative"  # the higher total decides which team has the initiative
MAINTENANCE = "maintenance"  # both seats allocate influence (and return models), at once
ACTIVATION = "activation"  # alternating activations
OVER = "over"

PLAN_HAND = 7  # "each player is dealt seven game plans"
PLAN_DISCARD = 2  # "each player must discard two cards"
TEAM_SQUADDIES = 2  # the Introductory game's "1 Captain 2 Squaddie"
WIN_VP = 6  # the Introductory game's "6 VP"
MAX_TURNS = 10  # our ruling: the safety net of a game nobody wins (rules notes)

# The rows of the book's Game Length table (`pitch.field.GAME_SIZES` holds them): the game size is
# chosen when the game is created; the Introductory game is the default.
INTRODUCTORY = "introductory"
QUICK = "quick"
TYPICAL = "typical"
SIZES = (INTRODUCTORY, QUICK, TYPICAL)
# Our ruling, as MAX_TURNS: the larger games may last longer before the safety net ends them.
# The defaults of the host's `turns` option, which may also lift the limit (the book has none).
TURN_LIMITS = {INTRODUCTORY: MAX_TURNS, QUICK: 12, TYPICAL: 16}
TURNS_MAX = 99  # the longest limit the `turns` option takes

KD = "knocked_down"
BLEED = "bleed"
BURNING = "burning"
POISON = "poison"
SNARED = "snared"
CONDITION_DAMAGE = {BLEED: 3, BURNING: 1, POISON: 2, KD: 0, SNARED: 0}


class Mod(msgspec.Struct, frozen=True):
    """A stat change until the End Phase, by the name of its source (same names don't add)."""

    stat: str
    amount: int
    source: str


class Unit(msgspec.Struct, frozen=True):
    """One model of a team: where it is and what it suffers this game."""

    id: str
    seat: int
    slug: str
    x: float = 0.0
    y: float = 0.0
    on_pitch: bool = False  # deployed and not taken out
    taken_out: bool = False
    hp: int = 0
    influence: int = 0
    conditions: tuple[str, ...] = ()
    mods: tuple[Mod, ...] = ()
    activated: bool = False  # this turn
    rested: bool = False  # used Rest this turn
    encouraged: bool = False  # benefited from Encourage this turn
    countered: tuple[str, ...] = ()  # enemy models it declared a Counter-Attack against
    plays_used: tuple[str, ...] = ()  # once-per-turn plays used this turn


class Team(msgspec.Struct, frozen=True):
    """One seat's side: its guild and models, its plans, momentum and victory points."""

    seat: int
    guild: str = ""
    side: int = 0  # the pitch side (table edge) it deploys at: 0 (y = 0) or 1
    hand: tuple[str, ...] = ()  # game plans held (secret)
    discarded: tuple[str, ...] = ()  # plans discarded face down at the start (secret)
    used: tuple[str, ...] = ()  # plans played and discarded, face up
    plan: str = ""  # the plan played this turn, once revealed
    mp: int = 0
    vp: int = 0
    goals: int = 0
    legendary: tuple[str, ...] = ()  # legendary plays used this game
    plan_done: bool = False  # a "once" plan has resolved this turn
    # Buffered simultaneous answers, secret until every seat has answered:
    picked: tuple[str, ...] = ()  # the pre-game pick: guild, two squaddies, two discards
    chosen: str = ""  # the plan chosen for this turn
    allocation: tuple[tuple[str, int], ...] | None = None  # influence per model
    returns: tuple[tuple[str, float, float], ...] = ()  # returned models' places


class Activation(msgspec.Struct, frozen=True):
    """The model activating now and what it has done."""

    model: str
    advanced: bool = False  # the standard advance made (or forfeited)
    moved: bool = False
    charged: bool = False


class Attack(msgspec.Struct, frozen=True):
    """An attack under way, from its declaration to its results.

    `kind`: "attack", "charge", "parting" or "counter". `step`: "react" (the target's seat may
    declare a Counter-Attack, and against a charge Defensive Stance), "bonus" (the target
    responded: at 2.2 the attacker's seat answers Bonus Time, `bonus` the default), "roll",
    "choose" (the attacker's seat selects playbook results), "dodge" (the attacker may dodge),
    "done". `limits` are the
    columns each pick still to make may reach (wrapping gives several)."""

    attacker: str
    target: str
    kind: str
    step: str
    bonus: bool = False
    stance: bool = False  # Defensive Stance declared: +1 DEF for the charge
    counter: bool = False  # a Counter-Attack declared, to follow
    counter_bonus: bool = False  # Bonus Time declared for that Counter-Attack's attack
    again: bool = False  # a free attack on the same target follows (a trait's `attack`)
    net: int = 0
    limits: tuple[int, ...] = ()
    picks: tuple[tuple[int, int], ...] = ()  # (column, row) chosen so far
    plays: tuple[str, ...] = ()  # plays triggered by icons, in pick order
    dodge: int = 0  # inches of dodge the attacker may still make
    push: float = -1.0  # inches of the combined push the attacker chose (-1: all of it)
    end_x: float = 0.0  # a charge's declared end
    end_y: float = 0.0


class Intercept(msgspec.Struct, frozen=True):
    """A kick scatter's ball path: the models that may still take the ball, closest first, and
    where the ball lands if none does."""

    candidates: tuple[str, ...]
    landing_x: float
    landing_y: float
    kicker: str
    kicking_seat: int
    may_reroll: bool = False  # a successful kick to a target spot: its scatter may be rerolled
    spot_x: float = 0.0  # the target spot, to scatter from again
    spot_y: float = 0.0
    how: str = "kick"


class Follow(msgspec.Struct, frozen=True):
    """After a successful pass to a friendly model: Pass & Move or Snap Shot may follow."""

    passer: str
    receiver: str


class Dodge(msgspec.Struct, frozen=True):
    """A dodge a model may make now (a playbook or play result, Pass & Move, Run the Length)."""

    model: str
    inches: int
    why: str


class Advance(msgspec.Struct, frozen=True):
    """An advance paused where the mover leaves the melee zone or LOS of an enemy engaging it:
    that enemy's player may declare a parting blow ("that enemy model may immediately declare a
    parting blow"). `path` is the whole advance (the start first), `stops` the points still to
    come on it, as (inches along the path, the enemy whose zone or LOS is left there, or "" for
    where the free ball snaps to the mover), `offered` the enemy asked now and `at` how far
    along the path the mover has come (where it waits). `charge`: the
    charge this advance is (its attack waits here while the advance is paused, and goes on once
    the advance ends: "After a parting blow is resolved, the active model may continue its
    advance if able to do so")."""

    model: str
    how: str
    path: tuple[tuple[float, float], ...]
    stops: tuple[tuple[float, str], ...]
    offered: str
    charge: Attack | None = None
    at: float = 0.0


class Ongoing(msgspec.Struct, frozen=True):
    """An AOE's ongoing effect, marked by its 3" template until the End Phase."""

    play: str
    x: float
    y: float
    seat: int


class Piece(msgspec.Struct, frozen=True):
    """A terrain piece on the pitch, as the map placed it: its kind (fast, rough, forest,
    obstruction, barrier), its name, and its shape: a polygon's corners, or else a circle's
    centre and radius."""

    kind: str
    name: str = ""
    points: tuple[tuple[float, float], ...] = ()
    x: float = 0.0
    y: float = 0.0
    radius: float = 0.0


class Result(msgspec.Struct, frozen=True):
    """How the game ended: the winner (None for a draw) and why."""

    winner: int | None
    reason: str


class GuildBallState(msgspec.Struct, frozen=True):
    """Everything about one game."""

    teams: tuple[Team, ...]
    units: tuple[Unit, ...]
    plan_deck: tuple[str, ...]  # the shared deck after the deal, top first (secret)
    rng: Rng
    size: str = INTRODUCTORY  # the game size: a row of the Game Length table
    map: str = ""  # the terrain map's slug ("" for none)
    terrain: tuple[Piece, ...] = ()  # the map's pieces, agreed before the game
    gliding: tuple[str, ...] = ()  # models that used Gliding this turn
    phase: str = PREPARE
    turn: int = 0
    kicking: int = -1  # the kicking seat
    chooser: int = -1  # the starting roll's winner, who chooses
    initiative: int = -1  # the seat with the initiative this turn
    active_seat: int = -1  # whose activation it is (or whose pre-game step)
    activation: Activation | None = None
    attack: Attack | None = None
    intercept: Intercept | None = None
    follow: Follow | None = None
    dodge: Dodge | None = None  # the dodge offered now
    dodges: tuple[Dodge, ...] = ()  # dodges offered after it, in order
    advance: Advance | None = None  # an advance waiting on a parting blow's declaration
    reaction: int = 0  # minutes a reaction waits (the `reaction` option; 0: REACTION_WINDOW)
    # The turn limit the host chose (the `turns` option): -1 the game size's (TURN_LIMITS), 0 none.
    turn_limit: int = -1
    kicker: str = ""  # the kick-off's kicker
    give_ball: int = -1  # a seat that may give the ball to one of its models (kick-off)
    goal_kick: int = -1  # a seat that must place a goal kick
    ball_holder: str = ""  # the model in possession
    ball_x: float = 12.0  # a free ball's centre (when nobody holds it and it is on the pitch)
    ball_y: float = 12.0
    ball_free: bool = False
    ball_by: int = -1  # the seat whose kick, goal kick or placement left the free ball
    ongoing: tuple[Ongoing, ...] = ()  # AOE templates left on the pitch this turn
    no_snap: str = ""  # a model the ball may not snap to (the kicker after the kick off)
    waits: int = 0  # decisions opened so far, to tell waits apart
    result: Result | None = None

    def unit(self, model: str) -> Unit:
        """The model with this id (KeyError if none)."""
        for u in self.units:
            if u.id == model:
                return u
        raise KeyError(model)

    def index(self, model: str) -> int:
        """The position of the model in `units`."""
        for i, u in enumerate(self.units):
            if u.id == model:
                return i
        raise KeyError(model)
