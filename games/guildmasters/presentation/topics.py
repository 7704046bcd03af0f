"""`/gm rules` topics of Guildmasters: the rules as this bot plays them, short."""

from __future__ import annotations

TOPICS = {
    "overview": (
        "**Guildmasters** (2–4 guilds). Each game turn begins with a draft of adventurers, then a "
        "main phase in turn order: one action per turn (activate an ability, recruit, or pass) "
        "and at most one quest fulfilled at the start or the end of the turn. Quests give "
        "prestige, recruits and cycle tokens. Two level-3 quests fulfilled by one guild trigger "
        "the end: the main phase runs until everyone passes, then the final scoring."
    ),
    "draft": (
        "**Draft**: every guild is dealt a pack of 4 adventurers, keeps one and passes the rest "
        "(left in odd game turns, right in even ones). Everyone picks at once by DM; packs queue, "
        "so you pick as soon as your next pack arrives and a slow guild holds up only the guild "
        "after it. If time runs out, the card that best serves your visible quests is kept."
    ),
    "turn": (
        "**Your turn**: one action — discard a Scout, Monk, Necromancer, Mage or Rogue to use its "
        "ability; or discard two adventurers of one class to recruit that class from the tavern; "
        "or pass. A guild that has passed cannot be targeted, draws a card each time its turn "
        "comes, and acts again after the next draft. The main phase ends when all but one have "
        "passed (all, with 2 guilds); the next turn order puts fewer points first. If time runs "
        "out you pass (before your action) or end your turn (after it)."
    ),
    "quests": (
        "**Quests**: send one adventurer per requisite — the class itself, a stand-in (Monk for "
        "Warrior or Cleric, Necromancer for Mage or Assassin, Hunter for Scout or Rogue), one of "
        "your recruits (once per game turn) or a cycle token of its force (spent). Bards ride "
        "along for 2 influence each. The bot proposes an assignment; adjust it before sending."
    ),
    "reactions": (
        "**Reactions**: Behead (Assassin: kill an adventurer on another guild's quest; the quest "
        "fails unless a card from the hand replaces it), Protect (Warrior: deny a Rogue, Mage or "
        "Assassin aimed at you), Ambush (Hunter: take the card of an ability just used), Heal "
        "(Cleric: take one adventurer of your fulfilled quest back). Every eligible guild is "
        'asked by DM, whether it holds the card or not, and "no" is the default.'
    ),
    "end": (
        "**Scoring**: quest prestige, influence, 2 per set of the three cycle tokens, sets of "
        "different shields, and majorities of each force among your recruits (3 for the most, "
        "1 for the next). Ties go to more quests fulfilled, else the win is shared."
    ),
}
