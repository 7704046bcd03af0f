"""What each audience may see. Public: every town by category with its bonuses, the points per
category and who leads each, the categories won, the hand sizes, the deck and discard counts, the
turn and its stage, the shape of offers, whom the game waits for, and the ranking at the end.
Secret: the deck's order, every hand, the face-down discards and the contents of offers (seen
by their parties only). Changing a secret changes no other audience's view or event view."""

import msgspec
import pytest
from msgspec.structs import replace

from engine.core.game import PUBLIC, Seat
from engine.core.rng import Dice, Rng, seeded
from games.town import GAME
from games.town.rules import events as ev
from games.town.rules.commands import Propose
from games.town.rules.state import TRADE1, TownState
from games.town.tests.playout import Playout, swap_with_deck
from games.town.tests.table import play, public, seat_view, table


def views(state: TownState) -> list[bytes]:
    audiences = [PUBLIC, *(Seat(s) for s in range(state.players))]
    return [msgspec.json.encode(GAME.view(state, a)) for a in audiences]


def test_the_public_view_holds_what_a_player_wants_to_see():
    state = table(
        hands={0: ["quarry", "mason"], 1: ["castle"]},
        towns={0: ["cross-roads", "trade-route"], 1: ["temple", "carpenter"]},
        stage=TRADE1,
        turn=7,
    )
    view = public(state)
    assert (view["game"], view["title"]) == ("town", "Founders' Town")
    assert (view["turn"], view["round"], view["current"], view["stage"]) == (7, 3, 0, TRADE1)
    assert view["stage_label"] == "Turn 7 — Player 1: First Trade"
    assert view["deck"] == 113 - 7
    assert [s["hand"] for s in view["seats"]] == [2, 1, 0]
    t = next(c for c in view["categories"] if c["category"] == "T")
    assert (t["name"], t["scores"], t["leaders"]) == ("Trade & Transportation", [5, 0, 0], [0])
    assert view["seats"][1]["won"] == ["C", "R", "I"]
    assert [g["category"] for g in view["seats"][1]["town"]] == ["C", "R", "I"]
    assert view["waiting"] == [{"seat": 0, "kind": "trade"}]
    assert not view["over"] and view["ranking"] == []


def test_a_seats_view_adds_its_hand_its_offers_in_full_and_its_decisions():
    state, _ = play(
        table(hands={0: ["quarry", "mason"], 1: ["castle"], 2: ["moat"]}, stage=TRADE1),
        Propose(seat=0, to=(1,), gives=("quarry",), asks=("castle",)),
    )
    mine = seat_view(state, 1)
    assert [c["name"] for c in mine["hand"]] == ["Castle"]
    assert mine["hand"][0]["resources"] == "MG" and mine["hand"][0]["text"]
    offer = mine["offers"][0]
    assert [c["slug"] for c in offer["gives"]] == ["quarry"]
    assert [c["slug"] for c in offer["asks"]] == ["castle"]
    assert [d["kind"] for d in mine["decisions"]] == ["offer"]
    assert mine["if_built"]["M"] == 2
    assert seat_view(state, 2)["offers"] == []
    assert "quarry" not in str(seat_view(state, 2)) and "quarry" not in str(public(state))
    assert "quarry" in str(seat_view(state, 0))


def hidden_cards(state: TownState) -> dict[str, set[str]]:
    """The cards each audience may not see: the deck, others' hands and discards (less the cards
    of offers it is party to)."""
    out = {}
    for audience in ["public", *range(state.players)]:
        hidden = set(state.deck)
        for seat in range(state.players):
            if seat != audience:
                hidden |= set(state.hands[seat]) | set(state.discards[seat])
        for offer in state.offers:
            if audience in (offer.by, *offer.to):
                hidden -= set(offer.gives) | set(offer.asks)
        out[str(audience)] = hidden
    return out


@pytest.mark.parametrize("seed", range(3))
def test_no_view_shows_a_card_its_audience_may_not_see(seed):
    game = Playout(4, seed)
    checked = 0
    while game.state.result is None:
        game.submit(game.next_command())
        if game.commands % 9:
            continue
        docs = views(game.state)
        for doc, hidden in zip(docs, hidden_cards(game.state).values(), strict=True):
            for slug in hidden:  # a card shows as {"slug": ...} (a bonus names others)
                assert f'"slug":"{slug}"'.encode() not in doc
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("seed", range(3))
def test_changing_a_hand_or_the_deck_order_changes_no_other_audiences_view(seed):
    game = Playout(3, 50 + seed)
    dice = Dice(seeded(seed))
    checked = 0
    while game.state.result is None:
        game.submit(game.next_command())
        if game.commands % 7:
            continue
        state = game.state
        before = views(state)
        shuffled = replace(state, deck=dice.shuffled(state.deck), rng=Rng(state=12345))
        assert views(shuffled) == before, "the deck's order leaked"
        for seat in range(state.players):
            swapped = swap_with_deck(state, seat)
            if swapped is None:
                continue
            after = views(swapped)
            for i, (a, b) in enumerate(zip(before, after, strict=True)):
                if i != seat + 1:
                    assert a == b, f"seat {seat}'s hand leaked to audience {i}"
            checked += 1
    assert checked > 10


def _other_cards(cards: tuple[str, ...]) -> tuple[str, ...]:
    """As many different cards."""
    pool = [c for c in ("moat", "quarry", "temple", "docks", "arena", "sage") if c not in cards]
    return tuple(pool[: len(cards)]) if len(cards) <= len(pool) else tuple(reversed(cards))


def _variant(event: ev.Event) -> ev.Event | None:
    """`event` with its secret cards replaced (same counts), or None if it has no secret."""
    if isinstance(event, ev.GameCreated):
        return replace(event, deck=tuple(reversed(event.deck)), rng=Rng(state=99))
    if isinstance(event, ev.CardsDealt | ev.CardsDrawn | ev.CardsDiscarded):
        return replace(event, cards=_other_cards(event.cards)) if event.cards else None
    if isinstance(event, ev.OfferMade | ev.OfferAccepted):
        return replace(event, gives=_other_cards(event.gives), asks=_other_cards(event.asks))
    return None


def _entitled(event: ev.Event, seat: int) -> bool:
    if isinstance(event, ev.CardsDealt | ev.CardsDrawn | ev.CardsDiscarded):
        return event.seat == seat
    if isinstance(event, ev.OfferMade):
        return seat == event.by or seat in event.to
    if isinstance(event, ev.OfferAccepted):
        return seat in (event.by, event.taker)
    return False


def test_event_views_hide_secret_cards_from_everyone_else_and_keep_the_counts():
    game = Playout(4, 3)
    game.run()
    seen = set()
    for event in game.log:
        variant = _variant(event)
        if variant is None:
            assert all(GAME.event_view(event, a) == event for a in (PUBLIC, Seat(0)))
            continue
        seen.add(type(event).__name__)
        for audience in [PUBLIC, *(Seat(s) for s in range(4))]:
            shown = GAME.event_view(event, audience)
            if isinstance(audience, Seat) and _entitled(event, audience.seat):
                assert shown == event
            else:
                assert shown == GAME.event_view(variant, audience), (event, audience)
                assert msgspec.json.encode(shown) != msgspec.json.encode(event)
    assert {"GameCreated", "CardsDealt", "CardsDrawn", "OfferMade"} <= seen


def test_a_redacted_event_keeps_who_and_how_many():
    made = ev.OfferMade(
        offer=3, by=0, to=(1,), gives=("quarry", "mason"), asks=("moat",), give_count=2, ask_count=1
    )
    shown = GAME.event_view(made, Seat(2))
    assert (shown.by, shown.to, shown.give_count, shown.ask_count) == (0, (1,), 2, 1)
    assert shown.gives == () and shown.asks == ()
    assert GAME.event_view(made, Seat(1)) == made
