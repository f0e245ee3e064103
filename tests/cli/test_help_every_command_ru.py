"""The Russian help of every ``koloda`` command and subcommand (``KOLODA_LANG=ru``) holds no
untranslated English sentence: a checker over the help's text that allows, in Latin letters,
only what a person types (option names, metavariables, values such as ``bot:random``, file
names, addresses, example command lines) and a short list of names."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from koloda.cli import app, load_plugins

#: Latin words a Russian help may hold: the brand, the commands and games as typed, the
#: values an option takes, programs and formats by their names.
ALLOWED = {
    "koloda", "Koloda", "games", "rules", "play", "replay", "simulate", "serve", "event",
    "duel", "advise", "nevermore", "gwent", "human", "help", "log", "quit", "en", "ru",
    "OPTIONS", "COMMAND", "ARGS", "JSON", "CSV", "HTML", "PDF", "PEM", "HTTPS", "HTTP", "Wi",
    "Fi", "WebSocket", "WebSockets", "Ray", "Uvicorn", "API", "QR", "Python", "local", "custom",
    "pdf", "html", "both", "cards", "envelopes", "badges", "posters", "join", "roster", "all",
    "WPA", "WEP", "nopass", "ED", "punch", "trip", "block", "kick", "dodge", "p", "n",
}
#: what a person types or reads as a name: options, metavariables, values with punctuation,
#: example command lines after «Пример:», paths and addresses
SYNTAX = re.compile(r"Пример:.*|koloda(?: [^\s│]+)*|--?[\w-]+|<[^>]*>|\{[^}]*\}|\[[^\]]*\]"
                    r"|\S*[:/=_@#*$|]\S*|\S+\.\w\S*|[A-Z]{2,}\w*")
LATIN_RUN = re.compile(r"[A-Za-z']+(?:(?: |, )[A-Za-z']+)+")


def _paths() -> list[list[str]]:
    load_plugins()
    out: list[list[str]] = []

    def walk(cmd: Any, path: list[str]) -> None:
        out.append(path)
        for name, sub in sorted(getattr(cmd, "commands", {}).items()):
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return out


def english_left(text: str) -> list[str]:
    """The runs of two or more Latin words left once the allowed syntax and names are out."""
    found = []
    for line in text.splitlines():
        line = SYNTAX.sub(" ", line.replace("│", " "))
        for run in LATIN_RUN.findall(line):
            words = [w for w in re.split(r"[ ,]+", run) if w]
            if any(w not in ALLOWED for w in words):
                found.append(run)
    return found


def test_the_checker_finds_english() -> None:
    assert english_left("│ --games  <int>  How many games. │") == ["How many games"]
    assert english_left("Пример: koloda play duel --seat human --lang ru") == []
    assert english_left(" Запуск: koloda event create [OPTIONS] {participants}") == []


@pytest.mark.parametrize("path", _paths(), ids=lambda p: " ".join(p) or "koloda")
def test_the_russian_help_has_no_english_sentence(path: list[str]) -> None:
    res = CliRunner().invoke(app, [*path, "--help"], prog_name="koloda",
                             env={"KOLODA_LANG": "ru", "COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    assert re.search("[а-яё]", res.output)
    assert english_left(res.output) == [], res.output
