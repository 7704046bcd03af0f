"""Victory Calculation, the points: what a town is worth in each of the 10 categories.

"Each location put in play provides two resource points in one category or one resource point in
two categories." and "Many cards give a bonus resource point if you own another specific card":
a built card's bonus counts while its owner has also built the card it names, whichever was built
first. Cards in hand are owned by nobody and count for nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from games.town.rules.cards import CATEGORIES, Pack


def town_scores(pack: Pack, town: Collection[str]) -> tuple[int, ...]:
    """Points per category (in `CATEGORIES` order) of the cards in `town`, bonuses included."""
    scores = [0] * len(CATEGORIES)
    points, bonus = pack.points, pack.bonus
    for slug in town:
        for index, n in points[slug]:
            scores[index] += n
        link = bonus.get(slug)
        if link is not None and link[0] in town:
            scores[link[1]] += 1
    return tuple(scores)


def with_built(
    pack: Pack, town: tuple[str, ...], scores: tuple[int, ...], built: Iterable[str]
) -> tuple[int, ...]:
    """`scores` of `town` after building `built` as well: their points, their bonuses, and the
    bonuses of cards already built whose partner arrives now."""
    new = tuple(built)
    if not new:
        return scores
    out = list(scores)
    owned = set(town)
    owned.update(new)
    points, bonus = pack.points, pack.bonus
    arriving = set(new)
    for slug in new:
        for index, n in points[slug]:
            out[index] += n
        link = bonus.get(slug)
        if link is not None and link[0] in owned:
            out[link[1]] += 1
    for slug in town:
        link = bonus.get(slug)
        if link is not None and link[0] in arriving:
            out[link[1]] += 1
    return tuple(out)


def bonus_active(pack: Pack, slug: str, town: Collection[str]) -> bool:
    """Does the built card `slug` earn its bonus in `town`?"""
    link = pack.bonus.get(slug)
    return link is not None and link[0] in town
