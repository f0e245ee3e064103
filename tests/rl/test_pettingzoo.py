"""PettingZoo's own suite on every game and several player counts, and Koloda's checks of the
environments: the same seed gives the same game as Koloda, the AEC play is the kernel's."""

from __future__ import annotations

import pickle
import warnings
from functools import partial
from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)

from koloda.engine import load_game  # noqa: E402
from koloda.engine.record import replay  # noqa: E402
from koloda.rl.pettingzoo import duel_v0, gwent_v0, nevermore_v0  # noqa: E402
from tests.rl.cases import CASES, case_id  # noqa: E402

MODULES = {"duel": duel_v0, "nevermore": nevermore_v0, "gwent": gwent_v0}


def _kw(case: tuple[str, int, dict[str, Any]]) -> dict[str, Any]:
    _, players, options = case
    return {"players": players, **options}


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_suite(case: Any) -> None:
    module = MODULES[case[0]]
    kw = _kw(case)
    api_test(module.env(**kw), num_cycles=60)
    api_test(module.env(schedule="cycle", **kw), num_cycles=60)
    parallel_api_test(module.parallel_env(**kw), num_cycles=60)
    seed_test(partial(module.env, **kw), 60)
    parallel_seed_test(partial(module.parallel_env, **kw), 60)
    render_test(partial(module.env, **kw))
    state_test(module.env(**kw), module.parallel_env(**kw), num_cycles=20)


@pytest.mark.parametrize("game_name, kw", [
    ("duel", {"mode": "attack", "rounds_to_win": 3, "allow_offers": False}),
    ("nevermore", {"players": 3}),
    ("gwent", {"players": 2}),
])
def test_max_cycles(game_name: str, kw: dict[str, Any]) -> None:
    module = MODULES[game_name]
    # PettingZoo's test samples without the mask and counts round-robin appearances: the
    # cycle schedule and the coerce policy (the duel: games always longer than 4 steps)
    for _ in range(3):
        max_cycles_test(SimpleNamespace(
            env=partial(module.env, schedule="cycle", illegal_action="coerce", **kw),
            parallel_env=partial(module.parallel_env, illegal_action="coerce", **kw)))


def _masked_aec(env: Any, seed: int, limit: int = 5000) -> list[tuple[str, int]]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves = []
    for agent in env.agent_iter(max_iter=limit):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        moves.append((agent, action))
        env.step(action)
    return moves


@pytest.mark.parametrize("case", CASES[::2], ids=case_id)
def test_aec_plays_the_kernels_game_from_the_same_seed(case: Any) -> None:
    game_name, players, options = case
    env = MODULES[game_name].env(**_kw(case))
    _masked_aec(env, seed=11)
    raw = env.unwrapped
    # the same Koloda game: dealt from seed 11, and the record replays to the same state
    assert raw.seed_used == 11
    record = raw.record()
    assert record.seed == 11
    assert replay(record).to_json() == raw.session.state.to_json()
    # and the same episode again from the same seed
    env2 = MODULES[game_name].env(**_kw(case))
    assert _masked_aec(env2, seed=11) == _masked_aec(env, seed=11)
    env2.reset(seed=11)
    fresh = load_game(game_name, players=players, **options).new(seed=11)
    assert env2.unwrapped.session.state.to_json() == fresh.to_json()


def _parallel_episode(env: Any, seed: int) -> list[Any]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    while env.agents:
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                   for a in env.agents}
        obs, rewards, _, _, _ = env.step(actions)
        out.append((sorted(actions.items()), sorted(rewards.items()),
                    [o["observation"].tobytes() for o in obs.values()]))
    return out


@pytest.mark.parametrize("case", CASES[::2], ids=case_id)
def test_parallel_episodes_are_reproducible(case: Any) -> None:
    module = MODULES[case[0]]
    a = _parallel_episode(module.parallel_env(**_kw(case)), 5)
    b = _parallel_episode(module.parallel_env(**_kw(case)), 5)
    assert a == b and a


def test_parallel_env_is_the_kernels_game() -> None:
    """The joint form applies the same Koloda actions: replaying its record gives its state."""
    env = duel_v0.parallel_env()
    _parallel_episode(env, 3)
    assert replay(env.record()).to_json() == env.session.state.to_json()


def test_environments_pickle() -> None:
    env = nevermore_v0.env(players=4)
    clone = pickle.loads(pickle.dumps(env))
    assert _masked_aec(clone, 2, 300) == _masked_aec(env, 2, 300)
    par = gwent_v0.parallel_env(players=3)
    assert _parallel_episode(pickle.loads(pickle.dumps(par)), 4) == _parallel_episode(par, 4)


def test_bad_keywords_are_refused_clearly() -> None:
    from koloda.engine import InvalidOption

    with pytest.raises(InvalidOption):
        duel_v0.env(rounds_to_win=9)
    with pytest.raises(ValueError, match="illegal_action"):
        duel_v0.env(illegal_action="ignore")
    with pytest.raises(ValueError, match="duel only"):
        gwent_v0.env(allow_offers=False)


def test_illegal_actions_terminate_coerce_or_raise() -> None:
    env = duel_v0.env()
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(727)  # the NOOP: never legal in the turn schedule
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0
    env = duel_v0.env(illegal_action="coerce")
    env.reset(seed=1)
    env.step(727)
    assert not any(env.terminations.values())
    env = duel_v0.env(illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        env.step(727)


def test_render_shows_only_what_a_spectator_sees() -> None:
    from koloda.engine import Rng
    from koloda.rl.session import Session

    env = gwent_v0.env(players=2, render_mode="ansi")
    _masked_aec(env, 3, limit=40)
    text = env.render()
    assert isinstance(text, str) and text
    session = env.unwrapped.session
    # a state that differs in every card seat 0 may not know renders the same
    sample = session.state.determinize(0, Rng.from_seed(1))
    assert Session(session.codec, sample).render_text() == text
    ru = gwent_v0.env(players=2, render_mode="ansi", render_lang="ru")
    ru.reset(seed=3)
    text = ru.render()
    assert text.splitlines()[0] == ru.unwrapped.game.spec.title("ru")
    assert text.splitlines()[-1].startswith(("Ходит: Игрок", "Ходят: Игрок"))


def test_max_cycles_truncates_the_turn_schedule_too() -> None:
    env = nevermore_v0.env(players=3, max_cycles=4)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter(max_iter=100):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 4 * 3 and not env.agents


def test_custom_magic_sets_and_deck_lists_get_their_own_ids() -> None:
    import json
    from importlib import resources

    from koloda.games.gwent.decks import deck_lists_json, default_deck_lists

    example = resources.files("koloda.games.nevermore").joinpath(
        "data/example_custom_set.json").read_text("utf-8")
    env = nevermore_v0.env(players=5, magic="custom", magic_set_json=example)
    codec = env.unwrapped.codec
    assert len(codec.magic_set.kinds) == codec.M and codec.num_tokens != 378
    api_test(env, num_cycles=80)
    lists = json.loads(deck_lists_json(default_deck_lists()))
    lists["decks"] = dict(list(lists["decks"].items())[:2])
    env = gwent_v0.env(players=2, decks_json=json.dumps(lists))
    assert env.unwrapped.codec.num_tokens < 240
    api_test(env, num_cycles=80)
