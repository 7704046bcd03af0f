"""A writer process for the fault tests: appends a game's events in command-sized batches and
prints `acked LAST_SEQ` after each append returns. Run: python -m tests.store.append_writer URL"""

import asyncio
import sys

from bot.store import EventStore
from games.guild_master.players.simulate import play


async def main(url: str) -> None:
    store = await EventStore.open(url)
    _, _, log = play(4, 3, keep_events=True)
    game = await store.create_game("guild-master", players=4, seed=3)
    version = 0
    for n in range(0, len(log), 3):
        batch = log[n : n + 3]
        version = (await store.append(game, version, batch, key=f"cmd-{n}")).last_seq
        print(f"acked {version}", flush=True)
    print("done", flush=True)
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
