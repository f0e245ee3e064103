"""The event's operations as actions, and their text forms.

Every operation is applied from the seat of the participant doing it (see the package
docstring) and ends with the server's time in milliseconds, ``@T``. Participants are seat
numbers; cards are printed serials (``Б-0137``); duels ``d1``, exchanges ``x1``, shows ``s1``,
timers ``t1``; free text (names, reasons) is a JSON string in double quotes.

- ``issue P KEY… @T``
    master: print cards into P's deck (check-in)
- ``grant P KEY… @T``
    master: print cards for P during the game
- ``discard SERIAL… @T``
    a participant: own deck cards to the discard
- ``rest room @T`` / ``rest hospital P @T``
    a participant rests in their room / a doctor starts P's rest in the hospital
- ``rest_end [P] @T`` / ``rest_cancel [P] @T``
    the rester (or the hospital's doctor, for P)
- ``challenge P [LABEL] @T``
    a consent challenge to P (LABEL: duel, fistfight, brawl)
- ``accept dN @T`` / ``withdraw dN @T``
    P accepts / either side takes it back
- ``attack P [LABEL] @T``
    an attack on P: the duel starts at once
- ``result dN winner=P|- killed=P|- swap=TAKEN/GIVEN|- discard=S,…|- @T``
    the server, from a duellist's seat, with a phone duel's outcome (``result_of``)
- ``paper P consent|attack [LABEL] winner=… killed=… swap=… discard=… @T``
    one side records a duel fought on paper
- ``confirm dN @T``
    the other side (or a master) confirms it
- ``near_death P "CAUSE" @T``
    a master or doctor: near death by another cause
- ``admit P @T`` / ``saved P @T`` / ``died P @T``
    the doctor (saved/died: by ``outcome_by``)
- ``treat P @T``
    the doctor, when chance decides (outcome_by)
- ``note P "TEXT" @T``
    a doctor or master: a note on patient P (seen by doctors and masters only)
- ``surrender SERIAL @T``
    the survivor gives a card up (or a master, once the choosing time ran out)
- ``received SERIAL @T``
    a master: the card was handed in
- ``offer P SERIAL… @T``
    an equal exchange: my cards for as many of P's
- ``accept xN SERIAL… @T`` / ``accept xN @T``
    P answers with its cards / the offerer confirms the exact lists
- ``withdraw xN @T``
    either side, until done
- ``gift P SERIAL… @T``
    an NPC gives cards beyond the limit
- ``take P [KEY] @T``
    an NPC takes a card (by ``npc_take``)
- ``autoloss dN [KEY] @T`` / ``spare dN @T``
    an NPC with its own rules rules on a duel against it: automatic loss with a card taken / no
    effect
- ``show P deck|discard|both until=T2 @T``
    show own piles to P until T2
- ``withdraw sN @T``
    stop showing
- ``correct SERIAL P deck|discard "REASON" @T``
    a master moves a card (reason required)
- ``correct SERIAL pool|retired "REASON" @T``
    the same, to the masters' pool or out of the game
- ``revive P "REASON" @T``
    a master undoes a death / a next role
- ``void dN "REASON" @T``
    a master cancels a duel with no effect
- ``reprint SERIAL "REASON" @T``
    a master: a new serial, the old one retired
- ``enroll ROLE "NAME" ["TEAM"] [own_rules] @T``
    a master fills the next vacant seat
- ``expire tN [late] @T``
    the server's clock, stamped with the deadline
- ``close @T``
    a master ends the event

>>> a = parse_action('correct Б-0137 3 deck "найдена на поляне" @61000')
>>> a.card, a.owner, a.reason, a.at
('Б-0137', 3, 'найдена на поляне', 61000)
>>> parse_action(str(a)) == a
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from koloda.engine import Action, ActionSyntaxError
from koloda.games.event.model import LABELS, Outcome, Pile, Role

SERIAL = re.compile(r"^[А-ЯЁ]-\d{4}$")
KEY = re.compile(r"^[a-z][a-z0-9_]*$")
_REF = re.compile(r"^([dxst])([1-9]\d*)$")
MAX_TIME = 2**53


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


class _Reader:
    """The tokens of one action's text (words, and JSON strings in double quotes)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.items: list[tuple[bool, str]] = []  # (quoted, value)
        i, n = 0, len(text)
        decoder = json.JSONDecoder()
        while i < n:
            if text[i] == " ":
                i += 1
                continue
            if text[i] == '"':
                try:
                    value, end = decoder.raw_decode(text, i)
                except json.JSONDecodeError:
                    raise self.error("an unterminated quoted text") from None
                if not isinstance(value, str) or (end < n and text[end] != " "):
                    raise self.error("a malformed quoted text")
                self.items.append((True, value))
                i = end
                continue
            j = text.find(" ", i)
            j = n if j < 0 else j
            self.items.append((False, text[i:j]))
            i = j
        self.pos = 0

    def error(self, what: str) -> ActionSyntaxError:
        return ActionSyntaxError(f"{self.text!r}: {what}")

    def more(self) -> bool:
        return self.pos < len(self.items)

    def peek(self) -> str | None:
        if not self.more() or self.items[self.pos][0]:
            return None
        return self.items[self.pos][1]

    def word(self, what: str = "a word") -> str:
        if not self.more() or self.items[self.pos][0]:
            raise self.error(f"expected {what}")
        self.pos += 1
        return self.items[self.pos - 1][1]

    def choice(self, choices: tuple[str, ...]) -> str:
        w = self.word(" or ".join(choices))
        if w not in choices:
            raise self.error(f"expected {' or '.join(choices)}, got {w!r}")
        return w

    def optional(self, choices: tuple[str, ...]) -> str | None:
        w = self.peek()
        if w is not None and w in choices:
            self.pos += 1
            return w
        return None

    def seat(self) -> int:
        w = self.word("a participant number")
        if not w.isdigit() or (len(w) > 1 and w[0] == "0") or len(w) > 6:
            raise self.error(f"expected a participant number, got {w!r}")
        return int(w)

    def ref(self, prefixes: str) -> str:
        w = self.word("an id")
        m = _REF.match(w)
        if m is None or m.group(1) not in prefixes:
            raise self.error(f"expected an id ({', '.join(p + 'N' for p in prefixes)}), "
                             f"got {w!r}")
        return w

    def serial(self) -> str:
        w = self.word("a card serial")
        if not SERIAL.match(w):
            raise self.error(f"expected a card serial like Б-0137, got {w!r}")
        return w

    def serials(self) -> tuple[str, ...]:
        out = [self.serial()]
        while (w := self.peek()) is not None and SERIAL.match(w):
            out.append(self.serial())
        return tuple(out)

    def key(self) -> str:
        w = self.word("a card key")
        if not KEY.match(w):
            raise self.error(f"expected a card key like rapier_thrust, got {w!r}")
        return w

    def keys(self) -> tuple[str, ...]:
        out = [self.key()]
        while (w := self.peek()) is not None and KEY.match(w):
            out.append(self.key())
        return tuple(out)

    def optional_key(self) -> str | None:
        w = self.peek()
        if w is not None and KEY.match(w) and not w.startswith("@"):
            return self.key()
        return None

    def quoted(self, what: str) -> str:
        if not self.more() or not self.items[self.pos][0]:
            raise self.error(f"expected {what} in double quotes")
        self.pos += 1
        return self.items[self.pos - 1][1]

    def optional_quoted(self) -> str | None:
        if self.more() and self.items[self.pos][0]:
            self.pos += 1
            return self.items[self.pos - 1][1]
        return None

    def named(self, name: str) -> str:
        w = self.word(f"{name}=…")
        if not w.startswith(name + "="):
            raise self.error(f"expected {name}=…, got {w!r}")
        return w[len(name) + 1:]

    def time(self) -> int:
        w = self.word("the time @MS")
        if not w.startswith("@") or not w[1:].isdigit() or (len(w) > 2 and w[1] == "0"):
            raise self.error(f"expected the server time as @MILLISECONDS, got {w!r}")
        t = int(w[1:])
        if t >= MAX_TIME:
            raise self.error("the time is out of range")
        if self.more():
            raise self.error("unexpected text after the time")
        return t


def _outcome_text(o: Outcome) -> str:
    def who(p: int | None) -> str:
        return "-" if p is None else str(p)

    swap = "-" if o.swap is None else f"{o.swap[0]}/{o.swap[1]}"
    discard = ",".join(o.discard) if o.discard else "-"
    return f"winner={who(o.winner)} killed={who(o.killed)} swap={swap} discard={discard}"


def _read_outcome(r: _Reader) -> Outcome:
    def who(text: str) -> int | None:
        if text == "-":
            return None
        if not text.isdigit() or (len(text) > 1 and text[0] == "0") or len(text) > 6:
            raise r.error(f"expected a participant number or -, got {text!r}")
        return int(text)

    winner, killed = who(r.named("winner")), who(r.named("killed"))
    swap_text = r.named("swap")
    swap: tuple[str, str] | None = None
    if swap_text != "-":
        parts = swap_text.split("/")
        if len(parts) != 2 or not all(SERIAL.match(p) for p in parts):
            raise r.error(f"expected swap=TAKEN/GIVEN (two serials) or swap=-, got {swap_text!r}")
        swap = (parts[0], parts[1])
    discard_text = r.named("discard")
    discard: tuple[str, ...] = ()
    if discard_text != "-":
        discard = tuple(discard_text.split(","))
        if not all(SERIAL.match(s) for s in discard):
            raise r.error(f"expected discard=SERIAL,SERIAL… or discard=-, got {discard_text!r}")
    return Outcome(winner=winner, killed=killed, swap=swap, discard=discard)


@dataclass(frozen=True)
class Op(Action):
    """Base of every operation: ``at`` is the server's time in milliseconds."""

    VERB: ClassVar[str] = ""
    at: int = field(kw_only=True)

    def args(self) -> list[str]:
        return []

    def __str__(self) -> str:
        return " ".join([self.VERB, *self.args(), f"@{self.at}"])


# --- masters: cards in and out of the game ----------------------------------------------------


@dataclass(frozen=True)
class Issue(Op):
    """Print cards of catalogue ``keys`` into ``to``'s deck at check-in (E3, ED1, ED21)."""

    VERB: ClassVar[str] = "issue"
    to: int
    keys: tuple[str, ...]

    def args(self) -> list[str]:
        return [str(self.to), *self.keys]


@dataclass(frozen=True)
class Grant(Op):
    """Print cards for ``to`` during the game (ED1: into ``master_grant_to``)."""

    VERB: ClassVar[str] = "grant"
    to: int
    keys: tuple[str, ...]

    def args(self) -> list[str]:
        return [str(self.to), *self.keys]


@dataclass(frozen=True)
class Correct(Op):
    """A master's correction: move ``card`` to ``owner``'s ``pile`` (deck, discard) or to the
    pool or retired (``owner`` None), with a mandatory reason."""

    VERB: ClassVar[str] = "correct"
    card: str
    owner: int | None
    pile: Pile
    reason: str

    def args(self) -> list[str]:
        who = [] if self.owner is None else [str(self.owner)]
        return [self.card, *who, self.pile.value, _quote(self.reason)]


@dataclass(frozen=True)
class Reprint(Op):
    """A lost or damaged card gets a new serial in its place; the old one is retired."""

    VERB: ClassVar[str] = "reprint"
    card: str
    reason: str

    def args(self) -> list[str]:
        return [self.card, _quote(self.reason)]


@dataclass(frozen=True)
class Enroll(Op):
    """Fill the next vacant seat with a new participant."""

    VERB: ClassVar[str] = "enroll"
    role: Role
    name: str
    team: str = ""
    own_rules: bool = False

    def args(self) -> list[str]:
        out = [self.role.value, _quote(self.name)]
        if self.team:
            out.append(_quote(self.team))
        if self.own_rules:
            out.append("own_rules")
        return out


@dataclass(frozen=True)
class Revive(Op):
    """A master undoes a death (ED7) or brings the player back for a next role (ED11)."""

    VERB: ClassVar[str] = "revive"
    who: int
    reason: str

    def args(self) -> list[str]:
        return [str(self.who), _quote(self.reason)]


@dataclass(frozen=True)
class Void(Op):
    """A master cancels a duel (or a challenge, or a paper record) with no effect."""

    VERB: ClassVar[str] = "void"
    duel: str
    reason: str

    def args(self) -> list[str]:
        return [self.duel, _quote(self.reason)]


@dataclass(frozen=True)
class Received(Op):
    """A master confirms a surrendered card was handed in: it joins the masters' pool."""

    VERB: ClassVar[str] = "received"
    card: str

    def args(self) -> list[str]:
        return [self.card]


@dataclass(frozen=True)
class Close(Op):
    """A master ends the event."""

    VERB: ClassVar[str] = "close"


# --- a participant's own cards ------------------------------------------------------------


@dataclass(frozen=True)
class Discard(Op):
    """Put deck cards into the discard (E10)."""

    VERB: ClassVar[str] = "discard"
    cards: tuple[str, ...]

    def args(self) -> list[str]:
        return list(self.cards)


@dataclass(frozen=True)
class RestStart(Op):
    """Start a rest: in one's room (``patient`` None), or, from a doctor's seat, the
    ``patient``'s rest in the hospital (E13, E14)."""

    VERB: ClassVar[str] = "rest"
    place: str
    patient: int | None = None

    def args(self) -> list[str]:
        return [self.place] if self.patient is None else [self.place, str(self.patient)]


@dataclass(frozen=True)
class RestEnd(Op):
    """End one's rest after the minimum time (all the discard back to the deck, E12); from a
    doctor's seat, ``patient``'s hospital rest."""

    VERB: ClassVar[str] = "rest_end"
    patient: int | None = None

    def args(self) -> list[str]:
        return [] if self.patient is None else [str(self.patient)]


@dataclass(frozen=True)
class RestCancel(Op):
    """Stop a rest early: nothing comes back (a doctor withdrawing consent, ED5)."""

    VERB: ClassVar[str] = "rest_cancel"
    patient: int | None = None

    def args(self) -> list[str]:
        return [] if self.patient is None else [str(self.patient)]


@dataclass(frozen=True)
class ShowCards(Op):
    """Show own ``piles`` to ``to`` until ``until`` (E38, ED18)."""

    VERB: ClassVar[str] = "show"
    to: int
    piles: str  # deck | discard | both
    until: int

    def args(self) -> list[str]:
        return [str(self.to), self.piles, f"until={self.until}"]


@dataclass(frozen=True)
class Surrender(Op):
    """Give ``card`` up (after near death, to the masters; or to the NPC who took one)."""

    VERB: ClassVar[str] = "surrender"
    card: str

    def args(self) -> list[str]:
        return [self.card]


# --- duels --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Challenge(Op):
    """Challenge ``to`` to a duel by consent (E25)."""

    VERB: ClassVar[str] = "challenge"
    to: int
    label: str = "duel"

    def args(self) -> list[str]:
        return [str(self.to)] if self.label == "duel" else [str(self.to), self.label]


@dataclass(frozen=True)
class Attack(Op):
    """Attack ``to``: the duel starts at the declaration (E26, E33, ED13)."""

    VERB: ClassVar[str] = "attack"
    to: int
    label: str = "duel"

    def args(self) -> list[str]:
        return [str(self.to)] if self.label == "duel" else [str(self.to), self.label]


@dataclass(frozen=True)
class Accept(Op):
    """Accept a challenge (``ref`` dN), or answer or confirm an exchange (``ref`` xN, with
    one's own cards when answering)."""

    VERB: ClassVar[str] = "accept"
    ref: str
    cards: tuple[str, ...] = ()

    def args(self) -> list[str]:
        return [self.ref, *self.cards]


@dataclass(frozen=True)
class Withdraw(Op):
    """Take back a challenge or a paper record (dN), an exchange (xN), a show (sN)."""

    VERB: ClassVar[str] = "withdraw"
    ref: str

    def args(self) -> list[str]:
        return [self.ref]


@dataclass(frozen=True)
class DuelResult(Op):
    """A running duel's end, from the duel table (``EventState.result_of``) or as the
    duellists report it (E29)."""

    VERB: ClassVar[str] = "result"
    duel: str
    outcome: Outcome

    def args(self) -> list[str]:
        return [self.duel, _outcome_text(self.outcome)]


@dataclass(frozen=True)
class PaperDuel(Op):
    """Record a duel fought on paper with ``to``; it counts once ``to`` (or a master)
    confirms."""

    VERB: ClassVar[str] = "paper"
    to: int
    kind: str  # consent | attack
    outcome: Outcome
    label: str = "duel"

    def args(self) -> list[str]:
        label = [] if self.label == "duel" else [self.label]
        return [str(self.to), self.kind, *label, _outcome_text(self.outcome)]


@dataclass(frozen=True)
class Confirm(Op):
    """Confirm a paper duel recorded by the other side."""

    VERB: ClassVar[str] = "confirm"
    duel: str

    def args(self) -> list[str]:
        return [self.duel]


# --- wounds and the hospital --------------------------------------------------------------


@dataclass(frozen=True)
class NearDeath(Op):
    """Near death by another cause than a duel (ED10), from a master's or doctor's seat."""

    VERB: ClassVar[str] = "near_death"
    who: int
    cause: str

    def args(self) -> list[str]:
        return [str(self.who), _quote(self.cause)]


@dataclass(frozen=True)
class Admit(Op):
    """A doctor takes a gravely wounded patient in before the deadline (E20)."""

    VERB: ClassVar[str] = "admit"
    who: int

    def args(self) -> list[str]:
        return [str(self.who)]


@dataclass(frozen=True)
class Saved(Op):
    """The patient lives (E21, E22)."""

    VERB: ClassVar[str] = "saved"
    who: int

    def args(self) -> list[str]:
        return [str(self.who)]


@dataclass(frozen=True)
class Died(Op):
    """The patient dies (E21, E23)."""

    VERB: ClassVar[str] = "died"
    who: int

    def args(self) -> list[str]:
        return [str(self.who)]


@dataclass(frozen=True)
class Treat(Op):
    """With ``outcome_by=chance``: the doctor treats, and chance decides."""

    VERB: ClassVar[str] = "treat"
    who: int

    def args(self) -> list[str]:
        return [str(self.who)]


@dataclass(frozen=True)
class Note(Op):
    """A doctor's or master's note on ``who`` (a fee, a treatment; S36, ED23), seen by the
    doctors and masters only."""

    VERB: ClassVar[str] = "note"
    who: int
    text: str

    def args(self) -> list[str]:
        return [str(self.who), _quote(self.text)]


# --- exchanges and game-technical characters ------------------------------------------------


@dataclass(frozen=True)
class Offer(Op):
    """Offer ``cards`` to ``to`` for as many of ``to``'s cards (E32)."""

    VERB: ClassVar[str] = "offer"
    to: int
    cards: tuple[str, ...]

    def args(self) -> list[str]:
        return [str(self.to), *self.cards]


@dataclass(frozen=True)
class Gift(Op):
    """An NPC gives ``cards`` to ``to`` beyond the limit (E34)."""

    VERB: ClassVar[str] = "gift"
    to: int
    cards: tuple[str, ...]

    def args(self) -> list[str]:
        return [str(self.to), *self.cards]


@dataclass(frozen=True)
class Take(Op):
    """An NPC takes a card from ``frm`` (E36, ED15); ``key`` names the kind with
    ``npc_take=npc_names``."""

    VERB: ClassVar[str] = "take"
    frm: int
    key: str | None = None

    def args(self) -> list[str]:
        return [str(self.frm)] if self.key is None else [str(self.frm), self.key]


@dataclass(frozen=True)
class AutoLoss(Op):
    """An NPC with its own rules: the duel against it is an automatic loss for the other
    side, with a card taken and no swap (E31)."""

    VERB: ClassVar[str] = "autoloss"
    duel: str
    key: str | None = None

    def args(self) -> list[str]:
        return [self.duel] if self.key is None else [self.duel, self.key]


@dataclass(frozen=True)
class Spare(Op):
    """An NPC with its own rules: the duel against it has no effect (ED16)."""

    VERB: ClassVar[str] = "spare"
    duel: str

    def args(self) -> list[str]:
        return [self.duel]


# --- the clock ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Expire(Op):
    """A timer's deadline: applied by the server stamped with the deadline itself; ``late``
    when it fired after the server was down."""

    VERB: ClassVar[str] = "expire"
    timer: str
    late: bool = False

    def args(self) -> list[str]:
        return [self.timer, "late"] if self.late else [self.timer]


# --- parsing ------------------------------------------------------------------------------


def _p_issue(r: _Reader) -> dict[str, object]:
    return {"to": r.seat(), "keys": r.keys()}


def _p_correct(r: _Reader) -> dict[str, object]:
    card = r.serial()
    w = r.peek()
    owner = r.seat() if w is not None and w.isdigit() else None
    if owner is None:
        pile = Pile(r.choice((Pile.POOL.value, Pile.RETIRED.value)))
    else:
        pile = Pile(r.choice((Pile.DECK.value, Pile.DISCARD.value)))
    return {"card": card, "owner": owner, "pile": pile, "reason": r.quoted("the reason")}


def _p_enroll(r: _Reader) -> dict[str, object]:
    role = Role(r.choice(tuple(x.value for x in Role)))
    name = r.quoted("the name")
    team = r.optional_quoted() or ""
    own = r.optional(("own_rules",)) is not None
    return {"role": role, "name": name, "team": team, "own_rules": own}


def _p_rest(r: _Reader) -> dict[str, object]:
    place = r.choice(("room", "hospital"))
    return {"place": place, "patient": r.seat() if place == "hospital" else None}


def _p_patient(r: _Reader) -> dict[str, object]:
    w = r.peek()
    return {"patient": r.seat() if w is not None and not w.startswith("@") else None}


def _p_show(r: _Reader) -> dict[str, object]:
    to = r.seat()
    piles = r.choice(("deck", "discard", "both"))
    until = r.named("until")
    if not until.isdigit() or (len(until) > 1 and until[0] == "0") or int(until) >= MAX_TIME:
        raise r.error(f"expected until=MILLISECONDS, got until={until!r}")
    return {"to": to, "piles": piles, "until": int(until)}


def _p_fight(r: _Reader) -> dict[str, object]:
    to = r.seat()
    label = r.optional(LABELS) or "duel"
    return {"to": to, "label": label}


def _p_accept(r: _Reader) -> dict[str, object]:
    ref = r.ref("dx")
    cards: tuple[str, ...] = ()
    w = r.peek()
    if ref[0] == "x" and w is not None and SERIAL.match(w):
        cards = r.serials()
    return {"ref": ref, "cards": cards}


def _p_paper(r: _Reader) -> dict[str, object]:
    to = r.seat()
    kind = r.choice(("consent", "attack"))
    label = r.optional(LABELS) or "duel"
    return {"to": to, "kind": kind, "label": label, "outcome": _read_outcome(r)}


def _p_reason(name: str, ref: str | None) -> Callable[[_Reader], dict[str, object]]:
    def parse(r: _Reader) -> dict[str, object]:
        value: object = r.seat() if ref is None else r.ref(ref)
        return {name: value, "reason": r.quoted("the reason")}

    return parse


def _p_take(r: _Reader) -> dict[str, object]:
    return {"frm": r.seat(), "key": r.optional_key()}


def _p_autoloss(r: _Reader) -> dict[str, object]:
    return {"duel": r.ref("d"), "key": r.optional_key()}


_PARSERS: dict[str, tuple[type[Op], Callable[[_Reader], dict[str, object]]]] = {
    "issue": (Issue, _p_issue),
    "grant": (Grant, _p_issue),
    "correct": (Correct, _p_correct),
    "reprint": (Reprint, lambda r: {"card": r.serial(), "reason": r.quoted("the reason")}),
    "enroll": (Enroll, _p_enroll),
    "revive": (Revive, _p_reason("who", None)),
    "void": (Void, _p_reason("duel", "d")),
    "received": (Received, lambda r: {"card": r.serial()}),
    "close": (Close, lambda r: {}),
    "discard": (Discard, lambda r: {"cards": r.serials()}),
    "rest": (RestStart, _p_rest),
    "rest_end": (RestEnd, _p_patient),
    "rest_cancel": (RestCancel, _p_patient),
    "show": (ShowCards, _p_show),
    "surrender": (Surrender, lambda r: {"card": r.serial()}),
    "challenge": (Challenge, _p_fight),
    "attack": (Attack, _p_fight),
    "accept": (Accept, _p_accept),
    "withdraw": (Withdraw, lambda r: {"ref": r.ref("dxs")}),
    "result": (DuelResult, lambda r: {"duel": r.ref("d"), "outcome": _read_outcome(r)}),
    "paper": (PaperDuel, _p_paper),
    "confirm": (Confirm, lambda r: {"duel": r.ref("d")}),
    "near_death": (NearDeath, lambda r: {"who": r.seat(), "cause": r.quoted("the cause")}),
    "admit": (Admit, lambda r: {"who": r.seat()}),
    "saved": (Saved, lambda r: {"who": r.seat()}),
    "died": (Died, lambda r: {"who": r.seat()}),
    "treat": (Treat, lambda r: {"who": r.seat()}),
    "note": (Note, lambda r: {"who": r.seat(), "text": r.quoted("the note")}),
    "offer": (Offer, lambda r: {"to": r.seat(), "cards": r.serials()}),
    "gift": (Gift, lambda r: {"to": r.seat(), "cards": r.serials()}),
    "take": (Take, _p_take),
    "autoloss": (AutoLoss, _p_autoloss),
    "spare": (Spare, lambda r: {"duel": r.ref("d")}),
    "expire": (Expire, lambda r: {"timer": r.ref("t"), "late": r.optional(("late",)) is not None}),
}

#: Every verb, in the table's order.
VERBS = tuple(_PARSERS)


def parse_action(text: str) -> Op:
    """The operation whose text form is ``text``; raises ActionSyntaxError saying what is
    wrong.

    >>> parse_action("discard Б-0137 Г-2231 @5000")
    Discard(at=5000, cards=('Б-0137', 'Г-2231'))
    >>> parse_action("discard @5000")
    Traceback (most recent call last):
    ...
    koloda.engine.errors.ActionSyntaxError: 'discard @5000': expected a card serial ...
    """
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is a text, not {type(text).__name__}")
    r = _Reader(text.strip())
    verb = r.word("an operation")
    entry = _PARSERS.get(verb)
    if entry is None:
        raise ActionSyntaxError(f"{text!r}: unknown operation {verb!r}; known: "
                                + ", ".join(VERBS))
    cls, parse = entry
    fields = parse(r)
    at = r.time()
    return cls(at=at, **fields)
