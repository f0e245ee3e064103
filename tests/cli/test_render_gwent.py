"""Gwent's terminal renderer: real views from seeded matches, in both languages, 80 columns,
key facts shown, nothing of another seat's hand; the short answers by card letter."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from rich.cells import cell_len

from koloda.cli.games import number_text
from koloda.cli.i18n import Lang
from koloda.cli.render.gwent import GwentRenderer
from koloda.engine import GameState, Rng, load_game
from koloda.games.gwent.cards import info
from koloda.play import SeatView

from .conftest import invoke
from .render_helpers import WIDTH, random_positions, render, renderer_of, turn_screen
from .render_helpers import view_of as view_of_game


def renderer(lang: Lang = Lang.en) -> GwentRenderer:
    r: GwentRenderer = renderer_of("gwent", GwentRenderer, lang)
    return r


def view_of(state: GameState, seat: int) -> SeatView:
    return view_of_game("gwent", state, seat)


def positions(players: int, seed: int, **options: Any) -> Iterator[tuple[str, GameState]]:
    """A match played by random legal actions: its start, four points mid-match, its end."""
    return random_positions("gwent", players, seed, {5, 20, 45, 90}, **options)


CASES = [(2, 1), (3, 2), (4, 3)]


def flat(text: str) -> str:
    """The words of a drawing, whatever the line breaks and panel borders."""
    return " ".join(text.replace("│", " ").split())


def _ids(value: Any) -> set[str]:
    """Every card in play (``id#n``) named anywhere in a view."""
    return {x for x in json.dumps(value).replace('"', " ").replace(",", " ").split()
            if "#" in x}


@pytest.mark.parametrize(("players", "seed"), CASES)
@pytest.mark.parametrize("lang", [Lang.en, Lang.ru])
def test_views_render_within_80_columns_with_the_key_facts(players, seed, lang):
    r = renderer(lang)
    for when, state in positions(players, seed):
        for seat in range(players):
            obs = state.observe(seat)
            text = render(r.observation(obs, seat=seat))
            wide = [line for line in text.splitlines() if cell_len(line) > WIDTH]
            assert not wide, (when, wide)
            words = flat(text)
            for c in obs["hand"]:
                assert info(c).name(str(lang)) in words, (when, c)
            for i in range(players):
                row = next(line for line in text.splitlines()
                           if line.startswith(r.seat_name(i, me=seat) + " "))
                assert f" {obs['points'][i]} " in row
                assert f" {number_text(obs['damage'][i])} " in row
                assert f"{obs['hand_counts'][i]}/{obs['deck_counts'][i]}" in row
            ex = obs["exchange"]
            if ex is not None and obs["phase"] == "play":
                for s in ex["stacks"]:
                    assert f"s{s['id']} " in text
                    for layer in s["layers"]:
                        for c in layer["cards"]:
                            assert info(c).name(str(lang)) in words
                ap = "AP" if lang == "en" else "ОД"
                assert f"{ap} {ex['ap'][0]}" in text and f"{ap} {ex['ap'][1]}" in text


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_nothing_of_another_seats_hand_is_drawn(players, seed):
    r = renderer()
    for when, state in positions(players, seed):
        for me in range(players):
            mine = state.observe(me)
            words = flat(render(r.observation(mine, seat=me)))
            seen_names = {info(c).name_en for c in _ids(mine)}
            for other in range(players):
                if other == me:
                    continue
                for c in state.observe(other)["hand"]:
                    name = info(c).name_en
                    if c in _ids(mine) or any(name in n for n in seen_names):
                        continue
                    assert name not in words, (when, me, other, c)


def test_a_throw_in_window_and_a_hidden_throw():
    """In a throw-in window each watcher sees the window and the values that may be matched;
    what another watcher decided to throw stays hidden until the window closes."""
    r = renderer()
    state = load_game("gwent", players=4).new(seed=11)
    rng = Rng(11)
    windows = hidden = 0
    while not state.is_terminal and hidden < 5:
        window = state.observe(None)["throw_in"]
        if window is not None:
            windows += 1
            for seat in window["seats"]:
                obs = state.observe(seat)
                text = render(r.observation(obs, seat=seat))
                assert "Throw-in window" in text and "attacker's side" in text
                for other in window["decided"]:
                    theirs = state.observe(other)["throw_in"]["mine"]
                    if other == seat or not theirs:
                        continue
                    hidden += 1
                    seen = {info(c).name_en for c in _ids(obs)}
                    for c in theirs[1:]:
                        name = info(c).name_en
                        if not any(name in n for n in seen):
                            assert name not in flat(text)
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
    assert windows and hidden


@pytest.mark.parametrize("lang", [Lang.en, Lang.ru])
def test_the_turn_screen_lists_numbered_actions_with_their_text(lang):
    r = renderer(lang)
    for _, state in positions(3, 7):
        if state.is_terminal:
            continue
        seat = state.to_act[0]
        view = view_of(state, seat)
        out = turn_screen(r, view)
        for i, action in enumerate(view.legal[:r.list_limit(view)], start=1):
            assert r.action_label(action, view).startswith(str(action))
            assert f"{i}. {action!s}" in out
        assert all(cell_len(line) <= WIDTH for line in out.splitlines())


def test_every_play_has_a_short_answer():
    """``c new`` / ``c s2`` (+ suit, + decoy) names exactly the play it describes."""
    r = renderer()
    checked = 0
    for players, seed in CASES:
        state = load_game("gwent", players=players).new(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal:
            seat = state.to_act[0]
            view = view_of(state, seat)
            keys = {c: k for k, c in r.keys(view.observation).items()}
            for action in view.legal:
                text = str(action)
                if not text.startswith("play "):
                    continue
                body, _, where = text.split()[1].rpartition("@")
                main, _, decoy = body.partition("+")
                card, _, suit = main.partition(":")
                short = " ".join(x for x in (keys[card], where, suit,
                                             "decoy" if decoy else "") if x)
                assert r.parse_shortcut(short, view) == action, (short, text)
                label = r.action_label(action, view)
                assert f"— {keys[card]}: {info(card).name_en}" in label
                checked += 1
            state.apply(seat, state.random_action(seat, rng))
    assert checked > 100
    # words that say no single action are not a shortcut
    state = load_game("gwent", players=2).new(seed=1)
    view = view_of(state, state.to_act[0])
    assert r.parse_shortcut("zz new", view) is None
    assert r.parse_shortcut("a nowhere", view) is None
    assert r.parse_shortcut("pass", view) is None


def test_action_words_in_both_languages():
    r, ru = renderer(), renderer(Lang.ru)
    state = load_game("gwent", players=3).new(seed=2)
    view = view_of(state, state.to_act[0])
    obs = view.observation
    first_play = next(a for a in view.legal if str(a).endswith("@new"))
    card = str(first_play).split()[1].partition("@")[0].partition(":")[0].partition("+")[0]
    assert r.action_label(first_play, view).endswith("in attack")
    assert info(card).name_ru in ru.action_label(first_play, view)
    assert r._describe("end", obs) == "end this action"
    assert ru._describe("name att close", obs) == "назначить масть открытых карт атакующего: ⚔ Мечи"
    assert r._describe("deck nilfgaard", obs) == "choose the deck Nilfgaard"
    assert r._describe("spy ng_stefan_skellen#1", obs).startswith("Spy Stefan Skellen")
    assert r._describe("throw def nr_ballista#1,nr_ballista#2", obs) == (
        "throw in on the defender's side: Ballista 6⚙, Ballista 6⚙")
    assert r._describe("medic nr_dun_banner_medic#1 nr_ves#1", obs) == (
        "Medic Dun Banner Medic 0⚙✚ revives Ves 5⚔")
    assert ru._describe("scorch sp_scorch#1 mo_ice_giant#1", obs) == (
        "Казнь ☄ казнит Ледяной Великан 5⚙")


def test_koloda_play_gwent(runner):
    res = invoke(runner, "play", "gwent", "--players", "3", "-s", "human", "-s", "bot:random",
                 "-s", "bot:random", "--seed", "3", "-o", "rounds=1", input="1\n" * 300)
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "Gwent at the table · Round 1 · Exchange 1:" in out
    assert "Your hand — Player 1" in out and "Your hand — Player 2" not in out
    assert "Game over" in out


def test_koloda_play_gwent_russian_choosing_decks(runner):
    res = invoke(runner, "play", "gwent", "-s", "human", "-s", "bot:random", "--seed", "5",
                 "-o", "deck_choice=choose", "--lang", "ru", input="1\nquit\n")
    assert res.exit_code == 0, res.output
    assert "Колоды выбирают по кубику" in res.stdout
    assert "выбрать колоду" in res.stdout


def test_koloda_play_gwent_with_a_short_answer(runner):
    state = load_game("gwent", players=2).new(seed=5)
    assert state.to_act == (0,)
    view = view_of(state, 0)
    r = renderer()
    key, card = next((k, c) for k, c in r.keys(view.observation).items()
                     if any(str(a) == f"play {c}@new" for a in view.legal))
    res = invoke(runner, "play", "gwent", "-s", "human", "-s", "bot:random", "--seed", "5",
                 input=f"{key} new\nquit\n", env={"KOLODA_LANG": "", "COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert f"Player 1: {info(card).name_en} (" in res.stdout and " in attack, stack 1" in res.stdout


@pytest.mark.parametrize("lang", [Lang.en, Lang.ru])
def test_a_witness_sees_the_table_and_no_hand(lang):
    r = renderer(lang)
    for when, state in positions(3, 4):
        obs = state.observe(None)
        text = render(r.observation(obs, seat=None))
        assert all(cell_len(line) <= WIDTH for line in text.splitlines()), when
        assert ("Ваша рука" if lang == "ru" else "Your hand") not in text
        seen = {info(c).name(str(lang)) for c in _ids(obs)}
        for seat in range(3):
            for c in state.observe(seat)["hand"]:
                name = info(c).name(str(lang))
                if not any(name in n for n in seen):
                    assert name not in flat(text), (when, c)
