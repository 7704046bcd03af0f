"""Events of Guildmasters: past-tense facts, folded by `evolve`. Every event that drew a random
number records the random source after the draw (`rng`), so a replay draws nothing."""

from __future__ import annotations

import msgspec

from engine.core.rng import Rng
from games.guildmasters.rules.state import Result


class Event(msgspec.Struct, frozen=True, tag_field="type", tag=True):
    pass


class GameCreated(Event):
    """Setup: the quest rows and decks, the adventurer deck and the two cards dealt to each
    guild, the turn order, the tavern and the reward recruits, the cycle tokens."""

    players: int
    order: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    quest_decks: tuple[tuple[str, ...], ...]
    tavern: tuple[str, ...]
    rewards: tuple[str, ...]
    cycle_supply: tuple[int, int, int]
    rng: Rng


class DraftDealt(Event):
    """A draft begins: each guild's pack of (up to) 4 cards from the deck; `reshuffled` when the
    discard pile was shuffled into the deck first (`deck` is the deck left after dealing)."""

    game_turn: int
    packs: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    reshuffled: bool
    rng: Rng


class Picked(Event):
    """`seat` kept `card` from its first pack; the rest went to seat `to` (-1: nothing left)."""

    seat: int
    card: str
    to: int


class MainBegan(Event):
    """The draft is over: the main phase begins in turn order."""

    order: tuple[int, ...]


class TurnBegan(Event):
    seat: int
    number: int


class Reshuffled(Event):
    """The adventurer deck ran out: the discard pile, shuffled, is the new deck."""

    deck: tuple[str, ...]
    rng: Rng


class Drew(Event):
    """A guild that has passed drew the top card of the deck as its turn came round."""

    seat: int
    card: str


class QuestAttempted(Event):
    """`seat` sends adventurers, recruit tiles and cycle tokens to `quest`."""

    seat: int
    quest: str
    cards: tuple[str, ...]
    tiles: tuple[str, ...]
    cycles: tuple[str, ...]
    at_start: bool


class ReactionOpened(Event):
    """A response window: `seats` are asked about `about` ("behead", "protect", "heal",
    "ambush"), "no" by default."""

    about: str
    seats: tuple[int, ...]


class Answered(Event):
    """`seat` answered the open reaction; the answer ("no" or the card and victim) is its own
    until the reaction resolves."""

    seat: int
    answer: str


class Beheaded(Event):
    """`seat` discards `assassin` to kill `victim` on the quest being fulfilled."""

    seat: int
    assassin: str
    victim: str


class Protected(Event):
    """`seat` discards `warrior`: the Rogue's, Mage's or Assassin's ability is denied."""

    seat: int
    warrior: str


class Killed(Event):
    """The beheaded `victim` is discarded; `replacement` from its guild's hand takes its place
    ("" when none can: the quest fails)."""

    seat: int
    victim: str
    replacement: str


class QuestFailed(Event):
    """The quest fails: its adventurers go back to the hand; tiles stay used, cycles spent."""

    seat: int
    quest: str


class QuestFulfilled(Event):
    """`seat` fulfils `quest`: its adventurers are discarded, its rewards taken, its place on the
    board refilled from the deck of its level (`refill`, "" when the deck is empty)."""

    seat: int
    quest: str
    points: int
    influence: int
    tile: str  # the reward recruit taken ("" for none)
    cycle: str  # the cycle token taken ("" for none)
    refill: str
    ending: bool  # this quest triggers the end of the game


class Healed(Event):
    """`seat` discards `cleric` and takes `card` of the quest just fulfilled back to its hand."""

    seat: int
    cleric: str
    card: str


class ReactionClosed(Event):
    about: str


class AttemptClosed(Event):
    """The quest being fulfilled is settled (fulfilled or failed)."""

    seat: int


class AbilityActivated(Event):
    """`seat` discards `card` to use its class's ability."""

    seat: int
    card: str
    target: int
    give: tuple[str, ...]
    level: int


class Looked(Event):
    """What the ability shows its user: the deck's top cards (Scout), face-down quests (Monk) or
    cards taken at random from the target's hand (Rogue)."""

    seat: int
    source: str  # "deck", "quests" or "hand"
    cards: tuple[str, ...]
    target: int
    rng: Rng


class Chosen(Event):
    """The user finished looking: `pick` kept, `drop` discarded (Rogue), `rest` discarded (Scout),
    put at the bottom of the quest deck (Monk) or given back (Rogue)."""

    seat: int
    kind: str  # "scout", "monk" or "rogue"
    pick: str
    drop: str
    rest: tuple[str, ...]
    target: int
    level: int


class Resurrected(Event):
    seat: int
    card: str


class Transmuted(Event):
    """The Mage gave `given` to `target` and took `taken` from it at random."""

    seat: int
    target: int
    given: tuple[str, ...]
    taken: tuple[str, ...]
    rng: Rng


class Ambushed(Event):
    """`seat` discards `hunter` and takes `card`, the adventurer whose ability was just used."""

    seat: int
    hunter: str
    card: str


class ActionDone(Event):
    """The turn's action is over (the ability settled, the recruit made)."""

    seat: int


class Recruited(Event):
    seat: int
    cards: tuple[str, ...]
    tile: str


class Passed(Event):
    seat: int


class TurnEnded(Event):
    seat: int


class PhaseEnded(Event):
    """Everyone (or all but one) has passed: the new order, fewer points first; every recruit is
    turned up; the next game turn begins."""

    order: tuple[int, ...]
    game_turn: int


class GameEnded(Event):
    result: Result


class DefaultsApplied(Event):
    """Deadlines passed: these seats' pending decisions were answered by their defaults."""

    seats: tuple[int, ...]
    kinds: tuple[str, ...]


EVENT_TYPES: tuple[type, ...] = (
    GameCreated,
    DraftDealt,
    Picked,
    MainBegan,
    TurnBegan,
    Reshuffled,
    Drew,
    QuestAttempted,
    ReactionOpened,
    Answered,
    Beheaded,
    Protected,
    Killed,
    QuestFailed,
    QuestFulfilled,
    Healed,
    ReactionClosed,
    AttemptClosed,
    AbilityActivated,
    Looked,
    Chosen,
    Resurrected,
    Transmuted,
    Ambushed,
    ActionDone,
    Recruited,
    Passed,
    TurnEnded,
    PhaseEnded,
    GameEnded,
    DefaultsApplied,
)
