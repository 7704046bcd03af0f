"""A store process for the immutable-file test: appends, has its SQLite files made immutable
(chattr +i) by the test, tries a read and an append, closes the store and ends as
`guildmaster run` does when connections were left open. Prints one line per step.
Run: python -m tests.store.immutable_writer PATH"""

import asyncio
import os
import sys

from bot.store import EventStore, StorageFault, sqlite_url
from bot.store.sqlite_writer import connections_left_open
from games.guild_master.players.simulate import play


async def main(path: str) -> int:
    store = await EventStore.open(sqlite_url(path))
    _, _, log = play(2, 1, keep_events=True)
    game = await store.create_game("guild-master", players=2)
    await store.append(game, 0, log[:2], key="before")
    print("appended", flush=True)
    sys.stdin.readline()  # the test makes the files immutable, then sends a line
    for name, step in (
        ("read", store.read(game)),
        ("append", store.append(game, 2, log[2:4], key="after")),
    ):
        try:
            await step
            print(f"{name} went through", flush=True)
        except StorageFault as exc:
            print(f"{name} refused: {exc.what}", flush=True)
    await store.close()
    print(f"closed, left open: {connections_left_open()}", flush=True)
    return 0


if __name__ == "__main__":
    code = asyncio.run(main(sys.argv[1]))
    if connections_left_open():
        os._exit(code)  # as `guildmaster run` does: closing them would be SIGBUS
    sys.exit(code)
