"""How Guildmasters' things read in messages: cards, recruits, quests, guilds, and the card
look-up of `/gm card`. Everything here is made from the content pack and from views."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from bot.presentation import Table
from bot.render.ui import clip
from games.guildmasters.rules.content import FORCES, Pack, load_pack
from games.guildmasters.rules.views import QuestCard

TITLE = "Guildmasters"
KINDS = {
    "draft": "draft pick",
    "turn": "turn",
    "reaction": "answer to a reaction",
    "choose": "choice of the cards your ability shows",
    "behead": "answer: Behead?",
    "protect": "answer: Protect?",
    "ambush": "answer: Ambush?",
    "heal": "answer: Heal?",
}
FORCE_NAMES = {"militar": "Militar", "arcane": "Arcane", "shadowy": "Shadowy"}
REACTIONS = {
    "behead": "Behead (an Assassin)",
    "protect": "Protect (a Warrior)",
    "ambush": "Ambush (a Hunter)",
    "heal": "Heal (a Cleric)",
}


def pack() -> Pack:
    return load_pack()


def cls(card: str) -> str:
    """The class name of an adventurer card or recruit tile ("Warrior")."""
    return pack().classes[pack().class_of[card]].name


def card(card_id: str) -> str:
    """An adventurer card as messages name it: its class ("Warrior")."""
    return cls(card_id)


def cards(ids: Iterable[str]) -> str:
    """Cards counted by class: "2 Warriors, Scout"; "nothing" for none."""
    counts = Counter(cls(c) for c in ids)
    if not counts:
        return "nothing"
    return ", ".join(f"{n} {name}s" if n > 1 else name for name, n in sorted(counts.items()))


def quest_name(slug: str) -> str:
    return pack().quests[slug].name


def needs(q: QuestCard) -> str:
    """A quest's requisites: "Monk, Hunter"."""
    return ", ".join(pack().classes[r].name for r in q.requires)


def quest_line(q: QuestCard) -> str:
    """A quest on one line: name, level, requisites, prestige and rewards."""
    return f"**{q.name}** (L{q.level}, #{q.number}): {needs(q)} → {q.points} prestige{rewards(q)}"


def rewards(q: QuestCard) -> str:
    extra = []
    if q.recruit:
        extra.append(f"a {pack().classes[q.recruit].name} recruit")
    if q.cycle:
        extra.append(f"a {FORCE_NAMES[q.cycle]} cycle token")
    return f" + {' + '.join(extra)}" if extra else ""


def join(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def names_of(table: Table) -> tuple[str, ...]:
    """Each seat's display name, shortened, numbered when two players share one."""
    raw = [
        clip(n.strip(), 32) if n and n.strip() else f"Guild {i + 1}"
        for i, n in enumerate(table.names)
    ]
    counts = Counter(raw)
    return tuple(f"{n} ({i + 1})" if counts[n] > 1 else n for i, n in enumerate(raw))


def class_text(slug: str) -> str:
    """`/gm card` for a class: force, count, ability, when it is used and what it stands in for."""
    p = pack()
    c = p.classes[slug]
    stands = ", ".join(p.classes[r].name for r in c.replaces)
    lines = [
        f"**Adventurer**: {c.name} — {FORCE_NAMES.get(c.force, 'Special')} force, "
        f"{c.count} in the deck",
        f"**{c.ability}** ({c.timing.replace('_', ' ')}): {c.text}",
    ]
    if stands:
        lines.append(f"Stands in on quests for: {stands}.")
    return "\n".join(lines)


def quest_text(slug: str) -> str:
    p = pack()
    q = p.quests[slug]
    needs = ", ".join(p.classes[r].name for r in q.requires)
    reward = [f"{q.points} prestige"]
    if q.recruit:
        reward.append(f"a {p.classes[q.recruit].name} recruit")
    if q.cycle:
        reward.append(f"a {FORCE_NAMES[q.cycle]} cycle token")
    return (
        f"**Quest**: {q.name} — level {q.level}, #{q.number}, {p.shields[q.shield].name}\n"
        f"Needs: {needs}\nRewards: {', '.join(reward)}\n*{q.text}*"
    )


def _entries() -> list[tuple[str, str]]:
    """(name, slug) of every class and quest, classes first."""
    p = pack()
    return [(c.name, c.slug) for c in p.classes.values()] + [
        (q.name, q.slug) for q in p.quests.values()
    ]


def find(name: str) -> str | None:
    """The text of the class or quest called `name` (slug or shown name, any case)."""
    key = name.strip().lower()
    if not key:
        return None
    p = pack()
    for shown, slug in _entries():
        if key in (shown.lower(), slug):
            return class_text(slug) if slug in p.classes else quest_text(slug)
    return None


def suggestions(typed: str) -> list[tuple[str, str]]:
    """Names starting with what is typed, then those containing it (at most 25)."""
    key = typed.strip().lower()
    entries = _entries()
    first = [e for e in entries if e[0].lower().startswith(key)]
    then = [e for e in entries if key in e[0].lower() and e not in first]
    return (first + then)[:25]


def forces_line(forces: Iterable[tuple[str, int]]) -> str:
    got = dict(forces)
    return " · ".join(f"{FORCE_NAMES[f]} {got.get(f, 0)}" for f in FORCES)
