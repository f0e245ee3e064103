"""Throw-ins («подбрасывание»): watching players add cards of the same value as an open card.

After every action that leaves the exchange going, with an open card on the table that changed
since the last window (so not after a mere pass), every watching player who holds cards decides
at once (a simultaneous step) whether to throw in:
cards whose printed value equals the printed value of an open card on one side, laid on that
side as new cards in attack («сбросив в игру свои карты с тем же значением, что лежит на
столе»; «карта ... должна быть открытой»). A bonded or muster group is thrown whole («Правило
обязательной выкладки сохраняется и на подбрасывании»), and only when each of its cards matches.
What each watcher chose stays hidden until all have decided; the values that may be matched are
those open when the window opened. Throw-ins cost the watchers no action points. The thrower
names the suit of an agile card («проныра») thrown in, as for a card laid normally.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING

from koloda.engine import Action, Rng, simultaneous
from koloda.games.gwent.actions import Pass, Throw
from koloda.games.gwent.cards import FACTS, Suit, info
from koloda.games.gwent.events import GwentCardPlaced, GwentThrowDecided, GwentThrown
from koloda.games.gwent.model import Exchange
from koloda.games.gwent.options import NEXT_CARD
from koloda.games.gwent.perks import use_bard, value_of
from koloda.games.gwent.table import EPS, Layer, Stack

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState

#: At most this many groups are offered in combinations (keeps the window small).
MAX_UNITS = 4


def open_window(st: GwentState, ex: Exchange) -> None:
    if st.players < 3 or not st.options.throw_ins:
        return
    v0: list[int] = []
    v1: list[int] = []
    opened: list[tuple[int, Layer]] = []
    for s in ex.stacks:
        top = s.layers[-1]
        if top.damage > EPS:  # open
            opened.append((s.id, top))
            if not top.ultima and top.printed > 0:  # with a value
                (v1 if top.side else v0).append(top.printed)
    if not v0 and not v1:
        return
    hands = st.hands
    a, d = ex.attacker, ex.defender
    watchers = [p for p in range(st.players) if p != a and p != d and hands[p]]
    if not watchers:
        return
    known = _MARKS
    parts = []
    for i, top in opened:
        key = (i, top.side, top.damage)
        part = known.get(key)
        if part is None:
            if len(known) >= 65536:
                known.clear()
            part = known[key] = f"{i}:{top.side}:{top.damage}"
        parts.append(part)
    mark = ";".join(parts)
    if mark == ex.window_mark:
        return  # nothing changed on the table since the watchers last decided
    ex.window_mark = mark
    st.window = watchers
    st.decided = []
    st.throws = {}
    st.window_values = [sorted(set(v0)), sorted(set(v1))]


#: The mark of an open stack in ``Exchange.window_mark`` by (stack id, side, damage).
_MARKS: dict[tuple[int, int, float], str] = {}


def throwable_units(st: GwentState, seat: int, values: list[int]) -> list[tuple[str, ...]]:
    """The units ``seat`` may throw in on the values ``values``: a card alone, or a bonded or
    muster group whole (each of its cards matching), sorted by group."""
    if not values:
        return []
    hand = st.hands[seat]
    table = FACTS
    matching: set[str] | None = None  # the groups with a card that matches
    for cid in hand:
        f = table[cid]
        if f.throw_value in values:
            if matching is None:
                matching = {f.group}
            else:
                matching.add(f.group)
    if matching is None:
        return []
    groups: dict[str, list[str]] = {}
    spoilt: set[str] = set()  # the groups with a card that does not match
    for cid in hand:
        f = table[cid]
        group = f.group
        if group in matching:
            if f.throw_value not in values:
                spoilt.add(group)
            elif group in groups:
                groups[group].append(cid)
            else:
                groups[group] = [cid]
    out: list[tuple[str, ...]] = []
    for group in sorted(groups):
        if group in spoilt:
            continue
        cards = sorted(groups[group])
        if table[cards[0]].grouped:
            out.append(tuple(cards))
        else:
            out.extend([(cid,) for cid in cards])
    return out


def suit_choices(cards: tuple[str, ...]) -> list[tuple[tuple[str, str], ...]]:
    """Every way to name the suits of the agile cards among ``cards``, once each (sorted
    ``(card, suit)`` pairs; one empty choice when none is agile)."""
    agile = [cid for cid in cards if info(cid).agile]
    options = [[(cid, s.value) for s in info(cid).suits] for cid in agile]
    return [tuple(choice) for choice in product(*options)]


def legal(st: GwentState, seat: int) -> list[Action]:
    out: list[Action] = [Pass()]
    for side in (0, 1):
        units = throwable_units(st, seat, st.window_values[side])[:MAX_UNITS]
        for k in range(1, len(units) + 1):
            for combo in combinations(units, k):
                cards = tuple(sorted(c for u in combo for c in u))
                out.extend(Throw(side, cards, suits) for suits in suit_choices(cards))
    return out


def random_action(st: GwentState, seat: int, rng: Rng) -> Action:
    """``legal(st, seat)[rng.randbelow(len(legal(st, seat)))]`` without building the throw-ins
    that are not drawn: the same draw from the same generator, the same action. Each side
    offers every non-empty choice of its units, each unit with its ways of naming suits, so
    a side's throw-ins number the product of (1 + ways) over its units, less one."""
    v0, v1 = st.window_values
    table = FACTS
    for cid in st.hands[seat]:
        value = table[cid].throw_value
        if value and (value in v0 or value in v1):
            break
    else:  # nothing to throw in: «pass» is the only choice
        rng.randbelow(1)
        return _PASS
    per_side: list[tuple[list[tuple[str, ...]], list[int]]] = []
    total = 1  # «pass»
    for values in (v0, v1):
        units = throwable_units(st, seat, values)[:MAX_UNITS]
        # the ways to name the suits of each unit's agile cards
        ways = [_suit_ways(u) for u in units]
        n = 1
        for w in ways:
            n *= 1 + w
        total += n - 1
        per_side.append((units, ways))
    k = rng.randbelow(total)
    if k == 0:
        return _PASS
    k -= 1
    for side, (units, ways) in enumerate(per_side):
        for size in range(1, len(units) + 1):
            for picked in combinations(range(len(units)), size):
                n = 1
                for i in picked:
                    n *= ways[i]
                if k < n:
                    cards = tuple(sorted(c for i in picked for c in units[i]))
                    # suit_choices(cards)[k]: the product of the agile cards' suits, the last
                    # card's suit varying fastest
                    choice: list[tuple[str, str]] = []
                    for cid in reversed(cards):
                        names = table[cid].suit_names
                        if len(names) > 1:
                            k, i = divmod(k, len(names))
                            choice.append((cid, names[i]))
                    return Throw(side, cards, tuple(reversed(choice)))
                k -= n
    raise AssertionError("the draw is out of the listing")  # pragma: no cover


def _suit_ways(unit: tuple[str, ...]) -> int:
    n = 1
    for cid in unit:
        f = FACTS[cid]
        if f.agile:
            n *= len(f.suit_names)
    return n


_PASS = Pass()
_SUIT = {s.value: s for s in Suit}


def decide(st: GwentState, seat: int, action: Action) -> None:
    decided = st.decided
    decided.append(seat)
    if type(action) is Throw:
        chosen = dict(action.suits)
        st.throws[seat] = [str(action.side),
                           *(f"{c}:{chosen[c]}" if c in chosen else c for c in action.cards)]
    st.events.append(GwentThrowDecided(seat))
    if simultaneous.complete(st.window, decided):
        if st.throws:
            resolve(st)
        else:  # (every watcher passed: the window closes)
            st.window = []
            st.decided = []
            st.window_values = [[], []]


def resolve(st: GwentState) -> None:
    """Lay every throw-in at once, then close the window."""
    ex = st.exchange
    assert ex is not None
    table = FACTS
    for seat in sorted(st.throws):
        side_text, *tokens = st.throws[seat]
        side = int(side_text)
        chosen = dict(t.partition(":")[::2] for t in tokens)
        cards = list(chosen)
        ids = []
        for cid in cards:
            f = table[cid]
            group = f.group
            together = sum(1 for o in cards if table[o].group == group)
            mult = together if f.bond else 1
            value = value_of(ex, seat, f, True, mult, False)
            if ex.bard:
                use_bard(ex, seat, f.info, next_card=st.options.bard_lasts == NEXT_CARD)
            st.take_from_hand(seat, cid)
            suit = _SUIT[chosen[cid]] if chosen[cid] else f.suits[0]
            stack_id = ex.next_id
            # (table.lead_layer)
            ex.stacks.append(Stack(stack_id, [Layer((cid,), seat, side, side, value, f.strength,
                                                    suit, cid, seat, f.trump, f.ultima,
                                                    round(value, 6))], seat))
            ex.next_id = stack_id + 1
            ids.append(stack_id)
            st.events.append(GwentCardPlaced(seat, cid, stack_id, True, value, value, 1 - side))
        st.events.append(GwentThrown(seat, side, tuple(cards), tuple(ids)))
    st.window = []
    st.decided = []
    st.throws = {}
    st.window_values = [[], []]
