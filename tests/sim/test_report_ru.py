"""``koloda simulate --lang ru``: the summary's and the HTML report's words from the catalogue,
figures with a decimal comma, counts with their plural forms, the games' own tables too."""

from __future__ import annotations

import html
import re
from pathlib import Path

from typer.testing import CliRunner

from koloda.sim.words import cell, figure, games
from tests.cli.conftest import invoke


def test_the_summary_in_russian() -> None:
    res = invoke(CliRunner(), "simulate", "duel", "--games", "6", "--no-progress", "--lang", "ru",
                 env={"KOLODA_LANG": "", "COLUMNS": "160"})
    assert res.exit_code == 0, res.output
    out = res.output
    assert "доля побед" in out and "ничьи:" in out and "длина партии" in out
    assert "win rate" not in out and "draws:" not in out
    assert re.search(r"\b0,\d{3}\b", out) and not re.search(r"\b0\.\d{3}\b", out.split("┏")[1])


def _text(page: str) -> str:
    """What a reader of the report sees: the text outside tags, styles and the plots."""
    page = re.sub(r"<style>.*?</style>|<code>.*?</code>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


#: Words a Russian report may hold in Latin letters: names of programs and packages, the bot
#: specifications and the run's file names, the statistics' letters.
ALLOWED = {"Koloda", "python", "koloda", "numpy", "scipy", "matplotlib", "ray", "bot", "random",
           "heuristic", "Linux", "glibc", "x86_64", "with", "not", "installed", "n", "p", "B",
           "A", "fc"}


def test_the_html_report_in_russian(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    res = invoke(CliRunner(), "simulate", "gwent", "--players", "3", "--games", "5",
                 "--no-progress", "--lang", "ru", "--report", str(report),
                 env={"KOLODA_LANG": "", "COLUMNS": "160"})
    assert res.exit_code == 0, res.output
    page = report.read_text(encoding="utf-8")
    text = _text(page)
    assert "<html lang='ru'>" in page
    assert "Симуляция Koloda: Настольный гвинт, 5 партий" in text
    for heading in ("Прогон", "Итоги", "Графики", "Версии", "Фракции: выигранные партии"):
        assert heading in text, heading
    assert "доля побед" in text and "Королевства Севера" in text and "Ничьи:" in text
    assert re.search(r"\b0,\d", text) and not re.search(r"\b\d\.\d", text.split("Версии")[0])
    latin = set(re.findall(r"[A-Za-z][A-Za-z_0-9]*", text.split("Версии")[0]))
    assert latin <= ALLOWED, latin - ALLOWED


def test_the_html_report_in_english_by_default(tmp_path: Path) -> None:
    report = tmp_path / "r.html"
    res = invoke(CliRunner(), "simulate", "gwent", "--players", "2", "--games", "3",
                 "--no-progress", "--report", str(report),
                 env={"KOLODA_LANG": "", "COLUMNS": "160"})
    assert res.exit_code == 0, res.output
    text = _text(report.read_text(encoding="utf-8"))
    assert "Koloda simulation: Gwent at the table, 3 games" in text
    assert "Results" in text and "Northern Realms" not in text.split("Results")[0]
    assert "партий" not in text


def test_counts_and_figures_in_russian() -> None:
    assert [games(n, "ru") for n in (1, 3, 5, 11, 21, 104)] == [
        "1 партия", "3 партии", "5 партий", "11 партий", "21 партия", "104 партии"]
    assert figure(0.1234, "ru") == "0,123" and figure(1234.5, "ru", 1) == "1\xa0234,5"
    assert cell((0.25, 0.5), "ru") == "0,25–0,5" and cell("attack 3", "ru", "duel") == "атака 3"
    assert cell(True, "ru") == "да"
