"""The duel's machinery: setup, actions' text, views, resampling, copies, records, events."""

from __future__ import annotations

import json
from math import comb

import pytest

from koloda.engine import (
    ActionSyntaxError,
    GameRecord,
    IllegalAction,
    InvalidData,
    InvalidOption,
    Rng,
    get_spec,
    load_game,
    record_of,
    replay,
)
from koloda.games.duel import CATALOGUE, ChooseHand, DuelState, Phase, Play
from koloda.games.duel.actions import parse_action
from koloda.games.duel.cards import parse_catalogue
from koloda.games.duel.resample import known_to

from .helpers import act, duel


def _random_play(state: DuelState, seed: int) -> DuelState:
    rng = Rng.from_seed(seed)
    while not state.is_terminal:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("text", ["hand", "hand a01 a04", "play a04", "play a04 show a11",
                                  "play a04 kill", "play a04 show a11 kill", "offer-end",
                                  "accept-end", "decline-end", "swap b03 a02", "no-swap"])
def test_action_text_round_trips(text: str) -> None:
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["", "pass", "play", "play a01 kill show a02", "swap a01",
                                  "hand a-1", "no-swap now", "play a01 show", "hand 'x'"])
def test_unreadable_actions(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_hand_order_does_not_matter() -> None:
    assert parse_action("hand a04 a01") == ChooseHand(("a01", "a04"))


def test_setup_errors_are_clear() -> None:
    game = load_game("duel")
    with pytest.raises(InvalidData, match="unknown card 'sword'"):
        game.from_setup({"decks": [["sword"], []]})
    with pytest.raises(InvalidData, match="two lists"):
        game.from_setup({"decks": [["punch"]]})
    with pytest.raises(InvalidData, match="unknown setup key"):
        game.from_setup({"decks": [[], []], "hands": [[], []]})
    with pytest.raises(InvalidOption, match="2-2 players"):
        game.from_setup({"decks": [[], []]}, players=3)


def test_catalogue_is_checked() -> None:
    assert len(CATALOGUE) == 26
    with pytest.raises(InvalidData, match="strength"):
        parse_catalogue({"battle": [{"key": "x", "type": "attack", "strength": "high",
                                     "name_ru": "x", "name_en": "x"}], "items": []})
    with pytest.raises(InvalidData, match="not a valid"):
        parse_catalogue({"battle": [{"key": "x", "type": "magic", "strength": 1,
                                     "name_ru": "x", "name_en": "x"}], "items": []})
    with pytest.raises(InvalidData, match="used twice"):
        parse_catalogue({"battle": [], "items": [
            {"key": "x", "weapon": "cold", "name_ru": "x", "name_en": "x"},
            {"key": "x", "weapon": "cold", "name_ru": "x", "name_en": "x"}]})
    with pytest.raises(InvalidData, match="unknown field"):
        parse_catalogue({"battle": [], "items": [
            {"key": "x", "weapon": "cold", "name_ru": "x", "name_en": "x", "power": 3}]})


def test_sample_set_has_what_the_issue_asks() -> None:
    battle = [c for c in CATALOGUE.values() if not c.is_item]
    assert {c.type for c in battle} == {"attack", "trick", "defence"}
    for t in ("attack", "trick", "defence"):
        assert len({c.strength for c in battle if c.type == t}) >= 3
        assert any(c.requires for c in battle if c.type == t)
        assert any(c.deadly for c in battle if c.type == t)
    assert {c.item for c in CATALOGUE.values() if c.is_item} == {"cold", "firearm"}
    assert all(c.name_ru and c.name_en for c in CATALOGUE.values())


def test_hand_legal_actions_are_every_subset_and_check_needs_no_list() -> None:
    s = load_game("duel", deck_size=15, items=3).new(seed=2)
    n = len(s.eligible(0))
    legal = s.legal_actions(0)
    assert len(legal) == sum(comb(n, k) for k in range(6))
    assert legal == sorted(legal, key=lambda a: (len(a.cards), a.cards))  # type: ignore[attr-defined]

    def refuse(*_: object) -> None:
        raise AssertionError("check() listed the legal actions")

    s.legal_actions = refuse  # type: ignore[method-assign]
    assert s.check(0, legal[-1]) is None
    assert str(s.check(0, ChooseHand(("zz",)))) == "zz is not in your deck"


def test_illegal_actions_change_nothing() -> None:
    s = act(duel(), "0: hand a01 a06", "1: hand b01 b02")
    before = json.dumps(s.to_json(), sort_keys=True)
    for seat, text in [(0, "play a09"), (0, "hand a01"), (0, "swap b01 a01"), (0, "accept-end"),
                       (0, "play a06"), (0, "play a06 show a08 kill show"), (1, "play a01"),
                       (2, "play a01"), (0, "no-swap")]:
        with pytest.raises((IllegalAction, ActionSyntaxError)):
            s.apply_text(seat, text)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_random_games_serialize_replay_and_conserve_cards() -> None:
    for options in ({}, {"mode": "attack", "defender_min_one": True}, {"rounds_to_win": 3}):
        game = load_game("duel", **options)
        for seed in range(15):
            s = game.new(seed=seed)
            cards = sorted(s.all_cards() or [])
            per_seat = [len(d) for d in s.decks]
            _random_play(s, seed)
            assert sorted(s.all_cards() or []) == cards
            assert [len(s.decks[i]) + len(s.discards[i]) for i in (0, 1)] == per_seat
            data = json.loads(json.dumps(s.to_json()))
            assert DuelState.from_json(data) == s
            again = replay(GameRecord.from_json(record_of(game, s).to_json()))
            assert again.to_json() == s.to_json()
            out = s.outcome()
            assert out is not None
            assert sorted(out.decks[0] + out.discards[0] + out.decks[1] + out.discards[1]) \
                == sorted(s.keys[c] for c in cards)


def test_clone_is_independent() -> None:
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b02", "0: play a01")
    c = s.clone()
    assert c == s and c.to_json() == s.to_json()
    act(c, "1: play b02", "0: play a02", "1: play b01")
    assert s.hands[0] == ["a01", "a02"] and s.commits and s.rounds == []
    assert s.observe(0) != c.observe(0)


def _views_agree(state: DuelState, seat: int, sample: DuelState) -> None:
    assert sample.observe(seat) == state.observe(seat)
    assert [e.to_json() for e in sample.log(seat)] == [e.to_json() for e in state.log(seat)]
    assert sample.observe(None) == state.observe(None)
    assert [str(a) for a in sample.legal_actions(seat)] == \
        [str(a) for a in state.legal_actions(seat)]
    for s in sample.to_act:
        assert sample.legal_actions(s)


def test_resample_redraws_the_unknown_and_keeps_the_seen() -> None:
    s = act(duel(), "0: hand a01 a06 a07", "1: hand b01 b02 b05",
            "0: play a06 show a08", "1: play b05 show b06 kill", "1: offer-end")
    rng = Rng.from_seed(5)
    changed = 0
    for _ in range(30):
        t = s.resample(0, rng)
        _views_agree(s, 0, t)
        # what seat 0 saw of seat 1 stays; its own cards stay
        assert t.keys["b05"] == "shot" and t.keys["b06"] == "pistol"
        assert all(t.keys[c] == s.keys[c] for c in s.keys if c[0] == "a")
        for c in t.hands[1]:  # unplayed hand cards: battle cards it could play
            info = CATALOGUE[t.keys[c]]
            assert not info.is_item and (info.requires is None or info.requires in t.weapons(1))
        changed += any(t.keys[c] != s.keys[c] for c in ("b01", "b02", "b03", "b04", "b07"))
        assert t.history == [] and all(e.to.sees(0) for e in t.events)
    assert changed > 20


def test_resample_redraws_hidden_commits() -> None:
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b02 b07", "1: play b07 kill")
    rng = Rng.from_seed(1)
    commits = set()
    for _ in range(30):
        t = s.resample(0, rng)
        _views_agree(s, 0, t)
        play = t.commits[1]
        assert play in t._plays(1)
        commits.add(str(play))
    assert len(commits) > 1
    s = duel()
    act(s, "1: hand b01 b02")
    for i in range(10):
        t = s.resample(0, Rng.from_seed(i))
        _views_agree(s, 0, t)
        assert t.check(1, ChooseHand(t.hand_commits[1])) is None


def test_resample_keeps_an_attacker_able_to_attack() -> None:
    s = duel(mode="attack")
    for i in range(30):
        t = s.resample(1, Rng.from_seed(i))
        assert len(t.eligible(0)) >= 5
        assert t.legal_actions(0)


def test_resample_after_the_end_keeps_what_the_winner_saw() -> None:
    s = act(duel(), "0: hand a01 a02 a05", "1: hand b01 b02 b03 b04",
            "0: play a02", "1: play b01", "0: play a01", "1: play b02")
    assert known_to(s, 0) >= {"b01", "b02", "b03", "b04"}
    assert known_to(s, 1) == {"a01", "a02"}
    t = s.resample(0, Rng.from_seed(2))
    assert all(t.keys[c] == s.keys[c] for c in ("b01", "b02", "b03", "b04"))
    _views_agree(s, 0, t)
    act(s, "0: swap b03 a05")
    for seat in (0, 1):
        for i in range(10):
            _views_agree(s, seat, s.resample(seat, Rng.from_seed(i)))
    assert "b03" in known_to(s, 1) and "a05" in s.discards[1]  # its own card, and the gift


def test_views_are_json_and_name_only_visible_cards() -> None:
    game = load_game("duel")
    for seed in range(5):
        s = game.new(seed=seed)
        rng = Rng.from_seed(seed)
        while not s.is_terminal:
            public = {c for r in s.rounds for c in (*r.cards, *r.shown) if c is not None}
            for seat in (0, 1, None):
                view = s.observe(seat)
                text = json.dumps(view)
                if seat is None:
                    hidden = set(s.keys) - public
                else:
                    mine = {c for z in (s.decks, s.discards, s.hands, s.played, s.shown)
                            for c in z[seat]} | set(s.chosen[seat])
                    hidden = set(s.keys) - mine - known_to(s, seat) - public
                    if s.swapped is not None:
                        hidden -= set(s.swapped)
                for c in hidden:
                    assert f'"{c}"' not in text, (seat, c)
            seat = rng.choice(s.to_act)
            s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_events_are_described_in_both_languages() -> None:
    spec = get_spec("duel")
    kinds = set()
    for seed in range(30):
        s = _random_play(load_game("duel", mode="attack" if seed % 2 else "agreement")
                         .new(seed=seed), seed)
        for e in s.events:
            kinds.add(e.kind_name())
            for lang in ("ru", "en"):
                text = spec.describe(e, lang)
                assert text and text != e.kind_name()
    assert len(kinds) >= 14, kinds
    s = act(duel(), "0: hand a01 a06", "1: hand b07 b08", "0: play a06 show a08 kill",
            "1: play b07 kill")
    line = spec.describe(s.events[-1], "ru")
    assert "Рубящий удар" in line and "Кинжал" in line and "на убийство" in line
    assert "Slash" in spec.describe(s.events[-1], "en")


def test_outcome_for_the_event_layer() -> None:
    s = duel(discards=[["kick"], []])
    assert s.outcome() is None
    act(s, "0: hand a01 a02", "1: hand b01 b02", "0: offer-end", "1: accept-end")
    out = s.outcome()
    assert out is not None and out.winner is None and out.reason == "agreement"
    assert out.discards == (("kick",), ())
    assert sorted(out.decks[0]) == sorted(["punch", "kick", "trip", "block", "dodge", "slash",
                                           "rapier_thrust", "dagger", "parry"])


def test_play_commit_stays_with_the_card_until_reveal() -> None:
    s = act(duel(), "0: hand a01 a02", "1: hand b01 b02", "0: play a01")
    assert s.commits == {0: Play("a01")} and "a01" in s.hands[0]
    assert s.phase == Phase.ROUNDS and s.to_act == (1,)


def test_random_decks_hold_the_items_their_cards_need() -> None:
    game = load_game("duel")  # two items per deck, two weapon kinds
    for seed in range(50):
        s = game.new(seed=seed)
        for seat in (0, 1):
            battle = [c for c in s.decks[seat] if not CATALOGUE[s.keys[c]].is_item]
            assert len(battle) == 10 and s.eligible(seat) == battle


def test_hand_size_refusal_names_the_right_rule() -> None:
    """The attacked seat with one playable card under ``defender_min_one`` is not the attacker:
    the refusal says that it must take that card, not that «the attacker takes exactly 1»."""
    s = duel([["punch", "kick", "trip", "block", "dodge"], ["pistol", "punch"]], mode="attack",
             defender_min_one=True)
    assert s.hand_limits(1) == (1, 1)
    with pytest.raises(IllegalAction) as refused:
        act(s, "1: hand")
    assert "attacker" not in str(refused.value)
    assert "take exactly 1 card" in str(refused.value)
    with pytest.raises(IllegalAction, match="the attacker takes exactly 5 cards"):
        act(s, "0: hand a01")


@pytest.mark.parametrize(("steps", "seat", "text", "reason"), [
    (["0: hand a01 a02"], 0, "hand a01", "already chosen your hand"),
    (["0: hand a01 a02", "1: hand b01 b02", "0: play a01"], 0, "play a02",
     "already put a card face down in this round"),
    (["0: hand a01 a02", "1: hand b01 b02", "0: play a01"], 0, "offer-end",
     "already put a card face down in this round"),
    (["0: hand a01 a02", "1: hand b01 b02", "0: offer-end"], 0, "play a01",
     "waiting for the answer to your offer"),
    (["0: hand a01 a02", "1: hand"], 1, "offer-end", "your hand is empty"),
    (["0: hand a01 a02", "1: hand b02", "0: play a01", "1: play b02", "0: play a02"], 1,
     "no-swap", "the winner (Player 1) decides"),
])
def test_a_seat_that_must_not_act_is_told_why(steps: list[str], seat: int, text: str,
                                              reason: str) -> None:
    s = act(duel(), *steps)
    assert seat not in s.to_act
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction, match="not this seat's turn to act") as refused:
        s.apply_text(seat, text)
    assert reason in str(refused.value)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_resample_keeps_an_item_laid_face_up_and_its_card_kind() -> None:
    """With ``item_shown=laid`` the item on the table is public, and so is what it says of the
    face-down card: it needs that weapon (an item laid) or needs no new one (none laid)."""
    s = act(duel(item_shown="laid"), "0: hand a01 a02", "1: hand b01 b02 b05",
            "1: play b05 show b06")
    for i in range(30):
        t = s.resample(0, Rng.from_seed(i))
        _views_agree(s, 0, t)
        play = t.commits[1]
        assert play.show == "b06" and t.keys["b06"] == "pistol"
        assert t.info(play.card).requires == "firearm"
        act(t, "0: play a01")
        assert t.rounds[0].shown == (None, "b06")
    s = act(duel(item_shown="laid"), "0: hand a01 a02", "1: hand b01 b02 b05", "1: play b01")
    for i in range(30):
        t = s.resample(0, Rng.from_seed(i))
        _views_agree(s, 0, t)
        play = t.commits[1]
        assert play.show is None and t.check(1, play) is None


def test_random_games_with_the_recap_and_laid_item_options() -> None:
    """The three reading options together: random games keep the cards, serialize, replay, and
    every resample gives each seat an equal view and log."""
    game = load_game("duel", item_shown="laid", hand_min_one=True, swap_required=True)
    for seed in range(12):
        s = game.new(seed=seed)
        cards = sorted(s.all_cards() or [])
        rng = Rng.from_seed(seed)
        while not s.is_terminal:
            for seat in (0, 1):
                _views_agree(s, seat, s.resample(seat, rng))
            seat = rng.choice(s.to_act)
            s.apply(seat, rng.choice(s.legal_actions(seat)))
        assert sorted(s.all_cards() or []) == cards
        assert DuelState.from_json(json.loads(json.dumps(s.to_json()))) == s
        assert replay(GameRecord.from_json(record_of(game, s).to_json())).to_json() == s.to_json()
