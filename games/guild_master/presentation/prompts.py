"""Decisions put to one guild, in its DMs: what is asked, the answers as buttons or selects, and
what happens by default (at the deadline)."""

from __future__ import annotations

from typing import Any

from bot.presentation import when
from bot.render.ids import ControlId, fingerprint
from bot.render.ui import Button, Embed, Message, Option, Select, clip
from engine.core.game import Decision
from games.guild_master.presentation import cards
from games.guild_master.presentation.order_board import build_name, encode_build
from games.guild_master.presentation.text import Names, article, describe_terms
from games.guild_master.rules.commands import (
    ArrangePeek,
    ChooseBonusTarget,
    ChooseBuilds,
    ChooseFallback,
    ChooseFreeBuild,
    ChooseReplacement,
    ChooseSetup,
    ChooseStance,
    Command,
    CorrectOrder,
    EndPlot,
    KeepContracts,
    ModifyRoll,
    UseBoon,
    UsePlotAbility,
)
from games.guild_master.rules.content import Pack
from games.guild_master.rules.views import PublicView, SeatView

STANCE_LABELS = {
    "cooperate": "Cooperate",
    "conflict": "Conflict",
    "withdraw": "Withdraw (private contract or wander)",
}
STANCE_STYLES = {"cooperate": "success", "conflict": "danger", "withdraw": "secondary"}


def option_label(command: Command, names: Names, view: PublicView | SeatView) -> str:
    """A command as the words on its button (`view`: any audience's, for the guilds' upgrades
    a build is named after)."""
    pack = names.pack
    public = view.public if isinstance(view, SeatView) else view
    if isinstance(command, ChooseSetup):
        return f"Place {names.contract(command.contract)} on the board; {command.side} side"
    if isinstance(command, UsePlotAbility):
        target = f" on {names.guild(command.target)}" if command.target is not None else ""
        return f"Use {names.short(command.adventurer)}'s ability{target}"
    if isinstance(command, UseBoon):
        target = f" on {names.guild(command.target)}" if command.target is not None else ""
        return f"Discard {names.contract(command.contract)} for its boon{target}"
    if isinstance(command, EndPlot):
        return "Done with plot abilities"
    if isinstance(command, KeepContracts):
        return "Keep " + ", ".join(names.contract(c) for c in command.keep)
    if isinstance(command, ArrangePeek):
        if not command.bottom:
            return "Leave them all on top"
        return "Bottom: " + ", ".join(names.contract(c) for c in command.bottom)
    if isinstance(command, ChooseFreeBuild):
        if command.build is None:
            return "Build nothing"
        return build_name(pack, public.guilds[command.seat], command.build)
    if isinstance(command, ChooseStance):
        return STANCE_LABELS[command.stance]
    if isinstance(command, ChooseFallback):
        if command.choice == "wander":
            return "Wander"
        return f"Attempt {names.contract(command.choice)}"
    if isinstance(command, ChooseReplacement):
        return f"{command.level.capitalize()} deck"
    if isinstance(command, ChooseBonusTarget):
        return names.guild(command.target)
    if isinstance(command, ChooseBuilds):
        if not command.builds:
            return "Build nothing"
        return build_name(pack, public.guilds[command.seat], command.builds[0])
    if isinstance(command, CorrectOrder):
        return "Give up the order" if command.gold == 0 else f"Put {command.gold} Gold on it"
    if isinstance(command, ModifyRoll):
        return {"auto": "Finish automatically", "done": "Keep this result"}.get(
            command.action, command.action
        )
    return type(command).__name__


def _id(action: str, game: int, seat: int, arg: str) -> str:
    return ControlId(action, game, seat, arg).encode()


def deadline_line(due: Any | None, default_label: str) -> str:
    """When the default applies, in words."""
    if due is None:
        return f"If you do not answer, the host may apply the default: {default_label}."
    return f"Answer by {when(due)}; then the default applies: {default_label}."


def render(
    view: SeatView,
    pack: Pack,
    names: Names,
    game_id: int,
    decision: Decision,
    *,
    due: Any | None = None,
) -> Message:
    """The DM asking the guild whose view `view` is for `decision`, one of its own."""
    seat = decision.seat
    if seat != view.seat:
        raise ValueError(f"seat {view.seat}'s view cannot ask seat {seat}")
    public = view.public
    default = option_label(decision.default, names, view)
    lines = [decision.prompt]
    rows: list[tuple] = []
    kind = decision.kind
    if kind == "setup":
        g = public.guilds[seat]
        upgrade = pack.skill_upgrades[g.skill_upgrades[0].slug]
        skill = cards.SKILL_SHORT[upgrade.skill]
        lines.append("Your three contracts:")
        lines += [f"• {cards.contract(pack.contracts[c])}" for c in view.dealt]
        lines.append(
            f"Your starting skill upgrade is the {upgrade.name} "
            f"({skill}): the fixer side sets one die to 5 after {article(skill)} "
            f"{skill} roll; the re-roll side re-rolls up to 2 dice."
        )
        rows.append((_option_select(game_id, decision, names, view, "Your setup choice"),))
    elif kind in ("keep_contracts", "peek"):
        shown = decision.context.get("drawn") or decision.context.get("seen") or ()
        lines += [f"• {cards.contract(pack.contracts[c])}" for c in shown]
        rows.append((_option_select(game_id, decision, names, view, "Your choice"),))
    elif kind == "plot":
        lines += _plot_lines(decision, pack)
        rows.append(_option_rows(view, names, game_id, decision))
    elif kind == "stance":
        lines += _stance_lines(view, pack, names)
        rows.append(
            tuple(
                Button(
                    STANCE_LABELS[o.stance],  # type: ignore[attr-defined]
                    _id("opt", game_id, seat, f"{kind}.{fingerprint(o)}"),
                    style=STANCE_STYLES[o.stance],  # type: ignore[attr-defined]
                )
                for o in decision.options
            )
        )
    elif kind == "builds":
        space = decision.context["space"]
        guild = public.guilds[seat]
        options = [Option("Build nothing", "none")]
        options += [
            Option(clip(build_name(pack, guild, b), 100), encode_build(b))
            for b in view.build_options
        ]
        rows.append(
            (
                Select(
                    _id("builds", game_id, seat, str(space)),
                    tuple(options),
                    placeholder="What to build",
                ),
            )
        )
        rows.append((Button(f"Default: {clip(default, 60)}", _id("default", game_id, seat, kind)),))
    elif kind == "roll":
        lines += _roll_lines(public, names)
        rows += _roll_rows(public, game_id, seat)
    elif kind == "cooperation":
        lines += _cooperation_lines(public, pack, names)
        contract = pack.contracts[decision.context["contract"]]
        targets = [
            Button(
                f"All in on {cards.SKILL_SHORT[t.skill]} {t.value}",
                _id("coop", game_id, seat, t.skill),
            )
            for t in contract.targets
        ]
        fallback = Button(
            f"Default: {clip(default, 60)}", _id("default", game_id, seat, kind), style="primary"
        )
        rows.append((*targets, fallback))
    elif kind == "correct_order":
        space = decision.context["space"]
        rows.append(
            (
                Button(
                    "Put Gold on it…", _id("correct", game_id, seat, str(space)), style="primary"
                ),
                Button("Give up the order", _id("default", game_id, seat, kind)),
            )
        )
    else:
        rows.append(_option_rows(view, names, game_id, decision))
    lines.append(deadline_line(due, default))
    embed = Embed(
        title=f"{names.guild(seat)} — your decision", description=clip("\n".join(lines), 4096)
    )
    return Message(embeds=(embed,), rows=tuple(rows)).check()


def _option_select(
    game_id: int, decision: Decision, names: Names, view: SeatView, placeholder: str
) -> Select:
    return Select(
        _id("optsel", game_id, decision.seat, decision.kind),
        tuple(
            Option(clip(option_label(o, names, view), 100), fingerprint(o))
            for o in decision.options[:25]
        ),
        placeholder=placeholder,
    )


def _plot_lines(decision: Decision, pack: Pack) -> list[str]:
    """What the guild still has to use this plot turn, each with its text: the prompt shown
    again after an ability is used says what is left, not the same words as before. (A plot
    turn with nothing left to use ends by itself.)"""
    left: dict[str, str] = {}
    for o in decision.options:
        if isinstance(o, UsePlotAbility):
            adv = pack.adventurers[o.adventurer]
            assert adv.ability is not None
            left[f"a{o.adventurer}"] = f"• {adv.name} {adv.title}: {adv.ability.text}"
        elif isinstance(o, UseBoon):
            c = pack.contracts[o.contract]
            boons = "; ".join(e.text for e in c.effects if e.kind == "boon")
            left[f"b{o.contract}"] = f"• {c.name} (boon): {boons}"
    return ["Left to use this plot turn:", *left.values()]


def _option_rows(view: SeatView, names: Names, game_id: int, decision: Decision) -> tuple:
    """The decision's options as one row of buttons, or one select when there are more than 5."""
    if len(decision.options) <= 5:
        return tuple(
            Button(
                clip(option_label(o, names, view), 80),
                _id("opt", game_id, decision.seat, f"{decision.kind}.{fingerprint(o)}"),
            )
            for o in decision.options
        )
    return (_option_select(game_id, decision, names, view, "Choose"),)


def _stance_lines(view: SeatView, pack: Pack, names: Names) -> list[str]:
    task = view.public.contest
    if task is None or task.contract is None:
        return []
    contract = pack.contracts[task.contract]
    lines = [
        f"Contract {task.spot}: {cards.contract(contract)}",
        f"Contesting it: {names.guilds(task.seats)}.",
    ]
    odds = view.stance_odds
    if odds is not None:
        lines.append(
            f"Your team alone: {odds.alone * 100:.0f}% without penalty (a lone cooperator); "
            f"conflicting: {odds.conflict * 100:.0f}% against {odds.conflict_target} + your "
            "dice. Cooperating together pools your teams."
        )
    if task.agreed is not None:
        lines.append(
            f"Agreed split (binding if all cooperate): "
            f"{describe_terms(task.agreed, names, task.seats)}."
        )
    return lines


def _roll_lines(view: PublicView, names: Names) -> list[str]:
    c = view.check
    if c is None:
        return []
    dice = " ".join(f"[{d}]" for d in c.dice)
    total = sum(c.dice) + c.bonus
    target = f" against {c.target}" if c.target is not None else ""
    extra = []
    if c.fixers:
        extra.append(f"fixers to {', '.join(map(str, c.fixers))}")
    if c.rerolls:
        extra.append(f"{c.rerolls} re-roll(s)")
    if c.boons:
        extra.append("boons: " + ", ".join(names.contract(b) for b in c.boons))
    return [
        f"Your {cards.SKILL_SHORT.get(c.skill, c.skill)} roll{target}: {dice} = {total}.",
        "You have " + ("; ".join(extra) if extra else "nothing left to use") + ".",
    ]


def _roll_rows(view: PublicView, game_id: int, seat: int) -> list[tuple]:
    c = view.check
    if c is None:
        return []
    rows: list[tuple] = []
    dice = tuple(Option(f"Die {i + 1}: {d}", str(i)) for i, d in enumerate(c.dice))
    if c.rerolls and dice:
        rows.append((Select(_id("rollre", game_id, seat, ""), dice, placeholder="Re-roll a die"),))
    for value in sorted(set(c.fixers), reverse=True)[:2]:
        if dice:
            rows.append(
                (
                    Select(
                        _id("rollfix", game_id, seat, str(value)),
                        dice,
                        placeholder=f"Set a die to {value}",
                    ),
                )
            )
    buttons = [
        Button("Finish automatically", _id("rollgo", game_id, seat, "auto"), style="primary"),
        Button("Keep this result", _id("rollgo", game_id, seat, "done")),
    ]
    buttons += [
        Button(clip(f"Use boon {i + 1}", 80), _id("rollboon", game_id, seat, str(i)))
        for i in range(min(len(c.boons), 3))
    ]
    rows.append(tuple(buttons))
    return rows[:5]


def _cooperation_lines(view: PublicView, pack: Pack, names: Names) -> list[str]:
    task = view.contest
    if task is None or task.contract is None:
        return []
    coops = [s for s in task.seats if task.stances.get(str(s)) == "cooperate"]
    return [
        f"Contract {task.spot}: {cards.contract(pack.contracts[task.contract])}",
        f"Cooperating: {names.guilds(coops)}. Choose the target your team goes for; guilds on "
        "the same target form one combined team of their best adventurers.",
    ]
