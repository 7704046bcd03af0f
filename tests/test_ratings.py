"""Ratings: OpenSkill's Plackett-Luce update checked against the model's published equations
computed by hand, and ratings rebuilt from the stored events equal to ratings kept up to date
game by game."""

import math
from datetime import UTC, datetime

import pytest

from bot.ratings import MODEL, Finished, Player, RatingBook, Table, rebuild
from bot.service import Seat, Update
from bot.store import EventStore
from engine.core import registry

MU, SIGMA, BETA, TAU, KAPPA = 25.0, 25 / 3, 25 / 6, 25 / 300, 0.0001


def plackett_luce(ratings, ranks):
    """Weng and Lin (2011), Algorithm 4, one player per team, as OpenSkill applies it: first
    sigma^2 += tau^2; then c = sqrt(sum(sigma_i^2 + beta^2)); C_q = sum of exp(mu_i / c) over
    the teams i ranked no better than q; A_q = how many teams share q's rank; for each i, over
    the teams q ranked no worse than i, with p = exp(mu_i / c) / C_q:
    Omega_i = sigma_i^2 / c * sum((1 if q == i else 0) - p) / A_q),
    Delta_i = gamma_i * sigma_i^2 / c^2 * sum(p (1 - p) / A_q), gamma_i = sigma_i / c;
    mu_i' = mu_i + Omega_i, sigma_i' = sigma_i * sqrt(max(1 - Delta_i, kappa))."""
    ratings = [(mu, math.sqrt(sigma**2 + TAU**2)) for mu, sigma in ratings]
    c = math.sqrt(sum(sigma**2 + BETA**2 for _, sigma in ratings))
    n = len(ratings)
    big_c = [
        sum(math.exp(ratings[i][0] / c) for i in range(n) if ranks[i] >= ranks[q]) for q in range(n)
    ]
    a = [sum(1 for i in range(n) if ranks[i] == ranks[q]) for q in range(n)]
    out = []
    for i, (mu, sigma) in enumerate(ratings):
        omega = delta = 0.0
        for q in range(n):
            if ranks[q] <= ranks[i]:
                p = math.exp(mu / c) / big_c[q]
                omega += ((1 if q == i else 0) - p) / a[q]
                delta += p * (1 - p) / a[q]
        omega *= sigma**2 / c
        delta *= (sigma / c) * sigma**2 / c**2
        out.append((mu + omega, sigma * math.sqrt(max(1 - delta, KAPPA))))
    return out


def test_the_library_defaults_are_the_published_ones():
    assert (MODEL.mu, MODEL.sigma, MODEL.beta, MODEL.tau, MODEL.kappa) == pytest.approx(
        (MU, SIGMA, BETA, TAU, KAPPA)
    )


def game(game_id, players, places, stats=None):
    return Finished(
        game_id=game_id,
        server=7,
        game="town",
        ended_at=datetime(2026, 1, 1, tzinfo=UTC),
        players=tuple(Player(k, k) for k in players),
        places=tuple(places),
        statistics=tuple(stats or [{} for _ in players]),
    )


def test_a_first_game_with_a_tie_matches_the_hand_computed_update():
    table = Table()
    table.add(game(1, ["user:1", "user:2", "user:3"], [0, 1, 1]))
    # By hand from the equations above, with everyone at the defaults: sigma^2 = 625/9 + 1/144;
    # c = sqrt(3 (sigma^2 + 625/36)); the winner's C is 3 e^(25/c), the tied pair's 2 e^(25/c).
    sigma2 = (25 / 3) ** 2 + (25 / 300) ** 2
    c = math.sqrt(3 * (sigma2 + (25 / 6) ** 2))
    # Winner (A = 1, only itself ranked no worse): p = 1/3.
    mu_win = 25 + sigma2 / c * (1 - 1 / 3)
    delta_win = math.sqrt(sigma2) / c * sigma2 / c**2 * (1 / 3 * 2 / 3)
    # Each tied seat: q = winner (p = 1/3, A = 1), q = itself (p = 1/2, A = 2), q = the other
    # tied seat (p = 1/2, A = 2).
    mu_tie = 25 + sigma2 / c * (-1 / 3 + (1 - 1 / 2) / 2 - (1 / 2) / 2)
    delta_tie = math.sqrt(sigma2) / c * sigma2 / c**2 * (2 / 9 + 1 / 8 + 1 / 8)
    expected = {
        "user:1": (mu_win, math.sqrt(sigma2 * (1 - delta_win))),
        "user:2": (mu_tie, math.sqrt(sigma2 * (1 - delta_tie))),
        "user:3": (mu_tie, math.sqrt(sigma2 * (1 - delta_tie))),
    }
    for key, (mu, sigma) in expected.items():
        r = table.records[key]
        assert (r.mu, r.sigma) == pytest.approx((mu, sigma), abs=1e-9)
        assert r.rating == pytest.approx(mu - 3 * sigma, abs=1e-9)
    assert expected["user:1"][0] == pytest.approx(27.869048680749426, abs=1e-9)
    assert [table.records[k].wins for k in ("user:1", "user:2", "user:3")] == [1, 0, 0]


def test_a_second_game_from_uneven_ratings_matches_the_equations():
    table = Table()
    table.add(game(1, ["user:1", "user:2", "user:3"], [0, 1, 2]))
    # User 4 plays for the first time, at the defaults.
    before = [(table.records[k].mu, table.records[k].sigma) for k in ("user:3", "user:1")]
    before.append((MU, SIGMA))
    table.add(game(2, ["user:3", "user:1", "user:4"], [0, 2, 1]))
    expected = plackett_luce(before, [0, 2, 1])
    for key, (mu, sigma) in zip(("user:3", "user:1", "user:4"), expected, strict=True):
        assert (table.records[key].mu, table.records[key].sigma) == pytest.approx(
            (mu, sigma), abs=1e-9
        )


def test_one_built_in_identity_on_several_seats_takes_the_mean_of_its_seats():
    table = Table()
    table.add(game(1, ["user:1", "builtin:normal", "builtin:normal"], [1, 0, 2]))
    new = plackett_luce([(MU, SIGMA)] * 3, [1, 0, 2])
    bot = table.records["builtin:normal"]
    assert bot.mu == pytest.approx((new[1][0] + new[2][0]) / 2)
    assert bot.sigma == pytest.approx((new[1][1] + new[2][1]) / 2)
    assert (bot.games, bot.wins) == (2, 1)


def test_a_game_is_counted_once():
    table = Table()
    once = game(1, ["user:1", "user:2"], [0, 1], [{"trades": 2}, {"trades": 3}])
    table.add(once)
    table.add(once)
    assert table.records["user:1"].games == 1
    assert table.records["user:2"].statistics == {"trades": 3}


async def store_game(store, name, seed, seats, server):
    """A finished game of built-in players of `name`, stored as the bot stores one, with the
    given seats (user id or None for built-in); returns (its info, seats, last update)."""
    from importlib import import_module

    from games import package

    simulate = import_module(f"{package(name)}.players.simulate")
    _result, _state, events = simulate.play(
        len(seats), seed, seats=("builtin",) * len(seats), keep_events=True
    )
    game_id = await store.create_game(
        name, players=len(seats), seed=seed, status="running", discord_guild_id=server
    )
    rows = tuple(Seat(i, uid, f"P{uid}" if uid else "bot") for i, uid in enumerate(seats))
    for s in rows:
        await store.set_seat(game_id, s.seat, s.user_id, s.name)
    await store.append(game_id, 0, events)
    await store.update_game(game_id, status="ended")
    rules = registry.get(name)
    before = after = None
    for e in events:
        before, after = after, rules.evolve(after, e)
    info = await store.get_game(game_id)
    return Update(info, rows, before, after, (events[-1],), None, len(events))


async def test_rebuilding_from_the_events_equals_keeping_up_game_by_game(tmp_path):
    store = await EventStore.open(f"sqlite+aiosqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        book = RatingBook(store)
        assert await book.book() == {}  # built before any game ends: kept up from here
        plays = [
            ("town", 1, (11, 12, None), 100),
            ("winterforge", 2, (11, None), 100),
            ("town", 3, (12, 11, 13), 100),
            ("guild-master", 4, (11, None, None), 100),
            ("town", 5, (11, 12), 200),
            ("winterforge", 6, (12, 11, None), 100),
        ]
        for name, seed, seats, server in plays:
            await book(await store_game(store, name, seed, seats, server))
        kept = await book.book()
        rebuilt = await rebuild(store)
        assert (
            set(kept)
            == set(rebuilt)
            == {(100, "town"), (100, "winterforge"), (100, "guild-master"), (200, "town")}
        )
        for key in rebuilt:
            assert kept[key].records == rebuilt[key].records
        town = rebuilt[(100, "town")].records
        assert town["user:11"].games == 2 and town["builtin:builtin"].games == 1
        assert set(town["user:11"].statistics) == {"categories won", "cards built", "trades"}
    finally:
        await store.close()
