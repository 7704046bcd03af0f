"""Guildmasters, the fourth game, through the loopback Discord: a whole three-player game in
which two people draft, act, fulfil quests and answer reactions from their DM prompts beside a
built-in guild. People only read what they see (the channel, their DMs, the answers to their
clicks) and act as people do: they keep the pick marked as the default, send their guild on the
first quest offered with the bot's proposed assignment, recruit or scout when they can, say yes
to a reaction when their prompt offers one, and otherwise pass or end their turn.

The channel is checked for secrets at the end: no card is named for a pick, a draw or a look,
and nobody's answer to a reaction, nor who was asked, is told."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.loopback import FakeDiscord
from games.guildmasters.rules.content import load_pack
from tests.e2e.lobbies import open_lobby, play_until_ended
from tests.e2e.people import WAIT, open_prompt

SEED = 11  # a game in which a reaction takes effect (Behead, Protect, Ambush or Heal)
REACTED = re.compile(r"beheads the|Protect denies it|ambushes: it takes|heals a")


def control(message: Any, action: str) -> dict[str, Any] | None:
    """The message's enabled button or select of `action`, if any."""
    found = [*message.buttons(), *message.selects()]
    return next(
        (c for c in found if c["custom_id"].startswith(f"gm:{action}:") and not c.get("disabled")),
        None,
    )


@dataclass
class Guildmaster:
    """A player who answers every prompt in their DMs (see the module's docstring)."""

    fake: FakeDiscord
    user: Any
    closed: set[int] = field(default_factory=set)
    answers: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)  # the actions it took, by control

    async def press(self, message: Any, c: dict[str, Any], values: list[str] | None = None) -> Any:
        if values is None:
            record = await self.fake.click(self.user, message, c["custom_id"])
        else:
            record = await self.fake.select(self.user, message, c["custom_id"], values)
        reply = await record.wait_reply(timeout=WAIT)
        self.answers.append(reply.text())
        self.done.append(c["custom_id"].split(":")[1])
        if "not asked of you now" in reply.text() or "out of date" in reply.text():
            self.closed.add(message.id)
        return reply

    async def act_once(self) -> bool:
        message = open_prompt(self.fake, self.user, self.closed)
        if message is None:
            return False
        pick = control(message, "gdpick")
        if pick is not None:
            default = next(o for o in pick["options"] if "(default)" in o["label"])
            await self.press(message, pick, [default["value"]])
            return True
        for action in ("gdyes", "gdchoose"):
            c = control(message, action)
            if c is not None:
                await self.press(message, c, [c["options"][0]["value"]])
                return True
        if control(message, "gdno") is not None:
            await self.press(message, control(message, "gdno"))
            return True
        go = control(message, "gdqgo")
        if go is not None:  # the proposed assignment meets the requisites: send it
            await self.press(message, go)
            return True
        quest = control(message, "gdquest")
        if quest is not None:
            await self.press(message, quest, [quest["options"][0]["value"]])
            return True
        recruit = control(message, "gdrec")
        if recruit is not None:
            await self.press(message, recruit, [recruit["options"][0]["value"]])
            return True
        act = control(message, "gdact")
        scout = act and next((o for o in act["options"] if o["label"] == "Scout"), None)
        if scout:
            await self.press(message, act, [scout["value"]])
            return True
        for action in ("gdend", "gdpass"):
            c = control(message, action)
            if c is not None:
                await self.press(message, c)
                return True
        self.closed.add(message.id)
        return False


def first_text(m: Any) -> str:
    """A message's embeds' text as it was first sent (a prompt is edited once answered)."""
    embeds = m.history[0]["embeds"] if m.history else m.embeds
    return "\n".join(f"{e.get('title', '')}\n{e.get('description', '')}" for e in embeds or [])


def channel_text(world: Any, but: int = 0) -> str:
    return "\n".join(m.text() for m in world.fake.messages(world.channel) if m.id != but)


async def test_a_whole_three_player_game_played_from_the_dm_prompts(world):
    await open_lobby(world, "guildmasters", "Guildmasters", "kim", "chris", players=3, seed=SEED)
    fake = world.fake
    # The core's commands answer for this game.
    status = await fake.slash(world.users["morgan"], world.channel, "gm status")
    assert "Game turn 1 — draft" in (await status.wait_reply(timeout=10)).text()
    rules = await fake.slash(world.users["morgan"], world.channel, "gm rules", topic="reactions")
    assert "Behead" in (await rules.wait_reply(timeout=10)).text()
    hand = await fake.slash(world.users["kim"], world.channel, "gm hand")
    answer = await hand.wait_reply(timeout=10)
    assert answer.ephemeral and "Your hand" in answer.text()
    board = await fake.slash(world.users["morgan"], world.channel, "gm board")
    shown = await board.wait_reply(timeout=10)
    assert "Level 1" in shown.text() and "Tavern" in shown.text()
    card = await fake.slash(world.users["morgan"], world.channel, "gm card", name="hunter")
    assert "**Ambush**" in (await card.wait_reply(timeout=10)).text()
    people = [Guildmaster(fake, world.users["kim"]), Guildmaster(fake, world.users["chris"])]
    await play_until_ended(world, people, 300.0)
    text = channel_text(world, but=shown.id)
    assert "wins Guildmasters!" in text or "share the win of Guildmasters!" in text, text[-500:]
    # People drafted, fulfilled quests and answered reactions through their DMs.
    done = [a for p in people for a in p.done]
    assert {"gdpick", "gdquest", "gdqgo", "gdend"} <= set(done), done
    assert "gdno" in done or "gdyes" in done
    # A reaction is a short wait of its own, though this table has no deadlines: each question
    # as first sent says when "no" applies.
    asked = [
        text
        for p in people
        for m in fake.dms(p.user)
        for text in [first_text(m)]
        if "Nobody learns what you answered" in text
    ]
    assert asked and all("after that, you answer no." in t for t in asked), asked[:2]
    assert re.search(r"(kim|chris) fulfils \*\*", text), text[-2000:]
    # A reaction took effect, and told only then.
    assert REACTED.search(text), text[-3000:]
    pictures = {a.filename for m in fake.messages(world.channel) for a in m.attachments}
    assert {"board.png", "tableaux.png"} <= pictures
    # Secrets: no card named for a pick, a draw or a look; nobody's answer or chance to react.
    names = [c.name for c in load_pack().classes.values()]
    for line in text.splitlines():
        if "draws a card" in line or "looks at" in line or "draft begins" in line:
            assert not any(n in line for n in names), line
        assert "answered" not in line, line
    assert "may Behead one of those adventurers (asked by DM)" in text
