"""The state protocol: actions' text, legal actions, refusals, views, resampling, copies,
serialization and replay; and the heuristic bot against the random one."""

from __future__ import annotations

import json

import pytest

from koloda.bots import decision_for, make_bot
from koloda.engine import ActionSyntaxError, IllegalAction, Rng, load_game, record_of, replay
from koloda.games.nevermore.actions import Attack, Commit, Done, Pass, Peck, Play, parse_action
from koloda.games.nevermore.cards import Suit, suit_of

from .helpers import act, first_legal, new, setup


@pytest.mark.parametrize("action", [Pass((1, 5, 9)), Commit(0), Commit(2, (104, 110)),
                                    Play(205), Play(205, 2), Attack(1), Attack(-1), Peck(),
                                    Done()])
def test_action_text_round_trips(action: object) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "pass", "pass x", "commit", "play", "play 1 2 3",
                                  "attack", "attack me", "peck 2", "fly 3", "pass 99999"])
def test_unparsable_texts(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_pass_actions_canonical_and_checked_without_listing() -> None:
    s = new(4)
    legal = s.legal_actions(0)
    assert len(legal) == 10 and legal == sorted(legal)  # type: ignore[type-var]
    before = json.dumps(s.to_json(), sort_keys=True)
    other = s.hands[1][0]
    for text, msg in [(f"pass {other} {s.hands[0][0]} {s.hands[0][1]}", "not in your hand"),
                      (f"pass {s.hands[0][0]}", "exactly 3"), ("commit 0", "draft pass"),
                      ("done", "draft pass")]:
        with pytest.raises(IllegalAction, match=msg):
            act(s, f"0: {text}")
    with pytest.raises(IllegalAction, match="a card is named twice"):
        s.apply(0, Pass((s.hands[0][0],) * 3))
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_decided_seat_cannot_decide_again() -> None:
    s = new(3)
    first = s.legal_actions(0)[0]
    s.apply(0, first)
    assert 0 not in s.to_act and s.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="not this seat's turn"):
        s.apply(0, first)


def test_views_hide_other_hands_and_choices() -> None:
    s = new(4, magic="koloda", seed=5)
    v = s.observe(1)
    text = json.dumps(v)
    assert "you" in v and all(str(m) not in text for m in s.magic[0] if m not in s.magic[1])
    assert [c["id"] for c in v["you"]["hand"]] == s.hands[1]
    spectator = s.observe(None)
    assert "you" not in spectator and spectator["players_info"][0]["hand"] == 5


def test_resample_keeps_the_view_and_redeals_the_rest() -> None:
    s = setup(4, magic_set="koloda", seed=3, hands=["AAHSR", "HHSVV", "SSVVR", "AHVRR"])
    first_legal(s)  # Attack is committed and revealed
    while s.stage.value != "commit":
        first_legal(s)
    changed = 0
    for k in range(20):
        r = s.resample(0, Rng.from_seed(k))
        assert r.observe(0) == s.observe(0) and r.observe(None) == s.observe(None)
        assert [e.to_json() for e in r.log(0)] == [e.to_json() for e in s.log(0)]
        assert sorted(r.all_cards() or []) == sorted(s.all_cards() or [])
        for o in (1, 2, 3):
            assert all(suit_of(c) != Suit.ATTACK for c in r.hands[o])
        changed += r.hands[1:] != s.hands[1:]
    assert changed > 10


def test_clone_is_independent_and_equal() -> None:
    s = new(4, magic="koloda", seed=8)
    c = s.clone()
    assert c.to_json() == s.to_json()
    first_legal(c)
    c.hands[0].append(99)
    assert c.to_json() != s.to_json() and 99 not in s.hands[0]


def test_serialization_and_replay() -> None:
    game = load_game("nevermore", players=5)
    s = game.new(seed=4)
    rng = Rng.from_seed(1)
    for _ in range(300):
        if s.is_terminal:
            break
        seat = s.to_act[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randbelow(len(legal))])
    data = json.loads(json.dumps(s.to_json()))
    assert game.state_from_json(data).to_json() == s.to_json()
    assert replay(record_of(game, s)).to_json() == s.to_json()


def _play(game_players: int, seed: int, heuristic_seat: int) -> int:
    game = load_game("nevermore", players=game_players)
    s = game.new(seed=seed)
    bots = [make_bot("bot:heuristic" if p == heuristic_seat else "bot:random", game,
                     seed=seed * 7 + p) for p in range(game_players)]
    while not s.is_terminal:
        seat = s.to_act[0]
        s.apply(seat, bots[seat].act(decision_for(s, seat)))
    return s.winner


def test_heuristic_beats_random() -> None:
    games = 40
    wins = sum(_play(4, seed, seed % 4) == seed % 4 for seed in range(games))
    assert wins / games > 0.7  # a random seat wins about 1 game in 4; measured: 97%


def test_every_event_described_in_both_languages() -> None:
    from koloda.engine import get_spec

    spec = get_spec("nevermore")
    game = load_game("nevermore", players=4)
    seen: set[str] = set()
    for seed in range(6):
        s = game.new(seed=seed)
        rng = Rng.from_seed(seed)
        while not s.is_terminal:
            seat = s.to_act[0]
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randbelow(len(legal))])
        for e in s.events:
            for lang in ("en", "ru"):
                text = spec.describe(e, lang)
                assert text and text != e.kind_name()
            seen.add(e.kind_name())
    assert {"NmRevealed", "NmPassed", "NmDamaged", "NmWon", "NmMagicPlayed"} <= seen


@pytest.mark.parametrize("players", [3, 6])
def test_variant_main_deck_when_empty_conserves_and_hides(players: int) -> None:
    game = load_game("nevermore", players=players, main_deck="when_empty")
    s = game.new(seed=players)
    rng = Rng.from_seed(9)
    cards = sorted(s.all_cards() or [])
    step = 0
    while not s.is_terminal and step < 600:
        if step % 25 == 0:
            seat = step % players
            r = s.resample(seat, rng.spawn())
            assert r.observe(seat) == s.observe(seat) and r.observe(None) == s.observe(None)
        seat = s.to_act[rng.randbelow(len(s.to_act))]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randbelow(len(legal))])
        assert sorted(s.all_cards() or []) == cards
        step += 1
    assert replay(record_of(game, s)).to_json() == s.to_json()
