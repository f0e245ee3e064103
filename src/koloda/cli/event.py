"""``koloda event …``: the organiser's commands for a live event (``docs/event-server.md``).

Every command works on the server's database (``--db``, default the server's own SQLite file);
it may run while ``koloda serve`` runs on the same database: each change is one transaction at
the next place of the event's log, and the server picks it up within seconds. A bad file or a
refused operation is one line on stderr (file, line, column; or the rule the engine names) and
exit code 2, with nothing stored.

Команды организатора живой игры: создать игру, загрузить участников из CSV, выдать колоды,
показать, у кого какие карты, выгрузить, сделать резервную копию и восстановить.
"""

from __future__ import annotations

import csv
import io
import json
import secrets
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from koloda.cli.core import LangOption, console, fail, resolve_lang
from koloda.cli.i18n import Lang
from koloda.engine import InvalidData, InvalidOption, KolodaError, get_spec, load_game

_MESSAGES: dict[str, tuple[str, str]] = {
    "created": ("Event {id} «{title}» created: {n} people, {spare} vacant seats.",
                "Игра {id} «{title}» создана: участников {n}, свободных мест {spare}."),
    "logins_hint": ("Their logins: koloda event logins {id} --out logins.csv (secret!)",
                    "Их входы: koloda event logins {id} --out logins.csv (секретно!)"),
    "no_events": ("There are no events in this database.", "В этой базе нет игр."),
    "enrolled": ("{n} people enrolled.", "Зачислено участников: {n}."),
    "issued": ("Issued {cards} cards to {people} people.",
               "Выдано карт: {cards}, участникам: {people}."),
    "stored": ("Stored: {op}", "Записано: {op}"),
    "written": ("Written: {path}", "Записано в файл: {path}"),
    "restored": ("Event {id} restored: {ops} operations.",
                 "Игра {id} восстановлена: операций {ops}."),
    "replayed": ("{path}: {ops} operations replayed, the ledger holds {cards} cards.",
                 "{path}: воспроизведено операций {ops}, в учёте карт {cards}."),
    "col_id": ("id", "№"),
    "col_title": ("title", "название"),
    "col_ops": ("operations", "операций"),
    "col_name": ("name", "имя"),
    "col_role": ("role", "роль"),
    "col_team": ("team", "команда"),
    "col_badge": ("badge", "значок"),
    "col_deck": ("deck", "колода"),
    "col_discard": ("discard", "сброс"),
    "col_limit": ("limit", "лимит"),
    "col_health": ("health", "состояние"),
    "col_cards": ("cards", "карты"),
    "holdings": ("Holdings of {title}", "Карты участников игры «{title}»"),
}

ROLE_RU = {"participant": "игрок", "master": "мастер", "doctor": "врач", "npc": "игротехник"}
HEALTH_RU = {"alive": "жив", "wounded": "тяжело ранен", "admitted": "в госпитале",
             "expired": "время вышло", "dead": "мёртв"}


def _t(key: str, lang: Lang, **values: Any) -> str:
    en, ru = _MESSAGES[key]
    return (ru if lang == Lang.ru else en).format(**values)


app = typer.Typer(
    name="event",
    help="A live event: participants, decks, the ledger, exports. — Живая игра: участники, "
         "колоды, учёт карт, выгрузки.",
    no_args_is_help=True,
)

DbOption = Annotated[str, typer.Option(
    "--db", help="Database URL (the server's: sqlite:///… or postgresql://…); default "
    "sqlite:///.koloda/koloda.db. — Адрес базы данных сервера.")]


def _stores(db: str) -> Any:
    from koloda.server.event.store import EventStore
    from koloda.server.store import Store, default_url

    url = db or default_url()
    try:
        tables = Store(url)  # the tables' schema too: the server and the desk share the file
    except Exception as e:
        raise fail(f"cannot open the database {url!r}: {e}") from None
    return EventStore(tables.engine)


def _desk(db: str, event_id: str) -> Any:
    from koloda.server.event.desk import Desk, DeskError

    try:
        return Desk(_stores(db), event_id)
    except DeskError as e:
        raise fail(e.en) from None


def _desk_fail(e: Exception, lang: Lang) -> typer.Exit:
    text = e.text(str(lang)) if hasattr(e, "text") else str(e)
    return fail(str(text))


def _master(desk: Any, as_who: int | None, lang: Lang) -> int:
    from koloda.server.event import bridge

    if as_who is not None:
        return as_who
    for p in bridge.people(desk.state):
        if p["role"] == "master":
            return int(p["id"])
    raise fail("the event has no master to act as: give --as ID" if lang == Lang.en else
               "в игре нет мастера, от имени которого действовать: укажите --as ID")


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    from koloda.cli.setup import parse_options

    return parse_options(get_spec("event"), pairs)


@app.command("create")
def create(
    participants: Annotated[Path, typer.Argument(
        help="The participants' CSV (name, role, team[, template]). — CSV участников.")],
    title: Annotated[str, typer.Option("--title", help="The event's name. — Название игры.")],
    option: Annotated[list[str] | None, typer.Option(
        "-o", "--option", help="An event option NAME=VALUE (koloda rules event): the duel "
        "variant and the ED decisions, once for the whole event. — Опция игры ИМЯ=ЗНАЧЕНИЕ.")
    ] = None,
    catalogue: Annotated[Path | None, typer.Option(
        "--catalogue", help="The event's own card set (JSON, the duel's cards.json format). — "
        "Собственный набор карт игры.")] = None,
    spare: Annotated[int, typer.Option(
        "--spare", min=0, max=1000, help="Vacant seats for people enrolled later. — Свободные "
        "места для тех, кто присоединится позже.")] = 20,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="The seed of the serials and of chance (default: secret, random). — "
        "Зерно серийных номеров и случая.")] = None,
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Create an event from a CSV of participants. — Создать игру по CSV участников."""
    from koloda.server.event import bridge
    from koloda.server.event.hub import new_event_id
    from koloda.server.event.logins import new_logins
    from koloda.server.event.roster import RosterError, read_roster
    from koloda.server.event.store import EventRow

    lg = resolve_lang(lang)
    try:
        people = read_roster(participants)
    except RosterError as e:
        raise fail(e.text(str(lg))) from None
    from koloda.cli.replay import read_json
    from koloda.server.event.clock import default_clock

    options = _parse_options(option or [])
    cards = None if catalogue is None else read_json(catalogue)
    roster = [{"name": p.name, "role": p.role, "team": p.team} for p in people]
    players, setup = bridge.roster_setup(roster, spare=spare, now=default_clock().now_ms(),
                                         catalogue=cards)
    game = load_game("event", players=players, **options)
    seed_value = secrets.randbits(63) if seed is None else seed
    try:
        game.from_setup(setup, seed=seed_value)
    except KolodaError as e:
        raise fail(str(e)) from None
    row = EventRow(id=new_event_id(), title=title.strip() or "event", game="event",
                   players=players, options=game.options_json(), setup=setup, seed=seed_value,
                   lang=str(lg), created_at=time.time(), version=0,
                   logins=new_logins(range(len(people))))
    store = _stores(db)
    store.create(row)
    out = console()
    out.print(_t("created", lg, id=row.id, title=row.title, n=len(people), spare=spare))
    out.print(_t("logins_hint", lg, id=row.id))


@app.command("list")
def list_events(db: DbOption = "", lang: LangOption = None) -> None:
    """The events in the database. — Игры в базе данных."""
    lg = resolve_lang(lang)
    store = _stores(db)
    out = console()
    ids = store.ids()
    if not ids:
        out.print(_t("no_events", lg))
        return
    table = Table(_t("col_id", lg), _t("col_title", lg), _t("col_ops", lg))
    from koloda.server.store import Damaged

    for event_id in ids:
        try:
            row = store.load(event_id)
        except Damaged as e:  # listed with what is wrong, the others as usual
            table.add_row(event_id, e.ru if lg == Lang.ru else e.en, "?")
            continue
        if row is not None:
            table.add_row(row.id, row.title, str(row.version))
    out.print(table)


@app.command("logins")
def logins(
    event_id: Annotated[str, typer.Argument(help="The event's id. — Номер игры.")],
    out: Annotated[Path, typer.Option("--out", help="The CSV to write (secret: it opens every "
                                      "login). — Файл CSV (секретный).")],
    base_url: Annotated[str, typer.Option(
        "--base-url", help="The server's address as the phones reach it. — Адрес сервера "
        "для телефонов.")] = "http://127.0.0.1:8000",
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Every person's secret login link and public badge (for the envelopes). — Секретные
    ссылки входа и значки всех участников (для конвертов)."""
    from koloda.server.event import bridge

    lg = resolve_lang(lang)
    desk = _desk(db, event_id)
    people = {p["id"]: p for p in bridge.people(desk.state)}
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["id", "name", "role", "team", "badge", "login"])
    for login in desk.row.logins:
        p = people.get(login.who, {"name": "", "role": "", "team": ""})
        w.writerow([login.who, p["name"], p["role"], p["team"], login.badge,
                    f"{base_url.rstrip('/')}/e/{event_id}#login={login.token}"])
    out.write_text(buf.getvalue(), encoding="utf-8")
    console().print(_t("written", lg, path=out))


@app.command("enroll")
def enroll(
    event_id: Annotated[str, typer.Argument(help="The event's id. — Номер игры.")],
    participants: Annotated[Path, typer.Argument(help="A CSV of more people. — CSV ещё "
                                                 "участников.")],
    as_who: Annotated[int | None, typer.Option("--as", help="The master acting (id; default "
                                               "the first master). — Мастер.")] = None,
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Enroll more participants from a CSV (all or none). — Добавить участников из CSV (всех
    или никого)."""
    from koloda.server.event.logins import new_logins
    from koloda.server.event.roster import RosterError, read_roster

    lg = resolve_lang(lang)
    try:
        people = read_roster(participants)
    except RosterError as e:
        raise fail(e.text(str(lg))) from None
    desk = _desk(db, event_id)
    master = _master(desk, as_who, lg)
    first = len(desk.row.logins)
    ops = []
    for p in people:
        team = f" {json.dumps(p.team, ensure_ascii=False)}" if p.team else ""
        ops.append((master, f"enroll {p.role} {json.dumps(p.name, ensure_ascii=False)}{team}"))
    fresh = new_logins(range(first, first + len(people)),
                       [lgn.badge for lgn in desk.row.logins])
    _submit_many(desk, ops, lg, logins=fresh)
    console().print(_t("enrolled", lg, n=len(people)))


def _submit_many(desk: Any, ops: list[tuple[int, str]], lang: Lang, **kw: Any) -> list[str]:
    from koloda.server.event.desk import DeskError

    try:
        done: list[str] = desk.submit_many(ops, lang=str(lang), **kw)
        return done
    except DeskError as e:
        raise _desk_fail(e, lang) from None


def read_templates(path: Path) -> dict[str, list[str]]:
    """Deck templates: a JSON object naming each template's card keys (items included).

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "t.json"
    >>> _ = p.write_text('{"guard": ["punch", "rapier_thrust", "rapier"]}')
    >>> read_templates(p)
    {'guard': ['punch', 'rapier_thrust', 'rapier']}
    """
    from koloda.cli.replay import read_json

    data = read_json(path)
    if not isinstance(data, dict) or not data:
        raise InvalidData(f"{path}: a JSON object of templates, {{\"name\": [\"key\", …]}}")
    out: dict[str, list[str]] = {}
    for name, keys in data.items():
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            raise InvalidData(f"{path}: template {name!r}: a list of card keys")
        out[name] = keys
    return out


@app.command("issue")
def issue(
    event_id: Annotated[str, typer.Argument(help="The event's id. — Номер игры.")],
    templates: Annotated[Path | None, typer.Option(
        "--templates", help="Deck templates (JSON: template name → card keys); each person "
        "gets the template named in the CSV's template column, else the one named after "
        "their role. — Шаблоны колод.")] = None,
    to: Annotated[int | None, typer.Option("--to", help="Issue to this participant id by "
                                           "hand. — Выдать участнику с этим номером.")] = None,
    cards: Annotated[str, typer.Option("--cards", help="With --to: card keys, separated by "
                                       "commas. — Ключи карт через запятую.")] = "",
    participants: Annotated[Path | None, typer.Option(
        "--participants", help="With --templates: the CSV whose template column chooses. — "
        "CSV со столбцом «шаблон».")] = None,
    as_who: Annotated[int | None, typer.Option("--as", help="The master acting. — Мастер.")
                      ] = None,
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Issue decks at check-in, from templates or by hand (all or none). — Выдать колоды при
    заезде, по шаблонам или вручную (всем или никому)."""
    from koloda.server.event import bridge
    from koloda.server.event.roster import RosterError, read_roster

    lg = resolve_lang(lang)
    desk = _desk(db, event_id)
    master = _master(desk, as_who, lg)
    ops: list[tuple[int, str]] = []
    if to is not None:
        keys = [k.strip() for k in cards.split(",") if k.strip()]
        if not keys or templates is not None:
            raise fail("--to needs --cards KEY,KEY… (and no --templates)" if lg == Lang.en
                       else "--to требует --cards КЛЮЧ,КЛЮЧ… (и без --templates)")
        ops.append((master, f"issue {to} {' '.join(keys)}"))
    elif templates is not None:
        decks = read_templates(templates)
        chosen: dict[str, str] = {}
        if participants is not None:
            try:
                chosen = {p.name: p.template for p in read_roster(participants) if p.template}
            except RosterError as e:
                raise fail(e.text(str(lg))) from None
        for p in bridge.people(desk.state):
            name = chosen.get(p["name"]) or p["role"]
            if p["role"] == "master" or name not in decks:
                if p["name"] in chosen:
                    raise fail(f"{p['name']}: no template {name!r} in {templates}"
                               if lg == Lang.en else
                               f"{p['name']}: в {templates} нет шаблона «{name}»")
                continue
            ops.append((master, f"issue {p['id']} {' '.join(decks[name])}"))
    else:
        raise fail("give --templates FILE or --to ID --cards KEYS" if lg == Lang.en else
                   "укажите --templates ФАЙЛ или --to ID --cards КЛЮЧИ")
    done = _submit_many(desk, ops, lg)
    n_cards = sum(len(op.split()) - 3 for op in done)
    console().print(_t("issued", lg, cards=n_cards, people=len(done)))


@app.command("op")
def operation(
    event_id: Annotated[str, typer.Argument(help="The event's id. — Номер игры.")],
    text: Annotated[str, typer.Argument(help="The operation without its time (the desk "
                                        "stamps it), e.g. 'received Б-0137'. — Операция.")],
    as_who: Annotated[int | None, typer.Option("--as", help="Who acts (id; default the first "
                                               "master). — Кто действует.")] = None,
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Store one operation from the masters' desk. — Записать одну операцию с мастерской."""
    lg = resolve_lang(lang)
    desk = _desk(db, event_id)
    who = _master(desk, as_who, lg)
    done = _submit_many(desk, [(who, text)], lg)
    console().print(_t("stored", lg, op=done[0]))


@app.command("holdings")
def holdings(
    event_id: Annotated[str, typer.Argument(help="The event's id. — Номер игры.")],
    db: DbOption = "",
    lang: LangOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON. — Вывести JSON.")] = False,
) -> None:
    """Who holds which cards, pile by pile. — У кого какие карты, по стопкам."""
    from koloda.server.event import bridge

    lg = resolve_lang(lang)
    desk = _desk(db, event_id)
    cards = bridge.holdings(desk.state)
    people = bridge.people(desk.state)
    badges = {lgn.who: lgn.badge for lgn in desk.row.logins}
    if as_json:
        typer.echo(json.dumps({"people": people, "cards": cards}, ensure_ascii=False, indent=1))
        return
    table = Table(_t("col_id", lg), _t("col_name", lg), _t("col_role", lg), _t("col_team", lg),
                  _t("col_badge", lg), _t("col_health", lg), _t("col_deck", lg),
                  _t("col_discard", lg), _t("col_limit", lg),
                  title=_t("holdings", lg, title=desk.row.title))
    for p in people:
        mine = [c for c in cards if c["owner"] == p["id"]]
        deck = " ".join(sorted(c["serial"] for c in mine if c["pile"] == "deck"))
        discard = " ".join(sorted(c["serial"] for c in mine if c["pile"] == "discard"))
        ru = lg == Lang.ru
        table.add_row(str(p["id"]), p["name"], ROLE_RU.get(p["role"], p["role"]) if ru
                      else p["role"], p["team"], badges.get(p["id"], ""),
                      HEALTH_RU.get(p["health"], p["health"]) if ru else p["health"],
                      deck, discard, str(p["limit"]))
    console().print(table)


@app.command("export")
def export(
    event_id: Annotated[str, typer.Argument(help="The event's id. — Номер игры.")],
    out: Annotated[Path, typer.Option("--out", help="A directory for the files. — Папка для "
                                      "файлов.")],
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Export participants.csv, cards.csv, ledger.csv and log.json (replayable: koloda event
    replay). Names only: no logins, no contacts. — Выгрузить участников, карты, журнал и
    запись игры (без секретных входов)."""
    from koloda.server.event import exports

    lg = resolve_lang(lang)
    desk = _desk(db, event_id)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in exports.files(desk, str(lg)).items():
        (out / name).write_text(text, encoding="utf-8")
        console().print(_t("written", lg, path=out / name))


@app.command("replay")
def replay_log(
    path: Annotated[Path, typer.Argument(help="A log.json from koloda event export (or a "
                                         "backup). — Запись игры.")],
    lang: LangOption = None,
) -> None:
    """Replay an exported log through the rules and check it. — Воспроизвести запись игры
    по правилам и проверить её."""
    from koloda.cli.replay import read_json
    from koloda.engine import GameRecord, replay
    from koloda.server.event import bridge

    lg = resolve_lang(lang)
    data = read_json(path)
    if isinstance(data, dict) and data.get("format") == "koloda-event":
        data = {"game": data["game"], "options": data["options"], "players": data["players"],
                "seed": data["seed"], "setup": data["setup"], "actions": data["ops"]}
    record = GameRecord.from_json(data)
    state = replay(record)
    console().print(_t("replayed", lg, path=path, ops=len(record.actions),
                       cards=len(bridge.holdings(state))))


@app.command("backup")
def backup(
    event_id: Annotated[str, typer.Argument(help="The event's id. — Номер игры.")],
    out: Annotated[Path, typer.Option("--out", help="The JSON file to write (secret: it "
                                      "holds the logins). — Файл JSON (секретный).")],
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Back the event up: its whole record, logins included, in one JSON file. — Резервная
    копия игры: вся запись, со входами, в одном файле JSON."""
    lg = resolve_lang(lang)
    from koloda.server.store import Damaged

    store = _stores(db)
    try:
        row = store.load(event_id)
    except Damaged as e:
        raise fail(f"event {event_id} cannot be read: {e.en}" if lg == Lang.en
                   else f"игру {event_id} нельзя прочитать: {e.ru}") from None
    if row is None:
        raise fail(f"there is no event {event_id!r} in this database")
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(json.dumps(row.to_json(), ensure_ascii=False), encoding="utf-8")
    tmp.replace(out)
    console().print(_t("written", lg, path=out))


@app.command("restore")
def restore(
    path: Annotated[Path, typer.Argument(help="A backup from koloda event backup. — Резервная "
                                         "копия.")],
    replace: Annotated[bool, typer.Option("--replace", help="Replace the event if the "
                                          "database has it. — Заменить игру, если она есть.")
                       ] = False,
    db: DbOption = "",
    lang: LangOption = None,
) -> None:
    """Restore an event from a backup, checked by replaying it first. — Восстановить игру из
    резервной копии (сначала она проверяется воспроизведением)."""
    from koloda.server.event import bridge
    from koloda.server.event.exports import row_from_backup

    lg = resolve_lang(lang)
    row = row_from_backup(path)
    bridge.load(row)  # refuses a record the rules do not accept
    store = _stores(db)
    if store.version(row.id) is not None and not replace:
        raise fail(f"the database already has event {row.id}: add --replace" if lg == Lang.en
                   else f"в базе уже есть игра {row.id}: добавьте --replace")
    store.replace(row)
    console().print(_t("restored", lg, id=row.id, ops=len(row.ops)))


def register(root: typer.Typer) -> None:
    """Add ``koloda event`` to the ``koloda`` command."""
    from koloda.cli.event_print import add_commands  # print and serve (docs/event.md)

    add_commands(app)
    root.add_typer(app, name="event")


__all__ = ["InvalidOption", "app", "read_templates", "register"]
