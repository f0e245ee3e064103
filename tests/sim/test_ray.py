"""``--ray``: the same games on a local Ray instance. Skipped when Ray cannot start here."""

import os

import pytest

from koloda.sim import SimSpec, run

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    try:
        ray.init(address="local", num_cpus=1, include_dashboard=False, log_to_driver=False,
                 runtime_env={"env_vars": {"PYTHONPATH": os.getcwd()}},
                 _node_ip_address="127.0.0.1")  # loopback only (see conftest.py)
    except Exception as e:  # pragma: no cover - depends on the machine
        pytest.skip(f"ray did not start: {e}")
    yield
    ray.shutdown()


@pytest.mark.ray
def test_ray_plays_the_same_games(local_ray):
    from ..engine import toy  # noqa: F401  (registers the toy game here too)

    spec = SimSpec(game="toy", players=2, bots=("bot:random", "bot:random"), games=4, seed=2,
                   modules=("tests.engine.toy",))
    on_ray = run(spec, ray_address="local")
    here = run(spec)
    assert [o.to_json() for o in on_ray] == [o.to_json() for o in here]


@pytest.mark.ray
def test_the_local_instance_listens_on_loopback_only(local_ray):
    from .conftest import _descendants, listening_addresses, loopback

    addresses = listening_addresses(_descendants(os.getpid()))
    assert addresses, "Ray's processes listen nowhere?"
    assert all(loopback(a) for a in addresses), addresses
