"""Picking a team: one test per rule of "Picking a Team" and of the game-size table, quoted."""

import itertools

import pytest

from games.guild_ball.content.loader import load_pack
from games.guild_ball.content.teams import GAME_SIZES, match_problems, team_problems, team_size

PACK = load_pack()
INTRO, QUICK, TYPICAL = (GAME_SIZES[s] for s in ("introductory", "quick", "typical"))


def squaddies(guild: str, n: int) -> list[str]:
    return [m.slug for m in PACK.members(guild) if m.role == "squaddie"][:n]


def team(guild: str, size=TYPICAL) -> list[str]:
    """A legal team of `guild` for `size`: its Captain, its Mascot if the size has one, and the
    first Squaddies of its file."""
    picks = [PACK.captain(guild).slug]
    if size.mascots:
        picks.append(PACK.mascot(guild).slug)
    return picks + squaddies(guild, size.squaddies)


def test_the_game_size_table():
    """'Introductory Game 30 mins 2' x 2' 1 Captain 2 Squaddie 6 VP / Quick Game 60 mins
    3' x 3' 1 Captain 4 Squaddie 1 Mascot 8 VP / Typical Game 90–120 mins 3' x 3' 1 Captain
    4 Squaddie 1 Mascot 12 VP'"""
    rows = [
        (s.pitch_inches, s.captains, s.squaddies, s.mascots, s.victory_points)
        for s in (INTRO, QUICK, TYPICAL)
    ]
    assert rows == [(24, 1, 2, 0, 6), (36, 1, 4, 1, 8), (36, 1, 4, 1, 12)]


def test_a_typical_team_has_six_guild_models():
    """'In a typical game each team has six guild models, including a Captain and a Mascot.'"""
    assert team_size(TYPICAL) == team_size(QUICK) == 6 and team_size(INTRO) == 3
    for guild in PACK.guilds:
        assert team_problems(PACK, TYPICAL, team(guild)) == ()


@pytest.mark.parametrize("size", list(GAME_SIZES.values()), ids=list(GAME_SIZES))
def test_every_guild_fields_a_team_of_every_size(size):
    for guild in PACK.guilds:
        picks = team(guild, size)
        assert len(picks) == team_size(size) and team_problems(PACK, size, picks) == ()


def test_a_team_picks_a_captain():
    """'1. Pick a model with the Captain type.'"""
    picks = [PACK.mascot("bellfounders").slug, *squaddies("bellfounders", 5)]
    assert "a team has exactly one Captain, not 0" in team_problems(PACK, TYPICAL, picks)


def test_only_one_captain():
    """'A team may have only one model with the Captain type.'"""
    picks = [*team("linkbearers")[:-1], PACK.captain("scriveners").slug]
    assert "a team has exactly one Captain, not 2" in team_problems(PACK, TYPICAL, picks)


def test_only_one_mascot():
    """'A team may also have only one model with the Mascot type.'"""
    picks = [*team("ropewalkers")[:-1], PACK.mascot("ropewalkers").slug]
    problems = team_problems(PACK, TYPICAL, picks)
    assert any("exactly one Mascot, not 2" in p for p in problems)
    assert any("only once per team" in p for p in problems)


def test_a_mascot_is_picked_except_in_an_introductory_game():
    """'2. Pick a model with the Mascot type that may play for the same guild as the Captain
    model. Skip this step if playing an Introductory Game.'"""
    without = [PACK.captain("scriveners").slug, *squaddies("scriveners", 5)]
    assert any("exactly one Mascot, not 0" in p for p in team_problems(PACK, QUICK, without))
    with_mascot = [*team("scriveners", INTRO), PACK.mascot("scriveners").slug]
    problems = team_problems(PACK, INTRO, with_mascot)
    assert problems == ("an Introductory Game team has no Mascot",)


def test_squaddies_fill_out_the_roster():
    """'3. Fill out the team roster with Squaddie models that may play for the same guild as the
    Captain model.' (Introductory: '1 Captain 2 Squaddie'; Quick and Typical: '1 Captain
    4 Squaddie 1 Mascot'.)"""
    short = team("bellfounders")[:-1]
    assert any("4 Squaddies, not 3" in p for p in team_problems(PACK, TYPICAL, short))
    long = team("bellfounders", INTRO) + squaddies("bellfounders", 3)[2:]
    assert any("2 Squaddies, not 3" in p for p in team_problems(PACK, INTRO, long))


def test_every_model_plays_for_the_captain_s_guild():
    """'The Mascot and all other models selected must be guild models; that is, they must be
    able to play for the same guild as the Captain.'"""
    picks = [*team("linkbearers")[:-1], squaddies("ropewalkers", 1)[0]]
    problems = team_problems(PACK, TYPICAL, picks)
    assert problems == (
        "every model must play for the Captain's guild (The Linkbearers): Barnaby Splice",
    )
    mascot = [
        team("linkbearers")[0],
        PACK.mascot("scriveners").slug,
        *squaddies("linkbearers", 4),
    ]
    assert any("Smudge" in p for p in team_problems(PACK, QUICK, mascot))


def test_each_named_character_once():
    """'Each named character is unique and may be taken only once per team.'"""
    picks = team("scriveners")
    picks[-1] = picks[-2]
    problems = team_problems(PACK, TYPICAL, picks)
    assert any(
        p.startswith("each named character may be taken only once per team") for p in problems
    )


def test_teams_are_of_equal_sizes():
    """'Guild Ball is played between two teams of equal sizes.'"""
    for first, second in itertools.combinations(PACK.guilds, 2):
        assert match_problems(PACK, TYPICAL, team(first), team(second)) == ()
    unequal = match_problems(PACK, TYPICAL, team("bellfounders"), team("linkbearers")[:-1])
    assert "Guild Ball is played between two teams of equal sizes" in unequal


def test_an_unknown_model_is_named():
    assert team_problems(PACK, INTRO, ["nobody", "oswin-tollbright"]) == ("nobody: no such model",)
