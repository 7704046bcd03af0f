"""Smiths of Winterforge on Discord: `PRESENTATION`, what the bot core shows and does for this game.

Everything is made from `Table`s and `Seen`s (views and event views of one audience), never from
the game's state. The channel gets one running block of narration per turn (no Contract in hand
is named until it is forged, no Faith token's value ever), a picture of the board at the start of
each round, each forge with its dice as a picture, and the final scoring. Each guild gets DMs:
its opening Contract, the choice of its Royal Contract, one prompt per turn with buttons and
selects for every action (`prompts.py`, answered in `controls.py`, edited as the turn goes on),
its own forges' dice. The game needs no slash command beyond the core's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.presentation import Action, Defaults, Line, Post, Reply, Seen, Table, say
from bot.render.pictures import render_async
from bot.render.ui import Message, clip
from engine.core.game import Decision
from games.winterforge.pictures import board, forge, sheet, standings
from games.winterforge.presentation import controls as ctl
from games.winterforge.presentation import messages, narration
from games.winterforge.presentation import prompts as p
from games.winterforge.presentation import words as w
from games.winterforge.presentation.topics import TOPICS
from games.winterforge.rules import events as ev
from games.winterforge.rules.setup import ALLEYWAY_OPTIONS
from games.winterforge.rules.views import SeatView

__all__ = ["PRESENTATION", "WinterforgePresentation"]

LINE_LIMIT = 1800  # a narration line, well inside a message's 2,000 characters


class WinterforgePresentation(Defaults):
    """Smiths of Winterforge's `bot.presentation.Presentation`."""

    game = "winterforge"
    title = w.TITLE
    seat_word = "guild"
    closed_dms = "use `/gm decide` for your turn's actions and `/gm hand` for your Contracts"
    topics: Mapping[str, str] = TOPICS
    kinds: Mapping[str, str] = w.KINDS
    controls = frozenset(ctl.HANDLERS)
    route = staticmethod(ctl.control)

    def lobby_lines(self, options: Mapping[str, Any]) -> list[str]:
        """The Alleyways chosen for the table."""
        chosen = [w.place(slug) for name, slug in ALLEYWAY_OPTIONS.items() if options.get(name)]
        if not chosen:
            return ["Alleyways: none (the base game)"]
        return [f"Alleyways: {w.join([c.removeprefix('the ') for c in chosen])}"]

    def seat_name(self, table: Table, seat: int) -> str:
        """A guild as messages name it: its player's display name ("Player N" without one)."""
        return p.names_of(table)[seat]

    def status(self, table: Table) -> Message:
        """`/gm status`: the round, whose turn, and every guild."""
        return messages.status(table)

    async def board(self, table: Table, pictures: bool) -> Message:
        """`/gm board`: the job track, Market, Tavern, Bank and guilds; with a picture."""
        files: messages.FILES = ()
        if pictures:
            pv = narration.public_of(table.view)
            files = (("board.png", await render_async(board, pv, p.names_of(table))),)
        return messages.board_message(table, files)

    async def hand(self, table: Table, pictures: bool) -> Message:
        """`/gm hand`: the guild's own Contracts, Royal Contract and Faith; with its sheet."""
        files: messages.FILES = ()
        view = table.view
        if pictures and isinstance(view, SeatView):
            png = await render_async(sheet, view.public, view.seat, p.names_of(table), view)
            files = (("sheet.png", png),)
        return messages.hand_message(table, files)

    def card(self, name: str) -> str | None:
        """`/gm card`: any card of the pack by slug or name."""
        found = w.find_card(name)
        return w.card_text(*found) if found is not None else None

    def card_names(self, typed: str) -> list[tuple[str, str]]:
        """Card names starting with (then containing) what is typed."""
        return w.card_suggestions(typed)

    async def channel(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """One running block per turn; the board at each round's start, each forge's dice and
        the final scoring as pictures."""
        pv = narration.public_of(seen.table.view)
        names = p.names_of(seen.table)
        said = self._said(seen)
        actions: list[Action] = []
        for index, (event, _stage) in enumerate(seen.events):
            actions += [
                Line(block=_block(s.turn), title=s.title, text=clip(s.text, LINE_LIMIT))
                for s in said
                if s.index == index
            ]
            if not pictures:
                continue
            if isinstance(event, ev.Forged):
                at = narration.public_of(seen.view_at(index))
                png = await render_async(forge, at, event, names)
                actions.append(Post(Message(files=(("forge.png", png),))))
            elif isinstance(event, ev.TurnBegan) and _new_round(seen, index):
                at = narration.public_of(seen.view_at(index))
                png = await render_async(board, at, names)
                actions.append(Post(Message(files=(("board.png", png),))))
        if any(isinstance(e, ev.GameEnded) for e, _ in seen.events):
            files: messages.FILES = ()
            if pictures:
                files = (
                    ("standings.png", await render_async(standings, pv, names)),
                    ("board.png", await render_async(board, pv, names)),
                )
            actions.append(Post(messages.final_message(pv, names, files), key="final"))
        return actions

    async def seat(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """One DM per update with what the guild alone learns: its opening Contract, its own
        forges' dice, a theft from it, a default applied for it, how it finished."""
        view = seen.table.view
        if not isinstance(view, SeatView):
            return []
        names = p.names_of(seen.table)
        lines = narration.seat_lines(seen.events, view, names, seen.by)
        if not lines:
            return []
        files: list[tuple[str, bytes]] = []
        if pictures:
            for index, (event, _stage) in enumerate(seen.events):
                if isinstance(event, ev.Forged) and event.seat == view.seat:
                    at = narration.public_of(seen.view_at(index))
                    files.append(("forge.png", await render_async(forge, at, event, names)))
        return self.seat_dm(seen.table.game_id, lines, files[-1:])

    def prompt(self, table: Table, decision: Decision) -> Message | None:
        """The DM prompt of one of the guild's decisions (a turn's only when it begins)."""
        return p.prompt(table, decision)

    async def decide(self, table: Table) -> Reply:
        """`/gm decide`: the Royal Contract's choice, or the turn menu as it stands."""
        for decision in table.decisions:
            if decision.kind == "royal":
                return Reply(p.royal_prompt(table, decision))
            if decision.kind == "turn":
                return Reply(p.turn_message(table))
        pv = narration.public_of(table.view)
        names = p.names_of(table)
        if pv.result is not None:
            return say("The game is over: nothing is asked of you.")
        if any(g.choosing for g in pv.guilds):
            return say("Nothing is asked of you now: the others are choosing Royal Contracts.")
        return say(f"Nothing is asked of you now: it is {names[pv.turn.seat]}'s turn.")

    def transcript(self, seen: Seen) -> list[str]:
        """The channel's narration of one update, as text lines."""
        return [f"{s.title}: {s.text}" for s in self._said(seen)]

    @staticmethod
    def _said(seen: Seen) -> list[narration.Said]:
        before = narration.public_of(seen.before) if seen.before is not None else None
        pv = narration.public_of(seen.table.view)
        return narration.public_lines(seen.events, before, pv, p.names_of(seen.table))


def _block(turn: int) -> str:
    return "start" if turn == narration.SETUP else f"turn:{turn}"


def _new_round(seen: Seen, index: int) -> bool:
    """Does the turn begun by event `index` open a round (a day), or is it the game's first?"""
    event = seen.events[index][0]
    assert isinstance(event, ev.TurnBegan)
    earlier = [e for e, _ in seen.events[:index] if isinstance(e, ev.TurnBegan)]
    if earlier:
        return event.round != earlier[-1].round
    if seen.before is None:
        return True
    return event.round != narration.public_of(seen.before).turn.round or event.number == 1


PRESENTATION = WinterforgePresentation()
