"""What a game shows on Discord: the contract between the bot core and a game's presentation.

The core (client, routing, lobby, service, notifier, deadlines) knows no game. For each hosted
game it imports the `presentation` module of the game's package and takes its `PRESENTATION`,
and asks it for messages. A presentation never sees a game's state: the core gives it `Table`s
and `Seen` updates, which hold the views (`GameDefinition.view`) and event views
(`GameDefinition.event_view`) of one audience, built by the core. What is secret from an audience
cannot reach a message made for it, whatever the presentation does.

A presentation answers in plain data (`bot.render.ui.Message`, `Reply`); the core posts, edits,
sends DMs and answers interactions, and owns nonces, retries, closed DMs and restarts.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any, Protocol

from bot.render.ui import Message, clip
from engine.core.game import Decision, Stage

# --- what the core shows a presentation ------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One game as one audience may see it now: ids, who sits where, and that audience's view.

    `view` is `GameDefinition.view` for the audience: the public view for the channel and for
    spectators; a seat's own view when `seat` is set (and then only ever shown to that seat).
    `decisions` are that seat's pending decisions (empty for the public).
    """

    game_id: int
    game: str  # the game's name, e.g. "guild-master"
    status: str  # lobby, running, ended, abandoned
    channel_id: int | None
    names: tuple[str, ...]  # the players' display names by seat (built-in seats too)
    built_in: tuple[bool, ...]
    view: Any
    stage: Stage | None = None
    seat: int | None = None
    decisions: tuple[Decision, ...] = ()
    due: datetime | None = None  # when the current deadline passes, if there is one
    paused: bool = False


@dataclass(frozen=True)
class Seen:
    """One update as one audience may know it.

    `events` are the audience's event views of the update's events, each with the stage the game
    was in just after it (events the audience may not know of are left out); `view_at(i)` is the
    audience's view just after `events[i]` (made on demand, e.g. for a picture of that moment).
    """

    table: Table  # after the update
    before: Any | None  # the audience's view before it (None for the game's first update)
    events: tuple[tuple[Any, Stage], ...]
    by: int | None  # the seat whose command it was; None for the system (start, deadline, host)
    replaying: bool  # made again after a restart: some of its posts may be on Discord already
    view_at: Callable[[int], Any]


# --- what a presentation answers -------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """A line of the channel's running text. Lines of one `block` share a message, edited as
    it grows (another starts past Discord's limit), headed by `title` in bold."""

    block: str
    title: str
    text: str


@dataclass(frozen=True)
class Post:
    """A new message, in the channel or in the seat's DMs. With a `key` it is kept, so a later
    `Edit` (or the core, closing a prompt) can change it; `mention` pings one user (channel)."""

    message: Message
    key: str = ""
    mention: int | None = None


@dataclass(frozen=True)
class Edit:
    """Change a kept message: to `message`, or to what `rewrite` makes of its text now. Nothing
    happens when no message is kept under `key`."""

    key: str
    message: Message | None = None
    rewrite: Callable[[str], Message] | None = None


Action = Line | Post | Edit


@dataclass(frozen=True)
class ModalField:
    custom_id: str
    label: str
    placeholder: str = ""
    default: str = ""
    required: bool = True
    max_length: int = 100


@dataclass(frozen=True)
class Modal:
    title: str
    custom_id: str
    fields: tuple[ModalField, ...]


@dataclass(frozen=True)
class Reply:
    """The answer to an interaction: a message (private or public, or replacing the message the
    control was on), or a modal to fill in."""

    message: Message | None = None
    ephemeral: bool = True
    edit: bool = False
    modal: Modal | None = None
    remember: tuple[int, str] | None = None  # keep the sent message as (game, key)
    also: tuple[tuple[int, str, Message], ...] = ()  # edit these kept messages too


def when(due: datetime) -> str:
    """A deadline as Discord timestamps, the same in every game's status, prompts and the core's
    reminders: how long is left, then the date and time in each reader's own time zone."""
    stamp = int(due.timestamp())
    return f"<t:{stamp}:R> (<t:{stamp}:f>)"


def say(text: str, *, ephemeral: bool = True) -> Reply:
    """A plain text answer."""
    return Reply(Message(content=clip(text, 2000)), ephemeral=ephemeral)


class Refused(Exception):
    """A request that cannot be done; `text` tells the user what to do instead."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


NOT_ASKED_NOW = (
    "That is not asked of you now: your prompts come by DM (`/gm decide` shows the current one)."
)


def asked(table: Table, *kinds: str) -> Decision:
    """The seat's pending decision of one of `kinds`, or a refusal saying it is not asked now."""
    found = next((d for d in table.decisions if d.kind in kinds), None)
    if found is None:
        raise Refused(NOT_ASKED_NOW)
    return found


def one_choice(values: list[str]) -> str:
    """The single option chosen from a select, or a refusal asking for one."""
    if len(values) != 1:
        raise Refused("Choose one option from the list.")
    return values[0]


def first_prompt(
    table: Table, prompt: Callable[[Table, Decision], Message | None], over: bool
) -> Reply:
    """`/gm decide` as most games answer it: the prompt of the seat's first decision that has
    one; else that the game is over (`over`), or that nothing is asked now."""
    for decision in table.decisions:
        message = prompt(table, decision)
        if message is not None:
            return Reply(message)
    if over:
        return say("The game is over: nothing is asked of you.")
    return say("Nothing is asked of you now: you will get a DM when something is.")


def number(text: str, low: int, high: int, refusal: str) -> int:
    """`text` as a whole number from `low` to `high`, or Refused(refusal). Only ASCII digits
    count: str.isdigit() also takes "²" or "٣", which int() then rejects or reads oddly."""
    text = text.strip()
    if not text or len(text) > len(str(max(abs(low), abs(high)))) + 1:
        raise Refused(refusal)
    body = text[1:] if text.startswith("-") else text
    if not body or not body.isascii() or not body.isdigit():
        raise Refused(refusal)
    value = int(text)
    if not low <= value <= high:
        raise Refused(refusal)
    return value


# --- what a presentation works with ----------------------------------------------------------


class Ask(Protocol):
    """Who asked (a slash command or a control) and their game; acting in it.

    The core has checked that the game exists, has started and, for controls, that the asker
    holds `seat`. `seat` is None for someone who plays no seat (a spectator).
    """

    game_id: int
    seat: int | None
    name: str  # the asker's display name, safe to echo
    user_id: int
    pictures: bool  # whether answers may carry pictures (the bot's config)

    async def table(self) -> Table:
        """The asker's table: their own seat's view if they play, else the public one."""
        ...

    async def public(self) -> Table:
        """The public table, for answers everybody in the channel sees."""
        ...

    async def act(self, command: Any) -> Table:
        """Carry out `command` (its idempotency key is the interaction); the asker's table
        after it. Raises `RuleError` (nothing changed) when the rules refuse it."""
        ...


@dataclass(frozen=True)
class Param:
    """An option of a game's slash command: `kind` is int, str or bool."""

    name: str
    kind: type
    description: str
    low: int | None = None
    high: int | None = None
    required: bool = True
    suggest: Callable[[str], list[tuple[str, str]]] | None = None  # typed -> (name, value)


@dataclass(frozen=True)
class Command:
    """A game's own slash command (`/gm <name>`, or `/<group> <name>` when its presentation has
    a `command_group`): `run(ask, **options)` returns a Reply. With
    `seated`, only the game's players may use it; with `anywhere`, it needs no game (a
    calculator: `ask` is None then); with `acts`, it changes the game (the flood limit counts
    it as a command, not a lookup)."""

    name: str
    description: str
    params: tuple[Param, ...]
    run: Callable[..., Awaitable[Reply]]
    seated: bool = False
    anywhere: bool = False
    acts: bool = False


class Presentation(Protocol):
    """A game's Discord presentation. Everything it shows comes from `Table`s and `Seen`s.

    Optionally, `slow_controls: frozenset[str]`: the controls whose answer may take longer than
    Discord's 3 seconds (one that draws a picture, say). The core acknowledges those on arrival
    (a deferred update) whatever the load, and their answer follows as an edit within Discord's
    15 minutes (bot/chat/acks.py). A control that opens a form cannot be slow: a modal must be
    the first answer. A presentation without the attribute has no slow controls.
    """

    game: str  # the GameDefinition's name
    title: str  # the game's title in messages
    seat_word: str  # what a seat is called in messages ("guild", "player")
    closed_dms: str  # what a player whose DMs are closed uses instead ("use `/gm decide` ...")
    commands: tuple[Command, ...]  # its own slash commands (names unique among all games)
    # Where its commands live: "" puts them in the /gm group (Guild Master's, as they landed);
    # a name makes them a group of their own, /<name> <command>, as a Discord group holds at
    # most 25 subcommands and /gm's are the core's.
    command_group: str
    topics: Mapping[str, str]  # /gm rules: topic -> text
    kinds: Mapping[str, str]  # decision kind -> what it is called ("your orders")
    # Its controls (the `action` of their custom ids, bot.render.ids): all of them; those that
    # answer with a form (a modal: never acknowledged ahead of the answer); those posted in the
    # game's channel (anyone there may press them; the others belong to one seat); and for
    # each modal, the control that opens it (a form counts only from a message showing it).
    controls: frozenset[str]
    forms: frozenset[str]
    channel_controls: frozenset[str]
    modal_openers: Mapping[str, str]

    def lobby_lines(self, options: Mapping[str, Any]) -> list[str]:
        """How the game's own table options read in the lobby message."""
        ...

    def seat_name(self, table: Table, seat: int) -> str:
        """A seat as messages name it ("■ Ana")."""
        ...

    def status(self, table: Table) -> Message:
        """`/gm status`: where the game stands (the public table)."""
        ...

    async def board(self, table: Table, pictures: bool) -> Message:
        """`/gm board`: what is on the table for everybody to see."""
        ...

    async def hand(self, table: Table, pictures: bool) -> Message:
        """`/gm hand`: a seat's own secrets, shown to that seat alone."""
        ...

    def card(self, name: str) -> str | None:
        """`/gm card`: the text of the card called `name` (a slug or its shown name)."""
        ...

    async def card_picture(self, name: str) -> bytes | None:
        """`/gm card`'s picture of the card called `name` (PNG), or None for text alone."""
        ...

    def card_names(self, typed: str) -> list[tuple[str, str]]:
        """(shown name, value) suggestions for a card name being typed (at most 25)."""
        ...

    async def channel(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """What an update posts in the game's channel (seen by the public)."""
        ...

    async def seat(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """What an update sends one seat by DM (seen by that seat), besides the prompts of its
        decisions, which the core opens and closes with `prompt`."""
        ...

    def prompt(self, table: Table, decision: Decision) -> Message | None:
        """The DM prompt of one of the seat's decisions, or None when `seat` posts that kind's
        controls itself (e.g. an order board)."""
        ...

    async def decide(self, table: Table) -> Reply:
        """`/gm decide`: the seat's controls for what the game asks of it now (it has some)."""
        ...

    async def control(
        self,
        ask: Ask,
        action: str,
        arg: str,
        values: list[str],
        fields: dict[str, str],
        target: int,
    ) -> Reply:
        """A click, a choice or a form of one of its controls (`target`: the seat its custom
        id names; the core has checked it is the asker's, except for channel controls)."""
        ...

    def transcript(self, seen: Seen) -> list[str]:
        """`guildmaster replay`: the lines of one update (a command's events) as text."""
        ...


# --- what most presentations share -----------------------------------------------------------


class Defaults:
    """The parts of a `Presentation` most games answer alike, for a game's presentation class to
    inherit (and override where it differs): no slash commands, forms or channel controls of
    its own, no table options to tell, cards looked up as text only, each control answered by
    the game's `route(ask, action, arg, values)` (its controls module's router), and a seat's
    DM of an update headed alike (`seat_dm`)."""

    title: str
    commands: tuple[Command, ...] = ()
    command_group = ""
    forms: frozenset[str] = frozenset()
    channel_controls: frozenset[str] = frozenset()
    modal_openers: Mapping[str, str] = MappingProxyType({})
    route: Callable[[Ask, str, str, list[str]], Awaitable[Reply]]

    def lobby_lines(self, options: Mapping[str, Any]) -> list[str]:
        """The game has no table options."""
        return []

    async def card_picture(self, name: str) -> bytes | None:
        """Cards are looked up as text only."""
        return None

    async def control(
        self, ask: Ask, action: str, arg: str, values: list[str], fields: Any, target: Any
    ) -> Reply:
        """A click or a choice on one of the game's controls, answered by `route` (which needs
        neither a form's fields nor the seat the control's id names)."""
        return await self.route(ask, action, arg, values)

    def seat_dm(
        self, game_id: int, lines: Sequence[str], files: Sequence[tuple[str, bytes]] = ()
    ) -> list[Action]:
        """An update's DM to one seat: `lines` (and `files`) under the game's title and number,
        or nothing when there are no lines."""
        if not lines:
            return []
        text = clip("\n".join([f"**{self.title} · game {game_id}**", *lines]), 2000)
        return [Post(Message(content=text, files=tuple(files)).check())]
