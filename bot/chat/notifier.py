"""From game updates to messages, for any hosted game: the core posts what the game's
presentation makes of each update (`bot/presentation.py`), and opens and closes the prompts of
each seat's decisions.

A presentation gets views only: each update is worked out once (`bot/hosted.py`: the states it
passes through, the stage after each event) and shown to each audience as a `Seen` of its own
event views and views. The channel's lines are gathered into one running message per block (a
phase, a turn), edited as it grows; a new one is started only past Discord's 2,000 characters.
Updates of one game are posted in order, by one worker per game, so the service never waits for
Discord. Posts carry nonces drawn from the update and the post, so posting an update again after
a restart does not post twice what Discord already has.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any, Protocol

from bot import hosted, logs
from bot.chat.lobby import rematch_offer
from bot.chronicle import recap_posts
from bot.hosted import Moment, Passage
from bot.presentation import Action, Edit, Line, Post, Presentation, when
from bot.render.ui import Embed, Message, clip
from bot.service import HANDOVER, GameService, Options, Seat, Update
from bot.store import community
from engine.core.game import Decision

log = logging.getLogger("guildmaster.notify")

BLOCK_LIMIT = 1900
# Updates worked out at once, over all games (each game's in order): an update in the works
# holds its views, pictures and requests until its last post, and under a burst hundreds of
# games' updates waiting on the one picture worker and on the answers to clicks held most of
# the process's peak memory (issue 26). The rest wait in their game's queue as bare updates.
HANDLING_AT_ONCE = 16
# An update still in the works this long gives its place to the next (and goes on): a request
# that hangs must not stop every game's updates behind it.
HANDLING_HOLD = 10.0
CLOSED_DM_NOTICE_EVERY = 3600.0  # seconds: a player whose DMs are closed is told at most hourly
DEFAULT_APPLIED = "Closed: the default was applied."
ANSWERED = "Answered: see what the game asks next."


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

    async def dm_channel(self, user_id: int) -> int:
        """The id of the user's DM channel with the bot (opened if need be)."""
        ...


def decision_id(d: Decision) -> tuple[Any, ...]:
    return (d.kind, tuple(sorted((k, str(v)) for k, v in d.context.items())))


def prompt_key(seat: int, kind: str) -> str:
    """The kept DM of a seat's prompt of one kind of decision."""
    return f"prompt:{seat}:{kind}"


@dataclass
class _Block:
    key: str
    # (message id, text) per message of the block; the id is None until the part is posted
    parts: list[tuple[int | None, str]]
    dirty: bool = False  # the last part has lines not yet posted or edited into its message
    # The stored keys of earlier blocks whose last lines open the last part's message (not yet
    # posted): the blocks one update begins share a message while they fit in one.
    carried: list[str] = field(default_factory=list)


# An ended block's last part, not posted yet: its stored keys and its text, for the next
# block's message.
_Carry = tuple[list[str], str]


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
        # Per game, in order: updates to post, and jobs (a seat handed over) that must come
        # after the updates before them. A plain deque: only its worker takes from it, so
        # asyncio.Queue's waiters (three more deques and an Event, 2.4 kB a game waiting in a
        # burst) were never used.
        self._queues: dict[int, deque[Update | _Waiting | Job]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._blocks: dict[int, _Block] = {}
        self._told_closed: dict[tuple[int, int], float] = {}  # (game, seat) -> when
        # Per game: the version of the update being posted. Each post's nonce is drawn from it
        # and the post, so posting the same update again after a restart makes the same
        # nonces, and Discord does not post twice what it already has.
        self._posting: dict[int, int] = {}
        self._replaying: set[int] = set()  # games whose updates are posted again (restart)
        self._closed_now: set[int] = set()  # messages closed while replaying
        self._handling = asyncio.Semaphore(HANDLING_AT_ONCE)
        # Per game: the moment its last update ended in (its views and decisions, made once)
        # and that update's version, for as many games as the service keeps states of (the
        # games used last): a moment holds its state, which the service drops from memory for
        # idle games.
        self._last: OrderedDict[int, tuple[int, Moment]] = OrderedDict()

    async def __call__(self, update: Update) -> None:
        game_id = update.game.id
        worker = self._workers.get(game_id)
        waits = self._handling.locked() or (worker is not None and not worker.done())
        self._enqueue(game_id, _Waiting.of(update) if waits else update)

    def _enqueue(self, game_id: int, item: Update | _Waiting | Job) -> None:
        queue = self._queues.get(game_id)
        if queue is None:
            queue = self._queues[game_id] = deque()
        queue.append(item)
        worker = self._workers.get(game_id)
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.get_running_loop().create_task(
                self._work(game_id), context=logs.for_game(game_id)
            )

    async def _work(self, game_id: int) -> None:
        queue = self._queues[game_id]
        while queue:
            await self._handling.acquire()
            step = asyncio.ensure_future(self._next(game_id, queue))
            try:
                await asyncio.wait((step,), timeout=HANDLING_HOLD)
            except asyncio.CancelledError:
                step.cancel()  # stopping: the update goes with the worker
                raise
            finally:
                self._handling.release()
            await step
        self._replaying.discard(game_id)
        # All posted: a game between updates keeps no queue or finished task (the next update
        # makes new ones). No await since the queue was found empty, so nothing came meanwhile.
        del self._queues[game_id]
        if self._workers.get(game_id) is asyncio.current_task():
            del self._workers[game_id]

    async def _next(self, game_id: int, queue: deque[Update | _Waiting | Job]) -> None:
        """Post the game's next update, or run its next job."""
        if self.turn is not None:
            await self.turn()
        update = queue.popleft()
        if not isinstance(update, Update | _Waiting):
            try:
                await update()
            except Exception:
                log.exception("game %s: a job after its updates failed", game_id)
            return
        try:
            if isinstance(update, _Waiting):
                update = await self._states(update)
            await self.handle(update)
        except Exception:
            log.exception("game %s: posting an update failed", game_id)
        try:
            if update.version:
                await self.service.store.mark_notified(game_id, update.version)
        except Exception:
            log.exception("game %s: remembering what was posted failed", game_id)

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
        rules = hosted.rules(game.game)
        events = await store.read(game_id)
        state: Any = None
        for _seq, e in events[:done]:
            state = rules.evolve(state, e)
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
                    state = rules.evolve(state, b)
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
        """Post what one update changes: the presentation's channel posts, each seat's DMs,
        and the prompts of the decisions opened and closed."""
        game = update.game
        if game.channel_id is None:
            return
        self._posting[game.id] = update.version
        try:
            await self._handle(update)
        finally:
            self._posting.pop(game.id, None)

    async def _states(self, waiting: _Waiting) -> Update:
        """A waiting update with its states read back: the state before is the one the game's
        last update ended in when kept (the usual case: the same object, so its views are not
        made again), or the service's, or the store's; the state after is the service's when
        it keeps that one, else the state before with the update's events folded in (the
        rules are deterministic: the state the update was made with)."""
        update = waiting.update
        game_id = update.game.id
        rules = hosted.rules(update.game.game)
        start = update.version - len(update.events)
        before = None
        if not waiting.first:
            last = self._last.get(game_id)
            if last is not None and last[0] == start:
                before = last[1].state
            else:
                before = await self.service.state_at(game_id, start)
        after = self.service.kept_state(game_id, update.version)
        if after is None:
            after = before
            for event in update.events:
                after = rules.evolve(after, event)
        return replace(update, before=before, after=after)

    def _moments(self, update: Update) -> tuple[Moment | None, Moment]:
        """The update's moments before and after. The one before is kept from the game's
        previous update when it ended at the version this one starts from (the same state, if
        perhaps not the same object: the service may have read the game back from the store
        meanwhile), so its views are not made again."""
        game = update.game
        rules = hosted.rules(game.game)
        paused = _paused(game.options)
        after = Moment(rules, game, update.seats, update.after, paused)
        if update.before is None:
            return None, after
        last = self._last.get(game.id)
        if last is not None and (
            last[1].state is update.before or last[0] == update.version - len(update.events)
        ):
            return last[1], after
        return Moment(rules, game, update.seats, update.before, paused), after

    async def _handle(self, update: Update) -> None:
        game = update.game
        shown = hosted.presentation(game.game)
        before, after = self._moments(update)
        passage = Passage.of(before, after, update.events)
        replaying = game.id in self._replaying
        public = passage.seen(None, by=update.by, replaying=replaying)
        assert game.channel_id is not None  # handle() posts nothing without one
        posted = await shown.channel(public, self.images)
        await self._channel(game.id, game.channel_id, posted)
        # After a game's final standings, the core's recap of its turning points.
        recap = await recap_posts(self.service.store, update)
        await self._channel(game.id, game.channel_id, recap)
        # The same public posts, to the game's spectators.
        await self._mirror(game.id, shown.title, [*posted, *recap])
        rules = hosted.rules(game.game)
        if rules.is_over(update.after) and (
            update.before is None or not rules.is_over(update.before)
        ):
            # Under every game's final standings, the core's own Rematch button.
            await self._channel(game.id, game.channel_id, [Post(rematch_offer(game.id))])
        due = None
        if any(not s.built_in for s in update.seats) and after.pending:
            current = await self.service.deadline(game.id)
            if current is not None:
                due = (current.due_at, set(current.seats))
        for seat in update.seats:
            if seat.built_in:
                continue
            when = due[0] if due is not None and seat.seat in due[1] else None
            seen = passage.seen(seat.seat, by=update.by, replaying=replaying, due=when)
            for action in await shown.seat(seen, self.images):
                await self._seat_action(game.id, seat, action)
            await self._prompts(update, shown, seat, before, after, when)
        self._keep_last(game.id, update.version, after)

    def _keep_last(self, game_id: int, version: int, moment: Moment) -> None:
        """Keep the moment the game's last update ended in, for the games updated last."""
        self._last[game_id] = (version, moment)
        self._last.move_to_end(game_id)
        while len(self._last) > self.service.cached_games:
            self._last.popitem(last=False)

    async def _channel(self, game_id: int, channel_id: int, actions: Sequence[Action]) -> None:
        """Carry out a presentation's channel actions in order: runs of lines go into their
        blocks' running messages; posts and edits go out as they come."""
        lines: list[Line] = []
        for action in [*actions, None]:
            if isinstance(action, Line):
                lines.append(action)
                continue
            if lines:
                await self._post_lines(game_id, channel_id, lines)
                lines = []
            if isinstance(action, Post):
                message_id = await self.poster.send(
                    channel_id,
                    action.message,
                    mention=action.mention,
                    nonce=self._nonce(game_id, channel_id, action.message),
                )
                if action.key:
                    await self._kept(game_id, action.key, channel_id, message_id, action.message)
            elif isinstance(action, Edit):
                await self._edit(game_id, action)

    async def _kept(
        self, game_id: int, key: str, channel_id: int, message_id: int, message: Message
    ) -> None:
        """Keep a posted message under `key`."""
        if message_id in self._closed_now:
            # Posted before the restart, given back by Discord for its nonce, and closed a
            # moment ago by this replay as if it were the one before it: reopened.
            self._closed_now.discard(message_id)
            await self.poster.edit(channel_id, message_id, message)
        await self.service.store.set_message(game_id, key, channel_id, message_id)

    async def _edit(self, game_id: int, edit: Edit) -> None:
        found = await self.service.store.message(game_id, edit.key)
        if found is None:
            return
        message = edit.message
        if edit.rewrite is not None:
            message = edit.rewrite(await self.poster.fetch_content(*found) or "")
        if message is None:
            return
        if game_id in self._replaying:
            self._closed_now.add(found[1])
        await self.poster.edit(found[0], found[1], message)

    async def _post_lines(self, game_id: int, channel_id: int, lines: list[Line]) -> None:
        """Lines into their blocks' running messages. A block begun in this update whose lines
        are not posted yet when the next block begins shares that block's new message, as long
        as both fit (one request instead of one per block: a round's reveal often runs
        through the Action and Reset Phases into the next round's Plot and Order Phases)."""
        block: _Block | None = None
        carry: _Carry | None = None
        for item in lines:
            key, title, line = item.block, item.title, item.text
            if block is not None and block.key != key:
                carry = _detach(block)
                if carry is None:
                    await self._flush(game_id, channel_id, block)
            block = await self._block(game_id, key)
            if game_id in self._replaying and any(
                line in text.split("\n") for _, text in block.parts
            ):
                continue  # posted before the restart
            if block.parts and len(block.parts[-1][1]) + len(line) + 1 <= BLOCK_LIMIT:
                if carry is not None:
                    await self._post_carry(game_id, channel_id, carry)
                    carry = None
                message_id, text = block.parts[-1]
                block.parts[-1] = (message_id, f"{text}\n{line}")
                block.dirty = True
                continue
            await self._flush(game_id, channel_id, block)
            heading = f"**{title}**" if not block.parts else f"**{title} (cont.)**"
            # Posted when flushed, with the lines that follow it in this update: one request
            # instead of a post at once and an edit moments later.
            text = clip(f"{heading}\n{line}", 2000)
            if carry is not None and len(carry[1]) + len(text) + 1 <= BLOCK_LIMIT:
                block.carried = carry[0]
                text = f"{carry[1]}\n{text}"
            elif carry is not None:
                await self._post_carry(game_id, channel_id, carry)
            carry = None
            block.parts.append((None, text))
            block.dirty = True
        if carry is not None:
            await self._post_carry(game_id, channel_id, carry)
        if block is not None:
            await self._flush(game_id, channel_id, block)

    async def _post_carry(self, game_id: int, channel_id: int, carry: _Carry) -> None:
        """Post an ended block's last part on its own (the next block had no room for it)."""
        keys, text = carry
        message = Message(content=clip(text, 2000))
        message_id = await self.poster.send(
            channel_id, message, nonce=self._nonce(game_id, channel_id, message)
        )
        for key in keys:
            await self.service.store.set_message(game_id, key, channel_id, message_id)

    async def _flush(self, game_id: int, channel_id: int, block: _Block) -> None:
        if block.dirty and block.parts:
            message_id, text = block.parts[-1]
            message = Message(content=clip(text, 2000))
            if message_id is None:
                message_id = await self.poster.send(
                    channel_id, message, nonce=self._nonce(game_id, channel_id, message)
                )
                block.parts[-1] = (message_id, text)
                keys = [*block.carried, f"block:{block.key}:{len(block.parts)}"]
                block.carried = []
                for key in keys:
                    await self.service.store.set_message(game_id, key, channel_id, message_id)
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

    # --- spectators ------------------------------------------------------------------------

    async def _mirror(self, game_id: int, title: str, actions: Sequence[Action]) -> None:
        """Send the channel's new posts of an update to the game's spectators by DM: made for
        the public, so they hold no seat's secret. A spectator whose DMs closed stops watching."""
        watchers = await self.service.watchers(game_id)
        if not watchers:
            return
        copies = spectator_copies(game_id, title, actions)
        for user in watchers:
            for message in copies:
                try:
                    await self.poster.dm(user, message, nonce=self._nonce(game_id, user, message))
                except DMClosed:
                    log.info("game %s: spectator %s closed their DMs: not watching", game_id, user)
                    await self.service.unwatch(game_id, user)
                    break

    # --- a seat handed to a volunteer -------------------------------------------------------

    def hand_over(self, game_id: int, seat: int, state: Any) -> None:
        """After the updates queued so far: the seat's secrets in `state` (the game when the
        seat changed hands; later updates open and close prompts from there) go to its new
        holder by DM, and every earlier holder's DMs of the game are forgotten (never edited
        again) and closed."""
        self._enqueue(game_id, partial(self._hand_over, game_id, seat, state))

    async def resume_handovers(self, game_id: int) -> None:
        """At start-up: hand over the seats a stop left taken but not handed over, as the game
        stands now (so no earlier holder's DMs are edited from now on)."""
        store = self.service.store
        game = await store.get_game(game_id)
        for seat in range(game.players):
            if await store.message(game_id, f"{HANDOVER}{seat}") is not None:
                state, _ = await self.service.load(game_id)
                self.hand_over(game_id, seat, state)

    async def _hand_over(self, game_id: int, seat_no: int, state: Any) -> None:
        store = self.service.store
        game = await store.get_game(game_id)
        shown = hosted.presentation(game.game)
        seats = await self.service.seats(game_id)
        holder = next((s for s in seats if s.seat == seat_no), None)
        if holder is None or holder.built_in:  # given to a built-in player meanwhile
            await community.forget_messages(store, game_id, [f"{HANDOVER}{seat_no}"])
            return
        # Kept DMs of the game in channels that are no current player's are earlier holders':
        # forgotten, so that no later edit (a prompt closed, a board redrawn) reaches them.
        ours = {game.channel_id, 0}  # 0: the store's posted-up-to marker
        for s in seats:
            if s.user_id is not None and s.seat != seat_no:
                ours.add(await self.poster.dm_channel(s.user_id))
        kept = await community.kept_messages(store, game_id)
        gone = {key: where for key, where in kept.items() if where[0] not in ours}
        await community.forget_messages(store, game_id, sorted(gone))
        closed = Message(
            embeds=(
                Embed(
                    description=f"{shown.seat_word.capitalize()} {seat_no + 1} of game {game_id} "
                    "is played by someone else now: these controls no longer work."
                ),
            )
        )
        for channel_id, message_id in gone.values():
            try:
                await self.poster.edit(channel_id, message_id, closed)
            except Exception:  # deleted, or too old: nothing more to take away
                log.info("game %s: message %s could not be closed", game_id, message_id)
        # The seat's secrets, to its new holder alone: its hand, and what it must decide.
        paused = Options.from_json(game.options).paused
        moment = Moment(hosted.rules(game.game), game, seats, state, paused)
        current = await self.service.deadline(game_id)
        due = current.due_at if current is not None and seat_no in current.seats else None
        table = moment.table(seat_no, due)
        await self._dm(game_id, holder, await shown.hand(table, self.images))
        unprompted = False
        for d in table.decisions:
            message = shown.prompt(table, d)
            if message is None:
                unprompted = True
            else:
                await self._dm(game_id, holder, message, key=prompt_key(seat_no, d.kind))
        if unprompted:  # the game posts those controls itself: its /gm decide gives them
            reply = await shown.decide(table)
            if reply.message is not None:
                key = reply.remember[1] if reply.remember is not None else ""
                await self._dm(game_id, holder, reply.message, key=key)
        self._last.pop(game_id, None)  # its seats changed: the next update reads them anew
        await community.forget_messages(store, game_id, [f"{HANDOVER}{seat_no}"])

    async def remind(self, game_id: int, seats: tuple[int, ...], due: Any) -> None:
        """A reminder, only to the seats the game still waits for."""
        state, _ = await self.service.load(game_id)
        game = await self.service.store.get_game(game_id)
        shown = hosted.presentation(game.game)
        all_seats = await self.service.seats(game_id)
        moment = Moment(hosted.rules(game.game), game, all_seats, state)
        table = moment.table(None)
        waiting: dict[int, str] = {}
        for d in moment.pending:
            waiting.setdefault(d.seat, d.kind)
        for seat in all_seats:
            if seat.built_in or seat.seat not in seats or seat.seat not in waiting:
                continue
            what = shown.kinds.get(waiting[seat.seat], waiting[seat.seat])
            text = (
                f"Reminder for {shown.seat_name(table, seat.seat)}: the game waits for your "
                f"{what}. Answer by {when(due)}, or the default applies. `/gm notify` sets when "
                "you are reminded."
            )
            await self._dm(game_id, seat, Message(content=text))

    # --- a seat's DMs ------------------------------------------------------------------------

    async def _seat_action(self, game_id: int, seat: Seat, action: Action) -> None:
        if isinstance(action, Post):
            await self._dm(game_id, seat, action.message, key=action.key)
        elif isinstance(action, Edit):
            await self._edit(game_id, action)

    async def _prompts(
        self,
        update: Update,
        shown: Presentation,
        seat: Seat,
        before: Moment | None,
        after: Moment,
        due: Any,
    ) -> None:
        """Close the prompts of the seat's decisions the update ended (by default, unless its
        own click did) and open those of the decisions it began."""
        game_id = update.game.id
        was = [d for d in before.pending if d.seat == seat.seat] if before is not None else []
        now = [d for d in after.pending if d.seat == seat.seat]
        now_ids = {decision_id(d) for d in now}
        for d in was:
            if decision_id(d) in now_ids:
                continue
            text = DEFAULT_APPLIED
            if update.by == seat.seat:
                if game_id not in self._replaying:
                    continue  # the seat answered it: its own click closed the prompt
                # After a restart: the click may have been recorded and never answered,
                # which left its buttons on the prompt.
                text = ANSWERED
            closed = Message(embeds=(Embed(description=text),))
            await self._edit(game_id, Edit(prompt_key(seat.seat, d.kind), message=closed))
        was_ids = {decision_id(d) for d in was}
        opened = [d for d in now if decision_id(d) not in was_ids]
        if not opened:
            return
        table = after.table(seat.seat, due)
        for d in opened:
            message = shown.prompt(table, d)
            if message is not None:
                await self._dm(game_id, seat, message, key=prompt_key(seat.seat, d.kind))

    async def _dm(self, game_id: int, seat: Seat, message: Message, key: str = "") -> None:
        """Send `message` to the seat's player. A player whose DMs are closed is told so in the
        channel, at most once an hour per game."""
        assert seat.user_id is not None
        try:
            channel_id, message_id = await self.poster.dm(
                seat.user_id, message, nonce=self._nonce(game_id, seat.user_id, message)
            )
        except DMClosed:
            await self._tell_closed(game_id, seat)
            return
        if key:
            await self._kept(game_id, key, channel_id, message_id, message)

    async def _tell_closed(self, game_id: int, seat: Seat) -> None:
        marker = (game_id, seat.seat)
        now = time.monotonic()
        told = self._told_closed.get(marker)
        if told is not None and now - told < CLOSED_DM_NOTICE_EVERY:
            return
        self._told_closed[marker] = now
        game = await self.service.store.get_game(game_id)
        if game.channel_id is None:
            return
        shown = hosted.presentation(game.game)
        notice = Message(
            content=f"<@{seat.user_id}>, I cannot send you DMs. Allow DMs from server members, "
            f"or {shown.closed_dms} — only you will see them."
        )
        await self.poster.send(
            game.channel_id,
            notice,
            mention=seat.user_id,
            nonce=self._nonce(game_id, game.channel_id, notice),
        )


NONCE_LENGTH = 25


@lru_cache(maxsize=1024)
def _paused(options: str) -> bool:
    """Whether a game's stored options say it is paused (read once per options text: the
    notifier asks at every update, and a game's options change seldom)."""
    return Options.from_json(options).paused


def _detach(block: _Block) -> _Carry | None:
    """Take a block's last part off it if it is not posted yet, to open the next block's
    message; None if its last part is posted (then it is only edited)."""
    if not block.dirty or not block.parts or block.parts[-1][0] is not None:
        return None
    _, text = block.parts.pop()
    keys = [*block.carried, f"block:{block.key}:{len(block.parts) + 1}"]
    block.carried = []
    block.dirty = False
    return keys, text


Job = Callable[[], Awaitable[None]]


@dataclass(frozen=True)
class _Waiting:
    """An update waiting for its turn, kept without its states (read back when its turn
    comes, `Notifier._states`): under a burst every game's updates wait, and their states
    before and after, for a game the service has dropped alive only in its queue, held much
    of the bot's peak memory (issue 26)."""

    update: Update  # without its states (None)
    first: bool  # the game's first update: it has no state before

    @staticmethod
    def of(update: Update) -> Update | _Waiting:
        """The update to queue: without its states when its events are the store's events
        up to its version (they can be read back), else as it is."""
        if update.version < len(update.events) or not update.events:
            return update
        first = update.before is None
        if first and update.version != len(update.events):
            return update
        return _Waiting(replace(update, before=None, after=None), first)


def spectator_copies(game_id: int, title: str, actions: Sequence[Action]) -> list[Message]:
    """A spectator's DMs of an update's channel posts: its running lines as one message (each
    block under its title), its posts without their controls (pressed in a DM they would act
    for nobody); edits of earlier posts are left out."""
    copies: list[Message] = []
    text: list[str] = []
    block = ""
    for action in actions:
        if isinstance(action, Line):
            if action.block != block:
                block = action.block
                text.append(f"**{action.title}**")
            text.append(action.text)
        elif isinstance(action, Post):
            m = action.message
            copies.append(Message(content=m.content, embeds=m.embeds, files=m.files))
    heading = f"*{title}, game {game_id}*"
    chunks: list[str] = []
    for line in text:
        if chunks and len(chunks[-1]) + len(line) + 1 <= BLOCK_LIMIT:
            chunks[-1] += "\n" + line
        else:
            chunks.append(clip(f"{heading}\n{line}", 2000))
    return [Message(content=c) for c in chunks] + copies


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
