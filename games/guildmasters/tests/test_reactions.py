"""Abilities out of turn, as response windows: every eligible guild is asked, "no" is the
default, and nobody else learns an answer until the window resolves."""

from engine.core.game import PUBLIC, Seat
from games.guildmasters import GAME
from games.guildmasters.rules.commands import Activate, ApplyDefaults, Choose, Fulfil, React
from games.guildmasters.rules.events import (
    Ambushed,
    Answered,
    Beheaded,
    Healed,
    Killed,
    Protected,
    QuestFailed,
    QuestFulfilled,
    ReactionOpened,
)
from games.guildmasters.rules.pending import REACTION_WINDOW, pending
from games.guildmasters.tests.table import of, run, table

ROWS = [["fetch-the-hermit", "lost-wedding-ring", "lantern-duty"], [], []]
HERMIT = Fulfil(seat=0, quest="fetch-the-hermit", cards=("warrior-1", "mage-1"))


def test_behead_is_offered_to_every_other_guild_still_playing():
    """The window opens for every other guild that has not passed, holding an Assassin or not."""
    state = table(
        players=4,
        rows=ROWS,
        guild=[{"seat": 0, "hand": ["warrior-1", "mage-1"]}, {"seat": 3, "passed": True}],
    )
    log, state = run(state, HERMIT)
    assert of(log, ReactionOpened)[0].seats == (1, 2)
    assert {d.kind for d in pending(state)} == {"behead"}
    assert all(d.default == React(seat=d.seat) for d in pending(state))


def test_behead_kills_and_the_quest_fails_if_it_cannot_be_replaced():
    """ "Behead: When another player is fulfilling a quest, kill 1 of those adventurers. If it
    cannot be replaced, the quest fails." """
    state = table(
        rows=ROWS,
        guild=[
            {"seat": 0, "hand": ["warrior-1", "mage-1", "scout-1"]},
            {"seat": 1, "hand": ["assassin-1"]},
        ],
    )
    log, state = run(
        state, HERMIT, React(seat=1, card="assassin-1", victim="mage-1"), React(seat=0)
    )
    assert of(log, Beheaded) and of(log, Killed)[0].replacement == ""
    assert of(log, QuestFailed) and not of(log, QuestFulfilled)
    assert set(state.guilds[0].hand) == {"warrior-1", "scout-1"}
    assert state.discard == ("assassin-1", "mage-1")


def test_a_beheaded_adventurer_replaced_from_the_hand():
    state = table(
        rows=ROWS,
        guild=[
            {"seat": 0, "hand": ["warrior-1", "mage-1", "necromancer-1"]},
            {"seat": 1, "hand": ["assassin-1"]},
        ],
    )
    log, state = run(
        state, HERMIT, React(seat=1, card="assassin-1", victim="mage-1"), React(seat=0)
    )
    assert of(log, Killed)[0].replacement == "necromancer-1" and of(log, QuestFulfilled)


def test_warrior_protects_against_an_assassin():
    """ "Protect: Deny the ability of Rogue, Assassin or Mage." """
    state = table(
        rows=ROWS,
        guild=[
            {"seat": 0, "hand": ["warrior-1", "mage-1", "warrior-2"]},
            {"seat": 1, "hand": ["assassin-1"]},
        ],
    )
    log, _ = run(
        state,
        HERMIT,
        React(seat=1, card="assassin-1", victim="mage-1"),
        React(seat=0, card="warrior-2"),
    )
    assert of(log, Protected) and of(log, QuestFulfilled) and not of(log, Killed)


def test_warrior_protects_against_a_rogue():
    state = table(
        guild=[{"seat": 0, "hand": ["rogue-1"]}, {"seat": 1, "hand": ["warrior-1", "bard-1"]}]
    )
    _, state = run(
        state, Activate(seat=0, card="rogue-1", target=1), React(seat=1, card="warrior-1")
    )
    assert state.guilds[1].hand == ("bard-1",) and state.guilds[0].hand == ()


def test_hunter_ambushes_the_card_of_an_ability():
    """ "Ambush: After a player use an adventurer ability, put that card in your hand." """
    state = table(
        deck=["bard-1", "bard-2", "bard-3", "bard-4"],
        guild=[{"seat": 0, "hand": ["scout-1"]}, {"seat": 1, "hand": ["hunter-1"]}],
    )
    _, state = run(state, Activate(seat=0, card="scout-1"), Choose(seat=0, pick="bard-1"))
    log, state = run(state, React(seat=1, card="hunter-1"))
    assert of(log, Ambushed)[0].card == "scout-1"
    assert state.guilds[1].hand == ("scout-1",) and state.discard[-1] == "hunter-1"


def test_cleric_heals_after_the_guild_s_own_quest():
    """ "Heal: Play after you fulfill a quest. You can return 1 of the adventurers used in last
    quest to your hand." """
    state = table(rows=ROWS, guild=[{"seat": 0, "hand": ["warrior-1", "mage-1", "cleric-1"]}])
    log, state = run(state, HERMIT, React(seat=1))
    assert of(log, ReactionOpened)[-1].about == "heal" and of(log, ReactionOpened)[-1].seats == (0,)
    log, state = run(state, React(seat=0, card="cleric-1", victim="mage-1"))
    assert of(log, Healed) and state.guilds[0].hand == ("mage-1",)
    assert state.discard == ("warrior-1", "cleric-1")


def test_answers_are_secret_until_the_window_resolves():
    """A guild's answer is its own: the others see that it answered, never what."""
    state = table(
        players=3,
        rows=ROWS,
        guild=[
            {"seat": 0, "hand": ["warrior-1", "mage-1"]},
            {"seat": 1, "hand": ["assassin-1"]},
        ],
    )
    _, state = run(state, HERMIT)
    log, after = run(state, React(seat=1, card="assassin-1", victim="mage-1"))
    answer = of(log, Answered)[0]
    for audience in (PUBLIC, Seat(0), Seat(2)):
        assert GAME.event_view(answer, audience).answer == ""
    assert GAME.event_view(answer, Seat(1)).answer != ""
    assert GAME.view(after, PUBLIC).reaction.answered == (1,)
    no = table(
        players=3,
        rows=ROWS,
        guild=[
            {"seat": 0, "hand": ["warrior-1", "mage-1"]},
            {"seat": 1, "hand": ["bard-1"]},
        ],
    )
    _, no = run(no, HERMIT, React(seat=1))
    assert GAME.view(no, PUBLIC) == GAME.view(after, PUBLIC)


def test_the_default_is_no():
    state = table(
        rows=ROWS,
        guild=[{"seat": 0, "hand": ["warrior-1", "mage-1"]}, {"seat": 1, "hand": ["assassin-1"]}],
    )
    _, state = run(state, HERMIT)
    log, state = run(state, ApplyDefaults(seat=-1))
    assert not of(log, Beheaded) and state.guilds[1].hand == ("assassin-1",)


def test_a_reaction_is_a_short_wait_of_its_own():
    """Reactions are asked "with a short window and 'no' by default": the wait a reaction opens
    has a window (REACTION_WINDOW minutes), the turn's wait has none."""
    state = table(
        rows=ROWS,
        guild=[{"seat": 0, "hand": ["warrior-1", "mage-1"]}, {"seat": 1, "hand": ["assassin-1"]}],
    )
    assert GAME.stage(state).window == 0
    _, state = run(state, HERMIT)
    stage = GAME.stage(state)
    assert (stage.kind, stage.window) == ("reaction", REACTION_WINDOW) and REACTION_WINDOW == 15
