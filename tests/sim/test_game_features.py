import pytest

from koloda.sim import SimSpec, run, summarize


@pytest.mark.parametrize("game, players", [("duel", 2), ("nevermore", 3), ("gwent", 2)])
def test_each_game_has_its_tables(game, players):
    spec = SimSpec(game=game, players=players, bots=("bot:random",) * players, games=3, seed=1)
    outcomes = run(spec)
    assert all(o.features for o in outcomes)
    tables = summarize(spec, outcomes)["game"]
    assert tables
    for table in tables.values():
        assert table["rows"] and all(len(r) == len(table["columns"]) for r in table["rows"])


def test_duel_rounds_add_up():
    spec = SimSpec(game="duel", players=2, bots=("bot:random",) * 2, games=5, seed=2)
    outcomes = run(spec)
    table = summarize(spec, outcomes)["game"]["card_kinds"]
    cards = sum(1 for o in outcomes for r in o.features["rounds"] for k in r["kinds"] if k)
    assert sum(row[1] for row in table["rows"]) == cards


def test_gwent_faction_matrix_is_symmetric():
    spec = SimSpec(game="gwent", players=2, bots=("bot:random",) * 2, games=4, seed=3)
    m = summarize(spec, run(spec))["game"]["faction_matrix"]
    names = m["columns"][1:]
    cells = {(row[0], names[j]): row[1 + j] for row in m["rows"] for j in range(len(names))}
    for (a, b), text in cells.items():
        if text != "—":
            p = float(text.split()[0])
            q = float(cells[(b, a)].split()[0])
            assert p + q == pytest.approx(1.0, abs=1e-3)
