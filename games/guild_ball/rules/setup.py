"""Setting up a game: the game size agreed, the shared deck of game plans shuffled and seven
dealt to each player, face down ("Deal seven game plans to each player, face down").

"Players agree to a game size (based on the win condition and expected duration) before picking
a guild": the host chooses it when creating the game, as the `size` option (0 the Introductory
game, the default; 1 the Quick game; 2 the Typical game; the names work too).

"1. Define and agree on terrain": the host chooses a terrain map with the `terrain` option (0 no
terrain, the default; 1 to 4 the maps of content/maps.toml, in its order; a map's slug works
too). "For the first few games we recommend that you don't use any terrain pieces": the
Introductory game has none.

How long a reaction out of turn waits (a Counter-Attack, a parting blow, an interception) is the
host's `reaction` option, in minutes (docs/rules-notes.md, "Waits and defaults"): recorded as
`ReactionWindow` only when it is not the default, so a game created without it keeps the events
it always had.

"the first player to reach 12 victory points (VP) immediately wins the game": the book has no
turn limit; ours (`state.TURN_LIMITS`, 10, 12 or 16 turns by game size) is a safety net the
host may change with the `turns` option: 0 for none (the book's game, ended only by VP), or 1 to
`TURNS_MAX` turns. Recorded as `TurnLimit` only when it is not the size's default, as
`ReactionWindow` is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import RuleError
from engine.core.rng import Dice, seeded
from games.guild_ball.content.maps import TerrainMap, load_maps
from games.guild_ball.rules.context import pack
from games.guild_ball.rules.events import (
    Event,
    GameCreated,
    GameSized,
    ReactionWindow,
    TerrainPlaced,
    TurnLimit,
)
from games.guild_ball.rules.pending import REACTION_WINDOW, REACTION_WINDOW_MAX
from games.guild_ball.rules.state import (
    INTRODUCTORY,
    PLAN_HAND,
    SIZES,
    TURN_LIMITS,
    TURNS_MAX,
    Piece,
)

PLAYERS = 2  # "Guild Ball is played between two teams"


def game_size_option(options: Mapping[str, Any]) -> str:
    """The game size the options ask for: `size` as 0, 1 or 2 or as a name; introductory if
    absent."""
    value = options.get("size", 0)
    if isinstance(value, str) and value in SIZES:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(SIZES):
        return SIZES[value]
    raise RuleError(
        "size", "The game size is 0 (Introductory), 1 (Quick, 8 VP) or 2 (Typical, 12 VP)."
    )


def map_option(options: Mapping[str, Any]) -> TerrainMap | None:
    """The terrain map the options ask for: `terrain` as 0 (none), 1.. (a map) or a slug."""
    maps = load_maps()
    value = options.get("terrain", 0)
    if isinstance(value, str):
        found = [m for m in maps if m.slug == value]
        if found:
            return found[0]
    elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= len(maps):
        return maps[value - 1] if value else None
    names = ", ".join(f"{i} {m.name}" for i, m in enumerate(maps, 1))
    raise RuleError("terrain", f"The terrain is 0 (none) or a map: {names}.")


def pieces(m: TerrainMap) -> tuple[Piece, ...]:
    """The map's pieces as the state keeps them."""
    return tuple(
        Piece(t.kind.value, t.name, x=t.centre.x, y=t.centre.y, radius=t.radius)
        if t.is_circle
        else Piece(t.kind.value, t.name, points=tuple((p.x, p.y) for p in t.points))
        for t in m.pieces
    )


def reaction_option(options: Mapping[str, Any]) -> int:
    """The minutes a reaction waits, as the `reaction` option asks (the default if not given)."""
    value = options.get("reaction", REACTION_WINDOW)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError("reaction", "The reaction window is a whole number of minutes.")
    if not 1 <= value <= REACTION_WINDOW_MAX:
        raise RuleError(
            "reaction", f"A reaction waits 1 to {REACTION_WINDOW_MAX} minutes; {value} is not."
        )
    return value


def turns_option(options: Mapping[str, Any], size: str) -> int:
    """The turn limit the `turns` option asks for: 0 none, 1 to TURNS_MAX turns; absent (or -1,
    the bot's "not chosen") the game size's default."""
    default = TURN_LIMITS[size]
    value = options.get("turns", -1)
    if isinstance(value, int) and not isinstance(value, bool):
        if value == -1:
            return default
        if 0 <= value <= TURNS_MAX:
            return value
    raise RuleError(
        "turns",
        f"The turn limit is 0 for none (the book's game: the first to the winning VP wins) or a "
        f"whole number of turns from 1 to {TURNS_MAX}; {value!r} is neither. Leave it out for "
        f"the game size's own limit ({default} turns).",
    )


def create(players: int, seed: int, options: Mapping[str, Any]) -> list[Event]:
    """The events that set up a new game: the plans dealt (the shuffle recorded), then the game
    size unless it is the Introductory game (whose events stay those of part 1), the terrain,
    and the reaction window and the turn limit when the host chose other than their defaults."""
    if players != PLAYERS:
        raise RuleError("players", "Guild Ball is played by two players.")
    size = game_size_option(options)
    terrain = map_option(options)
    if terrain is not None and size == INTRODUCTORY:
        raise RuleError(
            "terrain",
            "The Introductory game is played without terrain; choose the Quick or Typical game "
            "for a map.",
        )
    dice = Dice(seeded(seed))
    deck = dice.shuffled(sorted(pack().plans))
    hands = tuple(deck[i * PLAN_HAND : (i + 1) * PLAN_HAND] for i in range(PLAYERS))
    events: list[Event] = [GameCreated(hands=hands, deck=deck[PLAYERS * PLAN_HAND :], rng=dice.rng)]
    if size != INTRODUCTORY:
        events.append(GameSized(size=size))
    if terrain is not None:
        events.append(TerrainPlaced(map=terrain.slug, pieces=pieces(terrain)))
    window = reaction_option(options)
    if window != REACTION_WINDOW:
        events.append(ReactionWindow(minutes=window))
    turns = turns_option(options, size)
    if turns != TURN_LIMITS[size]:
        events.append(TurnLimit(turns=turns))
    return events
