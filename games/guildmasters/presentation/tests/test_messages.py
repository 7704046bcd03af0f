"""Messages across whole games played by built-in players: the channel's narration (a block per
game turn, the board and tableaux as pictures when a main phase begins, the final scoring),
status, each guild's DMs and prompts; and secrecy: the channel never names a card dealt, drafted,
drawn or looked at, nor a quest a Monk keeps, nor anyone's answer to a reaction or chance to
react; every guild asked a reaction gets the same question whether it holds the card or not."""

from __future__ import annotations

import pytest

from bot.presentation import Line, Post
from engine.core.game import PUBLIC, Seat
from games.guildmasters import GAME
from games.guildmasters.presentation import PRESENTATION
from games.guildmasters.presentation.tests.tables import KIT, NAMES, playout, table, texts
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules import events as ev
from games.guildmasters.rules.content import load_pack
from games.guildmasters.tests.table import table as lay_out

P = PRESENTATION
PACK = load_pack()
CLASS_NAMES = [c.name for c in PACK.classes.values()]
REACTIONS = ("behead", "protect", "ambush", "heal")
# Events whose public line may name no card: what they carry is secret, or their line says only
# that something happened.
SILENT_CARDS = (ev.GameCreated, ev.DraftDealt, ev.Picked, ev.Drew, ev.Looked, ev.Answered)


def said(actions) -> str:
    parts = []
    for a in actions:
        if isinstance(a, Line):
            parts += [a.title, a.text]
        elif isinstance(a, Post):
            parts.append(texts(a.message))
    return "\n".join(parts)


@pytest.mark.parametrize(("players", "seed", "every"), [(3, 1, 0), (2, 4, 9), (4, 2, 13)])
async def test_no_secret_reaches_the_channel_or_another_guild(players, seed, every):
    kinds = set()
    for step in playout(players, seed, defaults_every=every):
        public = step.seen(PUBLIC)
        said_now = P._said(public)
        for s in said_now:
            event = public.events[s.index][0]
            if isinstance(event, SILENT_CARDS):
                assert not any(name in s.text for name in CLASS_NAMES), s.text
            if isinstance(event, ev.Chosen) and event.kind == "monk":
                assert not any(q.name in s.text for q in PACK.quests.values()), s.text
            if isinstance(event, ev.ReactionOpened):
                # Who was asked is nobody's business: the line names no guild.
                assert not any(n in s.text for n in NAMES), s.text
            assert not isinstance(event, ev.Answered | ev.ReactionClosed), s.text
        for a in await P.channel(public, False):
            if isinstance(a, Post):
                a.message.check()
        for seat in range(players):
            seen = step.seen(Seat(seat))
            dm = said(await P.seat(seen, False))
            # A guild is told its own draws, never another's.
            own = [e for e in step.events if isinstance(e, ev.Drew) and e.seat == seat]
            assert dm.count("You draw") == len(own)
            t = table(step.after, Seat(seat))
            asked = [d for d in t.decisions]
            for d in asked:
                kinds.add(d.kind)
                assert P.prompt(t, d) is not None
        # Every guild asked a reaction gets the same question: only its controls differ.
        pending = [d for d in GAME.pending(step.after) if d.kind in REACTIONS]
        if len(pending) > 1:
            prompts = [P.prompt(table(step.after, Seat(d.seat)), d) for d in pending]
            assert len({p.embeds for p in prompts}) == 1
        P.status(table(step.after, PUBLIC)).check()
        (await P.board(table(step.after, PUBLIC), False)).check()
    assert {"draft", "turn"} <= kinds and kinds & set(REACTIONS)
    final = said(await P.channel(step.seen(PUBLIC), False))
    assert "The final scoring is in" in final and (
        "wins Guildmasters!" in final or "share" in final
    )


async def test_narration_of_a_game_and_its_pictures():
    steps = list(playout(3, 3))
    lines = [line for s in steps for line in P.transcript(s.seen(PUBLIC))]
    text = "\n".join(lines)
    assert "Game turn 1: A game of Guildmasters for 3 guilds begins." in text
    assert "the draft begins" in text and "The main phase begins" in text
    assert "It is Ana's turn." in text and " fulfils **" in text
    assert "Game turn 2: **Game turn 2**: the draft begins" in text
    # Pictures of the board and tableaux when the main phase begins; blocks per game turn.
    main = next(s for s in steps if any(isinstance(e, ev.MainBegan) for e in s.events))
    actions = await P.channel(main.seen(PUBLIC), True)
    files = [n for a in actions if isinstance(a, Post) for n, _ in a.message.files]
    assert files == ["board.png", "tableaux.png"]
    assert {a.block for a in actions if isinstance(a, Line)} == {"gt:1"}


async def test_a_guild_is_told_its_cards_and_what_others_took():
    steps = list(playout(3, 1))
    first = said(await P.seat(steps[0].seen(Seat(0)), False))
    dealt = steps[0].after.guilds[0].hand
    assert "You are dealt" in first and PACK.classes[PACK.class_of[dealt[0]]].name in first
    rogue = lay_out(
        players=3,
        guild=[{"seat": 0, "hand": ["rogue-1"]}, {"seat": 1, "hand": ["warrior-1", "cleric-1"]}],
    )
    after = GAME.execute(rogue, cm.Activate(seat=0, card="rogue-1", target=1))[1]
    events = GAME.execute(after, cm.React(seat=1))[0]  # no Protect: the Rogue takes two
    told = said(await P.seat(KIT.step(after, events, 1).seen(Seat(1)), False))
    assert "Ana's Rogue takes Cleric, Warrior from your hand." in told
    public = "\n".join(P.transcript(KIT.step(after, events, 1).seen(PUBLIC)))
    assert "looks at 2 cards" in public and "Cleric" not in public
