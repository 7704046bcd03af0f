"""The built-in player: it drafts the cards that bring its nearest quests closest (each quest's
prestige over what it still misses), fulfils the quest worth most for the cards it spends
whenever it can, recruits pairs (a recruit serves every game turn), and otherwise passes at once,
to draw a card each turn while the others spend theirs (a guild that stays in lengthens the phase
for the others, who quest in it). It sends no quest that would end the game unless it then leads
by the points a rival still playing could add (`THREAT`). Before passing it picks the pocket of
the rival that leads; once the end is triggered it spends its cards on any ability rather than
pass, so it can still quest and react until the others pass. It answers reactions with the card
when it holds one: it beheads level-3 quests (8 prestige or more) at the card least likely to be
replaced, protects itself, heals back the card its quests want most and ambushes a card they
want."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from games.guildmasters.players.moves import action_moves, quest_moves
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.content import load_pack
from games.guildmasters.rules.draft import best_pick, wanted
from games.guildmasters.rules.pending import choose_default, pending, reaction_options
from games.guildmasters.rules.quests import BARD, INFLUENCE_PER_BARD, available, bards
from games.guildmasters.rules.scoring import score, shield_points
from games.guildmasters.rules.state import END_LEVEL3, START, GuildmastersState

BEHEAD_FROM = 8  # the quests worth beheading: 8 prestige or more (level 3)
# What a rival still playing in the phase may yet add after the end is triggered (a level-3
# quest is 8 or 10): the built-in player ends the game only when it leads by that much. Measured
# against random players, 8 loses fewer games than 0 or 4 (docs/balance.md).
THREAT = 8
# The abilities it uses instead of passing: before the end only a Rogue at the leader (a Scout or
# a Necromancer keeps the phase going for the others and wins fewer games than passing); once the
# end is triggered any of them, in this order, so that it may still find a quest.
BEFORE_END = ("rogue",)
AFTER_END = ("rogue", "scout", "necromancer", "mage", "monk")


class BuiltinPlayer:
    """The strategic player (see the module's docstring)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def move(self, state: GuildmastersState, seats: Collection[int]) -> cm.Command | None:
        for d in pending(state):
            if d.seat not in seats:
                continue
            if d.kind == "draft":
                return cm.Pick(seat=d.seat, card=self._draft(state, d.seat))
            if d.kind in ("behead", "protect", "ambush", "heal"):
                return self._react(state, d.seat, d.kind)
            if d.kind == "choose":
                return self._choose(state, d.seat)
            return self._turn(state, d.seat)
        return None

    def _draft(self, state: GuildmastersState, seat: int) -> str:
        """The card that brings the quests nearest to done closest, worth their prestige: each
        quest's missing needs counted, and a card meeting one of them worth the quest's points
        over what is still missing."""
        pack = load_pack()
        g = state.guilds[seat]
        have = Counter(pack.class_of[c] for c in (*g.hand, *g.tiles))
        worth: Counter[str] = Counter()
        for slug in available(state, seat):
            missing = {c: n - have[c] for c, n in pack.needs[slug].items() if n > have[c]}
            short = sum(missing.values())
            for cls in pack.classes:
                if any(need in missing for need in pack.serves[cls]):
                    worth[cls] += pack.quests[slug].points / short
        cards = g.packs[0]
        if not worth:
            return best_pick(state, seat)
        return max(cards, key=lambda c: (worth[pack.class_of[c]], -cards.index(c)))

    def _react(self, state: GuildmastersState, seat: int, kind: str) -> cm.React:
        pack = load_pack()
        options = [o for o in reaction_options(state, seat) if o.card]
        if not options:
            return cm.React(seat=seat)
        if kind == "behead":
            if pack.quests[state.attempt.quest].points < BEHEAD_FROM:
                return cm.React(seat=seat)
            return min(options, key=lambda o: self._replaceable(state, seat, o.victim))
        if kind == "protect":
            return options[0]
        need = wanted(state, seat)
        if kind == "heal":
            return max(options, key=lambda o: need[pack.class_of[o.victim]])
        card = state.ability.card
        return options[0] if need[pack.class_of[card]] > 0 else cm.React(seat=seat)

    @staticmethod
    def _replaceable(state: GuildmastersState, seat: int, victim: str) -> int:
        """How many cards of the victim's class it has not seen (in the discard pile or its own
        hand): the fewer, the less likely the questing guild holds one to replace it. A Bard
        needs no replacement, so it is never the victim while another card is sent."""
        pack = load_pack()
        cls = pack.class_of[victim]
        if cls == BARD:
            return len(pack.cards)
        seen = sum(1 for c in (*state.discard, *state.guilds[seat].hand) if pack.class_of[c] == cls)
        return pack.classes[cls].count - seen

    def _choose(self, state: GuildmastersState, seat: int) -> cm.Choose:
        a = state.ability
        if a.cls == "monk":
            pack = load_pack()
            return cm.Choose(seat=seat, pick=max(a.look, key=lambda q: pack.quests[q].points))
        pack = load_pack()
        need = wanted(state, seat)
        ranked = sorted(a.look, key=lambda c: -need[pack.class_of[c]])
        if a.cls == "rogue" and len(ranked) > 1:
            return cm.Choose(seat=seat, pick=ranked[0], drop=ranked[1])
        return cm.Choose(seat=seat, pick=ranked[0]) if ranked else choose_default(state)

    def _turn(self, state: GuildmastersState, seat: int) -> cm.Command:
        pack = load_pack()
        quests = [q for q in quest_moves(state, seat) if self._may_end(state, seat, q)]
        if quests:
            return max(quests, key=lambda q: pack.quests[q.quest].points - len(q.cards) / 2)
        if state.turn.step != START:
            return cm.EndTurn(seat=seat)
        if all(g.passed for s, g in enumerate(state.guilds) if s != seat):
            # Alone in the phase: looking for cards could go on for ever; passing ends it.
            return cm.Pass(seat=seat)
        moves = action_moves(state, seat)
        recruit = next((m for m in moves if isinstance(m, cm.Recruit)), None)
        if recruit is not None:
            return recruit
        usable = AFTER_END if state.ending else BEFORE_END
        abilities = [m for m in moves if pack.class_of[m.card] in usable]
        if not abilities:
            return cm.Pass(seat=seat)
        totals = score(state).totals
        # The leader's pocket first: the Rogue's three cards hurt most where points are.
        return min(
            abilities,
            key=lambda m: (
                usable.index(pack.class_of[m.card]),
                -totals[m.target] if m.target >= 0 else 0,
            ),
        )

    def _may_end(self, state: GuildmastersState, seat: int, q: cm.Fulfil) -> bool:
        """May `seat` send `q`? Yes unless it is the level-3 quest that triggers the end while
        `seat` would not lead, after it, every rival by its points so far plus `THREAT` for
        each rival still playing in the phase (it can still quest before the game is scored)."""
        pack = load_pack()
        quest = pack.quests[q.quest]
        g = state.guilds[seat]
        if state.ending or quest.level != 3:
            return True
        if sum(1 for x in g.quests if pack.quests[x].level == 3) + 1 < END_LEVEL3:
            return True
        totals = score(state).totals
        shields = [pack.quests[x].shield for x in g.quests]
        mine = (
            totals[seat]
            + quest.points
            + INFLUENCE_PER_BARD * bards(pack, q.cards, q.tiles)
            + shield_points([*shields, quest.shield])
            - shield_points(shields)
        )
        rivals = [
            t + (0 if state.guilds[s].passed else THREAT) for s, t in enumerate(totals) if s != seat
        ]
        return mine >= max(rivals)
