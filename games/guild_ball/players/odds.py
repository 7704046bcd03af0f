"""The built-in player's arithmetic: the chances of a TN test, the damage a playbook deals for a
number of net hits, and what an attack on a model is expected to do (its damage, its chance to
take the model out, to tackle the ball). Pure functions of the state and the cards; no dice are
rolled and the game's random source is never read."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

from games.guild_ball.content.cards import Model
from games.guild_ball.rules.attacks import CHARGE_TAC, attack_pool, wrap_limits
from games.guild_ball.rules.context import armour, pack
from games.guild_ball.rules.state import Attack, GuildBallState, Unit

# The damage a playbook-only play adds when its icon is selected (Drive It Home's 3 DMG,
# Whip Lash's 1), read from the pack's plays.
ICON_DAMAGE_KINDS = ("damage",)


def clamp(pool: int, tn: int) -> tuple[int, int]:
    """The pool and TN a test rolls: beyond 2+ or 6+ each point is a die more or less ("Modifiers
    may not reduce the target number to less than 2+"), never fewer than one die."""
    if tn < 2:
        pool, tn = pool + 2 - tn, 2
    elif tn > 6:
        pool, tn = pool - (tn - 6), 6
    return max(pool, 1), tn


@cache
def hits_distribution(pool: int, tn: int) -> tuple[float, ...]:
    """P(exactly k hits) for k = 0..pool of a TN test (after `clamp`)."""
    pool, tn = clamp(pool, tn)
    p = (7 - tn) / 6
    return tuple(comb(pool, k) * p**k * (1 - p) ** (pool - k) for k in range(pool + 1))


def chance_of_hits(pool: int, tn: int, at_least: int = 1) -> float:
    """The chance a TN test scores at least `at_least` hits."""
    return sum(hits_distribution(pool, tn)[at_least:])


def icon_damage(model: Model, kind: str) -> int:
    """The damage the model's play triggered by a playbook icon (`play-s`, `play-t`) deals."""
    icon = kind.removeprefix("play-")
    best = 0
    for play in model.plays:
        if icon in play.icons:
            best = max(
                best,
                sum(int(e.arg("amount")) for e in play.effects if e.do in ICON_DAMAGE_KINDS),
            )
    return best


def result_damage(model: Model, effects: tuple[tuple[str, int], ...]) -> int:
    """The DMG one playbook result deals, its icon play's included."""
    total = 0
    for kind, size in effects:
        if kind == "dmg":
            total += size
        elif kind.startswith("play-"):
            total += icon_damage(model, kind)
    return total


@cache
def playbook_damage(slug: str, net: int) -> int:
    """The most DMG the model's playbook deals for `net` net hits, its wrap included (each
    selection its most damaging result within reach)."""
    model = pack().models[slug]
    columns = model.playbook
    total = 0
    for limit in wrap_limits(net, len(columns)):
        total += max(
            (result_damage(model, r.effects) for col in columns[:limit] for r in col), default=0
        )
    return total


@cache
def first_column(slug: str, kind: str) -> int:
    """The leftmost column holding a result of `kind` (0 if the playbook has none)."""
    for i, column in enumerate(pack().models[slug].playbook, start=1):
        if any(k == kind for r in column for k, _ in r.effects):
            return i
    return 0


@dataclass(frozen=True, slots=True)
class Estimate:
    """What an attack (or a charge) is expected to do now."""

    damage: float  # expected DMG
    take_out: float  # the chance the target is taken out
    tackle: float  # the chance a tackle result is within reach (the ball carrier)


def estimate(
    state: GuildBallState, attacker: Unit, target: Unit, kind: str = "attack", bonus: bool = False
) -> Estimate:
    """The attack's expected damage and its chances to take out and to tackle, from the pool
    the rules would roll (charge, ganging up, crowding out, Bonus Time) at the current places."""
    a = Attack(attacker=attacker.id, target=target.id, kind="attack", step="roll", bonus=bonus)
    pool, tn = attack_pool(state, attacker, target, a)
    if kind == "charge":
        pool += CHARGE_TAC
    dist = hits_distribution(pool, tn)
    arm = armour(state, target)
    dmg = out = tackle = 0.0
    reach = first_column(attacker.slug, "tackle") if state.ball_holder == target.id else 0
    for hits, p in enumerate(dist):
        net = hits - arm
        if net <= 0:
            continue
        d = playbook_damage(attacker.slug, net)
        dmg += p * d
        if d >= target.hp:
            out += p
        if reach and net >= reach:
            tackle += p
    return Estimate(dmg, out, tackle)
