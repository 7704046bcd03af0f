"""A forge before the roll: the dice, the fixed lines of the result, and the exact chance of
success (with the reroll a Crew or a Rune gives of the die furthest below its highest face), and
the best Components and Rune to commit to a Contract. Made from the seat's own view and the card
pack only, with the rules' own arithmetic (`rules/forging.py`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from games.winterforge.rules.content import ANY, load_pack
from games.winterforge.rules.context import contract_card
from games.winterforge.rules.forging import dice_of, distribution, fits, parts
from games.winterforge.rules.state import Guild
from games.winterforge.rules.views import GuildView, SeatView


@dataclass(frozen=True)
class Breakdown:
    """One forge as it would be rolled: what is committed, the dice, the fixed lines, the Forge
    Number, and the chance of reaching it."""

    contract: str
    components: tuple[str, ...]
    rune: str
    dice: tuple[int, ...]
    parts: tuple[tuple[str, int], ...]
    target: int
    chance: float
    reroll: bool
    legal: bool  # the components fill the Contract exactly

    @property
    def needed(self) -> int:
        """What the dice must add up to."""
        return self.target - sum(v for _, v in self.parts)


def public_guild(g: GuildView) -> Guild:
    """The rules' guild for the forge arithmetic, from what everybody sees of it (its skills and
    Crew: the forge's fixed lines need nothing else)."""
    return Guild(board=g.board, coin=g.coin, skills=g.skills, at=g.at, crew=g.crew)


def success_chance(dice: Sequence[int], needed: int, reroll: bool) -> float:
    """The exact chance that `dice` reach `needed`; with `reroll`, a roll that falls short
    rerolls the die furthest below its top (the first such die on a tie), as the rules do."""
    if not dice:
        return 1.0 if needed <= 0 else 0.0
    if not reroll:
        dist = distribution(tuple(sorted(dice)))
        return 1.0 if needed <= 0 else sum(dist[needed:]) if needed < len(dist) else 0.0
    # States: (sum, shortfall of the die to reroll, its sides) -> probability.
    states: dict[tuple[int, int, int], float] = {(0, -1, 0): 1.0}
    for sides in dice:
        nxt: dict[tuple[int, int, int], float] = defaultdict(float)
        share = 1.0 / sides
        for (total, short, die), p in states.items():
            for face in range(1, sides + 1):
                gap = sides - face
                key = (total + face, gap, sides) if gap > short else (total + face, short, die)
                nxt[key] += p * share
        states = nxt
    won = 0.0
    for (total, short, die), p in states.items():
        if total >= needed:
            won += p
            continue
        kept = total - (die - short)
        least = needed - kept  # the rerolled die must show at least this
        if least <= die:
            won += p * (die - max(1, least) + 1) / die
    return won


def breakdown(
    view: SeatView, contract: str, components: Sequence[str], rune: str, prime: bool
) -> Breakdown:
    """The forge of `contract` with `components` and `rune` (a face-up Contract keeps its own),
    the Prime Position's Work token when `prime`."""
    g = view.public.guilds[view.seat]
    card = contract_card(contract)
    work = next((w for w in g.started if w.contract == contract), None)
    tokens = 0
    if work is not None:
        components, rune, tokens = work.components, work.rune, work.tokens
    pack = load_pack()
    rune_card = pack.runes[rune] if rune else None
    wilds = 1 if rune_card is not None and rune_card.kind == "wild" else 0
    legal = fits(card.slots, [pack.components[c].material for c in components], wilds)
    fixed = parts(
        public_guild(g),
        card,
        tuple(components),
        rune,
        tokens + (1 if prime else 0),
        view.means.forge_bonus,
    )
    dice = dice_of(components, rune)
    reroll = view.means.reroll or (rune_card is not None and rune_card.kind == "reroll")
    needed = card.forge - sum(v for _, v in fixed)
    chance = success_chance(dice, needed, reroll) if legal else 0.0
    return Breakdown(
        contract, tuple(components), rune, dice, fixed, card.forge, chance, reroll, legal
    )


def candidates(view: SeatView, slots: Sequence[str], wild: bool) -> list[str]:
    """The stockpile's Components worth trying for `slots`: for each material, only as many of
    its strongest kinds (by the mean of their dice) as slots it could fill, so a large
    stockpile does not make the search explode."""
    pack = load_pack()
    anys = sum(1 for s in slots if s == ANY) + (1 if wild else 0)
    stockpile = view.public.guilds[view.seat].stockpile
    by_material: dict[str, list[str]] = defaultdict(list)
    for c in sorted(stockpile, key=lambda c: -sum((d + 1) / 2 for d in pack.components[c].dice)):
        card = pack.components[c]
        room = sum(1 for s in slots if s == card.material) + anys
        if len(by_material[card.material]) < room:
            by_material[card.material].append(c)
    keep = {c for chosen in by_material.values() for c in chosen}
    return [c for c in stockpile if c in keep]


@lru_cache(maxsize=512)
def best(view: SeatView, contract: str, prime: bool) -> Breakdown | None:
    """The commit with the best chance for `contract` among the strongest Components of each
    material in the seat's stockpile, with the Rune that helps most (none when none helps), or
    None when the stockpile cannot fill it."""
    g = view.public.guilds[view.seat]
    if any(w.contract == contract for w in g.started):
        return breakdown(view, contract, (), "", prime)
    card = contract_card(contract)
    pack = load_pack()
    found: Breakdown | None = None
    for rune in ("", *dict.fromkeys(g.runes)):
        wild = bool(rune) and pack.runes[rune].kind == "wild"
        size = len(card.slots) - (1 if wild else 0)
        tried: set[tuple[str, ...]] = set()
        for combo in combinations(candidates(view, card.slots, wild), size):
            kinds = tuple(sorted(pack.components[c].slug for c in combo))
            if kinds in tried:
                continue  # copies of one card forge alike
            tried.add(kinds)
            materials = [pack.components[c].material for c in combo]
            if not fits(card.slots, materials, 1 if wild else 0):
                continue
            b = breakdown(view, contract, combo, rune, prime)
            if found is None or b.chance > found.chance + 1e-9:
                found = b
    return found


def percent(chance: float) -> str:
    """ "62.5%" (one decimal; "100%" and "0%" only when exact)."""
    if chance >= 1.0 - 1e-12:
        return "100%"
    if chance <= 1e-12:
        return "0%"
    return f"{min(99.9, max(0.1, round(chance * 100, 1)))}%"
