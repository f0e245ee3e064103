"""``bot:heuristic`` for Nevermore: drafts towards a few strong suits, spends its ravens on its
least useful cards, strikes whoever leads in VP, and plays magic when it helps.

It sees only its :class:`~koloda.engine.bot.Decision` (the observation and the legal actions).
"""

from __future__ import annotations

from typing import Any

from koloda.engine import Action, Game, InvalidOption, Rng, say
from koloda.engine.bot import Decision, register_bot
from koloda.games.nevermore import actions as A
from koloda.games.nevermore.magic import (
    Damage,
    DiscardSuit,
    Draw,
    GainVp,
    Heal,
    MagicSet,
    PassHands,
    Shield,
    StealVp,
    Target,
)

SUIT_ORDER = ("attack", "healing", "radiance", "victory", "raven")


def suit_weight(suit: str, me: dict[str, Any], max_health: int) -> float:
    """How much one card of ``suit`` is worth to the bot now."""
    if suit == "victory":
        return 3.0
    if suit == "attack":
        return 2.2
    if suit == "healing":
        missing = max_health - me["health"]
        return 0.6 + 0.7 * min(missing, 3) if me["form"] == "human" else 0.3
    if suit == "radiance":
        return 1.3
    return 0.0


def hand_value(suits: list[str], me: dict[str, Any], max_health: int, *, final: bool) -> float:
    counts = {s: suits.count(s) for s in SUIT_ORDER}
    ravens = counts["raven"]
    value = 0.0
    for s in SUIT_ORDER[:4]:
        n = counts[s]
        value += suit_weight(s, me, max_health) * (n ** 1.4)
    if ravens == 5:
        value += 14.0
    elif ravens >= 3:
        value += 2.0 * (ravens - 2) - 1.0
    # a raven cancels the least valuable other card
    others = sorted(suit_weight(s, me, max_health) for s in suits if s != "raven")
    value -= sum(others[: min(ravens, len(others))]) * 1.2 if ravens < 5 else 0.0
    if me["form"] == "raven":
        distinct = len(set(suits))
        if final and (distinct == 5 or (distinct == 1 and len(suits) == 5)):
            value += 30.0
        value += 0.8 * distinct
    return value


class HeuristicBot:
    """Deterministic given its seed (ties between equal choices are broken by its generator)."""

    name = "heuristic"

    def __init__(self, magic_set: MagicSet, seed: int = 0) -> None:
        self.magic_set = magic_set
        self.rng = Rng.from_seed(seed)

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.observation
        stage = view["stage"]
        if stage == "pass":
            return self._pass(view, legal)
        if stage == "commit":
            return self._commit(view, legal)
        if stage == "attack":
            return self._attack(view, decision.seat, legal)
        if stage == "peck":
            return A.Peck() if A.Peck() in legal else legal[0]
        if stage in ("magic", "react"):
            return self._magic(view, decision.seat, legal, react=stage == "react")
        return legal[self.rng.randbelow(len(legal))]

    # --- draft ------------------------------------------------------------------------------

    def _pass(self, view: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        me = view["players_info"][view["seat"]]
        hand = {c["id"]: c["suit"] for c in view["you"]["hand"]}
        final = view["pass_no"] == 3
        best: Action = legal[0]
        best_v = float("-inf")
        for a in legal:
            assert isinstance(a, A.Pass)
            kept = [s for c, s in hand.items() if c not in a.cards]
            given = [hand[c] for c in a.cards]
            # handing the neighbour a concentrated suit helps them
            feed = sum(given.count(s) ** 2 for s in SUIT_ORDER[:4]) * 0.15
            v = hand_value(kept, me, view["max_health"], final=final) - feed
            v += self.rng.randbelow(1000) * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best

    # --- reveal -----------------------------------------------------------------------------

    def _commit(self, view: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        me = view["players_info"][view["seat"]]
        suit = view["step"]
        hand = [c["suit"] for c in view["you"]["hand"]]
        ravens = hand.count("raven")
        remaining = sorted((suit_weight(s, me, view["max_health"]), hand.count(s), s)
                           for s in hand if s != "raven")
        doomed = [s for _, _, s in remaining[: ravens]]
        want = doomed.count(suit)
        commits = [a for a in legal if isinstance(a, A.Commit)]
        most_magic = max(len(a.magic) for a in commits)
        commits = [a for a in commits if len(a.magic) == most_magic]
        return min(commits, key=lambda a: abs(a.ravens - want))

    def _attack(self, view: dict[str, Any], seat: int, legal: tuple[Action, ...]) -> Action:
        info = view["players_info"]
        amount = view["attack_amount"]
        singles = [a for a in legal if isinstance(a, A.Attack) and a.target >= 0]
        kills = [a for a in singles if info[a.target]["health"] - info[a.target]["shield"]
                 <= amount]
        if A.Attack(-1) in legal and info[seat]["health"] > 1 and not kills:
            return A.Attack(-1)
        pool = kills or singles
        if not pool:
            return legal[0]
        # equal targets are told apart by the generator, not by seat number: a fixed order
        # would have every bot strike the lowest seat and make the seats look unequal
        ranked = [((info[a.target]["vp"], -info[a.target]["health"], self.rng.randbelow(1 << 30)),
                   a) for a in pool]
        return max(ranked, key=lambda r: r[0])[1]

    def _magic(self, view: dict[str, Any], seat: int, legal: tuple[Action, ...], *,
               react: bool) -> Action:
        info = view["players_info"]
        me = info[seat]
        best: Action = A.Done()
        best_v = 0.0
        for a in legal:
            if not isinstance(a, A.Play):
                continue
            kind = self.magic_set.card(a.card)
            raven_text = me["form"] == "raven" and kind.raven_effect is not None
            effect = kind.raven_effect if raven_text and kind.raven_effect else kind.effect
            acting = me["form"] == "human" or raven_text
            v = 0.0
            for verb in effect:
                v += self._verb_value(verb, view, seat, a.target, react=react, acting=acting)
            if kind.timing == "anytime" and not react:
                # keep Play Any Time cards for a reply, unless they knock someone out now
                v = v - 2.5 if v < 4.0 else v
            if v > 0.0:  # equal plays (the same card at two targets) told apart at random
                v += self.rng.randbelow(1000) * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best

    def _verb_value(self, verb: Any, view: dict[str, Any], seat: int, target: int, *,
                    react: bool, acting: bool) -> float:
        """A rough value of one verb for the bot (``acting``: damage, healing and VP work)."""
        info = view["players_info"]
        me = info[seat]
        human = me["form"] == "human"
        missing = int(view["max_health"]) - int(me["health"])
        if isinstance(verb, Damage):
            if verb.target == Target.SELF:
                return -3.0 if me["health"] <= verb.amount else -0.5
            if not acting:
                return 0.0
            if verb.target == Target.CHOSEN and target >= 0:
                t = info[target]
                ko = t["health"] - t["shield"] <= verb.amount
                return 1.0 + float(t["vp"]) * 0.3 + (3.5 if ko else 0.0)
            others = sum(1 for p, x in enumerate(info) if p != seat and x["form"] == "human")
            own = -1.5 if verb.target == Target.ALL and human else 0.0
            return 0.8 * others + own
        if isinstance(verb, Heal):
            if not human:
                return 0.0
            if react:
                return 5.0
            return float(min(missing, verb.amount)) - 0.5
        if isinstance(verb, Shield):
            return 5.0 if react else (0.6 if human else 0.0)
        if isinstance(verb, GainVp | StealVp):
            return 3.0 if human else 0.0
        if isinstance(verb, Draw):
            return 1.2 * verb.count
        if isinstance(verb, DiscardSuit):
            hand = [c["suit"] for c in view["you"]["hand"]]
            suit = view["step"] if verb.suit == "next" else verb.suit
            return 1.0 - 1.5 * hand.count(suit or "")
        if isinstance(verb, PassHands):
            return -0.1
        return 0.0


def _factory(game: Game, params: list[str], seed: int) -> HeuristicBot:
    if params:
        raise InvalidOption(say("nevermore.bot.heuristic_params", "{bot} takes no parameters",
                                bot="bot:heuristic"))
    return HeuristicBot(game.options.magic_set, seed)


register_bot("heuristic", _factory, game="nevermore")
