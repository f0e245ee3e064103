"""``koloda games``: what can be played (and the facts ``koloda rules`` shows too)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from koloda.cli.core import LangOption, console, resolve_lang
from koloda.cli.i18n import Lang, t
from koloda.engine import GameSpec, game_specs
from koloda.engine.options import OptionInfo


def spec_json(spec: GameSpec) -> dict[str, Any]:
    """A game's facts as JSON (what ``koloda games --json`` prints for each game)."""
    return {
        "name": spec.name,
        "title_en": spec.title_en,
        "title_ru": spec.title_ru,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "default_players": spec.default_players,
        "simultaneous": spec.simultaneous,
        "chance": spec.chance,
        "hidden_information": spec.hidden_information,
        "options": [option_json(o) for o in spec.options],
    }


def option_json(info: OptionInfo) -> dict[str, Any]:
    return {
        "name": info.name,
        "type": info.type_name,
        "default": info.default,
        "minimum": info.minimum,
        "maximum": info.maximum,
        "choices": list(info.choices) if info.choices is not None else None,
        "choice_labels": None if info.labels is None
        else {"en": info.choice_labels("en"), "ru": info.choice_labels("ru")},
        "en": info.en,
        "ru": info.ru,
    }


def allowed(info: OptionInfo) -> str:
    """The bounds or choices of an option, in a few characters."""
    if info.choices is not None:
        return " | ".join(str(c) for c in info.choices)
    if info.minimum is not None or info.maximum is not None:
        lo = number_text(info.minimum) if info.minimum is not None else ""
        hi = number_text(info.maximum) if info.maximum is not None else ""
        return f"{lo}..{hi}"
    if info.type_name == "bool":
        return "true | false"
    return ""


def number_text(x: float) -> str:
    """``3`` for 3.0, ``0.5`` for 0.5."""
    return str(int(x)) if float(x).is_integer() else str(x)


def players_text(spec: GameSpec, lang: Lang) -> str:
    """``2``, or ``3-6 (default 4)``."""
    if spec.min_players == spec.max_players:
        return str(spec.min_players)
    return t("players_range", lang, lo=spec.min_players, hi=spec.max_players,
             default=spec.default_players)


def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    lang: LangOption = None,
) -> None:
    """List the registered games (see :data:`GAMES_HELP`)."""
    lang = resolve_lang(lang)
    specs = game_specs()
    if as_json:
        typer.echo(json.dumps([spec_json(s) for s in specs], ensure_ascii=False, indent=2))
        return
    out = console()
    if not specs:
        out.print(t("no_games", lang))
        return
    table = Table(title=t("games_title", lang))
    table.add_column(t("col_name", lang), style="bold", no_wrap=True)
    table.add_column(t("col_title", lang), no_wrap=True)
    table.add_column(t("col_players", lang), no_wrap=True)
    table.add_column(t("col_features", lang))
    for s in specs:
        other = s.title_en if lang == Lang.ru else s.title_ru
        features = [t(key, lang) for key, on in (("col_simultaneous", s.simultaneous),
                                                 ("col_chance", s.chance),
                                                 ("col_hidden", s.hidden_information)) if on]
        table.add_row(s.name, Text(s.title(str(lang))) + Text("\n" + other, style="dim"),
                      players_text(s, lang), ", ".join(features) or "—")
    out.print(table)


GAMES_HELP = ("List the registered games: name, titles, number of players, and whether moves are "
              "simultaneous, chance is involved and information is hidden.")


def register(app: typer.Typer) -> None:
    app.command("games", help=GAMES_HELP, epilog="Example: koloda games --json")(games)
