"""The state of a game of Guild Master: frozen structs, changed only by `evolve`.

Hidden information (deck order, face-down cards, private contracts, draft orders, stances, the
random source) is part of this state; `views.py` decides who may see what.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

import msgspec

from engine.core.rng import Rng
from games.guild_master.rules.effects import Effect

# Objective codes: the 13 order cards, plus "none" for a team with no card (Attempt a Private
# Contract or Wander). Their index is their place in the Order Resolution Sequence.
HIRE = "hire"
NONE = "none"
SPOT_LETTERS = ("A", "B", "C", "D", "E", "F")
CONTRACT_NUMBERS = ("1", "2", "3", "4", "5", "6")
OBJECTIVES: tuple[str, ...] = (HIRE, *SPOT_LETTERS, *CONTRACT_NUMBERS, NONE)
SEQUENCE = {code: i for i, code in enumerate(OBJECTIVES)}


def is_recruit(objective: str) -> bool:
    return objective in SPOT_LETTERS


def carries_gold(objective: str) -> bool:
    """Only Hire Builders and Recruit orders carry Gold."""
    return objective == HIRE or is_recruit(objective)


def is_contract(objective: str) -> bool:
    return objective in CONTRACT_NUMBERS


class Phase(StrEnum):
    SETUP = "setup"
    START = "start_of_round"
    PLOT = "plot"
    ORDERS = "orders"
    ACTION = "action"
    RESET = "reset"
    ENDED = "ended"


class _S(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class _Tagged(_S, tag_field="kind"):
    pass


# ---------------------------------------------------------------------------------------------
# Guilds


class OwnedSkillUpgrade(_S):
    slug: str
    side: Literal["fixer", "reroll"]


class CompletedContract(_S):
    """A contract in a guild's completed area. Face up while its boon is unused."""

    slug: str
    stored: tuple[int, ...] = ()  # dice placed on it by a bonus
    boon: bool = False  # an unused boon: the card is face up and can be discarded for it


class FameBreakdown(_S):
    """Where a guild's Fame came from, for the final standings."""

    contracts: int = 0
    recruits: int = 0
    upgrades: int = 0
    wander: int = 0
    effects: int = 0
    gold: int = 0
    prestige: int = 0


class Guild(_S):
    seat: int
    identity: str  # guild identity slug (name, colour, symbol)
    team: str  # starting team slug
    gold: int = 7
    fame: int = 0
    adventurers: tuple[str, ...] = ()
    skill_upgrades: tuple[OwnedSkillUpgrade, ...] = ()
    stables: int = 1
    mess_hall: int = 1
    bar: int = 1
    prestige: str | None = None
    private_contracts: tuple[str, ...] = ()
    completed: tuple[CompletedContract, ...] = ()
    fame_from: FameBreakdown = FameBreakdown()
    plot_used: tuple[str, ...] = ()  # adventurers whose plot ability was used this round
    fame_by_round: tuple[int, ...] = ()  # Fame at the end of each round


# ---------------------------------------------------------------------------------------------
# The board


class AdventurerSpot(_S):
    """Recruit spot A–F: a deck whose top card is face up or face down."""

    letter: str
    deck: tuple[str, ...] = ()
    face_up: bool = False
    used: bool = True


class ContractSpot(_S):
    number: int
    card: str | None = None
    face_up: bool = False
    used: bool = True
    level: str = ""  # the level of the card on the spot, public even when face down


class Board(_S):
    adventurers: tuple[AdventurerSpot, ...]
    contracts: tuple[ContractSpot, ...]
    builder_start: int  # the marker's starting space on the Builder Cost track
    builder_marker: int
    common: tuple[str, ...] = ()  # contract decks, top card first
    heroic: tuple[str, ...] = ()
    legendary: tuple[str, ...] = ()
    contract_discard: tuple[str, ...] = ()
    adventurer_discard: tuple[str, ...] = ()
    skill_supply: dict[str, int] = msgspec.field(default_factory=dict)
    core_supply: dict[str, int] = msgspec.field(default_factory=dict)
    prestige_supply: tuple[str, ...] = ()

    def deck(self, level: str) -> tuple[str, ...]:
        return getattr(self, level)


# ---------------------------------------------------------------------------------------------
# Orders


class Build(_S):
    """One way to use hired Builders: a skill upgrade (slug and side) and/or a core upgrade (by
    kind: its next level), or a prestige upgrade alone."""

    core: str = ""
    skill: str = ""
    side: Literal["", "fixer", "reroll"] = ""
    prestige: str = ""


class Plan(_S):
    """Answers given in advance with an order, so resolution needs no round trip.

    - skill: the skill to use (contract target, contested checks, wander); "" = the best one.
    - builds: for Hire Builders, the builds in order of preference; the first one that can be
      afforded and is allowed is built. None = ask when the order resolves; () = build nothing.
    - replace: the deck that replaces a completed contract; "" = the same level (see rules notes);
      "ask" = ask when it happens.
    - fallback: when the order is missed or declined: "auto" (the private contract with the best
      chance, else wander), "wander", "ask", or a private contract's slug.
    - rolls: "auto" uses fixers, re-rolls and boons as well as possible; "ask" stops after each
      roll for the guild to decide.
    - cooperation: "auto" or "ask" (which target and which adventurers, when cooperating).
    """

    skill: str = ""
    builds: tuple[Build, ...] | None = None
    replace: str = ""
    fallback: str = "auto"
    rolls: Literal["auto", "ask"] = "auto"
    cooperation: Literal["auto", "ask"] = "auto"


class OrderOutcome(_S):
    """What became of a revealed order, as the table saw it happen: `kind` is `hired`,
    `recruited`, `not_recruited`, `missed`, `conflict_won`, `conflict_lost`, `completed`,
    `failed` or `wandered`; with the Fame and Gold it gained and the card (an upgrade, an
    adventurer, a contract) or reason it concerned."""

    kind: str
    fame: int = 0
    gold: int = 0
    card: str = ""


class Order(_S):
    """An order on an order space. `status` is used once orders are revealed: a declined order
    keeps its card (and its place in the Order Resolution Sequence), where its team then attempts
    a private contract or wanders. `outcomes` tell what became of it, in order (a missed order
    may then wander, say)."""

    space: int
    team: tuple[str, ...]
    objective: str = NONE
    gold: int = 0
    plan: Plan = Plan()
    status: Literal["pending", "declined", "done"] = "pending"
    outcomes: tuple[OrderOutcome, ...] = ()


class SplitTerms(_S):
    """A negotiated reward split for a contested contract. Unset parts use the default split."""

    gold: tuple[int, ...] | None = None  # per contesting guild, in the order of `seats`
    bonus: int | None = None  # seat that receives the bonus
    keeper: int | None = None  # seat that keeps the card and draws the replacement


class Proposal(_S):
    by: int
    terms: SplitTerms
    accepted: tuple[int, ...] = ()


# ---------------------------------------------------------------------------------------------
# Skill checks


class CheckResult(_S):
    seat: int
    skill: str
    dice: tuple[int, ...]
    total: int
    target: int | None = None
    penalty: int = 0  # conflict penalty already included in target
    skill_dice: int = 0  # dice from skills (capped at 10), before effects


class ActiveCheck(_S):
    """A skill check waiting for its guild to fix, re-roll or finish (rolls = "ask")."""

    key: str
    seat: int
    skill: str
    dice: tuple[int, ...]
    skill_dice: int
    bonus: int = 0  # flat additions (stored dice from boons)
    fixers: tuple[int, ...] = ()  # values still available to fix a die to
    rerolls: int = 0  # single-die re-rolls still available
    boons: tuple[str, ...] = ()  # completed contracts whose boon can be used on this check
    target: int | None = None  # for display and the automatic policy
    goal: Literal["target", "high", "wander"] = "target"


# ---------------------------------------------------------------------------------------------
# The Action Phase work queue. Each task is one step of the Order Resolution Sequence.


class SpaceTask(_Tagged, tag="space"):
    space: int


class HireTask(_Tagged, tag="hire"):
    space: int


class BuildTask(_Tagged, tag="build"):
    seat: int
    space: int


class RecruitTask(_Tagged, tag="recruit"):
    space: int
    spot: str


class ContractTask(_Tagged, tag="contract"):
    space: int
    spot: int


class ContestedCheckTask(_Tagged, tag="contested_check"):
    """A contested skill check deciding priority for Hire Builders or a tied Recruit."""

    purpose: Literal["hire", "recruit"]
    space: int
    seats: tuple[int, ...]
    spot: str = ""


class ContestTask(_Tagged, tag="contest"):
    """An Attempt Contract Contest: negotiation, stances, conflictors, then cooperators."""

    space: int
    spot: int
    seats: tuple[int, ...]
    stage: Literal["stances", "conflict", "cooperate"] = "stances"
    proposals: tuple[Proposal, ...] = ()
    agreed: SplitTerms | None = None
    stances: dict[str, str] = msgspec.field(default_factory=dict)  # seat -> stance (secret)
    choices: dict[str, CoopChoice] = msgspec.field(default_factory=dict)  # cooperation answers


class CoopChoice(_S):
    """A cooperating guild's choice: the target skill and the adventurers it contributes."""

    skill: str
    adventurers: tuple[str, ...]


class AttemptTask(_Tagged, tag="attempt"):
    """One guild attempts a contract alone: on the board (spot) or a private contract (slug)."""

    seat: int
    space: int
    spot: int = 0
    private: str = ""


class CompleteTask(_Tagged, tag="complete"):
    """Rewards for a completed contract: Gold and Fame, then Bonus, then the card, then the
    replacement. `gold` is each completer's share; `keeper` keeps the card."""

    contract: str
    space: int
    seats: tuple[int, ...]
    gold: tuple[int, ...]
    bonus: int
    keeper: int
    spot: int = 0  # 0 for a private contract
    stage: Literal["rewards", "bonus", "keep", "replace"] = "rewards"
    choice: int | None = None  # answer to the bonus's "chosen" target
    stored: tuple[int, ...] = ()  # dice a bonus placed on the card


class FallbackTask(_Tagged, tag="fallback"):
    """The team may Attempt a Private Contract or Wander."""

    seat: int
    space: int


class UnassignedTask(_Tagged, tag="unassigned"):
    """Orders without an order card resolve last in their order space."""

    space: int


class WanderTask(_Tagged, tag="wander"):
    seat: int
    space: int


Task = (
    SpaceTask
    | HireTask
    | BuildTask
    | RecruitTask
    | ContractTask
    | ContestedCheckTask
    | ContestTask
    | AttemptTask
    | CompleteTask
    | FallbackTask
    | UnassignedTask
    | WanderTask
)


# ---------------------------------------------------------------------------------------------
# Effects waiting for their owner's choice


class EffectPrompt(_S):
    """An ability, bonus or boon stopped at a primitive that needs its owner's choice: which drawn
    contracts to keep, which peeked cards go to the bottom, or what to build with free Builders.
    `rest` are the primitives still to resolve after it. `drawn` cards are held here, out of every
    deck; `seen` cards stay where they are. Both are the owner's secret."""

    seat: int
    cause: str
    op: Effect
    rest: tuple[Effect, ...] = ()
    chosen: int | None = None
    drawn: tuple[str, ...] = ()
    seen: tuple[str, ...] = ()


# ---------------------------------------------------------------------------------------------
# Phase steps


class SetupChoice(_S):
    contract: str
    side: Literal["fixer", "reroll"]


class SetupStep(_Tagged, tag="setup"):
    dealt: tuple[tuple[str, ...], ...]  # the three commons dealt to each seat
    choices: tuple[SetupChoice | None, ...]


class PlotStep(_Tagged, tag="plot"):
    order: tuple[int, ...]  # seats with a usable plot ability, in descending Fame order
    index: int = 0


class OrderStep(_Tagged, tag="orders"):
    drafts: tuple[tuple[Order, ...], ...]
    ready: tuple[bool, ...]


class Correction(_S):
    seat: int
    space: int
    reason: str


class ActionStep(_Tagged, tag="action"):
    orders: tuple[tuple[Order, ...], ...]
    queue: tuple[Task, ...] = ()
    corrections: tuple[Correction, ...] = ()  # mistaken orders their guild may correct
    check: ActiveCheck | None = None
    results: dict[str, CheckResult] = msgspec.field(default_factory=dict)

    def order(self, seat: int, space: int) -> Order | None:
        for o in self.orders[seat]:
            if o.space == space:
                return o
        return None


class FinalScore(_S):
    seat: int
    fame: int
    gold_fame: int
    prestige_fame: int
    winner: bool


class EndStep(_Tagged, tag="ended"):
    scores: tuple[FinalScore, ...]
    winners: tuple[int, ...]


Step = SetupStep | PlotStep | OrderStep | ActionStep | EndStep


class GameState(_S):
    pack: str
    players: int
    short: bool
    rounds: int
    round: int
    phase: Phase
    rng: Rng
    board: Board
    guilds: tuple[Guild, ...]
    step: Step | None = None
    prompt: EffectPrompt | None = None  # an effect waiting for its owner's choice
    seq: int = 0  # events applied so far

    @property
    def moon(self) -> str:
        """ "half" or "full": Round 1 is a Half Moon and the marker flips every round."""
        return "half" if self.round % 2 == 1 else "full"

    @property
    def blood_moon(self) -> bool:
        """Every third round (3, 6, 9) is also a Blood Moon."""
        return self.round % 3 == 0
