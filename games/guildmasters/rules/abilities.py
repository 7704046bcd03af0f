"""Player actions: "Activate ability: Discard an adventurer card to activate its ability" and
"Recruit: Discard two cards of the same adventurer to recruit that same adventurer from the
tavern, while available", with each class's ability as the class table words it.

Abilities used as an action: Scout, Ajna (Monk), Resurrect (Necromancer), Transmute (Mage) and
Pickpocket (Rogue). A Rogue's or Mage's mark may answer with a Warrior (Protect) first; after any
of them every other guild still playing may Ambush with a Hunter. The Warrior, the Assassin, the
Hunter and the Cleric act only in reactions (`reactions.py`), the Bard only on quests.
"""

from __future__ import annotations

from engine.core.errors import RuleError
from games.guildmasters.rules.commands import Activate, Choose, Recruit
from games.guildmasters.rules.content import LEVELS, load_pack
from games.guildmasters.rules.context import Ctx, ensure_deck, name, require_turn
from games.guildmasters.rules.events import (
    AbilityActivated,
    ActionDone,
    Chosen,
    Looked,
    ReactionOpened,
    Recruited,
    Resurrected,
    Transmuted,
)
from games.guildmasters.rules.quests import rivals
from games.guildmasters.rules.state import START, GuildmastersState

ACTION_CLASSES = ("scout", "monk", "necromancer", "mage", "rogue")
TARGETED = ("mage", "rogue")  # abilities a Warrior may deny ("Deny the ability of Rogue,
# Assassin or Mage"; the Assassin's is a reaction)
SCOUT_LOOK = 4  # "Look at the top 4 cards of the adventurer deck"
AJNA_LOOK = 3  # "Look at 3 unrevealed mission cards"
RESURRECT_LOOK = 5  # "Look at the top 5 cards of the adventurer discard pile"
PICKPOCKET_TAKE = 3  # "Take 3 random adventurer cards from another player"


def require_action(state: GuildmastersState, seat: int) -> None:
    require_turn(state, seat)
    if state.turn.step != START:
        raise RuleError(
            "acted", "You have taken this turn's action; fulfil a quest or end your turn."
        )


def check_target(state: GuildmastersState, seat: int, target: int) -> None:
    if not 0 <= target < state.players or target == seat:
        raise RuleError("target", "Choose another guild as the target.")
    if state.guilds[target].passed:
        raise RuleError("untargetable", f"{name(target)} has passed and cannot be targeted.")


def activate(ctx: Ctx, cmd: Activate) -> None:
    """Discard `cmd.card` and use its ability as the turn's action."""
    state = ctx.state
    require_action(state, cmd.seat)
    pack = load_pack()
    g = state.guilds[cmd.seat]
    if cmd.card not in g.hand:
        raise RuleError("not_in_hand", "Activate an adventurer from your hand.")
    cls = pack.class_of[cmd.card]
    if cls not in ACTION_CLASSES:
        raise RuleError(
            "not_an_action",
            f"A {pack.classes[cls].name}'s ability is not an action: "
            + {
                "warrior": "it answers a Rogue, Mage or Assassin aimed at you.",
                "assassin": "it answers another guild's quest.",
                "hunter": "it answers another guild's ability.",
                "cleric": "it follows your own quest.",
                "bard": "add it to a quest.",
            }[cls],
        )
    if cls in TARGETED:
        check_target(state, cmd.seat, cmd.target)
    if cls == "monk" and (cmd.level not in LEVELS or not state.quest_decks[cmd.level - 1]):
        raise RuleError("no_quests", "Choose a level whose quest deck still has cards.")
    if cls == "necromancer" and cmd.take not in state.discard[-RESURRECT_LOOK:]:
        raise RuleError("not_in_discard", "Take one of the top 5 adventurers of the discard pile.")
    if cls == "mage":
        hand = [c for c in g.hand if c != cmd.card]
        if not cmd.give or len(set(cmd.give)) != len(cmd.give) or not set(cmd.give) <= set(hand):
            raise RuleError("give", "Give at least one other adventurer from your hand.")
        if len(cmd.give) > len(state.guilds[cmd.target].hand):
            raise RuleError(
                "give", f"{name(cmd.target)} holds only {len(state.guilds[cmd.target].hand)}."
            )
    ctx.emit(
        AbilityActivated(
            seat=cmd.seat,
            card=cmd.card,
            target=cmd.target if cls in TARGETED else -1,
            give=cmd.give if cls == "mage" else (),
            level=cmd.level if cls == "monk" else 0,
        )
    )
    if cls in TARGETED:
        ctx.emit(ReactionOpened(about="protect", seats=(cmd.target,)))
    elif cls == "necromancer":
        ctx.emit(Resurrected(seat=cmd.seat, card=cmd.take))
        ambush(ctx)
    else:
        resolve(ctx)


def resolve(ctx: Ctx) -> None:
    """The ability takes effect (once no Warrior denied it): Scout, Ajna and Pickpocket show
    cards and wait for their user's choice; Transmute swaps at once."""
    state = ctx.state
    a = state.ability
    if a.denied:
        ambush(ctx)
        return
    if a.cls == "scout":
        ensure_deck(ctx)
        cards = ctx.state.deck[:SCOUT_LOOK]
        if not cards:
            ambush(ctx)
            return
        ctx.emit(Looked(seat=a.seat, source="deck", cards=cards, target=-1, rng=ctx.state.rng))
    elif a.cls == "monk":
        cards = state.quest_decks[a.level - 1][:AJNA_LOOK]
        ctx.emit(Looked(seat=a.seat, source="quests", cards=cards, target=-1, rng=state.rng))
    elif a.cls == "rogue":
        hand = list(state.guilds[a.target].hand)
        taken = []
        dice = ctx.dice
        for _ in range(min(PICKPOCKET_TAKE, len(hand))):
            taken.append(hand.pop(dice.below(len(hand))))
        if not taken:
            ambush(ctx)
            return
        ctx.emit(
            Looked(seat=a.seat, source="hand", cards=tuple(taken), target=a.target, rng=ctx.rng)
        )
    elif a.cls == "mage":
        hand = list(state.guilds[a.target].hand)
        dice = ctx.dice
        taken = [hand.pop(dice.below(len(hand))) for _ in range(len(a.give))]
        ctx.emit(
            Transmuted(seat=a.seat, target=a.target, given=a.give, taken=tuple(taken), rng=ctx.rng)
        )
        ambush(ctx)


def choose(ctx: Ctx, cmd: Choose) -> None:
    """Finish a Scout, Ajna or Pickpocket: keep `pick`; a Rogue also discards `drop`."""
    state = ctx.state
    a = state.ability
    if a is None or not a.look or a.seat != cmd.seat or state.window is not None:
        raise RuleError("nothing_to_choose", "You are looking at no cards now.")
    if cmd.pick not in a.look:
        raise RuleError("not_shown", "Keep one of the cards you are looking at.")
    rest = [c for c in a.look if c != cmd.pick]
    drop = ""
    if a.cls == "rogue" and rest:
        if cmd.drop not in rest:
            raise RuleError("drop", "Discard one of the other cards you took.")
        drop = cmd.drop
        rest.remove(drop)
    elif cmd.drop:
        raise RuleError("drop", "Only a Rogue discards a second card; leave it out.")
    ctx.emit(
        Chosen(
            seat=cmd.seat,
            kind=a.cls,
            pick=cmd.pick,
            drop=drop,
            rest=tuple(rest),
            target=a.target,
            level=a.level,
        )
    )
    ambush(ctx)


def ambush(ctx: Ctx) -> None:
    """ "After a player use an adventurer ability": every other guild still playing may Ambush."""
    a = ctx.state.ability
    others = rivals(ctx.state, a.seat)
    # The used card must still lie on the discard pile (a Scout's reshuffle may have taken it).
    if others and a.card in ctx.state.discard:
        ctx.emit(ReactionOpened(about="ambush", seats=others))
    else:
        ctx.emit(ActionDone(seat=a.seat))


def recruit(ctx: Ctx, cmd: Recruit) -> None:
    """Discard two adventurers of one class for a recruit of that class from the tavern."""
    state = ctx.state
    require_action(state, cmd.seat)
    pack = load_pack()
    g = state.guilds[cmd.seat]
    a, b = cmd.cards
    if a == b or not {a, b} <= set(g.hand):
        raise RuleError("not_in_hand", "Discard two different adventurers from your hand.")
    cls = pack.class_of[a]
    if pack.class_of[b] != cls:
        raise RuleError(
            "not_a_pair", "Discard two adventurers of the same class (stand-ins do not count)."
        )
    tile = next((t for t in state.tavern if pack.class_of[t] == cls), "")
    if not tile:
        raise RuleError(
            "tavern_empty", f"The tavern has no {pack.classes[cls].name} left to recruit."
        )
    ctx.emit(Recruited(seat=cmd.seat, cards=(a, b), tile=tile))
