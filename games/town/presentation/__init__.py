"""Founders' Town on Discord: `PRESENTATION`, what the bot core shows and does for this game.

Everything is made from `Table`s and `Seen`s (views and event views of one audience), never from
the game's state. The channel gets one running block of narration per turn (only counts for
secret cards: how many were drawn, discarded or traded, never which), what was built and the
points it gained, and at the end the ranking with pictures. Each player gets DMs: the cards it
draws, the trades it is party to, the start of its turn, and a prompt with buttons and selects
for each decision (`prompts.py`); its controls are handled in `controls.py`. No control opens a
form and none is posted in the channel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.presentation import Action, Ask, Command, Defaults, Line, Post, Reply, Seen, Table, say
from bot.render.pictures import render_async
from bot.render.ui import Message, clip
from engine.core.game import Decision
from games.town.pictures import standings, towns
from games.town.presentation import controls as ctl
from games.town.presentation import messages, narration
from games.town.presentation import prompts as p
from games.town.presentation import words as w
from games.town.presentation.topics import TOPICS
from games.town.rules import events as ev
from games.town.rules.cards import load_cards
from games.town.rules.views import PublicView, SeatView

__all__ = ["PRESENTATION", "TownPresentation"]

LINE_LIMIT = 1800  # a narration line, well inside a message's 2,000 characters


async def _trade(ask: Ask) -> Reply:
    """`/town trade`: the offer builder, for any player during a trade phase."""
    table = await ask.table()
    view = table.view
    if not isinstance(view, SeatView):
        return say("Only the game's players can make offers.")
    if not p.trading_now(view):
        pv = view.public
        names = p.names_of(table)
        return say(
            f"{ctl.NOT_TRADING} It is {names[pv.current]}'s {w.stage_name(pv.stage)}."
            if not pv.over
            else "The game is over."
        )
    if not view.hand:
        return say("You hold no cards, so you have nothing to offer.")
    return Reply(p.builder(table, p.new_draft(view)))


class TownPresentation(Defaults):
    """Founders' Town's `bot.presentation.Presentation`."""

    game = "town"
    title = w.TITLE
    seat_word = "player"
    closed_dms = "use `/gm decide` for anything the game asks you and `/gm hand` for your cards"
    commands: tuple[Command, ...] = (
        Command(
            name="trade",
            description="Founders' Town: make a trade offer to the current player (or, on your "
            "turn, to anyone)",
            params=(),
            run=_trade,
            seated=True,
        ),
    )
    command_group = "town"  # /town trade
    topics: Mapping[str, str] = TOPICS
    kinds: Mapping[str, str] = w.KINDS
    controls = frozenset(ctl.HANDLERS)
    route = staticmethod(ctl.control)

    def seat_name(self, table: Table, seat: int) -> str:
        """A player as messages name it: its display name ("Player N" without one)."""
        return p.names_of(table)[seat]

    def status(self, table: Table) -> Message:
        """`/gm status`: turn, phase, whom the game waits for, the deck and every player."""
        return messages.status(table)

    async def board(self, table: Table, pictures: bool) -> Message:
        """`/gm board`: who leads each category and every town; with a picture of them."""
        files: tuple[tuple[str, bytes], ...] = ()
        if pictures:
            png = await render_async(towns, messages.public_of(table.view), p.names_of(table))
            files = (("towns.png", png),)
        return messages.board_message(table, files)

    async def hand(self, table: Table, pictures: bool) -> Message:
        """`/gm hand`: the seat's own hand, offers and discards (text only)."""
        return messages.hand_message(table)

    def card(self, name: str) -> str | None:
        """`/gm card`: a card's resources, bonus, the bonuses it earns and its flavour."""
        pack = load_cards()
        slug = w.find_card(pack, name)
        return w.card_text(pack, slug) if slug is not None else None

    def card_names(self, typed: str) -> list[tuple[str, str]]:
        """Card names starting with (then containing) what is typed."""
        return w.card_suggestions(load_cards(), typed)

    async def channel(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """One running block per turn; at the end, the ranking with pictures."""
        pv = messages.public_of(seen.table.view)
        names = p.names_of(seen.table)
        actions: list[Action] = [
            Line(
                block=_block(s.turn), title=_title(pv, names, s.turn), text=clip(s.text, LINE_LIMIT)
            )
            for s in self._said(seen)
        ]
        if any(isinstance(e, ev.GameEnded) for e, _ in seen.events):
            files: tuple[tuple[str, bytes], ...] = ()
            if pictures:
                files = (
                    ("standings.png", await render_async(standings, pv, names)),
                    ("towns.png", await render_async(towns, pv, names)),
                )
            actions.append(Post(messages.final_message(pv, names, files), key="final"))
        return actions

    async def seat(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """One DM per update with what the seat alone learns (its draws, its trades...)."""
        view = seen.table.view
        if not isinstance(view, SeatView):
            return []
        before = seen.before if isinstance(seen.before, SeatView) else None
        lines = narration.seat_lines(seen.events, before, view, p.names_of(seen.table))
        return self.seat_dm(seen.table.game_id, lines)

    def prompt(self, table: Table, decision: Decision) -> Message | None:
        """The DM prompt of one of the seat's decisions."""
        return p.prompt(table, decision)

    async def decide(self, table: Table) -> Reply:
        """`/gm decide`: the prompt of the seat's first decision, or the offer builder while
        someone trades."""
        if table.decisions:
            message = p.prompt(table, table.decisions[0])
            if message is not None and len(table.decisions) > 1:
                note = (
                    f"You have {len(table.decisions)} decisions to make; here is the first. "
                    "`/gm decide` shows the next once it is answered."
                )
                message = Message(content=note, embeds=message.embeds, rows=message.rows)
            if message is not None:
                return Reply(message.check())
        view = table.view
        if isinstance(view, SeatView) and p.trading_now(view) and view.hand:
            return Reply(p.builder(table, p.new_draft(view)))
        pv = messages.public_of(view)
        names = p.names_of(table)
        if pv.over:
            return say("The game is over: nothing is asked of you.")
        return say(
            f"Nothing is asked of you now: it is {names[pv.current]}'s {w.stage_name(pv.stage)}."
        )

    def transcript(self, seen: Seen) -> list[str]:
        """The channel's narration of one update, as text lines."""
        pv = messages.public_of(seen.table.view)
        names = p.names_of(seen.table)
        return [f"{_title(pv, names, s.turn)}: {s.text}" for s in self._said(seen)]

    @staticmethod
    def _said(seen: Seen) -> list[narration.Said]:
        before = messages.public_of(seen.before) if seen.before is not None else None
        pv = messages.public_of(seen.table.view)
        return narration.public_lines(seen.events, before, pv, p.names_of(seen.table))


def _block(turn: int) -> str:
    return "start" if turn == narration.SETUP else f"turn:{turn}"


def _title(pv: PublicView, names: Sequence[str], turn: int) -> str:
    if turn == narration.SETUP:
        return f"{w.TITLE} begins"
    return f"Turn {turn} — {names[narration.turn_player(pv, turn)]}"


PRESENTATION = TownPresentation()
