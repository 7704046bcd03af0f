"""Guild Ball on Discord: `PRESENTATION`, what the bot core shows and does for this game.

Everything is made from `Table`s and `Seen`s (views and event views of one audience), never from
the game's state. The channel gets one running block of narration per turn (moves, attacks with
their dice and damage, kicks, goals, take-outs, VP; never a plan or an allocation before it is
revealed), the pitch picture after each activation and at the kick off, and the final result.
Each team gets DMs: one prompt per decision (`prompts.py`, answered in `controls.py`), from the
secret team pick to the activation menu with moves by intention and their private previews.
The game needs no slash command beyond the core's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.presentation import (
    Action,
    Ask,
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
from engine.core.errors import RuleError
from engine.core.game import TIME_BANK, Decision
from games.guild_ball.pictures import pitch
from games.guild_ball.pitch.field import GAME_SIZES
from games.guild_ball.presentation import controls as ctl
from games.guild_ball.presentation import narration, reactions
from games.guild_ball.presentation import prompts as p
from games.guild_ball.presentation import scenes as sc
from games.guild_ball.presentation import words as w
from games.guild_ball.presentation.topics import TOPICS
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.setup import (
    game_size_option,
    map_option,
    reaction_option,
    turns_option,
)
from games.guild_ball.rules.state import INTRODUCTORY, TURN_LIMITS
from games.guild_ball.rules.views import PublicView, SeatView

__all__ = ["PRESENTATION", "GuildBallPresentation"]

LINE_LIMIT = 1800
Files = tuple[tuple[str, bytes], ...]


class GuildBallPresentation(Defaults):
    """Guild Ball's `bot.presentation.Presentation`."""

    game = "guild-ball"
    title = w.TITLE
    seat_word = "team"
    closed_dms = "use `/gm decide` for what your team must answer and `/gm hand` for your plans"
    topics: Mapping[str, str] = TOPICS
    kinds: Mapping[str, str] = w.KINDS
    controls = frozenset(ctl.HANDLERS)
    forms: frozenset[str] = ctl.FORMS
    modal_openers: Mapping[str, str] = ctl.MODAL_OPENERS
    slow_controls: frozenset[str] = ctl.SLOW  # answered after a deferral: they draw a picture

    def lobby_lines(self, options: Mapping[str, Any]) -> list[str]:
        """The game size and terrain the host chose (`size`, `terrain`), or why they do not go
        together; the turn limit, the reaction window and the time bank when the host chose
        them."""
        try:
            size = game_size_option(options)
            terrain = map_option(options)
            window = reaction_option(options)
            turns = turns_option(options, size)
        except RuleError as exc:
            return [f"⚠ {exc.message}"]
        timing = reactions.lobby_line(window, int(options.get(TIME_BANK.name) or 0))
        if turns != TURN_LIMITS[size]:
            timing.insert(0, w.turns_words(turns))
        if terrain is not None and size == INTRODUCTORY:
            return [
                "⚠ The Introductory game is played without terrain: create the game again with "
                "`size` 1 (Quick) or 2 (Typical) to play on a map."
            ]
        name = f"{terrain.name} ({terrain.about})" if terrain is not None else ""
        return [w.game_words(size, GAME_SIZES[size].victory_points, name), *timing]

    def seat_name(self, table: Table, seat: int) -> str:
        return p.names_of(table)[seat]

    def status(self, table: Table) -> Message:
        """`/gm status`: the stage, the deadline, the score and every model."""
        pv = narration.public_of(table.view)
        names = p.names_of(table)
        lines = [table.stage.label if table.stage is not None else "", w.game_line(pv)]
        if pv.map:
            lines.append(w.terrain_line(pv))
        if table.due is not None and pv.result is None:
            lines.append(f"Deadline: {when(table.due)}" + (" — **paused**" if table.paused else ""))
        elif table.paused:
            lines.append("The game is **paused**.")
        fields = tuple(_team_field(pv, names, t.seat) for t in pv.teams)
        e = Embed(
            title=f"{w.TITLE} · game {table.game_id}",
            description=clip("\n".join(lines), 4096),
            fields=fields,
            colour=w.COLOUR,
        )
        return Message(embeds=(e,)).check()

    async def board(self, table: Table, pictures: bool) -> Message:
        """`/gm board`: the pitch picture with every model, and the teams in words."""
        pv = narration.public_of(table.view)
        names = p.names_of(table)
        files: Files = ()
        if pictures:
            files = (("pitch.png", await _pitch(pv, names, melee=True)),)
        lines = [w.game_line(pv), _ball_line(pv)]
        if pv.map:
            lines.append(w.terrain_line(pv))
        for t in pv.teams:
            lines.append(f"**{names[t.seat]}** ({w.guild_name(t.guild)}): {t.vp} VP, {t.mp} MP")
            lines += [f"• {w.model_line(m)}" for m in pv.models if m.seat == t.seat]
        return Message(content=clip("\n".join(lines), 2000), files=files).check()

    async def hand(self, table: Table, pictures: bool) -> Message:
        """`/gm hand`: the team's own game plans, its discards and its secret answers."""
        view = table.view
        if not isinstance(view, SeatView):
            return Message(content="You play no team in this game: you hold no plans.")
        fields = [
            EmbedField(
                "Game plans in hand",
                clip("\n".join(f"• {w.plan_line(x)}" for x in view.hand) or "none", 1024),
            ),
        ]
        if view.discarded:
            fields.append(
                EmbedField("Discarded face down", ", ".join(w.plan_name(x) for x in view.discarded))
            )
        if view.chosen:
            fields.append(EmbedField("Chosen this turn (secret)", w.plan_name(view.chosen)))
        if view.allocation:
            pv = view.table
            fields.append(
                EmbedField(
                    "Influence allocated (secret)",
                    ", ".join(f"{w.model_name(pv, m)} {n}" for m, n in view.allocation),
                )
            )
        e = Embed(title=f"{w.TITLE} · your team", fields=tuple(fields), colour=w.COLOUR)
        return Message(embeds=(e,)).check()

    def card(self, name: str) -> str | None:
        """`/gm card`: a model, play, trait, game plan or guild by slug or name."""
        return w.find_card(name)

    def card_names(self, typed: str) -> list[tuple[str, str]]:
        return w.card_suggestions(typed)

    async def channel(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """Running text per turn; the pitch after each activation, the kick off and the end."""
        names = p.names_of(seen.table)
        actions: list[Action] = []
        said = self._said(seen)
        for index, (_event, _stage) in enumerate(seen.events):
            actions += [
                Line(block=_block(s.turn), title=_title(s.turn), text=clip(s.text, LINE_LIMIT))
                for s in said
                if s.index == index
            ]
            if pictures and _pictured(seen, index):
                at = narration.public_of(seen.view_at(index))
                actions.append(Post(Message(files=(("pitch.png", await _pitch(at, names)),))))
        pv = narration.public_of(seen.table.view)
        if pv.result is not None and any(isinstance(e, ev.GameEnded) for e, _ in seen.events):
            actions.append(Post(_final(pv, names), key="final"))
        return actions

    async def seat(self, seen: Seen, pictures: bool) -> Sequence[Action]:
        """A DM with what the team alone learns: its own secret answers as recorded."""
        view = seen.table.view
        if not isinstance(view, SeatView):
            return []
        lines = narration.seat_lines(seen.events, view)
        return self.seat_dm(seen.table.game_id, lines)

    def prompt(self, table: Table, decision: Decision) -> Message | None:
        return p.prompt(table, decision)

    async def decide(self, table: Table) -> Reply:
        """`/gm decide`: the prompt of what the game asks of this team now."""
        over = narration.public_of(table.view).result is not None
        return first_prompt(table, p.prompt, over)

    async def control(
        self,
        ask: Ask,
        action: str,
        arg: str,
        values: list[str],
        fields: dict[str, str],
        target: int,
    ) -> Reply:
        return await ctl.control(ask, action, arg, values, fields)

    def transcript(self, seen: Seen) -> list[str]:
        return [f"{_title(s.turn)}: {s.text}" for s in self._said(seen)]

    @staticmethod
    def _said(seen: Seen) -> list[narration.Said]:
        return narration.public_lines(
            seen.events, seen.before, seen.table.view, p.names_of(seen.table)
        )


def _block(turn: int) -> str:
    return "pregame" if turn == narration.PREGAME else f"turn:{turn}"


def _title(turn: int) -> str:
    return "Pre-game" if turn == narration.PREGAME else f"Turn {turn}"


def _pictured(seen: Seen, index: int) -> bool:
    """After an activation ends, when the kick off lands, and at the end."""
    event = seen.events[index][0]
    if isinstance(event, ev.Activated) and event.activation is None:
        return True
    if isinstance(event, ev.GameEnded):
        return True
    return isinstance(event, ev.PhaseBegan) and event.phase == "plans" and event.turn == 1


async def _pitch(pv: PublicView, names: Sequence[str], melee: bool = False) -> bytes:
    scene = sc.picture_scene(pv, tuple(names), title=f"Turn {pv.turn}" if pv.turn else "Kick off")
    return await render_async(pitch, scene, melee=melee)


def _ball_line(pv: PublicView) -> str:
    if pv.ball_holder:
        return f"The ball: held by {w.model_name(pv, pv.ball_holder)}."
    if pv.ball_free:
        return f"The ball: loose at ({pv.ball_x:.1f}, {pv.ball_y:.1f})."
    return "The ball: not in play."


def _team_field(pv: PublicView, names: Sequence[str], seat: int) -> EmbedField:
    t = pv.teams[seat]
    head = f"{names[seat]} — {w.guild_name(t.guild) if t.guild else 'picking a team'}"
    lines = [f"{t.vp} VP · {t.mp} MP · {t.goals} goals · {t.hand_size} plans in hand"]
    if t.plan:
        lines.append(f"Plan: {w.plan_name(t.plan)}")
    lines += [f"• {w.model_line(m)}" for m in pv.models if m.seat == seat]
    return EmbedField(clip(head, 256), clip("\n".join(lines), 1024))


def _final(pv: PublicView, names: Sequence[str]) -> Message:
    r = pv.result
    assert r is not None
    head = (
        f"The game is a draw ({r.reason})."
        if r.winner is None
        else f"{names[r.winner]} wins {w.TITLE}!"
    )
    lines = [
        f"**{names[t.seat]}** ({w.guild_name(t.guild)}): {t.vp} VP, {t.goals} goals"
        for t in pv.teams
    ]
    return Message(embeds=(p.embed(head, ["The final result:", *lines, f"({r.reason})"]),)).check()


PRESENTATION = GuildBallPresentation()
