"""The timing sequences of the book as data, and the step the rules are at.

"The timing sequences are a series of steps that allow a player to pinpoint exactly when an
ability or effect triggers during the game." The "Comprehensive Timing Sequences" give six: a jog
or sprint, an activation, a charge, taking a model out, an attack and a character play; the
kicking sequence ("Kicking Sequence") and the AOE play ("Sequence of an AOE Character Play") have
their own in their chapters. Each is a `Sequence` of `Step`s numbered and named as the book
prints them, with the book's line under each.

The rules pass the steps in order: each rule calls `reach(ctx, step)` as it comes to a step, and a
trait or game plan's trigger (`traits.fire`) resolves at the step `TRIGGERED_AT` names for it
("Noxious Death identifies the step 'suffer the taken out condition', indicating that Noxious
Death triggers at step 2 in the 'Sequence of Taking a Model Out'"). A game played normally keeps
no record of the steps (they change no state and add no event); `walk` decides one command with a
context that keeps them, so a test or a reader sees each step with the events it caused.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.guild_ball.rules.context import Ctx, _rng_of
from games.guild_ball.rules.events import Event
from games.guild_ball.rules.evolve import evolve
from games.guild_ball.rules.state import GuildBallState


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a sequence: its number and name as the book prints them, and its line."""

    sequence: str
    number: str
    name: str
    meaning: str = ""

    def __str__(self) -> str:
        return f"{self.sequence} {self.number} {self.name}"


@dataclass(frozen=True, slots=True)
class Sequence:
    """A timing sequence: its title and its steps in the book's order."""

    slug: str
    title: str
    steps: tuple[Step, ...]

    def __getitem__(self, number: str) -> Step:
        for step in self.steps:
            if step.number == number:
                return step
        raise KeyError(f"{self.title} has no step {number}")


def _sequence(slug: str, title: str, *steps: tuple[str, ...]) -> Sequence:
    return Sequence(slug, title, tuple(Step(slug, *s) for s in steps))


JOG_OR_SPRINT = _sequence(
    "jog_or_sprint",
    "Sequence of a Jog or Sprint",
    (
        "1",
        "DECLARE",
        "A player states intention to jog or sprint and calculates bonuses, penalties, and "
        "restrictions",
    ),
    (
        "2",
        "DURING ADVANCE",
        "Effects, abilities, bonuses, and penalties that trigger while advancing.",
    ),
    ("3", "END ADVANCE", "Effects and abilities that trigger when an advance ends."),
)

ACTIVATION = _sequence(
    "activation",
    "Sequence of an Activation",
    (
        "1",
        "START OF ACTIVATION",
        "Check for any effects that trigger at the start of the model's activation.",
    ),
    (
        "1.1",
        "RESOLUTION",
        "Resolve any effects that triggered at the start of the model's activation, in any order "
        "the controlling player chooses.",
    ),
    ("2", "DURING ACTIVATION", "A model may make actions."),
    ("3", "END OF ACTIVATION", "Effects and abilities that trigger when an activation ends."),
)

CHARGE = _sequence(
    "charge",
    "Sequence of a Charge",
    (
        "1",
        "DECLARE",
        "A player states intention to charge and calculates bonuses, penalties, and restrictions.",
    ),
    ("1.1", "RESPONSE", "Opponent's opportunity to declare reactions."),
    (
        "2",
        "DURING ADVANCE",
        "Effects, abilities, bonuses, and penalties that trigger while advancing.",
    ),
    ("2.1", "RESPONSE", "Is the charging model engaging the target model?"),
    ("3", "END ADVANCE", "Effects and abilities that trigger when an advance ends."),
    ("4", "MAKE ATTACK", "Refer to step 2, 'Attack process', of 'Sequence of an Attack'."),
)

TAKING_OUT = _sequence(
    "taking_out",
    "Sequence of Taking a Model Out",
    (
        "1",
        "A MODEL HAS BEEN REDUCED TO 0 HP",
        "Effects and abilities that trigger when a model is reduced to 0 HP.",
    ),
    (
        "2",
        "SUFFER THE TAKEN OUT CONDITION",
        "Effects and abilities that trigger when a model suffers the taken out condition.",
    ),
    ("3", "REMOVE MODEL FROM THE PITCH"),
    (
        "4",
        "GENERATE MOMENTUM AND VP",
        "Gain any MP for inflicting the taken out condition. Gain any VP for inflicting the taken "
        "out condition.",
    ),
)

ATTACK = _sequence(
    "attack",
    "Sequence of an Attack",
    ("1", "DECLARE", "A player states their intention to attack with a model."),
    ("1.1", "RESPONSE", "Opponent's opportunity to declare reactions."),
    ("2", "ATTACK PROCESS"),
    ("2.1", "GENERATE DICE POOL", "The dice pool may not be reduced to 0."),
    ("2.2", "BONUS TIME", "Player may use Bonus Time."),
    ("2.3", "ROLL DICE"),
    ("2.3.1", "NET HITS"),
    ("2.4", "CALCULATE DAMAGE MODIFIERS"),
    ("2.5", "SELECT AND APPLY PLAYBOOK RESULTS"),
    ("2.5.1", "APPLY ANY ADDITIONAL EFFECTS OF THE ATTACK"),
    ("3", "CHECK FOR TAKEN OUT", "Has a model been reduced to 0 HP?"),
    (
        "4",
        "AFTER THE ATTACK IS RESOLVED",
        "Effects and abilities that trigger when an attack ends.",
    ),
)

CHARACTER_PLAY = _sequence(
    "character_play",
    "Sequence of a Character Play",
    ("1", "DECLARE", "A player states their intention to use a character play with a model."),
    ("2", "ATTACK PROCESS"),
    ("2.1", "GENERATE DICE POOL", "The dice pool may not be reduced to 0."),
    ("2.2", "BONUS TIME", "Player may use Bonus Time."),
    ("2.3", "ROLL DICE"),
    ("2.3.1", "DETERMINE HIT OR MISS"),
    ("2.4", "CALCULATE DAMAGE MODIFIERS"),
    ("2.5", "APPLY RESULTS OF THE CHARACTER PLAY"),
    ("3", "CHECK FOR TAKEN OUT", "Has a model been reduced to 0 HP?"),
    (
        "4",
        "AFTER THE CHARACTER PLAY IS RESOLVED",
        "Resolve effects and abilities that trigger when a character play ends.",
    ),
)

AOE_PLAY = _sequence(
    "aoe_play",
    "Sequence of an AOE Character Play",
    (
        "1",
        "DECLARE",
        "The active model declares an AOE character play and pays the applicable cost.",
    ),
    (
        "2",
        "POSITION THE TEMPLATE",
        'Position a 3" AOE template with any part of the template within the range of the '
        "character play.",
    ),
    (
        "3",
        "EACH MODEL WITHIN THE AOE",
        "perform the following steps for each model currently within the AOE, in an order chosen "
        "by the active model's controlling player",
    ),
    ("3a", "GENERATE A DICE POOL", "Generate a dice pool using the CST of the character play"),
    ("3b", "TN TEST", "A character play is resolved as a TN test of [model's current DEF]."),
    ("3c", "HIT", "If the TN test is successful, the model is hit. Apply the effect immediately."),
    ("3d", "MISS", "If the TN test is unsuccessful, that model ... is unaffected."),
    (
        "4",
        "MARK THE ONGOING EFFECT",
        'If the AOE character play has an ongoing effect, mark the AOE zone with a 3" AOE '
        "template.",
    ),
)

KICK = _sequence(
    "kick",
    "Kicking Sequence",
    (
        "1",
        "DECLARE",
        "The active model declares a pass to a target spot, a pass to another friendly model, or "
        "a Shot at a goalpost and pays any applicable costs.",
    ),
    ("2", "GENERATE A DICE POOL", "Generate a dice pool using the kicking model's base KICK."),
    ("3", "TN TEST", "A kick is resolved as a 4+ TN test."),
    ("4", "RESULT", "Upon a successful kick ... Upon an unsuccessful kick ..."),
)

SEQUENCES: tuple[Sequence, ...] = (
    JOG_OR_SPRINT,
    ACTIVATION,
    CHARGE,
    TAKING_OUT,
    ATTACK,
    CHARACTER_PLAY,
    AOE_PLAY,
    KICK,
)

# The step at which each trigger of our content (`content.schema.TRIGGERS`) resolves. "gains_ball"
# has none: a model gains the ball at many steps (a snap during an advance, a tackle at 2.5, a
# pass at the kick's step 4), and its trigger resolves at that one.
TRIGGERED_AT: dict[str, Step] = {
    "start_of_activation": ACTIVATION["1.1"],
    "end_of_activation": ACTIVATION["3"],
    "tackles": ATTACK["2.5"],
    "attack_hit": ATTACK["2.5.1"],
    "charge_hit": ATTACK["2.5.1"],
    "hit_by_attack": ATTACK["2.5.1"],
    "taken_out": TAKING_OUT["2"],
    "takes_out": TAKING_OUT["2"],
    "scores_goal": KICK["4"],
    "pass_made": KICK["4"],
}


# A play's moments in its two sequences: (Sequence of a Character Play, Sequence of an AOE
# Character Play); an AOE tests each model within the template at 3a-3d instead of 2.1-2.5.
_PLAY_STEPS: dict[str, tuple[tuple[Step, ...], tuple[Step, ...]]] = {
    "declare": ((CHARACTER_PLAY["1"],), (AOE_PLAY["1"],)),
    "template": ((), (AOE_PLAY["2"],)),
    "process": ((CHARACTER_PLAY["2"],), (AOE_PLAY["3"],)),
    "pool": ((CHARACTER_PLAY["2.1"], CHARACTER_PLAY["2.2"]), (AOE_PLAY["3a"],)),
    "roll": ((CHARACTER_PLAY["2.3"],), (AOE_PLAY["3b"],)),
    "hit_or_miss": ((CHARACTER_PLAY["2.3.1"],), ()),
    "hit": ((CHARACTER_PLAY["2.4"], CHARACTER_PLAY["2.5"]), (AOE_PLAY["3c"],)),
    "miss": ((), (AOE_PLAY["3d"],)),
    "end": ((CHARACTER_PLAY["3"], CHARACTER_PLAY["4"]), ()),
    "ongoing": ((), (AOE_PLAY["4"],)),
}


@dataclass(frozen=True, slots=True)
class Mark:
    """A step reached (with the trigger resolving there, when a trait or plan's trigger fires:
    its `when` and the model whose trigger it is)."""

    step: Step
    trigger: str = ""
    model: str = ""


class Tracing(Ctx):
    """A decide context that keeps the steps the rules reach, each before the events it causes."""

    __slots__ = ("timeline",)

    def __init__(self, state: GuildBallState) -> None:
        super().__init__(state, evolve, _rng_of)
        self.timeline: list[Mark | Event] = []

    def emit(self, event: Event) -> None:
        super().emit(event)
        self.timeline.append(event)


def reach(ctx: Ctx, step: Step) -> None:
    """The rules come to `step` (kept only by a `Tracing` context: no state changes)."""
    if type(ctx) is Tracing:
        ctx.timeline.append(Mark(step))


def reach_play(ctx: Ctx, aoe: bool, moment: str) -> None:
    """A play comes to `moment` (a key of `_PLAY_STEPS`): the steps of the AOE sequence if `aoe`,
    else of the character play's."""
    if type(ctx) is Tracing:
        for step in _PLAY_STEPS[moment][aoe]:
            ctx.timeline.append(Mark(step))


def triggered(ctx: Ctx, when: str, model: str) -> None:
    """A trigger resolves for `model` at its step (kept only by a `Tracing` context)."""
    if type(ctx) is Tracing:
        step = TRIGGERED_AT.get(when)
        if step is not None:
            ctx.timeline.append(Mark(step, when, model))


def walk(state: GuildBallState, command: object) -> tuple[list[Mark | Event], GuildBallState]:
    """Decide `command` as `flow.execute` does, keeping the steps: the timeline of steps and
    events, and the state after them."""
    from games.guild_ball.rules import flow

    ctx = Tracing(state)
    flow.run(ctx, command)
    return ctx.timeline, ctx.state


def steps_of(timeline: list[Mark | Event], sequence: Sequence) -> list[str]:
    """The numbers of `sequence`'s steps in the order the timeline reached them."""
    return [
        m.step.number
        for m in timeline
        if isinstance(m, Mark) and not m.trigger and m.step.sequence == sequence.slug
    ]
