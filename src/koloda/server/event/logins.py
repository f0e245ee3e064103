"""Who is who at an event: a secret login per participant id and a public badge code.

- The **login** is a long secret (192 random bits, like a table's seat link), printed on the
  participant's envelope sheet as a QR code and kept out of sight. Whoever holds it acts as that
  participant (or master, doctor, NPC). It travels in the page's URL fragment and then in the
  first WebSocket message, or as ``Authorization: Bearer <login>`` on the HTTP API.
- The **badge** is a short public number (four digits, random, unique in the event) on a card
  the character carries. Scanning or typing someone's badge lets the scanner *name* them in an
  operation (challenge, attack, exchange, admit), never act as them.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from koloda.server.event.store import LoginRow
from koloda.server.room import new_token

__all__ = ["BADGE_DIGITS", "LoginRow", "new_badge", "new_logins", "new_token", "same_secret"]

#: Digits of a badge code: 9000 codes, enough for a few thousand people with random draws.
BADGE_DIGITS = 4


def new_badge(taken: set[str]) -> str:
    """A random badge code not in ``taken`` (no leading zero, so it reads as a number)."""
    if len(taken) >= 9 * 10 ** (BADGE_DIGITS - 1) // 2:
        raise ValueError("too many badges for four digits")
    while True:
        code = str(secrets.randbelow(9 * 10 ** (BADGE_DIGITS - 1)) + 10 ** (BADGE_DIGITS - 1))
        if code not in taken:
            return code


def new_logins(ids: Iterable[int], taken_badges: Iterable[str] = ()) -> list[LoginRow]:
    """Fresh logins (token and badge) for ``ids``."""
    taken = set(taken_badges)
    out = []
    for who in ids:
        badge = new_badge(taken)
        taken.add(badge)
        out.append(LoginRow(who=who, token=new_token(), badge=badge))
    return out


def same_secret(a: str, b: str) -> bool:
    """Constant-time comparison of two tokens."""
    return secrets.compare_digest(a.encode("utf-8", "surrogatepass"),
                                  b.encode("utf-8", "surrogatepass"))
