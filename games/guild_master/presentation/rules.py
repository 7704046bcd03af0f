"""Short rules by topic, in our own words, for /gm rules. The full reference is the rulebook."""

TOPICS: dict[str, str] = {
    "overview": (
        "Over 9 rounds (6 in the short game) guilds secretly order teams of adventurers to hire "
        "builders, recruit adventurers and complete contracts for Gold and Fame. The most Fame "
        "wins; tied guilds share the win."
    ),
    "round": (
        "Each round: Start of Round (events announced; on Blood Moon rounds 3, 6 and 9 each guild "
        "draws a private contract), Plot Phase (plot abilities in Fame order, then Gold totals), "
        "Order Phase (secret orders; Ready when done), Action Phase (orders revealed and "
        "resolved), Reset Phase (income, builder cost reset, Blood Moon clean-up, face-down "
        "cards revealed). "
        "Round 1 skips the Start of Round and the Plot Phase."
    ),
    "orders": (
        "Your Stables give your order spaces (2 at first), your Mess Hall your team size (2 at "
        "first). Each space gets a team, an objective (Hire Builders, Recruit A-F, Contract 1-6, "
        "or none for a private contract or wander) and Gold for hiring or recruiting. All first "
        "orders resolve before all second orders; within a space: Hire Builders, Recruit A-F, "
        "Contracts 1-6, then teams without a card. Newly recruited adventurers take orders from "
        "the next round; their abilities work at once."
    ),
    "hire": (
        "Hire Builders: pay the marker's cost per builder (the marker moves up each time), hire "
        "only what you can use, then build one skill and/or one core upgrade, or one prestige "
        "upgrade. Core II comes before III; each III exists once. Fame comes at once (prestige at "
        "the end). Several guilds on one space: a contested skill check decides who builds first."
    ),
    "recruit": (
        "Recruit: the adventurer must still be face up; you may recruit one rank above your "
        "highest (Adept first, then Hero, then Legend); bid at least the minimum for this moon. "
        "You pay all your bid and gain its Fame. Contest: the highest bid wins; tied bids go to a "
        "contested skill check; losers keep their Gold."
    ),
    "contracts": (
        "Attempt a contract: roll your team's dice in one of its skills (at most 10 from skills, "
        "more from effects) and reach its target. Gain Gold and Fame, then the bonus, keep the "
        "card (face up if it has a boon) and choose the deck that replaces it."
    ),
    "contest": (
        "Two or more guilds at one contract: negotiate a split (Gold, bonus, who keeps the card), "
        "then choose cooperate or conflict in secret. Conflictors go first, their target raised "
        "by their skill dice; the best margin wins. If the contract is still there, cooperators "
        "attempt it together (one combined team, or separate teams on different targets), each "
        "gaining the full Fame. A split binds only if everyone cooperates."
    ),
    "skills": (
        "Skill check: add your team's dice in one skill (max 10) and roll. A dice fixer sets one "
        "die to 5; a re-roll upgrade re-rolls up to 2 dice, or 1 die twice. Use /gm odds to see "
        "the exact chances."
    ),
    "private": (
        "Private contracts are yours alone: attempt one with a team that missed its order, "
        "declined it, or had no order card. A completed private contract is not replaced; a "
        "failed one stays for another try."
    ),
    "wander": (
        "Wander: a skill check of the team; below 10 gives 1 Gold; each full 10 gives that much "
        "Gold and Fame (e.g. 21 gives 2 Gold and 2 Fame)."
    ),
    "fame": (
        "Fame never drops below 0. 'Most' and 'least' Fame include ties. Things gained at the "
        "same time go in Fame order, dice breaking ties."
    ),
    "end": (
        "After the last round's income: 1 Fame per 5 Gold, then prestige upgrades score. The "
        "most Fame wins; ties share the victory."
    ),
}
