"""End Game: when the game ends, final Fame from Gold and Prestige Upgrades, and the winner."""

import pytest

from games.guild_master.rules.commands import SetOrders
from games.guild_master.rules.state import Phase
from games.guild_master.tests.rulebook import assert_refused, idle_round, names
from games.guild_master.tests.table import of_type, public, table


def _last_round(players=2, **guild0):
    """Round 9 with seat 0 set up by `guild0`, played through with no orders."""
    state = table(players=players, round=9, guild=[guild0] if guild0 else [])
    return idle_round(state)


def test_the_game_ends_after_round_9():
    """End Game: "The game ends at the conclusion of Round 9" — "If it is already Round 9, the
    game ends, and Guilds calculate their total Fame.\""""
    state, events = _last_round()
    assert state.phase is Phase.ENDED
    assert len(of_type(events, "GameEnded")) == 1
    assert of_type(events, "RoundStarted") == []


def test_the_game_does_not_end_after_round_8():
    """ "Guild Master is played over 9 Rounds": after Round 8, Round 9 begins."""
    # Guilds with no plot ability active in Round 9 (a Half and Blood Moon): the Ironbound, and
    # the Starwise but Quill (a Blood Moon plot ability).
    starwise = {"adventurers": ["ysolde", "pell", "mirren"]}
    state, events = idle_round(
        table(players=2, round=8, teams=["ironbound", "starwise"], guild=[{}, starwise])
    )
    assert of_type(events, "GameEnded") == []
    assert (state.round, state.phase) == (9, Phase.ORDERS)


def test_a_short_game_ends_after_round_6():
    """Short game: "A short game can be played for 6 Rounds instead of 9.\""""
    state, events = idle_round(table(players=2, short=True, round=6))
    assert state.phase is Phase.ENDED
    assert len(of_type(events, "GameEnded")) == 1


def test_the_game_ends_after_income_is_earned():
    """End Game: "The game ends at the conclusion of Round 9, after Income is earned." 13 Gold
    plus 2 Income makes 15 Gold: 3 Fame."""
    _state, events = _last_round(gold=13)
    assert names(events).index("IncomeGained") < names(events).index("GameEnded")
    assert of_type(events, "GameEnded")[0].gold_fame[0] == 3


@pytest.mark.parametrize(("gold", "fame"), [(2, 0), (4, 0), (5, 1), (9, 1), (10, 2), (24, 4)])
def test_one_fame_for_every_5_gold_rounded_down(gold, fame):
    """End Game: "1 Fame for every 5 Gold they own, rounded down." (`gold` is after the last
    Income of 2 Gold.)"""
    state, events = _last_round(gold=gold - 2, bar=1)
    (ended,) = of_type(events, "GameEnded")
    assert state.guilds[0].gold == gold
    assert ended.gold_fame[0] == fame
    assert public(state)["guilds"][0]["fame"] == fame
    assert public(state)["guilds"][0]["fame_from"]["gold"] == fame


@pytest.mark.parametrize(
    ("guild", "fame"),
    [
        # "Stables III, Mess Hall II and Bar I: 3 levels above I, 9 Fame."
        ({"prestige": "great-keep", "stables": 3, "mess_hall": 2, "bar": 1, "gold": 0}, 9),
        # "You end with 17 Gold: 2 + 5 = 7 Fame here, and 3 Fame for Gold as usual."
        ({"prestige": "counting-house", "gold": 15, "bar": 1}, 7),
        # "Your starting upgrade and two more: 12 Fame."
        (
            {
                "prestige": "grand-workshop",
                "skill_upgrades": ["salon:fixer", "weapon-rack:fixer", "reading-hall:reroll"],
            },
            12,
        ),
        # "Your guild has 2 Heroes and 1 Legend: 9 Fame."
        ({"prestige": "statue-garden", "adventurers": ["brask", "valka", "nyx", "morgath"]}, 9),
        # "You completed 2 Heroic and 1 Legendary contracts: 7 + 3 = 10 Fame."
        (
            {
                "prestige": "hall-of-trophies",
                "completed": ["duchess", "siege", "ash-wyrm", "old-well"],
            },
            10,
        ),
        # "You completed 7 contracts...: 3 + 7 = 10 Fame." (here 3 + 3)
        ({"prestige": "chronicle-tower", "completed": ["duchess", "old-well", "tower-lock"]}, 6),
    ],
)
def test_prestige_upgrades_score_at_the_end(guild, fame):
    """End Game: Guilds gain "Fame from any Prestige Upgrade they built during the game. Examples
    of scoring can be found on the backs of each Prestige Upgrade token.\""""
    state, events = _last_round(**guild)
    (ended,) = of_type(events, "GameEnded")
    assert ended.prestige_fame[0] == fame
    assert public(state)["guilds"][0]["fame_from"]["prestige"] == fame


def test_no_prestige_fame_without_a_prestige_upgrade():
    """End Game: Fame "from any Prestige Upgrade they built" — none built, none gained."""
    _, events = _last_round(stables=3, mess_hall=3, bar=3)
    assert of_type(events, "GameEnded")[0].prestige_fame[0] == 0


def test_final_fame_adds_gold_and_prestige_to_fame():
    """End Game: "Guilds then gain additional Fame as follows" — Fame plus Gold Fame plus
    Prestige Fame."""
    state, events = _last_round(fame=20, gold=8, prestige="great-keep", stables=2, bar=1)
    (ended,) = of_type(events, "GameEnded")
    assert ended.fame[0] == 20 + 2 + 3
    assert public(state)["guilds"][0]["fame"] == 25


def test_the_guild_with_the_highest_fame_wins():
    """End Game: "The Guild with the **highest Fame** is declared the winner.\""""
    state = table(players=3, round=9, guild=[{"fame": 10}, {"fame": 14}, {"fame": 12}])
    state, events = idle_round(state)
    assert of_type(events, "GameEnded")[0].winners == (1,)
    assert list(public(state)["winners"]) == [1]


def test_gold_can_decide_the_winner():
    """End Game: the winner is decided after "1 Fame for every 5 Gold they own" is added — 10
    Fame and 18 Gold (20 after income: 4 Fame) beats 13 Fame and no Gold."""
    state = table(players=2, round=9, guild=[{"fame": 10, "gold": 18}, {"fame": 13, "gold": 0}])
    state, events = idle_round(state)
    (ended,) = of_type(events, "GameEnded")
    assert ended.fame == (14, 13)
    assert ended.winners == (0,)


def test_tied_guilds_share_the_victory():
    """End Game: "If Guilds' Fame totals are tied, those Guilds share a joint victory.\""""
    state = table(
        players=3, round=9, guild=[{"fame": 12, "gold": 0}, {"fame": 9, "gold": 13}, {"fame": 5}]
    )
    state, events = idle_round(state)
    (ended,) = of_type(events, "GameEnded")
    assert ended.fame[:2] == (12, 12)
    assert ended.winners == (0, 1)
    assert [s["winner"] for s in public(state)["scores"]] == [True, True, False]


def test_nothing_can_be_done_after_the_game_has_ended():
    """End Game: "the game ends" — no more orders."""
    state, _ = _last_round()
    assert_refused(state, SetOrders(seat=0, orders=()), "game_over", "start a new game")
