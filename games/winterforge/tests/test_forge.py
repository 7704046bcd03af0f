"""The Forge Precinct's Training action and its Prime Position.

"Training: Pay to increase a Skill by 1 point. To train, pay the Coin value indicated on the Guild
Board for the Skill you are increasing and move the Skill Cube up 1 space." """

from __future__ import annotations

import pytest

from games.winterforge.rules.commands import Forge, Train
from games.winterforge.rules.content import MAX_SKILL
from games.winterforge.rules.events import Forged, Trained
from games.winterforge.tests.table import PACK, by_type, play, refused, table


def trainer(level: int, coin: int = 20, **more: object) -> dict[str, object]:
    return {"seat": 0, "at": "forge", "coin": coin, "skills": {"weapons": level}, **more}


@pytest.mark.parametrize(("level", "cost"), [(3, 3), (4, 5)])
def test_training_from_3_to_4_costs_3_and_from_4_to_5_costs_5(level, cost):
    """ "Example: Training from 3 to 4 on the Skill Track costs 3 Coin, and training 4 to 5 on the
    Skill Tracks costs 5 Coin." (and "If you were to purchase the 4th Skill point in Weapons, it
    would cost 3 Coin, but … the 5th Skill point in Weapons, it would cost 5 Coin.")"""
    state, log = play(table(guild=[trainer(level)]), Train(seat=0, skill="weapons"))
    assert by_type(log, Trained) == [
        Trained(seat=0, skill="weapons", level=level + 1, cost=cost, prime=False)
    ]
    assert state.guilds[0].coin == 20 - cost and state.guilds[0].skills[0] == level + 1


def test_every_board_charges_its_own_training_cost_table():
    for slug, board in PACK.guilds.items():
        assert board.train_cost[3] == 3 and board.train_cost[4] == 5, slug


def test_the_forge_prime_position_trains_for_1_coin_less():
    """ "Prime Position: … you may pay 1 less Coin when you perform the Training action." """
    state = table(guild=[trainer(3, prime=True)])
    state, log = play(state, Train(seat=0, skill="weapons", prime=True))
    assert by_type(log, Trained)[0].cost == 2 and state.guilds[0].prime_used


CLEAVER = ("bog-iron-1", "pine-haft-1")  # the Alehouse Cleaver needs ore and timber


def forger(**more: object) -> dict[str, object]:
    return trainer(3, hand=["alehouse-cleaver"], stockpile=list(CLEAVER), **more)


def test_the_forge_prime_position_is_one_bonus_or_the_other():
    """ "You may place 1 Work Token on the Contract you are about to forge …, or, you may pay 1
    less Coin when you perform the Training action." """
    state, _ = play(table(guild=[forger(prime=True)]), Train(seat=0, skill="weapons", prime=True))
    forge = Forge(seat=0, contract="alehouse-cleaver", components=CLEAVER, prime=True)
    refused(state, forge, "prime_used")
    refused(state, Train(seat=0, skill="weapons", prime=True), "prime_used")


def test_the_forge_prime_position_places_a_work_token_on_the_forge():
    state = table(guild=[forger(prime=True)], dice=[1, 1])
    forge = Forge(seat=0, contract="alehouse-cleaver", components=CLEAVER, prime=True)
    state, log = play(state, forge)
    forged = by_type(log, Forged)[0]
    # two dice of 1, the token, Weapons 3
    assert ("work tokens", 1) in forged.parts and forged.total == 1 + 1 + 1 + 3
    assert state.guilds[0].started[0].tokens == 2  # the prime's token and the failure's


def test_training_needs_the_coin():
    refused(table(guild=[trainer(4, coin=4)]), Train(seat=0, skill="weapons"), "coin")


def test_training_happens_in_the_forge():
    state = table(guild=[{**trainer(3), "at": "market"}])
    refused(state, Train(seat=0, skill="weapons"), "wrong_place")


def test_a_skill_track_has_a_top():
    state = table(guild=[trainer(MAX_SKILL)])
    refused(state, Train(seat=0, skill="weapons"), "skill_max")


def test_a_skill_not_on_the_board_starts_at_0_and_can_be_trained():
    """ "if no point is indicated, that Skill starts with a value of 0" — training from 0 to 1
    costs the board's first step."""
    state = table(guild=[trainer(0)])
    state, log = play(state, Train(seat=0, skill="weapons"))
    board = PACK.guilds[state.guilds[0].board]
    assert by_type(log, Trained)[0].cost == board.train_cost[0]


def test_a_training_cost_is_never_below_0():
    """The Prime Position's 1 and Bardolf the Tutor's 1 off a 1 Coin step leave 0, not -1."""
    state = table(guild=[trainer(0, coin=0, prime=True, crew=["bardolf-the-tutor"])])
    state, log = play(state, Train(seat=0, skill="weapons", prime=True))
    assert by_type(log, Trained)[0].cost == 0 and state.guilds[0].coin == 0
