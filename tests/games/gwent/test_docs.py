"""``docs/rules/gwent.md`` names only tests and scenario files that exist, and names them all."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[3]
DOC = ROOT / "docs" / "rules" / "gwent.md"
TESTS = Path(__file__).parent
SCENARIOS = ROOT / "tests" / "scenarios" / "gwent"


def test_the_rules_document_points_at_real_tests() -> None:
    text = DOC.read_text(encoding="utf-8")
    current = ""
    for cell in re.findall(r"`([^`]+)`", text):
        m = re.fullmatch(r"(test_\w+\.py)::(test_\w+)", cell)
        if m:
            current = m.group(1)
            assert f"def {m.group(2)}(" in (TESTS / current).read_text(encoding="utf-8"), cell
        elif re.fullmatch(r"test_\w+", cell) and current:
            assert f"def {cell}(" in (TESTS / current).read_text(encoding="utf-8"), cell
        elif cell.endswith(".json") and "/" not in cell:
            assert (SCENARIOS / cell).exists(), cell
    for path in SCENARIOS.glob("*.json"):
        assert f"`{path.name}`" in text, f"{path.name} is not in the rules document"
