"""What each control of Smiths of Winterforge does (the `action` of its custom id):

| action   | control                                | does                                        |
|----------|----------------------------------------|---------------------------------------------|
| wfroyal  | "Keep <Royal Contract>"                | ChooseRoyal                                 |
| wfmove   | the Move select                        | Move(to, prime)                             |
| wfplace  | Lords: "Place a Smith in…"             | shows that place's actions                  |
| wfprime  | "Prime bonus: on/off"                  | switches the bonus for the next action      |
| wfback   | "Back"                                 | the turn menu again                         |
| wfend    | "End turn"                             | EndTurn                                     |
| wftrain  | Forge: "Train…"                        | Train(skill)                                |
| wfforge  | Forge: "Forge a Contract…"             | shows the forge, with the best commit       |
| wffc     | forge: Contract select                 | another Contract, with its best commit      |
| wffm     | forge: Components select               | those Components committed                  |
| wffr     | forge: Rune select                     | that Rune (or none) committed               |
| wffd     | forge: Crew to let go                  | those Crew let go on success                |
| wffp     | forge: "Prime: +1 Work token"          | switches the Prime bonus                    |
| wffh     | forge: "Hold"                          | switches Hold (Auction House)               |
| wffg     | forge: "Forge — N%"                    | Forge(contract, components, rune, ...)      |
| wfbuy    | Market: "Buy up to 2…"                 | Buy (a third with the Prime Position)       |
| wfrow    | Market: "Refresh row N"                | RefreshRow(N)                               |
| wftake   | Guildhall: "Take up to 2 Contracts…"   | TakeContracts, or asks what to return first |
| wfret    | Guildhall: "Return N…"                 | TakeContracts(contracts, returns)           |
| wffunds  | Guildhall: "Request funds"             | RequestFunds                                |
| wfloan   | Bank: "Take a Loan…"                   | TakeLoan                                    |
| wfrepay  | Bank: "Repay a Loan…"                  | RepayLoan(loan, amount)                     |
| wfhire   | Tavern: "Hire…"                        | Hire(crew, fire)                            |
| wftavern | Tavern: "Refresh the Tavern"           | RefreshTavern                               |
| wfdonate | Shrine: "Faith token N"                | Donate(N)                                   |
| wfthief  | Thieves' Guild: "steal from…"          | HireThief(victim)                           |
| wfrune   | Runesmith: "Buy the top Rune"          | BuyRune                                     |
| wfsell   | Auction House: "Sell held Contracts"   | SellHeld                                    |

An action's answer edits the turn's prompt into the menu as it stands after it (or, once the
turn is over, into what was done). A refusal (ours, or the rules' `RuleError`) is answered
privately and changes nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.presentation import Ask, Refused, Reply, Table, say
from bot.render.ui import Message
from engine.core.errors import RuleError
from games.winterforge.presentation import prompts as p
from games.winterforge.presentation import words as w
from games.winterforge.presentation.drafts import (
    DIGITS,
    STALE,
    ForgeDraft,
    Menu,
    TakeDraft,
    contract_of,
    stamp,
)
from games.winterforge.rules import commands as cm
from games.winterforge.rules.content import SKILLS
from games.winterforge.rules.market import BUY_LIMIT
from games.winterforge.rules.views import SeatView

NOT_YOURS = (
    "It is not your turn: you will get a prompt in your DMs when it is. Nothing was changed."
)
Handler = Callable[[Ask, Table, str, list[str]], Awaitable[Reply]]


def _view(table: Table) -> SeatView:
    if not isinstance(table.view, SeatView):
        raise Refused("Only this game's players can use its controls.")
    return table.view


def _seat(ask: Ask) -> int:
    if ask.seat is None:
        raise Refused("Only this game's players can use its controls.")
    return ask.seat


def _turn(table: Table, made_for: str) -> SeatView:
    """The seat's view, if it is its turn and the control was made from this very view."""
    view = _view(table)
    if not any(d.kind == "turn" for d in table.decisions):
        raise Refused(NOT_YOURS)
    if made_for != stamp(view):
        raise Refused(STALE)
    return view


def _menu(table: Table, arg: str) -> tuple[SeatView, Menu]:
    menu = Menu.decode(arg)
    return _turn(table, menu.stamp), menu


def _one(values: list[str], refusal: str) -> str:
    if len(values) != 1:
        raise Refused(refusal)
    return values[0]


def _index(text: str, size: int, refusal: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 3 or not int(text) < size:
        raise Refused(refusal)
    return int(text)


def _prime(view: SeatView, menu_prime: bool, place: str) -> bool:
    return menu_prime and place in view.means.prime_ok


def _done(title: str, text: str) -> Reply:
    """The prompt, replaced by what was done (no controls left)."""
    return Reply(Message(embeds=(p.embed(title, [text]),)).check(), edit=True)


async def _act(ask: Ask, before: SeatView, command: Any, said: Callable[[SeatView], str]) -> Reply:
    """Carry `command` out and show the menu after it (or the end of the turn)."""
    after = await ask.act(command)
    view = _view(after)
    note = said(view)
    coin = view.public.guilds[view.seat].coin - before.public.guilds[before.seat].coin
    if coin and not isinstance(command, cm.Forge):
        note += f" ({w.signed(coin)} Coin: you have {view.public.guilds[view.seat].coin})"
    same_turn = view.public.turn.number == before.public.turn.number
    if any(d.kind == "turn" for d in after.decisions) and (
        same_turn or before.public.turn.actions == 0
    ):
        # Still this seat's turn, or (solo) its next one, which the core does not prompt anew
        # when the decision looks the same as the one just answered: this prompt goes on.
        return Reply(p.turn_message(after, note=note), edit=True)
    if view.public.result is not None:
        return _done("The game is over", f"{note}\n\nThe final scoring is in the game's channel.")
    return _done(
        "Your turn is over",
        f"{note}\n\nA new prompt comes in your DMs when your next turn begins.",
    )


# --- Set Up --------------------------------------------------------------------------------------


async def _royal(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _view(table)
    if not view.royal_offer:
        raise Refused("You have already chosen your Royal Contract. Nothing was changed.")
    i = _index(arg, len(view.royal_offer), STALE)
    royal = view.royal_offer[i]
    await ask.act(cm.ChooseRoyal(seat=_seat(ask), royal=royal))
    return _done(
        "Royal Contract chosen",
        f"You keep **{w.contract_name(royal)}** in secret: {w.contract_line(royal)}. The other "
        "goes back to the box. Your turn's prompt comes here once every guild has chosen.",
    )


# --- the turn menu -------------------------------------------------------------------------------


async def _move(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, _ = _menu(table, arg)
    code, _, flag = _one(values, "Pick one place to move to.").partition(".")
    if code not in w.PLACE_OF_CODE or flag not in ("0", "1"):
        raise Refused("Pick one of the places in the list.")
    to = w.PLACE_OF_CODE[code]

    def said(after: SeatView) -> str:
        g = after.public.guilds[after.seat]
        return f"You moved to {w.place(to)}" + (", onto its Prime Position." if g.prime else ".")

    return await _act(ask, view, cm.Move(seat=_seat(ask), to=to, prime=flag == "1"), said)


async def _place(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    _, menu = _menu(table, arg)
    code = _one(values, "Pick one place.")
    if code not in w.PLACE_OF_CODE:
        raise Refused("Pick one of the places in the list.")
    return Reply(p.turn_message(table, menu.but(at=w.PLACE_OF_CODE[code])), edit=True)


async def _switch_prime(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    _, menu = _menu(table, arg)
    return Reply(p.turn_message(table, menu.but(prime=not menu.prime)), edit=True)


async def _back(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    _, menu = _menu(table, arg)
    return Reply(p.turn_message(table, menu), edit=True)


async def _end(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, _ = _menu(table, arg)
    return await _act(ask, view, cm.EndTurn(seat=_seat(ask)), lambda _: "You ended your turn.")


async def _train(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, menu = _menu(table, arg)
    skill = _one(values, "Pick one skill to train.")
    if skill not in SKILLS:
        raise Refused("Pick one of the skills in the list.")
    prime = _prime(view, menu.prime, "forge")

    def said(after: SeatView) -> str:
        level = after.public.guilds[after.seat].skills[SKILLS.index(skill)]
        return f"You trained {w.skill(skill)} to {level}."

    return await _act(ask, view, cm.Train(seat=_seat(ask), skill=skill, prime=prime), said)


# --- the forge -----------------------------------------------------------------------------------


def _draft(table: Table, arg: str) -> tuple[SeatView, ForgeDraft]:
    draft = ForgeDraft.decode(arg)
    view = _turn(table, draft.stamp)
    contract_of(view, draft.contract)  # refuses a Contract the seat no longer holds
    return view, draft


async def _forge_open(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, menu = _menu(table, arg)
    code = _one(values, "Pick one Contract to forge.")
    slug = contract_of(view, code)
    draft = p.forge_draft(view, slug, _prime(view, menu.prime, "forge"))
    return Reply(p.forge_message(table, draft), edit=True)


async def _forge_contract(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, draft = _draft(table, arg)
    slug = contract_of(view, _one(values, "Pick one Contract."))
    fresh = p.forge_draft(view, slug, draft.prime)
    return Reply(p.forge_message(table, fresh.but(hold=draft.hold)), edit=True)


async def _forge_components(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, draft = _draft(table, arg)
    stock = view.public.guilds[view.seat].stockpile
    picked = sorted({_digit(v, min(len(stock), p.PAGE)) for v in values})
    return Reply(p.forge_message(table, draft.but(components=tuple(picked))), edit=True)


async def _forge_rune(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, draft = _draft(table, arg)
    value = _one(values, "Pick one Rune, or No Rune.")
    runes = view.public.guilds[view.seat].runes
    rune = -1 if value == "-" else _digit(value, len(runes))
    return Reply(p.forge_message(table, draft.but(rune=rune)), edit=True)


async def _forge_dismiss(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, draft = _draft(table, arg)
    crew = view.public.guilds[view.seat].crew
    picked = sorted({_digit(v, len(crew)) for v in values})
    return Reply(p.forge_message(table, draft.but(dismiss=tuple(picked))), edit=True)


async def _forge_prime(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    _, draft = _draft(table, arg)
    return Reply(p.forge_message(table, draft.but(prime=not draft.prime)), edit=True)


async def _forge_hold(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    _, draft = _draft(table, arg)
    return Reply(p.forge_message(table, draft.but(hold=not draft.hold)), edit=True)


async def _forge_go(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, draft = _draft(table, arg)
    g = view.public.guilds[view.seat]
    slug = contract_of(view, draft.contract)
    started = any(s.contract == slug for s in g.started)
    if any(i >= len(g.stockpile) for i in draft.components) or draft.rune >= len(g.runes):
        raise Refused(STALE)
    command = cm.Forge(
        seat=_seat(ask),
        contract=slug,
        components=() if started else tuple(g.stockpile[i] for i in draft.components),
        rune=g.runes[draft.rune] if draft.rune >= 0 and not started else "",
        prime=_prime(view, draft.prime, "forge"),
        hold=draft.hold,
        dismiss=tuple(g.crew[i] for i in draft.dismiss if i < len(g.crew)),
    )
    name = w.contract_name(slug)

    def said(after: SeatView) -> str:
        a = after.public.guilds[after.seat]
        if slug in a.completed or slug in a.held:
            return f"**{name} is forged!** The dice are shown in the channel and below."
        return (
            f"**{name} falls short**: a Work token goes on it, and its Components stay locked to "
            "it. The dice are shown in the channel and below."
        )

    return await _act(ask, view, command, said)


def _digit(value: str, size: int) -> int:
    if len(value) != 1 or value not in DIGITS or DIGITS.index(value) >= size:
        raise Refused("Pick from the list only.")
    return DIGITS.index(value)


# --- the Market ----------------------------------------------------------------------------------


async def _buy(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, _ = _menu(table, arg)
    market = view.public.market
    bought: list[str] = []
    for v in values:
        r, _, c = v.partition(".")
        row = _index(r, len(market), "Pick Components from the Market's list.")
        col = _index(c, len(market[row]), "Pick Components from the Market's list.")
        if not market[row][col] or market[row][col] in bought:
            raise Refused("Pick Components from the Market's list, each once.")
        bought.append(market[row][col])
    if not bought:
        raise Refused("Pick at least one Component to buy.")
    names = w.join([w.component_name(c) for c in bought])
    command = cm.Buy(seat=_seat(ask), components=tuple(bought), prime=len(bought) > BUY_LIMIT)
    return await _act(ask, view, command, lambda _: f"You bought {names}.")


async def _row(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    menu_arg, _, level = arg.rpartition(".")
    view, _ = _menu(table, menu_arg)
    if level not in ("1", "2", "3"):
        raise Refused(STALE)
    command = cm.RefreshRow(seat=_seat(ask), level=int(level))
    return await _act(ask, view, command, lambda _: f"You refreshed Market row {level}.")


# --- the Guildhall -------------------------------------------------------------------------------


async def _take(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, menu = _menu(table, arg)
    track = view.public.job_track
    picked = sorted({_index(v, len(track), "Pick Contracts from the job track.") for v in values})
    if not picked or any(not track[i] for i in picked):
        raise Refused("Pick one or two Contracts from the job track.")
    prime = _prime(view, menu.prime, "guildhall")
    over = p.over_limit(view, len(picked))
    if over:
        draft = TakeDraft(menu.stamp, prime, tuple(picked))
        return Reply(p.returns_message(table, draft, over), edit=True)
    contracts = tuple(track[i] for i in picked)
    names = w.join([w.contract_name(c) for c in contracts])
    command = cm.TakeContracts(seat=_seat(ask), contracts=contracts, prime=prime)
    return await _act(ask, view, command, lambda _: f"You took {names}.")


async def _returns(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    draft = TakeDraft.decode(arg)
    view = _turn(table, draft.stamp)
    track = view.public.job_track
    if any(i >= len(track) or not track[i] for i in draft.take):
        raise Refused(STALE)
    taking = [track[i] for i in draft.take]
    pool = [*view.hand, *taking]
    refusal = "Pick Contracts to return from the list."
    picked = sorted({_index(v, len(pool), refusal) for v in values})
    returns = tuple(pool[i] for i in picked)
    kept = w.join([w.contract_name(c) for c in taking if c not in returns]) or "nothing new"
    back = w.join([w.contract_name(c) for c in returns])
    command = cm.TakeContracts(
        seat=_seat(ask), contracts=tuple(taking), returns=returns, prime=draft.prime
    )
    return await _act(ask, view, command, lambda _: f"You took {kept} and returned {back}.")


async def _funds(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, menu = _menu(table, arg)
    command = cm.RequestFunds(seat=_seat(ask), prime=_prime(view, menu.prime, "guildhall"))
    return await _act(ask, view, command, lambda _: "You requested funds from your Guild.")


# --- the Bank ------------------------------------------------------------------------------------


async def _loan(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, menu = _menu(table, arg)
    bank = view.public.bank
    loan = bank[_index(_one(values, "Pick one Loan."), len(bank), "Pick one of the Loans listed.")]
    command = cm.TakeLoan(seat=_seat(ask), loan=loan, prime=_prime(view, menu.prime, "bank"))
    return await _act(ask, view, command, lambda _: f"You took the {w.loan_name(loan)}.")


async def _repay(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, menu = _menu(table, arg)
    loans = view.public.guilds[view.seat].loans
    i, _, amount = _one(values, "Pick one payment.").partition(".")
    held = loans[_index(i, len(loans), "Pick one of the payments listed.")]
    paid = _index(amount, 1000, "Pick one of the payments listed.")
    command = cm.RepayLoan(
        seat=_seat(ask), loan=held.loan, amount=paid, prime=_prime(view, menu.prime, "bank")
    )

    def said(after: SeatView) -> str:
        now = after.public.guilds[after.seat].loans
        done = any(h.loan == held.loan and h.repaid for h in now)
        return f"You paid {paid} Coin on the {w.loan_name(held.loan)}" + (
            ": it is paid off (+1 RP at the end)." if done else "."
        )

    return await _act(ask, view, command, said)


# --- the Tavern ----------------------------------------------------------------------------------


async def _hire(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, menu = _menu(table, arg)
    tavern = view.public.tavern
    crew = view.public.guilds[view.seat].crew
    i, _, j = _one(values, "Pick one Crew to hire.").partition(".")
    hired = tavern[_index(i, len(tavern), "Pick one of the Crew listed.")]
    fire = () if j == "-" else (crew[_index(j, len(crew), "Pick one of the Crew listed.")],)
    command = cm.Hire(
        seat=_seat(ask), crew=hired, fire=fire, prime=_prime(view, menu.prime, "tavern")
    )
    fired = f", firing {w.crew_name(fire[0])}" if fire else ""
    return await _act(ask, view, command, lambda _: f"You hired {w.crew_name(hired)}{fired}.")


async def _tavern(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, _ = _menu(table, arg)
    command = cm.RefreshTavern(seat=_seat(ask))
    return await _act(ask, view, command, lambda _: "You refreshed the Tavern.")


# --- the Alleyways -------------------------------------------------------------------------------


async def _donate(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, _ = _menu(table, arg)
    token = _index(_one(values, "Pick one Faith token."), 100, "Pick one of the tokens listed.")

    def said(after: SeatView) -> str:
        value = after.faith[-1] if len(after.faith) > len(view.faith) else 0
        return f"You donated and took a Faith token worth {value} (only you know it)."

    return await _act(ask, view, cm.Donate(seat=_seat(ask), token=token), said)


async def _thief(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, _ = _menu(table, arg)
    players = len(view.public.guilds)
    victim = _index(_one(values, "Pick one guild."), players, "Pick one of the guilds listed.")
    names = p.names_of(table)

    def said(after: SeatView) -> str:
        new = list(after.public.guilds[after.seat].stockpile)
        for c in view.public.guilds[view.seat].stockpile:
            if c in new:
                new.remove(c)
        took = w.component_name(new[0]) if new else "a Component"
        return f"Your thief took {took} from {names[victim]}."

    return await _act(ask, view, cm.HireThief(seat=_seat(ask), victim=victim), said)


async def _rune(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, _ = _menu(table, arg)

    def said(after: SeatView) -> str:
        runes = after.public.guilds[after.seat].runes
        return f"You bought {w.rune_name(runes[-1])}." if runes else "You bought a Rune."

    return await _act(ask, view, cm.BuyRune(seat=_seat(ask)), said)


async def _sell(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view, _ = _menu(table, arg)
    held = len(view.public.guilds[view.seat].held)
    said = f"You sold {w.count(held, 'held Contract')} at auction; the rolls are in the channel."
    return await _act(ask, view, cm.SellHeld(seat=_seat(ask)), lambda _: said)


HANDLERS: dict[str, Handler] = {
    "wfroyal": _royal,
    "wfmove": _move,
    "wfplace": _place,
    "wfprime": _switch_prime,
    "wfback": _back,
    "wfend": _end,
    "wftrain": _train,
    "wfforge": _forge_open,
    "wffc": _forge_contract,
    "wffm": _forge_components,
    "wffr": _forge_rune,
    "wffd": _forge_dismiss,
    "wffp": _forge_prime,
    "wffh": _forge_hold,
    "wffg": _forge_go,
    "wfbuy": _buy,
    "wfrow": _row,
    "wftake": _take,
    "wfret": _returns,
    "wffunds": _funds,
    "wfloan": _loan,
    "wfrepay": _repay,
    "wfhire": _hire,
    "wftavern": _tavern,
    "wfdonate": _donate,
    "wfthief": _thief,
    "wfrune": _rune,
    "wfsell": _sell,
}


async def control(ask: Ask, action: str, arg: str, values: list[str]) -> Reply:
    """A click or a choice on one of the game's controls."""
    handler = HANDLERS.get(action)
    try:
        if handler is None:
            raise Refused("That control is not one of this game's; nothing was changed.")
        _seat(ask)
        return await handler(ask, await ask.table(), arg, values)
    except Refused as exc:
        return say(exc.text)
    except RuleError as exc:
        return say(f"{exc.message} Nothing was changed.")
