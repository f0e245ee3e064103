"""Balance of Nevermore's magic set: how much one magic card moves its holder's win rate.

For every kind of card in the set, heuristic bots (``bot:heuristic`` in every seat) play games
in which one seat (rotating over the seats, to cancel seat effects) starts with one extra copy
of that card in hand; the same number of games with no extra card give the baseline. The table
reports, per card, the holder's win rate, the difference from the baseline, and 95% Wilson
intervals, and is written between the markers in ``docs/nevermore-magic.md``.

Usage::

    python bench/nevermore_magic_balance.py --games 200 --players 4 [--set koloda|FILE]
        [--write docs/nevermore-magic.md]
    python bench/nevermore_magic_balance.py --bots --games 200 --write docs/rules/nevermore.md

It plays in-process (``state.legal_actions`` / ``state.apply`` with bots from
``koloda.bots.make_bot``), one row per process with ``--jobs N``, and prints its own timing.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from pathlib import Path

from koloda.bots import decision_for, make_bot
from koloda.engine import Game, load_game
from koloda.games.nevermore.magic import Deck, MagicCard
from koloda.games.nevermore.state import NevermoreState

BEGIN = "<!-- balance-table:begin -->"
END = "<!-- balance-table:end -->"
BOTS_BEGIN = "<!-- bots-table:begin -->"
BOTS_END = "<!-- bots-table:end -->"


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def play(game: Game, seed: int, holder: int, kind: MagicCard | None) -> int:
    """One game of heuristic bots; ``holder`` starts with an extra ``kind``. Returns the
    winner's seat, or -1 when the game stopped without a winner."""
    s = game.new(seed=seed)
    assert isinstance(s, NevermoreState)
    if kind is not None:
        deck = s.light_deck if kind.deck == Deck.LIGHT else s.shadow_deck
        ms = s.magic_set
        card = next((c for c in deck if ms.card(c).key == kind.key), None)
        if card is None:  # every copy was dealt: take one from another hand
            owner = next(p for p in range(s.players)
                         if any(ms.card(c).key == kind.key for c in s.magic[p]))
            card = next(c for c in s.magic[owner] if ms.card(c).key == kind.key)
            s.magic[owner].remove(card)
        else:
            deck.remove(card)
        s.magic[holder].append(card)
        s.magic[holder].sort()
        if holder not in s.waiting and s.stage.value == "magic":
            s.waiting = sorted([*s.waiting, holder])
    bots = [make_bot("bot:heuristic", game, seed=seed * 10 + p) for p in range(s.players)]
    while not s.is_terminal:
        seat = s.to_act[0]
        s.apply(seat, bots[seat].act(decision_for(s, seat)))
    return s.winner


def _row(job: tuple[Game, int, MagicCard | None, int, int]) -> dict[str, object]:
    game, index, kind, games, seed0 = job
    n = game.players
    wins = 0
    stops = 0
    for g in range(games):
        seed = seed0 + g  # the same deals for every card: paired comparison
        holder = g % n
        w = play(game, seed, holder, kind)
        wins += w == holder
        stops += w < 0
    lo, hi = wilson(wins, games)
    print(f"{index + 1}: {kind.key if kind else '(none)'}: {wins}/{games}", file=sys.stderr)
    return {"key": kind.key if kind else "(none)", "kind": kind, "wins": wins,
            "games": games, "rate": wins / games, "lo": lo, "hi": hi, "stops": stops}


def run(game: Game, games: int, kinds: list[MagicCard | None],
        seed0: int, jobs: int = 1) -> list[dict[str, object]]:
    work = [(game, i, kind, games, seed0) for i, kind in enumerate(kinds)]
    if jobs <= 1:
        return [_row(w) for w in work]
    with multiprocessing.Pool(jobs) as pool:
        return pool.map(_row, work, chunksize=1)


def table(rows: list[dict[str, object]], *, players: int, games: int, seconds: float) -> str:
    base = rows[0]
    b = float(base["rate"])  # type: ignore[arg-type]
    lines = [
        f"Measured with `bench/nevermore_magic_balance.py --games {games} --players {players}`: "
        f"{games} games per row ({len(rows) * games} in all, {seconds:.0f} s), "
        f"`bot:heuristic` in every seat, the holder rotating over the seats, the same seeds "
        f"for every row. Baseline: the same games with no extra card "
        f"(a seat's share of wins; 1/{players} = {100 / players:.1f}% when nothing moves it).",
        "",
        "| card | deck | timing | holder wins | win rate | 95% interval | Δ vs baseline |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        kind = r["kind"]
        rate = float(r["rate"])  # type: ignore[arg-type]
        lo, hi = float(r["lo"]), float(r["hi"])  # type: ignore[arg-type]
        name = f"{kind.name_en} / {kind.name_ru}" if isinstance(kind, MagicCard) else "baseline"
        deck = kind.deck.value if isinstance(kind, MagicCard) else "-"
        timing = kind.timing if isinstance(kind, MagicCard) else "-"
        delta = "-" if kind is None else f"{100 * (rate - b):+.1f}"
        lines.append(f"| {name} | {deck} | {timing} | {r['wins']}/{r['games']} | "
                     f"{100 * rate:.1f}% | {100 * lo:.1f}–{100 * hi:.1f}% | {delta} |")
    half = 1.96 * math.sqrt(0.25 * 0.75 / games) * 100
    need = math.ceil(0.25 * 0.75 * (1.96 / 0.03) ** 2)
    lines += ["", f"With {games} games a row, a win rate is known to about ±{half:.1f} points "
              f"(95%); telling a 3-point effect apart needs about {need} games a row (and the "
              "difference of two rows is noisier still). Rows whose interval lies wholly away "
              "from the baseline are the ones to look at."]
    return "\n".join(lines)


def play_mixed(game: Game, seed: int, hero: int) -> int:
    """One game: ``bot:heuristic`` in seat ``hero``, ``bot:random`` elsewhere."""
    s = game.new(seed=seed)
    assert isinstance(s, NevermoreState)
    bots = [make_bot("bot:heuristic" if p == hero else "bot:random", game, seed=seed * 10 + p)
            for p in range(s.players)]
    while not s.is_terminal:
        seat = s.to_act[0]
        s.apply(seat, bots[seat].act(decision_for(s, seat)))
    return s.winner


def bots_table(games: int, seed0: int) -> str:
    """The heuristic bot's win rate against random bots, by player count and magic."""
    lines = [
        f"Measured with `bench/nevermore_magic_balance.py --bots --games {games}`: one "
        "`bot:heuristic` (rotating over the seats) against `bot:random` in every other seat.",
        "",
        "| players | magic | heuristic wins | win rate | 95% interval | a seat's fair share |",
        "|---|---|---|---|---|---|",
    ]
    for players, magic in ((3, "koloda"), (4, "koloda"), (4, "none"), (5, "koloda"),
                           (6, "koloda")):
        game = load_game("nevermore", players=players, magic=magic)
        wins = sum(play_mixed(game, seed0 + g, g % players) == g % players
                   for g in range(games))
        lo, hi = wilson(wins, games)
        lines.append(f"| {players} | {magic} | {wins}/{games} | {100 * wins / games:.1f}% | "
                     f"{100 * lo:.1f}–{100 * hi:.1f}% | {100 / players:.1f}% |")
        print(lines[-1], file=sys.stderr)
    return "\n".join(lines)


def replace_between(path: Path, begin: str, end: str, text: str) -> None:
    doc = path.read_text(encoding="utf-8")
    if begin not in doc or end not in doc:
        raise SystemExit(f"{path}: no {begin} ... {end} markers")
    head, _, rest = doc.partition(begin)
    _, _, tail = rest.partition(end)
    path.write_text(f"{head}{begin}\n{text}\n{end}{tail}", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--set", default="koloda", help="koloda, or a JSON file of a custom set")
    ap.add_argument("--write", default="", help="the markdown file whose table to replace")
    ap.add_argument("--jobs", type=int, default=1, help="local processes (rows run in parallel)")
    ap.add_argument("--bots", action="store_true",
                    help="measure bot:heuristic against bot:random instead")
    args = ap.parse_args()
    if args.bots:
        text = bots_table(args.games, args.seed)
        print(text)
        if args.write:
            replace_between(Path(args.write), BOTS_BEGIN, BOTS_END, text)
        return
    if args.set == "koloda":
        game = load_game("nevermore", players=args.players)
    else:
        text = Path(args.set).read_text(encoding="utf-8")
        game = load_game("nevermore", players=args.players, magic="custom", magic_set_json=text)
    kinds: list[MagicCard | None] = [None, *game.options.magic_set.kinds]
    t = time.time()
    rows = run(game, args.games, kinds, args.seed, args.jobs)
    seconds = time.time() - t
    text = table(rows, players=args.players, games=args.games, seconds=seconds)
    print(text)
    if args.write:
        replace_between(Path(args.write), BEGIN, END, text)


if __name__ == "__main__":
    main()
