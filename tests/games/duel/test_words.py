"""The duel in words: every refusal and result has its Russian in ``duel.po``, reads naturally
(cards by name in quotes after a noun, real plurals), and names no card the seat may not know."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from koloda.action_words import refusal_text, summary_text
from koloda.engine import IllegalAction, Rng, Words, load_game, say_count

from .helpers import act, duel

SRC = Path(__file__).resolve().parents[3] / "src" / "koloda"
PO = SRC / "locale" / "ru" / "LC_MESSAGES" / "duel.po"


def _source_keys() -> dict[str, tuple[str, ...]]:
    """Every ``duel.*`` key the duel's modules say, with its English template(s)."""
    found: dict[str, tuple[str, ...]] = {}
    for path in sorted((SRC / "games" / "duel").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r'say(_count)?\(\s*"(duel\.\w+)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+)'
                             r'(?:,\s*((?:"(?:[^"\\]|\\.)*"\s*)+))?', text):
            one = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(3)))
            if m.group(1):
                many = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(4) or ""))
                found[m.group(2)] = (one, many)
            else:
                found[m.group(2)] = (one,)
    for key in ("duel.out_of_cards", "duel.agreed"):  # (the draws' reasons, from a table)
        found.setdefault(key, ())
    return found


def _catalogue() -> dict[str, tuple[str, str, list[str]]]:
    """``duel.po``: by key (without its refusal./summary. part), (msgid, msgid_plural, forms)."""
    from babel.messages.pofile import read_po

    with PO.open("rb") as f:
        cat = read_po(f, locale="ru")
    out: dict[str, tuple[str, str, list[str]]] = {}
    for message in cat:
        if not message.id:
            continue
        key = str(message.context).split(".", 1)[1]
        if isinstance(message.id, tuple):
            out[key] = (message.id[0], message.id[1], list(message.string))
        else:
            out[key] = (message.id, "", [str(message.string)])
    return out


def test_every_key_of_the_duel_has_its_russian_and_no_entry_is_stale() -> None:
    said, po = _source_keys(), _catalogue()
    assert len(said) >= 30
    assert set(said) == set(po), (sorted(set(said) - set(po)), sorted(set(po) - set(said)))
    for key, english in said.items():
        msgid, plural, forms = po[key]
        if english:
            assert msgid == english[0], key
            assert plural == (english[1] if len(english) > 1 else ""), key
        assert forms and all(forms), key
        fields = set(re.findall(r"{(\w+)}", msgid + plural))
        for form in forms:
            assert set(re.findall(r"{(\w+)}", form)) <= fields, key
            assert not re.search(r"[A-Za-z]", re.sub(r"{\w+}", "", form)), (key, form)
        assert (len(forms) == 3) == bool(plural), key  # Russian has three plural forms


def _refused(state: object, text: str, lang: str = "ru") -> str:
    with pytest.raises(IllegalAction) as e:
        state.apply_text(int(text[0]), text[3:])  # type: ignore[attr-defined]
    assert isinstance(e.value.words, Words)
    return refusal_text("duel", e.value, lang)


def test_sample_refusals_read_in_russian() -> None:
    s = duel()  # a01 punch, a06 slash (cold), a08 a cold item, …
    assert _refused(s, "0: play a01") == ("сначала выберите руку: карты, которые вы берёте "
                                          "в эту дуэль (можно ни одной)")
    assert _refused(s, "0: hand a01 a01") == "одна и та же карта указана дважды"
    assert _refused(s, "0: hand a08") == ("«Кинжал» — предмет-оружие: предметы остаются в "
                                          "колоде, в руку их не берут")
    act(s, "0: hand a01 a06")
    assert _refused(s, "0: hand a01") == ("сейчас не ваш ход: вы уже выбрали руку; Игрок 2 ещё "
                                          "выбирает")
    act(s, "1: hand b01 b02")
    assert _refused(s, "0: play a02") == "карта «Пинок» не в вашей руке"
    assert _refused(s, "0: play a01 kill") == ("карта «Удар кулаком» не наносит тяжёлых ран: "
                                               "заявить с ней убийство нельзя")
    assert _refused(s, "0: play a06") == ("для карты «Рубящий удар» нужно оружие — холодное "
                                          "оружие: покажите из колоды предмет этого вида")
    assert _refused(s, "0: play a06 show a02") == ("«Пинок» — не предмет нужного вида (нужно "
                                                   "холодное оружие)")
    assert _refused(s, "0: accept-end") == "никто не предлагал закончить дуэль: отвечать не на что"
    # the same refusals in English name the cards by their English names
    assert _refused(s, "0: play a02", "en") == "Kick is not in your hand"


def test_a_refusal_names_no_card_the_seat_may_not_know() -> None:
    s = act(duel(), "0: hand a01 a06", "1: hand b01 b02")
    name_b01 = s.info("b01").name_ru
    text = _refused(s, "0: play b01")
    assert text == "карта «b01» не в вашей руке" and name_b01 not in text
    assert _refused(s, "0: play b01", "en") == "b01 is not in your hand"
    act(s, "0: play a01", "1: play b01")  # b01 is revealed: now it may be named
    assert _refused(s, "0: play b01") == f"карта «{name_b01}» не в вашей руке"


def test_counts_take_the_russian_plural_forms() -> None:
    # one playable card and at least one to take: «ровно 1 карту»; the attacker: «ровно 5 карт»
    s = duel([["punch", "rapier_thrust"], ["punch"]], hand_min_one=True)
    assert _refused(s, "0: hand") == ("возьмите в руку ровно 1 карту (все карты колоды, которые "
                                      "можно сыграть), а не 0")
    assert _refused(duel(mode="attack"), "0: hand a01") == "нападающий берёт в руку ровно 5 карт"
    assert _refused(duel(), "0: hand a01 a02 a03 a04 a05 a06") == (
        "возьмите в руку от 0 до 5 карт, а не 6")
    # the catalogue's three forms
    english = _source_keys()["duel.take_exactly"]
    for n, form in ((2, "ровно 2 карты"), (5, "ровно 5 карт"), (21, "ровно 21 карту"),
                    (22, "ровно 22 карты"), (11, "ровно 11 карт")):
        words = say_count("duel.take_exactly", *english, n, got=0)
        assert form in refusal_text("duel", words, "ru")
    assert "exactly 2 cards" in refusal_text("duel", say_count("duel.take_exactly", *english, 2,
                                                               got=0), "en")


def test_results_read_in_both_languages_and_keep_the_old_summaries() -> None:
    game = load_game("duel")
    rng = Rng.from_seed(5)
    seen: set[str] = set()
    for seed in range(40):
        s = game.new(seed=seed)
        while not s.is_terminal:
            seat = s.to_act[0]
            s.apply(seat, s.random_action(seat, rng))
        result = s.result()
        assert result is not None and result.words is not None
        assert str(result.words) == result.summary
        assert summary_text("duel", result, "en") == result.summary
        ru = summary_text("duel", result, "ru")
        assert not re.search(r"[A-Za-z]", ru), ru
        seen.add(result.words.key)
        named = summary_text("duel", result, "ru", ["Аня", "Боря"])
        assert ("Аня" in named or "Боря" in named) == (s.winner is not None)
    assert {"duel.won", "duel.draw"} <= seen


def test_every_refusal_in_random_play_reads_in_russian() -> None:
    """Whatever is tried, the Russian refusal holds no English word: at most a card id the
    player typed and may not know."""
    game = load_game("duel", item_shown="laid", swap_required=True)
    rng = Rng.from_seed(8)
    tried = 0
    for seed in range(12):
        s = game.new(seed=seed)
        while not s.is_terminal:
            for seat in (0, 1):
                for text in ("hand a01 a01", "hand a01 b01", "hand zz", "play a01 kill",
                             "play a01 show a02", "play b03", "swap a01 b01", "swap b01 a01",
                             "no-swap", "offer-end", "accept-end", "decline-end", "hand"):
                    action = game.parse_action(text)
                    why = s.check(seat, action) if seat in s.to_act else s.idle_reason(seat)
                    if why is None:
                        continue
                    ru = refusal_text("duel", why, "ru")
                    rest = re.sub(r"\b(?:[ab]\d\d|zz)\b", "", ru)
                    assert not re.search(r"[A-Za-z]", rest), (text, ru)
                    tried += 1
            seat = s.to_act[0]
            s.apply(seat, s.random_action(seat, rng))
    assert tried > 300
