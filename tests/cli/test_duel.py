"""`koloda play duel`: the README's main job, with the duel's own renderer."""

from __future__ import annotations

import io
import re

from rich.console import Console

from koloda.cli.i18n import Lang
from koloda.cli.play import Terminal
from koloda.cli.render import renderer_for
from koloda.cli.render.duel import DuelRenderer
from koloda.engine import get_spec, load_game
from koloda.play import Table

from .conftest import invoke

MAIN_JOB = ("play", "duel", "--seat", "human", "--seat", "bot:random")


def test_main_job_plays_a_full_duel_always_choosing_1(runner):
    res = invoke(runner, *MAIN_JOB, "--seed", "1", input="1\n" * 40)
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "Your deck — Player 1 (you)" in out
    assert "Type the ids of the cards to take" in out
    assert "Game over" in out


def _deal(seed: int):
    """Player 1's deck for ``seed``, as the view describes it: (battle card ids, card table)."""
    obs = load_game("duel").new(seed=seed).observe(0)
    cards = obs["cards"]
    battle = [c for c in obs["me"]["deck"] if cards[c].get("item") is None]
    return battle, cards


def test_main_job_with_cards_chosen_by_id(runner):
    battle, cards = _deal(5)
    chosen = battle[:3]
    res = invoke(runner, *MAIN_JOB, "--seed", "5", input=" ".join(chosen) + "\n" + "1\n" * 40,
                 env={"COLUMNS": "300"})
    assert res.exit_code == 0, res.output
    line = next(x for x in res.stdout.splitlines() if "Player 1 takes into the hand: " in x)
    for c in chosen:
        assert f"{cards[c]['name_en']} ({cards[c]['type']} {cards[c]['strength']}" in line
    assert "Game over" in res.stdout


def test_duel_view_shows_cards_in_words_and_hides_the_opponent(runner):
    battle, cards = _deal(5)
    res = invoke(runner, *MAIN_JOB, "--seed", "5", input=" ".join(battle[:3]) + "\n" + "1\n" * 40)
    out = res.stdout
    for c in battle:
        info = cards[c]
        line = f"[{c}] {info['name_en']} — {info['type']} {info['strength']}"
        if info["requires"]:
            line += " · needs " + {"cold": "cold weapon", "firearm": "firearm"}[info["requires"]]
        if info["deadly"]:
            line += " · ☠"
        assert line in out
    assert "weapon items" in out
    assert "Player 1: deck —" in out
    assert "Player 2: deck —" not in out
    assert "Player 2 takes into the hand" not in out
    before_first_reveal = out.split("Round 1: Player 1: ")[0]
    assert not re.search(r"\[b\d\d\]", before_first_reveal)


def test_russian_duel(runner):
    battle, cards = _deal(5)
    res = invoke(runner, *MAIN_JOB, "--seed", "5", "--lang", "ru", input="1\n" * 40)
    assert res.exit_code == 0, res.output
    assert "Ваша колода — Игрок 1 (вы)" in res.stdout
    info = cards[battle[0]]
    ru_type = {"attack": "атака", "trick": "уловка", "defence": "защита"}[info["type"]]
    assert f"{info['name_ru']} — {ru_type} {info['strength']}" in res.stdout
    assert "Игра окончена" in res.stdout


def test_language_from_the_environment(runner):
    res = invoke(runner, *MAIN_JOB, "--seed", "5", input="1\n" * 40, env={"KOLODA_LANG": "ru"})
    assert res.exit_code == 0 and "Ваша колода" in res.stdout


def test_default_seats_human_against_the_heuristic_bot(runner):
    res = invoke(runner, "play", "duel", "--seed", "2", input="1\n" * 40)
    assert res.exit_code == 0, res.output
    assert "Player 1 — human, Player 2 — bot:heuristic" in res.stdout


def test_duel_options(runner):
    res = invoke(runner, *MAIN_JOB, "--seed", "3", "-o", "rounds_to_win=3", "-o", "mode=attack",
                 input="1\n" * 60)
    assert res.exit_code == 0, res.output
    assert "Player 1 (you) attacks, to 3 round wins" in res.stdout
    assert "You attack: take exactly 5 cards" in res.stdout
    res = invoke(runner, *MAIN_JOB, "-o", "mode=duel")
    assert res.exit_code == 2
    assert "option 'mode' must be one of agreement, attack" in res.stderr


def test_hot_seat_duel(runner):
    res = invoke(runner, "play", "duel", "-s", "human", "-s", "human", "--seed", "4",
                 input="\n1\n" * 40)
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "Pass the device to Player 1" in out and "Pass the device to Player 2" in out
    first_2 = out.index("Pass the device to Player 2")
    assert "Your deck — Player 2" not in out[:first_2]
    assert "Your deck — Player 2" in out[first_2:]
    assert "The game as everyone saw it" in out


def test_bots_only_duel_shows_what_witnesses_see(runner):
    res = invoke(runner, "play", "duel", "-s", "bot:random", "-s", "bot:heuristic",
                 "--seed", "9")
    assert res.exit_code == 0, res.output
    assert "The game as everyone saw it" in res.stdout
    assert ": deck —" not in res.stdout and "takes into the hand" not in res.stdout


def test_handover_clears_the_screen_before_and_after():
    buf = io.StringIO()
    out = Console(file=buf, force_terminal=True, width=80)
    term = Terminal(out, renderer_for(get_spec("duel"), Lang.en))
    out.input = lambda prompt="": ""  # type: ignore[method-assign]
    term.handover(1)
    text = buf.getvalue()
    clear = "\x1b[2J"
    assert text.count(clear) == 2 and text.count("\x1b[3J") == 2  # the scrollback too
    assert text.index(clear) < text.index("Pass the device to Player 2") < text.rindex(clear)


SETUP = {"decks": [["punch", "snap_shot", "kick", "pistol", "dagger"], ["trip", "block"]]}


def _view(state=None):
    game = load_game("duel")
    state = state if state is not None else game.from_setup(SETUP, seed=1)
    table = Table(game=game, state=state, seats=[None, None])  # type: ignore[list-item]
    return state, table.view(0)


def test_renderer_labels_contain_the_action_text():
    _, view = _view()
    r = DuelRenderer(get_spec("duel"), Lang.en)
    for action in view.legal:
        assert r.action_label(action, view).startswith(str(action))
    assert r.action_label(view.legal[0], view) == "hand — take no cards"
    assert "hand a01 a02 — Punch (attack 1), Snap shot (defence 4 ☠)" in [
        r.action_label(a, view) for a in view.legal]


def test_renderer_shortcuts():
    state, view = _view()
    r = DuelRenderer(get_spec("duel"), Lang.en)
    assert str(r.parse_shortcut("a03 a01", view)) == "hand a01 a03"
    assert r.parse_shortcut("z99", view) is None
    state.apply_text(0, "hand a01 a02")
    state.apply_text(1, "hand b01")
    _, view = _view(state)
    assert str(r.parse_shortcut("a01", view)) == "play a01"
    # a02 (Snap shot) needs a firearm: the shortcut shows the pistol a04 and may declare a kill
    assert str(r.parse_shortcut("a02", view)) == "play a02 show a04"
    assert str(r.parse_shortcut("a02 kill", view)) == "play a02 show a04 kill"
    assert r.parse_shortcut("a01 kill", view) is None


def test_readme_lines_start(runner):
    res = invoke(runner, "play", "duel", "--seat", "human", "--seat", "bot:heuristic",
                 "--seed", "3", input="1\n" * 40)
    assert res.exit_code == 0 and "Game over" in res.stdout
    res = invoke(runner, "play", "nevermore", "--players", "4", "--seat", "human", "--seat",
                 "bot:heuristic", "--seed", "3", input="quit\n")
    assert res.exit_code == 0, res.output
    words = " ".join(res.stdout.split())
    assert "Player 1 — human, Player 2 — bot:heuristic, Player 3 — bot:heuristic" in words
    assert "Game abandoned." in res.stdout
