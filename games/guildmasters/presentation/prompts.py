"""The DM prompts of Guildmasters, made from a seat's own view and its decisions:

- the draft: a select of the first pack's cards (the default pick marked);
- the turn: selects for a quest to fulfil (the bot proposes an assignment, the player adjusts it),
  an ability to activate (then its target, level, card or gift), a recruit, and Pass or End turn;
- a look (Scout, Monk, Rogue): a select of what to keep (a Rogue's also says what to discard);
- a reaction (Behead, Protect, Ambush, Heal): "No" and, if the guild holds the card, a select of
  each way to say yes. Every guild asked gets the same question, so being asked says nothing.

Controls carry ids only (`bot.render.ids`); the quest's "Send" carries the quest's number and
the positions of what it sends in the hand, with a stamp of the hand, so a stale one is refused.
"""

from __future__ import annotations

import string
from collections.abc import Sequence

from bot.presentation import Table, when
from bot.render.ids import ControlId, fingerprint
from bot.render.ui import Button, Embed, Message, Option, Select, clip
from bot.render.words import count
from engine.core.game import Decision
from games.guildmasters.presentation import words as w
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.abilities import ACTION_CLASSES, RESURRECT_LOOK
from games.guildmasters.rules.quests import BARD, matches
from games.guildmasters.rules.views import PublicView, QuestCard, SeatView, quest_card

COLOUR = 0x6B4E9B
DIGITS = string.digits + string.ascii_letters  # one character per position in a hand
STALE = "That menu is out of date: your hand or the board changed. Use `/gm decide` for a new one."


def cid(table: Table, action: str, arg: str = "") -> str:
    return ControlId(
        action, table.game_id, table.seat if table.seat is not None else -1, arg
    ).encode()


def embed(title: str, lines: Sequence[str]) -> Embed:
    return Embed(title=clip(title, 256), description=clip("\n".join(lines), 4096), colour=COLOUR)


def seat_view(table: Table) -> SeatView:
    assert isinstance(table.view, SeatView)
    return table.view


def deadline(table: Table, after: str) -> str:
    return f"Answer {when(table.due)}; after that, {after}." if table.due else ""


def option(label: str, value: str, description: str = "", default: bool = False) -> Option:
    return Option(clip(label, 80), value, clip(description, 100), default)


def ability_of(card: str) -> str:
    c = w.pack().classes[w.pack().class_of[card]]
    return f"{c.ability}: {c.text}"


# --- the draft ---------------------------------------------------------------------------------


def draft_prompt(table: Table, decision: Decision) -> Message:
    view = seat_view(table)
    pack = view.packs[0]
    default = decision.default.card
    lines = [
        f"Game turn {view.table.game_turn}, passing {view.table.direction}. Keep one card of "
        "this pack; the rest passes on.",
        f"Your hand: {w.cards(view.hand)}.",
    ]
    if len(view.packs) > 1:
        lines.append(
            f"{count(len(view.packs) - 1, 'more pack')} "
            + ("is" if len(view.packs) == 2 else "are")
            + " waiting for you after this one."
        )
    lines.append(deadline(table, f"the {w.card(default)} is kept for you"))
    # One option per class: two cards of a class are the same to play.
    shown: dict[str, str] = {w.pack().class_of[default]: default}
    for c in pack:
        shown.setdefault(w.pack().class_of[c], c)
    options = tuple(
        option(w.card(c) + (" (default)" if c == default else ""), c, ability_of(c))
        for c in pack
        if c in shown.values()
    )
    select = Select(cid(table, "gdpick"), options, placeholder="Keep one card")
    title = (
        f"{w.TITLE} · game {table.game_id} — draft pick {view.table.guilds[view.seat].picks + 1}"
    )
    return Message(embeds=(embed(title, lines),), rows=((select,),)).check()


# --- the turn ----------------------------------------------------------------------------------


def proposal(view: SeatView, slug: str) -> cm.Fulfil | None:
    """The rules' proposed assignment for quest `slug` (the view carries one for every quest
    the guild can fulfil now), or None."""
    return next((f for f in view.proposals if f.quest == slug), None)


def quests_open(view: SeatView) -> list[QuestCard]:
    """The quests the guild may try: on the board, then those it keeps."""
    shown = [q for row in view.table.rows for q in row if q is not None]
    return shown + list(view.held)


def quest_by_number(view: SeatView, number: int) -> QuestCard | None:
    return next((q for q in quests_open(view) if q.number == number), None)


def turn_decision(table: Table) -> Decision | None:
    return next((d for d in table.decisions if d.kind == "turn"), None)


def turn_prompt(table: Table, note: str = "") -> Message:
    """The turn's menu as it stands."""
    view = seat_view(table)
    pv = view.table
    decision = turn_decision(table)
    assert decision is not None
    step = decision.context["step"]
    quested = decision.context["quested"]
    me = pv.guilds[view.seat]
    lines = [note] if note else []
    lines += [
        f"Your hand: {w.cards(view.hand)}.",
        f"Recruits: {w.cards(t for t in me.tiles if t not in me.used)} ready"
        + (f", {w.cards(me.used)} used this game turn" if me.used else "")
        + (f". Cycle tokens: {', '.join(w.FORCE_NAMES[c] for c in me.cycles)}" if me.cycles else "")
        + ".",
    ]
    rows: list[tuple[Button | Select, ...]] = []
    if not quested:
        doable = [q for q in quests_open(view) if proposal(view, q.slug) is not None]
        if doable:
            options = tuple(
                option(
                    q.name, str(q.number), f"L{q.level}, needs {w.needs(q)}: {q.points} prestige"
                )
                for q in doable[:25]
            )
            rows.append((Select(cid(table, "gdquest"), options, placeholder="Fulfil a quest…"),))
        else:
            lines.append("No quest can be fulfilled with what you hold now.")
    if step == "start":
        hand_classes: dict[str, str] = {}
        for c in view.hand:
            hand_classes.setdefault(w.pack().class_of[c], c)
        acts = [c for k, c in hand_classes.items() if k in ACTION_CLASSES]
        if acts:
            options = tuple(option(w.card(c), c, ability_of(c)) for c in acts)
            rows.append((Select(cid(table, "gdact"), options, placeholder="Activate an ability…"),))
        recruits = recruitable(view)
        if recruits:
            options = tuple(
                option(f"Recruit a {w.pack().classes[k].name}", k, "Discard two of your hand")
                for k in recruits
            )
            rows.append((Select(cid(table, "gdrec"), options, placeholder="Recruit…"),))
        rows.append((Button("Pass", cid(table, "gdpass"), style="danger"),))
        lines.append(deadline(table, "you pass"))
        title = f"Game turn {pv.game_turn} — your turn: one action"
    else:
        rows.append((Button("End turn", cid(table, "gdend"), style="primary"),))
        lines.append(deadline(table, "your turn ends"))
        title = f"Game turn {pv.game_turn} — your turn: a quest, or end it"
    return Message(embeds=(embed(title, [x for x in lines if x]),), rows=tuple(rows)).check()


def recruitable(view: SeatView) -> list[str]:
    """Classes the guild holds two of while the tavern has one."""
    pack = w.pack()
    counts: dict[str, int] = {}
    for c in view.hand:
        counts[pack.class_of[c]] = counts.get(pack.class_of[c], 0) + 1
    tavern = {pack.class_of[t] for t in view.table.tavern}
    return [k for k, n in counts.items() if n >= 2 and k in tavern]


# --- a quest's assignment ------------------------------------------------------------------------


def units_for(view: SeatView, quest: QuestCard) -> list[tuple[str, str, str]]:
    """What could go on `quest`: (code, label, kind) for each card, ready recruit and cycle token
    that meets one of its needs, and every Bard. Codes: h/t/c and a position."""
    pack = w.pack()
    g = view.table.guilds[view.seat]
    needs = set(quest.requires)
    forces = {pack.force(n) for n in needs}
    out = []
    for i, c in enumerate(view.hand):
        k = pack.class_of[c]
        if k == BARD or pack.serves[k] & needs:
            out.append((f"h{DIGITS[i]}", f"{w.card(c)} (hand)", "card"))
    for i, t in enumerate(g.tiles):
        k = pack.class_of[t]
        if t not in g.used and (k == BARD or pack.serves[k] & needs):
            out.append((f"t{DIGITS[i]}", f"{w.card(t)} (recruit)", "tile"))
    for i, f in enumerate(g.cycles):
        if f in forces:
            out.append((f"c{DIGITS[i]}", f"{w.FORCE_NAMES[f]} cycle token", "cycle"))
    return out[:25]


def encode(fulfil: cm.Fulfil, view: SeatView) -> list[str]:
    """A proposed assignment as unit codes."""
    g = view.table.guilds[view.seat]
    codes = [f"h{DIGITS[view.hand.index(c)]}" for c in fulfil.cards]
    codes += [f"t{DIGITS[g.tiles.index(t)]}" for t in fulfil.tiles]
    left = list(enumerate(g.cycles))
    for f in fulfil.cycles:
        i = next(i for i, x in left if x == f)
        left.remove((i, f))
        codes.append(f"c{DIGITS[i]}")
    return codes


def decode(codes: Sequence[str], view: SeatView, quest: QuestCard) -> cm.Fulfil | None:
    """Unit codes as a Fulfil command, or None if one does not name what the guild holds."""
    g = view.table.guilds[view.seat]
    cards, tiles, cycles = [], [], []
    for code in codes:
        if len(code) != 2 or code[1] not in DIGITS:
            return None
        i = DIGITS.index(code[1])
        source = {"h": view.hand, "t": g.tiles, "c": g.cycles}.get(code[0])
        if source is None or i >= len(source):
            return None
        {"h": cards, "t": tiles, "c": cycles}[code[0]].append(source[i])
    return cm.Fulfil(
        seat=view.seat,
        quest=quest.slug,
        cards=tuple(cards),
        tiles=tuple(tiles),
        cycles=tuple(cycles),
    )


def meets(fulfil: cm.Fulfil, quest: QuestCard) -> bool:
    pack = w.pack()
    units = [("card", pack.class_of[c]) for c in fulfil.cards]
    units += [("tile", pack.class_of[t]) for t in fulfil.tiles]
    units += [("cycle", f) for f in fulfil.cycles]
    return matches(pack, quest.requires, [u for u in units if u[1] != BARD])


def hand_stamp(view: SeatView) -> str:
    g = view.table.guilds[view.seat]
    return fingerprint((view.hand, g.tiles, g.used, g.cycles))


def quest_prompt(table: Table, quest: QuestCard, codes: Sequence[str], proposed: bool) -> Message:
    """A quest's assignment: what is sent, whether it meets the requisites, a select to adjust it
    and the button that sends it."""
    view = seat_view(table)
    fulfil = decode(codes, view, quest)
    assert fulfil is not None
    ok = meets(fulfil, quest)
    sent = [w.cards(fulfil.cards)] if fulfil.cards else []
    if fulfil.tiles:
        sent.append(f"recruits: {w.cards(fulfil.tiles)}")
    if fulfil.cycles:
        sent.append("cycle tokens: " + ", ".join(w.FORCE_NAMES[f] for f in fulfil.cycles))
    lines = [
        w.quest_line(quest),
        ("Proposed: " if proposed else "You send: ") + ("; ".join(sent) or "nothing") + ".",
        "It meets the requisites: send it, or change it below."
        if ok
        else "That does not meet the requisites (one per requisite, nothing more but Bards): "
        "change it below.",
        "The other guilds may then Behead one of the adventurers.",
    ]
    units = units_for(view, quest)
    chosen = set(codes)
    options = tuple(option(label, code, default=code in chosen) for code, label, _ in units)
    rows: list[tuple[Button | Select, ...]] = []
    if options:
        rows.append(
            (
                Select(
                    cid(table, "gdqset", str(quest.number)),
                    options,
                    placeholder="Change what you send",
                    min_values=0,
                    max_values=len(options),
                ),
            )
        )
    arg = f"{quest.number}.{''.join(codes)}.{hand_stamp(view)}"
    go = Button(f"Send on {quest.name}"[:80], cid(table, "gdqgo", arg), "success", disabled=not ok)
    rows.append((go, Button("Back", cid(table, "gdback"))))
    return Message(embeds=(embed(f"Fulfil {quest.name}", lines),), rows=tuple(rows)).check()


# --- an ability's targets ----------------------------------------------------------------------


def targets(view: SeatView) -> list[int]:
    return [g.seat for g in view.table.guilds if g.seat != view.seat and not g.passed]


def ability_prompt(table: Table, card: str, names: Sequence[str]) -> Message:
    """What an ability needs besides its card: a target, a level, a card of the discard pile."""
    view = seat_view(table)
    pv = view.table
    k = w.pack().class_of[card]
    title = f"{w.card(card)}: {w.pack().classes[k].ability}"
    rows: list[tuple[Button | Select, ...]] = []
    if k == "monk":
        levels = [lv for lv in (1, 2, 3) if pv.quest_decks[lv - 1]]
        rows.append(
            tuple(
                Button(f"Level {lv} quests", cid(table, "gdmonk", f"{card}.{lv}")) for lv in levels
            )
        )
        ask = "Look at 3 face-down quests of which level?"
    elif k == "necromancer":
        top = list(dict.fromkeys(pv.discard[-RESURRECT_LOOK:]))
        options = tuple(option(w.card(c), c, ability_of(c)) for c in top)
        rows.append((Select(cid(table, "gdnecro", card), options, placeholder="Take one"),))
        ask = "Take one of the top 5 adventurers of the discard pile."
    else:
        rows.append(
            tuple(
                Button(f"{names[s]}"[:80], cid(table, "gdtgt", f"{card}.{s}"))
                for s in targets(view)
            )
        )
        ask = "Which guild? (A guild that has passed cannot be targeted.)"
    rows.append((Button("Back", cid(table, "gdback")),))
    return Message(embeds=(embed(title, [ability_of(card), ask]),), rows=tuple(rows)).check()


def gift_prompt(table: Table, card: str, target: int, names: Sequence[str]) -> Message:
    """The Mage's gift: the cards it gives (as many are taken back at random)."""
    view = seat_view(table)
    others = [c for c in view.hand if c != card]
    most = min(len(others), view.table.guilds[target].hand)
    seen = dict.fromkeys(others)
    options = tuple(option(w.card(c), c) for c in list(seen)[:25])
    select = Select(
        cid(table, "gdgive", f"{card}.{target}"),
        options,
        placeholder="Give these",
        min_values=1,
        max_values=max(1, min(most, len(options))),
    )
    lines = [
        f"Give {names[target]} up to {count(most, 'card')}; you take as many from them at random.",
    ]
    rows = ((select,), (Button("Back", cid(table, "gdback")),))
    return Message(embeds=(embed("Mage: Transmute", lines),), rows=rows).check()


# --- a look ------------------------------------------------------------------------------------


def choose_prompt(table: Table, decision: Decision) -> Message:
    view = seat_view(table)
    kind = decision.context["cls"]
    look = view.looking
    pack = w.pack()
    if kind == "monk":
        quests = {q.slug: q for q in _quests(look)}
        options = tuple(
            option(quests[s].name, str(i), f"L{quests[s].level}: {quests[s].points} prestige")
            for i, s in enumerate(look)
        )
        lines = [w.quest_line(quests[s]) for s in look]
    elif kind == "rogue" and len(look) > 1:
        options = tuple(
            option(f"Keep the {w.card(a)}, discard the {w.card(b)}", f"{i}.{j}")
            for i, a in enumerate(look)
            for j, b in enumerate(look)
            if i != j
        )
        lines = [f"You took {w.cards(look)}. Keep one, discard one; the rest goes back."]
    else:
        options = tuple(
            option(w.card(c), str(i), pack.classes[pack.class_of[c]].ability)
            for i, c in enumerate(look)
        )
        lines = [f"You see {w.cards(look)}. Keep one."]
    lines.append(deadline(table, "the first is kept for you"))
    select = Select(cid(table, "gdchoose"), options[:25], placeholder="Keep…")
    return Message(embeds=(embed(decision.prompt, lines),), rows=((select,),)).check()


def _quests(slugs: Sequence[str]) -> list[QuestCard]:
    return [quest_card(s) for s in slugs]


# --- a reaction --------------------------------------------------------------------------------


def yes_label(about: str, react: cm.React) -> str:
    if about == "behead":
        return f"Discard your Assassin: behead the {w.card(react.victim)}"
    if about == "heal":
        return f"Discard your Cleric: take back the {w.card(react.victim)}"
    if about == "protect":
        return "Discard your Warrior: deny it"
    return "Discard your Hunter: take the card just used"


def question(table: Table, decision: Decision) -> str:
    """The reaction's question, from what the table sees only: the same for every guild asked."""
    pv = seat_view(table).table
    names = w.names_of(table)
    actor = decision.context["actor"]
    who = names[actor] if 0 <= actor < len(names) else "A guild"
    quest = pv.quest
    if decision.kind == "behead" and quest is not None:
        return (
            f"{who} sends {w.cards(c for c in quest.cards if c)} on "
            f"**{w.quest_name(quest.quest)}**. Behead one of them with an Assassin?"
        )
    if decision.kind == "protect" and quest is not None and quest.victim:
        return (
            f"An Assassin strikes your {w.card(quest.victim)} on **{w.quest_name(quest.quest)}**."
            " Protect it with a Warrior?"
        )
    if decision.kind == "protect" and pv.ability is not None:
        ability = w.pack().classes[pv.ability.ability].name
        return f"{who}'s {ability} is aimed at you. Protect yourself with a Warrior?"
    if decision.kind == "ambush" and pv.ability is not None:
        ability = w.pack().classes[pv.ability.ability].name
        return f"{who} used a {ability}. Ambush it with a Hunter, and take that card?"
    if decision.kind == "heal" and quest is not None:
        return (
            f"**{w.quest_name(quest.quest)}** is fulfilled. Heal: take one of its adventurers "
            "back with a Cleric?"
        )
    return decision.prompt


def reaction_prompt(table: Table, decision: Decision) -> Message:
    """The same question to every guild asked: "No" for all, and a yes for those who can."""
    lines = [
        question(table, decision),
        "Nobody learns what you answered unless your reaction takes effect.",
    ]
    lines.append(deadline(table, "you answer no"))
    rows: list[tuple[Button | Select, ...]] = []
    yes = [o for o in decision.options if o.card]
    if yes:
        options = tuple(option(yes_label(decision.kind, o), fingerprint(o)) for o in yes[:25])
        rows.append((Select(cid(table, "gdyes"), options, placeholder="Yes…"),))
    rows.append((Button("No", cid(table, "gdno"), style="secondary"),))
    title = f"{w.TITLE} · game {table.game_id} — {w.REACTIONS[decision.kind]}?"
    return Message(embeds=(embed(title, lines),), rows=tuple(rows)).check()


def prompt(table: Table, decision: Decision) -> Message | None:
    if decision.kind == "draft":
        return draft_prompt(table, decision)
    if decision.kind == "turn":
        return turn_prompt(table)
    if decision.kind == "choose":
        return choose_prompt(table, decision)
    return reaction_prompt(table, decision)


def public_board_lines(pv: PublicView) -> list[str]:
    lines = []
    for level, row in enumerate(pv.rows, start=1):
        lines.append(f"__Level {level}__ ({pv.quest_decks[level - 1]} in the deck)")
        lines += [f"• {w.quest_line(q)}" for q in row if q is not None]
    lines.append(f"**Tavern**: {w.cards(pv.tavern)}. **Rewards**: {w.cards(pv.rewards)}.")
    supply_ = ", ".join(
        f"{w.FORCE_NAMES[f]} {n}" for f, n in zip(w.FORCE_NAMES, pv.cycle_supply, strict=True)
    )
    lines.append(f"**Cycle tokens left**: {supply_}.")
    top = pv.discard[-RESURRECT_LOOK:][::-1]
    lines.append(f"**Deck**: {pv.deck}. **Discard pile** (top first): {w.cards(top)}.")
    return lines
