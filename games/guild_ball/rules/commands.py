"""Commands of Guild Ball: what a seat asks to do. `decide` turns each into events or refuses it
with a `RuleError` that says what to do instead.

Models are named by id ("0-oswin-tollbright"); places are (x, y) in inches on the pitch engine's
axes; paths are waypoints after the model's own position. `bonus` spends 1 MP on Bonus Time
("add one die to the dice pool before rolling"); on an Attack or a Charge whose target responds
(Counter-Attack, Defensive Stance) it is the default of the attacker's answer at step 2.2
(`BonusTime`).
"""

from __future__ import annotations

import msgspec

Point = tuple[float, float]


class Command(msgspec.Struct, frozen=True, tag_field="type", tag=True, forbid_unknown_fields=True):
    seat: int


class Prepare(Command):
    """Pre-game: pick the team (a guild, whose Captain plays, and two of its Squaddies) and
    discard two of the seven game plans dealt, face down."""

    guild: str
    squaddies: tuple[str, ...]
    discard: tuple[str, ...]


class ChooseKicking(Command):
    """The starting roll's winner: kick (True) or receive (False)."""

    kick: bool


class Deploy(Command):
    """Deploy every model completely within 10" of the own table edge (`places`: model, x, y);
    the kicking seat names its kicker, who takes the ball."""

    places: tuple[tuple[str, float, float], ...]
    kicker: str = ""


class KickOff(Command):
    """The kicker may jog (`path`, may be empty) and then kicks to a target spot in range."""

    path: tuple[Point, ...]
    target: Point


class ChoosePlan(Command):
    """The Initiative Phase: the game plan played this turn, from the hand."""

    plan: str


class ChooseInitiative(Command):
    """The higher initiative total: take the initiative (True) or give it to the other team."""

    take: bool = True


class Allocate(Command):
    """The Maintenance Phase: influence per model (up to its max INF, the pool at most) and the
    place each returning model jogs to from the own table edge."""

    influence: tuple[tuple[str, int], ...]
    returns: tuple[tuple[str, float, float], ...] = ()


class Activate(Command):
    """Select a friendly model on the pitch that has not activated this turn; a free ball
    within 1" snaps to it unless `take_ball` is False ("may choose to take possession")."""

    model: str
    take_ball: bool = True


class SkipActivation(Command):
    """Activate a model (the first not yet activated if `model` is empty) and end its activation
    at once: what an absent player's model does ("Each model must take an activation")."""

    model: str = ""


class Jog(Command):
    """The standard advance as a jog (0 influence, up to the base move) along `path`; the free
    ball it moves within 1" of snaps to it unless `take_ball` is False ("may choose to take
    possession": the ball is then a marker it crosses but may not end on)."""

    path: tuple[Point, ...]
    take_ball: bool = True


class Sprint(Command):
    """The standard advance as a sprint (1 influence, up to the max move) along `path`; the
    free ball it moves within 1" of snaps to it unless `take_ball` is False (as a jog's)."""

    path: tuple[Point, ...]
    take_ball: bool = True


class Charge(Command):
    """The standard advance as a charge (2 influence) in a straight line to `end`, which must
    leave the active model engaging `target`; then a free attack with +4 TAC."""

    target: str
    end: Point
    bonus: bool = False


class StandUp(Command):
    """Forfeit the standard advance to remove the knocked down condition."""


class Attack(Command):
    """Attack an engaged enemy model (1 influence)."""

    target: str
    bonus: bool = False


class Pass(Command):
    """Kick the ball (1 influence) to a friendly model (`target`) or a target spot (`spot`)."""

    target: str = ""
    spot: Point | None = None
    bonus: bool = False


class GiveUpBall(Command):
    """Give up possession (not an action): place the ball with its centre at `spot`, within 1"
    of the active model; it may not take the ball again this activation."""

    spot: Point


class Shoot(Command):
    """A Shot at the enemy goalpost (1 influence and 1 MP)."""

    bonus: bool = False


class UsePlay(Command):
    """Use a character play of the active model, paid with influence, on a model (`target`)
    or, for an AOE, at a spot (`spot`). Bonus Time on an AOE is bought "individually for each
    model", 1 MP each: `bonus_for` names the models tested under the template that get the die;
    `bonus` alone buys it for every one of them (and for the one test of any other play).
    Friendly models are hit automatically unless named in `test_friends` ("The active model
    may choose to automatically succeed against friendly models": those are tested as enemies
    are); `order` names the models under an AOE in the order they are resolved ("in an order
    chosen by the active model's controlling player"; the others follow in roster order)."""

    play: str
    target: str = ""
    spot: Point | None = None
    bonus: bool = False
    bonus_for: tuple[str, ...] = ()
    test_friends: tuple[str, ...] = ()
    order: tuple[str, ...] = ()


class Glide(Command):
    """Spend 1 MP: the active model moves across rough terrain without penalty this turn
    (Gliding; not an action)."""


class Rest(Command):
    """Spend 1 MP: the active model recovers 4 HP (`clear` False) or removes all conditions."""

    clear: bool = False


class Encourage(Command):
    """Spend 2 MP: another friendly model within 8" recovers 4 HP or removes all conditions."""

    target: str
    clear: bool = False


class EndActivation(Command):
    """End the active model's activation."""


class React(Command):
    """Answer a charge or attack against your model: Counter-Attack (1 MP) and, against a
    charge, Defensive Stance (1 MP); `bonus` buys Bonus Time (1 MP more, spent at the
    Counter-Attack's step 2.2) for the Counter-Attack's attack."""

    counter: bool = False
    stance: bool = False
    bonus: bool = False


class PartingBlow(Command):
    """Answer an enemy model leaving your engaging model's melee zone or LOS: declare the
    parting blow (True, free: its player then selects its results, by default the engine's
    pick) or let the model go (False);
    `bonus` buys Bonus Time (1 MP, spent at the blow's step 2.2) for the blow's attack."""

    strike: bool = True
    bonus: bool = False


class ChooseResult(Command):
    """Select a playbook result for the attack: the column (1 = the leftmost) and the row (0 the
    plain result, 1 the momentous one, as the column holds them); `play` names the character
    play a play icon triggers, `target` its target (the attacked model by default); `push` the
    inches the attack's combined push moves the target ("A model may be moved up to the
    distance shown": at most the push, which None makes in full; the last one given counts)."""

    column: int
    row: int = 0
    play: str = ""
    target: str = ""
    push: float | None = None


class DodgeTo(Command):
    """Make the dodge on offer, along `path` (empty: decline it)."""

    path: tuple[Point, ...] = ()


class RerollScatter(Command):
    """After a successful kick to a target spot: roll the kick scatter again (True) or keep it."""

    reroll: bool = False


class Intercept(Command):
    """Take the ball with the model on the ball path (True), or let it pass (False)."""

    take: bool = False


class FollowUp(Command):
    """After a successful pass: "move" (Pass & Move, 1 MP: `model` is the passer or receiver),
    "shot" (Snap Shot, 2 MP, by the receiver) or "none"."""

    choice: str = "none"
    model: str = ""
    bonus: bool = False


class GiveBallTo(Command):
    """After the kick off lands in the kicking half or off the pitch: the model to give it to
    (empty: leave it where it is)."""

    model: str = ""


class GoalKick(Command):
    """Place the goal kick within 10" of your goalpost; it then scatters."""

    target: Point


class BonusTime(Command):
    """The attacker's answer at its attack's step 2.2 ("Player may use Bonus Time"), asked when
    the target responded at 1.1 (Counter-Attack, Defensive Stance): buy Bonus Time (1 MP, spent
    now) or not. Unanswered, the choice made with the attack or charge stands."""

    buy: bool = False


class ApplyDefaults(Command):
    """Answer the pending decisions of `seats` (every waiting seat if empty) by their defaults."""

    seats: tuple[int, ...] = ()


COMMAND_TYPES: tuple[type, ...] = (
    Prepare,
    ChooseKicking,
    Deploy,
    KickOff,
    ChoosePlan,
    ChooseInitiative,
    Allocate,
    Activate,
    SkipActivation,
    Jog,
    Sprint,
    Charge,
    StandUp,
    Attack,
    Pass,
    GiveUpBall,
    Shoot,
    UsePlay,
    Rest,
    Encourage,
    EndActivation,
    React,
    ChooseResult,
    DodgeTo,
    RerollScatter,
    Intercept,
    FollowUp,
    GiveBallTo,
    GoalKick,
    ApplyDefaults,
    Glide,
    PartingBlow,
    BonusTime,
)
