"""A contested contract through the loopback Discord: the channel's negotiation prompt, a split
proposed with selects and accepted with a button, stances chosen in secret by DM and revealed
together."""

from games.guild_master.rules.content import load_pack
from games.guild_master.rules.team import skill_total
from tests.e2e.test_games import lobby


def button(message, label):
    return next(b for b in message.buttons() if b["label"] == label)["custom_id"]


def tells_kims_stance(text):
    """Does `text` say which stance Kim chose?"""
    text = text.lower()
    return any(p in text for p in ("kim conflict", "kim cooperate", "chose to conflict"))


async def plan_contract(world, user, seat, spot):
    """The player puts two adventurers able to attempt contract `spot` on order 1, and is
    ready (reading the board, as a person would)."""
    fake = world.fake
    board = await fake.wait_for_dm(user, contains="your orders", timeout=10)
    state, _ = await world.bot.service.load(1)
    pack = load_pack(state.pack)
    contract = pack.contracts[state.board.contracts[spot - 1].card]
    team = [
        a
        for a in state.guilds[seat].adventurers
        if any(skill_total(pack, (a,), t.skill) for t in contract.targets)
    ][:2]
    await (await fake.select(user, board, f"gm:obteam:1:{seat}:1", team)).wait_reply(timeout=10)
    board = fake.message(board.id)
    chosen = await fake.select(user, board, f"gm:obobj:1:{seat}:1", [str(spot)])
    await chosen.wait_reply(timeout=10)
    board = fake.message(board.id)
    await (await fake.click(user, board, f"gm:obready:1:{seat}:1")).wait_reply(timeout=10)


async def open_contest(world):
    """Kim and Chris (a 2-player game) both send a team to the same contract: the channel's
    negotiation prompt, the contract's spot and the contract."""
    fake = world.fake
    kim, chris = world.users["kim"], world.users["chris"]
    await lobby(world, "kim", "chris", players=2, bots=False)
    for user in (kim, chris):
        prompt = await fake.wait_for_dm(user, contains="three contracts", timeout=10)
        select = prompt.selects()[0]
        chosen = await fake.select(
            user, prompt, select["custom_id"], [select["options"][0]["value"]]
        )
        await chosen.wait_reply(timeout=10)
    state, _ = await world.bot.service.load(1)
    pack = load_pack(state.pack)

    def able(seat, spot):
        c = pack.contracts[state.board.contracts[spot - 1].card]
        return any(skill_total(pack, state.guilds[seat].adventurers, t.skill) for t in c.targets)

    spot = next(s for s in (1, 2, 3, 4) if able(0, s) and able(1, s))
    contract = pack.contracts[state.board.contracts[spot - 1].card]
    await plan_contract(world, kim, 0, spot)
    await plan_contract(world, chris, 1, spot)

    prompt = await fake.wait_for_message(
        channel=world.channel, contains="Contest for contract", timeout=10
    )
    return prompt, spot, contract


async def test_a_negotiated_split_and_secret_stances(world):
    fake = world.fake
    kim, chris = world.users["kim"], world.users["chris"]
    prompt, _spot, contract = await open_contest(world)
    propose = await fake.click(kim, prompt, button(prompt, "Propose a split…"))
    form = await propose.wait_reply(timeout=10)
    assert "Propose a split" in form.text() and form.ephemeral  # for Kim alone
    # All the Gold to Kim (the second guild gets the rest: none), and the card to Kim.
    gold = next(s for s in form.selects() if s["custom_id"].startswith("gm:splitg:"))
    chosen = await fake.select(kim, form, gold["custom_id"], [str(contract.gold)])
    form = await chosen.wait_reply(timeout=10)
    card = next(s for s in form.selects() if s["custom_id"].startswith("gm:splitbk:"))
    to_kim = next(o["value"] for o in card["options"] if o["value"].endswith(".0"))
    chosen = await fake.select(kim, form, card["custom_id"], [to_kim])
    form = await chosen.wait_reply(timeout=10)
    assert f"Gold ● kim {contract.gold}, ▲ chris 0" in form.text(), form.text()
    sent = await fake.click(kim, form, button(form, "Propose"))
    assert "on the table" in (await sent.wait_reply(timeout=10)).text()
    prompt = await fake.wait_for(
        lambda: (
            fake.message(prompt.id) if "Proposal by" in fake.message(prompt.id).text() else None
        ),
        what="the proposal in the prompt",
        timeout=10,
    )
    accept = await fake.click(chris, prompt, "gm:split:1:0:yes")
    await accept.wait_reply(timeout=10)
    await fake.wait_for_message(channel=world.channel, contains="Split agreed", timeout=10)

    kim_stance = await fake.wait_for_dm(kim, contains="contest stance", timeout=10)
    chris_stance = await fake.wait_for_dm(chris, contains="contest stance", timeout=10)
    await (await fake.click(kim, kim_stance, button(kim_stance, "Conflict"))).wait_reply(timeout=10)
    await world.settled()
    # Kim's stance shows nowhere but Kim's own DM until both have chosen.
    assert not any(tells_kims_stance(m.text()) for m in fake.messages(world.channel))
    assert not any(tells_kims_stance(m.text()) for m in fake.dms(chris))
    assert any("Done: Conflict" in m.text() for m in fake.dms(kim))
    assert "chosen its stance" in "\n".join(m.text() for m in fake.messages(world.channel))
    await (await fake.click(chris, chris_stance, button(chris_stance, "Cooperate"))).wait_reply(
        timeout=10
    )
    revealed = await fake.wait_for_message(
        channel=world.channel, contains="Stances revealed", timeout=10
    )
    assert "kim conflict" in revealed.text() and "chris cooperate" in revealed.text()
