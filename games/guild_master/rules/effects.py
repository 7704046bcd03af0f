"""The named effect primitives that abilities, contract effects and events are built from.

Cards are data: a card lists primitives, and the rules modules apply them in their timing windows
(see `abilities.py`). Each primitive is a small tagged struct; its tag is the `op` written in the
content files. Three families:

- resource primitives resolve at once (Gold, Fame, cards, Builders); some need their owner to
  choose (a rival guild, contracts to keep, a build), and the engine asks at that moment;
- check modifiers change a skill check (extra dice, fixers, re-rolls, stored dice);
- standing modifiers change a rule while their card is active (minimum bids, Builder costs,
  income, the conflict penalty).
"""

from __future__ import annotations

from typing import Literal

import msgspec

# Whom an effect touches. "chosen": the effect's owner picks another guild when it resolves.
Who = Literal["self", "chosen", "others", "all", "most_fame", "least_fame"]
# Which skill checks a check modifier applies to: "" every check; "contract" attempts at a
# contract (alone, conflicting or cooperating); "contest" the contested checks that decide
# priority at Hire Builders and tied Recruit bids; "wander" wandering.
CheckKind = Literal["", "contract", "contest", "wander"]


class _Op(msgspec.Struct, frozen=True, tag_field="op", forbid_unknown_fields=True):
    pass


# --- resource primitives ----------------------------------------------------------------------


class GainGold(_Op, tag="gain_gold"):
    """The guild(s) gain `amount` Gold from the supply."""

    amount: int
    who: Who = "self"


class PayGold(_Op, tag="pay_gold"):
    """A cost: the owner pays `amount` Gold to the supply. An ability with a cost it cannot pay
    cannot be used."""

    amount: int


class GainFame(_Op, tag="gain_fame"):
    """The guild(s) gain `amount` Fame."""

    amount: int
    who: Who = "self"


class LoseFame(_Op, tag="lose_fame"):
    """Fame lost never takes a guild below 0."""

    amount: int
    who: Who = "self"


class GiveGold(_Op, tag="give_gold"):
    """The owner gives `amount` of its own Gold to the target guild(s) (as much as it has)."""

    amount: int
    who: Who = "chosen"


class TakeGold(_Op, tag="take_gold"):
    """The owner takes up to `amount` Gold from each target guild (as much as it has)."""

    amount: int
    who: Who = "chosen"


class DrawPrivate(_Op, tag="draw_private"):
    """Draw `draw` Common Contracts, keep `keep` of them as Private Contracts and put the rest
    back on top of the deck. The owner chooses which to keep."""

    draw: int = 1
    keep: int = 1


class Peek(_Op, tag="peek"):
    """Look at the top `count` cards of the `level` Contract deck (in secret) and put any of them
    on the bottom of that deck."""

    level: Literal["common", "heroic", "legendary"]
    count: int = 1


class FreeBuilder(_Op, tag="free_builder"):
    """Hire up to `count` Builders for free and build with them at once. "Any effect that lets
    you hire a Builder (even for free) still moves the Builder Cost marker up.\""""

    count: int = 1


class RollStore(_Op, tag="roll_store"):
    """Bonus: roll `dice` dice and place them on the completed contract."""

    dice: int = 1


# --- check modifiers --------------------------------------------------------------------------


class AddDice(_Op, tag="add_dice"):
    """Skill checks of `skill` (any skill if empty) roll `amount` extra dice, beyond the cap of
    10 (fewer, if negative)."""

    amount: int
    skill: str = ""
    on: CheckKind = ""


class FixDie(_Op, tag="fix_die"):
    """After rolling a check of `skill` (any if empty), one die may be set to `value`."""

    value: int = 5
    skill: str = ""
    on: CheckKind = ""


class Reroll(_Op, tag="reroll"):
    """After rolling a check of `skill` (any if empty), re-roll up to `dice` dice, one at a time."""

    dice: int
    skill: str = ""
    on: CheckKind = ""


class AddStored(_Op, tag="add_stored"):
    """Boon: discard the contract to add the dice stored on it to one check of `skill`."""

    skill: str = ""


# --- standing modifiers -----------------------------------------------------------------------


class BidChange(_Op, tag="bid_change"):
    """Minimum bids for adventurers change by `amount` (never below 1): for everyone while an
    event is face up, or for the owner of an ability."""

    amount: int


class BuilderChange(_Op, tag="builder_change"):
    """Each Builder hired costs `amount` more Gold (less, if negative; never below 1): for
    everyone while an event is face up, or for the owner of an ability."""

    amount: int


class IncomeChange(_Op, tag="income_change"):
    """Event: every guild's income in the Reset Phase changes by `amount` (never below 0)."""

    amount: int


class PenaltyChange(_Op, tag="conflict_penalty"):
    """The owner's Skill Check Penalty when conflicting changes by `amount` (never below 0)."""

    amount: int


Effect = (
    GainGold
    | PayGold
    | GainFame
    | LoseFame
    | GiveGold
    | TakeGold
    | DrawPrivate
    | Peek
    | FreeBuilder
    | RollStore
    | AddDice
    | FixDie
    | Reroll
    | AddStored
    | BidChange
    | BuilderChange
    | IncomeChange
    | PenaltyChange
)

# Primitives that change a skill check rather than the guilds' resources.
CHECK_MODIFIERS = (AddDice, FixDie, Reroll)
# Primitives that change a rule while their card is active.
STANDING = (BidChange, BuilderChange, IncomeChange, PenaltyChange)
# Primitives that resolve at once, changing Gold, Fame, cards or upgrades.
RESOURCE = (
    GainGold,
    PayGold,
    GainFame,
    LoseFame,
    GiveGold,
    TakeGold,
    DrawPrivate,
    Peek,
    FreeBuilder,
)
# Resource primitives that stop for their owner's choice (besides a "chosen" guild).
CHOICES = (DrawPrivate, Peek, FreeBuilder)
