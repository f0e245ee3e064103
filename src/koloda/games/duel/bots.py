"""``bot:heuristic`` for the duel: cheap, sensible, seeded; it reads only its observation.

- Hand («рука»): as many cards as allowed, the strongest of each type first so that no single
  answer beats the whole hand, then the strongest of the rest.
- Round: each playable card is scored by its chance to win minus its chance to lose against a
  card drawn from the sample set (weighted by copies); the best is played, a random playable card
  with probability ``EPSILON`` (so that it cannot be read). Against an empty hand it plays its
  weakest card, since any card wins. It declares the kill with a deadly card unless it was made
  ``bot:heuristic:peaceful``.
- Ending early: it offers when one round from losing without a round won and its hand is weak;
  it accepts an offer when behind, declines when ahead or level.
- Swap: takes the loser's most valuable card for its own least valuable one, if that gains (or,
  when the swap is required, whatever loses least).
"""

from __future__ import annotations

from typing import Any

from koloda.engine import Action, Game, InvalidOption, Rng, say
from koloda.engine.bot import BotParameter, Decision, register_bot, register_model_redraw
from koloda.games.duel.actions import (
    AcceptEnd,
    ChooseHand,
    DeclineEnd,
    NoSwap,
    OfferEnd,
    Play,
    Swap,
)
from koloda.games.duel.cards import BATTLE_KEYS, CATALOGUE, CardInfo, CardType, Weapon, beats
from koloda.games.duel.resample import sensible_redraw

#: Probability of an unexpected (random) play.
EPSILON = 0.1

_PRIOR: list[tuple[CardInfo, int]] = [(CATALOGUE[k], CATALOGUE[k].copies) for k in BATTLE_KEYS]
_PRIOR_TOTAL = sum(w for _, w in _PRIOR)


def _info(card: dict[str, Any]) -> CardInfo:
    """The catalogue entry of a card in a view (a card of an event's own set is rebuilt from
    the view's fields)."""
    known = CATALOGUE.get(card["key"])
    if known is not None:
        return known
    return CardInfo(key=card["key"], name_ru=card["name_ru"], name_en=card["name_en"], copies=1,
                    type=CardType(card["type"]), strength=card["strength"],
                    requires=None if card["requires"] is None else Weapon(card["requires"]),
                    deadly=card["deadly"])


def edge(card: CardInfo) -> float:
    """P(win) - P(lose) of ``card`` against a random battle card of the sample set."""
    total = 0
    for other, weight in _PRIOR:
        if beats(card, other):
            total += weight
        elif beats(other, card):
            total -= weight
    return total / _PRIOR_TOTAL


def value(card: dict[str, Any]) -> float:
    """How much the bot wants to own a card (from its view's card info)."""
    if "item" in card:
        return 1.0
    return float(card["strength"]) + (0.5 if card["deadly"] else 0.0)


class DuelHeuristicBot:
    """See the module docstring."""

    name = "heuristic"

    def __init__(self, seed: int = 0, *, peaceful: bool = False) -> None:
        self.rng = Rng.from_seed(seed)
        self.peaceful = peaceful

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        obs = decision.observation
        phase = obs["phase"]
        if phase == "choose_hand":
            return self._hand(obs, legal)
        if phase == "swap":
            return self._swap(obs, legal)
        if AcceptEnd() in legal:
            return self._answer(obs, decision.seat)
        return self._round(obs, legal, decision.seat)

    def _hand(self, obs: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        hands = [a for a in legal if isinstance(a, ChooseHand)]
        size = max(len(h.cards) for h in hands)
        usable = sorted({c for h in hands for c in h.cards})
        cards = obs["cards"]
        ranked = sorted(usable, key=lambda c: (-value(cards[c]), self.rng.randbelow(1000)))
        picked: list[str] = []
        for ctype in ("attack", "trick", "defence"):
            best = [c for c in ranked if cards[c]["type"] == ctype]
            if best and len(picked) < size:
                picked.append(best[0])
        for c in ranked:
            if len(picked) >= size:
                break
            if c not in picked:
                picked.append(c)
        choice = ChooseHand(tuple(sorted(picked)))
        if choice in legal:
            return choice
        return max(hands, key=lambda h: (len(h.cards), sum(value(cards[c]) for c in h.cards)))

    def _round(self, obs: dict[str, Any], legal: tuple[Action, ...], seat: int) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if not self.peaceful:
            plain = {(p.card, p.show) for p in plays if p.kill}
            plays = [p for p in plays if p.kill or (p.card, p.show) not in plain]
        else:
            plays = [p for p in plays if not p.kill]
        opponent = obs["duellists"][1 - seat]
        need = obs["options"]["rounds_to_win"]
        if (OfferEnd() in legal and opponent["wins"] == need - 1 and obs["wins"][seat] == 0
                and obs["round"] > 1 and self._hand_edge(obs) < 0):
            return OfferEnd()
        cards = obs["cards"]
        if opponent["hand_size"] == 0:
            return min(plays, key=lambda p: (value(cards[p.card]), p.card))
        if self.rng.randbelow(1000) < EPSILON * 1000:
            return self.rng.choice(plays)
        return max(plays, key=lambda p: (edge(_info(cards[p.card])),
                                         -value(cards[p.card]), p.card))

    def _hand_edge(self, obs: dict[str, Any]) -> float:
        hand = obs["me"]["hand"]
        if not hand:
            return -1.0
        return max(edge(_info(obs["cards"][c])) for c in hand)

    def _answer(self, obs: dict[str, Any], seat: int) -> Action:
        mine, theirs = obs["wins"][seat], obs["wins"][1 - seat]
        return AcceptEnd() if mine < theirs else DeclineEnd()

    def _swap(self, obs: dict[str, Any], legal: tuple[Action, ...]) -> Action:
        cards = obs["cards"]
        swaps = [a for a in legal if isinstance(a, Swap)]
        if not swaps:
            return NoSwap()
        best = max(swaps, key=lambda s: (value(cards[s.take]) - value(cards[s.give]),
                                         s.take, s.give))
        if value(cards[best.take]) > value(cards[best.give]) or NoSwap() not in legal:
            return best  # a gain, or the least loss when the swap is required
        return NoSwap()


def _factory(game: Game, params: list[str], seed: int) -> DuelHeuristicBot:
    if params not in ([], ["peaceful"]):
        raise InvalidOption(say("duel.bot_heuristic_params",
                                "{bot} for the duel takes no parameter or {peaceful}",
                                bot="bot:heuristic", peaceful="'peaceful'"))
    return DuelHeuristicBot(seed, peaceful=params == ["peaceful"])


register_bot("heuristic", _factory, game="duel", parameters=(
    BotParameter("style", "peaceful: never declares a kill with a deadly card (by default it does)",
                 "peaceful: не объявляет убийство смертельной картой (по умолчанию объявляет)"),
))
# search bots with an opponent model redraw the opponent's hidden hand and face-down card
register_model_redraw("duel", sensible_redraw)
