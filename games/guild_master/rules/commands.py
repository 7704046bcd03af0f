"""Commands of Guild Master: what a seat asks to do, in the imperative. `decide` turns each into
events or refuses it with a `RuleError`."""

from __future__ import annotations

from typing import Literal

import msgspec

from games.guild_master.rules.state import Build, Order, SplitTerms


class Command(msgspec.Struct, frozen=True, tag_field="type", tag=True, forbid_unknown_fields=True):
    seat: int


class ChooseSetup(Command):
    """Setup 3–4: the common contract to place on the board, and the starting upgrade's side."""

    contract: str
    side: Literal["fixer", "reroll"]


class UsePlotAbility(Command):
    """Plot Phase: use an adventurer's plot ability; `target` for effects on a chosen guild."""

    adventurer: str
    target: int | None = None


class UseBoon(Command):
    """Plot Phase: discard a completed contract to use its plot boon; `target` for effects on a
    chosen guild."""

    contract: str
    target: int | None = None


class EndPlot(Command):
    """Plot Phase: done using plot abilities this round."""


class SetOrders(Command):
    """Order Phase: replace the guild's draft orders (the whole set)."""

    orders: tuple[Order, ...]
    ready: bool = False


class SetReady(Command):
    """Order Phase: hang (or take down) the Guild Ribbon."""

    ready: bool = True


class CorrectOrder(Command):
    """Mistaken-order rule: put Gold on the order, or give it up (`gold` 0) and wander."""

    space: int
    gold: int


class ProposeSplit(Command):
    """Contested contract: propose how to split the rewards if everyone cooperates."""

    terms: SplitTerms


class AnswerSplit(Command):
    """Contested contract: accept or reject the proposal made by seat `by`."""

    by: int
    accept: bool


class ChooseStance(Command):
    """Contested contract: the secret Contest token, or withdraw to a private contract/wander."""

    stance: Literal["cooperate", "conflict", "withdraw"]


class ChooseCooperation(Command):
    """Cooperating at a contract: the target skill and the adventurers of the team taking part."""

    skill: str
    adventurers: tuple[str, ...]


class DeclineOrder(Command):
    """Action Phase: do not carry out an order that has not resolved yet; its team attempts a
    private contract or wanders instead ("Before resolving any Order... Guilds may decide not to
    carry out the Order")."""

    space: int


class ChooseBuilds(Command):
    """Hire Builders: what to build, in order of preference (empty: build nothing)."""

    space: int
    builds: tuple[Build, ...]


class ChooseFallback(Command):
    """Missed or declined order: a private contract's slug, or "wander"."""

    space: int
    choice: str


class ChooseReplacement(Command):
    """Completed contract: the deck that replaces it ("common", "heroic" or "legendary")."""

    space: int
    level: str


class ChooseBonusTarget(Command):
    """A bonus effect on a chosen guild: which one."""

    target: int


class ModifyRoll(Command):
    """A skill check waiting on its guild: fix a die, re-roll a die, use a boon, finish as it
    stands ("done"), or let the engine use what is left as well as possible ("auto")."""

    action: Literal["fix", "reroll", "boon", "done", "auto"]
    die: int = 0
    value: int = 0  # the fixer's value, for "fix"
    contract: str = ""  # the boon's contract, for "boon"


class KeepContracts(Command):
    """An effect drew contracts: the ones to keep as Private Contracts (the rest go back on top
    of the Common deck)."""

    keep: tuple[str, ...]


class ArrangePeek(Command):
    """An effect showed the top cards of a Contract deck: the ones to put on the bottom."""

    bottom: tuple[str, ...] = ()


class ChooseFreeBuild(Command):
    """An effect gave free Builders: what to build with them (None: build nothing)."""

    build: Build | None = None


class PayGold(Command):
    """Pay Gold to another guild, to honour a deal made at the table."""

    to: int
    amount: int


class ApplyDefaults(Command):
    """Answer every pending decision of `seats` (all if empty) with its documented default.

    Used when a deadline passes or a host forces the phase on; `seat` is the acting seat or -1.
    """

    seats: tuple[int, ...] = ()


COMMAND_TYPES: tuple[type[Command], ...] = (
    ChooseSetup,
    UsePlotAbility,
    UseBoon,
    EndPlot,
    SetOrders,
    SetReady,
    CorrectOrder,
    DeclineOrder,
    ProposeSplit,
    AnswerSplit,
    ChooseStance,
    ChooseCooperation,
    ChooseBuilds,
    ChooseFallback,
    ChooseReplacement,
    ChooseBonusTarget,
    ModifyRoll,
    KeepContracts,
    ArrangePeek,
    ChooseFreeBuild,
    PayGold,
    ApplyDefaults,
)
