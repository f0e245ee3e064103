"""Refusals in words: the kernel's :class:`Words` read from the message catalogue in each
language, nested reasons and terms named by the game, plain English texts passed through."""

from __future__ import annotations

import pytest

from koloda.action_words import refusal_text
from koloda.engine import IllegalAction, Term, load_game, say


def test_the_kernels_reasons_read_in_russian_and_english() -> None:
    g = load_game("duel")
    s = g.new(seed=1)
    idle = next(i for i in range(s.players) if i not in s.to_act) if len(s.to_act) < s.players \
        else None
    if idle is not None:
        with pytest.raises(IllegalAction) as e:
            s.verify(idle, s.legal_actions(s.to_act[0])[0])
        assert refusal_text("duel", e.value, "ru").startswith("сейчас не ваш ход")
    with pytest.raises(IllegalAction) as e:
        s.verify(9, s.legal_actions(s.to_act[0])[0])
    assert e.value.words is not None and e.value.words.key == "no_seat"
    assert refusal_text("duel", e.value, "ru") == "за этим столом нет места 9"
    assert refusal_text("duel", e.value, "en") == "there is no seat 9 at this table"


def test_nested_reasons_terms_and_plain_texts() -> None:
    inner = say("game_over", "the game is over")
    outer = say("not_your_turn_because", "it is not this seat's turn to act: {why}",
                   why=inner)
    assert refusal_text("toy", outer, "ru") == "сейчас не ваш ход: игра окончена"
    card = Term("card", "x1", "Dagger")
    unknown = say("toy.no_card", "{card} is not yours", card=card)
    # no catalogue entry and no describe module: the English words, the term's English name
    assert refusal_text("toy", unknown, "ru") == "Dagger is not yours"
    assert refusal_text("toy", "something plain", "ru") == "something plain"
    assert refusal_text("toy", IllegalAction("plain"), "en") == "plain"


def test_a_result_in_words_names_seats_by_the_tables_names() -> None:
    from koloda.action_words import summary_text
    from koloda.engine import Result

    r = Result(scores=(1.0, 0.0), summary="old", summary_ru="старый",
               words=say("toy.won", "{seat} won", seat=Term("seat", "0", "Player 1")))
    assert summary_text("toy", r, "en") == "Player 1 won"
    assert summary_text("toy", r, "ru", ["Аня", "Боря"]) == "Аня won"  # no catalogue entry
    assert summary_text("toy", Result(scores=(1.0, 0.0), summary="a", summary_ru="б"), "ru") == "б"
    assert r == Result(scores=(1.0, 0.0), summary="old", summary_ru="старый")


def test_a_refused_option_reads_in_russian_on_the_command_line_and_in_the_lobby() -> None:
    from koloda.engine import InvalidOption

    with pytest.raises(InvalidOption) as e:
        load_game("duel", deck_size=999)
    assert str(e.value).startswith("option 'deck_size' must be at most")  # English unchanged
    ru = refusal_text("duel", e.value, "ru")
    assert ru.startswith("параметр 'deck_size' должен быть не больше") and "999" in ru
    with pytest.raises(InvalidOption) as e:
        load_game("duel", colour="red")
    assert refusal_text("duel", e.value, "ru").startswith("нет такого параметра: 'colour'")
