"""The envelope of views (``koloda.engine.view``), checked the same way for every game played
at a table (every registered game with ``spec.lobby``, the kernel's toy game included) along
seeded random games, at every step, in the view of every seat and of the spectator:

- the view has the envelope with the right types (:func:`envelope` reads and checks it);
- ``game`` is the game's name, ``seat`` the seat asked (None for the spectator);
- ``to_act`` is the state's ``to_act``; ``decided`` is disjoint from it and ascending;
- the envelope is public: every seat's and the spectator's are equal, ``seat`` aside;
- at the end nobody is to act and no step is open.

The live event (``spec.lobby`` False) has no envelope: who may act there would tell who is
gravely wounded and whose timer is due, which its views do not show (tested below).
"""

from __future__ import annotations

from typing import Any

import pytest

from koloda.engine import GameState, Rng, envelope, game_specs, load_game

from ..engine import toy  # noqa: F401  (the kernel's own test game takes part too)

#: Seeded random games per configuration, and the cap on actions per game looked at.
GAMES = 3
MAX_STEPS = 3000


def _configs() -> list[Any]:
    out = []
    for spec in game_specs():
        if not spec.lobby:
            continue
        for players in range(spec.min_players, spec.max_players + 1):
            marks = () if players == spec.min_players else (pytest.mark.slow,)
            out.append(pytest.param(spec.name, players, id=f"{spec.name}-{players}p", marks=marks))
    return out


def _check_envelopes(name: str, state: GameState) -> int:
    """Checks the envelope of every seat's view and the spectator's; the number of seats
    that have decided."""
    to_act = list(state.to_act)
    public = None
    for seat in [*range(state.players), None]:
        view = state.observe(seat)
        env = envelope(view)
        assert env["game"] == name
        assert env["seat"] == seat
        assert env["to_act"] == to_act, (seat, env["to_act"], to_act)
        assert not set(env["decided"]) & set(to_act)
        assert all(0 <= s < state.players for s in env["decided"])
        # the standard fields are the view's own (as it stores them), not a reading of them
        assert {k: view[k] for k in env} == env
        shared = {k: v for k, v in env.items() if k != "seat"}
        if public is None:
            public = shared
        assert shared == public, f"seat {seat}'s envelope differs from another seat's"
    if state.is_terminal:
        assert public is not None and public["to_act"] == [] and public["decided"] == []
    return len(public["decided"]) if public is not None else 0


@pytest.mark.parametrize(("name", "players"), _configs())
def test_every_view_has_the_envelope(name: str, players: int) -> None:
    game = load_game(name, players=players)
    simultaneous = 0
    for seed in range(GAMES):
        state = game.new(seed=seed)
        rng = Rng.from_seed(900 + seed)
        steps = 0
        while True:
            simultaneous += _check_envelopes(name, state) > 0
            if state.is_terminal or steps >= MAX_STEPS:
                break
            seat = state.to_act[rng.randbelow(len(state.to_act))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
            steps += 1
    if game.spec.simultaneous and not (name == "gwent" and players < 4):
        # a game of simultaneous steps shows who has decided somewhere in its games (Gwent's
        # only ones are throw-in windows, of two watchers or more from four players on)
        assert simultaneous > 0, "no view ever named a seat that had decided"


def test_gwent_names_the_watchers_who_decided_in_a_throw_in_window() -> None:
    game = load_game("gwent", players=4)
    for seed in range(6):
        state = game.new(seed=seed)
        rng = Rng.from_seed(seed)
        while not state.is_terminal:
            view = state.observe(None)
            throw_in = view["throw_in"]
            if throw_in is not None and throw_in["decided"]:
                assert view["decided"] == sorted(throw_in["decided"])
                assert set(view["decided"]) <= set(throw_in["seats"])
                return
            assert view["decided"] == []
            seat = state.to_act[rng.randbelow(len(state.to_act))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
    pytest.fail("no throw-in window with a decided watcher in six games")


def _older_names_agree(name: str, view: dict[str, Any]) -> bool:
    if name == "duel":
        return view["decided"] == [s for s in view["committed"] if s not in view["to_act"]]
    return bool(view["stage"] == view["phase"])


def test_the_older_names_hold_what_the_envelope_says() -> None:
    """The duel's ``committed`` and Nevermore's ``stage`` stay (pages, bots and encoders read
    them): Nevermore's ``stage`` is its ``phase``; the duel's ``decided`` is its ``committed``
    less a seat to act (one that must answer an offer to end after putting its card down)."""
    for name, players in (("duel", 2), ("nevermore", 3)):
        game = load_game(name, players=players)
        seen = set()
        for seed in range(4):
            state = game.new(seed=seed)
            rng = Rng.from_seed(seed)
            while not state.is_terminal:
                for seat in [*range(players), None]:
                    view = state.observe(seat)
                    assert _older_names_agree(name, view), view
                    seen.add(str(view["decided" if name == "duel" else "phase"]))
                seat = state.to_act[rng.randbelow(len(state.to_act))]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randbelow(len(legal))])
        assert len(seen) > 1


def test_a_duellist_who_laid_a_card_and_must_answer_an_offer_is_to_act_not_decided() -> None:
    state = load_game("duel").from_setup(
        {"decks": [["punch", "block", "trip"], ["kick", "dodge", "sand_in_eyes"]]})
    for seat, text in [(0, "hand a01 a02"), (1, "hand b01 b03"), (0, "play a01")]:
        state.apply_text(seat, text)
    view = state.observe(None)
    assert (view["to_act"], view["decided"], view["committed"]) == ([1], [0], [0])
    state.apply_text(1, "offer-end")
    for seat in (0, 1, None):
        view = state.observe(seat)
        assert (view["to_act"], view["decided"], view["committed"]) == ([0], [], [0])


def test_the_live_events_views_do_not_say_who_may_act() -> None:
    """The event's ``to_act`` (the living participants not wounded, the seats of due timers)
    is not public: no view of it carries it, nor the rest of the envelope."""
    game = load_game("event", players=4)
    state = game.from_setup({
        "participants": [{"name": "Мастер", "role": "master"}, {"name": "Анна"},
                         {"name": "Борис"}],
        "decks": {"1": ["punch", "kick", "block", "trip", "dodge", "full_guard"],
                  "2": ["feint", "parry", "shot", "pistol"]}})
    assert state.to_act
    for seat in [*range(state.players), None]:
        view = state.observe(seat)
        assert not {"to_act", "decided", "phase"} & set(view), seat
