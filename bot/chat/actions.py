"""What every slash command and every control does, without Discord, for any hosted game: each
takes who acted and what they sent, calls the service, and returns a Reply (a message, where it
goes, or a modal). The lobby and host commands are the core's own; everything a game shows is
asked of its presentation (`bot/presentation.py`), given `Table`s of views made here. The
Discord client only translates interactions to these calls and replies back.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from bot import hosted
from bot.chat.lobby import lobby, seat_offer, seat_offer_closed, unwatch_button
from bot.chat.notifier import DMClosed, Notifier, Poster
from bot.hosted import Moment
from bot.presentation import Command, Presentation, Refused, Reply, Table, say
from bot.reminders import Prefs, clock, daily_of, hhmm, zone_of
from bot.render.ids import ControlId, parse
from bot.render.ui import Embed, Message, clip
from bot.service import DEFAULT_GAME, GameService, Options, ServerSettings, ServiceError
from bot.store import GameInfo, NotFound, StorageFault, StoreError, Unavailable, Unreachable
from engine.core import GameDefinition, RuleError
from engine.core.game import LEVELS

log = logging.getLogger("guildmaster.actions")

RATE_WINDOW = 10.0  # seconds
RATE_LIMIT = 25  # actions per window per member (a busy order board takes ~1 a second)
# How many times the limit each kind of request may reach in a window: lookups ("look") and a
# player's own game controls ("play") are quick in normal play; the rest ("act") is not.
ALLOWANCE = {"look": 4, "play": 3, "act": 1}
SWEEP_EVERY = 1000  # requests between two sweeps of the members gone quiet

NOT_ON_MESSAGE = (
    "That control is not on this message (it may be out of date); nothing was changed. Use the "
    "buttons as they are shown now, or `/gm decide` for fresh ones."
)
UNEXPECTED = (
    "Sorry, that went wrong on the bot's side (it is logged). Try again in a moment; "
    "`/gm status` shows where the game stands."
)
DEFAULT_PLAYERS = 4  # seats of `/gm create` without a number, within the game's range


@dataclass(frozen=True)
class Who:
    """Who acted, and where."""

    user_id: int
    name: str
    interaction: str  # the interaction id: the command's idempotency key
    channel_id: int | None = None
    guild_id: int | None = None  # None in DMs
    is_admin: bool = False  # Manage Server in this server
    in_thread: bool = False  # the channel is a thread


@cache
def forms() -> frozenset[str]:
    """The controls of every hosted game whose answer is a form (a modal): those are never
    acknowledged ahead of their answer (bot/chat/acks.py)."""
    return frozenset().union(*(hosted.presentation(g.name).forms for g in hosted.games()))


@cache
def game_commands() -> dict[str, tuple[Presentation, Command]]:
    """Every hosted game's own commands by name, with the presentation they belong to."""
    return {
        c.name: (hosted.presentation(g.name), c)
        for g in hosted.games()
        for c in hosted.presentation(g.name).commands
    }


@cache
def openers() -> dict[str, str]:
    """Every hosted game's forms, each with the control whose click opens it."""
    found: dict[str, str] = {}
    for g in hosted.games():
        found.update(hosted.presentation(g.name).modal_openers)
    return found


def opens_form(action: str) -> bool:
    """Does the control of that action answer with a form (in any hosted game)?"""
    return action in forms()


@cache
def slow_controls() -> frozenset[str]:
    """The controls of every hosted game marked slow (`Presentation`'s optional
    `slow_controls`): acknowledged on arrival, answered after (bot/chat/acks.py)."""
    return frozenset().union(
        *(
            getattr(hosted.presentation(g.name), "slow_controls", frozenset())
            for g in hosted.games()
        )
    )


def answers_slowly(action: str) -> bool:
    """Is the control of that action slow to answer (in any hosted game)?"""
    return action in slow_controls()


Shown = dict[str, tuple[str, ...]]  # custom id -> option values (none for a button)


@dataclass
class Asker:
    """An `Ask` of the presentation contract: a member acting in a game, through the service."""

    actions: Actions
    who: Who
    game_id: int
    seat: int | None

    @property
    def name(self) -> str:
        return self.who.name

    @property
    def user_id(self) -> int:
        return self.who.user_id

    @property
    def pictures(self) -> bool:
        return self.actions.images

    async def table(self) -> Table:
        return await self.actions.table(self.game_id, self.seat)

    async def public(self) -> Table:
        return await self.actions.table(self.game_id, None)

    async def act(self, command: Any) -> Table:
        service = self.actions.service
        outcome = await service.act(self.game_id, command, key=self.who.interaction, by=self.seat)
        game = await service.store.get_game(self.game_id)
        seats = await service.seats(self.game_id)
        moment = Moment(hosted.rules(game.game), game, seats, outcome.state)
        return moment.table(self.seat)


def not_saved(fault: StorageFault) -> str:
    """What a player is told when the database cannot keep anything: that nothing was saved,
    and what the bot's admin must do."""
    return (
        f"**Not saved:** the bot cannot record anything in its database ({fault.what}), so "
        "nothing was changed. Please tell the bot's admin: the bot's log says what happened "
        "and how to restore the games."
    )


# What a player is told when the database server cannot be reached (stopped, dropped, the
# network down): not "busy", as waiting a moment will not mend it; the command may be sent
# again once the server is back.
NOT_REACHED = (
    "**Not saved:** the bot cannot reach its database, so nothing was changed. Try again in a "
    "few minutes; if it goes on, please tell the bot's admin: the bot's log says what is wrong."
)


@dataclass
class Actions:
    service: GameService
    rate_limit: int = RATE_LIMIT
    default_deadlines: dict[str, int] = field(default_factory=dict)  # from the config
    images: bool = True
    # Hands seats over after the updates before (None: no Discord, so seats cannot be taken
    # nor games watched).
    notifier: Notifier | None = None
    # Sends a volunteer's and a spectator's first DMs, as part of answering them: not made to
    # wait its turn behind the interactions, as the notifier's posts are (None: the notifier's).
    poster: Poster | None = None
    _recent: dict[tuple[int, str], deque[float]] = field(default_factory=dict)
    _calls: int = 0
    # Per game and version: each moment `/gm hand at:` may show, as (label, event seq).
    _moments: dict[tuple[int, int], list[tuple[str, int]]] = field(default_factory=dict)

    # --- plumbing ----------------------------------------------------------------------------

    def slow_down(self, user_id: int, kind: str = "act") -> str | None:
        """A polite refusal when a member sends commands of one kind too fast. Each kind counts
        on its own, against `rate_limit` times its allowance: read-only lookups and a player's
        own game controls are what people do quickly in play, so only a real flood of them is
        slowed (issue 19); other commands (lobby, host) keep the plain limit."""
        now = time.monotonic()
        self._calls += 1
        if self._calls % SWEEP_EVERY == 0:
            self._forget_the_quiet(now)
        recent = self._recent.setdefault((user_id, kind), deque())
        while recent and now - recent[0] > RATE_WINDOW:
            recent.popleft()
        if len(recent) >= self.rate_limit * ALLOWANCE[kind]:
            wait = RATE_WINDOW - (now - recent[0])
            return f"Easy there — too many actions at once. Try again in {wait:.0f} seconds."
        recent.append(now)
        return None

    def _forget_the_quiet(self, now: float) -> None:
        """Drop the members who sent nothing within the window: the limiter's memory follows
        who is active, not everyone who ever came (issue 20)."""
        quiet = [
            k for k, times in self._recent.items() if not times or now - times[-1] > RATE_WINDOW
        ]
        for key in quiet:
            del self._recent[key]

    async def guarded(self, who: Who, work: Any, *, kind: str = "act") -> Reply:
        """Run `work()`, turning every refusal into a sentence for the user; `kind` is what the
        flood limit counts it as ("look", "play" or "act")."""
        slow = self.slow_down(who.user_id, kind)
        if slow:
            return say(slow)
        try:
            return await work()
        except Refused as exc:
            return say(exc.text)
        except RuleError as exc:
            return say(exc.message)
        except ServiceError as exc:
            return say(exc.message)
        except Unreachable as exc:
            # Loud, as a lost file is: nothing is saved until the server is back.
            log.error("interaction %s refused, not saved: %s", who.interaction, exc)
            return say(NOT_REACHED)
        except Unavailable:
            return say(
                "The game's database is busy right now; nothing was changed. Try again in a moment."
            )
        except StorageFault as exc:
            # Loud: nothing can be saved until an admin acts, and each refusal says so again.
            log.error("interaction %s refused, not saved: %s", who.interaction, exc)
            return say(not_saved(exc))
        except NotFound:
            return say("That game no longer exists.")
        except StoreError as exc:
            return say(f"Storage problem: {exc}. Try again in a moment.")
        except Exception:  # every interaction gets an answer, even on a bug
            log.exception("unexpected error answering %s", who.interaction)
            return say(UNEXPECTED)

    @staticmethod
    def in_server(who: Who, what: str) -> None:
        """Refuse, in DMs, a command that acts on a game's channel (lobby and host commands:
        Manage Server and the game's channel exist only in a server)."""
        if who.guild_id is None or who.channel_id is None:
            raise Refused(
                f"`/gm {what}` works in the game's channel in its server, not in DMs; "
                "nothing was changed."
            )

    async def game_here(self, who: Who) -> int:
        if who.guild_id is None or who.channel_id is None:
            return await self._game_of_user(who)
        game = await self.service.game_in_channel(who.channel_id)
        if game is None:
            raise Refused("There is no game in this channel. Start one with `/gm create`.")
        return game.id

    async def _game_of_user(self, who: Who) -> int:
        running = []
        for game_id, _seat in await self.service.store.games_of_user(who.user_id):
            game = await self.service.store.get_game(game_id)
            if game.status == "running":
                running.append(game_id)
        if not running:
            raise Refused("You have no running game. Use this command in a game's channel.")
        if len(running) > 1:
            raise Refused("You play in several games: use this command in that game's channel.")
        return running[0]

    async def game_of(self, game_id: int) -> tuple[GameInfo, Presentation]:
        game = await self.service.store.get_game(game_id)
        return game, hosted.presentation(game.game)

    async def table(self, game_id: int, seat: int | None) -> Table:
        """The table of `seat` (None: the public) in a game that has started."""
        game = await self.service.store.get_game(game_id)
        if game.status == "lobby":
            raise Refused("The game has not started yet: `/gm start` when everyone has joined.")
        state, _ = await self.service.load(game_id)
        seats = await self.service.seats(game_id)
        options = Options.from_json(game.options)
        moment = Moment(hosted.rules(game.game), game, seats, state, options.paused)
        due = None
        if game.status == "running":
            current = await self.service.deadline(game_id)
            if current is not None and (seat is None or seat in current.seats):
                due = current.due_at
        return moment.table(seat, due)

    async def asker(self, who: Who, game_id: int, *, seated: bool = False) -> Asker:
        """`who` in the game; with `seated`, refused unless they play a seat in it."""
        seat = await self.service.seat_of(game_id, who.user_id)
        if seated and seat is None:
            _game, shown = await self.game_of(game_id)
            raise Refused(f"You do not play a {shown.seat_word} in this game.")
        return Asker(self, who, game_id, seat)

    async def is_host(self, who: Who, game_id: int) -> bool:
        game = await self.service.store.get_game(game_id)
        return who.user_id == game.host_id or who.is_admin

    # --- lobby commands ----------------------------------------------------------------------

    async def create(
        self,
        who: Who,
        players: int | None = None,
        deadline: int | None = None,
        bots: bool | None = None,
        game: str = DEFAULT_GAME,
        strength: str | None = None,
        daily: str | None = None,
        **chosen: Any,
    ) -> Reply:
        """A lobby of `game`, as the server's settings allow (`/gm settings`). `deadline`:
        minutes per phase, 0 for none, None for the server's; `bots`: whether built-in players
        fill empty seats (None: if the server allows them); `strength`: the built-in players'
        (None: "normal" where the game offers strengths); `daily`: a daily deadline time
        ("HH:MM <zone>"); `chosen`: the game's own table options (`GameOption`s) by name."""

        async def work() -> Reply:
            if who.guild_id is None or who.channel_id is None:
                raise Refused("Create a game in a server channel or thread, not in DMs.")
            try:
                rules = hosted.rules(game)
            except KeyError:
                names = ", ".join(f"{g.title} (`{g.name}`)" for g in hosted.games())
                raise Refused(f"There is no game {game!r} here; the bot hosts {names}.") from None
            here = await self.service.server_settings(who.guild_id)
            if not here.allows(rules.name):
                allowed = ", ".join(
                    f"{g.title} (`{g.name}`)" for g in hosted.games() if here.allows(g.name)
                )
                raise Refused(
                    f"{rules.title} is not played on this server: its admins allow {allowed}. "
                    "Nothing was created."
                )
            if here.where == "threads" and not who.in_thread:
                raise Refused(
                    "On this server each game is played in a thread of its own: open a thread "
                    "here and use `/gm create` in it. Nothing was created."
                )
            if here.where == "channels" and who.in_thread:
                raise Refused(
                    "On this server games are played in channels, not threads: use `/gm create` "
                    "in a channel. Nothing was created."
                )
            fill = here.builtin_players if bots is None else bots
            if fill and not here.builtin_players:
                raise Refused(
                    "This server does not allow built-in players: leave `bots` out (every seat "
                    "is a person's). Nothing was created."
                )
            if strength is not None and not here.builtin_players:
                raise Refused(
                    "This server does not allow built-in players, so they have no `strength`; "
                    "nothing was created."
                )
            table = _table_options(rules, {k: v for k, v in chosen.items() if v is not None})
            seats = players
            if seats is None:
                seats = max(rules.min_players, min(DEFAULT_PLAYERS, rules.max_players))
            kinds = rules.deadline_kinds
            if deadline is None:
                deadlines = here.deadlines(kinds, self.default_deadlines)
            else:
                deadlines = {k: deadline for k in kinds} if deadline else {}
            options = Options(
                players=seats,
                bots=fill,
                deadlines=deadlines,
                game=table,
                strength=_strength(rules, strength),
                daily=_daily(daily) if daily else "",
            )
            info = await self.service.create_game(
                discord_guild_id=who.guild_id,
                channel_id=who.channel_id,
                host_id=who.user_id,
                host_name=who.name,
                options=options,
                game=rules.name,
            )
            return Reply(
                await self.lobby_message(info.id), ephemeral=False, remember=(info.id, "lobby")
            )

        return await self.guarded(who, work)

    async def lobby_message(self, game_id: int) -> Message:
        game, shown = await self.game_of(game_id)
        options = Options.from_json(game.options)
        seats_of = await self.service.seats(game_id)
        seats = [(s.seat, s.name) for s in seats_of]
        return lobby(
            shown,
            game.id,
            options.players,
            seats,
            options.bots,
            options.deadlines,
            options.game,
            game.status,
            strength=options.strength,
            daily=options.daily,
            waiting=[u for u in options.invited if u not in {s.user_id for s in seats_of}],
        )

    async def join(self, who: Who, game_id: int | None = None) -> Reply:
        async def work() -> Reply:
            self.in_server(who, "join")
            gid = game_id if game_id is not None else await self.game_here(who)
            seat = await self.service.join(gid, who.user_id, who.name)
            if await self.service.all_confirmed(gid):
                return await self._start_rematch(gid)
            _game, shown = await self.game_of(gid)
            return Reply(
                Message(content=f"{who.name} joins as {shown.seat_word} {seat.seat + 1}."),
                ephemeral=False,
                also=((gid, "lobby", await self.lobby_message(gid)),),
            )

        return await self.guarded(who, work)

    async def leave(self, who: Who, game_id: int | None = None) -> Reply:
        async def work() -> Reply:
            self.in_server(who, "leave")
            gid = game_id if game_id is not None else await self.game_here(who)
            await self.service.leave(gid, who.user_id)
            return Reply(
                Message(content=f"{who.name} leaves the game."),
                ephemeral=False,
                also=((gid, "lobby", await self.lobby_message(gid)),),
            )

        return await self.guarded(who, work)

    async def start(self, who: Who, game_id: int | None = None) -> Reply:
        async def work() -> Reply:
            self.in_server(who, "start")
            gid = game_id if game_id is not None else await self.game_here(who)
            await self.service.start(gid, who.user_id, is_admin=who.is_admin)
            _game, shown = await self.game_of(gid)
            table = await self.table(gid, None)
            seated = ", ".join(
                shown.seat_name(table, i) + (" (built-in)" if built_in else "")
                for i, built_in in enumerate(table.built_in)
            )
            return Reply(
                Message(
                    content=f"The game begins: {seated}. Check your DMs for what the game "
                    "asks of you."
                ),
                ephemeral=False,
                also=((gid, "lobby", await self.lobby_message(gid)),),
            )

        return await self.guarded(who, work)

    # --- information -------------------------------------------------------------------------

    async def status(self, who: Who) -> Reply:
        async def work() -> Reply:
            gid = await self.game_here(who)
            game, shown = await self.game_of(gid)
            if game.status == "lobby":
                return Reply(await self.lobby_message(gid), ephemeral=False)
            message = shown.status(await self.table(gid, None))
            offered = await self.service.open_seats(gid) if game.status == "running" else []
            if offered:
                word = shown.seat_word
                seats = ", ".join(f"{word} {s + 1} (`/seat take seat:{s + 1}`)" for s in offered)
                message = replace(
                    message,
                    content=clip(f"{message.content}\nNeeds a player: {seats}.".strip(), 2000),
                )
            bank = await self.service.time_bank(gid) if game.status == "running" else ""
            if bank:
                message = replace(message, content=clip(f"{message.content}\n{bank}".strip(), 2000))
            return Reply(message, ephemeral=False)

        return await self.guarded(who, work, kind="look")

    async def board(self, who: Who) -> Reply:
        async def work() -> Reply:
            gid = await self.game_here(who)
            _game, shown = await self.game_of(gid)
            table = await self.table(gid, None)
            return Reply(await shown.board(table, self.images), ephemeral=False)

        return await self.guarded(who, work, kind="look")

    async def hand(self, who: Who, seat: int | None = None, at: str | None = None) -> Reply:
        """`/gm hand`: the asker's own secrets now. `seat` (a number from 1) and `at` (a moment
        of the game, as `moments` offers them): a seat's view at that moment; another seat's
        only once the game is over, when every seat's view is open to everybody."""

        async def work() -> Reply:
            if seat is None and at is None:
                ask = await self.asker(who, await self.game_here(who), seated=True)
                _game, shown = await self.game_of(ask.game_id)
                return Reply(await shown.hand(await ask.table(), self.images))
            gid = await self._game_for_history(who)
            game, shown = await self.game_of(gid)
            word = shown.seat_word
            if game.status == "lobby":
                raise Refused("The game has not started yet: `/gm start` when everyone has joined.")
            mine = await self.service.seat_of(gid, who.user_id)
            target = seat - 1 if seat is not None else mine
            if target is None:
                raise Refused(
                    f"You do not play a {word} in this game: name one with `seat:` (every "
                    f"{word}'s view is open to everybody once the game is over)."
                )
            count = hosted.seat_count(game, await self.service.seats(gid))
            if not 0 <= target < count:
                raise Refused(f"This game has {word}s 1 to {count}.")
            if target != mine and game.status not in ("ended", "abandoned"):
                raise Refused(
                    f"Only your own {word}'s view while the game is on; every {word}'s view is "
                    "open to everybody once it is over."
                )
            table = await self.table_at(gid, target, at)
            return Reply(await shown.hand(table, self.images))

        return await self.guarded(who, work, kind="look")

    async def _game_for_history(self, who: Who) -> int:
        """The game of the channel (in DMs: the asker's running game); once it is over, the
        channel's last game."""
        if who.guild_id is None or who.channel_id is None:
            return await self._game_of_user(who)
        here = await self.service.game_in_channel(who.channel_id)
        if here is not None:
            return here.id
        past = await self.service.store.list_games(channel_id=who.channel_id)
        if not past:
            raise Refused("There is no game in this channel. Start one with `/gm create`.")
        return past[-1].id

    async def table_at(self, game_id: int, seat: int, at: str | None) -> Table:
        """The table of `seat` now, or just after event `at` (a number, as `moments` gives)."""
        if at is None:
            return await self.table(game_id, seat)
        _state, version = await self.service.load(game_id)
        if not at.strip().isdigit() or not 1 <= int(at) <= version:
            raise Refused("Pick a moment from the suggestions as you type `at:`.")
        game = await self.service.store.get_game(game_id)
        rules = hosted.rules(game.game)
        state: Any = None
        for _seq, e in (await self.service.store.read(game_id))[: int(at)]:
            state = rules.evolve(state, e)
        seats = await self.service.seats(game_id)
        return Moment(rules, game, seats, state).table(seat)

    async def moments(self, who: Who, typed: str) -> list[tuple[str, str]]:
        """Suggestions for `/gm hand at:`: each wait of the game (its stage's label), as the
        game stood when it ended, matching what is typed (at most 25)."""
        try:
            gid = await self._game_for_history(who)
            game = await self.service.store.get_game(gid)
            if game.status == "lobby":
                return []
            _state, version = await self.service.load(gid)
        except (Refused, ServiceError, StoreError):
            return []
        found = self._moments.get((gid, version))
        if found is None:
            rules = hosted.rules(game.game)
            found = []
            state: Any = None
            for seq, e in await self.service.store.read(gid):
                state = rules.evolve(state, e)
                label = rules.stage(state).label
                if found and found[-1][0] == label:
                    found[-1] = (label, seq)
                else:
                    found.append((label, seq))
            self._moments = {(gid, version): found}  # the one game asked about, not them all
        typed = typed.lower().strip()
        return [(f"{label} (end)", str(seq)) for label, seq in found if typed in label.lower()][:25]

    async def decide(self, who: Who) -> Reply:
        async def work() -> Reply:
            ask = await self.asker(who, await self.game_here(who), seated=True)
            _game, shown = await self.game_of(ask.game_id)
            return await shown.decide(await ask.table())

        return await self.guarded(who, work, kind="look")

    async def _shown_here(self, who: Who) -> list[Presentation]:
        """The presentation of the game of `who`'s channel first, then the other games'."""
        first: list[str] = []
        if who.channel_id is not None:
            game = await self.service.game_in_channel(who.channel_id)
            if game is not None:
                first.append(game.game)
        names = first + [g.name for g in hosted.games() if g.name not in first]
        return [hosted.presentation(n) for n in names]

    async def card(self, who: Who, name: str) -> Reply:
        async def work() -> Reply:
            for shown in await self._shown_here(who):
                text = shown.card(name)
                if text is not None:
                    png = await shown.card_picture(name) if self.images else None
                    files = (("card.png", png),) if png else ()
                    message = Message(embeds=(Embed(description=text),), files=files)
                    return Reply(message, ephemeral=True)
            # Not echoed: the text is the user's own, and may be 6,000 characters of mentions
            # and markdown.
            raise Refused("No card has that name; pick one from the suggestions as you type.")

        return await self.guarded(who, work, kind="look")

    async def card_names(self, who: Who, typed: str) -> list[tuple[str, str]]:
        """(name, value) suggestions for the card option (at most 25): the channel's game's
        cards first."""
        found: list[tuple[str, str]] = []
        for shown in await self._shown_here(who):
            found += [n for n in shown.card_names(typed) if n not in found]
        return found[:25]

    async def rules(self, who: Who, topic: str, game: str | None = None) -> Reply:
        async def work() -> Reply:
            shown = await self._rules_of(who, game)
            text = shown.topics.get(topic)
            if text is None:
                return say(f"Topics of {shown.title}: " + ", ".join(shown.topics) + ".")
            return say(f"**{topic.capitalize()}** — {text}", ephemeral=False)

        return await self.guarded(who, work, kind="look")

    async def _rules_of(self, who: Who, game: str | None) -> Presentation:
        if game:
            try:
                return hosted.presentation(game)
            except KeyError:
                names = ", ".join(f"`{g.name}`" for g in hosted.games())
                raise Refused(f"There is no game {game!r} here; pick one of {names}.") from None
        return (await self._shown_here(who))[0]

    async def topics(self, who: Who, game: str | None, typed: str) -> list[tuple[str, str]]:
        """Topic suggestions for `/gm rules`."""
        try:
            shown = await self._rules_of(who, game)
        except Refused:
            return []
        typed = typed.lower()
        return [(t, t) for t in shown.topics if typed in t.lower()][:25]

    async def help(self, who: Who) -> Reply:
        """`/gm help`: the games the bot hosts, how to start one, and each game's commands."""

        async def work() -> Reply:
            lines = ["**Games played here** (`/gm create game:` to pick one)"]
            for g in hosted.games():
                shown = hosted.presentation(g.name)
                own = ", ".join(f"`{slash(shown, c.name)}`" for c in shown.commands) or "none"
                lines.append(
                    f"• **{g.title}** (`{g.name}`), {g.min_players}–{g.max_players} "
                    f"{shown.seat_word}s; its own commands: {own}"
                )
            lines += [
                "",
                "**Every game**: `/gm create`, `/gm join`, `/gm leave`, `/gm start`, "
                "`/gm status`, `/gm board`, `/gm hand`, `/gm decide`, `/gm card`, `/gm rules`; "
                "`/gm notify`: when you are reminded of deadlines, and your quiet hours.",
                "**Host**: `/gm pause`, `/gm resume`, `/gm extend` (`daily:` a daily deadline "
                "time), `/gm force`, `/gm replace`, `/gm end`; the Rematch button under the final "
                "standings opens the next game with the same players.",
                "**Substitutes**: `/seat open` (host) offers a seat to a volunteer, who takes it "
                "with its button or `/seat take`; `/seat close` withdraws the offer.",
                "**Spectators**: `/gm watch` sends you a game's public posts by DM (again: stop). "
                "Once a game is over, `/gm hand seat: at:` shows any seat's view at any moment.",
                "**Server admins**: `/gm settings` (games allowed, default deadline, built-in "
                "players, channels or threads).",
                "**Ratings on this server**: `/stats leaderboard`, `/stats profile`.",
            ]
            return say("\n".join(lines))

        return await self.guarded(who, work, kind="look")

    async def command(self, who: Who, name: str, **options: Any) -> Reply:
        """A game's own slash command, `/gm <name>`, in the game of the member's channel."""
        found = game_commands().get(name)
        kind = "act" if found and found[1].acts else "look"

        async def work() -> Reply:
            if not found:
                raise Refused(f"There is no command `{name}` of any game here.")
            shown, cmd = found
            if cmd.anywhere:
                return await cmd.run(None, **options)
            gid = await self.game_here(who)
            game, here = await self.game_of(gid)
            if here.game != shown.game:
                raise Refused(
                    f"`{slash(shown, name)}` is a command of {shown.title}; this game is "
                    f"{here.title}. `/gm help` lists what works here."
                )
            if game.status == "lobby":
                raise Refused("The game has not started yet: `/gm start` when everyone has joined.")
            ask = await self.asker(who, gid, seated=cmd.seated)
            return await cmd.run(ask, **options)

        return await self.guarded(who, work, kind=kind)

    # --- host commands -----------------------------------------------------------------------

    async def admin(self, who: Who, what: str, value: int = 0) -> Reply:
        async def work() -> Reply:
            self.in_server(who, what)
            gid = await self.game_here(who)
            if not await self.is_host(who, gid):
                raise Refused("Only the host or a member with Manage Server can do that.")
            if what == "pause":
                await self.service.set_paused(gid, True)
                return say("The game is paused. `/gm resume` to go on.", ephemeral=False)
            if what == "resume":
                await self.service.set_paused(gid, False)
                return say("The game goes on.", ephemeral=False)
            if what == "extend":
                if not 1 <= value <= 60 * 24 * 7:
                    raise Refused("Extend by 1 minute to 7 days.")
                due = await self.service.extend(gid, value)
                return say(f"Deadline moved to <t:{int(due.timestamp())}:f>.", ephemeral=False)
            if what == "force":
                await self.service.force(gid)
                return say(
                    "The host forces the game on: everyone still deciding gets the default.",
                    ephemeral=False,
                )
            if what == "replace":
                if not (await self.service.server_settings(who.guild_id)).builtin_players:
                    raise Refused(
                        "This server does not allow built-in players: offer the seat to a "
                        "volunteer with `/seat open` instead. Nothing was changed."
                    )
                await self.service.replace_by_bot(gid, value - 1)
                _game, shown = await self.game_of(gid)
                return say(
                    f"{shown.seat_word.capitalize()} {value} is now played by a built-in player.",
                    ephemeral=False,
                )
            if what == "end":
                await self.service.end(gid)
                return say("The game has been ended by the host.", ephemeral=False)
            raise Refused("Unknown host command.")

        return await self.guarded(who, work)

    async def extend(self, who: Who, minutes: int | None, daily: str | None) -> Reply:
        """`/gm extend`: move the current deadline by `minutes`, and/or give the game a daily
        deadline time (`daily`: "HH:MM <zone>", or "off")."""
        if daily is None:
            if minutes is None:
                return say("Give `minutes` to move the deadline, or `daily` (such as 18:00 UTC).")
            return await self.admin(who, "extend", minutes)

        async def work() -> Reply:
            self.in_server(who, "extend")
            gid = await self.game_here(who)
            if not await self.is_host(who, gid):
                raise Refused("Only the host or a member with Manage Server can do that.")
            chosen = "" if daily.strip().lower() in ("off", "none") else _daily(daily)
            await self.service.set_daily(gid, chosen)
            text = (
                f"Every wait now ends at {chosen} daily."
                if chosen
                else "No daily deadline time: waits last the game's deadlines again."
            )
            if minutes is not None:
                due = await self.service.extend(gid, minutes)
                text += f" This deadline is moved to <t:{int(due.timestamp())}:f>."
            current = await self.service.deadline(gid)
            if current is not None:
                ts = int(current.due_at.timestamp())
                text += f" The current wait ends <t:{ts}:R> (<t:{ts}:f>)."
            return say(text, ephemeral=False)

        return await self.guarded(who, work)

    async def notify(
        self,
        who: Who,
        hours: int | None = None,
        quiet: str | None = None,
        zone: str | None = None,
    ) -> Reply:
        """`/gm notify`: when this player is reminded before a deadline (`hours` before; 0:
        never), their quiet hours ("22:00-07:00", or "off") and their time zone. Without
        options it shows their choices. They hold for every game the player plays."""

        async def work() -> Reply:
            prefs = await self.service.reminder_prefs(who.user_id)
            if hours is None and quiet is None and zone is None:
                return say(describe(prefs))
            lead, off = prefs.lead, prefs.off
            if hours is not None:
                if not 0 <= hours <= 24 * 7:
                    raise Refused("Remind 1 to 168 hours before a deadline, or 0 for never.")
                lead, off = (None, True) if hours == 0 else (hours * 60, False)
            window = prefs.quiet
            if quiet is not None:
                window = None if quiet.strip().lower() in ("off", "none") else _quiet(quiet)
            where = prefs.zone
            if zone is not None:
                try:
                    zone_of(zone)
                except ValueError as exc:
                    raise Refused(f"{exc} Nothing was changed.") from None
                where = zone.strip()
            chosen = Prefs(lead=lead, off=off, quiet=window, zone=where)
            await self.service.set_reminder_prefs(who.user_id, chosen)
            return say("Saved. " + describe(chosen))

        return await self.guarded(who, work)

    # --- seats offered to volunteers -----------------------------------------------------------

    async def seat_open(self, who: Who, seat: int) -> Reply:
        """`/seat open`: the host offers a seat of the game in play to a volunteer, with a
        post in the channel whose button takes it. Whoever holds it (a built-in player, or an
        absent person) goes on playing it until somebody does."""

        async def work() -> Reply:
            self.in_server(who, "seat open")
            gid = await self.game_here(who)
            if not await self.is_host(who, gid):
                raise Refused("Only the host or a member with Manage Server can offer a seat.")
            _game, shown = await self.game_of(gid)
            held = await self.service.open_seat(gid, seat - 1, who.user_id)
            message = seat_offer(
                gid, shown.title, shown.seat_word, seat - 1, held.name, held.built_in
            )
            return Reply(message, ephemeral=False, remember=(gid, f"seat-offer:{seat - 1}"))

        return await self.guarded(who, work)

    async def seat_close(self, who: Who, seat: int) -> Reply:
        """`/seat close`: the host withdraws a seat's offer."""

        async def work() -> Reply:
            self.in_server(who, "seat close")
            gid = await self.game_here(who)
            if not await self.is_host(who, gid):
                raise Refused("Only the host or a member with Manage Server can withdraw it.")
            _game, shown = await self.game_of(gid)
            await self.service.close_seat(gid, seat - 1)
            closed = seat_offer_closed(gid, shown.seat_word, seat - 1, "no longer offered")
            return Reply(
                Message(
                    content=f"{shown.seat_word.capitalize()} {seat} is no longer offered; "
                    "whoever holds it plays on."
                ),
                ephemeral=False,
                also=((gid, f"seat-offer:{seat - 1}", closed),),
            )

        return await self.guarded(who, work)

    async def seat_take(self, who: Who, seat: int) -> Reply:
        """`/seat take`: what the offer's button does, typed."""

        async def work() -> Reply:
            self.in_server(who, "seat take")
            return await self._take(who, await self.game_here(who), seat - 1)

        return await self.guarded(who, work)

    async def _take(self, who: Who, game_id: int, seat: int) -> Reply:
        """A volunteer takes an offered seat: no confirmation by the host (offering it was
        that). The first DM (no secret in it) is sent before the seat changes hands, so closed
        DMs leave it offered; then the seat's secrets follow by DM (`Notifier.hand_over`)."""
        game, shown = await self.game_of(game_id)
        word = shown.seat_word
        notifier = self.notifier
        if notifier is None:
            raise Refused("Seats cannot be taken here (no Discord to send their secrets).")
        poster = self.poster or notifier.poster

        async def welcome() -> None:
            text = (
                f"You take {word} {seat + 1} of game {game_id} ({shown.title}) in "
                f"<#{game.channel_id}>: its cards and what it must decide follow here, for "
                "you alone."
            )
            try:
                await poster.dm(who.user_id, Message(content=text))
            except DMClosed:
                raise Refused(
                    f"I cannot send you DMs, and a {word}'s cards and prompts come by DM: allow "
                    "DMs from this server's members (the server's Privacy Settings), then take "
                    f"the seat again. {word.capitalize()} {seat + 1} stays open; nothing was "
                    "changed."
                ) from None

        before, state = await self.service.take_seat(game_id, seat, who.user_id, who.name, welcome)
        notifier.hand_over(game_id, seat, state)
        was = "a built-in player" if before.built_in else before.name
        taken = seat_offer_closed(game_id, word, seat, f"taken by {who.name} (after {was})")
        return Reply(
            Message(
                content=f"You play {word} {seat + 1} of game {game_id} now. Its cards and what it "
                "must decide are in your DMs; `/gm hand` and `/gm decide` show them again."
            ),
            also=((game_id, f"seat-offer:{seat}", taken),),
        )

    # --- spectators ----------------------------------------------------------------------------

    async def watch(self, who: Who) -> Reply:
        """`/gm watch`: the public view of the channel's game by DM, then its public posts as
        they come (never a seat's secret); again, it stops them."""

        async def work() -> Reply:
            self.in_server(who, "watch")
            gid = await self.game_here(who)
            game, shown = await self.game_of(gid)
            word = shown.seat_word
            seat = await self.service.seat_of(gid, who.user_id)
            if seat is not None:
                raise Refused(
                    f"You play {word} {seat + 1} in this game: you see what it shows already, "
                    "here and in your DMs."
                )
            if who.user_id in await self.service.watchers(gid):
                await self.service.unwatch(gid, who.user_id)
                return say(f"You no longer watch game {gid}; nothing more of it comes by DM.")
            if game.status == "lobby":
                raise Refused(
                    "The game has not started: `/gm watch` once it has (or `/gm join` to play)."
                )
            if self.notifier is None:
                raise Refused("Games cannot be watched here (no Discord to send them).")
            poster = self.poster or self.notifier.poster
            table = await self.table(gid, None)
            status = shown.status(table)
            # Without the status's own controls: pressed in a DM they would act for nobody.
            first = Message(
                content=clip(
                    f"You watch game {gid} ({shown.title}) in <#{game.channel_id}>: its public "
                    "posts come here as they are made. " + status.content,
                    2000,
                ),
                embeds=status.embeds,
                files=status.files,
                rows=((unwatch_button(gid),),),
            )
            board = await shown.board(table, self.images)
            try:
                await poster.dm(who.user_id, first)
                await poster.dm(
                    who.user_id,
                    Message(content=board.content, embeds=board.embeds, files=board.files),
                )
            except DMClosed:
                raise Refused(
                    "I cannot send you DMs: allow DMs from this server's members (the server's "
                    "Privacy Settings), then `/gm watch` again."
                ) from None
            await self.service.watch(gid, who.user_id)
            return say(
                f"You watch game {gid}: its public posts come to your DMs. `/gm watch` again, "
                "or the Unwatch button there, stops them."
            )

        return await self.guarded(who, work)

    async def _unwatch(self, who: Who, game_id: int) -> Reply:
        if await self.service.unwatch(game_id, who.user_id):
            return say(f"You no longer watch game {game_id}; nothing more of it comes by DM.")
        return say(f"You are not watching game {game_id}.")

    # --- server settings -----------------------------------------------------------------------

    async def settings(
        self,
        who: Who,
        games: str | None = None,
        deadline: int | None = None,
        bots: bool | None = None,
        where: str | None = None,
        reset: str | None = None,
    ) -> Reply:
        """`/gm settings`: the server's settings with their values; members with Manage
        Server change them (`games`: names separated by commas, or "all"; `deadline`: minutes
        of every phase, 0 for none; `bots`: built-in players allowed; `where`: any, channels or
        threads; `reset`: one setting, or "all", back to the bot's default)."""

        async def work() -> Reply:
            self.in_server(who, "settings")
            assert who.guild_id is not None
            changes: dict[str, Any] = {}
            if games is not None:
                changes["games"] = _games_named(games)
            if deadline is not None:
                changes["deadline"] = deadline
            if bots is not None:
                changes["builtin_players"] = bots
            if where is not None:
                changes["where"] = where
            if reset is not None:
                if reset not in RESETS:
                    raise Refused(f"Reset one of {', '.join(RESETS)}; nothing was changed.")
                names = RESETS[reset]
                clash = set(names) & set(changes)
                if clash:
                    raise Refused("Reset a setting or change it, not both; nothing was changed.")
                changes.update(dict.fromkeys(names))
            if not changes:
                here = await self.service.server_settings(who.guild_id)
                return say(self._describe_settings(here))
            if not who.is_admin:
                raise Refused(
                    "Only members with Manage Server change the server's settings; "
                    "`/gm settings` alone shows them."
                )
            here = await self.service.set_server_settings(who.guild_id, changes)
            return say("Saved. " + self._describe_settings(here), ephemeral=False)

        return await self.guarded(who, work)

    def _describe_settings(self, here: ServerSettings) -> str:
        def whose(key: str) -> str:
            return "set here" if key in here.own else "the bot's default"

        allowed = [g for g in hosted.games() if here.allows(g.name)]
        games = ", ".join(f"{g.title} (`{g.name}`)" for g in allowed)
        if here.deadline is None:
            kinds = ", ".join(f"{k} {v} min" for k, v in self.default_deadlines.items())
            deadline = f"the bot's per phase: {kinds}" if kinds else "none"
        elif here.deadline:
            deadline = f"{here.deadline} min every phase"
        else:
            deadline = "none (games wait for everyone)"
        bots = "allowed" if here.builtin_players else "not allowed (every seat is a person's)"
        where = {
            "any": "in any channel or thread",
            "channels": "in channels only",
            "threads": "each in a thread of its own (the host opens it; not in channels)",
        }[here.where]
        return "\n".join(
            [
                "**This server's settings** (`/gm settings`; changed by members with Manage "
                "Server; `reset:` gives one back to the bot's default)",
                f"• Games allowed (`games`): {games} ({whose('games')})",
                f"• Deadline of a new game (`deadline`): {deadline} ({whose('deadline')}); "
                "`/gm create deadline:` may still choose another",
                f"• Built-in players (`bots`): {bots} ({whose('builtin_players')})",
                f"• Where games are played (`where`): {where} ({whose('where')})",
            ]
        )

    # --- controls ----------------------------------------------------------------------------

    async def control(
        self,
        who: Who,
        custom_id: str,
        values: list[str] | None = None,
        fields: dict[str, str] | None = None,
        *,
        shown: Shown | None = None,
    ) -> Reply:
        """A button, a select or a modal (`fields` given). Custom ids carry ids only; the rest
        is read now. `shown`: the controls of the message the interaction came from, as Discord
        sent it; a custom id or value that is not there is refused (None: not checked)."""
        cid = parse(custom_id)
        if cid is None:
            return say("This control is not one of the game's; nothing was changed.")
        if shown is not None:
            refusal = _not_shown(cid, custom_id, values or [], fields is not None, shown)
            if refusal:
                return say(refusal)
        values = values or []
        fields = fields or {}

        async def work() -> Reply:
            try:
                game, presentation = await self.game_of(cid.game)
            except NotFound:
                raise Refused("That game no longer exists; nothing was changed.") from None
            if cid.action == "unwatch":
                return await self._unwatch(who, cid.game)
            if cid.action in ("lobby", "rematch", "seat"):
                if who.channel_id != game.channel_id:
                    raise Refused(
                        "That control belongs to a game in another channel; nothing was changed."
                    )
                if cid.action == "rematch":
                    return await self._rematch(who, cid.game)
                if cid.action == "seat":
                    return await self._take(who, cid.game, cid.seat)
                return await self._lobby(who, cid)
            if cid.action not in presentation.controls:
                raise Refused("This control is not one of the game's; nothing was changed.")
            if cid.action in presentation.channel_controls:
                if who.channel_id != game.channel_id:
                    raise Refused(
                        "That control belongs to a game in another channel; nothing was changed."
                    )
                ask = await self.asker(who, game.id)
            else:
                seat = await self.service.seat_of(game.id, who.user_id)
                word = presentation.seat_word
                if seat is None:
                    raise Refused(
                        f"You do not play a {word} in this game (or no longer: the host may "
                        f"have given yours to a built-in player or to another player); nothing "
                        "was changed."
                    )
                if seat != cid.seat:
                    raise Refused(f"These controls belong to another {word}; nothing was changed.")
                ask = Asker(self, who, game.id, seat)
            if game.status == "lobby":
                raise Refused("The game has not started yet.")
            if game.status != "running":
                raise Refused(f"This game is {game.status}.")
            if Options.from_json(game.options).paused:
                raise Refused("The game is paused; the host can /gm resume it.")
            return await presentation.control(ask, cid.action, cid.arg, values, fields, cid.seat)

        return await self.guarded(who, work, kind="play")

    async def _lobby(self, who: Who, cid: ControlId) -> Reply:
        if cid.arg == "join":
            await self.service.join(cid.game, who.user_id, who.name)
            if await self.service.all_confirmed(cid.game):
                return await self._start_rematch(cid.game)
        elif cid.arg == "leave":
            await self.service.leave(cid.game, who.user_id)
        elif cid.arg == "start":
            return await self.start(who, cid.game)
        else:
            raise Refused("Unknown lobby button.")
        return Reply(await self.lobby_message(cid.game), edit=True)

    async def _rematch(self, who: Who, game_id: int) -> Reply:
        """The Rematch button: a new lobby with the finished game's players and options (if the
        server's settings still allow the game)."""
        old, shown = await self.game_of(game_id)
        if not (await self.service.server_settings(who.guild_id)).allows(old.game):
            raise Refused(
                f"{shown.title} is no longer played on this server (`/gm settings`); nothing "
                "was created."
            )
        info = await self.service.rematch(game_id, who.user_id, who.name)
        invited = Options.from_json(info.options).invited
        if not invited:  # nobody else to wait for
            return await self._start_rematch(info.id)
        asked = ", ".join(f"<@{u}>" for u in invited)
        message = await self.lobby_message(info.id)
        return Reply(
            Message(
                content=f"{who.name} asks for a rematch of game {game_id}: {asked}, confirm with "
                "the button.",
                embeds=message.embeds,
                rows=message.rows,
            ),
            ephemeral=False,
            remember=(info.id, "lobby"),
        )

    async def _start_rematch(self, game_id: int) -> Reply:
        """Start a rematch whose players have all confirmed, as its host would."""
        game = await self.service.store.get_game(game_id)
        assert game.host_id is not None
        await self.service.start(game_id, game.host_id)
        _game, shown = await self.game_of(game_id)
        table = await self.table(game_id, None)
        seated = ", ".join(
            shown.seat_name(table, i) + (" (built-in)" if built_in else "")
            for i, built_in in enumerate(table.built_in)
        )
        return Reply(
            Message(content=f"Everyone has confirmed; the game begins: {seated}. Check your DMs."),
            ephemeral=False,
            also=((game_id, "lobby", await self.lobby_message(game_id)),),
        )


# `/gm settings reset:`: which settings each choice gives back to the bot's defaults.
RESETS = {
    "games": ("games",),
    "deadline": ("deadline",),
    "bots": ("builtin_players",),
    "where": ("where",),
    "all": ("games", "deadline", "builtin_players", "where"),
}


def _games_named(text: str) -> tuple[str, ...]:
    """The games a `/gm settings games:` text names (by name or title, separated by commas);
    empty for "all"."""
    if text.strip().lower() in ("all", "any", "every"):
        return ()
    known = {g.name: g.name for g in hosted.games()}
    known.update({g.title.lower(): g.name for g in hosted.games()})
    chosen: list[str] = []
    for part in text.split(","):
        name = part.strip().lower()
        if not name:
            continue
        if name not in known:
            names = ", ".join(f"`{g.name}`" for g in hosted.games())
            raise Refused(
                f"No game here is called {clip(part.strip(), 40)!r}: name some of {names} "
                "(separated by commas), or `all`. Nothing was changed."
            )
        if known[name] not in chosen:
            chosen.append(known[name])
    if not chosen:
        raise Refused("Name at least one game, or `all`; nothing was changed.")
    return tuple(chosen)


def describe(prefs: Prefs) -> str:
    """A player's reminder choices, in a sentence or two."""
    if prefs.off:
        when = "You get no reminders before deadlines."
    elif prefs.lead is None:
        when = "You are reminded when a quarter of a wait is left (the default)."
    else:
        when = f"You are reminded {prefs.lead // 60} h before each deadline."
    if prefs.quiet is None:
        return f"{when} No quiet hours (time zone {prefs.zone})."
    start, end = prefs.quiet
    return (
        f"{when} Quiet hours {hhmm(start)}–{hhmm(end)} ({prefs.zone}): no reminder DM then; "
        "one that would fall in them comes when they end, or just before they start if the "
        "deadline is sooner."
    )


def _quiet(text: str) -> tuple[int, int]:
    """Quiet hours typed as "22:00-07:00"."""
    start, dash, end = text.replace("–", "-").partition("-")
    try:
        if not dash:
            raise ValueError(f"{text!r} is not a span of hours: write it as 22:00-07:00.")
        window = clock(start), clock(end)
    except ValueError as exc:
        raise Refused(f"{exc} Nothing was changed.") from None
    if window[0] == window[1]:
        raise Refused("Quiet hours start and end at different times; nothing was changed.")
    return window


def _daily(text: str) -> str:
    """A daily deadline time as kept: "HH:MM <zone>"."""
    try:
        at, zone = daily_of(text)
    except ValueError as exc:
        raise Refused(f"{exc} Nothing was changed.") from None
    return f"{hhmm(at)} {zone}"


def slash(shown: Presentation, name: str) -> str:
    """How a game's command is typed: `/gm guild`, `/town trade`."""
    return f"/{shown.command_group or 'gm'} {name}"


def _strength(rules: GameDefinition, chosen: str | None) -> str:
    """The built-in players' strength for a new game of `rules`."""
    offered = [level for level in LEVELS if level in rules.players]
    if chosen is None:
        return "normal" if "normal" in offered else "builtin"
    if chosen not in offered:
        if not offered:
            raise Refused(
                f"{rules.title}'s built-in players come in one strength: leave `strength` out; "
                "nothing was created."
            )
        raise Refused(f"Built-in players are {', '.join(offered)}; nothing was created.")
    return chosen


def _table_options(rules: GameDefinition, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The game's own table options from what the host chose, checked against its
    `GameOption`s (the rest take their defaults)."""
    known = {o.name: o for o in rules.options}
    for name in chosen:
        if name not in known:
            offered = ", ".join(f"`{o}`" for o in known) or "none"
            raise Refused(
                f"{rules.title} has no option `{name}` (its options: {offered}); nothing was "
                "created."
            )
    table: dict[str, Any] = {}
    for name, option in known.items():
        value = chosen.get(name, option.default)
        if option.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise Refused(f"`{name}` is a whole number; nothing was created.")
            if not option.low <= value <= option.high:
                raise Refused(f"`{name}` is {option.low} to {option.high}; nothing was created.")
        elif not isinstance(value, bool):
            raise Refused(f"`{name}` is true or false; nothing was created.")
        table[name] = value
    return table


def _not_shown(
    cid: ControlId,
    custom_id: str,
    values: list[str],
    modal: bool,
    shown: Shown,
) -> str | None:
    """Why an interaction does not match the message it came from, or None if it does: a
    click or choice must be on the message, with offered values; a modal's opener must be."""
    if modal:
        opener = openers().get(cid.action)
        wanted = ControlId(opener, cid.game, cid.seat, cid.arg).encode() if opener else None
        if wanted is None or wanted not in shown:
            return NOT_ON_MESSAGE
        return None
    if custom_id not in shown:
        return NOT_ON_MESSAGE
    offered = shown[custom_id]
    if values and not set(values) <= set(offered):
        return "That choice is not offered on this message; nothing was changed. Pick one shown."
    return None
