"""Events of Guild Master: past-tense facts. Their tags are stable type names; bump `version`
(and add an upcaster in `upcasters.py`) when a field changes meaning.

Every random outcome is in an event together with the random source's state after it (`rng`), so
replaying a log draws nothing.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from engine.core.rng import Rng
from games.guild_master.rules.state import (
    Board,
    Build,
    EffectPrompt,
    Guild,
    Order,
    SplitTerms,
    Task,
)


class Event(msgspec.Struct, frozen=True, tag_field="type", tag=True, forbid_unknown_fields=True):
    version: ClassVar[int] = 1


# --- Setup ------------------------------------------------------------------------------------


class GameCreated(Event):
    """Setup 1–2 done: the table is laid out, decks shuffled, teams dealt, three commons dealt to
    each guild (secret)."""

    pack: str
    players: int
    short: bool
    rounds: int
    board: Board
    guilds: tuple[Guild, ...]
    dealt: tuple[tuple[str, ...], ...]
    available_teams: tuple[str, ...]
    rng: Rng


class SetupChosen(Event):
    """A guild chose (secretly) which common contract goes to the board and which side of its
    starting skill upgrade it uses."""

    seat: int
    contract: str
    side: str


class SetupFinished(Event):
    """Setup 3–4: the chosen commons are placed on the next open spots, the other two become each
    guild's private contracts, and every card on the board is revealed."""

    placements: tuple[tuple[int, str], ...]  # (contract spot, contract)
    sides: tuple[str, ...]
    private: tuple[tuple[str, ...], ...]


# --- Rounds -----------------------------------------------------------------------------------


class RoundStarted(Event):
    round: int


class EventsAnnounced(Event):
    """Start of Round: the event contracts face up on the board, read out in spot order."""

    spots: tuple[int, ...]


class FameOrderRolled(Event):
    """Guilds tied in Fame each rolled a die (again while tied); `order` is the result."""

    purpose: str
    rolls: tuple[tuple[tuple[int, int], ...], ...]  # rounds of (seat, die)
    order: tuple[int, ...]
    rng: Rng


class PrivateContractDrawn(Event):
    """Blood Moon: a guild drew a common contract as a private contract."""

    seat: int
    contract: str


class GoldChanged(Event):
    """A guild gained (or paid) Gold because of an effect, a deal or a wander result."""

    seat: int
    amount: int
    cause: str


class FameChanged(Event):
    """A guild gained or lost Fame because of an effect. `amount` is the change actually made
    (Fame never drops below 0)."""

    seat: int
    amount: int
    cause: str


class PlotPhaseStarted(Event):
    order: tuple[int, ...]


class PlotAbilityUsed(Event):
    seat: int
    adventurer: str
    target: int | None = None


class PlotBoonUsed(Event):
    """A guild discarded a completed contract in its Plot Phase turn to use its boon."""

    seat: int
    contract: str
    target: int | None = None


class PlotTurnEnded(Event):
    seat: int


class GoldAnnounced(Event):
    gold: tuple[int, ...]


class OrderPhaseStarted(Event):
    pass


class OrdersDrafted(Event):
    """A guild's orders as it currently plans them (secret until the reveal)."""

    seat: int
    orders: tuple[Order, ...]


class ReadyChanged(Event):
    seat: int
    ready: bool


class OrdersRevealed(Event):
    orders: tuple[tuple[Order, ...], ...]


class OrderMistaken(Event):
    """The mistaken-order rule at the reveal. When the intended order is nobody else's order, the
    guild may correct it (`correctable`); otherwise the team wanders."""

    seat: int
    space: int
    reason: str
    correctable: bool


class OrderCorrected(Event):
    seat: int
    space: int
    gold: int


class OrderWithdrawn(Event):
    """The team will Attempt a Private Contract or Wander instead of its order."""

    seat: int
    space: int
    reason: str


class OrderDeclined(Event):
    """The guild will not carry out this order; when its turn in the sequence comes, its team
    attempts a private contract or wanders. Gold on it went back to the treasury."""

    seat: int
    space: int


class TasksChanged(Event):
    """The Order Resolution Sequence moved on: `pop` finished tasks, `push` new ones in front."""

    pop: int
    push: tuple[Task, ...] = ()


class PlanAnswered(Event):
    """A guild answered, during the Action Phase, a question its order's plan left open."""

    seat: int
    space: int
    field: str
    value: str | None = None
    builds: tuple[Build, ...] | None = None


# --- Skill checks -----------------------------------------------------------------------------


class SkillCheckRolled(Event):
    key: str
    seat: int
    skill: str
    skill_dice: int
    dice: tuple[int, ...]
    fixers: tuple[int, ...]
    rerolls: int
    boons: tuple[str, ...]
    target: int | None
    goal: str
    purpose: str
    rng: Rng
    contract: str = ""  # the contract attempted, if any


class DieFixed(Event):
    key: str
    index: int
    value: int


class DieRerolled(Event):
    key: str
    index: int
    value: int
    rng: Rng


class BoonUsed(Event):
    """A guild discarded a completed contract to use its boon on the active check."""

    seat: int
    contract: str
    key: str
    bonus: int = 0
    fixers: tuple[int, ...] = ()
    rerolls: int = 0


class SkillCheckFinished(Event):
    key: str
    total: int
    success: bool | None = None


class TieRerolled(Event):
    """Contested checks tied: each tied guild re-rolled its lowest die."""

    rerolls: tuple[tuple[str, int, int, int], ...]  # (check key, die index, old, new)
    rng: Rng


class ContestedCheckWon(Event):
    purpose: str
    space: int
    ranking: tuple[int, ...]


# --- Orders -----------------------------------------------------------------------------------


class BuildersHired(Event):
    seat: int
    space: int
    costs: tuple[int, ...]
    marker: int


class UpgradeBuilt(Event):
    seat: int
    upgrade: str
    side: str = ""
    fame: int = 0


class GoldReturned(Event):
    seat: int
    space: int
    amount: int


class AdventurerRecruited(Event):
    seat: int
    space: int
    spot: str
    adventurer: str
    paid: int
    fame: int


class RecruitFailed(Event):
    seat: int
    space: int
    spot: str
    reason: str


class OrderMissed(Event):
    seat: int
    space: int
    reason: str


class OrderResolved(Event):
    seat: int
    space: int


class ContestOpened(Event):
    space: int
    spot: int
    contract: str
    seats: tuple[int, ...]


class SplitProposed(Event):
    space: int
    spot: int
    by: int
    terms: SplitTerms


class SplitAnswered(Event):
    seat: int
    by: int
    accept: bool


class SplitAgreed(Event):
    terms: SplitTerms
    stances_cleared: bool = False


class StanceChosen(Event):
    seat: int
    stance: str


class StancesRevealed(Event):
    space: int
    spot: int
    stances: tuple[tuple[int, str], ...]


class ConflictDecided(Event):
    space: int
    spot: int
    winner: int | None
    margins: tuple[tuple[int, int], ...]


class CooperationChosen(Event):
    seat: int
    skill: str
    adventurers: tuple[str, ...]


class ContractFailed(Event):
    seats: tuple[int, ...]
    contract: str
    space: int


class ContractCompleted(Event):
    seats: tuple[int, ...]
    contract: str
    space: int
    spot: int
    gold: tuple[int, ...]
    bonus: int
    keeper: int


class ContractRewarded(Event):
    seat: int
    contract: str
    gold: int
    fame: int


class BonusDiceRolled(Event):
    contract: str
    dice: tuple[int, ...]
    rng: Rng


class BonusChoiceMade(Event):
    seat: int
    target: int


class ContractKept(Event):
    seat: int
    contract: str
    spot: int
    boon: bool
    stored: tuple[int, ...] = ()


class ContractReplaced(Event):
    """A new contract from the chosen deck was placed face down on the vacated spot."""

    spot: int
    level: str
    card: str | None


class Wandered(Event):
    seat: int
    space: int
    result: int
    gold: int
    fame: int


# --- Effects that stop for their owner's choice ----------------------------------------------


class EffectPaused(Event):
    """An effect stopped for its owner's choice. Cards it drew (`prompt.drawn`) left the top of
    the Common deck; cards it peeked at (`prompt.seen`) stay where they are. Both are secret."""

    prompt: EffectPrompt


class DrawnKept(Event):
    """The owner kept `kept` of the contracts it drew as Private Contracts and put `returned`
    back on top of the Common deck, in that order (secret)."""

    seat: int
    kept: tuple[str, ...]
    returned: tuple[str, ...]


class PeekArranged(Event):
    """The owner put `bottom` (some of the cards it peeked at) on the bottom of the `level`
    deck (which cards is secret)."""

    seat: int
    level: str
    bottom: tuple[str, ...]


class FreeBuildersHired(Event):
    """Builders hired for free by an effect: the Builder Cost marker still moves up."""

    seat: int
    count: int
    marker: int
    cause: str


class FreeBuildersDeclined(Event):
    """The owner of free Builders chose to build nothing, so hired none."""

    seat: int
    cause: str


# --- Reset and end ----------------------------------------------------------------------------


class ResetPhaseStarted(Event):
    pass


class IncomeGained(Event):
    gold: tuple[int, ...]


class BuilderCostReset(Event):
    marker: int


class BoardDiscarded(Event):
    """Blood Moon reset: every face-up adventurer and contract on the board is discarded."""

    adventurers: tuple[tuple[str, str], ...]  # (spot letter, card)
    contracts: tuple[tuple[int, str], ...]  # (spot number, card)


class ContractsDealt(Event):
    """Blood Moon reset: a face-down contract on each empty spot (Heroic if Commons ran out)."""

    cards: tuple[tuple[int, str, str], ...]  # (spot, level, card)


class CardsRevealed(Event):
    adventurers: tuple[tuple[str, str], ...]
    contracts: tuple[tuple[int, str], ...]


class RoundEnded(Event):
    round: int
    fame: tuple[int, ...]


class GameEnded(Event):
    """End Game: 1 Fame per 5 Gold and prestige scoring; the highest Fame wins, ties share."""

    gold_fame: tuple[int, ...]
    prestige_fame: tuple[int, ...]
    fame: tuple[int, ...]
    winners: tuple[int, ...]


class GoldPaid(Event):
    """A guild paid Gold to another to honour a deal."""

    seat: int
    to: int
    amount: int


class DefaultsApplied(Event):
    """Seats that did not answer in time had their decisions' defaults applied."""

    seats: tuple[int, ...]
    kinds: tuple[str, ...]


class ScenarioArranged(Event):
    """A scenario file rearranged the table (tests and worked examples only)."""

    round: int
    phase: str
    board: Board
    guilds: tuple[Guild, ...]
    rng: Rng


EVENT_TYPES: tuple[type[Event], ...] = tuple(
    cls
    for cls in list(globals().values())
    if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
)
