"""At most so many interactions handled at once (bot/chat/backlog.py): the others wait their
turn, first come first served, and one not acknowledged is let in at once; one that would wait
is acknowledged on arrival; a burst beyond the bound still answers every click, in order in
each game."""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import pytest

from bot.chat import backlog
from bot.chat.backlog import Backlog
from bot.chat.priority import AnswersFirst
from bot.loopback.records import DEFERRED_UPDATE_MESSAGE
from tests.bot.test_acks import Acks, click
from tests.e2e.conftest import world  # noqa: F401  (the loopback Discord and the real bot)


async def handlers(
    places: Backlog, names: list[str], urgent: set[str] = frozenset(), work: float = 0.01
) -> tuple[list[str], int]:
    """Handlers started in the order named, each taking a place for `work` seconds: the order
    in which they got their places, and the most that held one at once."""
    order: list[str] = []
    inside, most = 0, 0

    async def handler(name: str) -> None:
        nonlocal inside, most
        async with places.place(urgent=name in urgent):
            order.append(name)
            inside += 1
            most = max(most, inside)
            await asyncio.sleep(work)
            inside -= 1

    await asyncio.gather(*(handler(n) for n in names))
    return order, most


async def holding(places: Backlog, until: asyncio.Event) -> None:
    """A handler that keeps its place until `until` is set."""
    async with places.place():
        await until.wait()


async def test_no_more_than_the_bound_work_at_once_and_they_come_in_order():
    places = Backlog(limit=3)
    names = [f"click {i}" for i in range(12)]
    order, most = await handlers(places, names)
    assert most == 3
    assert order == names
    assert places.handling == 0 and places.waiting == 0


async def test_an_urgent_handler_is_let_in_at_once_past_the_bound():
    places = Backlog(limit=1)
    order, most = await handlers(places, ["a", "b", "c", "d"], urgent={"c"})
    assert order == ["a", "c", "b", "d"]  # c is not acknowledged: in beside a
    assert most == 2
    assert places.handling == 0 and places.waiting == 0


async def test_a_handler_that_keeps_its_place_too_long_lets_the_next_one_in():
    places = Backlog(limit=1, hold=0.05)
    stuck = asyncio.Event()
    order: list[str] = []

    async def slow() -> None:
        async with places.place():
            order.append("slow")
            await stuck.wait()
        order.append("slow done")

    async def quick() -> None:
        async with places.place():
            order.append("quick")

    first = asyncio.create_task(slow())
    await asyncio.sleep(0)
    await asyncio.wait_for(quick(), 1.0)  # in once the slow one has held its place 0.05 s
    stuck.set()
    await first
    assert order == ["slow", "quick", "slow done"]
    assert places.handling == 0


async def test_a_handler_cancelled_while_waiting_or_just_let_in_loses_no_place():
    places = Backlog(limit=1)
    held = asyncio.Event()

    async def waiter() -> None:
        async with places.place():
            pass

    first = asyncio.create_task(holding(places, held))
    await asyncio.sleep(0)
    waiting = asyncio.create_task(waiter())
    handed = asyncio.create_task(waiter())
    await asyncio.sleep(0)
    assert places.waiting == 2
    waiting.cancel()  # cancelled in the queue
    await asyncio.sleep(0)
    held.set()
    await first  # its place handed to `handed`, which is cancelled before it runs
    handed.cancel()
    await asyncio.gather(waiting, handed, return_exceptions=True)
    assert places.handling == 0 and places.waiting == 0
    order, most = await handlers(places, ["x", "y"])
    assert order == ["x", "y"] and most == 1


async def test_a_click_acknowledged_on_arrival_waits_unparsed_and_is_parsed_at_its_turn():
    places = Backlog(limit=1)
    parsed: list[int] = []
    held = asyncio.Event()

    first = asyncio.create_task(holding(places, held))
    await asyncio.sleep(0)
    places.in_turn(7, lambda: parsed.append(7))
    assert parsed == [] and places.waiting == 1  # kept as it came, not parsed
    assert not places.claim(7)
    held.set()
    await first
    assert parsed == [7]  # parsed when the place was given back, the place kept for it
    assert places.handling == 1 and places.waiting == 0
    assert places.claim(7) and not places.claim(7)  # claimed once, by its handler
    async with places.place(kept=True):
        assert places.handling == 1  # no second place taken
    assert places.handling == 0


async def test_a_click_acknowledged_while_a_place_is_free_is_parsed_at_once_in_its_place():
    places = Backlog(limit=2)
    parsed: list[int] = []
    places.in_turn(8, lambda: parsed.append(8))
    assert parsed == [8] and places.handling == 1
    assert places.claim(8)
    async with places.place(kept=True):
        pass
    assert places.handling == 0


async def test_clicks_parsed_at_their_turn_and_handlers_waiting_share_one_queue_in_order():
    places = Backlog(limit=1)
    order: list[str] = []
    held = asyncio.Event()

    async def waiter(name: str) -> None:
        async with places.place():
            order.append(name)

    async def parsed_click(name: str, interaction_id: int) -> None:
        assert places.claim(interaction_id)
        async with places.place(kept=True):
            order.append(name)

    first = asyncio.create_task(holding(places, held))
    await asyncio.sleep(0)
    a = asyncio.create_task(waiter("a"))
    await asyncio.sleep(0)
    tasks = []
    places.in_turn(2, lambda: tasks.append(asyncio.create_task(parsed_click("b", 2))))
    c = asyncio.create_task(waiter("c"))
    await asyncio.sleep(0)
    places.in_turn(4, lambda: tasks.append(asyncio.create_task(parsed_click("d", 4))))
    assert places.waiting == 4
    held.set()
    await asyncio.gather(first, a, c)
    while len(tasks) < 2:
        await asyncio.sleep(0)
    await asyncio.gather(*tasks)
    assert order == ["a", "b", "c", "d"]
    assert places.handling == 0 and places.waiting == 0


async def test_a_place_kept_for_a_click_whose_handler_never_comes_is_given_back():
    places = Backlog(limit=1, hold=0.05)
    places.in_turn(9, lambda: None)  # discord.py dropped it: no handler
    assert places.handling == 1
    await asyncio.sleep(0.1)
    assert places.handling == 0 and not places.claim(9)
    order, _ = await handlers(places, ["next"])
    assert order == ["next"]


async def test_a_click_that_cannot_be_parsed_at_its_turn_gives_its_place_back(caplog):
    places = Backlog(limit=1)

    def broken() -> None:
        raise ValueError("a payload discord.py refuses")

    places.in_turn(10, broken)
    assert places.handling == 0 and not places.claim(10)
    assert "interaction 10 could not be parsed at its turn" in caplog.text


async def test_a_click_parsed_at_its_turn_does_not_inherit_the_context_of_the_one_before():
    places = Backlog(limit=1)
    label: contextvars.ContextVar[str] = contextvars.ContextVar("label", default="none")
    seen: list[str] = []

    async def holder() -> None:
        label.set("the handler before")
        async with places.place():
            await asyncio.sleep(0)

    first = asyncio.create_task(holder())
    await asyncio.sleep(0)
    places.in_turn(11, lambda: seen.append(label.get()))
    await first
    assert seen == ["none"]


async def test_a_click_that_would_wait_for_a_place_is_acknowledged_on_arrival():
    answers = AnswersFirst()
    places = Backlog(limit=2)
    early = Acks(answers, when_waiting=100)  # few wait: only the places decide
    early.behind = lambda: places.behind(answers.waiting)
    early.parse(click(1))
    early.parse(click(2))
    early.parse(click(3))  # two arrived ahead of it, unplaced: it would wait
    assert early.take(1) is None and early.take(2) is None
    assert await early.take(3) is True


async def test_a_burst_beyond_the_bound_answers_every_click_in_order_in_each_game(
    world: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Six lobbies; in each a player joins and leaves with two clicks sent at once, twelve
    clicks against two places. Every click is answered, each game's join before its leave
    (in order: the player is out; the other way round the leave is refused and they stay)."""
    monkeypatch.setattr(backlog, "HOLD", 30.0)
    bot, fake = world.bot, world.fake
    bot.backlog.limit = 2
    at_once: list[int] = []  # handlers placed and waiting, as each asks for its place
    take = bot.backlog._take

    async def counted(urgent: bool) -> None:
        at_once.append(bot.backlog.handling + bot.backlog.waiting)
        await take(urgent)

    monkeypatch.setattr(bot.backlog, "_take", counted)
    unparsed: list[int] = []  # clicks kept as payloads until their turn
    in_turn = bot.backlog.in_turn

    def kept(interaction_id: int, start: Any) -> None:
        unparsed.append(bot.backlog.handling + bot.backlog.waiting)
        in_turn(interaction_id, start)

    monkeypatch.setattr(bot.backlog, "in_turn", kept)
    kim, chris = world.users["kim"], world.users["chris"]
    lobbies = []
    for i in range(6):
        channel = fake.create_channel(world.guild, f"table-{i}")
        await fake.slash(kim, channel, "gm create", players=2, bots=False)
        lobby = await fake.wait_for(
            lambda c=channel: next(
                (m for m in fake.messages(c) if any(":join" in x for x in m.custom_ids())), None
            ),
            what="the lobby",
            timeout=10,
        )
        lobbies.append(lobby)
    clicks = []
    for lobby in lobbies:
        join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
        leave = next(c for c in lobby.custom_ids() if c.endswith(":leave"))
        clicks.append((await fake.click(chris, lobby, join), await fake.click(chris, lobby, leave)))
    await fake.wait_for(
        lambda: all(r.answered_at is not None for pair in clicks for r in pair),
        what="every click answered",
        timeout=30,
    )
    await world.settled()
    assert bot.backlog.handling == 0 and bot.backlog.waiting == 0
    assert max(at_once + unparsed) > 2  # the burst went beyond the bound
    assert any(n >= 2 for n in unparsed)  # clicks waited unparsed for their places
    assert any(r.response_type == DEFERRED_UPDATE_MESSAGE for pair in clicks for r in pair)
    for game_id, (join, leave) in enumerate(clicks, start=1):
        assert not join.errors and not leave.errors
        assert join.answered_at < leave.answered_at
        seats = [s.user_id for s in await bot.store.seats(game_id)]
        assert chris.id not in seats
        assert "chris" not in fake.message(lobbies[game_id - 1].id).text()
