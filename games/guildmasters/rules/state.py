"""The state of a game of Guildmasters: frozen structs, changed only by `evolve`.

Hidden information (hands, the draft packs a guild holds, the order of the adventurer deck and of
the quest decks, quests kept by a Monk's Ajna, what a Scout, Monk or Rogue is looking at, the
answers to an open reaction, the random source) is part of this state; `views.py` decides who may
see what. Cards are named by id ("warrior-3"), recruit tiles by id ("r-mage-2"), quests by slug.
"""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from engine.core.turns import Window

DRAFT = "draft"
MAIN = "main"
OVER = "over"

PACK_SIZE = 4  # "Each player receives 4 cards from the adventurer deck"
MAX_GAME_TURNS = 12  # our ruling: the game ends after the 12th game turn at the latest
END_LEVEL3 = 2  # our ruling: two level-3 quests trigger the end (docs/rules-notes.md)
# Our ruling, a safety net: a main phase ends after this many rounds of turns even if guilds
# still play (a Necromancer and a Hunter can hand a card back and forth for ever).
MAX_PHASE_ROUNDS = 20

# Turn steps: before the turn's action, and after it (a quest may still be fulfilled).
START = "start"
END = "end"
DONE = "done"  # the turn is over; the next one begins when nothing else is waiting


NO = "no"  # the answer to a reaction that declines it


def answer_card(answer: str) -> str:
    """The card a reaction's answer discards ("" for no): answers are "card" or "card>victim"."""
    return "" if answer == NO else answer.partition(">")[0]


class Guild(msgspec.Struct, frozen=True):
    """One player's guild: hand, draft packs, tableau and tokens."""

    hand: tuple[str, ...] = ()  # secret
    packs: tuple[tuple[str, ...], ...] = ()  # draft packs waiting, the first to pick from (secret)
    picks: int = 0  # cards drafted this draft
    quests: tuple[str, ...] = ()  # fulfilled, in order
    held: tuple[str, ...] = ()  # quests kept by Ajna (secret)
    tiles: tuple[str, ...] = ()  # recruit tiles (recruited and rewarded)
    used: tuple[str, ...] = ()  # tiles turned down this game turn
    cycles: tuple[str, ...] = ()  # cycle tokens, by force
    influence: int = 0  # influence tokens (Bards on quests)
    points: int = 0  # prestige from quests
    passed: bool = False


class Turn(msgspec.Struct, frozen=True):
    """Whose turn it is in the main phase: `number` counts turns of the game from 1; `step` is
    START (the action not yet taken) or END; `quested` once a quest was attempted this turn."""

    seat: int
    number: int
    step: str = START
    quested: bool = False


class Attempt(msgspec.Struct, frozen=True):
    """A quest being fulfilled: what it uses, and how far the reactions to it have come."""

    seat: int
    quest: str
    cards: tuple[str, ...]  # adventurer cards from the hand (Bards included)
    tiles: tuple[str, ...]
    cycles: tuple[str, ...]
    at_start: bool  # fulfilled before the turn's action
    held: bool = False  # a quest kept by Ajna, set aside from the guild's kept quests meanwhile
    assassin: int = -1  # the seat beheading, once chosen
    victim: str = ""  # the card it kills


class Ability(msgspec.Struct, frozen=True):
    """An ability activated as a turn's action, while it waits for a reaction or a choice."""

    seat: int
    card: str
    cls: str
    target: int = -1
    give: tuple[str, ...] = ()
    level: int = 0
    look: tuple[str, ...] = ()  # what the user is looking at (secret to it, and to a Rogue's mark)
    denied: bool = False


class Result(msgspec.Struct, frozen=True):
    """The final scoring: per seat the lines of the scoring table, totals, ranking and winners."""

    lines: tuple[tuple[tuple[str, int], ...], ...]
    totals: tuple[int, ...]
    ranking: tuple[int, ...]
    winners: tuple[int, ...]


class GuildmastersState(msgspec.Struct, frozen=True):
    """Everything about one game."""

    players: int
    order: tuple[int, ...]  # turn order: the first player first
    guilds: tuple[Guild, ...]
    deck: tuple[str, ...]  # adventurer deck, top first (secret)
    discard: tuple[str, ...]  # adventurer discard pile, top LAST (face up)
    rows: tuple[tuple[str, ...], ...]  # the quests shown, per level ("" for an empty place)
    quest_decks: tuple[tuple[str, ...], ...]  # per level, top first (secret)
    tavern: tuple[str, ...]  # recruit tiles to recruit
    rewards: tuple[str, ...]  # recruit tiles kept as quest rewards
    cycle_supply: tuple[int, int, int]  # per force (content.FORCES order)
    rng: Rng
    phase: str = DRAFT
    game_turn: int = 1
    turn: Turn | None = None
    attempt: Attempt | None = None
    ability: Ability | None = None
    window: Window | None = None  # the reaction open now (its `about` names the kind)
    healing: tuple[str, ...] = ()  # the cards of the quest just fulfilled, while Heal is open
    phase_turn: int = 0  # the number of the last turn before this main phase began
    windows: int = 0  # reactions opened so far (names each wait apart, for deadlines)
    ending: bool = False  # the end is triggered: the main phase runs until everyone passes
    result: Result | None = None

    @property
    def direction(self) -> int:
        """The draft passes left (+1) in odd game turns, right (-1) in even ones."""
        return 1 if self.game_turn % 2 else -1
