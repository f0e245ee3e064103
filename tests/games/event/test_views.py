"""Who sees what over a scripted event day (E38, E39, E42, ED17, ED19): views are built by
inclusion, and a state with every card a seat has not seen dealt again gives that seat the
same view, log and legal operations."""

from __future__ import annotations

import dataclasses
import json

from koloda.engine import Rng
from koloda.games.event import EventState
from koloda.games.event.model import Pile

from .helpers import ANNA, BORIS, DOCTOR, MASTER, MIN, NPC, VERA, do, event


def _day() -> EventState:
    st = event()
    do(st, ANNA, "offer 5 А-0001 @1000")                       # an exchange, answered and done
    do(st, VERA, "accept x1 В-0001 @2000")
    do(st, ANNA, "accept x1 @3000")
    do(st, BORIS, "show 5 deck until=400000 @4000")           # Борис shows his deck to Вера
    do(st, VERA, "rest room @5000")                            # a rest
    do(st, ANNA, "attack 4 @6000")                             # an attack with a kill
    do(st, ANNA, "result d1 winner=3 killed=4 swap=Б-0003/А-0004 discard=А-0006,А-0002 @7000")
    do(st, VERA, f"rest_end @{5001 + 5 * MIN}")
    do(st, NPC, f"gift 3 Н-0001 @{5002 + 5 * MIN}")
    fire_until = 7000 + 15 * MIN                               # nobody admits Борис: death
    do(st, MASTER, f'near_death 5 "яд" @{fire_until - 1}')
    do(st, DOCTOR, f"admit 5 @{fire_until + 1}")
    return st


def test_a_participant_sees_only_what_it_may_know() -> None:
    st = _day()
    for seat in (ANNA, BORIS, VERA, NPC):
        view = st.observe(seat)
        allowed = {c.serial for c in st.cards.values()
                   if c.owner == seat and c.pile in (Pile.DECK, Pile.DISCARD)}
        for s in view["me"]["shown_to_me"]:
            allowed.update(s.get("deck", []), s.get("discard", []))
        for x in view["me"]["exchanges"]:
            allowed.update(x["give"], x["take"] or [])
        assert set(view["cards"]) <= allowed, seat
        assert "piles" not in view and "pool" not in view


def test_the_board_holds_no_card() -> None:
    st = _day()
    board = st.observe(None)
    assert board["cards"] == {} and board["me"] is None
    assert not any("А-" in json.dumps(e.to_json(), ensure_ascii=False) for e in st.log(None))
    assert board["kills"] and "results" not in board


def test_views_logs_and_legal_lists_do_not_change_when_unseen_cards_are_dealt_again() -> None:
    st = _day()
    rng = Rng.from_seed(5)
    changed = 0
    for seat in range(st.players):
        if st.person(seat) is None:
            continue
        sample = st.determinize(seat, rng.spawn())
        assert sample.observe(seat) == st.observe(seat)
        assert [e.to_json() for e in sample.log(seat)] == [e.to_json() for e in st.log(seat)]
        assert [str(a) for a in sample.legal_actions(seat)] == [
            str(a) for a in st.legal_actions(seat)]
        assert sample.observe(None) == st.observe(None)
        changed += any(sample.observe(o) != st.observe(o) for o in range(st.players) if o != seat)
    assert changed > 0


def test_a_view_is_the_public_part_and_the_seats_own_part() -> None:
    """``observe(seat)`` is ``observe_public()`` (what the board sees too, the same for every
    seat) with ``observe_private(seat)`` added, no key in both, with and without results on
    the board."""
    for shows_results in (False, True):
        st = _day()
        st.options = dataclasses.replace(st.options, board_shows_results=shows_results)
        public = st.observe_public()
        board = st.observe(None)
        assert {k: board[k] for k in public} == public
        assert set(board) - set(public) == {"seat", "me", "cards"}
        assert board["cards"] == {}
        for seat in range(st.players):
            own = st.observe_private(seat)
            assert not set(own) & set(public)
            assert st.observe(seat) == {**public, **own}


def test_the_masters_see_a_card_reported_by_two_open_reports() -> None:
    st = event()
    # Вера records a paper duel she won from Анна, taking Анна's А-0001 for her В-0001; before
    # Анна confirms it, Анна offers that same А-0001 to Борис
    do(st, VERA, "paper 3 consent winner=5 killed=- swap=А-0001/В-0001 discard=В-0002 @1000")
    assert st.observe(MASTER)["clashes"] == []
    do(st, ANNA, "offer 4 А-0001 @2000")
    want = [{"serial": "А-0001", "reports": [{"id": "d1", "a": VERA, "b": ANNA},
                                               {"id": "x1", "a": ANNA, "b": BORIS}]}]
    master = st.observe(MASTER)
    assert master["clashes"] == want and "А-0001" in master["cards"]
    for seat in (ANNA, BORIS, VERA, DOCTOR, None):  # the masters' desk only
        assert "clashes" not in st.observe(seat)
    do(st, MASTER, 'void d1 "Анна не согласна с записью" @3000')
    assert st.observe(MASTER)["clashes"] == []
    blind = event(masters_see_piles=False)
    assert "clashes" not in blind.observe(MASTER)


def test_exchanged_cards_are_known_to_both_sides_only() -> None:
    st = _day()
    for seat, knows in ((ANNA, True), (VERA, True), (BORIS, False), (DOCTOR, False)):
        text = json.dumps([e.to_json() for e in st.log(seat)], ensure_ascii=False)
        assert ("В-0001" in text) == knows, seat
