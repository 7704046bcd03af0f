"""Narration: every event told to every audience, over whole random games, never names a card
the audience may not know: deck cards, face-down cards, and other guilds' private contracts
(until the guild attempts one, which shows it)."""

import pytest

from engine.core import PUBLIC, Seat
from games.guild_master import GAME
from games.guild_master.players.simulate import play
from games.guild_master.presentation.text import Names, article, narrate
from games.guild_master.rules import events as ev
from games.guild_master.rules.commands import AnswerSplit, ProposeSplit
from games.guild_master.rules.content import load_pack
from games.guild_master.rules.evolve import evolve
from games.guild_master.rules.state import SetupStep, SplitTerms
from games.guild_master.tests.table import everyone_else_ready, order, orders
from games.guild_master.tests.table import play as play_commands
from games.guild_master.tests.table import table as engine_table

PACK = load_pack("basic")
NAMES = Names(PACK)


def hidden_cards(state, attempted, peeked):
    """Card slugs secret to everybody, and those secret to all but one seat. A guild that peeked
    at cards (`peeked`, by seat) keeps knowing them."""
    b = state.board
    everyone = set()
    for spot in b.adventurers:
        everyone.update(spot.deck[1:] if spot.face_up else spot.deck)
    everyone.update(c.card for c in b.contracts if c.card and not c.face_up)
    for deck in (b.common, b.heroic, b.legendary):
        everyone.update(deck)
    own = {}
    deck_cards = set(everyone)
    for g in state.guilds:
        cards = set(g.private_contracts) - attempted
        if isinstance(state.step, SetupStep):
            cards |= set(state.step.dealt[g.seat])
        if state.prompt is not None and state.prompt.seat == g.seat:
            cards |= set(state.prompt.drawn)
        known = peeked.get(g.seat, set()) & deck_cards
        everyone -= known  # secret to all but the guilds that peeked (see `own`)
        own[g.seat] = cards | known
    return everyone, own


def card_name(slug):
    if slug in PACK.contracts:
        return PACK.contracts[slug].name
    return NAMES.adventurer(slug)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_line_names_a_secret_card(players):
    for seed in range(3):
        _, _, log = play(players, 500 + seed, keep_events=True)
        state = None
        attempted = set()
        peeked = {}
        for e in log:
            state = evolve(state, e)
            if isinstance(e, ev.SkillCheckRolled) and e.key.startswith("private:"):
                attempted.add(e.contract)
            if isinstance(e, ev.EffectPaused):
                peeked.setdefault(e.prompt.seat, set()).update(e.prompt.seen)
            everyone, own = hidden_cards(state, attempted, peeked)
            for audience in [PUBLIC, *(Seat(s) for s in range(players))]:
                view = GAME.view(state, audience)
                line = narrate(GAME.event_view(e, audience), view, audience, NAMES)
                if line is None:
                    continue
                secret = set(everyone)
                for seat, cards in own.items():
                    if audience != Seat(seat):
                        secret |= cards
                for slug in secret:
                    assert card_name(slug) not in line, (type(e).__name__, audience, line)


def test_every_public_event_of_a_game_has_a_line():
    """Nothing that happens in the open goes untold."""
    _, _, log = play(4, 77, keep_events=True)
    silent = {
        "TasksChanged",
        "OrderResolved",
        "ResetPhaseStarted",
        "BuilderCostReset",
        "PlotTurnEnded",
        "CardsRevealed",
    }
    state = None
    for e in log:
        state = evolve(state, e)
        line = narrate(GAME.event_view(e, PUBLIC), GAME.view(state, PUBLIC), PUBLIC, NAMES)
        if type(e).__name__ not in silent and not isinstance(e, ev.OrdersDrafted | ev.PlanAnswered):
            assert line, type(e).__name__


CONTESTERS = [(a, b) for a in range(4) for b in range(4) if a < b]


@pytest.mark.parametrize(("first", "second"), CONTESTERS)
def test_split_lines_name_the_contesting_guilds(first, second):
    """Issue 19: "Every proposal, acceptance and agreed split must name the contesting guilds"
    (the shares of a contest between guilds 3 and 4 were credited to guilds 1 and 2)."""
    teams = [["brask", "kettu"], ["odile", "rowan"], ["sable", "fenn"], ["jory", "nell"]]
    state = engine_table(
        players=4,
        board={"contracts": {"1": "border-feud"}},  # 3 Gold
        guild=[{"adventurers": team} for team in teams],
    )
    state, _ = play_commands(
        state,
        orders(first, order(1, teams[first][:1], "1")),
        orders(second, order(1, teams[second][:1], "1")),
        *everyone_else_ready(state, first, second),
    )
    names = Names(PACK, ["Ann", "Bo", "Cy", "Di"])
    terms = SplitTerms(gold=(2, 1), keeper=second)
    state, proposed = play_commands(state, ProposeSplit(seat=first, terms=terms))
    state, agreed = play_commands(state, AnswerSplit(seat=second, by=first, accept=True))
    public = GAME.view(state, PUBLIC)
    lines = [
        narrate(GAME.event_view(e, PUBLIC), public, PUBLIC, names)
        for e in [*proposed, *agreed]
        if type(e).__name__ in ("SplitProposed", "SplitAgreed")
    ]
    shares = f"Gold {names.guild(first)} 2, {names.guild(second)} 1; card to {names.guild(second)}"
    assert len(lines) == 2 and all(shares in line for line in lines), lines
    others = [names.guild(s) for s in range(4) if s not in (first, second)]
    assert not any(other in line for other in others for line in lines), lines


def test_counts_and_articles_read_as_english():
    """Issue 19's grammar slips: "hires 2 Builder(s)", "keeps 1 private contract(s)", "You keep
    Charm the Toll-Keeper as private contracts" and "after a Arcane roll"."""
    names = Names(PACK, ["Ann", "Bo"])
    view = GAME.view(engine_table(players=2), PUBLIC)
    one, two = "toll-keeper", "border-feud"
    lines = [
        narrate(ev.FreeBuildersHired(seat=0, count=1, marker=2, cause="x"), view, PUBLIC, names),
        narrate(ev.FreeBuildersHired(seat=0, count=2, marker=2, cause="x"), view, PUBLIC, names),
        narrate(ev.DrawnKept(seat=0, kept=(one,), returned=(two,)), view, PUBLIC, names),
        narrate(ev.DrawnKept(seat=0, kept=(one,), returned=(two,)), view, Seat(0), names),
        narrate(ev.DrawnKept(seat=0, kept=(one, two), returned=()), view, Seat(0), names),
    ]
    assert "hires 1 Builder for free" in lines[0]
    assert "hires 2 Builders for free" in lines[1]
    assert "keeps 1 private contract and puts 1 back" in lines[2]
    assert f"You keep {names.contract(one)} as a private contract;" in lines[3]
    assert "as private contracts;" in lines[4]
    assert not any("(s)" in line for line in lines)
    assert [article(w) for w in ("Arcane", "Might", "Logic", "Spirit")] == ["an", "a", "a", "a"]
