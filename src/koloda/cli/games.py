"""``koloda games`` and ``koloda rules GAME``: what can be played, and how."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.markdown import Markdown
from rich.panel import Panel
from rich.table import Table

from koloda.bots import bot_names
from koloda.cli.core import LangOption, console, resolve_lang
from koloda.cli.i18n import Lang, t, yes_no
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
    """List the registered games: name, titles, players, simultaneous steps, chance, hidden
    information.

    Example: koloda games --json
    """
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
    for key in ("col_name", "col_title", "col_players", "col_simultaneous", "col_chance",
                "col_hidden"):
        table.add_column(t(key, lang))
    for s in specs:
        table.add_row(
            s.name,
            f"{s.title_en}\n{s.title_ru}",
            t("players_range", lang, lo=s.min_players, hi=s.max_players,
              default=s.default_players),
            yes_no(s.simultaneous, lang),
            yes_no(s.chance, lang),
            yes_no(s.hidden_information, lang),
        )
    out.print(table)


def rules(
    game: Annotated[str, typer.Argument(help="The game's short name (see `koloda games`).")],
    lang: LangOption = None,
) -> None:
    """Show a game's rules summary and its options (defaults, allowed values, meaning).

    Example: koloda rules duel --lang ru
    """
    lang = resolve_lang(lang)
    spec = get_spec(game)
    out = console()
    summary = spec.summary(str(lang)) or t("rules_no_summary", lang)
    players = t("players_range", lang, lo=spec.min_players, hi=spec.max_players,
                default=spec.default_players)
    out.print(Panel(Markdown(summary), title=f"{spec.title(str(lang))} ({spec.name})",
                    subtitle=f"{t('col_players', lang)}: {players}", expand=False))
    if not spec.options:
        out.print(t("rules_no_options", lang))
    else:
        table = Table(title=t("rules_options", lang, game=spec.name))
        for key in ("col_option", "col_type", "col_default", "col_allowed", "col_help"):
            table.add_column(t(key, lang))
        for info in spec.options:
            table.add_row(info.name, info.type_name, _default_text(info.default),
                          allowed(info), info.ru if lang == Lang.ru else info.en)
        out.print(table)
    bots = ", ".join(f"bot:{b}" for b in bot_names(spec.name))
    out.print(t("rules_bots", lang, bots=bots or "—"))


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("rules")(rules)
