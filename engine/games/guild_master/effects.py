"""The named effect primitives that abilities, contract effects and events are built from.

Cards are data: a card lists primitives, and the rules modules apply them in their timing windows
(see `abilities.py`). Each primitive is a small tagged struct; its tag is the `op` written in the
content files.
"""

from __future__ import annotations

from typing import Literal

import msgspec

# Whom an effect touches. "chosen": the effect's owner picks another guild when it resolves.
Who = Literal["self", "chosen", "others", "all", "most_fame", "least_fame"]


class _Op(msgspec.Struct, frozen=True, tag_field="op", forbid_unknown_fields=True):
    pass


class GainGold(_Op, tag="gain_gold"):
    """The guild(s) gain `amount` Gold from the supply."""

    amount: int
    who: Who = "self"


class PayGold(_Op, tag="pay_gold"):
    """A cost: the owner pays `amount` Gold to the supply. An ability with a cost it cannot pay
    cannot be used."""

    amount: int


class GainFame(_Op, tag="gain_fame"):
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


class AddDice(_Op, tag="add_dice"):
    """Skill checks of `skill` (any skill if empty) roll `amount` extra dice, beyond the cap of
    10."""

    amount: int
    skill: str = ""


class FixDie(_Op, tag="fix_die"):
    """After rolling a check of `skill` (any if empty), one die may be set to `value`."""

    value: int = 5
    skill: str = ""


class Reroll(_Op, tag="reroll"):
    """After rolling a check of `skill` (any if empty), re-roll up to `dice` dice, one at a time."""

    dice: int
    skill: str = ""


class RollStore(_Op, tag="roll_store"):
    """Bonus: roll `dice` dice and place them on the completed contract."""

    dice: int = 1


class AddStored(_Op, tag="add_stored"):
    """Boon: discard the contract to add the dice stored on it to one check of `skill`."""

    skill: str = ""


class BidChange(_Op, tag="bid_change"):
    """Event: minimum bids for adventurers change by `amount` (never below 1)."""

    amount: int


Effect = (
    GainGold
    | PayGold
    | GainFame
    | LoseFame
    | GiveGold
    | AddDice
    | FixDie
    | Reroll
    | RollStore
    | AddStored
    | BidChange
)

# Primitives that change a skill check rather than the guilds' resources.
CHECK_MODIFIERS = (AddDice, FixDie, Reroll)
