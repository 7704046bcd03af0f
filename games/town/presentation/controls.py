"""What each control of Founders' Town does (the `action` of its custom id):

| action   | control                          | does                                              |
|----------|----------------------------------|---------------------------------------------------|
| draw     | "Draw N" buttons                 | Draw(count) — the option whose fingerprint it has |
| discard  | the hand's multi-select          | Discard(the cards picked)                         |
| keep     | "Discard nothing"                | Discard(())                                       |
| build    | category select / default button | Build(category): every card of it in hand         |
| nobuild  | "Build nothing"                  | Build(category, cards=())                         |
| to       | builder: whom to offer to        | edits the builder                                 |
| give     | builder: cards given             | edits the builder                                 |
| cat      | builder: category to ask from    | edits the builder                                 |
| ask      | builder: cards asked for         | edits the builder                                 |
| clear    | builder: "Clear"                 | empties both sides of the offer                   |
| send     | builder: "Send offer"            | Propose, or CounterOffer in a counter-offer       |
| make     | "Make an offer"                  | shows a blank builder                             |
| offers   | "My offers"                      | lists this phase's offers one is party to         |
| withdraw | "Withdraw offer N"               | WithdrawOffer(N)                                  |
| see      | "Answer offer N" / "Back"        | shows offer N's prompt                            |
| accept   | "Accept"                         | AcceptOffer(N)                                    |
| decline  | "Decline"                        | DeclineOffer(N)                                   |
| counter  | "Counter…"                       | a builder prefilled from offer N                  |
| done     | "Done trading"                   | EndTrading                                        |

Every answer edits the message the control was on to show what changed. A refusal (ours, or the
rules' `RuleError`) is answered privately and changes nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.presentation import Ask, Refused, Reply, Table, say
from bot.render.ids import fingerprint
from bot.render.ui import Embed, Message
from engine.core.errors import RuleError
from engine.core.game import Decision
from games.town.presentation import prompts as p
from games.town.presentation import words as w
from games.town.presentation.drafts import MAX_SIDE, Draft
from games.town.rules.build import of_category
from games.town.rules.cards import CATEGORIES, CATEGORY_NAMES, load_cards
from games.town.rules.commands import (
    AcceptOffer,
    Build,
    CounterOffer,
    DeclineOffer,
    Discard,
    EndTrading,
    Propose,
    WithdrawOffer,
)
from games.town.rules.views import SeatView

CLOSED = (
    "This prompt is out of date: it was answered, or its deadline passed. `/gm decide` shows "
    "what the game asks of you now. Nothing was changed."
)
NOT_TRADING = "Nobody is trading now: offers are made in the current player's trade phases."

Handler = Callable[[Ask, Table, str, list[str]], Awaitable[Reply]]


def _view(table: Table) -> SeatView:
    if not isinstance(table.view, SeatView):
        raise Refused("Only this game's players can use its controls.")
    return table.view


def _done(title: str, text: str) -> Reply:
    """The prompt, replaced by what was done."""
    embed = Embed(title=title, description=text, colour=w.COLOUR)
    return Reply(Message(embeds=(embed,)).check(), edit=True)


def _decision(table: Table, kind: str, made_for: str) -> Decision:
    """The seat's pending decision of `kind`, if the control was made for this very phase."""
    view = _view(table)
    if made_for != p.stamp(view.public):
        raise Refused(CLOSED)
    decision = next((d for d in table.decisions if d.kind == kind), None)
    if decision is None:
        raise Refused(CLOSED)
    return decision


def _number(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 6:
        raise Refused(CLOSED)
    return int(text)


# --- draw, discard, build ----------------------------------------------------------------------


async def _draw(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    made_for, _, fp = arg.partition(".")
    decision = _decision(table, "draw", made_for)
    command = next((o for o in decision.options if fingerprint(o) == fp), None)
    if command is None:
        raise Refused(CLOSED)
    before = {c.slug for c in _view(table).hand}
    after = _view(await ask.act(command))
    drawn = [c for c in after.hand if c.slug not in before]
    text = f"You draw {w.labels(drawn)}." if drawn else "You draw no cards."
    return _done("Drawn", f"{text}\n\n**Your hand**\n{p.hand_lines(after.hand)}")


async def _discard(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    decision = _decision(table, "discard", arg)
    hand = {c.slug: c for c in _view(table).hand}
    most = decision.context["max"]
    if not values or len(values) > most or len(set(values)) != len(values):
        raise Refused(f"Pick 1 to {most} cards of your hand to discard, or press Discard nothing.")
    if any(v not in hand for v in values):
        raise Refused("You can only discard cards in your hand; `/gm hand` shows it.")
    after = _view(await ask.act(Discard(seat=_seat(ask), cards=tuple(values))))
    gone = w.labels(hand[v] for v in values)
    return _done(
        "Discarded", f"You discard {gone} face down.\n\n**Your hand**\n{p.hand_lines(after.hand)}"
    )


async def _keep(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    _decision(table, "discard", arg)
    await ask.act(Discard(seat=_seat(ask), cards=()))
    return _done("Discarded", "You discard nothing.")


async def _build(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    made_for, _, letter = arg.partition(".")
    _decision(table, "build", made_for)
    category = values[0] if values else letter
    if category not in CATEGORIES:
        raise Refused("Pick one of the categories in the list.")
    view = _view(table)
    cards = of_category(load_cards(), tuple(c.slug for c in view.hand), category)
    gain = view.if_built.get(category, 0)
    await ask.act(Build(seat=_seat(ask), category=category))
    pack = load_cards()
    built = w.join([pack.name(s) for s in cards]) if cards else "nothing"
    return _done(
        "Built",
        f"You pick {CATEGORY_NAMES[category]} and build {built}: +{w.count(gain, 'point')}.",
    )


async def _nobuild(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    decision = _decision(table, "build", arg)
    default = decision.default
    assert isinstance(default, Build)
    await ask.act(Build(seat=_seat(ask), category=default.category, cards=()))
    return _done("Built", "You build nothing this turn; your cards stay in your hand.")


# --- the offer builder -----------------------------------------------------------------------


def _trading(table: Table) -> SeatView:
    view = _view(table)
    if not p.trading_now(view):
        raise Refused(NOT_TRADING)
    return view


def _seat(ask: Ask) -> int:
    if ask.seat is None:
        raise Refused("Only this game's players can use its controls.")
    return ask.seat


async def _to(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    draft = Draft.decode(arg)
    view = _trading(table)
    choices = p.addressees(view, draft)
    seats = sorted({_number(v) for v in values})
    if not seats or any(s not in choices for s in seats):
        raise Refused("Pick whom to offer to among the players listed.")
    return Reply(p.builder(table, draft.but(to=tuple(seats))), edit=True)


async def _give(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    draft = Draft.decode(arg)
    view = _trading(table)
    hand = [c.slug for c in view.hand]
    if any(v not in hand for v in values):
        raise Refused("You can only give cards in your hand; `/gm hand` shows it.")
    if len(set(values)) > MAX_SIDE:
        raise Refused(f"Give at most {MAX_SIDE} cards in one offer.")
    gives = tuple(s for s in hand if s in values)
    return Reply(p.builder(table, draft.but(gives=gives)), edit=True)


async def _cat(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    draft = Draft.decode(arg)
    view = _trading(table)
    shelf = values[0] if values else ""
    if shelf not in {value for value, _, _ in p.shelves(view)}:
        raise Refused("Pick one of the categories in the list.")
    return Reply(p.builder(table, draft.but(shelf=shelf)), edit=True)


async def _ask(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    draft = Draft.decode(arg)
    view = _trading(table)
    cards = p.shelf_cards(view, draft.shelf)
    if any(v not in cards for v in values):
        raise Refused(
            "Ask only for cards in the list: cards that are built, or in your own hand, "
            "cannot be asked for."
        )
    asks = tuple(a for a in draft.asks if a not in cards) + tuple(c for c in cards if c in values)
    if len(asks) > MAX_SIDE:
        raise Refused(f"Ask for at most {MAX_SIDE} cards in one offer.")
    return Reply(p.builder(table, draft.but(asks=asks)), edit=True)


async def _clear(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    draft = Draft.decode(arg)
    _trading(table)
    return Reply(p.builder(table, draft.but(gives=(), asks=())), edit=True)


async def _send(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    draft = Draft.decode(arg)
    view = _trading(table)
    seat = _seat(ask)
    if not draft.to:
        raise Refused("Pick whom to make the offer to first.")
    if draft.counters:
        command: CounterOffer | Propose = CounterOffer(
            seat=seat, offer=draft.counters, gives=draft.gives, asks=draft.asks
        )
    else:
        command = Propose(seat=seat, to=draft.to, gives=draft.gives, asks=draft.asks)
    known = {o.id for o in view.offers}
    after = await ask.act(command)
    names = p.names_of(after)
    made = [o for o in _view(after).offers if o.id not in known and o.by == seat]
    pack = load_cards()
    number = f" {made[-1].id}" if made else ""
    to = w.join([names[s] for s in draft.to], "or")
    text = (
        f"Offer{number} sent to {to}: you give {w.labels(pack.cards[s] for s in draft.gives)}; "
        f"you ask for {w.labels(pack.cards[s] for s in draft.asks)}. You will hear of the "
        "answer here in your DMs."
    )
    if not p.trading_now(_view(after)):
        return _done("Offer sent", text)
    embed = Embed(title="Offer sent", description=text, colour=w.COLOUR)
    return Reply(Message(embeds=(embed,), rows=(p.nav(after),)).check(), edit=True)


async def _make(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _trading(table)
    return Reply(p.builder(table, p.new_draft(view)), edit=True)


async def _offers(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    _view(table)
    return Reply(p.offers_message(table), edit=True)


async def _withdraw(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    offer = _number(arg)
    after = await ask.act(WithdrawOffer(seat=_seat(ask), offer=offer))
    return Reply(p.offers_message(after, f"You withdrew offer {offer}."), edit=True)


async def _done_trading(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _trading(table)
    if arg != p.stamp(view.public):
        raise Refused(CLOSED)
    await ask.act(EndTrading(seat=_seat(ask)))
    return _done("Done trading", "You are done trading for this phase; open offers lapse.")


# --- answering an offer ------------------------------------------------------------------------


def _offer_decision(table: Table, offer: int) -> Decision:
    decision = next(
        (d for d in table.decisions if d.kind == "offer" and d.context.get("offer") == offer),
        None,
    )
    if decision is None:
        raise Refused(
            f"Offer {offer} is not waiting for your answer any more (answered, withdrawn or "
            "lapsed). Nothing was changed."
        )
    return decision


async def _see(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    decision = _offer_decision(table, _number(arg))
    return Reply(p.offer_prompt(table, decision), edit=True)


async def _accept(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    number = _number(arg)
    offer = p.offer_of(_view(table), number)
    if offer is None:
        raise Refused(f"There is no offer {number} to you in this trade phase.")
    after = _view(await ask.act(AcceptOffer(seat=_seat(ask), offer=number)))
    names = p.names_of(table)
    return _done(
        "Trade done",
        f"You accepted offer {number} from {names[offer.by]}: you gave "
        f"{w.labels(offer.asks)} and got {w.labels(offer.gives)}.\n\n**Your hand**\n"
        f"{p.hand_lines(after.hand)}",
    )


async def _decline(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    number = _number(arg)
    await ask.act(DeclineOffer(seat=_seat(ask), offer=number))
    return _done("Declined", f"You declined offer {number}.")


async def _counter(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    number = _number(arg)
    _offer_decision(table, number)
    view = _trading(table)
    offer = p.offer_of(view, number)
    if offer is None:
        raise Refused(CLOSED)
    return Reply(p.builder(table, p.counter_draft(view, offer)), edit=True)


HANDLERS: dict[str, Handler] = {
    "draw": _draw,
    "discard": _discard,
    "keep": _keep,
    "build": _build,
    "nobuild": _nobuild,
    "to": _to,
    "give": _give,
    "cat": _cat,
    "ask": _ask,
    "clear": _clear,
    "send": _send,
    "make": _make,
    "offers": _offers,
    "withdraw": _withdraw,
    "see": _see,
    "accept": _accept,
    "decline": _decline,
    "counter": _counter,
    "done": _done_trading,
}


async def control(ask: Ask, action: str, arg: str, values: list[str]) -> Reply:
    """A click or a choice on one of the game's controls."""
    handler = HANDLERS.get(action)
    try:
        if handler is None:
            raise Refused("That control is not one of Founders' Town's; nothing was changed.")
        _seat(ask)
        return await handler(ask, await ask.table(), arg, values)
    except Refused as exc:
        return say(exc.text)
    except RuleError as exc:
        return say(f"{exc.message} Nothing was changed.")
