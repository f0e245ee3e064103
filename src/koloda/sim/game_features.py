"""The built-in games' own facts for simulation summaries (see :mod:`koloda.sim.features`).

- **duel**: the kind (type and strength) of every revealed card and who won its round, and each
  seat's hand size → per kind, how often its rounds are won; per hand size, how often the duel
  is won («тип и сила карт»);
- **nevermore**: the magic cards each seat drew and played → per magic card, its holder's win
  rate against everyone else's («влияние карт Магии на владельца»);
- **gwent**: each seat's deck (faction) → faction against faction: how often the row faction
  finishes ahead of the column faction, ties counting half.

The facts are read from the finished state's full record (the simulator sees everything: it is
not a player).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from koloda.engine import GameState
from koloda.sim.features import GameFeatures, register_features

if TYPE_CHECKING:
    from koloda.sim.runner import GameOutcome


def _wilson(k: float, n: int) -> list[float]:
    from koloda.sim.stats import r6, wilson

    lo, hi = wilson(round(k), n)
    return [r6(lo), r6(hi)]


def _r(x: float) -> float:
    from koloda.sim.stats import r6

    return r6(x)


# --- duel --------------------------------------------------------------------------------------


def _duel_extract(state: GameState) -> dict[str, Any]:
    s: Any = state
    rounds = []
    for e in s.events:
        if e.kind_name() == "DuelRoundRevealed":
            kinds: list[str | None] = []
            for key in e.keys:
                if key is None:
                    kinds.append(None)
                else:
                    info = _duel_card(key)
                    kinds.append(f"{info.type.value} {info.strength}")
            rounds.append({"kinds": kinds, "keys": list(e.keys), "winner": e.winner})
    return {"rounds": rounds, "hand_sizes": [len(h) for h in s.chosen]}


def _duel_card(key: str) -> Any:
    from koloda.games.duel.cards import CATALOGUE

    return CATALOGUE[key]


def _duel_summary(outcomes: Sequence[GameOutcome], players: int) -> dict[str, Any]:
    played: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # won, tied, lost
    sizes: dict[int, list[int]] = defaultdict(lambda: [0, 0])  # duels, won
    for o in outcomes:
        for r in o.features.get("rounds", []):
            for seat, kind in enumerate(r["kinds"]):
                if kind is None:
                    continue
                w = r["winner"]
                played[kind][0 if w == seat else 1 if w is None else 2] += 1
        for seat, size in enumerate(o.features.get("hand_sizes", [])):
            sizes[size][0] += 1
            sizes[size][1] += seat in o.winners

    def order(kind: str) -> tuple[int, int]:
        t, s = kind.split()
        return (("attack", "trick", "defence").index(t), int(s))

    kinds = {
        "title": "card kinds: rounds won",
        "columns": ["kind", "rounds", "won", "tied", "lost", "won share", "95% interval"],
        "rows": [
            [k, sum(v), v[0], v[1], v[2], _r(v[0] / sum(v)), _wilson(v[0], sum(v))]
            for k, v in sorted(played.items(), key=lambda kv: order(kv[0]))
        ],
    }
    hands = {
        "title": "hand size: duels won",
        "columns": ["hand size", "duels", "won", "won share", "95% interval"],
        "rows": [[size, n, w, _r(w / n), _wilson(w, n)] for size, (n, w) in sorted(sizes.items())],
    }
    return {"card_kinds": kinds, "hand_sizes": hands}


# --- nevermore ---------------------------------------------------------------------------------


def _nevermore_extract(state: GameState) -> dict[str, Any]:
    s: Any = state
    ms = s.magic_set
    drawn: list[list[str]] = [[] for _ in range(s.players)]
    played: list[list[str]] = [[] for _ in range(s.players)]
    for e in s.events:
        kind = e.kind_name()
        if kind == "NmMagicCards":
            drawn[e.seat].extend(ms.card(c).key for c in e.cards)
        elif kind == "NmMagicPlayed":
            played[e.seat].append(e.key)
    return {"magic_drawn": drawn, "magic_played": played}


def _nevermore_summary(outcomes: Sequence[GameOutcome], players: int) -> dict[str, Any]:
    held: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # seat-games holding it, won
    used: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    seat_games = wins = 0
    for o in outcomes:
        for seat in range(players):
            won = seat in o.winners
            seat_games += 1
            wins += won
            for key in set(o.features.get("magic_drawn", [[]] * players)[seat]):
                held[key][0] += 1
                held[key][1] += won
            for key in set(o.features.get("magic_played", [[]] * players)[seat]):
                used[key][0] += 1
                used[key][1] += won
    rows = []
    for key in sorted(set(held) | set(used)):
        n, w = held.get(key, [0, 0])
        pn, pw = used.get(key, [0, 0])
        others_n, others_w = seat_games - n, wins - w
        rows.append([
            key, n, _r(w / n) if n else 0.0, _wilson(w, n),
            _r(others_w / others_n) if others_n else 0.0,
            _r(w / n - others_w / others_n) if n and others_n else 0.0,
            pn, _r(pw / pn) if pn else 0.0,
        ])
    return {"magic_cards": {
        "title": "magic cards: win rate of their holders",
        "columns": ["card", "held (seat-games)", "holder win rate", "95% interval",
                    "win rate without it", "difference", "played", "win rate when played"],
        "rows": rows,
    }}


# --- gwent -------------------------------------------------------------------------------------


def _gwent_extract(state: GameState) -> dict[str, Any]:
    s: Any = state
    return {"factions": list(s.deck_names)}


def faction_matrix(outcomes: Sequence[GameOutcome], players: int) -> dict[str, Any]:
    """How often each faction finishes ahead of each other faction (ties half), over every
    pair of seats of every game."""
    ahead: dict[tuple[str, str], float] = defaultdict(float)
    meetings: dict[tuple[str, str], int] = defaultdict(int)
    seat_games: dict[str, int] = defaultdict(int)
    seat_wins: dict[str, int] = defaultdict(int)
    for o in outcomes:
        factions = o.features.get("factions", [])
        for i, fi in enumerate(factions):
            seat_games[fi] += 1
            seat_wins[fi] += i in o.winners
            for j, fj in enumerate(factions):
                if i == j:
                    continue
                meetings[(fi, fj)] += 1
                if o.scores[i] > o.scores[j]:
                    ahead[(fi, fj)] += 1.0
                elif o.scores[i] == o.scores[j]:
                    ahead[(fi, fj)] += 0.5
    names = sorted(seat_games)
    rows = []
    for fi in names:
        row: list[Any] = [fi]
        for fj in names:
            n = meetings.get((fi, fj), 0)
            row.append(f"{ahead[(fi, fj)] / n:.3f} (n={n})" if n else "—")
        rows.append(row)
    overall = [
        [f, seat_games[f], seat_wins[f], _r(seat_wins[f] / seat_games[f]),
         _wilson(seat_wins[f], seat_games[f])]
        for f in names
    ]
    return {
        "faction_matrix": {"title": "faction against faction: share of meetings the row "
                                    "finished ahead (ties half)",
                           "columns": ["faction", *names], "rows": rows},
        "factions": {"title": "factions: games won",
                     "columns": ["faction", "seat-games", "won", "win rate", "95% interval"],
                     "rows": overall},
    }


register_features("duel", GameFeatures(_duel_extract, _duel_summary))
register_features("nevermore", GameFeatures(_nevermore_extract, _nevermore_summary))
register_features("gwent", GameFeatures(_gwent_extract, faction_matrix))
