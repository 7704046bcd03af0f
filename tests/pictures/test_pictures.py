"""The pictures: every one renders at every phase of simulated games for 2, 3 and 4 guilds, no
text leaves its box, and no public picture shows a secret.

The sweep draws each picture once per phase change while recording every text drawn; the recorded
texts are what the overflow and secrecy checks read. The public API (PNG bytes) is checked on a few
states, and non-interference (changing every secret leaves the public pictures' bytes the same) on
states with face-down cards, private contracts and plans.
"""

from __future__ import annotations

import asyncio
import io
import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from msgspec.structs import replace
from PIL import Image

from bot.render import pictures as picture_worker
from bot.render.pictures import canvas
from bot.render.pictures.canvas import Drawn, recording
from engine.core.game import PUBLIC, Seat
from games.guild_master import GAME, pictures
from games.guild_master.pictures.board_image import draw_board
from games.guild_master.pictures.final_image import draw_final
from games.guild_master.pictures.reveal_image import draw_reveal
from games.guild_master.pictures.sheet_image import draw_sheet
from games.guild_master.presentation.text import Names
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.state import ActionStep, GameState, Phase, Plan
from games.guild_master.rules.views import PublicView, SeatView
from tests.pictures.games import leaked, phase_states, secret_names

# (players, seed, short): every player count, full and short games.
GAMES = [(2, 101, False), (3, 104, True), (4, 105, False), (4, 106, True)]
# Standings and guild sheets change little within a round: they are drawn at these phases only.
SHEET_PHASES = {Phase.SETUP, Phase.ORDERS, Phase.ACTION, Phase.ENDED}

PACK = load_pack("basic")
ROOT = Path(__file__).resolve().parents[2]
LONG = "Bartholomew-Maximilian Featherstonehaugh of the Very Long Name"


def public(state: GameState) -> PublicView:
    view = GAME.view(state, PUBLIC)
    assert isinstance(view, PublicView)
    return view


def own(state: GameState, seat: int) -> SeatView:
    view = GAME.view(state, Seat(seat))
    assert isinstance(view, SeatView)
    return view


def check_texts(log: list[Drawn], where: str) -> None:
    assert log, f"{where}: nothing was drawn"
    for d in log:
        assert not d.overflows, f"{where}: {d.shown!r} drawn in {d.ink}, outside {d.box}"
        assert d.shown or not d.text.strip(), f"{where}: {d.text!r} had no room in {d.box}"
        if d.shortened:
            assert d.shown.endswith("…"), f"{where}: {d.text!r} shortened without an ellipsis"
            assert d.text.startswith(d.shown[:-1]), f"{where}: {d.shown!r} is not a prefix"


@pytest.mark.parametrize(("players", "seed", "short"), GAMES)
def test_every_picture_at_every_phase(players, seed, short):
    states = phase_states(players, seed, short)
    phases = {s.phase for s in states}
    assert {Phase.SETUP, Phase.ORDERS, Phase.ACTION, Phase.RESET, Phase.ENDED} <= phases
    # long player names for one guild in two, to exercise the fitted text everywhere
    names = Names(PACK, [LONG if s % 2 else "" for s in range(players)])
    secrets_seen = 0
    for i, state in enumerate(states):
        pv = public(state)
        where = f"{players}p seed {seed} state {i} (round {state.round}, {state.phase})"
        secrets = secret_names(state, PACK)
        secrets_seen += bool(secrets)

        with recording() as log:
            draw_board(pv, PACK, names)
        check_texts(log, f"board at {where}")
        assert not leaked([d.text for d in log], secrets), f"board at {where}"

        if isinstance(state.step, ActionStep):
            with recording() as log:
                draw_reveal(pv, PACK, names)
            check_texts(log, f"reveal at {where}")
            assert not leaked([d.text for d in log], secrets), f"reveal at {where}"

        if state.phase not in SHEET_PHASES and i != len(states) - 1:
            continue
        seat = i % players
        private = own(state, seat).private_contracts if i % 2 else None
        with recording() as log:
            draw_sheet(pv.guilds[seat], PACK, names, private)
        check_texts(log, f"sheet {seat} at {where}")
        if private is None:
            held = {PACK.contracts[c].name for c in state.guilds[seat].private_contracts}
            assert not leaked([d.text for d in log], held), f"sheet {seat} at {where}"

        with recording() as log:
            draw_final(pv, names)
        check_texts(log, f"standings at {where}")
    assert secrets_seen == len(states)  # there is always something secret: the decks at least


def _png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_the_public_api_returns_pngs_of_the_designed_width():
    states = phase_states(4, 105, False)
    action = next(s for s in states if isinstance(s.step, ActionStep) and s.round == 4)
    names = Names(PACK, ["Kim", "", "Chris", ""])
    for img in (
        _png(pictures.board(public(action), names)),
        _png(pictures.reveal(public(action), names)),
        _png(pictures.guild_sheet(own(action, 2), names, 2, True)),
        _png(pictures.guild_sheet(public(action), names, 3, False)),
        _png(pictures.final(public(states[-1]), names)),
    ):
        assert img.width == canvas.WIDTH
        assert 400 < img.height < 2400


def test_reveal_is_only_for_the_action_phase():
    state = phase_states(3, 104, True)[0]
    with pytest.raises(ValueError, match="Action Phase"):
        pictures.reveal(public(state), Names(PACK))


def test_a_guild_sheet_needs_a_guild():
    state = phase_states(2, 101, False)[-1]
    with pytest.raises(ValueError, match="seat 2"):
        pictures.guild_sheet(public(state), Names(PACK), 2, False)


def test_a_private_sheet_is_drawn_only_from_its_guilds_own_view():
    state = phase_states(3, 104, True)[-1]
    names = Names(PACK)
    for view in (public(state), own(state, 0)):
        with pytest.raises(ValueError, match="own view"):
            pictures.guild_sheet(view, names, 1, True)
    assert _png(pictures.guild_sheet(own(state, 1), names, 1, True)).width == canvas.WIDTH


def test_the_private_sheet_shows_the_private_contracts_and_the_public_one_does_not():
    state = next(s for s in phase_states(3, 104, True) if s.guilds[1].private_contracts)
    names = Names(PACK)
    mine = {PACK.contracts[c].name for c in state.guilds[1].private_contracts}
    assert mine
    with recording() as log:
        pictures.guild_sheet(own(state, 1), names, 1, True)
    assert leaked([d.text for d in log], mine) == sorted(mine)
    with recording() as log:
        pictures.guild_sheet(public(state), names, 1, False)
    assert not leaked([d.text for d in log], mine)


# --- non-interference: the public pictures do not change when a secret does ----------------


def _other(slugs: tuple[str, ...], pool: list[str]) -> tuple[str, ...]:
    """As many different slugs from `pool`."""
    fresh = [p for p in pool if p not in slugs]
    return tuple(fresh[: len(slugs)])


def rewrite_secrets(state: GameState) -> GameState:
    """The same public state with every secret changed: private contracts, deck orders, the
    cards under face-down backs (same level), and the plans behind orders."""
    b = state.board
    used = {s.card for s in b.contracts if s.card}
    commons = [c for c in PACK.by_level("common") if c not in used]
    guilds = tuple(
        replace(g, private_contracts=_other(g.private_contracts, commons[::-1]))
        for g in state.guilds
    )
    contracts = []
    for spot in b.contracts:
        if spot.card and not spot.face_up:
            pool = [c for c in PACK.by_level(spot.level) if c not in used]
            spot = replace(spot, card=pool[-1])
        contracts.append(spot)
    advs = []
    for spot in b.adventurers:
        deck = spot.deck
        if deck and not spot.face_up and len(deck) > 1:
            deck = (deck[-1], *deck[1:-1], deck[0])
        elif deck:
            deck = (deck[0], *reversed(deck[1:]))
        advs.append(replace(spot, deck=deck))
    board = replace(
        b,
        contracts=tuple(contracts),
        adventurers=tuple(advs),
        common=b.common[::-1],
        heroic=b.heroic[::-1],
        legendary=b.legendary[::-1],
    )
    step = state.step
    if isinstance(step, ActionStep):
        plan = Plan(skill="might", builds=(), replace="ask", fallback="wander", rolls="ask")
        orders = tuple(tuple(replace(o, plan=plan) for o in seat) for seat in step.orders)
        step = replace(step, orders=orders)
    return replace(state, guilds=guilds, board=board, step=step)


def test_changing_every_secret_changes_no_public_picture(monkeypatch):
    # compare the pixels drawn afresh each time (no picture from the cache of pictures, which
    # would be keyed alike if the secrets are left out of the key), without PNG encoding
    monkeypatch.setattr(canvas, "picture", lambda what, draw: draw().tobytes())
    names = Names(PACK)
    checked = {"face-down": 0, "action": 0}
    for players, seed, short in GAMES[:2]:
        for state in phase_states(players, seed, short):
            hidden = any(s.card and not s.face_up for s in state.board.contracts) or any(
                a.deck and not a.face_up for a in state.board.adventurers
            )
            action = isinstance(state.step, ActionStep)
            if not hidden and not (action and state.round % 3 == 1):
                continue
            other = rewrite_secrets(state)
            assert other != state
            assert pictures.board(public(other), names) == pictures.board(public(state), names)
            if action:
                assert pictures.reveal(public(other), names) == pictures.reveal(
                    public(state), names
                )
            seat = state.round % players
            assert pictures.guild_sheet(public(other), names, seat, False) == pictures.guild_sheet(
                public(state), names, seat, False
            )
            checked["face-down"] += hidden
            checked["action"] += action
    assert checked["face-down"] >= 5 and checked["action"] >= 3


async def test_render_async_runs_off_the_event_loop():
    state = phase_states(4, 106, True)[-1]
    names = Names(PACK)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.001)
            ticks += 1

    task = asyncio.create_task(ticker())
    try:
        data = await pictures.render_async(pictures.board, public(state), names)
        sheet = await pictures.render_async(pictures.guild_sheet, own(state, 1), names, 1, True)
    finally:
        task.cancel()
    assert data == pictures.board(public(state), names)
    assert _png(sheet).width == canvas.WIDTH
    assert ticks > 0  # the loop kept running while the pictures were drawn


async def test_pictures_are_drawn_in_a_worker_process_of_lower_priority():
    state = phase_states(2, 101, False)[-1]
    names = Names(PACK, ["Ann", "Bo"])
    data = await pictures.render_async(pictures.board, public(state), names)
    assert data == pictures.board(public(state), names)
    pid = picture_worker.worker_pid()
    assert pid is not None and pid != os.getpid()
    assert os.getpriority(os.PRIO_PROCESS, pid) >= os.getpriority(os.PRIO_PROCESS, 0) + 1


def test_names_travel_to_the_worker_by_the_packs_name():
    names = Names(PACK, ["Ann", "Bo"])
    copy = pickle.loads(pickle.dumps(names))
    assert copy.pack is PACK and copy.players == ["Ann", "Bo"]
    assert len(pickle.dumps(names)) < 200  # the pack itself is some 32 KB


async def test_a_dead_worker_process_leaves_pictures_drawn_on_a_thread():
    state = phase_states(2, 101, False)[-1]
    names = Names(PACK)
    await pictures.render_async(pictures.board, public(state), names)
    pid = picture_worker.worker_pid()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    try:
        # Several pictures asked for at once, as the notifier does: all of them are drawn.
        drawn = await asyncio.gather(
            *(pictures.render_async(pictures.board, public(state), names) for _ in range(3))
        )
        assert drawn == [pictures.board(public(state), names)] * 3
        assert picture_worker.worker_pid() is None and picture_worker._fallback is not None
    finally:  # the next tests get a worker process again
        if picture_worker._fallback is not None:
            picture_worker._fallback.shutdown()
        picture_worker._fallback = None


async def test_a_renderers_error_reaches_the_caller_and_the_worker_goes_on():
    state = phase_states(2, 101, False)[-1]
    names = Names(PACK)
    with pytest.raises(ValueError, match="only in the Action Phase"):
        await pictures.render_async(pictures.reveal, public(phase_states(2, 101, False)[0]), names)
    pid = picture_worker.worker_pid()
    drawn = await pictures.render_async(pictures.board, public(state), names)
    assert drawn == pictures.board(public(state), names)
    assert picture_worker.worker_pid() == pid


def test_the_worker_process_ends_when_the_bot_process_is_killed(tmp_path):
    """SIGKILL leaves the bot no time to stop its worker: the worker notices it was orphaned."""
    script = (
        "import asyncio, sys, time\n"
        "from bot.render import pictures\n"
        "pictures.start()\n"
        "print(pictures.worker_pid(), flush=True)\n"
        "time.sleep(60)\n"
    )
    bot = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    try:
        worker = int(bot.stdout.readline())
        os.kill(bot.pid, signal.SIGKILL)
        bot.wait()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _alive(worker):
            time.sleep(0.05)
        assert not _alive(worker)
    finally:
        bot.kill()
        bot.wait()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _before_each_reset(players: int, seed: int) -> list[GameState]:
    """The state at the end of each Action Phase of a simulated game (the orders resolved)."""
    from games.guild_master.players.simulate import play

    _, _, log = play(players, seed, keep_events=True)
    out, state = [], None
    for e in log:
        if type(e).__name__ == "ResetPhaseStarted":
            out.append(state)
        state = GAME.evolve(state, e)
    return out


def test_the_revealed_orders_show_what_became_of_them():
    """Issue 19: the revealed-orders picture, posted after the resolution, said "to resolve" on
    every card, "0 Gold" on contract orders and "Space 3 — no order" for guilds with two spaces.
    Drawn at the end of the Action Phase it says what became of each order, shows Gold only on
    Hire Builders and Recruit orders, and no space a guild does not have."""
    names = Names(PACK, ["Kim", "Chris", "Morgan"])
    states = _before_each_reset(3, 11)
    assert states
    for state in states:
        pv = public(state)
        with recording() as log:
            draw_reveal(pv, PACK, names)
        texts = [d.text for d in log]
        assert any("what became of them" in t for t in texts)
        assert "to resolve" not in texts
        gold_chips = sum(1 for t in texts if t.endswith(" Gold") and t[0].isdigit())
        carrying = sum(  # Gold still on an order that carries it (none once it resolved)
            1
            for orders in pv.orders
            for o in orders
            if not o.outcomes and (o.objective == "hire" or o.objective in tuple("ABCDEF"))
        )
        assert gold_chips == carrying
        labels = {"hired", "recruited", "completed", "failed", "wandered", "missed"}
        assert labels & set(texts), texts
        # A row per space anybody used; in it, "no order" only where that guild has the space.
        rows = {o.space for orders in pv.orders for o in orders}
        empties = sum(1 for t in texts if t == "no order")
        spaces_without = sum(
            1
            for g in pv.guilds
            for k in rows
            if k <= g.order_spaces and not any(o.space == k for o in pv.orders[g.seat])
        )
        assert empties == spaces_without


def test_every_card_and_upgrade_draws_as_a_small_picture():
    """Issue 19: `/gm card` shows the card as a small picture as well as text. Every card and
    upgrade of the pack draws, with its name and nothing cut off."""
    from games.guild_master.pictures.card_image import draw_card
    from games.guild_master.presentation.cards import card_names

    found = card_names(PACK)
    assert len(found) > 150
    for shown, slug in found:
        with recording() as log:
            img = draw_card(PACK, slug)
        check_texts(log, f"card {slug}")
        assert log[0].text == shown or shown.startswith(log[0].text), (shown, log[0].text)
        assert img.width == canvas.WIDTH and img.height < 600
