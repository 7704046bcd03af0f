"""What each control of Guild Master does (the `action` of its custom id):

- the order board in a guild's DMs, `ob*`: the space and page shown, each order's team,
  objective and Gold (with a form to type Gold), its plan, Ready;
- a decision's prompt: `opt`/`optsel` (one of the decision's options, by fingerprint),
  `default`, `builds`, the roll's `rollgo`/`rollre`/`rollfix`/`rollboon`, `coop`, and the
  mistaken order's `correct` (opens a form) and `correctm` (the form);
- the contest negotiation in the channel: `split` (answer a proposal), `propose` (the split
  form, for the contester alone: `split.py`) and its `splitg` (a Gold share), `splitbk` (who
  receives the bonus and keeps the card) and `splitgo` (propose it).

Every answer edits the message the control was on; a refusal is answered privately and changes
nothing.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from bot.presentation import Ask, Modal, ModalField, Refused, Reply, Table, number, say
from bot.render.ids import ControlId, fingerprint
from bot.render.ui import Embed, Message
from engine.core import RuleError
from games.guild_master.presentation import order_board, prompts, split
from games.guild_master.presentation.updates import names_of, revealed_board
from games.guild_master.rules.cards import SKILLS
from games.guild_master.rules.commands import (
    AnswerSplit,
    ApplyDefaults,
    ChooseBuilds,
    ChooseCooperation,
    Command,
    CorrectOrder,
    ModifyRoll,
    ProposeSplit,
    SetOrders,
    SetReady,
)
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.team import skill_total
from games.guild_master.rules.views import (
    NONE,
    Order,
    Plan,
    SeatView,
    carries_gold,
    is_recruit,
)

BOARD = frozenset(
    {
        "obspace",
        "obgoldset",
        "obgoldm",
        "obready",
        "obclear",
        "obteam",
        "obobj",
        "obgold",
        "obfallback",
        "obreplace",
        "obbuild",
        "obskill",
        "obrolls",
        "obcoop",
    }
)
DECISIONS = frozenset(
    {"opt", "optsel", "default", "builds", "rollgo", "rollre", "rollfix", "rollboon", "coop"}
    | {"correct", "correctm"}
)
CONTEST = frozenset({"split", "propose", "splitg", "splitbk", "splitgo"})
CONTROLS = BOARD | DECISIONS | CONTEST
# The controls whose answer is a form, and the control whose click opens each form: a form's
# submission is only taken from the message that carries its opener.
FORMS = frozenset({"obgoldset", "correct"})
MODAL_OPENERS = {"obgoldm": "obgoldset", "correctm": "correct"}
PLAN_PAGE = frozenset({"obfallback", "obreplace", "obbuild", "obskill", "obrolls", "obcoop"})

CLOSED = (
    "This decision is already closed: it was answered, or its deadline passed. "
    "`/gm decide` shows what the game asks you now."
)


def _embed(text: str) -> Message:
    return Message(embeds=(Embed(description=text),))


async def control(
    ask: Ask, action: str, arg: str, values: list[str], fields: dict[str, str], target: int
) -> Reply:
    """A click, a choice or a form of one of the game's controls (`target`: the seat its id
    names: the guild it belongs to, or for `split` the guild whose proposal it answers)."""
    if action in CONTEST:
        return await _contest(ask, action, arg, values, target)
    table = await ask.table()
    if not isinstance(table.view, SeatView):
        raise Refused("Only the game's guilds can use its controls.")
    if action in BOARD:
        return await _board(ask, table, action, arg, values, fields)
    if action in DECISIONS:
        return await _decision(ask, table, action, arg, values, fields)
    raise Refused("Unknown control.")


# --- the order board ---------------------------------------------------------------------------


async def _board(
    ask: Ask, table: Table, action: str, arg: str, values: list[str], fields: dict[str, str]
) -> Reply:
    mine = table.view
    assert isinstance(mine, SeatView)
    seat = mine.seat
    game_id = table.game_id
    names = names_of(table)
    public = mine.public
    if public.phase != "orders":
        return Reply(
            _embed(
                "Orders are not being given now: this board is closed. A new one comes with "
                "the next Order Phase."
            ),
            edit=True,
        )
    pack = load_pack(public.pack)
    space_text, _, rest = arg.partition(":")
    spaces = public.guilds[seat].order_spaces
    refusal = f"Your order spaces are 1 to {spaces}; nothing was changed."
    # Ready's argument is 1 or 0 (ready or not), not a space.
    space = 1 if action == "obready" else number(space_text or "1", 1, spaces, refusal)
    page = "plan" if action in PLAN_PAGE else "orders"
    notice = ""
    draft = mine.draft
    current = order_board.order_at(draft, space)
    new: Order | None = current
    if action == "obspace":
        page = rest if rest in order_board.PAGES else "orders"
        return Reply(
            order_board.render(mine, pack, names, game_id, space=space, page=page), edit=True
        )
    if action == "obgoldset":
        return Reply(
            modal=Modal(
                f"Gold on order {space}",
                ControlId("obgoldm", game_id, seat, str(space)).encode(),
                (
                    ModalField(
                        "gold",
                        "Gold",
                        "a whole number",
                        str(current.gold if current else 0),
                        max_length=3,
                    ),
                ),
            )
        )
    if action == "obready":
        try:
            after_table = await ask.act(SetReady(seat=seat, ready=arg == "1"))
        except RuleError as exc:
            after, notice = mine, f"⚠ {exc.message}"
        else:
            after = after_table.view
            if after.public.phase != "orders" or after.public.round != public.round:
                # The board closed as the reveal closes every board (the notifier leaves this
                # one to this answer).
                return Reply(revealed_board(), edit=True)
        return Reply(
            order_board.render(after, pack, names, game_id, space=space, notice=notice),
            edit=True,
        )
    if action == "obclear":
        new = None
    elif action == "obteam":
        if not values:
            new = None
        elif current is None:
            new = Order(space=space, team=tuple(values), plan=Plan(builds=()))
        else:
            new = Order(
                space=space,
                team=tuple(values),
                objective=current.objective,
                gold=current.gold,
                plan=current.plan,
            )
    elif current is None:
        notice = f"⚠ Choose a team for order {space} first."
    else:
        new, notice = _changed(mine, current, action, rest, values, fields)
    after = mine
    if not notice and new != current:
        updated = order_board.with_order(draft, new, space)
        try:
            after = (await ask.act(SetOrders(seat=seat, orders=updated, ready=False))).view
        except RuleError as exc:
            notice = f"⚠ {exc.message}"
    return Reply(
        order_board.render(after, pack, names, game_id, space=space, page=page, notice=notice),
        edit=True,
    )


def _changed(
    mine: SeatView,
    current: Order,
    action: str,
    rest: str,
    values: list[str],
    fields: dict[str, str],
) -> tuple[Order | None, str]:
    """The order `current` changed by a control of its objective, Gold or plan, and a notice
    (a warning: then nothing changes)."""
    if action == "obobj":
        objective = values[0] if values else NONE
        gold = current.gold if carries_gold(objective) else 0
        if is_recruit(objective) and gold == 0:
            spot = mine.public.board.adventurers["ABCDEF".index(objective)]
            if spot.min_bid is not None:
                gold = spot.min_bid
        return replace(current, objective=objective, gold=gold), ""
    if action in ("obgold", "obgoldm"):
        if not carries_gold(current.objective):
            return current, "⚠ Only Hire Builders and Recruit orders carry Gold."
        if action == "obgold":
            gold = current.gold + number(rest, -1, 1, "Gold buttons add or take 1 Gold.")
        else:
            try:
                gold = number(fields.get("gold", ""), 0, 999, "Gold must be a whole number.")
            except Refused:
                return current, "⚠ Gold must be a whole number from 0 to 999, like 5."
        return replace(current, gold=max(0, gold)), ""
    if action == "obfallback":
        if not values:
            raise Refused("Pick a fallback from the list; nothing was changed.")
        return replace(current, plan=_plan(current, fallback=values[0])), ""
    if action == "obreplace":
        choice = values[0] if values else "same"
        return replace(current, plan=_plan(current, replace="" if choice == "same" else choice)), ""
    if action == "obbuild":
        choice = values[0] if values else "ask"
        builds: tuple[Any, ...] | None
        if choice == "none":
            builds = ()
        else:
            b = order_board.decode_build(choice)
            builds = None if b is None else (b, *mine.default_builds)
        return replace(current, plan=_plan(current, builds=builds)), ""
    if action == "obskill":
        skill = values[0] if values and values[0] in SKILLS else ""
        return replace(current, plan=_plan(current, skill=skill)), ""
    if action == "obrolls":
        rolls = "auto" if current.plan.rolls == "ask" else "ask"
        return replace(current, plan=_plan(current, rolls=rolls)), ""
    if action == "obcoop":
        cooperation = "auto" if current.plan.cooperation == "ask" else "ask"
        return replace(current, plan=_plan(current, cooperation=cooperation)), ""
    raise Refused("Unknown order board control.")


def _plan(order: Order, **changes: Any) -> Plan:
    return replace(order.plan, **changes)


# --- decisions ---------------------------------------------------------------------------------


async def _decision(
    ask: Ask, table: Table, action: str, arg: str, values: list[str], fields: dict[str, str]
) -> Reply:
    own = table.view
    assert isinstance(own, SeatView)
    seat = own.seat
    mine = own.decisions
    closed = say(CLOSED)
    command: Command | None = None
    if action in ("opt", "optsel"):
        kind, _, fp = arg.partition(".") if action == "opt" else (arg, "", "")
        if action == "optsel":
            fp = values[0] if values else ""
        decision = next((d for d in mine if d.kind == kind), None)
        if decision is None:
            return closed
        command = next((o for o in decision.options if fingerprint(o) == fp), None)
        if command is None:
            return closed
    elif action == "default":
        if not any(d.kind == arg for d in mine):
            return closed
        command = ApplyDefaults(seat=seat, seats=(seat,))
    elif action == "builds":
        if not any(d.kind == "builds" for d in mine):
            return closed
        choice = values[0] if values else "none"
        b = order_board.decode_build(choice) if choice != "none" else None
        space = number(arg, 1, 9, "That build prompt is out of date; `/gm decide` shows it.")
        command = ChooseBuilds(seat=seat, space=space, builds=() if b is None else (b,))
    elif action.startswith("roll"):
        if not any(d.kind == "roll" for d in mine):
            return closed
        command = _roll(own, action, arg, values)
        if command is None:
            return closed
    elif action == "coop":
        decision = next((d for d in mine if d.kind == "cooperation"), None)
        if decision is None:
            return closed
        contest = own.public.contest
        assert contest is not None
        order = order_board.order_at(own.orders, contest.space)
        assert order is not None
        pack = load_pack(own.public.pack)
        team = tuple(a for a in order.team if skill_total(pack, (a,), arg) > 0) or order.team
        command = ChooseCooperation(seat=seat, skill=arg, adventurers=team)
    elif action == "correct":
        if not any(d.kind == "correct_order" for d in mine):
            return closed
        return Reply(
            modal=Modal(
                f"Gold on order {arg}",
                ControlId("correctm", table.game_id, seat, arg).encode(),
                (ModalField("gold", "Gold", "a whole number", max_length=3),),
            )
        )
    else:  # correctm
        if not any(d.kind == "correct_order" for d in mine):
            return closed
        space = number(arg, 1, 9, "That correction is out of date; `/gm decide` shows it.")
        gold = number(fields.get("gold", ""), 0, 999, "Gold must be a whole number, like 4.")
        command = CorrectOrder(seat=seat, space=space, gold=gold)
    after_table = await ask.act(command)
    after = after_table.view
    names = names_of(after_table)
    pack = load_pack(after.public.pack)
    still = [d for d in after.decisions if d.kind != "orders"]
    # A roll, or a plot turn with abilities or boons left, is the same decision as before (the
    # core opens no new prompt for it): the answer shows it again, with what is left.
    if still and still[0].kind in ("roll", "plot"):
        return Reply(prompts.render(after, pack, names, table.game_id, still[0]), edit=True)
    label = prompts.option_label(command, names, after)
    return Reply(_embed(f"Done: {label}."), edit=True)


def _roll(own: SeatView, action: str, arg: str, values: list[str]) -> Command | None:
    """The roll control's command (None: the boon it names is no longer offered)."""
    seat = own.seat
    check = own.public.check
    assert check is not None
    if action == "rollgo":
        return ModifyRoll(seat=seat, action="auto" if arg == "auto" else "done")
    if action in ("rollre", "rollfix"):
        dice = len(check.dice)
        refusal = f"Pick a die from 1 to {dice} in the list; nothing was changed."
        die = number(values[0] if values else "", 0, max(dice - 1, 0), refusal)
        if action == "rollre":
            return ModifyRoll(seat=seat, action="reroll", die=die)
        value = number(arg, 0, 99, "That fixer is not offered; nothing was changed.")
        return ModifyRoll(seat=seat, action="fix", die=die, value=value)
    index = number(arg, 0, 99, "That boon is not offered; nothing was changed.")
    if index >= len(check.boons):
        return None
    return ModifyRoll(seat=seat, action="boon", contract=check.boons[index])


# --- the contest negotiation in the channel ------------------------------------------------------


async def _contest(ask: Ask, action: str, arg: str, values: list[str], target: int) -> Reply:
    table = await ask.public()
    names = names_of(table)
    task = table.view.contest
    if ask.seat is None:
        raise Refused("Only the contesting guilds can negotiate this contract.")
    if task is None or task.stage != "stances":
        raise Refused("This negotiation is over.")
    if ask.seat not in task.seats:
        raise Refused("Only the contesting guilds can negotiate this contract.")
    if action == "split":
        await ask.act(AnswerSplit(seat=ask.seat, by=target, accept=arg == "yes"))
        return say("Your answer is recorded.")
    pack = load_pack(table.view.pack)
    contract = pack.contracts[task.contract] if task.contract is not None else None
    if contract is None:
        raise Refused("This negotiation is over.")
    seats, gold = task.seats, contract.gold
    has_bonus = contract.effect("bonus") is not None
    if action == "propose":
        draft = split.Draft(spot=number(arg, 1, 9, split.STALE))
    else:
        draft = split.Draft.decode(arg, len(seats))
    if draft.spot != task.spot:
        raise Refused(split.STALE)
    if action == "splitg":
        draft = split.with_share(draft, target, values[0] if values else "", gold, len(seats))
    elif action == "splitbk":
        draft = split.with_receivers(draft, values[0] if values else "", len(seats))
    elif action == "splitgo":
        terms = draft.terms(gold, seats)
        if terms.gold is not None and min(terms.gold) < 0:
            raise Refused(f"The shares add up to more than {gold} Gold; nothing was proposed.")
        await ask.act(ProposeSplit(seat=ask.seat, terms=terms))
        done = f"Your proposal is on the table: {split.describe_terms(terms, names, seats)}."
        return Reply(_embed(done), edit=True)
    message = split.form(table.game_id, draft, seats, gold, has_bonus, names)
    return Reply(message, edit=action != "propose")
