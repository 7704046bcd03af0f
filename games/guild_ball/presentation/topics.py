"""`/gm rules` for Guild Ball: the game in our own words, one topic at a time."""

from __future__ import annotations

TOPICS: dict[str, str] = {
    "overview": (
        "**Guild Ball** (the Introductory game) is for 2 players on a 2'×2' pitch. Each team is a "
        "guild's Captain and two of its Squaddies. Score goals (4 VP) and take enemy models out "
        "(2 VP); the first team to 6 VP wins. All places are in inches: x across from the left "
        "of the pitch picture, y up from side 0's table edge."
    ),
    "sizes": (
        "The host picks the game size with `/gm create game:guild-ball size:…`: 0 the "
        "Introductory game (the default: a Captain and two Squaddies, 2'×2', 6 VP), 1 the Quick "
        "game (a Captain, four Squaddies and the guild's Mascot on a 3'×3' pitch, 8 VP) or 2 the "
        "Typical game (the same teams, 12 VP). The Quick and Typical games may be played on a "
        "terrain map (`terrain:` 1 Market Square, 2 Chapel Green, 3 Tannery Yard, 4 Frozen "
        "Canal); the pitch picture draws each piece by kind (barrier, obstruction, forest, rough, "
        'fast) with a legend. A model moving in rough ground or a forest loses 2" of its move, '
        "unless it **Glides** first (1 MP, once a turn, offered in the activation menu). The "
        "game ends after turn 10 (Introductory), 12 (Quick) or 16 (Typical) whatever the score, "
        "a draw on equal VP; the host may choose another limit with `turns:` (1 to 99) or none "
        "with `turns:0`, the book's game: played until a team reaches the winning VP."
    ),
    "pregame": (
        "Each player is dealt seven game plans and, in secret, picks a guild, its Squaddies (two, "
        "or four in the Quick and Typical games, where the Mascot plays too), and two plans to "
        "discard face down (a DM with selects). The starting roll's winner kicks or "
        'receives. The kicking team deploys completely within 10" of its table edge, then the '
        "receiving team; the bot proposes a legal deployment you accept with one click or adjust "
        "by typing places. The kicker may jog, then kicks to a spot; the ball scatters."
    ),
    "turn": (
        "Each turn: both choose a game plan in secret (initiative and influence); the higher "
        "initiative total picks who activates first; both allocate influence in secret (each "
        "model up to its max INF). Then the teams alternate activations, one model at a time, "
        "until every model has activated. Conditions hurt in the End Phase."
    ),
    "moving": (
        "An activation's standard advance is a jog (free), a sprint (1 influence) or a charge "
        "(2 influence: straight into melee, then a free attack with +4 TAC). In your activation "
        "DM press **Move…**: pick an intention (towards the ball, towards the goal, to engage or "
        "charge a model, away from a model) or type waypoints; you get a private preview with the "
        "path, the reach shaded and any parting blows, then **Confirm**, **Adjust** or **Cancel**. "
        "Places are typed as `x, y` in inches; the deployment is shown on the pitch the same way "
        "before you deploy. A model leaving an enemy's melee zone stops there while the enemy's "
        "player is asked by DM whether to strike a parting blow (free, +2 TAC; struck if they do "
        "not answer in time)."
    ),
    "attacks": (
        "An attack (1 influence) rolls TAC dice against the target's DEF; hits minus ARM give net "
        "hits, which reach a column of the attacker's playbook: you pick a result (damage, "
        "tackle, push, knock down, dodge, plays); momentous results give 1 MP. The target may "
        "Counter-Attack (1 MP) or, against a charge, take a Defensive Stance (1 MP), answered by "
        "DM within the table's reaction window; the default is no. When the target responds, the "
        "attacker is asked by DM whether to use Bonus Time (1 MP, +1 die) before rolling; the "
        "default is what was chosen with the attack."
    ),
    "kicking": (
        "A model with the ball may pass (1 influence) to a friend or a spot in range, or Shoot "
        "(1 influence and 1 MP) at the enemy goalpost: KICK dice at 4+ (+1 out of sight, +1 per "
        "enemy engaging the receiver, -1 for a tap in; -1 die per enemy engaging the kicker or on "
        "the ball path). The menu shows the odds. A goal is 4 VP; a successful pass gives 1 MP "
        "and may be followed by Pass & Move (1 MP) or a Snap Shot (2 MP). **More…** in the "
        'activation menu passes to a typed spot or gives up the ball (placed within 1").'
    ),
    "momentum": (
        "Momentum (MP) comes from momentous results, passes and goals. Spend it on Counter-Attack, "
        "Defensive Stance, Shots, Bonus Time (+1 die), Rest (recover 4 HP or clear conditions), "
        'Encourage (2 MP: a friend within 8" recovers or clears) and follow-ups after a pass: '
        "Bonus Time, Rest and Encourage are under **More…** in the activation menu. A take-out "
        "scores 2 VP; the model returns next turn."
    ),
    "deadlines": (
        "When a deadline passes the default applies: a setup answer as proposed, a plan the "
        "first in hand, influence as proposed, an activation that ends at once, a reaction no, a "
        "parting blow struck, Bonus Time after a response as chosen with the attack. Reactions, "
        "parting blows, interceptions, dodges out of turn and Bonus Time after a response "
        "wait the table's reaction window at most (2 minutes unless the host chose another with "
        "`reaction`). With a time bank (`bank`) each player's minutes run down while the game "
        "waits on them; once a bank is empty, that player's waits take their defaults."
    ),
}
