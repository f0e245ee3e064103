"""The declared flow of a round and the resolution of every step.

A round is a queue of tasks (:class:`~.model.Task`)::

    round → window(draft) → pass 1 → window(pass1) → pass 2 → window(pass2) → pass 3
          → final → conspiracy
          → [flip i → window(gap i) → commit i → (resolution tasks)] × 4
          → window(skulk) → skulking → window(end) → end

:func:`run` pops tasks until one needs decisions (it sets ``stage`` and ``waiting``) or the game
ends. :func:`decide` records a decision; a simultaneous stage resolves once every seat waiting
has decided (each choice stays hidden until then), then the queue runs on. Resolution tasks
(leaders' effects, damage, magic effects, win checks) are inserted at the front of the queue.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar

from koloda.engine import simultaneous
from koloda.engine.events import EVERYONE
from koloda.engine.rng import Rng
from koloda.engine.state import Action
from koloda.games.nevermore import actions as A
from koloda.games.nevermore import events as E
from koloda.games.nevermore.cards import (
    MAIN_DECK,
    PER_SUIT,
    SUIT_INDEX,
    TOKEN_SUITS,
    Suit,
    count_suit,
    suit_of,
)
from koloda.games.nevermore.effects import (
    ask,
    discard_magic,
    draw_magic,
    front,
    t_check,
    t_damage,
    t_discard_suit,
    t_draw,
    t_heal,
    t_pass_hands,
    t_play,
    t_shield,
    t_steal,
    t_vp,
)
from koloda.games.nevermore.magic import AddSuit, Deck
from koloda.games.nevermore.model import PASS_SIZES, Stage, Task

if TYPE_CHECKING:
    from koloda.games.nevermore.state import NevermoreState

S = TypeVar("S", bound="NevermoreState")
_RUNNING, _PASS, _COMMIT, _MAGIC = Stage.RUNNING, Stage.PASS, Stage.COMMIT, Stage.MAGIC
_DONE_TYPE = A.Done
_TOKENS: tuple[str, ...] = tuple(x.value for x in TOKEN_SUITS)  # the first round's order
_SUIT_NO = {x.value: i for x, i in SUIT_INDEX.items()}  # a suit's value → its index
_RADIANCE = Suit.RADIANCE
#: A suit's value (a token's text, a task's tag) → the suit, without calling the enum.
SUIT_OF_VALUE: dict[str, Suit] = {x.value: x for x in Suit}
_RAVENS_FROM = SUIT_INDEX[Suit.RAVEN] * PER_SUIT  # the raven cards are this one ...
_RAVENS_TO = _RAVENS_FROM + PER_SUIT  # ... up to this one (excluded)
assert Suit.RAVEN not in TOKEN_SUITS  # a suit step never reveals the ravens (see do_commit)

# --- a new game ---------------------------------------------------------------------------------


def new_game(cls: type[S], options: Any, *, players: int, seed: int) -> S:
    """Setup (Подготовка к игре): health, one Shadow card each, the first dealer, round 1."""
    rng = Rng.from_seed(seed)
    s = cls(options=options, players=players, seed=seed, rng=rng)
    init_tables(s)
    s.deck = list(MAIN_DECK)
    rng.shuffle(s.deck)
    # The first dealer: cards are turned one at a time in seat order until a raven appears.
    draws: list[tuple[int, int]] = []
    seat = 0
    while True:
        card = s.deck.pop()
        draws.append((seat, card))
        if suit_of(card) == Suit.RAVEN:
            break
        seat = (seat + 1) % players
    s.deck.extend(c for _, c in reversed(draws))
    s.dealer = seat
    s.events.append(E.NmDealerChosen(tuple(draws), seat, to=EVERYONE))
    ms = s.magic_set
    s.light_deck = rng.shuffled(ms.light_ids)
    s.shadow_deck = rng.shuffled(ms.shadow_ids)
    if ms.shadow_ids:
        for p in range(players):
            draw_magic(s, p, Deck.SHADOW, 1)
    s.tasks = [Task("round")]
    run(s)
    return s


def init_tables(s: NevermoreState) -> None:
    n = s.players
    s.health = [s.max_health] * n
    s.vp = [0] * n
    s.raven = [False] * n
    s.shield = [0] * n
    s.hands = [[] for _ in range(n)]
    s.final_hands = [[] for _ in range(n)]
    s.table = [[] for _ in range(n)]
    s.face_down = [[] for _ in range(n)]
    s.passed = [[] for _ in range(n)]
    s.received = [[] for _ in range(n)]
    s.magic = [[] for _ in range(n)]
    s.counts = [0] * n
    s.tokens = [t.value for t in TOKEN_SUITS]


# --- the driver ---------------------------------------------------------------------------------


#: Choices are stored as text (they are part of the state's JSON) and read back when the step
#: resolves; the texts were checked when chosen, and actions are immutable: read each once.
_parsed = lru_cache(maxsize=1 << 16)(A.parse_action)


def run(s: NevermoreState) -> None:
    """Run tasks until a decision is needed or the game is over."""
    handlers = HANDLERS
    while not s.waiting and s.tasks and s.winner < 0 and not s.stopped:
        task = s.tasks.pop(0)
        handlers[task.kind](s, task)
    if s.winner >= 0 or s.stopped:  # is_terminal
        s.stage = Stage.OVER
        s.waiting = []
        s.choices = {}
        s.tasks = []


def decide(s: NevermoreState, seat: int, action: Action) -> None:
    """Record ``seat``'s (already checked) decision and carry the game on."""
    st = s.stage
    if st is _MAGIC or st is _PASS or st is _COMMIT:
        chosen = s.choices
        chosen[seat] = "done" if type(action) is _DONE_TYPE else str(action)
        if not simultaneous.complete(s.waiting, chosen):
            s._asked()
            return
        s.waiting, s.choices, s.stage = [], {}, _RUNNING
        if st is _MAGIC:
            for v in chosen.values():
                if v != "done":
                    break
            else:  # everyone is done: the window closes
                run(s)
                return
            choices = {k: _parsed(v) for k, v in chosen.items()}
            plays = [Task("play", p, a.target, card=a.card) for p in s.tie_order()
                     if isinstance(a := choices.get(p), A.Play)]
            if plays:
                # the window stays open for the players who played: one more card each, until
                # every one of them is done (a player who said done is out of this window)
                again = sum(1 << t.seat for t in plays)
                front(s, [*plays, Task("window", window=s.window, only=again)])
        elif st is _PASS:
            do_pass(s, {k: _parsed(v) for k, v in chosen.items()})
        else:
            do_commit(s, {k: _parsed(v) for k, v in chosen.items()})
    else:
        s.waiting, s.choices, s.stage = [], {}, _RUNNING
        if st == Stage.ATTACK:
            assert isinstance(action, A.Attack)
            do_attack(s, seat, action.target)
        elif st == Stage.PECK:
            if isinstance(action, A.Peck):
                do_peck(s, seat)
        elif st == Stage.REACT and isinstance(action, A.Play):
            front(s, [Task("play", seat, action.target, card=action.card)])
    run(s)


# --- the round ----------------------------------------------------------------------------------


def t_round(s: NevermoreState, t: Task) -> None:
    """Deal five cards each; lay out the tokens; declare the round's flow."""
    n = s.players
    if s.options.main_deck == "rebuilt" or s.round == 1:
        s.deck = sorted(s.deck)
        s.rng.shuffle(s.deck)
    elif len(s.deck) < 5 * n:
        # «Если в какой-либо колоде закончились карты, перемешайте все сброшенные карты»
        pile = sorted(s.discard)
        s.discard = []
        s.rng.shuffle(pile)
        s.deck = pile + s.deck
        s.events.append(E.NmMainReshuffled(len(pile), to=EVERYONE))
    deck = s.deck
    for p in range(n):
        hand = [deck.pop(), deck.pop(), deck.pop(), deck.pop(), deck.pop()]
        hand.sort()
        s.hands[p] = hand
        s.final_hands[p] = []
        s.table[p] = []
        s.face_down[p] = []
        s.passed[p] = []
        s.received[p] = []
        s.shield[p] = 0
    s.counts = [0] * n
    s.revealed = []
    s.flipped = 0
    s.step = -1
    s.pass_no = 0
    if s.round == 1:
        s.tokens = list(_TOKENS)
        shown = _TOKENS
    else:
        s.tokens = s.rng.shuffled(_TOKENS)
        shown = ()
    s.events.append(E.NmRoundStarted(s.round, s.dealer, direction_name(s.direction), shown,
                                     to=EVERYONE))
    for p in range(n):
        s.events.append(E.NmDealt(p, tuple(s.hands[p]), to=E.only(p)))
    s.tasks = round_tasks("draft")


def _declared_flow(start: str) -> tuple[Task, ...]:
    """The declared flow of a round, from the draft or from the reveal phase."""
    flow = [Task("window", window="draft"), Task("pass", pass_no=1),
            Task("window", window="pass1"), Task("pass", pass_no=2),
            Task("window", window="pass2"), Task("pass", pass_no=3)] if start == "draft" else []
    flow += [Task("final"), Task("conspiracy")]
    for i in range(4):
        flow += [Task("flip", step=i), Task("window", window=f"gap{i}"),
                 Task("commit", step=i)]
    flow += [Task("window", window="skulk"), Task("skulking"), Task("window", window="end"),
             Task("end")]
    return tuple(flow)


_FLOWS = {start: _declared_flow(start) for start in ("draft", "reveal")}


def round_tasks(start: str) -> list[Task]:
    """The declared flow of a round, from the draft or from the reveal phase (a new queue each
    time, the state's own; the tasks, never changed, are shared)."""
    return list(_FLOWS["draft" if start == "draft" else "reveal"])


def direction_name(d: int) -> str:
    return "left" if d > 0 else "right"


def t_window(s: NevermoreState, t: Task) -> None:
    """A magic window: every player holding magic decides at once (play one card or done);
    the cards resolve in tie order, then the window opens again for those who played
    (``amount``: the seats still in the window as bits, 0 for everyone).

    The windows between two draft passes (``pass1``, ``pass2``) take Play Any Time cards only;
    they open only when the game's magic set has such cards and ``anytime_in_draft`` is on. As
    in every window, each player holding magic is asked (whether they hold an anytime card is
    not revealed by being asked)."""
    if s.options.magic == "none":
        return
    if t.window in DRAFT_PASS_WINDOWS and not (s.options.anytime_in_draft
                                            and s.magic_set.has_anytime):
        return
    seats = [p for p in range(s.players) if s.magic[p] and (not t.only or t.only >> p & 1)]
    if not seats:
        return
    s.window = t.window
    ask(s, _MAGIC, seats)


#: The windows between two draft passes (Play Any Time cards only).
DRAFT_PASS_WINDOWS = frozenset({"pass1", "pass2"})


#: The gap windows (before each suit step) by name → the step's index.
_GAPS = {f"gap{i}": i for i in range(4)}
#: ``window_timings`` of a gap window, by (index, this step's token, the previous one's).
_GAP_TIMINGS: dict[tuple[int, str, str], frozenset[str]] = {}


def window_timings(s: NevermoreState, window: str) -> frozenset[str]:
    """The timings (besides anytime) that may be played in ``window``."""
    i = _GAPS.get(window, -1)
    if i >= 0:
        key = (i, s.tokens[i], s.tokens[i - 1] if i > 0 else "")
        timings = _GAP_TIMINGS.get(key)
        if timings is None:
            timings = _GAP_TIMINGS[key] = _window_timings(s, window)
        return timings
    fixed = _FIXED_TIMINGS.get(window)
    if fixed is not None:
        return fixed
    if window == "skulk":
        last = s.tokens[3]
        timings = _SKULK_TIMINGS.get(last)
        if timings is None:
            timings = _SKULK_TIMINGS[last] = _window_timings(s, window)
        return timings
    return _window_timings(s, window)


#: ``window_timings`` of the windows that depend on nothing else, and of the skulking window
#: by the last step's token.
_FIXED_TIMINGS: dict[str, frozenset[str]] = {
    "draft": frozenset({"draft"}), "end": frozenset({"after:skulking"}),
    "pass1": frozenset(), "pass2": frozenset(), "": frozenset()}
_SKULK_TIMINGS: dict[str, frozenset[str]] = {}


def _window_timings(s: NevermoreState, window: str) -> frozenset[str]:
    if window == "draft":
        return frozenset({"draft"})
    if window.startswith("gap"):
        i = int(window[3:])
        out = {f"before:{s.tokens[i]}"}
        if i > 0:
            out.add(f"after:{s.tokens[i - 1]}")
        return frozenset(out)
    if window == "skulk":
        return frozenset({f"after:{s.tokens[3]}", "before:skulking"})
    if window == "end":
        return frozenset({"after:skulking"})
    return frozenset()


def t_pass(s: NevermoreState, t: Task) -> None:
    s.pass_no = t.pass_no
    ask(s, _PASS, list(range(s.players)))


def do_pass(s: NevermoreState, choices: dict[int, Action]) -> None:
    """Every seat hands its chosen cards to the neighbour in this round's direction."""
    n, direction, pass_no = s.players, s.direction, s.pass_no
    hands, passed, received, events = s.hands, s.passed, s.received, s.events
    incoming: list[list[int]] = [[] for _ in range(n)]
    for p in range(n):
        a = choices[p]
        assert isinstance(a, A.Pass)
        to = (p + direction) % n
        cards = list(a.cards)
        hand = hands[p]
        for c in cards:
            hand.remove(c)
        incoming[to] = cards
        passed[p].append(cards)
        received[to].append(cards)
        events.append(E.NmPassed(p, to, pass_no, a.cards, to=E.only(p, to)))
    for p in range(n):
        hands[p] = sorted(hands[p] + incoming[p])
    events.append(E.NmPassDone(pass_no, PASS_SIZES[pass_no - 1], to=EVERYONE))


def t_final(s: NevermoreState, t: Task) -> None:
    s.final_hands = [sorted(h) for h in s.hands]
    s.pass_no = 0
    s.events.append(E.NmFinalHands(s.round, to=EVERYONE))


def t_conspiracy(s: NevermoreState, t: Task) -> None:
    """The Conspiracy of ravens (Стая воронов) is called first; if anyone holds five ravens,
    their effect happens and the round ends at once."""
    holders = [p for p in s.tie_order() if count_suit(s.hands[p], Suit.RAVEN) == 5]
    if holders:
        s.tasks = [*(Task("conspire", p) for p in holders), Task("end")]


def t_conspire(s: NevermoreState, t: Task) -> None:
    p = t.seat
    cards = sorted(c for c in s.hands[p] if suit_of(c) == Suit.RAVEN)
    for c in cards:
        s.hands[p].remove(c)
    s.table[p].extend(cards)
    s.events.append(E.NmConspiracy(p, tuple(cards), to=EVERYONE))
    tasks: list[Task] = []
    if not s.raven[p]:
        tasks += [Task("damage", p, o, 1, cause="ko") for o in s.tie_order()
                  if o != p and not s.raven[o]]
    tasks.append(Task("draw", p, amount=1, deck=Deck.SHADOW.value))
    if not s.raven[p]:
        tasks.append(Task("vp", p, amount=1, reason="conspiracy"))
    tasks.append(Task("check", p))
    front(s, tasks)


def t_flip(s: NevermoreState, t: Task) -> None:
    s.step = t.step
    s.flipped = t.step + 1
    s.events.append(E.NmTokenFlipped(t.step, s.tokens[t.step], to=EVERYONE))


def t_commit(s: NevermoreState, t: Task) -> None:
    ask(s, _COMMIT, list(range(s.players)))


def do_commit(s: NevermoreState, choices: dict[int, Action]) -> None:
    """The simultaneous reveal of the named suit, then its effect."""
    name = s.tokens[s.step]  # the suit's value
    suit = SUIT_OF_VALUE[name]
    lo = _SUIT_NO[name] * PER_SUIT
    hi = lo + PER_SUIT
    hands, table, face_down = s.hands, s.table, s.face_down
    cards: list[tuple[int, ...]] = []
    cancelled: list[tuple[int, ...]] = []
    ravens: list[tuple[int, ...]] = []
    magic: list[tuple[int, ...]] = []
    counts: list[int] = []
    for p in range(s.players):
        a = choices[p]
        assert isinstance(a, A.Commit)
        r, added = a.ravens, a.magic
        hand = hands[p]
        own = sorted([c for c in hand if lo <= c < hi])
        if own:
            for c in own:
                hand.remove(c)
            table[p].extend(own)
        # the suit is never the ravens' (tokens name the four other suits): the ravens are
        # the same before and after the suit's cards leave the hand
        if r:
            rav = sorted([c for c in hand if _RAVENS_FROM <= c < _RAVENS_TO])[:r]
            for c in rav:
                hand.remove(c)
            table[p].extend(rav)
            face_down[p].extend(own[:r] + rav)
            ravens.append(tuple(rav))
        else:
            ravens.append(())
        if added:
            for m in added:
                s.magic[p].remove(m)
                discard_magic(s, m)
            ms = s.magic_set
            assert all(isinstance(ms.card(m).effect[0], AddSuit) for m in added)
        mine = tuple(own)
        cards.append(mine)
        cancelled.append(mine[:r])
        magic.append(tuple(added))
        counts.append(len(own) - r + len(added))
    s.revealed.append(name)
    s.counts = counts
    leaders, amount = majority(counts)
    order = [p for p in s.tie_order() if p in leaders] if leaders else []
    s.events.append(E.NmRevealed(name, tuple(cards), tuple(cancelled), tuple(ravens),
                                 tuple(magic), tuple(counts), tuple(order), amount, to=EVERYONE))
    tasks = [Task("lead", p, amount=amount, suit=name) for p in order]
    if suit is _RADIANCE:
        for p in s.tie_order():
            if counts[p] >= 5:
                tasks.append(Task("radiance5", p))
    tasks.append(Task("check"))
    front(s, tasks)


def majority(counts: list[int]) -> tuple[list[int], int]:
    """The leaders (ties share) and their amount: the top count minus the next lower count
    (0 when nobody else has a count).

    >>> majority([3, 3, 1])
    ([0, 1], 2)
    >>> majority([0, 0, 0])
    ([], 0)
    """
    top = max(counts, default=0)
    if top <= 0:
        return [], 0
    second = max((c for c in counts if c < top), default=0)
    return [p for p, c in enumerate(counts) if c == top], top - second


def peck_targets(s: NevermoreState, p: int) -> list[int]:
    """Whom a raven leader's peck hits: the humans in second place, or every human when no
    other player played the suit."""
    counts = s.counts
    if not any(counts[o] > 0 for o in range(s.players) if o != p):
        return [o for o in s.tie_order() if not s.raven[o]]
    top = counts[p]
    second = max((c for c in counts if c < top), default=0)
    if second <= 0:
        return []
    return [o for o in s.tie_order() if counts[o] == second and not s.raven[o]]


def t_lead(s: NevermoreState, t: Task) -> None:
    """One leader's effect, in tie order; the form is taken when the effect happens."""
    p, d, suit = t.seat, t.amount, SUIT_OF_VALUE[t.suit]
    if s.raven[p]:
        if suit == Suit.RADIANCE:
            front(s, [Task("draw", p, amount=d, deck=Deck.LIGHT.value)])
        elif peck_targets(s, p):
            ask(s, Stage.PECK, [p])
        return
    if suit == Suit.ATTACK:
        if s.attack_targets(p) or d >= 4:
            s.amount = d
            ask(s, Stage.ATTACK, [p])
    elif suit == Suit.HEALING:
        if s.options.healing_bonus == "any" and d >= 3:
            front(s, [Task("heal", p, amount=d),
                      Task("vp", p, amount=1, reason="healing 3 or more")])
        elif s.health[p] >= s.max_health and d >= 3:
            front(s, [Task("vp", p, amount=1, reason="healing at full health")])
        else:
            front(s, [Task("heal", p, amount=d)])
    elif suit == Suit.RADIANCE:
        front(s, [Task("draw", p, amount=d, deck=Deck.LIGHT.value)])
    elif suit == Suit.VICTORY:
        front(s, [Task("vp", p, amount=d, reason="victory")])


def t_radiance5(s: NevermoreState, t: Task) -> None:
    """Five Radiance cards: heal 2 and 1 VP (a raven gains neither)."""
    if not s.raven[t.seat]:
        front(s, [Task("heal", t.seat, amount=2), Task("vp", t.seat, amount=1,
                                                        reason="five radiance")])


def do_attack(s: NevermoreState, p: int, target: int) -> None:
    if target >= 0:
        front(s, [Task("damage", p, target, s.amount, cause="ko"), Task("check", p)])
        return
    s.events.append(E.NmAttackAll(p, to=EVERYONE))
    tasks = [Task("damage", p, o, 1, cause="ko") for o in s.tie_order() if not s.raven[o]]
    front(s, [*tasks, Task("vp", p, amount=2, reason="attack on everyone"),
              Task("check", p)])


def do_peck(s: NevermoreState, p: int) -> None:
    targets = peck_targets(s, p)
    s.events.append(E.NmPecked(p, tuple(targets), to=EVERYONE))
    front(s, [*(Task("damage", p, o, 1, cause="ko") for o in targets),
              Task("check", p, cause="peck")])


def t_skulking(s: NevermoreState, t: Task) -> None:
    """Skulking ravens (Скрытые вороны), called last: the leaders by ravens left draw Shadow."""
    ravens = []
    counts = []
    for p in range(s.players):
        hand = s.hands[p]
        rav = sorted([c for c in hand if _RAVENS_FROM <= c < _RAVENS_TO])
        for c in rav:
            hand.remove(c)
        s.table[p].extend(rav)
        ravens.append(tuple(rav))
        counts.append(len(rav))
    leaders, amount = majority(counts)
    order = [p for p in s.tie_order() if p in leaders]
    s.step = 4
    s.events.append(E.NmSkulking(tuple(ravens), tuple(counts), tuple(order), amount,
                                 to=EVERYONE))
    front(s, [Task("draw", p, amount=amount, deck=Deck.SHADOW.value) for p in order])


def t_end(s: NevermoreState, t: Task) -> None:
    """The end phase (Завершающая фаза): returns to human form, discards, the next dealer."""
    for p in range(s.players):
        if s.raven[p] and returns_to_human(s.final_hands[p]):
            s.raven[p] = False
            s.health[p] = s.return_health
            s.events.append(E.NmReturnedHuman(p, s.health[p], "final drafted hand",
                                              to=EVERYONE))
    rebuilt = s.options.main_deck == "rebuilt"
    for p in range(s.players):
        (s.deck if rebuilt else s.discard).extend(s.hands[p] + s.table[p])
        s.hands[p] = []
        s.table[p] = []
        s.face_down[p] = []
        s.shield[p] = 0
    if rebuilt:
        s.deck.extend(s.discard)
        s.discard = []
        s.deck.sort()
    else:
        s.discard.sort()
    s.step = -1
    s.window = ""
    s.events.append(E.NmRoundEnded(s.round, to=EVERYONE))
    front(s, [Task("check", cause="end"), Task("next")])


def returns_to_human(hand: list[int]) -> bool:
    """Five cards of one suit, or one card of each suit (the raven suit included)."""
    suits = {suit_of(c) for c in hand}
    return len(hand) == 5 and len(suits) in (1, 5)


def t_next(s: NevermoreState, t: Task) -> None:
    if s.options.max_rounds and s.round >= s.options.max_rounds:
        s.stopped = True
        s.events.append(E.NmStopped(s.round, to=EVERYONE))
        return
    s.round += 1
    s.dealer = (s.dealer + 1) % s.players
    s.direction = -s.direction
    s.tasks = [Task("round")]


HANDLERS: dict[str, Callable[[NevermoreState, Task], None]] = {
    "round": t_round, "window": t_window, "pass": t_pass, "final": t_final,
    "conspiracy": t_conspiracy, "conspire": t_conspire, "flip": t_flip, "commit": t_commit,
    "lead": t_lead, "radiance5": t_radiance5, "skulking": t_skulking, "end": t_end,
    "next": t_next, "damage": t_damage, "heal": t_heal, "vp": t_vp, "draw": t_draw,
    "play": t_play, "shield": t_shield, "steal": t_steal, "discard_suit": t_discard_suit,
    "pass_hands": t_pass_hands, "check": t_check,
}
