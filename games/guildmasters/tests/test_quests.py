"""Fulfilling quests: "a player can use a combination of adventurer cards, recruitment tokens
(once per game turn), reward tokens (once per game turn) and cycle tokens (discarded when
used)", with the subclass stand-ins and the Bard's bonus."""

from games.guildmasters.rules.commands import Fulfil, React
from games.guildmasters.rules.events import QuestFulfilled
from games.guildmasters.rules.quests import propose
from games.guildmasters.tests.table import of, refusal, run, table

# fetch-the-hermit: Warrior, Mage — 2 prestige, Saltmarsh.
# the-millers-missing-goat: Monk, Hunter — 2 prestige and a militar cycle token.
ROWS = [["fetch-the-hermit", "the-millers-missing-goat", "lantern-duty"], [], []]


def fulfilled(state, cmd):
    log, state = run(state, cmd, *(React(seat=s) for s in (1, 0)))
    return of(log, QuestFulfilled), state


def test_adventurer_cards_meet_the_requisites_and_are_discarded():
    state = table(rows=ROWS, guild=[{"seat": 0, "hand": ["warrior-1", "mage-1"]}])
    done, state = fulfilled(
        state, Fulfil(seat=0, quest="fetch-the-hermit", cards=("warrior-1", "mage-1"))
    )
    assert done and state.guilds[0].points == 2 and state.guilds[0].quests == ("fetch-the-hermit",)
    assert state.discard == ("warrior-1", "mage-1")


def test_the_place_on_the_board_is_refilled_from_its_level():
    state = table(
        rows=ROWS,
        quest_decks=[["rats-in-the-cellar"]],
        guild=[{"seat": 0, "hand": ["warrior-1", "mage-1"]}],
    )
    _, state = fulfilled(
        state, Fulfil(seat=0, quest="fetch-the-hermit", cards=("warrior-1", "mage-1"))
    )
    assert state.rows[0][0] == "rats-in-the-cellar"


def test_stand_ins_monk_for_warrior_necromancer_for_mage():
    """ "Sacred Warrior: Can replace a Warrior or a Cleric on quests." "Death Mage: Can replace
    a Mage or an Assassin on quests." """
    state = table(rows=ROWS, guild=[{"seat": 0, "hand": ["monk-1", "necromancer-1"]}])
    done, _ = fulfilled(
        state, Fulfil(seat=0, quest="fetch-the-hermit", cards=("monk-1", "necromancer-1"))
    )
    assert done


def test_hunter_stands_in_for_a_scout_but_nothing_for_a_monk():
    """ "Shadow Walker: Can replace a Scout or a Rogue on quests." No class replaces a Monk."""
    state = table(
        rows=ROWS, guild=[{"seat": 0, "hand": ["hunter-1", "assassin-1", "warrior-1", "hunter-2"]}]
    )
    done, _ = fulfilled(
        state, Fulfil(seat=0, quest="lantern-duty", cards=("hunter-1", "assassin-1"))
    )
    assert done
    cmd = Fulfil(seat=0, quest="the-millers-missing-goat", cards=("warrior-1", "hunter-2"))
    assert refusal(state, cmd) == "requisites"


def test_a_recruit_works_once_per_game_turn():
    """ "recruitment tokens (once per game turn), reward tokens (once per game turn)" """
    state = table(
        rows=ROWS,
        guild=[{"seat": 0, "hand": ["mage-1"], "tiles": ["r-warrior-1"], "used": ["r-warrior-1"]}],
    )
    cmd = Fulfil(seat=0, quest="fetch-the-hermit", cards=("mage-1",), tiles=("r-warrior-1",))
    assert refusal(state, cmd) == "tile_used"
    fresh = table(rows=ROWS, guild=[{"seat": 0, "hand": ["mage-1"], "tiles": ["r-warrior-1"]}])
    _, after = fulfilled(fresh, cmd)
    assert after.guilds[0].tiles == ("r-warrior-1",) and after.guilds[0].used == ("r-warrior-1",)


def test_a_cycle_token_is_discarded_when_used():
    """ "cycle tokens (discarded when used)": one stands in for an adventurer of its force."""
    state = table(rows=ROWS, guild=[{"seat": 0, "hand": ["mage-1"], "cycles": ["militar"]}])
    _, after = fulfilled(
        state, Fulfil(seat=0, quest="fetch-the-hermit", cards=("mage-1",), cycles=("militar",))
    )
    assert after.guilds[0].cycles == () and after.cycle_supply == (6, 6, 6)


def test_rewards_points_and_a_cycle_token():
    state = table(rows=ROWS, guild=[{"seat": 0, "hand": ["monk-1", "hunter-1"]}])
    done, after = fulfilled(
        state, Fulfil(seat=0, quest="the-millers-missing-goat", cards=("monk-1", "hunter-1"))
    )
    assert done[0].cycle == "militar" and after.guilds[0].cycles == ("militar",)


def test_the_bard_adds_two_prestige_as_influence():
    """ "Glorius Quest: Add it to a quest fulfillment to earn 2 extra prestige point." """
    state = table(rows=ROWS, guild=[{"seat": 0, "hand": ["warrior-1", "mage-1", "bard-1"]}])
    done, after = fulfilled(
        state, Fulfil(seat=0, quest="fetch-the-hermit", cards=("warrior-1", "mage-1", "bard-1"))
    )
    assert done[0].influence == 2 and after.guilds[0].influence == 2


def test_nothing_more_than_the_requisites_but_bards():
    state = table(rows=ROWS, guild=[{"seat": 0, "hand": ["warrior-1", "mage-1", "scout-1"]}])
    cmd = Fulfil(seat=0, quest="fetch-the-hermit", cards=("warrior-1", "mage-1", "scout-1"))
    assert refusal(state, cmd) == "requisites"


def test_the_proposal_uses_recruits_first_then_cards():
    state = table(
        rows=ROWS,
        guild=[{"seat": 0, "hand": ["warrior-1", "mage-1", "bard-1"], "tiles": ["r-warrior-1"]}],
    )
    cmd = propose(state, 0, "fetch-the-hermit")
    assert cmd == Fulfil(
        seat=0, quest="fetch-the-hermit", cards=("mage-1", "bard-1"), tiles=("r-warrior-1",)
    )
