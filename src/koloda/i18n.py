"""Message catalogues: one gettext catalogue per language, read by Babel.

The English words are in the code (the message's ``msgid``, with a key as its ``msgctxt``);
every other language is a catalogue ``koloda/locale/<lang>/LC_MESSAGES/koloda.po`` with real
plural forms (its ``Plural-Forms`` header: three in Russian). The catalogues ship as they are
written (package data) and are compiled in memory the first time a language is asked for, so a
third language is one new ``.po`` file and nothing else.

>>> tn("cards", "{n} card", "{n} cards", 4, "ru")
'4 карты'
>>> tn("cards", "{n} card", "{n} cards", 5, "ru")
'5 карт'
>>> tn("cards", "{n} card", "{n} cards", 21, "ru")
'21 карта'
>>> tn("cards", "{n} card", "{n} cards", 1, "en")
'1 card'
>>> number(2.5, "ru"), number(2.5, "en")
('2,5', '2.5')
"""

from __future__ import annotations

import gettext as _gettext
import io
from functools import cache
from importlib.resources import files


def languages() -> list[str]:
    """English and every language with a catalogue."""
    root = files("koloda").joinpath("locale")
    found = {"en"}
    if root.is_dir():
        for d in root.iterdir():
            if d.joinpath("LC_MESSAGES", "koloda.po").is_file():
                found.add(d.name)
    return sorted(found)


@cache
def catalogue(lang: str) -> _gettext.NullTranslations:
    """The translations of ``lang`` (English, or a language without a catalogue: the code's
    own words). A language's catalogue is ``koloda.po`` and, beside it, one ``.po`` file per
    part that has many words of its own (``duel.po``, ``gwent.po``…), read as one."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    folder = files("koloda").joinpath("locale", lang, "LC_MESSAGES")
    if lang == "en" or not folder.joinpath("koloda.po").is_file():
        return _gettext.NullTranslations()
    whole: Catalog | None = None
    parts = sorted((p for p in folder.iterdir() if p.name.endswith(".po")),
                   key=lambda p: (p.name != "koloda.po", p.name))
    for part in parts:
        with part.open("rb") as f:
            cat = read_po(f, locale=lang)
        if whole is None:
            whole = cat
            continue
        for message in cat:
            if message.id:
                if whole.get(message.id, context=message.context) is not None:  # twice: a mistake
                    raise ValueError(f"{part.name}: {message.context or ''} {message.id!r} "
                                     "is in two catalogues")
                whole[message.id] = message
    assert whole is not None
    buf = io.BytesIO()
    write_mo(buf, whole)
    buf.seek(0)
    return Translations(fp=buf, domain="koloda")


def t(key: str, english: str, lang: str, /, **values: object) -> str:
    """The message ``key`` (whose English words are ``english``) in ``lang``, filled in."""
    text = catalogue(str(lang)).pgettext(key, english)
    return text.format(**values) if values else text


def tn(key: str, one: str, many: str, n: int, lang: str, /, **values: object) -> str:
    """A message with a count ``n`` in the plural form ``lang`` gives it (``{n}`` is filled in
    as a number of that language)."""
    text = catalogue(str(lang)).npgettext(key, one, many, n)
    return text.format(n=number(n, lang), **values)


def number(x: float, lang: str, digits: int = 2) -> str:
    """A number as ``lang`` writes it: a decimal comma in Russian, no trailing zeros."""
    from babel.numbers import format_decimal

    pattern = "#,##0." + "#" * digits if digits else "#,##0"
    return str(format_decimal(x, format=pattern, locale="ru_RU" if lang == "ru" else "en_US"))


def _install() -> None:
    from koloda.engine.words import set_catalogue

    set_catalogue(lambda key, english, lang: t(key, english, lang))


_install()
