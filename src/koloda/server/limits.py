"""What one client, and all clients together, may ask of the server.

Every limit is a setting of :class:`Limits` (``koloda serve`` options, docs/server.md); a
request beyond one is refused with ``too_many`` (HTTP 429, WebSocket close code 4429) and a
message saying which limit it met, and nothing changes.

A *client address* is the peer address of the connection. Behind a reverse proxy every client
has the proxy's address: raise the per-address limits there, or let the proxy limit.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from koloda.server.errors import ClientError


@dataclass(frozen=True)
class Limits:
    """The server's limits (defaults suit a server for friends and a club's event)."""

    #: Tables one client address may create a minute (in bursts of as many), and all together.
    tables_per_minute: float = 30.0
    tables_per_minute_total: float = 600.0
    #: WebSockets open at once from one client address, and in all.
    sockets_per_address: int = 64
    sockets_total: int = 2000
    #: Whole views (the full log) one connection may ask for again a minute (``lang``), in
    #: bursts of as many.
    full_resends_per_minute: float = 6.0
    #: Wall-clock seconds a bot may think per decision, whatever its iteration budget; a search
    #: bot over it plays its best move so far.
    bot_seconds: float = 10.0
    #: Worker processes for searching bots (0: one fewer than the machine's cores, at least 1).
    bot_workers: int = 0


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

    def full(self, now: float) -> bool:
        return self.tokens + (now - self.at) * self.rate >= self.burst


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
        self.sockets: dict[str, int] = {}
        self.sockets_open = 0

    def create_table(self, address: str) -> None:
        """Count one table creation from ``address``; raises too_many beyond the limits."""
        if not self._tables.take(address):
            raise ClientError(
                "too_many", f"a client may create at most {self.limits.tables_per_minute:g} "
                "tables a minute; wait a little"
            )
        if not self._tables_total.take():
            raise ClientError(
                "too_many", "the server creates at most "
                f"{self.limits.tables_per_minute_total:g} tables a minute; wait a little"
            )

    def http(self, key: object) -> None:
        """Count one state-changing or state-resending HTTP request of ``key``."""
        if not self._http.take(key):
            raise ClientError(
                "too_many", f"slow down: at most {self.http_rate:g} requests a second"
            )

    def open_socket(self, address: str) -> None:
        """Count one open WebSocket of ``address``; raises too_many beyond the limits (then
        nothing is counted). Pair with :meth:`close_socket`."""
        if self.sockets_open >= self.limits.sockets_total:
            raise ClientError(
                "too_many", f"the server is full ({self.limits.sockets_total} connections); "
                "try again later"
            )
        if self.sockets.get(address, 0) >= self.limits.sockets_per_address:
            raise ClientError(
                "too_many", f"at most {self.limits.sockets_per_address} connections from one "
                "address; close some pages"
            )
        self.sockets[address] = self.sockets.get(address, 0) + 1
        self.sockets_open += 1

    def close_socket(self, address: str) -> None:
        left = self.sockets.get(address, 0) - 1
        if left > 0:
            self.sockets[address] = left
        else:
            self.sockets.pop(address, None)
        self.sockets_open -= 1
