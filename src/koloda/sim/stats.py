"""Statistics of a run: win rates with Wilson intervals, seat advantage, game length, variants
compared with significance tests.

A seat *wins* a game when it is among the game's winners (rank 1 not shared by every seat:
``Result.winners``); a game with no winners is a *draw*. Every number is rounded to 6 decimals
so that the same run prints the same bytes.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from koloda.extras import require
from koloda.sim.features import summarize_features
from koloda.sim.runner import GameOutcome, SimSpec


def _scipy_stats() -> Any:
    """SciPy's statistics (the sim extra), imported when a test is first computed."""
    return require("scipy.stats", extra="sim", what="the simulator's statistics")


def require_statistics() -> None:
    """Raise :class:`koloda.extras.MissingExtra` now when SciPy is not installed."""
    _scipy_stats()

Z95 = 1.959963984540054


def r6(x: float) -> float:
    """Round for stable printing (and turn -0.0 into 0.0)."""
    value = round(float(x), 6)
    return 0.0 if value == 0 else value


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (95% by default).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"wins": k, "games": n, "rate": r6(k / n if n else 0.0), "ci95": [r6(lo), r6(hi)]}


def summarize(spec: SimSpec, outcomes: Sequence[GameOutcome]) -> dict[str, Any]:
    """The summary of a run, JSON-ready and deterministic."""
    n = len(outcomes)
    players = spec.players
    seat_wins = [0] * players
    seat_scores: list[list[float]] = [[] for _ in range(players)]
    bot_games: dict[str, int] = defaultdict(int)
    bot_wins: dict[str, int] = defaultdict(int)
    draws = 0
    for o in outcomes:
        if not o.winners:
            draws += 1
        for seat in range(players):
            seat_scores[seat].append(o.scores[seat])
            bot_games[o.bots[seat]] += 1
            if seat in o.winners:
                seat_wins[seat] += 1
                bot_wins[o.bots[seat]] += 1
    seats = []
    for seat in range(players):
        entry: dict[str, Any] = {"seat": seat}
        if not spec.rotate:
            entry["bot"] = spec.bots[seat]
        entry.update(_rate(seat_wins[seat], n))
        entry["mean_score"] = r6(statistics.fmean(seat_scores[seat])) if n else 0.0
        seats.append(entry)
    lengths = [o.actions for o in outcomes]
    summary: dict[str, Any] = {
        "run": {**spec.header(), "games": n},
        "seats": seats,
        "draws": _rate(draws, n) | {"draws": draws},
        "seat_advantage": seat_advantage(seat_wins),
        "length": {
            "mean": r6(statistics.fmean(lengths)) if lengths else 0.0,
            "median": r6(statistics.median(lengths)) if lengths else 0.0,
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
        },
    }
    if len(set(spec.bots)) > 1:
        summary["bots"] = [
            {"bot": b} | _rate(bot_wins[b], bot_games[b]) for b in sorted(bot_games)
        ]
    extra = summarize_features(spec.game, outcomes, players)
    if extra:
        summary["game"] = extra
    return summary


def seat_advantage(seat_wins: Sequence[int]) -> dict[str, Any]:
    """Whether wins are spread evenly over the seats: a chi-square test of the win counts
    against equal shares. A small ``p_value`` says the seat matters (with the same bot at
    every seat, that is the advantage of sitting there)."""
    total = sum(seat_wins)
    if total == 0 or len(seat_wins) < 2:
        return {"chi2": 0.0, "p_value": 1.0, "wins_share": [0.0 for _ in seat_wins]}
    test = _scipy_stats().chisquare(list(seat_wins))
    return {
        "chi2": r6(test.statistic),
        "p_value": r6(test.pvalue),
        "wins_share": [r6(w / total) for w in seat_wins],
    }


def two_proportions(k1: int, n1: int, k2: int, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test (1.0 when undefined)."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 1.0
    z = (k1 / n1 - k2 / n2) / se
    return float(2 * _scipy_stats().norm.sf(abs(z)))


def compare(
    a_spec: SimSpec, a: Sequence[GameOutcome], b_spec: SimSpec, b: Sequence[GameOutcome]
) -> dict[str, Any]:
    """Two variants side by side: each one's summary, and per seat the difference of win
    rates with the p-value of a two-proportion z-test; the outcome distributions (which seat
    won, or a draw) with a chi-square test of independence; game lengths with Welch's t-test.
    Both variants play the same deal seeds, which makes small differences easier to see.
    """
    sa, sb = summarize(a_spec, a), summarize(b_spec, b)
    seats = []
    for seat in range(a_spec.players):
        ka, na = sa["seats"][seat]["wins"], sa["seats"][seat]["games"]
        kb, nb = sb["seats"][seat]["wins"], sb["seats"][seat]["games"]
        seats.append({
            "seat": seat,
            "a": sa["seats"][seat]["rate"],
            "b": sb["seats"][seat]["rate"],
            "difference": r6(kb / nb - ka / na) if na and nb else 0.0,
            "p_value": r6(two_proportions(ka, na, kb, nb)),
        })
    table = [_outcome_counts(a, a_spec.players), _outcome_counts(b, b_spec.players)]
    keep = [j for j in range(len(table[0])) if table[0][j] + table[1][j] > 0]
    if len(keep) >= 2:
        chi = _scipy_stats().chi2_contingency([[row[j] for j in keep] for row in table])
        outcome_test = {"chi2": r6(chi.statistic), "p_value": r6(chi.pvalue)}
    else:
        outcome_test = {"chi2": 0.0, "p_value": 1.0}
    la, lb = [o.actions for o in a], [o.actions for o in b]
    if len(la) > 1 and len(lb) > 1 and (statistics.pvariance(la) or statistics.pvariance(lb)):
        t = _scipy_stats().ttest_ind(la, lb, equal_var=False)
        length_test = {"difference": r6(statistics.fmean(lb) - statistics.fmean(la)),
                       "p_value": r6(t.pvalue)}
    else:
        length_test = {"difference": r6(statistics.fmean(lb) - statistics.fmean(la))
                       if la and lb else 0.0, "p_value": 1.0}
    return {
        "a": sa,
        "b": sb,
        "changed_options": {k: v for k, v in sorted(b_spec.options.items())
                            if a_spec.options.get(k, _MISSING) != v},
        "seats": seats,
        "outcomes": {"a": table[0], "b": table[1], "labels": _outcome_labels(a_spec.players)}
        | outcome_test,
        "length": length_test,
    }


_MISSING = object()


def _outcome_labels(players: int) -> list[str]:
    return [f"seat {i} wins alone" for i in range(players)] + ["shared win", "draw"]


def _outcome_counts(outcomes: Sequence[GameOutcome], players: int) -> list[int]:
    counts = [0] * (players + 2)
    for o in outcomes:
        if not o.winners:
            counts[players + 1] += 1
        elif len(o.winners) == 1:
            counts[o.winners[0]] += 1
        else:
            counts[players] += 1
    return counts
