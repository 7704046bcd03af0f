"""Views and event views: hands, draft packs, kept quests and what an ability shows are their
guild's alone; the table sees counts. The views carry what a presentation draws: the quest
board, the tavern, each tableau, hand counts, packs and open reactions."""

from engine.core.game import PUBLIC, Seat, replay
from games.guildmasters import GAME
from games.guildmasters.rules.commands import Activate, Pick, React
from games.guildmasters.rules.events import DraftDealt, GameCreated, Looked, Picked
from games.guildmasters.tests.table import of, run, table


def test_the_public_view_shows_counts_of_hands_and_packs_only():
    events = GAME.create(3, 5, {})
    state = replay(GAME, events)
    public = GAME.view(state, PUBLIC)
    assert [g.hand for g in public.guilds] == [2, 2, 2] and [g.packs for g in public.guilds] == [
        1,
        1,
        1,
    ]
    mine = GAME.view(state, Seat(1))
    assert mine.hand == state.guilds[1].hand and mine.packs == state.guilds[1].packs
    assert len(public.rows) == 3 and all(len(r) == 3 for r in public.rows)
    assert len(public.tavern) == 20


def test_setup_and_deals_show_each_guild_only_its_own_cards():
    created, dealt = GAME.create(3, 5, {})
    assert isinstance(created, GameCreated) and isinstance(dealt, DraftDealt)
    for seat in range(3):
        seen = GAME.event_view(created, Seat(seat))
        assert seen.hands[seat] == created.hands[seat]
        assert all(set(h) == {""} for s, h in enumerate(seen.hands) if s != seat)
        packs = GAME.event_view(dealt, Seat(seat)).packs
        assert packs[seat] == dealt.packs[seat] and seen.deck == ()
    assert GAME.event_view(created, PUBLIC).rng.state == 0


def test_a_pick_is_the_picker_s_alone():
    state = replay(GAME, GAME.create(2, 5, {}))
    card = state.guilds[0].packs[0][0]
    log, _ = run(state, Pick(seat=0, card=card))
    picked = of(log, Picked)[0]
    assert GAME.event_view(picked, Seat(0)).card == card
    assert GAME.event_view(picked, Seat(1)).card == "" == GAME.event_view(picked, PUBLIC).card


def test_a_rogue_s_look_is_the_rogue_s_and_its_mark_s():
    state = table(
        players=3,
        guild=[{"seat": 0, "hand": ["rogue-1"]}, {"seat": 1, "hand": ["bard-1", "mage-1"]}],
    )
    log, state = run(state, Activate(seat=0, card="rogue-1", target=1), React(seat=1))
    look = of(log, Looked)[0]
    assert GAME.event_view(look, Seat(0)).cards == look.cards
    assert GAME.event_view(look, Seat(1)).cards == look.cards
    assert set(GAME.event_view(look, Seat(2)).cards) == {""}
    assert GAME.view(state, Seat(2)).looking == () and GAME.view(state, Seat(1)).looking
    assert GAME.view(state, PUBLIC).ability.looking == 2


def test_kept_quests_are_counted_in_public():
    state = table(guild=[{"seat": 0, "held": ["the-iron-tithe"]}])
    assert GAME.view(state, PUBLIC).guilds[0].held == 1
    assert GAME.view(state, Seat(0)).held[0].slug == "the-iron-tithe"
    assert GAME.view(state, Seat(1)).held == ()


def test_a_guild_s_own_view_proposes_the_quests_it_can_fulfil():
    """The bot proposes an assignment (stand-ins included) that the player may adjust."""
    state = table(
        rows=[["fetch-the-hermit", "lantern-duty"], [], []],
        guild=[{"seat": 0, "hand": ["monk-1", "mage-1", "bard-1"]}],
    )
    (proposal,) = GAME.view(state, Seat(0)).proposals
    assert proposal.quest == "fetch-the-hermit"
    assert proposal.cards == ("monk-1", "mage-1", "bard-1")
    assert GAME.view(state, Seat(1)).proposals == ()
