"""The built-in player: it drafts the cards that bring its nearest quests closest (each quest's
prestige over what it still misses), fulfils the quest worth most for the cards it spends
whenever it can, recruits pairs (a recruit serves every game turn), looks for cards with a Scout
or a Necromancer, and passes when nothing of that is left, to draw a card each turn while the
others spend theirs. It answers reactions with the card when it holds one: it beheads level-3
quests (8 prestige or more), protects itself, heals back the card its quests want most and
ambushes a card they want."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from games.guildmasters.players.moves import action_moves, quest_moves
from games.guildmasters.rules import commands as cm
from games.guildmasters.rules.content import load_pack
from games.guildmasters.rules.draft import best_pick, wanted
from games.guildmasters.rules.pending import choose_default, pending, reaction_options
from games.guildmasters.rules.quests import available
from games.guildmasters.rules.state import START, GuildmastersState

# Classes a Necromancer does not take back: with a Hunter's Ambush they hand cards to and fro.
LOOPING = ("necromancer", "hunter")
BEHEAD_FROM = 8  # the quests worth beheading: 8 prestige or more (level 3)


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
            return options[0]
        if kind == "protect":
            return options[0]
        need = wanted(state, seat)
        if kind == "heal":
            return max(options, key=lambda o: need[pack.class_of[o.victim]])
        card = state.ability.card
        return options[0] if need[pack.class_of[card]] > 0 else cm.React(seat=seat)

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
        quests = quest_moves(state, seat)
        if quests:
            return max(quests, key=lambda q: pack.quests[q.quest].points - len(q.cards) / 2)
        if state.turn.step != START:
            return cm.EndTurn(seat=seat)
        if all(g.passed for s, g in enumerate(state.guilds) if s != seat):
            # Alone in the phase: looking for cards could go on for ever; passing ends it.
            return cm.Pass(seat=seat)
        need = wanted(state, seat)
        best: cm.Command | None = None
        for move in action_moves(state, seat):
            if isinstance(move, cm.Recruit):
                return move
            card_cls = pack.class_of[move.card]
            if card_cls == "scout" and best is None:
                best = move
            taken = pack.class_of[move.take] if move.take else ""
            if card_cls == "necromancer" and taken not in LOOPING and need[taken] > need[card_cls]:
                best = move
        return best if best is not None else cm.Pass(seat=seat)
