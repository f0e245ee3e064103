"""Why an operation is refused: every rule of the event that software enforces, as a check
returning a :class:`Why` (the rule's code, English, Russian) or None.

The checks read the state and change nothing. Rules are named by the design's numbers (E#
for the seed's rules, ED# for the project's decisions; ``docs/rules/event.md`` quotes them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from koloda.games.duel.setup import can_attack
from koloda.games.event import actions as a
from koloda.games.event.model import NOTE_MAX, DuelStage, Health, Outcome, Person, Pile, Role
from koloda.games.event.options import CHANCE, DECK, DOCTOR, MASTER, NPC_NAMES, PLAYER_CHOOSES
from koloda.games.event.refusals import Why

if TYPE_CHECKING:
    from koloda.games.event.state import EventState

Check = Callable[["EventState", Person, Any], Why | None]


def why(st: EventState, seat: Any, op: Any) -> Why | None:
    """Why ``seat`` may not apply ``op`` now, or None when it may."""
    if not isinstance(op, a.Op):
        return Why("grammar", "not an operation of the event", "это не операция игры")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.players:
        return Why("seats", f"there is no seat {seat!r} at this event",
                   f"места {seat!r} на этой игре нет")
    p = st.person(seat)
    if p is None:
        return Why("seats", f"seat {seat} is vacant: a master enrolls someone first",
                   f"место {seat} свободно: сначала мастер записывает участника")
    if st.closed:
        return Why("close", "the event is over", "игра окончена")
    if op.at < st.now:
        return Why("time", f"time cannot go backwards: the last operation was at "
                   f"{clock(st, st.now)}", f"время не идёт назад: последняя операция была в "
                   f"{clock(st, st.now)}")
    if isinstance(op, a.Expire):
        return _expire(st, p, op)
    if op.at == st.now and st.history:
        return Why("time", "every operation is stamped later than the last one "
                   f"({clock(st, st.now)})", "каждая операция должна быть позже предыдущей "
                   f"({clock(st, st.now)})")
    first = st.earliest()
    if first and op.at >= first[0].at:
        t = first[0]
        en, ru = TIMER_WORDS[t.kind.value]
        return Why("timers", f"the {en} of {_name(st, t.seat)} ends at {clock(st, t.at)}: "
                   f"that comes first ({t.id})", f"{ru} ({_name(st, t.seat)}) истекает в "
                   f"{clock(st, t.at)}: сначала это ({t.id})")
    if p.health != Health.ALIVE:
        return _able(p, you=True)
    check = _CHECKS.get(type(op))
    assert check is not None, type(op)
    return check(st, p, op)


# --- shared conditions -------------------------------------------------------------------------


#: Timer kinds in words (English, Russian nominative).
TIMER_WORDS = {"rest": ("rest", "отдых"), "wound": ("grave wound", "тяжёлое ранение"),
               "loss": ("time to choose the card", "время выбора карты"),
               "show": ("showing of cards", "показ карт"),
               "duel_soft": ("duel's two minutes", "две минуты дуэли"),
               "duel_flag": ("duel's time for the masters", "срок дуэли для мастеров")}


def clock(st: EventState, ms: int) -> str:
    """A server time as a clock time, ``14:32:05``, in the event's time zone
    (``utc_offset_min``)."""
    seconds = (ms // 1000 + st.options.utc_offset_min * 60) % 86_400
    return f"{seconds // 3600:02d}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def _name(st: EventState, seat: int) -> str:
    p = st.person(seat)
    return p.name if p is not None else str(seat)


def _who(st: EventState, seat: int) -> Person | Why:
    q = st.person(seat)
    if q is None:
        return Why("seats", f"there is no participant {seat}", f"участника {seat} нет")
    return q


def _holder(p: Person) -> Why | None:
    if not p.holds_cards:
        return Why("roles", "masters hold no cards and do not duel",
                   "у мастеров нет карт, они не участвуют в дуэлях")
    return None


def _able(p: Person, *, you: bool) -> Why | None:
    """Alive and not gravely wounded (ED6)."""
    if p.health == Health.DEAD:
        return (Why("E23", "the dead cannot act", "мёртвые ничего не делают") if you else
                Why("E23", f"{p.name} is dead", f"участник «{p.name}» мёртв"))
    if p.health != Health.ALIVE:
        return (Why("ED6", "a gravely wounded participant can neither move nor speak: nothing "
                    "can be done", "тяжело раненый не может двигаться и говорить: ничего нельзя "
                    "сделать") if you else
                Why("ED6", f"{p.name} is gravely wounded", f"участник «{p.name}» тяжело "
                    "ранен"))
    return None


def _free(st: EventState, p: Person, *, you: bool, rule: str = "E10") -> Why | None:
    """Able, not locked by a running duel, not owing a card."""
    w = _holder(p) or _able(p, you=you)
    if w is not None:
        return w
    if p.duel is not None:
        return (Why(rule, f"you are in a duel ({p.duel}) or under attack",
                    f"вы участвуете в дуэли ({p.duel}) или на вас напали") if you else
                Why(rule, f"{p.name} is in a duel or under attack",
                    f"участник «{p.name}» в дуэли или на него напали"))
    if p.debts:
        return (Why("ED9", "first give up the card you owe", "сначала отдайте карту, которую "
                    "должны") if you else
                Why("ED9", f"{p.name} must first give up a card", f"участник «{p.name}» "
                    "сначала должен отдать карту"))
    return None


def _own_deck(st: EventState, p: Person, cards: tuple[str, ...]) -> Why | None:
    """Every card is one of ``p``'s deck cards, each named once (E7, E8)."""
    if len(set(cards)) != len(cards):
        return Why("grammar", "a card is named twice", "карта названа дважды")
    for s in cards:
        c = st.cards.get(s)
        if c is None:
            return Why("ledger", f"there is no card {s}", f"карты {s} нет")
        if c.owner != p.id:
            return Why("ledger", f"{s} is not your card", f"{s} — не ваша карта")
        if c.pile == Pile.DISCARD:
            return Why("E8", f"{s} is in your discard: cards in the discard cannot be used in any "
                       "way", f"{s} в вашем сбросе: карты в сбросе нельзя никак использовать")
        if c.pile != Pile.DECK:
            return Why("ledger", f"{s} is not in your deck", f"{s} не в вашей колоде")
    return None


def _role(p: Person, role: Role, en: str, ru: str) -> Why | None:
    if p.role != role:
        return Why("roles", en, ru)
    return None


def _master(p: Person) -> Why | None:
    return _role(p, Role.MASTER, "only a master may do this", "это может только мастер")


def _reason(text: str) -> Why | None:
    if not text.strip():
        return Why("ED-log", "a master's correction needs a reason", "нужна причина исправления")
    return None


def _keys(st: EventState, keys: tuple[str, ...]) -> Why | None:
    for k in keys:
        if k not in st.catalogue:
            return Why("catalogue", f"there is no card {k!r} in this event's catalogue",
                       f"карты {k!r} нет в наборе этой игры")
    return None


def _target(st: EventState, p: Person, seat: int) -> Person | Why:
    q = _who(st, seat)
    if isinstance(q, Why):
        return q
    if q.id == p.id:
        return Why("grammar", "that is yourself", "это вы сами")
    return q


# --- masters ------------------------------------------------------------------------------------


def _issue(st: EventState, p: Person, op: a.Issue) -> Why | None:
    q = _who(st, op.to)
    if isinstance(q, Why):
        return q
    return _master(p) or issue_problem(st, q, op.keys)


def issue_problem(st: EventState, q: Person, keys: tuple[str, ...]) -> Why | None:
    """Why ``keys`` cannot be issued to ``q`` at check-in: E3/ED21's bounds (ED3: items
    counted or not; an NPC's stock has none), and ED1 (issue is the first cards only)."""
    w = _holder(q) or _keys(st, keys) or _able(q, you=False)
    if w is not None:
        return w
    if st.total(q.id) or q.limit:
        return Why("ED1", f"{q.name} already holds cards: during the game a master "
                   "grants cards instead", f"у участника «{q.name}» уже есть карты: во время игры "
                   "мастер выдаёт карты операцией grant")
    if q.role == Role.NPC:
        return None
    counted = [k for k in keys if st.options.issue_counts_items or not st.catalogue[k].is_item]
    lo, hi = st.options.deck_min, st.options.deck_max
    if not lo <= len(counted) <= hi:
        n = len(counted)
        what = ("card" if st.options.issue_counts_items else "battle card") + \
            ("" if n == 1 else "s")
        what_ru = _ru_cards(n, battle=not st.options.issue_counts_items)
        return Why("E3", f"{n} {what}: a participant is issued from {lo} to {hi}",
                   f"{n} {what_ru}: участнику выдаётся от {lo} до {hi}")
    return None


def _ru_cards(n: int, *, battle: bool) -> str:
    """«карта», «карты» or «карт» (and «боевая», «боевые», «боевых») as the number ``n`` asks.

    >>> _ru_cards(1, battle=True), _ru_cards(4, battle=True), _ru_cards(11, battle=False)
    ('боевая карта', 'боевые карты', 'карт')
    """
    if n % 10 == 1 and n % 100 != 11:
        form = 0
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        form = 1
    else:
        form = 2
    noun = ("карта", "карты", "карт")[form]
    return f"{('боевая', 'боевые', 'боевых')[form]} {noun}" if battle else noun


def _grant(st: EventState, p: Person, op: a.Grant) -> Why | None:
    q = _who(st, op.to)
    if isinstance(q, Why):
        return q
    return _master(p) or _holder(q) or _keys(st, op.keys) or _able(q, you=False)


def _correct(st: EventState, p: Person, op: a.Correct) -> Why | None:
    w = _master(p) or _reason(op.reason)
    if w is not None:
        return w
    c = st.cards.get(op.card)
    if c is None:
        return Why("ledger", f"there is no card {op.card}", f"карты {op.card} нет")
    if op.owner is not None:
        q = _who(st, op.owner)
        if isinstance(q, Why):
            return q
        if (w := _holder(q)) is not None:
            return w
    if c.owner == op.owner and c.pile == op.pile:
        return Why("ledger", f"{op.card} is already there", f"{op.card} уже там")
    return None


def _reprint(st: EventState, p: Person, op: a.Reprint) -> Why | None:
    w = _master(p) or _reason(op.reason)
    if w is not None:
        return w
    c = st.cards.get(op.card)
    if c is None:
        return Why("ledger", f"there is no card {op.card}", f"карты {op.card} нет")
    if c.pile == Pile.RETIRED:
        return Why("ledger", f"{op.card} is retired", f"{op.card} списана")
    return None


def _enroll(st: EventState, p: Person, op: a.Enroll) -> Why | None:
    w = _master(p)
    if w is not None:
        return w
    if not op.name.strip():
        return Why("roster", "a participant needs a name", "у участника должно быть имя")
    if op.own_rules and op.role != Role.NPC:
        return Why("E30", "only a game-technical character may have its own rules",
                   "свои правила бывают только у игротехника")
    if all(x is not None for x in st.people):
        return Why("roster", f"all {st.players} seats of this event are taken",
                   f"все {st.players} мест этой игры заняты")
    return None


def _revive(st: EventState, p: Person, op: a.Revive) -> Why | None:
    q = _who(st, op.who)
    if isinstance(q, Why):
        return q
    w = _master(p) or _reason(op.reason)
    if w is not None:
        return w
    if q.health != Health.DEAD:
        return Why("ED7", f"{q.name} is not dead", f"участник «{q.name}» не мёртв")
    return None


def _void(st: EventState, p: Person, op: a.Void) -> Why | None:
    d = st.duels.get(op.duel)
    if d is None:
        return Why("ledger", f"there is no duel {op.duel}", f"дуэли {op.duel} нет")
    w = _master(p) or _reason(op.reason)
    if w is not None:
        return w
    if d.stage not in (DuelStage.CHALLENGED, DuelStage.RUNNING, DuelStage.RECORDED):
        return Why("ledger", f"duel {d.id} is over", f"дуэль {d.id} окончена")
    return None


def _received(st: EventState, p: Person, op: a.Received) -> Why | None:
    w = _master(p)
    if w is not None:
        return w
    c = st.cards.get(op.card)
    if c is None or c.pile != Pile.SURRENDERED:
        return Why("E22", f"{op.card} is not a card given up to the masters",
                   f"{op.card} — не карта, отданная мастерам")
    return None


def _close(st: EventState, p: Person, op: a.Close) -> Why | None:
    return _master(p)


# --- own cards: discard, rest, show, surrender -------------------------------------------------


def _discard(st: EventState, p: Person, op: a.Discard) -> Why | None:
    return _free(st, p, you=True, rule="E10") or _own_deck(st, p, op.cards)


def _rest(st: EventState, p: Person, op: a.RestStart) -> Why | None:
    if op.place == "hospital":
        if p.role != Role.DOCTOR or op.patient is None:
            return Why("E14", "a rest in the hospital needs a doctor's consent: the doctor "
                       "starts it", "отдых в госпитале — только в присутствии и с согласия "
                       "врача: его начинает врач")
        q = _who(st, op.patient)
        if isinstance(q, Why):
            return q
        you = q.id == p.id
    else:
        q, you = p, True
    w = _free(st, q, you=you, rule="E10")
    if w is not None:
        return w
    if q.rest is not None:
        return Why("E12", "already resting" if you else f"{q.name} is already resting",
                   "уже отдыхает" if not you else "вы уже отдыхаете")
    return None


def _resting(st: EventState, p: Person, patient: int | None) -> Person | Why:
    if patient is None or patient == p.id:
        q = p
    else:
        found = _who(st, patient)
        if isinstance(found, Why):
            return found
        q = found
        if q.rest is None or q.rest.doctor != p.id:
            return Why("E14", f"{q.name} is not resting in your hospital",
                       f"участник «{q.name}» не отдыхает у вас в госпитале")
    if q.rest is None:
        return Why("E12", "not resting", "отдыха нет")
    return q


def _rest_end(st: EventState, p: Person, op: a.RestEnd) -> Why | None:
    q = _resting(st, p, op.patient)
    if isinstance(q, Why):
        return q
    assert q.rest is not None
    if not q.rest.ready:
        t = st.timers[q.rest.timer]
        return Why("E17", f"a rest lasts at least {st.options.rest_minutes} minutes: it can end "
                   f"at {clock(st, t.at)}", f"отдыхать нужно не менее "
                   f"{st.options.rest_minutes} минут: отдых можно завершить в {clock(st, t.at)}")
    return None


def _rest_cancel(st: EventState, p: Person, op: a.RestCancel) -> Why | None:
    q = _resting(st, p, op.patient)
    return q if isinstance(q, Why) else None


def _show(st: EventState, p: Person, op: a.ShowCards) -> Why | None:
    w = _holder(p) or _able(p, you=True)
    if w is not None:
        return w
    q = _target(st, p, op.to)
    if isinstance(q, Why):
        return q
    if op.until <= op.at:
        return Why("ED18", "cards are shown until a later time", "карты показываются до более "
                   "позднего времени")
    return None


def _surrender(st: EventState, p: Person, op: a.Surrender) -> Why | None:
    c = st.cards.get(op.card)
    if c is None:
        return Why("ledger", f"there is no card {op.card}", f"карты {op.card} нет")
    owner = st.person(c.owner) if c.owner is not None else None
    if owner is None or not owner.debts or c.pile not in (Pile.DECK, Pile.DISCARD):
        return Why("E22", f"{op.card} is not a card of someone who owes one",
                   f"{op.card} — не карта того, кто должен отдать карту")
    debt = owner.debts[0]
    if p.id != owner.id and not (p.role == Role.MASTER and debt.masters_choose):
        return Why("E22", "the survivor chooses the card («сами выберите любую»); the masters "
                   "only once the time to choose has run out", "карту выбирает сам выживший "
                   "(«сами выберите любую»); мастера — только когда время выбора истекло")
    if debt.to is None:
        if st.catalogue[c.key].is_item:
            return Why("E22", "the card given up is a battle card («одной из … боевых карт»)",
                       "отдаётся боевая карта («одной из имеющихся у вас боевых карт»)")
        if st.options.loss_from == DECK and c.pile != Pile.DECK:
            return Why("ED9", "in this event the card given up comes from the deck",
                       "на этой игре отдаётся карта из колоды")
    return None


# --- duels ------------------------------------------------------------------------------------


def _not_resting(p: Person, *, you: bool) -> Why | None:
    if p.rest is not None:
        return (Why("ED4", "you are resting: end or cancel the rest first",
                    "вы отдыхаете: сначала завершите или прервите отдых") if you else
                Why("ED4", f"{p.name} is resting", f"участник «{p.name}» отдыхает"))
    return None


def _challenge(st: EventState, p: Person, op: a.Challenge) -> Why | None:
    q = _target(st, p, op.to)
    if isinstance(q, Why):
        return q
    w = (_free(st, p, you=True, rule="E25") or _not_resting(p, you=True)
         or _free(st, q, you=False, rule="E25"))
    if w is not None:
        return w
    for d in st.duels.values():
        if d.stage == DuelStage.CHALLENGED and {d.a, d.b} == {p.id, q.id}:
            return Why("ED14", f"a challenge between you is already open ({d.id})",
                       f"вызов между вами уже есть ({d.id})")
    return None


def _attack(st: EventState, p: Person, op: a.Attack) -> Why | None:
    q = _target(st, p, op.to)
    if isinstance(q, Why):
        return q
    w = _free(st, p, you=True, rule="ED13") or _not_resting(p, you=True) or _holder(q)
    if w is not None:
        return w
    if q.health == Health.WOUNDED and st.options.wounded_can_be_attacked:
        pass
    elif (w := _able(q, you=False)) is not None:
        return w
    if q.duel is not None:
        return Why("E33", f"{q.name} is already in a duel or under attack",
                   f"участник «{q.name}» уже в дуэли или на него напали")
    if q.debts:
        return Why("ED9", f"{q.name} must first give up a card",
                   f"участник «{q.name}» сначала должен отдать карту")
    if not can_attack([st.cards[s].key for s in st.pile(p.id, Pile.DECK)], st.catalogue):
        return Why("E26", "to attack you must take exactly 5 cards: your deck does not hold 5 "
                   "battle cards you could play", "чтобы напасть, нужно ровно 5 карт на руке: в "
                   "вашей колоде нет 5 боевых карт, которые можно сыграть")
    return None


def _accept(st: EventState, p: Person, op: a.Accept) -> Why | None:
    if op.ref.startswith("d"):
        d = st.duels.get(op.ref)
        if d is None or d.stage != DuelStage.CHALLENGED:
            return Why("ED14", f"there is no open challenge {op.ref}",
                       f"открытого вызова {op.ref} нет")
        if p.id != d.b:
            return Why("ED14", "only the challenged participant accepts",
                       "принимает вызов только вызванный")
        if op.cards:
            return Why("grammar", "a challenge is accepted without cards",
                       "вызов принимается без карт")
        challenger = st.people[d.a]
        assert challenger is not None
        return (_free(st, p, you=True, rule="E25") or _not_resting(p, you=True)
                or _free(st, challenger, you=False, rule="E25")
                or _not_resting(challenger, you=False))
    x = st.exchanges.get(op.ref)
    if x is None or not x.open:
        return Why("E32", f"there is no open exchange {op.ref}", f"открытого обмена {op.ref} нет")
    if x.take is None:
        if p.id != x.b:
            return Why("E32", "the other side answers with its cards first",
                       "сначала другая сторона отвечает своими картами")
        if len(op.cards) != len(x.give):
            return Why("E32", f"an exchange is in equal numbers: {len(x.give)} for "
                       f"{len(x.give)}", f"обмен — в равном количестве: {len(x.give)} на "
                       f"{len(x.give)}")
    else:
        if p.id != x.a:
            return Why("E32", "the offerer confirms the exact cards now",
                       "теперь точные карты подтверждает предложивший")
        if op.cards:
            return Why("E32", "the offerer confirms without naming cards",
                       "предложивший подтверждает, не называя карт")
    return _exchange_ok(st, x.a, x.b, x.give, op.cards if x.take is None else x.take)


def _exchange_ok(st: EventState, sa: int, sb: int, give: tuple[str, ...],
                 take: tuple[str, ...]) -> Why | None:
    pa, pb = st.people[sa], st.people[sb]
    assert pa is not None and pb is not None
    for q, cards in ((pa, give), (pb, take)):
        w = _free(st, q, you=False, rule="E33") or _own_deck(st, q, cards)
        if w is not None:
            return w
    return None


def _withdraw(st: EventState, p: Person, op: a.Withdraw) -> Why | None:
    kind = op.ref[0]
    if kind == "d":
        d = st.duels.get(op.ref)
        if d is None or d.stage not in (DuelStage.CHALLENGED, DuelStage.RECORDED):
            return Why("ED14", f"{op.ref} is not an open challenge or paper record: an accepted "
                       "challenge or an attack cannot be taken back", f"{op.ref} — не открытый "
                       "вызов и не запись: принятый вызов или нападение не отменить")
        if p.id not in (d.a, d.b):
            return Why("ED14", "only the two sides take it back", "отменить могут только стороны")
        return None
    if kind == "x":
        x = st.exchanges.get(op.ref)
        if x is None or not x.open:
            return Why("E32", f"there is no open exchange {op.ref}",
                       f"открытого обмена {op.ref} нет")
        if p.id not in (x.a, x.b):
            return Why("E32", "only the two sides withdraw", "отменить могут только стороны")
        return None
    s = st.shows.get(op.ref)
    if s is None or not s.open:
        return Why("ED18", f"there is no open show {op.ref}", f"показа {op.ref} нет")
    if p.id != s.owner:
        return Why("ED18", "only the owner stops showing", "прекратить показ может только "
                   "владелец")
    return None


def check_outcome(st: EventState, da: int, db: int, o: Outcome) -> Why | None:
    """Whether ``o`` is a possible end of a duel between ``da`` and ``db`` given their decks:
    E18 (a kill needs a winner, the loser and a deadly card of the winner played), E29 (items
    go back to the deck; a swap is hand card for hand card)."""
    if o.winner is not None and o.winner not in (da, db):
        return Why("E29", "the winner must be one of the two duellists",
                   "победителем может быть только один из дуэлянтов")
    loser = None if o.winner is None else (db if o.winner == da else da)
    if o.killed is not None and (o.winner is None or o.killed != loser):
        return Why("E18", "only the loser of a duel that someone won can be gravely wounded",
                   "тяжело ранить можно только проигравшего в дуэли, где есть победитель")
    named = list(o.discard) + (list(o.swap) if o.swap else [])
    if len(set(named)) != len(named):
        return Why("E29", "a card is named twice", "карта названа дважды")
    for s in named:
        c = st.cards.get(s)
        if c is None or c.owner not in (da, db) or c.pile != Pile.DECK:
            return Why("E29", f"{s} is not in the deck of either duellist",
                       f"{s} нет в колоде ни одного из дуэлянтов")
        if st.catalogue[c.key].is_item:
            return Why("E29", f"{s} is a weapon item: items go back to the deck",
                       f"{s} — предмет: предметы возвращаются в колоду")
    if o.swap is not None:
        taken, given = o.swap
        if o.winner is None:
            return Why("E29", "no winner, no swap («обмена карт не происходит»)",
                       "нет победителя — нет обмена («обмена карт не происходит»)")
        if st.cards[taken].owner != loser or st.cards[given].owner != o.winner:
            return Why("E29", "the swap takes a card of the loser for one of the winner's",
                       "при обмене победитель забирает карту проигравшего и отдаёт свою")
    if o.killed is not None:
        winners = [s for s in o.discard if st.cards[s].owner == o.winner]
        if o.swap is not None:
            winners.append(o.swap[1])
        if not any(st.catalogue[st.cards[s].key].deadly for s in winners):
            return Why("E18", "a grave wound needs a «наносит тяжелые раны» card played against "
                       "the loser", "тяжёлое ранение — только если против проигравшего сыграна "
                       "карта «наносит тяжелые раны»")
    return None


def _result(st: EventState, p: Person, op: a.DuelResult) -> Why | None:
    d = st.duels.get(op.duel)
    if d is None or d.stage != DuelStage.RUNNING:
        return Why("E29", f"there is no running duel {op.duel}", f"идущей дуэли {op.duel} нет")
    if p.id not in (d.a, d.b) and p.role != Role.MASTER:
        return Why("E29", "a duel's result comes from its table (a duellist's seat) or a master",
                   "итог дуэли приходит со стола дуэли (от дуэлянта) или от мастера")
    return check_outcome(st, d.a, d.b, op.outcome)


def _paper(st: EventState, p: Person, op: a.PaperDuel) -> Why | None:
    q = _target(st, p, op.to)
    if isinstance(q, Why):
        return q
    w = _free(st, p, you=True, rule="E29") or _free(st, q, you=False, rule="E29")
    return w or check_outcome(st, p.id, q.id, op.outcome)


def _confirm(st: EventState, p: Person, op: a.Confirm) -> Why | None:
    d = st.duels.get(op.duel)
    if d is None or d.stage != DuelStage.RECORDED:
        return Why("E29", f"there is no paper duel {op.duel} awaiting confirmation",
                   f"записи дуэли {op.duel}, ждущей подтверждения, нет")
    if p.id != d.b and p.role != Role.MASTER:
        return Why("E29", "the other side (or a master) confirms a paper duel",
                   "запись дуэли подтверждает другая сторона (или мастер)")
    pa, pb = st.people[d.a], st.people[d.b]
    assert pa is not None and pb is not None and d.outcome is not None
    return (_free(st, pa, you=False, rule="E29") or _free(st, pb, you=False, rule="E29")
            or check_outcome(st, d.a, d.b, d.outcome))


# --- wounds and the hospital --------------------------------------------------------------------


def _near_death(st: EventState, p: Person, op: a.NearDeath) -> Why | None:
    if p.role not in (Role.MASTER, Role.DOCTOR):
        return Why("ED10", "near death by another cause is recorded by a master or a doctor",
                   "тяжёлое ранение по другой причине записывает мастер или врач")
    q = _who(st, op.who)
    if isinstance(q, Why):
        return q
    if not op.cause.strip():
        return Why("ED10", "name the cause", "укажите причину")
    return _holder(q) or _able(q, you=False) or (
        Why("ED10", f"{q.name} is in a duel: its end decides",
            f"участник «{q.name}» в дуэли: решит её итог") if q.duel is not None else None)


def _patient(st: EventState, seat: int, *health: Health) -> Person | Why:
    q = _who(st, seat)
    if isinstance(q, Why):
        return q
    if q.health not in health:
        return Why("E20", f"{q.name} is not {' or '.join(h.value for h in health)}",
                   f"участник «{q.name}» не в состоянии {' / '.join(h.value for h in health)}")
    return q


def _doctor(p: Person) -> Why | None:
    return _role(p, Role.DOCTOR, "only a doctor may do this", "это может только врач")


def _admit(st: EventState, p: Person, op: a.Admit) -> Why | None:
    w = _doctor(p)
    if w is not None:
        return w
    q = _patient(st, op.who, Health.WOUNDED)
    return q if isinstance(q, Why) else None


def _decide(st: EventState, p: Person, who: int) -> Why | None:
    q = _patient(st, who, Health.ADMITTED, Health.EXPIRED)
    if isinstance(q, Why):
        return q
    if q.health == Health.EXPIRED:
        return _master(p)
    by = st.options.outcome_by
    if by == CHANCE:
        return Why("ED8", "in this event chance decides: the doctor treats («treat»)",
                   "на этой игре решает случай: врач лечит (treat)")
    if by == DOCTOR:
        return _doctor(p)
    assert by == MASTER
    return _master(p)


def _saved(st: EventState, p: Person, op: a.Saved) -> Why | None:
    return _decide(st, p, op.who)


def _died(st: EventState, p: Person, op: a.Died) -> Why | None:
    return _decide(st, p, op.who)


def _treat(st: EventState, p: Person, op: a.Treat) -> Why | None:
    if st.options.outcome_by != CHANCE:
        return Why("ED8", f"in this event the {st.options.outcome_by} decides saved or dead",
                   "на этой игре исход решает " + ("врач" if st.options.outcome_by == DOCTOR
                                                  else "мастер"))
    q = _patient(st, op.who, Health.ADMITTED)
    return q if isinstance(q, Why) else _doctor(p)


def _note(st: EventState, p: Person, op: a.Note) -> Why | None:
    """ED23: a doctor or master writes a note on a participant; bounded, printable text."""
    if p.role not in (Role.DOCTOR, Role.MASTER):
        return Why("ED23", "only a doctor or a master writes notes on a patient",
                   "заметки о пациенте пишет только врач или мастер")
    q = _who(st, op.who)
    if isinstance(q, Why):
        return q
    if not q.holds_cards:
        return Why("ED23", "notes are written on participants, not on masters",
                   "заметки пишут об участниках, а не о мастерах")
    if not op.text.strip():
        return Why("ED23", "the note is empty", "заметка пуста")
    if len(op.text) > NOTE_MAX:
        return Why("ED23", f"a note is at most {NOTE_MAX} characters long (this one: "
                   f"{len(op.text)})", f"заметка — не длиннее {NOTE_MAX} знаков (в этой: "
                   f"{len(op.text)})")
    if any((ord(ch) < 32 and ch != "\n") or 0x7F <= ord(ch) < 0xA0 for ch in op.text):
        return Why("ED23", "a note holds text and line breaks only, no control characters",
                   "в заметке только текст и переносы строк, без управляющих символов")
    return None


# --- exchanges and game-technical characters ------------------------------------------------


def _offer(st: EventState, p: Person, op: a.Offer) -> Why | None:
    q = _target(st, p, op.to)
    if isinstance(q, Why):
        return q
    return (_free(st, p, you=True, rule="E33") or _free(st, q, you=False, rule="E33")
            or _own_deck(st, p, op.cards))


def _npc(p: Person) -> Why | None:
    return _role(p, Role.NPC, "only a game-technical character may do this (S91, S93)",
                 "это может только игротехник (S91, S93)")


def _gift(st: EventState, p: Person, op: a.Gift) -> Why | None:
    q = _target(st, p, op.to)
    if isinstance(q, Why):
        return q
    return (_npc(p) or _able(p, you=True) or _free(st, q, you=False, rule="E34")
            or _own_deck(st, p, op.cards))


def _take_from(st: EventState, q: Person, key: str | None) -> Why | None:
    mode = st.options.npc_take
    if key is not None and mode != NPC_NAMES:
        return Why("ED15", "in this event an NPC does not name the card it takes",
                   "на этой игре игротехник не называет забираемую карту")
    if key is not None:
        if key not in st.catalogue:
            return _keys(st, (key,))
        if not any(c.owner == q.id and c.key == key and c.pile in (Pile.DECK, Pile.DISCARD)
                   for c in st.cards.values()):
            return Why("ED15", f"{q.name} holds no such card",
                       f"у участника «{q.name}» нет такой карты")
    if st.total(q.id) == 0:
        return Why("E36", f"{q.name} holds no card", f"у участника «{q.name}» нет карт")
    if mode == PLAYER_CHOOSES and q.debts:
        return Why("ED9", f"{q.name} must first give up a card",
                   f"участник «{q.name}» сначала должен отдать карту")
    return None


def _take(st: EventState, p: Person, op: a.Take) -> Why | None:
    q = _target(st, p, op.frm)
    if isinstance(q, Why):
        return q
    return (_npc(p) or _able(p, you=True) or _free(st, q, you=False, rule="E36")
            or _take_from(st, q, op.key))


def _own_rules_duel(st: EventState, p: Person, duel: str) -> Why | None:
    if not (p.role == Role.NPC and p.own_rules):
        return Why("E30", "only a game-technical character with its own rules rules on its "
                   "duels", "решать исход своих дуэлей может только игротехник со своими "
                   "правилами")
    d = st.duels.get(duel)
    if d is None or d.stage != DuelStage.RUNNING or p.id not in (d.a, d.b):
        return Why("E30", f"{duel} is not a running duel of yours",
                   f"{duel} — не ваша идущая дуэль")
    return None


def _autoloss(st: EventState, p: Person, op: a.AutoLoss) -> Why | None:
    w = _own_rules_duel(st, p, op.duel)
    if w is not None:
        return w
    d = st.duels[op.duel]
    other = st.people[d.b if d.a == p.id else d.a]
    assert other is not None
    if st.options.npc_take == PLAYER_CHOOSES and op.key is not None:
        return Why("ED15", "in this event the player chooses the card",
                   "на этой игре карту выбирает игрок")
    if st.total(other.id) == 0:
        return None  # nothing to take: the loss alone
    return _take_from(st, other, op.key)


def _spare(st: EventState, p: Person, op: a.Spare) -> Why | None:
    return _own_rules_duel(st, p, op.duel)


# --- the clock ----------------------------------------------------------------------------------


def _expire(st: EventState, p: Person, op: a.Expire) -> Why | None:
    t = st.timers.get(op.timer)
    if t is None:
        return Why("timers", f"timer {op.timer} is not open", f"таймер {op.timer} не открыт")
    if op.at != t.at:
        return Why("timers", f"an expiry is stamped with its deadline ({clock(st, t.at)})",
                   f"истечение таймера ставится на его срок ({clock(st, t.at)})")
    first = st.earliest()
    if first and first[0].at < t.at:
        return Why("timers", f"timer {first[0].id} is due first", f"сначала истекает таймер "
                   f"{first[0].id}")
    if p.id != t.seat:
        return Why("timers", f"timer {t.id} expires from the seat of {_name(st, t.seat)}",
                   f"таймер {t.id} истекает от места участника «{_name(st, t.seat)}»")
    return None


_CHECKS: dict[type, Check] = {
    a.Issue: _issue, a.Grant: _grant, a.Correct: _correct, a.Reprint: _reprint,
    a.Enroll: _enroll, a.Revive: _revive, a.Void: _void, a.Received: _received,
    a.Close: _close, a.Discard: _discard, a.RestStart: _rest, a.RestEnd: _rest_end,
    a.RestCancel: _rest_cancel, a.ShowCards: _show, a.Surrender: _surrender,
    a.Challenge: _challenge, a.Attack: _attack, a.Accept: _accept, a.Withdraw: _withdraw,
    a.DuelResult: _result, a.PaperDuel: _paper, a.Confirm: _confirm,
    a.NearDeath: _near_death, a.Admit: _admit, a.Saved: _saved, a.Died: _died,
    a.Treat: _treat, a.Note: _note, a.Offer: _offer, a.Gift: _gift, a.Take: _take,
    a.AutoLoss: _autoloss,
    a.Spare: _spare,
}
