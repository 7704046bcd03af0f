"""Every message of whole games between random players (2, 4 and 6 players), made from views as
the bot core makes them: each fits Discord's limits; public messages never name a card that is
not built; a player's DMs never name a card of another player's hand it has not seen; the
channel's narration is one block per turn and tells trades by their counts only."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from functools import cache

import pytest

from bot.presentation import Line, Post
from bot.render.ui import Message
from engine.core import offers as of
from engine.core.game import PUBLIC, Seat
from games.town import GAME
from games.town.presentation import PRESENTATION
from games.town.presentation.tests.tables import NAMES, Step, playout, texts
from games.town.presentation.words import KINDS, seat_names
from games.town.rules import events as ev
from games.town.rules.cards import load_cards
from games.town.rules.state import TownState

PACK = load_cards()
# Any card's name as a whole word (case matters: "Pub" is no card in "Public Health"); longer
# names first, so that a name inside a longer one is read as the longer card.
NAMED = re.compile(
    r"(?<!\w)("
    + "|".join(re.escape(c.name) for c in sorted(PACK.cards.values(), key=lambda c: -len(c.name)))
    + r")(?!\w)"
)
SLUG = {card.name: slug for slug, card in PACK.cards.items()}
GAMES = [(2, 11), (4, 12), (6, 13)]
DEFAULTS_EVERY = {4: 7}  # in the 4-player game a deadline passes now and then


def shown_names(players: int) -> tuple[str, ...]:
    """The players' names as messages show them (a long one shortened)."""
    return seat_names(NAMES[:players], players)


@cache
def named(text: str) -> frozenset[str]:
    """The slugs of the cards `text` names."""
    return frozenset(SLUG[m] for m in NAMED.findall(text))


def with_partners(cards: set[str]) -> set[str]:
    """`cards` and the partners their bonuses name (card data, public to all)."""
    return cards | {PACK.bonus[c][0] for c in cards if c in PACK.bonus}


@dataclass
class Shown:
    """What one update shows: in the channel, and to each seat."""

    step: Step
    lines: list[Line] = field(default_factory=list)
    public: list[Message] = field(default_factory=list)
    transcript: list[str] = field(default_factory=list)
    dms: dict[int, list[Message]] = field(default_factory=dict)


async def _show(step: Step) -> Shown:
    shown = Shown(step)
    p = PRESENTATION
    for action in await p.channel(step.seen(PUBLIC), pictures=False):
        if isinstance(action, Line):
            shown.lines.append(action)
        else:
            assert isinstance(action, Post)
            shown.public.append(action.message)
    shown.transcript = p.transcript(step.seen(PUBLIC))
    shown.public += [p.status(step.table(PUBLIC)), await p.board(step.table(PUBLIC), False)]
    for seat in range(step.after.players):
        table = step.table(Seat(seat))
        dms = [a.message for a in await p.seat(step.seen(Seat(seat)), False)]  # type: ignore[union-attr]
        dms.append(await p.hand(table, False))
        dms += [m for d in table.decisions if (m := p.prompt(table, d)) is not None]
        reply = await p.decide(table)
        assert reply.message is not None and reply.ephemeral
        dms.append(reply.message)
        shown.dms[seat] = dms
    return shown


@cache
def game(players: int, seed: int) -> tuple[Shown, ...]:
    """Every update of a random game, with what it shows (made once per game)."""

    async def run() -> tuple[Shown, ...]:
        steps = playout(players, seed, DEFAULTS_EVERY.get(players, 0))
        return tuple([await _show(step) for step in steps])

    return asyncio.run(run())


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_message_fits_discords_limits(players, seed):
    count = 0
    for shown in game(players, seed):
        for message in shown.public + [m for dms in shown.dms.values() for m in dms]:
            message.check()
            count += 1
        for line in shown.lines:
            assert 0 < len(line.text) <= 2000 and len(line.title) <= 256
    assert count > 300 * players


def _known(state: TownState, seat: int) -> set[str]:
    """The cards `seat` may know of in `state`: its hand and discards, every town, and the cards
    of the offers it is party to."""
    cards = set(state.hands[seat]) | set(state.discards[seat])
    cards |= {c for town in state.towns for c in town}
    for o in state.offers:
        if seat in of.parties(o):
            cards |= set(o.gives) | set(o.asks)
    return cards


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_public_messages_name_only_built_cards(players, seed):
    """Hands, the deck, face-down discards and the cards of offers and trades are secret: the
    channel, status, board and transcript name only cards that are built."""
    names_checked = 0
    for shown in game(players, seed):
        built = {c for town in shown.step.after.towns for c in town}
        public = [texts(m) for m in shown.public]
        public += [f"{line.title}\n{line.text}" for line in shown.lines] + shown.transcript
        for text in public:
            leaked = named(text) - built
            assert not leaked, (leaked, text)
            names_checked += len(named(text))
    assert names_checked > 0, "the public messages named no built card at all"


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_a_players_dms_name_only_cards_it_knows(players, seed):
    """A seat's DMs (update DMs, hand, prompts, /gm decide) name its own cards, built cards, the
    cards of offers it is party to, and the bonus partners those cards name — never another
    seat's hand. (The offer builder's asking list names every unbuilt card of a category, which
    says nothing about hands: checked in test_controls.)"""
    known: dict[int, set[str]] = {s: set() for s in range(players)}
    hand_cards_named = 0
    for shown in game(players, seed):
        for state in shown.step.states:
            for seat in known:
                known[seat] |= _known(state, seat)
        for seat, dms in shown.dms.items():
            allowed = with_partners(known[seat])
            for message in dms:
                text = texts(message, skip=("ask",))
                leaked = named(text) - allowed
                assert not leaked, (seat, leaked, text)
                hand_cards_named += len(named(text) & set(shown.step.after.hands[seat]))
    assert hand_cards_named > 0, "the DMs never named the player's own cards"


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_channel_has_one_block_per_turn(players, seed):
    turns = set()
    for shown in game(players, seed):
        order = shown.step.after.turn.order
        for line in shown.lines:
            if line.block == "start":
                assert line.title == "Founders' Town begins"
                continue
            number = int(line.block.removeprefix("turn:"))
            player = shown_names(players)[order[(number - 1) % players]]
            assert line.title == f"Turn {number} — {player}"
            turns.add(number)
    assert turns == set(range(1, max(turns) + 1))


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_trades_are_told_by_counts_and_builds_by_cards_and_points(players, seed):
    trades = builds = 0
    for shown in game(players, seed):
        text = "\n".join(line.text for line in shown.lines)
        for e in shown.step.events:
            if isinstance(e, ev.OfferAccepted):
                trades += 1
                assert (
                    f"Trade (offer {e.offer}): {shown_names(players)[e.by]} gives" in text
                    and f"gives {e.give_count} card" in text
                    and f"gets {e.ask_count} card" in text
                )
            if isinstance(e, ev.CardsBuilt) and e.cards:
                builds += 1
                assert all(PACK.name(c) in text for c in e.cards)
                assert re.search(r"\+\d+ points?", text)
    assert builds > 0


def test_a_game_with_trades_tells_them():
    """At least one of the games above has trades, so the counts check ran."""
    found = sum(
        isinstance(e, ev.OfferAccepted)
        for players, seed in GAMES
        for shown in game(players, seed)
        for e in shown.step.events
    )
    assert found > 0


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_the_end_posts_the_ranking(players, seed):
    last = game(players, seed)[-1]
    final = [m for m in last.public if m.embeds and "wins Founders' Town" in m.embeds[0].title]
    assert len(final) == 1
    ranking = last.step.after.result.ranking
    names = shown_names(players)
    assert final[0].embeds[0].title == f"{names[ranking[0]]} wins Founders' Town!"
    body = final[0].embeds[0].description
    places = [body.index(f"{place}. **{names[s]}**") for place, s in enumerate(ranking, 1)]
    assert places == sorted(places)
    for seat, dms in last.dms.items():
        place = ranking.index(seat) + 1
        assert any(f"you finish {place}" in texts(m) for m in dms)


def test_dms_tell_a_player_its_draws_and_the_start_of_its_turn():
    for shown in game(4, 12):
        for e in shown.step.events:
            if isinstance(e, ev.CardsDrawn) and e.count:
                dm = texts(shown.dms[e.seat][0])
                assert all(PACK.name(c) in dm for c in e.cards)
            if isinstance(e, ev.TurnEnded):
                assert f"Your turn {e.turn + 1} begins" in texts(shown.dms[e.next_seat][0])


def test_status_names_whom_the_game_waits_for():
    for shown in game(4, 12)[1:60]:
        status = texts(PRESENTATION.status(shown.step.table(PUBLIC)))
        names = shown_names(4)
        for d in GAME.pending(shown.step.after):
            assert f"{names[d.seat]} ({KINDS[d.kind]})" in status


def test_defaults_applied_are_told():
    told = 0
    for shown in game(4, 12):
        for e in shown.step.events:
            if isinstance(e, ev.DefaultsApplied):
                who = shown_names(4)[e.seats[0]]
                assert any(
                    line.text.startswith(f"Time is up for {who}: the default applies (")
                    for line in shown.lines
                )
                assert "the game answered for you" in texts(shown.dms[e.seats[0]][0])
                told += 1
    assert told > 10
