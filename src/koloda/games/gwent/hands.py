"""A summary of a hand («рука») for the listing of plays and for throw-ins: the cards that can
be laid, grouped as the listing shows them, with the number of plays each makes per target,
and what else the hand holds (cards played on their own, «Чучело», values to throw in).

A summary is worked out once per hand and kept by the state per seat
(:func:`hand_summary`); it is a value (never changed once made) holding a copy of the hand it
summarises, and it is used only while the hand is equal to that copy, so that clones and
samples may share it and any change of the hand, wherever it is made, is noticed.

>>> s = HandSummary(["nr_ves#1", "sp_decoy#1", "st_barclay_els#1", "nr_catapult#1",
...                  "nr_catapult#2", "nr_dun_banner_medic#1"])
>>> [u[0] for u in s.units], s.decoy, s.alone, s.layable
(['nr_ves#1', 'st_barclay_els#1', 'nr_catapult#1'], 'sp_decoy#1', True, True)
>>> s.weights, s.weights_decoy        # plays per target of each class: ordinary cards only
((4, 0, 0), (8, 0, 0))
>>> sorted(s.throw_values())
[5, 6, 8]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.games.gwent.cards import FACTS

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState

#: A card of the listing: its id, which open cards it may cover (0 ordinary ones, 1 also
#: trumps, 2 every one), the suits it is laid as ("": its own), how many suits, and whether
#: «Чучело» may go with it.
Unit = tuple[str, int, tuple[str, ...], int, bool]


class HandSummary:
    """What the listing of plays asks of a hand, worked out once (see the module docstring).

    - ``units``: the cards that can be laid, in the listing's order: the hand's order, a
      bonded or muster group once, where its first card appears, by its first card by id;
    - ``unit_weights`` / ``unit_weights_decoy``: the plays of each unit per target, without
      and with the hand's «Чучело» (an agile card makes one per suit, «Чучело» doubles);
    - ``weights`` / ``weights_decoy``: their sums by the class of open cards covered;
    - ``layable``: whether any card can be laid; ``alone``, ``medic``, ``spy``, ``scorch``:
      whether the hand holds a card played on its own; ``decoy``: its first «Чучело» ("");
    - :meth:`throw_values`: the values its cards match in a throw-in.
    """

    __slots__ = ("_throw_values", "alone", "cards", "decoy", "layable", "medic", "scorch",
                 "spy", "unit_weights", "unit_weights_decoy", "units", "weights",
                 "weights_decoy")

    cards: list[str]
    units: tuple[Unit, ...]
    unit_weights: tuple[int, ...]
    unit_weights_decoy: tuple[int, ...]
    weights: tuple[int, int, int]
    weights_decoy: tuple[int, int, int]
    layable: bool
    alone: bool
    medic: bool
    spy: bool
    scorch: bool
    decoy: str
    _throw_values: frozenset[int] | None

    def __init__(self, hand: list[str]) -> None:
        table = FACTS
        self.cards = hand[:]
        units: list[Unit] = []
        plain: list[int] = []
        seen: set[str] | None = None
        first_of: dict[str, str] | None = None
        medic = spy = scorch = False
        decoy = ""
        w0 = w1 = w2 = 0
        for cid in hand:
            f = table[cid]
            if not f.layable:
                if f.alone:
                    medic = medic or f.medic
                    spy = spy or f.spy
                    scorch = scorch or f.scorch
                elif not decoy and f.is_decoy:
                    decoy = cid
                continue
            if f.grouped:
                group = f.group
                if seen is None:
                    seen = set()
                elif group in seen:
                    continue
                seen.add(group)
                # the group's first card by id (as the hand is shown) stands for the group
                if first_of is None:
                    first_of = {}
                    for o in hand:
                        g = table[o].group
                        known = first_of.get(g)
                        if known is None or o < known:
                            first_of[g] = o
                cid = first_of[group]
                f = table[cid]
            cover_class = f.cover_class
            n = f.n_suits
            units.append((cid, cover_class, f.play_suits, n, f.decoyable))
            plain.append(n)
            if cover_class == 0:
                w0 += n
            elif cover_class == 1:
                w1 += n
            else:
                w2 += n
        self.units = tuple(units)
        self.layable = bool(units)
        self.medic, self.spy, self.scorch = medic, spy, scorch
        self.alone = medic or spy or scorch
        self.decoy = decoy
        self._throw_values = None
        self.unit_weights = tuple(plain)
        self.weights = (w0, w1, w2)
        if decoy:
            doubled = tuple(u[3] * 2 if u[4] else u[3] for u in units)
            self.unit_weights_decoy = doubled
            by_class = [0, 0, 0]
            for u, w in zip(units, doubled, strict=True):
                by_class[u[1]] += w
            self.weights_decoy = (by_class[0], by_class[1], by_class[2])
        else:
            self.unit_weights_decoy = self.unit_weights
            self.weights_decoy = self.weights

    def throw_values(self) -> frozenset[int]:
        """The values the hand's cards match in a throw-in (printed values above 0)."""
        found = self._throw_values
        if found is None:
            table = FACTS
            found = self._throw_values = frozenset(
                v for v in (table[cid].throw_value for cid in self.cards) if v)
        return found

    def without(self, cid: str, hand: list[str]) -> HandSummary | None:
        """The summary of ``hand``, which is this one's without the card ``cid`` laid from it,
        for a card that is a unit of its own (not of a group); None otherwise (to be worked out
        again when asked)."""
        units = self.units
        i = 0
        for u in units:
            if u[0] == cid:
                break
            i += 1
        else:
            return None
        if FACTS[cid].grouped:
            return None
        new = HandSummary.__new__(HandSummary)
        new.cards = hand[:]
        new.units = units[:i] + units[i + 1:]
        new.layable = len(units) > 1
        new.medic, new.spy, new.scorch = self.medic, self.spy, self.scorch
        new.alone = self.alone
        new.decoy = self.decoy
        new._throw_values = None
        cover_class, n = u[1], u[3]
        plain = self.unit_weights
        new.unit_weights = plain[:i] + plain[i + 1:]
        w = list(self.weights)
        w[cover_class] -= n
        new.weights = (w[0], w[1], w[2])
        if self.decoy:
            doubled = self.unit_weights_decoy
            new.unit_weights_decoy = doubled[:i] + doubled[i + 1:]
            w = list(self.weights_decoy)
            w[cover_class] -= doubled[i]
            new.weights_decoy = (w[0], w[1], w[2])
        else:
            new.unit_weights_decoy = new.unit_weights
            new.weights_decoy = new.weights
        return new


def hand_summary(st: GwentState, seat: int) -> HandSummary:
    """The summary of ``seat``'s hand, worked out again only when the hand has changed."""
    hand = st.hands[seat]
    summaries = st.summaries
    if summaries:
        found = summaries[seat]
        if found is not None and found.cards == hand:
            return found
    else:
        summaries = st.summaries = [None] * st.players
    found = summaries[seat] = HandSummary(hand)
    return found
