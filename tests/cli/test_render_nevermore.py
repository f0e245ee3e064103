"""Nevermore's terminal renderer: real views from seeded games, in both languages, 80 columns,
key facts shown, nothing of another seat's hand."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.cells import cell_len

from koloda.cli.i18n import Lang
from koloda.cli.render.nevermore import NevermoreRenderer
from koloda.engine import GameState, load_game
from koloda.games.nevermore.cards import card_label
from koloda.play import SeatView

from .conftest import invoke
from .render_helpers import WIDTH, random_positions, render, renderer_of, turn_screen
from .render_helpers import view_of as view_of_game


def renderer(lang: Lang = Lang.en) -> NevermoreRenderer:
    r: NevermoreRenderer = renderer_of("nevermore", NevermoreRenderer, lang)
    return r


def view_of(state: GameState, seat: int) -> SeatView:
    return view_of_game("nevermore", state, seat)


def positions(players: int, seed: int) -> Iterator[tuple[str, GameState]]:
    """A game played by random legal actions: its start, three points mid-game, its end."""
    return random_positions("nevermore", players, seed, {8, 30, 80})


CASES = [(3, 1), (4, 2), (6, 3)]


def labelled(text: str, label: str) -> bool:
    """Whether the card label (``A1``) appears as a whole word (not inside ``A10``)."""
    return re.search(rf"(?<![A-Za-z0-9]){label}(?![0-9])", text) is not None


def _visible_cards(obs: dict[str, Any]) -> set[int]:
    you = obs.get("you") or {}
    seen = {c["id"] for c in you.get("hand", [])}
    seen.update(c["id"] for p in obs["players_info"] for c in p["table"])
    seen.update(obs["discard"])
    for group in (*you.get("passed", []), *you.get("received", [])):
        seen.update(group)
    seen.update(you.get("final_hand", []))
    return seen


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
            for c in obs["you"]["hand"]:
                assert labelled(text, card_label(c["id"])), (when, c)
            for p in obs["players_info"]:
                assert f"♥ {p['health']}/{obs['max_health']}" in text
                assert f"★ {p['vp']}" in text
            for m in obs["you"]["magic"]:
                assert (m["name_ru"] if lang == "ru" else m["name_en"]) in text
            title = obs["magic_set"]["title_ru" if lang == "ru" else "title_en"]
            assert title.split()[0] in text
            assert ("Раунд" if lang == "ru" else "Round") in text


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_nothing_of_another_seats_hand_is_drawn(players, seed):
    r = renderer()
    for when, state in positions(players, seed):
        for me in range(players):
            mine = state.observe(me)
            text = render(r.observation(mine, seat=me))
            visible = _visible_cards(mine)
            my_magic = {m["name_en"] for m in mine["you"]["magic"]}
            for other in range(players):
                if other == me:
                    continue
                theirs = state.observe(other)["you"]
                for c in theirs["hand"]:
                    if c["id"] not in visible:
                        assert not labelled(text, card_label(c["id"])), (when, me, other, c)
                for m in theirs["magic"]:
                    if m["name_en"] not in my_magic:
                        assert m["name_en"] not in text, (when, me, other, m)
                if theirs["choice"] and theirs["choice"] != mine["you"]["choice"]:
                    assert theirs["choice"] not in text


@pytest.mark.parametrize("lang", [Lang.en, Lang.ru])
def test_the_turn_screen_lists_numbered_actions_with_their_text(lang):
    r = renderer(lang)
    for _, state in positions(4, 5):
        if state.is_terminal:
            continue
        seat = state.to_act[0]
        view = view_of(state, seat)
        out = turn_screen(r, view)
        for i, action in enumerate(view.legal, start=1):
            label = r.action_label(action, view)
            assert label.startswith(str(action))
            assert f"{i}. {action!s}" in out
        assert all(cell_len(line) <= WIDTH for line in out.splitlines())


def test_action_words():
    state = load_game("nevermore", players=4).new(seed=1)
    r = renderer()
    # the draft: cards given are named by their labels
    while state.observe(0)["stage"] != "pass":
        seat = state.to_act[0]
        state.apply_text(seat, "done")
    view = view_of(state, 0)
    hand = [c["id"] for c in view.observation["you"]["hand"]]
    first = view.legal[0]
    labels = " ".join(card_label(int(c)) for c in str(first).split()[1:])
    assert r.action_label(first, view) == f"{first} — give {labels}"
    assert "Type the cards to give by their labels" in (r.input_hint(view) or "")
    assert "Draft, pass 1 of 3: everyone gives 3 card(s) to the left" in render(
        r.observation(view.observation, seat=0))
    ru = renderer(Lang.ru)
    assert ru.action_label(first, view) == f"{first} — отдать {labels}"
    # a shortcut: labels alone, any case and order
    chosen = sorted(hand[:3])
    typed = " ".join(card_label(c).lower() for c in reversed(chosen))
    assert str(r.parse_shortcut(typed, view)) == "pass " + " ".join(str(c) for c in chosen)
    assert r.parse_shortcut("Z9", view) is None
    assert r.parse_shortcut("done", view) is None


def test_commit_attack_and_magic_words():
    r = renderer()
    obs: dict[str, Any] = {
        "stage": "commit", "step": "healing", "players": 4, "attack_amount": 3,
        "you": {"hand": [{"id": 12, "suit": "healing"}, {"id": 13, "suit": "healing"},
                         {"id": 50, "suit": "raven"}],
                "magic": [{"id": 107, "name_en": "Glint of a Blade", "name_ru": "Отблеск"}]},
    }
    assert r._describe("commit 0", obs, 0) == "lay 2 Healing card(s) → counts 2"
    assert r._describe("commit 1 107", obs, 0) == (
        "lay 2 Healing card(s), 1 raven(s) cancel 1 of them + Glint of a Blade → counts 2")
    assert r._describe("play 107 2", obs, 0) == "play Glint of a Blade on Player 3"
    assert r._describe("attack 2", obs, 0) == "strike Player 3: 3 damage"
    assert r._describe("attack all", obs, 0).startswith("strike everyone")
    assert r._describe("done", {**obs, "stage": "peck"}, 0) == "do not peck"


def test_koloda_play_nevermore_to_the_end(runner):
    res = invoke(runner, "play", "nevermore", "--players", "3", "-s", "human", "-s", "bot:random",
                 "-s", "bot:random", "--seed", "4", "-o", "max_rounds=2",
                 input="1\n" * 400)
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "Reveal order: ⚔ Attack → ♥ Healing → ✺ Radiance → ♛ Victory" in out
    assert "Your hand — Player 1" in out and "Your hand — Player 2" not in out
    assert "Koloda's own magic set" in out
    assert "Game over" in out


def test_koloda_play_nevermore_in_russian_with_a_label_shortcut(runner):
    state = load_game("nevermore", players=3).new(seed=4)
    res = invoke(runner, "play", "nevermore", "--players", "3", "-s", "human", "-s", "bot:random",
                 "-s", "bot:random", "--seed", "4", "--lang", "ru", input="quit\n")
    assert res.exit_code == 0, res.output
    assert "Раскрытие: ⚔ Атака → ♥ Лечение" in res.stdout
    assert "Ваша рука — Игрок 1" in res.stdout
    hand = [c["id"] for c in state.observe(0)["you"]["hand"]]
    for c in hand:
        assert labelled(res.stdout, card_label(c))


@pytest.mark.parametrize("lang", [Lang.en, Lang.ru])
def test_a_witness_sees_the_table_and_no_hand(lang):
    r = renderer(lang)
    for when, state in positions(4, 2):
        obs = state.observe(None)
        text = render(r.observation(obs, seat=None))
        assert all(cell_len(line) <= WIDTH for line in text.splitlines()), when
        assert ("Ваша рука" if lang == "ru" else "Your hand") not in text
        for p in obs["players_info"]:
            assert f"♥ {p['health']}/{obs['max_health']}" in text
        visible = {c["id"] for p in obs["players_info"] for c in p["table"]} | set(obs["discard"])
        for seat in range(4):
            for c in state.observe(seat)["you"]["hand"]:
                if c["id"] not in visible:
                    assert not labelled(text, card_label(c["id"])), (when, c)


def test_the_windows_between_draft_passes_are_named() -> None:
    r = renderer()
    assert r._window({"window": "pass1"}) == "after pass 1"
    assert renderer(Lang.ru)._window({"window": "pass2"}) == "после 2-й передачи"
