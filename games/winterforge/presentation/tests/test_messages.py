"""Messages: the channel's narration (a block per turn, the forge with its dice, the board and
forges as pictures, the final scoring), status, each guild's DMs; and secrecy across whole games
played by built-in players: the channel never names a Contract in a guild's hand or a Royal
Contract not yet forged, never tells a Faith token's value, and a guild's DMs never name another
guild's secrets."""

from __future__ import annotations

import re

import pytest

from bot.presentation import Line, Post
from engine.core.game import PUBLIC, Seat
from games.winterforge import GAME
from games.winterforge.presentation import PRESENTATION
from games.winterforge.presentation.tests.tables import playout, step, table, texts
from games.winterforge.rules import commands as cm
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.state import WinterforgeState
from games.winterforge.tests.table import dice
from games.winterforge.tests.table import table as lay_out

P = PRESENTATION
PACK = load_pack()
EVERY_ALLEYWAY = {"shrine": True, "auction_house": True, "thieves_guild": True, "runesmith": True}


def secrets(state: WinterforgeState) -> dict[str, str]:
    """Name -> slug of every Contract nobody but its holder may know of now: in a hand, dealt
    as a Royal Contract, or kept as one and not yet forged."""
    out = {}
    for g in state.guilds:
        for slug in g.hand:
            out[PACK.contracts[slug].name] = slug
        for slug in g.royal_offer:
            out[PACK.royals[slug].name] = slug
        shown = g.royal_done or any(w.contract == g.royal for w in g.started)
        if g.royal and not shown:
            out[PACK.royals[g.royal].name] = g.royal
    return out


def said(actions) -> str:
    parts = []
    for a in actions:
        if isinstance(a, Line):
            parts += [a.title, a.text]
        elif isinstance(a, Post):
            parts.append(texts(a.message))
    return "\n".join(parts)


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(3, {}, 1), (2, {}, 4), (5, {}, 2), (1, {}, 3), (6, {}, 1), (4, EVERY_ALLEYWAY, 2)],
)
async def test_no_secret_reaches_the_channel_or_another_guild(players, options, seed):
    kinds = set()
    for s in playout(players, seed, options, defaults_every=17):
        hidden = secrets(s.after)
        held = {
            seat: {PACK.contracts[c].name for c in g.hand} | ({PACK.royals[g.royal].name}
                   if g.royal else set())
            for seat, g in enumerate(s.after.guilds)
        }  # fmt: skip
        public = s.seen(PUBLIC)
        text = said(await P.channel(public, False)) + "\n" + "\n".join(P.transcript(public))
        assert not [n for n in hidden if n in text], (s.events, text)
        assert not re.search(r"Faith[^\n]*\d", text), text
        for seat in range(players):
            mine = said(await P.seat(s.seen(Seat(seat)), False))
            others = set().union(*(held[o] for o in held if o != seat))
            assert not [n for n in others if n in mine and n in hidden], mine
        kinds |= {type(e).__name__ for e in s.events}
    assert "GameEnded" in kinds


async def test_a_turn_is_one_block_and_a_forge_shows_its_dice():
    state = dice(
        lay_out(
            players=3,
            guild=[
                {
                    "seat": 0,
                    "at": "forge",
                    "hand": ["alehouse-cleaver"],
                    "stockpile": ["bog-iron-1", "pine-haft-1"],
                    "crew": ["nim-the-haggler"],
                    "coin": 2,
                }
            ],
        ),
        4,
        3,
    )
    forge = cm.Forge(seat=0, contract="alehouse-cleaver", components=("bog-iron-1", "pine-haft-1"))
    events, _ = GAME.execute(state, forge)
    s = step(state, events, 0, forge)
    actions = await P.channel(s.seen(PUBLIC), True)
    lines = [a for a in actions if isinstance(a, Line)]
    assert {a.block for a in lines} == {"turn:1"} and lines[0].title == "Round 1 — Ana"
    assert lines[0].text == (
        "Ana forges **Alehouse Cleaver**: d4 **4** + d4 **3** + skill 3 = **10** vs 8 — success!"
    )
    assert lines[1].text == (
        "Ana completes Alehouse Cleaver: 3 Coin, Weapons +1, 1 Coin of Crew upkeep."
    )
    pictures = [name for a in actions if isinstance(a, Post) for name, _ in a.message.files]
    assert pictures == ["forge.png"]
    dm = await P.seat(s.seen(Seat(0)), True)
    assert "Your forge: **Alehouse Cleaver**: d4 **4** + d4 **3**" in texts(dm[0].message)
    assert [name for name, _ in dm[0].message.files] == ["forge.png"]
    # A failure: the Work token is told.
    failing = dice(state, 1, 1)
    events, _ = GAME.execute(failing, forge)
    lines = [a for a in await P.channel(step(failing, events, 0).seen(PUBLIC), False)]
    assert lines[0].text.endswith("= **5** vs 8 — falls short; 1 Work token on it for next time.")


async def test_taking_contracts_is_told_as_a_count():
    state = lay_out(players=3, guild=[{"seat": 0, "at": "guildhall"}])
    track = state.job_track
    take = cm.TakeContracts(seat=0, contracts=(track[0], track[1]), prime=False)
    events, _ = GAME.execute(state, take)
    text = said(await P.channel(step(state, events, 0).seen(PUBLIC), False))
    assert "Ana takes 2 Contracts from the job track." in text
    assert PACK.contracts[track[0]].name not in text


async def test_the_whole_story_of_a_game_and_its_final_scoring():
    seen_text = []
    last = None
    for s in playout(3, 2):
        public = s.seen(PUBLIC)
        seen_text.append(said(await P.channel(public, False)))
        last = s
    text = "\n".join(seen_text)
    assert "The guilds of Winterforge open their forges: Ana (" in text
    assert "First Player by the d12 roll-off:" in text
    assert "Ana has chosen a Royal Contract." in text
    assert re.search(r"It is (Ana|Bo|Cyrus)'s turn\.", text)
    assert re.search(r"(Ana|Bo|Cyrus) buys .+ for \d+ Coin\.", text)
    assert "The game is over:" in text
    assert "Ties are broken by the most completed Contracts." in text
    assert last is not None
    final = await P.channel(last.seen(PUBLIC), True)
    posts = [a for a in final if isinstance(a, Post) and a.key == "final"]
    assert len(posts) == 1
    assert [name for name, _ in posts[0].message.files] == ["standings.png", "board.png"]
    status = P.status(table(last.after, PUBLIC))
    assert "The game is over." in texts(status)


async def test_the_solo_game_tells_each_event_and_the_reputation():
    text = []
    for s in playout(1, 5):
        text.append(said(await P.channel(s.seen(PUBLIC), False)))
    story = "\n".join(text)
    assert story.count("**Event: ") == 15
    assert "Turn 15 of 15" in story and "Your Reputation: **" in story


async def test_status_names_whose_turn_and_every_guild():
    state = lay_out(players=3, guild=[{"seat": 1, "coin": 7}])
    text = texts(P.status(table(state, PUBLIC)))
    assert "Round 1 — it is **Ana**'s turn (0 of 3 actions taken)." in text
    assert "**Bo** (" in text and "7 Coin" in text


async def test_a_default_is_told():
    state = lay_out(players=3)
    command = GAME.defaults(state, [0])
    events, _ = GAME.execute(state, command)
    text = said(await P.channel(step(state, events, None, command).seen(PUBLIC), False))
    assert "Time is up for Ana: the turn ends." in text
    dm = await P.seat(step(state, events, None, command).seen(Seat(0)), False)
    assert "Time ran out" in texts(dm[0].message)
