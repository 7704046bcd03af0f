"""The built-in player's playbook selections: each result is worth what it does to this target
now, with the results already selected from the same attack counted in (damage is combined, so
a take-out is worth most once the damage so far and this result reach the target's HP), and a
play icon is worth the attacker's play it triggers, which the selection names."""

from __future__ import annotations

from games.guild_ball.content.cards import Play
from games.guild_ball.rules import commands as cm
from games.guild_ball.rules.attacks import options, valid_effects
from games.guild_ball.rules.context import card, pack
from games.guild_ball.rules.state import BLEED, KD, GuildBallState, Unit

TAKE_OUT = 12.0  # 2 VP and 1 MP, and a model off the pitch until it returns
TACKLE = 6.0  # the ball: the way to a goal (4 VP)
KD_VALUE = 2.0  # the target loses its advance and -1 DEF; worth more on a carrier
KD_CARRIER = 5.0  # a carrier knocked down loses the ball
MOMENTOUS = 0.3  # an MP; measured: valued higher, it cost damage and goals
PUSH = 0.25
DODGE = 0.3
LOST_INFLUENCE = 0.8  # an enemy's influence, before it activates


def play_value(state: GuildBallState, attacker: Unit, target: Unit, play: Play, dmg: int) -> float:
    """What a triggered (free, automatically successful) play does to `target` after `dmg`
    DMG from the same attack; self plays are worth little after the attack."""
    if play.target == "self" or play.reach == "self":
        return DODGE if any(e.do == "dodge" for e in play.effects) else 0.2
    if play.target == "friendly":
        return 0.0
    value = 0.0
    extra = 0
    for effect in play.effects:
        do = effect.do
        if do == "damage":
            extra += int(effect.arg("amount"))
        elif do == "condition":
            condition = str(effect.arg("condition"))
            if condition in target.conditions:
                continue
            if condition == KD:
                value += KD_CARRIER if state.ball_holder == target.id else KD_VALUE
            elif condition == BLEED:
                extra_end = 3  # "Bleed: 3 DMG" in the End Phase
                left = target.hp - dmg - extra
                value += TAKE_OUT * 0.8 if 0 < left <= extra_end else 1.5
            else:
                value += 1.0
        elif do == "lose_influence":
            value += LOST_INFLUENCE * min(int(effect.arg("amount")), target.influence)
        elif do == "scatter_ball":
            value += KD_CARRIER if state.ball_holder == target.id else 0.0
        elif do == "push":
            value += PUSH * int(effect.arg("distance"))
    if extra:
        value += damage_value(target, dmg, extra)
    return value


def damage_value(target: Unit, before: int, extra: int) -> float:
    """`extra` DMG after `before`: each point 1, the whole take-out if it reaches the HP."""
    if before < target.hp <= before + extra:
        return TAKE_OUT
    return float(min(extra, max(target.hp - before, 0)))


def _icon_play(state: GuildBallState, attacker: Unit, target: Unit, kind: str, dmg: int):
    icon = kind.removeprefix("play-")
    best, value = None, 0.0
    for play in card(attacker).plays:
        if play.kind == "character" and icon in play.icons:
            v = play_value(state, attacker, target, play, dmg)
            if v > value:
                best, value = play, v
    return best, value


def choose_result(state: GuildBallState) -> cm.ChooseResult:
    """The selection worth most now for the attack waiting on its playbook."""
    a = state.attack
    attacker, target = state.unit(a.attacker), state.unit(a.target)
    playbook = card(attacker).playbook
    dmg = sum(s for c, r in a.picks for k, s in playbook[c - 1][r].effects if k == "dmg")
    picked_kinds = {k for c, r in a.picks for k, _ in playbook[c - 1][r].effects}
    for entry in a.plays:  # the plays already triggered add their damage after the results'
        slug = entry.partition(">")[0]
        dmg += sum(int(e.arg("amount")) for e in pack().plays[slug].effects if e.do == "damage")
    best, best_value = None, -1.0
    for c, r in options(state):
        result = playbook[c - 1][r]
        value = MOMENTOUS * result.momentous * (a.kind not in ("parting", "counter"))
        here = sum(s for k, s in result.effects if k == "dmg")
        play_slug = ""
        for kind, size in valid_effects(state, a, result.effects):
            if kind == "dmg":
                continue
            if kind == "tackle":
                value += TACKLE if "tackle" not in picked_kinds else 0.0
            elif kind == "KD":
                value += KD_CARRIER if state.ball_holder == target.id else KD_VALUE
            elif kind == "push":
                value += PUSH * size
            elif kind == "dodge":
                value += DODGE * size
            elif kind.startswith("play-"):
                play, v = _icon_play(state, attacker, target, kind, dmg + here)
                if play is not None:
                    value += v
                    play_slug = play.slug
        if here:
            value += damage_value(target, dmg, here)
        if value > best_value:
            best, best_value = (c, r, play_slug), value
    c, r, play_slug = best if best is not None else (1, 0, "")
    return cm.ChooseResult(
        seat=attacker.seat, column=c, row=r, play=play_slug, target=target.id if play_slug else ""
    )
