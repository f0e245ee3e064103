"""``koloda simulate``: many games between bots, with statistics, variants and reports."""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from koloda.cli.core import LangOption, resolve_lang
from koloda.engine import KolodaError, get_spec, parse_option_text
from koloda.engine.errors import InvalidOption
from koloda.sim.runner import GameOutcome, SimSpec, run, with_options
from koloda.sim.stats import compare, require_statistics, summarize
from koloda.sim.words import cell, figure, game_title, games, interval, table_words, w


def parse_options(game: str, pairs: Sequence[str]) -> dict[str, Any]:
    """``["rounds_to_win=3"]`` → ``{"rounds_to_win": 3}``, typed by the game's options."""
    spec = get_spec(game)
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOption(f"options are given as KEY=VALUE, got {pair!r}")
        out[key.strip()] = parse_option_text(spec.options_type, key.strip(), value.strip())
    return out


def make_spec(
    game: str,
    *,
    players: int | None,
    games: int,
    bots: Sequence[str],
    seed: int,
    options: Sequence[str],
    rotate: bool,
    modules: Sequence[str] = (),
) -> SimSpec:
    """The run the command line describes (one bot for all seats, or one per seat)."""
    import importlib

    for module in modules:
        importlib.import_module(module)
    spec = get_spec(game)
    n = spec.default_players if players is None else players
    names = list(bots) or ["bot:random"]
    if len(names) == 1:
        names = names * n
    return SimSpec(
        game=game,
        players=n,
        bots=tuple(names),
        games=games,
        seed=seed,
        options=parse_options(game, options),
        rotate=rotate,
        modules=tuple(modules),
    )


@contextmanager
def _progress_bar(
    total: int, label: str, *, enabled: bool
) -> Iterator[Callable[[int], None] | None]:
    if not enabled:
        yield None
        return
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda k: bar.advance(task, k)


def _w(key: str, lang: str, **values: object) -> str:
    return w(key, lang, **values)


def _n(x: float, lang: str, digits: int = 3, sign: bool = False) -> str:
    """A figure with up to ``digits`` decimals as ``lang`` writes it (a decimal comma in
    Russian)."""
    return figure(x, lang, digits, sign=sign)


def _seat_table(title: str, summary: dict[str, Any], lang: str = "en") -> Table:
    table = Table(title=title)
    for key in ("seat", "bot", "wins", "games", "win_rate", "interval", "mean_score"):
        table.add_column(_w(key, lang), justify="right" if key != "bot" else "left")
    for s in summary["seats"]:
        lo, hi = s["ci95"]
        table.add_row(str(s["seat"]), s.get("bot", _w("rotating", lang)), cell(s["wins"], lang),
                      cell(s["games"], lang), _n(s["rate"], lang), interval(lo, hi, lang),
                      _n(s["mean_score"], lang))
    return table


def print_summary(console: Console, summary: dict[str, Any], title: str = "",
                  lang: str = "en") -> None:
    """The summary as Rich tables, in ``lang``."""
    run_info = summary["run"]
    console.print(_seat_table(title or _w("run_title", lang,
                                          game=game_title(run_info["game"], lang),
                                          games=games(run_info["games"], lang)), summary, lang))
    d = summary["draws"]
    adv = summary["seat_advantage"]
    length = summary["length"]
    console.print(_w("draws", lang, draws=d["draws"], rate=_n(d["rate"], lang),
                     lo=_n(d["ci95"][0], lang), hi=_n(d["ci95"][1], lang)))
    console.print(_w("advantage", lang, chi2=_n(adv["chi2"], lang), p=_n(adv["p_value"], lang, 4)))
    console.print(_w("length", lang, mean=_n(length["mean"], lang, 1),
                     median=_n(length["median"], lang, 1), lo=length["min"], hi=length["max"]))
    if "bots" in summary:
        table = Table(title=_w("by_bot", lang))
        for key in ("bot", "wins", "games", "win_rate", "interval"):
            table.add_column(_w(key, lang))
        for b in summary["bots"]:
            table.add_row(b["bot"], cell(b["wins"], lang), cell(b["games"], lang),
                          _n(b["rate"], lang), interval(b["ci95"][0], b["ci95"][1], lang))
        console.print(table)
    for name, section in summary.get("game", {}).items():
        _print_section(console, name, section, lang, run_info["game"])


def _print_section(console: Console, name: str, section: Any, lang: str = "en",
                   game: str = "") -> None:
    """A per-game table: a dict with ``columns`` and ``rows``, or plain values."""
    if isinstance(section, dict) and "columns" in section and "rows" in section:
        table = Table(title=table_words(str(section.get("title", name)), lang))
        for col in section["columns"]:
            table.add_column(cell(table_words(str(col), lang), lang, game))
        for row in section["rows"]:
            table.add_row(*(cell(v, lang, game) for v in row))
        console.print(table)
    else:
        console.print(f"{name}: {json.dumps(section, ensure_ascii=False)}")


def print_comparison(console: Console, result: dict[str, Any], lang: str = "en") -> None:
    print_summary(console, result["a"], _w("variant_a", lang), lang)
    print_summary(console, result["b"], _w("variant_b", lang, changes=", ".join(
        f"{k}={v}" for k, v in result["changed_options"].items())), lang)
    table = Table(title=_w("b_vs_a", lang))
    for key in ("seat", "a_rate", "b_rate", "difference", "p_value"):
        table.add_column(_w(key, lang), justify="right")
    for s in result["seats"]:
        table.add_row(str(s["seat"]), _n(s["a"], lang), _n(s["b"], lang),
                      _n(s["difference"], lang, sign=True), _n(s["p_value"], lang, 4))
    console.print(table)
    o = result["outcomes"]
    console.print(_w("outcomes", lang, chi2=_n(o["chi2"], lang), p=_n(o["p_value"], lang, 4)))
    ln = result["length"]
    console.print(_w("length_diff", lang, diff=_n(ln["difference"], lang, 2, sign=True),
                     p=_n(ln["p_value"], lang, 4)))


def simulate(
    game: Annotated[str, typer.Argument(help="The game: duel, nevermore, gwent.")],
    players: Annotated[int | None, typer.Option("--players", "-p",
                                                help="Players (default: the game's).")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 100,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", "-b", help="bot:random, bot:heuristic, bot:ismcts:2000, bot:ismcts:0.5s… "
        "Once for every seat, or once per seat in seat order.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the run: same seed, same games.")] = 0,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A game option KEY=VALUE (repeatable).")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Local processes.")] = 1,
    ray: Annotated[str | None, typer.Option(
        "--ray", help="Run on a Ray cluster at this address ('local' starts one here).")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Stream each finished game to this file (.jsonl, or .parquet written at the "
        "end from a .parquet.jsonl journal).")] = None,
    resume: Annotated[bool, typer.Option(
        help="Continue the run stored in --out: play only the games it lacks.")] = False,
    rotate: Annotated[bool, typer.Option(
        help="Move the bots one seat on in each game (compare bots, not seats).")] = False,
    compare_with: Annotated[list[str] | None, typer.Option(
        "--compare", help="Also play variant B, the same options with KEY=VALUE changed "
        "(repeatable), on the same seeds, and test the differences.")] = None,
    report: Annotated[Path | None, typer.Option(
        help="Write a self-contained HTML report with plots here (in the language of --lang).")]
        = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    progress: Annotated[bool, typer.Option(help="Show a progress bar on stderr.")] = True,
    import_module: Annotated[list[str] | None, typer.Option(
        "--import", help="Import this module first (a game or bot that is not built in).")]
        = None,
    lang: LangOption = None,
) -> None:
    """Play many games between bots and print per-seat results (win rates with 95% Wilson
    intervals, draws, seat advantage, game length, the game's own tables).

    Example: koloda simulate duel --games 1000 --bot bot:heuristic --bot bot:random --jobs 2
    """
    command = shlex.join(["koloda", "simulate", *sys.argv[2:]]) if len(sys.argv) > 1 else ""
    try:
        require_statistics()  # before the games are played, not after
        spec = make_spec(game, players=players, games=games, bots=bot or [], seed=seed,
                         options=option or [], rotate=rotate, modules=import_module or [])
        variant: SimSpec | None = None
        if compare_with:
            overrides = parse_options(game, compare_with)
            variant = with_options(spec, overrides)
            if variant.load().options == spec.load().options:
                raise InvalidOption("--compare changes nothing: give options that differ")
        total = games * (2 if variant else 1)
        show = progress and (sys.stderr.isatty() or bool(os.environ.get("KOLODA_PROGRESS")))
        with _progress_bar(total, f"{game}: games", enabled=show) as advance:
            outcomes = run(spec, jobs=jobs, ray_address=ray, out=out, resume=resume,
                           progress=advance)
            b_outcomes: list[GameOutcome] = []
            if variant is not None:
                b_out = out.with_name(out.stem + ".b" + out.suffix) if out else None
                b_outcomes = run(variant, jobs=jobs, ray_address=ray, out=b_out, resume=resume,
                                 progress=advance)
        console = Console()
        if variant is not None:
            result = compare(spec, outcomes, variant, b_outcomes)
        else:
            result = summarize(spec, outcomes)
        if report is not None:
            from koloda.sim.report import write_report

            write_report(report, result, outcomes, b_outcomes if variant else None,
                         command=command, lang=str(resolve_lang(lang)))
        if as_json:
            typer.echo(json.dumps(result, sort_keys=True, indent=2, ensure_ascii=False))
        elif variant is not None:
            print_comparison(console, result, str(resolve_lang(lang)))
        else:
            print_summary(console, result, lang=str(resolve_lang(lang)))
    except KolodaError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None


def register(app: typer.Typer) -> None:
    """Add ``simulate`` to the ``koloda`` command."""
    app.command("simulate")(simulate)
