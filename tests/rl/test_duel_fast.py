"""The duel's tensors and choice tables built from the state's fields are exactly those built
from ``observe(seat)``: on every option set, in random play to the end, for both seats, and
with a card set of the event's own (keys the encoding does not know)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np

from koloda.engine import Rng, load_game
from koloda.games.duel import SAMPLE
from koloda.rl.codec import Choices, codec_for
from koloda.rl.duel import DuelCodec

OPTION_SETS: list[dict[str, Any]] = [
    {"mode": mode, "hand_min_one": hmin, "defender_min_one": dmin, "swap_required": swap,
     "item_shown": shown, **sizes}
    for (mode, hmin, dmin, swap, shown), sizes in itertools.product(
        [("agreement", False, False, False, "reveal"), ("attack", False, True, True, "laid"),
         ("agreement", True, False, True, "laid"), ("attack", True, False, False, "reveal")],
        [{}, {"deck_size": 15, "items": 3, "rounds_to_win": 3},
         {"deck_size": 5, "items": 0, "rounds_to_win": 1},
         {"deck_size": 6, "items": 3, "rounds_to_win": 5}])
]


def _same(codec: DuelCodec, state: Any) -> int:
    compared = 0
    for seat in (0, 1):
        slow = np.zeros(codec.obs_size, dtype=np.float32)
        codec.write(state.observe(seat), seat, (), slow)
        fast = np.zeros(codec.obs_size, dtype=np.float32)
        codec.write_state(state, seat, (), fast, state.observe)
        assert np.array_equal(slow, fast), (seat, np.flatnonzero(slow != fast))
        if seat in state.to_act:
            eager = Choices(codec.table(state.observe(seat), seat, state.legal_actions(seat)))
            lazy = codec.choices_state(state, seat, state.observe)
            assert lazy.table == eager.table
            assert bool(lazy) == bool(eager)
            assert lazy.next_tokens(()) == eager.next_tokens(())
            assert lazy.advance(()) == eager.advance(())
            for seq in list(eager.table)[:: max(1, len(eager.table) // 20)]:
                assert lazy.advance(seq) == eager.advance(seq) == seq
                assert lazy.action(seq) == eager.action(seq)
                assert lazy.next_tokens(seq) == eager.next_tokens(seq) == []
            assert lazy.action((codec.noop,)) is None
        compared += 1
    return compared


@pytest.mark.parametrize("options", OPTION_SETS,
                         ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_the_fast_tensor_and_table_are_those_of_the_view(options: dict[str, Any]) -> None:
    game = load_game("duel", **options)
    codecs = [codec_for(game), codec_for(game, allow_offers=False)]
    rng = Rng.from_seed(11)
    compared = 0
    for seed in range(4):
        state = game.new(seed=seed)
        codec = codecs[seed % 2]
        assert isinstance(codec, DuelCodec)
        while True:
            compared += _same(codec, state)
            if state.is_terminal:
                break
            seat = state.to_act[seed % len(state.to_act)]
            state.apply(seat, state.random_action(seat, rng))
    assert compared > 40


def test_the_fast_path_with_an_events_own_card_set() -> None:
    own = SAMPLE.to_json()
    for entry in own["battle"] + own["items"]:
        entry["key"] = "own_" + entry["key"]
    decks = [["own_punch", "own_slash", "own_dagger", "own_block", "own_garrotte"],
             ["own_kick", "own_trip", "own_pistol", "own_dodge", "own_rapier_thrust", "own_rapier"]]
    game = load_game("duel")
    codec = codec_for(game)
    assert isinstance(codec, DuelCodec)
    rng = Rng.from_seed(2)
    for seed in range(6):
        state = game.from_setup({"decks": decks, "catalogue": own}, seed=seed)
        while True:
            _same(codec, state)
            if state.is_terminal:
                break
            seat = state.to_act[0]
            state.apply(seat, state.random_action(seat, rng))


def test_a_pending_offer_to_end_is_in_both_sides_tensors() -> None:
    """Encoding version 2: the offering side's "offer pending" slot is set while the offer
    waits for its answer, in the view's tensor and the fast one alike."""
    game = load_game("duel")
    codec = codec_for(game)
    assert isinstance(codec, DuelCodec)
    state = game.new(seed=3)
    rng = Rng(5)
    for _ in range(200):
        offers = [(s, a) for s in state.to_act for a in state.legal_actions(s)
                  if str(a) == "offer-end"]
        if offers:
            break
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
    assert offers, "no offer to end was ever legal"
    by, offer = offers[0]
    before = np.zeros(codec.obs_size, dtype=np.float32)
    codec.write(state.observe(by), by, (), before)
    state.apply(by, offer)
    for seat in (0, 1):
        slow = np.zeros(codec.obs_size, dtype=np.float32)
        codec.write(state.observe(seat), seat, (), slow)
        fast = np.zeros(codec.obs_size, dtype=np.float32)
        codec.write_state(state, seat, (), fast, state.observe)
        assert np.array_equal(slow, fast)
        assert slow.sum() > 0
    for seat in (0, 1):  # the offer itself shows: without it in the view, the tensor differs
        view = state.observe(seat)
        assert view["offer"] == {"by": by}
        with_offer = np.zeros(codec.obs_size, dtype=np.float32)
        codec.write(view, seat, (), with_offer)
        without = np.zeros(codec.obs_size, dtype=np.float32)
        codec.write({**view, "offer": None}, seat, (), without)
        assert len(np.flatnonzero(with_offer != without)) == 1
