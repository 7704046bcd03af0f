"""Draft phase: "Each player receives 4 cards from the adventurer deck, choses one and pass the
other to the player by his side. First time cards goes to left, then right and so on." Played
at once with queued packs."""

from games.guildmasters.rules.commands import ApplyDefaults, Pick
from games.guildmasters.rules.events import MainBegan, Picked
from games.guildmasters.rules.pending import pending
from games.guildmasters.rules.state import MAIN
from games.guildmasters.tests.table import of, refusal, run, table

PACKS = [
    ["warrior-1", "scout-1", "monk-1", "cleric-1"],
    ["mage-1", "necromancer-1", "rogue-1", "assassin-1"],
    ["hunter-1", "bard-1", "warrior-2", "scout-2"],
]


def draft(game_turn: int = 1):
    return table(
        players=3,
        phase="draft",
        game_turn=game_turn,
        guild=[{"seat": s, "packs": [p]} for s, p in enumerate(PACKS)],
    )


def test_keep_one_pass_the_rest_to_the_left_first():
    """ "choses one and pass the other to the player by his side. First time cards goes to
    left" """
    log, state = run(draft(), Pick(seat=0, card="scout-1"))
    assert of(log, Picked)[0].to == 1
    assert "scout-1" in state.guilds[0].hand
    assert state.guilds[1].packs[1] == ("warrior-1", "monk-1", "cleric-1")


def test_then_right():
    """ "then right and so on": the second game turn's draft passes to the right."""
    _, state = run(draft(game_turn=2), Pick(seat=0, card="scout-1"))
    assert state.guilds[2].packs[1] == ("warrior-1", "monk-1", "cleric-1")


def test_a_slow_guild_holds_up_only_the_guild_after_it():
    """Queued packs: guild 2 picks from its own pack and at once from the one guild 1 passed it,
    while guild 3 has not picked at all; only guild 1, whom guild 3 passes to, waits for it."""
    state = draft()
    _, state = run(
        state,
        Pick(seat=0, card="scout-1"),
        Pick(seat=1, card="mage-1"),
        Pick(seat=1, card="warrior-1"),
    )
    assert state.guilds[1].picks == 2 and [d.seat for d in pending(state)] == [2]
    assert len(state.guilds[2].packs) == 3 and state.guilds[0].packs == ()


def test_every_seat_with_a_pack_waiting_is_pending():
    """The pending decisions name every guild that has a pack, with the pack's cards as
    options."""
    decisions = pending(draft())
    assert [d.seat for d in decisions] == [0, 1, 2]
    assert {d.kind for d in decisions} == {"draft"}
    assert [o.card for o in decisions[0].options] == PACKS[0]


def test_a_pick_not_in_the_first_pack_is_refused():
    assert refusal(draft(), Pick(seat=0, card="mage-1")) == "not_in_pack"


def test_the_default_pick_serves_the_guild_s_quests():
    """Our default: the card whose class the visible quests want most. With only a Warrior-and-
    Mage quest shown, guild 1's default is its Warrior."""
    state = table(
        players=3,
        phase="draft",
        rows=[["fetch-the-hermit"], [], []],
        guild=[{"seat": s, "packs": [p]} for s, p in enumerate(PACKS)],
    )
    default = next(d.default for d in pending(state) if d.seat == 0)
    assert default == Pick(seat=0, card="warrior-1")


def test_four_picks_each_then_the_main_phase():
    state = draft()
    log = []
    while state.phase != MAIN:
        events, state = run(state, ApplyDefaults(seat=-1))
        log += events
    assert all(len(g.hand) == 4 for g in state.guilds)
    assert of(log, MainBegan)
