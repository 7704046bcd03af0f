"""Secrets over whole simulated games: nothing the bot shows the channel or another guild carries
a guild's orders before the reveal, its contest stance before the stance reveal, or its private
contracts.

"Guilds secretly and simultaneously decide on their objectives"; the Contest token is chosen
"secretly... Once all Contesting Guilds have chosen a Contest Stance, they all reveal their Contest
tokens at once"; private contracts "are kept face down and tucked slightly under your Upgrade
Board".

Two checks, over whole 2-, 3- and 4-player games between random players:

1. The rendering layer (bot/render), after every command: every text it can produce for the
   channel (narration, status, board, guild sheets, the contest negotiation, history, standings,
   the pictures' texts) and for each guild (its narration, prompts, order board, hand, its private
   guild sheet) is the same when only another guild's secrets change (the engine fuzzers'
   `secret_variants`, and the secret part of events told only to their guild), and never names
   another guild's private contract.
2. The whole bot (game service, notifier, command handlers) with a Discord that keeps every
   message: no channel message and no DM to guild B contains guild A's private contracts, the
   orders A drafted before the reveal, or A's stance before the reveal, as the bot words them.
   This is the check that catches a message sent to the wrong audience; the first one does not
   depend on wording.

In odd rounds every guild sends its first team to the same contract, so contests come up.

Three games of each kind by default; `HYPOTHESIS_PROFILE=long` (the long fuzzing run) plays ten
per player count of each. Run with `-s` to see the figures.

Attempting a private contract is an open skill check against the card's target ("following the
normal rules for resolving an Attempt Contract Order"), so a private contract is no longer secret
once attempted, even if it fails and its guild keeps it.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Iterator
from functools import cache
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

from bot import service as service_module
from bot.chat.actions import Actions, Who
from bot.presentation import Reply
from bot.render.pictures.canvas import recording
from bot.render.ui import Button, Message
from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Audience, Seat
from games.guild_master import GAME, pictures
from games.guild_master.presentation import channel, order_board, prompts
from games.guild_master.presentation.text import Names, narrate
from games.guild_master.rules import events as ev
from games.guild_master.rules.commands import Command, SetOrders
from games.guild_master.rules.contract_contest import STANCES
from games.guild_master.rules.state import (
    ActionStep,
    ContestTask,
    GameState,
    Order,
    OrderStep,
    Phase,
    Plan,
    SetupStep,
)
from games.guild_master.rules.upgrades import order_spaces
from games.guild_master.tests.playout import PACK, Playout, secret_variants
from tests.bot.fakes import CHANNEL, settle, table, who

FIGURES: Counter[str] = Counter()


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    """The figures docs/reliability.md records, printed after this module's tests (with -s)."""
    yield
    print(
        f"\nsecrets: {FIGURES['texts checked']} texts searched for private contracts, "
        f"{FIGURES['texts compared']} compared with another guild's secrets changed, "
        f"{FIGURES['messages checked']} messages the bot posted or sent checked; "
        f"{FIGURES['leaks']} leaks"
    )


# --- what a message shows --------------------------------------------------------------------

Drawn = dict[bytes, list[str]]  # picture bytes -> the texts drawn in it


def shown(message: Message, drawn: Drawn | None = None) -> list[str]:
    """Everything a message hands to Discord: content, embeds, labels, and also the custom ids
    and option values (a client receives them, so they must not carry secrets either), and the
    texts drawn in its pictures."""
    out = [message.content]
    for e in message.embeds:
        out += [e.title, e.description, e.footer]
        out += [part for f in e.fields for part in (f.name, f.value)]
    for row in message.rows:
        for c in row:
            if isinstance(c, Button):
                out += [c.label, c.custom_id, c.emoji or ""]
            else:
                out += [c.custom_id, c.placeholder]
                out += [part for o in c.options for part in (o.label, o.value, o.description)]
    for _, png in message.files:
        out += (drawn or {})[png]
    return [s for s in out if s]


def drawing(fn: Callable[..., bytes], *args: Any) -> list[str]:
    """The texts a picture draws."""
    with recording() as log:
        fn(*args)
    return [d.text for d in log]


# --- private contracts as strings ------------------------------------------------------------


@cache
def _card_texts() -> tuple[str, ...]:
    texts: list[str] = []
    for a in PACK.adventurers.values():
        texts += [a.name, f"{a.name} {a.title}", a.ability.text if a.ability else ""]
    for c in PACK.contracts.values():
        texts += [c.name, c.flavour, *(e.text for e in c.effects)]
    return tuple(t for t in texts if t)


@cache
def _pattern(secret: str) -> tuple[re.Pattern[str], tuple[str, ...]]:
    """The secret as a whole word, and the card texts that contain it as one: those are masked
    before searching, so a card whose name holds another's is no false alarm (the card itself is
    searched for on its own when it is secret)."""
    pattern = re.compile(r"(?<![\w-])" + re.escape(secret) + r"(?![\w-])")
    return pattern, tuple(t for t in _card_texts() if t != secret and pattern.search(t))


def names_in(text: str, secrets: Iterable[str]) -> list[str]:
    found = []
    for secret in secrets:
        pattern, covers = _pattern(secret)
        masked = text
        for cover in covers:
            masked = masked.replace(cover, "")
        if pattern.search(masked):
            found.append(secret)
    return found


def privately_held(state: GameState, seat: int) -> set[str]:
    """The contracts only `seat` may know it holds: its private contracts, and the deal."""
    held = set(state.guilds[seat].private_contracts)
    if isinstance(state.step, SetupStep):
        held.update(state.step.dealt[seat])
    return held


class Knowledge:
    """Which contracts each audience knows, as a game goes on: what its view has shown, and the
    private contracts attempted in the open."""

    def __init__(self, players: int) -> None:
        self.public: set[str] = set()
        self.own: list[set[str]] = [set() for _ in range(players)]

    def learn(self, state: GameState, events: Iterable[Any]) -> None:
        slugs = set(PACK.contracts)
        for e in events:
            if isinstance(e, ev.SkillCheckRolled | ev.ContractFailed) and e.contract:
                self.public.add(e.contract)
        self.public |= _slugs_in(GAME.view(state, PUBLIC), slugs)
        for seat, own in enumerate(self.own):
            own |= _slugs_in(GAME.view(state, Seat(seat)), slugs)

    def secrets_for(self, state: GameState, audience: Audience) -> dict[int, set[str]]:
        """Per other seat, the slugs and names of its contracts `audience` must not see."""
        known = set(self.public)
        if isinstance(audience, Seat):
            known |= self.own[audience.seat]
        out = {}
        for seat in range(state.players):
            if audience == Seat(seat):
                continue
            hidden = privately_held(state, seat) - known
            out[seat] = hidden | {PACK.contracts[c].name for c in hidden}
        return out


def _slugs_in(view: Any, slugs: set[str]) -> set[str]:
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if x in slugs:
                found.add(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list | tuple):
            for v in x:
                walk(v)

    walk(msgspec.to_builtins(view))
    return found


def audiences(state: GameState) -> list[Audience]:
    return [PUBLIC, *(Seat(s) for s in range(state.players))]


def next_command(game: Playout, state: GameState) -> Command:
    """A random player's next command; in odd rounds every guild sends its first team to the
    same contract, so that contests, and secret stances, come up in every game."""
    decisions = GAME.pending(state)
    d = decisions[game.rng.below(len(decisions))]
    spots = [c.number for c in state.board.contracts if c.used and c.card and c.face_up]
    if d.kind == "orders" and state.round % 2 and spots:
        team = state.guilds[d.seat].adventurers[:2]
        order = Order(space=1, team=team, objective=str(spots[0]), plan=Plan(builds=()))
        return SetOrders(seat=d.seat, orders=(order,), ready=True)
    bot = game.bots[d.seat]
    return bot.extra(state, d.seat) or bot.answer(state, d)


def check_names(
    texts: Iterable[str], secrets: dict[int, set[str]], audience: Audience, where: str
) -> None:
    """No text names a contract in `secrets` (per seat: what `audience` must not see)."""
    for text in texts:
        FIGURES["texts checked"] += 1
        for seat, strings in secrets.items():
            leaked = names_in(text, strings)
            if leaked:
                FIGURES["leaks"] += 1
            assert not leaked, f"{where}: {audience} reads seat {seat}'s {leaked} in {text!r}"


# --- 1. the rendering layer ------------------------------------------------------------------


def state_texts(state: GameState, names: Names, audience: Audience) -> list[str]:
    """What the bot can show `audience` of `state`, on its own or when asked: rendered from the
    audience's view, as the bot does."""
    messages: list[Message] = []
    view = GAME.view(state, audience)
    if not isinstance(audience, Seat):
        messages += [
            channel.status(view, names, 1, due=None, paused=False),
            channel.board(view, PACK, names),
            channel.history(view, names),
            *(
                Message(embeds=(channel.guild_sheet(view, PACK, names, g.seat),))
                for g in state.guilds
            ),
        ]
        negotiation = channel.negotiation(view, PACK, names, 1)
        messages += [negotiation] if negotiation is not None else []
        if state.phase is Phase.ENDED:
            messages.append(channel.final(view, PACK, names))
    else:
        seat = audience.seat
        for d in view.decisions:
            if d.kind != "orders":
                messages.append(prompts.render(view, PACK, names, 1, d))
        if state.phase is Phase.ORDERS:
            for space in range(1, order_spaces(PACK, state.guilds[seat]) + 1):
                for page in order_board.PAGES:
                    messages.append(
                        order_board.render(view, PACK, names, 1, space=space, page=page)
                    )
        messages.append(channel.hand(view, PACK, names))
    return [s for m in messages for s in shown(m)]


def event_variants(e: Any) -> list[tuple[int, Any]]:
    """(seat, event) pairs: the event with the part only that seat may know changed."""
    contracts = sorted(PACK.contracts)

    def other(*slugs: str) -> str:
        return next(c for c in contracts if c not in slugs)

    if isinstance(e, ev.OrdersDrafted):
        bigger = tuple(replace(o, gold=o.gold + 1, objective="hire") for o in e.orders)
        return [(e.seat, replace(e, orders=())), (e.seat, replace(e, orders=bigger))]
    if isinstance(e, ev.StanceChosen):
        return [(e.seat, replace(e, stance=s)) for s in STANCES if s != e.stance]
    if isinstance(e, ev.PrivateContractDrawn):
        return [(e.seat, replace(e, contract=other(e.contract)))]
    if isinstance(e, ev.SetupChosen):
        side = "reroll" if e.side == "fixer" else "fixer"
        return [(e.seat, replace(e, contract=other(e.contract), side=side))]
    if isinstance(e, ev.GameCreated):
        return [
            (s, replace(e, dealt=(*e.dealt[:s], (other(*d),) * len(d), *e.dealt[s + 1 :])))
            for s, d in enumerate(e.dealt)
        ]
    if isinstance(e, ev.SetupFinished):
        return [
            (s, replace(e, private=(*e.private[:s], (other(*p),) * len(p), *e.private[s + 1 :])))
            for s, p in enumerate(e.private)
        ]
    if isinstance(e, ev.PlanAnswered):
        return [(e.seat, replace(e, field=f"{e.field}!", value="x"))]
    if isinstance(e, ev.EffectPaused):
        p = e.prompt
        changed = replace(
            p, drawn=tuple(other(c) for c in p.drawn), seen=tuple(other(c) for c in p.seen)
        )
        return [(p.seat, replace(e, prompt=changed))]
    if isinstance(e, ev.DrawnKept):
        kept = tuple(other(*e.kept, *e.returned) for _ in e.kept)
        return [(e.seat, replace(e, kept=kept, returned=tuple(reversed(e.returned))))]
    if isinstance(e, ev.PeekArranged):
        return [(e.seat, replace(e, bottom=tuple(other(*e.bottom) for _ in e.bottom)))]
    return []


def check_render_layer(players: int, seed: int, short: bool) -> None:
    """Play a game between random players; after each command (and after the set-up), check
    every text the bot could show each audience: it names no contract another guild holds in
    secret, and it stays the same when only another guild's secrets (in the state, or in the
    events just narrated) change."""
    game = Playout(players, seed, junk=0.0, short=short)
    names = Names(PACK, [f"Player {i + 1}" for i in range(players)])
    knowledge = Knowledge(players)
    prev: GameState | None = None
    start = 0
    while True:
        state, events = game.state, game.log[start:]
        knowledge.learn(state, events)
        told: dict[Audience, list[str]] = {a: [] for a in audiences(state)}
        # Narrated as the bot does: each event's view, with the view the command ended in.
        views = {a: GAME.view(state, a) for a in told}
        at = prev
        for e in events:
            at = GAME.evolve(at, e)
            for a in told:
                line = narrate(GAME.event_view(e, a), views[a], a, names)
                told[a] += [line] if line else []
                for seat, variant in event_variants(e):
                    if a != Seat(seat):
                        FIGURES["texts compared"] += 1
                        seen = narrate(GAME.event_view(variant, a), views[a], a, names)
                        assert seen == line, (a, e, variant)
            for a, texts in _pictures(e, at, names).items():
                told[a] += texts
        for a, texts in told.items():
            rendered = state_texts(state, names, a)
            secrets = knowledge.secrets_for(state, a)
            check_names([*texts, *rendered], secrets, a, f"round {state.round}")
            for seat in range(players):
                if a == Seat(seat):
                    continue
                for variant in secret_variants(state, seat):
                    FIGURES["texts compared"] += len(rendered)
                    assert state_texts(variant, names, a) == rendered, (
                        f"{a} sees a change in seat {seat}'s secrets in {state.phase}"
                    )
        if state.phase is Phase.ENDED:
            return
        prev, start = state, len(game.log)
        while game.submit(next_command(game, state)) is not None:
            pass  # a refused extra (declining an order resolving now) changes nothing


def _pictures(e: Any, state: GameState, names: Names) -> dict[Audience, list[str]]:
    """The texts of the pictures the bot posts for this event, per audience, drawn from the
    audience's view as the bot draws them."""
    out: dict[Audience, list[str]] = {}
    if not isinstance(e, ev.OrderPhaseStarted | ev.OrdersRevealed | ev.GameEnded):
        return out
    public = GAME.view(state, PUBLIC)
    if isinstance(e, ev.OrderPhaseStarted):
        out[PUBLIC] = drawing(pictures.board, public, names)
        for g in state.guilds:
            out[PUBLIC] += drawing(pictures.guild_sheet, public, names, g.seat, False)
            own = GAME.view(state, Seat(g.seat))
            out[Seat(g.seat)] = drawing(pictures.guild_sheet, own, names, g.seat, True)
    elif isinstance(e, ev.OrdersRevealed):
        out[PUBLIC] = drawing(pictures.reveal, public, names)
    elif isinstance(e, ev.GameEnded):
        out[PUBLIC] = drawing(pictures.final, public, names)
    return out


# HYPOTHESIS_PROFILE=long, the long fuzzing run, also plays ten times as many games here.
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
RENDERED_GAMES = [(2, 11, False), (3, 12, True), (4, 13, True)]
BOT_GAMES = [(2, 21), (3, 22), (4, 23)]
if LONG:
    RENDERED_GAMES = [(p, 100 * p + i, i % 3 == 0) for p in (2, 3, 4) for i in range(10)]
    BOT_GAMES = [(p, 200 * p + i) for p in (2, 3, 4) for i in range(10)]


@pytest.mark.parametrize(("players", "seed", "short"), RENDERED_GAMES)
def test_no_rendered_text_depends_on_another_guilds_secrets(players, seed, short):
    check_render_layer(players, seed, short)


def test_events_told_only_to_their_guild_are_all_perturbed():
    """An event told differently to its own guild than to the public carries a secret:
    `event_variants` must cover it, or the check above would miss it."""
    game = Playout(3, 5, junk=0.0)
    game.run(secrets_every=10**6)
    names = Names(PACK)
    state = None
    personal = set()
    for e in game.log:
        state = GAME.evolve(state, e)
        public = narrate(GAME.event_view(e, PUBLIC), GAME.view(state, PUBLIC), PUBLIC, names)
        for s in range(3):
            own = narrate(GAME.event_view(e, Seat(s)), GAME.view(state, Seat(s)), Seat(s), names)
            if own != public:
                personal.add(type(e))
    assert personal
    for kind in personal:
        sample = next(e for e in game.log if type(e) is kind)
        assert event_variants(sample), f"{kind.__name__} is told to its guild alone: perturb it"


# --- 2. the whole bot --------------------------------------------------------------------------


class Witness:
    """Wraps the fake Discord: every message sent or edited is kept with its audience (the
    channel, or the guild whose player's DMs it went to) until `check`, and every picture drawn
    with the texts in it."""

    def __init__(self, poster: Any, users: dict[int, int]) -> None:
        self.users = users  # user id -> seat
        self.drawn: Drawn = {}
        self.pending: list[tuple[Audience, Message]] = []
        send, edit = poster.send, poster.edit

        async def record_send(channel_id: int, message: Message, **kw: Any) -> int:
            mid = await send(channel_id, message, **kw)
            self.pending.append((self.audience(channel_id), message))
            return mid

        async def record_edit(channel_id: int, message_id: int, message: Message) -> None:
            await edit(channel_id, message_id, message)
            self.pending.append((self.audience(channel_id), message))

        poster.send, poster.edit = record_send, record_edit

    def audience(self, channel_id: int) -> Audience:
        if channel_id == CHANNEL:
            return PUBLIC
        return Seat(self.users[channel_id - 10_000])  # the fake's DM channels

    async def render(self, fn: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """`pictures.render_async`, keeping the texts each picture draws."""
        with recording() as log:
            png = fn(*args, **kwargs)
        self.drawn[png] = [d.text for d in log]
        return png

    def check(
        self, before: GameState, after: GameState, knowledge: Knowledge, names: Names
    ) -> None:
        """Check what was posted for one command: against the secrets of the state after it,
        and those of the state before it that it did not reveal."""
        for audience, message in self.pending:
            texts = shown(message, self.drawn)
            FIGURES["messages checked"] += 1
            secrets = knowledge.secrets_for(after, audience)
            for seat, strings in knowledge.secrets_for(before, audience).items():
                secrets[seat] = secrets.get(seat, set()) | strings
            check_names(texts, secrets, audience, "posted")
            needles = order_and_stance_needles(after, audience, names)
            if isinstance(after.step, OrderStep) and after.round == before.round:
                needles += order_and_stance_needles(before, audience, names, stances=False)
            if _stances_open(after):
                needles += order_and_stance_needles(before, audience, names, orders=False)
            for text in texts:
                for seat, needle in needles:
                    if needle in text:
                        FIGURES["leaks"] += 1
                    assert needle not in text, f"{audience} reads seat {seat}'s {needle!r}"
        self.pending.clear()


def _stances_open(state: GameState) -> bool:
    step = state.step
    return (
        isinstance(step, ActionStep)
        and bool(step.queue)
        and isinstance(step.queue[0], ContestTask)
        and step.queue[0].stage == "stances"
    )


def order_and_stance_needles(
    state: GameState,
    audience: Audience,
    names: Names,
    *,
    orders: bool = True,
    stances: bool = True,
) -> list[tuple[int, str]]:
    """Other guilds' secret orders and stances as the bot writes them: (seat, text). Before the
    reveal, a draft order must not show up as the bot writes orders (each team's adventurers
    belong to that guild alone, so a team names its order); before the stance reveal, neither may
    a guild's stance as the bot tells it."""
    step = state.step
    needles: list[tuple[int, str]] = []
    for seat in range(state.players):
        if audience == Seat(seat):
            continue
        if orders and isinstance(step, OrderStep):
            for o in step.drafts[seat]:
                if o.team:
                    team = names.team(o.team)
                    needles += [
                        (seat, f"{team} → {names.objective(o.objective)}"),
                        (seat, f"Team: {team}\n"),
                    ]
        if stances and _stances_open(state):
            stance = step.queue[0].stances.get(str(seat))  # type: ignore[union-attr]
            if stance:
                needles += [
                    (seat, f"You chose to {stance}"),
                    (seat, f"{names.guild(seat)} {stance}"),
                ]
    return needles


ASKS: tuple[Callable[[Actions, Who, int], Awaitable[Reply]], ...] = (
    lambda a, w, _: a.status(w),
    lambda a, w, _: a.hand(w),
    lambda a, w, n: a.command(w, "guild", number=n),
    lambda a, w, _: a.command(w, "orders"),
    lambda a, w, _: a.board(w),
    lambda a, w, _: a.decide(w),
)


async def play_through_the_bot(tmp_path, monkeypatch, players: int, seed: int) -> None:
    store, service, poster, notifier, actions = await table(tmp_path)
    # The service deals from a random seed; this game's is fixed, so a failure replays.
    monkeypatch.setattr(service_module, "os", SimpleNamespace(urandom=seed.to_bytes))
    users = {100 + s: s for s in range(players)}
    witness = Witness(poster, users)
    monkeypatch.setattr(pictures, "render_async", witness.render)
    try:
        await actions.create(who(100, "Player 1"), players=players, bots=False, short=True)
        for user in list(users)[1:]:
            await actions.join(who(user, f"Player {users[user] + 1}"))
        await actions.start(who(100))
        await settle(service, notifier)
        state, _ = await service.load(1)
        names = Names(PACK, [s.name for s in await service.seats(1)])
        knowledge = Knowledge(players)
        knowledge.learn(state, [])
        witness.check(state, state, knowledge, names)
        game = Playout(players, seed, junk=0.0)  # only for its random players
        asked = 0
        while state.phase is not Phase.ENDED:
            command = next_command(game, state)
            before = state
            try:
                outcome = await service.act(1, command, by=command.seat)
            except RuleError:
                continue  # a refused extra (declining an order resolving now) changes nothing
            await settle(service, notifier)
            state = outcome.state
            knowledge.learn(state, outcome.events)
            # Someone also asks for something the bot shows on demand, in the channel (status,
            # board, a guild's sheet) or to them alone (hand, order board, open decision).
            user = 100 + asked % players
            ask = ASKS[asked // players % len(ASKS)]  # each player asks for each in turn
            asked += 1
            reply = await ask(actions, who(user), 1 + asked % players)
            if reply.message is not None:
                target = Seat(users[user]) if reply.ephemeral else PUBLIC
                witness.pending.append((target, reply.message))
            witness.check(before, state, knowledge, names)
    finally:
        await service.settle()
        await notifier.idle()
        await store.close()


@pytest.mark.parametrize(("players", "seed"), BOT_GAMES)
async def test_no_post_or_dm_carries_another_guilds_secrets(tmp_path, monkeypatch, players, seed):
    await play_through_the_bot(tmp_path, monkeypatch, players, seed)
