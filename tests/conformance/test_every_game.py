"""The conformance fuzz: runs on every registered game, for every player count and for the
option variants listed in VARIANTS.

Many random legal games are played to the end. Along the way it checks that cards are conserved,
that no seat's view holds what the seat may not know (checked by construction: a state resampled
for a seat gives that seat an equal view, equal log and equal legal actions, while other seats'
views do change), that views are JSON, that illegal actions raise and change nothing, that the state
serializes and replays exactly, and that a seed reproduces a game.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from koloda.engine import (
    ActionSyntaxError,
    GameState,
    IllegalAction,
    Rng,
    game_specs,
    load_game,
    record_of,
    replay,
)
from koloda.engine.game import Game

from ..engine import toy  # noqa: F401  (the kernel's own test game takes part too)

#: Option sets run besides the defaults, per game.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "duel": [
        {"mode": "attack"},
        {"rounds_to_win": 3},
        {"item_shown": "laid", "hand_min_one": True, "swap_required": True},
    ],
    "nevermore": [
        {"magic": "none"},
        {"main_deck": "when_empty", "anytime_reply": "any_blow", "healing_bonus": "any"},
    ],
    "gwent": [
        {"throw_ins": False, "final_tie": "shared"},
        {"deck_choice": "choose", "cross_suit_value": 0.75, "throw_in_damage_to": "thrower",
         "bard_lasts": "next_card", "medic_revives_to": "play", "specialist_zero": "card"},
    ],
}

#: Player counts run per game, where the spec's range is too wide to run every count (an event
#: has thousands of seats).
PLAYER_COUNTS: dict[str, list[int]] = {"event": [2, 4, 7]}

#: Random games per configuration, and the cap on actions per game.
GAMES_PER_CONFIG = 3
MAX_ACTIONS = 20_000


def _configs() -> list[Any]:
    out = []
    for spec in game_specs():
        counts = PLAYER_COUNTS.get(spec.name, range(spec.min_players, spec.max_players + 1))
        for players in counts:
            # the fast tier (make check) samples the fewest players; the full suite runs all
            marks = () if players == min(counts) else (pytest.mark.slow,)
            for options in [{}, *VARIANTS.get(spec.name, [])]:
                label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
                out.append(pytest.param(spec.name, players, options, marks=marks,
                                        id=f"{spec.name}-{players}p-{label}"))
    return out


CONFIGS = _configs()


def _dump(state: GameState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _views(state: GameState) -> list[Any]:
    return [state.observe(s) for s in range(state.players)]


def _check_views_hold_only_what_seat_knows(state: GameState, rng: Rng, stats: Counter[str]) -> None:
    spectator = state.observe(None)
    json.dumps(spectator)
    for seat in range(state.players):
        view = state.observe(seat)
        json.dumps(view)
        log = [e.to_json() for e in state.log(seat)]
        legal = [str(a) for a in state.legal_actions(seat)]
        sample = state.determinize(seat, rng.spawn())
        assert sample.observe(seat) == view, f"seat {seat}'s view changed under resampling"
        assert [e.to_json() for e in sample.log(seat)] == log, f"seat {seat}'s log changed"
        assert [str(a) for a in sample.legal_actions(seat)] == legal
        assert sample.to_act == state.to_act
        assert sample.observe(None) == spectator, "the spectator view changed under resampling"
        assert all(e.to.sees(seat) for e in sample.events)
        assert sample.history == []
        if any(sample.observe(o) != state.observe(o) for o in range(state.players) if o != seat):
            stats["resample-changed-others"] += 1
        # the sample must itself be a playable state
        for s in sample.to_act:
            assert sample.legal_actions(s), "a seat to act in a sample has no legal action"


def _check_illegal(state: GameState, game: Game, rng: Rng, foreign: list[str]) -> None:
    before = _dump(state)
    to_act = set(state.to_act)
    idle = [s for s in range(state.players) if s not in to_act]
    for seat in idle:
        if state.to_act:
            action = state.legal_actions(state.to_act[0])[0]
            with pytest.raises(IllegalAction):
                state.apply(seat, action)
    for seat in to_act:
        legal = {str(a) for a in state.legal_actions(seat)}
        for text in foreign:
            if text in legal:
                continue
            try:
                action = game.parse_action(text)
            except ActionSyntaxError:
                continue
            with pytest.raises(IllegalAction) as info:
                state.apply(seat, action)
            assert str(info.value)
            break
    with pytest.raises(IllegalAction):
        state.apply(state.players, state.legal_actions(state.to_act[0])[0])
    with pytest.raises(ActionSyntaxError):
        game.parse_action("\u0000 no such action \u0000")
    assert _dump(state) == before, "a refused action changed the state"


def play_random(game: Game, seed: int, *, checks: bool) -> GameState:
    state = game.new(seed=seed)
    rng = Rng.from_seed(seed + 1000)
    stats: Counter[str] = Counter()
    # The cards of the game: counted from the first moment the game reports them (a game may
    # bring its cards in after a setup phase, e.g. Gwent's deck choice).
    first = state.all_cards()
    cards = Counter(first) if first is not None else None
    seen_texts: list[str] = []
    steps = 0
    while not state.is_terminal:
        assert steps < MAX_ACTIONS, "the game did not end"
        to_act = state.to_act
        assert to_act, "a game that is not over has nobody to act"
        assert list(to_act) == sorted(set(to_act))
        heavy = checks and (steps < 40 or steps % 9 == 0)
        if heavy:
            _check_views_hold_only_what_seat_knows(state, rng, stats)
            _check_illegal(state, game, rng, seen_texts[-30:])
        seat = to_act[rng.randbelow(len(to_act))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts), "legal actions are listed twice"
        action = legal[rng.randbelow(len(legal))]
        assert game.parse_action(str(action)) == action, "text form does not round-trip"
        state.apply(seat, action)
        seen_texts.append(str(action))
        now = state.all_cards() if checks else None
        if now is not None:
            if cards is None:
                cards = Counter(now)
            assert Counter(now) == cards, "cards were created or lost"
        steps += 1
    result = state.result()
    assert result is not None and len(result.scores) == state.players
    assert state.to_act == ()
    if checks and game.spec.hidden_information and steps > 5:
        assert stats["resample-changed-others"] > 0, "resample never redealt anything hidden"
    return state


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS)
def test_random_games(name: str, players: int, options: dict[str, Any]) -> None:
    game = load_game(name, players=players, **options)
    for seed in range(GAMES_PER_CONFIG):
        state = play_random(game, seed, checks=True)
        # serialization round-trips
        data = state.to_json()
        again = game.state_from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data
        # the record replays to the same state
        record = record_of(game, state)
        assert _dump(replay(record)) == _dump(state)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS[:: max(1, len(CONFIGS) // 6)])
def test_deterministic(name: str, players: int, options: dict[str, Any]) -> None:
    game = load_game(name, players=players, **options)
    a = play_random(game, 11, checks=False)
    b = play_random(game, 11, checks=False)
    assert _dump(a) == _dump(b)
    c = play_random(game, 12, checks=False)
    assert _dump(c) != _dump(a)


def test_every_builtin_game_present_is_registered() -> None:
    from koloda.engine.game import builtin_game_packages

    packages = builtin_game_packages()
    assert {"koloda.games.duel", "koloda.games.nevermore", "koloda.games.gwent"} <= set(packages)
    registered = {s.state_type.__module__.rpartition(".")[0] for s in game_specs()}
    assert set(packages) <= registered
