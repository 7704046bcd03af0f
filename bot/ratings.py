"""Ratings and statistics per player, per game, per Discord server, from the event logs.

Every finished game (status "ended") is read back from the store and rated with OpenSkill's
Plackett-Luce model (the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300), from its
final places as the game's chronicle (bot/chronicle.py) names them, ties included. Nothing is
stored: `rebuild` rates every stored game again in the order the games ended, and a `RatingBook`
keeps the result in memory and rates each game that ends on top of it (`record`), which gives
the same numbers (tests/test_ratings.py).

A person is rated by their Discord id. Built-in seats are rated too, one identity per game and
strength ("Built-in (strong)"), so people can see how they compare with them; when one built-in
identity holds several seats of a game, each seat is rated from the identity's rating before the
game and the identity takes the mean of its seats' new ratings.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from bot.chronicle import chronicle, public_events
from bot.service import Options, Update
from bot.store import EventStore, GameInfo

MODEL = PlackettLuce()
RATED = "ended"  # only games that ended by their rules are rated (not abandoned or imported)


def rating_of(mu: float, sigma: float) -> float:
    """The rating shown: mu - 3 sigma, OpenSkill's ordinal (a cautious estimate that rises as
    the system grows sure of a player)."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class Player:
    """Who held a seat at the end of a game: `key` is "user:<id>" for a person, "builtin:<level>"
    for the game's built-in player of a strength."""

    key: str
    name: str


@dataclass(frozen=True)
class Finished:
    """One finished game as ratings and statistics need it."""

    game_id: int
    server: int | None
    game: str
    ended_at: datetime
    players: tuple[Player, ...]  # by seat
    places: tuple[int, ...]  # by seat, 0 the winner, tied seats sharing a place
    statistics: tuple[Mapping[str, int], ...]  # by seat, as the game names them


@dataclass
class Record:
    """One identity's rating and totals in one game on one server."""

    key: str
    name: str
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0
    statistics: dict[str, int] = field(default_factory=dict)  # summed over its games

    @property
    def rating(self) -> float:
        return rating_of(self.mu, self.sigma)

    @property
    def is_person(self) -> bool:
        return self.key.startswith("user:")


@dataclass
class Table:
    """The ratings of one game on one server."""

    records: dict[str, Record] = field(default_factory=dict)
    rated: set[int] = field(default_factory=set)  # the games already counted

    def add(self, game: Finished) -> None:
        """Count and rate one finished game (once: a game counted already is ignored)."""
        if game.game_id in self.rated:
            return
        self.rated.add(game.game_id)
        records = []
        for player in game.players:
            record = self.records.setdefault(player.key, Record(player.key, player.name))
            record.name = player.name  # the latest name it played under
            records.append(record)
        # Rated from the ratings before the game, all at once (a seat's update never feeds
        # another's in the same game).
        teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in records]
        rated = MODEL.rate(teams, ranks=list(game.places)) if len(records) > 1 else teams
        updates: dict[str, list[tuple[float, float]]] = {}
        for record, (new,) in zip(records, rated, strict=True):
            updates.setdefault(record.key, []).append((new.mu, new.sigma))
        for key, values in updates.items():
            record = self.records[key]
            record.mu = sum(mu for mu, _ in values) / len(values)
            record.sigma = sum(sigma for _, sigma in values) / len(values)
        for seat, record in enumerate(records):
            record.games += 1
            # A solo game has no rival to beat: it counts as played, not won.
            record.wins += len(records) > 1 and game.places[seat] == 0
            for name, value in game.statistics[seat].items():
                record.statistics[name] = record.statistics.get(name, 0) + value

    def leaderboard(self) -> list[Record]:
        """Every identity, the best rating first (then more games, then the name)."""
        return sorted(self.records.values(), key=lambda r: (-r.rating, -r.games, r.name))


Book = dict[tuple[int | None, str], Table]  # (Discord server, game) -> its table


def finished(info: GameInfo, seats: Sequence[Any], events: Sequence[Any]) -> Finished | None:
    """The game of `info` as ratings see it, or None when it cannot be rated (not ended by its
    rules, or its game names no chronicle). `seats`: the store's or the service's seat rows
    (seat, user_id, name)."""
    teller = chronicle(info.game)
    if teller is None:
        return None
    public = public_events(info.game, events)
    places = teller.places(public, info.players)
    if places is None:
        return None
    level = Options.from_json(info.options).strength
    built_in = "Built-in" if level == "builtin" else f"Built-in ({level})"
    by_seat = {s.seat: s for s in seats}
    players = []
    for seat in range(info.players):
        row = by_seat.get(seat)
        if row is None or row.user_id is None:
            players.append(Player(f"builtin:{level}", built_in))
        else:
            players.append(Player(f"user:{row.user_id}", row.name))
    return Finished(
        game_id=info.id,
        server=info.discord_guild_id,
        game=info.game,
        ended_at=info.updated_at,
        players=tuple(players),
        places=places,
        statistics=teller.statistics(public, info.players),
    )


async def finished_games(store: EventStore) -> list[Finished]:
    """Every rated game in the store, in the order the games ended (a game's row last changes
    when it ends; equal times by id)."""
    out = []
    for info in await store.list_games(status=RATED):
        events = [e for _, e in await store.read(info.id)]
        game = finished(info, await store.seats(info.id), events)
        if game is not None:
            out.append(game)
    return sorted(out, key=lambda g: (g.ended_at, g.game_id))


def rate_all(games: Sequence[Finished]) -> Book:
    """Every table, from these games in this order."""
    book: Book = {}
    for game in games:
        book.setdefault((game.server, game.game), Table()).add(game)
    return book


async def rebuild(store: EventStore) -> Book:
    """Every rating, rebuilt from the stored games."""
    return rate_all(await finished_games(store))


class RatingBook:
    """The ratings kept in memory: built from the store on first use, and brought up to date
    as each game ends (a listener of the game service)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._book: Book | None = None
        self._building = asyncio.Lock()

    async def book(self) -> Book:
        async with self._building:
            if self._book is None:
                self._book = await rebuild(self.store)
            return self._book

    async def table(self, server: int | None, game: str) -> Table:
        return (await self.book()).get((server, game)) or Table()

    async def tables_of(self, server: int | None) -> dict[str, Table]:
        """The server's tables by game."""
        return {g: t for (s, g), t in (await self.book()).items() if s == server}

    async def __call__(self, update: Update) -> None:
        """Rate a game that has just ended. Before the book is first built there is nothing to
        do: building it reads that game from the store. The lock makes a game that ends while
        the book is being built wait for it, then count once (`Table.add` skips a game the
        build has counted already)."""
        rules = update.definition
        ended = rules.is_over(update.after) and (
            update.before is None or not rules.is_over(update.before)
        )
        if not ended:
            return
        async with self._building:
            if self._book is None:
                return
            info = await self.store.get_game(update.game.id)
            if info.status != RATED:
                return
            events = [e for _, e in await self.store.read(info.id)]
            game = finished(info, update.seats, events)
            if game is not None:
                self._book.setdefault((game.server, game.game), Table()).add(game)
