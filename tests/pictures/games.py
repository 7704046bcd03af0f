"""Simulated games for the picture tests: the state at every phase change, and what is secret in a
state (the names no public picture may contain)."""

from __future__ import annotations

import re
from functools import cache

from games.guild_master import GAME
from games.guild_master.players.simulate import play
from games.guild_master.rules.content import Pack
from games.guild_master.rules.state import GameState, SetupStep


@cache
def phase_states(players: int, seed: int, short: bool = False) -> tuple[GameState, ...]:
    """The state after each event that changes the round, the phase or the kind of step (so every
    phase of every round, setup and the end), folded from a simulated game's events."""
    _, final, log = play(players, seed, short=short, keep_events=True)
    out: list[GameState] = []
    state: GameState | None = None
    last = None
    for event in log:
        state = GAME.evolve(state, event)
        key = (state.round, state.phase, type(state.step).__name__)
        if key != last:
            out.append(state)
            last = key
    assert state == final
    if out[-1] is not state:
        out.append(state)
    return tuple(out)


def secret_names(state: GameState, pack: Pack) -> set[str]:
    """Names of cards nobody but their owner (or nobody at all) may see now: private contracts,
    the dealt commons during setup, face-down cards on the board and every deck's cards."""
    contracts: set[str] = set()
    adventurers: set[str] = set()
    b = state.board
    for g in state.guilds:
        contracts.update(g.private_contracts)
    if isinstance(state.step, SetupStep):
        for dealt in state.step.dealt:
            contracts.update(dealt)
    for spot in b.contracts:
        if spot.card and not spot.face_up:
            contracts.add(spot.card)
    for level in ("common", "heroic", "legendary"):
        contracts.update(b.deck(level))
    for a in b.adventurers:
        if a.deck:
            adventurers.update(a.deck[1:])
            if not a.face_up:
                adventurers.add(a.deck[0])
    return {pack.contracts[c].name for c in contracts} | {
        pack.adventurers[a].name for a in adventurers
    }


def leaked(texts: list[str], secrets: set[str]) -> list[str]:
    """The secret names that appear, as whole words, in the drawn texts. The texts are joined in
    the order they were drawn, so a name wrapped over two lines is found too."""
    joined = " ".join(" ".join(t.split()) for t in texts)
    return sorted(
        s for s in secrets if re.search(rf"(?<!\w){re.escape(s)}(?!\w)", joined) is not None
    )
