"""The shared piece of every adapter: a game's integer action encoding and observation tensor.

A :class:`Codec` turns a Koloda action into a short sequence of integer *tokens* from a fixed
vocabulary (one token for the duel and Nevermore, a few for Gwent) and a seat's view into a
fixed-size float32 tensor. Codecs read only ``state.observe(seat)``, ``state.legal_actions(seat)``
and static catalogue data, so a tensor or an id can hold nothing that the seat's view does not.

:class:`Choices` is the table of one seat's legal actions at one state: the token sequences, the
next tokens after a prefix (the mask), and the action a complete sequence stands for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from koloda.engine import Action, Game, GameState

#: The version of every encoding in this package (``docs/rl.md``); bumped on any change of ids
#: or tensor layouts.
ENCODING_VERSION = 2

Obs = npt.NDArray[np.float32]


class EncodingError(ValueError):
    """An action or a view that the encoding cannot represent (a bound of ``docs/rl.md``)."""


class Codec:
    """A game's encoding. Subclasses set :attr:`num_tokens`, :attr:`obs_size` and
    :attr:`pieces` and implement :meth:`tokens`, :meth:`token_text` and :meth:`encode`."""

    #: the game's registry name
    game_name = ""
    #: the size of the token vocabulary, NOOP included (``Discrete(num_tokens)``)
    num_tokens = 0
    #: the token of an idle seat in the joint form (never legal otherwise)
    noop = 0
    #: the length of the observation tensor
    obs_size = 0
    #: the longest token sequence of one action
    max_tokens = 1
    #: whether :meth:`allowed` masks some legal actions out
    filters = False
    #: the length of the public-history part of the information-state tensor (0: none)
    history_size = 0
    #: its shape (the piece ``history`` of OpenSpiel's information-state observation)
    history_shape: tuple[int, ...] = ()

    def __init__(self, game: Game, players: int) -> None:
        self.game = game
        self.players = players
        #: named slices of the tensor: name -> (offset, shape)
        self.pieces: dict[str, tuple[int, tuple[int, ...]]] = {}

    # --- subclasses -----------------------------------------------------------------------

    def tokens(self, view: dict[str, Any], seat: int, action: Action) -> tuple[int, ...]:
        """The token sequence of ``action`` for ``seat``, computed from its view only."""
        raise NotImplementedError

    def token_text(self, token: int) -> str:
        """A structural text for any token id (no state needed)."""
        raise NotImplementedError

    def tokens_of(self, view: dict[str, Any], seat: int,
                  actions: Sequence[Action]) -> list[tuple[int, ...]]:
        """:meth:`tokens` of each of ``actions`` (a game may share work between them)."""
        return [self.tokens(view, seat, a) for a in actions]

    def encode_history(self, public: Sequence[Any], seat: int, out: Obs) -> None:
        """Write the public history (the spectator's events, in order) as seen by ``seat``
        into ``out`` (zeroed, :attr:`history_size` long): with the observation tensor, the
        information-state tensor of games whose history is bounded."""
        raise NotImplementedError

    def allowed(self, action: Action) -> bool:
        """Whether the adapter offers ``action`` at all (an encoding option may mask some)."""
        return True

    def encode(self, view: dict[str, Any], seat: int, prefix: Sequence[int], out: Obs) -> None:
        """Write the tensor of ``seat``'s view (and its own pending token prefix) into ``out``,
        a zeroed array of :attr:`obs_size`; :meth:`write` clips it to [0, 1] after."""
        raise NotImplementedError

    def write(self, view: dict[str, Any], seat: int, prefix: Sequence[int], out: Obs) -> None:
        """:meth:`encode`, every feature then clipped to [0, 1] (counts and damage above the
        scale saturate)."""
        self.encode(view, seat, prefix, out)
        np.clip(out, 0.0, 1.0, out=out)

    # --- shared ---------------------------------------------------------------------------

    def _layout(self, *pieces: tuple[str, tuple[int, ...]]) -> None:
        offset = 0
        for name, shape in pieces:
            self.pieces[name] = (offset, shape)
            offset += int(np.prod(shape))
        self.obs_size = offset

    def view_of(self, obs: Obs, name: str) -> npt.NDArray[np.float32]:
        """The named piece of a tensor, reshaped."""
        offset, shape = self.pieces[name]
        return obs[offset:offset + int(np.prod(shape))].reshape(shape)

    def observation(self, state: GameState, seat: int, prefix: Sequence[int] = ()) -> Obs:
        out = np.zeros(self.obs_size, dtype=np.float32)
        self.write_state(state, seat, prefix, out, state.observe)
        return out

    def choices(self, state: GameState, seat: int) -> Choices:
        """The table of ``seat``'s legal actions at ``state`` (empty when it is not to act)."""
        if seat not in state.to_act:
            return Choices({})
        return self.choices_state(state, seat, state.observe)

    # --- from the state (a game may take a faster, seat-safe path) ------------------------

    def write_state(self, state: GameState, seat: int, prefix: Sequence[int], out: Obs,
                    view: Callable[[int], dict[str, Any]]) -> None:
        """:meth:`write` of ``seat``'s view (``view(seat)``, cached by the caller). A game may
        build the same tensor from the state's fields instead, reading only what
        ``observe(seat)`` holds (a test compares both paths)."""
        self.write(view(seat), seat, prefix, out)

    def choices_state(self, state: GameState, seat: int,
                      view: Callable[[int], dict[str, Any]]) -> Choices:
        """The table of ``seat`` (to act) at ``state``: :meth:`table` of its view and legal
        actions. A game may build the same table faster (or lazily) from the state."""
        return Choices(self.table(view(seat), seat, state.legal_actions(seat)))

    def table(self, view: dict[str, Any], seat: int,
              legal: Sequence[Action]) -> dict[tuple[int, ...], Action]:
        """The token sequence of each legal action (those :meth:`allowed`); equivalent actions
        merge, the first (canonical) one standing for its class."""
        actions = [a for a in legal if self.allowed(a)] if self.filters else legal
        seqs = self.tokens_of(view, seat, actions)
        # built from the end, so that the first action of a class is the one kept
        return dict(zip(reversed(seqs), reversed(actions), strict=True))

    def rel(self, seat: int, other: int) -> int:
        """``other`` as seen from ``seat``: 0 is the seat itself, then the next seats in order."""
        return (other - seat) % self.players


class Choices:
    """One seat's legal actions at one state, as token sequences (prefix-free)."""

    __slots__ = ("_next", "table")

    def __init__(self, table: dict[tuple[int, ...], Action]) -> None:
        self.table = table
        self._next: dict[tuple[int, ...], list[int]] = {}

    def __bool__(self) -> bool:
        return bool(self.table)

    def next_tokens(self, prefix: tuple[int, ...]) -> list[int]:
        """The tokens that may follow ``prefix``, ascending (empty once it is complete)."""
        got = self._next.get(prefix)
        if got is None:
            k = len(prefix)
            if k == 0:
                got = sorted({seq[0] for seq in self.table})
            else:
                got = sorted({seq[k] for seq in self.table if len(seq) > k and seq[:k] == prefix})
            self._next[prefix] = got
        return got

    def advance(self, prefix: tuple[int, ...]) -> tuple[int, ...]:
        """``prefix`` with its forced continuation appended (while exactly one token may
        follow and the sequence is not complete)."""
        while prefix not in self.table:
            nxt = self.next_tokens(prefix)
            if len(nxt) != 1:
                break
            prefix = (*prefix, nxt[0])
        return prefix

    def action(self, prefix: tuple[int, ...]) -> Action | None:
        """The action a complete sequence stands for, or None."""
        return self.table.get(prefix)


def mask(size: int, legal: Sequence[int]) -> npt.NDArray[np.int8]:
    out = np.zeros(size, dtype=np.int8)
    out[list(legal)] = 1
    return out


def one_hot(out: Obs, offset: int, index: int | None) -> None:
    if index is not None and index >= 0:
        out[offset + index] = 1.0


def scaled(value: float, top: float) -> float:
    """``value / top`` clipped to [0, 1]."""
    if top <= 0:
        return 0.0
    return min(max(float(value) / top, 0.0), 1.0)


def codec_for(game: Game, players: int | None = None, *, allow_offers: bool = True) -> Codec:
    """The codec of ``game`` (a loaded Koloda game) at ``players`` seats; ``allow_offers``
    (the duel only): False masks ``offer-end`` out (the duel without agreement)."""
    n = game.players if players is None else players
    if game.name == "duel":
        from koloda.rl.duel import DuelCodec
        return DuelCodec(game, n, allow_offers=allow_offers)
    if game.name == "nevermore":
        from koloda.rl.nevermore import NevermoreCodec
        return NevermoreCodec(game, n)
    if game.name == "gwent":
        from koloda.rl.gwent import GwentCodec
        return GwentCodec(game, n)
    raise EncodingError(f"no research encoding for the game {game.name!r}")
