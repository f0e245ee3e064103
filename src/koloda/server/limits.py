"""What one client, and all clients together, may ask of the server.

Every limit is a setting of :class:`Limits` (``koloda serve`` options, docs/server.md); a
request beyond one is refused with ``too_many`` (HTTP 429, WebSocket close code 4429) and a
message saying which limit it met, and nothing changes.

A *client address* is the peer address of the connection. Behind a reverse proxy every client
has the proxy's address: raise the per-address limits there, or let the proxy limit.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from koloda.i18n import catalogue, number
from koloda.server.errors import ClientError


class TooMany(ClientError):
    """A ``too_many`` refusal; ``retry_after``: the seconds until the limit it met allows one
    more request, when that is known (HTTP answers it as ``Retry-After``)."""

    def __init__(self, message: str, *, message_ru: str,
                 retry_after: float | None = None) -> None:
        super().__init__("too_many", message, message_ru=message_ru)
        self.retry_after = retry_after


def retry_after(error: ClientError) -> dict[str, str]:
    """The ``Retry-After`` header of an HTTP answer refusing with ``error`` (whole seconds, at
    least one), or none when the error is no :class:`TooMany` with a known wait."""
    wait = error.retry_after if isinstance(error, TooMany) else None
    return {} if wait is None else {"Retry-After": str(max(1, math.ceil(wait)))}


def too_many(key: str, one: str, many: str, n: float,
             retry_after: float | None = None) -> ClientError:
    """A ``too_many`` refusal saying which limit (``n``) was met, in English and in Russian
    (``message_ru``, from the catalogue's ``limit.<key>`` with its plural forms; the pages
    show it on a Russian page); ``retry_after``: the seconds until the limit allows more."""

    def say(lang: str) -> str:
        # a fraction is "2.5 tables", «2,5 стола» (the form of one in Russian)
        form = int(n) if float(n).is_integer() else (1 if lang == "ru" else 2)
        return catalogue(lang).npgettext(f"limit.{key}", one, many, form).format(
            n=number(n, lang))

    return TooMany(say("en"), message_ru=say("ru"), retry_after=retry_after)


@dataclass(frozen=True)
class Limits:
    """The server's limits (defaults suit a server for friends and a club's event)."""

    #: Tables one client address may create a minute (in bursts of as many), and all together.
    tables_per_minute: float = 30.0
    tables_per_minute_total: float = 600.0
    #: WebSockets open at once from one client address, and in all.
    sockets_per_address: int = 64
    sockets_total: int = 2000
    #: WebSockets one client address may open a minute (in bursts of as many): each new one is
    #: sent the whole view and log, so a page reconnecting in a loop is bounded too.
    socket_opens_per_minute: float = 240.0
    #: Whole views (the full log) one connection may ask for again a minute (``lang``), in
    #: bursts of as many.
    full_resends_per_minute: float = 6.0
    #: Wall-clock seconds a bot may think per decision, whatever its iteration budget; a search
    #: bot over it plays its best move so far.
    bot_seconds: float = 10.0
    #: Worker processes for searching bots (0: one fewer than the machine's cores, at least 1).
    bot_workers: int = 0
    #: An event's exports, backups and printouts one login may ask for a minute (in bursts of
    #: as many): each replays or renders the whole event. Its other HTTP requests keep the
    #: message rate, as the tables' do.
    downloads_per_minute: float = 30.0


class Bucket:
    """A token bucket: ``rate`` a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def wait(self) -> float:
        """Seconds until the bucket holds a token again (0 when it holds one)."""
        now = time.monotonic()
        tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        return max(0.0, (1 - tokens) / self.rate) if self.rate > 0 else math.inf

    def full(self, now: float) -> bool:
        return self.tokens + (now - self.at) * self.rate >= self.burst


def take_resend(resends: Bucket | None) -> None:
    """Count one whole resend of a connection's view and log (a change of language, at a
    table or an event); ``too_many`` beyond its bound (:attr:`Limits.full_resends_per_minute`,
    None: unbounded)."""
    if resends is not None and not resends.take():
        raise ClientError("too_many", "the language can be changed a few times a minute; wait "
                          "a little", message_ru="язык можно менять лишь несколько раз в минуту; "
                          "подождите немного")


class Buckets:
    """One bucket per key (a client address, a seat), made on first use; buckets that have
    filled up again are forgotten once there are many, so the map stays bounded by the
    clients active lately."""

    PRUNE_AT = 4096

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self._buckets: dict[object, Bucket] = {}

    def take(self, key: object) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.PRUNE_AT:
                self._prune()
            bucket = self._buckets[key] = Bucket(self.rate, self.burst)
        return bucket.take()

    def wait(self, key: object) -> float:
        """Seconds until ``key``'s bucket holds a token again."""
        bucket = self._buckets.get(key)
        return 0.0 if bucket is None else bucket.wait()

    def _prune(self) -> None:
        now = time.monotonic()
        for key in [k for k, b in self._buckets.items() if b.full(now)]:
            del self._buckets[key]

    def __len__(self) -> int:
        return len(self._buckets)


class Gate:
    """The limits shared by every connection of one server."""

    def __init__(self, limits: Limits, http_rate: float) -> None:
        self.limits = limits
        per_minute = limits.tables_per_minute / 60.0
        total_per_minute = limits.tables_per_minute_total / 60.0
        self._tables = Buckets(per_minute, max(1.0, limits.tables_per_minute))
        self._tables_total = Bucket(total_per_minute, max(1.0, limits.tables_per_minute_total))
        #: HTTP requests that change or resend a table's state, per seat (or per address for
        #: spectators), at the WebSocket's message rate
        self._http = Buckets(http_rate, max(1.0, 2 * http_rate))
        self.http_rate = http_rate
        #: an event's downloads (exports, backups, printouts), per login
        self._downloads = Buckets(limits.downloads_per_minute / 60.0,
                                  max(1.0, limits.downloads_per_minute))
        self.sockets: dict[str, int] = {}
        self.sockets_open = 0
        opens = limits.socket_opens_per_minute
        self._opens = Buckets(opens / 60.0, max(1.0, opens))

    def create_table(self, address: str) -> None:
        """Count one table creation from ``address``; raises too_many beyond the limits."""
        if not self._tables.take(address):
            raise too_many("tables", "a client may create at most {n} table a minute; wait a "
                           "little", "a client may create at most {n} tables a minute; wait a "
                           "little", self.limits.tables_per_minute,
                           self._tables.wait(address))
        if not self._tables_total.take():
            raise too_many("tables_total", "the server creates at most {n} table a minute; "
                           "wait a little", "the server creates at most {n} tables a minute; "
                           "wait a little", self.limits.tables_per_minute_total,
                           self._tables_total.wait())

    def http(self, key: object) -> None:
        """Count one state-changing or state-resending HTTP request of ``key``."""
        if not self._http.take(key):
            raise too_many("http", "slow down: at most {n} request a second",
                           "slow down: at most {n} requests a second", self.http_rate,
                           self._http.wait(key))

    def download(self, key: object) -> None:
        """Count one of an event's exports, backups or printouts asked for by ``key`` (a
        login); raises too_many beyond :attr:`Limits.downloads_per_minute`."""
        if not self._downloads.take(key):
            raise too_many("downloads", "a login may download or print at most {n} document a "
                           "minute; wait a little", "a login may download or print at most "
                           "{n} documents a minute; wait a little",
                           self.limits.downloads_per_minute, self._downloads.wait(key))

    def open_socket(self, address: str) -> None:
        """Count one open WebSocket of ``address``; raises too_many beyond the limits (then
        nothing is counted). Pair with :meth:`close_socket`."""
        if self.sockets_open >= self.limits.sockets_total:
            raise too_many("sockets_total", "the server is full ({n} connection); try again "
                           "later", "the server is full ({n} connections); try again later",
                           self.limits.sockets_total)
        if self.sockets.get(address, 0) >= self.limits.sockets_per_address:
            raise too_many("sockets", "at most {n} connection from one address; close some "
                           "pages", "at most {n} connections from one address; close some "
                           "pages", self.limits.sockets_per_address)
        if not self._opens.take(address):
            raise too_many("socket_opens", "at most {n} new connection a minute from one "
                           "address; wait a little", "at most {n} new connections a minute "
                           "from one address; wait a little", self.limits.socket_opens_per_minute)
        self.sockets[address] = self.sockets.get(address, 0) + 1
        self.sockets_open += 1

    def close_socket(self, address: str) -> None:
        left = self.sockets.get(address, 0) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)
        self.sockets_open -= 1
