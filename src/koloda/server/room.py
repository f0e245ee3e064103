"""A live table («стол»): the one authority over a game in play.

A :class:`Room` holds the engine state of the table's current match, its seats (a person with a
secret token, or a bot), its version and the connected clients. Every change goes through
:meth:`Room.act` (or :meth:`Room.play_again`) under the room's lock, in this order:

1. refuse a stale version, an unparsable text or an illegal action (nothing changes);
2. store the action in the database and wait for the commit;
3. apply it to the state (the engine checks it again), bump the version;
4. acknowledge it, and queue each client its own view (its seat's observation, legal actions
   and filtered log, nothing else).

Bots are ordinary players: after each change the room asks the bot seats that must act for a
decision built by :func:`koloda.bots.decision_for` and commits their answers the same way.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from koloda.action_words import (
    auto_action,
    choice_words,
    describe_actions,
    previews,
    refusal_text,
    summary_text,
)
from koloda.bots import Bot, decision_for, make_bot
from koloda.bots.base import named_bot
from koloda.engine import (
    Action,
    ActionSyntaxError,
    Game,
    GameRecord,
    GameState,
    IllegalAction,
    Result,
    replay,
)
from koloda.server.botpool import BotPool, Job, fallback_move, is_search
from koloda.server.errors import ClientError
from koloda.server.limits import Bucket
from koloda.server.store import SeatRow, Store, TableRow

log = logging.getLogger("koloda.server")

#: a seat as the games' words count it, in the cases they use
_SEAT_WORD = re.compile(r"\b(Игрок|игрок|Игроку|игроку|Игрока|игрока|Игроком|игроком|Player|player)"
                        r" (\d{1,2})\b")
#: the names the lobby gives seats nobody named («Игрок 2», "Player 2")
_DEFAULT_NAME = re.compile(r"(?:Игрок|Player) \d{1,2}")

#: How many queued messages a client may fall behind by before it is disconnected.
QUEUE_LIMIT = 256

StoreCall = Callable[..., Awaitable[Any]]


def new_token() -> str:
    """An unguessable secret: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def new_seed() -> int:
    """A secret seed: 63 random bits, too many for a seat to find the deal by trying seeds
    against the cards it holds (the engine's generator has 64 bits of state)."""
    return secrets.randbits(63)


def bot_seed(table_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat``: a one-way function of the table's secret seed, so that
    whoever works out a bot's generator from its moves learns nothing about the deal (the
    engine's generator is not cryptographic, and ``seed * 31 + seat`` could be undone)."""
    digest = hashlib.blake2b(f"koloda bot {table_seed} {seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def check_name(name: Any, limit: int = 40) -> str:
    """A person's name as stored: 1 to ``limit`` characters once trimmed, no control
    characters (NUL included: PostgreSQL cannot store it) and no lone surrogates (no
    database stores them as text); raises malformed saying which."""
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= limit:
        raise ClientError("malformed", f"a name is 1 to {limit} characters",
                          message_ru=f"имя — от 1 до {limit} символов")
    text: str = name.strip()
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text):
        raise ClientError("malformed", "a name cannot hold control characters",
                          message_ru="в имени не может быть управляющих символов")
    if any(0xD800 <= ord(ch) < 0xE000 for ch in text):
        raise ClientError("malformed", "a name cannot hold lone surrogates (not text)",
                          message_ru="в имени не может быть одиночных суррогатов (это не текст)")
    return text


def _secret_bytes(text: str) -> bytes:
    """A token as bytes for a constant-time comparison (which refuses non-ASCII text)."""
    return text.encode("utf-8", "surrogatepass")


def name_seats(text: str, names: list[str]) -> str:
    """The games' words count seats («Игрок 2», «игроку 2», "Player 2"); the table's log names
    them as the seat bar does («Игрок 2» → «Борис», «игроку 2» → «игроку Борис»)."""

    def name(m: re.Match[str]) -> str:
        n = int(m.group(2)) - 1
        if not 0 <= n < len(names):
            return m.group(0)
        if m.group(1) in ("Игрок", "игрок", "Player", "player"):
            return names[n]
        if _DEFAULT_NAME.fullmatch(names[n]):  # «игроку 2», not «игроку Игрок 2»
            return m.group(0)
        return f"{m.group(1)} {names[n]}"

    return _SEAT_WORD.sub(name, text)


class Client:
    """One connection (a WebSocket) bound to a seat, or to no seat for a spectator.

    Messages go through a queue drained by the connection's writer task, so a slow client never
    holds up the room; one that falls too far behind is disconnected.
    """

    def __init__(self, seat: int | None, lang: str) -> None:
        self.seat = seat
        self.lang = lang
        #: messages to send: a dict (written as JSON by the writer), a text already written
        #: as JSON (the same text for many connections), None to close
        self.queue: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue(QUEUE_LIMIT)
        self.log_sent = 0
        self.match = -1
        #: the table's version in the last view queued to this connection
        self.version_sent = -1
        self.overflowed = False
        #: whole views this connection may still ask for again (set by the server)
        self.resends: Bucket | None = None

    def push(self, message: dict[str, Any] | str | None) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)


@dataclass
class Seat:
    """A seat at the table: a person (with a secret token) or a bot."""

    seat: int
    kind: str
    bot_name: str | None
    name: str
    token: str
    bot: Bot | None = None
    clients: set[Client] = field(default_factory=set)

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "kind": self.kind,
            "bot": self.bot_name,
            "online": self.kind == "bot" or bool(self.clients),
        }


def result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "scores": list(result.scores),
        "ranks": list(result.ranks),
        "winners": list(result.winners),
        "summary": result.summary,
        "summary_ru": result.summary_ru,
    }


class Room:
    """One table in play (see the module docstring)."""

    def __init__(
        self, row: TableRow, *, game: Game, state: GameState, store_call: StoreCall,
        store: Store, bot_delay: float, bots: BotPool | None = None,
        read_only: tuple[str, str] | None = None,
    ) -> None:
        self.id = row.id
        self.game = game
        self.spec = game.spec
        self.state = state
        self.lang = row.lang
        self.host_token = row.host_token
        self.match = row.match
        self.version = row.version
        self.seed = row.seed
        self.results: list[dict[str, Any]] = list(row.results)
        #: the hand-made setup of the current match (an event's duel), None for a deal
        self.setup = row.setup
        #: called (under the lock) after each stored action once the game is over: an event
        #: applies its duel's result (``koloda.server.event``)
        self.on_finish: Callable[[Room], Awaitable[None]] | None = None
        self.seats = [
            Seat(seat=s.seat, kind=s.kind, bot_name=s.bot, name=s.name, token=s.token)
            for s in row.seats
        ]
        self.spectators: set[Client] = set()
        self.lock = asyncio.Lock()
        self.store = store
        self.store_call = store_call
        self.bot_delay = bot_delay
        self.bots = bots or BotPool(seconds=10.0)
        self.rules_version = row.rules_version
        #: why the table only shows its game (English, Russian): stored under other rules
        self.read_only = read_only
        self.bot_error: str | None = None
        self._bots_task: asyncio.Task[None] | None = None
        self._views: dict[tuple[int | None, str], dict[str, Any]] = {}
        self._views_version = -1
        #: the seats that asked for another match since this one ended («Сыграть ещё»): a new
        #: match starts once every person at the table has asked (bots always agree); kept in
        #: memory only, like presence: a restart asks again
        self.again: set[int] = set()
        #: the seats that asked for their magic windows (and such) to be passed for them
        #: (koloda.action_words.auto_action); in memory, like presence
        self.auto: set[int] = set()
        #: when the table was last asked for (the hub unloads tables idle for long)
        self.last_used = time.monotonic()

    # --- building -------------------------------------------------------------------------------

    @staticmethod
    def rebuild(row: TableRow) -> tuple[Game, GameState]:
        """The game and the current match's state, replayed from the stored actions."""
        record = GameRecord(
            game=row.game, options=row.options, players=row.players, seed=row.seed,
            setup=row.setup, actions=tuple(row.actions), rules_version=row.rules_version,
        )
        return record.load(), replay(record)

    def _replayed(self) -> GameState:
        """The current match rebuilt from its seed and the actions applied so far."""
        record = GameRecord(
            game=self.spec.name, options=self.game.options_json(), players=self.state.players,
            seed=self.seed, setup=self.setup, actions=tuple(self.state.history),
        )
        return replay(record, any_rules=True)  # the rules this room runs, whatever its version

    # --- who is who -----------------------------------------------------------------------------

    def seat_for_token(self, token: str) -> int:
        """The seat whose secret is ``token``; raises bad_token."""
        found = None
        given = _secret_bytes(token)
        for s in self.seats:
            if s.kind == "human" and secrets.compare_digest(_secret_bytes(s.token), given):
                found = s.seat
        if found is None:
            raise ClientError("bad_token", "this link does not open a seat at this table")
        return found

    def is_host(self, token: str) -> bool:
        return secrets.compare_digest(_secret_bytes(self.host_token), _secret_bytes(token))

    # --- views ----------------------------------------------------------------------------------

    def info(self, lang: str) -> dict[str, Any]:
        """What anyone may know about the table: game, seats, version, scoreboard."""
        totals = [0.0] * self.state.players
        for r in self.results:
            for i, sc in enumerate(r["scores"]):
                totals[i] += sc
        return {
            "id": self.id,
            "game": self.spec.name,
            "title": self.spec.title(lang),
            "players": self.state.players,
            "options": self.game.options_json(),
            "match": self.match,
            "version": self.version,
            "finished": self.state.is_terminal,
            "seats": [{**s.public(), **self._bot_words(s)} for s in self.seats],
            "matches_played": len(self.results),
            "totals": totals,
            "rules_version": self.rules_version,
            "read_only": self._read_only_text(lang),
            "again": sorted(self.again),
        }

    def _bot_words(self, seat: Seat) -> dict[str, Any]:
        """A bot seat's kind and named parameters (``koloda.bots.base.named_bot``), so the page
        names it in words without reading its spec."""
        if seat.bot_name is None:
            return {}
        try:
            found = named_bot(seat.bot_name, self.spec.name)
        except Exception:  # a stored spec the parser no longer reads: named by its kind
            return {"bot_kind": seat.bot_name.removeprefix("bot:").split(":")[0],
                    "bot_params": {}}
        return {"bot_kind": found["kind"], "bot_params": found["params"]}

    def _read_only_text(self, lang: str) -> str | None:
        if self.read_only is None:
            return None
        return self.read_only[1] if lang == "ru" else self.read_only[0]

    def refuse_read_only(self) -> None:
        if self.read_only is not None:
            raise ClientError("read_only", self.read_only[0], message_ru=self.read_only[1])

    def _describe(self, event: Any, lang: str) -> str:
        try:
            text = self.spec.describe(event, lang)
        except Exception:  # a game's describe must never take the table down
            log.exception("describe failed for %s", type(event).__name__)
            return str(type(event).__name__)
        return self._named(text)

    def _named(self, text: str) -> str:
        return name_seats(text, [s.name for s in self.seats])

    def _view(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The full view of ``seat`` (None: a spectator), cached per version."""
        if self._views_version != self.version:
            self._views = {}
            self._views_version = self.version
        key = (seat, lang)
        cached = self._views.get(key)
        if cached is not None:
            return cached
        state = self.state
        actions = (
            state.legal_actions(seat) if seat is not None and seat in state.to_act else ()
        )
        legal = [str(a) for a in actions]
        observation = state.observe(seat)
        entries = [
            {"n": i, "text": self._describe(e, lang), "event": e.to_json()}
            for i, e in enumerate(state.log(seat))
        ]
        view = {
            "type": "state",
            "table": self.id,
            "version": self.version,
            "match": self.match,
            "seat": seat,
            "to_act": list(state.to_act),
            "finished": state.is_terminal,
            "result": self._result(state, lang) if state.is_terminal else None,
            "observation": observation,
            "legal": legal,
            # each legal action in words, with its fields (koloda.action_words)
            "actions": self._words(list(actions), lang, observation, seat),
            # the seat's own hidden choice in this step, in words
            "choice": self._choice(observation, lang) if seat is not None else None,
            "log": entries,
            "bot_error": self.bot_error,
        }
        self._views[key] = view
        return view

    def _result(self, state: GameState, lang: str) -> dict[str, Any] | None:
        """The result as stored, with ``text``: how the game ended in ``lang``, players named
        as the table names them (the game's ``Result.words`` from the catalogue; else its older
        summary, when it has one in ``lang``; else None, and the page says it without)."""
        from koloda.i18n import t

        result = state.result()
        found = result_json(result)
        if result is None or found is None:
            return found
        names = [s.name for s in self.seats]
        text: str | None = None
        try:
            words = result.words
            if words is not None:
                text = summary_text(self.spec.name, result, lang, names)
                # words the catalogue has no translation for: the older summary, if any
                if lang != "en" and t(f"summary.{words.key}", words.english, lang) \
                        == words.english:
                    text = result.summary_ru if lang == "ru" else ""
            elif lang == "en" or (lang == "ru" and result.summary_ru):
                text = result.text(lang)
        except Exception:  # words must never take the table down
            log.exception("the summary of %s failed", self.spec.name)
        return {**found, "text": self._named(text) if text else None}

    def _words(self, actions: list[Action], lang: str, observation: dict[str, Any],
               seat: int | None) -> list[dict[str, Any]]:
        names = [s.name for s in self.seats]
        try:
            words = describe_actions(self.spec.name, actions, lang, observation, names)
            if seat is not None and words:
                previews(self.spec.name, self.state, seat, words)
        except Exception:  # words must never take the table down: the texts then
            log.exception("describing the actions of %s failed", self.spec.name)
            return [{"text": str(a), "label": str(a), "kind": "", "fields": {}}
                    for a in actions]
        return [dict(w) for w in words]

    def _choice(self, observation: dict[str, Any], lang: str) -> dict[str, Any] | None:
        try:
            found = choice_words(self.spec.name, self.game.parse_action, observation, lang,
                                 [s.name for s in self.seats])
        except Exception:
            log.exception("describing a choice of %s failed", self.spec.name)
            return None
        return dict(found) if found is not None else None

    def view_for(self, client: Client) -> dict[str, Any]:
        """The client's view, with only the log entries it has not received yet."""
        full = self._view(client.seat, client.lang)
        reset = client.match != self.match
        start = 0 if reset else client.log_sent
        entries = full["log"]
        message = {**full, "log": entries[start:], "log_from": start, "log_reset": reset}
        client.log_sent = len(entries)
        client.match = self.match
        client.version_sent = self.version
        return message

    def has_current_view(self, client: Client) -> bool:
        """Whether the view of the table as it is now was already queued to ``client``."""
        return client.match == self.match and client.version_sent == self.version

    def full_view(self, seat: int | None, lang: str) -> dict[str, Any]:
        """The whole view (whole log), for the HTTP API."""
        return {**self._view(seat, lang), "log_from": 0, "log_reset": True}

    # --- clients --------------------------------------------------------------------------------

    def clients(self) -> list[Client]:
        out = list(self.spectators)
        for s in self.seats:
            out.extend(s.clients)
        return out

    def join(self, client: Client) -> None:
        """Register ``client`` and queue its welcome and its view. Call under the lock."""
        if client.seat is None:
            self.spectators.add(client)
        else:
            self.seats[client.seat].clients.add(client)
        client.push({"type": "welcome", "seat": client.seat, "table": self.info(client.lang)})
        client.push(self.view_for(client))
        self._announce_table()

    def leave(self, client: Client) -> None:
        if client.seat is None:
            self.spectators.discard(client)
        else:
            self.seats[client.seat].clients.discard(client)
        self._announce_table()

    def _announce_table(self) -> None:
        for c in self.clients():
            c.push({"type": "table", "table": self.info(c.lang)})

    def broadcast(self) -> None:
        for c in self.clients():
            c.push(self.view_for(c))

    def resend(self, client: Client) -> None:
        client.match = -1
        client.push(self.view_for(client))

    # --- changes --------------------------------------------------------------------------------

    def parse(self, text: Any) -> Action:
        if not isinstance(text, str) or not text.strip():
            raise ClientError("malformed", "an action must be a non-empty text")
        try:
            return self.game.parse_action(text)
        except ActionSyntaxError as e:
            raise ClientError("syntax", f"not an action of {self.spec.name}: {e}") from None

    def check(self, seat: int, action: Action, lang: str = "en") -> None:
        """Refuse an illegal action (the engine's own checks, without changing anything), saying
        why in ``lang``."""
        try:
            self.state.verify(seat, action)
        except IllegalAction as e:
            raise ClientError("illegal_action", refusal_text(
                self.spec.name, e, lang, [s.name for s in self.seats])) from None

    async def act(self, seat: int, text: Any, version: Any, lang: str = "en") -> int:
        """Validate, store, apply and announce one action of ``seat``; returns the new version.

        Raises :class:`ClientError` with nothing changed.
        """
        if isinstance(version, bool) or not isinstance(version, int):
            raise ClientError("malformed", "an action must carry the version it was chosen at")
        self.refuse_read_only()
        async with self.lock:
            if version != self.version:
                raise ClientError(
                    "stale_version",
                    f"the table has moved on (version {self.version}, your action was chosen at "
                    f"version {version}); look again and choose",
                    version=self.version,
                )
            action = self.parse(text)
            self.check(seat, action, lang)
            await self._commit(seat, action)
            new_version = self.version
        self.kick_bots()
        return new_version

    async def _commit(self, seat: int, action: Action) -> None:
        """Store then apply a checked action. Call under the lock."""
        text = str(action)
        n = len(self.state.history)
        try:
            await self.store_call(
                self.store.append_action, self.id, match=self.match, n=n, seat=seat, text=text,
                version=self.version + 1,
            )
        except Exception as e:
            log.exception("storing an action failed")
            raise ClientError("storage", "the action could not be stored; try again") from e
        try:
            self.state.apply(seat, action)
        except Exception as e:  # the engine disagrees with check(), or a game's bug: undo
            await self.store_call(
                self.store.delete_action, self.id, match=self.match, n=n, version=self.version
            )
            if isinstance(e, IllegalAction):  # refused before anything changed
                raise ClientError("illegal_action", str(e)) from None
            # the state may be half-changed: rebuild it from the record, which is unchanged
            log.exception("applying %r at seat %s of table %s failed", text, seat, self.id)
            self.state = self._replayed()
            raise ClientError(
                "internal", "the game could not carry out this action; nothing changed"
            ) from None
        self.version += 1
        if self.state.is_terminal:
            result = result_json(self.state.result())
            if result is not None:
                try:
                    await self.store_call(
                        self.store.set_result, self.id, match=self.match, result=result
                    )
                except Exception:
                    log.exception("storing a result failed (it is rebuilt by replay)")
        self.broadcast()
        if self.state.is_terminal and self.on_finish is not None:
            try:
                await self.on_finish(self)
            except Exception:  # the table's action stands; the event retries on its next pass
                log.exception("the end of table %s could not be handed on", self.id)

    async def play_again(self, seat: int | None = None) -> int:
        """``seat`` asks for a new match at the same table with the same seats; it starts once
        every person seated has asked (``seat`` None: at once, for the server's own use).
        Returns the table's version (the new match's when it started)."""
        self.refuse_read_only()
        async with self.lock:
            if not self.state.is_terminal:
                raise ClientError("not_finished", "the game is not over yet")
            if self.setup is not None:
                raise ClientError("not_finished", "this table was set up for one match (an "
                                  "event's duel); a new duel starts at the event")
            if seat is not None:
                self.again.add(seat)
                people = {s.seat for s in self.seats if s.kind == "human"}
                if not people <= self.again:
                    self._announce_table()
                    return self.version
            await self._new_match()
        self.kick_bots()
        return self.version

    async def _new_match(self) -> None:
        """Start the next match (everyone agreed). Call under the lock."""
        result = result_json(self.state.result())
        seed = new_seed()
        match = self.match + 1
        version = self.version + 1
        try:
            if result is not None:
                await self.store_call(
                    self.store.set_result, self.id, match=self.match, result=result
                )
            await self.store_call(
                self.store.new_match, self.id, match=match, seed=seed, version=version,
                rules_version=self.spec.rules_version,
            )
        except Exception as e:
            log.exception("storing a new match failed")
            raise ClientError("storage", "the new match could not be stored; try again") from e
        if result is not None:
            self.results.append(result)
        self.state = self.game.new(seed=seed, players=self.state.players)
        self.match, self.version, self.seed = match, version, seed
        self.rules_version = self.spec.rules_version
        self.again = set()
        for s in self.seats:
            s.bot = None
        self.bot_error = None
        self.broadcast()
        self._announce_table()

    async def rename(self, seat: int, name: Any) -> None:
        name = check_name(name)
        self.refuse_read_only()
        async with self.lock:
            try:
                await self.store_call(self.store.rename_seat, self.id, seat, name)
            except Exception as e:
                log.exception("storing a name failed")
                raise ClientError("storage", "the name could not be stored; try again") from e
            self.seats[seat].name = name
            self._views_version = -1  # the actions' words name the seats
            self._announce_table()

    async def set_auto(self, seat: int, on: Any) -> None:
        """``seat`` turns its automatic passes on or off."""
        if not isinstance(on, bool):
            raise ClientError("malformed", "auto takes on: true or false")
        async with self.lock:
            if on:
                self.auto.add(seat)
            else:
                self.auto.discard(seat)
        self.kick_bots()

    def _auto_for(self, seat: int, state: GameState) -> Action | None:
        """The automatic pass of a person's seat that asked for it, if one applies now."""
        if seat not in self.auto or self.seats[seat].kind != "human" or state.is_terminal:
            return None
        return auto_action(self.spec.name, state.legal_actions(seat), state.observe(seat))

    def _moves_for_server(self) -> bool:
        return any(self.seats[s].kind == "bot" or self._auto_for(s, self.state) is not None
                   for s in self.state.to_act)

    # --- bots -----------------------------------------------------------------------------------

    def kick_bots(self) -> None:
        """Let the bot seats that must act do so, and the automatic passes of the seats that
        asked for them (one task per room)."""
        if self.bot_error is not None or self.read_only is not None:
            return
        if self._moves_for_server() and (
            self._bots_task is None or self._bots_task.done()
        ):
            self._bots_task = asyncio.create_task(self._run_bots(), name=f"bots-{self.id}")

    def stop(self) -> None:
        if self._bots_task is not None:
            self._bots_task.cancel()

    def busy(self) -> bool:
        """Whether anyone is connected, a bot is thinking or an action is being stored: a busy
        table is never unloaded."""
        return (bool(self.spectators) or any(s.clients for s in self.seats)
                or self.lock.locked()
                or (self._bots_task is not None and not self._bots_task.done()))

    async def _run_bots(self) -> None:
        while True:
            to_act = self.state.to_act
            if not self._moves_for_server():
                return  # people's turn: the next change kicks the bots again
            async with self.lock:
                # a person's automatic pass, with the timing a bot's move has
                auto = next(((s, a) for s in self.state.to_act
                             if (a := self._auto_for(s, self.state)) is not None), None)
            if auto is not None:
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                async with self.lock:
                    auto_seat, auto_move = auto
                    if self._auto_for(auto_seat, self.state) != auto_move:
                        continue  # the table moved on meanwhile: look again
                    try:
                        self.check(auto_seat, auto_move)
                        await self._commit(auto_seat, auto_move)
                    except ClientError:
                        continue
                continue
            if not any(self.seats[s].kind == "bot" for s in to_act):
                return
            # a bot alone to act waits so people can follow its move; in a simultaneous step
            # its choice is hidden anyway, and choosing at once keeps the step's version from
            # moving while a person is choosing
            if self.bot_delay > 0 and len(to_act) == 1:
                await asyncio.sleep(self.bot_delay)
            async with self.lock:
                seat = next((s for s in self.state.to_act if self.seats[s].kind == "bot"), None)
                if seat is None:
                    return
                version = self.version
                snapshot = self.state.clone()
            # the bot thinks on a copy, without the lock: people can still join, look and
            # choose in the same simultaneous step meanwhile
            try:
                action = await self._bot_action(seat, snapshot)
            except Exception:
                await self._bot_failed(seat)
                return
            async with self.lock:
                if self.version != version:
                    continue  # the table moved on while the bot thought: think again
                try:
                    self.check(seat, action)
                    await self._commit(seat, action)
                except Exception:
                    await self._bot_failed(seat, locked=True)
                    return

    async def _bot_failed(self, seat: int, *, locked: bool = False) -> None:
        # the details go to the server's log only: an error text could name cards
        log.exception("bot at seat %s of table %s failed", seat, self.id)
        if not locked:
            await self.lock.acquire()
        try:
            self.bot_error = f"the bot at seat {seat + 1} failed; the table waits"
            self.broadcast()
        finally:
            if not locked:
                self.lock.release()

    async def _bot_action(self, seat: int, state: GameState) -> Action:
        """The bot's choice in ``state`` (a copy): a search in a worker process, a quick bot on
        the bots' threads, each within the server's cap (:mod:`koloda.server.botpool`)."""
        s = self.seats[seat]
        assert s.bot_name is not None
        seed = bot_seed(self.seed, seat)

        def fallback() -> Action:
            return fallback_move(state, seat, seed)

        if is_search(s.bot_name):
            job = Job(
                table=self.id, match=self.match, game=self.spec.name,
                options=self.game.options_json(), players=state.players, seed=self.seed,
                actions=tuple(state.history), seat=seat, bot=s.bot_name,
                # a new generator each decision, from the table's secret and the position
                bot_seed=(seed ^ (len(state.history) * 0x9E3779B97F4A7C15)) & (2**63 - 1),
                seconds=self.bots.seconds, module=type(state).__module__,
            )
            return await self.bots.search(job, fallback, self.game.parse_action)
        if s.bot is None:
            s.bot = make_bot(s.bot_name, self.game, seed=seed)
        bot = s.bot
        decision = decision_for(state, seat)
        return await self.bots.quick(bot, partial(bot.act, decision), fallback)


def seat_rows(seats: list[Seat]) -> list[SeatRow]:
    return [SeatRow(s.seat, s.kind, s.bot_name, s.name, s.token) for s in seats]
