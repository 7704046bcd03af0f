"""The click path's CPU: what one player's click costs the bot, from the handler's call to its
answer, without Discord (bot/chat/actions.py, the service, the game's presentation), and what
the work it sets off costs after the answer (the service's background moves and deadline, the
notifier's posts through a poster that keeps them).

    python bench/click_path.py [--games 300] [--rounds 2] [--cached 256] [--profile out.prof]

G games of 2 players each (no built-in players, no deadlines) are created and started in their
own channels; setup and every decision but the orders are answered by the game's built-in
player through the service. Then, round after round, each player of each game does what the
load bench's players do in the round burst (bench/load.py): a team of two on order 1, then
Ready, through `Actions.control` as the client calls it. The second Ready of a game reveals and
resolves its round. Games take turns: every game's first click, then every game's second, ...,
so that with more games than the service keeps states of (`--cached`, StateCache) a click finds
its game's state as it would under load.

Printed: CPU milliseconds per click (process time: the loop and any thread), the answer's
handler apart from what follows it (the service's background moves and deadline, the
notifier), by kind of click; and a state's reload from its snapshot (the StateCache's miss).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import itertools
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.chat.actions import Actions, Who
from bot.chat.notifier import Notifier
from bot.service import GameService, StateCache, bot_move
from bot.store import EventStore, sqlite_url
from games.guild_master import GAME
from tests.bot.fakes import FakePoster

GUILD = 777
_ids = itertools.count(10_000_000)


def memory() -> str:
    """This process's resident memory now and at its peak (VmRSS, VmHWM)."""
    status = Path("/proc/self/status").read_text().splitlines()
    found = {
        line.split(":")[0]: int(line.split()[1]) // 1024 for line in status if line.startswith("Vm")
    }
    return f"{found.get('VmRSS', 0)} MB resident, peak {found.get('VmHWM', 0)} MB"


def who(user: int, channel: int) -> Who:
    return Who(user, f"user{user}", str(next(_ids)), channel_id=channel, guild_id=GUILD)


class Clock:
    """CPU seconds per named part, and how many times each was timed."""

    def __init__(self) -> None:
        self.spent: dict[str, list[float]] = {}

    async def time(self, part: str, work: Any) -> Any:
        start = time.process_time()
        result = await work
        self.spent.setdefault(part, []).append(time.process_time() - start)
        return result

    def report(self) -> None:
        for part, times in self.spent.items():
            ms = [t * 1000 for t in times]
            print(
                f"  {part:<28} {len(ms):>6} x  mean {statistics.fmean(ms):7.3f} ms  "
                f"median {statistics.median(ms):7.3f} ms"
            )


async def answer_all_but_orders(service: GameService, game_id: int) -> None:
    """Let the built-in player answer whatever the game asks but the orders."""
    for _ in range(200):
        state, version = await service.load(game_id)
        asked = [d for d in GAME.pending(state) if d.kind != "orders"]
        if not asked:
            return
        seat = asked[0].seat
        command = bot_move(GAME, 1, version, state, {seat})
        assert command is not None
        await service.act(game_id, command, by=seat)
    raise AssertionError("the game kept asking")


async def main(args: argparse.Namespace) -> None:
    tmp = tempfile.mkdtemp(prefix="click-path-")
    store = await EventStore.open(sqlite_url(f"{tmp}/bot.sqlite3"), single_writer=True)
    service = GameService(store, cache=StateCache(size=args.cached))
    poster = FakePoster()
    notifier = Notifier(service, poster, images=False)
    service.listeners.append(notifier)
    actions = Actions(service, rate_limit=1_000_000, images=False, notifier=notifier)
    games: list[tuple[int, int, int, int]] = []  # game, channel, user a, user b
    for i in range(args.games):
        channel, a, b = 50_000 + i, 2 * i + 1, 2 * i + 2
        await actions.create(who(a, channel), players=2, bots=False)
        game = (await service.game_in_channel(channel)).id  # type: ignore[union-attr]
        await actions.join(who(b, channel))
        await actions.start(who(a, channel))
        await answer_all_but_orders(service, game)
        games.append((game, channel, a, b))
    await service.settle()
    await notifier.idle()
    print(f"{args.games} games set up (state cache of {args.cached}); python {sys.version[:6]}")
    clock = Clock()
    profile = cProfile.Profile() if args.profile else None

    async def click(part: str, user: int, channel: int, cid: str, values: list[str]) -> None:
        if profile is not None:
            profile.enable()
        reply = await clock.time(part, actions.control(who(user, channel), cid, values))
        if profile is not None:
            profile.disable()
        text = reply.message.embeds[0].footer if reply.message and reply.message.embeds else ""
        assert "⚠" not in text, text
        await clock.time("  then: background moves", service.settle())
        await clock.time("  then: notifier", notifier.idle())

    for _round in range(args.rounds):
        for step in ("team", "ready"):
            for seat in (0, 1):
                for game, channel, a, b in games:
                    user = (a, b)[seat]
                    state, _ = await service.load(game)
                    if step == "team":
                        team = list(state.guilds[seat].adventurers[:2])
                        cid = f"gm:obteam:{game}:{seat}:1"
                        await click("team on order 1", user, channel, cid, team)
                    else:
                        part = "ready" if seat == 0 else "ready (reveals the round)"
                        await click(part, user, channel, f"gm:obready:{game}:{seat}:1", [])
        for game, *_ in games:
            await answer_all_but_orders(service, game)
        await service.settle()
        await notifier.idle()
    print("CPU per click (handler = the answer; then = what it sets off):")
    clock.report()
    handler = [t for k, v in clock.spent.items() if not k.startswith(" ") for t in v]
    after = [t for k, v in clock.spent.items() if k.startswith(" ") for t in v]
    print(
        f"  all clicks: handler {statistics.fmean(handler) * 1000:.3f} ms, "
        f"then {sum(after) / len(handler) * 1000:.3f} ms, "
        f"in all {(sum(handler) + sum(after)) / len(handler) * 1000:.3f} ms a click"
    )
    reloads = []
    for game, *_ in games[:50]:
        start = time.process_time()
        await store.load(game)
        reloads.append(time.process_time() - start)
    print(f"a state's reload from its snapshot: {statistics.fmean(reloads) * 1000:.3f} ms")
    print(f"memory: {memory()}; states kept {len(service._cache)}")
    if profile is not None:
        profile.dump_stats(args.profile)
        print(f"profile of the handlers: {args.profile}")
    await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--cached", type=int, default=256, help="the StateCache's size")
    parser.add_argument("--profile", help="write a cProfile of the handlers to this file")
    asyncio.run(main(parser.parse_args()))
