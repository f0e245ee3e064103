"""Turn order («очередность розыгрыша»): who attacks whom in each exchange.

- The first attacker of a round: the dice among the players holding cards («первого
  атакующего (у него должно быть самое высокое значение)»): a uniform draw.
- The target by the attacker's die: with three players 1-3 left, 4-6 right; with four 1-2 left,
  3-4 across, 5-6 right; with two, the other player. Left is the next seat up (seat + 1).
  A die pointing at a player with no cards left is rolled again.
- The player who dealt more damage in the exchange attacks next («Право перехватить атаку ...
  получает тот, кто наносит сопернику урон»); after a zero exchange (or equal damage both
  ways) the two roll for it.
- No pair plays more than two exchanges in a row («не имеют права сыграть больше двух геймов
  подряд»): after two, the attacker's die is rolled again until it points at another player
  holding cards; when no other player holds cards, the pair plays on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.games.gwent.events import GwentAttackerRolled, GwentExchangeStarted
from koloda.games.gwent.model import Exchange

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState


def target_by_die(players: int, attacker: int, roll: int) -> int:
    """The seat the attacker's die (1-6) points at.

    >>> [target_by_die(3, 0, r) for r in range(1, 7)]
    [1, 1, 1, 2, 2, 2]
    >>> [target_by_die(4, 0, r) for r in range(1, 7)]
    [1, 1, 2, 2, 3, 3]
    """
    if players == 2:
        return 1 - attacker
    if players == 3:
        return (attacker + 1) % 3 if roll <= 3 else (attacker - 1) % 3
    if roll <= 2:
        return (attacker + 1) % 4
    if roll <= 4:
        return (attacker + 2) % 4
    return (attacker - 1) % 4


def holders(st: GwentState) -> list[int]:
    """The players still in the round's exchanges: those holding cards."""
    return [p for p in range(st.players) if st.hands[p]]


def begin_exchange(st: GwentState) -> None:
    """Start the next exchange, or end the round when fewer than two players hold cards."""
    hands = st.hands
    have = [p for p in range(st.players) if hands[p]]  # (holders)
    if len(have) < 2:
        from koloda.games.gwent.match import end_round

        end_round(st)
        return
    attacker = st.next_attacker
    if attacker not in have:
        attacker = have[st.rng.randbelow(len(have))]
        st.events.append(GwentAttackerRolled(attacker, "first"))
    targets = [p for p in have if p != attacker]
    partner = -1
    if st.streak >= 2 and attacker in st.pair:
        partner = st.pair[0] if st.pair[1] == attacker else st.pair[1]
    allowed = [p for p in targets if p != partner] or targets
    if len(allowed) == 1:
        defender = allowed[0]
    else:
        defender = -1
        for _ in range(200):
            t = target_by_die(st.players, attacker, st.rng.roll())
            if t in allowed:
                defender = t
                break
        if defender < 0:
            defender = allowed[0]
    st.exchanges += 1
    st.exchange = Exchange(attacker, defender, st.exchanges)
    st.events.append(GwentExchangeStarted(attacker, defender, st.exchanges))


def after_exchange(st: GwentState, ex: Exchange, damage: list[float]) -> None:
    """Who takes the next attack, the pair's streak, then the next exchange."""
    a, d = ex.attacker, ex.defender
    if damage[d] > damage[a]:
        st.next_attacker = a
        st.events.append(GwentAttackerRolled(a, "damage"))
    elif damage[a] > damage[d]:
        st.next_attacker = d
        st.events.append(GwentAttackerRolled(d, "damage"))
    else:
        st.next_attacker = (a, d)[st.rng.randbelow(2)]
        st.events.append(GwentAttackerRolled(st.next_attacker, "zero"))
    pair = [a, d] if a < d else [d, a]  # (sorted)
    if pair == st.pair:
        st.streak += 1
    else:
        st.pair = pair
        st.streak = 1
    begin_exchange(st)
