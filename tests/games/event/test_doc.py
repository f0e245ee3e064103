"""``docs/rules/event.md`` stays true: every rule E1-E42 and decision ED1-ED23 has its row, every
test it names exists, every scenario file is listed, and the quotes are the seed's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "event.md"
#: the seed next to the checkout (or next to the folder of worktrees)
SEED = next((p / "shared" / "seeds" / "001_78d753f2efac46ca.txt" for p in ROOT.parents
             if (p / "shared" / "seeds" / "001_78d753f2efac46ca.txt").exists()),
            ROOT.parent / "shared" / "seeds" / "001_78d753f2efac46ca.txt")


def _text() -> str:
    return DOC.read_text("utf-8")


def test_every_rule_and_decision_has_its_row() -> None:
    rows = set(re.findall(r"^\| (E\d+|ED\d+) \|", _text(), re.MULTILINE))
    assert rows == {f"E{i}" for i in range(1, 43)} | {f"ED{i}" for i in range(1, 24)}


def test_every_named_test_exists() -> None:
    refs = set(re.findall(r"`(test_\w+\.py)::(\w+)`", _text()))
    assert len(refs) > 40
    here = Path(__file__).parent
    for module, name in sorted(refs):
        source = (here / module).read_text("utf-8")
        assert f"def {name}(" in source or f"{name} =" in source, f"{module}::{name}"


def test_every_scenario_file_is_listed() -> None:
    named = set(re.findall(r"`([\w-]+\.json)`", _text()))
    files = {p.name for p in (ROOT / "tests" / "scenarios" / "event").glob("*.json")}
    assert files <= named


def test_the_quotes_are_the_seeds_words() -> None:
    if not SEED.exists():
        pytest.skip("the seed texts are not next to this checkout")

    def norm(text: str) -> str:
        return re.sub(r"\s+", " ", text).strip()

    seed = norm(SEED.read_text("utf-8"))
    quotes = re.findall(r"«(.*?)»", "\n".join(
        line.split(" | ")[2] for line in _text().splitlines() if re.match(r"^\| E\d+ \|", line)))
    assert len(quotes) >= 42
    missing = [q for q in quotes if norm(q).rstrip(".…") not in seed
               and not all(part.strip() in seed for part in norm(q).split("…"))]
    assert not missing, missing
