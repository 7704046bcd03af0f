"""The words of Guild Ball's messages: names of seats, models, guilds and plans, and the text of
a model, a play, a trait, a game plan or a guild as `/gm card` shows it."""

from __future__ import annotations

from collections.abc import Sequence

from games.guild_ball.content.cards import GamePlan, Model, Play, Trait
from games.guild_ball.content.loader import load_pack
from games.guild_ball.content.maps import load_maps
from games.guild_ball.pitch.field import GAME_SIZES
from games.guild_ball.rules.views import ModelView, PublicView

TITLE = "Guild Ball"
COLOUR = 0x2E8B57
KINDS = {
    "prepare": "your team and game plans",
    "kick_or_receive": "kick or receive",
    "deploy": "your deployment",
    "kick_off": "the kick off",
    "give_ball": "who takes the ball",
    "game_plan": "this turn's game plan",
    "initiative": "the initiative",
    "influence": "your influence",
    "activation": "a model to activate",
    "action": "your model's actions",
    "reaction": "a reaction to an attack",
    "bonus_time": "Bonus Time after the target's response",
    "parting_blow": "a parting blow",
    "playbook": "a playbook result",
    "dodge": "a dodge",
    "reroll": "a kick's scatter",
    "intercept": "an interception",
    "follow_up": "what follows a pass",
    "goal_kick": "the goal kick",
}


def seat_names(names: Sequence[str]) -> tuple[str, ...]:
    """Each seat's player's name ("Player N" for an empty one)."""
    return tuple(n or f"Player {i + 1}" for i, n in enumerate(names))


def guild_name(slug: str) -> str:
    g = load_pack().guilds.get(slug)
    return g.name if g is not None else slug


def plan_name(slug: str) -> str:
    p = load_pack().plans.get(slug)
    return p.name if p is not None else "a game plan"


def plan_line(slug: str) -> str:
    p = load_pack().plans[slug]
    return f"**{p.name}** (initiative {p.initiative}, influence {p.influence}): {p.text}"


def model_name(pv: PublicView, model_id: str) -> str:
    for m in pv.models:
        if m.id == model_id:
            return m.name
    return "a model"


def where(m: ModelView) -> str:
    return f"({m.x:.1f}, {m.y:.1f})"


def model_line(m: ModelView) -> str:
    """A model's state in one line."""
    marks = []
    if m.has_ball:
        marks.append("⚽ ball")
    if m.taken_out:
        marks.append("taken out")
    elif not m.on_pitch:
        marks.append("off the pitch")
    if m.conditions:
        marks.append(", ".join(c.replace("_", " ") for c in m.conditions))
    if m.activated:
        marks.append("activated")
    place = where(m) if m.on_pitch else ""
    extra = f" — {'; '.join(marks)}" if marks else ""
    return f"{m.name} {place} HP {m.hp}/{m.max_hp}, INF {m.influence}{extra}"


COUNTS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def count_word(n: int) -> str:
    """A small count in words ("four"), else its digits."""
    return COUNTS.get(n, str(n))


def team_words(size: str) -> str:
    """A team of the game size `size` in words: "a Captain and two Squaddies", or in the Quick
    and Typical games "a Captain, four Squaddies and the Mascot"."""
    row = GAME_SIZES[size]
    if row.mascots:
        return f"a Captain, {count_word(row.squaddies)} Squaddies and the Mascot"
    return f"a Captain and {count_word(row.squaddies)} Squaddies"


def game_words(size: str, win_vp: int, terrain: str = "") -> str:
    """The game in a line: its size, its pitch, its teams, the VP that win it, its terrain."""
    row = GAME_SIZES[size]
    feet = round(row.pitch_inches / 12)
    where = f" on {terrain}" if terrain else ""
    return (
        f"The {row.name}: {team_words(size)} a side on a {feet}'×{feet}' pitch{where}, "
        f"{win_vp} VP wins."
    )


def turns_words(turns: int) -> str:
    """The turn limit the host chose (the `turns` option) in a line."""
    if not turns:
        return (
            "No turn limit: the game goes on until a team reaches the winning VP (the book's game)."
        )
    return f"The game ends after turn {turns} whatever the score (a draw on equal VP)."


def map_name(slug: str) -> str:
    """A terrain map's name ("" for none)."""
    return next((m.name for m in load_maps() if m.slug == slug), slug)


def game_line(pv: PublicView) -> str:
    """The game being played, from its public view."""
    return game_words(pv.size, pv.win_vp, map_name(pv.map) if pv.map else "")


def terrain_line(pv: PublicView) -> str:
    """The terrain map's pieces in words ("" without a map), and who glides this turn."""
    if not pv.map:
        return ""
    pieces = join([f"{t.name or t.kind} ({t.kind})" for t in pv.terrain])
    line = f"Terrain, {map_name(pv.map)}: {pieces}."
    if pv.gliding:
        line += " Gliding this turn: " + join([model_name(pv, m) for m in pv.gliding]) + "."
    return line


def join(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# --- /gm card ----------------------------------------------------------------------------------


def _model_text(m: Model) -> str:
    s = m.stats
    lines = [
        f"**{m.name}** — {guild_name(m.guild)} {m.role} ({m.position})",
        f'MOV {s.jog}"/{s.sprint}" · TAC {s.tac} · KICK {s.kick_dice}/{s.kick_distance}" · '
        f"DEF {s.defence}+ · ARM {s.armour} · INF {s.inf_base}/{s.inf_max} · HP {s.hp} · "
        f'base {s.base} mm · melee {s.melee_zone}"',
        "Playbook: "
        + " | ".join(
            " / ".join(("★" if r.momentous else "") + r.text for r in col) for col in m.playbook
        ),
    ]
    lines += [f"• Trait **{t.name}**: {t.text}" for t in m.traits]
    lines += [f"• Play {_play_head(p)}: {p.text}" for p in m.plays]
    if m.text:
        lines.append(m.text)
    return "\n".join(lines)


def _play_head(p: Play) -> str:
    cost = "—" if p.cost is None else str(p.cost)
    reach = f'{p.reach}"' if isinstance(p.reach, int) else str(p.reach)
    return f"**{p.name}** (cost {cost}, range {reach})"


def _plan_text(p: GamePlan) -> str:
    return f"**{p.name}** — game plan, initiative {p.initiative}, influence {p.influence}\n{p.text}"


def _trait_text(t: Trait) -> str:
    return f"**{t.name}** — trait ({t.kind})\n{t.text}"


def _entries() -> list[tuple[str, str, str]]:
    """(slug, shown name, text) of every model, play, trait, plan and guild."""
    pack = load_pack()
    out = [(m.slug, m.name, _model_text(m)) for m in pack.models.values()]
    out += [
        (p.slug, p.name, f"{_play_head(p)} — character play\n{p.text}") for p in pack.plays.values()
    ]
    out += [(t.slug, t.name, _trait_text(t)) for t in pack.traits.values()]
    out += [(p.slug, p.name, _plan_text(p)) for p in pack.plans.values()]
    for g in pack.guilds.values():
        members = ", ".join(f"{m.name} ({m.role})" for m in pack.members(g.slug))
        out.append((g.slug, g.name, f"**{g.name}** — {g.style}\n{g.text}\nModels: {members}"))
    return out


def find_card(name: str) -> str | None:
    key = name.strip().lower()
    for slug, shown, text in _entries():
        if key in (slug, shown.lower()):
            return text
    return None


def card_suggestions(typed: str) -> list[tuple[str, str]]:
    key = typed.strip().lower()
    entries = [(shown, slug) for slug, shown, _ in _entries()]
    first = [e for e in entries if e[0].lower().startswith(key)]
    rest = [e for e in entries if key in e[0].lower() and e not in first]
    return [(s[:100], v[:100]) for s, v in (first + rest)[:25]]
