"""Cards in words: adventurers, contracts, upgrades, and the board's objectives."""

from __future__ import annotations

from bot.presentation import Refused
from games.guild_master.rules.cards import (
    RANKS,
    SKILLS,
    Adventurer,
    Contract,
    CoreUpgrade,
    PrestigeUpgrade,
    SkillUpgrade,
)
from games.guild_master.rules.content import Pack
from games.guild_master.rules.views import PublicView

SKILL_SHORT = {
    "might": "Might",
    "arcane": "Arcane",
    "guile": "Guile",
    "logic": "Logic",
    "charm": "Charm",
    "spirit": "Spirit",
}
MOONS = {"half": "Half Moon", "full": "Full Moon", "blood": "Blood Moon", "any": "Every round"}


def skills(adv: Adventurer) -> str:
    return ", ".join(f"{SKILL_SHORT[s]} {adv.skills[s]}" for s in SKILLS if s in adv.skills)


def adventurer(adv: Adventurer, *, ability: bool = True) -> str:
    """ "Garrick the Sellsword (Adept, 2 Fame): Might 3, Guile 1 — ability"."""
    rank = RANKS[adv.rank].capitalize()
    fame = f", {adv.fame} Fame" if adv.fame else ""
    text = f"{adv.name} {adv.title} ({rank}{fame}): {skills(adv)}"
    if ability and adv.ability is not None:
        text += f" — {adv.ability.text}"
    return text


def targets(c: Contract) -> str:
    return " / ".join(f"{SKILL_SHORT[t.skill]} {t.value}" for t in c.targets)


def contract(c: Contract, *, effects: bool = True) -> str:
    """ "Settle the Border Feud (Common): Might 10 / Guile 10 — 3 Gold, 3 Fame; Bonus: …"."""
    text = f"{c.name} ({c.level.capitalize()}): {targets(c)} — {c.gold} Gold, {c.fame} Fame"
    if effects:
        for e in c.effects:
            text += f"; {e.kind.capitalize()}: {e.text}"
    return text


CORE_EFFECT = {
    "stables": "{value} orders a round",
    "mess_hall": "teams of up to {value} adventurers",
    "bar": "{value} Gold income each round",
}


def _builders(n: int) -> str:
    return f"{n} Builder{'s' if n != 1 else ''}"


def skill_upgrade(u: SkillUpgrade) -> str:
    """ "Map Room (skill upgrade, Logic): 1 Builder, 1 Fame. Double-sided: …"."""
    skill = SKILL_SHORT[u.skill]
    cost = "your starting upgrade" if u.starting else f"{_builders(u.builders)}, {u.fame} Fame"
    return (
        f"{u.name} (skill upgrade, {skill}): {cost}. Double-sided, you choose the side when you "
        f"place it: the dice fixer sets one die of each {skill} check to 5; the re-roll side "
        f"re-rolls up to 2 dice of each {skill} check, or 1 die twice."
    )


def core_upgrade(u: CoreUpgrade) -> str:
    """ "Stables II (core upgrade): 2 Builders, 3 Fame — 3 orders a round (4 in the supply)"."""
    effect = CORE_EFFECT[u.kind].format(value=u.value)
    if u.level == 1:
        return f"{u.name} (core upgrade, printed on every upgrade board): {effect}"
    return (
        f"{u.name} (core upgrade): {_builders(u.builders)}, {u.fame} Fame — {effect} "
        f"({u.copies} in the supply; level {'I' * (u.level - 1)} must be built first)"
    )


def prestige_upgrade(u: PrestigeUpgrade) -> str:
    """ "Hall of Trophies (prestige upgrade): 3 Builders. At the end … Example: …"."""
    return (
        f"{u.name} (prestige upgrade): {_builders(u.builders)}, one per guild. {u.text} "
        f"Example: {u.example}"
    )


def describe(pack: Pack, slug: str) -> str | None:
    """Any card or upgrade of the pack in words, by slug; None if the pack has no such slug."""
    if slug in pack.adventurers:
        return adventurer(pack.adventurers[slug])
    if slug in pack.contracts:
        return contract(pack.contracts[slug])
    if slug in pack.skill_upgrades:
        return skill_upgrade(pack.skill_upgrades[slug])
    if slug in pack.core_upgrades:
        return core_upgrade(pack.core_upgrades[slug])
    if slug in pack.prestige:
        return prestige_upgrade(pack.prestige[slug])
    return None


def card_names(pack: Pack) -> list[tuple[str, str]]:
    """(shown name, slug) of every card and upgrade that can be looked up."""
    found = [(f"{a.name} {a.title}", s) for s, a in pack.adventurers.items()]
    found += [(c.name, s) for s, c in pack.contracts.items()]
    for table in (pack.skill_upgrades, pack.core_upgrades, pack.prestige):
        found += [(u.name, s) for s, u in table.items()]
    return found


def objectives(view: PublicView, pack: Pack) -> list[str]:
    """The board's objectives as players plan against them, one line each."""
    board = view.board
    lines = [f"Hire Builders: next Builder costs {board.builder_cost} Gold"]
    for spot in board.adventurers:
        if not spot.used:
            continue
        if spot.adventurer is not None:
            adv = pack.adventurers[spot.adventurer]
            lines.append(
                f"{spot.letter}: {adventurer(adv, ability=False)}, min bid {spot.min_bid} Gold"
            )
        else:
            lines.append(f"{spot.letter}: {'face down' if spot.cards_left else 'empty'}")
    for c in board.contracts:
        if not c.used:
            continue
        if c.contract is not None:
            lines.append(f"{c.number}: {contract(pack.contracts[c.contract])}")
        else:
            state_of = f"face down ({c.level})" if c.level else "empty"
            lines.append(f"{c.number}: {state_of}")
    return lines


MAX_MATCHES_LISTED = 10  # card names listed when part of a name matches several


def find(pack: Pack, typed: str) -> str | None:
    """The slug of the card called `typed` (its slug, its shown name, an adventurer's name, or
    part of one name); None when no card matches. Part of several names is refused with the
    names, so the player can type more of the one meant."""
    wanted = typed.strip().lower()
    names = card_names(pack)
    slug = next((s for shown, s in names if wanted in (s, shown.lower())), None)
    if slug is None:
        slug = next((s for s, a in pack.adventurers.items() if wanted == a.name.lower()), None)
    if slug is not None or not wanted:
        return slug
    found = sorted({(shown, s) for shown, s in names if wanted in shown.lower()})
    if len(found) == 1:
        return found[0][1]
    if not found:
        return None
    listed = ", ".join(shown for shown, _ in found[:MAX_MATCHES_LISTED])
    more = " and more" if len(found) > MAX_MATCHES_LISTED else ""
    raise Refused(
        f"Several cards match: {listed}{more}. Type more of the name, or pick one from the "
        "suggestions as you type."
    )


def suggestions(pack: Pack, typed: str) -> list[tuple[str, str]]:
    """(shown name, slug) of the cards whose name holds what is typed (at most 25)."""
    typed = typed.lower()
    return sorted(n for n in card_names(pack) if typed in n[0].lower())[:25]
