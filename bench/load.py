"""Load: many concurrent games on one bot process, against the loopback Discord, with the same
figures for a bare discord.py bot answering a trivial command as the floor, in the same run.

    python bench/load.py [--games 100 500] [--no-images]

For each game count, G games of 2 players each are created in their own channels, and the
players act in bursts, every game at once: create, join, start; setup choices; a team on
order 1; Ready (which reveals and resolves round 1 and opens round 2's Order Phase). Reported:
interaction-to-callback latency p50/p99 (as the loopback Discord measures it), the count over
3 seconds, the bot process's memory (peak RSS), and Discord REST calls per game round. The
floor is a bare discord.py bot (this file, `--bare`) answering /ping, hit with as many
interactions in bursts of the same size.

Aims: p99 at most 1.5 times the floor's p99 at 100 games; nothing over 3 s at 500 games;
under 300 MB of memory for 500 games.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.loopback import FakeDiscord, percentile  # noqa: E402


def rss_peak_mb(pid: int) -> float:
    """Peak resident memory of a process (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def spawn(fake: FakeDiscord, args: list[str], env_extra: dict[str, str]) -> subprocess.Popen:
    env = {
        **os.environ,
        "DISCORD_TOKEN": fake.bot_token,
        "GUILDMASTER_API_BASE": fake.rest_url,
        "GUILDMASTER_GATEWAY": fake.gateway_url,
        "GUILDMASTER_LOG_LEVEL": "ERROR",
        **env_extra,
    }
    return subprocess.Popen(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def burst(coros: list[Any]) -> None:
    await asyncio.gather(*coros)


class Load:
    """One run of the game load against one fake Discord and one bot process."""

    def __init__(self, fake: FakeDiscord, games: int) -> None:
        self.fake = fake
        self.games = games
        self.guild = None
        self.channels: list[Any] = []
        self.players: list[tuple[Any, Any]] = []

    def world(self) -> None:
        fake = self.fake
        owner = fake.create_user("owner")
        self.guild = fake.create_guild("Load", owner=owner, channels=())
        for i in range(self.games):
            a, b = fake.create_user(f"a{i}"), fake.create_user(f"b{i}")
            fake.add_member(self.guild, a)
            fake.add_member(self.guild, b)
            self.channels.append(fake.create_channel(self.guild, f"game-{i}"))
            self.players.append((a, b))

    async def wait(self, record: Any) -> Any:
        return await record.wait_reply(timeout=60)

    async def lobby(self, i: int) -> None:
        fake = self.fake
        a, b = self.players[i]
        channel = self.channels[i]
        lobby = await self.wait(await fake.slash(a, channel, "gm create", players=2, bots=False))
        join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
        await self.wait(await fake.click(b, lobby, join))
        await self.wait(await fake.slash(a, channel, "gm start"))

    async def setup(self, user: Any) -> None:
        fake = self.fake
        prompt = await fake.wait_for_dm(user, contains="three contracts", timeout=120)
        select = prompt.selects()[0]
        await self.wait(
            await fake.select(user, prompt, select["custom_id"], [select["options"][0]["value"]])
        )

    async def orders(self, user: Any, ready: bool) -> None:
        fake = self.fake
        board = await fake.wait_for_dm(user, contains="your orders", timeout=120)
        team_id = next(c for c in board.custom_ids() if c.startswith("gm:obteam:"))
        options = board.component(team_id)["options"][:2]
        await self.wait(await fake.select(user, board, team_id, [o["value"] for o in options]))
        if ready:
            board = fake.message(board.id)
            ready_id = next(c for c in board.custom_ids() if c.startswith("gm:obready:"))
            await self.wait(await fake.click(user, board, ready_id))

    async def run(self) -> float:
        """Play the bursts; returns the seconds they took."""
        start = time.perf_counter()
        await burst([self.lobby(i) for i in range(self.games)])
        await burst([self.setup(u) for pair in self.players for u in pair])
        await burst([self.orders(u, ready=True) for pair in self.players for u in pair])
        # Round 2's boards arrive when the last guild of a game is ready: wait for them all.
        for a, b in self.players:
            for u in (a, b):
                await self.fake.wait_for(
                    lambda u=u: sum("your orders" in m.text() for m in self.fake.dms(u)) >= 2,
                    what="round 2's order board",
                    timeout=120,
                )
        return time.perf_counter() - start


async def run_bot(games: int, images: bool) -> dict[str, Any]:
    fake = await FakeDiscord.start()
    db = Path(tempfile.mkdtemp(prefix="gm-load-")) / "load.sqlite3"
    load = Load(fake, games)
    load.world()
    env = {"GUILDMASTER_DATABASE_PATH": str(db)}
    if not images:
        env["GUILDMASTER_IMAGES"] = "0"
    proc = spawn(fake, ["-m", "bot.cli", "run"], env)
    try:
        await fake.wait_until_connected(timeout=60)
        await fake.wait_for_commands("gm", timeout=60)
        fake.stats.reset()
        seconds = await load.run()
        calls = sum(fake.stats.calls.values())
        latencies = list(fake.stats.latencies)
        return {
            "latencies": latencies,
            "seconds": seconds,
            "rss_mb": rss_peak_mb(proc.pid),
            "rest_per_game_round": calls / games,
        }
    finally:
        proc.kill()
        proc.wait()
        await fake.stop()


async def run_floor(interactions: int, burst_size: int) -> dict[str, Any]:
    fake = await FakeDiscord.start()
    owner = fake.create_user("owner")
    guild = fake.create_guild("Floor", owner=owner)
    channel = fake.text_channels(guild)[0]
    users = [fake.create_user(f"u{i}") for i in range(burst_size)]
    for u in users:
        fake.add_member(guild, u)
    proc = spawn(fake, [str(Path(__file__).resolve()), "--bare"], {})
    try:
        await fake.wait_until_connected(timeout=60)
        await fake.wait_for_commands("ping", timeout=60)
        fake.stats.reset()
        done = 0
        while done < interactions:
            n = min(burst_size, interactions - done)
            records = [await fake.slash(users[i], channel, "ping") for i in range(n)]
            await asyncio.gather(*(r.wait_reply(timeout=60) for r in records))
            done += n
        return {"latencies": list(fake.stats.latencies), "rss_mb": rss_peak_mb(proc.pid)}
    finally:
        proc.kill()
        proc.wait()
        await fake.stop()


def bare_bot() -> None:
    """The floor: a bare discord.py bot whose one command answers at once."""
    import discord
    from discord import app_commands

    from bot.run import point_at

    point_at(os.environ["GUILDMASTER_API_BASE"], os.environ["GUILDMASTER_GATEWAY"])
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(name="ping", description="pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @client.event
    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook  # type: ignore[method-assign]
    client.run(os.environ["DISCORD_TOKEN"], log_handler=None)


def line(name: str, r: dict[str, Any]) -> str:
    lat = r["latencies"]
    over = sum(1 for x in lat if x > 3.0)
    p50, p99 = percentile(lat, 50), percentile(lat, 99)
    text = (
        f"  {name:<22} interactions {len(lat):>5}  p50 {p50 * 1000:7.1f} ms  "
        f"p99 {p99 * 1000:7.1f} ms  over 3 s {over}  memory {r['rss_mb']:.0f} MB"
    )
    if "rest_per_game_round" in r:
        text += f"  REST calls per game round {r['rest_per_game_round']:.1f}"
    return text


async def main(games_counts: list[int], images: bool) -> None:
    for games in games_counts:
        bot = await run_bot(games, images)
        # Bursts as large as the game load's largest: every player of every game at once.
        floor = await run_floor(len(bot["latencies"]), 2 * games)
        print(f"{games} concurrent games ({bot['seconds']:.1f} s of bursts):")
        print(line("Guild Master bot", bot))
        print(line("bare discord.py floor", floor))
        ratio = percentile(bot["latencies"], 99) / percentile(floor["latencies"], 99)
        print(f"  p99 bot / floor = {ratio:.2f}")


if __name__ == "__main__":
    if "--bare" in sys.argv:
        bare_bot()
        sys.exit(0)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[100, 500])
    parser.add_argument("--no-images", action="store_true", help="the bot posts no pictures")
    args = parser.parse_args()
    asyncio.run(main(args.games, not args.no_images))
