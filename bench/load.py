"""Load: many concurrent games on one bot process, against the loopback Discord, with the same
figures for a bare discord.py bot answering a trivial command as the floor, in the same run.

    python bench/load.py [--games 100 500] [--no-images] [--verbose] [--timeout SECONDS]
    python bench/load.py --postgres --shards 1 2 [--games 100]   # one process, then two shards
    python bench/load.py --game town [--games 100]   # another hosted game (no floor)
    python bench/load.py --pace 120 [--games 100 500]   # games played at people's pace

With `--postgres` the bot runs over a private PostgreSQL (tests/postgres.py starts it; as root
it runs as the postgres user), a new database for each run; with `--shards 1 2` the same load is
run with one process and then with two `guildmaster run` processes, each running one of two
shards over the same database (docs/sharding.md), the games split over two servers, one on each
shard. Their figures are summed over the processes, and the throughput (interactions a second
of bursts) is printed beside the answers' p99.

For each game count, G games of 2 players each (no built-in players, no deadlines) are created
in their own channels of one server, and the players act in bursts, every game at once:

1. lobby: per game, create, join, start, one after the other (G chains of 3 interactions);
2. setup: every player picks a setup choice; where round 1's Plot Phase asks a guild, it ends
   its plot turn (2G chains of 1-2), until every round 1 order board is out;
3. round: every player puts a team on order 1 and presses Ready, which reveals and resolves
   round 1; where round 2's Plot Phase asks a guild, it ends its plot turn (2G chains of 2-3);
   until every round 2 order board is out.

With `--game` (town, winterforge, guildmasters, guild-ball) the load is another hosted game's:
the same world and lobby burst (`/gm create game:...`), then one burst in which the two players
of every game answer what their game asks through the controls of their DMs, as the player of
that game's end-to-end test does (tests/e2e: it reads only what a person sees), until the game
has had MOVES answers or has ended. Its figures are those below, over every interaction of the
run, and the REST calls and pictures are those of the play burst.

The games are dealt from random seeds (as /gm start does), so which guilds have a plot turn,
and so the number of interactions, differs a little from run to run. Players see a DM or an
answer at most 20 ms after it arrives (see Waiting).

Reported, for the bot and the floor side by side:

- interactions: how many were measured;
- p50/p99: seconds from the fake Discord sending INTERACTION_CREATE to the bot's callback
  arriving (`InteractionRecord.latency`, as the fake measures it). The fake runs with no
  interaction deadline, so a late callback is measured instead of refused, and the count over 3
  seconds (Discord's deadline: those users would see "This interaction failed") is honest;
- answer seen: seconds from sending INTERACTION_CREATE to the player seeing the answer
  (`InteractionRecord.answer_latency`). It is the callback, except for a click the bot
  acknowledged first under load (bot/chat/acks.py): then the edit or follow-up that came after
  the acknowledgement. Reported beside the callback's figures so that acknowledging early can
  never hide a slow answer;
- memory: the process's peak resident memory (VmHWM); for the bot, also the peaks of the
  processes it started (its picture worker), and the sum;
- CPU: the process's user + system CPU seconds over the whole run (start-up included, and for
  the bot also shown apart: its CPU once its commands are registered); for the bot, also its
  processes' CPU; and CPU per interaction: the bot's once its commands are registered, and its
  picture worker's (its whole run: it starts with the bot), each divided by the interactions;
- REST calls per game round: every REST request the bot makes during burst 3, from round 1's
  first order until it has been idle for a second after the last round 2 board (one full cycle
  of a round: orders, reveal, Action, Reset, Start of Round, Plot, the next boards), divided by
  the number of games; "of which interaction answers" counts callbacks and their follow-ups or
  edits, which Discord does not count against the global 50 requests/s;
- pictures per game round: the files attached to the messages the bot posted or edited during
  the same round burst, and (--verbose) the round's messages by what they are: posted or edited,
  in the channel or in DMs, with how many pictures, by the first words of their text.

The floor is a bare discord.py bot (this file, `--bare`) answering /ping at once. It gets the
same number of interactions in bursts of the same shape: the bot run records each burst as its
chains of consecutive interactions, and the floor replays them with /ping.

Paced (`--pace P`, Guild Master only): the same three phases, but played as people play rather
than every game at once. Each game begins each phase at its own time, drawn uniformly over P
seconds, and before every click a player reads and thinks for 1-5 seconds (THINK, drawn
uniformly). So a game plays a round about every P seconds, and the games' rounds are staggered
over that period: with about 4.7 interactions a game round, G games make about 4.7 G / (P + 9)
interactions a second in the round phase (a chain's thinking adds some 9 s to each phase;
2,000 games at P = 120: about 73 a second). The printed rate is over the three phases, whose
first two have fewer interactions a game (3 and about 2): some 10 G / (3 (P + 9)) a second.
The floor waits the very same pauses before each /ping of its chains. Without `--pace` every
burst is sent at once, as before, and nothing printed changes.

Aims: p99 at most 1.5 times the floor's p99 at 100 games; nothing over 3 s at 500 games;
under 300 MB of memory for 500 games.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import importlib
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.chat.acks import (  # noqa: E402
    ALREADY_ACKNOWLEDGED,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE_MESSAGE,
)
from bot.loopback import FakeDiscord, percentile  # noqa: E402
from bot.progress import counter  # noqa: E402
from tests.e2e import people  # noqa: E402

# Seconds to wait for any one answer (--timeout): a stuck run fails instead of hanging.
TIMEOUT = 300.0
TICK = 0.02  # seconds between two checks of what the players wait for
DEFERRALS = (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)
QUIET = 1.0  # seconds without a REST request that mark the end of the bot's work for a round
# How the load answers a decision put to a guild: its Default button, or the button that is
# the default without saying so (ending a plot turn, finishing a roll automatically).
DEFAULT_ANSWER = re.compile(r"^gm:default:")
DEFAULTS = ("Done with plot abilities", "Finish automatically")
# Routes of interaction answers: the callback, and follow-ups / edits of the original.
ANSWER_ROUTES = ("/interactions/", "/webhooks/")

GUILD_MASTER = "guild-master"
#: The other hosted games (--game), each played by the player of its end-to-end test
#: (tests/e2e), who reads only what a person sees and answers every prompt the simple way:
#: module and class.
OTHER_GAMES = {
    "town": ("tests.e2e.test_town", "Townsfolk"),
    "winterforge": ("tests.e2e.test_winterforge", "Smith"),
    "guildmasters": ("tests.e2e.test_guildmasters", "Guildmaster"),
    "guild-ball": ("tests.e2e.test_guild_ball", "Coach"),
}
MOVES = 20  # answers per game in another game's play burst (fewer if the game ends first)

#: One burst: the length of each chain of consecutive interactions, all chains at once.
Shape = list[int]
#: Moves the progress bar on by a number of bursts done.
Advance = Callable[[int], None]
BURSTS = 6  # per game count: the bot's three, then the floor's three
# Paced runs: seconds a player takes to read what changed and click (uniform between the two).
THINK = (1.0, 5.0)
#: Per burst, per chain: the seconds waited before each of its interactions (paced runs).
Pauses = list[list[float]]


class Pacing:
    """When the players of a paced run click: each game starts each phase at a time drawn over
    `period` seconds, and each click follows THINK seconds of reading (seeded: the same run
    twice pauses the same)."""

    def __init__(self, period: float, seed: int = 0) -> None:
        self.period = period
        self.random = random.Random(seed)

    def start(self) -> float:
        return self.random.uniform(0.0, self.period)

    def think(self) -> float:
        return self.random.uniform(*THINK)


class Chain:
    """A paced chain's pauses: its game's start before the first interaction, then thinking."""

    def __init__(self, pacing: Pacing, start: float) -> None:
        self.pacing = pacing
        self.start = start
        self.pauses: list[float] = []

    def next(self) -> float:
        pause = self.pacing.think() + (0.0 if self.pauses else self.start)
        self.pauses.append(pause)
        return pause


#: The paced chain the running task belongs to (each chain of a burst is a task of its own).
CHAIN: contextvars.ContextVar[Chain | None] = contextvars.ContextVar("chain", default=None)


def rss_peak_mb(pid: int) -> float:
    """Peak resident memory of a process (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def children(pid: int) -> list[int]:
    """The processes `pid` started and that still run (the bot's picture worker), found by
    their parent in /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue  # gone meanwhile
        if ppid == pid:
            found.append(int(stat.parent.name))
    return found


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def spawn(fake: FakeDiscord, args: list[str], env_extra: dict[str, str]) -> subprocess.Popen:
    """Start a bot process pointed at the fake Discord."""
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


async def start_fake(shards: int = 1) -> FakeDiscord:
    """A fake Discord that measures late callbacks instead of refusing them."""
    if shards == 1:
        return await FakeDiscord.start(interaction_deadline=None)
    return await FakeDiscord.start(interaction_deadline=None, shard_count=shards)


class Waiting:
    """What the players wait for, checked together by one task every TICK seconds.

    The fake's own `wait_for` checks every waiting condition after every change to the fake:
    with hundreds of players waiting at once that cost the fake more than serving the bot (half
    its CPU at 100 games), and the fake is what measures the latencies. Checking on a clock
    delays a player's next move by at most TICK, never a measured latency.
    """

    def __init__(self) -> None:
        self._pending: list[tuple[Callable[[], Any], asyncio.Future[Any]]] = []
        self._task: asyncio.Task[None] | None = None

    async def until(self, predicate: Callable[[], Any], what: str) -> Any:
        """Until `predicate()` is truthy; returns its value."""
        value = predicate()
        if value:
            return value
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending.append((predicate, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._check())
        try:
            return await asyncio.wait_for(future, TIMEOUT)
        except TimeoutError:
            raise TimeoutError(f"no {what} after {TIMEOUT:.0f} s") from None

    async def _check(self) -> None:
        while self._pending:
            await asyncio.sleep(TICK)
            waiting = []
            for predicate, future in self._pending:
                if future.done():
                    continue
                try:
                    value = predicate()
                except Exception as exc:
                    future.set_exception(exc)
                    continue
                if value:
                    future.set_result(value)
                else:
                    waiting.append((predicate, future))
            self._pending = waiting

    async def answered(self, record: Any) -> None:
        """Until the user sees the answer to an interaction (`answered_at`: the reply, the
        updated message, or what filled in or replaced an acknowledgement)."""
        await self.until(
            lambda: record.answered_at is not None or refused(record), f"answer to {record.id}"
        )
        if refused(record):
            raise RuntimeError(f"{record.describe()} was refused: {record.errors}")


def refused(record: Any) -> list[dict[str, Any]]:
    """The errors Discord gave the bot's answers to an interaction, but for an acknowledgement
    tried again whose first try had got through ("already acknowledged"): Discord ignores it,
    and the interaction still gets its answer."""
    return [
        e
        for e in record.errors
        if not (e["code"] == ALREADY_ACKNOWLEDGED and record.response_type in DEFERRALS)
    ]


class DMs:
    """A user's DMs, looked through again only when one of them has changed."""

    def __init__(self, fake: FakeDiscord, user: Any) -> None:
        self.fake = fake
        self.user = user
        self.channel = fake.dm_channel(user)
        self._seen = -1

    def changed(self) -> bool:
        """Has a DM been sent or edited since the last call?"""
        messages = self.fake.world.messages
        rev = max((messages[m].rev for m in self.channel.message_ids), default=0)
        if rev == self._seen:
            return False
        self._seen = rev
        return True


def label(message: Any) -> str:
    """What a message is, in a few words: the first line of its text, numbers left out."""
    first = (message.text() or "(no text)").split("\n")[0]
    return re.sub(r"\d+", "#", first)[:48]


class Tally:
    """The bot's messages of one burst: what it posted and edited, where, with how many files."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.edits = {m.id: len(m.history) for m in fake.world.messages.values()}

    def count(self) -> dict[tuple[str, str, str], list[int]]:
        """(posted or edited, channel or DM, what) -> [messages or edits, pictures]."""
        world = self.fake.world
        out: dict[tuple[str, str, str], list[int]] = {}
        for m in world.messages.values():
            if m.author_id != world.bot.id or m.interaction_id is not None:
                continue  # interaction answers are counted by their route
            where = "DM" if world.channel(m.channel_id).is_dm else "channel"
            files = len(m.attachments)
            if m.id not in self.edits:
                row = out.setdefault(("posted", where, label(m)), [0, 0])
                row[0] += 1
                row[1] += files
            edits = len(m.history) - self.edits.get(m.id, len(m.history))
            if edits > 0:
                row = out.setdefault(("edited", where, label(m)), [0, 0])
                row[0] += edits
        return out


async def burst(chains: Sequence[Awaitable[int]]) -> Shape:
    """Run the chains at once; each returns how many interactions it sent."""
    return list(await asyncio.gather(*chains))


class Load:
    """One run of the game load against one fake Discord and one bot process."""

    def __init__(
        self,
        fake: FakeDiscord,
        games: int,
        shards: int = 1,
        game: str = GUILD_MASTER,
        pace: float | None = None,
    ) -> None:
        self.fake = fake
        self.pacing = Pacing(pace) if pace else None
        self.pauses: list[Pauses] = []  # paced runs: per burst, each chain's pauses
        self.games = games
        self.shards = shards
        self.game = game
        self.channels: list[Any] = []
        self.players: list[tuple[Any, Any]] = []
        self.records: list[Any] = []  # every interaction sent, to read its latency
        self.shapes: list[Shape] = []
        self.waiting = Waiting()
        self.answers: list[int] = []  # per game, the answers its players sent (other games)

    def world(self) -> None:
        """One server per shard; per game a channel and two members, the games dealt to the
        servers in turn."""
        fake = self.fake
        owner = fake.create_user("owner")
        if self.shards == 1:
            guilds = [fake.create_guild("Load", owner=owner, channels=())]
        else:
            guilds = [
                fake.create_guild(f"Load {k}", owner=owner, channels=(), shard=(k, self.shards))
                for k in range(self.shards)
            ]
        for i in range(self.games):
            guild = guilds[i % len(guilds)]
            a, b = fake.create_user(f"a{i}"), fake.create_user(f"b{i}")
            fake.add_member(guild, a)
            fake.add_member(guild, b)
            self.channels.append(fake.create_channel(guild, f"game-{i}"))
            self.players.append((a, b))

    async def send(self, interaction: Awaitable[Any]) -> None:
        """Send one interaction (in a paced run, after the chain's pause) and wait until its
        user sees the answer."""
        chain = CHAIN.get()
        if chain is not None:
            await asyncio.sleep(chain.next())
        record = await interaction
        self.records.append(record)
        await self.waiting.answered(record)

    async def lobby(self, i: int) -> int:
        fake = self.fake
        a, b = self.players[i]
        channel = self.channels[i]
        chosen = {} if self.game == GUILD_MASTER else {"game": self.game}
        await self.send(fake.slash(a, channel, "gm create", players=2, bots=False, **chosen))
        lobby = await self.waiting.until(
            lambda: next(
                (m for m in fake.messages(channel) if any(":join" in c for c in m.custom_ids())),
                None,
            ),
            "the lobby message",
        )
        join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
        await self.send(fake.click(b, lobby, join))
        await self.send(fake.slash(a, channel, "gm start"))
        return 3

    async def setup(self, user: Any) -> int:
        """A setup choice; then round 1's Plot Phase if it asks this guild, until its first
        order board is there."""
        fake = self.fake
        dms = DMs(fake, user)
        prompt = await self.waiting.until(
            lambda: dms.changed() and self._dm_containing(user, "three contracts"),
            "setup prompt",
        )
        select = prompt.selects()[0]
        value = select["options"][0]["value"]
        await self.send(fake.select(user, prompt, select["custom_id"], [value]))
        return 1 + await self.until_board(user, 1)

    async def round(self, user: Any) -> int:
        """A team on order 1 and Ready, which reveals and resolves the round; then what round
        2 asks this guild (a plot turn) before its order board."""
        fake = self.fake
        board = next(m for m in fake.dms(user) if "your orders" in m.text())
        team_id = next(c for c in board.custom_ids() if c.startswith("gm:obteam:"))
        options = board.component(team_id)["options"][:2]
        await self.send(fake.select(user, board, team_id, [o["value"] for o in options]))
        board = fake.message(board.id)
        ready_id = next(c for c in board.custom_ids() if c.startswith("gm:obready:"))
        await self.send(fake.click(user, board, ready_id))
        return 2 + await self.until_board(user, 2)

    async def play(self, i: int, user: Any) -> int:
        """Another game: the player of its end-to-end test answers what the game asks until
        the game's two players have answered MOVES times together or its final standings are
        out; returns the answers this player sent. The interactions are read from the fake
        afterwards (the player sends them itself)."""
        module_name, name = OTHER_GAMES[self.game]
        module = importlib.import_module(module_name)
        module.WAIT = TIMEOUT  # the test's wait for one answer: the bench's, under load
        player = getattr(module, name)(self.fake, user)
        sent, waited = 0, 0.0
        while self.answers[i] < MOVES:
            if await player.act_once():
                sent, waited = sent + 1, 0.0
                self.answers[i] += 1
                continue
            if people.final_posted(self.fake, self.channels[i]):
                break
            await asyncio.sleep(TICK * 10)
            waited += TICK * 10
            if waited > TIMEOUT:
                raise TimeoutError(f"nothing to answer for {user} after {TIMEOUT:.0f} s")
        return sent

    async def until_board(self, user: Any, round_: int) -> int:
        """Answer what the game asks this guild (a plot turn, a roll) the way its default
        would, until its order board of round `round_` is there; returns the answers sent."""
        fake = self.fake
        dms = DMs(fake, user)
        sent = 0
        while True:
            found = await self.waiting.until(
                lambda: dms.changed() and self._board_or_decision(user, round_),
                f"round {round_}'s order board",
            )
            if found == "board":
                return sent
            prompt, custom_id, values = found
            if values is None:
                await self.send(fake.click(user, prompt, custom_id))
            else:
                await self.send(fake.select(user, prompt, custom_id, values))
            sent += 1

    def _dm_containing(self, user: Any, text: str) -> Any:
        return next((m for m in self.fake.dms(user) if text in m.text()), None)

    def _board_or_decision(self, user: Any, round_: int) -> Any:
        """ "board" once the order board of round `round_` is there; else (message, custom id,
        values or None for a button) answering an open decision; else None."""
        dms = self.fake.dms(user)
        # A board is edited into "Orders revealed" at the reveal: look for this round's.
        if any(f"Round {round_} of" in m.text() and "your orders" in m.text() for m in dms):
            return "board"
        for m in dms:
            if "your decision" not in m.text() or not m.components:
                continue
            for b in m.buttons():
                if DEFAULT_ANSWER.match(b.get("custom_id", "")) or b.get("label") in DEFAULTS:
                    return m, b["custom_id"], None
            for s in m.selects():
                return m, s["custom_id"], [s["options"][0]["value"]]
        return None

    async def quiet(self) -> None:
        """Until the bot has made no REST request for QUIET seconds."""
        calls = self.fake.stats.calls
        last, since = -1, time.perf_counter()
        while time.perf_counter() - since < QUIET:
            total = sum(calls.values())
            if total != last:
                last, since = total, time.perf_counter()
            await asyncio.sleep(0.05)

    async def run(
        self, advance: Advance
    ) -> tuple[float, dict[str, int], dict[tuple[str, str, str], list[int]]]:
        """Play the bursts; (seconds they took, REST calls of the round by route, the round's
        messages by what they are). The progress bar is moved on only once a burst's time is
        taken and no interaction is in flight."""
        start = time.perf_counter()
        games = range(self.games)
        await self.burst([self.lobby(i) for i in games], list(games))
        if self.game != GUILD_MASTER:
            advance(1)
            return await self.run_other(start, advance)
        each = [i for i in games for _ in range(2)]  # the game of each player's chain
        await self.burst([self.setup(u) for pair in self.players for u in pair], each)
        seconds = time.perf_counter() - start
        advance(2)
        await self.quiet()  # the round's count starts with the bot idle
        self.fake.stats.calls.clear()
        tally = Tally(self.fake)
        start = time.perf_counter()
        await self.burst([self.round(u) for pair in self.players for u in pair], each)
        seconds += time.perf_counter() - start
        advance(1)
        await self.quiet()
        return seconds, dict(self.fake.stats.calls), tally.count()

    async def burst(self, chains: list[Coroutine[Any, Any, int]], games: list[int]) -> None:
        """Run the chains at once (`games`: the game of each); in a paced run each chain
        pauses before each interaction, its game starting at its own time."""
        if self.pacing is None:
            self.shapes.append(await burst(chains))
            return
        starts = [self.pacing.start() for _ in range(self.games)]
        paced = [Chain(self.pacing, starts[g]) for g in games]

        async def run(chain: Coroutine[Any, Any, int], pauses: Chain) -> int:
            CHAIN.set(pauses)  # this chain's task only
            return await chain

        self.shapes.append(await burst([run(c, p) for c, p in zip(chains, paced, strict=True)]))
        self.pauses.append([p.pauses for p in paced])

    async def run_other(
        self, start: float, advance: Advance
    ) -> tuple[float, dict[str, int], dict[tuple[str, str, str], list[int]]]:
        """Another game after its lobby burst: one burst in which every player answers MOVES
        prompts; its REST calls and messages counted as a round's."""
        seconds = time.perf_counter() - start
        await self.quiet()
        self.fake.stats.calls.clear()
        tally = Tally(self.fake)
        start = time.perf_counter()
        self.answers = [0] * self.games
        chains = [self.play(i, u) for i, pair in enumerate(self.players) for u in pair]
        self.shapes.append(await burst(chains))
        seconds += time.perf_counter() - start
        advance(2)
        await self.quiet()
        self.records = list(self.fake.world.interactions.values())
        return seconds, dict(self.fake.stats.calls), tally.count()


async def run_bot(
    games: int,
    images: bool,
    advance: Advance,
    shards: int = 1,
    database_url: str = "",
    game: str = GUILD_MASTER,
    pace: float | None = None,
) -> dict[str, Any]:
    """The bot under `games` games: one process over SQLite, or `shards` processes (one shard
    each) over the PostgreSQL database at `database_url`; figures summed over the processes.
    `pace`: played at people's pace, a round per game about every `pace` seconds (Pacing)."""
    fake = await start_fake(shards)
    load = Load(fake, games, shards, game, pace)
    load.world()
    if database_url:
        env = {"GUILDMASTER_DATABASE_URL": database_url}
    else:
        db = Path(tempfile.mkdtemp(prefix="gm-load-")) / "load.sqlite3"
        env = {"GUILDMASTER_DATABASE_PATH": str(db)}
    if not images:
        env["GUILDMASTER_IMAGES"] = "0"
    procs = []
    for k in range(shards):
        if shards > 1:
            env = {**env, "GUILDMASTER_SHARD_COUNT": str(shards), "GUILDMASTER_SHARD_IDS": str(k)}
        procs.append(spawn(fake, ["-m", "bot.cli", "run"], env))
        if k == 0 and shards > 1:
            # The first process migrates the database; the others start once it is done.
            await fake.wait_for_commands("gm", timeout=120)
    try:
        if shards == 1:
            await fake.wait_until_connected(timeout=60)
        else:
            await fake.wait_until_connected(shard_count=shards, timeout=120)
        await fake.wait_for_commands("gm", timeout=60)
        start_cpu = sum(cpu_seconds(p.pid) for p in procs)
        seconds, calls, messages = await load.run(advance)
        answers = sum(n for route, n in calls.items() if route.split()[1].startswith(ANSWER_ROUTES))
        helpers = [c for p in procs for c in children(p.pid)]
        return {
            "latencies": [r.latency for r in load.records],
            "answer_latencies": [r.answer_latency for r in load.records],
            "acknowledged_first": sum(1 for r in load.records if r.deferred),
            "kinds": [kind(r) for r in load.records],
            "shapes": load.shapes,
            "pauses": load.pauses,
            "seconds": seconds,
            "rss_mb": sum(rss_peak_mb(p.pid) for p in procs),
            "cpu_s": sum(cpu_seconds(p.pid) for p in procs),
            "start_cpu_s": start_cpu,
            "helpers_rss_mb": sum(rss_peak_mb(c) for c in helpers),
            "helpers_cpu_s": sum(cpu_seconds(c) for c in helpers),
            "rest_per_game_round": sum(calls.values()) / games,
            "answers_per_game_round": answers / games,
            "calls": calls,
            "messages": messages,
            "pictures_per_game_round": sum(n for _, n in messages.values()) / games,
        }
    finally:
        for proc in procs:
            proc.kill()
            proc.wait()
        await fake.stop()


async def run_floor(
    shapes: list[Shape], advance: Advance, pauses: list[Pauses] | None = None
) -> dict[str, Any]:
    """The bare bot, hit with the same bursts (chains of /ping instead of game moves), in a
    paced run with the same pauses before each interaction; the progress bar moves on between
    bursts."""
    fake = await start_fake()
    owner = fake.create_user("owner")
    guild = fake.create_guild("Floor", owner=owner)
    channel = fake.text_channels(guild)[0]
    users = [fake.create_user(f"u{i}") for i in range(max(len(s) for s in shapes))]
    for u in users:
        fake.add_member(guild, u)
    proc = spawn(fake, [str(Path(__file__).resolve()), "--bare"], {})
    records: list[Any] = []
    waiting = Waiting()

    async def chain(user: Any, length: int, pauses: list[float]) -> int:
        for k in range(length):
            if pauses:
                await asyncio.sleep(pauses[k])
            record = await fake.slash(user, channel, "ping")
            records.append(record)
            await waiting.answered(record)
        return length

    try:
        await fake.wait_until_connected(timeout=60)
        await fake.wait_for_commands("ping", timeout=60)
        for b, shape in enumerate(shapes):
            paced = pauses[b] if pauses else [[] for _ in shape]
            await burst([chain(users[i], n, paced[i]) for i, n in enumerate(shape)])
            advance(1)
        return {
            "latencies": [r.latency for r in records],
            "rss_mb": rss_peak_mb(proc.pid),
            "cpu_s": cpu_seconds(proc.pid),
        }
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

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook  # type: ignore[method-assign]
    client.run(os.environ["DISCORD_TOKEN"], log_handler=None)


def kind(record: Any) -> str:
    """What an interaction was: its slash command, or its control's custom id up to its game."""
    if record.command_name:
        return "/" + record.command_name
    custom_id = str(record.data.get("custom_id", "?"))
    return ":".join(custom_id.split(":")[:2])


def by_kind(r: dict[str, Any]) -> list[str]:
    """p50/p99 per kind of interaction, in the order they first came; then the same for the
    answer seen."""
    groups: dict[str, list[tuple[float, float]]] = {}
    for k, latency, seen in zip(r["kinds"], r["latencies"], r["answer_latencies"], strict=True):
        groups.setdefault(k, []).append((latency, seen if seen is not None else latency))
    lines = []
    for k, pairs in groups.items():
        lat, seen = [a for a, _ in pairs], [b for _, b in pairs]
        lines.append(
            f"    {k:<22} {len(lat):>5}  p50 {percentile(lat, 50) * 1000:7.1f} ms  "
            f"p99 {percentile(lat, 99) * 1000:7.1f} ms;  answer seen p50 "
            f"{percentile(seen, 50) * 1000:7.1f} ms  p99 {percentile(seen, 99) * 1000:7.1f} ms"
        )
    return lines


def describe(shape: Shape) -> str:
    """A burst in words: "200 chains of 2-3"."""
    low, high = min(shape), max(shape)
    return f"{len(shape)} chains of {low}" + (f"-{high}" if high != low else "")


def line(name: str, r: dict[str, Any]) -> str:
    """One row of figures."""
    lat = r["latencies"]
    over = sum(1 for x in lat if x > 3.0)
    p50, p99 = percentile(lat, 50), percentile(lat, 99)
    text = (
        f"  {name:<22} interactions {len(lat):>5}  p50 {p50 * 1000:7.1f} ms  "
        f"p99 {p99 * 1000:7.1f} ms  max {max(lat) * 1000:7.1f} ms  over 3 s {over:>4}  "
        f"memory {r['rss_mb']:4.0f} MB  CPU {r['cpu_s']:5.1f} s"
    )
    if "start_cpu_s" in r:
        text += f" (start-up {r['start_cpu_s']:.2f} s)"
    if "answer_latencies" in r:
        seen = [x for x in r["answer_latencies"] if x is not None]
        text += (
            f"\n  {'':<22} answer seen        p50 {percentile(seen, 50) * 1000:7.1f} ms  "
            f"p99 {percentile(seen, 99) * 1000:7.1f} ms  max {max(seen) * 1000:7.1f} ms  "
            f"over 3 s {sum(1 for x in seen if x > 3.0):>4}  (acknowledged first: "
            f"{r['acknowledged_first']}, answered after)"
        )
    if r.get("helpers_rss_mb"):
        text += (
            f"\n  {'':<22} its picture worker process: memory "
            f"{r['helpers_rss_mb']:4.0f} MB  CPU {r['helpers_cpu_s']:5.1f} s; with the bot "
            f"{r['rss_mb'] + r['helpers_rss_mb']:4.0f} MB"
        )
    if "start_cpu_s" in r:
        n = len(lat)
        bot = (r["cpu_s"] - r["start_cpu_s"]) / n * 1000
        worker = r.get("helpers_cpu_s", 0.0) / n * 1000
        text += (
            f"\n  {'':<22} CPU per interaction: bot {bot:.2f} ms + picture worker "
            f"{worker:.2f} ms = {bot + worker:.2f} ms"
        )
    if "rest_per_game_round" in r:
        text += (
            f"\n  {'':<22} REST calls per game round {r['rest_per_game_round']:.1f} "
            f"(of which interaction answers {r['answers_per_game_round']:.1f}); pictures "
            f"per game round {r['pictures_per_game_round']:.2f}"
        )
    return text


async def main(
    games_counts: list[int],
    images: bool,
    verbose: bool,
    pace: float | None = None,
    floor: bool = True,
) -> None:
    bursts = BURSTS if floor else BURSTS // 2
    with counter(bursts * len(games_counts), what="load", unit=" bursts") as advance:
        for games in games_counts:
            await one_count(games, images, verbose, advance, pace, floor)


async def sharded(games_counts: list[int], shard_counts: list[int], images: bool) -> None:
    """The same load over PostgreSQL with each number of shard processes in turn (a new
    database each time); no floor. Prints throughput and p99 per run."""
    sys.path.insert(0, str(ROOT / "tests"))
    import postgres  # tests/postgres.py: a private server on 127.0.0.1

    server = postgres.start()
    if isinstance(server, str):
        raise SystemExit(f"no PostgreSQL: {server}")
    try:
        runs = len(games_counts) * len(shard_counts)
        with counter(3 * runs, what="load", unit=" bursts") as advance:
            n = 0
            for games in games_counts:
                for shards in shard_counts:
                    n += 1
                    server.psql(f"CREATE DATABASE load{n}")
                    r = await run_bot(games, images, advance, shards, server.url(f"load{n}"))
                    processes = "1 process" if shards == 1 else f"{shards} shard processes"
                    rate = len(r["latencies"]) / r["seconds"]
                    print(
                        f"{games} games over PostgreSQL, {processes} ({r['seconds']:.1f} s of "
                        f"bursts, {rate:.1f} interactions/s):"
                    )
                    print(line("Guild Master bot", r))
    finally:
        server.stop()


async def other_game(games_counts: list[int], game: str, images: bool, verbose: bool) -> None:
    """Another hosted game under the same load: its lobby burst, then a burst of MOVES answers
    per player; no floor (the Guild Master run gives it)."""
    with counter(3 * len(games_counts), what="load", unit=" bursts") as advance:
        for games in games_counts:
            r = await run_bot(games, images, advance, game=game)
            bursts = "; ".join(describe(s) for s in r["shapes"])
            print(f"{games} concurrent {game} games ({r['seconds']:.1f} s of bursts: {bursts}):")
            print(line(f"{game} bot", r).replace("game round", "game's play burst"))
            if verbose:
                print("\n".join(by_kind(r)))


async def one_count(
    games: int,
    images: bool,
    verbose: bool,
    advance: Advance,
    pace: float | None = None,
    with_floor: bool = True,
) -> None:
    """The bot and (`with_floor`) the floor under `games` concurrent games; their figures
    printed."""
    bot = await run_bot(games, images, advance, pace=pace)
    floor = await run_floor(bot["shapes"], advance, bot["pauses"]) if with_floor else None
    bursts = "; ".join(describe(s) for s in bot["shapes"])
    if pace:
        rate = len(bot["latencies"]) / bot["seconds"]
        print(
            f"{games} games paced, a round each about every {pace:g} s ({bot['seconds']:.1f} s "
            f"of play: {bursts}; {rate:.1f} interactions/s):"
        )
    else:
        print(f"{games} concurrent games ({bot['seconds']:.1f} s of bursts: {bursts}):")
    print(line("Guild Master bot", bot))
    if floor is not None:
        print(line("bare discord.py floor", floor))
        ratio = percentile(bot["latencies"], 99) / percentile(floor["latencies"], 99)
        print(f"  p99 bot / floor = {ratio:.2f}")
    if verbose:
        for route, n in sorted(bot["calls"].items(), key=lambda kv: -kv[1]):
            print(f"    {n / games:6.2f} per game round  {route}")
        for (how, where, what), (n, files) in sorted(bot["messages"].items()):
            pics = f", {files / games:.2f} pictures" if files else ""
            print(f"    {n / games:6.2f} per game round  {how} in {where}{pics}: {what}")
        print("\n".join(by_kind(bot)))


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, nargs="+", default=[100, 500])
    parser.add_argument("--no-images", action="store_true", help="the bot posts no pictures")
    parser.add_argument(
        "--game",
        default=GUILD_MASTER,
        choices=[GUILD_MASTER, *OTHER_GAMES],
        help="the game played (other than Guild Master: lobby, then MOVES answers a game)",
    )
    parser.add_argument(
        "--postgres",
        action="store_true",
        help="over a private PostgreSQL, with each of --shards in turn (no floor)",
    )
    parser.add_argument(
        "--shards", type=int, nargs="+", default=[1], help="shard processes (with --postgres)"
    )
    parser.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        help="played at people's pace: each game a round about every SECONDS, staggered, "
        "1-5 s of thinking before each click (Guild Master only; the floor paced the same)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=TIMEOUT,
        help="seconds to wait for any one answer before the run fails (default %(default)s)",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="REST calls of a round by route, latencies by kind of interaction",
    )
    parser.add_argument(
        "--no-floor",
        action="store_true",
        help="the bot only (its CPU and memory figures need no floor; half the time)",
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    if "--bare" in sys.argv:
        bare_bot()
        sys.exit(0)
    args = parse_args(sys.argv[1:])
    TIMEOUT = args.timeout
    if args.pace and (args.postgres or args.game != GUILD_MASTER):
        raise SystemExit("--pace is for the Guild Master load with its floor")
    if args.postgres:
        asyncio.run(sharded(args.games, args.shards, not args.no_images))
    elif args.game != GUILD_MASTER:
        asyncio.run(other_game(args.games, args.game, not args.no_images, args.verbose))
    else:
        asyncio.run(
            main(args.games, not args.no_images, args.verbose, args.pace, not args.no_floor)
        )
