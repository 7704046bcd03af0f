"""The presentation as the bot core meets it: every member of the contract, the rules topics,
decision kinds, seat names, the card look-up, deadlines, `/gm decide`, status, board and hand."""

from __future__ import annotations

import dataclasses
import inspect
from datetime import UTC, datetime

from bot.presentation import Presentation
from engine.core.game import PUBLIC, Seat
from games.guildmasters import GAME
from games.guildmasters.presentation import PRESENTATION
from games.guildmasters.presentation.tests.tables import new_game, table, texts
from games.guildmasters.rules.content import load_pack
from games.guildmasters.tests.table import table as lay_out

PACK = load_pack()
P = PRESENTATION
DUE = datetime(2030, 5, 17, 12, 0, tzinfo=UTC)


def test_it_has_every_member_of_the_contract():
    for name in Presentation.__annotations__:
        assert hasattr(P, name), name
    for name, fn in inspect.getmembers(Presentation, inspect.isfunction):
        if not name.startswith("_"):
            mine = getattr(P, name)
            assert inspect.iscoroutinefunction(mine) == inspect.iscoroutinefunction(fn), name
    assert P.game == GAME.name and P.seat_word == "guild"
    # No command beyond the core's: no group of its own.
    assert P.commands == () and P.command_group == ""
    assert not P.forms and not P.channel_controls and not P.modal_openers


def test_topics_kinds_and_lobby():
    assert {"overview", "draft", "turn", "quests", "reactions", "end"} == set(P.topics)
    assert all(50 < len(text) <= 2000 for text in P.topics.values())
    # Every deadline kind and every decision kind the rules name has a word.
    assert set(GAME.deadline_kinds) | {"choose", "behead", "protect", "ambush", "heal"} <= set(
        P.kinds
    )
    assert P.lobby_lines({}) == []


def test_seat_names():
    state = lay_out(players=4)
    t = dataclasses.replace(table(state, PUBLIC), names=("Ana", "", "Ana", "x" * 40))
    assert [P.seat_name(t, s) for s in range(4)] == [
        "Ana (1)",
        "Guild 2",
        "Ana (3)",
        "x" * 31 + "…",
    ]


def test_every_class_and_quest_can_be_looked_up():
    for c in PACK.classes.values():
        text = P.card(c.slug)
        assert text is not None and text == P.card(c.name.upper())
        assert c.ability in text and c.name in text
    for q in PACK.quests.values():
        text = P.card(q.name)
        assert text is not None and q.name in text and f"level {q.level}" in text
    assert "Stands in on quests for: Warrior, Cleric" in P.card("monk")
    assert P.card("no such card") is None and P.card("") is None
    assert P.card_names("war")[0] == ("Warrior", "warrior")
    assert len(P.card_names("")) == 25 and P.card_names("zzz") == []


def test_deadlines_show_as_discord_timestamps():
    state = new_game(3, 5).after
    t = dataclasses.replace(table(state, Seat(0)), due=DUE)
    prompt = P.prompt(t, t.decisions[0])
    assert prompt is not None
    stamp = f"<t:{int(DUE.timestamp())}:R> (<t:{int(DUE.timestamp())}:f>)"
    assert f"Answer {stamp}; after that, the " in texts(prompt)
    status = P.status(dataclasses.replace(table(state, PUBLIC), due=DUE, paused=True))
    assert stamp in texts(status) and "**paused**" in texts(status)


async def test_gm_decide():
    state = new_game(3, 5).after
    reply = await P.decide(table(state, Seat(2)))
    assert reply.message.embeds[0].title.endswith("draft pick 1")
    playing = lay_out(players=3, guild=[{"seat": 0, "hand": ["scout-1"]}])
    reply = await P.decide(table(playing, Seat(0)))
    assert "your turn: one action" in reply.message.embeds[0].title
    reply = await P.decide(table(playing, Seat(1)))
    assert reply.message.content.startswith("Nothing is asked of you now")


async def test_board_and_hand():
    state = lay_out(
        players=3,
        guild=[{"seat": 0, "hand": ["necromancer-1", "bard-2"], "tiles": ["r-mage-1"]}],
    )
    board = await P.board(table(state, PUBLIC), False)
    text = texts(board)
    assert "Level 1" in text and "Tavern" in text and "Cycle tokens left" in text
    assert "Necromancer" not in text.split("**Ana**")[1].split("\n")[0]  # a hand is secret
    hand = await P.hand(table(state, Seat(0)), False)
    assert "Necromancer — Resurrect" in texts(hand) and "Bard" in texts(hand)
    pictured = await P.board(table(state, PUBLIC), True)
    assert [name for name, _ in pictured.files] == ["board.png", "tableaux.png"]
    mine = await P.hand(table(state, Seat(0)), True)
    assert [name for name, _ in mine.files] == ["tableau.png"]
    watcher = await P.hand(table(state, PUBLIC), False)
    assert "You play no guild" in watcher.content
