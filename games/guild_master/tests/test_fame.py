"""Fame (Key Components & Concepts): gaining and losing Fame, Ties in Fame, and Fame Order."""

from games.guild_master.rules.commands import ChooseStance, UsePlotAbility
from games.guild_master.rules.content import load_pack
from games.guild_master.tests.table import (
    everyone_else_ready,
    of_type,
    order,
    orders,
    play,
    public,
    table,
)

CHARM_FIXER = ["salon:fixer"]


def _complete(contract, adventurers, dice, players=2, others=(), **guild0):
    """Seat 0 completes `contract` on spot 3 with its whole team (2 or 3 adventurers)."""
    state = table(
        players=players,
        board={"contracts": {"3": contract}},
        guild=[
            {"adventurers": adventurers, "skill_upgrades": CHARM_FIXER, "private": [], **guild0},
            *others,
        ],
        dice=dice,
    )
    state, events = play(
        state, orders(0, order(1, adventurers, "3")), *everyone_else_ready(state, 0)
    )
    assert of_type(events, "ContractCompleted")[0].seats == (0,)
    return state, events


def test_fame_cannot_drop_below_0():
    """Fame: "When you lose Fame, it cannot drop below 0 for any reason." (Quiet the Haunted
    Mill's bonus: a rival guild loses 1 Fame — the rival has none.)"""
    state, events = _complete(
        "haunted-mill", ["hale", "ilse"], [6] * 5, others=[{"fame": 0, "private": []}]
    )
    assert [e for e in of_type(events, "FameChanged") if e.seat == 1] == []
    assert public(state)["guilds"][1]["fame"] == 0


def test_a_plot_ability_cannot_take_fame_below_0():
    """Fame: Fame "can also be gained or lost through Adventurer Abilities... When you lose Fame,
    it cannot drop below 0 for any reason." (Lisette: the guild(s) with the most Fame lose 1
    Fame — both guilds are tied for the most with 0, so both stay at 0.)"""
    state = table(
        players=2,
        round=3,
        phase="start_of_round",
        teams=["silvertongues", "starwise"],
        # The Starwise but Quill have no plot ability in Round 3 (Quill's is a Blood Moon one).
        guild=[
            {"adventurers": ["lisette", "darro"], "fame": 0},
            {"fame": 0, "adventurers": ["ysolde", "pell", "mirren"]},
        ],
    )
    state, events = play(state, UsePlotAbility(seat=0, adventurer="lisette"))
    assert of_type(events, "FameChanged") == []
    assert [g.fame for g in state.guilds] == [0, 0]


def test_fame_can_go_over_100():
    """Fame: "When gaining Fame, it's possible to go over 100 Fame. If you do, flip your scoring
    marker to its +100 side and continue along the track.\""""
    state, _ = _complete("old-well", ["brask", "odile"], [6] * 5, fame=99)
    assert public(state)["guilds"][0]["fame"] == 101


def test_most_fame_includes_every_tied_guild():
    """Ties in Fame: "Most and least Fame can be tied. For example, if multiple Guilds currently
    have the most Fame, they all have 'the most' Fame." (Expose the Spymaster: the guild(s) with
    the most Fame lose 2 Fame.)"""
    state, events = _complete(
        "spymaster",
        ["nyx", "hob"],
        [6] * 9,
        players=3,
        others=[{"fame": 10, "private": []}, {"fame": 10, "private": []}],
    )
    assert sorted((e.seat, e.amount) for e in of_type(events, "FameChanged")) == [(1, -2), (2, -2)]
    reward = load_pack("basic").contracts["spymaster"].fame
    assert [g["fame"] for g in public(state)["guilds"]] == [reward, 8, 8]


def test_least_fame_includes_every_tied_guild():
    """Ties in Fame: "Most and least Fame can be tied." (Steal the Regent's Seal: the guild(s)
    with the least Fame gain 1 Gold.)"""
    _state, events = _complete(
        "regent-seal",
        ["nyx", "grey-hand"],
        [6] * 10,
        players=3,
        others=[{"fame": 2, "gold": 0, "private": []}, {"fame": 2, "gold": 0, "private": []}],
    )
    gains = sorted(
        (e.seat, e.amount) for e in of_type(events, "GoldChanged") if e.cause == "bonus:regent-seal"
    )
    assert gains == [(1, 1), (2, 1)]


def test_a_start_of_round_event_hits_every_guild_tied_for_the_most_fame():
    """Ties in Fame: "if multiple Guilds currently have the most Fame, they all have 'the most'
    Fame." (Track the Manticore: at the start of each round the guild(s) with the most Fame lose
    1 Fame.)"""
    state = table(
        players=3,
        round=2,
        phase="start_of_round",
        board={"contracts": {"3": "manticore"}},
        guild=[{"fame": 5}, {"fame": 5}, {"fame": 2}],
    )
    assert [g.fame for g in state.guilds] == [4, 4, 2]


def test_guilds_receiving_at_the_same_time_go_in_descending_fame_order():
    """Things To Remember: "When Guilds receive anything at the same time, the Guild with the
    most Fame goes first." Cooperators completing a contract are rewarded most Fame first."""
    state = table(
        players=2,
        board={"contracts": {"3": "border-feud"}},
        guild=[
            {"fame": 2, "adventurers": ["brask", "odile"], "skill_upgrades": CHARM_FIXER},
            {"fame": 7, "adventurers": ["garrick", "krys"], "skill_upgrades": CHARM_FIXER},
        ],
        dice=[6] * 6,
    )
    state, _ = play(
        state,
        orders(0, order(1, ["brask", "odile"], "3")),
        orders(1, order(1, ["garrick", "krys"], "3")),
    )
    state, events = play(
        state, ChooseStance(seat=0, stance="cooperate"), ChooseStance(seat=1, stance="cooperate")
    )
    assert [e.seat for e in of_type(events, "ContractRewarded")] == [1, 0]


def _blood_moon_draw(fames, dice, players=2):
    """Round 3 starts: each guild draws a private contract in Fame order."""
    return table(
        players=players,
        round=3,
        phase="start_of_round",
        board={"decks": {"common": ["old-well", "tower-lock", "fen-paths"]}},
        guild=[{"fame": f, "private": []} for f in fames],
        dice=dice,
    )


def test_fame_order_is_descending():
    """Glossary, Fame Order: "The Order in which certain tasks are completed by Guilds, typically
    descending Fame order (ie highest to lowest)\""""
    state = _blood_moon_draw([1, 6, 3], [], players=3)
    assert [g.private_contracts for g in state.guilds] == [
        ("fen-paths",),
        ("old-well",),
        ("tower-lock",),
    ]


def test_tied_fame_order_is_decided_by_a_die_each():
    """Ties in Fame: "If Guilds are doing a task in Fame Order and Fame is tied, each affected
    Guild rolls a single dice... The Guild with the highest result goes first.\""""
    state = _blood_moon_draw([3, 3], [2, 5])
    assert [g.private_contracts for g in state.guilds] == [("tower-lock",), ("old-well",)]


def test_tied_dice_are_rolled_again():
    """Ties in Fame: each affected Guild rolls a single dice, "re-rolling ties until there is a
    highest result.\""""
    state = _blood_moon_draw([3, 3], [4, 4, 6, 1])
    assert [g.private_contracts for g in state.guilds] == [("old-well",), ("tower-lock",)]


def test_only_the_tied_guilds_roll():
    """Ties in Fame: "each affected Guild rolls a single dice" — only the guilds tied with each
    other; the guild with less Fame still comes last. (Seats 0 and 2 roll 1 and 6.)"""
    state = _blood_moon_draw([5, 2, 5], [1, 6], players=3)
    assert [g.private_contracts for g in state.guilds] == [
        ("tower-lock",),
        ("fen-paths",),
        ("old-well",),
    ]
    assert state.rng.scripted == ()


def test_guilds_tied_in_fame_receiving_at_the_same_time_roll_a_die():
    """Things To Remember: "When Guilds receive anything at the same time, the Guild with the
    most Fame goes first. If there is still a tie each Guild rolls a single dice and the highest
    roll goes first." Two cooperators with 5 Fame each: seat 1 rolls 5, seat 0 rolls 2."""
    state = table(
        players=2,
        board={"contracts": {"3": "border-feud"}},
        guild=[
            {"fame": 5, "adventurers": ["brask", "odile"], "skill_upgrades": CHARM_FIXER},
            {"fame": 5, "adventurers": ["garrick", "krys"], "skill_upgrades": CHARM_FIXER},
        ],
        dice=[6, 6, 6, 1, 1, 1, 2, 5],  # Brask 18, Garrick 3 (together 21), then the tie-break
    )
    state, _ = play(
        state,
        orders(0, order(1, ["brask", "odile"], "3")),
        orders(1, order(1, ["garrick", "krys"], "3")),
    )
    state, events = play(
        state, ChooseStance(seat=0, stance="cooperate"), ChooseStance(seat=1, stance="cooperate")
    )
    (rolled,) = of_type(events, "FameOrderRolled")
    assert rolled.rolls == (((0, 2), (1, 5)),)
    assert [e.seat for e in of_type(events, "ContractRewarded")] == [1, 0]
