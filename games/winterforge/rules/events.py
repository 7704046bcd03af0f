"""Events of Smiths of Winterforge: past-tense facts. Their tags are stable type names; bump
`version` (and add an upcaster) when a field changes meaning.

Every random outcome (the shuffles of Set Up, the d12 roll-off, forge dice, market shuffles, a
thief's pick, auction rolls) is in its event with the random source's state after it (`rng`), so a
replay draws nothing. Secret parts (deck orders, the cards dealt to one Player, a Faith token's
value) are fields `secrets.py` blanks for those who may not see them.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec

from engine.core.rng import Rng
from games.winterforge.rules.state import Result


# `gc=False`: no reference cycles can form in a frozen struct of tuples, strings and numbers (see
# `state.py`).
class Event(
    msgspec.Struct,
    frozen=True,
    tag_field="type",
    tag=True,
    forbid_unknown_fields=True,
    gc=False,
):
    version: ClassVar[int] = 1


class GameCreated(Event):
    """Set Up: guild boards dealt, every deck shuffled (secret), the job track, Market, Tavern and
    Bank laid out, a 1 RP Contract and the Royal Contracts dealt (each secret to its Player), and
    the First Player found by the d12 roll-off (`rolls`, one tuple per roll-off round)."""

    players: int
    variant: str
    alleyways: tuple[str, ...]
    boards: tuple[str, ...]
    coin: int
    rolls: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]
    job_track: tuple[str, ...]
    market: tuple[tuple[str, ...], ...]
    tavern: tuple[str, ...]
    bank: tuple[str, ...]
    starters: tuple[str, ...]  # per seat (secret to it)
    royal_offers: tuple[tuple[str, ...], ...]  # per seat (secret to it)
    contract_deck: tuple[str, ...]  # secret
    removed: tuple[str, ...]  # Contracts put back in the box (secret)
    component_decks: tuple[tuple[str, ...], ...]  # secret
    crew_deck: tuple[str, ...]  # secret
    loan_deck: tuple[str, ...]  # secret
    rune_deck: tuple[str, ...]  # secret
    shrine: tuple[int, ...]  # the face-down Faith tokens (secret)
    event_deck: tuple[str, ...]  # solo (secret)
    deck_sizes: tuple[int, ...]  # contract, crew, loan, rune, event decks; components per level
    rng: Rng


class RoyalChosen(Event):
    """Set Up step 4: `seat` kept `royal` and put `returned` back in the box (both secret)."""

    seat: int
    royal: str
    returned: str


class TurnBegan(Event):
    """`seat`'s turn `number` begins (in round or day `round`); in a solo game, `event` is the
    Event card flipped for it."""

    seat: int
    number: int
    round: int
    event: str = ""


class Moved(Event):
    """Move Action: `seat`'s Smith went from `origin` to `to` (onto the Prime Position when
    `prime`); `free` when a Crew's extra Move paid for it."""

    seat: int
    origin: str
    to: str
    prime: bool
    free: bool = False


class Placed(Event):
    """Lords of Winterforge: `seat` placed a Smith in `at` (on the Prime Position when `prime`)."""

    seat: int
    at: str
    prime: bool


class Trained(Event):
    """Forge, Training: `seat` paid `cost` and raised `skill` to `level`."""

    seat: int
    skill: str
    level: int
    cost: int
    prime: bool


class Forged(Event):
    """Forge a Contract: `seat` rolled for `contract` (its `components` and `rune` committed).
    `dice` are (sides, result), after any reroll (`rerolled`: the die rerolled and its first
    result); `parts` the forge result's lines; `tokens` the Work tokens a failure adds."""

    seat: int
    contract: str
    components: tuple[str, ...]
    rune: str
    dice: tuple[tuple[int, int], ...]
    rerolled: tuple[int, ...]
    parts: tuple[tuple[str, int], ...]
    total: int
    target: int
    success: bool
    prime: bool
    tokens: int
    rng: Rng


class ContractCompleted(Event):
    """Success: `seat` turned `contract` in for `coin` (or Held it), raised `raised`, returned the
    components to the bottom of their decks, paid `upkeep` for the Crew it kept and let
    `dismissed` go; `first_royal` when it is the first Royal Contract completed."""

    seat: int
    contract: str
    coin: int
    held: bool
    raised: tuple[str, ...]
    returned: tuple[str, ...]
    upkeep: int
    dismissed: tuple[str, ...]
    first_royal: bool


class ComponentsBought(Event):
    """Market: `seat` bought `components` for `cost`; `refills` are (level, component) dealt to the
    open spaces afterwards."""

    seat: int
    components: tuple[str, ...]
    cost: int
    prime: bool
    refills: tuple[tuple[int, str], ...]


class RowRefreshed(Event):
    """A Market row (`level`) was shuffled into its deck and three Components dealt: paid for by
    `seat`, or by the rules (`seat` -1) when three of one type lay along it."""

    seat: int
    level: int
    returned: tuple[str, ...]
    drawn: tuple[str, ...]
    cost: int
    deck: tuple[str, ...]  # the level's deck after the shuffle and draw (secret)
    rng: Rng


class ContractsTaken(Event):
    """Guildhall: `seat` took `contracts` from the job track and returned `returns` to it;
    `refills` came from the Contract deck; `coin` from the Prime Position."""

    seat: int
    contracts: tuple[str, ...]
    returns: tuple[str, ...]
    refills: tuple[str, ...]
    coin: int
    prime: bool


class FundsRequested(Event):
    """Guildhall: `seat` received `coin` (Request Funds, with any Crew or Prime bonus)."""

    seat: int
    coin: int
    prime: bool


class LoanTaken(Event):
    """Bank: `seat` took `loan` and `coin`; `refill` replaced it below the Bank ("" for none)."""

    seat: int
    loan: str
    coin: int
    prime: bool
    refill: str


class LoanRepaid(Event):
    """Bank: `seat` paid `paid` Coin towards `loan`, which counts as `credited` (the Prime
    Position pays 2 less)."""

    seat: int
    loan: str
    paid: int
    credited: int
    prime: bool


class CrewHired(Event):
    """Tavern: `seat` fired `fired` (to the bottom of the Crew deck) and hired `crew` for `cost`."""

    seat: int
    crew: str
    fired: tuple[str, ...]
    cost: int
    prime: bool


class TavernRefreshed(Event):
    """The Crew in the Tavern went to the bottom of the Crew deck and `drawn` were placed: paid for
    by `seat` (`cost`), or at the end of a turn in which Crew was hired (`cost` 0)."""

    seat: int
    returned: tuple[str, ...]
    drawn: tuple[str, ...]
    cost: int


class FaithTaken(Event):
    """Shrine of Thommag: `seat` paid `cost` and took the face-down token at `token` (from 1);
    its `value` is secret."""

    seat: int
    token: int
    value: int
    cost: int


class ComponentStolen(Event):
    """Thieves' Guild: `seat` paid `cost` and took `component` at random from `victim`."""

    seat: int
    victim: int
    component: str
    cost: int
    rng: Rng


class RuneBought(Event):
    """Runesmith: `seat` paid `cost` for the top Rune card, `rune`."""

    seat: int
    rune: str
    cost: int


class HeldSold(Event):
    """Auction House: `seat` sold its Held `contracts`: a d12 each (`rolls`), the modifier of the
    table (`modifiers`), and `coins` earned for each."""

    seat: int
    contracts: tuple[str, ...]
    rolls: tuple[int, ...]
    modifiers: tuple[int, ...]
    coins: tuple[int, ...]
    rng: Rng


class CoinAdjusted(Event):
    """A solo Event gave `seat` `amount` Coin (lost when negative) because of `reason`."""

    seat: int
    amount: int
    reason: str


class ComponentGiven(Event):
    """A solo Event gave `seat` the Market's `component` for free; `refill` took its space."""

    seat: int
    component: str
    level: int
    refill: str


class WorkAdded(Event):
    """A solo Event placed `tokens` Work tokens on `seat`'s face-up `contract`."""

    seat: int
    contract: str
    tokens: int


class JobTrackReplaced(Event):
    """A solo Event replaced the job track: `returned` to the bottom of the Contract deck, `drawn`
    from its top."""

    returned: tuple[str, ...]
    drawn: tuple[str, ...]


class TurnEnded(Event):
    """`seat`'s turn `number` ended."""

    seat: int
    number: int


class EndTriggered(Event):
    """The game will end at the end of this round (this day in Lords of Winterforge): `reason` is
    "royal" (a Royal Contract completed) or "contracts" (the Contract deck is empty)."""

    reason: str


class LoansSettled(Event):
    """Final scoring: `seat` paid off `loans` (paying `paid`) to avoid the penalty."""

    seat: int
    loans: tuple[str, ...]
    paid: int


class GameEnded(Event):
    """The game is over: the final scoring."""

    result: Result


class DefaultsApplied(Event):
    """A deadline passed (or the host moved on): `seats` were answered with the defaults of
    `kinds`."""

    seats: tuple[int, ...]
    kinds: tuple[str, ...]


EVENT_TYPES: tuple[type, ...] = (
    GameCreated,
    RoyalChosen,
    TurnBegan,
    Moved,
    Placed,
    Trained,
    Forged,
    ContractCompleted,
    ComponentsBought,
    RowRefreshed,
    ContractsTaken,
    FundsRequested,
    LoanTaken,
    LoanRepaid,
    CrewHired,
    TavernRefreshed,
    FaithTaken,
    ComponentStolen,
    RuneBought,
    HeldSold,
    CoinAdjusted,
    ComponentGiven,
    WorkAdded,
    JobTrackReplaced,
    TurnEnded,
    EndTriggered,
    LoansSettled,
    GameEnded,
    DefaultsApplied,
)
