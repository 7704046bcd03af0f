"""The Guildhall Precinct: Take Contracts, Request Funds and its Prime Position; the Contract
limit."""

from __future__ import annotations

from games.winterforge.rules.commands import RequestFunds, TakeContracts
from games.winterforge.rules.events import ContractsTaken, EndTriggered, FundsRequested
from games.winterforge.tests.table import by_type, play, refused, table

TRACK = ["miners-helm", "jasper-signet", "leather-jerkin", "scale-vest", "amber-torc"]


def hall(hand: list[str] | None = None, coin: int = 3, **more: object) -> dict[str, object]:
    return {
        "players": 4,
        "guild": [{"seat": 0, "at": "guildhall", "coin": coin, "hand": hand or [], **more}],
        "job_track": TRACK,
        "contract_deck": ["quartz-cloak-pin", "riveted-gauntlets"],
    }


def test_take_up_to_2_face_up_contracts_and_replenish_the_track():
    """ "Take up to 2 face-up Contracts from the job track. … Once you have finished this action,
    replenish any open spaces on the job track with Contracts from the top of the Contract
    deck." """
    state = table(**hall())
    state, log = play(state, TakeContracts(seat=0, contracts=("jasper-signet", "amber-torc")))
    taken = by_type(log, ContractsTaken)[0]
    assert taken.refills == ("quartz-cloak-pin", "riveted-gauntlets")
    assert state.guilds[0].hand == ("jasper-signet", "amber-torc")
    assert state.job_track == (
        "miners-helm",
        "quartz-cloak-pin",
        "leather-jerkin",
        "scale-vest",
        "riveted-gauntlets",
    )


def test_not_three_at_once_and_only_from_the_track():
    state = table(**hall())
    refused(state, TakeContracts(seat=0, contracts=tuple(TRACK[:3])), "too_many")
    refused(state, TakeContracts(seat=0, contracts=("quartz-cloak-pin",)), "not_on_track")


def test_no_more_than_3_contracts_not_counting_the_royal():
    """ "You can not have more than 3 Contracts, not including your Royal Contract." — "If you are
    holding more than 3 Contracts (not including your Royal Contract), you must return any extra
    Contracts to the job track." """
    state = table(**hall(hand=["great-seal-of-winterforge", "starlit-circlet"]))
    state, _ = play(state, TakeContracts(seat=0, contracts=("miners-helm",)))
    assert len(state.guilds[0].hand) == 3 and state.guilds[0].royal
    state = table(**hall(hand=["great-seal-of-winterforge", "starlit-circlet"]))
    refused(state, TakeContracts(seat=0, contracts=("miners-helm", "amber-torc")), "contract_limit")


def test_extra_contracts_go_back_to_the_track_even_one_taken_before():
    """ "This can be a Contract that you have acquired in a previous action." """
    state = table(**hall(hand=["great-seal-of-winterforge", "starlit-circlet"]))
    cmd = TakeContracts(
        seat=0, contracts=("miners-helm", "amber-torc"), returns=("starlit-circlet",)
    )
    state, log = play(state, cmd)
    assert set(state.guilds[0].hand) == {"great-seal-of-winterforge", "miners-helm", "amber-torc"}
    assert "starlit-circlet" in state.job_track
    assert by_type(log, ContractsTaken)[0].refills == ("quartz-cloak-pin",)


def test_only_extra_contracts_are_returned():
    """Returning is for "any extra Contracts" over the limit: a guild within it keeps what it
    holds (a rule bug fixed: any Contract could be swapped back onto the track)."""
    state = table(**hall(hand=["great-seal-of-winterforge"]))
    cmd = TakeContracts(
        seat=0, contracts=("miners-helm", "amber-torc"), returns=("great-seal-of-winterforge",)
    )
    refused(state, cmd, "returns")
    state = table(**hall(hand=["great-seal-of-winterforge", "starlit-circlet"]))
    cmd = TakeContracts(
        seat=0, contracts=("miners-helm", "amber-torc"), returns=("starlit-circlet", "miners-helm")
    )
    refused(state, cmd, "returns")


def test_a_started_contract_cannot_be_returned():
    started = [{"contract": "queen-mothers-diadem", "components": [], "tokens": 1}]
    state = table(**hall(hand=["great-seal-of-winterforge", "starlit-circlet"], started=started))
    cmd = TakeContracts(seat=0, contracts=("miners-helm",), returns=("queen-mothers-diadem",))
    refused(state, cmd, "started")


def test_taking_the_last_contract_of_the_deck_ends_the_game_at_the_end_of_the_round():
    """ "There are no Contracts left in the Contract deck" """
    spec = hall()
    spec["deck_size"] = 1
    spec["contract_deck"] = ["quartz-cloak-pin"]
    state, log = play(table(**spec), TakeContracts(seat=0, contracts=("miners-helm",)))
    assert by_type(log, EndTriggered) == [EndTriggered(reason="contracts")]
    assert state.contract_deck == () and state.ending == "contracts" and state.result is None


def test_request_funds_below_3_coin():
    """ "If you have less than 3 Coin, you may receive 1 Coin for free from your Guild." """
    state, log = play(table(**hall(coin=2)), RequestFunds(seat=0))
    assert by_type(log, FundsRequested)[0].coin == 1 and state.guilds[0].coin == 3
    refused(state, RequestFunds(seat=0), "not_poor")


def test_the_guildhall_prime_position_adds_a_coin_to_either_action():
    """ "Prime Position: You may receive an additional Coin after performing a Precinct
    action." """
    state = table(**hall(prime=True))
    state, log = play(state, TakeContracts(seat=0, contracts=("miners-helm",), prime=True))
    assert by_type(log, ContractsTaken)[0].coin == 1 and state.guilds[0].coin == 4


def test_guildhall_actions_are_done_in_the_guildhall():
    spec = hall(coin=0)
    spec["guild"][0]["at"] = "market"  # type: ignore[index]
    refused(table(**spec), RequestFunds(seat=0), "wrong_place")


def test_a_guild_over_the_limit_after_its_crew_left_takes_only_by_returning_as_many():
    """Marga the Clerk of Works allows a fourth Contract; once she has gone the guild keeps its
    four, and takes a Contract only by returning one (rules notes)."""
    old = "lawspeakers-chain-of-office"
    hand = ["great-seal-of-winterforge", "starlit-circlet", "queen-mothers-diadem", old]
    state = table(**hall(hand=hand))
    refused(state, TakeContracts(seat=0, contracts=("amber-torc",)), "contract_limit")
    state, _ = play(state, TakeContracts(seat=0, contracts=("amber-torc",), returns=(old,)))
    assert len(state.guilds[0].hand) == 4 and old in state.job_track


def test_the_clerk_of_works_allows_a_fourth_contract():
    hand = ["great-seal-of-winterforge", "starlit-circlet", "queen-mothers-diadem"]
    state = table(**hall(hand=hand, crew=["marga-the-clerk-of-works"]))
    state, _ = play(state, TakeContracts(seat=0, contracts=("amber-torc",)))
    assert len(state.guilds[0].hand) == 4
