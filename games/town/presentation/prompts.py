"""The DMs that ask one player something, with their buttons and selects.

- draw: a button for each number of cards it may draw, the default marked.
- discard: a multi-select of its hand (1 to 3 cards, acting as soon as it closes) and
  "Discard nothing".
- build: a select of the categories it holds cards of, with the points each would add, a
  button for the default category and "Build nothing".
- trade (the current player): the offer builder, with "My offers" and "Done trading".
- offer (an offer made to it): exactly what is given and asked; Accept, Decline, Counter.

The offer builder: whom to offer to, a multi-select of one's hand (what it gives), a category,
then a multi-select of that category's cards that are not built anywhere (what it asks for:
nobody sees other hands), then "Send offer". What is picked so far is kept in the controls'
custom ids (`drafts.Draft`), so every change edits the message and nothing is kept elsewhere.

Buttons that answer a phase carry a stamp of the turn and phase they were made for, so a button
left over from an earlier phase is refused rather than applied to a later one.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.presentation import Table, when
from bot.render.ids import ControlId, fingerprint
from bot.render.ui import Button, Embed, Message, Option, Select, clip
from engine.core import offers as of
from engine.core.game import Decision
from games.town.presentation import words as w
from games.town.presentation.drafts import MAX_SIDE, Draft
from games.town.rules.cards import CATEGORIES, CATEGORY_NAMES, load_cards
from games.town.rules.commands import AcceptOffer, Build, Draw
from games.town.rules.state import TRADE1, TRADE2
from games.town.rules.views import CardView, OfferDetail, PublicView, SeatView

PAGE = 25  # options in one select
ASKING = (
    "You cannot see other players' hands, so you may ask for any card that is not built. If the "
    "player you make the offer to does not hold every card you ask for, they cannot accept it: "
    "they can only decline it or make you a counter-offer."
)


def cid(action: str, table: Table, arg: str = "") -> str:
    """The custom id of one of this seat's controls."""
    assert table.seat is not None
    return ControlId(action, table.game_id, table.seat, arg).encode()


def stamp(view: PublicView) -> str:
    """The turn and phase a phase's controls were made for ("12-draw2")."""
    return f"{view.turn}-{view.stage}"


def names_of(table: Table) -> tuple[str, ...]:
    """The players' names as messages show them."""
    return w.seat_names(table.names, len(table.names))


def seat_view(table: Table) -> SeatView:
    """The seat's own view (prompts are made for one seat only)."""
    if not isinstance(table.view, SeatView):
        raise TypeError("a prompt needs a seat's own view")
    return table.view


def deadline(due: datetime | None, default: str) -> str:
    """When the default applies, in words."""
    if due is None:
        return f"There is no deadline; if the host moves the game on, you {default}."
    return f"Answer {when(due)}; after that, you {default}."


def hand_lines(hand: Sequence[CardView]) -> str:
    """A hand, one card a line with its resources and bonus."""
    pack = load_cards()
    return "\n".join(f"• {w.describe(pack, c.slug)}" for c in hand) or "• (no cards)"


def _embed(title: str, lines: Sequence[str]) -> Embed:
    return Embed(title=clip(title, 256), description=clip("\n".join(lines), 4096), colour=w.COLOUR)


def _rows(buttons: Sequence[Button]) -> list[tuple[Button, ...]]:
    return [tuple(buttons[i : i + 5]) for i in range(0, len(buttons), 5)]


# --- draw, discard, build ----------------------------------------------------------------------


def draw_prompt(table: Table, decision: Decision) -> Message:
    """A Draw Phase: a button per number of cards, the default marked."""
    view = seat_view(table)
    pv = view.public
    ctx = decision.context
    buttons = []
    for option in decision.options:
        assert isinstance(option, Draw)
        text = "Draw nothing" if option.count == 0 else f"Draw {option.count}"
        default = option == decision.default
        buttons.append(
            Button(
                text + (" (default)" if default else ""),
                cid("draw", table, f"{stamp(pv)}.{fingerprint(option)}"),
                style="primary" if default else "secondary",
            )
        )
    lines = [
        f"{w.stage_name(pv.stage)}: draw up to {w.count(ctx['max'], 'card')}. You hold "
        f"{ctx['hand']}; the deck has {ctx['deck']} left. Only you see what you draw.",
        "",
        "**Your hand**",
        hand_lines(view.hand),
        "",
        deadline(table.due, f"draw {w.count(decision.default.count, 'card')}"),
    ]
    return Message(
        embeds=(_embed(f"Turn {pv.turn} — your draw", lines),), rows=tuple(_rows(buttons))
    ).check()


def card_option(card: CardView, *, default: bool = False) -> Option:
    """A card as a select option: its label, what it gives and its bonus."""
    pack = load_cards()
    extra = w.bonus(pack, pack.cards[card.slug])
    return Option(
        clip(w.label(card), 100),
        card.slug,
        description=clip(w.points(card.resources) + (f"; {extra}" if extra else ""), 100),
        default=default,
    )


def discard_prompt(table: Table, decision: Decision) -> Message:
    """The Discard Phase: a multi-select of the hand and "Discard nothing"."""
    view = seat_view(table)
    pv = view.public
    most = decision.context["max"]
    lines = [
        f"Discard Phase: discard up to {w.count(most, 'card')} face down, or none. Nobody else "
        "learns which cards. Pick them in the list: they go as soon as you close it.",
        "",
        "**Your hand**",
        hand_lines(view.hand),
        "",
        deadline(table.due, "discard nothing"),
    ]
    rows: list[tuple[Any, ...]] = []
    if view.hand and most:
        rows.append(
            (
                Select(
                    cid("discard", table, stamp(pv)),
                    tuple(card_option(c) for c in view.hand[:PAGE]),
                    placeholder=f"Discard 1 to {most} of these",
                    min_values=1,
                    max_values=min(most, len(view.hand), PAGE),
                ),
            )
        )
    rows.append(
        (Button("Discard nothing (default)", cid("keep", table, stamp(pv)), style="primary"),)
    )
    return Message(
        embeds=(_embed(f"Turn {pv.turn} — your discard", lines),), rows=tuple(rows)
    ).check()


def building(view: SeatView) -> list[tuple[str, int, tuple[str, ...]]]:
    """(category, points it would add, names of the hand's cards of it) for every category the
    hand holds cards of."""
    pack = load_cards()
    out = []
    for c in CATEGORIES:
        cards = tuple(h.name for h in view.hand if h.slug in pack.by_category[c])
        if cards:
            out.append((c, view.if_built.get(c, 0), cards))
    return out


def build_prompt(table: Table, decision: Decision) -> Message:
    """The Build Phase: a select of categories with the points each adds, a button for the
    default and "Build nothing"."""
    view = seat_view(table)
    pv = view.public
    default = decision.default
    assert isinstance(default, Build)
    choices = building(view)
    lines = [
        "Build Phase: pick a category; you build every card of it in your hand (a card with two "
        "categories can be built with either). Built cards stay in your town for good.",
        "",
    ]
    for c, gain, cards in choices:
        mark = " (default)" if c == default.category else ""
        lines.append(f"**{w.category(c)}**: +{gain}{mark} — {', '.join(cards)}")
    lines += ["", deadline(table.due, f"build {CATEGORY_NAMES[default.category]}")]
    options = tuple(
        Option(
            clip(
                f"{c} {CATEGORY_NAMES[c]}: +{gain}"
                + (" (default)" if c == default.category else ""),
                100,
            ),
            c,
            description=clip(", ".join(cards), 100),
        )
        for c, gain, cards in choices
    )
    rows: list[tuple[Any, ...]] = []
    if options:
        rows.append(
            (Select(cid("build", table, stamp(pv)), options, placeholder="Pick a category"),)
        )
    gain = view.if_built.get(default.category, 0)
    rows.append(
        (
            Button(
                clip(f"Build {CATEGORY_NAMES[default.category]}: +{gain} (default)", 80),
                cid("build", table, f"{stamp(pv)}.{default.category}"),
                style="primary",
            ),
            Button("Build nothing", cid("nobuild", table, stamp(pv))),
        )
    )
    return Message(
        embeds=(_embed(f"Turn {pv.turn} — your build", lines),), rows=tuple(rows)
    ).check()


# --- offers --------------------------------------------------------------------------------------


def offer_of(view: SeatView, offer_id: int) -> OfferDetail | None:
    """The offer `offer_id` of this trade phase, if the seat is party to it."""
    return next((o for o in view.offers if o.id == offer_id), None)


def offer_lines(view: SeatView, offer: OfferDetail, names: Sequence[str]) -> list[str]:
    """An offer made to this seat, exactly: what it gets, what it gives, and whether it can."""
    pack = load_cards()
    by = names[offer.by]
    held = {c.slug for c in view.hand}
    lines = [
        f"**{by} gives you**",
        *(f"• {w.describe(pack, c.slug)}" for c in offer.gives),
        f"**{by} asks you for**",
        *(
            f"• {w.describe(pack, c.slug)}" + ("" if c.slug in held else " — *you do not hold it*")
            for c in offer.asks
        ),
    ]
    missing = [c.name for c in offer.asks if c.slug not in held]
    if missing:
        lines.append(
            f"You do not hold {w.join(missing)}, so you cannot accept: decline it, or make "
            f"{by} a counter-offer."
        )
    others = [names[s] for s in offer.to if s != view.seat]
    if others:
        lines.append(f"Also offered to {w.join(others)}: the first to accept takes it.")
    return lines


def offer_prompt(table: Table, decision: Decision) -> Message:
    """An offer made to this seat: exactly what it gets and gives; Accept (disabled when it
    lacks a card asked for), Decline, Counter."""
    view = seat_view(table)
    names = names_of(table)
    offer = offer_of(view, decision.context["offer"])
    assert offer is not None, "a seat sees every offer made to it"
    counter = f" (a counter-offer to your offer {offer.counters})" if offer.counters else ""
    lines = [
        *offer_lines(view, offer, names),
        "",
        "**Your hand**",
        hand_lines(view.hand),
        "",
        deadline(table.due, "decline it"),
    ]
    can = any(isinstance(o, AcceptOffer) and o.offer == offer.id for o in decision.options)
    arg = str(offer.id)
    rows = (
        (
            Button("Accept", cid("accept", table, arg), style="success", disabled=not can),
            Button("Decline (default)", cid("decline", table, arg), style="danger"),
            Button("Counter…", cid("counter", table, arg), style="primary"),
        ),
    )
    title = f"Offer {offer.id} from {names[offer.by]}{counter}"
    return Message(embeds=(_embed(title, lines),), rows=rows).check()


STATUS = {
    of.OPEN: "open",
    of.ACCEPTED: "accepted",
    of.DECLINED: "declined",
    of.COUNTERED: "answered with a counter-offer",
    of.WITHDRAWN: "withdrawn",
    of.LAPSED: "lapsed",
}


def offer_summary(view: SeatView, offer: OfferDetail, names: Sequence[str]) -> str:
    """One line about an offer this seat is party to, from its side."""
    gives = w.labels(offer.gives)
    asks = w.labels(offer.asks)
    status = STATUS.get(offer.status, offer.status)
    if offer.status == of.ACCEPTED:
        status += f" by {names[offer.taker]}"
    if offer.by == view.seat:
        to = w.join([names[s] for s in offer.to], "or")
        return f"**Offer {offer.id}** to {to}: you give {gives}; you ask for {asks} — {status}."
    return (
        f"**Offer {offer.id}** from {names[offer.by]}: you get {gives}; you give {asks} — {status}."
    )


def trading_now(view: SeatView) -> bool:
    """Is a trade phase on (anyone may make offers, to the current player at least)?"""
    return not view.public.over and view.public.stage in (TRADE1, TRADE2)


def offers_message(table: Table, note: str = "") -> Message:
    """This seat's offers of the current trade phase, with Withdraw and Answer buttons."""
    view = seat_view(table)
    pv = view.public
    names = names_of(table)
    lines = [note, ""] if note else []
    if not trading_now(view):
        lines.append(
            f"Nobody is trading now: it is {names[pv.current]}'s {w.stage_name(pv.stage)}."
        )
        return Message(embeds=(_embed("Your offers", lines),)).check()
    lines += [offer_summary(view, o, names) for o in view.offers] or [
        "You have made or received no offer in this trade phase."
    ]
    buttons: list[Button] = []
    for o in view.offers:
        if o.status != of.OPEN:
            continue
        if o.by == view.seat:
            buttons.append(Button(f"Withdraw offer {o.id}", cid("withdraw", table, str(o.id))))
        elif view.seat in o.to and all(s != view.seat for s, _ in o.answers):
            buttons.append(
                Button(f"Answer offer {o.id}", cid("see", table, str(o.id)), style="primary")
            )
    rows = _rows(buttons[:15])
    rows.append(nav(table, offers=False))
    return Message(
        embeds=(_embed(f"Your offers — turn {pv.turn}, {w.stage_name(pv.stage)}", lines),),
        rows=tuple(rows),
    ).check()


def nav(table: Table, *, offers: bool = True, make: bool = True) -> tuple[Button, ...]:
    """The trade phase's buttons besides the builder's: a new offer, one's offers, and for the
    current player "Done trading"."""
    view = seat_view(table)
    pv = view.public
    out = []
    if make:
        out.append(Button("Make an offer", cid("make", table), style="primary"))
    if offers:
        out.append(Button("My offers", cid("offers", table)))
    if view.seat == pv.current:
        out.append(Button("Done trading", cid("done", table, stamp(pv)), style="danger"))
    return tuple(out)


# --- the offer builder -----------------------------------------------------------------------


def addressees(view: SeatView, draft: Draft) -> tuple[int, ...]:
    """Whom this seat may make the draft offer to: a counter-offer goes back to its proposer;
    the current player offers to anyone; the others only to the current player."""
    pv = view.public
    if draft.counters:
        offer = offer_of(view, draft.counters)
        return (offer.by,) if offer is not None else ()
    if view.seat == pv.current:
        return tuple(s for s in pv.order if s != view.seat)
    return (pv.current,)


def new_draft(view: SeatView) -> Draft:
    """A blank offer: to everybody it may go to (the first to accept takes it)."""
    return Draft(to=tuple(sorted(addressees(view, Draft()))))


def counter_draft(view: SeatView, offer: OfferDetail) -> Draft:
    """A counter-offer to `offer`, prefilled with the same exchange from this seat's side: the
    cards it was asked for that it holds, for the cards it was offered."""
    held = {c.slug for c in view.hand}
    gives = tuple(c.slug for c in offer.asks if c.slug in held)
    asks = tuple(c.slug for c in offer.gives)
    draft = Draft(counters=offer.id, to=(offer.by,), gives=gives, asks=asks)
    return draft.but(shelf=_first_shelf(view, asks))


def shelves(view: SeatView) -> list[tuple[str, str, tuple[str, ...]]]:
    """The asking list's pages: (value, category, cards) for each category with cards this seat
    may ask for (not built anywhere, not in its own hand), a page per 25 cards, cards by name."""
    pack = load_cards()
    built = {c.slug for s in view.public.seats for g in s.town for c in g.cards}
    held = {c.slug for c in view.hand}
    out = []
    for c in CATEGORIES:
        cards = sorted(
            (s for s in pack.by_category[c] if s not in built and s not in held),
            key=pack.name,
        )
        pages = -(-len(cards) // PAGE)
        size = -(-len(cards) // pages) if pages else 0
        for p in range(pages):
            out.append((f"{c}{p}", c, tuple(cards[p * size : (p + 1) * size])))
    return out


def shelf_cards(view: SeatView, shelf: str) -> tuple[str, ...]:
    """The cards of one page of the asking list."""
    return next((cards for value, _, cards in shelves(view) if value == shelf), ())


def _first_shelf(view: SeatView, asks: tuple[str, ...]) -> str:
    for value, _, cards in shelves(view):
        if any(a in cards for a in asks):
            return value
    return ""


def builder(table: Table, draft: Draft, note: str = "") -> Message:
    """The offer builder for this seat, showing `draft`."""
    view = seat_view(table)
    pv = view.public
    names = names_of(table)
    pack = load_cards()
    arg = draft.encode()
    lines = [note, ""] if note else []
    if draft.counters:
        offer = offer_of(view, draft.counters)
        title = f"Counter-offer to {names[offer.by]}" if offer else "Counter-offer"
        if offer is not None:
            lines += [f"Their offer {offer.id}:", offer_summary(view, offer, names), ""]
    else:
        title = f"Make an offer — turn {pv.turn}, {w.stage_name(pv.stage)}"
    to = w.join([names[s] for s in draft.to], "or") if draft.to else "*nobody yet*"
    gives = w.labels(pack.cards[s] for s in draft.gives)
    asks = w.labels(pack.cards[s] for s in draft.asks)
    lines += [
        f"**To:** {to}" + (" — the first to accept takes it" if len(draft.to) > 1 else ""),
        f"**You give:** {gives if draft.gives else '*nothing yet: pick from your hand*'}",
        f"**You ask for:** {asks if draft.asks else '*nothing yet: pick a category, then cards*'}",
        "",
        ASKING,
        "A trade moves at least one card each way; it need not be even.",
        "",
        "**Your hand**",
        hand_lines(view.hand),
    ]
    mine = [d for d in view.decisions if d.kind == "trade"]
    if mine:
        lines += ["", deadline(table.due, "end trading")]
    rows: list[tuple[Any, ...]] = []
    choices = addressees(view, draft)
    if len(choices) > 1:
        rows.append(
            (
                Select(
                    cid("to", table, arg),
                    tuple(
                        Option(
                            clip(names[s], 100),
                            str(s),
                            description=f"holds {w.count(pv.seats[s].hand, 'card')}",
                            default=s in draft.to,
                        )
                        for s in choices
                    ),
                    placeholder="Offer to…",
                    min_values=1,
                    max_values=len(choices),
                ),
            )
        )
    if view.hand:
        hand = view.hand[:PAGE]
        rows.append(
            (
                Select(
                    cid("give", table, arg),
                    tuple(card_option(c, default=c.slug in draft.gives) for c in hand),
                    placeholder="You give…",
                    min_values=0,
                    max_values=min(len(hand), MAX_SIDE),
                ),
            )
        )
    pages = shelves(view)
    if pages:
        rows.append((_shelf_select(table, draft, pages, arg),))
    current = next((cards for value, _, cards in pages if value == draft.shelf), ())
    if current:
        rows.append((_ask_select(table, draft, current, arg),))
    send = "Send counter-offer" if draft.counters else "Send offer"
    buttons = [
        Button(send, cid("send", table, arg), style="success"),
        Button("Clear", cid("clear", table, arg)),
    ]
    if draft.counters:
        buttons.append(Button("Back to their offer", cid("see", table, str(draft.counters))))
    else:
        buttons += nav(table, make=False)
    rows.append(tuple(buttons))
    return Message(embeds=(_embed(title, lines),), rows=tuple(rows)).check()


def _shelf_select(
    table: Table, draft: Draft, pages: list[tuple[str, str, tuple[str, ...]]], arg: str
) -> Select:
    count = {c: sum(1 for _, cat, _ in pages if cat == c) for c in CATEGORIES}
    options = []
    for value, c, cards in pages:
        part = f" ({int(value[1:]) + 1} of {count[c]})" if count[c] > 1 else ""
        asked = sum(1 for a in draft.asks if a in cards)
        note = f"{w.count(len(cards), 'card')} to ask for" + (f"; {asked} asked" if asked else "")
        options.append(
            Option(
                clip(f"{w.category(c)}{part}", 100),
                value,
                description=note,
                default=value == draft.shelf,
            )
        )
    return Select(cid("cat", table, arg), tuple(options), placeholder="Ask for cards of…")


def _ask_select(table: Table, draft: Draft, cards: tuple[str, ...], arg: str) -> Select:
    pack = load_cards()
    elsewhere = sum(1 for a in draft.asks if a not in cards)
    room = MAX_SIDE - elsewhere
    chosen = sum(1 for a in draft.asks if a in cards)
    options = tuple(
        Option(
            clip(w.label(pack.cards[s]), 100),
            s,
            description=clip(
                w.points(pack.cards[s].resources)
                + (f"; {w.bonus(pack, pack.cards[s])}" if pack.cards[s].bonus else ""),
                100,
            ),
            default=s in draft.asks,
        )
        for s in cards
    )
    if room < 1 and chosen == 0:
        return Select(
            cid("ask", table, arg),
            options,
            placeholder=f"At most {MAX_SIDE} cards asked: remove some first",
            disabled=True,
        )
    return Select(
        cid("ask", table, arg),
        options,
        placeholder="You ask for…",
        min_values=0,
        max_values=max(1, min(len(cards), room)),
    )


def trade_prompt(table: Table, decision: Decision) -> Message:
    """The current player's trade phase: the offer builder with "Done trading"."""
    view = seat_view(table)
    open_ = sum(1 for o in view.offers if o.status == of.OPEN)
    note = (
        f"{w.stage_name(view.public.stage)}: make offers to the other players, or press "
        f"**Done trading**. Offers so far in this phase: {len(view.offers)} ({open_} open)."
    )
    return builder(table, new_draft(view), note)


def prompt(table: Table, decision: Decision) -> Message | None:
    """The DM prompt of one of the seat's decisions."""
    makers = {
        "draw": draw_prompt,
        "discard": discard_prompt,
        "build": build_prompt,
        "trade": trade_prompt,
        "offer": offer_prompt,
    }
    make = makers.get(decision.kind)
    return make(table, decision) if make is not None else None
