"""The match: decks by the dice, the neutral deal, rounds of ten cards, round points, the fifth
round and the end.

- «все участники бросают кубик ... первым колоду "рандомит" человек с самым большим значением»:
  the dice order is a uniform permutation of the seats; in it each player draws a deck at
  random (option ``deck_choice="random"``) or chooses one (``"choose"``).
- «один из игроков раздает нейтральные карты игрокам поровну в случайном порядке, после чего
  эти карты подмешиваются в основную»: the neutral deck is shuffled and dealt evenly, in dice
  order; a remainder that cannot be dealt evenly is set aside for the match. Each player sees
  the neutral cards he receives.
- «Каждый игрок ... раздает себе из колоды ровно десять карт. Добор ... запрещен»: ten cards a
  round (fewer only if a deck runs short: then everyone takes the smallest count).
- Round points: the player(s) with the least damage («В случае, если раунд с нулевым показателем
  очков урона заканчивает больше одного игрока, они оба считаются победителями»).
- After the fourth round, if the most round points are shared, a fifth round with the smallest
  deck count («все берут по пять карт»); a tie after it is settled by the die («Все спорные
  ситуации ... решаются броском кубика», option ``final_tie``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.engine import Audience
from koloda.games.gwent.events import (
    GwentDeckChosen,
    GwentDecksAssigned,
    GwentHandDealt,
    GwentMatchEnded,
    GwentNeutralDealt,
    GwentRoundEnded,
    GwentRoundStarted,
)
from koloda.games.gwent.options import DIE
from koloda.games.gwent.turns import begin_exchange

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState

CHOOSE = "choose"
PLAY = "play"
OVER = "over"


#: :func:`number_cards` already done, by (deck names, id of the deck lists, id of the neutral
#: deck), with the lists themselves (kept alive, so that an id is never reused for others).
_NUMBERED: dict[tuple[tuple[str, ...], int, int],
                tuple[dict[str, tuple[str, ...]], tuple[str, ...],
                      list[list[str]], list[str]]] = {}


def number_cards(names: list[str], decks: dict[str, tuple[str, ...]],
                 neutral: tuple[str, ...]) -> tuple[list[list[str]], list[str]]:
    """Card instances: each catalogue id numbered over the match in seat order, then the
    neutral deck (``nr_catapult#1``, ``nr_catapult#2``, …)."""
    key = (tuple(names), id(decks), id(neutral))
    done = _NUMBERED.get(key)
    if done is None or done[0] is not decks or done[1] is not neutral:
        own, numbered = _number_cards(names, decks, neutral)
        if len(_NUMBERED) >= 1024:
            _NUMBERED.clear()
        done = _NUMBERED[key] = (decks, neutral, own, numbered)
    return [list(cards) for cards in done[2]], list(done[3])


def _number_cards(names: list[str], decks: dict[str, tuple[str, ...]],
                  neutral: tuple[str, ...]) -> tuple[list[list[str]], list[str]]:
    counts: dict[str, int] = {}

    def inst(cid: str) -> str:
        counts[cid] = counts.get(cid, 0) + 1
        return f"{cid}#{counts[cid]}"

    own = [[inst(c) for c in decks[name]] for name in names]
    return own, [inst(c) for c in neutral]


def assign_decks(st: GwentState) -> None:
    """Called once every seat has a deck: number the cards, deal the neutrals, start."""
    lists = st.options.deck_lists
    own, neutral = number_cards(st.deck_names, lists.decks, lists.neutral)
    st.own = own
    st.rng.shuffle(neutral)
    share = len(neutral) // st.players
    st.neutrals = [[] for _ in range(st.players)]
    for i, seat in enumerate(st.order):
        st.neutrals[seat] = neutral[i * share:(i + 1) * share]
    st.aside = neutral[share * st.players:]
    st.events.append(GwentDecksAssigned(tuple(st.order), tuple(st.deck_names)))
    for seat in range(st.players):
        st.decks[seat] = st.rng.shuffled(own[seat] + st.neutrals[seat])
        st.events.append(GwentNeutralDealt(seat, tuple(st.neutrals[seat]), to=Audience.only(seat)))
    st.phase = PLAY
    start_round(st)


def choose_deck(st: GwentState, seat: int, deck: str) -> None:
    st.deck_names[seat] = deck
    st.events.append(GwentDeckChosen(seat, deck))
    if all(st.deck_names):
        assign_decks(st)


def chooser(st: GwentState) -> int:
    for seat in st.order:
        if not st.deck_names[seat]:
            return seat
    return -1


def start_round(st: GwentState) -> None:
    st.round += 1
    smallest = min(len(d) for d in st.decks)
    size = smallest if st.round > st.options.rounds else min(st.options.hand_size, smallest)
    st.events.append(GwentRoundStarted(st.round, size))
    for seat in range(st.players):
        st.hands[seat] = st.decks[seat][:size]
        st.decks[seat] = st.decks[seat][size:]
        st.events.append(GwentHandDealt(seat, tuple(st.hands[seat]), to=Audience.only(seat)))
    st.known = [[] for _ in range(st.players)]
    st.revived = []
    st.damage = [0.0] * st.players
    st.next_attacker = -1
    st.pair = []
    st.streak = 0
    begin_exchange(st)


def end_round(st: GwentState) -> None:
    """Cards still held go to the discard unplayed; a point to the least damaged."""
    leftover: list[str] = []
    for seat in range(st.players):
        leftover.extend(st.hands[seat])
        st.discards[seat].extend(st.hands[seat])
        st.hands[seat] = []
        st.spent[seat].extend(st.discards[seat])
        st.discards[seat] = []
    st.known = [[] for _ in range(st.players)]
    least = min(st.damage)
    winners = tuple(p for p in range(st.players) if st.damage[p] == least)
    for p in winners:
        st.points[p] += 1
    st.round_damage.append(list(st.damage))
    st.events.append(GwentRoundEnded(st.round, tuple(st.damage), winners, tuple(st.points),
                                     tuple(leftover)))
    last = st.options.rounds
    if st.round < last and min(len(d) for d in st.decks) > 0:
        start_round(st)
        return  # (decks too short for the rounds end the match here: no empty rounds)
    best = max(st.points)
    leaders = [p for p in range(st.players) if st.points[p] == best]
    if len(leaders) == 1:
        end_match(st, leaders, by_die=False)
    elif st.round == last and min(len(d) for d in st.decks) > 0:
        start_round(st)
    elif st.options.final_tie == DIE:
        end_match(st, [leaders[st.rng.randbelow(len(leaders))]], by_die=True)
    else:
        end_match(st, leaders, by_die=False)


def end_match(st: GwentState, winners: list[int], *, by_die: bool) -> None:
    st.winners = list(winners)
    st.by_die = by_die
    st.phase = OVER
    st.exchange = None
    st.events.append(GwentMatchEnded(tuple(winners), tuple(st.points), by_die))
