"""The golden transcripts replay exactly under the installed rules (see transcripts.py)."""

from __future__ import annotations

import json

import pytest

from koloda.engine import get_spec
from tests.golden.transcripts import GAMES, stored, transcript

REGENERATE = "PYTHONPATH=src python -m tests.golden.transcripts GAME (or: make golden)"


def _cases() -> list[tuple[str, int]]:
    return [(game, i) for game, entries in GAMES.items() for i in range(len(entries))]


@pytest.mark.parametrize(("game", "index"), _cases())
def test_a_golden_transcript_replays_exactly(game: str, index: int) -> None:
    golden = stored(game)[index]
    version = get_spec(game).rules_version
    if golden["rules_version"] != version:
        pytest.fail(
            f"{game}'s rules are version {version}, its golden transcripts version "
            f"{golden['rules_version']}: regenerate them ({REGENERATE.replace('GAME', game)})"
        )
    try:
        now = transcript(game, golden["players"], golden["options"], golden["seed"],
                         golden["actions"])
    except Exception as e:
        pytest.fail(f"{game} seed {golden['seed']}: the stored actions no longer replay "
                    f"({e}); a rule changed without a new rules version: raise "
                    f"GameSpec.rules_version, then {REGENERATE.replace('GAME', game)}")
    now = json.loads(json.dumps(now, sort_keys=True))
    changed = sorted(k for k in golden if golden[k] != now.get(k))
    assert not changed, (
        f"{game} seed {golden['seed']} ({golden['players']} players) plays differently under "
        f"rules version {version} ({', '.join(changed)} changed): a rule's behaviour changed "
        f"without a new rules version. If deliberate, raise GameSpec.rules_version (with a "
        f"migration step for stored games, or they open read-only), then "
        f"{REGENERATE.replace('GAME', game)}"
    )


def test_every_game_has_golden_transcripts() -> None:
    from koloda.engine import game_specs

    for spec in game_specs():
        if spec.name in ("duel", "nevermore", "gwent"):
            assert stored(spec.name), spec.name
