"""The state of a game of Smiths of Winterforge: frozen structs, changed only by `evolve`.

Hidden information (the order of every deck, the Contracts in hand, the Royal Contracts, the
Faith tokens, the random source) is part of this state; `views.py` decides who may see what.
Cards are named by slug (components by instance id), precincts and alleyways by slug.
"""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng

# The ways to play (`GameCreated.variant`).
STANDARD = "standard"  # 2–5 players, turns of up to 3 actions
LORDS = "lords"  # "For Six Smiths": three Smiths placed per day, one action each
SOLO = "solo"  # one Player, 15 turns, an Event each turn

ACTIONS_PER_TURN = 3  # "each Player takes up to 3 actions"
SMITHS_PER_DAY = 3  # Lords of Winterforge: "Each day consists of 3 turns for each Player"
SOLO_TURNS = 15  # "The game ends when you finish your 15th turn."


# `gc=False` on every struct of the state (and on events and commands): frozen structs of tuples,
# strings and numbers cannot form a reference cycle, so the garbage collector need not track the
# few thousand a game makes (cheaper to make and to free).


class Work(msgspec.Struct, frozen=True, gc=False):
    """A Contract face-up in front of its guild after a failed forge: its committed Components
    (and Rune) locked to it, and the Work tokens on it."""

    contract: str
    components: tuple[str, ...]
    rune: str = ""
    tokens: int = 0


class LoanHeld(msgspec.Struct, frozen=True, gc=False):
    """A Loan taken from the Bank: Coin `paid` towards it so far; `repaid` once fully paid off,
    `at_bank` when that happened in the Bank Precinct (worth +1 RP)."""

    loan: str
    paid: int = 0
    repaid: bool = False
    at_bank: bool = False


class Guild(msgspec.Struct, frozen=True, gc=False):
    """One Player's guild: its board, purse, skills, Smith, cards and tokens."""

    board: str  # the guild board's slug
    coin: int
    skills: tuple[int, int, int]  # weapons, armour, jewellery (`content.SKILLS` order)
    at: str  # the precinct or alleyway of the Smith ("" while no Smith is placed)
    prime: bool = False  # occupies the Prime Position of `at`
    prime_used: bool = False  # has used that Prime Position's bonus on this visit
    royal: str = ""  # the Royal Contract kept (secret until forged)
    royal_offer: tuple[str, ...] = ()  # the two dealt, while choosing (secret)
    hand: tuple[str, ...] = ()  # Contracts not started (secret)
    started: tuple[Work, ...] = ()  # Contracts face-up after a failed forge
    stockpile: tuple[str, ...] = ()  # Components, face up
    runes: tuple[str, ...] = ()  # Rune cards in the stockpile, face up
    crew: tuple[str, ...] = ()
    loans: tuple[LoanHeld, ...] = ()
    completed: tuple[str, ...] = ()  # Contracts turned in (Royal included), in order
    held: tuple[str, ...] = ()  # completed Contracts Held for the Auction House
    faith: tuple[int, ...] = ()  # Faith token values (secret)
    royal_done: bool = False
    placed: tuple[str, ...] = ()  # Lords of Winterforge: where this guild's Smiths stand today


class Turn(msgspec.Struct, frozen=True, gc=False):
    """Whose turn it is. `number` counts turns from 1; `round` is the round (a day in Lords of
    Winterforge); `actions` are the actions taken this turn and `moves` the Move actions among
    them; `free_move` is set once a Crew's extra Move has been used. In a solo game `event` is
    this turn's Event card."""

    seat: int
    number: int
    round: int
    actions: int = 0
    moves: int = 0
    free_move: bool = False
    hired: bool = False  # hired from the Tavern this turn: it is refreshed at the end of the turn
    event: str = ""


class Result(msgspec.Struct, frozen=True, gc=False):
    """The final scoring: each seat's RP by line of the scoring table, totals, the ranking (best
    first, the tie-break applied) and, in a solo game, the Reputation earned."""

    reason: str  # "royal", "contracts", "turns" (solo) or "stalled"
    lines: tuple[tuple[tuple[str, int], ...], ...]  # per seat: (line, RP) of the scoring table
    totals: tuple[int, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]  # every seat sharing first place after the tie-break
    reputation: str = ""


class WinterforgeState(msgspec.Struct, frozen=True, gc=False):
    """Everything about one game."""

    players: int
    variant: str
    alleyways: tuple[str, ...]
    order: tuple[int, ...]  # seats clockwise from the First Player
    guilds: tuple[Guild, ...]
    turn: Turn
    contract_deck: tuple[str, ...]  # top first
    job_track: tuple[str, ...]  # face-up Contracts ("" for an empty space)
    market: tuple[tuple[str, ...], ...]  # three rows (levels 1–3) of three ("" when empty)
    component_decks: tuple[tuple[str, ...], ...]  # per level, top first
    crew_deck: tuple[str, ...]
    tavern: tuple[str, ...]
    loan_deck: tuple[str, ...]
    bank: tuple[str, ...]  # the face-up Loans
    rng: Rng
    primes: tuple[tuple[str, int], ...] = ()  # (precinct, seat) occupying a Prime Position
    day_primes: tuple[int, ...] = ()  # Lords of Winterforge: seats that used a Prime today
    rune_deck: tuple[str, ...] = ()
    shrine: tuple[int, ...] = ()  # the face-down Faith tokens left at the Shrine (secret)
    event_deck: tuple[str, ...] = ()  # solo: the Events still to come (secret)
    first_royal: int = -1  # the seat that completed a Royal Contract first
    ending: str = ""  # why the game ends at the end of this round ("" while it goes on)
    idle_round: bool = True  # no action has been taken yet this round
    idle_rounds: int = 0  # rounds in a row, just finished, in which nobody took an action
    result: Result | None = None
    seq: int = 0

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def choosing(self) -> bool:
        """Set Up step 4 is still open: some Player has not chosen a Royal Contract."""
        # Only Set Up deals Royal Contracts to choose from, and the first turn begins once every
        # Player has chosen: no need to look at the guilds once a turn has begun.
        return self.turn.number == 0 and any(g.royal_offer for g in self.guilds)
