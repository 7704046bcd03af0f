"""Class abilities used as an action, each as the class table words it."""

from games.guildmasters.rules.commands import Activate, Choose, React
from games.guildmasters.rules.events import Looked, ReactionOpened, Transmuted
from games.guildmasters.tests.table import of, refusal, run, table


def test_scout_looks_at_four_takes_one_discards_the_others():
    """ "Scout: Look at the top 4 cards of the adventurer deck, take one of them and discard the
    others." """
    state = table(
        deck=["mage-1", "rogue-1", "bard-1", "cleric-1", "monk-1"],
        guild=[{"seat": 0, "hand": ["scout-1"]}],
    )
    log, state = run(state, Activate(seat=0, card="scout-1"))
    assert of(log, Looked)[0].cards == ("mage-1", "rogue-1", "bard-1", "cleric-1")
    _, state = run(state, Choose(seat=0, pick="bard-1"), React(seat=1))
    assert state.guilds[0].hand == ("bard-1",)
    assert state.discard == ("scout-1", "mage-1", "rogue-1", "cleric-1")
    assert state.deck[0] == "monk-1"


def test_monk_ajna_keeps_a_hidden_quest_to_fulfil_later():
    """ "Ajna: Look at 3 unrevelaed mission cards. You can take 1 to fullfil at any time." The
    other two go to the bottom of their deck (our ruling)."""
    state = table(
        quest_decks=[[], [], ["the-ember-wyrm", "the-iron-tithe", "the-wild-hunt"]],
        guild=[{"seat": 0, "hand": ["monk-1"]}],
    )
    _, state = run(state, Activate(seat=0, card="monk-1", level=3))
    _, state = run(state, Choose(seat=0, pick="the-iron-tithe"), React(seat=1))
    assert state.guilds[0].held == ("the-iron-tithe",)
    assert state.quest_decks[2][-2:] == ("the-ember-wyrm", "the-wild-hunt")


def test_necromancer_takes_one_of_the_top_five_of_the_discard_pile():
    """ "Ressurect: Look at the top 5 cards of the adventurer discard pile and put 1 of them in
    your hand." """
    pile = ["bard-1", "mage-1", "rogue-1", "cleric-1", "monk-1", "warrior-1"]
    state = table(discard=pile, guild=[{"seat": 0, "hand": ["necromancer-1"]}])
    assert refusal(state, Activate(seat=0, card="necromancer-1", take="bard-1")) == "not_in_discard"
    _, state = run(state, Activate(seat=0, card="necromancer-1", take="mage-1"), React(seat=1))
    assert state.guilds[0].hand == ("mage-1",)


def test_mage_transmutes_cards_with_another_guild():
    """ "Transmute: Change any number of adventurer cards from your hand with the same number of
    cards from another player." """
    state = table(
        guild=[
            {"seat": 0, "hand": ["mage-1", "bard-1", "scout-1"]},
            {"seat": 1, "hand": ["warrior-1", "cleric-1", "monk-1"]},
        ]
    )
    cmd = Activate(seat=0, card="mage-1", target=1, give=("bard-1", "scout-1"))
    log, state = run(state, cmd)
    assert of(log, ReactionOpened)[0].about == "protect"
    log, state = run(state, React(seat=1))
    swap = of(log, Transmuted)[0]
    assert len(swap.taken) == 2 and set(swap.taken) <= {"warrior-1", "cleric-1", "monk-1"}
    assert set(state.guilds[0].hand) == set(swap.taken)
    assert {"bard-1", "scout-1"} <= set(state.guilds[1].hand) and len(state.guilds[1].hand) == 3


def test_rogue_pickpockets_three_keeps_one_discards_one_returns_one():
    """ "Pickpocket: Take 3 random adventurer cards from another player. Put 1 in your hand,
    discard 1 and return the other to its owner." """
    state = table(
        guild=[
            {"seat": 0, "hand": ["rogue-1"]},
            {"seat": 1, "hand": ["warrior-1", "cleric-1", "monk-1"]},
        ]
    )
    _, state = run(state, Activate(seat=0, card="rogue-1", target=1), React(seat=1))
    seen = state.ability.look
    assert sorted(seen) == ["cleric-1", "monk-1", "warrior-1"]
    _, state = run(state, Choose(seat=0, pick=seen[0], drop=seen[1]), React(seat=1))
    assert state.guilds[0].hand == (seen[0],)
    assert state.guilds[1].hand == (seen[2],) and state.discard[-1] == seen[1]


def test_out_of_turn_classes_are_no_action():
    """The Warrior, Assassin, Hunter, Cleric and Bard have no ability to use as an action."""
    state = table(guild=[{"seat": 0, "hand": ["warrior-1", "assassin-1", "bard-1"]}])
    for card in ("warrior-1", "assassin-1", "bard-1"):
        assert refusal(state, Activate(seat=0, card=card)) == "not_an_action"
