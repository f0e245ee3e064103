"""Resampling respects everything the seat knows: what it passed to whom, what it received, the
draft's flow (every card passed one seat on per pass, in the round's direction), the public
reveals (every commit of the sample was legal in the sampled hands) and the Conspiracy check.

The shared conformance tests compare views and logs; these tests check that the sampled world is
one the real game could have produced."""

from __future__ import annotations

from collections import Counter

import pytest

from koloda.engine import Rng, load_game
from koloda.games.nevermore import events as E
from koloda.games.nevermore.cards import Suit, count_suit, suit_of
from koloda.games.nevermore.state import NevermoreState

from .helpers import setup


def draft_entries(s: NevermoreState) -> int:
    """How many entries of ``passed`` belong to the draft (the rest are forced passes later)."""
    if not s.final_hands[0] and s.pass_no:
        return len(s.passed[0])
    return min(3, len(s.passed[0]))


def assert_flow(s: NevermoreState) -> None:
    """The draft of every seat is a possible one (no magic: passes only)."""
    n = s.players
    k_max = draft_entries(s)
    for k in range(k_max):
        for p in range(n):
            assert sorted(s.received[(p + s.direction) % n][k]) == sorted(s.passed[p][k]), (k, p)
    dealt_all: list[int] = []
    for p in range(n):
        after = s.final_hands[p] if s.final_hands[p] else s.hands[p]
        count = Counter(after)
        for k in range(k_max):
            count.update(s.passed[p][k])
            count.subtract(s.received[p][k])
        assert all(v in (0, 1) for v in count.values()), (p, count)
        dealt = sorted(c for c, v in count.items() if v)
        assert len(dealt) == 5, (p, dealt)
        hand = set(dealt)
        for k in range(k_max):
            assert set(s.passed[p][k]) <= hand, (p, k, s.passed[p][k], hand)
            hand = (hand - set(s.passed[p][k])) | set(s.received[p][k])
        assert hand == set(after)
        dealt_all += dealt
    assert len(set(dealt_all)) == 5 * n
    assert not set(dealt_all) & set(s.deck)


def assert_reveals_legal(s: NevermoreState) -> None:
    """Every public commit of this round was legal in the sample's hands; no hand holds a card
    of a revealed suit; nobody who did not call a Conspiracy held five ravens."""
    if not s.final_hands[0]:
        return
    start = max(i for i, e in enumerate(s.events) if isinstance(e, E.NmFinalHands))
    reveals = [e for e in s.events[start:] if isinstance(e, E.NmRevealed)]
    holders = {e.seat for e in s.events[start:] if isinstance(e, E.NmConspiracy)}
    for p in range(s.players):
        assert not any(suit_of(c).value in s.revealed for c in s.hands[p])
        if p not in holders:
            assert count_suit(s.final_hands[p], Suit.RAVEN) <= 4, p
        hand = list(s.final_hands[p])
        unrevealed = [t.value for t in (Suit.ATTACK, Suit.HEALING, Suit.RADIANCE,
                                        Suit.VICTORY)]
        for e in reveals:
            unrevealed.remove(e.suit)
            k = len(e.cards[p])
            r = count_suit(hand, Suit.RAVEN)
            others = sum(1 for c in hand if suit_of(c).value in unrevealed)
            hi = min(k, r)
            lo = min(hi, max(0, r - others))
            assert set(e.cards[p]) | set(e.ravens[p]) <= set(hand)
            assert sorted(e.cards[p]) == sorted(c for c in hand if suit_of(c).value == e.suit)
            assert lo <= len(e.ravens[p]) <= hi, (p, e.suit, hand, e.ravens[p])
            hand = [c for c in hand if c not in e.cards[p] and c not in e.ravens[p]]
        assert sorted(hand) == sorted(s.hands[p]) or s.step == 4


def assert_consistent(r: NevermoreState, s: NevermoreState, seat: int) -> None:
    assert r.observe(seat) == s.observe(seat)
    assert [e.to_json() for e in r.log(seat)] == [e.to_json() for e in s.log(seat)]
    assert sorted(r.all_cards() or []) == sorted(s.all_cards() or [])
    assert_flow(r)
    assert_reveals_legal(r)
    for o, text in r.choices.items():
        free = r.clone()
        del free.choices[o]
        assert free.check(o, r.parse_action(text)) is None, (o, text)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_samples_are_possible_worlds(players: int) -> None:
    game = load_game("nevermore", players=players, magic="none")
    rng = Rng.from_seed(players)
    checked = 0
    for seed in range(3):
        s = game.new(seed=seed)
        assert isinstance(s, NevermoreState)
        for _ in range(120):
            if s.is_terminal:
                break
            if s.stage.value in ("pass", "commit", "attack", "peck"):
                seat = rng.randbelow(players)
                assert_consistent(s.resample(seat, rng.spawn()), s, seat)
                checked += 1
            seat = s.to_act[rng.randbelow(len(s.to_act))]
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randbelow(len(legal))])
    assert checked > 40


def test_cards_passed_earlier_move_only_downstream() -> None:
    """Four players, passing left: what seat 0 passed in the second pass can be with seat 1 or
    seat 2 after the third pass, never with seat 3; and where it is varies between samples."""
    s = load_game("nevermore", players=4, magic="none").new(seed=11)
    assert isinstance(s, NevermoreState)
    rng = Rng.from_seed(2)
    for _ in range(3):
        for seat in s.to_act:
            s.apply(seat, s.legal_actions(seat)[rng.randbelow(len(s.legal_actions(seat)))])
    assert s.final_hands[0]
    first, second = s.passed[0][0], s.passed[0][1]
    seen: set[tuple[int, int]] = set()
    for k in range(40):
        r = s.resample(0, Rng.from_seed(k))
        assert_consistent(r, s, 0)
        for c in second:
            where = next(p for p in range(4) if c in r.hands[p])
            assert where in ((1, 2) if s.direction > 0 else (3, 2))
            seen.add((c, where))
        for c in first:
            if c not in s.hands[0]:
                assert any(c in r.hands[p] for p in (1, 2, 3))
    assert len({w for _, w in seen}) == 2


def test_raven_counts_fit_the_commits_already_revealed() -> None:
    """Seat 1 played its attack card without cancelling it: it cannot hold more ravens than
    cards of the suits still to come, so no sample gives it three ravens and one victory."""
    s = setup(3, seed=3, hands=["AHHSV", "AVVHS", "RRSVV"])
    for seat in (0, 1, 2):
        s.apply_text(seat, "commit 0")
    assert s.revealed == ["attack"]
    for k in range(40):
        r = s.resample(0, Rng.from_seed(k))
        assert_consistent(r, s, 0)


def test_face_down_token_order_is_redrawn() -> None:
    """Later rounds: the tokens not yet turned are in an order nobody knows; a sample keeps the
    turned ones and redraws the rest."""
    s = setup(4, seed=5, round=2, hands=["AAHSV", "HHSVV", "SSVVR", "AHVRR"],
              tokens=["victory", "attack", "healing", "radiance"])
    assert s.stage.value == "commit" and s.flipped == 1
    assert s.observe(0)["tokens"] == ["victory", None, None, None]
    orders = set()
    for k in range(30):
        r = s.resample(0, Rng.from_seed(k))
        assert_consistent(r, s, 0)
        assert r.tokens[0] == "victory" and sorted(r.tokens) == sorted(s.tokens)
        orders.add(tuple(r.tokens))
    assert len(orders) == 6
