"""`/gm rules` for Founders' Town: the rules in our own words, one topic at a time."""

from __future__ import annotations

TOPICS: dict[str, str] = {
    "overview": (
        "**Founders' Town** is a card game for 2 to 6 players. Each of you founds a medieval "
        "town from one shared deck of 113 location cards. Every location is worth points in "
        "one or two of ten categories: F Food & Agriculture, T Trade & Transportation, "
        "C Construction & Materials, R Religion & Church, G Government & Nobility, "
        "M Military & Fortifications, P Public Health, A Arts & Entertainment, "
        "L Learning & Education and I Industry & Crafts. Whoever leads the most categories at "
        "the end wins.\n\nEveryone starts with 5 cards. Hands are secret (only you see yours, in "
        "your DMs or with `/gm hand`); built cards are face up for all (`/gm board`)."
    ),
    "turn": (
        "Players take turns in a fixed order. Your turn has six phases:\n"
        "1. **First Draw** — draw as many cards as you like, up to a hand of 5 (none is fine).\n"
        "2. **First Trade** — make offers to the others, and answer theirs.\n"
        "3. **Discard** — put 0 to 3 cards face down on the discard pile; nobody learns which.\n"
        "4. **Second Draw** — as the first.\n"
        "5. **Second Trade** — as the first.\n"
        "6. **Build** — build the cards of one category from your hand.\n"
        "A phase where you have no choice (a full hand, an empty deck) passes by itself. The bot "
        "sends you a DM with buttons for each decision; `/gm decide` shows it again."
    ),
    "trading": (
        "During your trade phases you may make offers to any other players; during someone "
        "else's, you may make offers to that player only. Every trade has the current player on "
        "one side.\n\nAn offer gives cards from your hand and asks for cards you name. You cannot "
        "see other hands, so you may ask for any card that is not built. If the player you "
        "offer to does not hold every card you ask for, they cannot accept: they decline, or "
        "answer with a counter-offer. A trade moves at least one card each way but need not be "
        "even. An offer to several players goes to the first who accepts. When the current "
        "player presses **Done trading**, open offers lapse.\n\n`/town trade` opens the offer "
        "form. The channel is told only that a trade happened and how many cards went each "
        "way, never which."
    ),
    "building": (
        "In your Build Phase pick one category: you build every card of it in your hand (or you "
        "build nothing). A card with two letters, like Carpenter `CI`, can be built under "
        "either. Built cards stay face up in your town for the rest of the game; cards in hand "
        "are worth nothing. The build prompt shows how many points each category would add.\n\n"
        "Many cards have a **bonus**: one more point in a category while your town also has a "
        "named partner card, whichever of the two was built first. Pictures and the board mark "
        "a built card's bonus ★ when earned and ☆ when not yet. `/gm card` shows any card."
    ),
    "scoring": (
        "A card gives 2 points in one category (`TT`) or 1 point in each of two (`CI`), plus "
        "its bonus point when earned. In each category, the player with the highest score "
        "(above 0) leads it; players tied for the highest all lead it.\n\n"
        "The ranking: most categories led; then most led alone; then most points in all; then "
        "most cards built; then the player later in the turn order (who had no more turns)."
    ),
    "end": (
        "The game ends at the end of the turn in which the last card is drawn (the rest of "
        "that turn is played as usual). It also ends after a whole round of turns in which "
        "nobody drew, discarded or built a card. The categories are then counted and the "
        "channel shows the ranking, with pictures of every town.\n\nWhen a deadline passes, "
        "the game answers for you: draw up to a hand of 5, end trading, discard nothing, build "
        "the category that scores most, decline an offer."
    ),
}
