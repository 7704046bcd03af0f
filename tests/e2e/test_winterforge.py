"""Smiths of Winterforge, the third game, through the loopback Discord: a whole three-player game
in which two people play every turn by clicking their DM prompt (and forge through it) beside a
built-in guild, a whole solo game, and Lords of Winterforge with one person among five built-in
guilds. People only read what they see (the channel, their DMs,
the answers to their clicks) and act as people do.

The channel is checked for secrets at the end: no Contract is named there while it is in a
guild's hand, and no Faith token's value is ever told."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.loopback import FakeDiscord
from games.winterforge.rules.content import load_pack
from tests.e2e.lobbies import open_lobby, play_until_ended
from tests.e2e.people import WAIT, open_prompt

COIN = re.compile(r"Coin \*\*(\d+)\*\*")
LACKS = re.compile(r"lacks ([a-z, ]+)")


def select(message: Any, action: str) -> dict[str, Any] | None:
    return next((s for s in message.selects() if s["custom_id"].startswith(f"gm:{action}:")), None)


def button(message: Any, action: str) -> dict[str, Any] | None:
    found = [b for b in message.buttons() if b["custom_id"].startswith(f"gm:{action}:")]
    return next((b for b in found if not b.get("disabled")), None)


@dataclass
class Smith:
    """A player who plays from the DM prompt alone: keeps the default Royal Contract; forges
    whenever the Forge offers a Contract (the likeliest first); takes a Contract when it has
    none; buys the Components its Contracts lack that it can pay for; requests funds when it
    can; otherwise takes the suggested move; and ends its turn when nothing is left."""

    fake: FakeDiscord
    user: Any
    closed: set[int] = field(default_factory=set)
    answers: list[str] = field(default_factory=list)
    forged: int = 0

    async def press(self, message: Any, custom_id: str, values: list[str] | None = None) -> Any:
        if values is None:
            record = await self.fake.click(self.user, message, custom_id)
        else:
            record = await self.fake.select(self.user, message, custom_id, values)
        reply = await record.wait_reply(timeout=WAIT)
        self.answers.append(reply.text())
        if "out of date" in reply.text() or "not your turn" in reply.text():
            self.closed.add(message.id)
        return reply

    async def act_once(self) -> bool:
        message = open_prompt(self.fake, self.user, self.closed)
        if message is None:
            return False
        text = message.text()
        royal = next((b for b in message.buttons() if "(default)" in b.get("label", "")), None)
        if royal is not None and royal["custom_id"].startswith("gm:wfroyal:"):
            await self.press(message, royal["custom_id"])
            return True
        go = button(message, "wffg")
        if go is not None:  # the forge, its odds shown: roll
            self.forged += 1
            await self.press(message, go["custom_id"])
            return True
        back = button(message, "wfback")
        if back is not None and select(message, "wffc") is not None:  # a forge it cannot roll
            await self.press(message, back["custom_id"])
            return True
        if select(message, "wfret") is not None:
            ret = select(message, "wfret")
            assert ret is not None
            picks = [o["value"] for o in ret["options"][: ret.get("min_values", 1)]]
            await self.press(message, ret["custom_id"], picks)
            return True
        forge = select(message, "wfforge")
        if forge is not None:
            await self.press(message, forge["custom_id"], [forge["options"][0]["value"]])
            return True
        take = select(message, "wftake")
        if take is not None and "• none: take some" in text:
            await self.press(message, take["custom_id"], [take["options"][0]["value"]])
            return True
        buy = select(message, "wfbuy")
        if buy is not None:
            picks = self.shopping(text, buy)
            if picks:
                await self.press(message, buy["custom_id"], picks)
                return True
        funds = button(message, "wffunds")
        if funds is not None:
            await self.press(message, funds["custom_id"])
            return True
        move = select(message, "wfmove")
        if move is not None:
            await self.press(message, move["custom_id"], [move["options"][0]["value"]])
            return True
        end = button(message, "wfend")
        if end is not None:
            await self.press(message, end["custom_id"])
            return True
        self.closed.add(message.id)
        return False

    def shopping(self, text: str, buy: dict[str, Any]) -> list[str]:
        """The Market's options of materials the Contracts lack, while Coin lasts."""
        coin = int(m.group(1)) if (m := COIN.search(text)) else 0
        lacking = [x.strip() for m in LACKS.finditer(text) for x in m.group(1).split(",")]
        picks: list[str] = []
        for option in buy["options"]:
            label = option["label"]  # "Bog Iron — L1 ore, d4, 1 Coin"
            material = label.split(" — ", 1)[1].split(",")[0].split()[-1]
            cost = int(label.rsplit(" ", 2)[-2])
            wanted = material in lacking or "any" in lacking
            if wanted and cost <= coin and len(picks) < buy.get("max_values", 1):
                picks.append(option["value"])
                coin -= cost
                lacking.remove(material if material in lacking else "any")
        return picks


def turn_prompt(message: Any) -> bool:
    """A DM that is (or was, before its turn ended) a turn's prompt."""
    text = message.text()
    live = any(i.startswith("gm:wfend:") for i in message.custom_ids())
    return live or "Your turn is over" in text or "The final scoring is in" in text


def channel_text(world: Any, but: int = 0) -> str:
    return "\n".join(m.text() for m in world.fake.messages(world.channel) if m.id != but)


async def assert_no_secrets(world: Any, text: str) -> None:
    """No Contract still in a hand at the end is named in the channel, nor any Royal Contract
    not forged; no Faith value is told."""
    state, _ = await world.bot.service.load(1)
    pack = load_pack()
    for g in state.guilds:
        for slug in g.hand:
            assert pack.contracts[slug].name not in text, slug
        forged = g.royal in g.completed or any(w.contract == g.royal for w in g.started)
        if g.royal and not forged:
            assert pack.royals[g.royal].name not in text, g.royal
    assert not re.search(r"Faith token (worth|of) \d", text)


async def test_a_whole_three_player_game_played_from_the_dm_prompts(world):
    await open_lobby(world, "winterforge", "Smiths of Winterforge", "kim", "chris", players=3)
    fake = world.fake
    # The core's commands answer for this game.
    status = await fake.slash(world.users["morgan"], world.channel, "gm status")
    assert "Set Up: the guilds are choosing" in (await status.wait_reply(timeout=10)).text()
    rules = await fake.slash(world.users["morgan"], world.channel, "gm rules", topic="forging")
    assert "Forge Number" in (await rules.wait_reply(timeout=10)).text()
    hand = await fake.slash(world.users["kim"], world.channel, "gm hand")
    answer = await hand.wait_reply(timeout=10)
    assert answer.ephemeral and "Royal Contracts dealt to you" in answer.text()
    board = await fake.slash(world.users["morgan"], world.channel, "gm board")
    shown = await board.wait_reply(timeout=10)
    assert "Job track" in shown.text()
    card = await fake.slash(world.users["morgan"], world.channel, "gm card", name="bog iron")
    assert "**Component**: Bog Iron" in (await card.wait_reply(timeout=10)).text()
    smiths = [Smith(fake, world.users["kim"]), Smith(fake, world.users["chris"])]
    await play_until_ended(world, smiths, 300.0)
    # The board shown on request names the job track of that moment: the story is the rest.
    text = channel_text(world, but=shown.id)
    assert "wins Smiths of Winterforge!" in text or "share the win of" in text, text[-500:]
    # A person forged through the DM prompt: the channel shows the forge with its dice.
    assert sum(s.forged for s in smiths) > 0, [s.answers[-20:] for s in smiths]
    assert re.search(r"(kim|chris) forges \*\*.+\*\*.*: d\d+ \*\*\d+\*\*", text), text[-2000:]
    pictures = {a.filename for m in fake.messages(world.channel) for a in m.attachments}
    assert {"board.png", "forge.png", "standings.png"} <= pictures
    # One prompt per turn, edited as the turn went on rather than posted again.
    for s in smiths:
        turns = text.count(f"It is {s.user.username}'s turn.")
        prompts = [m for m in fake.dms(s.user) if turn_prompt(m)]
        assert turns - 1 <= len(prompts) <= turns, (turns, len(prompts))
    # Each person's forge was told to them with its dice, in their DMs.
    told = [m.text() for s in smiths for m in fake.dms(s.user) if "Your forge:" in m.text()]
    assert told
    await assert_no_secrets(world, text)


async def test_a_whole_solo_game(world):
    await open_lobby(world, "winterforge", "Smiths of Winterforge", "kim", players=1)
    smith = Smith(world.fake, world.users["kim"])
    await play_until_ended(world, [smith], 300.0)
    assert len(smith.answers) >= 15  # every turn played from the prompt
    text = channel_text(world)
    assert "Smiths of Winterforge: " in text and "Your Reputation" in text
    assert "**Event: " in text  # an Event flipped every turn
    assert "Turn 15 of 15" in text
    await assert_no_secrets(world, text)


async def test_lords_of_winterforge_with_a_person_among_five_built_in_guilds(world):
    await open_lobby(world, "winterforge", "Smiths of Winterforge", "kim", players=6)
    smith = Smith(world.fake, world.users["kim"])
    await play_until_ended(world, [smith], 300.0)
    text = channel_text(world)
    assert "Lords of Winterforge" in text and "**Day 2 — " in text
    assert "kim places a Smith in the " in text  # placed from the DM prompt
    await assert_no_secrets(world, text)
