"""A Koloda game under an adapter: the state, each seat's pending token prefix, and caches.

Both frameworks drive a :class:`Session`. In the *serialized* form (PettingZoo AEC, OpenSpiel)
the seat to act is ``to_act[0]`` and a seat's whole token sequence runs before the next seat's;
in the *joint* form (PettingZoo Parallel) every seat of ``to_act`` submits a token at once,
finished seats wait with NOOP, and the Koloda actions are applied together, in seat order,
when every deciding seat has finished; a choice that an earlier one made illegal is dropped
and that seat is asked again (Koloda's ISMCTS does the same).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from koloda.engine import Action, GameState
from koloda.rl.codec import Choices, Codec, Obs


class Session:
    __slots__ = ("_choices", "_events_seen", "_obs", "_public", "_views", "buffer", "codec",
                 "fast", "prefix", "state")

    def __init__(self, codec: Codec, state: GameState, *, fast: bool = False) -> None:
        self.codec = codec
        self.state = state
        self.fast = fast
        self.prefix: dict[int, tuple[int, ...]] = {}
        self.buffer: dict[int, Action] = {}
        self._choices: dict[int, Choices] = {}
        self._views: dict[int, dict[str, Any]] = {}
        self._obs: dict[int, Obs] = {}
        # the spectator's log in words, described once per event (events are only appended)
        self._public: list[str] = []
        self._events_seen = 0

    def copy(self) -> Session:
        other = Session(self.codec, self.state.clone(), fast=self.fast)
        other.prefix = dict(self.prefix)
        other.buffer = dict(self.buffer)
        other._public = list(self._public)
        other._events_seen = self._events_seen
        return other

    def public_lines(self) -> list[str]:
        """The events a spectator may see, each in English words, in order."""
        events = self.state.events
        if len(events) < self._events_seen:  # (not a continuation: describe it all again)
            self._public, self._events_seen = [], 0
        describe = self.codec.game.spec.describe
        lines = self._public
        for event in events[self._events_seen:]:
            if event.to.sees(None):
                lines.append(describe(event, "en"))
        self._events_seen = len(events)
        return lines

    # --- reading ---------------------------------------------------------------------------

    @property
    def current(self) -> int | None:
        """The seat to act in the serialized form, None at the end."""
        to_act = self.state.to_act
        return to_act[0] if to_act else None

    def view(self, seat: int) -> dict[str, Any]:
        got = self._views.get(seat)
        if got is None:
            got = self._views[seat] = self.state.observe(seat)
        return got

    def choices(self, seat: int) -> Choices:
        got = self._choices.get(seat)
        if got is None:
            if seat in self.state.to_act:
                got = self.codec.choices_state(self.state, seat, self.view)
            else:
                got = Choices({})
            self._choices[seat] = got
        return got

    def legal(self, seat: int) -> list[int]:
        """The tokens ``seat`` may choose now (its own prefix continued); [] if none."""
        if seat in self.buffer:
            return []
        return self.choices(seat).next_tokens(self.prefix.get(seat, ()))

    def observation(self, seat: int) -> Obs:
        got = self._obs.get(seat)
        if got is None:
            got = np.zeros(self.codec.obs_size, dtype=np.float32)
            self.codec.write_state(self.state, seat, self.prefix.get(seat, ()), got, self.view)
            self._obs[seat] = got
        return got

    def mask(self, legal: list[int]) -> npt.NDArray[np.int8]:
        out = np.zeros(self.codec.num_tokens, dtype=np.int8)
        if legal:
            out[legal] = 1
        return out

    # --- changing --------------------------------------------------------------------------

    def push(self, seat: int, token: int) -> Action | None:
        """Append a legal ``token`` to ``seat``'s prefix (and its forced continuation); the
        action once the sequence is complete, else None. A complete sequence stays the seat's
        prefix (its own tensor shows the choice) until the action is applied."""
        choices = self.choices(seat)
        prefix = choices.advance((*self.prefix.get(seat, ()), token))
        self._obs.pop(seat, None)
        self.prefix[seat] = prefix
        return choices.action(prefix)

    def apply(self, seat: int, action: Action) -> None:
        if self.fast:
            self.state.apply_unchecked(seat, action)
        else:
            self.state.apply(seat, action)
        self.changed()

    def changed(self) -> None:
        self.prefix.clear()
        self._choices.clear()
        self._views.clear()
        self._obs.clear()

    def step_serial(self, token: int) -> Action | None:
        """The serialized form: the current seat chooses ``token`` (legal); the Koloda action
        applied, if the sequence completed."""
        seat = self.current
        assert seat is not None
        action = self.push(seat, token)
        if action is not None:
            self.apply(seat, action)
        return action

    def step_joint(self, tokens: dict[int, int]) -> list[tuple[int, Action]]:
        """The joint form: each deciding seat without a finished choice gives a legal token;
        the Koloda actions applied (in seat order), once every deciding seat has finished."""
        for seat in self.state.to_act:
            if seat in self.buffer:
                continue
            action = self.push(seat, tokens[seat])
            if action is not None:
                self.buffer[seat] = action
        if any(seat not in self.buffer for seat in self.state.to_act):
            return []
        done: list[tuple[int, Action]] = []
        buffered, self.buffer = self.buffer, {}
        for seat in sorted(buffered):
            action = buffered[seat]
            if seat in self.state.to_act and self.state.check(seat, action) is None:
                self.apply(seat, action)
                done.append((seat, action))
        self.changed()
        return done

    def render_text(self, lang: str = "en") -> str:
        """What a spectator may see, in words: the last events and who is to act."""
        spec = self.codec.game.spec
        lines = [spec.title(lang)]
        lines += [spec.describe(e, lang) for e in self.state.log(None)[-8:]]
        if self.state.is_terminal:
            result = self.state.result()
            if result is not None:
                lines.append(result.text(lang))
            return "\n".join(lines)
        seats = self.state.to_act
        if lang == "ru":
            names = ", ".join(f"Игрок {s + 1}" for s in seats)
            lines.append(("Ходит: " if len(seats) == 1 else "Ходят: ") + names)
        else:
            names = ", ".join(f"Player {s + 1}" for s in seats)
            lines.append(("To act: " if len(seats) == 1 else "To act, together: ") + names)
        return "\n".join(lines)
