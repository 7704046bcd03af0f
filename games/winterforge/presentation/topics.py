"""`/gm rules` for Smiths of Winterforge: the rules in our own words, one topic at a time."""

from __future__ import annotations

TOPICS: dict[str, str] = {
    "overview": (
        "**Smiths of Winterforge** is for 1 to 6 players. Each of you runs a guild of smiths: take "
        "Contracts at the Guildhall, buy Components at the Market, and forge them at the Forge "
        "for Coin and Reputation (RP). The guild with the most RP at the end wins; a tie goes to "
        "the most completed Contracts.\n\nAt the start every guild has 3 Coin, its board's "
        "starting skills, a secret 1 RP Contract, and keeps one of two Royal Contracts dealt to "
        "it, in secret. Your Contracts in hand and your Royal Contract are shown only to you "
        "(`/gm hand`); the channel names a Contract once it is forged."
    ),
    "turn": (
        "On your turn you take up to 3 actions, in any order, the same one more than once:\n"
        "• **Move** your Smith to a linked precinct (the five precincts form a ring: Guildhall, "
        "Market, Forge, Tavern, Bank; two moves reach any of them), or to or from an Alleyway.\n"
        "• **A precinct action** where your Smith stands.\n"
        "Refreshing a Market row or the Tavern costs 1 Coin and no action. The bot sends you one "
        "DM for your turn, with a select to move and the actions of your precinct, and edits it "
        "as you go; **End turn** finishes early. `/gm decide` shows it again."
    ),
    "precincts": (
        "**Guildhall**: take up to 2 Contracts from the job track (hold at most 3, your Royal "
        "not counted; return the extra); or, with less than 3 Coin, request 1 Coin.\n"
        "**Market**: buy up to 2 Components; three of one type along a row deal it afresh.\n"
        "**Forge**: train a skill (the cost is on your guild board), or forge a Contract.\n"
        "**Bank**: take a Loan (at most 2 unpaid; -2 RP each at the end), or repay any amount "
        "(+1 RP for each Loan paid off at the Bank).\n"
        "**Tavern**: hire a Crew (at most 2, firing to make room); the Tavern is dealt afresh at "
        "the end of a turn in which someone hired."
    ),
    "prime": (
        "Each precinct has a **Prime Position** (two with 5 or more players), taken only by "
        "moving into the precinct while it is free. Its bonus is used once per visit, on any "
        "later action there: Forge +1 Work token on the forge or Train 1 Coin less; Market a "
        "third Component; Guildhall +1 Coin; Bank +1 Coin on a Loan or repay 2 less; Tavern "
        "hire 1 Coin less. The turn prompt's **Prime bonus** switch says whether your next "
        "action uses it (the Market's third Component uses it by itself)."
    ),
    "forging": (
        "Commit exactly the Components the Contract needs (and, with the Runesmith, one Rune). "
        "Roll their dice and add the Component bonus, Crew bonus, Work tokens and your skill in "
        "the Contract's type (both types for a Royal Contract). Reach the Forge Number and you "
        "succeed: the Components go back, the skill rises by 1, you pay 1 Coin per Crew you keep "
        "(not for the Royal) and turn the Contract in for its Coin. Fall short and a Work token "
        "goes on it (+1 next time); it stays face up with its Components locked.\n\nThe forge "
        "prompt picks the best Components for you and shows the exact chance of success before "
        "you roll; the dice are shown after, in the channel and your DMs."
    ),
    "end": (
        "The game ends at the end of the round in which a guild completes its Royal Contract or "
        "the Contract deck runs out. Scoring: each completed Contract's RP; +3 for the first "
        "Royal Contract; +2 for a full Crew of 2; skill RP from your guild board; +1 per Loan "
        "repaid at the Bank (at most 2); -2 per unpaid Loan (paid off at the end if you can).\n\n"
        "When a deadline passes, your turn ends (and at Set Up you keep the Royal Contract that "
        "fits your skills best)."
    ),
    "variants": (
        "**Solo** (1 player): 15 turns, an Event card flipped at the start of each, then your "
        "Reputation by your RP.\n**Lords of Winterforge** (6 players): each day every guild "
        "places 3 Smiths, one a turn, each taking one action where it is placed; one Prime "
        "Position a day; the first player passes left between days.\n**Alleyways** (chosen at "
        "`/gm create`): the Shrine of Thommag (2 Coin for a secret Faith token; 3 and 2 RP for "
        "the most Faith), the Auction House (Hold completed Contracts, sell them on a d12), the "
        "Thieves' Guild (2 Coin: a random Component from another guild) and the Runesmith (2 "
        "Coin: a Rune for a forge). Moving to or from an Alleyway is one action."
    ),
}
