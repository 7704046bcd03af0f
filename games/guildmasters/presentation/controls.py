"""What each control of Guildmasters does (the `action` of its custom id):

| action   | control                              | does                                          |
|----------|--------------------------------------|-----------------------------------------------|
| gdpick   | draft: the pack's select             | Pick(card)                                    |
| gdquest  | turn: "Fulfil a quest…"              | shows the bot's proposed assignment           |
| gdqset   | quest: "Change what you send"        | shows the assignment as changed               |
| gdqgo    | quest: "Send on <quest>"             | Fulfil(quest, cards, tiles, cycles)           |
| gdback   | "Back"                               | the turn menu again                           |
| gdact    | turn: "Activate an ability…"         | Activate (Scout), or asks for what it needs   |
| gdmonk   | Monk: "Level N quests"               | Activate(card, level)                         |
| gdnecro  | Necromancer: the discard's select    | Activate(card, take)                          |
| gdtgt    | Rogue, Mage: a guild's button        | Activate(card, target) (the Mage: its gift)   |
| gdgive   | Mage: "Give these"                   | Activate(card, target, give)                  |
| gdrec    | turn: "Recruit…"                     | Recruit(two cards of that class)              |
| gdpass   | turn: "Pass"                         | Pass                                          |
| gdend    | turn: "End turn"                     | EndTurn                                       |
| gdchoose | look: "Keep…"                        | Choose(pick, drop)                            |
| gdyes    | reaction: "Yes…"                     | React(card, victim)                           |
| gdno     | reaction: "No"                       | React() (no)                                  |

An answer edits the prompt into what was done, or into the turn's menu while the same turn
still waits for this guild. A refusal (ours, or the rules' `RuleError`) is answered privately
and changes nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from bot.presentation import Ask, Refused, Reply, Table, asked, one_choice, say
from bot.render.ids import fingerprint
from bot.render.ui import Message
from engine.core.errors import RuleError
from games.guildmasters.presentation import prompts as p
from games.guildmasters.presentation import words as w
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.views import SeatView

Handler = Callable[[Ask, Table, str, list[str]], Awaitable[Reply]]


def _view(table: Table) -> SeatView:
    if not isinstance(table.view, SeatView):
        raise Refused("Only this game's players can use its controls.")
    return table.view


def _done(title: str, text: str) -> Reply:
    """The prompt, replaced by what was done (no controls left)."""
    return Reply(Message(embeds=(p.embed(title, [text]),)).check(), edit=True)


def _key(table: Table) -> tuple[Any, ...] | None:
    d = p.turn_decision(table)
    return None if d is None else (d.context.get("step"), d.context.get("quested"))


async def _act(ask: Ask, before: Table, command: Any, said: str) -> Reply:
    """Carry `command` out; the turn's menu again if the same turn step still waits for this
    guild (the core opens no new prompt then), else what was done."""
    after = await ask.act(command)
    if p.turn_decision(after) is not None and _key(after) == _key(before):
        return Reply(p.turn_prompt(after, note=said), edit=True)
    return _done(w.TITLE, said)


async def _pick(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    asked(table, "draft")
    card = one_choice(values)
    return await _act(
        ask, table, cm.Pick(seat=ask.seat, card=card), f"You kept the {w.card(card)}."
    )


def _turn(table: Table) -> SeatView:
    asked(table, "turn")
    return _view(table)


async def _quest(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    quest = p.quest_by_number(view, _number(one_choice(values)))
    if quest is None:
        raise Refused("That quest is no longer on offer; choose another from `/gm decide`.")
    proposal = p.proposal(view, quest.slug)
    if proposal is None:
        raise Refused("You cannot fulfil that quest with what you hold now; choose another.")
    return Reply(p.quest_prompt(table, quest, p.encode(proposal, view), True), edit=True)


def _number(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 3:
        raise Refused("Choose a quest from the list.")
    return int(text)


async def _quest_set(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    quest = p.quest_by_number(view, _number(arg))
    if quest is None:
        raise Refused("That quest is no longer on offer; choose another from `/gm decide`.")
    offered = {code for code, _, _ in p.units_for(view, quest)}
    if not set(values) <= offered:
        raise Refused(p.STALE)
    return Reply(p.quest_prompt(table, quest, values, False), edit=True)


async def _quest_go(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    number, _, rest = arg.partition(".")
    codes, _, stamp = rest.partition(".")
    quest = p.quest_by_number(view, _number(number))
    if quest is None or stamp != p.hand_stamp(view):
        raise Refused(p.STALE)
    fulfil = p.decode([codes[i : i + 2] for i in range(0, len(codes), 2)], view, quest)
    if fulfil is None:
        raise Refused(p.STALE)
    return await _act(ask, table, fulfil, f"You send your guild on **{quest.name}**.")


async def _back(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    _turn(table)
    return Reply(p.turn_prompt(table), edit=True)


def _in_hand(view: SeatView, card: str) -> str:
    if card not in view.hand:
        raise Refused("That card is no longer in your hand; use `/gm decide` for a new menu.")
    return card


async def _activate(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    card = _in_hand(view, one_choice(values))
    if w.pack().class_of[card] == "scout":
        command = cm.Activate(seat=view.seat, card=card)
        return await _act(ask, table, command, "Your Scout looks at the top of the deck.")
    return Reply(p.ability_prompt(table, card, w.names_of(table)), edit=True)


async def _monk(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    card, _, level = arg.partition(".")
    command = cm.Activate(seat=view.seat, card=_in_hand(view, card), level=_number(level))
    return await _act(ask, table, command, f"Your Monk looks at level {level} quests.")


async def _necro(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    take = one_choice(values)
    command = cm.Activate(seat=view.seat, card=_in_hand(view, arg), take=take)
    return await _act(ask, table, command, f"Your Necromancer raises a {w.card(take)}.")


def _target(view: SeatView, text: str) -> int:
    target = _number(text)
    if target not in p.targets(view):
        raise Refused("Choose another guild that has not passed.")
    return target


async def _tgt(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    card, _, seat = arg.partition(".")
    card = _in_hand(view, card)
    target = _target(view, seat)
    names = w.names_of(table)
    if w.pack().class_of[card] == "mage":
        return Reply(p.gift_prompt(table, card, target, names), edit=True)
    command = cm.Activate(seat=view.seat, card=card, target=target)
    return await _act(ask, table, command, f"Your Rogue goes for {names[target]}'s purse.")


async def _give(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    card, _, seat = arg.partition(".")
    target = _target(view, seat)
    command = cm.Activate(
        seat=view.seat, card=_in_hand(view, card), target=target, give=tuple(values)
    )
    names = w.names_of(table)
    return await _act(ask, table, command, f"Your Mage swaps cards with {names[target]}.")


async def _recruit(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    k = one_choice(values)
    pair = [c for c in view.hand if w.pack().class_of.get(c) == k][:2]
    if len(pair) != 2:
        raise Refused("You need two adventurers of that class in hand; choose another recruit.")
    name = w.pack().classes[k].name
    command = cm.Recruit(seat=view.seat, cards=(pair[0], pair[1]))
    return await _act(ask, table, command, f"You recruit a {name} from the tavern.")


async def _pass(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    return await _act(ask, table, cm.Pass(seat=view.seat), "You pass until the next draft.")


async def _end(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    view = _turn(table)
    return await _act(ask, table, cm.EndTurn(seat=view.seat), "Your turn is over.")


async def _choose(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    asked(table, "choose")
    view = _view(table)
    pick, _, drop = one_choice(values).partition(".")
    look = view.looking
    i = _number(pick)
    j = _number(drop) if drop else -1
    if i >= len(look) or j >= len(look):
        raise Refused(p.STALE)
    command = cm.Choose(seat=view.seat, pick=look[i], drop=look[j] if j >= 0 else "")
    return await _act(ask, table, command, "Done: you keep your choice.")


async def _yes(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    d = asked(table, "behead", "protect", "ambush", "heal")
    chosen = one_choice(values)
    react = next((o for o in d.options if o.card and fingerprint(o) == chosen), None)
    if react is None:
        raise Refused("That question has closed or changed; answer the one in your newest DM.")
    return await _act(ask, table, react, f"You answered yes: {p.yes_label(d.kind, react)}.")


async def _no(ask: Ask, table: Table, arg: str, values: list[str]) -> Reply:
    asked(table, "behead", "protect", "ambush", "heal")
    return await _act(ask, table, cm.React(seat=ask.seat), "You answered no.")


HANDLERS: dict[str, Handler] = {
    "gdpick": _pick,
    "gdquest": _quest,
    "gdqset": _quest_set,
    "gdqgo": _quest_go,
    "gdback": _back,
    "gdact": _activate,
    "gdmonk": _monk,
    "gdnecro": _necro,
    "gdtgt": _tgt,
    "gdgive": _give,
    "gdrec": _recruit,
    "gdpass": _pass,
    "gdend": _end,
    "gdchoose": _choose,
    "gdyes": _yes,
    "gdno": _no,
}


async def control(ask: Ask, action: str, arg: str, values: list[str]) -> Reply:
    """A click or a choice on one of the game's controls."""
    handler = HANDLERS.get(action)
    try:
        if handler is None:
            raise Refused("That control is not one of this game's; nothing was changed.")
        if ask.seat is None:
            raise Refused("Only this game's players can use its controls.")
        return await handler(ask, await ask.table(), arg, values)
    except Refused as exc:
        return say(exc.text)
    except RuleError as exc:
        return say(f"{exc.message} Nothing was changed.")
