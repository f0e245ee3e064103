"""The hub: every table of the server, created in the lobby or restored from the database.

Database calls run on worker threads (:meth:`Hub.store_call`) — one for SQLite, which takes one
writer at a time, several for a database server — so the event loop never waits on the disk.

A table nobody has looked at for ``idle_seconds`` (no connection, no bot thinking, no request)
is unloaded from memory (:meth:`Hub.unload_idle`); its record stays in the database, and the
next request for it replays it back (:meth:`Hub.get_room`), as a restart does. A server that
runs for a whole event so keeps only the tables in use in memory.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from koloda.action_words import refusal_text
from koloda.bots import make_bot
from koloda.bots.base import bot_descriptions, named_bot, offered_bots
from koloda.engine import GameRecord, KolodaError, Words, get_spec, load_game, say
from koloda.engine.errors import IllegalAction, InvalidOption, UnknownGame
from koloda.engine.record import RulesChanged, migrate
from koloda.i18n import number
from koloda.server.botpool import BotPool
from koloda.server.errors import ClientError
from koloda.server.limits import Limits
from koloda.server.room import Room, check_name, new_seed, new_token, result_json
from koloda.server.store import Damaged, SeatRow, Store, TableRow

log = logging.getLogger("koloda.server")

NAME_LIMIT = 40


@dataclass(frozen=True)
class SeatRequest:
    kind: str = "human"
    bot: str | None = None
    name: str | None = None


def _seat_name(kind: str, bot: str | None, seat: int, lang: str) -> str:
    if kind == "bot":
        return ("Бот " if lang == "ru" else "Bot ") + str(seat + 1)
    return ("Игрок " if lang == "ru" else "Player ") + str(seat + 1)


class Hub:
    """All tables of one server."""

    def __init__(self, store: Store, *, bot_delay: float = 0.5,
                 idle_seconds: float = 1800.0, limits: Limits | None = None) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.idle_seconds = idle_seconds
        self.limits = limits or Limits()
        self.bots = BotPool(seconds=self.limits.bot_seconds, workers=self.limits.bot_workers)
        self.rooms: dict[str, Room] = {}
        #: tables that cannot be opened: why, in English and Russian (rows and numbers only)
        self.broken: dict[str, tuple[str, str]] = {}
        self._loading = asyncio.Lock()
        # SQLite takes one writer at a time; a database server takes several (each table
        # still waits for its own action's commit, under its lock, so order is kept)
        workers = 1 if store.url.startswith("sqlite") else 8
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="koloda-db")

    async def store_call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, partial(fn, *args, **kwargs))

    # --- start and stop -------------------------------------------------------------------------

    async def restore(self) -> None:
        """Rebuild every stored table by replaying its current match, then let bots resume.
        A table whose rows are damaged or do not replay is marked broken (with the reason);
        every other table starts as usual."""
        rows = await self.store_call(lambda: list(self.store.load_all()))
        for table_id, row in rows:
            if isinstance(row, Damaged):
                self._broke(table_id, row.en, row.ru, row)
                continue
            try:
                await self._add(row)
            except Exception as e:  # one table's failure must not keep the others down
                self._broke(table_id, *_why(e), e)
        for room in self.rooms.values():
            room.kick_bots()

    def _broke(self, table_id: str, en: str, ru: str, error: BaseException) -> None:
        log.error("table %s cannot be restored: %s (%r)", table_id, en, error)
        self.broken[table_id] = (en, ru)

    async def _add(self, row: TableRow) -> Room:
        """The room of a stored table: its record migrated to the installed rules by the
        written steps if it was played under others, or else opened read-only."""
        read_only = None
        spec = get_spec(row.game)
        if row.rules_version != spec.rules_version:
            record = GameRecord(game=row.game, options=row.options, players=row.players,
                                seed=row.seed, actions=tuple(row.actions),
                                rules_version=row.rules_version)
            try:
                migrated = migrate(record)
            except RulesChanged:
                read_only = (
                    f"this game was played under the rules of version {row.rules_version}; "
                    f"this server runs version {spec.rules_version}, and no written step "
                    "carries the game over: it is shown as it was replayed, and nobody can "
                    "move",
                    f"эта партия сыграна по правилам версии {row.rules_version}, а сервер "
                    f"работает по версии {spec.rules_version}, и перевести её нечем: партию "
                    "можно только посмотреть, ходить нельзя",
                )
            else:
                await self.store_call(
                    self.store.migrate_match, row.id, match=row.match,
                    texts=[t for _, t in migrated.actions], rules_version=spec.rules_version)
                log.info("table %s migrated from rules version %s to %s", row.id,
                         row.rules_version, spec.rules_version)
                row.actions = list(migrated.actions)
                row.rules_version = spec.rules_version
        if read_only is not None:
            record = GameRecord(game=row.game, options=row.options, players=row.players,
                                seed=row.seed, actions=tuple(row.actions),
                                rules_version=row.rules_version)
            from koloda.engine import replay

            game, state = record.load(), replay(record, any_rules=True)
        else:
            game, state = Room.rebuild(row)
        room = Room(
            row, game=game, state=state, store=self.store, store_call=self.store_call,
            bot_delay=self.bot_delay, bots=self.bots, read_only=read_only,
        )
        self.rooms[row.id] = room
        if state.is_terminal and row.version > 0 and read_only is None:
            result = result_json(state.result())
            if result is not None:  # the result write may have been lost in a crash
                self._executor.submit(self.store.set_result, row.id, match=row.match,
                                      result=result)
        return room

    async def close(self) -> None:
        for room in self.rooms.values():
            room.stop()
        self.bots.close()
        self._executor.shutdown(wait=True)
        self.store.close()

    # --- lookup ---------------------------------------------------------------------------------

    def room(self, table_id: str) -> Room:
        """A table in memory (raises unknown_table otherwise; see :meth:`get_room`)."""
        room = self.rooms.get(table_id)
        if room is None:
            self._refuse_broken(table_id)
            raise ClientError("unknown_table", "there is no such table")
        room.last_used = time.monotonic()
        return room

    def _refuse_broken(self, table_id: str) -> None:
        """Refuse a broken table with its reason (rows and numbers, never cards; the details
        go to the server's log)."""
        why = self.broken.get(table_id)
        if why is not None:
            raise ClientError(
                "broken_table",
                f"table {table_id} cannot be opened: {why[0]}; its record is kept unchanged",
                message_ru=f"стол {table_id} нельзя открыть: {why[1]}; его запись сохранена "
                "без изменений",
                reason=why[0], reason_ru=why[1],
            )

    async def get_room(self, table_id: str) -> Room:
        """The table ``table_id``, replayed from the database if it was unloaded."""
        if table_id in self.rooms:
            return self.room(table_id)
        self._refuse_broken(table_id)
        if len(table_id) > 64:
            raise ClientError("unknown_table", "there is no such table")
        async with self._loading:  # one load per table, however many ask at once
            if table_id not in self.rooms:
                try:
                    row = await self.store_call(self.store.load, table_id)
                except Damaged as e:
                    self._broke(table_id, e.en, e.ru, e)
                    self._refuse_broken(table_id)
                    raise
                if row is None:
                    raise ClientError("unknown_table", "there is no such table")
                try:
                    room = await self._add(row)
                except Exception as e:
                    self._broke(table_id, *_why(e), e)
                    self._refuse_broken(table_id)
                    raise
                log.info("table %s loaded again", table_id)
                room.kick_bots()
        return self.room(table_id)

    def unload_idle(self, now: float | None = None) -> list[str]:
        """Unload the tables idle for ``idle_seconds``: nobody connected, no bot task running,
        no action being stored, no request since. Returns their ids."""
        if self.idle_seconds <= 0:
            return []
        now = time.monotonic() if now is None else now
        gone = []
        for table_id, room in list(self.rooms.items()):
            if now - room.last_used < self.idle_seconds or room.busy():
                continue
            room.stop()
            del self.rooms[table_id]
            gone.append(table_id)
        if gone:
            log.info("unloaded %d idle table(s); %d in memory", len(gone), len(self.rooms))
        return gone

    async def unload_idle_forever(self) -> None:
        """Run :meth:`unload_idle` every so often (a task of the server's lifespan)."""
        if self.idle_seconds <= 0:
            return
        while True:
            await asyncio.sleep(min(60.0, self.idle_seconds / 2))
            self.unload_idle()

    # --- the lobby ------------------------------------------------------------------------------

    async def create_table(
        self,
        *,
        game: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[SeatRequest],
        lang: str,
        seed: int | None,
        setup: dict[str, Any] | None = None,
        table_id: str | None = None,
    ) -> Room:
        """A new table; raises ClientError for an unknown game, bad options or bad seats.

        ``setup``: start from this hand-made position (``game.from_setup``) instead of a deal;
        ``table_id``: the id to give it (an event names its duels' tables), else a random one."""
        clash = sorted({"name", "players"} & set(options))
        if clash:  # load_game's own parameters: "players" is a field of the table, not an option
            raise ClientError("invalid_option", f"unknown option(s) {clash} for {game}")
        try:
            g = load_game(game, players=players, **options)
        except UnknownGame as e:
            raise ClientError("unknown_game", str(e)) from None
        except InvalidOption as e:
            raise ClientError("invalid_option", refusal_text(game, e, lang)) from None
        except RecursionError:  # an option's JSON text nested too deeply
            raise ClientError("invalid_option", "an option's JSON is nested too deeply") \
                from None
        if not g.spec.lobby:
            raise ClientError("unknown_game", f"{game} is not played at a table: it runs "
                              "through koloda event and its own pages",
                              message_ru=f"в «{g.spec.title_ru}» не играют за столом: её ведут "
                              "командой koloda event и на её страницах")
        n = g.players
        if not seats:
            seats = [SeatRequest() for _ in range(n)]
        if len(seats) != n:
            raise ClientError("invalid_option", _seats_text(n, len(seats), lang),
                              message_ru=_seats_text(n, len(seats), "ru"))
        if seed is None:
            seed = new_seed()
        rows: list[SeatRow] = []
        for i, s in enumerate(seats):
            if s.kind not in ("human", "bot"):
                raise ClientError("invalid_option", f"seat {i + 1}: kind is human or bot")
            bot = None
            if s.kind == "bot":
                bot = s.bot or "bot:random"
                if not bot.startswith("bot:"):
                    bot = "bot:" + bot
                if not bot.isascii() or not bot.isprintable():  # NUL: PostgreSQL stores no NUL
                    raise _refused(g.name, say("lobby.bot_ascii", "a bot's name is printable "
                                               "ASCII"), lang, seat=i)
                try:
                    make_bot(bot, g, seed=0)
                except KolodaError as e:
                    raise _refused(g.name, e, lang, seat=i) from None
                _check_bot_budget(bot, g.name, i)
            name = (s.name or "").strip() or _seat_name(s.kind, bot, i, lang)
            try:
                name = check_name(name, NAME_LIMIT)
            except ClientError as e:  # its words in both languages, after the seat's
                ru = str(e.extra.get("message_ru", e.message))
                raise ClientError("invalid_option",
                                  _seat_text(i, ru if lang == "ru" else e.message, lang),
                                  message_ru=_seat_text(i, ru, "ru")) from None
            rows.append(SeatRow(seat=i, kind=s.kind, bot=bot, name=name, token=new_token()))
        try:
            state = g.new(seed=seed) if setup is None else g.from_setup(setup, seed=seed)
        except KolodaError as e:  # Gwent's decks for as many players, a duel's attack deck…
            raise _refused(g.name, e, lang) from None
        row = TableRow(
            id=table_id or secrets.token_urlsafe(9),
            game=g.name,
            players=n,
            options=g.options_json(),
            lang=lang,
            host_token=new_token(),
            created_at=time.time(),
            match=0,
            version=0,
            seats=rows,
            seed=seed,
            rules_version=g.spec.rules_version,
            setup=setup,
        )
        try:
            await self.store_call(self.store.create_table, row)
        except Exception as e:
            log.exception("storing a new table failed")
            raise ClientError("storage", "the table could not be stored; try again") from e
        room = Room(
            row, game=g, state=state, store=self.store, store_call=self.store_call,
            bot_delay=self.bot_delay, bots=self.bots,
        )
        self.rooms[row.id] = room
        room.kick_bots()
        return room


def _seats_text(players: int, seats: int, lang: str) -> str:
    from koloda.i18n import tn

    return tn("lobby.seats", "{n} player needs {n} seat, got {got}",
              "{n} players need {n} seats, got {got}", players, lang, got=seats)


def _refused(game: str, error: KolodaError | Words, lang: str, *, seat: int | None = None
             ) -> ClientError:
    """The lobby's ``invalid_option`` refusal of ``error`` (a bot's parameters, a deal the
    options cannot make): its words in the table's language ``lang`` (``message``) and in
    Russian (``message_ru``), after the seat they concern when there is one («место 2: …»)."""
    def text(language: str) -> str:
        why = refusal_text(game, error, language)
        return why if seat is None else _seat_text(seat, why, language)

    return ClientError("invalid_option", text(lang), message_ru=text("ru"))


def _seat_text(seat: int, why: str, lang: str) -> str:
    """Why a seat is refused, after the seat's number («место 2: …», "seat 2: …")."""
    from koloda.i18n import t

    return t("lobby.seat", "seat {n}: {why}", lang, n=seat + 1, why=why)


def _why(error: BaseException) -> tuple[str, str]:
    """Why a table does not replay, in words that name no card (English, Russian)."""
    if isinstance(error, UnknownGame):
        return ("its game is not installed on this server", "его игра не установлена на сервере")
    if isinstance(error, InvalidOption):
        return ("its stored options are refused by this server's rules",
                "его сохранённые параметры не принимают правила этого сервера")
    if isinstance(error, IllegalAction | KolodaError):
        return ("a stored action does not replay under the rules this server runs",
                "сохранённый ход не воспроизводится по правилам этого сервера")
    return (f"its record cannot be replayed ({type(error).__name__})",
            f"его запись не воспроизводится ({type(error).__name__})")


#: The most a bot may think per decision: its table waits for it, and a thinking bot takes a
#: core from every other table, so a budget of an hour would stall the table for an hour.
MAX_BOT_SECONDS = 10.0
MAX_BOT_ITERATIONS = 20_000


def _check_bot_budget(bot: str, game: str, seat: int) -> None:
    """Refuse a bot parameter naming more than :data:`MAX_BOT_SECONDS` seconds (``5s``) or
    :data:`MAX_BOT_ITERATIONS` iterations (``2000``) per decision, spelt by position
    (``bot:ismcts:3600s``) or by name (``bot:ismcts:budget=3600s``, the lobby's custom form)."""
    from koloda.engine.bot import parse_bot_spec

    for param in parse_bot_spec(bot, game)[1]:
        raw = param.strip().lower()
        try:
            if raw.endswith("s") and float(raw[:-1]) <= MAX_BOT_SECONDS:
                continue
            if raw.endswith("s") or int(raw) > MAX_BOT_ITERATIONS:
                raise ClientError(
                    "invalid_option",
                    f"seat {seat + 1}: a bot here thinks at most {MAX_BOT_SECONDS:g} s or "
                    f"{MAX_BOT_ITERATIONS} iterations per decision, not {param!r}",
                    message_ru=f"место {seat + 1}: бот здесь думает над ходом не больше "
                    f"{number(MAX_BOT_SECONDS, 'ru')} с или {number(MAX_BOT_ITERATIONS, 'ru')} "
                    f"итераций, а не «{param}»",
                )
        except ValueError:  # not a budget (e.g. an exploration constant)
            continue


def games_catalogue(lang: str) -> list[dict[str, Any]]:
    """The registered games as the lobby shows them."""
    from koloda.engine import game_specs

    out = []
    for spec in game_specs():
        if not spec.lobby:
            continue
        out.append(
            {
                "name": spec.name,
                "title": spec.title(lang),
                "title_en": spec.title_en,
                "title_ru": spec.title_ru,
                "summary": spec.summary(lang),
                "min_players": spec.min_players,
                "max_players": spec.max_players,
                "default_players": spec.default_players,
                "simultaneous": spec.simultaneous,
                "options": [
                    {
                        "name": o.name,
                        "type": o.type_name,
                        "default": o.default,
                        "help": o.help(lang),
                        "en": o.en,
                        "ru": o.ru,
                        "minimum": o.minimum,
                        "maximum": o.maximum,
                        "choices": list(o.choices) if o.choices is not None else None,
                        "choice_labels": o.choice_labels(lang),
                    }
                    for o in spec.options
                ],
                # the bots' specs as texts (the older form, kept for API clients)…
                "bots": bot_choices(spec.name),
                # …and as the pages build their choices: each offered bot's kind and named
                # parameters, and every kind with its parameters described in words
                "bot_choices": [named_bot(b, spec.name) for b in bot_choices(spec.name)],
                "bot_kinds": bot_descriptions(spec.name),
            }
        )
    return out


#: Strengths offered in the lobby for search bots: a time budget per move keeps tables lively.
SEARCH_PRESETS = {"ismcts": ("0.3s", "1s")}
#: More strengths for the games where the ladder (docs/bots.md) measured them stronger than the
#: plain search: in the duel and Gwent the search that models the other seats with the
#: heuristic beats the heuristic (in Gwent by more than the plain search); in Nevermore it does
#: not (with random playouts it is far weaker).
GAME_PRESETS = {"duel": ("bot:ismcts:1s:::heuristic",), "gwent": ("bot:ismcts:1s:::heuristic",)}


def bot_choices(game: str) -> list[str]:
    """The bots the lobby offers for ``game``: every registered kind, time-bounded strengths
    of the search bots (``bot:ismcts:1s``) and the game's own measured presets; any other
    parameter can be sent too."""
    out = []
    kinds = offered_bots(game)  # (the duel's solver only where NumPy and SciPy are installed)
    for kind in kinds:
        out.append(f"bot:{kind}")
        out.extend(f"bot:{kind}:{p}" for p in SEARCH_PRESETS.get(kind, ()))
    out.extend(b for b in GAME_PRESETS.get(game, ()) if b.split(":")[1] in kinds)
    return out
