"""Pictures: every town and the standings render as PNGs for 2 and 6 players, with legible text
(≥ 21 px at 1,080 px) that never overflows its box, long names shortened with an ellipsis; and
the presentation hands the picture worker only the public view."""

from __future__ import annotations

import re
import struct
from functools import cache

import msgspec
import pytest

from bot.presentation import Post
from bot.render.pictures import canvas as cv
from bot.render.pictures import render_async
from engine.core.game import PUBLIC, Seat
from games.town import GAME
from games.town.pictures import standings, towns
from games.town.pictures.standings import draw_standings
from games.town.pictures.towns import chip_label, draw_towns
from games.town.presentation import PRESENTATION
from games.town.presentation.tests.tables import NAMES, Step, playout, table
from games.town.presentation.words import seat_names
from games.town.rules.cards import load_cards
from games.town.rules.state import BUILD, TownState
from games.town.rules.views import PublicView
from games.town.tests.table import table as lay_out

PACK = load_cards()
LONG = "Maximiliana Theodora von Hohenzollern-Sigmaringen the Third of Her Name"


@cache
def last_step(players: int, seed: int) -> Step:
    return list(playout(players, seed))[-1]


def size(png: bytes) -> tuple[int, int]:
    assert png.startswith(cv.PNG_SIGNATURE)
    return struct.unpack(">II", png[16:24])


def crowded() -> TownState:
    """Six towns holding all 113 cards between them (a town of 19 cards)."""
    towns_ = {s: list(PACK.order[s::6]) for s in range(6)}
    return lay_out(6, towns=towns_, stage=BUILD, deck_size=0)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (6, 13)])
def test_both_pictures_render_for_2_and_6_players(players, seed):
    view = GAME.view(last_step(players, seed).after, PUBLIC)
    names = seat_names(NAMES, players)
    for draw in (towns, standings):
        width, height = size(draw(view, names))
        assert width == cv.WIDTH and 300 < height < 6000


@pytest.mark.parametrize(
    "view",
    [
        GAME.view(last_step(2, 11).after, PUBLIC),
        GAME.view(last_step(6, 13).after, PUBLIC),
        GAME.view(crowded(), PUBLIC),
    ],
    ids=["2 players", "6 players", "113 cards built"],
)
def test_text_is_legible_fits_its_box_and_long_names_are_shortened(view: PublicView):
    names = (LONG, *NAMES[1 : view.players])
    with cv.recording() as log:
        draw_towns(view, names)
        draw_standings(view, names)
    assert log
    drawn = [d for d in log if d.shown]
    assert len(drawn) == len(log), [d.text for d in log if not d.shown]
    assert all(d.size >= cv.SMALL for d in drawn), {(d.text, d.size) for d in drawn}
    assert not [d for d in drawn if d.overflows]
    long = [d for d in drawn if d.text == LONG]
    assert long and all(d.shortened and d.shown.endswith("…") for d in long)
    assert not [d.text for d in drawn if d.shortened and d.text not in names]
    # Every built card is on the picture, in each group it belongs to, with its bonus mark.
    chips = [d.text for d in drawn]
    for seat in view.seats:
        for group in seat.town:
            for card in group.cards:
                assert chip_label(card) in chips


def test_a_crowded_table_still_fits_and_marks_bonuses():
    view = GAME.view(crowded(), PUBLIC)
    with cv.recording() as log:
        image = draw_towns(view, NAMES)
    assert image.size[0] == cv.WIDTH and image.size[1] < 12000
    labels = {d.text for d in log}
    built = {c.slug: c for s in view.seats for g in s.town for c in g.cards}
    assert any(c.bonus_active for c in built.values())
    assert any(c.bonus_card and not c.bonus_active for c in built.values())
    assert {chip_label(c) for c in built.values()} <= labels
    assert any(label.endswith("★") for label in labels) and any(
        label.endswith("☆") for label in labels
    )


def _secret(state: TownState) -> set[str]:
    """Cards nobody but their holder (or nobody at all) may see."""
    cards = set(state.deck)
    for row in (*state.hands, *state.discards):
        cards |= set(row)
    return cards


async def test_the_picture_worker_gets_only_the_public_view(monkeypatch):
    calls = []

    async def fake_render(fn, *args):
        calls.append((fn, args))
        return fn(*args)

    monkeypatch.setattr("games.town.presentation.render_async", fake_render)
    last = last_step(6, 13)
    state = last.after
    assert _secret(state), "the test needs cards still secret"
    board = await PRESENTATION.board(table(state, Seat(2)), True)
    assert [name for name, _ in board.files] == ["towns.png"]
    actions = await PRESENTATION.channel(last.seen(PUBLIC), True)
    [final] = [a for a in actions if isinstance(a, Post)]
    assert [name for name, _ in final.message.files] == ["standings.png", "towns.png"]
    assert all(size(png)[0] == cv.WIDTH for _, png in (*board.files, *final.message.files))
    assert {fn for fn, _ in calls} == {towns, standings}
    for _, (view, names) in calls:
        assert type(view) is PublicView
        # A built card names its bonus partner (card data, whatever that partner's place):
        # leave those out, and no secret card may be left.
        encoded = re.sub(r'"bonus_card":"[a-z0-9-]+"', "", msgspec.json.encode(view).decode())
        assert not [c for c in _secret(state) if f'"{c}"' in encoded]
        assert names == seat_names(NAMES, 6)


async def test_the_worker_process_draws_a_town():
    view = GAME.view(last_step(2, 11).after, PUBLIC)
    png = await render_async(towns, view, seat_names(NAMES, 2))
    assert size(png)[0] == cv.WIDTH
