"""Gwent's refusals and result in words: every key has its Russian words in ``gwent.po``, the
Russian reads with cards, decks, suits and sides named in Russian (no card ids, no English),
the English stays what the check always said, and a refusal names nothing hidden."""

from __future__ import annotations

import ast
import re
from importlib.resources import files
from pathlib import Path

from babel.messages.pofile import read_po

from koloda.action_words import refusal_text, summary_text
from koloda.engine import IllegalAction, Rng, Words, load_game
from koloda.games import gwent
from koloda.games.gwent.actions import Pass, Play, parse_action
from koloda.games.gwent.describe import _WORDS
from koloda.games.gwent.events import GwentMatchEnded, result_words
from tests.games.gwent.helpers import act, table

PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
#: the key whose template holds only separators (its values are named in each language)
SEPARATORS_ONLY = {"gwent.list"}


def _said() -> dict[str, tuple[str, str, set[str]]]:
    """Every ``say("gwent.…", "English", **values)`` written in Gwent's modules: key ->
    (English, file, the values' names)."""
    found: dict[str, tuple[str, str, set[str]]] = {}
    for path in sorted(Path(gwent.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("say", "say_count")):
                key, english = node.args[0], node.args[1]
                assert isinstance(key, ast.Constant), f"{path.name}: a say() with a computed key"
                if key.value in SEPARATORS_ONLY:
                    continue
                assert isinstance(english, ast.Constant), f"{path.name}: {key.value}"
                counted = {"n"} if node.func.id == "say_count" else set()  # (its count)
                found[str(key.value)] = (str(english.value), path.name,
                                         {k.arg for k in node.keywords if k.arg} | counted)
    return found


def _catalogue() -> dict[tuple[str, str], object]:
    po = files("koloda").joinpath("locale", "ru", "LC_MESSAGES", "gwent.po")
    with po.open("rb") as f:
        cat = read_po(f, locale="ru")
    return {(m.context or "", m.id if isinstance(m.id, str) else m.id[0]): m.string
            for m in cat if m.id}


def test_every_key_has_russian_words_with_known_placeholders() -> None:
    said = _said()
    assert len(said) > 40
    cat = _catalogue()
    for key, (english, filename, values) in said.items():
        assert key.startswith("gwent."), key
        context = ("summary." if filename == "events.py" else "refusal.") + key
        found = cat.get((context, english))
        forms = found if isinstance(found, tuple) else (found,)  # a count's plural forms
        for russian in forms:
            assert isinstance(russian, str) and russian, f"no Russian for {context}"
            assert re.search("[а-яё]", russian) or not re.search(
                "[a-z]{2}", PLACEHOLDER.sub("", english)), key
            assert set(PLACEHOLDER.findall(russian)) <= values, key
        assert set(PLACEHOLDER.findall(english)) <= values, key
    # and nothing in the catalogue that the code no longer says
    contexts = {("summary." if f == "events.py" else "refusal.") + k for k, (_, f, _v) in
                said.items()} | {"refusal.gwent.first_units_n"}  # (the count's plural forms)
    contexts |= {f"gwent.action.{k}" for k in _WORDS["en"]}
    assert {c for c, _ in cat} <= contexts


def test_the_actions_words_are_in_the_catalogue() -> None:
    cat = _catalogue()
    for key, english in _WORDS["en"].items():
        russian = cat.get((f"gwent.action.{key}", english))
        assert isinstance(russian, str) and re.search("[а-яё]", russian), key
        assert set(PLACEHOLDER.findall(russian)) == set(PLACEHOLDER.findall(english)), key


def _ru(state: object, seat: int, text: str, names: tuple[str, ...] = ()) -> str:
    reason = state.check(seat, parse_action(text))  # type: ignore[attr-defined]
    assert isinstance(reason, Words), text
    return refusal_text("gwent", reason, "ru", names)


def test_sample_refusals_read_in_russian() -> None:
    s = table([["nr_catapult", "nr_catapult", "st_barclay_els", "sp_decoy", "nr_vernon_roche"],
               ["ng_rainfarn", "nr_thaler"]])
    assert _ru(s, 0, "pass") == "размен открывает атакующий: он выкладывает карту в атаку"
    assert _ru(s, 0, "play nr_catapult#2@new") == (
        "«Братишки»: группу выкладывают, начиная с карты «Катапульта» (остальные — в том же "
        "действии)")
    assert _ru(s, 0, "play st_barclay_els#1@new") == (
        "карта «Барклай Эльс» — проныра: назовите её масть (мечи или луки)")
    assert _ru(s, 0, "play nr_vernon_roche#1+sp_decoy#1@new") == (
        "«Чучело» не кладут на шпиона, ультиму или козырь")
    assert _ru(s, 0, "play ng_rainfarn#1@new") == "карты «Раинфарн» нет у вас в руке"
    assert _ru(s, 0, "deck monsters") == "колоды уже розданы"
    act(s, "0: play nr_catapult#1@new")
    assert _ru(s, 0, "end") == (
        "сейчас, в том же действии, нужно выложить «Катапульта» («Братишки» выкладывают вместе)")
    act(s, "0: play nr_catapult#2@new")
    assert _ru(s, 1, "play ng_rainfarn#1@s7") == "стопки 7 нет"
    w = table([["nr_ves"], ["ng_rainfarn"], ["ne_zoltan_chivay", "ng_vreemde"]])
    act(w, "0: play nr_ves#1@new")
    assert _ru(w, 2, "throw def ne_zoltan_chivay#1", ("Аня", "Боря", "Вова")) == (
        "карта «Золтан Хивай» (сила 5) не совпадает ни с одной открытой картой на стороне "
        "защитника (силы: нет)")
    assert _ru(w, 2, "play ng_vreemde#1@new") == (
        "сейчас наблюдающие решают, подбрасывать ли: подбросьте карты или пасуйте")


def test_the_english_words_stay_those_the_check_gave() -> None:
    s = table([["st_barclay_els"], ["ng_rainfarn"]])
    reason = s.check(0, parse_action("play st_barclay_els#1@new"))
    assert str(reason) == ("st_barclay_els#1 is agile («проныра»): say its suit, "
                           "play st_barclay_els#1:close@… or :ranged@…")
    assert refusal_text("gwent", reason or "", "en") == str(reason)
    before = s.to_json()
    try:
        s.apply(0, Pass())
    except IllegalAction as e:
        assert e.words is not None and e.words.key == "gwent.attacker_opens"
        assert refusal_text("gwent", e, "ru").startswith("размен открывает атакующий")
    else:
        raise AssertionError("pass before the attack was accepted")
    assert s.to_json() == before


def test_russian_refusals_hold_no_english_and_no_card_ids() -> None:
    """Refusals met in seeded games (the plays of each card of the hand on every stack and
    anew, throw-ins of every card to both sides, the others' actions tried by the wrong
    seat): the Russian holds no Latin word and no card id; each names only cards of the
    seat's own hand or open on the table."""
    game = load_game("gwent", players=3)
    seen: set[str] = set()
    for seed in range(4):
        state = game.new(seed=seed)
        rng = Rng.from_seed(seed)
        steps = 0
        while not state.is_terminal and steps < 60:
            steps += 1
            seat = state.to_act[0]
            tries = [f"play {c}@{t}" for c in state.hands[seat] for t in ("new", "s1", "s2")]
            tries += [f"throw {side} {c}" for c in state.hands[seat] for side in ("att", "def")]
            tries += ["pass", "end", "name att close", "deck monsters"]
            visible = set(state.hands[seat])
            if state.exchange is not None:
                visible |= {c for st in state.exchange.stacks for c in st.cards()}
            for text in tries:
                try:
                    action = parse_action(text)
                except Exception:
                    continue
                reason = state.check(seat, action)
                if reason is None:
                    continue
                assert isinstance(reason, Words)
                ru = refusal_text("gwent", reason, "ru")
                seen.add(reason.key)
                assert not re.search(r"[A-Za-z]{2,}|#\d", ru), (text, ru)
                for cid in re.findall(r"[a-z]{2}_[a-z_]+#\d+", str(reason)):
                    assert cid in visible, (text, str(reason))
            state.apply(seat, state.random_action(seat, rng))
    assert len(seen) >= 8, seen


def test_the_result_in_words_with_one_or_several_winners() -> None:
    one = result_words(GwentMatchEnded((2,), (1, 1, 2), False))
    assert str(one) == "The match is over; won by Player 3; points: Player 1 — 1, Player 2 — 1, " \
                       "Player 3 — 2."
    from koloda.engine import Result

    r = Result(scores=(0.0, 0.0, 1.0), words=one)
    assert summary_text("gwent", r, "ru", ["Аня", "Боря", "Вова"]) == (
        "Партия окончена, побеждает Вова; очки: Аня — 1, Боря — 1, Вова — 2.")
    many = Result(scores=(1.0, 1.0), words=result_words(GwentMatchEnded((0, 1), (2, 2), True)))
    assert summary_text("gwent", many, "ru") == (
        "Партия окончена, побеждают Игрок 1, Игрок 2 (по кубику); очки: Игрок 1 — 2, "
        "Игрок 2 — 2.")
    assert summary_text("gwent", many, "en") == (
        "The match is over; won by Player 1, Player 2 (by the die); points: Player 1 — 2, "
        "Player 2 — 2.")


def test_a_played_match_gives_its_result_in_words() -> None:
    state = load_game("gwent", players=2).new(seed=3)
    rng = Rng.from_seed(3)
    while not state.is_terminal:
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
    result = state.result()
    assert result is not None and result.words is not None
    assert summary_text("gwent", result, "en") == result.summary
    assert summary_text("gwent", result, "ru").startswith("Партия окончена, побежда")


def test_a_play_refusal_is_words() -> None:
    s = table([["nr_ves"], ["ng_rainfarn"]])
    assert isinstance(s.check(0, Play("nr_ves#1", target=5)), Words)
