"""The DMs that ask one guild something, with their buttons and selects.

- royal (Set Up): a button for each of the two Royal Contracts dealt, the default marked.
- turn: one message for the whole turn, edited as the turn goes on (`controls.py` answers each
  click with the menu as it stands after it). It shows the guild's Coin, Contracts (with the
  exact odds of forging each now), stockpile and what it might do next; a select to move (or,
  in Lords of Winterforge, where to place a Smith); the actions of the place shown, each with
  its Prime Position bonus; End turn.
- the forge: the Contract, the Components (and Rune) committed, and the breakdown of the result
  with the exact chance of success, before the roll.
- the Guildhall's returns, when taking Contracts goes past the limit of 3.

Every control carries a stamp of the view it was made from (`drafts.py`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.presentation import Table, when
from bot.render.ids import ControlId
from bot.render.ui import Button, Embed, Message, Option, Select, clip
from engine.core.game import Decision
from games.winterforge.presentation import words as w
from games.winterforge.presentation.drafts import (
    DIGITS,
    ForgeDraft,
    Menu,
    TakeDraft,
    contract_code,
    contract_of,
    stamp,
)
from games.winterforge.presentation.odds import Breakdown, best, breakdown, percent
from games.winterforge.rules.alleyways import DONATION, RUNE, THIEF
from games.winterforge.rules.bank import UNPAID_LIMIT
from games.winterforge.rules.content import ANY, MAX_SKILL, SKILLS, load_pack
from games.winterforge.rules.context import contract_card
from games.winterforge.rules.guildhall import FUNDS_BELOW, TAKE_LIMIT
from games.winterforge.rules.market import BUY_LIMIT
from games.winterforge.rules.state import LORDS, SOLO, SOLO_TURNS
from games.winterforge.rules.tavern import CREW_LIMIT
from games.winterforge.rules.views import GuildView, PublicView, SeatView

PAGE = 25  # options in one select, and stockpile cards a forge can pick from
GOOD_ODDS = 0.5  # a forge this likely is the turn's suggestion


def cid(action: str, table: Table, arg: str = "") -> str:
    """The custom id of one of this seat's controls."""
    assert table.seat is not None
    return ControlId(action, table.game_id, table.seat, arg).encode()


def names_of(table: Table) -> tuple[str, ...]:
    """The guilds' players as messages name them."""
    return w.seat_names(table.names, len(table.names))


def seat_view(table: Table) -> SeatView:
    """The seat's own view (prompts are made for one seat only)."""
    if not isinstance(table.view, SeatView):
        raise TypeError("a prompt needs a seat's own view")
    return table.view


def deadline(due: datetime | None, default: str) -> str:
    """When the default applies, in words."""
    if due is None:
        return f"There is no deadline; if the host moves the game on, {default}."
    return f"Answer {when(due)}; after that, {default}."


def embed(title: str, lines: Sequence[str]) -> Embed:
    return Embed(title=clip(title, 256), description=clip("\n".join(lines), 4096), colour=w.COLOUR)


def me(view: SeatView) -> GuildView:
    return view.public.guilds[view.seat]


# --- Set Up: the Royal Contract ----------------------------------------------------------------


def royal_prompt(table: Table, decision: Decision) -> Message:
    """Set Up step 4: keep one of the two Royal Contracts dealt (the other goes to the box)."""
    view = seat_view(table)
    default = decision.default.royal  # type: ignore[attr-defined]
    lines = [
        "Two Royal Contracts are dealt to you: keep one, in secret. The first guild to finish its "
        "Royal Contract earns 3 RP more, and the game ends at the end of that round.",
        "",
        *(f"• {w.contract_line(r)}" for r in view.royal_offer),
        "",
        f"Your skills: {skills_text(me(view))}.",
        "",
        deadline(table.due, f"you keep {w.contract_name(default)}, the better fit"),
    ]
    buttons = tuple(
        Button(
            clip(f"Keep {w.contract_name(r)}" + (" (default)" if r == default else ""), 80),
            cid("wfroyal", table, str(i)),
            style="primary" if r == default else "secondary",
        )
        for i, r in enumerate(view.royal_offer)
    )
    return Message(embeds=(embed("Choose your Royal Contract", lines),), rows=(buttons,)).check()


# --- what the guild holds ----------------------------------------------------------------------


def skills_text(g: GuildView) -> str:
    return " · ".join(f"{w.skill(s)} {g.skills[i]}" for i, s in enumerate(SKILLS))


def missing(view: SeatView, slug: str) -> list[str]:
    """The materials the stockpile lacks to fill `slug` ("any" for a slot of any material)."""
    pack = load_pack()
    card = pack.royals.get(slug) or pack.contracts[slug]
    have = Counter(pack.components[c].material for c in me(view).stockpile)
    out = []
    for slot in sorted(card.slots, key=lambda s: s == ANY):
        if slot == ANY:
            if sum(have.values()) > 0:
                have[next(m for m, n in have.items() if n > 0)] -= 1
            else:
                out.append("any")
        elif have[slot] > 0:
            have[slot] -= 1
        else:
            out.append(slot)
    return out


def my_contracts(view: SeatView) -> list[str]:
    """The Contracts the seat could forge: face up, in hand, the Royal (until done)."""
    g = me(view)
    started = [s.contract for s in g.started]
    done = view.royal in g.completed or view.royal in g.held
    royal = [view.royal] if view.royal and not done and view.royal not in started else []
    return [*started, *view.hand, *royal]


def forge_prime(view: SeatView, menu: Menu) -> bool:
    return menu.prime and "forge" in view.means.prime_ok


def contract_lines(view: SeatView, prime: bool) -> list[str]:
    """Each Contract the seat holds, with its odds now or what it lacks."""
    g = me(view)
    started = {s.contract: s for s in g.started}
    out = []
    for slug in my_contracts(view):
        b = best(view, slug, prime)
        if slug in started:
            state = f"face up, {w.count(started[slug].tokens, 'Work token')}"
        elif slug == view.royal:
            state = "your Royal Contract"
        else:
            state = "in hand"
        odds = (
            f"**{percent(b.chance)}** to forge now"
            if b
            else "lacks " + ", ".join(missing(view, slug))
        )
        out.append(f"• {w.contract_line(slug)} ({state}) — {odds}")
    return out or ["• none: take some at the Guildhall"]


def holdings(view: SeatView) -> list[str]:
    """Coin, skills, stockpile, Runes, Crew and Loans of the seat."""
    g = me(view)
    pack = load_pack()
    stock = ", ".join(w.component_short(c) for c in g.stockpile) or "empty"
    lines = [
        f"Coin **{g.coin}** · {skills_text(g)}",
        f"Stockpile: {stock}",
    ]
    if g.runes:
        lines.append("Runes: " + ", ".join(w.rune_name(r) for r in g.runes))
    if g.crew:
        lines.append("Crew: " + ", ".join(w.crew_name(c) for c in g.crew))
    unpaid = [h for h in g.loans if not h.repaid]
    if unpaid:
        lines.append(
            "Loans: "
            + ", ".join(
                f"{w.loan_name(h.loan)} ({pack.loans[h.loan].repay - h.paid} owing)" for h in unpaid
            )
        )
    if g.held:
        lines.append("Held: " + ", ".join(w.contract_name(c) for c in g.held))
    if view.faith:
        lines.append(f"Faith tokens (secret): {' + '.join(map(str, view.faith))}")
    return lines


# --- the likely next step ----------------------------------------------------------------------


def goal(view: SeatView) -> str:
    """Where the guild's likely next action is: the Forge with a good forge in hand, or with
    every Contract's Components at hand (a failure leaves a Work token for the next try); the
    Guildhall with no Contract or next to no Coin; else the Market."""
    g = me(view)
    prime = "forge" in view.means.prime_free or "forge" in view.means.prime_ok
    contracts = my_contracts(view)
    odds = [b.chance for s in contracts if (b := best(view, s, prime)) is not None]
    if odds and (max(odds) >= GOOD_ODDS or not any(missing(view, s) for s in view.hand)):
        return "forge"
    if not view.hand and not g.started:
        return "guildhall"
    if g.coin < 2:  # too poor to buy: the Guild gives funds
        return "guildhall"
    return "market"


def step_towards(view: SeatView, target: str) -> str:
    """The first move on the way to `target` (it may be `target` itself)."""
    reach = view.means.reachable
    if target in reach:
        return target
    links = load_pack().links
    return next((p for p in reach if target in links.get(p, ())), reach[0] if reach else "")


# --- the turn menu -----------------------------------------------------------------------------


def turn_title(pv: PublicView, g: GuildView) -> str:
    t = pv.turn
    if pv.variant == LORDS:
        return f"Day {t.round} — your Smith {len(g.placed) + 1} of 3"
    head = f"Turn {t.number} of {SOLO_TURNS}" if pv.variant == SOLO else f"Round {t.round}"
    left = f"action {t.actions + 1} of {t.allowed}" if t.actions < t.allowed else "no actions left"
    return f"{head} — your turn · {left}"


def where_text(view: SeatView) -> str:
    g = me(view)
    pv = view.public
    if pv.variant == LORDS:
        placed = ", ".join(w.place(p) for p in g.placed) or "none yet"
        return f"Smiths placed today: {placed}."
    text = f"Your Smith is in **{w.place(g.at)}**"
    if g.prime:
        text += ", on the Prime Position" + (
            " (its bonus used)" if g.prime_used else " (its bonus unused)"
        )
    return text + "."


def menu_place(view: SeatView, menu: Menu) -> str:
    """The place whose actions a menu shows."""
    if view.public.variant == LORDS:
        return menu.at or goal(view)
    return me(view).at


def turn_message(table: Table, menu: Menu | None = None, note: str = "") -> Message:
    """The turn menu: what the guild holds, where it may go, what it may do there."""
    view = seat_view(table)
    pv = view.public
    g = me(view)
    menu = menu or Menu(stamp(view), prime=True)
    at = menu_place(view, menu)
    menu = menu.but(at=at)
    t = pv.turn
    has_action = t.actions < t.allowed
    lines = [note, ""] if note else []
    if t.event:
        lines += [f"**Event: {w.event_name(t.event)}** — {load_pack().events[t.event].text}", ""]
    lines += [where_text(view), *holdings(view), "", "**Your Contracts**"]
    lines += contract_lines(view, forge_prime(view, menu))
    rows: list[tuple[Any, ...]] = []
    if pv.variant == LORDS:
        if has_action:
            rows.append((place_select(table, view, menu),))
    elif has_action or view.means.free_move:
        move = move_select(table, view, menu)
        if move is not None:
            rows.append((move,))
    buttons: list[Button] = []
    if has_action or at in ("market", "tavern"):
        panel_rows, panel_buttons, panel_lines = panel(table, view, menu, at, has_action)
        rows += panel_rows
        buttons += panel_buttons
        lines += ["", *panel_lines]
    lines += ["", deadline(table.due, "your turn ends")]
    buttons.append(Button("End turn", cid("wfend", table, menu.encode()), style="danger"))
    rows.append(tuple(buttons[:5]))
    return Message(embeds=(embed(turn_title(pv, g), lines),), rows=tuple(rows[:5])).check()


def move_select(table: Table, view: SeatView, menu: Menu) -> Select | None:
    """Where one Move takes the Smith, the step towards the likely goal first; a precinct with
    a free Prime Position is offered with it and without it."""
    reach = list(view.means.reachable)
    if not reach:
        return None
    target = goal(view)
    # When the likely action is where the Smith stands, no move is suggested.
    suggested = step_towards(view, target) if target != me(view).at else ""
    reach.sort(key=lambda p: p != suggested)
    options = []
    for p in reach:
        mark = " (suggested)" if p == suggested else ""
        code = w.PLACE_CODES[p]
        if p in view.means.prime_free:
            onto = f"Move to {w.place(p)}, onto its Prime Position{mark}"
            options.append(Option(onto, f"{code}.1"))
            options.append(Option(f"Move to {w.place(p)}, off its Prime Position", f"{code}.0"))
        else:
            options.append(Option(f"Move to {w.place(p)}{mark}", f"{code}.0"))
    free = " (free: your Crew's extra Move)" if view.means.free_move else " (1 action)"
    return Select(
        cid("wfmove", table, menu.encode()),
        tuple(options[:PAGE]),
        placeholder=clip(f"Move{free}…", 100),
    )


def place_select(table: Table, view: SeatView, menu: Menu) -> Select:
    """Lords of Winterforge: where to place the next Smith (its actions are shown then)."""
    places = [p for p in (*load_pack().links, *view.public.alleyways) if p != view.means.closed]
    options = []
    for p in places:
        prime = " — Prime Position free" if p in view.means.prime_ok else ""
        options.append(
            Option(f"Place a Smith in {w.place(p)}{prime}", w.PLACE_CODES[p], default=p == menu.at)
        )
    return Select(
        cid("wfplace", table, menu.encode()), tuple(options), placeholder="Place a Smith in…"
    )


def prime_button(table: Table, view: SeatView, menu: Menu, at: str, what: str) -> list[Button]:
    """The Prime Position's bonus switch, when it may be used in `at`."""
    if at not in view.means.prime_ok:
        return []
    label = f"Prime bonus ({what}): {'on' if menu.prime else 'off'}"
    return [
        Button(
            clip(label, 80),
            cid("wfprime", table, menu.encode()),
            style="success" if menu.prime else "secondary",
        )
    ]


def panel(
    table: Table, view: SeatView, menu: Menu, at: str, has_action: bool
) -> tuple[list[tuple[Any, ...]], list[Button], list[str]]:
    """The actions of `at`: rows of selects, buttons, and lines saying what they do."""
    g = me(view)
    pv = view.public
    prime = menu.prime and at in view.means.prime_ok
    arg = menu.encode()
    rows: list[tuple[Any, ...]] = []
    buttons: list[Button] = []
    lines = [f"**Actions in {w.place(at)}**"]
    if at == view.means.closed:
        return rows, buttons, [f"This turn's Event closes {w.place(at)}."]
    if at == "forge" and has_action:
        choices = []
        for slug in my_contracts(view):
            b = best(view, slug, prime)
            if b is not None:
                choices.append((b.chance, slug, b))
        choices.sort(key=lambda c: -c[0])
        if choices:
            rows.append(
                (
                    Select(
                        cid("wfforge", table, arg),
                        tuple(
                            Option(
                                clip(f"Forge {w.contract_name(s)} — {percent(c)}", 100),
                                contract_code(view, s),
                                description=clip(dice_summary(b), 100),
                            )
                            for c, s, b in choices[:PAGE]
                        ),
                        placeholder="Forge a Contract… (shows the odds first)",
                    ),
                )
            )
        else:
            lines.append("No Contract can be forged from your stockpile yet.")
        trains = [
            Option(
                clip(
                    f"Train {w.skill(s)} {g.skills[i]}→{g.skills[i] + 1}: "
                    f"{max(0, view.means.train[i] - (1 if prime else 0))} Coin",
                    100,
                ),
                s,
            )
            for i, s in enumerate(SKILLS)
            if g.skills[i] < MAX_SKILL
        ]
        if trains:
            rows.append((Select(cid("wftrain", table, arg), tuple(trains), placeholder="Train…"),))
        buttons += prime_button(table, view, menu, at, "+1 Work token or Train 1 Coin less")
    elif at == "market":
        most = BUY_LIMIT + (1 if at in view.means.prime_ok else 0)
        offer = [
            (r, c, cid_) for r, row in enumerate(pv.market) for c, cid_ in enumerate(row) if cid_
        ]
        if has_action and offer:
            off = view.means.market_off
            note = f" ({off} Coin off the total)" if off else ""
            rows.append(
                (
                    Select(
                        cid("wfbuy", table, arg),
                        tuple(
                            Option(clip(w.component_line(x), 100), f"{r}.{c}") for r, c, x in offer
                        ),
                        placeholder=clip(f"Buy up to {most} Components{note}…", 100),
                        max_values=min(most, len(offer)),
                    ),
                )
            )
            if most > BUY_LIMIT:
                lines.append("Your Prime Position lets you buy a third Component.")
        for level in (1, 2, 3):
            buttons.append(
                Button(
                    f"Refresh row {level} ({view.means.refresh} Coin)",
                    cid("wfrow", table, f"{arg}.{level}"),
                )
            )
    elif at == "guildhall":
        track = [(i, s) for i, s in enumerate(pv.job_track) if s]
        if track:
            rows.append(
                (
                    Select(
                        cid("wftake", table, arg),
                        tuple(
                            Option(
                                clip(f"{w.contract_name(s)} — forge {contract_card(s).forge}", 100),
                                str(i),
                                description=clip(w.contract_line(s).split(" — ", 1)[1], 100),
                            )
                            for i, s in track
                        ),
                        placeholder=f"Take up to {TAKE_LIMIT} Contracts…",
                        max_values=min(TAKE_LIMIT, len(track)),
                    ),
                )
            )
        if g.coin < FUNDS_BELOW:
            buttons.append(
                Button("Request funds (+1 Coin)", cid("wffunds", table, arg), style="primary")
            )
        buttons += prime_button(table, view, menu, at, "+1 Coin")
    elif at == "bank":
        unpaid = [h for h in g.loans if not h.repaid]
        if pv.bank and len(unpaid) < UNPAID_LIMIT:
            pack = load_pack()
            rows.append(
                (
                    Select(
                        cid("wfloan", table, arg),
                        tuple(
                            Option(
                                clip(
                                    f"Take {pack.loans[s].name}: "
                                    f"+{pack.loans[s].take + (1 if prime else 0)} "
                                    f"Coin, repay {pack.loans[s].repay}",
                                    100,
                                ),
                                str(i),
                            )
                            for i, s in enumerate(pv.bank)
                        ),
                        placeholder="Take a Loan…",
                    ),
                )
            )
        repay = repay_options(view, prime)
        if repay:
            rows.append(
                (Select(cid("wfrepay", table, arg), tuple(repay), placeholder="Repay a Loan…"),)
            )
        buttons += prime_button(table, view, menu, at, "+1 Coin on a Loan or repay 2 less")
    elif at == "tavern":
        if has_action and pv.tavern:
            hires = hire_options(view, prime)
            rows.append((Select(cid("wfhire", table, arg), tuple(hires), placeholder="Hire…"),))
        buttons.append(
            Button(f"Refresh the Tavern ({view.means.refresh} Coin)", cid("wftavern", table, arg))
        )
        buttons += prime_button(table, view, menu, at, "hire for 1 Coin less")
    elif at == "shrine" and pv.shrine:
        rows.append(
            (
                Select(
                    cid("wfdonate", table, arg),
                    tuple(
                        Option(f"Faith token {n} (face down)", str(n))
                        for n in range(1, min(pv.shrine, PAGE) + 1)
                    ),
                    placeholder=f"Donate {DONATION} Coin: take a Faith token…",
                ),
            )
        )
    elif at == "thieves-guild":
        victims = thief_victims(view, table)
        if victims:
            rows.append(
                (
                    Select(
                        cid("wfthief", table, arg),
                        tuple(victims),
                        placeholder=f"Hire a thief ({THIEF} Coin): steal from…",
                    ),
                )
            )
        else:
            lines.append("Nobody has a Component a thief could take.")
    elif at == "runesmith" and pv.rune_deck:
        buttons.append(
            Button(
                f"Buy the top Rune ({RUNE} Coin)",
                cid("wfrune", table, arg),
                style="primary",
            )
        )
    elif at == "auction-house" and g.held:
        buttons.append(
            Button(
                f"Sell {w.count(len(g.held), 'held Contract')}",
                cid("wfsell", table, arg),
                style="primary",
            )
        )
    if len(lines) == 1 and not rows and not buttons:
        lines.append("Nothing to do here now.")
    return rows, buttons, lines


def dice_summary(b: Breakdown) -> str:
    """ "d6 d8 +5, need 14" for a select option."""
    dice = " ".join(f"d{d}" for d in b.dice) or "no dice"
    fixed = sum(v for _, v in b.parts)
    return f"{dice} {w.signed(fixed)} vs forge {b.target}"


def repay_options(view: SeatView, prime: bool) -> list[Option]:
    """For each unpaid Loan, paying it off first, then smaller amounts (at most 24 in all)."""
    g = me(view)
    pack = load_pack()
    off = 2 if prime else 0
    out: list[Option] = []
    for i, h in enumerate(g.loans):
        if h.repaid:
            continue
        owed = pack.loans[h.loan].repay - h.paid
        most = min(g.coin, max(0, owed - off))
        amounts = range(most, 0, -1) if most else ([0] if prime and owed <= off else [])
        for amount in amounts:
            done = amount + off >= owed
            label = f"Pay {amount} Coin on {pack.loans[h.loan].name}" + (
                " (pays it off)" if done else f" ({owed - amount - off} left owing)"
            )
            out.append(Option(clip(label, 100), f"{i}.{amount}"))
    return out[:PAGE]


def hire_options(view: SeatView, prime: bool) -> list[Option]:
    """Each Crew in the Tavern at its cost; with 2 Crew already, one option per Crew fired."""
    g = me(view)
    pv = view.public
    out = []
    for i, crew in enumerate(pv.tavern):
        cost = max(0, view.means.hire[i] - (1 if prime else 0))
        fires: list[tuple[str, str]] = (
            [(f", firing {w.crew_name(f)}", str(j)) for j, f in enumerate(g.crew)]
            if len(g.crew) >= CREW_LIMIT
            else [("", "-")]
        )
        for text, fire in fires:
            out.append(
                Option(
                    clip(f"Hire {w.crew_name(crew)} ({cost} Coin){text}", 100),
                    f"{i}.{fire}",
                    description=clip(w.crew_ability(crew), 100),
                )
            )
    return out[:PAGE]


def thief_victims(view: SeatView, table: Table) -> list[Option]:
    """The other guilds with Components and no Bodyguard."""
    names = names_of(table)
    crew = load_pack().crew
    out = []
    for other in view.public.guilds:
        if other.seat == view.seat or not other.stockpile:
            continue
        if any(crew[c].ability.kind == "bodyguard" for c in other.crew):
            continue
        out.append(
            Option(
                clip(f"{names[other.seat]} ({w.count(len(other.stockpile), 'Component')})", 100),
                str(other.seat),
            )
        )
    return out


# --- the forge -----------------------------------------------------------------------------------


def forge_draft(view: SeatView, slug: str, prime: bool) -> ForgeDraft:
    """A forge of `slug` with the best commit from the stockpile: none when it lacks some, or
    when the best uses a card past the Components select's page (the player then picks)."""
    g = me(view)
    b = best(view, slug, prime)
    stock = list(g.stockpile[:PAGE])
    comps: tuple[int, ...] = ()
    rune = -1
    fresh = b is not None and not any(s.contract == slug for s in g.started)
    if b is not None and fresh and all(c in stock for c in b.components):
        taken: list[int] = []
        for c in b.components:
            taken.append(next(i for i, x in enumerate(stock) if x == c and i not in taken))
        comps = tuple(taken)
        rune = g.runes.index(b.rune) if b.rune and g.runes.index(b.rune) < PAGE - 1 else -1
    return ForgeDraft(stamp(view), contract_code(view, slug), comps, rune, prime)


def draft_breakdown(view: SeatView, draft: ForgeDraft) -> tuple[str, Breakdown]:
    g = me(view)
    slug = contract_of(view, draft.contract)
    comps = [g.stockpile[i] for i in draft.components if i < len(g.stockpile)]
    rune = g.runes[draft.rune] if 0 <= draft.rune < len(g.runes) else ""
    prime = draft.prime and "forge" in view.means.prime_ok
    return slug, breakdown(view, slug, comps, rune, prime)


def forge_message(table: Table, draft: ForgeDraft, note: str = "") -> Message:
    """The forge before the roll: what is committed, the breakdown, the exact chance."""
    view = seat_view(table)
    g = me(view)
    slug, b = draft_breakdown(view, draft)
    c = contract_card(slug)
    work = next((s for s in g.started if s.contract == slug), None)
    lines = [note, ""] if note else []
    lines += [w.contract_line(slug), ""]
    if work is not None:
        lines.append(
            "Face up after a failed forge: its Components stay locked to it ("
            + ", ".join(w.component_short(x) for x in work.components)
            + f"), with {w.count(work.tokens, 'Work token')} on it."
        )
    else:
        committed = ", ".join(w.component_short(x) for x in b.components) or "nothing yet"
        lines.append(f"Committed: {committed}" + (f" + {w.rune_name(b.rune)}" if b.rune else ""))
    if not b.legal:
        slots = ", ".join(c.slots)
        lines.append(
            f"These do not fill the Contract: it needs exactly {slots}. Pick those Components."
        )
    dice = " + ".join(f"d{d}" for d in b.dice) or "no dice"
    fixed = " · ".join(f"{name} {w.signed(v)}" for name, v in b.parts) or "nothing"
    lines += [
        f"Dice: {dice}",
        f"Added: {fixed}",
        f"Forge Number {b.target}: the dice must show **{max(0, b.needed)}** or more.",
        f"**Chance of success: {percent(b.chance)}**"
        + (" (counting the reroll of the die furthest below its highest face)" if b.reroll else ""),
        "",
    ]
    raised = " & ".join(w.skill(t) for t in c.types)
    if c.royal:
        lines.append(f"On success: {raised} +1, {c.rp} RP, no Crew upkeep.")
    else:
        pay = f"; upkeep 1 Coin per Crew kept ({len(g.crew)})" if g.crew else ""
        coin = "Held for the Auction House" if draft.hold else f"+{c.coin} Coin"
        lines.append(f"On success: {coin}, {raised} +1, {c.rp} RP{pay}.")
    lines.append("On failure: a Work token goes on it (+1 next time); its Components stay locked.")
    rows: list[tuple[Any, ...]] = []
    codes = [(contract_code(view, s), s) for s in my_contracts(view)]
    rows.append(
        (
            Select(
                cid("wffc", table, draft.encode()),
                tuple(
                    Option(clip(w.contract_name(s), 100), code, default=code == draft.contract)
                    for code, s in codes[:PAGE]
                ),
                placeholder="Contract",
            ),
        )
    )
    stock = g.stockpile[:PAGE]
    if work is None and stock:
        rows.append(
            (
                Select(
                    cid("wffm", table, draft.encode()),
                    tuple(
                        Option(
                            clip(w.component_short(x), 100),
                            DIGITS[i],
                            default=i in draft.components,
                        )
                        for i, x in enumerate(stock)
                    ),
                    placeholder=f"Components ({len(c.slots)})",
                    max_values=min(len(c.slots), len(stock)),
                ),
            )
        )
    if work is None and g.runes:
        rows.append(
            (
                Select(
                    cid("wffr", table, draft.encode()),
                    (
                        Option("No Rune", "-", default=draft.rune < 0),
                        *(
                            Option(
                                clip(w.rune_name(r), 100),
                                DIGITS[i],
                                description=clip(load_pack().runes[r].text, 100),
                                default=i == draft.rune,
                            )
                            for i, r in enumerate(g.runes[: PAGE - 1])
                        ),
                    ),
                    placeholder="Rune",
                ),
            )
        )
    if g.crew and not c.royal:
        rows.append(
            (
                Select(
                    cid("wffd", table, draft.encode()),
                    tuple(
                        Option(
                            clip(f"Let {w.crew_name(x)} go on success", 100),
                            DIGITS[i],
                            default=i in draft.dismiss,
                        )
                        for i, x in enumerate(g.crew)
                    ),
                    placeholder="Keep every Crew you can pay (or pick those to let go)",
                    min_values=0,
                    max_values=len(g.crew),
                ),
            )
        )
    buttons = [
        Button(
            clip(f"Forge — {percent(b.chance)}", 80),
            cid("wffg", table, draft.encode()),
            style="success",
            disabled=not b.legal,
        )
    ]
    if "forge" in view.means.prime_ok:
        on = "on" if draft.prime else "off"
        buttons.append(Button(f"Prime: +1 Work token {on}", cid("wffp", table, draft.encode())))
    if "auction-house" in view.public.alleyways and not c.royal:
        buttons.append(
            Button(f"Hold: {'on' if draft.hold else 'off'}", cid("wffh", table, draft.encode()))
        )
    menu = Menu(draft.stamp, draft.prime, "forge")
    buttons.append(Button("Back", cid("wfback", table, menu.encode())))
    rows.append(tuple(buttons))
    title = f"Forge {w.contract_name(slug)} — {percent(b.chance)}"
    return Message(embeds=(embed(title, lines),), rows=tuple(rows[:5])).check()


# --- the Guildhall's returns ---------------------------------------------------------------------


def returns_message(table: Table, draft: TakeDraft, over: int) -> Message:
    """Taking Contracts past the limit: which Contracts go back to the job track."""
    view = seat_view(table)
    pv = view.public
    taking = [pv.job_track[i] for i in draft.take]
    pool = [*view.hand, *taking]
    lines = [
        f"Taking {w.join([w.contract_name(s) for s in taking])} puts you over your limit of "
        f"{view.means.contract_limit} Contracts (the Royal not counted): pick "
        f"{w.count(over, 'Contract')} to return to the job track.",
        "",
        *(f"• {w.contract_line(s)}" for s in pool),
    ]
    select = Select(
        cid("wfret", table, draft.encode()),
        tuple(Option(clip(w.contract_name(s), 100), str(i)) for i, s in enumerate(pool)),
        placeholder=f"Return {over}…",
        min_values=over,
        max_values=over,
    )
    menu = Menu(draft.stamp, draft.prime, "guildhall")
    back = Button("Back", cid("wfback", table, menu.encode()))
    return Message(embeds=(embed("Return Contracts", lines),), rows=((select,), (back,))).check()


def over_limit(view: SeatView, take: int) -> int:
    """How many Contracts taking `take` more puts the seat over its limit."""
    g = me(view)
    held = len(view.hand) + sum(1 for s in g.started if s.contract != view.royal)
    return max(0, held + take - view.means.contract_limit)


# --- dispatch ------------------------------------------------------------------------------------


def prompt(table: Table, decision: Decision) -> Message | None:
    """The DM prompt of a decision. A turn has one prompt, posted when it begins (the decision's
    context names the turn, so the core asks once a turn) and edited by each answer after that."""
    if decision.kind == "royal":
        return royal_prompt(table, decision)
    return turn_message(table)
