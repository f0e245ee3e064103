"""The rules document maps every rule sentence to a test that exists and cites every decision
(the 41 points of the rules notes) beside a sentence of the seed."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "nevermore.md"


def test_every_test_named_in_the_rules_document_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    source = "".join(p.read_text(encoding="utf-8")
                     for p in (ROOT / "tests" / "games" / "nevermore").glob("*.py"))
    missing = [n for n in sorted(set(re.findall(r"`(test_[a-z0-9_]+)`", text)))
               if f"def {n}(" not in source]
    assert missing == []
    scenarios = set(re.findall(r"scenarios? `([a-z0-9-]+)`", text))
    assert scenarios and all((ROOT / "tests" / "scenarios" / "nevermore" / f"{x}.json").exists()
                             for x in scenarios)


def test_every_decision_stands_beside_a_seed_sentence() -> None:
    text = DOC.read_text(encoding="utf-8")
    body = text[text.index("## The rules, sentence by sentence"):text.index("## Decisions")]
    cited = {int(x) for m in re.finditer(r"decisions? ([0-9, ]+)", body)
             for x in re.findall(r"\d+", m.group(1))}
    assert set(range(1, 42)) <= cited
    table = text[text.index("## Decisions"):]
    listed = {int(m) for m in re.findall(r"^\| (\d+) \|", table, re.M)}
    assert listed == set(range(1, 42))
