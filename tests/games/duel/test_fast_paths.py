"""The duel's fast paths give what the plain code gives."""

from __future__ import annotations

from dataclasses import fields

from koloda.engine import Rng, load_game
from koloda.games.duel import CATALOGUE, DuelState
from koloda.games.duel.setup import _new_state
from koloda.games.duel.state import Phase


def test_new_state_is_the_constructors_state() -> None:
    game = load_game("duel")
    rng = Rng.from_seed(4)
    keys = {"a01": "punch", "b01": "kick"}
    fast = _new_state(DuelState, game.options, seed=4, rng=rng, keys=keys,
                      decks=[["a01"], ["b01"]], discards=[[], []], events=[])
    plain = DuelState(players=2, seed=4, rng=rng, options=game.options, keys=keys,
                      decks=[["a01"], ["b01"]], discards=[[], []], events=[])
    assert set(fast.__dict__) == {f.name for f in fields(DuelState)}
    assert fast == plain
    assert fast.to_json() == plain.to_json()
    assert fast.phase is Phase.CHOOSE_HAND
    # nothing mutable is shared between two new states
    other = _new_state(DuelState, game.options, seed=4, rng=rng, keys=keys,
                       decks=[["a01"], ["b01"]], discards=[[], []], events=[])
    for name, value in fast.__dict__.items():
        if isinstance(value, list | dict) and name not in ("keys", "decks", "discards",
                                                           "events"):
            assert value is not other.__dict__[name], name


def _eligible_plain(state: DuelState, seat: int) -> list[str]:
    deck = state.decks[seat]
    infos = [CATALOGUE[state.keys[c]] for c in deck]
    kinds = {i.item for i in infos} | {CATALOGUE[state.keys[c]].item for c in state.shown[seat]}
    return [c for c, i in zip(deck, infos, strict=True)
            if i.item is None and (i.requires is None or i.requires in kinds)]


def test_eligible_matches_the_rule_on_many_decks() -> None:
    for options in ({}, {"items": 0}, {"items": 3, "deck_size": 15}, {"deck_size": 3}):
        game = load_game("duel", **options)
        for seed in range(150):
            state = game.new(seed=seed)
            assert isinstance(state, DuelState)
            for seat in (0, 1):
                assert state.eligible(seat) == _eligible_plain(state, seat)
