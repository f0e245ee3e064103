"""The fast paths of random playouts give what the plain definitions give.

- ``random_action`` in a magic window, a reply, a blow or a peck makes the very draw the
  kernel makes from ``legal_actions`` (same action, same use of the generator), without the list;
- ``to_act``, remembered between calls, always equals its definition, through clones, resamples,
  JSON round trips and edits of the choices;
- the per-card facts of a magic set agree with the cards' effects.
"""

from __future__ import annotations

from collections import Counter

import pytest

from koloda.engine import GameState, Rng, load_game
from koloda.games.nevermore import actions as A
from koloda.games.nevermore.magic import (
    Damage,
    DiscardSuit,
    PassHands,
    Target,
    koloda_set,
    needs_target,
)
from koloda.games.nevermore.state import NevermoreState, Stage

from .helpers import setup

LISTED = (Stage.MAGIC, Stage.REACT, Stage.ATTACK, Stage.PECK)


def _to_act(s: NevermoreState) -> tuple[int, ...]:
    """``to_act`` by its definition."""
    if s.is_terminal:
        return ()
    return tuple(sorted(p for p in s.waiting if p not in s.choices))


def _walk(players: int, games: int, **options: object) -> list[NevermoreState]:
    """Every decision state of a few random games (the checked path)."""
    game = load_game("nevermore", players=players, **options)
    rng = Rng.from_seed(5)
    out = []
    for seed in range(games):
        s = game.new(seed=seed)
        assert isinstance(s, NevermoreState)
        while not s.is_terminal:
            assert s.to_act == _to_act(s)
            out.append(s.clone())
            seat = s.to_act[0]
            s.apply(seat, s.random_action(seat, rng))
        assert s.to_act == ()
    return out


@pytest.mark.parametrize(("players", "options"), [
    (3, {}), (5, {"anytime_reply": "any_blow"}), (6, {"anytime_in_draft": False})])
def test_listed_stages_draw_as_the_kernel_does(players: int, options: dict[str, object]) -> None:
    seen: Counter[Stage] = Counter()
    for i, s in enumerate(_walk(players, 3, **options)):
        if s.stage not in LISTED:
            continue
        for seat in s.to_act:
            mine, kernels = Rng.from_seed(i), Rng.from_seed(i)
            for _ in range(3):
                a = s.random_action(seat, mine)
                assert a == GameState.random_action(s, seat, kernels)
                assert mine.state == kernels.state
                assert a in s.legal_actions(seat)
            seen[s.stage] += 1
    assert seen[Stage.MAGIC] and seen[Stage.ATTACK]


def test_a_window_with_several_plays_draws_each_about_equally() -> None:
    """Seat 0 holds an anytime card with a chosen target (humans only: seat 2 is a raven), a
    card of this window, one of a later window and a suit-like card."""
    s = setup(players=4, magic_set="koloda", hands=["AAHHV", "AHSSV", "HSVVR", "ARRSV"],
              form=["human", "human", "raven", "human"],
              magic=[["black_feather", "sanctuary", "shadow_thief", "glint_of_a_blade"],
                     [], [], []])
    assert s.stage == Stage.MAGIC and s.window == "gap0" and s.to_act == (0,)
    legal = s.legal_actions(0)
    assert len(legal) == 4  # done, black feather on seat 1 or 3, sanctuary
    rng = Rng.from_seed(3)
    draws = Counter(s.random_action(0, rng) for _ in range(2000))
    assert set(draws) == set(legal)
    for action in legal:  # 500 expected, sd ≈ 19
        assert abs(draws[action] - 500) < 100, (action, draws[action])


def test_to_act_follows_clones_resamples_and_edits() -> None:
    game = load_game("nevermore", players=4)
    s = game.new(seed=3)
    assert isinstance(s, NevermoreState)
    rng = Rng.from_seed(1)
    steps = 0
    while not s.is_terminal and steps < 300:
        before = s.to_act
        c = s.clone()
        r = s.resample(before[0], Rng.from_seed(steps))
        j = type(s).from_json(s.to_json())
        seat = before[0]
        c.apply(seat, c.random_action(seat, rng))
        assert s.to_act == before == _to_act(s)  # the clone's move changed nothing here
        assert c.to_act == _to_act(c)
        assert r.to_act == _to_act(r) == before
        assert j.to_act == before
        if s.choices:  # a decided seat taken back is waited for again
            free = s.clone()
            assert free.to_act == before
            del free.choices[next(iter(free.choices))]
            assert free.to_act == _to_act(free) != before
        s.apply(seat, s.random_action(seat, rng))
        steps += 1


def test_card_facts_agree_with_the_effects() -> None:
    ms = koloda_set()
    for cid in ms.light_ids + ms.shadow_ids:
        kind = ms.card(cid)
        f = ms.facts[cid]
        assert f.timing == kind.timing and f.suit == kind.suit
        for text, effect in ((f.human, kind.effect), (f.raven, kind.raven_effect or kind.effect)):
            assert text.needs_target == needs_target(effect)
            assert text.humans_only == any(isinstance(v, Damage) and v.target == Target.CHOSEN
                                           for v in effect)
            assert text.not_between_passes == any(isinstance(v, PassHands | DiscardSuit)
                                                  for v in effect)


def test_fast_built_actions_are_the_same_values() -> None:
    for fast, plain in ((A.new_pass((3, 7, 12)), A.Pass((3, 7, 12))),
                        (A.new_commit(1, (104,)), A.Commit(1, (104,))),
                        (A.new_commit(0, ()), A.Commit(0))):
        assert fast == plain and hash(fast) == hash(plain)
        assert str(fast) == str(plain) and repr(fast) == repr(plain)
        assert A.parse_action(str(fast)) == fast
