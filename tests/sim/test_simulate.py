import json

import pytest
import typer
from typer.testing import CliRunner

from koloda.engine import InvalidOption
from koloda.sim import SimSpec, read_results, run, summarize, wilson
from koloda.sim.cli import register
from koloda.sim.runner import ResultsFile, derive_seed
from koloda.sim.stats import compare, two_proportions

from ..engine import toy  # noqa: F401  (registers the toy game)

app = typer.Typer()
register(app)


@app.callback()
def _root() -> None:
    """A command group like ``koloda``."""


runner = CliRunner()


def spec(games=20, **kw):
    base = dict(game="toy", players=2, bots=("bot:random", "bot:random"), games=games, seed=3)
    base.update(kw)
    return SimSpec(**base)


def test_wilson_known_values():
    lo, hi = wilson(8, 10)
    assert round(lo, 4) == 0.4902 and round(hi, 4) == 0.9433
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_same_seed_same_games_whatever_the_processes():
    one = run(spec(), jobs=1)
    two = run(spec(), jobs=2)
    assert [o.to_json() for o in one] == [o.to_json() for o in two]
    assert [o.index for o in one] == list(range(20))
    other = run(spec(seed=4))
    assert [o.scores for o in other] != [o.scores for o in one]


def test_summary_counts():
    outcomes = run(spec(games=30))
    s = summarize(spec(games=30), outcomes)
    wins = [x["wins"] for x in s["seats"]]
    assert sum(wins) + s["draws"]["draws"] == 30
    lo, hi = s["seats"][0]["ci95"]
    assert lo <= s["seats"][0]["rate"] <= hi
    assert s["length"]["min"] == s["length"]["max"] == 6  # three tricks, two seats


def test_rotate_moves_bots():
    sp = spec(bots=("bot:random", "bot:ismcts:5"), rotate=True, games=4)
    assert sp.seating(0) == ("bot:random", "bot:ismcts:5")
    assert sp.seating(1) == ("bot:ismcts:5", "bot:random")
    s = summarize(sp, run(sp))
    assert {b["bot"]: b["games"] for b in s["bots"]} == {"bot:random": 4, "bot:ismcts:5": 4}


def test_stream_and_resume(tmp_path):
    out = tmp_path / "run.jsonl"
    run(spec(games=5), out=out)
    lines = out.read_text().splitlines()
    assert len(lines) == 6 and "koloda_simulation" in lines[0]
    # a run stopped mid-write: a torn last line and fewer games than asked
    out.write_text("\n".join(lines[:4]) + "\n" + lines[4][:10])
    with pytest.raises(InvalidOption, match="--resume"):
        run(spec(games=8), out=out)
    played = []
    outcomes = run(spec(games=8), out=out, resume=True, progress=played.append)
    assert played[0] == 3  # the three games kept
    assert [o.to_json() for o in outcomes] == [o.to_json() for o in run(spec(games=8))]
    header, again = read_results(out)
    assert header["game"] == "toy" and sorted(o.index for o in again) == list(range(8))
    with pytest.raises(InvalidOption, match="another run"):
        run(spec(games=8, seed=99), out=out, resume=True)


def test_parquet(tmp_path):
    out = tmp_path / "run.parquet"
    outcomes = run(spec(games=4), out=out)
    header, again = read_results(out)
    assert header["seed"] == 3
    assert [o.to_json() for o in again] == [o.to_json() for o in outcomes]
    assert not (tmp_path / "run.parquet.jsonl").exists()


def test_compare_same_variant_is_not_significant():
    a = spec(games=20)
    b = SimSpec(**{**a.__dict__, "options": {"tricks": 2}})
    result = compare(a, run(a), b, run(b))
    assert result["changed_options"] == {"tricks": 2}
    assert result["length"]["difference"] == -2.0
    assert 0 <= result["seats"][0]["p_value"] <= 1
    assert two_proportions(5, 10, 5, 10) == 1.0


def test_derive_seed_is_stable():
    assert derive_seed(1, 2, 3) == derive_seed(1, 2, 3)
    assert len({derive_seed(0, i) for i in range(100)}) == 100


def cli(*args):
    return runner.invoke(app, ["simulate", *args])


def test_cli_json_is_byte_identical():
    args = ["toy", "--players", "3", "--games", "6", "--bot", "random", "--seed", "5", "--json"]
    first, second = cli(*args), cli(*args)
    assert first.exit_code == 0, first.output
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["run"]["players"] == 3 and len(data["seats"]) == 3
    assert data["run"]["bots"] == ["random"] * 3


def test_cli_progress_stays_off_stdout(monkeypatch):
    monkeypatch.setenv("KOLODA_PROGRESS", "1")
    result = cli("toy", "--games", "3", "--json")
    assert result.exit_code == 0
    json.loads(result.stdout)


def test_cli_per_seat_bots_options_and_table():
    result = cli("toy", "--games", "4", "--bot", "bot:random", "--bot", "bot:ismcts:5",
                 "-o", "tricks=2")
    assert result.exit_code == 0, result.output
    assert "ismcts:5" in result.stdout and "win rate" in result.stdout
    data = json.loads(cli("toy", "--games", "4", "-o", "tricks=2", "--json").stdout)
    assert data["run"]["options"] == {"tricks": 2} and data["length"]["max"] == 4


@pytest.mark.parametrize("args, message", [
    (["toy", "-o", "tricks=9"], "at most 3"),
    (["toy", "-o", "nonsense"], "KEY=VALUE"),
    (["toy", "-o", "colour=red"], "unknown option"),
    (["toy", "--bot", "bot:nobody"], "unknown bot"),
    (["toy", "--bot", "random", "--bot", "random", "--bot", "random"], "one bot for every seat"),
    (["nogame"], "unknown game"),
    (["toy", "--games", "0"], "at least 1"),
    (["toy", "--compare", "tricks=3"], "changes nothing"),
])
def test_cli_errors(args, message):
    result = cli(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_cli_compare_and_report(tmp_path):
    report = tmp_path / "r.html"
    result = cli("toy", "--games", "6", "--compare", "tricks=1", "--report", str(report),
                 "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["changed_options"] == {"tricks": 1}
    text = report.read_text()
    assert text.startswith("<!DOCTYPE html>") and "data:image/png;base64," in text
    assert "scipy" in text and "B against A" in text


def test_cli_out_and_resume(tmp_path):
    out = tmp_path / "games.jsonl"
    assert cli("toy", "--games", "3", "--out", str(out)).exit_code == 0
    assert cli("toy", "--games", "3", "--out", str(out)).exit_code == 2
    result = cli("toy", "--games", "5", "--out", str(out), "--resume", "--json")
    assert result.exit_code == 0
    assert len(out.read_text().splitlines()) == 6


def test_results_file_refuses_garbage(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    with pytest.raises(Exception, match="not a koloda results file"):
        ResultsFile(bad, spec(), resume=True)
