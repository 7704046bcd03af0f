"""The parting blow's question, by DM to the player of the enemy whose melee zone or LOS an
advance leaves: strike (the default, when the window closes unanswered) or let the model go.
And the attacker's Bonus Time at the attack's step 2.2, by DM to the attacking player once the
target responded (Counter-Attack, Defensive Stance): buy it or not, the choice made with the
attack the default.

Each prompt is built from the asked seat's own view and the decision's context (the models'
ids, the mover's place, the response declared, all public), so it holds nothing another seat
keeps secret; the other player is not asked and sees only the channel's narration of what was
decided.
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
BONUS_AT_2_2 = "gbbt"  # the control's action: arg "1" buys Bonus Time at 2.2, "0" does not


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


def bonus_prompt(table: Table, decision: Decision) -> Message:
    """Bonus Time for the attack, asked at its step 2.2 after the target's response (named in
    the decision's prompt): "Bonus Time (1 MP)" or "No Bonus Time", the choice made with the
    attack or charge marked as the default; says when the window closes."""
    pv = p.seat_view(table).table
    c = decision.context
    attacker = w.model_name(pv, c["attacker"])
    declared = bool(c.get("declared"))
    lines = [
        decision.prompt,
        f"Bonus Time adds one die to {attacker}'s dice pool before rolling; its 1 MP is spent "
        f"now. Your team has {pv.teams[decision.seat].mp} MP.",
        p.deadline(
            table.due,
            "Bonus Time is bought, as you chose with the attack"
            if declared
            else "the attack is rolled without Bonus Time, as you chose with it",
        ),
    ]
    buy = Button(
        "Bonus Time (1 MP)" + (" (default)" if declared else ""),
        p.cid(BONUS_AT_2_2, table, "1"),
        style="primary" if declared else "secondary",
    )
    no = Button(
        "No Bonus Time" + ("" if declared else " (default)"),
        p.cid(BONUS_AT_2_2, table, "0"),
        style="secondary" if declared else "primary",
    )
    return Message(embeds=(p.embed("Bonus Time", lines),), rows=((buy, no),)).check()


def bonus_answer(seat: int, arg: str) -> tuple[cm.BonusTime, str]:
    """The command a press of the Bonus Time prompt's buttons sends, and what the answer
    says."""
    buy = arg == "1"
    said = "You buy Bonus Time for the attack (1 MP)." if buy else "No Bonus Time."
    return cm.BonusTime(seat=seat, buy=buy), said


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
