"""Set Up, steps 1–12 of the rulebook, with the variants' changes.

Guild boards are dealt at random (the rulebook lets Players choose; by chat a random deal saves a
round of questions, see the rules notes). Six Players play Lords of Winterforge, one the solo game.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, NamedTuple

from engine.core.errors import RuleError
from engine.core.rng import Dice, seeded
from games.winterforge.rules.content import ALLEYWAYS, load_pack
from games.winterforge.rules.context import new_context
from games.winterforge.rules.events import Event, GameCreated
from games.winterforge.rules.evolve import evolve
from games.winterforge.rules.market import settle
from games.winterforge.rules.state import LORDS, SOLO, STANDARD
from games.winterforge.rules.turns import begin_turn

MIN_PLAYERS = 1  # the solo variant
MAX_PLAYERS = 6  # Lords of Winterforge
START_COIN = 3  # "3 Coin"
ROYALS_DEALT = 2  # "deal 2 Royal Contracts to each Player" (1 in Lords of Winterforge)
# "randomly remove the following amounts of Contracts": 2 Players 15, 3: 10, 4: 5, 5+: 0. The
# solo game removes as many as a two-player game (see the rules notes).
REMOVED = {1: 15, 2: 15, 3: 10, 4: 5}
# "If there are 2-3 Players: 4 Contracts; If there 4 or more Players: 5 Contracts"
JOB_TRACK = {1: 4, 2: 4, 3: 4}
MARKET_ROW = 3
TAVERN = 3
BANK = 2
FAITH_TOKENS = (1,) * 8 + (2,) * 7 + (3,) * 5  # "8 Ones, 7 Twos, 5 Threes"
SOLO_EVENTS = 15  # "remove 5 to create a deck of 15 cards"
# Option name (as a host sets it) -> Alleyway.
ALLEYWAY_OPTIONS = {a.replace("-", "_"): a for a in ALLEYWAYS}


def variant_for(players: int) -> str:
    """The way `players` play: solo, standard (2–5) or Lords of Winterforge (6)."""
    if players == 1:
        return SOLO
    return LORDS if players >= 6 else STANDARD


def _roll_off(dice: Dice, players: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """ "every Player roll a twelve-sided die for the highest number"; those tied for highest roll
    again (a 0 marks a Player out of the roll-off)."""
    rolling = list(range(players))
    rounds: list[tuple[int, ...]] = []
    while True:
        roll = [dice.roll(12) if s in rolling else 0 for s in range(players)]
        rounds.append(tuple(roll))
        top = max(roll)
        rolling = [s for s in range(players) if roll[s] == top]
        if len(rolling) == 1:
            return tuple(rounds), rolling[0]


class _Cards(NamedTuple):
    """The pack's decks before shuffling, in file order."""

    ones: tuple[str, ...]  # the 1 RP Contracts
    others: tuple[str, ...]  # the other Contracts
    levels: tuple[tuple[str, ...], ...]  # the Components of levels 1, 2 and 3
    crew: tuple[str, ...]  # the base game's Crew
    expansion_crew: dict[str, tuple[str, ...]]  # an Alleyway's Crew


@cache
def _cards() -> _Cards:
    # Read from the pack once, not at every game's Set Up.
    pack = load_pack()
    return _Cards(
        ones=tuple(c for c, card in pack.contracts.items() if card.rp == 1),
        others=tuple(c for c, card in pack.contracts.items() if card.rp != 1),
        levels=tuple(
            tuple(c for c, comp in pack.components.items() if comp.level == level)
            for level in (1, 2, 3)
        ),
        crew=tuple(c for c, card in pack.crew.items() if not card.expansion),
        expansion_crew={
            alleyway: tuple(c for c, card in pack.crew.items() if card.expansion == alleyway)
            for alleyway in ("auction-house", "thieves-guild")
        },
    )


def create(players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
    """The events of a new game: `GameCreated`, any Market rows refreshed at once, and the first
    turn when no Royal Contract is to be chosen."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            "players", f"Smiths of Winterforge is for {MIN_PLAYERS} to {MAX_PLAYERS} Players."
        )
    unknown = set(options) - set(ALLEYWAY_OPTIONS)
    if unknown:
        raise RuleError("option", f"Unknown option {sorted(unknown)[0]!r}.")
    alleyways = tuple(a for name, a in ALLEYWAY_OPTIONS.items() if options.get(name))
    variant = variant_for(players)
    pack = load_pack()
    dice = Dice(seeded(seed))
    boards = dice.shuffled(tuple(pack.guilds))[:players]
    royals = dice.shuffled(tuple(pack.royals))
    dealt = 1 if variant == LORDS else ROYALS_DEALT
    offers = tuple(royals[s * dealt : (s + 1) * dealt] for s in range(players))
    cards = _cards()
    ones = dice.shuffled(cards.ones)
    starters, spare_ones = ones[:players], ones[players:]
    rest = dice.shuffled(cards.others)
    cut = REMOVED.get(players, 0)
    removed, rest = rest[:cut], rest[cut:]
    deck = dice.shuffled((*rest, *spare_ones))
    track_size = JOB_TRACK.get(players, 5)
    job_track, deck = deck[:track_size], deck[track_size:]
    decks = []
    market = []
    for level in cards.levels:
        shuffled = dice.shuffled(level)
        market.append(shuffled[:MARKET_ROW])
        decks.append(shuffled[MARKET_ROW:])
    crew = [*cards.crew]
    if "auction-house" in alleyways:
        crew += cards.expansion_crew["auction-house"]
    if "thieves-guild" in alleyways:
        crew += cards.expansion_crew["thieves-guild"][: 2 if players >= 5 else 1]
    crew_deck = dice.shuffled(tuple(crew))
    loans = dice.shuffled(tuple(pack.loans))
    runes = dice.shuffled(tuple(pack.runes)) if "runesmith" in alleyways else ()
    shrine = dice.shuffled(FAITH_TOKENS) if "shrine" in alleyways else ()
    events = dice.shuffled(tuple(pack.events))[:SOLO_EVENTS] if variant == SOLO else ()
    rolls, first = _roll_off(dice, players)
    order = tuple((first + i) % players for i in range(players))
    created = GameCreated(
        players=players,
        variant=variant,
        alleyways=alleyways,
        boards=boards,
        coin=START_COIN,
        rolls=rolls,
        order=order,
        job_track=job_track,
        market=tuple(market),
        tavern=crew_deck[:TAVERN],
        bank=loans[:BANK],
        starters=starters,
        royal_offers=offers,
        contract_deck=deck,
        removed=removed,
        component_decks=tuple(decks),
        crew_deck=crew_deck[TAVERN:],
        loan_deck=loans[BANK:],
        rune_deck=runes,
        shrine=shrine,
        event_deck=events,
        deck_sizes=(
            len(deck),
            len(crew_deck) - TAVERN,
            len(loans) - BANK,
            len(runes),
            len(events),
            *(len(d) for d in decks),
        ),
        rng=dice.rng,
    )
    ctx = new_context(evolve(None, created))
    settle(ctx)
    if not ctx.state.choosing:
        begin_turn(ctx)
    return [created, *ctx.events]
