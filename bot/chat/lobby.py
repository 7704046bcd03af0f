"""The lobby message of any game: who has joined, the table's options, and Join / Leave / Start
buttons (their custom ids carry the game; the `lobby` action is the core's own)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.presentation import Presentation
from bot.render.ids import ControlId
from bot.render.ui import Button, Embed, Message


def plural(word: str) -> str:
    return word + "s"


def lobby(
    shown: Presentation,
    game_id: int,
    players: int,
    seated: Sequence[tuple[int, str]],
    bots: bool,
    deadlines: Mapping[str, int],
    options: Mapping[str, Any],
    status: str = "lobby",
    *,
    strength: str = "builtin",
    waiting: Sequence[int] = (),
    daily: str = "",
) -> Message:
    """The lobby of a game of `shown`'s game; `waiting`: the players a rematch invited who
    have not confirmed yet."""
    names = "\n".join(f"{i + 1}. {name}" for i, name in seated) or "nobody yet"
    if waiting:
        names += "\nTo confirm: " + ", ".join(f"<@{u}>" for u in waiting)
    rules = [f"{players} {plural(shown.seat_word)}", *shown.lobby_lines(options)]
    level = "" if strength == "builtin" else f" ({strength})"
    rules.append(f"built-in players{level} fill empty seats" if bots else "no built-in players")
    if daily:
        rules.append(f"each wait ends at {daily} daily")
    elif deadlines:
        rules.append("deadlines: " + ", ".join(f"{k} {v} min" for k, v in deadlines.items()))
    else:
        rules.append("no deadlines")
    footer = "Join with the button or /gm join; the host starts with /gm start."
    if waiting:
        footer = (
            "A rematch: each player confirms with the button; it starts when all have, or when "
            "the host starts it with those who have."
        )
    embed = Embed(
        title=f"{shown.title} — game {game_id}",
        description=f"{'; '.join(rules)}.\n\n**{plural(shown.seat_word).capitalize()}**\n{names}",
        footer=footer if status == "lobby" else f"This game is {status}.",
    )
    rows: tuple = ()
    if status == "lobby":

        def button(arg: str) -> str:
            return ControlId("lobby", game_id, 0, arg).encode()

        rows = (
            (
                Button("Confirm" if waiting else "Join", button("join"), style="success"),
                Button("Leave", button("leave")),
                Button("Start", button("start"), style="primary"),
            ),
        )
    return Message(embeds=(embed,), rows=rows).check()


def rematch_offer(game_id: int) -> Message:
    """The button under a finished game's final standings that opens its rematch."""
    return Message(
        content="Play again? A rematch opens a new lobby here with the same players and options.",
        rows=((Button("Rematch", ControlId("rematch", game_id, 0, "open").encode()),),),
    ).check()


def seat_offer(
    game_id: int, title: str, seat_word: str, seat: int, holder: str, built_in: bool
) -> Message:
    """The channel post offering a seat of a game in play to a volunteer, with its Take button
    (a core control: `seat`, the seat in its custom id)."""
    now = "a built-in player holds it" if built_in else f"{holder} holds it until then"
    return Message(
        content=(
            f"**{seat_word.capitalize()} {seat + 1} needs a player** in game {game_id} "
            f"({title}); {now}. Press **Take this seat** to play it from now on: its cards and "
            "what it must decide come to you by DM. Anyone who does not play in this game may."
        ),
        rows=(
            (
                Button(
                    "Take this seat",
                    ControlId("seat", game_id, seat, "take").encode(),
                    style="success",
                ),
            ),
        ),
    ).check()


def seat_offer_closed(game_id: int, seat_word: str, seat: int, why: str) -> Message:
    """The seat offer after it was taken or withdrawn (`why`), without its button."""
    return Message(content=f"{seat_word.capitalize()} {seat + 1} of game {game_id}: {why}.")


def unwatch_button(game_id: int) -> Button:
    """The button under a spectator's first DM of a game that stops their DMs of it."""
    return Button("Unwatch", ControlId("unwatch", game_id, 0, "stop").encode())
