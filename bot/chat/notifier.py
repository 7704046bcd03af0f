"""From game updates to messages: the channel's running text per phase, the contest prompt, the
final standings, and each guild's DMs (order board, decisions, private news).

Renderers get views only: each update's views (the channel's, and each guild's for its DMs) are
built once, of the state the update ends in, and events are narrated from their audience's event
view. The states the update passes through only route its lines (to the running message of their
phase), except for the pictures drawn as of an event (the board for the orders, the orders at the
reveal), which are drawn from the public view of the state just after it.

Discord traffic stays low: one running message per phase is edited as the phase goes on (a new
one is started only when it would pass Discord's 2,000 characters). Updates of one game are
posted in order, by one worker per game, so the service never waits for Discord.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.render.ui import Embed, Message, clip
from bot.service import GameService, Seat, Update
from engine.core import PUBLIC
from engine.core import Seat as SeatAudience
from engine.core.game import Decision
from games.guild_master import GAME, pictures
from games.guild_master.presentation import channel as channel_render
from games.guild_master.presentation import order_board, prompts
from games.guild_master.presentation.text import Names, narrate
from games.guild_master.rules import events as ev
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import Phase
from games.guild_master.rules.views import PublicView, SeatView

log = logging.getLogger("guildmaster.notify")

BLOCK_LIMIT = 1900
GROUPS = {
    Phase.SETUP: ("setup", "Setup"),
    Phase.START: ("start", "Start of Round and Plot Phase"),
    Phase.PLOT: ("start", "Start of Round and Plot Phase"),
    Phase.ORDERS: ("orders", "Order Phase"),
    Phase.ACTION: ("action", "Action Phase"),
    Phase.RESET: ("reset", "Reset Phase"),
    Phase.ENDED: ("end", "End of the game"),
}


class DMClosed(Exception):
    """The user does not accept DMs from the bot (Discord error 50007)."""


class Poster(Protocol):
    """What the notifier needs from Discord."""

    async def send(
        self,
        channel_id: int,
        message: Message,
        *,
        mention: int | None = None,
        nonce: str | None = None,
    ) -> int:
        """Post in a channel; returns the message id. A post with the `nonce` of one made
        minutes before is not made again (Discord's enforce_nonce)."""
        ...

    async def edit(self, channel_id: int, message_id: int, message: Message) -> None: ...

    async def fetch_content(self, channel_id: int, message_id: int) -> str | None: ...

    async def dm(
        self, user_id: int, message: Message, *, nonce: str | None = None
    ) -> tuple[int, int]:
        """Send to a user's DMs; (DM channel id, message id). Raises DMClosed."""
        ...


def names_for(view: PublicView, seats: tuple[Seat, ...]) -> Names:
    """Display names: each guild by its player's name."""
    by_seat = {s.seat: s.name for s in seats}
    return Names(load_pack(view.pack), [by_seat.get(i, "") for i in range(view.players)])


def decision_id(d: Decision) -> tuple[Any, ...]:
    return (d.kind, tuple(sorted((k, str(v)) for k, v in d.context.items())))


@dataclass
class _Block:
    key: str
    # (message id, text) per message of the block; the id is None until the part is posted
    parts: list[tuple[int | None, str]]
    dirty: bool = False  # the last part has lines not yet posted or edited into its message


class Notifier:
    """Listens to the service; posts through a Poster."""

    def __init__(
        self,
        service: GameService,
        poster: Poster,
        *,
        images: bool = True,
        turn: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.service = service
        self.poster = poster
        self.images = images
        # Awaited before each update is worked out: the bot's answers to interactions come
        # first (bot/chat/priority.py).
        self.turn = turn
        self._queues: dict[int, asyncio.Queue[Update]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._blocks: dict[int, _Block] = {}
        self._told_closed: set[tuple[int, int, int]] = set()  # (game, seat, round)
        # Per game: the version of the update being posted. Each post's nonce is drawn from it
        # and the post, so posting the same update again after a restart makes the same
        # nonces, and Discord does not post twice what it already has.
        self._posting: dict[int, int] = {}
        self._replaying: set[int] = set()  # games whose updates are posted again (restart)
        self._closed_now: set[int] = set()  # messages closed while replaying
        # Per game: the state its last update ended in, and what each guild was asked then.
        self._asked: dict[int, tuple[Any, dict[int, tuple[Decision, ...]]]] = {}

    async def __call__(self, update: Update) -> None:
        game_id = update.game.id
        queue = self._queues.setdefault(game_id, asyncio.Queue())
        queue.put_nowait(update)
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.get_running_loop().create_task(self._work(game_id))

    async def _work(self, game_id: int) -> None:
        queue = self._queues[game_id]
        while not queue.empty():
            if self.turn is not None:
                await self.turn()
            update = queue.get_nowait()
            try:
                await self.handle(update)
            except Exception:
                log.exception("game %s: posting an update failed", game_id)
            try:
                if update.version:
                    await self.service.store.mark_notified(game_id, update.version)
            except Exception:
                log.exception("game %s: remembering what was posted failed", game_id)
        self._replaying.discard(game_id)

    async def catch_up(self, game_id: int) -> bool:
        """After a restart: post what the game's last updates should have posted, if the bot
        stopped before (events recorded after its "notified" marker). The updates are made
        again as they were first made (one per keyed command; unkeyed appends in between
        together), so their posts get the same nonces and Discord keeps the ones it has.
        True if there was anything to post."""
        store = self.service.store
        done = await store.notified(game_id)
        game = await store.get_game(game_id)
        if done is None or game.version <= done:
            return False
        events = await store.read(game_id)
        state: Any = None
        for _seq, e in events[:done]:
            state = GAME.evolve(state, e)
        cuts = {done}
        for first, last, _key in await store.batches(game_id, after=done):
            cuts |= {first - 1, last}
        keys = {last: key for _, last, key in await store.batches(game_id, after=done)}
        seats = await self.service.seats(game_id)
        log.info("game %s: posting events %d..%d after a restart", game_id, done + 1, game.version)
        self._replaying.add(game_id)
        batch: list[Any] = []
        for seq, e in events[done:]:
            batch.append(e)
            if seq in cuts or seq == game.version:
                before = state
                for b in batch:
                    state = GAME.evolve(state, b)
                # The acting seat is not stored: a player's command (keyed by its interaction
                # id) names its seat in its first event; start and deadlines have none.
                key = keys.get(seq, "")
                by = getattr(batch[0], "seat", None) if key.isdigit() else None
                await self(Update(game, seats, before, state, tuple(batch), by, seq))
                batch = []
        return True

    def _nonce(self, game_id: int, target: int, message: Message) -> str | None:
        """The nonce of posting `message` to `target` (a channel or user) for the update being
        posted (None outside one): the same post of the same update always gets the same one,
        and different posts never share one (a shared nonce would make Discord return the
        other message instead of posting)."""
        version = self._posting.get(game_id)
        if version is None:
            return None
        parts = [f"{game_id}:{version}:{target}", message.content]
        for e in message.embeds:
            parts += [e.title, e.description, e.footer, *(f.name + f.value for f in e.fields)]
        parts += [c.custom_id for row in message.rows for c in row]
        parts += [name for name, _ in message.files]
        digest = hashlib.blake2s("\x1f".join(parts).encode(), digest_size=12).hexdigest()
        # Discord takes nonces of up to 25 characters. The game's id comes first, so that a
        # post says which game made it.
        return f"{_base36(game_id)}.{digest}"[:NONCE_LENGTH]

    async def idle(self) -> None:
        """Wait until every update so far has been posted."""
        while True:
            running = [w for w in self._workers.values() if not w.done()]
            if not running:
                return
            await asyncio.gather(*running, return_exceptions=True)

    # --- one update --------------------------------------------------------------------------

    async def handle(self, update: Update) -> None:
        """Post what one update changes: narration, pictures, the contest prompt, the final
        standings, and each guild's DMs."""
        game = update.game
        if game.channel_id is None:
            return
        self._posting[game.id] = update.version
        try:
            await self._handle(update)
        finally:
            self._posting.pop(game.id, None)

    async def _handle(self, update: Update) -> None:
        game = update.game
        assert game.channel_id is not None
        public = GAME.view(update.after, PUBLIC)
        names = names_for(public, update.seats)
        told = [narrate(GAME.event_view(e, PUBLIC), public, PUBLIC, names) for e in update.events]
        # The state after each event, to route its line and pictures (never rendered from).
        states = []
        state = update.before
        for e in update.events:
            state = GAME.evolve(state, e)
            states.append(state)
        lines: list[tuple[str, str, str]] = []  # (block key, title, line)
        for e, state, line in zip(update.events, states, told, strict=True):
            group, title = GROUPS[state.phase]
            key = f"{state.round}:{group}"
            if isinstance(e, ev.RoundStarted):
                key, title = f"{e.round}:start", "Start of Round and Plot Phase"
            if line:
                lines.append(
                    (key, f"Round {state.round} — {title}" if state.round else title, line)
                )
        await self._post_lines(game.id, game.channel_id, lines)
        await self._pictures(update, states, public, names)
        await self._contest(update, public, names, told)
        if any(isinstance(e, ev.GameEnded) for e in update.events):
            pack = load_pack(public.pack)
            final = channel_render.final(public, pack, names)
            if self.images:
                png = await pictures.render_async(pictures.final, public, names)
                final = replace(final, files=(("standings.png", png),))
            nonce = self._nonce(game.id, game.channel_id, final)
            await self.poster.send(game.channel_id, final, nonce=nonce)
        asked: dict[int, tuple[Decision, ...]] = {}
        for seat in update.seats:
            if not seat.built_in:
                asked[seat.seat] = await self._seat(update, seat, public, names, told)
        self._asked[game.id] = (update.after, asked)

    async def _pictures(
        self, update: Update, states: list[Any], public: PublicView, names: Names
    ) -> None:
        """The board when orders are to be planned; everybody's orders at the reveal. Drawn
        from the public view as of the event (an update may go on past the reveal)."""
        if not self.images or update.game.channel_id is None:
            return
        for e, state in zip(update.events, states, strict=True):
            if not isinstance(e, ev.OrderPhaseStarted | ev.OrdersRevealed):
                continue
            view = public if state is update.after else GAME.view(state, PUBLIC)
            if isinstance(e, ev.OrderPhaseStarted):
                png = await pictures.render_async(pictures.board, view, names)
                text = f"The board for round {view.round}'s orders:"
                name = f"board-round-{view.round}.png"
            else:
                png = await pictures.render_async(pictures.reveal, view, names)
                text = f"Round {view.round}: the orders, revealed."
                name = f"orders-round-{view.round}.png"
            message = Message(content=text, files=((name, png),))
            await self.poster.send(
                update.game.channel_id,
                message,
                nonce=self._nonce(update.game.id, update.game.channel_id, message),
            )

    async def _post_lines(
        self, game_id: int, channel_id: int, lines: list[tuple[str, str, str]]
    ) -> None:
        block: _Block | None = None
        for key, title, line in lines:
            if block is not None and block.key != key:
                await self._flush(game_id, channel_id, block)
            block = await self._block(game_id, key)
            if game_id in self._replaying and any(
                line in text.split("\n") for _, text in block.parts
            ):
                continue  # posted before the restart
            if block.parts and len(block.parts[-1][1]) + len(line) + 1 <= BLOCK_LIMIT:
                message_id, text = block.parts[-1]
                block.parts[-1] = (message_id, f"{text}\n{line}")
                block.dirty = True
                continue
            await self._flush(game_id, channel_id, block)
            heading = f"**{title}**" if not block.parts else f"**{title} (cont.)**"
            # Posted when flushed, with the lines that follow it in this update: one request
            # instead of a post at once and an edit moments later.
            block.parts.append((None, clip(f"{heading}\n{line}", 2000)))
            block.dirty = True
        if block is not None:
            await self._flush(game_id, channel_id, block)

    async def _flush(self, game_id: int, channel_id: int, block: _Block) -> None:
        if block.dirty and block.parts:
            message_id, text = block.parts[-1]
            message = Message(content=clip(text, 2000))
            if message_id is None:
                message_id = await self.poster.send(
                    channel_id, message, nonce=self._nonce(game_id, channel_id, message)
                )
                block.parts[-1] = (message_id, text)
                await self.service.store.set_message(
                    game_id, f"block:{block.key}:{len(block.parts)}", channel_id, message_id
                )
            else:
                await self.poster.edit(channel_id, message_id, message)
        block.dirty = False

    async def _block(self, game_id: int, key: str) -> _Block:
        block = self._blocks.get(game_id)
        if block is not None and block.key == key:
            return block
        parts: list[tuple[int | None, str]] = []
        # After a restart, continue the block's last message where it was.
        n = 1
        while True:
            found = await self.service.store.message(game_id, f"block:{key}:{n}")
            if found is None:
                break
            content = await self.poster.fetch_content(*found)
            parts.append((found[1], content or ""))
            n += 1
        block = _Block(key, parts)
        self._blocks[game_id] = block
        return block

    async def _contest(
        self, update: Update, public: PublicView, names: Names, told: list[str | None]
    ) -> None:
        """The negotiation prompt of a contest: posted when it opens, kept up to date while
        stances are chosen, and closed with the stances when they are revealed (`told`: the
        channel's line for each event of the update)."""
        game = update.game
        assert game.channel_id is not None
        pack = load_pack(public.pack)
        for e in update.events:
            if isinstance(e, ev.ContestOpened):
                message = channel_render.negotiation(public, pack, names, game.id)
                if message is not None:
                    message_id = await self.poster.send(
                        game.channel_id,
                        message,
                        nonce=self._nonce(game.id, game.channel_id, message),
                    )
                    await self.service.store.set_message(
                        game.id, "contest", game.channel_id, message_id
                    )
                return
        found = await self.service.store.message(game.id, "contest")
        if found is None:
            return
        revealed = [
            line
            for e, line in zip(update.events, told, strict=True)
            if isinstance(e, ev.StancesRevealed)
        ]
        message = channel_render.negotiation(public, pack, names, game.id)
        if message is None or revealed:
            if revealed:
                content = await self.poster.fetch_content(*found) or ""
                text = content.split("\nPropose a split")[0]
                if revealed[0]:
                    text += f"\n{revealed[0]}"
                await self.poster.edit(found[0], found[1], Message(content=clip(text, 2000)))
            return
        if any(
            isinstance(e, ev.SplitProposed | ev.SplitAnswered | ev.SplitAgreed | ev.StanceChosen)
            for e in update.events
        ):
            await self.poster.edit(found[0], found[1], message)

    async def remind(self, game_id: int, seats: tuple[int, ...], due: Any) -> None:
        """A reminder, only to the guilds the game still waits for."""
        state, _ = await self.service.load(game_id)
        public = GAME.view(state, PUBLIC)
        all_seats = await self.service.seats(game_id)
        names = names_for(public, all_seats)
        waiting = {w.seat: w.kind for w in public.waiting}
        for seat in all_seats:
            if seat.built_in or seat.seat not in seats or seat.seat not in waiting:
                continue
            what = channel_render.KINDS.get(waiting[seat.seat], waiting[seat.seat])
            text = (
                f"Reminder for {names.guild(seat.seat)}: the game waits for your {what}. "
                f"Answer by <t:{int(due.timestamp())}:R>, or the default applies."
            )
            await self._dm(game_id, seat, public.round, Message(content=text))

    # --- a guild's DMs -----------------------------------------------------------------------

    async def _seat(
        self,
        update: Update,
        seat: Seat,
        public: PublicView,
        names: Names,
        told: list[str | None],
    ) -> tuple[Decision, ...]:
        """The guild's DMs for one update (`told`: the channel's line for each event). Returns
        the decisions the guild is asked after it."""
        game = update.game
        audience = SeatAudience(seat.seat)
        mine = GAME.view(update.after, audience)
        assert isinstance(mine, SeatView)
        pack = load_pack(public.pack)
        round_ = public.round
        private: list[str] = []
        for e, public_line in zip(update.events, told, strict=True):
            if isinstance(
                e, ev.GameCreated | ev.SetupFinished | ev.PrivateContractDrawn | ev.DrawnKept
            ):
                line = narrate(GAME.event_view(e, audience), mine, audience, names)
                if line and line != public_line:
                    private.append(line)
        if private:
            await self._dm(game.id, seat, round_, Message(content=clip("\n".join(private), 2000)))
        # In event order: one update may reveal this round's orders and open the next round's.
        if any(isinstance(e, ev.OrdersRevealed) for e in update.events):
            await self._close(game.id, f"board:{seat.seat}", "Orders revealed — see the channel.")
        if any(isinstance(e, ev.OrderPhaseStarted) for e in update.events):
            if self.images:  # the guild's own sheet, private contracts included
                png = await pictures.render_async(
                    pictures.guild_sheet, mine, names, seat.seat, True
                )
                sheet = Message(
                    content=f"Your guild, round {round_}:", files=(("your-guild.png", png),)
                )
                await self._dm(game.id, seat, round_, sheet)
            board = order_board.render(mine, pack, names, game.id)
            await self._dm(game.id, seat, round_, board, key=f"board:{seat.seat}")
        before = [d for d in self._asked_before(update, audience) if d.kind != "orders"]
        was = {decision_id(d) for d in before}
        now = [d for d in mine.decisions if d.kind != "orders"]
        now_ids = {decision_id(d) for d in now}
        for d in before:
            if decision_id(d) not in now_ids:
                text = "Closed: the default was applied."
                if update.by == seat.seat:
                    if game.id not in self._replaying:
                        continue  # the guild answered it: its own click closed the prompt
                    # After a restart: the click may have been recorded and never answered,
                    # which left its buttons on the prompt.
                    text = "Answered: see what the game asks next."
                await self._close(game.id, f"prompt:{seat.seat}:{d.kind}", text)
        current = await self.service.deadline(game.id) if now else None
        due = current.due_at if current and seat.seat in current.seats else None
        for d in now:
            if decision_id(d) in was:
                continue
            message = prompts.render(mine, pack, names, game.id, d, due=due)
            await self._dm(game.id, seat, round_, message, key=f"prompt:{seat.seat}:{d.kind}")
        return mine.decisions

    def _asked_before(self, update: Update, audience: SeatAudience) -> tuple[Decision, ...]:
        """The decisions the guild was asked before the update: kept from the game's previous
        update when it ended in the state this one starts from (it does unless the game was
        reloaded), else read from the guild's view of that state."""
        if update.before is None:
            return ()
        kept = self._asked.get(update.game.id)
        if kept is not None and kept[0] is update.before and audience.seat in kept[1]:
            return kept[1][audience.seat]
        was = GAME.view(update.before, audience)
        assert isinstance(was, SeatView)
        return was.decisions

    async def _dm(
        self, game_id: int, seat: Seat, round_: int, message: Message, key: str = ""
    ) -> None:
        """Send `message` to the guild's player (`round_`: the round it is sent in, so that a
        player whose DMs are closed is told so once a round)."""
        assert seat.user_id is not None
        try:
            channel_id, message_id = await self.poster.dm(
                seat.user_id, message, nonce=self._nonce(game_id, seat.user_id, message)
            )
        except DMClosed:
            marker = (game_id, seat.seat, round_)
            if marker in self._told_closed:
                return
            self._told_closed.add(marker)
            game = await self.service.store.get_game(game_id)
            if game.channel_id is not None:
                notice = Message(
                    content=f"<@{seat.user_id}>, I cannot send you DMs. Allow DMs from "
                    "server members, or use `/gm orders` for your order board and "
                    "`/gm decide` for anything the game asks you — only you will see them."
                )
                await self.poster.send(
                    game.channel_id,
                    notice,
                    mention=seat.user_id,
                    nonce=self._nonce(game_id, game.channel_id, notice),
                )
            return
        if key:
            if message_id in self._closed_now:
                # Posted before the restart, given back by Discord for its nonce, and closed
                # a moment ago by this replay as if it were the one before it: reopened.
                self._closed_now.discard(message_id)
                await self.poster.edit(channel_id, message_id, message)
            await self.service.store.set_message(game_id, key, channel_id, message_id)

    async def _close(self, game_id: int, key: str, text: str) -> None:
        found = await self.service.store.message(game_id, key)
        if found is None:
            return
        if game_id in self._replaying:
            self._closed_now.add(found[1])
        await self.poster.edit(found[0], found[1], Message(embeds=(Embed(description=text),)))


NONCE_LENGTH = 25


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, d = divmod(n, 36)
        out = digits[d] + out
        if not n:
            return out


def game_of_nonce(nonce: str | int | None) -> int | None:
    """The game whose update made a post with this nonce, or None (a post made outside a
    game's update, or not by the notifier)."""
    head, dot, _ = str(nonce or "").partition(".")
    if not dot:
        return None
    try:
        return int(head, 36)
    except ValueError:
        return None
