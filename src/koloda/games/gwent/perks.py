"""The perks («перки») as verbs: what a card counts, what it may cover, and the perks played on
their own (medic, spy, scorch). Trump perks act on trumps and ordinary cards; ordinary perks
never on trumps («к козырным картам могут быть применены перки только козырных»).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING

from koloda.games.gwent.actions import Medic, Scorch, Spy
from koloda.games.gwent.cards import FACTS, CardInfo, Facts, Perk, Suit, facts, info
from koloda.games.gwent.events import (
    GwentCardPlaced,
    GwentExecuted,
    GwentRevived,
    GwentSpyTurned,
    GwentSpyUndone,
)
from koloda.games.gwent.model import Exchange, Reversal
from koloda.games.gwent.options import NEXT_CARD, PLAY
from koloda.games.gwent.table import EPS, Layer, Stack, lead_layer, reversed_layer

if TYPE_CHECKING:
    from koloda.games.gwent.state import GwentState


def placed_value(ex: Exchange, seat: int, c: CardInfo, *, lead: bool, mult: int,
                 decoy: bool) -> float:
    """What ``c`` counts when ``seat`` lays it.

    - «Братишки»: times the number laid together (``mult``); «Тупые Братишки» lay with 1;
    - «Специалист» in attack: «принимает усиленное вдвое значение»;
    - «Чучело»: the card counts twice; «Бард» covered: the owner's cards count twice
      (ordinary perks: never on trumps);
    - «Ультима»: its printed value, untouched by bard and decoy.

    >>> from koloda.games.gwent.cards import card
    >>> placed_value(Exchange(0, 1, 1), 0, card("nr_catapult"), lead=True, mult=2, decoy=False)
    16.0
    """
    return value_of(ex, seat, facts(c.id), lead, mult, decoy)


def value_of(ex: Exchange, seat: int, f: Facts, lead: bool, mult: int, decoy: bool) -> float:
    """:func:`placed_value` of a card by its :class:`Facts`."""
    if f.ultima:
        return float(f.value)
    v = f.value * mult
    if lead and f.specialist:
        v *= 2
    if decoy:
        v *= 2
    if ex.bard and seat in ex.bard and not f.trump:
        v *= 2
    return float(v)


def use_bard(ex: Exchange, seat: int, c: CardInfo, *, next_card: bool) -> None:
    """Option ``bard_lasts=next_card``: the doubling of a covered bard is spent on its owner's
    next ordinary card (laid, thrown in or laid by a medic); call after :func:`placed_value`."""
    if next_card and seat in ex.bard and not c.trump and not c.has(Perk.ULTIMA):
        ex.bard.remove(seat)


def can_cover(c: CardInfo, top: Layer) -> bool:
    """Whether ``c`` may be laid on the open card ``top``: an ultima only by an ultima («кроме
    такого же дракона»), a trump only by a trump or an ultima («Козырная карта может быть побита
    только козырной картой»)."""
    if top.ultima:
        return c.has(Perk.ULTIMA)
    if top.trump:
        return c.trump or c.has(Perk.ULTIMA)
    return True


def open_suit(ex: Exchange, top: Layer, cover: Suit | None = None, *,
              agile_both: bool = False) -> Suit:
    """The suit the open card counts as against a covering card of suit ``cover``: the named
    one if its side's suit was named; else the suit it was laid as, or (option
    ``agile_open=both``, «универсальной карты двух мастей сразу») an agile card's other suit
    when that is the cover's."""
    named = ex.named[top.side]
    if named:
        return Suit(named)
    if agile_both and cover is not None and cover in info(top.open_card).suits:
        return cover
    return top.suit


def specialist_executes(ex: Exchange, c: CardInfo, suit: Suit, top: Layer, *,
                        agile_both: bool = False) -> bool:
    """«Специалист» in defence executes ONE card of its own suit (not an ultima; a trump only
    if the specialist is a trump)."""
    return (c.has(Perk.SPECIALIST) and not top.ultima and (c.trump or not top.trump)
            and suit == open_suit(ex, top, suit, agile_both=agile_both))


def can_decoy(c: CardInfo) -> bool:
    """«Чучело»: «Не применяется к шпионам и дракону, но может быть применена к медику»;
    an ordinary perk, so never on a trump."""
    return not (c.has(Perk.SPY) or c.has(Perk.ULTIMA) or c.trump)


def hand_decoy(hand: list[str]) -> str:
    """The first «Чучело» of the hand, or ""."""
    table = FACTS
    for cid in hand:
        if table[cid].is_decoy:
            return cid
    return ""


# --- «Медик» ---------------------------------------------------------------------------------


def revivable_groups(st: GwentState, seat: int, medic: CardInfo) -> list[list[str]]:
    """The groups «Медик» may revive from ``seat``'s discard of this round: a bonded or muster
    group comes back whole («воскрешаете сразу всех»), a card once only («уже воскрешенных
    второй раз воскрешать нельзя»), never an ultima, a trump only by a trump medic."""
    return [list(g) for g in _revivable(st, seat, medic.trump)]


def _revivable(st: GwentState, seat: int, trump: bool) -> tuple[tuple[str, ...], ...]:
    """:func:`revivable_groups` for a medic that is a trump or not, as tuples (remembered)."""
    key = (tuple(st.discards[seat]), tuple(st.revived), trump)
    found = _REVIVABLE.get(key)
    if found is None:
        groups: dict[str, list[str]] = {}
        revived = st.revived
        table = FACTS
        for cid in st.discards[seat]:
            f = table[cid]
            if not f.unit or f.ultima or cid in revived or (f.trump and not trump):
                continue
            groups.setdefault(f.group, []).append(cid)
        found = tuple(tuple(sorted(g)) for _, g in sorted(groups.items()))
        if len(_REVIVABLE) >= 4096:
            _REVIVABLE.clear()
        _REVIVABLE[key] = found
    return found


#: revivable_groups by what it depends on (the discard, the cards revived this round, whether
#: the medic is a trump): the same question is asked at every decision of a seat holding a medic.
_REVIVABLE: dict[tuple[tuple[str, ...], tuple[str, ...], bool], tuple[tuple[str, ...], ...]] = {}


def revives_to_play(st: GwentState) -> bool:
    """Whether a medic lays the revived cards at once in attack (``medic_revives_to=play``)."""
    return st.options.medic_revives_to == PLAY and st.exchange is not None


def group_suits(group: Sequence[str]) -> tuple[str, ...]:
    """The suits an agile card («проныра») of a revived group may be laid as (its first agile
    card's two suits; () when the group has none). A medic names one suit per group, by the
    group's first card, for every agile card of it (copies share their suits)."""
    for cid in group:
        if info(cid).agile:
            return tuple(s.value for s in info(cid).suits)
    return ()


def _revive_suits(st: GwentState,
                  groups: Sequence[Sequence[str]]) -> list[tuple[tuple[str, str], ...]]:
    """The ways to name the suits of the agile cards a medic lays in play, once each."""
    if not revives_to_play(st):
        return [()]
    options = [[(g[0], suit) for suit in group_suits(g)] for g in groups if group_suits(g)]
    return [tuple(sorted(choice)) for choice in product(*options)]


# Medic, Spy and Scorch values are immutable: one instance of each, built once.
_MEDICS: dict[tuple[str, tuple[str, ...], str, tuple[tuple[str, str], ...]], Medic] = {}
_SPIES: dict[str, Spy] = {}
_SCORCHES: dict[tuple[str, str], Scorch] = {}


def _medic(cid: str, targets: tuple[str, ...], decoy: str,
           suits: tuple[tuple[str, str], ...]) -> Medic:
    key = (cid, targets, decoy, suits)
    found = _MEDICS.get(key)
    if found is None:
        found = _MEDICS[key] = Medic(cid, targets, decoy, suits)
    return found


def _spy(cid: str) -> Spy:
    found = _SPIES.get(cid)
    if found is None:
        found = _SPIES[cid] = Spy(cid)
    return found


def _scorch(cid: str, target: str) -> Scorch:
    found = _SCORCHES.get((cid, target))
    if found is None:
        found = _SCORCHES[cid, target] = Scorch(cid, target)
    return found


def medic_actions(st: GwentState, seat: int) -> list[Medic]:
    hand = st.hands[seat]
    table = FACTS
    out: list[Medic] = []
    decoy: str | None = None
    for cid in hand:
        f = table[cid]
        if not f.medic:
            continue
        if decoy is None:
            decoy = hand_decoy(hand)
        groups = _revivable(st, seat, f.trump)
        if not groups:
            continue
        if not revives_to_play(st):  # (no suits to name: one action per choice of groups)
            out.extend(_medic(cid, (g[0],), "", ()) for g in groups)
            if decoy and f.decoyable:
                for i, g in enumerate(groups):
                    for h in groups[i + 1:]:
                        out.append(_medic(cid, tuple(sorted((g[0], h[0]))), decoy, ()))
            continue
        for g in groups:
            out.extend(_medic(cid, (g[0],), "", suits) for suits in _revive_suits(st, [g]))
        if decoy and f.decoyable:  # (can_decoy)
            for i, g in enumerate(groups):
                for h in groups[i + 1:]:
                    targets = tuple(sorted((g[0], h[0])))
                    out.extend(_medic(cid, targets, decoy, suits)
                               for suits in _revive_suits(st, [g, h]))
    return out


def medic_count(st: GwentState, seat: int) -> int:
    """``len(medic_actions(st, seat))``, counted without building them (a medic revives one
    group, or two with «Чучело»)."""
    if revives_to_play(st):
        return len(medic_actions(st, seat))
    hand = st.hands[seat]
    table = FACTS
    n = 0
    decoy: str | None = None
    for cid in hand:
        f = table[cid]
        if not f.medic:
            continue
        if decoy is None:
            decoy = hand_decoy(hand)
        groups = len(_revivable(st, seat, f.trump))
        n += groups
        if decoy and f.decoyable:
            n += groups * (groups - 1) // 2
    return n


def apply_medic(st: GwentState, seat: int, action: Medic) -> None:
    medic = info(action.card)
    groups = {g[0]: g for g in _revivable(st, seat, medic.trump)}
    back: list[str] = []
    for t in action.targets:
        back.extend(groups[t])
    for used in (action.card, action.decoy):
        if used:
            st.take_from_hand(seat, used)
            st.discards[seat].append(used)
    for cid in back:
        st.discards[seat].remove(cid)
        st.revived.append(cid)
    st.events.append(GwentRevived(seat, action.card, tuple(back)))
    if revives_to_play(st) and st.exchange is not None:
        chosen = {cid: suit for t, suit in action.suits for cid in groups[t]
                  if info(cid).agile}
        _lay_revived(st, seat, st.exchange, back, chosen)
        return
    for cid in back:
        st.hands[seat].append(cid)
        st.known[seat].append(cid)


def _lay_revived(st: GwentState, seat: int, ex: Exchange, cards: list[str],
                 chosen: dict[str, str]) -> None:
    """Option ``medic_revives_to=play``: the revived cards are laid at once in attack, an
    agile card («проныра») as the suit its owner named (``chosen``)."""
    side = ex.side_of(seat)
    for cid in cards:
        c = info(cid)
        together = sum(1 for o in cards if info(o).group == c.group)
        mult = together if c.has(Perk.BOND) else 1
        value = placed_value(ex, seat, c, lead=True, mult=mult, decoy=False)
        use_bard(ex, seat, c, next_card=st.options.bard_lasts == NEXT_CARD)
        suit = Suit(chosen[cid]) if cid in chosen else c.suits[0]
        ex.stacks.append(Stack(ex.next_id, [lead_layer((cid,), seat=seat, side=side,
                                                       value=value, printed=c.strength,
                                                       suit=suit, trump=c.trump)]))
        st.events.append(GwentCardPlaced(seat, cid, ex.next_id, True, value, value, 1 - side))
        ex.next_id += 1


# --- «Шпион» ---------------------------------------------------------------------------------


def spy_turnable(ex: Exchange, side: int, spy: CardInfo) -> list[int]:
    """The stacks a spy of ``side`` turns back: every open card pressing on the side («один
    шпион разворачивает их все»), except ultimas, and trumps unless the spy is a trump."""
    out = []
    for s in ex.stacks:
        top = s.layers[-1]
        # (s.presses_on(side))
        if top.damage > EPS and top.side != side and not top.ultima and (
                spy.trump or not top.trump):
            out.append(s.id)
    return out


def spy_actions(st: GwentState, seat: int, ex: Exchange, side: int) -> list[Spy]:
    table = FACTS
    return [_spy(cid) for cid in st.hands[seat]
            if table[cid].spy and spy_turnable(ex, side, info(cid))]


def spy_count(st: GwentState, seat: int, ex: Exchange, side: int) -> int:
    """``len(spy_actions(st, seat, ex, side))``, counted without building them."""
    table = FACTS
    return sum(1 for cid in st.hands[seat]
               if table[cid].spy and spy_turnable(ex, side, info(cid)))


def apply_spy(st: GwentState, seat: int, ex: Exchange, side: int, action: Spy) -> None:
    ids = spy_turnable(ex, side, info(action.card))
    for s in ex.stacks:
        if s.id in ids:
            s.layers[-1] = reversed_layer(s.top)
    st.take_from_hand(seat, action.card)
    st.discards[seat].append(action.card)
    ex.reversals.append(Reversal(seat, action.card, side, ids))
    st.events.append(GwentSpyTurned(seat, action.card, tuple(ids)))


# --- «Казнь» ---------------------------------------------------------------------------------


def scorch_targets(ex: Exchange, side: int) -> list[str]:
    """What «Казнь» of ``side`` may execute: the opponent's open card laid on its own (not a
    trump, not an ultima: «Только обычную или шпиона»), or an ordinary spy of the opponent
    whose turn is still in force (a trump spy is a trump: «Казнь» never acts on trumps)."""
    out = []
    for s in ex.stacks:
        top = s.layers[-1]
        if (top.placer != side and top.partial == 0 and top.open_card in top.cards
                and not top.trump and not top.ultima):
            out.append(top.open_card)
    out.extend(r.spy for r in ex.reversals
               if r.side != side and not r.undone and not info(r.spy).trump)
    return out


def scorch_actions(st: GwentState, seat: int, ex: Exchange, side: int) -> list[Scorch]:
    table = FACTS
    cards = [cid for cid in st.hands[seat] if table[cid].scorch]
    if not cards:
        return []
    return [_scorch(cards[0], t) for t in scorch_targets(ex, side)]


def scorch_count(st: GwentState, seat: int, ex: Exchange, side: int) -> int:
    """``len(scorch_actions(st, seat, ex, side))``, counted without building them."""
    table = FACTS
    for cid in st.hands[seat]:
        if table[cid].scorch:
            return len(scorch_targets(ex, side))
    return 0


def apply_scorch(st: GwentState, seat: int, ex: Exchange, action: Scorch) -> None:
    st.take_from_hand(seat, action.card)
    st.discards[seat].append(action.card)
    for r in ex.reversals:
        if r.spy == action.target and not r.undone:
            r.undone = True
            for s in ex.stacks:
                if s.id in r.stacks:
                    s.layers[-1] = reversed_layer(s.top)
            st.events.append(GwentSpyUndone(seat, action.card, r.spy))
            return
    for s in ex.stacks:
        if s.top.open_card == action.target and action.target in s.top.cards:
            layer = s.layers.pop()
            st.discards[layer.seat].extend(layer.cards)
            if not s.layers:
                ex.stacks.remove(s)
            st.events.append(GwentExecuted(seat, action.target, action.card))
            return
    raise AssertionError("scorch target vanished")
