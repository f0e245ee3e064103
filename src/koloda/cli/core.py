"""What every command shares: error handling, the ``--lang`` option, consoles.

Every :class:`~koloda.engine.KolodaError` that escapes a command (ours or one registered by
another package) becomes one line on stderr and exit code 2, with no traceback.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, ClassVar

import typer
from rich.console import Console
from typer.core import TyperGroup

from koloda.cli.i18n import Lang, default_lang
from koloda.engine import KolodaError

#: Exit code of every refused input: unknown game, bad option, illegal action, bad file.
EXIT_USAGE = 2


class KolodaGroup(TyperGroup):
    """The top-level command group: turns Koloda's errors into a one-line message, and adds
    the commands of other packages only when they are needed.

    Those packages import heavy libraries (SciPy, FastAPI); ``koloda play`` should not wait for
    them. :attr:`load_more` is called once, the first time a command that is not built in is
    looked up or the commands are listed (``--help``), and its commands join the group.
    """

    #: Returns the commands registered by other packages (a subclass sets it: see
    #: :mod:`koloda.cli`).
    load_more: ClassVar[Callable[[], Mapping[str, Any]] | None] = None

    def _add_more(self) -> None:
        if getattr(self, "_more_added", False):
            return
        self._more_added = True
        load_more = type(self).load_more
        if load_more is not None:
            for name, command in load_more().items():
                self.commands.setdefault(name, command)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is None:
            self._add_more()
            command = super().get_command(ctx, cmd_name)
        if command is not None:
            translate_help(command, help_lang())
        return command

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        _GIVEN["lang"] = _lang_in(args)  # the language of the help and the errors
        found: list[str] = super().parse_args(ctx, args)
        return found

    def list_commands(self, ctx: Any) -> list[str]:
        self._add_more()
        return super().list_commands(ctx)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        translate_help(self, help_lang())
        for name in self.list_commands(ctx):
            translate_help(self.commands[name], help_lang())
        super().format_help(ctx, formatter)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KolodaError as e:
            from koloda.action_words import refusal_text

            fail(refusal_text("", e, help_lang()))


#: the ``--lang`` the running command was given (set as the group reads its arguments), if any
_GIVEN: dict[str, str | None] = {"lang": None}


def _lang_in(args: Sequence[str]) -> str | None:
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1].lower()
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1].lower()
    return None


def help_lang() -> str:
    """The language of ``--help`` and of the errors: ``--lang`` on the command line (as the
    running command was given it, else in ``sys.argv``), else ``$KOLODA_LANG``."""
    given = _GIVEN["lang"]
    if given is None:
        given = _lang_in(sys.argv[1:])
    return given if given is not None else str(default_lang())


#: Typer's own words around the help, by language (the titles of its panels)
_PANELS = {"ru": {"OPTIONS_PANEL_TITLE": "Параметры", "COMMANDS_PANEL_TITLE": "Команды",
                  "ARGUMENTS_PANEL_TITLE": "Аргументы", "ERRORS_PANEL_TITLE": "Ошибка",
                  "DEFAULT_STRING": "[по умолчанию: {}]", "REQUIRED_LONG_STRING": "[обязательно]",
                  "ABORTED_TEXT": "Прервано."}}
_PANELS_EN: dict[str, str] = {}


def translate_help(command: Any, lang: str) -> None:
    """A command's help (its text, short text and its parameters' help) in ``lang``, from the
    catalogue (``msgctxt "help"``, the English text with its spaces folded as ``msgid``);
    a text the catalogue does not hold stays English."""
    from typer import rich_utils

    from koloda.i18n import catalogue

    if not _PANELS_EN:
        _PANELS_EN.update({n: getattr(rich_utils, n) for n in _PANELS["ru"]})
    for name, english in _PANELS_EN.items():
        setattr(rich_utils, name, _PANELS.get(lang, {}).get(name, english))
    if lang == "en" or getattr(command, "_koloda_help_lang", "en") == lang:
        return
    cat = catalogue(lang)

    def tr(text: str | None) -> str | None:
        if not text:
            return text
        folded = " ".join(text.split())
        found = cat.pgettext("help", folded)
        if found != folded:
            return found
        return _own_half(folded) or text

    command.help = tr(command.help)
    command.short_help = tr(getattr(command, "short_help", None))
    command.epilog = tr(getattr(command, "epilog", None))
    for param in getattr(command, "params", []):
        if getattr(param, "help", None):
            param.help = tr(param.help)
    _translate_help_option(command, tr)
    _translate_usage(command, cat.pgettext("usage", "Usage:"))
    command._koloda_help_lang = lang
    for sub in getattr(command, "commands", {}).values():  # a group's own commands
        translate_help(sub, lang)


def _own_half(text: str) -> str | None:
    """The Russian half of a help text written in both languages, «English. — Русский.» (the
    commands of live events are), or None."""
    english, sep, russian = text.rpartition(" — ")
    if sep and re.search("[А-Яа-яЁё]", russian) and not re.search("[А-Яа-яЁё]{2}", english):
        return russian
    return None


def _translate_help_option(command: Any, tr: Callable[[str | None], str | None]) -> None:
    """``--help``'s own text («Show this message and exit.»), on the option click makes once
    per command."""
    import click

    get = getattr(command, "get_help_option", None)
    if get is None:
        return
    option = get(click.Context(command, info_name=getattr(command, "name", None)))
    if option is not None and getattr(option, "help", None):
        option.help = tr(option.help)


def _translate_usage(command: Any, prefix: str) -> None:
    """The usage line's first word («Usage:») in the help's language."""
    import types

    if prefix == "Usage:" or not hasattr(command, "collect_usage_pieces"):
        return

    def format_usage(self: Any, ctx: Any, formatter: Any) -> None:
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)),
                              prefix=f"{prefix} ")

    command.format_usage = types.MethodType(format_usage, command)


def fail(message: str, code: int = EXIT_USAGE, *, lang: str | None = None) -> typer.Exit:
    """Print ``error: message`` on one line of stderr and exit with ``code``; «ошибка: …» in
    Russian (``lang``, else the command's language: see :func:`help_lang`)."""
    from koloda.i18n import t

    one_line = " ".join(message.split())
    typer.echo(t("cli.error", "error: {message}", lang or help_lang(), message=one_line),
               err=True)
    raise typer.Exit(code)


def console() -> Console:
    """A console on the current stdout (created per command so that tests can capture it).

    Markup is off: card ids such as ``[a04]`` and file names are printed as they are."""
    return Console(highlight=False, soft_wrap=False, markup=False)


LangOption = Annotated[
    Lang | None,
    typer.Option(
        "--lang",
        case_sensitive=False,
        show_default=False,
        help="Language of what a player reads: en or ru (default: $KOLODA_LANG if it is en "
        "or ru, else en).",
    ),
]


def resolve_lang(lang: Lang | None) -> Lang:
    """The ``--lang`` given, else ``$KOLODA_LANG``, else English."""
    return lang if lang is not None else default_lang()
