"""What an update of Guild Master posts: the channel's running text per phase, the board and the
revealed orders as pictures, the contest negotiation, the final standings; and each guild's DMs
(its private news, its order board when orders are given, and its sheet as a picture when the
first orders are given and whenever what it shows but Gold and Fame changes).

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
SHEET_FILE = "your-guild.png"


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
    on past the reveal: the orders then show what became of them). An update's pictures go out
    in one message, one request (a round's reveal and the next round's board often come
    together)."""
    texts: list[str] = []
    files: list[tuple[str, bytes]] = []
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
        texts.append(text)
        files.append((name, png))
    if not files:
        return []
    return [Post(Message(content="\n".join(texts), files=tuple(files)))]


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


def sheet_shows(view: SeatView) -> tuple[object, ...]:
    """What a guild's own sheet shows of it but Gold and Fame, which change nearly every round
    and which its order board and the channel already tell."""
    g = view.public.guilds[view.seat]
    return (
        g.adventurers,
        g.skill_upgrades,
        g.prestige,
        g.completed,
        g.income,
        g.order_spaces,
        g.team_size,
        view.private_contracts,
    )


def _under_way(view: SeatView) -> bool:
    """Past setup and round 1's Plot Phase: the guild has had its first sheet."""
    return view.public.round > 1 or view.public.phase in ("orders", "action", "reset")


def sheet_news(before: SeatView | None, after: SeatView) -> str | None:
    """Why the guild's sheet is sent again after an update, or None: it is sent with the first
    orders, then only when its adventurers, upgrades or contracts changed (not for Gold or Fame
    alone: the picture was half of all drawn under load, and `/gm hand` draws it any time)."""
    if before is None or not _under_way(before) or after.public.phase == "ended":
        return None
    was, now = sheet_shows(before), sheet_shows(after)
    if was == now:
        return None
    changed = []
    if was[0] != now[0]:
        changed.append("adventurers")
    if was[1:3] != now[1:3] or was[4:7] != now[4:7]:
        changed.append("upgrades")
    if was[3] != now[3] or was[7] != now[7]:
        changed.append("contracts")
    return " and ".join(changed)


def board_key(seat: int) -> str:
    return f"board:{seat}"


async def seat(seen: Seen, pictures_on: bool) -> list[Action]:
    """A guild's DMs: what it alone learns, then, in event order, its order board closed at the
    reveal and a new one when orders are to be given (one update may reveal a round's orders and
    open the next round's); its sheet with round 1's board, and after that before the next board
    (or at the end of the update) when its adventurers, upgrades or contracts changed."""
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
    before = seen.before if isinstance(seen.before, SeatView) else None
    news = sheet_news(before, mine) if pictures_on else None
    for e, stage in seen.events:
        if isinstance(e, ev.OrdersRevealed) and (seen.by != me or seen.replaying):
            # The guild whose Ready revealed the orders had its board closed by the click's
            # answer (controls.py), an interaction answer outside the rate limit: one request
            # less a round. Made again after a restart, the click's answer may not have come.
            out.append(Edit(board_key(me), message=revealed_board()))
        elif isinstance(e, ev.OrderPhaseStarted):
            board = order_board.render(mine, pack, names, seen.table.game_id)
            if pictures_on and (news is not None or where(stage)[0] == 1):
                # The sheet rides on the board's message: one request, and edits of the board
                # (its controls, its closing at the reveal) leave the picture as it is.
                sheet = await _sheet_png(mine, names, me)
                why = f" (its {news} changed)" if news else ""
                text = f"Your guild{why}, below. `/gm hand` shows it any time."
                board = replace(board, content=text, files=((SHEET_FILE, sheet),))
                news = None
            out.append(Post(board, key=board_key(me)))
    if news is not None:
        text = f"Your guild's {news} changed. `/gm hand` shows its sheet any time."
        sheet = await _sheet_png(mine, names, me)
        out.append(Post(Message(content=text, files=((SHEET_FILE, sheet),))))
    return out


async def _sheet_png(mine: SeatView, names: Names, me: int) -> bytes:
    """The guild's own sheet, private contracts included, as the update left it."""
    return await pictures.render_async(pictures.guild_sheet, mine, names, me, True)


def _closed(text: str) -> Message:
    return Message(embeds=(Embed(description=text),))


def revealed_board() -> Message:
    """An order board once the orders are revealed: closed, pointing to the channel."""
    return _closed(REVEALED_ORDERS)


def transcript(seen: Seen) -> list[str]:
    """The channel's lines of one update, as text."""
    return [line.text for line in lines(seen)]
