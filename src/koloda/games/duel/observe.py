"""What a seat (or a witness) sees of a duel, built by inclusion.

The format is documented in the package docstring (:mod:`koloda.games.duel`): the envelope
every game's view has (:class:`koloda.engine.view.View`) and the duel's own keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from koloda.engine.view import View
from koloda.games.duel.model import Phase

if TYPE_CHECKING:
    from koloda.games.duel.state import DuelState


def observe(state: DuelState, seat: int | None) -> dict[str, Any]:
    """The view of ``seat`` (None: a witness) — only what that seat may know."""
    visible: set[str] = set()
    phase = state.phase
    if phase == Phase.CHOOSE_HAND:
        committed = sorted(state.hand_commits)
    elif phase == Phase.ROUNDS:
        committed = sorted(state.commits)
    else:
        committed = []
    rounds = []
    for i, r in enumerate(state.rounds):
        for c in (*r.cards, *r.shown):
            if c is not None:
                visible.add(c)
        rounds.append({"round": i + 1, "cards": list(r.cards), "shown": list(r.shown),
                       "kills": list(r.kills), "winner": r.winner})
    duellists = []
    for s in (0, 1):
        visible.update(state.played[s])
        visible.update(state.shown[s])
        duellists.append({
            "seat": s,
            "hand_size": None if phase == Phase.CHOOSE_HAND else len(state.hands[s]),
            "played": list(state.played[s]),
            "shown": list(state.shown[s]),
            "wins": state.wins[s],
            "kill_declared": state.kills[s],
        })
    to_act = list(state.to_act)
    # the envelope. Its ``decided`` is the duel's ``committed`` (which the pages, bots and
    # encoders read) less a seat to act: one that has put its card face down and must now
    # answer the other's offer to end the duel is to act, not waiting
    head: View = {"game": "duel", "seat": seat, "phase": phase.value, "to_act": to_act,
                  "decided": [s for s in committed if s not in to_act]}
    view: dict[str, Any] = {
        **head,
        "options": state.options.summary(),
        "round": state.round_number,
        "wins": list(state.wins),
        "committed": committed,
        "offer": None if state.offer_by is None else {"by": state.offer_by},
        "offers_made": list(state.offered),
        "rounds": rounds,
        "duellists": duellists,
        "me": None,
        "loser_hand": None,
        "result": None,
    }
    if seat is not None:
        view["me"] = _me(state, seat, visible)
        if state.winner == seat and phase in (Phase.SWAP, Phase.OVER):
            loser = 1 - seat
            view["loser_hand"] = {"seat": loser, "cards": list(state.chosen[loser])}
            visible.update(state.chosen[loser])
    if phase == Phase.OVER:
        assert state.end_reason is not None
        killed = state.loser if state.winner is not None and state.kills[state.winner] else None
        result: dict[str, Any] = {"winner": state.winner, "reason": state.end_reason.value,
                                  "killed": killed, "swapped": state.swapped is not None,
                                  "swap": None}
        if seat is not None and state.swapped is not None:
            result["swap"] = {"take": state.swapped[0], "give": state.swapped[1]}
            visible.update(state.swapped)
        view["result"] = result
    elif phase == Phase.SWAP:
        assert state.winner is not None
        killed = state.loser if state.kills[state.winner] else None
        view["result"] = {"winner": state.winner, "reason": "won", "killed": killed,
                          "swapped": None, "swap": None}
    faces, keys = state.cat.faces, state.keys
    view["cards"] = {c: {"id": c, **faces[keys[c]]} for c in sorted(visible)}
    return view


def _me(state: DuelState, seat: int, visible: set[str]) -> dict[str, Any]:
    me: dict[str, Any] = {
        "deck": list(state.decks[seat]),
        "discard": list(state.discards[seat]),
        "hand": list(state.hands[seat]),
        "chosen": list(state.chosen[seat]),
        "played": list(state.played[seat]),
        "shown": list(state.shown[seat]),
        "commit": None,
        "hand_limits": None,
    }
    for zone in ("deck", "discard", "hand", "chosen"):
        visible.update(me[zone])
    if state.phase == Phase.CHOOSE_HAND:
        lo, hi = state.hand_limits(seat)
        me["hand_limits"] = [lo, hi]
        if seat in state.hand_commits:
            me["commit"] = " ".join(("hand", *state.hand_commits[seat]))
    elif state.phase == Phase.ROUNDS and seat in state.commits:
        play = state.commits[seat]
        me["commit"] = str(play)
    return me
