"""Resampling: a full state a seat cannot tell from the true one, and one the game could have
produced.

The sample is the true round's history with what the seat cannot know redrawn, so that every
record stays consistent (each card passed one seat on per pass, in the round's direction; every
public commit legal in the sampled hands):

1. **Where the seat's passed cards went.** The seat knows what it passed and to whom; after that
   its neighbour (and the next one) may have kept or passed each card on. For every pass of a
   player other than the seat and the seat's upstream neighbour (whose passes the seat receives),
   a card it passed may be exchanged with a card it kept, provided the seat has not seen either
   card since: the two cards swap their whole later paths. Repeated random exchanges move the
   seat's cards as far downstream as the passes allow, and no further.
2. **Cards the seat never saw** (other hands, the deck, other players' passes) are relabelled by
   a random one-to-one map applied to every record. During the reveal phase a hand receives only
   cards of suits neither revealed nor discarded this round, plus ravens, and no more ravens than
   that player's public commits allow (a player who did not cancel a card could not have held
   more ravens than cards of the suits still to come; nobody but a Conspiracy holder held five).
   If ten random draws fail, suits are kept and only cards of the same suit are exchanged.
3. Magic cards in other hands and in the draw piles are permuted within each deck; face-down
   resolution tokens are reshuffled; other seats' hidden choices are carried over (relabelled)
   when still legal, else replaced by their first legal choice. The log keeps only the events the
   seat sees (other players' private events named the true cards).

Known limit: a magic deck rebuilt from its discards holds cards the seat saw played; the sample
does not keep those apart from the cards drawn before the reshuffle. A forced pass of all cards
(the ``pass_hands`` verb) during the reveal phase makes the raven bound unknown: suits are then
kept (step 2's fallback).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, TypeVar

from koloda.engine.events import Event
from koloda.engine.rng import Rng
from koloda.games.nevermore import actions as A
from koloda.games.nevermore import events as E
from koloda.games.nevermore.cards import TOKEN_SUITS, Suit, count_suit, suit_of
from koloda.games.nevermore.model import Stage

if TYPE_CHECKING:
    from koloda.games.nevermore.state import NevermoreState

S = TypeVar("S", bound="NevermoreState")

SWAP_ROUNDS = 4
TRIES = 10


def resample(state: S, seat: int, rng: Rng) -> S:
    s = state.clone()
    s.rng = rng.spawn()
    # the seat's log (``state.log(seat)``, with the audience test inlined)
    s.events = [e for e in state.events if (to := e.to).everyone or seat in to.seats]
    n = s.players
    others = [o for o in range(n) if o != seat]
    observed = _observed(s, seat)
    _move_passed_cards(s, seat, rng)
    # --- cards the seat never saw: a constrained random relabelling ---------------------------
    hidden_hand = {o: [c for c in s.hands[o] if c not in observed] for o in others}
    deck_cards = [c for c in s.deck if c not in observed]
    mapping = _relabel(s, seat, observed, hidden_hand, deck_cards, rng)

    def m(c: int) -> int:
        return mapping.get(c, c)

    for o in others:
        s.hands[o] = sorted(m(c) for c in s.hands[o])
        s.final_hands[o] = sorted(m(c) for c in s.final_hands[o])
    for p in range(n):
        s.passed[p] = [[m(c) for c in x] for x in s.passed[p]]
        s.received[p] = [[m(c) for c in x] for x in s.received[p]]
    s.deck = [m(c) for c in s.deck]
    rng.shuffle(s.deck)
    # --- magic: others' hands and the draw piles, within each deck ----------------------------
    mmap: dict[int, int] = {}
    for base, pile in ((100, s.light_deck), (200, s.shadow_deck)):
        hidden = sorted([c for o in others for c in s.magic[o] if base <= c < base + 100] + pile)
        mmap.update(zip(hidden, rng.shuffled(hidden), strict=True))
    for o in others:
        s.magic[o] = sorted(mmap.get(c, c) for c in s.magic[o])
    s.light_deck = rng.shuffled([mmap.get(c, c) for c in s.light_deck])
    s.shadow_deck = rng.shuffled([mmap.get(c, c) for c in s.shadow_deck])
    # --- face-down tokens ---------------------------------------------------------------------
    if s.round > 1:
        s.tokens = s.tokens[: s.flipped] + rng.shuffled(s.tokens[s.flipped:])
    # --- other seats' hidden choices ----------------------------------------------------------
    for o, text in list(s.choices.items()):
        if o == seat:
            continue
        del s.choices[o]
        a = A.parse_action(text)
        if isinstance(a, A.Pass):
            a = A.Pass(tuple(sorted(m(c) for c in a.cards)))
        elif isinstance(a, A.Commit):
            a = A.Commit(a.ravens, tuple(sorted(mmap.get(c, c) for c in a.magic)))
        elif isinstance(a, A.Play):
            a = A.Play(mmap.get(a.card, a.card), a.target)
        legal = s.legal_actions(o)
        s.choices[o] = str(a if a in legal else legal[0])
    assert s.stage != Stage.RUNNING or not s.waiting
    return s


def _last(events: list[Event], kind: type[Event]) -> int:
    """The index of the last event of ``kind`` in ``events`` (-1: there is none)."""
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], kind):
            return i
    return -1


def _observed(s: NevermoreState, seat: int) -> set[int]:
    """Every main card whose place the seat has seen this round (or that is public)."""
    out: set[int] = set(s.discard) | set(s.hands[seat]) | set(s.final_hands[seat])
    for p in range(s.players):
        out.update(s.table[p])
    for x in s.passed[seat] + s.received[seat]:
        out.update(x)
    return out


def _draft_entries(s: NevermoreState) -> int:
    """How many entries of ``passed`` were made before the final drafted hands (forced passes
    of whole hands in the draft window come first, with five cards each)."""
    entries = s.passed[0]
    if not s.final_hands[0]:
        return len(entries)
    lead = 0
    while lead < len(entries) and len(entries[lead]) == 5:
        lead += 1
    return min(len(entries), lead + 3)


def _move_passed_cards(s: NevermoreState, seat: int, rng: Rng) -> None:
    """Step 1: random exchanges of a passed card and a kept card in other players' passes."""
    n = s.players
    k_max = _draft_entries(s)
    if k_max == 0:
        return
    upstream = (seat - s.direction) % n
    reveal = bool(s.final_hands[seat])
    # cards the seat saw at or after each pass: its later receipts and passes, its hands, and
    # whatever is public (tables, discards)
    public: set[int] = set(s.discard).union(*s.table)
    mine = set(s.hands[seat]) | set(s.final_hands[seat]) | public
    seen_from = [mine.union(*s.received[seat][k:], *s.passed[seat][k + 1:])
                 for k in range(k_max)]
    movers = [j for j in range(n) if j not in (seat, upstream)]
    dealt = {j: _dealt(s, j, k_max) for j in movers}
    for _ in range(SWAP_ROUNDS):
        for k in range(k_max):
            for j in movers:
                before = dealt[j]
                for i in range(k):
                    before = (before - set(s.passed[j][i])) | set(s.received[j][i])
                out = list(s.passed[j][k])
                kept = sorted(before.difference(out))
                if not out or not kept:
                    continue
                x = out[rng.randbelow(len(out))]
                b = kept[rng.randbelow(len(kept))]
                if x in seen_from[k] or b in seen_from[k]:
                    continue
                if reveal and (suit_of(x) == Suit.RAVEN) != (suit_of(b) == Suit.RAVEN):
                    continue
                _swap_after(s, j, k, x, b)


def _dealt(s: NevermoreState, p: int, k_max: int) -> set[int]:
    """Seat ``p``'s dealt hand, worked out from its hand after the draft and its passes (an
    exchange of a passed and a kept card leaves it as it is)."""
    after = s.final_hands[p] if s.final_hands[p] else s.hands[p]
    count = Counter(after)
    for i in range(k_max):
        count.update(s.passed[p][i])
        count.subtract(s.received[p][i])
    return {c for c, v in count.items() if v > 0}


def _swap_after(s: NevermoreState, j: int, k: int, x: int, b: int) -> None:
    """Seat ``j`` passes ``b`` instead of ``x`` in entry ``k``: the two cards exchange every
    later record."""
    pair = (x, b)

    def t(cards: list[int]) -> list[int]:
        if x not in cards and b not in cards:
            return cards
        return sorted([b if c == x else x if c == b else c for c in cards])

    n = s.players
    s.passed[j][k] = t(s.passed[j][k])
    to = (j + s.direction) % n
    s.received[to][k] = t(s.received[to][k])
    for p in range(n):
        for i in range(k + 1, len(s.passed[p])):
            s.passed[p][i] = t(s.passed[p][i])
            s.received[p][i] = t(s.received[p][i])
        s.hands[p] = t(s.hands[p])
        s.final_hands[p] = t(s.final_hands[p])
    if s.stage == Stage.PASS:
        for o, text in list(s.choices.items()):
            a = A.parse_action(text)
            if isinstance(a, A.Pass) and any(c in pair for c in a.cards):
                s.choices[o] = str(A.Pass(tuple(t(list(a.cards)))))


def _raven_bound(s: NevermoreState, p: int) -> int:
    """The most ravens seat ``p`` may hold now, given its public commits this round."""
    start = _last(s.events, E.NmFinalHands)
    if start < 0:
        return len(s.hands[p])
    removals: list[tuple[str, int, int, int]] = []  # (suit, suit cards, ravens used, discarded)
    for e in s.events[start:]:
        if isinstance(e, E.NmRevealed):
            removals.append((e.suit, len(e.cards[p]), len(e.ravens[p]), 0))
        elif isinstance(e, E.NmSuitDiscarded):
            removals.append(("", 0, 0, len(e.cards[p])))
        elif isinstance(e, E.NmConspiracy) and e.seat == p:
            return 0
    h = len(s.hands[p])
    best = -1
    for r_now in range(h + 1):
        ok = True
        ravens, non_ravens = r_now, h - r_now
        # walk back through the removals, checking each commit as it was made
        for suit, k, used, dropped in reversed(removals):
            if not suit:
                non_ravens += dropped
                continue
            r = ravens + used
            hi = min(k, r)
            lo = min(hi, max(0, r - non_ravens))
            if not lo <= used <= hi:
                ok = False
                break
            ravens = r
            non_ravens += k
        if ok and ravens <= 4:
            best = r_now
    return max(best, 0)


def _relabel(s: NevermoreState, seat: int, observed: set[int],
             hidden_hand: dict[int, list[int]], deck_cards: list[int],
             rng: Rng) -> dict[int, int]:
    """Step 2: a random one-to-one map of the never-seen cards (hands first, then the deck)."""
    labels = sorted([c for cs in hidden_hand.values() for c in cs] + deck_cards)
    reveal = bool(s.final_hands[seat])
    start = max(_last(s.events, E.NmRoundStarted), 0)
    gone = set(s.revealed) | {e.suit for e in s.events[start:]
                              if isinstance(e, E.NmSuitDiscarded)}
    allowed = {Suit.RAVEN} | {x for x in TOKEN_SUITS if x.value not in gone}
    final = _last(s.events, E.NmFinalHands)
    if final < 0:
        final = len(s.events)
    forced_later = reveal and any(isinstance(e, E.NmHandsPassed) for e in s.events[final:])
    if not forced_later:
        bounds = {o: (_raven_bound(s, o) if reveal else len(s.hands[o])) for o in hidden_hand}
        for _ in range(TRIES):
            pool = rng.shuffled(labels)
            mapping: dict[int, int] = {}
            ok = True
            for o in sorted(hidden_hand):
                ravens = count_suit([c for c in s.hands[o] if c in observed], Suit.RAVEN)
                for c in hidden_hand[o]:
                    for i, cand in enumerate(pool):
                        su = suit_of(cand)
                        if su in allowed and (su != Suit.RAVEN or ravens < bounds[o]):
                            ravens += su == Suit.RAVEN
                            mapping[c] = cand
                            del pool[i]
                            break
                    else:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                mapping.update(zip(sorted(deck_cards), pool, strict=True))
                return mapping
    # fallback: keep every card's suit
    mapping = {}
    for su in Suit:
        same = [c for c in labels if suit_of(c) == su]
        mapping.update(zip(same, rng.shuffled(same), strict=True))
    return mapping
