"""Commands of Smiths of Winterforge: what a seat asks to do, in the imperative. `decide` turns
each into events or refuses it with a `RuleError`.

Each precinct action carries `prime`: use the Prime Position's bonus with it (the Smith must hold
the Prime Position and not have used its bonus on this visit). In Lords of Winterforge a precinct
action also places one of the Player's Smiths in its precinct (`prime`: on the Prime Position).
"""

from __future__ import annotations

import msgspec


# `gc=False`: no reference cycles can form in a frozen struct of tuples, strings and numbers (see
# `state.py`).
class Command(
    msgspec.Struct,
    frozen=True,
    tag_field="type",
    tag=True,
    forbid_unknown_fields=True,
    gc=False,
):
    seat: int


class ChooseRoyal(Command):
    """Set Up step 4: keep `royal`, one of the two Royal Contracts dealt to you."""

    royal: str


class Move(Command):
    """Move Action: move your Smith to a linked Precinct (or to or from an Alleyway); `prime`:
    occupy the Prime Position if nobody is in it."""

    to: str
    prime: bool = True


class Train(Command):
    """Forge: pay the Training Cost to raise `skill` by 1."""

    skill: str
    prime: bool = False


class Forge(Command):
    """Forge: forge `contract` (from your hand, or one already face-up in front of you). A new
    Contract needs exactly its required `components` (and may take one `rune`); a face-up one
    keeps the ones committed to it. On success the Contract is Turned In, or Held when `hold`
    (Auction House); `dismiss` names Crew you choose not to pay (the rest are paid while Coin
    lasts)."""

    contract: str
    components: tuple[str, ...] = ()
    rune: str = ""
    prime: bool = False
    hold: bool = False
    dismiss: tuple[str, ...] = ()


class Buy(Command):
    """Market: purchase up to 2 Components (3 with the Prime Position)."""

    components: tuple[str, ...]
    prime: bool = False


class RefreshRow(Command):
    """Market, free action: pay 1 Coin to refresh the Market row of `level` (1–3)."""

    level: int


class TakeContracts(Command):
    """Guildhall: take up to 2 face-up Contracts from the job track, returning `returns` from your
    hand so you hold at most 3 (not counting your Royal Contract)."""

    contracts: tuple[str, ...]
    returns: tuple[str, ...] = ()
    prime: bool = False


class RequestFunds(Command):
    """Guildhall: with less than 3 Coin, receive 1 Coin from your Guild."""

    prime: bool = False


class TakeLoan(Command):
    """Bank: take one of the face-up Loans and its lower value in Coin."""

    loan: str
    prime: bool = False


class RepayLoan(Command):
    """Bank: pay `amount` Coin towards `loan` (never more than is owed)."""

    loan: str
    amount: int
    prime: bool = False


class Hire(Command):
    """Tavern: hire `crew` from the Tavern, firing `fire` first (at most 2 Crew at a time)."""

    crew: str
    fire: tuple[str, ...] = ()
    prime: bool = False


class RefreshTavern(Command):
    """Tavern, free action: pay 1 Coin to replace the Crew in the Tavern."""


class Donate(Command):
    """Shrine of Thommag: pay 2 Coin and take the face-down Faith token at `token` (from 1)."""

    token: int


class HireThief(Command):
    """Thieves' Guild: pay 2 Coin and take a random Component from `victim`'s stockpile."""

    victim: int


class BuyRune(Command):
    """Runesmith: pay 2 Coin and take the top card of the Rune deck."""


class SellHeld(Command):
    """Auction House: sell every Held Contract, a d12 rolled for each."""


class EndTurn(Command):
    """End your turn (before using all your actions)."""


class ApplyDefaults(Command):
    """Answer the pending decisions of `seats` (every seat when empty) with their defaults: a
    deadline passed or the host moved the game on. Its `seat` is -1."""

    seats: tuple[int, ...] = ()


# The actions of a precinct or alleyway, each costing one action.
PRECINCT_ACTIONS: dict[type, str] = {
    Train: "forge",
    Forge: "forge",
    Buy: "market",
    TakeContracts: "guildhall",
    RequestFunds: "guildhall",
    TakeLoan: "bank",
    RepayLoan: "bank",
    Hire: "tavern",
    Donate: "shrine",
    HireThief: "thieves-guild",
    BuyRune: "runesmith",
    SellHeld: "auction-house",
}
# Free actions: no action spent, but the Smith must be there.
FREE_ACTIONS: dict[type, str] = {RefreshRow: "market", RefreshTavern: "tavern"}

COMMAND_TYPES: tuple[type, ...] = (
    ChooseRoyal,
    Move,
    Train,
    Forge,
    Buy,
    RefreshRow,
    TakeContracts,
    RequestFunds,
    TakeLoan,
    RepayLoan,
    Hire,
    RefreshTavern,
    Donate,
    HireThief,
    BuyRune,
    SellHeld,
    EndTurn,
    ApplyDefaults,
)
