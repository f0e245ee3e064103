"""OpenSpiel's own checks on every game, its Python ISMCTS and evaluate_bots, and Koloda's:
the same deal gives the same game as Koloda and PettingZoo, samples keep the infostate."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import koloda.rl.openspiel  # noqa: E402, F401
from koloda.engine import load_game  # noqa: E402
from tests.rl.cases import CASES, case_id  # noqa: E402


def _load(case: tuple[str, int, dict[str, Any]], **extra: Any) -> Any:
    game_name, players, options = case
    params: dict[str, Any] = {"num_deals": 64, **options, **extra}
    if game_name != "duel":
        params["players"] = players
    return pyspiel.load_game(f"python_koloda_{game_name}", params)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_random_sim_test_with_serialization(case: Any) -> None:
    pyspiel.random_sim_test(_load(case), num_sims=2, serialize=True, verbose=False)


def test_game_type_facts() -> None:
    duel = pyspiel.load_game("python_koloda_duel")
    t = duel.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (duel.num_distinct_actions(), duel.max_chance_outcomes()) == (728, 4096)
    nm = pyspiel.load_game("python_koloda_nevermore", {"players": 5})
    assert nm.num_players() == 5 and nm.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (nm.min_utility(), nm.max_utility()) == (0.0, 1.0)
    with pytest.raises(Exception, match="max_rounds"):
        pyspiel.load_game("python_koloda_nevermore", {"max_rounds": 0})


def _walk(game: Any, seed: int, limit: int = 120) -> list[Any]:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) < limit:
        if state.is_chance_node():
            state.apply_action(int(rng.integers(game.max_chance_outcomes())))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("case", CASES[::3], ids=case_id)
def test_pickle_and_serialize_round_trips(case: Any) -> None:
    game = _load(case)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    for state in _walk(game, 1)[::7]:
        back = pickle.loads(pickle.dumps(state))
        assert str(back) == str(state) and back.history() == state.history()
        g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert str(s2) == str(state) and str(g2) == str(game)
        if not state.is_chance_node():
            assert s2.information_state_string() == state.information_state_string()


@pytest.mark.parametrize("case", CASES[::3], ids=case_id)
def test_observations_of_every_type(case: Any) -> None:
    game = _load(case)
    default = make_observation(game)
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    everyone = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True,
        private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    assert default.tensor.shape == (game.observation_tensor_size(),)
    assert set(default.dict) == set(game.codec.pieces)
    for state in _walk(game, 2)[1::9]:
        for p in range(game.num_players()):
            default.set_from(state, p)
            assert np.array_equal(default.tensor, np.array(state.observation_tensor(p)))
            assert float(default.tensor.min()) >= 0.0 and float(default.tensor.max()) <= 1.0
            assert state.observation_string(p) == default.string_from(state, p)
            assert state.information_state_string(p) == info.string_from(state, p)
            assert public.string_from(state, p) == public.string_from(state, 0)
            assert everyone.string_from(state, p)


@pytest.mark.parametrize("case", CASES[::2], ids=case_id)
def test_resample_keeps_the_information_state(case: Any) -> None:
    """OpenSpiel's ResampleInfostateTest (C++ only), in Python, plus the tensor."""
    game = _load(case)
    sampler = np.random.default_rng(3)
    for state in _walk(game, 3)[1::5]:
        if state.is_terminal():
            continue
        p = state.current_player()
        sample = state.resample_from_infostate(p, lambda: float(sampler.random()))
        assert sample.current_player() == p
        assert sample.information_state_string(p) == state.information_state_string(p)
        assert sample.observation_tensor(p) == state.observation_tensor(p)
        assert sample.legal_actions(p) == state.legal_actions(p)
        if game.get_type().provides_information_state_tensor:
            assert sample.information_state_tensor(p) == state.information_state_tensor(p)


class _Bot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTS with the no-ops ``evaluate_bots`` calls."""

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player: int, action: int) -> None:
        pass


@pytest.mark.parametrize("game_name, params", [
    ("duel", {"num_deals": 8}),
    ("nevermore", {"players": 3, "num_deals": 8, "max_rounds": 1}),
    ("gwent", {"players": 2, "num_deals": 8, "rounds": 1, "hand_size": 3}),
])
def test_python_ismcts_and_evaluate_bots(game_name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(f"python_koloda_{game_name}", params)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = _Bot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    sampler = np.random.default_rng(1)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(
        player, lambda: float(sampler.random())))
    for seed in range(2):
        bots = [bot] + [pyspiel.make_uniform_random_bot(p, seed)
                        for p in range(1, game.num_players())]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert len(returns) == game.num_players()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


@pytest.mark.parametrize("game_name, players", [("duel", 2), ("nevermore", 4), ("gwent", 3)])
def test_the_deal_is_the_koloda_seed_and_episodes_match_pettingzoo(game_name: str,
                                                                    players: int) -> None:
    import importlib

    params: dict[str, Any] = {"num_deals": 100, "seed_base": 1000}
    if game_name != "duel":
        params["players"] = players
    game = pyspiel.load_game(f"python_koloda_{game_name}", params)
    state = game.new_initial_state()
    state.apply_action(7)
    koloda = load_game(game_name, players=players).new(seed=1007)
    assert state.session.state.to_json() == koloda.to_json()
    module = importlib.import_module(f"koloda.rl.pettingzoo.{game_name}_v0")
    env = module.env(players=players)
    env.reset(seed=1007)
    rng = np.random.default_rng(0)
    for _ in range(150):
        if state.is_terminal():
            break
        agent = env.agent_selection
        obs = env.observe(agent)
        assert agent == f"player_{state.current_player()}"
        assert list(np.flatnonzero(obs["action_mask"])) == state.legal_actions()
        assert np.array_equal(obs["observation"], np.array(state.observation_tensor(),
                                                           dtype=np.float32))
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        env.step(action)
    assert env.unwrapped.session.state.to_json() == state.session.state.to_json()


def test_openspiels_rl_environment_runs_episodes() -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(
        pyspiel.load_game("python_koloda_gwent", {"players": 2, "rounds": 1}))
    rng = np.random.default_rng(0)
    step = env.reset()
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        step = env.step([int(rng.choice(legal))])
    assert sorted(step.rewards) in ([0.0, 1.0], [1.0, 1.0], [0.0, 0.0])
    assert len(step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]


@pytest.mark.parametrize("params", [
    {"deck_size": 4, "items": 1, "rounds_to_win": 2},
    {"deck_size": 5, "items": 2, "mode": "attack", "item_shown": "laid"},
])
def test_the_duels_information_state_tensor_matches_its_string(params: dict[str, Any]) -> None:
    """Bounded, so the duel has an information-state tensor: equal tensors exactly when the
    information-state strings are equal (perfect recall, like the string)."""
    game = pyspiel.load_game("python_koloda_duel", {"num_deals": 1, **params})
    assert game.get_type().provides_information_state_tensor
    size = game.information_state_tensor_size()
    assert size > game.observation_tensor_size()
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert info.dict["history"].shape == (10, 6, 6)
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    rng = np.random.default_rng(0)
    for _ in range(60):
        state = game.new_initial_state()
        state.apply_action(0)
        while not state.is_terminal():
            for p in range(2):
                text = state.information_state_string(p)
                tensor = np.array(state.information_state_tensor(p), np.float32).tobytes()
                assert by_string.setdefault(text, tensor) == tensor
                assert by_tensor.setdefault(tensor, text) == text
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(by_string) > 60


SIM_CASES = [
    ("duel", {}),
    ("duel", {"mode": "attack", "rounds_to_win": 3}),
    ("nevermore", {"players": 3, "max_rounds": 3}),
    ("gwent", {"players": 4, "rounds": 1, "hand_size": 5}),
]


@pytest.mark.parametrize("game_name, params", SIM_CASES)
def test_the_simultaneous_variants_pass_random_sim_test(game_name: str,
                                                        params: dict[str, Any]) -> None:
    game = pyspiel.load_game(f"python_koloda_{game_name}_sim", {"num_deals": 16, **params})
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    pyspiel.random_sim_test(pyspiel.convert_to_turn_based(game), num_sims=1, serialize=False,
                            verbose=False)


@pytest.mark.parametrize("game_name, params", SIM_CASES[::2] + SIM_CASES[3:])
def test_the_simultaneous_variant_is_pettingzoos_parallel_env(game_name: str,
                                                              params: dict[str, Any]) -> None:
    """The joint form in both frameworks: the same tokens give the same Koloda game."""
    import importlib

    game = pyspiel.load_game(f"python_koloda_{game_name}_sim",
                             {"num_deals": 100, "seed_base": 500, **params})
    state = game.new_initial_state()
    state.apply_action(9)
    module = importlib.import_module(f"koloda.rl.pettingzoo.{game_name}_v0")
    env = module.parallel_env(**params)
    obs, _ = env.reset(seed=509)
    rng = np.random.default_rng(2)
    while not state.is_terminal():
        joint = []
        for p in range(game.num_players()):
            legal = state.legal_actions(p)
            assert list(np.flatnonzero(obs[f"player_{p}"]["action_mask"])) == legal
            joint.append(int(rng.choice(legal)))
        state.apply_actions(joint)
        obs, *_ = env.step({f"player_{p}": a for p, a in enumerate(joint)})
    assert not env.agents
    assert env.session.state.to_json() == state.session.state.to_json()
