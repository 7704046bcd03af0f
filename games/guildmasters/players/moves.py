"""The moves a guild may make now, for the built-in and random players: quests (as `propose`
assigns them), abilities with their choices, recruits, passing and ending a turn."""

from __future__ import annotations

from collections import Counter

from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.abilities import ACTION_CLASSES, RESURRECT_LOOK
from games.guildmasters.rules.content import LEVELS, load_pack
from games.guildmasters.rules.quests import Supply, available
from games.guildmasters.rules.state import START, GuildmastersState


def quest_moves(state: GuildmastersState, seat: int) -> list[cm.Fulfil]:
    """A Fulfil for every quest `seat` can fulfil now (none once it has this turn)."""
    if state.turn.quested:
        return []
    supply = Supply(state, seat)
    out = []
    for quest in available(state, seat):
        cmd = supply.propose(quest)
        if cmd is not None:
            out.append(cmd)
    return out


def targets(state: GuildmastersState, seat: int) -> list[int]:
    return [s for s in range(state.players) if s != seat and not state.guilds[s].passed]


def action_moves(state: GuildmastersState, seat: int) -> list[cm.Command]:
    """Every ability (one card of each class, each way to aim it) and recruit `seat` may use."""
    if state.turn.step != START:
        return []
    pack = load_pack()
    g = state.guilds[seat]
    out: list[cm.Command] = []
    first: dict[str, str] = {}
    for card in g.hand:
        first.setdefault(pack.class_of[card], card)
    for cls, card in first.items():
        if cls not in ACTION_CLASSES:
            continue
        if cls == "scout":
            out.append(cm.Activate(seat=seat, card=card))
        elif cls == "monk":
            out += [
                cm.Activate(seat=seat, card=card, level=lv)
                for lv in LEVELS
                if state.quest_decks[lv - 1]
            ]
        elif cls == "necromancer":
            out += [
                cm.Activate(seat=seat, card=card, take=c)
                for c in dict.fromkeys(state.discard[-RESURRECT_LOOK:])
            ]
        elif cls == "rogue":
            out += [
                cm.Activate(seat=seat, card=card, target=t)
                for t in targets(state, seat)
                if state.guilds[t].hand
            ]
        elif cls == "mage":
            give = next((c for c in g.hand if c != card), "")
            if give:
                out += [
                    cm.Activate(seat=seat, card=card, target=t, give=(give,))
                    for t in targets(state, seat)
                    if state.guilds[t].hand
                ]
    by_class: dict[str, list[str]] = {}
    for card in g.hand:
        by_class.setdefault(pack.class_of[card], []).append(card)
    tavern = Counter(pack.class_of[t] for t in state.tavern)
    for cls, cards in by_class.items():
        if len(cards) >= 2 and tavern[cls]:
            out.append(cm.Recruit(seat=seat, cards=(cards[0], cards[1])))
    return out
