"""The built-in player: legal, deterministic, and good enough to beat random legal players."""

from __future__ import annotations

import pytest

from games.guild_master.players.simulate import play
from games.guild_master.players.strategy import StrategicPlayer
from games.guild_master.rules.commands import ChooseFreeBuild, EndPlot, KeepContracts, ProposeSplit
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.events import ContractReplaced
from games.guild_master.rules.pending import pending
from games.guild_master.rules.state import Build, SplitTerms
from games.guild_master.tests.table import order, orders, table
from games.guild_master.tests.table import play as play_commands

BUILTIN = ("builtin",) * 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_answer_is_legal(players):
    """Whole games between built-in players: no command of theirs is ever refused."""
    for seed in range(3):
        result, _, _ = play(players, 300 + seed, seats=("builtin",) * players)
        assert result.refused == 0 and result.rounds == 9


def test_the_same_seed_gives_the_same_game():
    first, _, _ = play(4, 11, seats=BUILTIN)
    second, _, _ = play(4, 11, seats=BUILTIN)
    assert first == second


def test_it_wins_at_least_nine_games_in_ten_against_random_players():
    """The built-in player, in each seat in turn, against three random legal players."""
    games = 20
    wins = 0
    for seed in range(games):
        seat = seed % 4
        seats = tuple("builtin" if s == seat else "random" for s in range(4))
        result, _, _ = play(4, 600 + seed, seats=seats)
        wins += seat in result.winners
    assert wins >= 0.9 * games


def _plot_state(adventurers, round_=3, **guild):
    return table(
        players=3,
        round=round_,
        phase="start_of_round",
        board={"decks": {"common": ["militia-drill", "lost-hound", "wedding-feast"]}},
        guild=[{"adventurers": adventurers, "private": [], **guild}],
        teams=["nightveil", "ironbound", "starwise"],
    )


def test_it_uses_a_plot_ability_that_gains():
    """Corvina's free Builder is worth using; ending the turn without it is not chosen."""
    state = _plot_state(["corvina", "hale"])
    (decision,) = pending(state)
    command = StrategicPlayer(1).answer(state, decision)
    assert not isinstance(command, EndPlot)


def test_it_keeps_the_contract_its_guild_can_complete():
    """Of the drawn contracts, it keeps the one its adventurers can complete: Sefa (Half Moon)
    draws Drill the Town Militia (Might 12) and Find the Miller's Hound (Spirit 6, Charm 7) for a
    guild of Spirit and no Might to speak of."""
    state = _plot_state(["sefa", "hale", "ilse"], round_=5)
    state, _ = play_commands(state, StrategicPlayer(1).answer(state, pending(state)[0]))
    (decision,) = pending(state)
    assert decision.kind == "keep_contracts"
    command = StrategicPlayer(1).answer(state, decision)
    assert isinstance(command, KeepContracts)
    assert command.keep == ("lost-hound",)


def test_it_builds_something_with_a_free_builder():
    state = _plot_state(["corvina", "hale"])
    state, _ = play_commands(state, StrategicPlayer(1).answer(state, pending(state)[0]))
    (decision,) = pending(state)
    assert decision.kind == "free_build"
    command = StrategicPlayer(1).answer(state, decision)
    assert isinstance(command, ChooseFreeBuild) and isinstance(command.build, Build)


def test_the_strongest_contester_proposes_an_even_split():
    """Negotiate reward split: the guild likeliest to complete the contract alone proposes the
    Gold split evenly (the odd Gold to itself) and keeps the card; the other waits."""
    state = table(
        players=2,
        board={"contracts": {"1": "border-feud"}},  # Might 10 / Guile 10, 3 Gold, no bonus
        guild=[{"adventurers": ["valka", "kettu"]}, {"adventurers": ["brask", "orla"]}],
    )
    state, _ = play_commands(
        state, orders(0, order(1, ["valka"], "1")), orders(1, order(1, ["brask"], "1"))
    )
    assert StrategicPlayer(1).extra(state, 1) is None
    move = StrategicPlayer(1).extra(state, 0)
    assert move == ProposeSplit(seat=0, terms=SplitTerms(gold=(2, 1), keeper=0))


def test_it_answers_a_replacement_question_with_a_deck_it_can_use():
    """Completing a contract, a guild whose plan asks chooses the replacement deck; the built-in
    player's answer is one of the legal ones."""
    state = table(
        players=2,
        board={"contracts": {"1": "old-well"}},
        guild=[{"adventurers": ["brask", "kettu"]}],
        dice=[6] * 10,
    )
    state, _ = play_commands(state, orders(0, order(1, ["brask"], "1", replace="ask")), orders(1))
    (decision,) = pending(state)
    assert decision.kind == "replacement"
    command = StrategicPlayer(1).answer(state, decision)
    assert command in decision.options
    play_commands(state, command)


def test_its_replacement_choices_bring_every_deck_into_play():
    """ "If you complete a Contract successfully you gain its rewards then choose which Contract
    deck to replace the Contract with." In games between built-in players, contracts are replaced
    from the Heroic and the Legendary decks, and Legendary contracts get completed."""
    contracts = load_pack("basic").contracts
    replaced: set[str] = set()
    completed: set[str] = set()
    for seed in range(4):
        _, state, log = play(4, 500 + seed, seats=BUILTIN, keep_events=True)
        replaced |= {e.level for e in log if isinstance(e, ContractReplaced)}
        completed |= {contracts[c.slug].level for g in state.guilds for c in g.completed}
    assert {"heroic", "legendary"} <= replaced
    assert "legendary" in completed
