"""`koloda replay FILE`: scenarios and game records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import invoke, write_json

SCENARIO = {
    "title": "higher card takes the trick",
    "game": "toy",
    "options": {"tricks": 1},
    "setup": {"hands": [[1, 2, 3], [1, 2, 3]]},
    "actions": ["0: play 3", "1: play 1"],
    "expect": {"terminal": True, "scores": [1.0, 0.0], "winners": [0]},
}


def test_valid_scenario_table(runner, tmp_path):
    path = write_json(tmp_path / "s.json", SCENARIO)
    res = invoke(runner, "replay", str(path))
    assert res.exit_code == 0, res.output
    assert "higher card takes the trick" in res.stdout
    assert "all expectations met" in res.stdout


def test_valid_scenario_json(runner, tmp_path):
    path = write_json(tmp_path / "s.json", SCENARIO)
    res = invoke(runner, "replay", str(path), "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["kind"] == "scenario"
    assert out["terminal"] is True and out["scores"] == [1.0, 0.0]
    assert out["checked"] == ["terminal", "scores", "winners"]


def test_scenario_with_expected_refusal(runner, tmp_path):
    data = {**SCENARIO, "actions": [{"act": "0: play 7", "error": "not in your hand"},
                                    *SCENARIO["actions"]]}
    res = invoke(runner, "replay", str(write_json(tmp_path / "s.json", data)), "--json")
    assert res.exit_code == 0, res.output
    assert "#1 refused: not in your hand" in json.loads(res.stdout)["checked"]


def test_illegal_action(runner, tmp_path):
    data = {**SCENARIO, "actions": ["0: play 3", "0: play 2"]}
    res = invoke(runner, "replay", str(write_json(tmp_path / "s.json", data)))
    assert res.exit_code == 2
    assert "not this seat's turn" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.output


def test_failed_expectation(runner, tmp_path):
    data = {**SCENARIO, "expect": {"scores": [0.0, 1.0]}}
    res = invoke(runner, "replay", str(write_json(tmp_path / "s.json", data)))
    assert res.exit_code == 2
    assert "expected scores [0.0, 1.0], got [1.0, 0.0]" in res.stderr


@pytest.mark.parametrize("text, message", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "a scenario is a JSON object"),
    ('{"actions": []}', "'game' (a game name) is required"),
    ('{"game": "toy", "colour": 1}', "unknown key"),
    ('{"game": "toy", "actions": [3]}', "expected 'SEAT: ACTION'"),
    ('{"game": "chess"}', "unknown game"),
    ('{"game": "toy", "options": {"tricks": 9}}', "at most 3"),
])
def test_malformed_files(runner, tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    res = invoke(runner, "replay", str(path))
    assert res.exit_code == 2, res.output
    assert message in res.stderr
    assert "Traceback" not in res.output


def test_missing_file(runner, tmp_path):
    res = invoke(runner, "replay", str(tmp_path / "nowhere.json"))
    assert res.exit_code == 2
    assert "cannot read" in res.stderr


def test_game_record_round_trip(runner, tmp_path):
    record = tmp_path / "game.json"
    res = invoke(runner, "play", "toy", "--seat", "bot:random", "--seat", "bot:random",
                 "--seed", "4", "--record", str(record))
    assert res.exit_code == 0, res.output
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["game"] == "toy" and len(data["actions"]) == 6
    res = invoke(runner, "replay", str(record), "--json", "--lang", "ru")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["kind"] == "record" and out["terminal"] is True and out["actions"] == 6


def test_record_with_illegal_action(runner, tmp_path):
    data = {"game": "toy", "players": 2, "seed": 1, "options": {},
            "setup": {"hands": [[1, 2, 3], [1, 2, 3]]},
            "actions": [[0, "play 1"], [0, "play 2"]]}
    res = invoke(runner, "replay", str(write_json(tmp_path / "r.json", data)))
    assert res.exit_code == 2
    assert "action #2" in res.stderr


def test_log_option_prints_public_events(runner, tmp_path):
    path = write_json(tmp_path / "s.json", SCENARIO)
    res = invoke(runner, "replay", str(path), "--log")
    assert res.exit_code == 0, res.output
    assert "ToyTrick" in res.stdout


SCENARIO_FILES = sorted(Path(__file__).parents[1].glob("scenarios/**/*.json"))


@pytest.mark.parametrize("path", SCENARIO_FILES,
                         ids=[str(p.relative_to(Path(__file__).parents[1]))
                              for p in SCENARIO_FILES])
def test_every_scenario_file_replays(runner, path):
    res = invoke(runner, "replay", str(path), "--json")
    assert res.exit_code == 0, res.stderr
    assert json.loads(res.stdout)["kind"] == "scenario"


def test_abandoned_game_record_replays_unfinished(runner, tmp_path):
    record = tmp_path / "left.json"
    res = invoke(runner, "play", "toy", "-s", "human", "-s", "bot:random", "--seed", "4",
                 "--record", str(record), input="1\nquit\n")
    assert res.exit_code == 0, res.output
    assert "Game abandoned." in res.stdout and "Record saved" in res.stdout
    res = invoke(runner, "replay", str(record), "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    # the bot, the human, the bot again, then the human quits
    assert out["kind"] == "record" and out["terminal"] is False and out["actions"] == 3
