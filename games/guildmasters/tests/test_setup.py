"""Setup, as the manual's "Setup" section numbers it, and the components our rulings keep."""

from collections import Counter

import pytest

from engine.core.errors import RuleError
from engine.core.game import replay
from games.guildmasters import GAME
from games.guildmasters.rules.content import load_pack
from games.guildmasters.rules.state import DRAFT


def new(players: int, seed: int = 3):
    return replay(GAME, GAME.create(players, seed, {}))


def test_prepare_quests_three_shown_of_each_level_the_rest_as_decks():
    """ "Each quest deck is separated by levels. Shuffle then and revel 3 quests from each of
    them, the remaining quests stays face down in its "quest deck"." """
    pack = load_pack()
    state = new(3)
    for level, (row, deck) in enumerate(zip(state.rows, state.quest_decks, strict=True), 1):
        assert len(row) == 3 and len(deck) == 12
        assert {pack.quests[q].level for q in (*row, *deck)} == {level}


def test_adventurers_shuffled_two_dealt_to_each_then_the_first_draft():
    """ "All adventurer cards are shuffled together. Then, deal 2 to each player and the
    remaining adventurers stays face down in the "adventurer deck"" — then the first draft
    phase deals 4 to each."""
    state = new(4)
    assert all(len(g.hand) == 2 for g in state.guilds)
    assert all(len(g.packs) == 1 and len(g.packs[0]) == 4 for g in state.guilds)
    assert len(state.deck) == 72 - 4 * 2 - 4 * 4 and state.phase == DRAFT


def test_the_tavern_and_the_reward_adventurers():
    """ "Recruits: Arrange them as instructed in the tavern, the remaining goes to the "reward
    adventurers" area" — our ruling: 2 of each class in the tavern, 3 as rewards."""
    state = new(2)
    pack = load_pack()
    assert Counter(pack.class_of[t] for t in state.tavern) == dict.fromkeys(pack.classes, 2)
    assert Counter(pack.class_of[t] for t in state.rewards) == dict.fromkeys(pack.classes, 3)


def test_turn_order_and_cycle_tokens():
    """ "Determine first player as you wish" — seat 1 first, clockwise; cycle tokens aside."""
    state = new(3)
    assert state.order == (0, 1, 2) and state.cycle_supply == (6, 6, 6)


@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_guilds(players):
    """ "4 player aid cards": 2 to 4 guilds."""
    with pytest.raises(RuleError) as err:
        GAME.create(players, 1, {})
    assert err.value.code == "players"


def test_the_same_seed_sets_up_the_same_table():
    assert new(4, 9) == new(4, 9) and new(4, 9) != new(4, 10)
