"""What the conformance suite needs of Guildmasters: secret variants (a state that differs only in
one guild's hand, draft packs or kept quests, and in the order of the face-down decks) and the
game's invariants (every card, quest, recruit tile and cycle token in exactly one place)."""

from __future__ import annotations

from collections.abc import Iterator

from msgspec.structs import replace

from games.guildmasters.rules.content import load_pack
from games.guildmasters.rules.state import GuildmastersState
from games.guildmasters.scenario import conservation


def _swap_hand(state: GuildmastersState, seat: int) -> GuildmastersState | None:
    """The guild's first hand card swapped with the top card of the deck."""
    g = state.guilds[seat]
    if not g.hand or not state.deck:
        return None
    card, other = g.hand[0], state.deck[0]
    guilds = list(state.guilds)
    guilds[seat] = replace(g, hand=(other, *g.hand[1:]))
    return replace(state, guilds=tuple(guilds), deck=(card, *state.deck[1:]))


def _swap_pack(state: GuildmastersState, seat: int) -> GuildmastersState | None:
    """A card of the guild's last pack swapped with the deck's last card."""
    g = state.guilds[seat]
    if not g.packs or not state.deck:
        return None
    last = g.packs[-1]
    card, other = last[-1], state.deck[-1]
    guilds = list(state.guilds)
    guilds[seat] = replace(g, packs=(*g.packs[:-1], (*last[:-1], other)))
    return replace(state, guilds=tuple(guilds), deck=(*state.deck[:-1], card))


def _swap_held(state: GuildmastersState, seat: int) -> GuildmastersState | None:
    """A kept quest swapped with the bottom quest of a deck of its level."""
    pack = load_pack()
    g = state.guilds[seat]
    if not g.held:
        return None
    quest = g.held[0]
    level = pack.quests[quest].level - 1
    deck = state.quest_decks[level]
    if not deck:
        return None
    decks = list(state.quest_decks)
    decks[level] = (*deck[:-1], quest)
    guilds = list(state.guilds)
    guilds[seat] = replace(g, held=(deck[-1], *g.held[1:]))
    return replace(state, guilds=tuple(guilds), quest_decks=tuple(decks))


def _reorder_decks(state: GuildmastersState) -> GuildmastersState | None:
    """The face-down decks' order changed (nobody's secret): reversed."""
    if len(state.deck) < 2 and all(len(d) < 2 for d in state.quest_decks):
        return None
    return replace(
        state,
        deck=state.deck[::-1],
        quest_decks=tuple(d[::-1] for d in state.quest_decks),
    )


def secret_variants(state: GuildmastersState, seat: int) -> Iterator[GuildmastersState]:
    """States that differ from `state` only in what `seat` alone may know, and in what nobody
    may know."""
    if state.ability is not None and state.ability.look:
        # What an ability shows came off the top of a deck: leave the decks alone.
        return
    for make in (_swap_hand, _swap_pack, _swap_held):
        variant = make(state, seat)
        if variant is not None:
            yield variant
    if seat == 0:
        variant = _reorder_decks(state)
        if variant is not None:
            yield variant


def check_invariants(state: GuildmastersState) -> None:
    """Every adventurer card, quest, recruit tile and cycle token is in exactly one place; every
    quest in the row of its level; a used tile is one its guild holds."""
    failures = conservation(state)
    assert not failures, "; ".join(failures)
    pack = load_pack()
    for level, row in enumerate(state.rows, 1):
        assert all(not q or pack.quests[q].level == level for q in row), "a quest in the wrong row"
    for g in state.guilds:
        assert set(g.used) <= set(g.tiles), "a used tile the guild does not hold"
