"""``--report FILE.html``: one self-contained HTML file (plots inlined as PNG) with the run's
tables, plots, the exact command and the versions that produced it, in English or Russian
(``--lang``: headings, columns, the plots' labels, the games' own tables, figures with a
decimal comma, counts with their plural forms; :mod:`koloda.sim.words`)."""

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
from koloda.sim.runner import GameOutcome
from koloda.sim.words import WORDS, cell, figure, game_title, games, table_words, w


def versions(lang: str = "en") -> dict[str, str]:
    """Python, the platform and the versions of the packages a result depends on."""
    out = {"python": sys.version.split()[0], "platform": platform.platform()}
    for package in ("koloda", "numpy", "scipy", "matplotlib", "ray"):
        try:
            out[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            out[package] = w("not_installed", lang)
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


def _win_rate_plot(summaries: Sequence[tuple[str, dict[str, Any]]], lang: str) -> str:
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
    ax.set_xticklabels([w("plot_seat", lang, n=seat["seat"]) for seat in summaries[0][1]["seats"]])
    ax.set_ylabel(w("plot_rate", lang))
    ax.yaxis.set_major_formatter(lambda y, _pos: figure(y, lang, 2))
    ax.set_ylim(0, 1)
    if len(summaries) > 1:
        ax.legend()
    data = _png(fig)
    plt.close(fig)
    return data


def _length_plot(runs: Sequence[tuple[str, Sequence[GameOutcome]]], lang: str) -> str:
    plt = _pyplot()

    fig, ax = plt.subplots(figsize=(6, 3.2))
    for label, outcomes in runs:
        ax.hist([o.actions for o in outcomes], bins=30, alpha=0.6, label=label)
    ax.set_xlabel(w("plot_actions", lang))
    ax.set_ylabel(w("plot_games", lang))
    if len(runs) > 1:
        ax.legend()
    data = _png(fig)
    plt.close(fig)
    return data


def _table(columns: Sequence[str], rows: Sequence[Sequence[Any]], lang: str = "en",
           game: str = "") -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell(v, lang, game))}</td>" for v in row) + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _cols(keys: Sequence[str], lang: str) -> list[str]:
    return [w(k, lang) for k in keys]


def _sentence(text: str) -> str:
    """A summary line as a sentence of the report: a capital first letter and a full stop."""
    return f"{text[:1].upper()}{text[1:]}."


def _summary_html(title: str, s: dict[str, Any], lang: str) -> str:
    game = str(s["run"]["game"])
    parts = [f"<h2>{html.escape(title)}</h2>"]
    parts.append(_table(
        _cols(["seat", "bot", "wins", "games", "win_rate", "interval", "mean_score"], lang),
        [[x["seat"], x.get("bot", w("rotating", lang)), x["wins"], x["games"], x["rate"],
          x["ci95"], x["mean_score"]] for x in s["seats"]], lang,
    ))
    d, adv, ln = s["draws"], s["seat_advantage"], s["length"]
    lines = [
        w("draws", lang, draws=cell(d["draws"], lang), rate=figure(d["rate"], lang),
          lo=figure(d["ci95"][0], lang), hi=figure(d["ci95"][1], lang)),
        w("advantage", lang, chi2=figure(adv["chi2"], lang), p=figure(adv["p_value"], lang, 4)),
        w("length", lang, mean=figure(ln["mean"], lang, 1), median=figure(ln["median"], lang, 1),
          lo=cell(ln["min"], lang), hi=cell(ln["max"], lang)),
    ]
    parts.append("<p>" + " ".join(html.escape(_sentence(x)) for x in lines) + "</p>")
    if "bots" in s:
        parts.append(f"<h3>{html.escape(_sentence(w('by_bot', lang))[:-1])}</h3>")
        parts.append(_table(_cols(["bot", "wins", "games", "win_rate", "interval"], lang),
                            [[b["bot"], b["wins"], b["games"], b["rate"], b["ci95"]]
                             for b in s["bots"]], lang))
    for name, section in s.get("game", {}).items():
        if isinstance(section, dict) and "columns" in section:
            heading = table_words(str(section.get("title", name)), lang)
            parts.append(f"<h3>{html.escape(_sentence(heading)[:-1])}</h3>")
            parts.append(_table([cell(table_words(str(c), lang), lang, game)
                                 for c in section["columns"]], section["rows"], lang, game))
    return "\n".join(parts)


def _setting(key: str, value: Any, lang: str) -> str:
    if key == "game":
        return game_title(str(value), lang)
    if key == "games" and isinstance(value, int):
        return games(value, lang)
    if key == "options":
        return ", ".join(f"{k}={v}" for k, v in dict(value).items()) or w("default_options",
                                                                          lang)
    if key == "bots":
        return ", ".join(map(str, value))
    return cell(value, lang)


def render_report(
    result: dict[str, Any],
    outcomes: Sequence[GameOutcome],
    b_outcomes: Sequence[GameOutcome] | None,
    *,
    command: str,
    lang: str = "en",
) -> str:
    """The HTML text of a report for a summary (or a comparison when ``b_outcomes``), in
    ``lang``."""
    if b_outcomes is not None:
        summaries = [("A", result["a"]), ("B", result["b"])]
        runs = [("A", outcomes), ("B", b_outcomes)]
        run_info = result["a"]["run"]
    else:
        summaries = [(w("plot_run", lang), result)]
        runs = [(w("plot_run", lang), outcomes)]
        run_info = result["run"]
    heading = w("report_heading", lang, game=game_title(run_info["game"], lang),
                games=games(int(run_info["games"]), lang))
    body = [f"<h1>{html.escape(heading)}</h1>"]
    body.append(f"<p>{html.escape(w('command', lang))}: "
                f"<code>{html.escape(command or w('from_python', lang))}</code></p>")
    body.append(f"<h2>{html.escape(w('settings', lang))}</h2>")
    body.append(_table(_cols(["setting", "value"], lang),
                       [[w(f"setting_{k}", lang) if f"setting_{k}" in WORDS else k,
                         _setting(k, v, lang)] for k, v in run_info.items()], lang))
    if b_outcomes is not None:
        body.append(_summary_html(_sentence(w("variant_a", lang))[:-1], result["a"], lang))
        body.append(_summary_html(_sentence(w("variant_b", lang, changes=", ".join(
            f"{k}={v}" for k, v in result["changed_options"].items())))[:-1], result["b"],
            lang))
        body.append(f"<h2>{html.escape(w('b_vs_a', lang))}</h2>")
        body.append(_table(_cols(["seat", "a_rate", "b_rate", "difference", "p_value"], lang),
                           [[x["seat"], x["a"], x["b"], figure(x["difference"], lang, sign=True),
                             figure(x["p_value"], lang, 4)] for x in result["seats"]], lang))
        o, ln = result["outcomes"], result["length"]
        lines = [w("outcomes", lang, chi2=figure(o["chi2"], lang),
                   p=figure(o["p_value"], lang, 4)),
                 w("length_diff", lang, diff=figure(ln["difference"], lang, 2, sign=True),
                   p=figure(ln["p_value"], lang, 4))]
        body.append("<p>" + " ".join(html.escape(_sentence(x)) for x in lines) + "</p>")
    else:
        body.append(_summary_html(w("results", lang), result, lang))
    body.append(f"<h2>{html.escape(w('plots', lang))}</h2>")
    body.append(f'<img alt="{html.escape(w("alt_rates", lang))}" '
                f'src="data:image/png;base64,{_win_rate_plot(summaries, lang)}">')
    body.append(f'<img alt="{html.escape(w("alt_length", lang))}" '
                f'src="data:image/png;base64,{_length_plot(runs, lang)}">')
    body.append(f"<h2>{html.escape(w('versions', lang))}</h2>")
    body.append(_table(_cols(["component", "version"], lang),
                       [[w("platform", lang) if k == "platform" else k, v]
                        for k, v in versions(lang).items()], lang))
    style = ("body{font-family:sans-serif;max-width:60em;margin:2em auto;}"
             "table{border-collapse:collapse;margin:1em 0;}"
             "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right;}")
    return (f"<!DOCTYPE html><html lang='{html.escape(lang)}'><head><meta charset='utf-8'>"
            f"<title>{html.escape(w('report_title', lang))}</title>"
            f"<style>{style}</style></head><body>{''.join(body)}</body></html>\n")


def write_report(
    path: Path,
    result: dict[str, Any],
    outcomes: Sequence[GameOutcome],
    b_outcomes: Sequence[GameOutcome] | None,
    *,
    command: str,
    lang: str = "en",
) -> None:
    path.write_text(render_report(result, outcomes, b_outcomes, command=command, lang=lang),
                    encoding="utf-8")
