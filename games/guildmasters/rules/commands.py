"""Commands of Guildmasters: what a guild asks to do. `decide` turns each into events or refuses it
with a `RuleError`."""

from __future__ import annotations

import msgspec


class Command(msgspec.Struct, frozen=True, tag_field="type", tag=True, forbid_unknown_fields=True):
    seat: int


class Pick(Command):
    """Draft: keep `card` from the first pack you hold; the rest passes on."""

    card: str


class Fulfil(Command):
    """Fulfil `quest` (on the board, or kept by Ajna) with adventurer `cards` from your hand
    (Bards among them, for influence), recruit `tiles` not yet used this game turn and cycle
    tokens of the `cycles` forces."""

    quest: str
    cards: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    cycles: tuple[str, ...] = ()


class Activate(Command):
    """Discard `card` to use its ability as your action: `target` a guild (Rogue, Mage), `give`
    the cards you give (Mage), `level` the quest deck to look at (Monk), `take` the card to take
    from the top 5 of the discard pile (Necromancer)."""

    card: str
    target: int = -1
    give: tuple[str, ...] = ()
    level: int = 0
    take: str = ""


class Choose(Command):
    """Finish an ability you are looking at: the card a Scout takes, the quest a Monk keeps, or
    the card a Rogue keeps (`pick`) and the one it discards (`drop`)."""

    pick: str
    drop: str = ""


class Recruit(Command):
    """Discard two `cards` of one class to recruit that class from the tavern."""

    cards: tuple[str, str]


class Pass(Command):
    """Pass: take no more actions, recruits or quests this main phase."""


class EndTurn(Command):
    """End your turn after its action without fulfilling a quest."""


class React(Command):
    """Answer the open reaction: `card` the Warrior, Assassin, Hunter or Cleric you discard for it
    ("" for no), `victim` the card an Assassin kills or a Cleric returns."""

    card: str = ""
    victim: str = ""


class ApplyDefaults(Command):
    """Answer the pending decisions of `seats` (every waiting seat when empty) with their
    defaults, as a deadline passing does."""

    seats: tuple[int, ...] = ()


COMMAND_TYPES: tuple[type, ...] = (
    Pick,
    Fulfil,
    Activate,
    Choose,
    Recruit,
    Pass,
    EndTurn,
    React,
    ApplyDefaults,
)
