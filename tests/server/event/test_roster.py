"""The participants' CSV: read whole, or refused with one line saying where."""

from __future__ import annotations

from pathlib import Path

import pytest

from koloda.server.event.roster import Person, RosterError, parse_roster, read_roster

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "event-participants.csv"


def test_the_documented_example_reads() -> None:
    people = read_roster(EXAMPLE)
    assert len(people) == 7
    assert people[0] == Person("Анна Берестова", "participant", "Гвардия", "guard")
    assert {p.role for p in people} == {"participant", "doctor", "master", "npc"}


def test_semicolons_russian_headers_a_bom_and_blank_lines_are_read() -> None:
    text = "\ufeffимя;роль;команда\r\nАнна;Мастер;\r\n;;\r\nБорис;;Север\r\n"
    assert parse_roster(text) == [Person("Анна", "master"), Person("Борис", "participant",
                                                                   "Север")]


@pytest.mark.parametrize(("text", "en", "ru"), [
    ("name,role\nАнна,врачь\n", "line 2, column 2 (role): unknown role 'врачь'",
     "строка 2, столбец 2 (роль): неизвестная роль «врачь»"),
    ("name,rank\n", "line 1, column 2: unknown column 'rank'",
     "строка 1, столбец 2: неизвестный столбец «rank»"),
    ("role\nmaster\n", "line 1: there is no name column", "строка 1: нет столбца «имя»"),
    ("name,team\nАнна,А\nанна,Б\n", "line 3, column 1 (name): 'анна' is already on line 2",
     "строка 3, столбец 1 (имя): «анна» уже есть в строке 2"),
    ("name,team\n,А\n", "line 2, column 1 (name): the name is empty",
     "строка 2, столбец 1 (имя): имя не указано"),
    ("name\nА,Б\n", "line 2: 2 fields, the header has 1", "строка 2: полей 2, а в заголовке 1"),
    ("name\n\"Анна\n", "line 2: not valid CSV", "строка 2: не читается как CSV"),
    ("name\n", "line 2: there is nobody in the file", "строка 2: в файле никого нет"),
    ("name\n" + "Я" * 41 + "\n", "line 2, column 1 (name): a name has at most 40 characters",
     "строка 2, столбец 1 (имя): в имени не больше 40 символов"),
])
def test_a_bad_file_is_one_line_saying_where(text: str, en: str, ru: str) -> None:
    with pytest.raises(RosterError) as e:
        parse_roster(text, "people.csv")
    assert e.value.text("en").startswith("people.csv, " + en)
    assert e.value.text("ru").startswith("people.csv, " + ru)
    assert "\n" not in e.value.text("en")


def test_a_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "cp1251.csv"
    path.write_bytes("name\nАнна\n".encode("cp1251"))
    with pytest.raises(RosterError) as e:
        read_roster(path)
    assert e.value.text("en") == f"{path}, line 2: not UTF-8 text (save the file as CSV UTF-8)"
