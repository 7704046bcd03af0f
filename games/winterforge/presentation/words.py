"""Words for Smiths of Winterforge: guilds, places, cards, counts, and the card look-up.

Everything here reads the card pack (public to all) and display names; it never sees a game's
state. A card is named the same way everywhere: "Iron Helm" for a Contract, "Bog Iron (ore d4)"
for a Component.
"""

from __future__ import annotations

import re

from bot.render.words import NAME_LIMIT, clip_name, count, join, ordinal, seat_names  # noqa: F401 (w.<name> in this game's messages)
from games.winterforge.rules.content import ANY, SKILLS, Pack, load_pack
from games.winterforge.rules.context import PLACE_NAMES

TITLE = "Smiths of Winterforge"
COLOUR = 0xD55E00  # the embeds' stripe: forge orange
SKILL_NAMES = {"weapons": "Weapons", "armour": "Armour", "jewellery": "Jewellery"}

# Who is asked what, by decision kind (`games.winterforge.rules.pending`).
KINDS: dict[str, str] = {
    "royal": "the choice of a Royal Contract",
    "turn": "a turn of actions",
}
# What each kind's default does, for "Time is up for Ana: the default applies (...)".
DEFAULTED: dict[str, str] = {
    "royal": "the Royal Contract that best fits the guild's skills is kept",
    "turn": "the turn ends",
}

# Places in custom ids: two letters each, so a control's id stays short.
PLACE_CODES: dict[str, str] = {
    "guildhall": "gh",
    "market": "mk",
    "forge": "fg",
    "tavern": "tv",
    "bank": "bk",
    "shrine": "sh",
    "auction-house": "ah",
    "thieves-guild": "tg",
    "runesmith": "rs",
}
PLACE_OF_CODE: dict[str, str] = {code: place for place, code in PLACE_CODES.items()}


def place(slug: str) -> str:
    """ "the Forge", "the Shrine of Thommag"."""
    return f"the {PLACE_NAMES.get(slug, slug)}"


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


# --- cards -----------------------------------------------------------------------------------


def contract_name(slug: str) -> str:
    pack = load_pack()
    card = pack.royals.get(slug) or pack.contracts.get(slug)
    return card.name if card is not None else slug


def contract_line(slug: str) -> str:
    """ "Iron Helm — Armour; ore, hide; forge 14; 5 Coin, 2 RP; +1 a gem"."""
    pack = load_pack()
    c = pack.royals.get(slug) or pack.contracts[slug]
    kinds = " & ".join(SKILL_NAMES[t] for t in c.types)
    slots = ", ".join("any" if s == ANY else s for s in c.slots)
    bonus = f"; +{c.bonus} a {c.bonus_material}" if c.bonus_material else ""
    royal = "Royal, " if c.royal else ""
    return (
        f"{c.name} — {royal}{kinds}; needs {slots}; forge {c.forge}; "
        f"{c.coin} Coin, {c.rp} RP{bonus}"
    )


def component_name(cid: str) -> str:
    return load_pack().components[cid].name


def component_short(cid: str) -> str:
    """ "Bog Iron (ore d4)"."""
    c = load_pack().components[cid]
    return f"{c.name} ({c.material} {'+'.join(f'd{d}' for d in c.dice)})"


def component_line(cid: str, cost: int | None = None) -> str:
    """ "Bog Iron — L1 ore, d4, 1 Coin"."""
    c = load_pack().components[cid]
    price = c.cost if cost is None else cost
    dice = "+".join(f"d{d}" for d in c.dice)
    return f"{c.name} — L{c.level} {c.material}, {dice}, {price} Coin"


def crew_name(slug: str) -> str:
    return load_pack().crew[slug].name


def crew_ability(slug: str) -> str:
    """What a Crew does: the last sentence of its text ("+2 to forging Weapons.")."""
    text = load_pack().crew[slug].text
    return text.rsplit(". ", 1)[-1] if ". " in text else text


def crew_line(slug: str) -> str:
    """ "Ulda the Edgewright (3 Coin): +2 to forging Weapons."."""
    c = load_pack().crew[slug]
    return f"{c.name} ({c.cost} Coin): {crew_ability(slug)}"


def loan_name(slug: str) -> str:
    return load_pack().loans[slug].name


def loan_line(slug: str) -> str:
    loan = load_pack().loans[slug]
    return f"{loan.name}: take {loan.take} Coin, repay {loan.repay}"


def rune_name(slug: str) -> str:
    return load_pack().runes[slug].name


def event_name(slug: str) -> str:
    return load_pack().events[slug].name


def board_name(slug: str) -> str:
    return load_pack().guilds[slug].name


def skill(slug: str) -> str:
    return SKILL_NAMES.get(slug, slug)


# --- the card look-up ------------------------------------------------------------------------


def _entries(pack: Pack) -> list[tuple[str, str, str]]:
    """(slug, shown name, kind) of every card with a name to look up, each printed card once."""
    out: list[tuple[str, str, str]] = []
    out += [(s, g.name, "guild board") for s, g in pack.guilds.items()]
    out += [(s, c.name, "Contract") for s, c in pack.contracts.items()]
    out += [(s, c.name, "Royal Contract") for s, c in pack.royals.items()]
    seen: set[str] = set()
    for c in pack.components.values():
        if c.slug not in seen:
            seen.add(c.slug)
            out.append((c.slug, c.name, "Component"))
    out += [(s, c.name, "Crew") for s, c in pack.crew.items()]
    out += [(s, c.name, "Loan") for s, c in pack.loans.items()]
    out += [(s, c.name, "Rune") for s, c in pack.runes.items()]
    out += [(s, c.name, "Event") for s, c in pack.events.items()]
    return out


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def find_card(name: str) -> tuple[str, str] | None:
    """(slug, kind) of the card called `name` (its slug or shown name, any case or spacing)."""
    key = _key(name)
    if not key:
        return None
    for slug, shown, kind in _entries(load_pack()):
        if key in (_key(slug), _key(shown)):
            return slug, kind
    return None


def card_text(slug: str, kind: str) -> str:
    """A card in words: its numbers and its text."""
    pack = load_pack()
    if kind == "guild board":
        g = pack.guilds[slug]
        start = ", ".join(f"{SKILL_NAMES[s]} {g.start[s]}" for s in SKILLS)
        costs = " ".join(str(c) for c in g.train_cost)
        rp = ", ".join(
            f"{level}: {g.skill_rp[level]} RP"
            for level in range(1, len(g.skill_rp))
            if g.skill_rp[level] != g.skill_rp[level - 1]
        )
        return (
            f"**{g.name}** (guild board)\nStarting skills: {start}.\nTraining Cost to reach "
            f"each level 1–10: {costs} Coin.\nSkill RP at the end: {rp}.\n*{g.text}*"
        )
    if kind in ("Contract", "Royal Contract"):
        c = (pack.royals if kind == "Royal Contract" else pack.contracts)[slug]
        return f"**{kind}**: {contract_line(slug)}.\n*{c.text}*"
    if kind == "Component":
        c = next(x for x in pack.components.values() if x.slug == slug)
        copies = sum(1 for x in pack.components.values() if x.slug == slug)
        copies_text = count(copies, "copy", "copies")
        return f"**Component**: {component_line(c.id)} ({copies_text}).\n*{c.text}*"
    if kind == "Crew":
        c = pack.crew[slug]
        extra = f" (with the {PLACE_NAMES[c.expansion]})" if c.expansion else ""
        return f"**Crew**{extra}: {c.name}, Hire Cost {c.cost} Coin.\n{c.text}"
    if kind == "Loan":
        loan = pack.loans[slug]
        return f"**Loan**: {loan_line(slug)}.\n*{loan.text}*"
    if kind == "Rune":
        r = pack.runes[slug]
        return f"**Rune** (Runesmith): {r.name}.\n{r.text}"
    e = pack.events[slug]
    return f"**Event** (solo game): {e.name}.\n{e.text}"


def card_suggestions(typed: str, limit: int = 25) -> list[tuple[str, str]]:
    """(shown name, slug) of cards whose name starts with what is typed, then contains it."""
    key = _key(typed)
    entries = _entries(load_pack())
    starts = [(n, s) for s, n, _ in entries if _key(n).startswith(key)]
    contains = [(n, s) for s, n, _ in entries if key in _key(n) and not _key(n).startswith(key)]
    return [(n[:100], s) for n, s in (starts + contains)[:limit]]
