"""Resampling a dealt duel: the opponent's unseen cards come from the sample set less every copy
the seat can see, without replacement, consistently with the seat's view and log."""

from __future__ import annotations

from collections import Counter

import pytest

from koloda.engine import Rng, load_game
from koloda.games.duel import CATALOGUE, ChooseHand, DuelState
from koloda.games.duel.cards import BATTLE_KEYS, ITEM_KEYS, pool
from koloda.games.duel.resample import dealt_pool, known_to, sensible_redraw

from .helpers import act, duel

_SET = Counter(pool(BATTLE_KEYS + ITEM_KEYS))


def _dealt(seed: int, **options: object) -> DuelState:
    state = load_game("duel", **options).new(seed=seed)
    assert isinstance(state, DuelState)
    return state


def _check_sample(state: DuelState, seat: int, sample: DuelState) -> None:
    assert sample.observe(seat) == state.observe(seat)
    assert [e.to_json() for e in sample.log(seat)] == [e.to_json() for e in state.log(seat)]
    assert sorted(sample.all_cards() or []) == sorted(state.all_cards() or [])
    # one copy of the sample set: no copy given twice
    assert not Counter(sample.keys.values()) - _SET
    other = 1 - seat
    theirs = [sample.keys[c] for c in sample.keys if c[0] == "ab"[other]]
    n_items = sum(1 for k in theirs if CATALOGUE[k].is_item)
    assert (len(theirs) - n_items, n_items) == (state.options.deck_size, state.options.items)
    for c in known_to(state, seat) | {c for c in state.keys if c[0] == "ab"[seat]}:
        assert sample.keys[c] == state.keys[c]
    for c in sample.hands[other]:  # unplayed hand cards: battle cards it can play
        info = CATALOGUE[sample.keys[c]]
        assert not info.is_item and (info.requires is None or info.requires in
                                     sample.weapons(other))
    for s in sample.to_act:
        assert sample.legal_actions(s)


def test_a_hand_made_duel_has_no_known_pool() -> None:
    s = duel()
    assert dealt_pool(s, 0, known_to(s, 0)) is None
    twice = duel([["aimed_shot", "aimed_shot", "pistol"], ["punch"]])
    assert dealt_pool(twice, 0, known_to(twice, 0)) is None


def test_a_dealt_duel_has_the_set_less_what_the_seat_holds() -> None:
    s = _dealt(4)
    battle, items = dealt_pool(s, 1, known_to(s, 1)) or (Counter(), Counter())
    held = Counter(s.keys[c] for c in s.keys if c[0] == "b")
    assert battle + items + held == _SET


@pytest.mark.parametrize("options", [{}, {"mode": "attack"}, {"item_shown": "laid"},
                                     {"items": 0, "deck_size": 6}, {"items": 3}])
def test_samples_agree_with_the_view_all_through_random_duels(options: dict[str, object]) -> None:
    for seed in range(6):
        s = _dealt(seed, **options)
        rng = Rng.from_seed(seed)
        while not s.is_terminal:
            for seat in (0, 1):
                for _ in range(3):
                    _check_sample(s, seat, s.resample(seat, rng))
            seat = rng.choice(s.to_act)
            s.apply(seat, s.random_action(seat, rng))
        for seat in (0, 1):
            _check_sample(s, seat, s.resample(seat, rng))


def test_a_copy_the_seat_holds_never_reaches_the_opponent() -> None:
    singles = [k for k in BATTLE_KEYS if CATALOGUE[k].copies == 1]
    seed = next(n for n in range(200)
                if any(_dealt(n).keys[c] in singles for c in _dealt(n).decks[0]))
    s = _dealt(seed)
    mine = {s.keys[c] for c in s.decks[0]} & set(singles)
    rng = Rng.from_seed(1)
    seen: Counter[str] = Counter()
    for _ in range(60):
        t = s.resample(0, rng)
        seen.update(t.keys[c] for c in t.decks[1])
    assert not mine & set(seen)
    assert len(seen) > 15  # the unseen cards are redrawn, over many designs


def test_the_opponents_weapon_cards_get_their_items() -> None:
    s = _dealt(3)
    rng = Rng.from_seed(2)
    for _ in range(40):
        t = s.resample(0, rng)
        needs = {CATALOGUE[t.keys[c]].requires for c in t.decks[1]} - {None}
        assert needs <= t.weapons(1)  # two items cover the two kinds when both are needed


def test_the_played_and_the_taken_stay_in_a_sample() -> None:
    s = _dealt(7)
    hands = {seat: s.eligible(seat)[:3] for seat in (0, 1)}
    for seat in (0, 1):
        act(s, f"{seat}: hand {' '.join(hands[seat])}")
    play = next(a for a in s.legal_actions(1) if str(a).startswith("play"))
    s.apply(1, play)
    s.apply(0, next(a for a in s.legal_actions(0) if str(a).startswith("play")))
    rng = Rng.from_seed(3)
    for _ in range(30):
        t = s.resample(0, rng)
        _check_sample(s, 0, t)
        assert len(t.hands[1]) == 2 and t.played[1] == s.played[1]


def test_a_dealt_sample_is_reproducible() -> None:
    s = _dealt(9)
    a = s.resample(0, Rng.from_seed(5))
    b = s.resample(0, Rng.from_seed(5))
    assert a.to_json() == b.to_json()


def test_a_committed_hand_is_redrawn_uniformly_over_the_legal_hands() -> None:
    s = _dealt(5)
    act(s, f"1: hand {' '.join(s.eligible(1)[:2])}")
    rng = Rng.from_seed(4)
    sizes: Counter[int] = Counter()
    for _ in range(200):
        t = s.resample(0, rng)
        _check_sample(s, 0, t)
        assert t.check(1, ChooseHand(t.hand_commits[1])) is None
        sizes[len(t.hand_commits[1])] += 1
    # ten cards: 252 hands of 5, 210 of 4, 120 of 3, … 1 of none (638 in all)
    assert sizes[5] > sizes[4] > sizes[3] > sizes[2] and sizes[0] < 5


def test_the_sensible_redraw_keeps_the_view_and_takes_the_strongest() -> None:
    s = _dealt(11)
    for seat in (0, 1):
        act(s, f"{seat}: hand {' '.join(s.eligible(seat)[:3])}")
    rng = Rng.from_seed(6)
    for _ in range(30):
        t = s.resample(0, rng)
        sensible_redraw(t, 0, rng)
        _check_sample(s, 0, t)
        hand = [CATALOGUE[t.keys[c]] for c in t.hands[1]]
        rest = [CATALOGUE[t.keys[c]] for c in t.eligible(1)]
        # the strongest card of each type the opponent could have taken is in its hand
        for ctype in {i.type for i in rest}:
            best = max(i.strength for i in rest + hand if i.type == ctype)
            assert any(i.type == ctype and i.strength == best for i in hand)


def test_the_sensible_redraw_of_a_face_down_hand_and_card() -> None:
    s = _dealt(12)
    act(s, f"1: hand {s.eligible(1)[0]}")
    rng = Rng.from_seed(7)
    for _ in range(10):
        t = s.resample(0, rng)
        sensible_redraw(t, 0, rng)
        _check_sample(s, 0, t)
        assert len(t.hand_commits[1]) == 5 and t.check(1, ChooseHand(t.hand_commits[1])) is None
    act(s, f"0: hand {' '.join(s.eligible(0)[:2])}")
    s.apply(1, next(a for a in s.legal_actions(1) if str(a).startswith("play")))
    for _ in range(10):
        t = s.resample(0, rng)
        sensible_redraw(t, 0, rng)
        _check_sample(s, 0, t)
        assert t.commits[1] in t._plays(1)


def test_the_fallback_draw_still_agrees_with_the_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """When no plain draw fits, the hand's cards are taken among the playable ones."""
    import koloda.games.duel.resample as module

    monkeypatch.setattr(module, "DEALT_TRIES", 0)
    for seed in range(4):
        s = _dealt(seed, items=1)
        rng = Rng.from_seed(seed)
        while not s.is_terminal:
            for seat in (0, 1):
                _check_sample(s, seat, s.resample(seat, rng))
            seat = rng.choice(s.to_act)
            s.apply(seat, s.random_action(seat, rng))
