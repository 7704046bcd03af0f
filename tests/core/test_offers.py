"""Offers between seats (`engine.core.offers`): propose, accept, decline, counter, withdraw,
lapse; the public shape; and the check that both sides still hold what they promise."""

import msgspec
import pytest

from engine.core import offers as of
from engine.core.errors import RuleError


def offer(to=(1,), gives=("wheat",), asks=("ore",), by=0, offer_id=1):
    return of.make_offer(offer_id, by, to, gives, asks)


def refused(fn, *args, **kwargs) -> str:
    with pytest.raises(RuleError) as err:
        fn(*args, **kwargs)
    assert err.value.message.strip()
    return err.value.code


def test_a_new_offer_is_open_and_asks_each_addressee_with_decline_as_default():
    o = offer(to=(1, 2))
    assert o.status == of.OPEN and o.to == (1, 2) and o.taker == -1
    assert o.replies.default == of.DECLINE
    assert of.awaiting([o], 1) == (o,) and of.awaiting([o], 0) == ()


@pytest.mark.parametrize(
    ("to", "gives", "asks", "held", "code"),
    [
        ((), ("a",), ("b",), ("a",), "no_addressee"),
        ((0,), ("a",), ("b",), ("a",), "offer_to_self"),
        ((1, 1), ("a",), ("b",), ("a",), "addressee_twice"),
        ((1,), (), (), (), "empty_offer"),
        ((1,), ("a",), (), ("a",), "one_sided"),
        ((1,), (), ("b",), (), "one_sided"),
        ((1,), ("a", "a"), ("b",), ("a",), "not_held"),
    ],
)
def test_offers_that_cannot_be_made_are_refused(to, gives, asks, held, code):
    assert refused(of.check_proposal, 0, to, gives, asks, held) == code


def test_a_game_may_allow_gifts():
    of.check_proposal(0, (1,), ("a",), (), ("a",), one_way=True)


def test_quantities_count_with_repeats():
    of.check_proposal(0, (1,), ("wheat", "wheat"), ("ore",), ("wheat", "ore", "wheat"))
    assert of.holds(("a", "b", "a"), ("a", "a"))
    assert not of.holds(("a", "b"), ("a", "a"))


def test_the_first_to_accept_takes_it():
    o = of.accepted(offer(to=(1, 2)), 2)
    assert o.status == of.ACCEPTED and o.taker == 2
    assert refused(of.check_answer, o, 1, of.ACCEPT) == "offer_closed"


def test_an_offer_closes_when_every_addressee_declines():
    o = of.declined(offer(to=(1, 2)), 1)
    assert o.status == of.OPEN
    o = of.declined(o, 2)
    assert o.status == of.DECLINED


def test_a_counter_answers_the_old_offer_and_a_new_one_goes_back_to_the_proposer():
    old = offer(to=(1,))
    of.check_answer(old, 1, of.COUNTER)
    old = of.countered(old, 1)
    new = of.make_offer(2, 1, (old.by,), ("ore",), ("wheat", "wool"), counters=old.id)
    assert old.status == of.COUNTERED
    assert (new.by, new.to, new.counters) == (1, (0,), 1)


def test_a_counter_from_one_of_several_addressees_leaves_the_offer_open_to_the_others():
    o = of.countered(offer(to=(1, 2)), 1)
    assert o.status == of.OPEN and of.awaiting([o], 2) == (o,)
    assert of.declined(o, 2).status == of.COUNTERED


def test_each_addressee_answers_once_and_only_addressees_answer():
    o = of.declined(offer(to=(1, 2)), 1)
    assert refused(of.check_answer, o, 1, of.ACCEPT) == "already_answered"
    assert refused(of.check_answer, o, 3, of.ACCEPT) == "not_asked"


def test_withdrawn_and_lapsed_offers_are_closed():
    assert of.withdrawn(offer()).status == of.WITHDRAWN
    assert of.lapsed(offer()).status == of.LAPSED
    assert refused(of.check_answer, of.lapsed(offer()), 1, of.DECLINE) == "offer_closed"


def test_an_exchange_needs_both_sides_to_still_hold_what_they_promise():
    o = offer(gives=("wheat",), asks=("ore",))
    of.check_exchange(o, ("wheat", "wool"), ("ore",))
    assert refused(of.check_exchange, o, ("wool",), ("ore",)) == "offer_stale"
    assert refused(of.check_exchange, o, ("wheat",), ("wool",)) == "cannot_accept"


def test_the_public_shape_shows_who_and_how_many_never_which_items():
    o = of.declined(offer(to=(1, 2), gives=("secret-a", "secret-b"), asks=("secret-c",)), 2)
    shape = of.shape(o)
    assert shape == of.OfferShape(
        id=1, by=0, to=(1, 2), gives=2, asks=1, status="open", taker=-1, counters=0, answered=(2,)
    )
    assert b"secret" not in msgspec.json.encode(shape)
    assert of.parties(o) == (0, 1, 2)


def test_offers_are_found_and_replaced_by_id():
    a, b = offer(offer_id=1), offer(offer_id=2)
    offers = (a, b)
    assert of.find(offers, 2) is b and of.find(offers, 3) is None
    closed = of.withdrawn(a)
    assert of.updated(offers, closed) == (closed, b)
    c = offer(offer_id=3)
    assert of.updated(offers, c) == (a, b, c)
