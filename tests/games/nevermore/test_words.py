"""Nevermore's refusals and results in words: every key the rules say has its Russian entry
(the same placeholders), and refusals met in play read in Russian without English words, raw
action syntax or card numbers, while the English stays the rules' own."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import koloda
import koloda.games.nevermore as package
from koloda.action_words import refusal_text, summary_text
from koloda.engine import IllegalAction, Rng, load_game
from koloda.engine.state import GameState

CATALOGUE = Path(koloda.__file__).parent / "locale" / "ru" / "LC_MESSAGES" / "nevermore.po"


def _said() -> dict[str, str | tuple[str, str]]:
    """Every ``say("nevermore.…", "English")`` in the game's sources: key → English (and every
    ``say_count(key, one, many, n)``: key → its two English forms)."""
    out: dict[str, str | tuple[str, str]] = {}
    for path in Path(package.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("say", "say_count") and len(node.args) >= 2
                    and all(isinstance(a, ast.Constant) for a in node.args[:2])):
                continue
            key = node.args[0].value  # type: ignore[attr-defined]
            english: str | tuple[str, str] = str(node.args[1].value)  # type: ignore[attr-defined]
            if node.func.id == "say_count":
                english = (str(english), str(node.args[2].value))  # type: ignore[attr-defined]
            assert isinstance(key, str) and key.startswith("nevermore."), key
            assert out.get(key, english) == english, f"{key}: two English texts"
            out[key] = english
    return out


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_key_has_its_russian_entry_with_the_same_placeholders() -> None:
    with CATALOGUE.open("rb") as f:
        cat = read_po(f, locale="ru")
    entries = {(m.context, m.id): m.string for m in cat if m.id}
    said = _said()
    assert len(said) >= 25 and any(isinstance(e, tuple) for e in said.values())
    for key, english in said.items():
        found = [entries[(ctx, english)] for ctx in (f"refusal.{key}", f"summary.{key}")
                 if (ctx, english) in entries]
        assert len(found) == 1, f"{key}: no Russian entry for {english!r}"
        forms = found[0] if isinstance(found[0], tuple) else (found[0],)
        if isinstance(english, tuple):
            assert len(forms) == 3, key  # Russian's three plural forms
        one = english[0] if isinstance(english, tuple) else english
        for russian in forms:
            assert isinstance(russian, str) and russian and russian != one
            assert _fields(russian) == _fields(one), key
            assert not re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", russian)), russian


def _refused(state: GameState, seat: int, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        state.verify(seat, state.parse_action(text))
    return e.value


def test_sample_refusals_read_in_russian() -> None:
    g = load_game("nevermore", players=4, anytime_in_draft=False)
    s = g.new(seed=1)
    while s.stage.value != "pass":  # the draft window: everyone holding magic says done
        s.apply(s.to_act[0], g.parse_action("done"))
    hand = s.hands[0]
    outside = next(c for c in range(60) if c not in hand)
    cases = {
        "commit 0": ("now is a draft pass: pass 3 cards",
                     "сейчас передача карт драфта: передайте 3 карты"),
        f"pass {hand[0]}": ("pass 1 passes exactly 3 cards, not 1",
                            "в 1-й передаче передают ровно 3 карты, а не 1"),
        "play 205": ("now is a draft pass: pass 3 cards",
                     "сейчас передача карт драфта: передайте 3 карты"),
    }
    for text, (en, ru) in cases.items():
        e = _refused(s, 0, text)
        assert e.reason == en and refusal_text(g.name, e, "en") == en
        assert refusal_text(g.name, e, "ru") == ru
    e = _refused(s, 0, f"pass {hand[0]} {hand[1]} {outside}")
    assert e.reason == f"card {outside} is not in your hand"
    suit = {"attack": "⚔ Атака", "healing": "♥ Лечение", "radiance": "✺ Сияние",
            "victory": "♛ Победа", "raven": "✒ Ворон"}[["attack", "healing", "radiance",
                                                      "victory", "raven"][outside // 12]]
    assert refusal_text(g.name, e, "ru") == f"карты «{suit}» нет у вас на руке"


def test_the_last_pass_and_a_magic_card_not_held_read_in_russian() -> None:
    g = load_game("nevermore", players=3, anytime_in_draft=False)
    s = g.new(seed=2)
    rng = Rng.from_seed(2)
    while not (s.stage.value == "pass" and s.pass_no == 3):
        s.apply(s.to_act[0], s.random_action(s.to_act[0], rng))
    e = _refused(s, s.to_act[0], "commit 1")
    assert refusal_text(g.name, e, "ru") == "сейчас передача карт драфта: передайте 1 карту"
    while s.stage.value != "magic":
        s.apply(s.to_act[0], s.random_action(s.to_act[0], rng))
    seat = s.to_act[0]
    ms = s.magic_set
    other = next(c for c in ms.light_ids + ms.shadow_ids if c not in s.magic[seat])
    e = _refused(s, seat, f"play {other}")
    assert e.reason == f"magic card {other} is not in your hand"
    name = ms.card(other).name_ru
    assert refusal_text(g.name, e, "ru") == f"карты магии «{name}» нет у вас на руке"


@pytest.mark.parametrize("players", [3, 5])
def test_refusals_met_in_random_play_read_in_russian_without_english_or_numbers(
        players: int) -> None:
    g = load_game("nevermore", players=players)
    s = g.new(seed=players)
    rng = Rng.from_seed(players)
    tried = ("done", "pass 0 1 2", "pass 59", "commit 9", "commit 0", "play 205 1", "play 101",
             "attack all", "attack 0", "peck")
    seen: set[str] = set()
    while not s.is_terminal and len(s.history) < 400:
        for seat in s.to_act:
            for text in tried:
                words = s.check(seat, g.parse_action(text))
                if words is None:
                    continue
                ru = refusal_text(g.name, words, "ru")
                assert not re.search(r"[A-Za-z{}]|\d{2,}", ru), (text, ru)
                seen.add(words.key)
        seat = s.to_act[0]
        s.apply(seat, s.random_action(seat, rng))
    assert len(seen) >= 8


def test_a_result_reads_in_russian_by_the_tables_names() -> None:
    g = load_game("nevermore", players=3)
    s = g.new(seed=3)
    rng = Rng.from_seed(3)
    while not s.is_terminal:
        s.apply(s.to_act[0], s.random_action(s.to_act[0], rng))
    r = s.result()
    assert r is not None and r.words is not None
    assert summary_text(g.name, r, "en") == r.summary
    assert summary_text(g.name, r, "ru") == r.summary_ru
    names = ["Аня", "Боря", "Вика"]
    assert summary_text(g.name, r, "ru", names).startswith(f"{names[s.winner]} побеждает")
    stopped = load_game("nevermore", players=4, max_rounds=1).new(seed=5)
    while not stopped.is_terminal:
        stopped.apply(stopped.to_act[0], stopped.random_action(stopped.to_act[0], rng))
    r = stopped.result()
    assert r is not None and stopped.winner < 0
    assert summary_text(g.name, r, "ru") == "игра остановлена после раунда 1 без победителя"
