"""``koloda replay FILE``: run a scenario file or a game record and print the outcome.

A file is a *game record* (what ``koloda play --record`` writes, :class:`GameRecord`) when its
keys are among a record's and its actions are ``[seat, "text"]`` pairs; otherwise it is read as a
*scenario* (:mod:`koloda.engine.scenario`). A refused action, a failed expectation or a malformed
file is one line on stderr and exit code 2.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from koloda.cli.core import LangOption, console, resolve_lang
from koloda.cli.games import number_text
from koloda.cli.i18n import Lang, t, yes_no
from koloda.cli.render import renderer_for
from koloda.engine import GameRecord, GameState, InvalidData, get_spec, replay
from koloda.engine.scenario import check_scenario, run_scenario

_RECORD_KEYS = frozenset(f.name for f in fields(GameRecord))


def read_json(path: Path) -> Any:
    """The JSON in ``path``; raises InvalidData saying what is wrong."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise InvalidData(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise InvalidData(f"{path}: not a UTF-8 text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InvalidData(f"{path}: not valid JSON: {e}") from None


def is_record(data: Any) -> bool:
    """Whether ``data`` is a game record rather than a scenario."""
    if not isinstance(data, Mapping) or not set(data) <= _RECORD_KEYS:
        return False
    actions = data.get("actions")
    return (
        isinstance(actions, list)
        and bool(actions)
        and all(isinstance(a, list) for a in actions)
    )


def run_file(path: Path) -> tuple[str, GameState, dict[str, Any]]:
    """Run the file; returns its kind ("scenario" or "record"), the final state and a summary."""
    data = read_json(path)
    if is_record(data):
        record = GameRecord.from_json(data)
        state = replay(record)
        result = state.result()
        summary: dict[str, Any] = {
            "title": "",
            "game": record.game,
            "actions": len(record.actions),
            "terminal": state.is_terminal,
            "to_act": list(state.to_act),
            "scores": list(result.scores) if result else None,
            "result": result.summary if result else None,
            "checked": [],
        }
        return "record", state, summary
    outcome = run_scenario(check_scenario(data, str(path)))
    return "scenario", outcome.state, outcome.summary()


def replay_command(
    file: Annotated[Path, typer.Argument(help="A scenario file or a game record (JSON).",
                                         dir_okay=False)],
    as_json: Annotated[bool, typer.Option("--json", help="Print the outcome as JSON.")] = False,
    show_log: Annotated[bool, typer.Option(
        "--log", help="Also print the game as a spectator saw it, in words.")] = False,
    lang: LangOption = None,
) -> None:
    """Run a scenario file or a game record (see :data:`REPLAY_HELP`)."""
    lang = resolve_lang(lang)
    kind, state, summary = run_file(file)
    summary = {"file": str(file), "kind": kind, **summary}
    if as_json:
        typer.echo(json.dumps(summary, ensure_ascii=False, indent=2))
        return
    out = console()
    out.print(_table(summary, lang))
    if show_log:
        renderer = renderer_for(get_spec(state.GAME), lang)
        out.print(renderer.log_lines(state.log(None)))


def _table(summary: Mapping[str, Any], lang: Lang) -> Table:
    table = Table(title=t("replay_title", lang), show_header=False)
    table.add_column(style="cyan")
    table.add_column()
    kind = t("kind_scenario" if summary["kind"] == "scenario" else "kind_record", lang)
    title = summary.get("title") or ""
    rows: list[tuple[str, str]] = [
        (t("col_file", lang), str(summary["file"])),
        (t("col_kind", lang), f"{kind}: {title}" if title else kind),
        (t("col_game", lang), str(summary["game"])),
        (t("col_actions", lang), str(summary["actions"])),
        (t("col_terminal", lang), yes_no(bool(summary["terminal"]), lang)),
    ]
    if not summary["terminal"]:
        rows.append((t("col_to_act", lang), ", ".join(str(s) for s in summary["to_act"])))
    if summary["scores"] is not None:
        rows.append((t("col_scores", lang), ", ".join(number_text(s) for s in summary["scores"])))
    if summary.get("result"):
        rows.append((t("col_result", lang), str(summary["result"])))
    if summary["checked"]:
        rows.append((t("col_checked", lang),
                     ", ".join(summary["checked"]) + f" — {t('all_met', lang)}"))
    for key, value in rows:
        table.add_row(key, value)
    return table


REPLAY_HELP = (
    "Run a scenario file (game, position, actions, expected outcome) or a game record written "
    "by `koloda play --record`, and print the outcome: actions played, whether the game is "
    "over, scores, the expectations checked.\n\n"
    "Exits with code 2 and a one-line message on an illegal action, a failed expectation or a "
    "malformed file."
)


def register(app: typer.Typer) -> None:
    app.command("replay", help=REPLAY_HELP,
                short_help="Run a scenario file or a game record and print the outcome.",
                epilog="Example: koloda replay "
                "tests/scenarios/duel/kill-in-lost-round.json --log")(replay_command)
