"""`guildmaster demo`: the bot playing a whole game offline.

It starts the loopback Discord on 127.0.0.1 and the real bot against it, opens a game in a demo
server, and lets built-in players play it (or you, from the terminal, with --play). The channel
is printed as a person would read it, and every posted picture is saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.chat.client import GuildMasterBot
from bot.config import Config
from bot.loopback import FakeDiscord, LoopbackTimeout
from bot.service import DEFAULT_GAME
from engine.core import get

log = logging.getLogger("guildmaster.demo")


class ChannelPrinter:
    """Prints a channel's messages as they appear and grow, and saves their pictures."""

    def __init__(self, fake: FakeDiscord, channel: Any, out: Path, write: Callable[[str], None]):
        self.fake = fake
        self.channel = channel
        self.out = out
        self.write = write
        self.seen: dict[int, str] = {}
        self.saved: set[str] = set()

    def poll(self) -> None:
        for m in self.fake.messages(self.channel):
            text = m.text()
            old = self.seen.get(m.id)
            if old is None:
                self.write(text)
            elif text != old:
                new = text[len(old) :] if text.startswith(old) else "\n" + text
                if new.strip():
                    self.write(new.lstrip("\n"))
            self.seen[m.id] = text
            for a in m.attachments:
                name = f"{m.id}-{a.filename}"
                if name not in self.saved and a.data:
                    self.out.mkdir(parents=True, exist_ok=True)
                    (self.out / a.filename).write_bytes(a.data)
                    self.saved.add(name)
                    self.write(f"[picture saved: {self.out / a.filename}]")


async def finished(bot: GuildMasterBot) -> bool:
    """Has the demo's game ended, and everything it posted been posted?"""
    if bot.store is None or bot.notifier is None:
        return False
    if not await bot.store.list_games(status="ended"):
        return False
    await bot.notifier.idle()
    return True


def pick_question(select: dict[str, Any]) -> str:
    """What the terminal asks for a select's choice: one number, or up to its most."""
    most = int(select.get("max_values", 1))
    if most <= 1:
        return "Pick one (its number): "
    return f"Pick up to {most} (their numbers, separated by spaces): "


async def terminal_turn(fake: FakeDiscord, user: Any, ask: Callable[[str], Any]) -> bool:
    """Show the player's open DM prompt and act on their choice; False if none is open."""
    prompt = next(
        (m for m in reversed(fake.dms(user)) if m.author_id == fake.bot.id and m.custom_ids()),
        None,
    )
    if prompt is None:
        return False
    print("\n=== Your DMs ===\n" + prompt.text())
    controls = [c for c in prompt.buttons() + prompt.selects() if not c.get("disabled")]
    for i, c in enumerate(controls, 1):
        label = c.get("label") or c.get("placeholder") or c["custom_id"]
        print(f"  [{i}] {label}")
    answer = (await ask("Your choice (number, empty to wait): ")).strip()
    if not answer.isdigit() or not 1 <= int(answer) <= len(controls):
        return False
    control = controls[int(answer) - 1]
    if "options" in control:
        for j, o in enumerate(control["options"], 1):
            print(f"    ({j}) {o['label']}")
        picks = (await ask(pick_question(control))).split()
        values = [
            control["options"][int(p) - 1]["value"]
            for p in picks
            if p.isdigit() and 1 <= int(p) <= len(control["options"])
        ]
        record = await fake.select(user, prompt, control["custom_id"], values)
    else:
        record = await fake.click(user, prompt, control["custom_id"])
    with contextlib.suppress(LoopbackTimeout):  # the channel shows what happened anyway
        await record.wait_response(timeout=10)
    return True


async def run_demo(
    *,
    game: str = DEFAULT_GAME,
    players: int = 4,
    play: bool = False,
    out: Path = Path("demo-out"),
    write: Callable[[str], None] = print,
    limit: float = 600.0,
) -> int:
    """Play one game; returns 0 when the final standings were posted."""
    logging.getLogger("discord").setLevel(logging.ERROR)
    fake = await FakeDiscord.start()
    database = Path(tempfile.mkdtemp(prefix="guildmaster-demo-")) / "demo.sqlite3"
    try:
        with fake.patch_discord():
            # Without --play the demo's one person only opens the game, as its host.
            you = fake.create_user("you" if play else "host")
            guild = fake.create_guild(f"{get(game).title} demo", owner=you)
            channel = fake.text_channels(guild)[0]
            bot = GuildMasterBot(
                Config(token=fake.bot_token, database_path=str(database)),
                guild_ready_timeout=0.1,
            )
            task = asyncio.create_task(bot.start(fake.bot_token))
            await fake.wait_until_connected(timeout=30)
            await fake.wait_for_commands("gm", timeout=30)
            write(f"Loopback Discord on {fake.rest_url}; the bot is connected.\n")
            create = await fake.slash(you, channel, "gm create", game=game, players=players)
            await create.wait_reply(timeout=10)
            await (await fake.slash(you, channel, "gm start")).wait_reply(timeout=10)
            if not play:
                write(
                    "(The host sits in the first seat only to open the game: a built-in player "
                    "takes it over, so built-in players play every seat.)\n"
                )
                await (await fake.slash(you, channel, "gm replace", guild=1)).wait_reply(timeout=10)
            printer = ChannelPrinter(fake, channel, out, write)
            loop = asyncio.get_running_loop()
            end = loop.time() + limit

            async def ask(question: str) -> str:
                return await asyncio.to_thread(input, question)

            while not await finished(bot) and loop.time() < end:
                printer.poll()
                if play and await terminal_turn(fake, you, ask):
                    continue
                await asyncio.sleep(0.1)
            await asyncio.sleep(0.3)
            printer.poll()
            ok = await finished(bot)
            await bot.close()
            await task
            write("\nThe game is over." if ok else "\nThe demo ran out of time.")
            return 0 if ok else 1
    finally:
        await fake.stop()


def main(players: int, play: bool, out: str, game: str = DEFAULT_GAME) -> int:
    if play and not sys.stdin.isatty():
        print("guildmaster demo --play needs a terminal to read your choices.", file=sys.stderr)
        return 2
    return asyncio.run(run_demo(game=game, players=players, play=play, out=Path(out)))
