"""Guild Ball, the fifth game, through the loopback Discord: a whole Introductory game in which
two people play from their DM prompts, one in which a built-in team fills the empty seat, a
Quick game on a terrain map played into its second turn, one of its people gliding, and a
Typical game (12 VP, teams of six) on Market Square: into its second turn in the default suite,
to its end with GM_LONG_E2E=1 (a whole game is over a thousand clicks, 2 to 4 minutes).
People only read what they see and act as people do: they confirm the team the prompt shows,
kick, deploy as the bot proposes, kick off with a target typed in the form, play their first
plan, allocate as shown, activate the first model offered; in an activation they shoot when the
odds are shown, pass once, attack what they engage (the first time with Bonus Time, from the
menu's More…), else move by an intention (a sprint towards a loose ball, a charge at the enemy
ball carrier, a jog towards the goal), look at the preview and Confirm it, then end the
activation; they answer reactions and the rest with the default. The first preview's picture
is slow to draw: the bot defers the click at once and the preview, picture included, follows.

The channel is checked for secrets at the end: no game plan is named before it is revealed, and
no discarded plan ever; in the Typical games each team's DMs too: none of the other's plans
unless revealed, none of its influence."""

from __future__ import annotations

import asyncio
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.loopback import FakeDiscord
from bot.loopback.records import DEFERRED_UPDATE_MESSAGE
from games.guild_ball.content.loader import load_pack
from tests.e2e.lobbies import open_lobby, play_until_ended
from tests.e2e.people import WAIT, open_prompt

SEED = 3
SLOW_PICTURE = 3.5  # seconds: past Discord's 3 s for an interaction's first answer
POINT = re.compile(r"kick to \((-?[\d.]+), (-?[\d.]+)\)")


def control(message: Any, action: str, arg: str | None = None) -> dict[str, Any] | None:
    """The message's enabled button or select of `action` (and `arg`), if any."""
    found = [*message.buttons(), *message.selects()]
    return next(
        (
            c
            for c in found
            if c["custom_id"].startswith(f"gm:{action}:")
            and (arg is None or c["custom_id"].rsplit(":", 1)[1] == arg)
            and not c.get("disabled")
        ),
        None,
    )


@dataclass
class Coach:
    """A player who answers every prompt in their DMs (see the module's docstring)."""

    fake: FakeDiscord
    user: Any
    closed: set[int] = field(default_factory=set)
    done: list[str] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    spent: set[int] = field(default_factory=set)  # activation menus with nothing more to try
    moved: set[int] = field(default_factory=set)
    passed: set[int] = field(default_factory=set)
    previews: list[str] = field(default_factory=list)
    tried: set[int] = field(default_factory=set)  # activation menus whose move was refused
    bonus_used: bool = False  # Bonus Time switched on once, from More…, for an attack
    glide: bool = False  # whether they press Glide once when it is offered
    # Whether they trigger a play from a playbook icon (choosing its target when asked) and
    # use an AOE centred on a model (previewed, then confirmed) whenever offered.
    plays: bool = False
    aimed: set[int] = field(default_factory=set)  # activation menus that previewed an AOE
    more_tried: set[int] = field(default_factory=set)  # activation menus that went to More…
    kick_offs_typed: int = 0  # kick off targets typed (the second the other way: see kick_off)
    # (action, record, the answer's text and pictures as first seen)
    records: list[tuple[str, Any, str, list[str]]] = field(default_factory=list)

    async def press(self, message: Any, c: dict[str, Any], values: list[str] | None = None) -> Any:
        if values is None:
            record = await self.fake.click(self.user, message, c["custom_id"])
        else:
            record = await self.fake.select(self.user, message, c["custom_id"], values)
        self.done.append(c["custom_id"].split(":")[1])
        if c["custom_id"].split(":")[1] in ("gbkoadj",):
            return record
        reply = await record.wait_reply(timeout=WAIT)
        pictures = [a.filename for a in reply.attachments]
        self.records.append((c["custom_id"].split(":")[1], record, reply.text(), pictures))
        text = reply.text()
        self.answers.append(text)
        if "Easy there" in text:  # too fast for the flood limit: a person waits and goes on
            await asyncio.sleep(1.0)
        elif "not asked of you now" in text or "already closed" in text:
            self.closed.add(message.id)
        elif "⚠" in text:
            self.spent.add(message.id)
        return reply

    async def act_once(self) -> bool:
        message = open_prompt(self.fake, self.user, self.closed)
        if message is None:
            return False
        for action, arg in (("gbprep", None), ("gbkick", "1"), ("gbdeploy", None)):
            c = control(message, action, arg)
            if c is not None:
                await self.press(message, c)
                return True
        if control(message, "gbkoadj") is not None:
            return await self.kick_off(message)
        if self.plays and await self.play(message):
            return True
        plan = control(message, "gbplan")
        if plan is not None:
            await self.press(message, plan, [plan["options"][0]["value"]])
            return True
        for action, arg in (
            ("gbinit", "1"),
            ("gbinf", None),
            ("gbact", None),
            ("gbreact", "n"),
            ("gbpart", "1"),
            ("gbpick", None),
            ("gbdodge", "n"),
            ("gbreroll", "0"),
            ("gbicpt", "0"),
            ("gbfollow", "none"),
            ("gbgoal", None),
            ("gbgive", None),
        ):
            c = control(message, action, arg)
            if c is not None:
                await self.press(message, c)
                return True
        if message.id in self.spent and control(message, "gbback") is not None:
            self.spent.discard(message.id)  # a refused preview: cancel it, then end
            self.tried.add(message.id)
            await self.press(message, control(message, "gbback"))
            return True
        if control(message, "gbconf") is not None:  # a preview: confirm it
            self.previews.append(message.text())
            await self.press(message, control(message, "gbconf"))
            return True
        if control(message, "gbintent") is not None:
            return await self.intend(message)
        if control(message, "gbmore") is None and control(message, "gbback") is not None:
            bonus = control(message, "gbbonus", "1")  # More…: Bonus Time if the team has MP
            self.bonus_used = self.bonus_used or bonus is not None
            await self.press(message, bonus or control(message, "gbback"))
            return True
        if control(message, "gbend") is not None:
            return await self.activation(message)
        if control(message, "gbback") is not None:
            await self.press(message, control(message, "gbback"))
            return True
        self.closed.add(message.id)
        return False

    async def play(self, message: Any) -> bool:
        """A playbook result that triggers a play, its target (the last offered, so not always
        the attacked model), an AOE centred on the first model offered, its Confirm."""
        icon = next((b for b in message.buttons() if b["custom_id"].count(".") == 2), None)
        if icon is not None and control(message, "gbpick") is not None:
            await self.press(message, icon)
            return True
        aim = control(message, "gbpaim")
        if aim is not None:
            await self.press(message, aim, [aim["options"][-1]["value"]])
            return True
        if control(message, "gbaoec") is not None:
            self.previews.append(message.text())
            await self.press(message, control(message, "gbaoec"))
            return True
        plays = control(message, "gbplay")
        aoe = [o["value"] for o in plays["options"] if "@" in o["value"]] if plays else []
        if aoe and message.id not in self.aimed:
            self.aimed.add(message.id)  # once an activation, used or not
            await self.press(message, plays, [aoe[0]])
            return True
        return False

    async def kick_off(self, message: Any) -> bool:
        record = await self.press(message, control(message, "gbkoadj"))
        modal = await record.wait_modal()
        assert modal["title"] == "Kick off"
        found = POINT.search(message.text())
        assert found, message.text()
        x, y = float(found.group(1)), float(found.group(2))
        # An inch off the proposed spot; if the bot refuses that spot (a model's base or
        # terrain stands there: the ball may not be placed on it), an inch the other way.
        towards = -1 if y > 12 else 1
        self.kick_offs_typed += 1
        step = towards if self.kick_offs_typed == 1 else -towards
        target = f"{x:.1f}, {y + step:.1f}"
        submit = await self.fake.submit_modal(self.user, record, {"jog": "", "target": target})
        self.done.append("gbkom")
        self.answers.append((await submit.wait_reply(timeout=WAIT)).text())
        return True

    async def activation(self, message: Any) -> bool:
        key = message.id
        if self.glide and "gbglide" not in self.done and control(message, "gbglide") is not None:
            await self.press(message, control(message, "gbglide"))
            return True
        if key not in self.spent and key not in self.tried:
            shoot = control(message, "gbshoot")
            if shoot is not None and "out of range" not in shoot["label"]:
                await self.press(message, shoot)
                return True
            passing = control(message, "gbpass")
            if passing is not None and key not in self.passed:
                self.passed.add(key)
                await self.press(message, passing, [passing["options"][0]["value"]])
                return True
            attack = control(message, "gbatk")
            if attack is not None and not self.bonus_used and key not in self.more_tried:
                self.more_tried.add(key)
                await self.press(message, control(message, "gbmore"))
                return True
            if attack is not None:
                await self.press(message, attack, [attack["options"][0]["value"]])
                return True
            if key not in self.moved and control(message, "gbmove") is not None:
                self.moved.add(key)
                await self.press(message, control(message, "gbmove"))
                return True
        await self.press(message, control(message, "gbend"))
        return True

    async def intend(self, message: Any) -> bool:
        select = control(message, "gbintent")
        values = [o["value"] for o in select["options"]]
        labels = {o["value"]: o["label"] for o in select["options"]}
        want = "s:ball" if "s:ball" in values else None
        if want is None:
            want = next((v for v in values if v.startswith("c:")), None)
        if want is None or (labels.get(want, "").startswith("Charge") and len(self.previews) % 2):
            want = "j:goal"
        await self.press(message, select, [want])
        after = self.fake.message(message.id)
        if control(after, "gbconf") is None and control(after, "gbback") is not None:
            self.spent.add(message.id)
            await self.press(after, control(after, "gbback"))
        return True


def channel_text(world: Any) -> str:
    return "\n".join(m.text() for m in world.fake.messages(world.channel))


def secrets_kept(world: Any, text: str) -> None:
    """No discarded plan is ever named, in the channel or in the other's DMs."""
    plans = {p.slug: p.name for p in load_pack().plans.values()}
    revealed = set(re.findall(r"plays ([A-Z][^(;]+?) \(initiative", text))
    named = {name for name in plans.values() if name in text}
    assert named <= revealed | {n for n in named if f"plays {n}" in text}, named - revealed


def slow_first_preview(monkeypatch: Any) -> list[float]:
    """The first move preview's picture takes 3.5 s to draw (a busy picture worker): longer
    than Discord waits for an interaction's first answer. The delays, as they happen."""
    from games.guild_ball.presentation import controls

    drawn = controls.render_async
    delays: list[float] = []

    async def slow(fn: Any, *args: Any, **kwargs: Any) -> bytes:
        if fn is controls.move_preview and not delays:
            delays.append(SLOW_PICTURE)
            await asyncio.sleep(SLOW_PICTURE)
        return await drawn(fn, *args, **kwargs)

    monkeypatch.setattr(controls, "render_async", slow)
    return delays


async def test_two_people_play_an_introductory_game_from_their_dm_prompts(world, monkeypatch):
    delays = slow_first_preview(monkeypatch)
    await open_lobby(world, "guild-ball", "Guild Ball", "kim", "chris", players=2, seed=SEED)
    fake = world.fake
    status = await fake.slash(world.users["morgan"], world.channel, "gm status")
    assert "Pre-game" in (await status.wait_reply(timeout=10)).text()
    rules = await fake.slash(world.users["morgan"], world.channel, "gm rules", topic="moving")
    assert "Confirm" in (await rules.wait_reply(timeout=10)).text()
    card = await fake.slash(
        world.users["morgan"], world.channel, "gm card", name="Oswin Tollbright"
    )
    assert "Playbook" in (await card.wait_reply(timeout=10)).text()
    hand = await fake.slash(world.users["kim"], world.channel, "gm hand")
    answer = await hand.wait_reply(timeout=10)
    assert answer.ephemeral and "Game plans in hand" in answer.text()
    board = await fake.slash(world.users["morgan"], world.channel, "gm board")
    assert "The ball: not in play." in (await board.wait_reply(timeout=10)).text()
    people = [Coach(fake, world.users["kim"]), Coach(fake, world.users["chris"])]
    await play_until_ended(world, people, 240.0)
    text = channel_text(world)
    assert "wins Guild Ball!" in text or "draw" in text, text[-800:]
    done = [a for p in people for a in p.done]
    assert {"gbprep", "gbkick", "gbdeploy", "gbkoadj", "gbkom", "gbplan", "gbinf"} <= set(done)
    assert {"gbact", "gbmove", "gbintent", "gbconf", "gbend"} <= set(done), set(done)
    assert {"gbatk", "gbpick"} <= set(done) and set(done) & {"gbpass", "gbshoot"}, set(done)
    assert re.search(r"\*\*[^*]+\*\* (jogs|sprints|charges) to", text)
    assert "suffers" in text and "VP" in text
    pictures = [a.filename for m in fake.messages(world.channel) for a in m.attachments]
    assert "pitch.png" in pictures
    # Moves were previewed privately, in the mover's DMs only, before they were confirmed.
    previews = [m for p in people for m in p.previews]
    assert previews and all("Move preview (only you see this)" in t for t in previews)
    assert "Move preview" not in text
    # Each preview was deferred at once (Discord's 3 s) and came with its picture, the slow one
    # too.
    shown = [(r, t, pics) for p in people for a, r, t, pics in p.records if a == "gbintent"]
    assert delays == [SLOW_PICTURE] and shown
    assert all(r.response_type == DEFERRED_UPDATE_MESSAGE and r.latency < 3 for r, _, _ in shown)
    assert max(r.answer_latency for r, _, _ in shown) >= SLOW_PICTURE
    pictured = [pics for _, t, pics in shown if "Move preview" in t]  # not a refusal
    assert pictured and all(pics == ["move.png"] for pics in pictured)
    # Bonus Time, from More…, on an attack.
    assert "gbmore" in done and "gbbonus" in done, set(done)
    assert any("with Bonus Time" in a for p in people for a in p.answers)
    secrets_kept(world, text)


async def test_a_built_in_team_fills_the_empty_seat(world):
    await open_lobby(world, "guild-ball", "Guild Ball", "kim", players=2, seed=SEED)
    people = [Coach(world.fake, world.users["kim"])]
    await play_until_ended(world, people, 240.0)
    text = channel_text(world)
    assert "wins Guild Ball!" in text or "draw" in text, text[-800:]
    assert {"gbprep", "gbact", "gbend"} <= set(people[0].done)


async def test_two_people_play_a_quick_game_on_a_terrain_map(world):
    """`/gm create game:guild-ball size:1 terrain:2`: a Quick game (8 VP, 3'x3', teams of a
    Captain, four Squaddies and the Mascot) on Chapel Green, played by two people into its
    second turn; one of them glides. The team pick, the lobby, the board and the pitch picture
    say the size and show the map; no plan is named before it is revealed."""
    lobby = await open_lobby(
        world, "guild-ball", "Guild Ball", "kim", "chris", players=2, seed=SEED, size=1, terrain=2
    )
    assert "Quick Game" in lobby.text() and "Chapel Green" in lobby.text(), lobby.text()
    fake = world.fake
    people = [Coach(fake, world.users["kim"], glide=True), Coach(fake, world.users["chris"])]
    await fake.wait_for(
        lambda: open_prompt(fake, world.users["kim"]) is not None, what="the pick", timeout=WAIT
    )
    pick = open_prompt(fake, world.users["kim"])
    assert pick is not None and "four of its Squaddies" in pick.text(), pick
    squad = control(pick, "gbsquad")
    assert squad is not None and squad["min_values"] == squad["max_values"] == 4
    await play_until_ended(
        world,
        people,
        50.0,
        lambda: "gbglide" in people[0].done and "**Turn 2** begins" in channel_text(world),
    )
    text = channel_text(world)
    assert "Quick Game, 8 VP wins" in text and "Teams revealed" in text
    revealed = re.search(r"Teams revealed: (.*)", text)
    assert revealed and all(part.count(",") >= 4 for part in revealed.group(1).split(";"))
    assert "gbglide" in people[0].done, set(people[0].done)
    assert "The terrain is Chapel Green" in text and "glides (1 MP)" in text, text
    assert text.count("has the initiative") == 2, text  # once a turn, not at each handover
    assert re.search(r"Starting roll: kim \d, chris \d", text), text
    assert any("glides" in a for a in people[0].answers)
    board = await fake.slash(world.users["morgan"], world.channel, "gm board")
    shown = await board.wait_reply(timeout=10)
    assert "Terrain, Chapel Green: copse (forest)" in shown.text(), shown.text()
    assert "pitch.png" in [a.filename for a in shown.attachments]
    posted = [a.filename for m in fake.messages(world.channel) for a in m.attachments]
    assert "pitch.png" in posted  # the kick off's pitch, on the map
    secrets_kept(world, text)


WHOLE_GAMES = os.environ.get("GM_LONG_E2E") == "1"
WHOLE_TYPICAL = "GM_LONG_E2E=1 plays a whole Typical game (2 to 4 minutes: over a thousand clicks)"


def dm_texts(world: Any, name: str) -> list[str]:
    """Everything the bot sent the player by DM, oldest first: every version of every message
    (an edited prompt's earlier versions too)."""
    parts = []
    for m in world.fake.dms(world.users[name]):
        if m.author_id == world.fake.bot.id:
            parts += [
                json.dumps([h["content"], h["embeds"]], ensure_ascii=False) for h in m.history
            ]
            parts.append(m.text())
    return parts


async def no_secret_crosses(
    world: Any, people: dict[str, Coach], *, face_down_hidden: bool = True
) -> None:
    """Neither team's DMs ever show the other's secrets: no plan of the other's (each team's
    own seven are those its first prompt, the team pick, lists) unless revealed in the channel,
    so never one it discarded face down; and no influence allocation of the other's models."""
    plans = [p.name for p in load_pack().plans.values()]
    channel = channel_text(world)
    revealed = {n for n in plans if f"plays {n}" in channel}
    dms = {name: dm_texts(world, name) for name in people}
    picks = {name: next(t for t in dms[name] if "Pick your team in secret" in t) for name in people}
    own = {name: {n for n in plans if n in picks[name]} for name in people}
    allocated = {
        name: [a.split("Influence allocated:")[1] for a in p.answers if "Influence allocated:" in a]
        for name, p in people.items()
    }
    first, second = people
    for name, other in ((first, second), (second, first)):
        seen = "\n".join(dms[name])
        named = {n for n in plans if n in seen}
        stray = named - own[name] - revealed
        assert not stray, (name, [ln for ln in seen.splitlines() if any(n in ln for n in stray)])
        # The other's plans not revealed: at least the two discarded face down, until an empty
        # hand picks every discarded plan up again and they may be played (`face_down_hidden`
        # False: a whole game, where they may all be revealed by the end).
        hidden = own[other] - revealed
        assert len(hidden) >= 2 or not face_down_hidden, (name, hidden)
        assert not hidden & named, (name, hidden & named)
        assert allocated[other], other
        for answer in allocated[other]:
            models = re.findall(r"([A-Z][\w' -]+?) \d+", answer)
            assert models, answer
            for line in seen.splitlines():
                if "Influence allocated" in line:
                    assert not any(m.strip() in line for m in models), (name, line)
    secrets_kept(world, channel)


def typical_people(world: Any) -> dict[str, Coach]:
    """Kim triggers plays from playbook icons and uses AOEs; Chris does neither."""
    fake = world.fake
    return {
        "kim": Coach(fake, world.users["kim"], plays=True),
        "chris": Coach(fake, world.users["chris"]),
    }


async def open_typical(world: Any) -> str:
    """`/gm create game:guild-ball size:2 terrain:1`: a Typical game (12 VP, 3'x3', teams of
    six) on Market Square; the lobby's text."""
    lobby = await open_lobby(
        world, "guild-ball", "Guild Ball", "kim", "chris", players=2, seed=SEED, size=2, terrain=1
    )
    return lobby.text()


async def test_two_people_play_a_typical_game_on_a_map_through_its_first_turn(world):
    """The default suite's Typical game: two people pick teams of six, deploy, kick off on
    Market Square and play every model of both teams once, into the second turn, until one of
    them has answered a reaction or a parting blow. Kim uses an AOE, seen first in its private
    preview. The pitch is pictured after each activation, the board shows the map's terrain,
    and neither team's DMs show the other's plans or influence."""
    lobby = await open_typical(world)
    assert "Typical Game" in lobby and "Market Square" in lobby, lobby
    people = typical_people(world)
    answered = {"gbreact", "gbpart"}
    await play_until_ended(
        world,
        list(people.values()),
        90.0,
        lambda: (
            "**Turn 2** begins" in channel_text(world)
            and any(answered & set(p.done) for p in people.values())
        ),
    )
    text = channel_text(world)
    assert "Typical Game, 12 VP wins" in text and "The terrain is Market Square" in text, text
    revealed = re.search(r"Teams revealed: (.*)", text)
    assert revealed and all(part.count(",") >= 4 for part in revealed.group(1).split(";"))
    done = [a for p in people.values() for a in p.done]
    assert done.count("gbact") >= 12, done.count("gbact")  # six models a team, each activated
    posted = [a.filename for m in world.fake.messages(world.channel) for a in m.attachments]
    assert posted.count("pitch.png") >= 12, posted  # the kick off's, then after each activation
    board = await world.fake.slash(world.users["morgan"], world.channel, "gm board")
    shown = await board.wait_reply(timeout=10)
    assert "Terrain, Market Square:" in shown.text(), shown.text()
    assert "pitch.png" in [a.filename for a in shown.attachments]
    # Kim's AOE: previewed privately (deferred: the picture is drawn), then confirmed.
    aoe = [(r, t, pics) for a, r, t, pics in people["kim"].records if a == "gbplay"]
    assert aoe and "gbaoec" in people["kim"].done, people["kim"].done
    assert all(r.response_type == DEFERRED_UPDATE_MESSAGE for r, _, _ in aoe)
    assert any(pics == ["aoe.png"] and "AOE preview (only you see this)" in t for _, t, pics in aoe)
    assert "AOE preview" not in text and re.search(r" uses \*\*[^*]+\*\*", text), text
    await no_secret_crosses(world, people)


@pytest.mark.skipif(not WHOLE_GAMES, reason=WHOLE_TYPICAL)
async def test_two_people_play_a_typical_game_to_its_end(world):
    """A whole Typical game on Market Square, two people playing every decision from their DMs
    (reactions and parting blows too) until the game ends: the final standings are announced in
    the channel, the pitch pictured after every activation, no secret crosses."""
    await open_typical(world)
    people = typical_people(world)
    await play_until_ended(world, list(people.values()), 600.0)
    text = channel_text(world)
    assert "wins Guild Ball!" in text or "The game is a draw" in text, text[-800:]
    assert "The final result:" in text and "Typical Game, 12 VP wins" in text
    done = {a for p in people.values() for a in p.done}
    assert done & {"gbpart", "gbreact"}, done  # a reaction or a parting blow answered
    assert {"gbatk", "gbpick", "gbconf", "gbend"} <= done, done
    posted = [a.filename for m in world.fake.messages(world.channel) for a in m.attachments]
    assert posted.count("pitch.png") > 12, posted  # the kick off's, each activation's, the end's
    await no_secret_crosses(world, people, face_down_hidden=False)
