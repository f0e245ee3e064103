"""The state protocol: text forms, serialization, copies, samples, refusals, descriptions."""

from __future__ import annotations

import json

import pytest

from koloda.engine import ActionSyntaxError, IllegalAction, Rng, get_spec, load_game
from koloda.games.gwent.actions import parse_action

from .helpers import act, table


def _play(seed: int, players: int, steps: int):  # type: ignore[no-untyped-def]
    s = load_game("gwent", players=players).new(seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        seat = s.to_act[rng.randbelow(len(s.to_act))]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randbelow(len(legal))])
    return s


def test_text_forms_round_trip() -> None:
    for text in ("deck monsters", "play nr_catapult#1@new", "play st_barclay_els#1:ranged@s3",
                 "play nr_ves#1+sp_decoy#2@s1", "end", "pass", "name def siege",
                 "medic nr_dun_banner_medic#1+sp_decoy#1 a#1,b#2", "spy nr_thaler#1",
                 "scorch sp_scorch#1 nr_ves#1", "throw att ne_zoltan_chivay#1,nr_ves#1"):
        assert str(parse_action(text)) == text
    for bad in ("", "play", "play nr_ves@new", "play nr_ves#1", "play nr_ves#1@x",
                "name top close", "throw att a#1,a#1", "play nr_ves#1:air@new"):
        with pytest.raises(ActionSyntaxError):
            parse_action(bad)


def test_clone_is_independent_and_equal() -> None:
    s = _play(4, 3, 60)
    c = s.clone()
    assert c.to_json() == s.to_json()
    seat = c.to_act[0]
    c.apply(seat, c.legal_actions(seat)[0])
    assert c.to_json() != s.to_json()
    assert type(s).from_json(json.loads(json.dumps(s.to_json()))).to_json() == s.to_json()


def test_resample_keeps_what_the_seat_knows() -> None:
    for seed in range(4):
        s = _play(seed, 4, 40 + seed * 7)
        for seat in range(4):
            r = s.resample(seat, Rng.from_seed(seed))
            assert r.observe(seat) == s.observe(seat)
            assert sorted(r.all_cards() or []) == sorted(s.all_cards() or [])
            for p in range(4):
                assert set(s.known[p]) <= set(r.hands[p])


def test_refused_actions_change_nothing() -> None:
    s = table([["nr_ves"], ["ng_rainfarn"]])
    before = s.to_json()
    for text, reason in (("play nr_catapult#1@new", "not in your hand"),
                         ("play nr_ves#1@s4", "no stack"), ("pass", "opens the exchange")):
        with pytest.raises(IllegalAction, match=reason):
            act(s, f"0: {text}")
    with pytest.raises(IllegalAction, match="turn"):
        act(s, "1: pass")
    assert s.to_json() == before


def test_events_are_described_in_both_languages() -> None:
    s = _play(2, 3, 80)
    spec = get_spec("gwent")
    for e in s.events:
        for lang in ("en", "ru"):
            line = spec.describe(e, lang)
            assert line and "Gwent" not in line


def test_hidden_deals_are_private() -> None:
    s = load_game("gwent", players=3).new(seed=1)
    for e in s.events:
        if e.kind_name() in ("GwentHandDealt", "GwentNeutralDealt"):
            seat = e.seat  # type: ignore[attr-defined]
            assert e.to.sees(seat) and not e.to.sees(None)
            assert not e.to.sees((seat + 1) % 3)
    assert s.observe(None)["hand"] is None


@pytest.mark.parametrize("options", [
    {"deck_choice": "choose"}, {"throw_in_damage_to": "thrower", "bard_lasts": "next_card"},
    {"medic_revives_to": "play", "cross_suit_value": 1.0}, {"throw_ins": False},
    {"specialist_zero": "card", "agile_open": "both"},
    {"final_tie": "shared", "rounds": 2, "hand_size": 6},
], ids=lambda o: ",".join(o))
def test_random_play_under_the_options(options: dict[str, object]) -> None:
    """The other readings play to the end with every card kept (the shared conformance fuzz
    runs the defaults)."""
    from collections import Counter

    for players in (2, 3, 4):
        game = load_game("gwent", players=players, **options)
        s = game.new(seed=players)
        rng = Rng.from_seed(players)
        cards: Counter[str] | None = None
        steps = 0
        while not s.is_terminal:
            seat = s.to_act[rng.randbelow(len(s.to_act))]
            legal = s.legal_actions(seat)
            assert legal
            s.apply(seat, legal[rng.randbelow(len(legal))])
            if s.phase == "play":
                now = Counter(s.all_cards() or [])
                cards = cards or now
                assert now == cards
            steps += 1
            assert steps < 5000


def test_bad_setups_are_refused() -> None:
    from koloda.engine import InvalidData

    game = load_game("gwent", players=2)
    for setup, message in (({}, "'hands'"), ({"hands": [["nr_ves"]]}, "one list per seat"),
                           ({"hands": [["nr_ves#1"], ["nr_ves#1"]]}, "twice"),
                           ({"hands": [["xx"], []]}, "unknown card"),
                           ({"hands": [[], []], "extra": 1}, "unknown key"),
                           ({"hands": [["nr_ves"], ["nr_ves"]],
                             "exchange": {"attacker": 0, "defender": 0}}, "two different")):
        with pytest.raises(InvalidData, match=message):
            game.from_setup(setup)
    from koloda.engine import InvalidOption

    with pytest.raises(InvalidOption, match="names 1 decks for 2 players"):
        load_game("gwent", players=2, seat_decks="monsters").new(seed=1)


def test_refusals_say_why() -> None:
    """Every refusal names its reason; nothing changes."""
    s = table([["nr_catapult", "nr_catapult", "ng_vreemde", "sp_decoy", "nr_vernon_roche",
                "st_barclay_els"], ["ng_rainfarn", "nr_thaler"]])
    cases = [
        ("0: pass", "opens the exchange"),
        ("0: play nr_catapult#2@new", "starting with nr_catapult#1"),
        ("0: play nr_vernon_roche#1+sp_decoy#1@new", "not go on a spy, an ultima or a trump"),
        ("0: play st_barclay_els#1@new", "say its suit"),
        ("0: play ng_vreemde#1:close@new", "has one suit"),
        ("0: play sp_decoy#1@new", "laid with a card"),
    ]
    for step, message in cases:
        before = s.to_json()
        with pytest.raises(IllegalAction, match=message):
            act(s, step)
        assert s.to_json() == before
    act(s, "0: play nr_catapult#1@new")
    for step in ("0: end", "0: play ng_vreemde#1@new"):
        with pytest.raises(IllegalAction, match="nr_catapult#2 must be laid now"):
            act(s, step)
    act(s, "0: play nr_catapult#2@new")
    with pytest.raises(IllegalAction, match="is a spy: spy nr_thaler#1"):
        act(s, "1: play nr_thaler#1@s1")
    act(s, "1: play ng_rainfarn#1@s1")
    with pytest.raises(IllegalAction, match="finish the action"):
        act(s, "1: spy nr_thaler#1")
    w = table([["nr_ves"], ["ng_rainfarn"], ["ne_zoltan_chivay", "ng_vreemde"]])
    act(w, "0: play nr_ves#1@new")
    for step, message in (("2: play ng_vreemde#1@new", "deciding on throw-ins"),
                          ("2: throw att ng_vreemde#1", r"matches no open card .* \(values: 5\)"),
                          ("2: throw def ne_zoltan_chivay#1", "values: none")):
        with pytest.raises(IllegalAction, match=message):
            act(w, step)
    m = table([["ng_vreemde", "nr_dun_banner_medic"], ["ng_rainfarn"]],
              discards=[["nr_catapult", "nr_catapult", "ne_villentretenmerth", "nr_vernon_roche"],
                        ["nr_ves"]])
    act(m, "0: play ng_vreemde#1@new", "1: pass")
    for target, message in (("nr_catapult#2", "by its first card: nr_catapult#1"),
                            ("nr_ves#1", "not in your discard"),
                            ("ne_villentretenmerth#1", "ultima is never revived"),
                            ("nr_vernon_roche#1", "only a trump medic")):
        with pytest.raises(IllegalAction, match=message):
            act(m, f"0: medic nr_dun_banner_medic#1 {target}")
