"""Setup 1–4 and "2 or 3 Player Games".

Every shuffle and the random distribution of starting teams happen in `create` and are recorded in
the `GameCreated` event. The secret choices of Setup 3 (which common contract goes to the board) and
Setup 2.4 (which side of the starting skill upgrade) are made with `ChooseSetup`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.errors import RuleError
from engine.core.rng import Dice, seeded
from games.guild_master.rules.commands import ChooseSetup
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.context import Ctx
from games.guild_master.rules.events import GameCreated, SetupChosen, SetupFinished
from games.guild_master.rules.state import (
    AdventurerSpot,
    Board,
    ContractSpot,
    Guild,
    OwnedSkillUpgrade,
    SetupStep,
)

STARTING_GOLD = 7
DECK_SIZE = 8  # cards dealt to each adventurer space

# Spots not used with fewer players ("2 or 3 Player Games").
UNUSED_ADVENTURER_SPOTS = {2: {"C"}, 3: {"C"}, 4: set()}
UNUSED_CONTRACT_SPOTS = {2: {5, 6}, 3: {6}, 4: set()}


def available_teams(pack_teams: Mapping[str, Any], players: int, dice: Dice) -> tuple[str, ...]:
    """Setup 2.1: 2 players use one row of the grid, 3 players one column, 4 players two rows;
    which one is chosen at random."""
    grid = {(t.row, t.column): slug for slug, t in pack_teams.items()}
    if players == 3:
        column = dice.below(2)
        return tuple(grid[r, column] for r in range(3))
    rows = [0, 1, 2]
    if players == 2:
        row = rows[dice.below(3)]
        return (grid[row, 0], grid[row, 1])
    rows.pop(dice.below(3))
    return tuple(grid[r, c] for r in rows for c in (0, 1))


def create(players: int, seed: int, options: Mapping[str, Any]) -> list[GameCreated]:
    """The setup decided for a new game: the table, the decks, the teams, the dealt commons."""
    if not 2 <= players <= 4:
        raise RuleError("players", "Guild Master is played by 2 to 4 guilds.", players=players)
    unknown = set(options) - {"pack", "short", "teams"}
    if unknown:
        raise RuleError("option", f"Unknown game option(s): {', '.join(sorted(unknown))}.")
    pack_name = str(options.get("pack", "basic"))
    try:
        pack = load_pack(pack_name)
    except KeyError:
        raise RuleError("pack", f"There is no content pack called {pack_name!r}.") from None
    short = bool(options.get("short", False))
    dice = Dice(seeded(seed))

    adepts = dice.shuffled(pack.by_rank(1))
    heroes = dice.shuffled(pack.by_rank(2))
    legends = dice.shuffled(pack.by_rank(3))
    per_adept = min(DECK_SIZE, len(adepts) // 3)
    per_hero = min(DECK_SIZE, len(heroes) // 2)
    unused = UNUSED_ADVENTURER_SPOTS[players]
    decks = {
        "A": adepts[0:per_adept],
        "B": adepts[per_adept : 2 * per_adept],
        "C": adepts[2 * per_adept : 3 * per_adept],
        "D": heroes[0:per_hero],
        "E": heroes[per_hero : 2 * per_hero],
        "F": legends[:DECK_SIZE],
    }
    spots = tuple(
        AdventurerSpot(letter=k, deck=() if k in unused else v, used=k not in unused)
        for k, v in decks.items()
    )
    common = dice.shuffled(pack.by_level("common"))
    heroic = dice.shuffled(pack.by_level("heroic"))
    legendary = dice.shuffled(pack.by_level("legendary"))

    chosen_teams = options.get("teams")
    if chosen_teams:
        teams = tuple(chosen_teams)
        if len(teams) != players or any(t not in pack.teams for t in teams):
            raise RuleError(
                "teams", f"Give {players} starting teams from: {', '.join(pack.teams)}."
            )
    else:
        teams = dice.shuffled(available_teams(pack.teams, players, dice))
    available = teams

    dealt = []
    for _ in range(players):
        dealt.append(common[:3])
        common = common[3:]
    first, second = pack.starting_contracts()
    unused_contracts = UNUSED_CONTRACT_SPOTS[players]
    contract_spots = tuple(
        ContractSpot(
            number=n,
            card={1: first, 2: second}.get(n),
            face_up=n <= 2,
            used=n not in unused_contracts,
            level="common" if n <= 2 else "",
        )
        for n in range(1, 7)
    )
    start = 1 if players == 2 else 0
    board = Board(
        adventurers=spots,
        contracts=contract_spots,
        builder_start=start,
        builder_marker=start,
        common=common,
        heroic=heroic,
        legendary=legendary,
        skill_supply={s: u.copies for s, u in pack.skill_upgrades.items() if not u.starting},
        core_supply={s: c.copies for s, c in pack.core_upgrades.items() if c.level > 1},
        prestige_supply=() if short else tuple(pack.prestige),
    )
    guilds = tuple(
        Guild(
            seat=seat,
            identity=pack.guilds[seat].slug,
            team=teams[seat],
            gold=STARTING_GOLD,
            adventurers=pack.novices[teams[seat]],
            skill_upgrades=(OwnedSkillUpgrade(slug=pack.teams[teams[seat]].upgrade, side="fixer"),),
        )
        for seat in range(players)
    )
    return [
        GameCreated(
            pack=pack_name,
            players=players,
            short=short,
            rounds=6 if short else 9,
            board=board,
            guilds=guilds,
            dealt=tuple(dealt),
            available_teams=available,
            rng=dice.rng,
        )
    ]


def choose_setup(ctx: Ctx, cmd: ChooseSetup) -> None:
    step = ctx.state.step
    assert isinstance(step, SetupStep)
    dealt = step.dealt[cmd.seat]
    if cmd.contract not in dealt:
        names = ", ".join(ctx.pack.contracts[c].name for c in dealt)
        raise RuleError("not_dealt", f"Choose one of the contracts you were dealt: {names}.")
    if cmd.side not in ("fixer", "reroll"):
        raise RuleError("side", "Choose the fixer or the reroll side of your starting upgrade.")
    ctx.emit(SetupChosen(seat=cmd.seat, contract=cmd.contract, side=cmd.side))


def finish_setup(ctx: Ctx) -> bool:
    """Setup 3.3–4 once every guild has chosen: place the chosen commons face down on the next
    open spots (in seat order), keep the other two as private contracts, reveal the board."""
    step = ctx.state.step
    assert isinstance(step, SetupStep)
    if any(c is None for c in step.choices):
        return False
    open_spots = [s.number for s in ctx.state.board.contracts if s.used and s.card is None]
    placements = []
    private = []
    for seat, choice in enumerate(step.choices):
        assert choice is not None
        placements.append((open_spots[seat], choice.contract))
        private.append(tuple(c for c in step.dealt[seat] if c != choice.contract))
    ctx.emit(
        SetupFinished(
            placements=tuple(placements),
            sides=tuple(c.side for c in step.choices),  # type: ignore[union-attr]
            private=tuple(private),
        )
    )
    return True


def default_setup(ctx_state: Any, seat: int) -> ChooseSetup:
    """Default: place the hardest dealt contract (highest lowest target) on the board, keep the
    two easier ones private, and use the fixer side."""
    pack = load_pack(ctx_state.pack)
    dealt = ctx_state.step.dealt[seat]
    hardest = max(dealt, key=lambda c: (min(t.value for t in pack.contracts[c].targets), c))
    return ChooseSetup(seat=seat, contract=hardest, side="fixer")
