"""The participants' CSV file: reading it whole or refusing it with one line saying where.

The format (``docs/event-server.md``; an example in ``docs/examples/event-participants.csv``):

- UTF-8 (a byte-order mark is accepted), the first line a header, the columns separated by
  commas or by semicolons (what a spreadsheet in a Russian locale writes);
- the columns, in any order, named in English or Russian: ``name``/``имя`` (required, 1 to 40
  characters, unique in the file), ``role``/``роль`` (``participant``, ``master``, ``doctor``,
  ``npc`` or ``игрок``, ``мастер``, ``врач``, ``игротехник``; empty means participant),
  ``team``/``команда`` (optional), ``template``/``шаблон`` (optional: the deck template issued
  to this person by ``koloda event issue --templates``);
- no other columns: a misspelt header is an error, not a silently ignored column.

Nothing is imported unless the whole file is right.

>>> people = parse_roster("name,role,team\\nАнна,игрок,Север\\nБорис,врач,\\n", "p.csv")
>>> [(p.name, p.role, p.team) for p in people]
[('Анна', 'participant', 'Север'), ('Борис', 'doctor', '')]
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

#: Roles and the words accepted for each (English, Russian).
ROLES: dict[str, tuple[str, ...]] = {
    "participant": ("participant", "player", "игрок", "участник"),
    "master": ("master", "gm", "мастер"),
    "doctor": ("doctor", "врач", "доктор"),
    "npc": ("npc", "игротехник", "нпс"),
}
ROLE_RU = {"participant": "игрок", "master": "мастер", "doctor": "врач", "npc": "игротехник"}

COLUMNS: dict[str, tuple[str, ...]] = {
    "name": ("name", "имя"),
    "role": ("role", "роль"),
    "team": ("team", "команда"),
    "template": ("template", "шаблон"),
}

NAME_LIMIT = 40
TEAM_LIMIT = 60
MAX_PEOPLE = 5000


@dataclass(frozen=True)
class Person:
    """One line of the roster."""

    name: str
    role: str = "participant"
    team: str = ""
    template: str = ""


class RosterError(Exception):
    """A bad roster file: where (file, line, column) and why, in English and Russian.

    >>> e = RosterError("p.csv", "bad", "плохо", line=3, column=2, field="role")
    >>> e.text("en"), e.text("ru")
    ('p.csv, line 3, column 2 (role): bad', 'p.csv, строка 3, столбец 2 (роль): плохо')
    """

    def __init__(self, file: str, en: str, ru: str, *, line: int | None = None,
                 column: int | None = None, field: str | None = None) -> None:
        self.file, self.line, self.column, self.field = file, line, column, field
        self.en, self.ru = en, ru
        super().__init__(self.text("en"))

    def where(self, lang: str) -> str:
        ru = lang == "ru"
        parts = [self.file]
        if self.line is not None:
            parts.append(f"{'строка' if ru else 'line'} {self.line}")
        if self.column is not None:
            col = f"{'столбец' if ru else 'column'} {self.column}"
            if self.field is not None:
                col += f" ({COLUMNS[self.field][1] if ru else self.field})"
            parts.append(col)
        return ", ".join(parts)

    def text(self, lang: str) -> str:
        return f"{self.where(lang)}: {self.ru if lang == 'ru' else self.en}"


def _role(word: str) -> str | None:
    w = word.strip().lower().replace("ё", "е")
    if not w:
        return "participant"
    for role, words in ROLES.items():
        if w in words:
            return role
    return None


def _column(word: str) -> str | None:
    w = word.strip().lower()
    for col, words in COLUMNS.items():
        if w in words:
            return col
    return None


def _at(file: str, line: int, en: str, ru: str, *, column: int | None = None) -> RosterError:
    return RosterError(file, en, ru, line=line, column=column)


def read_roster(path: Path) -> list[Person]:
    """The people of the CSV file at ``path``; raises :class:`RosterError`."""
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise RosterError(str(path), f"cannot be read ({e.strerror})",
                          f"не читается ({e.strerror})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise _at(str(path), line, "not UTF-8 text (save the file as CSV UTF-8)",
                          "не текст в UTF-8 (сохраните файл как CSV UTF-8)") from None
    return parse_roster(text, str(path))


def parse_roster(text: str, name: str = "<csv>") -> list[Person]:
    """The people of a roster given as text; raises :class:`RosterError` naming ``name``."""
    text = text.removeprefix("\ufeff")
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        rows = list(reader)
    except csv.Error as e:
        raise _at(name, reader.line_num, f"not valid CSV ({e})",
                          f"не читается как CSV ({e})") from None
    if not rows or not any(c.strip() for c in rows[0]):
        raise _at(name, 1, "the first line must name the columns "
                          "(name, role, team)", "первая строка должна называть столбцы "
                          "(имя, роль, команда)")
    header: list[str] = []
    for i, cell in enumerate(rows[0]):
        col = _column(cell)
        if col is None:
            raise _at(
                name, 1, f"unknown column {cell.strip()!r} (known: name, role, team, "
                "template)", f"неизвестный столбец «{cell.strip()}» (известны: имя, роль, "
                "команда, шаблон)", column=i + 1)
        if col in header:
            raise _at(name, 1, f"the column {col} appears twice",
                              f"столбец «{COLUMNS[col][1]}» указан дважды", column=i + 1)
        header.append(col)
    if "name" not in header:
        raise _at(name, 1, "there is no name column", "нет столбца «имя»")
    people: list[Person] = []
    seen: dict[str, int] = {}
    for line_no, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue  # blank lines (a spreadsheet's trailing rows)
        if len(row) > len(header):
            raise _at(name, line_no, f"{len(row)} fields, the header has "
                              f"{len(header)}", f"полей {len(row)}, а в заголовке "
                              f"{len(header)}")
        cells = dict(zip(header, [c.strip() for c in row], strict=False))

        def where(col: str, en: str, ru: str) -> RosterError:
            return RosterError(name, en, ru, line=line_no,  # noqa: B023
                               column=header.index(col) + 1, field=col)

        person_name = cells.get("name", "")
        if not person_name:
            raise where("name", "the name is empty", "имя не указано")
        if len(person_name) > NAME_LIMIT:
            raise where("name", f"a name has at most {NAME_LIMIT} characters",
                              f"в имени не больше {NAME_LIMIT} символов")
        key = person_name.casefold()
        if key in seen:
            raise where("name", f"{person_name!r} is already on line {seen[key]}",
                              f"«{person_name}» уже есть в строке {seen[key]}")
        seen[key] = line_no
        role = _role(cells.get("role", ""))
        if role is None:
            raise where(
                "role", f"unknown role {cells['role']!r} (participant, master, doctor "
                "or npc)", f"неизвестная роль «{cells['role']}» (игрок, мастер, врач или "
                "игротехник)")
        team = cells.get("team", "")
        if len(team) > TEAM_LIMIT:
            raise where("team", f"a team name has at most {TEAM_LIMIT} "
                              "characters", f"в названии команды не больше {TEAM_LIMIT} "
                              "символов")
        people.append(Person(name=person_name, role=role, team=team,
                             template=cells.get("template", "")))
        if len(people) > MAX_PEOPLE:
            raise _at(name, line_no, f"more than {MAX_PEOPLE} people",
                              f"больше {MAX_PEOPLE} человек")
    if not people:
        raise _at(name, 2, "there is nobody in the file", "в файле никого нет")
    return people


def roster_csv(people: list[tuple[int, Person, str]]) -> str:
    """The roster as CSV with the id and the badge code (``koloda event export``): no login
    tokens, character names only."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["id", "name", "role", "team", "badge"])
    for who, p, badge in people:
        w.writerow([who, p.name, p.role, p.team, badge])
    return out.getvalue()
