"""The parting blow's question, by DM to the player of the enemy whose melee zone or LOS an
advance leaves: strike (the default, when the window closes unanswered) or let the model go.

The prompt is built from the asked seat's own view and the decision's context (the models'
ids and the mover's place, all public), so it holds nothing another seat keeps secret; the
mover's player is not asked and sees only the channel's narration of what was decided.
"""

from __future__ import annotations

from bot.presentation import Table
from bot.render.ui import Button, Message
from engine.core.game import Decision
from games.guild_ball.presentation import prompts as p
from games.guild_ball.presentation import words as w
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.pending import REACTION_WINDOW

PARTING = "gbpart"  # the control's action: arg "1" strikes ("1b" with Bonus Time), "0" lets go
PARTING_DEFAULT = "the parting blow is struck"
PARTING_TAC = 2  # "A parting blow attack gains +2 TAC."


def parting_prompt(table: Table, decision: Decision) -> Message:
    """Strike a parting blow at the model leaving, or let it go; says when the window closes
    and that an unanswered one strikes."""
    pv = p.seat_view(table).table
    c = decision.context
    mover = w.model_name(pv, c["mover"])
    striker = w.model_name(pv, c["model"])
    lines = [
        decision.prompt,
        f"{mover} has stopped at {p.point((c['x'], c['y']))}, where it leaves {striker}: "
        f"the blow is free, +{PARTING_TAC} TAC, and only damage, knocked down and tackle "
        "count (you select them from its playbook, or they are picked for you).",
        p.deadline(table.due, PARTING_DEFAULT),
    ]
    buttons = [Button("Strike (default)", p.cid(PARTING, table, "1"), style="primary")]
    if p.seat_view(table).table.teams[decision.seat].mp >= 1:
        # Bonus Time on the blow's TN test, a second button as the Snap Shot offers it.
        buttons.append(Button("Strike + Bonus Time (1 MP)", p.cid(PARTING, table, "1b")))
    buttons.append(Button("Let it go", p.cid(PARTING, table, "0")))
    return Message(embeds=(p.embed("Parting blow", lines),), rows=(tuple(buttons),)).check()


def lobby_line(window: int, bank: int) -> list[str]:
    """The lobby's words for the reaction window and the time bank, when not the defaults."""
    lines = []
    if window != REACTION_WINDOW:
        lines.append(f"Reactions out of turn wait {window} minutes.")
    if bank:
        lines.append(f"Time bank: {bank} minutes per player.")
    return lines


def parting_answer(seat: int, arg: str) -> tuple[cm.PartingBlow, str]:
    """The command a press of the prompt's buttons sends, and what the answer says."""
    strike, bonus = arg != "0", arg == "1b"
    said = "You strike a parting blow" + (" with Bonus Time." if bonus else ".")
    if not strike:
        said = "You let the model go."
    return cm.PartingBlow(seat=seat, strike=strike, bonus=bonus), said
