"""The pictures of Smiths of Winterforge, drawn for states of real games between built-in players
(solo, 2, 4, 5 and 6 players, and every Alleyway): each is a valid PNG of a readable width, no text
leaves its box or goes undrawn (`canvas.recording`), and no public picture shows a secret."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache

import pytest
from msgspec.structs import replace
from PIL import Image

from bot.render.pictures.canvas import Drawn, recording
from engine.core.errors import RuleError
from engine.core.game import PUBLIC, Seat, replay
from games.winterforge import GAME, pictures
from games.winterforge.pictures.board_image import draw_board
from games.winterforge.pictures.forge_image import draw_forge
from games.winterforge.pictures.sheet_image import draw_sheet
from games.winterforge.pictures.standings_image import draw_standings
from games.winterforge.rules.events import Forged
from games.winterforge.rules.pending import pending
from games.winterforge.rules.state import WinterforgeState
from games.winterforge.rules.views import PublicView, SeatView
from games.winterforge.tests.playout import secret_variants
from games.winterforge.tests.table import PACK

EVERY_ALLEYWAY = {"shrine": True, "auction_house": True, "thieves_guild": True, "runesmith": True}
# (players, seed, options): the solo game, the standard game, Lords of Winterforge (6) and all
# four Alleyways.
GAMES = [(1, 3, {}), (2, 1, {}), (4, 2, EVERY_ALLEYWAY), (5, 1, {}), (6, 1, {})]
LONG = "Bartholomew-Maximilian Featherstonehaugh of the Very Long Guild Name"
# Names of every script: long, accented, Cyrillic, Chinese, Arabic, an emoji, and blank.
NAMES = (LONG, "Zoë Ångström", "Ярослава", "李小龍", "سلمى", "Smith 🔥", "")
SNAPSHOTS = 4  # states drawn per game: its start, two in between and its end


class Played:
    """A game played to its end: some of its states, and every forge with the state after it."""

    def __init__(
        self, states: list[WinterforgeState], forges: list[tuple[WinterforgeState, Forged]]
    ):
        self.states = states
        self.forges = forges


@cache
def played(players: int, seed: int, alleyways: bool) -> Played:
    options = EVERY_ALLEYWAY if alleyways else {}
    state = replay(GAME, GAME.create(players, seed, options))
    bots = {s: GAME.players["builtin"](seed * 10 + s) for s in range(players)}
    every = [state]
    forges: list[tuple[WinterforgeState, Forged]] = []
    while not GAME.is_over(state):
        decision = pending(state)[0]
        command = bots[decision.seat].move(state, {decision.seat}) or decision.default
        try:
            events, state = GAME.execute(state, command)
        except RuleError:
            # A built-in player's slip is the rules' business, not the pictures': the deadline's
            # default moves the game on, as it would at the table.
            events, state = GAME.execute(state, GAME.defaults(state, [decision.seat]))
        every.append(state)
        forges += [(state, e) for e in events if isinstance(e, Forged)]
    picks = {round(i * (len(every) - 1) / (SNAPSHOTS - 1)) for i in range(SNAPSHOTS)}
    return Played([every[i] for i in sorted(picks)], forges)


def game_of(players: int, seed: int, options: dict[str, bool]) -> Played:
    return played(players, seed, bool(options))


def public(state: WinterforgeState) -> PublicView:
    view = GAME.view(state, PUBLIC)
    assert isinstance(view, PublicView)
    return view


def own(state: WinterforgeState, seat: int) -> SeatView:
    view = GAME.view(state, Seat(seat))
    assert isinstance(view, SeatView)
    return view


def names_for(players: int) -> tuple[str, ...]:
    """Display names for a table: each player count starts at another of NAMES, so that every
    script (and the blank name) is drawn in some picture."""
    return tuple(NAMES[(seat + players) % len(NAMES)] for seat in range(players))


def check_texts(log: list[Drawn], where: str) -> None:
    """Every text drawn inside its box, whole or shortened with an ellipsis, never left out."""
    assert log, f"{where}: nothing was drawn"
    for d in log:
        assert not d.overflows, f"{where}: {d.shown!r} drawn in {d.ink}, outside {d.box}"
        assert d.shown or not d.text.strip(), f"{where}: {d.text!r} had no room in {d.box}"
        if d.shortened:
            assert d.shown.endswith("…"), f"{where}: {d.text!r} shortened without an ellipsis"
            assert d.text.startswith(d.shown[:-1]), f"{where}: {d.shown!r} is not a prefix"


def drawn(fn: Callable[[], Image.Image], where: str) -> tuple[Image.Image, list[Drawn]]:
    with recording() as log:
        img = fn()
    check_texts(log, where)
    assert 1000 <= img.width <= 1400, f"{where}: {img.width} px wide"
    assert 300 <= img.height <= 4000, f"{where}: {img.height} px high"
    return img, log


def secrets(state: WinterforgeState) -> set[str]:
    """The names of the Contracts nobody but their holder may see: every hand, every Royal
    Contract not yet started or forged, the Royal Contracts offered."""
    out: set[str] = set()
    for seat, g in enumerate(state.guilds):
        out.update(PACK.contract(c).name for c in g.hand)
        out.update(PACK.contract(c).name for c in g.royal_offer)
        if g.royal and not public(state).guilds[seat].royal:
            out.add(PACK.contract(g.royal).name)
    return out


def shown(log: list[Drawn]) -> str:
    """Everything drawn, as one line: a title wrapped over two lines reads as it was asked for."""
    return " ".join(d.shown for d in log)


def is_png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.mode == "RGB"
    return img


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_picture_of_a_real_game(players, seed, options):
    game = game_of(players, seed, options)
    names = names_for(players)
    assert game.forges, "the game had no forge to draw"
    for n, state in enumerate(game.states):
        view = public(state)
        hidden = secrets(state)
        _, log = drawn(lambda v=view: draw_board(v, names), f"board {n}")
        assert not any(h in shown(log) for h in hidden), f"board {n} shows a secret"
        for seat in range(players):
            _, log = drawn(
                lambda v=view, s=seat: draw_sheet(v, s, names, None), f"sheet {n} seat {seat}"
            )
            assert not any(h in shown(log) for h in hidden), f"sheet {n} shows a secret"
        mine = own(state, 0)
        _, log = drawn(lambda v=view, o=mine: draw_sheet(v, 0, names, o), f"own sheet {n}")
        in_hand = {PACK.contract(c).name for c in mine.hand}
        assert all(h in shown(log) for h in in_hand), "the hand is not on the sheet"
    for state, event in game.forges[:: max(1, len(game.forges) // 4)]:
        hidden = secrets(state)
        _, log = drawn(lambda s=state, e=event: draw_forge(public(s), e, names), "forge")
        assert not any(h in shown(log) for h in hidden), "a forge shows a secret"
    final = public(game.states[-1])
    assert final.result is not None
    _, log = drawn(lambda: draw_standings(final, final.result, names), "standings")
    assert all(any(str(t) == d.text for d in log) for t in final.result.totals)


@pytest.mark.parametrize(("players", "seed", "options"), [GAMES[0], GAMES[2], GAMES[4]])
def test_the_public_api_gives_png_bytes(players, seed, options):
    game = game_of(players, seed, options)
    names = list(names_for(players))
    state = game.states[-2]
    view = public(state)
    board = is_png(pictures.board(view, names))
    assert 1000 <= board.width <= 1400
    is_png(pictures.sheet(view, players - 1, names))
    is_png(pictures.sheet(view, 0, names, own(state, 0)))
    after, event = game.forges[-1]
    is_png(pictures.forge(public(after), event, names))
    is_png(pictures.standings(public(game.states[-1]), names))


def test_a_sheet_shows_only_its_own_seats_secrets():
    game = game_of(4, 2, EVERY_ALLEYWAY)
    view = public(game.states[1])
    with pytest.raises(ValueError, match="secrets of seat 1"):
        pictures.sheet(view, 0, NAMES, own(game.states[1], 1))
    with pytest.raises(ValueError, match="no guild"):
        pictures.sheet(view, 4, NAMES)


def test_the_standings_wait_for_the_end():
    view = public(game_of(2, 1, {}).states[0])
    with pytest.raises(ValueError, match="ended"):
        pictures.standings(view, NAMES)


def test_a_forge_shows_every_die_and_the_reroll():
    state, played_forge = game_of(2, 1, {}).forges[0]
    # A reroll as a Crew member or a Rune makes one: the lowest die rolled again, its first
    # result kept in the event.
    event = replace(played_forge, rerolled=(0, 1))
    _, log = drawn(lambda: draw_forge(public(state), event, NAMES), "forge")
    texts = [d.shown for d in log]
    for sides, value in event.dice:
        assert str(value) in texts and f"d{sides}" in texts
    assert "was 1" in texts
    assert any(t.endswith(f"(the d{event.dice[0][0]} rerolled from 1)") for t in texts)
    assert str(event.total) in texts and str(event.target) in texts
    verdict = "Success" if event.success else "Failure"
    assert any(t.startswith(verdict) for t in texts)


def test_public_pictures_do_not_change_with_a_seats_secrets():
    """Non-interference: a state that differs only in a seat's secrets (a Contract in hand, the
    Royal Contract, Faith, deck orders) gives the same board, sheet and forge."""
    game = game_of(*GAMES[2])
    names = names_for(4)
    state = game.states[1]
    after, event = game.forges[0]

    def board_of(s: WinterforgeState) -> bytes:
        return draw_board(public(s), names).tobytes()

    def sheet_of(s: WinterforgeState, seat: int) -> bytes:
        return draw_sheet(public(s), seat, names, None).tobytes()

    def forge_of(s: WinterforgeState) -> bytes:
        return draw_forge(public(s), event, names).tobytes()

    board, forge = board_of(state), forge_of(after)
    compared = 0
    for seat in range(4):
        sheet = sheet_of(state, seat)
        for variant in secret_variants(state, seat):
            assert board_of(variant) == board and sheet_of(variant, seat) == sheet
            compared += 1
        for variant in secret_variants(after, seat):
            assert forge_of(variant) == forge
    assert compared


def test_the_standings_say_how_a_tie_was_broken():
    """ "In the case of a tie, the Player with most Completed Contracts wins." """
    final = public(game_of(*GAMES[3]).states[-1])
    result = final.result
    assert result is not None
    first, second = result.ranking[:2]
    totals = list(result.totals)
    totals[second] = totals[first]
    tied = replace(final, result=replace(result, totals=tuple(totals)))
    _, log = drawn(lambda: draw_standings(tied, tied.result, NAMES), "tied standings")
    assert any(d.shown.startswith(f"Tied on {totals[first]} RP") for d in log)
