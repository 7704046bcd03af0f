"""The game service: the one place that changes games. It knows nothing of Discord.

Every change goes the same way: load the state (cached per game), let the engine decide the
command, append the events with the version decided against and the command's idempotency key,
then tell the listeners (the Discord adapter) what happened. One writer per game in this process
(a lock per game); another process writing the same game shows up as a store conflict, and the
command is decided again on the fresh state.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from bot import logs, metrics, timebank
from bot.jitter import jittered
from bot.reminders import Prefs, daily_of, next_daily, remind_at
from bot.store import Conflict, Deadline, EventStore, GameInfo, StoreError, community
from bot.store.prefs import reminder_prefs, set_reminder_prefs
from bot.store.schema import ReminderPrefsRow, ServerSettingsRow
from engine.core import GameDefinition, RuleError, registry
from engine.core.game import Stage

log = logging.getLogger("guildmaster.service")

SNAPSHOT_EVERY = 200  # events between snapshots (and one at every round's end)
MAX_CONFLICT_RETRIES = 5
MAX_BOT_MOVES = 500  # per drive; a safety net, far above what a phase needs
# Waits before redoing the bookkeeping after an append (status, deadline) that the database
# failed: about two minutes in all.
REDO_DELAYS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)

# Games whose state is kept in memory between interactions, the most recently used first; and
# how long a game no one touches keeps it. A 2-player Guild Master state is 14-16 KiB
# (tracemalloc, round 1 to the end), and the notifier keeps the last moment (views) of as many
# games. A game dropped from the cache is loaded from its snapshot and the events after it when
# next touched (0.04 ms in a round's Order Phase), which gives the same state: rules are
# deterministic. Keeping all of 2,000 games in play measured 13 MB more for 4% less CPU a click
# (bench/click_path.py, issue 26): not worth it.
CACHED_GAMES = 256
IDLE_SECONDS = 600.0

DEFAULT_GAME = "guild-master"  # the game of `/gm create` when none is chosen
MAX_DEADLINE = 60 * 24 * 14  # minutes

# A game's state, event and command are the game's own types: to the service they are opaque.
GameState = Any
Event = Any
Command = Any


class ServiceError(Exception):
    """Something a user asked that cannot be done; `message` says what to do instead."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Options:
    """A game's table options, kept as JSON in its row: the host's (players, built-in players,
    deadlines, pause) and the game's own (`game`, by the names of its `GameOption`s, such as
    Guild Master's "short"), stored beside them at the top level."""

    players: int = 4
    bots: bool = True  # built-in players fill empty seats at the start
    deadlines: dict[str, int] = field(default_factory=dict)  # deadline kind -> minutes
    paused: bool = False
    game: dict[str, Any] = field(default_factory=dict)
    # The built-in players' strength: one of the game's `LEVELS`, or "builtin" (its one built-in
    # player; games created before strengths were offered keep it).
    strength: str = "builtin"
    # A rematch's lobby: the players of the finished game who are asked to confirm (by joining);
    # it starts by itself once all of them have.
    invited: tuple[int, ...] = ()
    # A daily deadline, "HH:MM <zone>" (bot/reminders.py): each wait ends at its next such time
    # instead of after `deadlines` minutes. Empty: none.
    daily: str = ""

    def table(self, rules: GameDefinition) -> dict[str, Any]:
        """The game's options as its `create` takes them: each one chosen, or its default."""
        return {o.name: self.game.get(o.name, o.default) for o in rules.options}

    def to_json(self) -> dict[str, Any]:
        return {
            **self.game,
            "players": self.players,
            "bots": self.bots,
            "deadlines": self.deadlines,
            "paused": self.paused,
            "strength": self.strength,
            "invited": list(self.invited),
            "daily": self.daily,
        }

    @classmethod
    def from_json(cls, raw: str | dict[str, Any]) -> Options:
        """The options a game's row holds (as its JSON text, or read already). From the text,
        the same (shared) object each time the text is the same: a click reads its game's
        options several times (never change its dicts)."""
        if isinstance(raw, str):
            return _options_of(raw)
        return cls._read(raw)

    @classmethod
    def _read(cls, data: dict[str, Any]) -> Options:
        return cls(
            players=int(data.get("players", 4)),
            bots=bool(data.get("bots", True)),
            deadlines={k: int(v) for k, v in data.get("deadlines", {}).items()},
            paused=bool(data.get("paused", False)),
            game={k: v for k, v in data.items() if k not in _HOST_OPTIONS},
            strength=str(data.get("strength", "builtin")),
            invited=tuple(int(u) for u in data.get("invited", ())),
            daily=str(data.get("daily", "")),
        )


_HOST_OPTIONS = ("players", "bots", "deadlines", "paused", "strength", "invited", "daily")


@lru_cache(maxsize=CACHED_GAMES)
def _options_of(raw: str) -> Options:
    """`Options.from_json` of a game row's text, kept for the texts read last."""
    return Options._read(json.loads(raw))


_IN_PLAY = {"lobby": "open for players to join", "running": "being played"}
_WORDS = dict(enumerate(("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight")))


# Where a server's games may be played (`/gm settings where:`): in any channel or thread, only
# in channels, or only in threads (one thread per game, which the host opens). The bot does not
# open threads itself: it honours the choice by refusing `/gm create` elsewhere.
WHERE = ("any", "channels", "threads")


@dataclass(frozen=True)
class ServerSettings:
    """A Discord server's settings as they apply to it: what its admins set with `/gm settings`,
    else the bot's configured defaults (config.toml `[servers]` and `[games] deadline_minutes`).
    `own` names the settings the server set itself."""

    games: tuple[str, ...] = ()  # the games allowed (empty: every hosted game)
    # Minutes of every phase of a new game (0: no deadlines); None: the configured minutes of
    # each deadline kind.
    deadline: int | None = None
    builtin_players: bool = True
    where: str = "any"
    own: frozenset[str] = frozenset()

    def allows(self, game: str) -> bool:
        """May a game of `game` be created here?"""
        return not self.games or game in self.games

    def deadlines(self, kinds: tuple[str, ...], configured: dict[str, int]) -> dict[str, int]:
        """The deadlines of a new game whose deadline kinds are `kinds`."""
        if self.deadline is None:
            return {k: v for k, v in configured.items() if k in kinds}
        return {k: self.deadline for k in kinds} if self.deadline else {}


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int | None  # None: a built-in player
    name: str
    dm_channel_id: int | None = None

    @property
    def built_in(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class Update:
    """What a successful change did, for the listeners."""

    game: GameInfo
    seats: tuple[Seat, ...]
    before: GameState | None
    after: GameState
    events: tuple[Event, ...]
    by: int | None  # the seat that acted, None for the system (deadline, start, host)
    version: int = 0  # the seq of its last event

    @property
    def definition(self) -> GameDefinition:
        """The rules of the game updated."""
        return registry.get(self.game.game)


@dataclass(frozen=True)
class Outcome:
    """The result of a command: the events it caused (empty if it changed nothing) and the
    state after it. `duplicate`: the same interaction was applied before; nothing new."""

    events: tuple[Event, ...]
    state: GameState
    duplicate: bool = False
    response: Any = None


Listener = Callable[[Update], Awaitable[None]]
Reminder = Callable[[int, tuple[int, ...], datetime], Awaitable[None]]  # game, seats, due
REMIND = "remind:"
HANDOVER = "handover:"  # the kept-messages key marking a seat still to be handed over


class StateCache:
    """Game states and their versions, for at most `size` games, the least recently used
    dropped first, and none kept longer than `idle` seconds after it was last used."""

    def __init__(
        self,
        size: int = CACHED_GAMES,
        idle: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.size = size
        self.idle = idle
        self._clock = clock
        self._states: OrderedDict[int, tuple[GameState, int, float]] = OrderedDict()
        # Per game, the newest version kept so far, dropped or not: a load that read the store
        # before an append and ends after it must not put back the state from before.
        self._newest: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self._states)

    def __contains__(self, game_id: int) -> bool:
        return game_id in self._states

    def get(self, game_id: int) -> tuple[GameState, int] | None:
        """The game's state and version, if kept (and now the most recently used); games idle
        too long are dropped."""
        kept = self._states.get(game_id)
        if kept is None:
            return None
        now = self._clock()
        self._states[game_id] = (kept[0], kept[1], now)
        self._states.move_to_end(game_id)
        self.expire(now)
        return kept[0], kept[1]

    def peek(self, game_id: int) -> tuple[GameState, int] | None:
        """The game's state and version if kept, leaving its place and its time alone."""
        kept = self._states.get(game_id)
        return None if kept is None else (kept[0], kept[1])

    def put(self, game_id: int, state: GameState, version: int) -> None:
        """Keep the game's state; drop the least recently used beyond the bound, and those idle
        too long."""
        now = self._clock()
        self._states[game_id] = (state, version, now)
        self._states.move_to_end(game_id)
        self._newest[game_id] = max(version, self._newest.get(game_id, 0))
        self.expire(now)

    def offer(self, game_id: int, state: GameState, version: int) -> None:
        """Keep a state loaded from the store, unless a newer one was kept meanwhile: loads
        outside the game's lock (answers, the notifier) may end after an append."""
        if version >= self._newest.get(game_id, 0):
            self.put(game_id, state, version)

    def pop(self, game_id: int) -> None:
        self._states.pop(game_id, None)

    def expire(self, now: float | None = None) -> None:
        """Drop the games beyond the bound and those not used for `idle` seconds."""
        now = self._clock() if now is None else now
        states = self._states
        while len(states) > self.size:
            states.popitem(last=False)
        # Oldest first: the first game used recently enough ends the search.
        while states and now - next(iter(states.values()))[2] > self.idle:
            states.popitem(last=False)


class GameService:
    """Creates, joins, starts and plays games; the Discord adapter calls it, and listens."""

    def __init__(
        self,
        store: EventStore,
        *,
        now: Callable[[], datetime] | None = None,
        cache: StateCache | None = None,
    ) -> None:
        self.store = store
        self.listeners: list[Listener] = []
        self.reminders: list[Reminder] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache = cache if cache is not None else StateCache()
        self._now = now or (lambda: datetime.now(UTC))
        self._settling: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._seats: dict[int, tuple[Seat, ...]] = {}  # last read, for when the database fails
        # For the games asked about last, the rows their seats were made from: the seats are made
        # again only when the store's rows are others (it keeps them when it is the database's
        # one writer, and a change replaces the rows it changes). Bounded: the rows are the
        # store's, which keeps those of the games used last only.
        self._seat_rows: OrderedDict[int, tuple[Any, ...]] = OrderedDict()
        # Games whose deadline their background moves must bring up to date (`kick`).
        self._stale: set[int] = set()
        self._redo: dict[int, asyncio.Task[None]] = {}
        self.redo_delays = REDO_DELAYS
        # What a server without settings of its own gets (the client sets it from the config).
        self.server_defaults = ServerSettings()
        # Each game's spectators, kept when this process is the database's one writer (else
        # read at each update: another process may have changed them).
        self._watchers: dict[int, tuple[int, ...]] = {}

    @property
    def cached_games(self) -> int:
        """For how many games at most the state is kept in memory."""
        return self._cache.size

    def lock(self, game_id: int) -> asyncio.Lock:
        if game_id not in self._locks:
            self._locks[game_id] = asyncio.Lock()
        return self._locks[game_id]

    # --- lobby -------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        discord_guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: Options,
        game: str = DEFAULT_GAME,
    ) -> GameInfo:
        """A new game of `game` in the lobby of `channel_id`, with the host in the first seat."""
        try:
            rules = registry.get(game)
        except KeyError:
            hosted = ", ".join(registry.names())
            raise ServiceError(
                "game", f"There is no game {game!r}; the bot hosts {hosted}."
            ) from None
        if not rules.min_players <= options.players <= rules.max_players:
            raise ServiceError(
                "players",
                f"A game of {rules.title} has {rules.min_players} to {rules.max_players} players.",
            )
        for kind, minutes in options.deadlines.items():
            if kind not in rules.deadline_kinds or not 1 <= minutes <= MAX_DEADLINE:
                raise ServiceError("deadline", "Deadlines are 1 minute to 14 days per phase.")
        existing = await self.game_in_channel(channel_id)
        if existing is not None:
            raise ServiceError(
                "channel_busy",
                f"Game {existing.id} is already {_IN_PLAY[existing.status]} in this channel; "
                "end it or use another channel or thread.",
            )
        game_id = await self.store.create_game(
            rules.name,
            players=options.players,
            options=options.to_json(),
            status="lobby",
            discord_guild_id=discord_guild_id,
            channel_id=channel_id,
            host_id=host_id,
        )
        await self.store.set_seat(game_id, 0, host_id, host_name)
        return await self.store.get_game(game_id)

    async def game_in_channel(self, channel_id: int) -> GameInfo | None:
        """The lobby or running game of a channel, if any (a lobby first)."""
        games = await self.store.games_in_play(channel_id)
        for status in ("lobby", "running"):
            found = [g for g in games if g.status == status]
            if found:
                return found[-1]
        return None

    async def seats(self, game_id: int) -> tuple[Seat, ...]:
        """The game's seats, as stored."""
        rows = await self.store.seats(game_id)
        made = self._seat_rows.get(game_id)
        if (
            made is not None
            and len(made) == len(rows)
            and all(a is b for a, b in zip(made, rows, strict=True))
        ):
            self._seat_rows.move_to_end(game_id)
            return self._seats[game_id]
        seats = tuple(Seat(r.seat, r.user_id, r.name, r.dm_channel_id) for r in rows)
        self._seats[game_id] = seats
        self._seat_rows[game_id] = tuple(rows)
        self._seat_rows.move_to_end(game_id)
        while len(self._seat_rows) > CACHED_GAMES:
            self._seat_rows.popitem(last=False)
        return seats

    async def seat_of(self, game_id: int, user_id: int) -> int | None:
        for s in await self.seats(game_id):
            if s.user_id == user_id:
                return s.seat
        return None

    async def join(self, game_id: int, user_id: int, name: str) -> Seat:
        game = await self.store.get_game(game_id)
        if game.status != "lobby":
            raise ServiceError("not_lobby", "This game has already started; wait for the next one.")
        options = Options.from_json(game.options)
        async with self.lock(game_id):
            seats = await self.seats(game_id)
            if any(s.user_id == user_id for s in seats):
                raise ServiceError("joined", "You are already in this game.")
            if len(seats) >= options.players:
                noun = registry.get(game.game).seat_noun
                raise ServiceError("full", f"This game is full ({options.players} {noun}s).")
            # A rematch's seats are its players' (the rest stay built-in, as they were).
            if options.invited and user_id not in options.invited:
                raise ServiceError("invited", "This rematch is for the players of the last game.")
            taken = {s.seat for s in seats}
            seat = min(set(range(options.players)) - taken)
            await self.store.set_seat(game_id, seat, user_id, name)
            return Seat(seat, user_id, name)

    async def rematch(self, game_id: int, user_id: int, name: str) -> GameInfo:
        """A new lobby in the ended game's channel with its seats and options: `user_id` (one
        of its players, or its host) hosts it and sits first; the game's other players are
        invited to confirm by joining. Seats that ended built-in stay built-in (the new game
        lets built-in players fill the seats nobody confirms)."""
        old = await self.store.get_game(game_id)
        if old.status != "ended":
            raise ServiceError("not_ended", "A rematch opens once the game has ended.")
        seats = await self.seats(game_id)
        humans = [s.user_id for s in seats if s.user_id is not None]
        if user_id not in humans and user_id != old.host_id:
            raise ServiceError("not_player", "Only the game's players or its host open a rematch.")
        options = Options.from_json(old.options)
        again = replace(
            options,
            players=old.players or options.players,
            bots=options.bots or len(humans) < len(seats),
            paused=False,
            invited=tuple(u for u in humans if u != user_id),
        )
        assert old.channel_id is not None and old.discord_guild_id is not None
        return await self.create_game(
            discord_guild_id=old.discord_guild_id,
            channel_id=old.channel_id,
            host_id=user_id,
            host_name=name,
            options=again,
            game=old.game,
        )

    async def all_confirmed(self, game_id: int) -> bool:
        """A rematch's lobby in which every invited player has joined."""
        game = await self.store.get_game(game_id)
        invited = Options.from_json(game.options).invited
        seated = {s.user_id for s in await self.seats(game_id)}
        return game.status == "lobby" and bool(invited) and set(invited) <= seated

    async def leave(self, game_id: int, user_id: int) -> None:
        game = await self.store.get_game(game_id)
        if game.status != "lobby":
            raise ServiceError(
                "not_lobby",
                "The game has started; ask the host to offer your seat to a volunteer "
                "(/seat open) or to give it to a built-in player (/gm replace).",
            )
        seat = await self.seat_of(game_id, user_id)
        if seat is None:
            raise ServiceError("not_joined", "You are not in this game.")
        if user_id == game.host_id:
            raise ServiceError("host", "The host cannot leave; end the game instead (/gm end).")
        await self.store.remove_seat(game_id, seat)

    async def start(self, game_id: int, user_id: int, *, is_admin: bool = False) -> GameState:
        """Seat built-in players where allowed, deal the game and begin setup."""
        game = await self.store.get_game(game_id)
        if game.status != "lobby":
            raise ServiceError("not_lobby", "This game has already started.")
        if user_id != game.host_id and not is_admin:
            raise ServiceError(
                "host_only", "Only the host (or a member with Manage Server) starts."
            )
        options = Options.from_json(game.options)
        async with self.lock(game_id):
            seats = sorted(await self.seats(game_id), key=lambda s: s.seat)
            humans = [s for s in seats if not s.built_in]
            rules = registry.get(game.game)
            if options.bots:
                total = options.players
            else:
                total = len(humans)
                if total < rules.min_players:
                    raise ServiceError(
                        "too_few",
                        f"{_WORDS[rules.min_players]} players are needed: wait for another "
                        "player to /gm join, or allow built-in players.",
                    )
            # Humans take the first seats in joining order; built-in players fill the rest.
            # Each step can be done again, so a start cut short by a crash is finished by the
            # next /gm start (or at start-up) with the same outcome: the seats change in one
            # transaction, the seed is kept before the deal, and the deal is appended under the
            # key start:<game>.
            layout = [(i, s.user_id, s.name, s.dm_channel_id) for i, s in enumerate(humans)]
            layout += [
                (i, None, f"Built-in {rules.seat_noun} {i + 1}", None)
                for i in range(len(humans), total)
            ]
            await self.store.replace_seats(game_id, layout)
            seed = game.seed
            if not seed:
                seed = int.from_bytes(os.urandom(6), "big")
                await self.store.update_game(game_id, seed=seed)
            return await self._deal(rules, game_id, total, seed, options)

    async def _deal(
        self, rules: GameDefinition, game_id: int, total: int, seed: int, options: Options
    ) -> GameState:
        """The last steps of a start (the lock held): the deal, then the status."""
        events = rules.create(total, seed, options.table(rules))
        # Nothing posted yet: a restart before the first post posts it (Notifier.catch_up).
        if await self.store.notified(game_id) is None:
            await self.store.mark_notified(game_id, 0)
        await self.store.append(game_id, 0, events, key=f"start:{game_id}")
        await self.store.update_game(game_id, status="running", players=total)
        state: Any = None
        for e in events:
            state = rules.evolve(state, e)
        self._cache.put(game_id, state, len(events))
        info = await self.store.get_game(game_id)
        seats = await self.seats(game_id)
        await self._notify(Update(info, seats, None, state, tuple(events), None, len(events)))
        self.kick(game_id)
        return state

    async def finish_start(self, game_id: int) -> bool:
        """At start-up: finish a start that a crash cut short after its deal was recorded (the
        game still says lobby). True if there was one."""
        game = await self.store.get_game(game_id)
        if game.status != "lobby" or game.version == 0:
            return False
        async with self.lock(game_id):
            seats = await self.seats(game_id)
            options = Options.from_json(game.options)
            await self._deal(registry.get(game.game), game_id, len(seats), game.seed, options)
        return True

    # --- playing -----------------------------------------------------------------------------

    async def load(self, game_id: int) -> tuple[GameState, int]:
        """The game's state and version: kept for the games used last (StateCache), else its
        snapshot and the events after it. A store conflict drops what is kept."""
        cached = self._cache.get(game_id)
        if cached is not None:
            return cached
        loaded = await self.store.load(game_id)
        if loaded.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        self._cache.offer(game_id, loaded.state, loaded.version)
        return loaded.state, loaded.version

    async def state_at(self, game_id: int, version: int) -> GameState:
        """The game's state after event `version`: the kept one if it is that, else read back
        from the store (its snapshot and events; the kept states stay as they are)."""
        kept = self._cache.peek(game_id)
        if kept is not None and kept[1] == version:
            return kept[0]
        return await self.store.load_at(game_id, version)

    def kept_state(self, game_id: int, version: int) -> GameState | None:
        """The game's kept state if it is the one after event `version`, else None."""
        kept = self._cache.peek(game_id)
        return kept[0] if kept is not None and kept[1] == version else None

    async def act(
        self,
        game_id: int,
        command: Command,
        *,
        key: str | None = None,
        by: int | None = None,
        response: Any = None,
        drive: bool = True,
    ) -> Outcome:
        """Decide `command` and record its events. Raises RuleError (the state is unchanged),
        ServiceError, or a store error (Unavailable: nothing was written; try again)."""
        with logs.context(game=game_id):
            async with self.lock(game_id):
                outcome = await self._act_locked(game_id, command, key, by, response)
        if drive and outcome.events:
            # The append's bookkeeping has brought the deadline up to date (or will, if the
            # database failed it): the background moves need not, unless they move.
            self.kick(game_id, deadline=False)
        return outcome

    def kick(self, game_id: int, *, deadline: bool = True) -> None:
        """After a change, in the background: let built-in players move and keep the deadline
        right (`deadline`: even if they do not move). The caller (an interaction) is answered
        without waiting for them."""
        if deadline:
            self._stale.add(game_id)
        task = self._settling.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)
            return
        self._settling[game_id] = asyncio.get_running_loop().create_task(
            self._settle(game_id), context=logs.for_game(game_id)
        )

    async def _settle(self, game_id: int) -> None:
        while True:
            self._again.discard(game_id)
            try:
                moved = await self.drive_bots(game_id)
                if moved or game_id in self._stale:
                    self._stale.discard(game_id)
                    await self.refresh_deadline(game_id)
            except Exception:
                log.exception("game %s: background moves failed", game_id)
            if game_id not in self._again:
                # A game between changes keeps no finished task (the next change makes one).
                if self._settling.get(game_id) is asyncio.current_task():
                    del self._settling[game_id]
                return

    async def settle(self) -> None:
        """Wait until no game has background moves left (tests, shutdown)."""
        while True:
            running = [t for t in self._settling.values() if not t.done()]
            if not running:
                return
            await asyncio.gather(*running, return_exceptions=True)

    async def _act_locked(
        self, game_id: int, command: Command, key: str | None, by: int | None, response: Any
    ) -> Outcome:
        if key is not None:
            done = await self.store.command(game_id, key)
            if done is not None:
                state, _ = await self.load(game_id)
                return Outcome((), state, duplicate=True, response=done.response)
        game = await self.store.get_game(game_id)
        if game.status != "running":
            raise ServiceError("not_running", f"This game is {game.status}.")
        if Options.from_json(game.options).paused and command.seat >= 0:
            raise ServiceError("paused", "The game is paused; the host can /gm resume it.")
        rules = registry.get(game.game)
        for _ in range(MAX_CONFLICT_RETRIES):
            state, version = await self.load(game_id)
            events, after = rules.execute(state, command)
            if not events:
                return Outcome((), state)
            try:
                appended = await self.store.append(
                    game_id, version, events, key=key, response=response
                )
            except Conflict:
                self._cache.pop(game_id)  # somebody else moved it: decide again
                continue
            if appended.duplicate:
                self._cache.pop(game_id)
                state, _ = await self.load(game_id)
                return Outcome((), state, duplicate=True, response=appended.response)
            self._cache.put(game_id, after, appended.last_seq)
            await self._after_append(rules, game, state, after, events, appended.last_seq, by)
            return Outcome(tuple(events), after, response=response)
        raise ServiceError("busy", "The game is changing quickly; try again in a moment.")

    async def _after_append(
        self,
        rules: GameDefinition,
        game: GameInfo,
        before: GameState,
        after: GameState,
        events: list[Event],
        version: int,
        by: int | None,
    ) -> None:
        """Snapshot, status and deadline, then the listeners. The events are recorded by now:
        should the database fail here, the command still happened, so it is not reported as
        failed; the listeners are told, and the bookkeeping is done again later."""
        try:
            if any(rules.checkpoint(e) for e in events) or (version % SNAPSHOT_EVERY < len(events)):
                await self.store.save_snapshot(game.id, version, after)
            if rules.is_over(after):
                await self.store.update_game(game.id, status="ended")
                await self.store.clear_deadline(game.id)
                game = await self.store.get_game(game.id)
            else:
                await self.refresh_deadline(game.id)
            seats = await self.seats(game.id)
        except StoreError as exc:
            log.warning(
                "game %s: bookkeeping after an append failed (%s); redoing it", game.id, exc
            )
            self._redo_later(game.id)
            seats = self._seats.get(game.id) or ()
        await self._notify(Update(game, seats, before, after, tuple(events), by, version))

    def _redo_later(self, game_id: int) -> None:
        task = self._redo.get(game_id)
        if task is None or task.done():
            self._redo[game_id] = asyncio.get_running_loop().create_task(
                self._redo_work(game_id), context=logs.for_game(game_id)
            )

    async def _redo_work(self, game_id: int) -> None:
        for delay in self.redo_delays:
            await asyncio.sleep(jittered(delay))  # other processes met the same outage
            try:
                await self.refresh_deadline(game_id)
            except StoreError:
                continue
            return
        log.error("game %s: its status and deadline could not be brought up to date", game_id)

    async def _notify(self, update: Update) -> None:
        with logs.context(game=update.game.id):
            for listener in self.listeners:
                try:
                    await listener(update)
                except Exception:  # a failed post must not undo or block the game
                    log.exception("listener failed for game %s", update.game.id)

    async def drive_bots(self, game_id: int) -> bool:
        """Let built-in players answer what the game waits for from them. True if any moved."""
        for n in range(MAX_BOT_MOVES):
            game = await self.store.get_game(game_id)
            options = Options.from_json(game.options)
            if game.status != "running" or options.paused:
                return n > 0
            # Read at each move: a volunteer may take a built-in seat meanwhile (`take_seat`).
            bots = {s.seat for s in await self.seats(game_id) if s.built_in}
            if not bots:
                return n > 0
            rules = registry.get(game.game)
            state, version = await self.load(game_id)
            command = bot_move(rules, game.seed, version, state, bots, options.strength)
            if command is None:
                return n > 0
            seat = command.seat
            try:
                await self.act(game_id, command, by=seat, drive=False)
            except RuleError:
                # Should the player ever choose something illegal, its documented default is legal.
                await self.act(game_id, rules.defaults(state, (seat,)), by=seat, drive=False)
        log.warning("game %s: built-in players did not finish in %d moves", game_id, MAX_BOT_MOVES)
        return True

    # --- admin -------------------------------------------------------------------------------

    async def set_paused(self, game_id: int, paused: bool) -> None:
        game = await self.store.get_game(game_id)
        if game.status != "running":
            raise ServiceError("not_running", f"This game is {game.status}.")
        options = Options.from_json(game.options)
        if options.paused == paused:
            raise ServiceError(
                "already", f"The game is already {'paused' if paused else 'running'}."
            )
        await self.store.update_game(game_id, options={**options.to_json(), "paused": paused})
        if paused:
            await self.refresh_deadline(game_id)  # none while paused; time banks stop
        else:
            await self.refresh_deadline(game_id, force=True)
            self.kick(game_id)

    async def force(self, game_id: int) -> Outcome:
        """Apply the defaults of everyone the game waits for (the host's "force the phase on")."""
        game = await self.store.get_game(game_id)
        state, _ = await self.load(game_id)
        return await self.act(game_id, registry.get(game.game).defaults(state, None))

    async def replace_by_bot(self, game_id: int, seat: int) -> None:
        """An absent player's seat is played by a built-in player from now on."""
        game = await self.store.get_game(game_id)
        noun = registry.get(game.game).seat_noun
        seats = {s.seat: s for s in await self.seats(game_id)}
        if seat not in seats:
            raise ServiceError("seat", f"There is no {noun} {seat + 1} in this game.")
        if seats[seat].built_in:
            raise ServiceError(
                "already", f"{noun.capitalize()} {seat + 1} is already a built-in player."
            )
        await self.store.set_seat(game_id, seat, None, f"{seats[seat].name} (built-in)")
        self.kick(game_id)

    # --- seats offered to volunteers ------------------------------------------------------------

    async def open_seats(self, game_id: int) -> list[int]:
        """The game's seats offered to volunteers."""
        return await community.open_seats(self.store, game_id)

    async def open_seat(self, game_id: int, seat: int, by: int) -> Seat:
        """Offer `seat` of a game in play to a volunteer: a seat a built-in player holds (after
        `/gm replace`) or an absent person's, who keeps playing it until somebody takes it."""
        game = await self.store.get_game(game_id)
        rules = registry.get(game.game)
        if game.status == "lobby":
            raise ServiceError(
                "lobby", "The game has not started: players join the lobby with /gm join."
            )
        if game.status != "running":
            raise ServiceError("over", "This game is over; no seat can be offered.")
        seats = {s.seat: s for s in await self.seats(game_id)}
        if seat not in seats:
            raise ServiceError("seat", f"There is no {rules.seat_noun} {seat + 1} in this game.")
        if seat in await self.open_seats(game_id):
            raise ServiceError(
                "open", f"{rules.seat_noun.capitalize()} {seat + 1} is offered already."
            )
        await community.open_seat(self.store, game_id, seat, by)
        return seats[seat]

    async def close_seat(self, game_id: int, seat: int) -> None:
        """Offer the seat no more."""
        game = await self.store.get_game(game_id)
        noun = registry.get(game.game).seat_noun
        if not await community.close_seat(self.store, game_id, seat):
            raise ServiceError("not_open", f"{noun.capitalize()} {seat + 1} is not offered.")

    async def take_seat(
        self,
        game_id: int,
        seat: int,
        user_id: int,
        name: str,
        welcome: Callable[[], Awaitable[None]],
    ) -> tuple[Seat, GameState]:
        """A volunteer takes an offered seat; returns who held it before and the game's state
        when it changed hands (what the newcomer is handed). Checked and done
        under the game's lock, so two volunteers cannot both take it: `welcome()` (the
        volunteer's first DM, which holds no secret) is awaited once every check has passed and
        before the seat changes hands, so a volunteer whose DMs are closed (it raises) leaves
        the seat offered and unchanged."""
        async with self.lock(game_id):
            game = await self.store.get_game(game_id)
            noun = registry.get(game.game).seat_noun
            if game.status == "lobby":
                raise ServiceError("lobby", "The game has not started: join it with /gm join.")
            if game.status != "running":
                raise ServiceError("over", "This game is over; its seats can no longer be taken.")
            seats = {s.seat: s for s in await self.seats(game_id)}
            if seat not in seats or seat not in await self.open_seats(game_id):
                raise ServiceError(
                    "not_open",
                    f"{noun.capitalize()} {seat + 1} is not offered (any more): somebody may "
                    "have taken it, or the host withdrew it.",
                )
            mine = [s.seat for s in seats.values() if s.user_id == user_id]
            if mine:
                raise ServiceError(
                    "seated",
                    f"You already play {noun} {mine[0] + 1} in this game; one seat each.",
                )
            await welcome()
            state, version = await self.load(game_id)
            # Until the notifier has handed the seat over, a marker says it must: a restart in
            # between hands it over then (`Notifier.resume_handovers`).
            await self.store.set_message(game_id, f"{HANDOVER}{seat}", 0, version)
            await self.store.set_seat(game_id, seat, user_id, name)
            await community.close_seat(self.store, game_id, seat)
        self.kick(game_id)  # a human is waited for now: the deadline is set again
        return seats[seat], state

    # --- spectators ----------------------------------------------------------------------------

    async def watchers(self, game_id: int) -> tuple[int, ...]:
        """The game's spectators."""
        kept = self._watchers.get(game_id)
        if kept is not None:
            return kept
        found = tuple(await community.watchers(self.store, game_id))
        if community.single_writer(self.store):
            self._watchers[game_id] = found
        return found

    async def watch(self, game_id: int, user_id: int) -> None:
        await community.watch(self.store, game_id, user_id)
        self._watchers.pop(game_id, None)

    async def unwatch(self, game_id: int, user_id: int) -> bool:
        """False if the user was not watching."""
        done = await community.unwatch(self.store, game_id, user_id)
        self._watchers.pop(game_id, None)
        return done

    # --- server settings ---------------------------------------------------------------------

    async def server_settings(self, discord_guild_id: int | None) -> ServerSettings:
        """The settings that apply in a Discord server (the defaults in DMs)."""
        base = self.server_defaults
        if discord_guild_id is None:
            return base
        row = await community.server_settings(self.store, discord_guild_id)
        if row is None:
            return base
        own = set()
        games, deadline, bots, where = base.games, base.deadline, base.builtin_players, base.where
        if row.games is not None:
            games, own = tuple(json.loads(row.games)), own | {"games"}
        if row.deadline_minutes is not None:
            deadline, own = row.deadline_minutes, own | {"deadline"}
        if row.builtin_players is not None:
            bots, own = row.builtin_players, own | {"builtin_players"}
        if row.where is not None:
            where, own = row.where, own | {"where"}
        return ServerSettings(games, deadline, bots, where, frozenset(own))

    async def set_server_settings(
        self, discord_guild_id: int, changes: Mapping[str, Any]
    ) -> ServerSettings:
        """Change some of a server's own settings (`games`, `deadline`, `builtin_players`,
        `where`); a change to None gives that one back to the bot's default."""
        row = await community.server_settings(self.store, discord_guild_id)
        if row is None:
            row = ServerSettingsRow(discord_guild_id=discord_guild_id)
        values = row.model_dump()
        for key, value in changes.items():
            if key == "games":
                unknown = [g for g in value or () if g not in registry.names()]
                if unknown:
                    raise ServiceError("games", f"No game is called {', '.join(unknown)}.")
                # An empty list: every game, chosen here (None: the bot's default).
                values["games"] = None if value is None else json.dumps(list(value))
            elif key == "deadline":
                if value is not None and not 0 <= value <= MAX_DEADLINE:
                    raise ServiceError(
                        "deadline", "Deadlines are 1 minute to 14 days per phase, or 0 for none."
                    )
                values["deadline_minutes"] = value
            elif key == "builtin_players":
                values["builtin_players"] = value
            elif key == "where":
                if value is not None and value not in WHERE:
                    raise ServiceError("where", f"Games are played in {', '.join(WHERE)}.")
                values["where"] = value
            else:
                raise ServiceError("setting", f"There is no server setting {key!r}.")
        await community.set_server_settings(self.store, ServerSettingsRow(**values))
        return await self.server_settings(discord_guild_id)

    async def end(self, game_id: int) -> None:
        game = await self.store.get_game(game_id)
        if game.status in ("ended", "abandoned"):
            raise ServiceError("ended", "This game is already over.")
        await self.store.update_game(game_id, status="abandoned")
        await self.store.clear_deadline(game_id)
        self._cache.pop(game_id)

    # --- deadlines ---------------------------------------------------------------------------

    async def refresh_deadline(self, game_id: int, *, force: bool = False) -> None:
        """Keep one deadline per game for what it waits for now: a new wait gets a new
        deadline; a game waiting for nobody human, paused or without deadlines has none. With
        a time bank (bot/timebank.py) the wait that ended is charged to the seats it waited on,
        and each human seat waited for gets a row due when its bank would be empty."""
        game = await self.store.get_game(game_id)
        options = Options.from_json(game.options)
        if game.status != "running" or options.paused:
            await timebank.run_down(self.store, game_id, game.options, "", (), self._now())
            await self.store.clear_deadline(game_id)
            return
        rules = registry.get(game.game)
        state, version = await self.load(game_id)
        if rules.is_over(state):  # its end was recorded but not its status (a database failure)
            await self.store.update_game(game_id, status="ended")
            await timebank.run_down(self.store, game_id, game.options, "", (), self._now())
            await self.store.clear_deadline(game_id)
            return
        seats = {s.seat: s for s in await self.seats(game_id)}
        humans = sorted({d.seat for d in rules.pending(state) if not seats[d.seat].built_in})
        stage = rules.stage(state)
        minutes = wait_minutes(stage, options.deadlines)
        daily = options.daily if not stage.window else ""
        key = f"{stage.key}:{'-'.join(map(str, humans))}"
        now = self._now()
        wait = key if humans else ""
        banks = await timebank.run_down(self.store, game_id, game.options, wait, humans, now)
        if not humans or not (minutes or daily or banks):
            await self.store.clear_deadline(game_id)
            return
        current = [d for d in await self.store.deadlines(game_id) if _wait_of(d.key) == key]
        if current and not force:
            return
        await self.store.clear_deadline(game_id)
        if minutes or daily:
            if daily:
                at, zone = daily_of(daily)
                due = next_daily(now, at, zone)
            else:
                due = now + timedelta(minutes=minutes or 0)
            await self.store.set_deadline(game_id, key, due, version, humans)
            await self._plan_reminders(game_id, key, now, due, version, humans)
        for row, bank_due, seat in timebank.rows(banks) if banks is not None else ():
            await self.store.set_deadline(game_id, row, bank_due, version, [seat])

    async def _plan_reminders(
        self,
        game_id: int,
        key: str,
        start: datetime,
        due: datetime,
        version: int,
        waiting: list[int] | tuple[int, ...],
    ) -> None:
        """One reminder per seat waited for, at the time its player chose (bot/reminders.py),
        kept as a deadline `remind:<seat>:<wait>` so it survives restarts as deadlines do."""
        for d in await self.store.deadlines(game_id):
            if d.key.startswith(REMIND):
                await self.store.clear_deadline(game_id, d.key)
        seats = {s.seat: s for s in await self.seats(game_id)}
        now = self._now()
        for seat in waiting:
            user = seats[seat].user_id if seat in seats else None
            if user is None:
                continue
            at = remind_at(start, due, await self.reminder_prefs(user), now)
            if at is not None:
                await self.store.set_deadline(game_id, f"{REMIND}{seat}:{key}", at, version, [seat])

    async def reminder_prefs(self, user_id: int) -> Prefs:
        """A player's reminder choices (the defaults if they made none)."""
        row = await reminder_prefs(self.store, user_id)
        if row is None:
            return Prefs()
        quiet = None
        if row.quiet_start is not None and row.quiet_end is not None:
            quiet = (row.quiet_start, row.quiet_end)
        return Prefs(lead=row.lead_minutes, off=row.off, quiet=quiet, zone=row.zone)

    async def set_reminder_prefs(self, user_id: int, prefs: Prefs) -> None:
        """Keep a player's reminder choices and plan again the reminders of their running
        games' current waits with them."""
        quiet_start, quiet_end = prefs.quiet if prefs.quiet is not None else (None, None)
        row = ReminderPrefsRow(
            user_id=user_id,
            lead_minutes=prefs.lead,
            off=prefs.off,
            quiet_start=quiet_start,
            quiet_end=quiet_end,
            zone=prefs.zone,
        )
        await set_reminder_prefs(self.store, row)
        for game_id, _seat in await self.store.games_of_user(user_id):
            main = await self.deadline(game_id)
            if main is not None:
                await self._plan_reminders(
                    game_id, main.key, self._now(), main.due_at, main.version, main.seats
                )

    async def set_daily(self, game_id: int, daily: str) -> None:
        """Give the game a daily deadline time ("HH:MM <zone>"; empty: none) from its next
        wait on; the current wait, if any, ends at the next such time too."""
        game = await self.store.get_game(game_id)
        if game.status in ("ended", "abandoned"):
            raise ServiceError("ended", "This game is already over.")
        options = Options.from_json(game.options)
        await self.store.update_game(game_id, options={**options.to_json(), "daily": daily})
        if game.status == "running":
            await self.refresh_deadline(game_id, force=True)

    async def deadline(self, game_id: int) -> Deadline | None:
        """The game's current deadline (not its reminder): the soonest of the wait's deadline
        and its seats' time banks."""
        found = [d for d in await self.store.deadlines(game_id) if not d.key.startswith(REMIND)]
        return min(found, key=lambda d: d.due_at) if found else None

    async def time_bank(self, game_id: int) -> str:
        """The game's time banks for its status ("Time bank: Ana 12:30 (running), ..."), or ""
        when the host chose none."""
        game = await self.store.get_game(game_id)
        banks = timebank.of(game_id, timebank.options_of(game.options))
        if banks is None:
            return ""
        names = [s.name for s in sorted(await self.seats(game_id), key=lambda s: s.seat)]
        return timebank.describe(banks, names, self._now())

    async def extend(self, game_id: int, minutes: int) -> datetime:
        d = await self.deadline(game_id)
        if d is None:
            raise ServiceError("no_deadline", "Nothing in this game has a deadline right now.")
        due = d.due_at + timedelta(minutes=minutes)
        await self.store.set_deadline(game_id, d.key, due, d.version, d.seats)
        await self._plan_reminders(game_id, d.key, self._now(), due, d.version, d.seats)
        return due

    async def fire_due_deadlines(
        self, owns: Callable[[int | None], bool] | None = None
    ) -> list[int]:
        """Apply the defaults of every deadline that has passed (also those that passed while
        the bot was down), of the games whose Discord server `owns` accepts (all by default).
        Returns the games moved on."""
        moved = []
        now = self._now()
        for d in await self.store.deadlines():
            if d.due_at > now:
                break
            if owns is not None and not owns(
                (await self.store.get_game(d.game_id)).discord_guild_id
            ):
                continue
            await self.store.clear_deadline(d.game_id, d.key)
            if d.key.startswith(REMIND):
                # Only a reminder of the wait still on: `remind:<seat>:<the wait's key>`.
                planned = d.key.split(":", 2)[2]
                rows = await self.store.deadlines(d.game_id)
                main = next((r for r in rows if r.key == planned), None)
                if main is not None:
                    for reminder in self.reminders:
                        await reminder(d.game_id, d.seats, main.due_at)
                continue
            try:
                game = await self.store.get_game(d.game_id)
                state, _ = await self.load(d.game_id)
                await self.act(
                    d.game_id,
                    registry.get(game.game).defaults(state, d.seats),
                    key=f"deadline:{d.key}:{d.version}",
                )
            except (RuleError, ServiceError) as exc:
                log.info("deadline of game %s had nothing to apply: %s", d.game_id, exc)
                await self.refresh_deadline(d.game_id)
                continue
            metrics.DEADLINE_LAG.observe((self._now() - d.due_at).total_seconds())
            moved.append(d.game_id)
        return moved

    async def next_deadline(self) -> datetime | None:
        deadlines = await self.store.deadlines()
        return deadlines[0].due_at if deadlines else None


def _wait_of(key: str) -> str:
    """The wait a deadline row is for: its key, or a time bank's `bank:<seat>:<wait>`."""
    return key.split(":", 2)[2] if key.startswith(timebank.BANK) else key


def wait_minutes(stage: Stage, deadlines: Mapping[str, int]) -> int:
    """How long the wait `stage` gets, in minutes (0: no deadline): the table's deadline for its
    kind, but never longer than a short window of its own (a reaction: a "no" by default keeps
    an asynchronous game from stalling on it, with or without deadlines)."""
    minutes = deadlines.get(stage.kind) or 0
    if stage.window:
        return min(minutes, stage.window) if minutes else stage.window
    return minutes


def bot_move(
    rules: GameDefinition,
    seed: int,
    version: int,
    state: GameState,
    seats: set[int],
    kind: str = "builtin",
) -> Command | None:
    """The next move of the game's built-in player (of strength `kind`, when the game offers
    it) for any of `seats`, or None. Seeded by the game's seed and version, so the same game
    moves the same way when played again."""
    if not seats:
        return None
    player = rules.players.get(kind) or rules.players["builtin"]
    return player(seed * 1_000_003 + version * 7).move(state, seats)
