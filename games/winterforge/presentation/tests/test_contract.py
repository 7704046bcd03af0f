"""The presentation as the bot core meets it: every member of the contract, the rules topics,
decision kinds, seat names, the card look-up, the lobby, deadlines, `/gm decide`, and a turn's
one prompt (posted when the turn begins, edited after)."""

from __future__ import annotations

import dataclasses
import inspect
from datetime import UTC, datetime

from bot.chat.notifier import decision_id
from bot.presentation import Presentation
from engine.core.game import PUBLIC, Seat
from games.winterforge import GAME
from games.winterforge.presentation import PRESENTATION
from games.winterforge.presentation.tests.tables import new_game, table, texts
from games.winterforge.rules import commands as cm
from games.winterforge.rules.content import load_pack
from games.winterforge.tests.table import table as lay_out

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
    assert {"overview", "turn", "precincts", "prime", "forging", "end", "variants"} == set(P.topics)
    assert all(50 < len(text) <= 2000 for text in P.topics.values())
    assert set(P.kinds) == set(GAME.deadline_kinds)
    assert P.lobby_lines({}) == ["Alleyways: none (the base game)"]
    assert P.lobby_lines({"shrine": True, "runesmith": True, "thieves_guild": False}) == [
        "Alleyways: Shrine of Thommag and Runesmith"
    ]


def test_seat_names():
    state = lay_out(players=4)
    t = dataclasses.replace(table(state, PUBLIC), names=("Ana", "", "Ana", "x" * 40))
    assert [P.seat_name(t, s) for s in range(4)] == [
        "Ana (1)",
        "Player 2",
        "Ana (3)",
        "x" * 31 + "…",
    ]


def test_every_card_can_be_looked_up_by_slug_or_name():
    named = [
        *PACK.guilds.values(),
        *PACK.contracts.values(),
        *PACK.royals.values(),
        *PACK.crew.values(),
        *PACK.loans.values(),
        *PACK.runes.values(),
        *PACK.events.values(),
    ]
    for card in named:
        text = P.card(card.slug)
        assert text is not None and text == P.card(card.name.upper()), card.slug
        assert card.name in text
    for c in PACK.components.values():
        text = P.card(c.slug)
        assert text is not None and c.name in text and f"L{c.level} {c.material}" in text
    assert "forge 8" in P.card("Alehouse Cleaver")
    assert P.card("no such card") is None and P.card("") is None


def test_card_names_suggest_starts_then_matches():
    assert P.card_names("bog")[0] == ("Bog Iron", "bog-iron")
    assert len(P.card_names("")) == 25
    assert P.card_names("zzz") == []
    assert len({value for _, value in P.card_names("rune")}) == len(P.card_names("rune"))


def test_deadlines_show_as_discord_timestamps():
    state = lay_out(players=3)
    t = dataclasses.replace(table(state, Seat(0)), due=DUE)
    prompt = P.prompt(t, t.decisions[0])
    assert prompt is not None
    stamp = f"<t:{int(DUE.timestamp())}:R>"
    absolute = f"<t:{int(DUE.timestamp())}:f>"
    assert f"Answer {stamp} ({absolute}); after that, your turn ends." in texts(prompt)
    status = P.status(dataclasses.replace(table(state, PUBLIC), due=DUE, paused=True))
    assert f"{stamp} ({absolute})" in texts(status) and "**paused**" in texts(status)


def test_a_turn_has_one_prompt_posted_when_it_begins():
    state = lay_out(players=3)
    t = table(state, Seat(0))
    assert P.prompt(t, t.decisions[0]) is not None
    # After an action the decision is the same (its context names the turn, not the actions
    # taken), so the core does not ask again: the answer to the click edited the prompt. The
    # next turn is a new decision, even when a solo guild ended its turn without acting.
    later = GAME.execute(state, cm.Move(seat=0, to="market"))[1]
    t = table(later, Seat(0))
    assert t.decisions[0].context == {"turn": state.turn.number}
    assert decision_id(t.decisions[0]) == decision_id(table(state, Seat(0)).decisions[0])
    solo = lay_out(players=1)
    ended = GAME.execute(solo, cm.EndTurn(seat=0))[1]
    assert decision_id(GAME.pending(ended)[0]) != decision_id(GAME.pending(solo)[0])


async def test_gm_decide():
    state = new_game(3, 5).after
    reply = await P.decide(table(state, Seat(2)))
    assert reply.message.embeds[0].title == "Choose your Royal Contract"
    playing = lay_out(players=3)
    reply = await P.decide(table(playing, Seat(0)))
    assert reply.message.embeds[0].title.startswith("Round 1 — your turn")
    # Mid-turn too: the menu as it stands.
    later = GAME.execute(playing, cm.Move(seat=0, to="market"))[1]
    reply = await P.decide(table(later, Seat(0)))
    assert "action 2 of 3" in reply.message.embeds[0].title
    reply = await P.decide(table(playing, Seat(1)))
    assert reply.message.content == "Nothing is asked of you now: it is Ana's turn."


async def test_board_and_hand():
    state = lay_out(
        players=3, guild=[{"seat": 0, "hand": ["alehouse-cleaver"], "stockpile": ["bog-iron-1"]}]
    )
    board = await P.board(table(state, PUBLIC), False)
    text = texts(board)
    assert "Job track" in text and "Market" in text and "Tavern" in text and "Bank" in text
    assert "Alehouse Cleaver" not in text  # in Ana's hand: secret
    hand = await P.hand(table(state, Seat(0)), False)
    assert "Alehouse Cleaver" in texts(hand) and "lacks timber" in texts(hand)
    pictured = await P.board(table(state, PUBLIC), True)
    assert [name for name, _ in pictured.files] == ["board.png"]
    sheet = await P.hand(table(state, Seat(0)), True)
    assert [name for name, _ in sheet.files] == ["sheet.png"]
