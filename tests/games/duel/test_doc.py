"""``docs/rules/duel.md`` stays true: every test it names exists, every scenario file is listed,
and (where the seed text is at hand) its quotes, read in order, are the whole of seed 001."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "duel.md"
SEED = ROOT.parent / "shared" / "seeds" / "001_78d753f2efac46ca.txt"


def _text() -> str:
    return DOC.read_text("utf-8")


def test_every_named_test_exists() -> None:
    refs = set(re.findall(r"`(test_\w+\.py)::(\w+)`", _text()))
    assert len(refs) > 30
    here = Path(__file__).parent
    for module, name in sorted(refs):
        source = (here / module).read_text("utf-8")
        assert f"def {name}(" in source, f"{module}::{name}"


def test_every_scenario_file_is_listed() -> None:
    named = set(re.findall(r"`([\w-]+\.json)`", _text()))
    files = {p.name for p in (ROOT / "tests" / "scenarios" / "duel").glob("*.json")}
    assert files == named


def test_the_quotes_are_the_whole_seed() -> None:
    if not SEED.exists():
        pytest.skip("the seed texts are not next to this checkout")
    quotes = re.findall(r"^\| \d+ \| «(.*?)» \|", _text(), re.MULTILINE)
    assert len(quotes) > 100

    def norm(text: str) -> str:
        return re.sub(r"\s+", " ", text).strip()

    assert norm(" ".join(quotes)) == norm(SEED.read_text("utf-8"))
