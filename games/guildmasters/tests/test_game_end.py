"""Game end: "The game ends after, at least, one player fulfill two quests of lv3. Players
continue taking turns until everyone pass and, then, the final points is distributed", and the
final scoring table."""

from games.guildmasters.rules.commands import Fulfil, Pass, React
from games.guildmasters.rules.events import GameEnded, PhaseEnded, QuestFulfilled
from games.guildmasters.rules.scoring import majority_points, score, shield_points
from games.guildmasters.tests.table import of, run, table

WYRM = ["warrior-1", "cleric-1", "mage-1", "necromancer-1", "assassin-1"]


def test_a_second_level_three_quest_triggers_the_end():
    state = table(
        players=3,
        rows=[[], [], ["the-ember-wyrm"]],
        guild=[{"seat": 0, "hand": WYRM, "quests": ["the-iron-tithe"]}],
    )
    log, state = run(
        state,
        Fulfil(seat=0, quest="the-ember-wyrm", cards=tuple(WYRM)),
        React(seat=1),
        React(seat=2),
        React(seat=0),
    )
    assert of(log, QuestFulfilled)[0].ending and state.ending


def test_after_the_trigger_everyone_passes_even_the_last_guild():
    """ "Players continue taking turns until everyone pass": with three guilds, two passed, the
    phase goes on for the third once the end is triggered."""
    state = table(
        players=3,
        ending=True,
        guild=[{"seat": 1, "passed": True}, {"seat": 2, "passed": True, "hand": ["bard-1"]}],
    )
    log, state = run(state, Pass(seat=0))
    assert not of(log, PhaseEnded) and of(log, GameEnded) and state.result is not None


def test_without_the_trigger_the_last_guild_does_not_play_on():
    state = table(players=3, guild=[{"seat": 1, "passed": True}, {"seat": 2, "passed": True}])
    log, state = run(state, Pass(seat=0))
    assert of(log, PhaseEnded) and state.result is None


def test_cycle_token_sets_score_two_each():
    """ "2 prestige points of each set of cycle tokens (arcane, shadowy and militar)" """
    cycles = ["arcane", "shadowy", "militar", "arcane", "shadowy", "militar", "arcane"]
    state = table(guild=[{"seat": 0, "cycles": cycles}])
    assert dict(score(state).lines[0])["cycle sets"] == 4


def test_shield_sets_six_four_two():
    """ "6 prestige points for each four different shields collected; 4 ... three ...; 2 ...
    two" — sets made largest first."""
    assert shield_points(["highmoor", "saltmarsh", "emberdeep", "thornwood"]) == 6
    assert shield_points(["highmoor", "saltmarsh", "emberdeep"]) == 4
    assert shield_points(["highmoor", "saltmarsh", "highmoor", "saltmarsh"]) == 4
    assert shield_points(["highmoor", "saltmarsh", "emberdeep", "thornwood", "highmoor"]) == 6
    assert shield_points(["highmoor"]) == 0


def test_force_majorities_three_and_one():
    """ "3 prestige points for the greater arcane force (recruitment and reward tiles), and 1
    second greater force" — ties share the place."""
    state = table(
        players=4,
        guild=[
            {"seat": 0, "tiles": ["r-mage-1", "r-cleric-1"]},
            {"seat": 1, "tiles": ["r-necromancer-1"]},
            {"seat": 2, "tiles": ["r-mage-2"]},
        ],
    )
    arcane = [p["arcane"] for p in majority_points(state)]
    assert arcane == [3, 1, 1, 0]


def test_the_most_prestige_wins():
    state = table(guild=[{"seat": 0, "points": 10, "influence": 2}, {"seat": 1, "points": 11}])
    result = score(state)
    assert result.totals == (12, 11) and result.winners == (0,)
