"""What every slash command and every control does, without Discord: each takes who acted and
what they sent, calls the service, and returns a Reply (a message, where it goes, or a modal).
The Discord client only translates interactions to these calls and replies back.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from msgspec.structs import replace

from bot.chat.notifier import names_for
from bot.presentation import Modal, ModalField, Refused, Reply, number, say
from bot.render.ids import ControlId, fingerprint, parse
from bot.render.ui import Embed, Message, clip
from bot.service import GameService, Options, ServiceError
from bot.store import NotFound, StoreError, Unavailable
from engine.core import PUBLIC, RuleError, Seat
from games.guild_master import GAME, pictures
from games.guild_master.presentation import cards, channel, order_board, prompts
from games.guild_master.presentation.rules import TOPICS
from games.guild_master.presentation.text import Names
from games.guild_master.rules.cards import SKILLS
from games.guild_master.rules.commands import (
    AnswerSplit,
    ApplyDefaults,
    ChooseBuilds,
    ChooseCooperation,
    Command,
    CorrectOrder,
    ModifyRoll,
    PayGold,
    ProposeSplit,
    SetOrders,
    SetReady,
)
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.dice_math import odds as exact_odds
from games.guild_master.rules.state import (
    HIRE,
    NONE,
    GameState,
    Order,
    Plan,
    SplitTerms,
    is_recruit,
)
from games.guild_master.rules.team import skill_total
from games.guild_master.rules.views import PublicView, SeatView

log = logging.getLogger("guildmaster.actions")

RATE_WINDOW = 10.0  # seconds
RATE_LIMIT = 25  # actions per window per member (a busy order board takes ~1 a second)
# How many times the limit each kind of request may reach in a window: lookups ("look") and a
# player's own game controls ("play") are quick in normal play; the rest ("act") is not.
ALLOWANCE = {"look": 4, "play": 3, "act": 1}
MAX_GOLD_TEXT = 3  # digits of Gold typed in a modal (the field allows 3)
MAX_MATCHES_LISTED = 10  # card names listed when part of a name matches several

# The control whose click opens each modal: a modal's submission is only taken from the
# message that carries its opener (same game, seat and argument).
MODAL_OPENERS = {"obgoldm": "obgoldset", "correctm": "correct", "proposem": "propose"}
# Controls posted in a game's channel (the rest live in a guild's DMs or ephemeral messages).
CHANNEL_CONTROLS = ("lobby", "split", "propose", "proposem")

NOT_ON_MESSAGE = (
    "That control is not on this message (it may be out of date); nothing was changed. Use the "
    "buttons as they are shown now, or `/gm decide` and `/gm orders` for fresh ones."
)
UNEXPECTED = (
    "Sorry, that went wrong on the bot's side (it is logged). Try again in a moment; "
    "`/gm status` shows where the game stands."
)


@dataclass(frozen=True)
class Who:
    """Who acted, and where."""

    user_id: int
    name: str
    interaction: str  # the interaction id: the command's idempotency key
    channel_id: int | None = None
    guild_id: int | None = None  # None in DMs
    is_admin: bool = False  # Manage Server in this server


# The controls whose answer is a form (a modal), which must be an interaction's first answer:
# these are never acknowledged ahead of their answer (bot/chat/acks.py).
OPENS_FORM = frozenset({"obgoldset", "correct", "propose"})


def opens_form(action: str) -> bool:
    """Does the control of that action answer with a form?"""
    return action in OPENS_FORM


Shown = dict[str, tuple[str, ...]]  # custom id -> option values (none for a button)


@dataclass
class _Context:
    """A game as a handler finds it: its state (to route and to act on, never to render), the
    public view, the display names and the acting member's seat."""

    game_id: int
    state: GameState
    view: PublicView
    names: Names
    seat: int | None


def seat_view(state: GameState, seat: int) -> SeatView:
    """Guild `seat`'s own view of `state`: what its DMs and its ephemeral answers show."""
    view = GAME.view(state, Seat(seat))
    assert isinstance(view, SeatView)
    return view


@dataclass
class Actions:
    service: GameService
    rate_limit: int = RATE_LIMIT
    default_deadlines: dict[str, int] = field(default_factory=dict)  # from the config
    images: bool = True
    _recent: dict[tuple[int, str], deque[float]] = field(default_factory=dict)

    # --- plumbing ----------------------------------------------------------------------------

    def slow_down(self, user_id: int, kind: str = "act") -> str | None:
        """A polite refusal when a member sends commands of one kind too fast. Each kind counts
        on its own, against `rate_limit` times its allowance: read-only lookups and a player's
        own game controls are what people do quickly in play, so only a real flood of them is
        slowed (issue 19); other commands (lobby, host) keep the plain limit."""
        now = time.monotonic()
        recent = self._recent.setdefault((user_id, kind), deque())
        while recent and now - recent[0] > RATE_WINDOW:
            recent.popleft()
        if len(recent) >= self.rate_limit * ALLOWANCE[kind]:
            wait = RATE_WINDOW - (now - recent[0])
            return f"Easy there — too many actions at once. Try again in {wait:.0f} seconds."
        recent.append(now)
        return None

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
        except Unavailable:
            return say(
                "The game's database is busy right now; nothing was changed. Try again in a moment."
            )
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

    async def context(self, game_id: int, who: Who | None = None) -> _Context:
        game = await self.service.store.get_game(game_id)
        if game.status == "lobby":
            raise Refused("The game has not started yet: `/gm start` when everyone has joined.")
        state, _ = await self.service.load(game_id)
        seats = await self.service.seats(game_id)
        seat = None
        if who is not None:
            seat = next((s.seat for s in seats if s.user_id == who.user_id), None)
        view = GAME.view(state, PUBLIC)
        return _Context(game_id, state, view, names_for(view, seats), seat)

    async def act(self, who: Who, game_id: int, command: Command) -> GameState:
        outcome = await self.service.act(
            game_id, command, key=who.interaction, by=getattr(command, "seat", None)
        )
        return outcome.state

    async def is_host(self, who: Who, game_id: int) -> bool:
        game = await self.service.store.get_game(game_id)
        return who.user_id == game.host_id or who.is_admin

    # --- lobby commands ----------------------------------------------------------------------

    async def create(
        self,
        who: Who,
        players: int = 4,
        short: bool = False,
        deadline: int | None = None,
        bots: bool = True,
    ) -> Reply:
        """A lobby. `deadline`: minutes per phase, 0 for none, None for the configured ones."""

        async def work() -> Reply:
            if who.guild_id is None or who.channel_id is None:
                raise Refused("Create a game in a server channel or thread, not in DMs.")
            if deadline is None:
                deadlines = dict(self.default_deadlines)
            else:
                kinds = ("setup", "plot", "orders", "action")
                deadlines = {k: deadline for k in kinds} if deadline else {}
            options = Options(
                players=players, bots=bots, deadlines=deadlines, game={"short": short}
            )
            game = await self.service.create_game(
                discord_guild_id=who.guild_id,
                channel_id=who.channel_id,
                host_id=who.user_id,
                host_name=who.name,
                options=options,
            )
            return Reply(
                await self.lobby_message(game.id), ephemeral=False, remember=(game.id, "lobby")
            )

        return await self.guarded(who, work)

    async def lobby_message(self, game_id: int) -> Message:
        game = await self.service.store.get_game(game_id)
        options = Options.from_json(game.options)
        seats = [(s.seat, s.name) for s in await self.service.seats(game_id)]
        return channel.lobby(
            game.id,
            options.players,
            seats,
            bool(options.game.get("short", False)),
            options.bots,
            options.deadlines,
            game.status,
        )

    async def join(self, who: Who, game_id: int | None = None) -> Reply:
        async def work() -> Reply:
            self.in_server(who, "join")
            gid = game_id if game_id is not None else await self.game_here(who)
            seat = await self.service.join(gid, who.user_id, who.name)
            return Reply(
                Message(content=f"{who.name} joins as guild {seat.seat + 1}."),
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
            state = await self.service.start(gid, who.user_id, is_admin=who.is_admin)
            seats = await self.service.seats(gid)
            names = names_for(GAME.view(state, PUBLIC), seats)
            guilds = ", ".join(
                names.guild(s.seat) + (" (built-in)" if s.built_in else "") for s in seats
            )
            return Reply(
                Message(
                    content=f"The game begins: {guilds}. Check your DMs for your setup choices."
                ),
                ephemeral=False,
                also=((gid, "lobby", await self.lobby_message(gid)),),
            )

        return await self.guarded(who, work)

    # --- information -------------------------------------------------------------------------

    async def status(self, who: Who) -> Reply:
        async def work() -> Reply:
            gid = await self.game_here(who)
            game = await self.service.store.get_game(gid)
            if game.status == "lobby":
                return Reply(await self.lobby_message(gid), ephemeral=False)
            ctx = await self.context(gid)
            current = await self.service.deadline(gid)
            due = current.due_at if current else None
            paused = Options.from_json(game.options).paused
            return Reply(
                channel.status(ctx.view, ctx.names, gid, due=due, paused=paused), ephemeral=False
            )

        return await self.guarded(who, work, kind="look")

    async def board(self, who: Who) -> Reply:
        async def work() -> Reply:
            ctx = await self.context(await self.game_here(who))
            pack = load_pack(ctx.view.pack)
            message = channel.board(ctx.view, pack, ctx.names)
            if self.images:
                png = await pictures.render_async(pictures.board, ctx.view, ctx.names)
                message = dataclasses.replace(message, files=(("board.png", png),))
            return Reply(message, ephemeral=False)

        return await self.guarded(who, work, kind="look")

    async def guild(self, who: Who, number: int | None = None) -> Reply:
        async def work() -> Reply:
            ctx = await self.context(await self.game_here(who), who)
            seat = (number - 1) if number is not None else ctx.seat
            if seat is None or not 0 <= seat < ctx.view.players:
                raise Refused(f"Give a guild number from 1 to {ctx.view.players}.")
            pack = load_pack(ctx.view.pack)
            sheet = channel.guild_sheet(ctx.view, pack, ctx.names, seat)
            message = Message(embeds=(sheet,)).check()
            if self.images:
                png = await pictures.render_async(
                    pictures.guild_sheet, ctx.view, ctx.names, seat, False
                )
                message = dataclasses.replace(message, files=((f"guild-{seat + 1}.png", png),))
            return Reply(message, ephemeral=False)

        return await self.guarded(who, work, kind="look")

    async def card(self, who: Who, name: str) -> Reply:
        async def work() -> Reply:
            pack = load_pack("basic")
            wanted = name.strip().lower()
            slug = next(
                (s for shown, s in cards.card_names(pack) if wanted in (s, shown.lower())),
                None,
            )
            if slug is None:
                slug = next(
                    (s for s, a in pack.adventurers.items() if wanted == a.name.lower()), None
                )
            if slug is None and wanted:
                # Part of a name ("Salt"): one card found is shown; several are named, so the
                # player can type more of the one meant.
                found = sorted(
                    {(shown, s) for shown, s in cards.card_names(pack) if wanted in shown.lower()}
                )
                if len(found) == 1:
                    slug = found[0][1]
                elif found:
                    listed = ", ".join(shown for shown, _ in found[:MAX_MATCHES_LISTED])
                    more = " and more" if len(found) > MAX_MATCHES_LISTED else ""
                    raise Refused(
                        f"Several cards match: {listed}{more}. Type more of the name, or pick "
                        "one from the suggestions as you type."
                    )
            text = None if slug is None else cards.describe(pack, slug)
            if text is None:
                # Not echoed: the text is the user's own, and may be 6,000 characters of
                # mentions and markdown.
                raise Refused("No card has that name; pick one from the suggestions as you type.")
            return Reply(Message(embeds=(Embed(description=text),)), ephemeral=True)

        return await self.guarded(who, work, kind="look")

    def card_names(self, typed: str) -> list[tuple[str, str]]:
        """(name, value) suggestions for the card option (at most 25)."""
        typed = typed.lower()
        found = cards.card_names(load_pack("basic"))
        return sorted(n for n in found if typed in n[0].lower())[:25]

    async def odds(
        self, who: Who, dice: int, target: int, fixers: int = 0, rerolls: int = 0
    ) -> Reply:
        async def work() -> Reply:
            if not 0 <= dice <= 20 or fixers < 0 or rerolls < 0 or fixers > dice:
                raise Refused("Give 0 to 20 dice, and no more fixers than dice.")
            chance = exact_odds(dice, target, fixers, min(rerolls, 5))
            extra = []
            if fixers:
                extra.append(f"{fixers} fixer(s)")
            if rerolls:
                extra.append(f"{rerolls} re-roll upgrade(s)")
            with_ = f" with {' and '.join(extra)}" if extra else ""
            return say(
                f"{dice} dice reach {target}{with_}: **{chance * 100:.1f}%**", ephemeral=False
            )

        return await self.guarded(who, work, kind="look")

    async def rules(self, who: Who, topic: str) -> Reply:
        text = TOPICS.get(topic)
        if text is None:
            return say("Topics: " + ", ".join(TOPICS) + ".")
        return say(f"**{topic.capitalize()}** — {text}", ephemeral=False)

    async def history(self, who: Who) -> Reply:
        async def work() -> Reply:
            ctx = await self.context(await self.game_here(who))
            return Reply(channel.history(ctx.view, ctx.names), ephemeral=False)

        return await self.guarded(who, work, kind="look")

    # --- one's own ---------------------------------------------------------------------------

    async def seated(self, who: Who) -> _Context:
        ctx = await self.context(await self.game_here(who), who)
        if ctx.seat is None:
            raise Refused("You do not play a guild in this game.")
        return ctx

    async def hand(self, who: Who) -> Reply:
        async def work() -> Reply:
            ctx = await self.seated(who)
            assert ctx.seat is not None
            mine = seat_view(ctx.state, ctx.seat)
            pack = load_pack(ctx.view.pack)
            message = channel.hand(mine, pack, ctx.names)
            if self.images:
                png = await pictures.render_async(
                    pictures.guild_sheet, mine, ctx.names, ctx.seat, True
                )
                message = dataclasses.replace(message, files=(("your-guild.png", png),))
            return Reply(message)

        return await self.guarded(who, work, kind="look")

    async def orders(self, who: Who) -> Reply:
        async def work() -> Reply:
            ctx = await self.seated(who)
            if ctx.view.phase != "orders":
                raise Refused("Orders are given in the Order Phase; it is not on now.")
            assert ctx.seat is not None
            mine = seat_view(ctx.state, ctx.seat)
            pack = load_pack(ctx.view.pack)
            return Reply(order_board.render(mine, pack, ctx.names, ctx.game_id))

        return await self.guarded(who, work, kind="look")

    async def decide(self, who: Who) -> Reply:
        async def work() -> Reply:
            ctx = await self.seated(who)
            assert ctx.seat is not None
            mine = seat_view(ctx.state, ctx.seat)
            if not mine.decisions:
                raise Refused("The game is not waiting for you right now.")
            if mine.decisions[0].kind == "orders":
                return await self.orders(who)
            pack = load_pack(ctx.view.pack)
            return Reply(prompts.render(mine, pack, ctx.names, ctx.game_id, mine.decisions[0]))

        return await self.guarded(who, work, kind="look")

    async def pay(self, who: Who, number: int, amount: int) -> Reply:
        async def work() -> Reply:
            ctx = await self.seated(who)
            assert ctx.seat is not None
            if not 1 <= number <= ctx.view.players:
                raise Refused(f"Pay a guild numbered 1 to {ctx.view.players}.")
            await self.act(who, ctx.game_id, PayGold(seat=ctx.seat, to=number - 1, amount=amount))
            return say(
                f"{ctx.names.guild(ctx.seat)} pays {amount} Gold to {ctx.names.guild(number - 1)}.",
                ephemeral=False,
            )

        return await self.guarded(who, work)

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
                await self.service.replace_by_bot(gid, value - 1)
                return say(f"Guild {value} is now played by a built-in player.", ephemeral=False)
            if what == "end":
                await self.service.end(gid)
                return say("The game has been ended by the host.", ephemeral=False)
            raise Refused("Unknown host command.")

        return await self.guarded(who, work)

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
                game = await self.service.store.get_game(cid.game)
            except NotFound:
                raise Refused("That game no longer exists; nothing was changed.") from None
            if cid.action in CHANNEL_CONTROLS and who.channel_id != game.channel_id:
                raise Refused(
                    "That control belongs to a game in another channel; nothing was changed."
                )
            if cid.action == "lobby":
                return await self._lobby(who, cid)
            if cid.action in ("split", "propose", "proposem"):
                return await self._contest_control(who, cid, values, fields)
            seat = await self.service.seat_of(game.id, who.user_id)
            if seat is None:
                raise Refused(
                    "You do not play a guild in this game (or no longer: the host may have "
                    "given yours to a built-in player); nothing was changed."
                )
            if seat != cid.seat:
                raise Refused("These controls belong to another guild; nothing was changed.")
            if game.status != "running":
                raise Refused(f"This game is {game.status}.")
            if Options.from_json(game.options).paused:
                raise Refused("The game is paused; the host can /gm resume it.")
            if cid.action.startswith("ob"):
                return await self._board(who, cid, values, fields)
            return await self._decision(who, cid, values, fields)

        return await self.guarded(who, work, kind="play")

    async def _lobby(self, who: Who, cid: ControlId) -> Reply:
        if cid.arg == "join":
            await self.service.join(cid.game, who.user_id, who.name)
        elif cid.arg == "leave":
            await self.service.leave(cid.game, who.user_id)
        elif cid.arg == "start":
            reply = await self.start(who, cid.game)
            return reply
        else:
            raise Refused("Unknown lobby button.")
        return Reply(await self.lobby_message(cid.game), edit=True)

    # order board ---------------------------------------------------------------------------

    async def _board(
        self, who: Who, cid: ControlId, values: list[str], fields: dict[str, str]
    ) -> Reply:
        ctx = await self.context(cid.game, who)
        seat = cid.seat
        if ctx.view.phase != "orders":
            closed = Message(
                embeds=(
                    Embed(
                        description="Orders are not being given now: this board is closed. A "
                        "new one comes with the next Order Phase."
                    ),
                )
            )
            return Reply(closed, edit=True)
        mine = seat_view(ctx.state, seat)
        pack = load_pack(ctx.view.pack)
        space_text, _, rest = cid.arg.partition(":")
        spaces = ctx.view.guilds[seat].order_spaces
        refusal = f"Your order spaces are 1 to {spaces}; nothing was changed."
        # Ready's argument is 1 or 0 (ready or not), not a space.
        space = 1 if cid.action == "obready" else number(space_text or "1", 1, spaces, refusal)
        page = (
            "plan"
            if cid.action in ("obfallback", "obreplace", "obbuild", "obskill", "obrolls", "obcoop")
            else "orders"
        )
        notice = ""
        draft = mine.draft
        current = order_board.order_at(draft, space)
        action = cid.action
        new: Order | None = current
        if action == "obspace":
            page = rest if rest in order_board.PAGES else "orders"
            return Reply(
                order_board.render(mine, pack, ctx.names, cid.game, space=space, page=page),
                edit=True,
            )
        if action == "obgoldset":
            return Reply(
                modal=Modal(
                    f"Gold on order {space}",
                    ControlId("obgoldm", cid.game, seat, str(space)).encode(),
                    (
                        ModalField(
                            "gold",
                            "Gold",
                            "a whole number",
                            str(current.gold if current else 0),
                            max_length=3,
                        ),
                    ),
                )
            )
        if action == "obready":
            try:
                state = await self.act(who, cid.game, SetReady(seat=seat, ready=cid.arg == "1"))
            except RuleError as exc:
                after, notice = mine, f"⚠ {exc.message}"
            else:
                after = seat_view(state, seat)
                if after.public.phase != "orders" or after.public.round != ctx.view.round:
                    return Reply(
                        Message(
                            embeds=(
                                Embed(
                                    description="Everyone is ready: orders "
                                    "are revealed in the channel."
                                ),
                            )
                        ),
                        edit=True,
                    )
            return Reply(
                order_board.render(after, pack, ctx.names, cid.game, space=space, notice=notice),
                edit=True,
            )
        if action == "obclear":
            new = None
        elif action == "obteam":
            if not values:
                new = None
            elif current is None:
                new = Order(space=space, team=tuple(values), plan=Plan(builds=()))
            else:
                new = Order(
                    space=space,
                    team=tuple(values),
                    objective=current.objective,
                    gold=current.gold,
                    plan=current.plan,
                )
        else:
            if current is None:
                notice = f"⚠ Choose a team for order {space} first."
            elif action == "obobj":
                objective = values[0] if values else NONE
                gold = current.gold if objective == HIRE or is_recruit(objective) else 0
                if is_recruit(objective) and gold == 0:
                    spot = ctx.view.board.adventurers["ABCDEF".index(objective)]
                    if spot.min_bid is not None:
                        gold = spot.min_bid
                new = _replace(current, objective=objective, gold=gold)
            elif action in ("obgold", "obgoldm"):
                if current.objective != HIRE and not is_recruit(current.objective):
                    notice = "⚠ Only Hire Builders and Recruit orders carry Gold."
                else:
                    if action == "obgold":
                        step = number(rest, -1, 1, "Gold buttons add or take 1 Gold.")
                        gold = current.gold + step
                    else:
                        try:
                            gold = number(
                                fields.get("gold", ""), 0, 999, "Gold must be a whole number."
                            )
                        except Refused:
                            notice = "⚠ Gold must be a whole number from 0 to 999, like 5."
                            gold = current.gold
                    new = _replace(current, gold=max(0, gold))
            elif action == "obfallback":
                if not values:
                    raise Refused("Pick a fallback from the list; nothing was changed.")
                new = _replace(current, plan=_plan(current, fallback=values[0]))
            elif action == "obreplace":
                choice = values[0] if values else "same"
                new = _replace(
                    current, plan=_plan(current, replace="" if choice == "same" else choice)
                )
            elif action == "obbuild":
                choice = values[0] if values else "ask"
                if choice == "none":
                    builds: tuple | None = ()
                else:
                    b = order_board.decode_build(choice)
                    builds = None if b is None else (b, *mine.default_builds)
                new = _replace(current, plan=_plan(current, builds=builds))
            elif action == "obskill":
                skill = values[0] if values and values[0] in SKILLS else ""
                new = _replace(current, plan=_plan(current, skill=skill))
            elif action == "obrolls":
                new = _replace(
                    current,
                    plan=_plan(current, rolls="auto" if current.plan.rolls == "ask" else "ask"),
                )
            elif action == "obcoop":
                new = _replace(
                    current,
                    plan=_plan(
                        current, cooperation="auto" if current.plan.cooperation == "ask" else "ask"
                    ),
                )
            else:
                raise Refused("Unknown order board control.")
        after = mine
        if not notice and new != current:
            updated = order_board.with_order(draft, new, space)
            try:
                state = await self.act(
                    who, cid.game, SetOrders(seat=seat, orders=updated, ready=False)
                )
            except RuleError as exc:
                notice = f"⚠ {exc.message}"
            else:
                after = seat_view(state, seat)
        return Reply(
            order_board.render(
                after, pack, ctx.names, cid.game, space=space, page=page, notice=notice
            ),
            edit=True,
        )

    # decisions -----------------------------------------------------------------------------

    async def _decision(
        self, who: Who, cid: ControlId, values: list[str], fields: dict[str, str]
    ) -> Reply:
        ctx = await self.context(cid.game, who)
        seat = cid.seat
        own = seat_view(ctx.state, seat)
        mine = own.decisions
        closed = say(
            "This decision is already closed: it was answered, or its deadline passed. "
            "`/gm decide` shows what the game asks you now."
        )
        action, arg = cid.action, cid.arg
        command: Command | None = None
        if action in ("opt", "optsel"):
            kind, _, fp = arg.partition(".") if action == "opt" else (arg, "", "")
            if action == "optsel":
                fp = values[0] if values else ""
            decision = next((d for d in mine if d.kind == kind), None)
            if decision is None:
                return closed
            command = next((o for o in decision.options if fingerprint(o) == fp), None)
            if command is None:
                return closed
        elif action == "default":
            if not any(d.kind == arg for d in mine):
                return closed
            command = ApplyDefaults(seat=seat, seats=(seat,))
        elif action == "builds":
            if not any(d.kind == "builds" for d in mine):
                return closed
            choice = values[0] if values else "none"
            b = order_board.decode_build(choice) if choice != "none" else None
            space = number(arg, 1, 9, "That build prompt is out of date; `/gm decide` shows it.")
            command = ChooseBuilds(seat=seat, space=space, builds=() if b is None else (b,))
        elif action.startswith("roll"):
            if not any(d.kind == "roll" for d in mine):
                return closed
            check = own.public.check
            assert check is not None
            if action == "rollgo":
                command = ModifyRoll(seat=seat, action="auto" if arg == "auto" else "done")
            elif action in ("rollre", "rollfix"):
                dice = len(check.dice)
                refusal = f"Pick a die from 1 to {dice} in the list; nothing was changed."
                die = number(values[0] if values else "", 0, max(dice - 1, 0), refusal)
                if action == "rollre":
                    command = ModifyRoll(seat=seat, action="reroll", die=die)
                else:
                    value = number(arg, 0, 99, "That fixer is not offered; nothing was changed.")
                    command = ModifyRoll(seat=seat, action="fix", die=die, value=value)
            else:
                boons = check.boons
                index = number(arg, 0, 99, "That boon is not offered; nothing was changed.")
                if index >= len(boons):
                    return closed
                command = ModifyRoll(seat=seat, action="boon", contract=boons[index])
        elif action == "coop":
            decision = next((d for d in mine if d.kind == "cooperation"), None)
            if decision is None:
                return closed
            contest = own.public.contest
            assert contest is not None
            order = order_board.order_at(own.orders, contest.space)
            assert order is not None
            pack = load_pack(own.public.pack)
            team = tuple(a for a in order.team if skill_total(pack, (a,), arg) > 0) or order.team
            command = ChooseCooperation(seat=seat, skill=arg, adventurers=team)
        elif action == "correct":
            if not any(d.kind == "correct_order" for d in mine):
                return closed
            return Reply(
                modal=Modal(
                    f"Gold on order {arg}",
                    ControlId("correctm", cid.game, seat, arg).encode(),
                    (ModalField("gold", "Gold", "a whole number", max_length=3),),
                )
            )
        elif action == "correctm":
            if not any(d.kind == "correct_order" for d in mine):
                return closed
            space = number(arg, 1, 9, "That correction is out of date; `/gm decide` shows it.")
            gold = number(fields.get("gold", ""), 0, 999, "Gold must be a whole number, like 4.")
            command = CorrectOrder(seat=seat, space=space, gold=gold)
        else:
            raise Refused("Unknown control.")
        after = seat_view(await self.act(who, cid.game, command), seat)
        pack = load_pack(after.public.pack)
        still = [d for d in after.decisions if d.kind != "orders"]
        if still and still[0].kind == "roll":
            return Reply(prompts.render(after, pack, ctx.names, cid.game, still[0]), edit=True)
        label = prompts.option_label(command, ctx.names, after)
        return Reply(Message(embeds=(Embed(description=f"Done: {label}."),)), edit=True)

    # contests in the channel -----------------------------------------------------------------

    async def _contest_control(
        self, who: Who, cid: ControlId, values: list[str], fields: dict[str, str]
    ) -> Reply:
        ctx = await self.context(cid.game, who)
        if ctx.seat is None:
            raise Refused("Only the contesting guilds can negotiate this contract.")
        task = ctx.view.contest
        if task is None or task.stage != "stances":
            raise Refused("This negotiation is over.")
        if ctx.seat not in task.seats:
            raise Refused("Only the contesting guilds can negotiate this contract.")
        if cid.action == "split":
            await self.act(
                who, cid.game, AnswerSplit(seat=ctx.seat, by=cid.seat, accept=cid.arg == "yes")
            )
            return say("Your answer is recorded.")
        if cid.action == "propose":
            order = ", ".join(f"{i + 1}={ctx.names.guild(s)}" for i, s in enumerate(task.seats))
            return Reply(
                modal=Modal(
                    "Propose a split",
                    ControlId("proposem", cid.game, 0, cid.arg).encode(),
                    (
                        ModalField(
                            "gold",
                            "Gold shares, in this order: " + clip(order, 20),
                            "e.g. 2, 1 (blank: the default split)",
                            required=False,
                        ),
                        ModalField(
                            "bonus",
                            "Bonus to guild number (blank: default)",
                            required=False,
                            max_length=2,
                        ),
                        ModalField(
                            "keeper",
                            "Card to guild number (blank: default)",
                            required=False,
                            max_length=2,
                        ),
                    ),
                )
            )
        terms = _terms(fields, task.seats)
        await self.act(who, cid.game, ProposeSplit(seat=ctx.seat, terms=terms))
        return say("Your proposal is on the table.")


def _not_shown(
    cid: ControlId, custom_id: str, values: list[str], modal: bool, shown: Shown
) -> str | None:
    """Why an interaction does not match the message it came from, or None if it does: a
    click or choice must be on the message, with offered values; a modal's opener must be."""
    if modal:
        opener = MODAL_OPENERS.get(cid.action)
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


def _replace(order: Order, **changes: Any) -> Order:
    return replace(order, **changes)


def _plan(order: Order, **changes: Any) -> Plan:
    return replace(order.plan, **changes)


def _terms(fields: dict[str, str], seats: tuple[int, ...]) -> SplitTerms:
    """A split from the modal: shares in contester order, guild numbers by contester order."""
    gold = None
    text = fields.get("gold", "").strip()
    if text:
        parts = [p.strip() for p in text.replace(";", ",").split(",")]
        refusal = (
            f"Gold shares are {len(seats)} whole numbers separated by commas, like 2, 1 "
            "(one per contester, in the order shown)."
        )
        if len(parts) != len(seats):
            raise Refused(refusal)
        gold = tuple(number(p, 0, 999, refusal) for p in parts)

    def pick(name: str) -> int | None:
        value = fields.get(name, "").strip()
        if not value:
            return None
        refusal = f"Give a number from 1 to {len(seats)} (the contesters' order)."
        return seats[number(value, 1, len(seats), refusal) - 1]

    return SplitTerms(gold=gold, bonus=pick("bonus"), keeper=pick("keeper"))
