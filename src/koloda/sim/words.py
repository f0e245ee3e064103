"""The simulator's words, for its text summary and its HTML report, in English (here) and in
every language with a catalogue (``koloda/locale/<lang>/LC_MESSAGES``: ``msgctxt
"sim_<key>"``; the report's in ``sim.po``). Figures are written as the language writes them
(:func:`koloda.i18n.number`: a decimal comma in Russian), counts with their plural forms.

>>> games(1, "ru"), games(3, "ru"), games(5, "ru"), games(21, "en")
('1 партия', '3 партии', '5 партий', '21 games')
>>> figure(0.5, "ru"), figure(-0.125, "en", sign=True), figure(0.03, "ru", sign=True)
('0,5', '−0.125', '+0,03')
>>> cell("northern_realms", "ru", "gwent"), cell("0.523 (n=40)", "ru", "gwent")
('Королевства Севера', '0,523 (n=40)')
"""

from __future__ import annotations

import re
from typing import Any

#: The English words of each message (context ``sim_<key>``).
WORDS: dict[str, str] = {
    "seat": "seat", "bot": "bot", "wins": "wins", "games": "games", "win_rate": "win rate",
    "interval": "95% interval", "mean_score": "mean score", "rotating": "(rotating)",
    "draws": "draws: {draws} ({rate}, 95% {lo}–{hi})",
    "advantage": "seat advantage: chi² = {chi2}, p = {p}",
    "length": "game length (actions): mean {mean}, median {median}, {lo}–{hi}",
    "by_bot": "by bot (all seats)",
    "variant_a": "variant A", "variant_b": "variant B: {changes}", "b_vs_a": "B against A",
    "a_rate": "A win rate", "b_rate": "B win rate", "difference": "difference",
    "p_value": "p-value",
    "outcomes": "outcome distribution: chi² = {chi2}, p = {p}",
    "length_diff": "game length: B − A = {diff} actions, p = {p}",
    # the report's and the summary's titles (sim.po)
    "run_title": "{game}: {games}",
    "report_title": "Koloda simulation",
    "report_heading": "Koloda simulation: {game}, {games}",
    "command": "The command",
    "from_python": "(called from Python)",
    "settings": "The run",
    "setting": "setting",
    "value": "value",
    "setting_game": "game",
    "setting_players": "players",
    "setting_options": "options",
    "setting_bots": "bots",
    "setting_seed": "seed",
    "setting_rotate": "bots move one seat on each game",
    "setting_games": "games",
    "default_options": "the game's defaults",
    "yes": "yes",
    "no": "no",
    "results": "Results",
    "plots": "Plots",
    "versions": "Versions",
    "component": "component",
    "version": "version",
    "not_installed": "not installed",
    "platform": "platform",
    "plot_seat": "seat {n}",
    "plot_rate": "win rate (95% Wilson interval)",
    "plot_actions": "actions per game",
    "plot_games": "games",
    "plot_run": "run",
    "alt_rates": "win rates by seat",
    "alt_length": "game length",
}

_N_GAMES = ("{n} game", "{n} games")


def w(key: str, lang: str, /, **values: object) -> str:
    """The message ``key`` in ``lang``, filled in."""
    from koloda.i18n import t

    return t(f"sim_{key}", WORDS[key], lang, **values)


def games(n: int, lang: str) -> str:
    """A number of games with its plural form («1 партия», «3 партии», «5 партий»)."""
    from koloda.i18n import tn

    return tn("sim_n_games", *_N_GAMES, n, lang)


def figure(x: float, lang: str, digits: int = 3, *, sign: bool = False) -> str:
    """A figure rounded to ``digits`` decimals as ``lang`` writes it; ``sign``: a + before a
    positive one (a minus sign before a negative one either way)."""
    from koloda.i18n import number

    text = number(abs(x), lang, digits)
    if x < 0 and text.strip("0,. ") != "":
        return "−" + text
    return ("+" + text) if sign else text


def interval(lo: float, hi: float, lang: str) -> str:
    return f"{figure(lo, lang)}–{figure(hi, lang)}"


def game_title(game: str, lang: str) -> str:
    """The game's title in ``lang`` (its name when it is not registered)."""
    from koloda.engine import get_spec

    try:
        return get_spec(game).title(lang)
    except Exception:  # a game that is not registered here: its name is all there is
        return game


#: The duel's card types in Russian («атака, уловка, защита»), for its table of card kinds.
_DUEL_KINDS_RU = {"attack": "атака", "trick": "уловка", "defence": "защита"}

_DECIMAL = re.compile(r"(?<![\w.])(\d+)\.(\d+)(?![\w.])")


def table_words(text: str, lang: str) -> str:
    """A game's own table title or column (``msgctxt "sim_table"``, its English as msgid)."""
    from koloda.i18n import t

    return t("sim_table", text, lang) if lang != "en" else text


def cell(value: Any, lang: str, game: str = "") -> str:
    """A table cell for people: figures with 3 decimals, an interval as ``lo–hi``, a Gwent
    faction by its title, a number written inside a text as the language writes it."""
    if isinstance(value, bool):
        return w("yes" if value else "no", lang)
    if isinstance(value, float):
        return figure(value, lang)
    if isinstance(value, list | tuple) and len(value) == 2 and all(
            isinstance(x, float) for x in value):
        return interval(value[0], value[1], lang)
    if isinstance(value, int):
        from koloda.i18n import number

        return number(value, lang, 0)
    text = str(value)
    if lang == "en":
        return text
    if game == "gwent":
        from koloda.games.gwent.titles import DECK_TITLES, deck_title

        if text in DECK_TITLES:
            return deck_title(text, lang)
    if game == "duel" and lang == "ru":
        kind, _, strength = text.partition(" ")
        if kind in _DUEL_KINDS_RU and strength.isdigit():
            return f"{_DUEL_KINDS_RU[kind]} {strength}"
    if lang == "ru":
        text = _DECIMAL.sub(lambda m: f"{m.group(1)},{m.group(2)}", text)
    return text
