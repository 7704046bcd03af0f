"""Trade Phases: "The current player may trade cards with other willing players. Trades cannot be
forced. A player never has to show his cards or do a trade. Trades do not have to be equal. For
example, you can trade two cards for one." """

from typing import Any

from engine.core import offers as of
from games.town.rules.commands import (
    AcceptOffer,
    CounterOffer,
    DeclineOffer,
    Discard,
    Draw,
    EndTrading,
    Propose,
    WithdrawOffer,
)
from games.town.rules.events import (
    OfferAccepted,
    OfferDeclined,
    OfferMade,
    OffersLapsed,
    TradingEnded,
)
from games.town.rules.state import DISCARD, DRAW1, TRADE1, TRADE2, TownState
from games.town.tests.table import assert_refused, by_type, play, public, table

HANDS = {
    0: ["quarry", "mason", "temple"],
    1: ["castle", "moat"],
    2: ["bakery", "granary"],
}


def trading(stage: str = TRADE1, **kw: Any) -> TownState:
    return table(hands=HANDS, stage=stage, **kw)


def offer(state: TownState, n: int = 1) -> of.Offer:
    found = of.find(state.offers, n)
    assert found is not None
    return found


def test_a_trade_changes_hands_when_the_other_player_accepts():
    """ "The current player may trade cards with other willing players." """
    state = trading()
    state, _ = play(state, Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)))
    assert state.hands[0] == ("quarry", "mason", "temple")  # nothing moves yet
    state, events = play(state, AcceptOffer(seat=1, offer=1))
    assert state.hands[0] == ("mason", "temple", "castle")
    assert state.hands[1] == ("moat", "quarry")
    assert by_type(events, OfferAccepted)[0].taker == 1
    assert offer(state).status == of.ACCEPTED


def test_trades_cannot_be_forced():
    """ "Trades cannot be forced." An offer declined moves nothing."""
    state = trading()
    state, _ = play(
        state,
        Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)),
        DeclineOffer(seat=1, offer=1),
    )
    assert state.hands == trading().hands
    assert offer(state).status == of.DECLINED


def test_an_addressee_without_the_cards_asked_for_can_only_decline():
    """ "A player never has to show his cards": asking names a card, not who holds it; whoever
    does not hold it declines like anyone else."""
    state = trading()
    state, _ = play(state, Propose(seat=0, to=(2,), gives=("quarry",), asks=("castle",)))
    assert_refused(state, AcceptOffer(seat=2, offer=1), "cannot_accept", "decline")
    state, _ = play(state, DeclineOffer(seat=2, offer=1))
    assert offer(state).status == of.DECLINED


def test_nobody_has_to_trade():
    """ "A player never has to ... do a trade." The current player may end trading at once."""
    state = trading()
    state, events = play(state, EndTrading(seat=0))
    assert state.turn.stage == DISCARD
    assert by_type(events, TradingEnded)[0].lapsed == ()


def test_trades_do_not_have_to_be_equal():
    """ "Trades do not have to be equal. For example, you can trade two cards for one." """
    state = trading()
    state, _ = play(
        state,
        Propose(seat=0, to=(1,), gives=("quarry", "mason"), asks=("castle",)),
        AcceptOffer(seat=1, offer=1),
    )
    assert state.hands[0] == ("temple", "castle")
    assert state.hands[1] == ("moat", "quarry", "mason")


def test_a_trade_moves_at_least_one_card_each_way():
    """A trade is an exchange: a gift (nothing asked, or nothing given) is not a trade."""
    state = trading()
    assert_refused(state, Propose(seat=0, to=(1,), gives=("quarry",), asks=()), "one_sided")
    assert_refused(state, Propose(seat=0, to=(1,), gives=(), asks=("castle",)), "one_sided")


def test_cards_offered_must_be_in_the_proposers_hand():
    state = trading()
    assert_refused(
        state, Propose(seat=0, to=(1,), gives=("castle",), asks=("moat",)), "not_held", "hold"
    )
    assert_refused(
        state, Propose(seat=0, to=(1,), gives=("quarry",), asks=("mason",)), "already_held"
    )
    assert_refused(
        state, Propose(seat=0, to=(1,), gives=("quarry",), asks=("nowhere",)), "unknown_card"
    )
    assert_refused(
        state, Propose(seat=0, to=(1,), gives=("quarry", "quarry"), asks=("moat",)), "card_twice"
    )


def test_built_cards_stay_in_their_town():
    state = table(hands=HANDS, towns={1: ["bridge"]}, stage=TRADE1)
    assert_refused(
        state, Propose(seat=0, to=(1,), gives=("quarry",), asks=("bridge",)), "built_card"
    )


def test_every_trade_is_with_the_current_player():
    """ "The current player may trade cards with other willing players": other players may make
    offers, but only to the current player."""
    state = trading()
    assert_refused(
        state,
        Propose(seat=1, to=(2,), gives=("castle",), asks=("bakery",)),
        "trade_with_current",
        "Player 1",
    )
    state, _ = play(
        state,
        Propose(seat=1, to=(0,), gives=("castle",), asks=("quarry",)),
        AcceptOffer(seat=0, offer=1),
    )
    assert "castle" in state.hands[0] and "quarry" in state.hands[1]


def test_an_offer_to_several_players_goes_to_the_first_who_accepts():
    state = trading()
    state, _ = play(
        state,
        Propose(seat=0, to=(1, 2), gives=("quarry",), asks=("bakery",)),
        AcceptOffer(seat=2, offer=1),
    )
    assert "bakery" in state.hands[0] and "quarry" in state.hands[2]
    assert_refused(state, DeclineOffer(seat=1, offer=1), "offer_closed")


def test_a_counter_offer_answers_an_offer_with_one_back_to_its_proposer():
    state = trading()
    state, events = play(
        state,
        Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle", "moat")),
        CounterOffer(seat=1, offer=1, gives=("moat",), asks=("quarry",)),
    )
    assert by_type(events, OfferDeclined)[-1].countered
    made = by_type(events, OfferMade)[-1]
    assert (made.offer, made.by, made.to, made.counters) == (2, 1, (0,), 1)
    assert offer(state, 1).status == of.COUNTERED
    state, _ = play(state, AcceptOffer(seat=0, offer=2))
    assert "moat" in state.hands[0] and "quarry" in state.hands[1]


def test_the_proposer_may_withdraw_an_open_offer():
    state = trading()
    state, _ = play(state, Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)))
    assert_refused(state, WithdrawOffer(seat=1, offer=1), "not_yours")
    state, _ = play(state, WithdrawOffer(seat=0, offer=1))
    assert offer(state).status == of.WITHDRAWN
    assert_refused(state, AcceptOffer(seat=1, offer=1), "offer_closed")
    assert_refused(state, WithdrawOffer(seat=0, offer=1), "offer_closed")
    assert_refused(state, AcceptOffer(seat=1, offer=9), "offer_unknown")


def test_several_trades_may_be_made_in_one_trade_phase():
    state = trading()
    state, _ = play(
        state,
        Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)),
        AcceptOffer(seat=1, offer=1),
        Propose(seat=0, to=(2,), gives=("mason",), asks=("bakery",)),
        AcceptOffer(seat=2, offer=2),
    )
    assert state.hands[0] == ("temple", "castle", "bakery")


def test_ending_trading_lets_open_offers_lapse():
    """The phase ends when the current player is done; open offers lapse."""
    state = trading()
    state, _ = play(state, Propose(seat=0, to=(1, 2), gives=("quarry",), asks=("castle",)))
    assert_refused(state, EndTrading(seat=1), "not_your_turn")
    state, events = play(state, EndTrading(seat=0))
    assert by_type(events, TradingEnded)[0].lapsed == (1,)
    assert state.offers == () and state.turn.stage == DISCARD


def test_an_offer_whose_cards_were_traded_away_lapses():
    """An accepted trade is carried out at once; other open offers promising a card that has just
    left its proposer's hand can no longer be kept, and lapse."""
    state = trading()
    state, events = play(
        state,
        Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)),
        Propose(seat=0, to=(2,), gives=("quarry",), asks=("bakery",)),
        AcceptOffer(seat=2, offer=2),
    )
    assert by_type(events, OffersLapsed)[0].offers == (1,)
    assert offer(state, 1).status == of.LAPSED


def test_an_accepted_offer_checks_both_sides_still_hold_the_cards():
    """The counterer asked for a card its proposer has since traded away."""
    state = trading()
    state, _ = play(
        state,
        Propose(seat=1, to=(0,), gives=("castle",), asks=("quarry",)),
        Propose(seat=2, to=(0,), gives=("bakery",), asks=("quarry",)),
        AcceptOffer(seat=0, offer=2),
    )
    assert_refused(state, AcceptOffer(seat=0, offer=1), "cannot_accept")


def test_trade_commands_belong_to_the_trade_phases():
    for stage in (DRAW1, DISCARD):
        state = trading(stage=stage)
        assert_refused(
            state,
            Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)),
            "wrong_stage",
            "Trade",
        )
    assert_refused(trading(), Draw(seat=0, count=1), "wrong_stage", "Draw")
    assert_refused(trading(), Discard(seat=0), "wrong_stage", "Discard Phase")


def test_the_second_trade_phase_works_the_same_way():
    state = trading(stage=TRADE2)
    state, _ = play(
        state,
        Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)),
        AcceptOffer(seat=1, offer=1),
        EndTrading(seat=0),
    )
    assert "castle" in state.hands[0] and state.turn.stage == "build"


def test_others_see_who_offers_to_whom_and_how_many_cards_never_which():
    state = trading()
    state, _ = play(state, Propose(seat=0, to=(1,), gives=("quarry", "mason"), asks=("castle",)))
    shape = public(state)["offers"][0]
    assert (shape["by"], shape["to"], shape["gives"], shape["asks"]) == (0, [1], 2, 1)
    assert "quarry" not in str(public(state))
