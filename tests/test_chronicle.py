"""The hosted games' chronicles (bot/chronicle.py): final places with ties, statistics and
recaps, on whole games played by built-in players and on small hand-made cases."""

from types import SimpleNamespace

import pytest

from bot.chronicle import chronicle, places_by_score, public_events, recap
from games.guild_master.players.simulate import play as play_guild_master
from games.town.players.simulate import play as play_town
from games.winterforge.chronicle import _longest_streak
from games.winterforge.players.simulate import play as play_winterforge


def test_equal_scores_share_a_place_and_the_next_place_is_skipped():
    assert places_by_score([10, 12, 12, 3]) == (2, 0, 0, 3)
    assert places_by_score([(5, 1), (5, 2)]) == (1, 0)


@pytest.mark.parametrize("seed", [3, 8])
def test_guild_master_places_follow_the_final_fame_and_its_winners(seed):
    result, final, events = play_guild_master(3, seed, seats=("builtin",) * 3, keep_events=True)
    public = public_events("guild-master", events)
    told = chronicle("guild-master")
    places = told.places(public, 3)
    assert {s for s in range(3) if places[s] == 0} == set(result.winners)
    assert places == places_by_score([g.fame for g in final.guilds])
    stats = told.statistics(public, 3)
    assert [s["recruits"] for s in stats] == [
        sum(1 for e in events if type(e).__name__ == "AdventurerRecruited" and e.seat == seat)
        for seat in range(3)
    ]
    lines = recap("guild-master", events, ["Kim", "Chris", "Morgan"])
    assert lines[0].startswith("• Biggest contract: ") and lines[-1].startswith("• Fame swing: ")


def test_town_places_are_the_rules_ranking_and_categories_won_its_count():
    result, _final, events = play_town(3, 4, seats=("builtin",) * 3, keep_events=True)
    public = public_events("town", events)
    told = chronicle("town")
    places = told.places(public, 3)
    assert tuple(sorted(range(3), key=lambda s: places[s])) == result.ranking
    assert [s["categories won"] for s in told.statistics(public, 3)] == list(result.won)
    lines = recap("town", events, ["Kim", "", ""])
    assert lines[0].startswith("• Biggest build: ") and lines[-1].startswith("• Trades: ")


def test_winterforge_winners_share_first_place():
    result, _final, events = play_winterforge(3, 6, seats=("builtin",) * 3, keep_events=True)
    public = public_events("winterforge", events)
    places = chronicle("winterforge").places(public, 3)
    assert {s for s in range(3) if places[s] == 0} == set(result.winners)


def test_the_longest_forging_streak_is_a_seat_s_own_successes_in_a_row():
    forges = [(0, True), (1, True), (0, True), (1, True), (1, True), (0, False), (0, True)]
    forged = [SimpleNamespace(seat=s, success=ok) for s, ok in forges]
    assert _longest_streak(forged) == (1, 3)
    assert _longest_streak([SimpleNamespace(seat=0, success=False)]) is None


def test_an_unfinished_game_has_no_places_and_no_recap():
    _result, _final, events = play_town(2, 4, seats=("builtin",) * 2, keep_events=True)
    unfinished = events[:-1]
    assert chronicle("town").places(public_events("town", unfinished), 2) is None
    assert recap("town", unfinished, ["Kim", "Chris"]) == []
