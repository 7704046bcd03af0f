"""The channel's narration of Guildmasters and what each guild alone is told, from event views.

The channel never learns a hand, a pack, a pick, what an ability shows its user, nor who was able
to react: a reaction is told only when one takes effect, and a "no" (every guild asked answers,
holding the card or not) is never told at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.render.words import count
from games.guildmasters.presentation import words as w
from games.guildmasters.rules import events as ev
from games.guildmasters.rules.views import PublicView, SeatView


@dataclass(frozen=True)
class Said:
    """A line of narration: which event it tells (`index`), in which game turn's block."""

    index: int
    game_turn: int
    text: str


def public_of(view: Any) -> PublicView:
    """The public part of any audience's view."""
    return view.table if isinstance(view, SeatView) else view


def _seats(seats: Sequence[int], names: Sequence[str]) -> str:
    return w.join([names[s] for s in seats])


def public_line(e: Any, names: Sequence[str]) -> str | None:
    """One event as the channel reads it, or None for what it is not told."""
    n = names
    if isinstance(e, ev.GameCreated):
        return (
            f"A game of {w.TITLE} for {e.players} guilds begins. Turn order: "
            f"{_seats(e.order, n)}. Each guild holds 2 adventurers; three quests of each level "
            "are on the board (`/gm board`)."
        )
    if isinstance(e, ev.DraftDealt):
        way = "left" if e.game_turn % 2 else "right"
        shuffled = " (the discard pile was shuffled into a new deck)" if e.reshuffled else ""
        return (
            f"**Game turn {e.game_turn}**: the draft begins{shuffled}. Every guild keeps one "
            f"card of each pack and passes the rest to the {way}; your packs come by DM."
        )
    if isinstance(e, ev.MainBegan):
        return f"The draft is over. The main phase begins: {_seats(e.order, n)}."
    if isinstance(e, ev.TurnBegan):
        return f"It is {n[e.seat]}'s turn."
    if isinstance(e, ev.Reshuffled):
        return "The adventurer deck ran out: the discard pile is shuffled into a new deck."
    if isinstance(e, ev.Drew):
        return f"{n[e.seat]} has passed and draws a card."
    if isinstance(e, ev.QuestAttempted):
        sent = [w.cards(e.cards)] if e.cards else []
        if e.tiles:
            sent.append(f"recruits ({w.cards(e.tiles)})")
        if e.cycles:
            sent.append(count(len(e.cycles), "cycle token"))
        when = "at the start" if e.at_start else "at the end"
        return (
            f"{n[e.seat]} sends {w.join(sent) or 'nothing'} on **{w.quest_name(e.quest)}** "
            f"({when} of the turn)."
        )
    if isinstance(e, ev.ReactionOpened):
        if e.about == "behead":
            return "The other guilds may Behead one of those adventurers (asked by DM)."
        if e.about == "ambush":
            return "The other guilds may Ambush that ability (asked by DM)."
        return None
    if isinstance(e, ev.Beheaded):
        return f"{n[e.seat]} discards an Assassin and beheads the {w.card(e.victim)}!"
    if isinstance(e, ev.Protected):
        return f"{n[e.seat]} discards a Warrior: Protect denies it."
    if isinstance(e, ev.Killed):
        if e.replacement:
            return f"The {w.card(e.victim)} dies; a {w.card(e.replacement)} takes its place."
        return f"The {w.card(e.victim)} dies."
    if isinstance(e, ev.QuestFailed):
        return f"{n[e.seat]}'s quest **{w.quest_name(e.quest)}** fails: its adventurers go home."
    if isinstance(e, ev.QuestFulfilled):
        got = [f"{e.points} prestige"]
        if e.influence:
            got.append(f"{e.influence} influence")
        if e.tile:
            got.append(f"a {w.cls(e.tile)} recruit")
        if e.cycle:
            got.append(f"a {w.FORCE_NAMES[e.cycle]} cycle token")
        line = f"{n[e.seat]} fulfils **{w.quest_name(e.quest)}**: {w.join(got)}."
        if e.refill:
            line += f" New quest: **{w.quest_name(e.refill)}**."
        if e.ending:
            line += " That is a second level-3 quest: the end is near — the main phase runs "
            line += "until everyone passes, then the final scoring."
        return line
    if isinstance(e, ev.Healed):
        return f"{n[e.seat]} discards a Cleric and heals a {w.card(e.card)} back to hand."
    if isinstance(e, ev.AbilityActivated):
        c = w.card(e.card)
        ability = w.pack().classes[w.pack().class_of[e.card]].ability
        if e.target >= 0:
            given = f", giving {count(len(e.give), 'card')}" if e.give else ""
            return f"{n[e.seat]} discards a {c}: **{ability}** on {n[e.target]}{given}."
        level = f" (level {e.level} quests)" if e.level else ""
        return f"{n[e.seat]} discards a {c}: **{ability}**{level}."
    if isinstance(e, ev.Looked):
        what = "quests" if e.source == "quests" else "cards"
        return f"{n[e.seat]} looks at {len(e.cards)} {what}."
    if isinstance(e, ev.Chosen):
        if e.kind == "scout":
            return f"{n[e.seat]} keeps one and discards {w.cards(e.rest)}."
        if e.kind == "monk":
            return f"{n[e.seat]} keeps one of those quests for later."
        dropped = f", discards a {w.card(e.drop)}" if e.drop else ""
        return f"{n[e.seat]} keeps one{dropped} and gives {len(e.rest)} back to {n[e.target]}."
    if isinstance(e, ev.Resurrected):
        return f"{n[e.seat]} takes a {w.card(e.card)} from the discard pile."
    if isinstance(e, ev.Transmuted):
        return f"{n[e.seat]} and {n[e.target]} swap {count(len(e.given), 'card')}."
    if isinstance(e, ev.Ambushed):
        return f"{n[e.seat]} discards a Hunter and ambushes: it takes the {w.card(e.card)}."
    if isinstance(e, ev.Recruited):
        return f"{n[e.seat]} discards two {w.card(e.tile)}s and recruits one from the tavern."
    if isinstance(e, ev.Passed):
        return f"{n[e.seat]} passes."
    if isinstance(e, ev.PhaseEnded):
        return (
            f"The main phase is over. Next turn order (fewer points first): {_seats(e.order, n)}."
        )
    if isinstance(e, ev.GameEnded):
        return f"The game is over: {_winners(e.result.winners, names)}"
    if isinstance(e, ev.DefaultsApplied):
        return f"Time ran out for {_seats(e.seats, n)}: the default was applied."
    return None


def _winners(winners: Sequence[int], names: Sequence[str]) -> str:
    if len(winners) == 1:
        return f"{names[winners[0]]} wins {w.TITLE}!"
    return f"{_seats(winners, names)} share the win of {w.TITLE}!"


def public_lines(
    events: Sequence[tuple[Any, Any]], before: Any | None, names: Sequence[str]
) -> list[Said]:
    """The channel's lines of one update's (public) event views."""
    turn = public_of(before).game_turn if before is not None else 1
    out = []
    for index, (e, _stage) in enumerate(events):
        if isinstance(e, ev.DraftDealt):
            turn = e.game_turn
        text = public_line(e, names)
        if text:
            out.append(Said(index, turn, text))
    return out


def seat_lines(
    events: Sequence[tuple[Any, Any]], view: SeatView, names: Sequence[str], by: int | None
) -> list[str]:
    """What the guild alone learns from one update: the cards dealt and drawn, what was taken
    from it or given to it, a default applied for it."""
    me = view.seat
    out = []
    for e, _stage in events:
        if isinstance(e, ev.GameCreated) and e.hands[me]:
            out.append(f"You are dealt {w.cards(e.hands[me])}.")
        elif isinstance(e, ev.Drew) and e.seat == me and e.card:
            out.append(f"You draw a {w.card(e.card)}.")
        elif isinstance(e, ev.Looked) and e.source == "hand" and e.target == me:
            out.append(f"{names[e.seat]}'s Rogue takes {w.cards(e.cards)} from your hand.")
        elif isinstance(e, ev.Chosen) and e.kind == "rogue" and e.target == me and e.rest:
            out.append(f"You get back {w.cards(e.rest)}.")
        elif isinstance(e, ev.Transmuted) and e.target == me and e.given:
            out.append(
                f"{names[e.seat]}'s Mage gives you {w.cards(e.given)} and takes {w.cards(e.taken)}."
            )
        elif isinstance(e, ev.Transmuted) and e.seat == me and e.taken:
            out.append(f"Your Mage takes {w.cards(e.taken)} from {names[e.target]}.")
        elif isinstance(e, ev.Killed) and e.seat == me:
            out.append(f"Your {w.card(e.victim)} was beheaded.")
        elif isinstance(e, ev.DefaultsApplied) and me in e.seats and by is None:
            out.append("Time ran out: the default answer was given for you.")
        elif isinstance(e, ev.GameEnded):
            place = e.result.ranking.index(me) + 1
            out.append(f"The game is over: you finished {place} of {len(e.result.ranking)}.")
    return out
