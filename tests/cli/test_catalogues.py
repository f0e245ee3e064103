"""The message catalogues: every message of the command has its Russian words with the same
placeholders, plural forms follow Russian grammar, numbers take a decimal comma, and a language
is a catalogue file (package data), nothing more."""

from __future__ import annotations

import re
from importlib.resources import files

from koloda.cli.i18n import _MESSAGES, t
from koloda.i18n import catalogue, languages, number, tn

PLACEHOLDER = re.compile(r"\{[a-z_]+(?:![rs])?\}")


def test_every_message_has_russian_words_with_the_same_placeholders() -> None:
    ru = catalogue("ru")
    for key, english in _MESSAGES.items():
        text = ru.pgettext(key, english)
        assert text and (text != english or not re.search("[a-z]{3}", english)), key
        assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(english)), key


def test_russian_plural_forms_and_numbers() -> None:
    forms = {n: tn("cards", "{n} card", "{n} cards", n, "ru") for n in (1, 2, 5, 11, 21, 22, 25)}
    assert forms == {1: "1 карта", 2: "2 карты", 5: "5 карт", 11: "11 карт", 21: "21 карта",
                     22: "22 карты", 25: "25 карт"}
    assert number(0.25, "ru") == "0,25" and number(1234.5, "en") == "1,234.5"


def test_a_language_is_a_catalogue_shipped_with_the_package() -> None:
    assert languages() == ["en", "ru"]
    po = files("koloda").joinpath("locale", "ru", "LC_MESSAGES", "koloda.po")
    assert po.is_file()
    assert t("game_over", "ru") == "Игра окончена" and t("game_over", "en") == "Game over"
    # a language without a catalogue speaks English
    assert t("game_over", "xx") == "Game over"
