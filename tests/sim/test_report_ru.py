"""``koloda simulate --lang ru``: the summary's words from the catalogue and figures with a
decimal comma (the games' own tables keep their English titles)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from tests.cli.conftest import invoke


def test_the_summary_in_russian() -> None:
    res = invoke(CliRunner(), "simulate", "duel", "--games", "6", "--no-progress", "--lang", "ru",
                 env={"KOLODA_LANG": "", "COLUMNS": "160"})
    assert res.exit_code == 0, res.output
    out = res.output
    assert "доля побед" in out and "ничьи:" in out and "длина партии" in out
    assert "win rate" not in out and "draws:" not in out
    assert re.search(r"\b0,\d{3}\b", out) and not re.search(r"\b0\.\d{3}\b", out.split("┏")[1])
