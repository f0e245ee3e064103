"""``koloda games`` and ``koloda rules GAME``: what can be played, and how."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Group
from rich.markdown import Markdown
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from koloda.bots import bot_names
from koloda.cli.core import LangOption, console, resolve_lang
from koloda.cli.i18n import Lang, t
from koloda.engine import GameSpec, game_specs, get_spec
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
        "en": info.en,
        "ru": info.ru,
    }


def option_text(info: OptionInfo, lang: Lang) -> Group:
    """``rounds_to_win = 2  (int, 1..5)`` and, indented below, what the option means."""
    text = Text("  ")
    text.append(info.name, style="bold cyan")
    text.append(f" = {_default_text(info.default)}")
    bounds = allowed(info)
    text.append(f"  ({info.type_name}{', ' + bounds if bounds else ''})", style="dim")
    meaning = Text(info.ru if lang == Lang.ru else info.en)
    return Group(text, Padding(meaning, (0, 0, 0, 6)))


def allowed(info: OptionInfo) -> str:
    """The bounds or choices of an option, in a few characters."""
    if info.choices is not None:
        return " | ".join(str(c) for c in info.choices)
    if info.minimum is not None or info.maximum is not None:
        lo = _num(info.minimum) if info.minimum is not None else ""
        hi = _num(info.maximum) if info.maximum is not None else ""
        return f"{lo}..{hi}"
    if info.type_name == "bool":
        return "true | false"
    return ""


def players_text(spec: GameSpec, lang: Lang) -> str:
    """``2``, or ``3-6 (default 4)``."""
    if spec.min_players == spec.max_players:
        return str(spec.min_players)
    return t("players_range", lang, lo=spec.min_players, hi=spec.max_players,
             default=spec.default_players)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def _default_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    return text if len(text) <= 30 else text[:27] + "..."


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


def rules(
    game: Annotated[str, typer.Argument(help="The game's short name (see `koloda games`).")],
    lang: LangOption = None,
) -> None:
    """Show a game's rules summary and options (see :data:`RULES_HELP`)."""
    lang = resolve_lang(lang)
    spec = get_spec(game)
    out = console()
    summary = spec.summary(str(lang)) or t("rules_no_summary", lang)
    players = players_text(spec, lang)
    out.print(Panel(Markdown(summary), title=f"{spec.title(str(lang))} ({spec.name})",
                    subtitle=f"{t('col_players', lang)}: {players}", expand=False))
    if not spec.options:
        out.print(t("rules_no_options", lang))
    else:
        out.print(Text(t("rules_options", lang, game=spec.name), style="bold"))
        for info in spec.options:
            out.print(option_text(info, lang))
    bots = ", ".join(f"bot:{b}" for b in bot_names(spec.name))
    out.print(t("rules_bots", lang, bots=bots or "—"))


GAMES_HELP = ("List the registered games: name, titles, number of players, and whether moves are "
              "simultaneous, chance is involved and information is hidden.")
RULES_HELP = ("Show a game's rules summary, its player count, its options (default, type, "
              "allowed values, meaning) and the bots that can take a seat.")


def register(app: typer.Typer) -> None:
    app.command("games", help=GAMES_HELP, epilog="Example: koloda games --json")(games)
    app.command("rules", help=RULES_HELP, epilog="Example: koloda rules duel --lang ru")(rules)
