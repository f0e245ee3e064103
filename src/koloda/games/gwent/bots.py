"""``bot:heuristic`` for Gwent: a one-step look-ahead on a sample of the hidden cards.

For every legal action the bot lays it on a copy of one sampled state and scores the result:
the damage the others carry (recorded this round plus what presses on them on the table; the
mean of the others' and the least of them, halved, since the round goes to the least damaged)
minus its own, minus a small price for every point of card value it gives up from its hand (cards
are the round's only resource). Throw-ins are scored the same way; they are laid when the
window closes, so a throw is scored by the damage it would press with. Ties keep the canonical
order. ``bot:heuristic:W`` sets the price of card value (default 0.25).
"""

from __future__ import annotations

from koloda.engine import Action, Game, InvalidOption, Rng, say
from koloda.engine.bot import BotParameter, Decision, register_bot
from koloda.games.gwent.actions import Throw
from koloda.games.gwent.cards import info
from koloda.games.gwent.state import GwentState


def hand_value(st: GwentState, seat: int) -> float:
    return float(sum(info(c).strength for c in st.hands[seat]))


def standing(st: GwentState, seat: int) -> float:
    """How much better ``seat`` stands than the others: the mean of their mean and least
    damage (recorded and pressing on the table) minus its own."""
    damage = list(st.damage)
    ex = st.exchange
    if ex is not None:
        for s in ex.stacks:
            if s.open:
                victim = ex.seat(1 - s.top.side)
                damage[victim] += s.top.damage
    others = [damage[p] for p in range(st.players) if p != seat]
    return (sum(others) / max(1, len(others)) + min(others, default=0.0)) / 2 - damage[seat]


class HeuristicBot:
    """Greedy one-step look-ahead (see the module docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, price: float = 0.25) -> None:
        self.rng = Rng.from_seed(seed)
        self.price = price

    def act(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        base = decision.sample(self.rng.spawn())
        assert isinstance(base, GwentState)
        seat = decision.seat
        if base.phase != "play":
            return legal[self.rng.randbelow(len(legal))]
        before_hand = hand_value(base, seat)
        best: Action = legal[0]
        best_score = float("-inf")
        for action in legal:
            if isinstance(action, Throw):
                thrown = sum(info(c).strength for c in action.cards)
                score = thrown * (1.0 / max(1, base.players - 1)) - self.price * thrown
                score += standing(base, seat)
            else:
                s = base.clone()
                s.apply_unchecked(seat, action)
                spent = before_hand - hand_value(s, seat)
                score = standing(s, seat) - self.price * spent
            if score > best_score + 1e-9:
                best, best_score = action, score
        return best


def _factory(game: Game, params: list[str], seed: int) -> HeuristicBot:
    if len(params) > 1:
        raise InvalidOption(say("gwent.bot.heuristic_params",
                                "{bot} takes at most one parameter: the price of card value",
                                bot="bot:heuristic"))
    price = 0.25
    if params:
        try:
            price = float(params[0])
        except ValueError:
            raise InvalidOption(say("gwent.bot.heuristic_number", "{bot}: not a number: {got}",
                                    bot="bot:heuristic", got=repr(params[0]))) from None
    return HeuristicBot(seed, price)


register_bot("heuristic", _factory, game="gwent", parameters=(
    BotParameter("price", "what a point of card value is worth against a point of damage",
                 "цена очка значения карты против очка урона", "0.25"),
))
