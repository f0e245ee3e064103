"""`koloda play` with the toy game: a full game, hot-seat, input handling, bad options."""

from __future__ import annotations

import pytest

from koloda.cli.setup import seat_list
from koloda.engine import get_spec

from .conftest import invoke


def test_full_game_human_against_bot(runner):
    res = invoke(runner, "play", "toy", "--seat", "human", "--seat", "bot:random",
                 "--seed", "3", input="1\n" * 3)
    assert res.exit_code == 0, res.output
    assert "Your turn, Player 1" in res.stdout
    assert "Game over" in res.stdout
    assert "Pass the device" not in res.stdout


def test_human_sees_only_own_hand(runner):
    res = invoke(runner, "play", "toy", "-s", "human", "-s", "bot:random", "--seed", "3",
                 "-o", "tricks=1", input="1\n")
    assert res.exit_code == 0, res.output
    # the bot's dealt cards never show
    assert "ToyDealt(seat=0" in res.stdout
    assert "ToyDealt(seat=1" not in res.stdout


def test_help_log_bad_number_text_and_refusal(runner):
    res = invoke(runner, "play", "toy", "-s", "human", "-s", "bot:random", "--seed", "3",
                 "-o", "tricks=1", input="help\nlog\n9\nfoo\nplay 7\nplay 4\n")
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "log   — everything you have seen so far" in out
    assert "Your log" in out
    assert "There is no action number 9: choose 1-3." in out
    assert "not a toy action: 'foo'" in out
    assert "Refused: card 7 is not in your hand" in out
    assert "Game over" in out


def test_russian_play(runner):
    res = invoke(runner, "play", "toy", "-s", "human", "-s", "bot:random", "--seed", "3",
                 "-o", "tricks=1", "--lang", "ru", input="1\n")
    assert res.exit_code == 0, res.output
    assert "Ваш ход, Игрок 1" in res.stdout and "Игра окончена" in res.stdout


def test_hot_seat_passes_the_device_before_each_human(runner):
    res = invoke(runner, "play", "toy", "-s", "human", "-s", "human", "--seed", "3",
                 "-o", "tricks=2", input="\n1\n\n1\n\n1\n\n1\n")
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert out.count("Pass the device to Player 1") == 2
    assert out.count("Pass the device to Player 2") == 2
    # the screen for seat 1 comes after seat 0 has chosen, before seat 1's hand is drawn
    first_hand_1 = out.index("ToyDealt(seat=1")
    assert out.index("Pass the device to Player 2") < first_hand_1
    assert "The game as everyone saw it" in out


def test_quit_and_end_of_input(runner):
    res = invoke(runner, "play", "toy", "--seed", "1", input="quit\n")
    assert res.exit_code == 0 and "Game abandoned." in res.stdout
    res = invoke(runner, "play", "toy", "--seed", "1", input="")
    assert res.exit_code == 1 and "Input ended" in res.stdout


def test_bots_only_game_shows_the_public_log(runner):
    res = invoke(runner, "play", "toy", "-s", "bot:random", "-s", "bot:random", "--seed", "2")
    assert res.exit_code == 0, res.output
    assert "The game as everyone saw it" in res.stdout
    assert "ToyDealt" not in res.stdout


def test_same_seed_same_game(runner):
    args = ("play", "toy", "-s", "bot:random", "-s", "bot:random", "--seed", "11")
    assert invoke(runner, *args).stdout == invoke(runner, *args).stdout


@pytest.mark.parametrize("args, message", [
    (["-o", "tricks=9"], "option 'tricks' must be at most 3, got 9"),
    (["-o", "tricks=many"], "option 'tricks' wants an integer, got 'many'"),
    (["-o", "speed=3"], "unknown option 'speed'"),
    (["-o", "tricks"], "-o wants NAME=VALUE, got 'tricks'"),
    (["-o", "tricks=1", "-o", "tricks=2"], "option 'tricks' is given twice"),
    (["-n", "9"], "toy is played by 2-4 players, not 9"),
    (["-n", "2", "-s", "human", "-s", "human", "-s", "human"], "3 seats given for 2 players"),
    (["-s", "robot"], "a seat is 'human' or a bot"),
    (["-s", "bot:nonsense"], "unknown bot 'bot:nonsense' for toy"),
    (["--magic-set", "x.json"], "--magic-set: the game toy has no option 'magic_set_json'"),
    (["--decks", "x.json"], "--decks: the game toy has no option 'decks_json'"),
])
def test_bad_arguments_exit_2_with_one_line(runner, args, message):
    res = invoke(runner, "play", "toy", *args)
    assert res.exit_code == 2, res.output
    assert message in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1
    assert "Traceback" not in res.output


def test_unknown_game(runner):
    res = invoke(runner, "play", "chess")
    assert res.exit_code == 2 and "unknown game 'chess'" in res.stderr


def test_seat_list_rules():
    spec = get_spec("toy")
    assert seat_list(spec, [], None) == ["human", "bot:random"]
    assert seat_list(spec, ["human"], None) == ["human", "bot:random"]
    assert seat_list(spec, ["bot:random", "HUMAN", "human"], None) == [
        "bot:random", "human", "human"]
    assert seat_list(spec, ["human"], 4) == ["human"] + ["bot:random"] * 3
