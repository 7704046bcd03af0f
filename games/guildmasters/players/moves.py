"""The moves a guild may make now, for the built-in and random players: quests (as `propose`
assigns them), abilities with their choices, recruits, passing and ending a turn.

Abilities and recruits are listed per class (`ability_classes`, `ability_moves`,
`recruit_classes`, `recruit_move`), so that the random player builds only the class it chose;
`action_moves` lists them all, for the built-in player.
"""

from __future__ import annotations

from collections.abc import Callable

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


def first_fulfil(
    state: GuildmastersState, seat: int, below: Callable[[int], int]
) -> cm.Fulfil | None:
    """A Fulfil for a quest `seat` can fulfil now, each such quest with equal chance (the quests
    that pass the quick test are tried in a random order, the first that can be fulfilled
    taken), or None. `below(n)` draws a whole number from 0 to `n` - 1."""
    supply = Supply(state, seat)
    quests = [q for q in available(state, seat) if supply.could(q)]
    while quests:
        cmd = supply.propose(quests.pop(below(len(quests))))
        if cmd is not None:
            return cmd
    return None


def targets(state: GuildmastersState, seat: int) -> list[int]:
    return [s for s in range(state.players) if s != seat and not state.guilds[s].passed]


def _marks(state: GuildmastersState, seat: int) -> list[int]:
    """The guilds a Rogue or a Mage may aim at: others still playing, with cards in hand."""
    guilds = state.guilds
    return [s for s in targets(state, seat) if guilds[s].hand]


def ability_classes(state: GuildmastersState, seat: int) -> list[str]:
    """The classes of action `seat` holds and can aim now, in the order of its hand (none but
    at the start of its turn)."""
    if state.turn.step != START:
        return []
    class_of = load_pack().class_of
    hand = state.guilds[seat].hand
    out: list[str] = []
    marks: bool | None = None
    for card in hand:
        cls = class_of[card]
        if cls in out or cls not in ACTION_CLASSES:
            continue
        if cls == "monk":
            if not any(state.quest_decks):
                continue
        elif cls == "necromancer":
            if not state.discard:
                continue
        elif cls in ("rogue", "mage"):
            if marks is None:
                marks = bool(_marks(state, seat))
            if not marks or (cls == "mage" and len(hand) < 2):
                continue
        out.append(cls)
    return out


def ability_moves(state: GuildmastersState, seat: int, cls: str) -> list[cm.Command]:
    """Every way `seat` may use the first card of `cls` in its hand: a Monk on each level whose
    quest deck has cards, a Necromancer taking each of the top 5 of the discard pile, a Rogue
    or a Mage (giving the first other card of the hand) aimed at each guild it may aim at."""
    class_of = load_pack().class_of
    hand = state.guilds[seat].hand
    card = next(c for c in hand if class_of[c] == cls)
    if cls == "scout":
        return [cm.Activate(seat=seat, card=card)]
    if cls == "monk":
        return [
            cm.Activate(seat=seat, card=card, level=lv)
            for lv in LEVELS
            if state.quest_decks[lv - 1]
        ]
    if cls == "necromancer":
        return [
            cm.Activate(seat=seat, card=card, take=c)
            for c in dict.fromkeys(state.discard[-RESURRECT_LOOK:])
        ]
    if cls == "rogue":
        return [cm.Activate(seat=seat, card=card, target=t) for t in _marks(state, seat)]
    give = next((c for c in hand if c != card), "")
    if not give:
        return []
    return [cm.Activate(seat=seat, card=card, target=t, give=(give,)) for t in _marks(state, seat)]


def recruit_classes(state: GuildmastersState, seat: int) -> list[str]:
    """The classes of which `seat` holds two cards and the tavern a tile, in the order of its
    hand (none but at the start of its turn)."""
    if state.turn.step != START:
        return []
    class_of = load_pack().class_of
    count: dict[str, int] = {}
    for card in state.guilds[seat].hand:
        cls = class_of[card]
        count[cls] = count.get(cls, 0) + 1
    pairs = [cls for cls, n in count.items() if n >= 2]
    if not pairs:
        return []
    in_tavern = {class_of[t] for t in state.tavern}
    return [cls for cls in pairs if cls in in_tavern]


def recruit_move(state: GuildmastersState, seat: int, cls: str) -> cm.Recruit:
    """Recruit `cls` with the first two cards of that class in `seat`'s hand."""
    class_of = load_pack().class_of
    a, b = [c for c in state.guilds[seat].hand if class_of[c] == cls][:2]
    return cm.Recruit(seat=seat, cards=(a, b))


def action_moves(state: GuildmastersState, seat: int) -> list[cm.Command]:
    """Every ability (the first card of each class, each way to aim it) and recruit `seat` may
    use, the abilities first, each in the order of its hand."""
    out: list[cm.Command] = []
    for cls in ability_classes(state, seat):
        out += ability_moves(state, seat, cls)
    out += [recruit_move(state, seat, cls) for cls in recruit_classes(state, seat)]
    return out
