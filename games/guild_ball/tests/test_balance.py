"""The balance report (docs/balance.md) runs and prints its tables: a few games, fast."""

from games.guild_ball.players.balance import MODES, games_of, main, teams_of

GUILDS = ("The Bellfounders", "The Linkbearers", "The Ropewalkers", "The Scriveners")


def test_the_report_prints_a_table_of_guilds_and_one_of_models_per_table_of_teams(capsys):
    assert main(["--games", "12", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for mode in MODES:
        assert f"### {mode}: 12 games" in out
    for guild in GUILDS:
        # 12 games are the 12 ordered pairs: each guild plays 6, 3 from each seat
        assert out.count(f"| {guild} | 6 | ") == 2
    assert out.count("| Oswin Tollbright | The Bellfounders | captain | 100% | ") == 2
    assert out.count("Length: mean ") == out.count("VP per game: goals ") == 2


def test_the_same_arguments_print_the_same_bytes(capsys):
    main(["--games", "6", "--seed", "11", "--mode", "all"])
    first = capsys.readouterr().out
    main(["--games", "6", "--seed", "11", "--mode", "all"])
    assert capsys.readouterr().out == first


def test_built_in_picks_field_the_captain_and_the_best_kickers():
    (guild, squaddies), _ = teams_of(0, 0, MODES[0])
    assert guild == "bellfounders" and squaddies == ("brannock-pike", "jory-slake")


def test_every_composition_draws_two_different_squaddies_of_the_guild():
    seen = {teams_of(g, g, MODES[1])[0][1] for g in range(0, 120, 12)}
    assert len(seen) > 1 and all(len(set(pair)) == 2 for pair in seen)


def test_every_game_ends_and_records_its_teams():
    for game in games_of(4, 0, MODES[1]):
        assert game.guilds[0] != game.guilds[1] and game.turns >= 1
        assert all(len(squad) == 3 for squad in game.squads)
        assert game.winner in (0, 1, None) and game.kicking in (0, 1)


def test_the_larger_games_field_four_squaddies_and_go_round_the_maps(capsys):
    """`--size 1 --terrain all`: Quick games of a Captain, four Squaddies and a Mascot, each
    cycle of the 12 pairings on the next map, and a line a map in the report."""
    assert teams_of(0, 0, MODES[0], size=1)[0][1] == (
        "brannock-pike",
        "jory-slake",
        "ferris-gongmaker",
        "ada-mouldwright",
    )
    games = games_of(24, 0, MODES[1], size=1, terrains=(0, 2))
    assert [g.terrain for g in games] == [0] * 12 + [2] * 12
    assert all(len(set(squad)) == 5 for g in games for squad in g.squads)
    assert main(["--games", "24", "--size", "1", "--terrain", "0", "--mode", "builtin"]) == 0
    out = capsys.readouterr().out
    assert "Quick games (8 VP, 3'x3' on no terrain in turn)" in out
    assert "(the limit is 12 turns)" in out
    main(["--games", "24", "--size", "2", "--terrain", "maps", "--mode", "builtin"])
    out = capsys.readouterr().out
    assert "| Market Square | 12 | " in out and "| Chapel Green | 12 | " in out
