"""Setup: "Prepare quests", "Shuffle and deal adventurers", "Player order", "Recruits", and the
tokens our rulings keep (docs/rules-notes.md); then the first draft is dealt."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.core.errors import RuleError
from engine.core.rng import Dice, seeded
from games.guildmasters.rules.content import FORCES, LEVELS, SHOWN_PER_LEVEL, load_pack
from games.guildmasters.rules.events import DraftDealt, Event, GameCreated
from games.guildmasters.rules.state import PACK_SIZE

MIN_PLAYERS = 2
MAX_PLAYERS = 4  # "4 player aid cards"
STARTING_HAND = 2  # "deal 2 to each player"


class _Fixed(NamedTuple):
    """What every set-up starts from, before any shuffle."""

    quests: tuple[tuple[str, ...], ...]  # the slugs of each level, sorted
    cards: tuple[str, ...]
    tavern: tuple[str, ...]
    rewards: tuple[str, ...]
    cycle_supply: tuple[int, int, int]


@functools.cache
def _fixed() -> _Fixed:
    """The set-up's starting point, worked out from the pack once."""
    pack = load_pack()
    tavern = tuple(t for t in pack.tiles if int(t.rsplit("-", 1)[1]) <= pack.tavern_per_class)
    return _Fixed(
        quests=tuple(
            tuple(sorted(q.slug for q in pack.quests.values() if q.level == level))
            for level in LEVELS
        ),
        cards=pack.cards,
        tavern=tavern,
        rewards=tuple(t for t in pack.tiles if t not in tavern),
        cycle_supply=(pack.cycles[FORCES[0]], pack.cycles[FORCES[1]], pack.cycles[FORCES[2]]),
    )


def create(players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
    """The events that set up a new game of `players` guilds from `seed`."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            "players", f"Guildmasters is for {MIN_PLAYERS} to {MAX_PLAYERS} guilds, not {players}."
        )
    fixed = _fixed()
    dice = Dice(seeded(seed))
    rows: list[tuple[str, ...]] = []
    decks: list[tuple[str, ...]] = []
    for quests_of_level in fixed.quests:
        # "Each quest deck is separated by levels. Shuffle then and revel 3 quests from each"
        quests = dice.shuffled(quests_of_level)
        rows.append(quests[:SHOWN_PER_LEVEL])
        decks.append(quests[SHOWN_PER_LEVEL:])
    deck = dice.shuffled(fixed.cards)
    hands = tuple(deck[i * STARTING_HAND : (i + 1) * STARTING_HAND] for i in range(players))
    deck = deck[players * STARTING_HAND :]
    created = GameCreated(
        players=players,
        order=tuple(range(players)),  # "Determine first player as you wish": seat 1 first
        hands=hands,
        deck=deck,
        rows=tuple(rows),
        quest_decks=tuple(decks),
        tavern=fixed.tavern,
        rewards=fixed.rewards,
        cycle_supply=fixed.cycle_supply,
        rng=dice.rng,
    )
    packs = tuple(deck[i * PACK_SIZE : (i + 1) * PACK_SIZE] for i in range(players))
    dealt = DraftDealt(
        game_turn=1, packs=packs, deck=deck[players * PACK_SIZE :], reshuffled=False, rng=dice.rng
    )
    return [created, dealt]
