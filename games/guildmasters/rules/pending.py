"""Whom the game waits for, to decide what, and what happens by default (docs/rules-notes.md,
"Defaults of an absent guild"):

- the draft: every guild holding a pack picks at once; by default the card that best serves its
  visible quests (`draft.best_pick`);
- a reaction: every guild asked answers; by default "no";
- a Scout, Monk or Rogue looking at cards: by default the first card shown (a Rogue discards the
  second);
- a turn: the guild whose turn it is; by default it passes (before its action) or ends its turn
  (after it): an absent guild neither spends cards nor sends them on quests.
"""

from __future__ import annotations

from engine.core.game import Decision
from engine.core.turns import waiting_on
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.content import load_pack
from games.guildmasters.rules.context import name
from games.guildmasters.rules.draft import best_pick
from games.guildmasters.rules.reactions import CLASS_OF_REACTION
from games.guildmasters.rules.state import DRAFT, START, GuildmastersState

DRAFT_KIND = "draft"
TURN = "turn"
REACTION = "reaction"
KINDS = (DRAFT_KIND, TURN, REACTION)  # the deadline kinds
# Minutes a reaction is offered for at most, whatever the table's deadlines: the turn it
# interrupts waits on it, and "no" (its default) is what a player who is away would answer.
REACTION_WINDOW = 15

_ASK = {
    "behead": "{actor} is fulfilling a quest. Behead one of its adventurers with an Assassin?",
    "protect": "Protect with a Warrior against the ability aimed at you?",
    "ambush": "{actor} used an ability. Ambush it with a Hunter?",
    "heal": "Heal: return one adventurer of your quest with a Cleric?",
}


def reaction_options(state: GuildmastersState, seat: int) -> tuple[cm.React, ...]:
    """Every answer `seat` may give to the open reaction: no, or each way to say yes."""
    pack = load_pack()
    w = state.window
    cls = CLASS_OF_REACTION[w.about]
    cards = [c for c in state.guilds[seat].hand if pack.class_of[c] == cls][:1]
    options = [cm.React(seat=seat)]
    for card in cards:
        if w.about == "behead":
            options += [cm.React(seat=seat, card=card, victim=v) for v in state.attempt.cards]
        elif w.about == "heal":
            options += [cm.React(seat=seat, card=card, victim=v) for v in state.healing]
        else:
            options.append(cm.React(seat=seat, card=card))
    return tuple(options)


def _actor(state: GuildmastersState) -> int:
    if state.attempt is not None:
        return state.attempt.seat
    return state.ability.seat if state.ability is not None else -1


def choose_default(state: GuildmastersState) -> cm.Choose:
    a = state.ability
    drop = a.look[1] if a.cls == "rogue" and len(a.look) > 1 else ""
    return cm.Choose(seat=a.seat, pick=a.look[0], drop=drop)


def waiting(state: GuildmastersState) -> tuple[int, ...]:
    """The seats `pending` names, in its order, without building the decisions."""
    if state.result is not None:
        return ()
    if state.phase == DRAFT:
        return tuple([s for s, g in enumerate(state.guilds) if g.packs])
    w = state.window
    if w is not None:
        # `waiting_on`, for the one or two answers a window holds
        answers = w.answers
        if not answers:
            return w.seats
        if len(answers) == 1:
            done = answers[0][0]
            return tuple(s for s in w.seats if s != done)
        return waiting_on(w)
    if state.ability is not None and state.ability.look:
        return (state.ability.seat,)
    return (state.turn.seat,)


def first_waiting(state: GuildmastersState) -> int:
    """The first seat `waiting` names, or -1 when none, without listing the others."""
    if state.result is not None:
        return -1
    if state.phase == DRAFT:
        for seat, g in enumerate(state.guilds):
            if g.packs:
                return seat
        return -1
    w = state.window
    if w is not None:
        answers = w.answers
        if not answers:
            return w.seats[0]
        seats = waiting_on(w)
        return seats[0] if seats else -1
    if state.ability is not None and state.ability.look:
        return state.ability.seat
    return state.turn.seat


def pending(state: GuildmastersState) -> tuple[Decision, ...]:
    """The decisions the game waits for now."""
    if state.result is not None:
        return ()
    if state.phase == DRAFT:
        out = []
        for seat, g in enumerate(state.guilds):
            if g.packs:
                options = tuple(cm.Pick(seat=seat, card=c) for c in g.packs[0])
                out.append(
                    Decision(
                        seat=seat,
                        kind=DRAFT_KIND,
                        prompt="Keep one card of this pack; the rest passes on.",
                        default=cm.Pick(seat=seat, card=best_pick(state, seat)),
                        options=options,
                        context={"packs": len(g.packs), "picked": g.picks},
                    )
                )
        return tuple(out)
    w = state.window
    if w is not None:
        actor = _actor(state)
        return tuple(
            Decision(
                seat=seat,
                kind=w.about,
                prompt=_ASK[w.about].format(actor=name(actor)),
                default=cm.React(seat=seat),
                options=reaction_options(state, seat),
                context={"actor": actor},
            )
            for seat in waiting_on(w)
        )
    a = state.ability
    if a is not None and a.look:
        return (
            Decision(
                seat=a.seat,
                kind="choose",
                prompt={
                    "scout": "Keep one of the top cards of the deck; the rest is discarded.",
                    "monk": "Keep one of these quests to fulfil later.",
                    "rogue": "Keep one card, discard one, give the rest back.",
                }[a.cls],
                default=choose_default(state),
                context={"cls": a.cls},
            ),
        )
    turn = state.turn
    default: cm.Command
    default = cm.Pass(seat=turn.seat) if turn.step == START else cm.EndTurn(seat=turn.seat)
    return (
        Decision(
            seat=turn.seat,
            kind=TURN,
            prompt="Your turn: one action (an ability, a recruit or pass) and at most one quest.",
            default=default,
            context={"turn": turn.number, "step": turn.step, "quested": turn.quested},
        ),
    )
