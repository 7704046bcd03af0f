"""What an update of Guild Master posts: the channel's running text per phase, the board and the
revealed orders as pictures, the contest negotiation, the final standings; and each guild's DMs
(its private news, its sheet and order board when orders are given).

Everything comes from a `Seen`: the audience's event views, narrated against its view after the
update, and the stage after each event, which routes a line to its phase's running message.
"""

from __future__ import annotations

from dataclasses import replace

from bot.presentation import Action, Edit, Line, Post, Seen, Table
from bot.render.ui import Embed, Message, clip
from engine.core import PUBLIC
from engine.core.game import Seat, Stage
from games.guild_master import pictures
from games.guild_master.presentation import channel as channel_render
from games.guild_master.presentation import order_board
from games.guild_master.presentation.text import Names, narrate
from games.guild_master.rules import events as ev
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.event_views import event_view
from games.guild_master.rules.views import PublicView, SeatView

# Each phase's block of the channel's running text (by the phase's name in the views).
GROUPS = {
    "setup": ("setup", "Setup"),
    "start_of_round": ("start", "Start of Round and Plot Phase"),
    "plot": ("start", "Start of Round and Plot Phase"),
    "orders": ("orders", "Order Phase"),
    "action": ("action", "Action Phase"),
    "reset": ("reset", "Reset Phase"),
    "ended": ("end", "End of the game"),
}
# Events that may tell a guild something about itself that the channel is not told.
PRIVATE_NEWS = (ev.GameCreated, ev.SetupFinished, ev.PrivateContractDrawn, ev.DrawnKept)
REVEALED_ORDERS = "Orders revealed — see the channel."


def public_of(view: PublicView | SeatView) -> PublicView:
    return view.public if isinstance(view, SeatView) else view


def names_of(table: Table) -> Names:
    """Display names: each guild by its player's name."""
    return Names(load_pack(public_of(table.view).pack), table.names)


def where(stage: Stage) -> tuple[int, str]:
    """The round and phase of a stage (its key is `r<round>:<phase>`, game.py)."""
    round_, _, phase = stage.key.partition(":")
    return int(round_[1:]), phase


def lines(seen: Seen) -> list[Line]:
    """The channel's lines of an update, each in its phase's block."""
    public = seen.table.view
    names = names_of(seen.table)
    out = []
    for e, stage in seen.events:
        line = narrate(e, public, PUBLIC, names)
        if not line:
            continue
        round_, phase = where(stage)
        group, title = GROUPS[phase]
        key = f"{round_}:{group}"
        if isinstance(e, ev.RoundStarted):
            key, title = f"{e.round}:start", "Start of Round and Plot Phase"
        out.append(Line(key, f"Round {round_} — {title}" if round_ else title, line))
    return out


async def channel(seen: Seen, pictures_on: bool) -> list[Action]:
    """Narration, pictures, the contest prompt and the final standings."""
    public = seen.table.view
    assert isinstance(public, PublicView)
    names = names_of(seen.table)
    out: list[Action] = list(lines(seen))
    if pictures_on:
        out += await _pictures(seen, names)
    out += _contest(seen, public, names)
    if any(isinstance(e, ev.GameEnded) for e, _ in seen.events):
        final = channel_render.final(public, load_pack(public.pack), names)
        if pictures_on:
            png = await pictures.render_async(pictures.final, public, names)
            final = replace(final, files=(("standings.png", png),))
        out.append(Post(final))
    return out


def _last_of_the_action_phase(seen: Seen, i: int) -> int:
    """The last event of this update still in the Action Phase that event `i` (the reveal)
    began: the revealed orders are drawn as of it, with what became of them so far."""
    round_, _ = where(seen.events[i][1])
    last = i
    for j in range(i + 1, len(seen.events)):
        if where(seen.events[j][1]) != (round_, "action"):
            break
        last = j
    return last


async def _pictures(seen: Seen, names: Names) -> list[Action]:
    """The board when orders are to be planned, drawn as of that event; everybody's orders at
    the reveal, drawn as of the last moment of the Action Phase in this update (an update may go
    on past the reveal: the orders then show what became of them)."""
    out: list[Action] = []
    for i, (e, _stage) in enumerate(seen.events):
        if not isinstance(e, ev.OrderPhaseStarted | ev.OrdersRevealed):
            continue
        if isinstance(e, ev.OrdersRevealed):
            view = seen.view_at(_last_of_the_action_phase(seen, i))
        else:
            view = seen.view_at(i)
        if isinstance(e, ev.OrderPhaseStarted):
            png = await pictures.render_async(pictures.board, view, names)
            text = f"The board for round {view.round}'s orders:"
            name = f"board-round-{view.round}.png"
        else:
            png = await pictures.render_async(pictures.reveal, view, names)
            told = any(o.outcomes for orders in view.orders for o in orders)
            what = "the orders and what became of them" if told else "the orders, revealed"
            text = f"Round {view.round}: {what}."
            name = f"orders-round-{view.round}.png"
        out.append(Post(Message(content=text, files=((name, png),))))
    return out


def _contest(seen: Seen, public: PublicView, names: Names) -> list[Action]:
    """The negotiation prompt of a contest: posted when it opens, kept up to date while
    stances are chosen, and closed with the stances when they are revealed."""
    pack = load_pack(public.pack)
    game_id = seen.table.game_id
    events = [e for e, _ in seen.events]
    if any(isinstance(e, ev.ContestOpened) for e in events):
        message = channel_render.negotiation(public, pack, names, game_id)
        return [Post(message, key="contest")] if message is not None else []
    revealed = [e for e in events if isinstance(e, ev.StancesRevealed)]
    if revealed:
        told = narrate(revealed[0], public, PUBLIC, names)

        def close(content: str) -> Message:
            text = content.split("\nPropose a split")[0]
            if told:
                text += f"\n{told}"
            return Message(content=clip(text, 2000))

        return [Edit("contest", rewrite=close)]
    message = channel_render.negotiation(public, pack, names, game_id)
    if message is not None and any(
        isinstance(e, ev.SplitProposed | ev.SplitAnswered | ev.SplitAgreed | ev.StanceChosen)
        for e in events
    ):
        return [Edit("contest", message=message)]
    return []


def board_key(seat: int) -> str:
    return f"board:{seat}"


async def seat(seen: Seen, pictures_on: bool) -> list[Action]:
    """A guild's DMs: what it alone learns, then, in event order, its order board closed at the
    reveal and a new one (with its sheet) when orders are to be given (one update may reveal a
    round's orders and open the next round's)."""
    mine = seen.table.view
    assert isinstance(mine, SeatView) and seen.table.seat is not None
    me = seen.table.seat
    audience = Seat(me)
    names = names_of(seen.table)
    pack = load_pack(mine.public.pack)
    out: list[Action] = []
    private = []
    for e, _stage in seen.events:
        if isinstance(e, PRIVATE_NEWS):
            line = narrate(e, mine, audience, names)
            # What the channel says of it too is not repeated: the channel's line is made from
            # the public's view of the same event.
            public_line = narrate(event_view(e, PUBLIC), mine.public, PUBLIC, names)
            if line and line != public_line:
                private.append(line)
    if private:
        out.append(Post(Message(content=clip("\n".join(private), 2000))))
    for e, _stage in seen.events:
        if isinstance(e, ev.OrdersRevealed):
            out.append(Edit(board_key(me), message=_closed(REVEALED_ORDERS)))
        elif isinstance(e, ev.OrderPhaseStarted):
            if pictures_on:  # the guild's own sheet, private contracts included
                png = await pictures.render_async(pictures.guild_sheet, mine, names, me, True)
                round_ = mine.public.round
                out.append(
                    Post(
                        Message(
                            content=f"Your guild, round {round_}:",
                            files=(("your-guild.png", png),),
                        )
                    )
                )
            board = order_board.render(mine, pack, names, seen.table.game_id)
            out.append(Post(board, key=board_key(me)))
    return out


def _closed(text: str) -> Message:
    return Message(embeds=(Embed(description=text),))


def transcript(seen: Seen) -> list[str]:
    """The channel's lines of one update, as text."""
    return [line.text for line in lines(seen)]
