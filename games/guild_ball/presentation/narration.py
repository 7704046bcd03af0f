"""What happened, in words: the channel's running text of an update (moves, attacks and
damage, kicks and their dice, goals, take-outs, VP) and the lines a seat alone may read (its
own pick, plan and allocation, which the channel never learns).

Only event views reach this module: a plan chosen or an allocation is blanked in the public
ones, so the channel could not name it even by mistake."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.guild_ball.pitch.field import GAME_SIZES
from games.guild_ball.presentation import words as w
from games.guild_ball.rules import events as ev
from games.guild_ball.rules.views import PublicView, SeatView

PREGAME = 0
HOW = {
    "jog": "jogs",
    "sprint": "sprints",
    "charge": "charges",
    "dodge": "dodges",
    "push": "is pushed",
    "return": "returns",
    "trait": "moves",
    "icon": "moves",
}


@dataclass(frozen=True)
class Said:
    """One line of narration: the event it tells (its index in the update) and the turn."""

    index: int
    turn: int
    text: str


def public_of(view: Any) -> PublicView:
    return view.table if isinstance(view, SeatView) else view


def _name(pv: PublicView, model_id: str) -> str:
    return f"**{w.model_name(pv, model_id)}**"


def public_lines(
    events: Sequence[tuple[Any, Any]], before: Any | None, after: Any, names: Sequence[str]
) -> list[Said]:
    """The channel's lines of an update's (public) events."""
    pv = public_of(after)
    prior = public_of(before) if before is not None else None
    hp = {m.id: m.hp for m in prior.models} if prior is not None else {}
    if prior is not None:
        hp.update({f"vp:{t.seat}": t.vp for t in prior.teams})
    turn = prior.turn if prior is not None else PREGAME
    phase = prior.phase if prior is not None else ""
    out: list[Said] = []

    def say(i: int, text: str) -> None:
        out.append(Said(i, turn, text))

    for i, (e, _stage) in enumerate(events):
        if isinstance(e, ev.PhaseBegan):
            if e.turn != turn and e.phase == "plans":
                turn = e.turn
                say(i, f"**Turn {turn}** begins: both players choose a game plan.")
            elif e.phase == "activation" and phase != "activation":  # not at each handover
                say(i, f"{names[e.initiative]} has the initiative and activates first.")
            phase = e.phase
            continue
        text = _line(e, pv, names, hp)
        if text:
            say(i, text)
    return out


def _line(e: Any, pv: PublicView, names: Sequence[str], hp: dict[str, int]) -> str:
    if isinstance(e, ev.GameCreated):
        return (
            f"The game is set ({GAME_SIZES[pv.size].name}, {pv.win_vp} VP wins): each player "
            f"picks a guild and {w.count_word(GAME_SIZES[pv.size].squaddies)} Squaddies in secret."
        )
    if isinstance(e, ev.Prepared):
        return f"{names[e.seat]} has picked a team."
    if isinstance(e, ev.TeamsRevealed):
        parts = []
        for seat, guild in enumerate(e.guilds):
            models = w.join([w.model_name(pv, m) for m in e.models[seat]])
            parts.append(f"{names[seat]} plays {w.guild_name(guild)} ({models})")
        for seat, models in enumerate(e.models):
            for m, h in zip(models, e.hp[seat], strict=False):
                hp[m] = h
        return "Teams revealed: " + "; ".join(parts) + "."
    if isinstance(e, ev.StartingRolled):
        rolls = "; a tie, rolled again: ".join(
            f"{names[0]} {a}, {names[1]} {b}" for a, b in e.rolls
        )
        return f"Starting roll: {rolls}. {names[e.winner]} chooses to kick or receive."
    if isinstance(e, ev.KickingChosen):
        return f"{names[e.kicking]} kicks off; {names[1 - e.kicking]} receives."
    if isinstance(e, ev.Deployed):
        kicker = f", {_name(pv, e.kicker)} takes the ball to kick" if e.kicker else ""
        return f"{names[e.seat]} deploys{kicker}."
    if isinstance(e, ev.Moved):
        verb = HOW.get(e.how, "moves")
        return f"{_name(pv, e.model)} {verb} to ({e.x:.1f}, {e.y:.1f})."
    if isinstance(e, ev.Glided):
        return f"{_name(pv, e.model)} glides (1 MP): rough terrain costs it no MOV this turn."
    if isinstance(e, ev.TerrainPlaced):
        kinds = w.join(sorted({p.kind for p in e.pieces}))
        return f"The terrain is {w.map_name(e.map)}: {len(e.pieces)} pieces ({kinds})."
    if isinstance(e, ev.LeftPitch):
        return f"{_name(pv, e.model)} is pushed off the pitch."
    if isinstance(e, ev.BallHeld):
        how = {"tackle": "tackles the ball away", "snap": "snaps up the ball"}.get(
            e.how, "takes the ball"
        )
        return f"{_name(pv, e.model)} {how}."
    if isinstance(e, ev.BallFree):
        if e.how in ("kick off", "goal", "goal kick", "kick"):
            return ""
        return f"The ball comes loose at ({e.x:.1f}, {e.y:.1f})."
    if isinstance(e, ev.Scattered):
        if e.off:
            return f'The ball scatters {e.distance}" and goes off the pitch.'
        return f'The ball scatters {e.distance}" to ({e.x:.1f}, {e.y:.1f}).'
    if isinstance(e, ev.Rolled):
        return _roll(e, pv)
    if isinstance(e, ev.PlansRevealed):
        plans = "; ".join(
            f"{names[s]} plays {w.plan_name(p)} (initiative {e.totals[s]})"
            for s, p in enumerate(e.plans)
        )
        return f"Game plans revealed: {plans}."
    if isinstance(e, ev.Scored):
        key = f"vp:{e.seat}"  # the event holds the new total: what was gained is the change
        gained = e.vp - hp.get(key, 0)
        hp[key] = e.vp
        what = {"goal": "GOAL!", "take-out": "Take-out!"}.get(e.why, e.why.capitalize())
        return f"{what} {names[e.seat]} gains {gained} VP (now {e.vp} VP)."
    if isinstance(e, ev.UnitChanged):
        was = hp.get(e.model)
        hp[e.model] = e.hp
        if was is None or was == e.hp:
            return ""
        if e.hp < was:
            return f"{_name(pv, e.model)} suffers {was - e.hp} damage (HP {e.hp})."
        return f"{_name(pv, e.model)} recovers {e.hp - was} HP (HP {e.hp})."
    if isinstance(e, ev.TakenOut):
        return f"{_name(pv, e.model)} is **taken out**!"
    if isinstance(e, ev.Returned):
        hp[e.model] = e.hp
        return f"{_name(pv, e.model)} returns to the pitch."
    if isinstance(e, ev.AttackStep) and e.attack is not None and e.attack.step == "react":
        a = e.attack
        verb = {"charge": "charges", "parting": "strikes a parting blow at"}.get(a.kind, "attacks")
        return f"{_name(pv, a.attacker)} {verb} {_name(pv, a.target)}."
    if isinstance(e, ev.AttackStep) and e.attack is not None and e.attack.step == "dodge":
        return ""
    if isinstance(e, ev.AdvanceStep) and e.advance is not None:
        adv = e.advance
        return f"{_name(pv, adv.model)} leaves {_name(pv, adv.offered)}: a parting blow?"
    if isinstance(e, ev.PlayUsed):
        on = f" on {_name(pv, e.target)}" if e.target and e.target != e.model else ""
        play = w.load_pack().plays.get(e.play)
        return f"{_name(pv, e.model)} uses **{play.name if play else e.play}**{on}."
    if isinstance(e, ev.TurnEnded):
        score = ", ".join(f"{names[t.seat]} {t.vp} VP" for t in pv.teams)
        return f"Turn {e.turn} ends ({score})."
    if isinstance(e, ev.GoalKickOwed):
        return f"{names[e.seat]} takes the goal kick."
    if isinstance(e, ev.GameEnded):
        if e.winner is None:
            return f"The game ends in a draw ({e.reason})."
        return f"**{names[e.winner]} wins {w.TITLE}!** ({e.reason})"
    return ""


def _roll(e: ev.Rolled, pv: PublicView) -> str:
    what = {
        "attack": "attacks",
        "charge": "charges",
        "parting": "parting blow",
        "counter": "counter-attack",
        "shot": "shoots at goal",
        "pass": "passes",
        "kick off": "kicks off",
    }.get(e.what, e.what.replace("-", " "))
    dice = " ".join(str(d) for d in e.dice)
    at = f" at {_name(pv, e.target)}" if e.target else ""
    return f"{_name(pv, e.model)} {what}{at}: {e.pool} dice, {e.tn}+ → [{dice}], {e.hits} hits."


def seat_lines(events: Sequence[tuple[Any, Any]], view: SeatView) -> list[str]:
    """What this seat alone learns from an update: its own secret answers as recorded."""
    out = []
    for e, _stage in events:
        if isinstance(e, ev.Prepared) and e.seat == view.seat and e.pick:
            guild, *_rest = e.pick
            out.append(f"Your team is recorded: {w.guild_name(guild)}. Your opponent is not told.")
        elif isinstance(e, ev.PlansChosen) and e.seat == view.seat and e.plan:
            out.append(
                f"Your game plan this turn: {w.plan_name(e.plan)} (secret until both chose)."
            )
        elif isinstance(e, ev.Allocated) and e.seat == view.seat and e.allocation:
            pv = view.table
            parts = ", ".join(f"{w.model_name(pv, m)} {n}" for m, n in e.allocation)
            out.append(f"Your influence: {parts} (secret until both allocated).")
    return out
