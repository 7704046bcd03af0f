"""The vocabulary content is written in: effect primitives, triggers, tests and the stat ranges.

Every trait, character play and game plan is data built from the handful of primitives named
here, so the rules layer implements each primitive once rather than one function per card (the
fireplace way). Each primitive lists its arguments (with their ranges or choices) and the places
it may appear: `play` (a character, heroic or legendary play's effect on each model it affects),
`ongoing` (what an AOE's ongoing effect does to a model entering it or ending its activation in
it), `trait` (a character trait) and `plan` (a game plan). docs/content.md explains each one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

CONDITIONS = ("bleed", "burning", "knocked_down", "poison", "snared")
# The stats a `modify` may change; `mov` changes both distances, as burning's "-2"/-2" MOV" does.
MODIFIABLE = ("mov", "tac", "kick_dice", "kick_distance", "def", "arm", "melee_zone")
ADVANCES = ("jog", "sprint", "charge")
TERRAIN = ("rough", "fast")
SIDES = ("enemy", "friendly", "all")

PLAY = "play"
ONGOING = "ongoing"
TRAIT = "trait"
PLAN = "plan"


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a primitive: a whole number in `low..high` or one of `choices`."""

    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    nonzero: bool = False

    def problem(self, value: object) -> str | None:
        """Why `value` is not acceptable, or None."""
        if self.choices:
            if value not in self.choices:
                return f"{value!r} is not one of {', '.join(self.choices)}"
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            return f"{value!r} is not a whole number"
        if not self.low <= value <= self.high:
            return f"{value} is not within {self.low}..{self.high}"
        if self.nonzero and value == 0:
            return "must not be 0"
        return None


@dataclass(frozen=True, slots=True)
class Primitive:
    """A named effect with its arguments, the places it may appear, and its meaning."""

    name: str
    args: Mapping[str, Arg]
    places: frozenset[str]
    meaning: str


def _p(name: str, meaning: str, places: tuple[str, ...], **args: Arg) -> Primitive:
    return Primitive(name, args, frozenset(places), meaning)


_AMOUNT = Arg(1, 6)
_INCHES = Arg(1, 6)
PRIMITIVES: Mapping[str, Primitive] = {
    p.name: p
    for p in (
        _p("damage", "the model suffers `amount` DMG", (PLAY, ONGOING, TRAIT), amount=_AMOUNT),
        _p(
            "condition",
            "the model suffers the named condition",
            (PLAY, ONGOING, TRAIT),
            condition=Arg(choices=CONDITIONS),
        ),
        _p("clear_conditions", "the model removes all conditions", (PLAY, TRAIT, PLAN)),
        _p("heal", "the model recovers `amount` HP", (PLAY, TRAIT, PLAN), amount=_AMOUNT),
        _p(
            "push",
            'the model suffers a `distance`" push, directed as a playbook push is',
            (PLAY, TRAIT),
            distance=_INCHES,
        ),
        _p(
            "dodge",
            'the model may make a `distance`" dodge',
            (PLAY, TRAIT, PLAN),
            distance=_INCHES,
        ),
        _p("tackle", "if the model has the ball, the origin gains possession", (PLAY, TRAIT)),
        _p(
            "scatter_ball",
            "if the model has the ball, it scatters (circular scatter from the model)",
            (PLAY, TRAIT),
        ),
        _p(
            "advance",
            "the model makes an additional advance of the kind named, costing no influence",
            (PLAY, TRAIT),
            kind=Arg(choices=ADVANCES),
        ),
        _p("attack", "the model makes an attack without spending influence", (PLAY, TRAIT)),
        _p(
            "gain_influence",
            "the model is allocated `amount` influence, up to its max INF",
            (PLAY, TRAIT, PLAN),
            amount=Arg(1, 3),
        ),
        _p(
            "lose_influence",
            "the model loses up to `amount` unspent influence",
            (PLAY, ONGOING, TRAIT),
            amount=Arg(1, 3),
        ),
        _p(
            "gain_momentum",
            "the model's team gains `amount` MP (once per resolution, however many are affected)",
            (PLAY, TRAIT, PLAN),
            amount=Arg(1, 2),
        ),
        _p(
            "modify",
            "the model's `stat` changes by `amount` for the effect's duration",
            (PLAY, ONGOING, TRAIT, PLAN),
            stat=Arg(choices=MODIFIABLE),
            amount=Arg(-3, 3, nonzero=True),
        ),
        _p(
            "terrain",
            "the AOE counts as terrain of the kind named until the End Phase",
            (ONGOING,),
            kind=Arg(choices=TERRAIN),
        ),
        _p(
            "immune",
            "the model may not suffer the named condition",
            (TRAIT,),
            condition=Arg(choices=CONDITIONS),
        ),
    )
}


@dataclass(frozen=True, slots=True)
class Trigger:
    """A moment a triggered trait or a turn-long game plan answers, and who `target` is then."""

    name: str
    meaning: str
    counterpart: str = ""  # what "target" names at this moment ("" when there is none)


TRIGGERS: Mapping[str, Trigger] = {
    t.name: t
    for t in (
        Trigger("start_of_activation", "the model's activation starts"),
        Trigger("end_of_activation", "the model's activation ends"),
        Trigger("attack_hit", "after the model's attack hits an enemy", "the attacked model"),
        Trigger("charge_hit", "after the attack of the model's charge hits", "the charged model"),
        Trigger("hit_by_attack", "after an enemy attack hits the model", "the attacker"),
        Trigger("tackles", "the model gains the ball with a tackle", "the tackled model"),
        Trigger("takes_out", "the model inflicts the taken out condition", "the model taken out"),
        Trigger("taken_out", "the model suffers the taken out condition"),
        Trigger("scores_goal", "the model scores a goal"),
        Trigger("pass_made", "the model makes a successful pass to a friendly model", "receiver"),
        Trigger("gains_ball", "the model gains possession of the ball (any way)"),
    )
}


@dataclass(frozen=True, slots=True)
class Test:
    """A condition an effect needs (`if`), about the model or its current target."""

    name: str
    meaning: str
    args: Mapping[str, Arg] = field(default_factory=dict)


TESTS: Mapping[str, Test] = {
    t.name: t
    for t in (
        Test("has_ball", "the model is in possession of the ball"),
        Test("no_ball", "the model is not in possession of the ball"),
        Test("engaged", "an enemy model engages the model"),
        Test("not_engaged", "no enemy model engages the model"),
        Test("damaged", "one or more cells of the model's health bar are marked"),
        Test("charging", "the model is making a charge"),
        Test("in_enemy_half", "the model is completely within the enemy half of the pitch"),
        Test(
            "near_captain",
            'the model is within `distance`" of its friendly Captain',
            {"distance": Arg(1, 8)},
        ),
        Test("target_has_ball", "the target is in possession of the ball"),
        Test(
            "target_has",
            "the target is suffering the named condition",
            {"condition": Arg(choices=CONDITIONS)},
        ),
    )
}

# The playbook result vocabulary: what each token of a result means (docs/content.md).
PLAY_ICONS = ("s", "t")  # the rulebook's two play icons, shown as 'Ⓢ' and 'Ⓣ' in the text
RESULT_KINDS = ("dmg", "push", "dodge", "KD", "tackle", "play-s", "play-t")
RESULT_SIZE = {"dmg": (1, 6), "push": (1, 3), "dodge": (1, 3)}


@dataclass(frozen=True, slots=True)
class StatRange:
    """The values a stat may take in our content, and why (docs/content.md, "Numbers")."""

    low: int
    high: int
    why: str


STAT_RANGES: Mapping[str, StatRange] = {
    "jog": StatRange(4, 7, 'burning or snared take 2" off; a 4" jog still moves'),
    "sprint_over_jog": StatRange(2, 3, 'the book\'s example is 6"/8"'),
    "tac": StatRange(1, 7, "a dice pool may never be reduced to zero"),
    "kick_dice": StatRange(1, 4, "a 4+ TN test; the example model kicks 3 dice"),
    "kick_distance": StatRange(4, 10, 'the example kicks 8"; a goal kick goes within 10"'),
    "def": StatRange(2, 6, "a target number is never below 2+ or above 6+"),
    "arm": StatRange(0, 3, "hits deducted from an attack; 3 already turns most attacks"),
    "inf_base": StatRange(0, 4, "the example generates 2"),
    "inf_max": StatRange(1, 6, "the example may hold 4"),
    "hp": StatRange(6, 22, "a 1 VP mascot is short; captains last longest"),
    "recovery": StatRange(1, 10, "the health a model returns with, below its health"),
    "melee_zone": StatRange(1, 2, 'the book\'s models reach 1" or 2"'),
    "cost": StatRange(1, 5, "a play's cost is also its dice pool"),
    "range": StatRange(1, 12, "inches; a character play reaches across part of the pitch"),
    "area_size": StatRange(1, 8, "a pulse or aura reaches this many inches from the base"),
    "playbook_columns": StatRange(4, 8, "the book's wrap needs at most a charge's net hits"),
    "initiative": StatRange(1, 5, "added to the MP carried over from the last turn"),
    "influence": StatRange(-2, 2, "added to or subtracted from the team's influence pool"),
}
BASE_SIZES = (30, 40, 50)
AOE_DIAMETER = 3  # "a circular template that's 3" in diameter"
