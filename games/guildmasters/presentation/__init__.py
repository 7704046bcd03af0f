"""Guildmasters on Discord: `PRESENTATION`, what the bot core shows and does for this game.

Everything is made from `Table`s and `Seen`s (views and event views of one audience), never from
the game's state. The channel gets one running block of narration per game turn (no hand, pack,
pick or look is named, and nobody's chance to react), the quest board with the tavern and every
guild's tableau as pictures when each main phase begins and at the end, and the final scoring.
Each guild gets DMs: its cards dealt and drawn, what others' Rogues and Mages took or gave, and
one prompt per decision (`prompts.py`, answered in `controls.py`): the draft pick, the turn,
a look, and every reaction it is asked. The game needs no slash command beyond the core's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.presentation import (
    Action,
    Defaults,
    Line,
    Post,
    Reply,
    Seen,
    Table,
    first_prompt,
    when,
)
from bot.render.pictures import render_async
from bot.render.ui import Embed, EmbedField, Message, clip
from bot.render.words import count
from engine.core.game import Decision
from games.guildmasters.pictures import board, tableaux
from games.guildmasters.presentation import controls as ctl
from games.guildmasters.presentation import narration
from games.guildmasters.presentation import prompts as p
from games.guildmasters.presentation import words as w
from games.guildmasters.presentation.topics import TOPICS
from games.guildmasters.rules import events as ev
from games.guildmasters.rules.views import PublicView, SeatView

__all__ = ["PRESENTATION", "GuildmastersPresentation"]

LINE_LIMIT = 1800  # a narration line, well inside a message's 2,000 characters
Files = tuple[tuple[str, bytes], ...]


class GuildmastersPresentation(Defaults):
    """Guildmasters' `bot.presentation.Presentation`."""

    game = "guildmasters"
    title = w.TITLE
    seat_word = "guild"
    closed_dms = "use `/gm decide` for your picks, turns and answers and `/gm hand` for your cards"
    topics: Mapping[str, str] = TOPICS
    kinds: Mapping[str, str] = w.KINDS
    controls = frozenset(ctl.HANDLERS)
    route = staticmethod(ctl.control)

    def seat_name(self, table: Table, seat: int) -> str:
        """A guild as messages name it: its player's display name ("Guild N" without one)."""
        return w.names_of(table)[seat]

    def status(self, table: Table) -> Message:
        """`/gm status`: the game turn, what is awaited until when, and every guild."""
        pv = narration.public_of(table.view)
        names = w.names_of(table)
        lines = [table.stage.label if table.stage is not None else ""]
        if table.due is not None and pv.result is None:
            lines.append(f"Deadline: {when(table.due)}" + (" — **paused**" if table.paused else ""))
        elif table.paused:
            lines.append("The game is **paused**.")
        if pv.ending:
            lines.append("The end is triggered: the main phase runs until everyone passes.")
        lines += _guild_lines(pv, names)
        return Message(embeds=(p.embed(f"{w.TITLE} · game {table.game_id}", lines),)).check()

    async def board(self, table: Table, pictures: bool) -> Message:
        """`/gm board`: the quest board, the tavern, the supply and every tableau; pictured."""
        pv = narration.public_of(table.view)
        names = w.names_of(table)
        files: Files = ()
        if pictures:
            files = await _pictures(pv, names)
        lines = p.public_board_lines(pv) + _guild_lines(pv, names)
        return Message(content=clip("\n".join(lines), 2000), embeds=(), files=files).check()

    async def hand(self, table: Table, pictures: bool) -> Message:
        """`/gm hand`: the guild's own cards, packs and kept quests, and its tableau."""
        view = table.view
        if not isinstance(view, SeatView):
            return Message(content="You play no guild in this game: you hold no cards.")
        pack = w.pack()
        lines = [
            f"• {w.card(c)} — {pack.classes[pack.class_of[c]].ability}" for c in view.hand
        ] or ["• no cards"]
        fields = [EmbedField("Your hand", clip("\n".join(lines), 1024))]
        if view.packs:
            fields.append(
                EmbedField(
                    "Draft",
                    f"{count(len(view.packs), 'pack')} waiting; "
                    f"the first: {w.cards(view.packs[0])}",
                )
            )
        if view.held:
            fields.append(
                EmbedField(
                    "Quests you keep", clip("\n".join(w.quest_line(q) for q in view.held), 1024)
                )
            )
        files: Files = ()
        if pictures:
            names = w.names_of(table)
            files = (("tableau.png", await render_async(tableaux, view.table, names, view.seat)),)
        e = Embed(title=f"{w.TITLE} · your guild", fields=tuple(fields), colour=p.COLOUR)
        return Message(embeds=(e,), files=files).check()

    def card(self, name: str) -> str | None:
        """`/gm card`: an adventurer class or a quest, by slug or name."""
        return w.find(name)

    def card_names(self, typed: str) -> list[tuple[str, str]]:
        """Class and quest names starting with (then containing) what is typed."""
        return w.suggestions(typed)

    async def channel(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """One running block per game turn; the board and tableaux as pictures when each main
        phase begins and at the end; the final scoring."""
        names = w.names_of(seen.table)
        actions: list[Action] = []
        said = self._said(seen)
        for index, (event, _stage) in enumerate(seen.events):
            actions += [
                Line(
                    block=f"gt:{s.game_turn}",
                    title=f"Game turn {s.game_turn}",
                    text=clip(s.text, LINE_LIMIT),
                )
                for s in said
                if s.index == index
            ]
            if pictures and isinstance(event, ev.MainBegan):
                at = narration.public_of(seen.view_at(index))
                actions.append(Post(Message(files=await _pictures(at, names))))
        pv = narration.public_of(seen.table.view)
        if pv.result is not None and any(isinstance(e, ev.GameEnded) for e, _ in seen.events):
            files: Files = await _pictures(pv, names) if pictures else ()
            actions.append(Post(_final(pv, names, files), key="final"))
        return actions

    async def seat(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """One DM per update with what the guild alone learns."""
        view = seen.table.view
        if not isinstance(view, SeatView):
            return []
        lines = narration.seat_lines(seen.events, view, w.names_of(seen.table), seen.by)
        return self.seat_dm(seen.table.game_id, lines)

    def prompt(self, table: Table, decision: Decision) -> Message | None:
        """The DM prompt of one of the guild's decisions."""
        return p.prompt(table, decision)

    async def decide(self, table: Table) -> Reply:
        """`/gm decide`: the prompt of what the game asks of this guild now."""
        over = narration.public_of(table.view).result is not None
        return first_prompt(table, p.prompt, over)

    def transcript(self, seen: Seen) -> list[str]:
        """The channel's narration of one update, as text lines."""
        return [f"Game turn {s.game_turn}: {s.text}" for s in self._said(seen)]

    @staticmethod
    def _said(seen: Seen) -> list[narration.Said]:
        return narration.public_lines(seen.events, seen.before, w.names_of(seen.table))


async def _pictures(pv: PublicView, names: Sequence[str]) -> Files:
    return (
        ("board.png", await render_async(board, pv, names)),
        ("tableaux.png", await render_async(tableaux, pv, names, -1)),
    )


def _guild_lines(pv: PublicView, names: Sequence[str]) -> list[str]:
    lines = []
    for seat in pv.order:
        g = pv.guilds[seat]
        marks = []
        if pv.turn == seat:
            marks.append("to play")
        if g.passed:
            marks.append("passed")
        if pv.phase == "draft" and g.packs:
            marks.append(f"{count(g.packs, 'pack')} to pick from")
        mark = f" — {', '.join(marks)}" if marks else ""
        lines.append(
            f"**{names[seat]}**: {g.points} prestige, {g.influence} influence, "
            f"{count(len(g.quests), 'quest')}, {count(g.hand, 'card')} in hand, recruits "
            f"{w.cards(g.tiles) if g.tiles else 'none'}{mark}"
        )
    return lines


def _final(pv: PublicView, names: Sequence[str], files: Files) -> Message:
    r = pv.result
    assert r is not None
    lines = []
    for place, seat in enumerate(r.ranking, start=1):
        parts = ", ".join(f"{k} {v}" for k, v in r.lines[seat] if v)
        lines.append(f"{place}. **{names[seat]}** — {r.totals[seat]} ({parts or 'nothing'})")
    winners = [names[s] for s in r.winners]
    head = (
        f"{winners[0]} wins {w.TITLE}!"
        if len(winners) == 1
        else f"{w.join(winners)} share the win of {w.TITLE}!"
    )
    return Message(
        embeds=(p.embed(head, ["The final scoring is in:", *lines]),), files=files
    ).check()


PRESENTATION = GuildmastersPresentation()
