"""``koloda rules GAME``: a game's summary, its options and the bots that can take a seat."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Group
from rich.markdown import Markdown
from rich.padding import Padding
from rich.panel import Panel
from rich.text import Text

from koloda.bots import bot_names
from koloda.cli.core import LangOption, console, resolve_lang
from koloda.cli.games import allowed, players_text
from koloda.cli.i18n import Lang, t
from koloda.engine import get_spec
from koloda.engine.options import OptionInfo


def option_text(info: OptionInfo, lang: Lang) -> Group:
    """``rounds_to_win = 2  (int, 1..5)`` and, indented below, what the option means."""
    text = Text("  ")
    text.append(info.name, style="bold cyan")
    text.append(f" = {_default_text(info.default)}")
    bounds = allowed(info)
    text.append(f"  ({info.type_name}{', ' + bounds if bounds else ''})", style="dim")
    meaning = Text(info.ru if lang == Lang.ru else info.en)
    return Group(text, Padding(meaning, (0, 0, 0, 6)))


def _default_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    return text if len(text) <= 30 else text[:27] + "..."


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


RULES_HELP = ("Show a game's rules summary, its player count, its options (default, type, "
              "allowed values, meaning) and the bots that can take a seat.")


def register(app: typer.Typer) -> None:
    app.command("rules", help=RULES_HELP, epilog="Example: koloda rules duel --lang ru")(rules)
