"""Resampling: a full state a seat cannot tell from the true one.

Every card the seat cannot know is relabelled by a random bijection applied to every hidden
place it occurs (hands, final drafted hands, passes between other players, hidden choices, the
deck), so the sample stays consistent:

- main cards the seat never saw are permuted among themselves, over the other players' hands
  and the deck; during the reveal phase a hand receives only cards of suits not yet revealed
  (and ravens), as the rules force every card of a revealed suit onto the table;
- cards the seat passed earlier in the draft are known to be in some other hand: they are
  permuted among themselves; the cards of its latest pass stay with the receiver;
- magic cards in other hands and in the draw piles are permuted within each deck;
- face-down resolution tokens are reshuffled; other seats' hidden choices are carried over
  (relabelled) when still legal, else replaced by their first legal choice.

Known simplification: the draft direction of earlier passes and the raven-cancellation history
do not constrain where permuted cards land.
"""

from __future__ import annotations

from typing import TypeVar

from koloda.engine.rng import Rng
from koloda.games.nevermore import actions as A
from koloda.games.nevermore.cards import Suit, suit_of
from koloda.games.nevermore.state import NevermoreState, Stage

S = TypeVar("S", bound=NevermoreState)


def resample(state: S, seat: int, rng: Rng) -> S:
    s = state.clone()
    s.rng = rng.spawn()
    n = s.players
    others = [o for o in range(n) if o != seat]
    public: set[int] = set(s.discard)
    for p in range(n):
        public.update(s.table[p])
    known: set[int] = set(s.hands[seat]) | set(s.final_hands[seat]) | public
    for x in s.passed[seat] + s.received[seat]:
        known.update(x)
    pinned: set[int] = set(s.passed[seat][-1]) if s.passed[seat] else set()
    passed_before = {c for x in s.passed[seat] for c in x} - pinned - public - set(s.hands[seat])
    allowed = {Suit.RAVEN} | {Suit(t) for t in s.tokens if t not in s.revealed}
    # positions of unknown cards in other hands (constrained) and in the deck (free)
    mapping: dict[int, int] = {}
    hand_cards = [c for o in others for c in s.hands[o] if c not in known]
    deck_cards = [c for c in s.deck if c not in known]
    pool = rng.shuffled(sorted(hand_cards + deck_cards))
    reveal_phase = bool(s.final_hands[seat])
    for c in sorted(hand_cards):
        for i, cand in enumerate(pool):
            if not reveal_phase or suit_of(cand) in allowed:
                mapping[c] = cand
                del pool[i]
                break
        else:  # pragma: no cover - the true deal is always one solution
            raise AssertionError("no card fits a hidden hand")
    for c, cand in zip(sorted(deck_cards), pool, strict=True):
        mapping[c] = cand
    before = sorted(passed_before)
    shuffled_before = rng.shuffled(before)
    mapping.update(zip(before, shuffled_before, strict=True))

    def m(c: int) -> int:
        return mapping.get(c, c)

    for o in others:
        s.hands[o] = sorted(m(c) for c in s.hands[o])
        s.final_hands[o] = sorted(m(c) for c in s.final_hands[o])
        s.passed[o] = [[m(c) for c in x] for x in s.passed[o]]
        s.received[o] = [[m(c) for c in x] for x in s.received[o]]
    s.deck = [m(c) for c in s.deck]
    rng.shuffle(s.deck)
    # magic: others' hands and the draw piles, within each deck
    mmap: dict[int, int] = {}
    for base, pile in ((100, s.light_deck), (200, s.shadow_deck)):
        hidden = sorted([c for o in others for c in s.magic[o] if base <= c < base + 100] + pile)
        mmap.update(zip(hidden, rng.shuffled(hidden), strict=True))
    for o in others:
        s.magic[o] = sorted(mmap.get(c, c) for c in s.magic[o])
    s.light_deck = rng.shuffled([mmap.get(c, c) for c in s.light_deck])
    s.shadow_deck = rng.shuffled([mmap.get(c, c) for c in s.shadow_deck])
    # face-down tokens
    if s.round > 1:
        hidden_tokens = s.tokens[s.flipped:]
        s.tokens = s.tokens[: s.flipped] + rng.shuffled(hidden_tokens)
    # other seats' hidden choices
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
