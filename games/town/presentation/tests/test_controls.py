"""Controls: every control a prompt shows does what it says (pressing "Draw 2" sends
Draw(seat, 2)); a whole trade and a counter-offer made by clicks alone; refusals answered
privately, changing nothing; the offer builder keeps its state in its custom ids only."""

from __future__ import annotations

import msgspec
import pytest

from bot.presentation import Reply, Seen
from bot.render.ids import MAX_LENGTH, ControlId, parse
from bot.render.ui import Button, Message, Select
from engine.core.game import PUBLIC, Seat
from games.town.presentation import PRESENTATION
from games.town.presentation.controls import HANDLERS
from games.town.presentation.drafts import MAX_SIDE, Draft
from games.town.presentation.prompts import PAGE, shelves
from games.town.presentation.tests.tables import (
    FakeAsk,
    action_of,
    arg_of,
    controls,
    find,
    playout,
    step,
    table,
    texts,
)
from games.town.rules.cards import CATEGORIES, load_cards
from games.town.rules.commands import (
    AcceptOffer,
    Build,
    CounterOffer,
    DeclineOffer,
    Discard,
    Draw,
    EndTrading,
    Propose,
    WithdrawOffer,
)
from games.town.rules.state import BUILD, DISCARD, DRAW1, TRADE1, TownState
from games.town.tests.table import table as lay_out

PACK = load_cards()
P = PRESENTATION


async def press(
    state: TownState, seat: int | None, control: Button | Select, values: list[str] | None = None
) -> tuple[Reply, FakeAsk]:
    """`seat` uses `control` (with `values`, for a select) on a game in `state`."""
    ask = FakeAsk(state, seat)
    reply = await P.control(
        ask, action_of(control), arg_of(control), values or [], {}, parse(control.custom_id).seat
    )
    if reply.message is not None:
        reply.message.check()
    return reply, ask


def refused(reply: Reply, ask: FakeAsk, state: TownState, *hints: str) -> str:
    """The reply is a private refusal that names what to do, and nothing was done."""
    assert reply.ephemeral and not reply.edit and reply.message is not None
    text = reply.message.content
    assert text.strip()
    for hint in hints:
        assert hint.lower() in text.lower(), (hint, text)
    assert not ask.acted and msgspec.json.encode(ask.state) == msgspec.json.encode(state)
    return text


def prompt_of(state: TownState, seat: int, kind: str) -> Message:
    t = table(state, Seat(seat))
    decision = next(d for d in t.decisions if d.kind == kind)
    message = P.prompt(t, decision)
    assert message is not None
    return message


def defaults(select: Select) -> list[str]:
    return [o.value for o in select.options if o.default]


# --- every control of every prompt of random games ------------------------------------------


def _expected(state: TownState, seat: int, control: Button | Select, values: list[str]):
    """The command a control should send, or None for one that only changes the message."""
    action = action_of(control)
    t = table(state, Seat(seat))
    if action == "draw":
        label = control.label.removesuffix(" (default)")  # type: ignore[union-attr]
        return Draw(seat=seat, count=0 if label == "Draw nothing" else int(label.split()[1]))
    if action == "discard":
        return Discard(seat=seat, cards=tuple(values))
    if action == "keep":
        return Discard(seat=seat, cards=())
    if action == "build":
        if values:
            return Build(seat=seat, category=values[0])
        default = next(d for d in t.decisions if d.kind == "build").default
        return Build(seat=seat, category=default.category)
    if action == "nobuild":
        default = next(d for d in t.decisions if d.kind == "build").default
        return Build(seat=seat, category=default.category, cards=())
    if action == "done":
        return EndTrading(seat=seat)
    if action == "accept":
        return AcceptOffer(seat=seat, offer=int(arg_of(control)))
    if action == "decline":
        return DeclineOffer(seat=seat, offer=int(arg_of(control)))
    if action == "withdraw":
        return WithdrawOffer(seat=seat, offer=int(arg_of(control)))
    return None


async def _try_every_control(state: TownState, seat: int, message: Message) -> list[str]:
    used = []
    for control in controls(message):
        if control.disabled:
            continue
        action = action_of(control)
        used.append(action)
        values = [control.options[0].value] if isinstance(control, Select) else []
        reply, ask = await press(state, seat, control, values)
        expected = _expected(state, seat, control, values)
        if action == "send":
            # A fresh builder has nothing on either side: the rules say what is missing.
            draft = Draft.decode(arg_of(control))
            if not (draft.gives and draft.asks):
                refused(reply, ask, state, "nothing was changed")
                continue
            assert reply.edit and type(ask.acted[0]) in (Propose, CounterOffer)
            continue
        assert reply.edit and reply.message is not None, (action, reply)
        if expected is None:
            assert not ask.acted, action
            assert reply.message.rows or reply.message.embeds
            if action in ("to", "give", "cat"):
                assert set(values) <= set(defaults(find(reply.message, action))), action
            if action == "ask":
                assert values[0] in defaults(find(reply.message, "ask"))
        else:
            assert ask.acted == [expected], (action, ask.acted, expected)
    return used


@pytest.mark.parametrize(("players", "seed"), [(2, 24), (4, 22), (6, 23)])
async def test_every_control_of_every_prompt_does_what_it_says(players, seed):
    used: set[str] = set()
    for update in playout(players, seed):
        state = update.after
        for seat in range(players):
            t = table(state, Seat(seat))
            for decision in t.decisions:
                message = P.prompt(t, decision)
                assert message is not None
                used |= set(await _try_every_control(state, seat, message))
            reply = await P.decide(t)
            assert reply.message is not None
            assert {action_of(c) for c in controls(reply.message)} <= P.controls
    assert used <= P.controls
    assert {"draw", "keep", "discard", "build", "nobuild", "give", "cat", "send"} <= used
    # With two players an offer can only go to the other one: no select for it.
    assert ("to" in used) == (players > 2)
    assert {"done", "decline", "counter", "offers", "clear"} <= used


def test_the_declared_controls_are_all_handled_and_none_opens_a_form():
    assert set(HANDLERS) == P.controls
    assert not P.forms and not P.channel_controls and not P.modal_openers


# --- draw, discard, build by hand ------------------------------------------------------------


async def test_pressing_draw_2_draws_2_and_shows_them():
    state = lay_out(3, hands={0: ["quarry", "mason", "temple"]}, stage=DRAW1)
    message = prompt_of(state, 0, "draw")
    labels = [c.label for c in controls(message)]
    assert labels == ["Draw nothing", "Draw 1", "Draw 2 (default)"]
    button = next(c for c in controls(message) if c.label.startswith("Draw 2"))
    assert button.style == "primary"
    reply, ask = await press(state, 0, button)
    assert ask.acted == [Draw(seat=0, count=2)]
    drawn = [PACK.name(c) for c in ask.state.hands[0][3:]]
    assert reply.edit and all(name in texts(reply.message) for name in drawn)


async def test_discarding_picked_cards_and_nothing():
    state = lay_out(3, hands={0: ["quarry", "mason", "temple", "moat"]}, stage=DISCARD)
    message = prompt_of(state, 0, "discard")
    select = find(message, "discard")
    assert (select.min_values, select.max_values) == (1, 3)
    assert [o.value for o in select.options] == ["quarry", "mason", "temple", "moat"]
    reply, ask = await press(state, 0, select, ["mason", "moat"])
    assert ask.acted == [Discard(seat=0, cards=("mason", "moat"))]
    assert "Mason (CC)" in texts(reply.message) and "face down" in texts(reply.message)
    reply, ask = await press(state, 0, find(message, "keep"))
    assert ask.acted == [Discard(seat=0, cards=())]
    reply, ask = await press(state, 0, select, ["quarry", "mason", "temple", "moat"])
    refused(reply, ask, state, "1 to 3")


async def test_building_shows_the_points_each_category_adds():
    state = lay_out(
        3,
        hands={0: ["trade-route", "carpenter", "temple"]},
        towns={0: ["cross-roads", "lumbermill"]},
        stage=BUILD,
    )
    message = prompt_of(state, 0, "build")
    select = find(message, "build", Select)
    options = {o.value: o.label for o in select.options}
    # Trade Route earns its bonus with Cross Roads (+3); Carpenter gives 1 C + 1 bonus C, or 1 I.
    assert options == {
        "T": "T Trade & Transportation: +3 (default)",
        "C": "C Construction & Materials: +3",
        "R": "R Religion & Church: +2",
        "I": "I Industry & Crafts: +3",
    }
    reply, ask = await press(state, 0, select, ["C"])
    assert ask.acted == [Build(seat=0, category="C")]
    assert "Carpenter" in texts(reply.message) and "+3 points" in texts(reply.message)
    reply, ask = await press(state, 0, find(message, "build", Button))
    assert ask.acted == [Build(seat=0, category="T")]
    reply, ask = await press(state, 0, find(message, "nobuild"))
    assert ask.acted == [Build(seat=0, category="T", cards=())]
    assert ask.state.towns[0] == ("cross-roads", "lumbermill")


# --- a whole trade by clicks -----------------------------------------------------------------


def _trade_table() -> TownState:
    return lay_out(
        3,
        hands={0: ["quarry", "mason", "temple"], 1: ["gold-mine", "shrine"], 2: ["moat"]},
        towns={0: ["cross-roads"], 2: ["docks"]},
        stage=TRADE1,
    )


async def _build_offer(state: TownState, seat: int, message: Message, to, gives, shelf, asks):
    """Fill the builder in as a player would, one control after another; the last message."""
    if to is not None:
        reply, _ = await press(state, seat, find(message, "to"), [str(s) for s in to])
        message = reply.message
    reply, _ = await press(state, seat, find(message, "give"), list(gives))
    message = reply.message
    reply, _ = await press(state, seat, find(message, "cat"), [shelf])
    message = reply.message
    reply, _ = await press(state, seat, find(message, "ask"), list(asks))
    return reply.message


async def test_a_whole_trade_by_clicks():
    state = _trade_table()
    message = prompt_of(state, 0, "trade")
    # The builder starts with the offer going to every other player.
    assert defaults(find(message, "to")) == ["1", "2"]
    message = await _build_offer(state, 0, message, [1], ["mason"], "T0", ["gold-mine"])
    shown = texts(message, skip=("ask",))
    assert "**To:** Bo" in shown and "Mason (CC)" in shown and "Gold Mine (TT)" in shown
    # Cross Roads and Docks are built: they cannot be asked for; neither can one's own cards.
    asking = [o.value for o in find(message, "ask").options]
    assert "cross-roads" not in asking and "docks" not in asking and "gold-mine" in asking
    reply, ask = await press(state, 0, find(message, "send"))
    assert ask.acted == [Propose(seat=0, to=(1,), gives=("mason",), asks=("gold-mine",))]
    assert "Offer 1 sent to Bo" in texts(reply.message)
    state = ask.state
    # The channel is told only the counts.
    public = P.transcript(_seen_public(state, ask))
    assert any("Ana offers Bo 1 card for 1 card (offer 1)" in line for line in public)
    assert not any("Mason" in line or "Gold Mine" in line for line in public)
    # Bo's prompt shows exactly what is given and asked; Bo accepts.
    offer = prompt_of(state, 1, "offer")
    text = texts(offer)
    assert "**Ana gives you**\n• **Mason** `CC`" in text
    assert "**Ana asks you for**\n• **Gold Mine** `TT`" in text
    accept = find(offer, "accept")
    assert not accept.disabled
    reply, ask = await press(state, 1, accept)
    assert ask.acted == [AcceptOffer(seat=1, offer=1)]
    assert ask.state.hands[0] == ("quarry", "temple", "gold-mine")
    assert ask.state.hands[1] == ("shrine", "mason")
    assert "you gave Gold Mine (TT) and got Mason (CC)" in texts(reply.message)
    public = P.transcript(_seen_public(state, ask))
    assert public == ["Turn 1 — Ana: Trade (offer 1): Ana gives 1 card to Bo and gets 1 card back."]


def _seen_public(before: TownState, ask: FakeAsk) -> Seen:
    return step(before, ask.events, ask.seat).seen(PUBLIC)


async def test_a_counter_offer_by_clicks():
    state = _trade_table()
    message = prompt_of(state, 0, "trade")
    message = await _build_offer(state, 0, message, [1], ["mason"], "T0", ["gold-mine"])
    _, ask = await press(state, 0, find(message, "send"))
    state = ask.state
    offer = prompt_of(state, 1, "offer")
    reply, ask = await press(state, 1, find(offer, "counter"))
    assert not ask.acted
    builder = reply.message
    # Prefilled with the same exchange from Bo's side: Gold Mine for Mason.
    shown = texts(builder, skip=("ask",))
    assert "**You give:** Gold Mine (TT)" in shown and "**You ask for:** Mason (CC)" in shown
    assert not [c for c in controls(builder) if action_of(c) == "to"]
    # "Back to their offer" shows the offer again.
    back, _ = await press(state, 1, find(builder, "see"))
    assert back.edit and texts(back.message) == texts(offer)
    # Bo asks for the Quarry as well, then sends.
    reply, _ = await press(state, 1, find(builder, "cat"), ["C0"])
    builder = reply.message
    assert defaults(find(builder, "ask")) == ["mason"]
    reply, _ = await press(state, 1, find(builder, "ask"), ["mason", "quarry"])
    reply, ask = await press(state, 1, find(reply.message, "send"))
    assert ask.acted == [
        CounterOffer(seat=1, offer=1, gives=("gold-mine",), asks=("mason", "quarry"))
    ]
    state = ask.state
    # Ana gets the counter-offer (offer 2) and accepts it.
    t = table(state, Seat(0))
    [decision] = t.decisions
    assert decision.kind == "offer" and decision.context["offer"] == 2
    counter = P.prompt(t, decision)
    assert "counter-offer to your offer 1" in counter.embeds[0].title
    reply, ask = await press(state, 0, find(counter, "accept"))
    assert ask.acted == [AcceptOffer(seat=0, offer=2)]
    assert ask.state.hands[0] == ("temple", "gold-mine")
    assert ask.state.hands[1] == ("shrine", "mason", "quarry")


async def test_others_offer_only_to_the_current_player_through_gm_trade():
    state = _trade_table()
    ask = FakeAsk(state, 2)
    command = next(c for c in P.commands if c.name == "trade")
    reply = await command.run(ask)
    builder = reply.message.check()
    assert reply.ephemeral
    assert not [c for c in controls(builder) if action_of(c) in ("to", "done")]
    assert "**To:** Ana" in texts(builder)
    builder = await _build_offer(state, 2, builder, None, ["moat"], "C0", ["quarry"])
    reply, ask = await press(state, 2, find(builder, "send"))
    assert ask.acted == [Propose(seat=2, to=(0,), gives=("moat",), asks=("quarry",))]
    # Outside a trade phase there is nothing to offer.
    later = lay_out(3, hands={0: ["quarry"], 2: ["moat"]}, stage=DISCARD)
    reply = await command.run(FakeAsk(later, 2))
    assert "Nobody is trading now" in reply.message.content


async def test_my_offers_withdraw_and_done_trading():
    state = _trade_table()
    message = prompt_of(state, 0, "trade")
    message = await _build_offer(state, 0, message, [1, 2], ["mason"], "R0", ["shrine"])
    reply, ask = await press(state, 0, find(message, "send"))
    assert ask.acted == [Propose(seat=0, to=(1, 2), gives=("mason",), asks=("shrine",))]
    state = ask.state
    offer = prompt_of(state, 2, "offer")
    assert "Also offered to Bo: the first to accept takes it." in texts(offer)
    # Cyrus does not hold the Shrine: Accept is disabled, and refused if pressed anyway.
    accept = find(offer, "accept")
    assert accept.disabled and "You do not hold Shrine" in texts(offer)
    reply, ask = await press(state, 2, accept)
    refused(reply, ask, state, "decline it or make a counter-offer")
    hand = await P.hand(table(state, Seat(0)), False)
    reply, ask = await press(state, 0, find(hand, "offers"))
    listing = reply.message
    # Bo answers from the list of his offers ("Answer offer 1" shows its prompt).
    bo = await press(state, 1, find(await P.hand(table(state, Seat(1)), False), "offers"))
    answer, _ = await press(state, 1, find(bo[0].message, "see"))
    assert texts(answer.message) == texts(prompt_of(state, 1, "offer"))
    blank, _ = await press(state, 0, find(listing, "make"))
    assert "**You give:** *nothing yet" in texts(blank.message)
    assert "**Offer 1** to Bo or Cyrus: you give Mason (CC); you ask for Shrine (RR) — open" in (
        texts(listing)
    )
    reply, ask = await press(state, 0, find(listing, "withdraw"))
    assert ask.acted == [WithdrawOffer(seat=0, offer=1)]
    assert "You withdrew offer 1." in texts(reply.message)
    state = ask.state
    reply, ask = await press(state, 0, find(reply.message, "done"))
    assert ask.acted == [EndTrading(seat=0)]


# --- refusals --------------------------------------------------------------------------------


async def test_a_stale_prompt_is_refused_and_changes_nothing():
    state = lay_out(3, hands={0: ["quarry", "mason"]}, stage=DISCARD)
    message = prompt_of(state, 0, "discard")
    _, ask = await press(state, 0, find(message, "keep"))
    later = ask.state  # now the Second Draw Phase
    for control in controls(message):
        values = [control.options[0].value] if isinstance(control, Select) else []
        reply, ask = await press(later, 0, control, values)
        refused(reply, ask, later, "out of date", "/gm decide")


async def test_forged_or_foreign_controls_are_refused():
    state = _trade_table()
    message = prompt_of(state, 0, "trade")
    give = find(message, "give")
    reply, ask = await press(state, 0, give, ["gold-mine"])  # Bo's card, not Ana's
    refused(reply, ask, state, "only give cards in your hand")
    forged = Select(ControlId("give", 1, 0, "0.2.Q9.zz.").encode(), give.options)
    reply, ask = await press(state, 0, forged, ["mason"])
    refused(reply, ask, state, "out of date", "/town trade")
    reply, ask = await press(state, None, give, ["mason"])
    refused(reply, ask, state, "only this game's players")
    unknown = Button("?", ControlId("nosuch", 1, 0, "").encode())
    reply, ask = await press(state, 0, unknown)
    refused(reply, ask, state, "not one of Founders' Town's")
    # Pressing another seat's draw button from seat 1: it has no such decision.
    drawing = lay_out(3, hands={0: ["quarry"]}, stage=DRAW1)
    button = controls(prompt_of(drawing, 0, "draw"))[0]
    reply, ask = await press(drawing, 1, button)
    refused(reply, ask, drawing, "out of date")


async def test_an_incomplete_offer_is_refused_with_the_rules_words():
    state = _trade_table()
    message = prompt_of(state, 0, "trade")
    reply, _ = await press(state, 0, find(message, "give"), ["mason"])
    reply, ask = await press(state, 0, find(reply.message, "send"))
    refused(reply, ask, state, "give at least one and ask for at least one", "nothing was changed")


# --- the builder's lists and ids ---------------------------------------------------------------


def test_the_asking_list_is_every_unbuilt_card_not_in_hand_by_pages_of_25():
    state = _trade_table()
    view = table(state, Seat(0)).view
    pages = shelves(view)
    for c in CATEGORIES:
        expected = {
            s
            for s in PACK.by_category[c]
            if s not in ("cross-roads", "docks", "quarry", "mason", "temple")
        }
        assert {s for value, cat, cards in pages if cat == c for s in cards} == expected
    assert all(len(cards) <= PAGE for _, _, cards in pages)
    assert [value for value, _, _ in pages if value[0] == "I"] == ["I0", "I1"]
    # The lists depend on the towns and the player's own hand only, never on other hands.
    swapped = lay_out(
        3,
        hands={0: ["quarry", "mason", "temple"], 1: ["moat"], 2: ["gold-mine", "shrine"]},
        towns={0: ["cross-roads"], 2: ["docks"]},
        stage=TRADE1,
    )
    assert shelves(table(swapped, Seat(0)).view) == pages
    industry = [c for value, _, cards in pages if value[0] == "I" for c in cards]
    assert len(industry) == len(set(industry)) == len(PACK.by_category["I"])


def test_a_full_offer_fits_in_custom_ids():
    every = PACK.order
    draft = Draft(
        counters=9999,
        to=(1, 2, 3, 4, 5),
        shelf="I1",
        gives=every[:MAX_SIDE],
        asks=every[-MAX_SIDE:],
    )
    for action in ("give", "send", "clear"):
        assert len(ControlId(action, 10**18, 5, draft.encode()).encode()) <= MAX_LENGTH
    assert Draft.decode(draft.encode()) == draft


async def test_the_builder_survives_a_restart():
    """Everything the builder holds is in its custom ids: a control pressed on a message made
    before a restart (here: by another presentation object) carries on the same offer."""
    state = _trade_table()
    message = prompt_of(state, 0, "trade")
    message = await _build_offer(state, 0, message, [1], ["mason"], "T0", ["gold-mine"])
    fresh = type(P)()
    ask = FakeAsk(state, 0)
    send = find(message, "send")
    reply = await fresh.control(ask, "send", arg_of(send), [], {}, 0)
    assert reply.edit
    assert ask.acted == [Propose(seat=0, to=(1,), gives=("mason",), asks=("gold-mine",))]
