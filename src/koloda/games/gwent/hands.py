"""A summary of a hand («рука») for the listing of plays and for throw-ins: the cards that can
be laid, grouped as the listing shows them, the number of plays they make per target, and what
else the hand holds (cards played on their own, «Чучело»).

A summary is worked out once per hand and then kept up to date as cards are laid from the hand
(:meth:`HandSummary.without`); the state keeps one per seat (:func:`hand_summary`). A summary is
a value (never changed once made) holding a copy of the hand it summarises, and it is used only
while the hand is equal to that copy: clones and samples may share it, and any change of the
hand, wherever it is made, is noticed (the summary is then worked out again).

>>> s = HandSummary(["nr_ves#1", "sp_decoy#1", "st_barclay_els#1", "nr_catapult#1",
...                  "nr_catapult#2", "nr_dun_banner_medic#1"])
>>> [u[0] for u in s.units], s.decoy, s.alone, s.kinds
(['nr_ves#1', 'st_barclay_els#1', 'nr_catapult#1'], 'sp_decoy#1', True, (True, False, False))
>>> s.weights, s.weights_decoy        # plays per target of each class: ordinary cards only
((4, 0, 0), (8, 0, 0))
>>> t = s.without("nr_catapult#1", ["nr_ves#1", "sp_decoy#1", "st_barclay_els#1",
...                                 "nr_catapult#2", "nr_dun_banner_medic#1"])
>>> t.cards                            # the rest of the group follows in the same action
['nr_ves#1', 'sp_decoy#1', 'st_barclay_els#1', 'nr_dun_banner_medic#1']
>>> t.weights
(3, 0, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from koloda.games.gwent.cards import FACTS

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState

#: A card of the listing: its id, which open cards it may cover (0 ordinary ones, 1 also
#: trumps, 2 every one), the suits it is laid as ("": its own), how many suits (its plays per
#: target), and whether «Чучело» may go with it (then twice as many).
Unit = tuple[str, int, tuple[str, ...], int, bool]


class HandSummary:
    """What the listing of plays asks of a hand (see the module docstring).

    - ``units``: the cards that can be laid, in the listing's order: the hand's order, a
      bonded or muster group once, where its first card appears, by its first card by id;
    - ``weights`` / ``weights_decoy``: the plays per target of the units of each class of open
      card they may cover (0 ordinary, 1 trump, 2 ultima), without and with the hand's
      «Чучело» (an agile card makes one per suit, «Чучело» doubles);
    - ``alone``: whether the hand holds a card played on its own, ``kinds``: which (a medic,
      a spy, «Казнь»); ``decoy``: its first «Чучело» ("").
    """

    __slots__ = ("alone", "cards", "decoy", "kinds", "units", "weights", "weights_decoy")

    cards: list[str]
    units: tuple[Unit, ...]
    weights: tuple[int, int, int]
    weights_decoy: tuple[int, int, int]
    alone: bool
    kinds: tuple[bool, bool, bool]
    decoy: str

    def __init__(self, hand: list[str] | None = None) -> None:
        if hand is None:  # a blank one, filled in by :meth:`without` and :func:`_other`
            return
        table = FACTS
        self.cards = hand[:]
        units: list[Unit] = []
        seen: set[str] | None = None
        first_of: dict[str, str] | None = None
        medic = spy = scorch = False
        decoy = ""
        w = [0, 0, 0]
        d = [0, 0, 0]
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
                f = table[first_of[group]]
            units.append(f.listed)
            cover_class = f.cover_class
            w[cover_class] += f.n_suits
            d[cover_class] += f.decoy_weight
        self.units = tuple(units)
        self.kinds = (medic, spy, scorch)
        self.alone = medic or spy or scorch
        self.decoy = decoy
        self.weights = (w[0], w[1], w[2])
        self.weights_decoy = (d[0], d[1], d[2]) if decoy else self.weights

    def without(self, cid: str, hand: list[str]) -> HandSummary | None:
        """The summary of ``hand`` (this one's hand without the card ``cid`` just laid from it)
        once the whole unit of ``cid`` has left it: the card itself, or for the first card of a
        group, every card of the group (the rest follow in the same action, see
        ``Exchange.pending``); None when it is to be worked out again."""
        units = self.units
        i = 0
        for u in units:
            if u[0] == cid:
                break
            i += 1
        else:
            return _other(self, cid, hand)
        new = HandSummary()
        table = FACTS
        f = table[cid]
        if f.grouped:
            group = f.group
            new.cards = [o for o in hand if table[o].group != group]
        else:
            new.cards = hand[:]
        new.units = units[:i] + units[i + 1:]
        new.kinds = self.kinds
        new.alone = self.alone
        new.decoy = decoy = self.decoy
        cover_class, n = u[1], u[3]
        w0, w1, w2 = self.weights
        if cover_class == 0:
            new.weights = (w0 - n, w1, w2)
        elif cover_class == 1:
            new.weights = (w0, w1 - n, w2)
        else:
            new.weights = (w0, w1, w2 - n)
        if decoy:
            if u[4]:
                n *= 2
            w0, w1, w2 = self.weights_decoy
            if cover_class == 0:
                new.weights_decoy = (w0 - n, w1, w2)
            elif cover_class == 1:
                new.weights_decoy = (w0, w1 - n, w2)
            else:
                new.weights_decoy = (w0, w1, w2 - n)
        else:
            new.weights_decoy = new.weights
        return new


def _other(old: HandSummary, cid: str, hand: list[str]) -> HandSummary | None:
    """:meth:`HandSummary.without` for a card that is not a unit: a card played on its own or
    «Чучело» (the units stay, what else the hand holds is looked for again)."""
    table = FACTS
    f = table[cid]
    if f.layable or f.grouped:
        return None
    medic = spy = scorch = False
    decoy = ""
    for o in hand:
        g = table[o]
        if not g.layable:
            if g.alone:
                medic = medic or g.medic
                spy = spy or g.spy
                scorch = scorch or g.scorch
            elif not decoy and g.is_decoy:
                decoy = o
    new = HandSummary()
    new.cards = hand[:]
    new.units = old.units
    new.kinds = (medic, spy, scorch)
    new.alone = medic or spy or scorch
    new.decoy = decoy
    new.weights = old.weights
    if decoy:
        if old.decoy:
            new.weights_decoy = old.weights_decoy
        else:  # pragma: no cover (a card leaving the hand brings no «Чучело»)
            return None
    else:
        new.weights_decoy = old.weights
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
