"""Cards in words: adventurers, contracts, upgrades, and the board's objectives."""

from __future__ import annotations

from engine.games.guild_master.abilities import builder_change, min_bid
from engine.games.guild_master.cards import RANKS, SKILLS, Adventurer, Contract
from engine.games.guild_master.content import Pack
from engine.games.guild_master.state import GameState
from engine.games.guild_master.upgrades import builder_cost

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


def objectives(state: GameState, pack: Pack) -> list[str]:
    """The board's objectives as players plan against them, one line each."""
    change = builder_change(state, pack)
    lines = [f"Hire Builders: next Builder costs {builder_cost(pack, state.board, change)} Gold"]
    for spot in state.board.adventurers:
        if not spot.used:
            continue
        if spot.deck and spot.face_up:
            adv = pack.adventurers[spot.deck[0]]
            bid = min_bid(state, pack, adv.slug)
            lines.append(f"{spot.letter}: {adventurer(adv, ability=False)}, min bid {bid} Gold")
        else:
            lines.append(f"{spot.letter}: {'face down' if spot.deck else 'empty'}")
    for c in state.board.contracts:
        if not c.used:
            continue
        if c.card and c.face_up:
            lines.append(f"{c.number}: {contract(pack.contracts[c.card])}")
        else:
            state_of = f"face down ({c.level})" if c.card else "empty"
            lines.append(f"{c.number}: {state_of}")
    return lines
