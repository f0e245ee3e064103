"""``--report FILE.html``: one self-contained HTML file (plots inlined as PNG) with the run's
tables, plots, the exact command and the versions that produced it."""

from __future__ import annotations

import base64
import html
import io
import platform
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from koloda.extras import require
from koloda.sim.features import fmt_cell
from koloda.sim.runner import GameOutcome


def versions() -> dict[str, str]:
    """Python, the platform and the versions of the packages a result depends on."""
    out = {"python": sys.version.split()[0], "platform": platform.platform()}
    for package in ("koloda", "numpy", "scipy", "matplotlib", "ray"):
        try:
            out[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            out[package] = "not installed"
    return out


def _pyplot() -> Any:
    """matplotlib's pyplot (the sim extra) drawing to files, imported when a plot is drawn."""
    matplotlib = require("matplotlib", extra="sim", what="the report's plots")
    matplotlib.use("Agg")
    return require("matplotlib.pyplot", extra="sim", what="the report's plots")


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _win_rate_plot(summaries: Sequence[tuple[str, dict[str, Any]]]) -> str:
    plt = _pyplot()

    fig, ax = plt.subplots(figsize=(6, 3.2))
    width = 0.8 / len(summaries)
    for k, (label, s) in enumerate(summaries):
        xs = [seat["seat"] + k * width for seat in s["seats"]]
        rates = [seat["rate"] for seat in s["seats"]]
        err = [[r - seat["ci95"][0] for r, seat in zip(rates, s["seats"], strict=True)],
               [seat["ci95"][1] - r for r, seat in zip(rates, s["seats"], strict=True)]]
        ax.bar(xs, rates, width=width, yerr=err, capsize=4, label=label)
    ax.set_xticks([seat["seat"] + 0.4 - width / 2 for seat in summaries[0][1]["seats"]])
    ax.set_xticklabels([f"seat {seat['seat']}" for seat in summaries[0][1]["seats"]])
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    if len(summaries) > 1:
        ax.legend()
    data = _png(fig)
    plt.close(fig)
    return data


def _length_plot(runs: Sequence[tuple[str, Sequence[GameOutcome]]]) -> str:
    plt = _pyplot()

    fig, ax = plt.subplots(figsize=(6, 3.2))
    for label, outcomes in runs:
        ax.hist([o.actions for o in outcomes], bins=30, alpha=0.6, label=label)
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    if len(runs) > 1:
        ax.legend()
    data = _png(fig)
    plt.close(fig)
    return data


def _table(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(fmt_cell(v))}</td>" for v in row) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _summary_html(title: str, s: dict[str, Any]) -> str:
    parts = [f"<h2>{html.escape(title)}</h2>"]
    parts.append(_table(
        ["seat", "bot", "wins", "games", "win rate", "95% interval", "mean score"],
        [[x["seat"], x.get("bot", "(rotating)"), x["wins"], x["games"], x["rate"], x["ci95"],
          x["mean_score"]] for x in s["seats"]],
    ))
    d, adv, ln = s["draws"], s["seat_advantage"], s["length"]
    parts.append(
        f"<p>Draws: {d['draws']} ({d['rate']:.3f}). Seat advantage: χ² = {adv['chi2']:.3f}, "
        f"p = {adv['p_value']:.4f}. Game length: mean {ln['mean']:.1f} actions, median "
        f"{ln['median']:.1f}, range {ln['min']}–{ln['max']}.</p>"
    )
    if "bots" in s:
        parts.append(_table(["bot", "wins", "games", "win rate", "95% interval"],
                            [[b["bot"], b["wins"], b["games"], b["rate"], b["ci95"]]
                             for b in s["bots"]]))
    for name, section in s.get("game", {}).items():
        if isinstance(section, dict) and "columns" in section:
            parts.append(f"<h3>{html.escape(section.get('title', name))}</h3>")
            parts.append(_table(section["columns"], section["rows"]))
    return "\n".join(parts)


def render_report(
    result: dict[str, Any],
    outcomes: Sequence[GameOutcome],
    b_outcomes: Sequence[GameOutcome] | None,
    *,
    command: str,
) -> str:
    """The HTML text of a report for a summary (or a comparison when ``b_outcomes``)."""
    if b_outcomes is not None:
        summaries = [("A", result["a"]), ("B", result["b"])]
        runs = [("A", outcomes), ("B", b_outcomes)]
        run_info = result["a"]["run"]
    else:
        summaries = [("run", result)]
        runs = [("run", outcomes)]
        run_info = result["run"]
    body = [f"<h1>Koloda simulation: {html.escape(run_info['game'])}</h1>"]
    body.append(f"<p><code>{html.escape(command or '(called from Python)')}</code></p>")
    body.append(_table(["setting", "value"], [[k, v] for k, v in run_info.items()]))
    if b_outcomes is not None:
        body.append(_summary_html("Variant A", result["a"]))
        body.append(_summary_html("Variant B: " + ", ".join(
            f"{k}={v}" for k, v in result["changed_options"].items()), result["b"]))
        body.append("<h2>B against A</h2>")
        body.append(_table(["seat", "A", "B", "difference", "p-value"],
                           [[x["seat"], x["a"], x["b"], x["difference"], x["p_value"]]
                            for x in result["seats"]]))
        o = result["outcomes"]
        body.append(f"<p>Outcome distribution: χ² = {o['chi2']:.3f}, p = {o['p_value']:.4f}. "
                    f"Length B − A: {result['length']['difference']:+.2f} actions, p = "
                    f"{result['length']['p_value']:.4f}.</p>")
    else:
        body.append(_summary_html("Results", result))
    body.append("<h2>Plots</h2>")
    body.append(f'<img alt="win rates" src="data:image/png;base64,{_win_rate_plot(summaries)}">')
    body.append(f'<img alt="game length" src="data:image/png;base64,{_length_plot(runs)}">')
    body.append("<h2>Versions</h2>")
    body.append(_table(["component", "version"], list(versions().items())))
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto;}"
             "table{border-collapse:collapse;margin:1em 0;}"
             "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right;}")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Koloda simulation</title>"
            f"<style>{style}</style></head><body>{''.join(body)}</body></html>\n")


def write_report(
    path: Path,
    result: dict[str, Any],
    outcomes: Sequence[GameOutcome],
    b_outcomes: Sequence[GameOutcome] | None,
    *,
    command: str,
) -> None:
    path.write_text(render_report(result, outcomes, b_outcomes, command=command),
                    encoding="utf-8")
