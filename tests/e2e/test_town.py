"""Founders' Town, the second game, through the loopback Discord: a whole three-player game with a
trade made with the offer builder and accepted from the offer's DM; a Guild Master game and a
town game side by side in one bot; and the town's channel posts checked for secrets.

People act as people do (slash commands, clicks and selects on what they see). The one thing
the test reads from the bot's store is which card another player holds, to make an offer that
can be accepted: a person would ask at the table, which the loopback has no words for."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any

from bot.loopback import FakeDiscord
from games.town.rules.cards import load_cards
from tests.e2e.lobbies import open_lobby
from tests.e2e.people import WAIT, Player, anything_new, open_prompt

NAMES = ("kim", "chris", "morgan")
TITLE = "Founders' Town"


def button(message: Any, action: str, label_has: str = "") -> str | None:
    for b in message.buttons():
        mine = b["custom_id"].startswith(f"gm:{action}:") and label_has in b.get("label", "")
        if mine and not b.get("disabled"):
            return str(b["custom_id"])
    return None


def select(message: Any, action: str) -> dict[str, Any] | None:
    return next((s for s in message.selects() if s["custom_id"].startswith(f"gm:{action}:")), None)


@dataclass
class Townsfolk:
    """A player who answers every town prompt the simple way: the default draw, no discard
    (or the first card when one must go), the default build, done trading; an offer made to
    them is accepted when they can, declined when not."""

    fake: FakeDiscord
    user: Any
    closed: set[int] = field(default_factory=set)
    answers: list[str] = field(default_factory=list)

    async def press(self, message: Any, custom_id: str, values: list[str] | None = None) -> Any:
        if values is None:
            record = await self.fake.click(self.user, message, custom_id)
        else:
            record = await self.fake.select(self.user, message, custom_id, values)
        reply = await record.wait_reply(timeout=WAIT)
        self.answers.append(reply.text())
        if "out of date" in reply.text() and record.message_id is not None:
            self.closed.add(record.message_id)
        return reply

    def prompt(self) -> Any | None:
        return open_prompt(self.fake, self.user, self.closed)

    async def act_once(self) -> bool:
        message = self.prompt()
        if message is None:
            return False
        first = (("accept", ""), ("draw", "(default)"), ("keep", ""), ("decline", ""))
        found = next((b for a, label in first if (b := button(message, a, label))), None)
        discard = select(message, "discard")
        if found is None and discard is not None:
            await self.press(message, discard["custom_id"], [discard["options"][0]["value"]])
            return True
        last = (("build", "(default)"), ("nobuild", ""), ("done", ""))
        found = found or next((b for a, label in last if (b := button(message, a, label))), None)
        if found is not None:
            await self.press(message, found)
            return True
        self.closed.add(message.id)  # nothing it knows how to answer (e.g. a lone builder)
        return False


async def offer_a_trade(world: Any, trader: Townsfolk, builder: Any, to_seat: int) -> Any:
    """With the offer builder in `builder`: offer `to_seat` the trader's first card for a card
    `to_seat` holds. Returns the reply to "Send offer"."""
    store = world.bot.service
    state, _ = await store.load(1)
    wanted = state.hands[to_seat][0]
    giving = state.hands[state.turn.seat][0]
    categories = load_cards().cards[wanted].categories
    fake = trader.fake
    message = builder
    to = select(message, "to")
    if to is not None:
        await trader.press(message, to["custom_id"], [str(to_seat)])
        message = fake.message(message.id)
    await trader.press(message, select(message, "give")["custom_id"], [giving])  # type: ignore[index]
    message = fake.message(message.id)
    shelves = select(message, "cat")
    assert shelves is not None
    for option in shelves["options"]:
        if option["value"].rstrip("0123456789") not in categories:
            continue
        await trader.press(message, select(message, "cat")["custom_id"], [option["value"]])  # type: ignore[index]
        message = fake.message(message.id)
        ask = select(message, "ask")
        if ask is not None and any(o["value"] == wanted for o in ask["options"]):
            await trader.press(message, ask["custom_id"], [wanted])
            message = fake.message(message.id)
            break
    else:
        raise AssertionError(f"{wanted} is not on the asking list")
    return await trader.press(message, button(message, "send"))  # type: ignore[arg-type]


async def game_over(world: Any, game_id: int = 1) -> bool:
    game = await world.bot.store.get_game(game_id)
    return game.status == "ended"


async def play_town(world: Any, folk: list[Townsfolk], *, trade: bool, limit: float = 300.0) -> str:
    """Everybody answers until the game ends; with `trade`, the first player to reach a trade
    phase makes an offer the next player accepts. Returns the trade's reply."""
    fake = world.fake
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    offered = ""
    seats = {f.user.id: i for i, f in enumerate(folk)}
    while not await game_over(world):
        if loop.time() > end:
            raise AssertionError("the town game did not end in time")
        acted = False
        for f in folk:
            message = f.prompt()
            if trade and not offered and message is not None and button(message, "send"):
                state, _ = await world.bot.service.load(1)
                me = seats[f.user.id]
                if state.turn.seat == me and state.hands[me]:
                    other = (me + 1) % len(folk)
                    if state.hands[other]:
                        offered = (await offer_a_trade(world, f, message, other)).text()
                        acted = True
                        continue
            waiting = message is not None and button(message, "done")
            if trade and offered and not traded(fake, world.channel) and waiting:
                continue  # the trader waits for the answer before ending its trading
            acted = await f.act_once() or acted
        if not acted:
            await anything_new(fake)
    await world.settled()
    return offered


def traded(fake: FakeDiscord, channel: Any) -> bool:
    return any("Trade (offer" in m.text() for m in fake.messages(channel))


def channel_text(fake: FakeDiscord, channel: Any) -> str:
    return "\n".join(m.text() for m in fake.messages(channel))


async def test_a_whole_three_player_town_game_with_a_trade(world):
    await open_lobby(world, "town", TITLE, *NAMES, players=len(NAMES), bots=False)
    # The town's own command is a group of its own: /town trade answers with the offer builder
    # in a trade phase (the first player may have drawn already), else says nobody trades.
    trade = await world.fake.slash(world.users["chris"], world.channel, "town trade")
    answer = (await trade.wait_reply(timeout=10)).text()
    assert "Make an offer" in answer or "Nobody is trading now" in answer, answer
    folk = [Townsfolk(world.fake, world.users[n]) for n in NAMES]
    offered = await play_town(world, folk, trade=True)
    assert offered, "no offer was made"
    text = channel_text(world.fake, world.channel)
    assert "Trade (offer 1)" in text, offered
    assert "wins Founders' Town!" in text
    # The two players party to the trade were told what they gave and got, in their DMs only.
    told = [
        m.text()
        for f in folk
        for m in world.fake.dms(f.user)
        if "Trade with" in m.text() and "done (offer 1)" in m.text()
    ]
    assert len(told) == 2
    pictures = {a.filename for m in world.fake.messages(world.channel) for a in m.attachments}
    assert {"standings.png", "towns.png"} <= pictures
    await assert_no_hidden_cards(world, text)


async def assert_no_hidden_cards(world: Any, text: str, game_id: int = 1) -> None:
    """No channel post names a card that was never built: what is drawn, discarded, held and
    traded stays secret (the channel tells only how many)."""
    state, _ = await world.bot.service.load(game_id)
    built = {slug for town in state.towns for slug in town}
    cards = load_cards().cards
    named = {slug for slug, c in cards.items() if re.search(rf"\b{re.escape(c.name)}\b", text)}
    # A built card's name may hold another's ("Pub" in "Pub Garden"): those are not counted.
    hidden = {
        s
        for s in named
        if s not in built and not any(cards[s].name in cards[b].name for b in built)
    }
    assert not hidden, sorted(hidden)


async def test_a_guild_master_game_and_a_town_game_side_by_side(world):
    """One bot, two channels: a Guild Master game (Silvia and a built-in player) and a town game
    (three people), played at the same time."""
    fake = world.fake
    other = fake.create_channel(world.guild, "town-square")
    gm = await fake.slash(world.users["silvia"], world.channel, "gm create", players=2, short=True)
    assert "Guild Master — game 1" in (await gm.wait_reply(timeout=10)).text()
    start = await fake.slash(world.users["silvia"], world.channel, "gm start")
    await start.wait_reply(timeout=10)
    await open_lobby(
        world, "town", TITLE, *NAMES, game_id=2, channel=other, players=len(NAMES), bots=False
    )
    # Each channel's commands answer for its own game; Guild Master's are refused in the town's.
    status = await fake.slash(world.users["kim"], other, "gm status")
    assert "Turn 1 (round 1)" in (await status.wait_reply(timeout=10)).text()
    orders = await fake.slash(world.users["kim"], other, "gm orders")
    assert "command of Guild Master" in (await orders.wait_reply(timeout=10)).text()
    status = await fake.slash(world.users["kim"], world.channel, "gm status")
    assert "Waiting for: ● silvia (setup choices)" in (await status.wait_reply(timeout=10)).text()
    folk: list[Townsfolk | Player] = [Townsfolk(fake, world.users[n]) for n in NAMES]
    folk.append(Player(fake, world.users["silvia"]))
    loop = asyncio.get_running_loop()
    end = loop.time() + 300
    while not (await game_over(world, 1) and await game_over(world, 2)):
        assert loop.time() < end, "the two games did not end in time"
        acted = False
        for f in folk:
            acted = await f.act_once() or acted
        if not acted:
            await anything_new(fake)
    await world.settled()
    gm_text = channel_text(fake, world.channel)
    town_text = channel_text(fake, other)
    assert "Guild Master" in gm_text and ("wins!" in gm_text or "share the victory" in gm_text)
    assert "wins Founders' Town!" in town_text
    assert "Fame" not in town_text and "Trade (offer" not in gm_text
    # The town's commands answer in the town's channel; Guild Master's are refused there.
    await assert_no_hidden_cards(world, town_text, game_id=2)
