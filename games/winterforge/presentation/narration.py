"""What happened, in words: one line per event, for the channel (the public) and for one seat.

Each line is made from the audience's event view (`GameDefinition.event_view`). The channel never
names a Contract in a guild's hand: taking Contracts is told as a count, and a Contract is named
once it is forged (face up for all). A Faith token's value is blank in the public's event view,
and never told. A seat's lines name what its own event views show it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.game import Stage
from games.winterforge.presentation import words as w
from games.winterforge.rules import events as ev
from games.winterforge.rules.content import load_pack
from games.winterforge.rules.state import LORDS, SOLO, SOLO_TURNS
from games.winterforge.rules.views import PublicView, SeatView

SETUP = 0  # the "turn" of the set-up events

ENDINGS = {
    "royal": "a Royal Contract has been completed",
    "contracts": "the Contract deck is empty",
    "turns": f"the {SOLO_TURNS}th turn is over",
    "stalled": "two whole rounds passed without a single action",
}


@dataclass(frozen=True)
class Said:
    """One line of narration, the turn it belongs to (`SETUP` for the set-up), the title of
    that turn's block, and the index of its event in the update."""

    turn: int
    title: str
    text: str
    index: int = 0


def turn_title(variant: str, number: int, round_: int, who: str) -> str:
    """ "Round 2 — Ana", "Day 1 — Ana", "Turn 4 of 15"."""
    if variant == SOLO:
        return f"Turn {number} of {SOLO_TURNS}"
    period = "Day" if variant == LORDS else "Round"
    return f"{period} {round_} — {who}"


def public_of(view: PublicView | SeatView) -> PublicView:
    return view.public if isinstance(view, SeatView) else view


def dice_text(e: ev.Forged) -> str:
    """ "d6 4 + d8 7 + skill 3 = 14 vs 12"."""
    dice = " + ".join(f"d{s} **{v}**" for s, v in e.dice)
    if e.rerolled:
        i, first = e.rerolled
        dice += f" (the d{e.dice[i][0]} rerolled from {first})"
    fixed = "".join(f" + {name} {v}" if v >= 0 else f" − {name} {-v}" for name, v in e.parts)
    return f"{dice or 'no dice'}{fixed} = **{e.total}** vs {e.target}"


def forged_text(e: ev.Forged, who: str) -> str:
    outcome = (
        "success!"
        if e.success
        else f"falls short; {w.count(e.tokens, 'Work token')} on it for next time."
    )
    prime = " (with the Prime Position's Work token)" if e.prime else ""
    return f"{who} forges **{w.contract_name(e.contract)}**{prime}: {dice_text(e)} — {outcome}"


def public_lines(
    events: Sequence[tuple[Any, Stage]],
    before: PublicView | None,
    after: PublicView,
    names: Sequence[str],
) -> list[Said]:
    """The channel's lines for an update's events (their public views)."""
    n = names
    view = before or after
    turn, seat, round_ = view.turn.number, view.turn.seat, view.turn.round
    out: list[Said] = []

    def title(t: int) -> str:
        if t == SETUP:
            return f"{w.TITLE} begins"
        return turn_title(after.variant, t, round_, n[seat] if seat < len(n) else "")

    for index, (event, _stage) in enumerate(events):
        text = line(event, n, after)
        at = turn
        if isinstance(event, ev.GameCreated | ev.RoyalChosen):
            at = SETUP
        elif isinstance(event, ev.TurnBegan):
            turn, seat, round_ = event.number, event.seat, event.round
            at = turn
        elif isinstance(event, ev.TurnEnded):
            at = event.number
        if text:
            out.append(Said(at, title(at), text, index))
    return out


def line(e: Any, n: Sequence[str], after: PublicView) -> str | None:
    """One event's public line (None for those told otherwise or not at all)."""
    pack = load_pack()
    if isinstance(e, ev.GameCreated):
        guilds = w.join([f"{n[s]} ({w.board_name(b)})" for s, b in enumerate(e.boards)])
        roll = f" First Player by the d12 roll-off: {n[e.order[0]]}." if e.players > 1 else ""
        kind = {
            SOLO: "A solo game of 15 turns, an Event each turn.",
            LORDS: "Lords of Winterforge: each day every guild places 3 Smiths, one action each.",
        }.get(e.variant, "Turns of up to 3 actions.")
        alleys = (
            " Alleyways: " + w.join([w.place(a).removeprefix("the ") for a in e.alleyways]) + "."
            if e.alleyways
            else ""
        )
        return (
            f"The guilds of Winterforge open their forges: {guilds}. {kind}{alleys}{roll} "
            "Each guild is dealt a 1 RP Contract and chooses a Royal Contract in secret."
        )
    if isinstance(e, ev.RoyalChosen):
        return f"{n[e.seat]} has chosen a Royal Contract."
    if isinstance(e, ev.TurnBegan):
        if e.event:
            card = pack.events[e.event]
            return f"It is {n[e.seat]}'s turn. **Event: {card.name}** — {card.text}"
        return f"It is {n[e.seat]}'s turn."
    if isinstance(e, ev.Moved):
        prime = ", onto its Prime Position" if e.prime else ""
        free = " (the Crew's extra Move)" if e.free else ""
        return f"{n[e.seat]} moves to {w.place(e.to)}{prime}{free}."
    if isinstance(e, ev.Placed):
        prime = " on its Prime Position" if e.prime else ""
        return f"{n[e.seat]} places a Smith in {w.place(e.at)}{prime}."
    if isinstance(e, ev.Trained):
        return f"{n[e.seat]} trains {w.skill(e.skill)} to {e.level} ({e.cost} Coin)."
    if isinstance(e, ev.Forged):
        return forged_text(e, n[e.seat])
    if isinstance(e, ev.ContractCompleted):
        parts = [f"{e.coin} Coin" if not e.held else "Held for the Auction House"]
        if e.raised:
            parts.append(" and ".join(w.skill(s) for s in e.raised) + " +1")
        if e.upkeep:
            parts.append(f"{e.upkeep} Coin of Crew upkeep")
        if e.dismissed:
            parts.append("lets " + w.join([w.crew_name(c) for c in e.dismissed]) + " go")
        first = " The first Royal Contract completed: +3 RP." if e.first_royal else ""
        return f"{n[e.seat]} completes {w.contract_name(e.contract)}: {', '.join(parts)}.{first}"
    if isinstance(e, ev.ComponentsBought):
        bought = w.join([w.component_name(c) for c in e.components])
        return f"{n[e.seat]} buys {bought} for {e.cost} Coin."
    if isinstance(e, ev.RowRefreshed):
        if e.seat < 0:
            return f"Market row {e.level} is dealt afresh."
        return f"{n[e.seat]} refreshes Market row {e.level} ({e.cost} Coin)."
    if isinstance(e, ev.ContractsTaken):
        back = f" and returns {w.count(len(e.returns), 'Contract')}" if e.returns else ""
        coin = f" (+{e.coin} Coin from the Prime Position)" if e.coin else ""
        return (
            f"{n[e.seat]} takes {w.count(len(e.contracts), 'Contract')} from the job track"
            f"{back}{coin}."
        )
    if isinstance(e, ev.FundsRequested):
        return f"{n[e.seat]} requests funds: +{e.coin} Coin."
    if isinstance(e, ev.LoanTaken):
        return f"{n[e.seat]} takes the {w.loan_name(e.loan)}: +{e.coin} Coin."
    if isinstance(e, ev.LoanRepaid):
        return f"{n[e.seat]} pays {e.paid} Coin on the {w.loan_name(e.loan)} ({e.credited} off)."
    if isinstance(e, ev.CrewHired):
        fired = f" fires {w.join([w.crew_name(c) for c in e.fired])} and" if e.fired else ""
        return f"{n[e.seat]}{fired} hires {w.crew_name(e.crew)} for {e.cost} Coin."
    if isinstance(e, ev.TavernRefreshed):
        if e.seat >= 0 and e.cost:
            return f"{n[e.seat]} refreshes the Tavern ({e.cost} Coin)."
        return None  # the end-of-turn refresh: the Tavern shows it
    if isinstance(e, ev.FaithTaken):
        return f"{n[e.seat]} donates {e.cost} Coin at the Shrine and takes a Faith token."
    if isinstance(e, ev.ComponentStolen):
        return (
            f"{n[e.seat]} hires a thief ({e.cost} Coin), who takes "
            f"{w.component_name(e.component)} from {n[e.victim]}."
        )
    if isinstance(e, ev.RuneBought):
        return f"{n[e.seat]} buys {w.rune_name(e.rune)} ({e.cost} Coin)."
    if isinstance(e, ev.HeldSold):
        sold = "; ".join(
            f"{w.contract_name(c)}: d12 {r} ({w.signed(m)}) → {coin} Coin"
            for c, r, m, coin in zip(e.contracts, e.rolls, e.modifiers, e.coins, strict=True)
        )
        return f"{n[e.seat]} sells at auction: {sold}."
    if isinstance(e, ev.CoinAdjusted):
        verb = "gains" if e.amount > 0 else "loses"
        return f"Event: {n[e.seat]} {verb} {w.count(abs(e.amount), 'Coin', 'Coin')}."
    if isinstance(e, ev.ComponentGiven):
        return f"Event: {n[e.seat]} gets {w.component_name(e.component)} from the Market, free."
    if isinstance(e, ev.WorkAdded):
        return (
            f"Event: {w.count(e.tokens, 'Work token')} on {n[e.seat]}'s "
            f"{w.contract_name(e.contract)}."
        )
    if isinstance(e, ev.JobTrackReplaced):
        return "Event: the job track is dealt afresh."
    if isinstance(e, ev.EndTriggered):
        period = "day" if after.variant == LORDS else "round"
        why = ENDINGS.get(e.reason, e.reason)
        return f"The end is near: {why}. The game ends with this {period}."
    if isinstance(e, ev.LoansSettled):
        return (
            f"{n[e.seat]} pays off {w.count(len(e.loans), 'Loan')} at the end ({e.paid} Coin) "
            "to avoid the penalty."
        )
    if isinstance(e, ev.GameEnded):
        r = e.result
        why = ENDINGS.get(r.reason, r.reason)
        if len(n) == 1:
            return f"The game is over: {why}. {n[0]} scores {r.totals[0]} RP: “{r.reputation}”"
        winners = w.join([n[s] for s in r.winners])
        verb = "wins" if len(r.winners) == 1 else "share the win"
        return f"The game is over: {why}. {winners} {verb} with {r.totals[r.winners[0]]} RP!"
    if isinstance(e, ev.DefaultsApplied):
        what = w.join(sorted({w.DEFAULTED.get(k, k) for k in e.kinds}))
        return f"Time is up for {w.join([n[s] for s in e.seats])}: {what}."
    return None


def seat_lines(
    events: Sequence[tuple[Any, Stage]], view: SeatView, names: Sequence[str], by: int | None
) -> list[str]:
    """What one seat is told in its DMs about an update, besides its prompts and the answers to
    its own clicks: its opening Contract, its own forge's dice, a theft from it, a default
    applied for it, and how it finished."""
    me = view.seat
    n = names
    out: list[str] = []
    for e, _stage in events:
        if isinstance(e, ev.GameCreated) and e.starters[me]:
            first = "You play first. " if e.order[0] == me and e.players > 1 else ""
            out.append(f"{first}Your opening Contract (secret): {w.contract_line(e.starters[me])}.")
        elif isinstance(e, ev.Forged) and e.seat == me:
            out.append("Your forge: " + forged_text(e, "you").removeprefix("you forges "))
        elif isinstance(e, ev.ComponentStolen) and e.victim == me:
            out.append(f"{n[e.seat]}'s thief took {w.component_name(e.component)} from you.")
        elif isinstance(e, ev.DefaultsApplied) and me in e.seats and by is None:
            out.append("Time ran out: the game answered for you with the default.")
        elif isinstance(e, ev.GameEnded):
            r = e.result
            place = r.ranking.index(me) + 1
            if len(r.totals) == 1:
                out.append(f"The game is over: {r.totals[me]} RP. “{r.reputation}”")
            else:
                out.append(
                    f"The game is over: you finish {w.ordinal(place)} of {len(r.totals)} with "
                    f"{r.totals[me]} RP."
                )
    return out
