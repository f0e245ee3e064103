import json

import typer
from typer.testing import CliRunner

from koloda.cli.duel_advise import register

app = typer.Typer()
register(app)


@app.callback()
def _root() -> None:
    """A command group like ``koloda``."""


runner = CliRunner()


def advise(*args):
    return runner.invoke(app, ["duel", "advise", *args])


def test_position_advice_json():
    result = advise("--mine", "punch,trip", "--theirs", "block", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    # punch loses to block, trip beats block, then trip/punch against no card wins
    assert data["win"] == 1.0 and data["value"] == 1.0
    mix = {row["cards"][0]: row["probability"] for row in data["next_round"]["mine"]}
    assert mix["Trip"] == 1.0


def test_position_advice_table_in_russian():
    result = advise("--mine", "punch", "--mine", "attack:3", "--theirs", "dodge,trip",
                    "--score", "1:1", "--lang", "ru")
    assert result.exit_code == 0, result.output
    assert "Удар кулаком" in result.stdout and "победа" in result.stdout
    assert "смешанная стратегия" in result.stdout and "атака 3" in result.stdout
    assert "win" not in result.stdout and "probability" not in result.stdout


def test_cards_named_in_russian_or_english_as_printed():
    by_key = advise("--mine", "punch,trip", "--theirs", "block", "--json")
    by_name = advise("--mine", "удар кулаком, Подножка", "--theirs", "БЛОК", "--json")
    by_english = advise("--mine", "Punch,trip", "--theirs", "Block", "--json")
    assert by_name.exit_code == 0, by_name.output
    assert json.loads(by_name.stdout) == json.loads(by_key.stdout) == json.loads(by_english.stdout)
    spinning = advise("--mine", "удар с разворота", "--theirs", "spinning-strike", "--json")
    assert spinning.exit_code == 0, spinning.output


def test_hand_advice_table_in_russian():
    result = advise("--deck", "punch,kick,trip,block,dodge,rapier_thrust", "--theirs", "kick",
                    "--their-size", "2", "--top", "2", "--lang", "ru")
    assert result.exit_code == 0, result.output
    assert "лучшие руки" in result.stdout and "поражение" in result.stdout
    assert "Укол шпагой" not in result.stdout.split("лучшие руки")[1]  # no rapier in the deck
    assert "не берутся" in result.stdout


def test_hand_choice_known_and_partly_known():
    deck = "punch,kick,trip,block,dodge,rapier_thrust,shot,dagger"
    result = advise("--deck", deck, "--theirs", "kick,kick", "--json", "--top", "2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["left_out_for_want_of_a_weapon"] == ["Shot"]  # no firearm in the deck
    assert len(data["hands"]) == 2 and data["hands"][0]["win"] == 1.0
    result = advise("--deck", "punch,trip,block,dodge", "--theirs", "kick", "--their-size",
                    "2", "--attack", "--json")
    assert result.exit_code == 2  # four cards cannot make the attacker's five
    result = advise("--deck", "punch,trip,block,dodge,kick", "--theirs", "kick",
                    "--their-size", "2", "--attack", "--json")
    data = json.loads(result.stdout)
    assert data["opponent_hands_considered"] > 1 and len(data["hands"][0]["cards"]) == 5


def test_errors():
    for args, message in [
        (["--mine", "nonsense"], "unknown card"),
        (["--mine", "dagger"], "weapon item"),
        (["--mine", "punch", "--score", "x"], "--score"),
        (["--mine", "punch", "--score", "2:0"], "round wins"),
        (["--theirs", "punch"], "--mine"),
        (["--mine", "wizard:3"], "TYPE:STRENGTH"),
    ]:
        result = advise(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.stderr


def test_russian_answer_with_decimal_commas_plurals_and_the_clis_language_rule():
    """Russian card names in, Russian names out; figures with a decimal comma; the count of
    opponent hands with its plural form; ``$KOLODA_LANG`` as every command reads it."""
    import re

    result = runner.invoke(app, ["duel", "advise", "--mine", "удар кулаком,подножка",
                                 "--theirs", "пинок,уклонение"], env={"KOLODA_LANG": "ru"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Удар кулаком" in out and "Пинок" in out and "при лучшей игре" in out
    assert re.search(r"\d,\d", out) and not re.search(r"\d\.\d", out)
    assert "Punch" not in out and "probability" not in out
    english = runner.invoke(app, ["duel", "advise", "--mine", "удар кулаком,подножка",
                                  "--theirs", "пинок,уклонение"], env={"KOLODA_LANG": ""})
    assert "Punch" in english.stdout and "under best play" in english.stdout
    hands = runner.invoke(app, ["duel", "advise", "--deck", "удар кулаком,пинок,подножка,блок",
                                "--theirs", "пинок", "--their-size", "2", "--top", "1",
                                "--lang", "ru"], env={"KOLODA_LANG": ""})
    assert hands.exit_code == 0, hands.output
    n = int(re.search(r"против (\d+) возможн", hands.stdout).group(1))
    form = "возможной руки" if n % 10 == 1 and n % 100 != 11 else "возможных рук"
    assert f"против {n} {form} противника:" in hands.stdout
