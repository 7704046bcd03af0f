"""The presentation as the bot core meets it: every member of the contract, the rules topics,
decision kinds, seat names, the card look-up, deadlines, and `/gm decide`."""

from __future__ import annotations

import dataclasses
import inspect
from datetime import UTC, datetime

from bot.presentation import Presentation
from engine.core.game import PUBLIC, Seat
from games.town import GAME
from games.town.presentation import PRESENTATION
from games.town.presentation.tests.tables import FakeAsk, table, texts
from games.town.rules.cards import load_cards
from games.town.rules.commands import Propose
from games.town.rules.pending import KINDS
from games.town.rules.state import DISCARD, DRAW1, TRADE1
from games.town.tests.table import table as lay_out

PACK = load_cards()
P = PRESENTATION
DUE = datetime(2030, 5, 17, 12, 0, tzinfo=UTC)


def test_it_has_every_member_of_the_contract():
    for name in Presentation.__annotations__:
        assert hasattr(P, name), name
    for name, fn in inspect.getmembers(Presentation, inspect.isfunction):
        if not name.startswith("_"):
            mine = getattr(P, name)
            assert inspect.iscoroutinefunction(mine) == inspect.iscoroutinefunction(fn), name
    assert P.game == GAME.name and P.seat_word == "player"
    assert P.lobby_lines({}) == []
    assert [c.name for c in P.commands] == ["trade"] and P.commands[0].seated


def test_topics_and_kinds():
    assert set(P.topics) == {"overview", "turn", "trading", "building", "scoring", "end"}
    assert all(50 < len(text) <= 2000 for text in P.topics.values())
    assert set(P.kinds) == set(KINDS.values()) | {"offer"} == set(GAME.deadline_kinds)


def test_seat_names():
    state = lay_out(4)
    t = dataclasses.replace(table(state, PUBLIC), names=("Ana", "", "Ana", "x" * 40))
    assert [P.seat_name(t, s) for s in range(4)] == [
        "Ana (1)",
        "Player 2",
        "Ana (3)",
        "x" * 31 + "…",
    ]


def test_every_card_can_be_looked_up_by_slug_or_name():
    for slug, card in PACK.cards.items():
        text = P.card(slug)
        assert text is not None and text == P.card(card.name.upper())
        assert card.name in text and card.resources in text and card.text in text
        if card.bonus is not None:
            assert PACK.name(card.bonus.card) in text
    assert P.card("kings highway") == P.card("Kings-Highway")
    assert P.card("no such place") is None and P.card("") is None
    cross_roads = P.card("Cross Roads")
    assert "Earns the bonus of" in cross_roads and "Trade Route (+1 T)" in cross_roads


def test_card_names_suggest_starts_then_matches():
    assert P.card_names("trade")[0] == ("Trade Route", "trade-route")
    found = P.card_names("mine")
    assert ("Gold Mine", "gold-mine") in found and ("Iron Mine", "iron-mine") in found
    assert len(P.card_names("")) == 25
    assert P.card_names("zzz") == []


def test_deadlines_show_as_discord_timestamps():
    state = lay_out(3, hands={0: ["quarry"]}, stage=DISCARD)
    t = dataclasses.replace(table(state, Seat(0)), due=DUE)
    prompt = P.prompt(t, t.decisions[0])
    stamp = f"<t:{int(DUE.timestamp())}:R>"
    absolute = f"<t:{int(DUE.timestamp())}:f>"
    assert f"Answer {stamp} ({absolute}); after that, you discard nothing." in texts(prompt)
    status = P.status(dataclasses.replace(table(state, PUBLIC), due=DUE, paused=True))
    assert f"{stamp} ({absolute})" in texts(status) and "**paused**" in texts(status)
    assert "Waiting for: Ana (what to discard)." in texts(status)


async def test_gm_decide():
    # The current player's decision; somebody else has nothing to decide outside trading.
    state = lay_out(3, hands={0: ["quarry"], 1: ["moat"]}, stage=DRAW1)
    reply = await P.decide(table(state, Seat(0)))
    assert reply.ephemeral and reply.message.embeds[0].title == "Turn 1 — your draw"
    reply = await P.decide(table(state, Seat(1)))
    assert reply.message.content == "Nothing is asked of you now: it is Ana's First Draw Phase."
    # While Ana trades, the others get the offer builder (offers to Ana only).
    trading = lay_out(3, hands={0: ["quarry"], 1: ["moat"], 2: ["temple"]}, stage=TRADE1)
    reply = await P.decide(table(trading, Seat(1)))
    assert "**To:** Ana" in texts(reply.message)
    # Two offers wait for Bo: the first is shown, and he is told of the second.
    ask = FakeAsk(trading, 0)
    await ask.act(Propose(seat=0, to=(1,), gives=("quarry",), asks=("moat",)))
    ask.seat = 2
    await ask.act(Propose(seat=2, to=(0,), gives=("temple",), asks=("quarry",)))
    ask.seat = 0
    await ask.act(Propose(seat=0, to=(1, 2), gives=("quarry",), asks=("shrine",)))
    t = table(ask.state, Seat(1))
    assert [d.kind for d in t.decisions] == ["offer", "offer"]
    reply = await P.decide(t)
    assert reply.message.content.startswith("You have 2 decisions to make")
    assert reply.message.embeds[0].title == "Offer 1 from Ana"
