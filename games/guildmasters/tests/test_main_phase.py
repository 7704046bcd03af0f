"""Main phase: "Each player, following turn order, can perform one action and, optionally
fulfill one quest. ... This phase ends when all BUT one player has passed. This restriction does
not applies in a two player game." — with "After pass" and "After everyone pass"."""

from msgspec.structs import replace

from games.guildmasters.rules.commands import Activate, EndTurn, Fulfil, Pass, React, Recruit
from games.guildmasters.rules.events import DraftDealt, Drew, PhaseEnded, TurnBegan
from games.guildmasters.rules.state import DRAFT, END, MAIN
from games.guildmasters.tests.table import of, refusal, run, table

ROWS = [["fetch-the-hermit", "lost-wedding-ring", "lantern-duty"], [], []]


def test_one_action_per_turn():
    """ "can perform one action": after recruiting, no second action; the turn can end."""
    state = table(players=3, guild=[{"seat": 0, "hand": ["mage-1", "mage-2", "scout-1"]}])
    _, state = run(state, Recruit(seat=0, cards=("mage-1", "mage-2")))
    assert state.turn.step == END
    assert refusal(state, Activate(seat=0, card="scout-1")) == "acted"
    log, state = run(state, EndTurn(seat=0))
    assert of(log, TurnBegan)[-1].seat == 1


def test_recruit_two_of_the_same_class_while_the_tavern_has_one():
    """ "Discard two cards of the same adventurer to recruit that same adventurer from the
    tavern, while available." """
    state = table(
        players=2,
        tavern=["r-mage-1"],
        guild=[{"seat": 0, "hand": ["mage-1", "mage-2", "necromancer-1"]}],
    )
    assert refusal(state, Recruit(seat=0, cards=("mage-1", "necromancer-1"))) == "not_a_pair"
    _, after = run(state, Recruit(seat=0, cards=("mage-1", "mage-2")))
    assert after.guilds[0].tiles == ("r-mage-1",) and after.tavern == ()
    assert after.discard[-2:] == ("mage-1", "mage-2")
    empty = table(players=2, tavern=[], guild=[{"seat": 0, "hand": ["mage-1", "mage-2"]}])
    assert refusal(empty, Recruit(seat=0, cards=("mage-1", "mage-2"))) == "tavern_empty"


def test_a_quest_at_the_start_and_none_at_the_end():
    """ "Quests can be fulfilled at the beginning or at the and of a players turn" — one quest
    a turn: after one at the start, the action ends the turn."""
    state = table(
        players=2,
        rows=ROWS,
        guild=[
            {
                "seat": 0,
                "hand": ["warrior-1", "mage-1", "scout-1", "assassin-1", "mage-2", "mage-3"],
            }
        ],
    )
    _, state = run(state, Fulfil(seat=0, quest="fetch-the-hermit", cards=("warrior-1", "mage-1")))
    _, state = run(state, React(seat=1), React(seat=0))  # no Behead, no Heal
    assert state.turn.quested and state.turn.seat == 0
    cmd = Fulfil(seat=0, quest="lantern-duty", cards=("scout-1", "assassin-1"))
    assert refusal(state, cmd) == "one_quest"
    _, state = run(state, Recruit(seat=0, cards=("mage-2", "mage-3")))
    assert state.turn.seat == 1


def test_a_quest_at_the_end_of_the_turn():
    state = table(
        players=2,
        rows=ROWS,
        guild=[{"seat": 0, "hand": ["warrior-1", "mage-1", "mage-2", "mage-3"]}],
    )
    _, state = run(state, Recruit(seat=0, cards=("mage-2", "mage-3")))
    _, state = run(state, Fulfil(seat=0, quest="fetch-the-hermit", cards=("warrior-1", "mage-1")))
    _, state = run(state, React(seat=1), React(seat=0))
    assert state.turn.seat == 1 and state.guilds[0].quests == ("fetch-the-hermit",)


def test_after_pass_no_ability_recruit_or_quest_and_untargetable():
    """ "You cannot be targeted by an ability; ... You cannot activate any ability, recruit or
    fulfil quests." """
    state = table(
        players=3,
        current=1,
        guild=[
            {"seat": 0, "passed": True, "hand": ["scout-1"]},
            {"seat": 1, "hand": ["rogue-1", "mage-1"]},
        ],
    )
    assert refusal(state, Activate(seat=1, card="rogue-1", target=0)) == "untargetable"
    assert refusal(state, Activate(seat=0, card="scout-1")) == "not_your_turn"


def test_after_pass_draw_a_card_each_time_your_turn_comes():
    """ "Every time your turn come around you can draw an adventurer card" (always, by our
    ruling)."""
    state = table(
        players=4,
        deck=["bard-1"],
        guild=[{"seat": 0, "hand": ["scout-1"]}, {"seat": 1, "passed": True}],
    )
    log, state = run(state, Pass(seat=0))
    assert [(e.seat, e.card) for e in of(log, Drew)] == [(1, "bard-1")]
    assert state.guilds[1].hand == ("bard-1",) and state.turn.seat == 2


def test_the_phase_ends_when_all_but_one_have_passed():
    """ "This phase ends when all BUT one player has passed." """
    state = table(players=3, guild=[{"seat": 1, "passed": True}, {"seat": 2, "hand": ["scout-1"]}])
    log, state = run(state, Pass(seat=0))
    assert of(log, PhaseEnded) and of(log, DraftDealt) and state.phase == DRAFT


def test_with_two_players_both_pass():
    """ "This restriction does not applies in a two player game." """
    state = table(players=2, deck=["bard-1"], guild=[{"seat": 1, "hand": ["scout-1"]}])
    log, state = run(state, Pass(seat=0))
    assert not of(log, PhaseEnded) and state.phase == MAIN and state.turn.seat == 1
    log, state = run(state, Pass(seat=1))
    assert of(log, PhaseEnded)


def test_after_everyone_passes_fewer_points_first_and_recruits_turned_up():
    """ "Arange player order: players with less points go first; Turn up all your recruits;
    Start a new draft phase." """
    state = table(
        players=3,
        guild=[
            {"seat": 0, "points": 9, "tiles": ["r-mage-1"], "used": ["r-mage-1"]},
            {"seat": 1, "points": 2, "passed": True},
            {"seat": 2, "points": 5, "passed": True},
        ],
    )
    log, state = run(state, Pass(seat=0))
    assert of(log, PhaseEnded)[0].order == (1, 2, 0)
    assert state.guilds[0].used == () and state.game_turn == 2 and state.phase == DRAFT


def test_an_action_out_of_turn_is_refused():
    state = table(players=2, guild=[{"seat": 1, "hand": ["scout-1"]}])
    assert refusal(state, Activate(seat=1, card="scout-1")) == "not_your_turn"


def test_a_main_phase_ends_after_twenty_rounds():
    """Our safety net (docs/rules-notes.md): a Necromancer and a Hunter can hand a card to and
    fro for ever, so a main phase ends after 20 rounds of turns even if guilds still play."""
    state = table(players=2, guild=[{"seat": 0, "hand": ["mage-1", "mage-2"]}])
    state = replace(state, turn=replace(state.turn, number=40))
    log, after = run(state, Recruit(seat=0, cards=("mage-1", "mage-2")), EndTurn(seat=0))
    assert of(log, PhaseEnded) and after.phase == DRAFT
    early = replace(state, turn=replace(state.turn, number=38))
    log, _ = run(early, Recruit(seat=0, cards=("mage-1", "mage-2")), EndTurn(seat=0))
    assert not of(log, PhaseEnded)
