"""The draft phase: "Each player receives 4 cards from the adventurer deck, choses one and pass
the other to the player by his side. First time cards goes to left, then right and so on."

Played at once by every guild: a guild holds a queue of packs and picks from the first as soon as
it has one, so a slow guild holds up only the guild it passes to. The default pick (a deadline
passing) is `best_pick`: the card that best serves the guild's visible quests.
"""

from __future__ import annotations

from collections import Counter

from engine.core.errors import RuleError
from games.guildmasters.rules.content import load_pack
from games.guildmasters.rules.context import Ctx
from games.guildmasters.rules.events import DraftDealt, Picked
from games.guildmasters.rules.state import DRAFT, PACK_SIZE, GuildmastersState


def pick(ctx: Ctx, seat: int, card: str) -> None:
    """Keep `card` from the first pack `seat` holds and pass the rest on."""
    state = ctx.state
    if state.phase != DRAFT:
        raise RuleError("not_draft", "The draft is over; play your turn in the main phase.")
    g = state.guilds[seat]
    if not g.packs:
        raise RuleError(
            "no_pack", "You hold no pack now; the next one comes when your neighbour has picked."
        )
    if card not in g.packs[0]:
        raise RuleError("not_in_pack", "Pick one of the cards of the pack in front of you.")
    rest = len(g.packs[0]) - 1
    to = (seat + state.direction) % state.players if rest else -1
    ctx.emit(Picked(seat=seat, card=card, to=to))


def deal(ctx: Ctx, game_turn: int) -> bool:
    """Deal a new draft: 4 cards to each guild (the discard pile shuffled into the deck when the
    deck is short; fewer each, all alike, when both together are). False when not even one card
    each can be dealt."""
    state = ctx.state
    deck, reshuffled = state.deck, False
    if len(deck) < PACK_SIZE * state.players and state.discard:
        deck = deck + ctx.dice.shuffled(state.discard)
        reshuffled = True
    size = min(PACK_SIZE, len(deck) // state.players)
    if size == 0:
        return False
    packs = tuple(deck[i * size : (i + 1) * size] for i in range(state.players))
    rng = ctx.rng if reshuffled else state.rng
    ctx.emit(
        DraftDealt(
            game_turn=game_turn,
            packs=packs,
            deck=deck[size * state.players :],
            reshuffled=reshuffled,
            rng=rng,
        )
    )
    return True


def wanted(state: GuildmastersState, seat: int) -> Counter[str]:
    """How many more adventurers of each class the guild's visible quests ask for than its hand
    and recruit tiles hold: the quests on the board and those it keeps, each level worth more."""
    pack = load_pack()
    g = state.guilds[seat]
    have = Counter(pack.class_of[c] for c in (*g.hand, *g.tiles))
    need: Counter[str] = Counter()
    quests = [q for row in state.rows for q in row if q] + list(g.held)
    for slug in quests:
        level = pack.quests[slug].level
        for cls, n in pack.needs[slug].items():
            if n > have[cls]:
                need[cls] += level * (n - have[cls])
    return need


def best_pick(state: GuildmastersState, seat: int) -> str:
    """The default pick: the card of the first pack whose class the guild's visible quests want
    most (`wanted`); a Bard (2 influence on any quest) when none is wanted; the first card of the
    pack on a tie."""
    pack = load_pack()
    cards = state.guilds[seat].packs[0]
    need = wanted(state, seat)

    def worth(card: str) -> int:
        cls = pack.class_of[card]
        return need[cls] if cls != "bard" else 1

    return max(cards, key=lambda c: (worth(c), -cards.index(c)))
