"""Reactions out of turn, as response windows (engine/core/turns.py): the Assassin's Behead
against another guild's quest, the Warrior's Protect against a Rogue, Mage or Assassin aimed at
its guild, the Hunter's Ambush after another guild's ability, and the Cleric's Heal after its own
guild's quest.

Every eligible guild is asked, whether it holds the card or not, and "no" is the default: the
question itself gives nothing away. Each answer is kept from the others until the window closes;
then only the reaction that takes effect is told (the first in turn order after the acting guild
when several answer yes).
"""

from __future__ import annotations

from engine.core.errors import RuleError
from engine.core.turns import Window, check_reply, is_closed
from games.guildmasters.rules.abilities import resolve
from games.guildmasters.rules.commands import React
from games.guildmasters.rules.content import load_pack
from games.guildmasters.rules.context import Ctx
from games.guildmasters.rules.events import (
    ActionDone,
    Ambushed,
    Answered,
    AttemptClosed,
    Beheaded,
    Healed,
    Protected,
    ReactionClosed,
    ReactionOpened,
)
from games.guildmasters.rules.quests import kill, succeed
from games.guildmasters.rules.state import NO, GuildmastersState

# The class each reaction discards.
CLASS_OF_REACTION = {
    "behead": "assassin",
    "protect": "warrior",
    "ambush": "hunter",
    "heal": "cleric",
}


def encode(card: str, victim: str = "") -> str:
    """A yes, as the window keeps it: the card discarded and its victim."""
    return f"{card}>{victim}" if victim else card


def decode(answer: str) -> tuple[str, str]:
    card, _, victim = answer.partition(">")
    return card, victim


def check_react(state: GuildmastersState, cmd: React) -> str:
    """The answer `cmd` gives to the open window, or a `RuleError` saying what to do instead."""
    w = state.window
    if w is None:
        raise RuleError("no_reaction", "Nothing waits for a reaction now.")
    check_reply(w, cmd.seat, NO)
    if not cmd.card:
        return NO
    pack = load_pack()
    g = state.guilds[cmd.seat]
    cls = CLASS_OF_REACTION[w.about]
    if cmd.card not in g.hand or pack.class_of[cmd.card] != cls:
        raise RuleError(
            "no_card", f"Answer with a {pack.classes[cls].name} from your hand, or answer no."
        )
    if w.about == "behead" and cmd.victim not in state.attempt.cards:
        raise RuleError("victim", "Kill one of the adventurer cards sent to the quest.")
    if w.about == "heal" and cmd.victim not in state.healing:
        raise RuleError("victim", "Return one of the adventurers of the quest just fulfilled.")
    if w.about in ("protect", "ambush") and cmd.victim:
        raise RuleError("victim", "This reaction names no card but the one you discard.")
    return encode(cmd.card, cmd.victim)


def react(ctx: Ctx, cmd: React) -> None:
    """Record `cmd.seat`'s answer; settle the reaction once every guild asked has answered."""
    answer = check_react(ctx.state, cmd)
    ctx.emit(Answered(seat=cmd.seat, answer=answer))
    if is_closed(ctx.state.window):
        settle(ctx)


def _first_yes(w: Window) -> tuple[int, str] | None:
    """The first seat asked that said yes, with its answer: the window's `outcome` (a seat that
    has not answered gives the default), read only as far as its first yes."""
    given = dict(w.answers)
    for seat in w.seats:
        answer = given.get(seat, w.default)
        if answer != NO:
            return seat, answer
    return None


def settle(ctx: Ctx) -> None:
    """The window is closed: the first yes (in the order asked) takes effect."""
    w = ctx.state.window
    yes = _first_yes(w)
    ctx.emit(ReactionClosed(about=w.about))
    state = ctx.state
    if w.about == "behead":
        if yes is None:
            succeed(ctx)
            return
        seat, (card, victim) = yes[0], decode(yes[1])
        ctx.emit(Beheaded(seat=seat, assassin=card, victim=victim))
        ctx.emit(ReactionOpened(about="protect", seats=(state.attempt.seat,)))
    elif w.about == "protect":
        if yes is not None:
            ctx.emit(Protected(seat=yes[0], warrior=decode(yes[1])[0]))
        if state.attempt is not None:
            if yes is None:
                kill(ctx)
            else:
                succeed(ctx)
        else:
            resolve(ctx)
    elif w.about == "heal":
        if yes is not None:
            card, victim = decode(yes[1])
            ctx.emit(Healed(seat=yes[0], cleric=card, card=victim))
        ctx.emit(AttemptClosed(seat=state.attempt.seat))
    else:  # ambush
        if yes is not None:
            ctx.emit(Ambushed(seat=yes[0], hunter=decode(yes[1])[0], card=state.ability.card))
        ctx.emit(ActionDone(seat=state.ability.seat))
