"""The Shrine of Thommag: "Pay 2 Coin to the Shrine of Thommag and take one face-down Faith Token
of your choice." and its end-of-game majority scoring."""

from __future__ import annotations

import pytest

from games.winterforge import GAME
from games.winterforge.rules.commands import Donate
from games.winterforge.rules.events import FaithTaken, GameCreated
from games.winterforge.rules.scoring import faith_points, final_result
from games.winterforge.tests.table import by_type, play, refused, table


def shrine(coin: int = 5) -> dict[str, object]:
    return {
        "alleyways": ["shrine"],
        "guild": [{"seat": 0, "at": "shrine", "coin": coin}],
        "shrine": [1, 3, 2, 2],
    }


def test_20_faith_tokens_8_ones_7_twos_5_threes_face_down_and_shuffled():
    """ "20 Faith Tokens: 8 Ones, 7 Twos, 5 Threes" "Place all Faith Tokens face-down on the Shrine
    of Thommag Location Tile and randomise their placement." """
    created = GAME.create(3, 1, {"shrine": True})[0]
    assert isinstance(created, GameCreated)
    assert sorted(created.shrine) == [1] * 8 + [2] * 7 + [3] * 5


def test_donate_2_coin_for_a_face_down_token_of_your_choice():
    state, log = play(table(**shrine()), Donate(seat=0, token=2))
    assert by_type(log, FaithTaken)[0] == FaithTaken(seat=0, token=2, value=3, cost=2)
    assert state.guilds[0].faith == (3,) and state.shrine == (1, 2, 2)
    assert state.guilds[0].coin == 3 and state.turn.actions == 1


def test_a_donation_needs_2_coin_and_a_token():
    refused(table(**shrine(coin=1)), Donate(seat=0, token=1), "coin")
    refused(table(**shrine()), Donate(seat=0, token=5), "no_token")
    spec = shrine()
    spec["shrine"] = []
    refused(table(**spec), Donate(seat=0, token=1), "no_faith")


@pytest.mark.parametrize(
    ("faith", "points"),
    [
        ((5, 3, 1), (3, 2, 0)),  # the most 3 RP, the second most 2 RP
        ((4, 4, 1), (2, 2, 0)),  # tied first: (3 + 2) // 2 each, nobody second
        ((6, 2, 2), (3, 1, 1)),  # tied second: 2 (no third place) // 2 each
        ((3, 3, 3), (1, 1, 1)),  # three tied: (3 + 2) // 3 each
        ((2, 0, 0), (3, 0, 0)),  # no Faith, no place
    ],
)
def test_the_most_faith_3_rp_the_second_most_2_ties_split_rounded_down(faith, points):
    """ "The Player with the most Faith earns an additional 3 RP and the Player with the second most
    Faith earns an additional 2 RP. In the result of a tie for first or second, Players split the
    points of both their current and the next place (if there is one) evenly (rounding down)." """
    assert faith_points(faith) == points


def test_faith_is_revealed_and_scored_at_the_end():
    """ "At the end of the game, each Player reveals their chosen Faith Tokens, if any, and adds up
    the total value." """
    state = table(
        players=2,
        alleyways=["shrine"],
        guild=[{"seat": 0, "faith": [1, 2]}, {"seat": 1, "faith": [2]}],
    )
    lines = final_result(state, "contracts").lines
    assert (dict(lines[0])["faith"], dict(lines[1])["faith"]) == (3, 2)
