"""What each audience may see: the public view (the channel) and each guild's view.

Public: the quest board (each quest's card), the quest decks' sizes, the tavern and the reward
recruits, the cycle supply, the discard pile (face up), the deck's size, the turn order, whose
turn it is and the open reaction (who is asked and who has answered, never what); each guild's
tableau (fulfilled quests, shields, recruits and which are used, cycle tokens, influence, points),
its hand's size, the packs it holds and the quests it keeps (counts only). A guild sees besides
its hand, the cards of the packs it holds, the quests it keeps, what its ability shows it (or
what a Rogue took from it), its own answer to the open reaction and, in its turn, the proposed
assignment of each quest it can fulfil.
"""

from __future__ import annotations

from collections import Counter

import msgspec

from engine.core.game import Audience, Seat
from games.guildmasters.rules.commands import Fulfil
from games.guildmasters.rules.content import load_pack
from games.guildmasters.rules.quests import Supply, available
from games.guildmasters.rules.scoring import forces
from games.guildmasters.rules.state import (
    END,
    MAIN,
    START,
    GuildmastersState,
    Result,
    answer_card,
)


class QuestCard(msgspec.Struct, frozen=True):
    slug: str
    number: int
    name: str
    level: int
    requires: tuple[str, ...]
    shield: str
    points: int
    recruit: str
    cycle: str


class Tableau(msgspec.Struct, frozen=True):
    seat: int
    hand: int  # cards in hand
    packs: int  # draft packs waiting
    picks: int
    held: int  # quests kept by Ajna
    quests: tuple[str, ...]
    shields: tuple[str, ...]
    tiles: tuple[str, ...]
    used: tuple[str, ...]
    cycles: tuple[str, ...]
    forces: tuple[tuple[str, int], ...]
    influence: int
    points: int
    passed: bool


class Reaction(msgspec.Struct, frozen=True):
    about: str
    asked: tuple[int, ...]
    answered: tuple[int, ...]


class InPlay(msgspec.Struct, frozen=True):
    """The quest being fulfilled or the ability being used, as the table sees it."""

    seat: int
    quest: str = ""
    cards: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    cycles: tuple[str, ...] = ()
    victim: str = ""
    ability: str = ""
    target: int = -1
    looking: int = 0  # how many cards its user is looking at


class PublicView(msgspec.Struct, frozen=True):
    players: int
    phase: str
    game_turn: int
    direction: str
    order: tuple[int, ...]
    turn: int  # whose turn (-1 in the draft)
    step: str
    rows: tuple[tuple[QuestCard | None, ...], ...]
    quest_decks: tuple[int, ...]
    tavern: tuple[str, ...]
    rewards: tuple[str, ...]
    cycle_supply: tuple[int, int, int]
    deck: int
    discard: tuple[str, ...]
    guilds: tuple[Tableau, ...]
    reaction: Reaction | None
    quest: InPlay | None
    ability: InPlay | None
    ending: bool
    result: Result | None


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    table: PublicView
    hand: tuple[str, ...]
    packs: tuple[tuple[str, ...], ...]
    held: tuple[QuestCard, ...]
    looking: tuple[str, ...]  # cards or quests an ability shows this guild
    answer: str  # this guild's answer to the open reaction ("" while none)
    # In its own turn, while it may still fulfil a quest: for each quest it can fulfil, the
    # assignment the rules propose (recruits first, then cards, stand-ins, cycle tokens; every
    # Bard added), for the player to send or adjust.
    proposals: tuple[Fulfil, ...] = ()


def quest_card(slug: str) -> QuestCard:
    q = load_pack().quests[slug]
    return QuestCard(
        slug=q.slug,
        number=q.number,
        name=q.name,
        level=q.level,
        requires=q.requires,
        shield=q.shield,
        points=q.points,
        recruit=q.recruit,
        cycle=q.cycle,
    )


def public_view(state: GuildmastersState) -> PublicView:
    pack = load_pack()
    # A card offered in a reaction is set aside, but the table must not see a hand shrink: it
    # would tell who said yes before the reaction resolves.
    offered = Counter(
        s for s, a in (state.window.answers if state.window else ()) if answer_card(a)
    )
    guilds = tuple(
        Tableau(
            seat=s,
            hand=len(g.hand) + offered[s],
            packs=len(g.packs),
            picks=g.picks,
            held=len(g.held),
            quests=g.quests,
            shields=tuple(pack.quests[q].shield for q in g.quests),
            tiles=g.tiles,
            used=g.used,
            cycles=g.cycles,
            forces=tuple(forces(state, s).items()),
            influence=g.influence,
            points=g.points,
            passed=g.passed,
        )
        for s, g in enumerate(state.guilds)
    )
    w = state.window
    reaction = None
    if w is not None:
        reaction = Reaction(about=w.about, asked=w.seats, answered=tuple(s for s, _ in w.answers))
    a = state.attempt
    quest = None
    if a is not None:
        quest = InPlay(
            seat=a.seat,
            quest=a.quest,
            cards=a.cards,
            tiles=a.tiles,
            cycles=a.cycles,
            victim=a.victim,
        )
    ab = state.ability
    ability = None
    if ab is not None:
        ability = InPlay(seat=ab.seat, ability=ab.cls, target=ab.target, looking=len(ab.look))
    turn = state.turn
    return PublicView(
        players=state.players,
        phase=state.phase,
        game_turn=state.game_turn,
        direction="left" if state.direction == 1 else "right",
        order=state.order,
        turn=turn.seat if turn is not None and state.phase == "main" else -1,
        step=turn.step if turn is not None and state.phase == "main" else "",
        rows=tuple(tuple(quest_card(q) if q else None for q in row) for row in state.rows),
        quest_decks=tuple(len(d) for d in state.quest_decks),
        tavern=state.tavern,
        rewards=state.rewards,
        cycle_supply=state.cycle_supply,
        deck=len(state.deck),
        discard=state.discard,
        guilds=guilds,
        reaction=reaction,
        quest=quest,
        ability=ability,
        ending=state.ending,
        result=state.result,
    )


def seat_view(state: GuildmastersState, seat: int) -> SeatView:
    g = state.guilds[seat]
    ab = state.ability
    looking: tuple[str, ...] = ()
    if ab is not None and (ab.seat == seat or (ab.cls == "rogue" and ab.target == seat)):
        looking = ab.look
    answer = ""
    if state.window is not None:
        answer = next((a for s, a in state.window.answers if s == seat), "")
    proposals: tuple[Fulfil, ...] = ()
    turn = state.turn
    if (
        state.phase == MAIN
        and turn is not None
        and turn.seat == seat
        and not turn.quested
        and turn.step in (START, END)
        and state.window is None
        and state.ability is None
        and state.attempt is None
        and not g.passed
    ):
        supply = Supply(state, seat)
        found = (supply.propose(q) for q in available(state, seat))
        proposals = tuple(p for p in found if p is not None)
    return SeatView(
        seat=seat,
        table=public_view(state),
        hand=g.hand,
        packs=g.packs,
        held=tuple(quest_card(q) for q in g.held),
        looking=looking,
        answer=answer,
        proposals=proposals,
    )


def view(state: GuildmastersState, audience: Audience) -> PublicView | SeatView:
    if isinstance(audience, Seat):
        return seat_view(state, audience.seat)
    return public_view(state)
