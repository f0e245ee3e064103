"""Play Any Time cards («Разыграть в любое время») between two draft passes (decision 29): a
magic window after pass 1 and after pass 2, for Play Any Time cards only."""

from __future__ import annotations

import json

import pytest

from koloda.engine import IllegalAction, load_game
from koloda.engine.rng import Rng
from koloda.games.nevermore.state import NevermoreState

from .helpers import act, kinds, setup

HANDS = ["AAAHV", "HSSVV", "HSRVV"]


def pass_all(s: NevermoreState, size: int) -> None:
    """Every seat passes its first ``size`` cards."""
    for p in s.to_act:
        act(s, f"{p}: pass " + " ".join(str(c) for c in s.hands[p][:size]))


def test_play_any_time_between_passes() -> None:
    """«Такие карты могут быть сыграны в любое время сразу после того, как получены» — also
    between pass 1 and pass 2: the card takes effect there, before the second pass."""
    s = setup(3, magic_set="koloda", start="draft", hands=HANDS,
              magic=[["black_feather"], ["healing_draught"], []])
    feather = s.magic[0][0]
    assert s.window == "draft" and s.to_act == (0, 1)
    act(s, "0: done", "1: done")
    assert s.stage.value == "pass" and s.pass_no == 1
    pass_all(s, 3)
    # every seat holding magic is asked, as in every window; only anytime cards can be played
    assert s.stage.value == "magic" and s.window == "pass1" and s.to_act == (0, 1)
    assert [str(a) for a in s.legal_actions(1)] == ["done"]
    assert s.observe(2)["window"] == "pass1" and s.observe(2)["to_act"] == [0, 1]
    act(s, f"0: play {feather} 2", "1: done")
    assert s.health == [5, 5, 4]
    ks = kinds(s)
    assert ks.index("NmMagicPlayed") > max(i for i, k in enumerate(ks) if k == "NmPassDone")
    # seat 0 played its only card: the window does not reopen, pass 2 follows
    assert s.stage.value == "pass" and s.pass_no == 2 and s.to_act == (0, 1, 2)
    pass_all(s, 2)
    assert s.stage.value == "magic" and s.window == "pass2" and s.to_act == (1,)
    act(s, "1: done")
    assert s.stage.value == "pass" and s.pass_no == 3
    pass_all(s, 1)
    assert s.stage.value == "magic" and s.window == "gap0"  # after the third pass: none


def test_window_between_passes_in_tie_order_and_reopened() -> None:
    """Several players play in tie order; the window reopens for those who played, until
    each says done (as in every window)."""
    s = setup(3, magic_set="koloda", start="draft", dealer=0, hands=HANDS,
              magic=[["black_feather", "ward"], [], ["black_feather"]])
    bf0, ward = sorted(s.magic[0], reverse=True)
    bf2 = s.magic[2][0]
    act(s, "0: done", "2: done")
    pass_all(s, 3)
    assert s.window == "pass1"
    act(s, f"0: play {bf0} 1")
    assert s.health == [5, 5, 5]  # hidden until every seat asked has decided
    act(s, f"2: play {bf2} 1")
    played = [e.seat for e in s.events if e.kind_name() == "NmMagicPlayed"]  # type: ignore[attr-defined]
    assert played == [2, 0] and s.health[1] == 3
    assert s.stage.value == "magic" and s.window == "pass1" and s.to_act == (0,)
    act(s, f"0: play {ward}")  # its last card: the window closes
    assert s.shield[0] == 2 and s.stage.value == "pass" and s.pass_no == 2


def test_no_window_between_passes_without_magic_held() -> None:
    """Nobody holds magic: no window opens and the draft goes on."""
    s = setup(3, magic_set="koloda", start="draft", hands=HANDS, magic=[[], [], []])
    assert s.stage.value == "pass" and s.pass_no == 1
    pass_all(s, 3)
    assert s.stage.value == "pass" and s.pass_no == 2
    pass_all(s, 2)
    assert s.stage.value == "pass" and s.pass_no == 3


CUSTOM = json.dumps({"name": "no-anytime", "cards": [
    {"key": "bolt", "deck": "shadow", "copies": 6, "name_en": "Bolt", "name_ru": "Молния",
     "timing": "after:attack", "effect": [{"verb": "damage", "amount": 1}]},
    {"key": "rite", "deck": "light", "copies": 3, "name_en": "Rite", "name_ru": "Обряд",
     "timing": "draft", "effect": [{"verb": "heal", "amount": 1}]}]})


def test_no_window_between_passes_without_anytime_cards_in_the_set() -> None:
    """A magic set with no Play Any Time card: no window between passes (the set is public, so
    skipping the window reveals nothing), though every player holds magic."""
    g = load_game("nevermore", players=3, magic="custom", magic_set_json=CUSTOM)
    s = g.from_setup({"start": "draft", "hands": HANDS, "magic": [["bolt"], ["bolt"], ["rite"]]},
                     seed=1)
    assert isinstance(s, NevermoreState)
    assert s.window == "draft"
    act(s, "0: done", "1: done", "2: done")
    pass_all(s, 3)
    assert s.stage.value == "pass" and s.pass_no == 2


def test_variant_no_play_any_time_in_the_draft() -> None:
    """Option ``anytime_in_draft=false`` (decision 29): the old reading, no window between
    passes."""
    g = load_game("nevermore", players=3, magic="koloda", anytime_in_draft=False)
    s = g.from_setup({"start": "draft", "hands": HANDS,
                      "magic": [["black_feather"], [], []]}, seed=1)
    assert isinstance(s, NevermoreState)
    act(s, "0: done")
    pass_all(s, 3)
    assert s.stage.value == "pass" and s.pass_no == 2


def test_pass_choices_stay_hidden_across_the_window() -> None:
    """The window shows nobody another player's pass; pass 2's choices stay hidden until all
    are made; a resampled state looks the same to the seat."""
    s = setup(3, magic_set="koloda", start="draft", hands=HANDS,
              magic=[["black_feather"], ["ward"], ["solace"]])
    act(s, "0: done", "1: done", "2: done")
    pass_all(s, 3)
    assert s.window == "pass1"
    for seat in range(3):
        v = s.observe(seat)
        assert len(v["you"]["passed"]) == 1 and len(v["you"]["received"]) == 1
        other = [e for e in s.log(seat) if e.kind_name() == "NmPassed"]
        assert {(e.seat, e.receiver) for e in other} <= {  # type: ignore[attr-defined]
            (seat, (seat + 1) % 3), ((seat - 1) % 3, seat)}
        r = s.resample(seat, Rng.from_seed(7 + seat))
        assert r.observe(seat) == v
        assert [e.to_json() for e in r.log(seat)] == [e.to_json() for e in s.log(seat)]
    act(s, "0: done")
    assert s.observe(1)["you"]["choice"] is None and s.observe(1)["decided"] == [0]
    act(s, "1: done", "2: done")
    assert s.stage.value == "pass" and s.pass_no == 2
    p0 = s.hands[0][:2]
    act(s, f"0: pass {p0[0]} {p0[1]}")
    assert all(s.observe(o)["you"]["choice"] is None for o in (1, 2))
    assert s.observe(1)["decided"] == [0]
    assert s.hands[0][:2] == p0  # nothing moves until every seat has passed


def test_forced_pass_and_suit_discard_not_between_passes() -> None:
    """Between passes the hands stay whole: an anytime card that passes every hand or discards
    a suit cannot be played there (it can in the other windows)."""
    text = json.dumps({"name": "odd", "cards": [
        {"key": "gust", "deck": "shadow", "copies": 4, "name_en": "Gust", "name_ru": "Порыв",
         "timing": "anytime", "effect": [{"verb": "pass_hands"}]}]})
    g = load_game("nevermore", players=3, magic="custom", magic_set_json=text)
    s = g.from_setup({"start": "draft", "hands": HANDS, "magic": [["gust"], [], []]}, seed=1)
    assert isinstance(s, NevermoreState)
    gust = s.magic[0][0]
    assert f"play {gust}" in [str(a) for a in s.legal_actions(0)]  # the draft window
    act(s, "0: done")
    pass_all(s, 3)
    assert s.window == "pass1" and [str(a) for a in s.legal_actions(0)] == ["done"]
    with pytest.raises(IllegalAction, match="timing"):
        act(s, f"0: play {gust}")


def test_random_games_with_windows_between_passes() -> None:
    """Whole random games pass through the new windows and end."""
    g = load_game("nevermore", players=4, magic="koloda")
    seen = set()
    for seed in range(4):
        s = g.new(seed=seed)
        assert isinstance(s, NevermoreState)
        rng = Rng.from_seed(seed)
        steps = 0
        while not s.is_terminal and steps < 5000:
            if s.stage.value == "magic":
                seen.add(s.window)
            for p in s.to_act:
                s.apply(p, s.random_action(p, rng))
            steps += 1
        assert s.is_terminal
    assert {"pass1", "pass2"} <= seen
