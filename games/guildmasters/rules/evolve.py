"""`evolve`: apply one event to the state. It never validates and never draws a random number."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from engine.core.turns import open_window
from games.guildmasters.rules import events as ev
from games.guildmasters.rules.content import FORCES, load_pack
from games.guildmasters.rules.state import (
    DONE,
    DRAFT,
    END,
    MAIN,
    OVER,
    Ability,
    Attempt,
    Guild,
    GuildmastersState,
    Turn,
    answer_card,
)

S = GuildmastersState


def _guild(state: S, seat: int, **changes: Any) -> tuple[Guild, ...]:
    guilds = list(state.guilds)
    guilds[seat] = replace(guilds[seat], **changes)
    return tuple(guilds)


def _less(items: tuple[str, ...], gone: str) -> tuple[str, ...]:
    """`items` less one copy of `gone`."""
    i = items.index(gone)
    return items[:i] + items[i + 1 :]


def _without(items: tuple[str, ...], gone: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """`items` less one copy of each of `gone`."""
    if len(gone) < 2:
        return _less(items, gone[0]) if gone else items
    out = list(items)
    for g in gone:
        out.remove(g)
    return tuple(out)


def _take_discard(discard: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The discard pile less `card` (the topmost copy: every card id is unique)."""
    i = len(discard) - 1 - discard[::-1].index(card)
    return discard[:i] + discard[i + 1 :]


def _created(state: S | None, e: ev.GameCreated) -> S:
    return GuildmastersState(
        players=e.players,
        order=e.order,
        guilds=tuple(Guild(hand=h) for h in e.hands),
        deck=e.deck,
        discard=(),
        rows=e.rows,
        quest_decks=e.quest_decks,
        tavern=e.tavern,
        rewards=e.rewards,
        cycle_supply=e.cycle_supply,
        rng=e.rng,
    )


def _dealt(state: S, e: ev.DraftDealt) -> S:
    guilds = tuple(
        replace(g, packs=(p,) if p else (), picks=0)
        for g, p in zip(state.guilds, e.packs, strict=True)
    )
    discard = () if e.reshuffled else state.discard
    return replace(
        state,
        guilds=guilds,
        deck=e.deck,
        discard=discard,
        rng=e.rng,
        phase=DRAFT,
        game_turn=e.game_turn,
    )


def _picked(state: S, e: ev.Picked) -> S:
    g = state.guilds[e.seat]
    pack = g.packs[0]
    rest = _less(pack, e.card)
    guilds = list(state.guilds)
    guilds[e.seat] = replace(g, hand=(*g.hand, e.card), packs=g.packs[1:], picks=g.picks + 1)
    if e.to >= 0:
        to = guilds[e.to]
        guilds[e.to] = replace(to, packs=(*to.packs, rest))
    return replace(state, guilds=tuple(guilds))


def _main(state: S, e: ev.MainBegan) -> S:
    guilds = tuple(replace(g, passed=False, packs=(), picks=0) for g in state.guilds)
    last = state.turn.number if state.turn is not None else 0
    return replace(state, guilds=guilds, order=e.order, phase=MAIN, phase_turn=last)


def _turn(state: S, e: ev.TurnBegan) -> S:
    return replace(state, turn=Turn(seat=e.seat, number=e.number))


def _reshuffled(state: S, e: ev.Reshuffled) -> S:
    return replace(state, deck=e.deck, discard=(), rng=e.rng)


def _drew(state: S, e: ev.Drew) -> S:
    g = state.guilds[e.seat]
    return replace(state, deck=state.deck[1:], guilds=_guild(state, e.seat, hand=(*g.hand, e.card)))


def _attempted(state: S, e: ev.QuestAttempted) -> S:
    g = state.guilds[e.seat]
    supply = list(state.cycle_supply)
    for force in e.cycles:
        supply[FORCES.index(force)] += 1  # a cycle token used goes back to the supply
    held = e.quest in g.held
    guilds = _guild(
        state,
        e.seat,
        hand=_without(g.hand, e.cards),
        held=_less(g.held, e.quest) if held else g.held,
        used=(*g.used, *e.tiles),
        cycles=_without(g.cycles, e.cycles),
    )
    turn = replace(state.turn, quested=True) if state.turn is not None else None
    attempt = Attempt(
        seat=e.seat,
        quest=e.quest,
        cards=e.cards,
        tiles=e.tiles,
        cycles=e.cycles,
        at_start=e.at_start,
        held=held,
    )
    return replace(state, guilds=guilds, cycle_supply=tuple(supply), attempt=attempt, turn=turn)


def _opened(state: S, e: ev.ReactionOpened) -> S:
    return replace(state, window=open_window(e.seats, e.about, "no"), windows=state.windows + 1)


def _answered(state: S, e: ev.Answered) -> S:
    w = state.window
    window = replace(w, answers=(*w.answers, (e.seat, e.answer)))
    card = answer_card(e.answer)
    if not card:
        return replace(state, window=window)
    # A card offered in a reaction is set aside until the reaction resolves.
    g = state.guilds[e.seat]
    guilds = _guild(state, e.seat, hand=_less(g.hand, card))
    return replace(state, window=window, guilds=guilds)


def _closed(state: S, e: ev.ReactionClosed) -> S:
    """Every card offered goes back to its hand; the reaction that takes effect then discards
    its own (`Beheaded`, `Protected`, `Healed`, `Ambushed`)."""
    guilds = list(state.guilds)
    for seat, answer in state.window.answers:
        card = answer_card(answer)
        if card:
            guilds[seat] = replace(guilds[seat], hand=(*guilds[seat].hand, card))
    return replace(
        state,
        guilds=tuple(guilds),
        window=None,
        healing=() if e.about == "heal" else state.healing,
    )


def _beheaded(state: S, e: ev.Beheaded) -> S:
    g = state.guilds[e.seat]
    return replace(
        state,
        guilds=_guild(state, e.seat, hand=_less(g.hand, e.assassin)),
        discard=(*state.discard, e.assassin),
        attempt=replace(state.attempt, assassin=e.seat, victim=e.victim),
    )


def _protected(state: S, e: ev.Protected) -> S:
    g = state.guilds[e.seat]
    state = replace(
        state,
        guilds=_guild(state, e.seat, hand=_less(g.hand, e.warrior)),
        discard=(*state.discard, e.warrior),
    )
    if state.attempt is not None and state.attempt.victim:
        return replace(state, attempt=replace(state.attempt, assassin=-1, victim=""))
    user = state.guilds[state.ability.seat]
    return replace(
        state,
        guilds=_guild(state, state.ability.seat, hand=(*user.hand, *state.ability.give)),
        ability=replace(state.ability, denied=True, give=()),
    )


def _killed(state: S, e: ev.Killed) -> S:
    a = state.attempt
    cards = list(a.cards)
    i = cards.index(e.victim)
    if e.replacement:
        cards[i] = e.replacement
    else:
        del cards[i]
    g = state.guilds[e.seat]
    hand = _less(g.hand, e.replacement) if e.replacement else g.hand
    return replace(
        state,
        guilds=_guild(state, e.seat, hand=hand),
        discard=(*state.discard, e.victim),
        attempt=replace(a, cards=tuple(cards), victim="", assassin=-1),
    )


def _failed(state: S, e: ev.QuestFailed) -> S:
    g = state.guilds[e.seat]
    return replace(
        state,
        guilds=_guild(
            state,
            e.seat,
            hand=(*g.hand, *state.attempt.cards),
            held=(*g.held, e.quest) if state.attempt.held else g.held,
        ),
        attempt=replace(state.attempt, cards=(), held=False),
    )


def _fulfilled(state: S, e: ev.QuestFulfilled) -> S:
    level = load_pack().quests[e.quest].level - 1
    g = state.guilds[e.seat]
    rows, decks = state.rows, state.quest_decks
    row = rows[level]
    if e.quest in row:
        i = row.index(e.quest)
        rows = (*rows[:level], (*row[:i], e.refill, *row[i + 1 :]), *rows[level + 1 :])
        if e.refill:
            decks = (*decks[:level], decks[level][1:], *decks[level + 1 :])
    tiles, rewards = g.tiles, state.rewards
    if e.tile:
        tiles, rewards = (*tiles, e.tile), _less(rewards, e.tile)
    cycles, supply = g.cycles, state.cycle_supply
    if e.cycle:
        cycles = (*cycles, e.cycle)
        f = FORCES.index(e.cycle)
        supply = (*supply[:f], supply[f] - 1, *supply[f + 1 :])
    cards = state.attempt.cards
    guilds = _guild(
        state,
        e.seat,
        quests=(*g.quests, e.quest),
        tiles=tiles,
        cycles=cycles,
        points=g.points + e.points,
        influence=g.influence + e.influence,
    )
    return replace(
        state,
        guilds=guilds,
        rows=rows,
        quest_decks=decks,
        rewards=rewards,
        cycle_supply=supply,
        discard=(*state.discard, *cards),
        healing=cards,
        attempt=replace(state.attempt, cards=(), held=False),  # Heal may take a card back
        ending=state.ending or e.ending,
    )


def _healed(state: S, e: ev.Healed) -> S:
    g = state.guilds[e.seat]
    hand = (*_less(g.hand, e.cleric), e.card)
    return replace(
        state,
        guilds=_guild(state, e.seat, hand=hand),
        discard=(*_take_discard(state.discard, e.card), e.cleric),
    )


def _attempt_closed(state: S, e: ev.AttemptClosed) -> S:
    return replace(state, attempt=None)


def _activated(state: S, e: ev.AbilityActivated) -> S:
    g = state.guilds[e.seat]
    cls = load_pack().class_of[e.card]
    return replace(
        state,
        # A Mage's cards to give are set aside at once: they are no longer in the hand.
        guilds=_guild(state, e.seat, hand=_without(g.hand, (e.card, *e.give))),
        discard=(*state.discard, e.card),
        ability=Ability(
            seat=e.seat, card=e.card, cls=cls, target=e.target, give=e.give, level=e.level
        ),
    )


def _looked(state: S, e: ev.Looked) -> S:
    state = replace(state, ability=replace(state.ability, look=e.cards), rng=e.rng)
    if e.source == "deck":
        return replace(state, deck=state.deck[len(e.cards) :])
    if e.source == "quests":
        decks = list(state.quest_decks)
        decks[state.ability.level - 1] = decks[state.ability.level - 1][len(e.cards) :]
        return replace(state, quest_decks=tuple(decks))
    t = state.guilds[e.target]
    return replace(state, guilds=_guild(state, e.target, hand=_without(t.hand, e.cards)))


def _chosen(state: S, e: ev.Chosen) -> S:
    g = state.guilds[e.seat]
    state = replace(state, ability=replace(state.ability, look=()))
    if e.kind == "scout":
        return replace(
            state,
            guilds=_guild(state, e.seat, hand=(*g.hand, e.pick)),
            discard=(*state.discard, *e.rest),
        )
    if e.kind == "monk":
        decks = list(state.quest_decks)
        decks[e.level - 1] = (*decks[e.level - 1], *e.rest)
        return replace(
            state, guilds=_guild(state, e.seat, held=(*g.held, e.pick)), quest_decks=tuple(decks)
        )
    guilds = _guild(state, e.seat, hand=(*g.hand, e.pick))
    state = replace(state, guilds=guilds)
    t = state.guilds[e.target]
    discard = (*state.discard, e.drop) if e.drop else state.discard
    return replace(state, guilds=_guild(state, e.target, hand=(*t.hand, *e.rest)), discard=discard)


def _resurrected(state: S, e: ev.Resurrected) -> S:
    g = state.guilds[e.seat]
    return replace(
        state,
        guilds=_guild(state, e.seat, hand=(*g.hand, e.card)),
        discard=_take_discard(state.discard, e.card),
    )


def _transmuted(state: S, e: ev.Transmuted) -> S:
    g = state.guilds[e.seat]
    state = replace(
        state,
        guilds=_guild(state, e.seat, hand=(*g.hand, *e.taken)),
        ability=replace(state.ability, give=()),
        rng=e.rng,
    )
    t = state.guilds[e.target]
    hand = (*_without(t.hand, e.taken), *e.given)
    return replace(state, guilds=_guild(state, e.target, hand=hand))


def _ambushed(state: S, e: ev.Ambushed) -> S:
    g = state.guilds[e.seat]
    hand = (*_less(g.hand, e.hunter), e.card)
    return replace(
        state,
        guilds=_guild(state, e.seat, hand=hand),
        discard=(*_take_discard(state.discard, e.card), e.hunter),
    )


def _action_done(state: S, e: ev.ActionDone) -> S:
    return replace(state, ability=None, turn=replace(state.turn, step=END))


def _recruited(state: S, e: ev.Recruited) -> S:
    g = state.guilds[e.seat]
    return replace(
        state,
        guilds=_guild(state, e.seat, hand=_without(g.hand, e.cards), tiles=(*g.tiles, e.tile)),
        discard=(*state.discard, *e.cards),
        tavern=_less(state.tavern, e.tile),
        turn=replace(state.turn, step=END),
    )


def _passed(state: S, e: ev.Passed) -> S:
    return replace(state, guilds=_guild(state, e.seat, passed=True))


def _turn_ended(state: S, e: ev.TurnEnded) -> S:
    return replace(state, turn=replace(state.turn, step=DONE))


def _phase_ended(state: S, e: ev.PhaseEnded) -> S:
    guilds = tuple(replace(g, used=(), passed=False) for g in state.guilds)
    return replace(state, guilds=guilds, order=e.order, game_turn=e.game_turn)


def _game_ended(state: S, e: ev.GameEnded) -> S:
    return replace(state, result=e.result, phase=OVER, turn=None)


def _defaults(state: S, e: ev.DefaultsApplied) -> S:
    return state


# Each event type's rule (`evolve` looks them up; the decide context calls them directly).
APPLY: dict[type, Callable[[Any, Any], S]] = {
    ev.GameCreated: _created,
    ev.DraftDealt: _dealt,
    ev.Picked: _picked,
    ev.MainBegan: _main,
    ev.TurnBegan: _turn,
    ev.Reshuffled: _reshuffled,
    ev.Drew: _drew,
    ev.QuestAttempted: _attempted,
    ev.ReactionOpened: _opened,
    ev.Answered: _answered,
    ev.Beheaded: _beheaded,
    ev.Protected: _protected,
    ev.Killed: _killed,
    ev.QuestFailed: _failed,
    ev.QuestFulfilled: _fulfilled,
    ev.Healed: _healed,
    ev.ReactionClosed: _closed,
    ev.AttemptClosed: _attempt_closed,
    ev.AbilityActivated: _activated,
    ev.Looked: _looked,
    ev.Chosen: _chosen,
    ev.Resurrected: _resurrected,
    ev.Transmuted: _transmuted,
    ev.Ambushed: _ambushed,
    ev.ActionDone: _action_done,
    ev.Recruited: _recruited,
    ev.Passed: _passed,
    ev.TurnEnded: _turn_ended,
    ev.PhaseEnded: _phase_ended,
    ev.GameEnded: _game_ended,
    ev.DefaultsApplied: _defaults,
}


def evolve(state: S | None, event: ev.Event) -> S:
    """The state after `event`."""
    return APPLY[type(event)](state, event)
