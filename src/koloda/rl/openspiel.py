"""Koloda's games as OpenSpiel Python games: ``python_koloda_duel``, ``python_koloda_nevermore``
and ``python_koloda_gwent``, registered with ``pyspiel.register_game`` on import.

SEQUENTIAL dynamics (the serialized form of :mod:`koloda.rl.session`: a simultaneous step is
asked seat by seat, each choice hidden from the later seats), one root chance node ``deal k``
(``k`` uniform in ``[0, num_deals)``, the Koloda seed ``seed_base + k``; every later chance
event comes from the game's own generator, which no player observes), terminal rewards.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from koloda.engine import Game, Rng, get_spec, load_game
from koloda.extras import require
from koloda.rl.codec import Codec, codec_for
from koloda.rl.session import Session

require("pyspiel", extra="rl", what="the OpenSpiel games (koloda.rl.openspiel)")
import pyspiel  # noqa: E402  (after the clear error when it is missing)

GAMES = ("duel", "nevermore", "gwent")
DEFAULT_DEALS = 4096
_LIMITS = {"duel": (2, 2, -1.0, 1.0), "nevermore": (3, 6, 0.0, 1.0), "gwent": (2, 4, 0.0, 1.0)}
_CODECS: dict[tuple[str, str, int, bool], tuple[Game, Codec]] = {}


def _codec(name: str, options: dict[str, Any], players: int,
           allow_offers: bool) -> tuple[Game, Codec]:
    key = (name, json.dumps(options, sort_keys=True), players, allow_offers)
    got = _CODECS.get(key)
    if got is None:
        game = load_game(name, players=players, **options)
        got = _CODECS[key] = (game, codec_for(game, allow_offers=allow_offers))
    return got


def _parameters(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters: the game's options that fit a game string (no JSON texts),
    ``players``, ``num_deals``, ``seed_base`` (and ``allow_offers`` for the duel)."""
    lo, hi, _, _ = _LIMITS[name]
    params: dict[str, Any] = {}
    for info in get_spec(name).options:
        if info.name.endswith("_json") or info.name == "seat_decks":
            continue
        if isinstance(info.default, bool | int | float | str):
            params[info.name] = info.default
    if hi > lo:
        params["players"] = get_spec(name).default_players
    params["num_deals"] = DEFAULT_DEALS
    params["seed_base"] = 0
    if name == "duel":
        params["allow_offers"] = True
    return params


def max_game_length(name: str, game: Game, codec: Codec, players: int) -> int:
    """A true bound of the decisions (tokens) in one game (tested against random play)."""
    if name == "duel":
        # hands, at most 9 rounds of 2 plays and 2 offer/answer pairs, the swap
        return 2 + 9 * 6 + 1
    if name == "nevermore":
        rounds = int(game.options.max_rounds)
        return rounds * (31 * players + 100)
    # Gwent: at most 4 rounds; a round ends when the hands are spent (≤ 20 cards a seat,
    # each needing ≤ 3 decisions of ≤ 12 tokens, throw-ins and passes included)
    return int(game.options.rounds) * players * 20 * 3 * 12 + 16


class _Holder:
    """The Koloda session inside an OpenSpiel state: copied with ``clone`` and pickled through
    Koloda's exact JSON codec (the compiled classes need not be picklable)."""

    __slots__ = ("key", "session")

    def __init__(self, key: tuple[str, dict[str, Any], int, bool], session: Session) -> None:
        self.key = key
        self.session = session

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.key, self.session.copy())

    def __getstate__(self) -> dict[str, Any]:
        s = self.session
        return {"key": list(self.key), "state": s.state.to_json(),
                "prefix": {str(k): list(v) for k, v in s.prefix.items()}}

    def __setstate__(self, data: dict[str, Any]) -> None:
        name, options, players, allow = data["key"]
        self.key = (name, options, players, allow)
        game, codec = _codec(name, options, players, allow)
        self.session = Session(codec, game.state_from_json(data["state"]))
        self.session.prefix = {int(k): tuple(v) for k, v in data["prefix"].items()}


def _register(name: str, simultaneous: bool = False) -> None:
    lo, hi, min_u, max_u = _LIMITS[name]
    spec = get_spec(name)
    zero_sum = name == "duel"
    suffix = "_sim" if simultaneous else ""
    game_type = pyspiel.GameType(
        short_name=f"python_koloda_{name}{suffix}",
        long_name=f"Koloda {spec.title_en}" + (" (simultaneous moves)" if simultaneous else ""),
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=name == "duel",
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(name),
    )

    class KolodaGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            full = {**_parameters(name), **(params or {})}
            players = int(full.pop("players", lo))
            num_deals = int(full.pop("num_deals"))
            seed_base = int(full.pop("seed_base"))
            allow = bool(full.pop("allow_offers", True))
            if num_deals < 1:
                raise ValueError("num_deals must be at least 1")
            kgame, codec = _codec(name, full, players, allow)
            if name == "nevermore" and kgame.options.max_rounds < 1:
                raise ValueError("OpenSpiel needs a bounded game: max_rounds must be at least 1")
            info = pyspiel.GameInfo(
                num_distinct_actions=codec.num_tokens,
                max_chance_outcomes=num_deals,
                num_players=players,
                min_utility=min_u,
                max_utility=max_u,
                utility_sum=0.0 if zero_sum else None,
                max_game_length=max_game_length(name, kgame, codec, players))
            super().__init__(game_type, info, params or {})
            self.koloda_key = (name, full, players, allow)
            self.simultaneous = simultaneous
            self.koloda_game = kgame
            self.codec = codec
            self.num_deals = num_deals
            self.seed_base = seed_base
            p = 1.0 / num_deals
            self.outcomes = [(k, p) for k in range(num_deals)]

        def new_initial_state(self) -> KolodaState:
            return KolodaState(self)

        def make_py_observer(self, iig_obs_type: Any = None,
                             params: dict[str, Any] | None = None) -> Observer:
            return Observer(self, iig_obs_type
                            or pyspiel.IIGObservationType(perfect_recall=False), params)

    # a module-level name, so that games pickle
    KolodaGame.__name__ = KolodaGame.__qualname__ = (
        f"Koloda{name.capitalize()}{'Sim' if simultaneous else ''}Game")
    globals()[KolodaGame.__name__] = KolodaGame
    pyspiel.register_game(game_type, KolodaGame)


class KolodaState(pyspiel.State):  # type: ignore[misc]
    """``history()`` is ``[deal, token, token, …]``; ``str`` is the deal and the Koloda
    actions so far (cheap, and it tells states apart)."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._deal = -1
        self._h: _Holder | None = None

    @property
    def session(self) -> Session:
        assert self._h is not None
        return self._h.session

    def current_player(self) -> int:
        if self._h is None:
            return int(pyspiel.PlayerId.CHANCE)
        current = self._h.session.current
        if current is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.get_game().simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return current

    def _legal_actions(self, player: int) -> list[int]:
        if self._h is None:
            return []
        s = self._h.session
        if self.get_game().simultaneous:
            # the joint form: a seat deciding now chooses its next token; every other seat,
            # and a seat whose choice is complete, has the one NOOP
            if s.current is None:
                return []
            legal = s.legal(player) if player in s.state.to_act else []
            return legal or [s.codec.noop]
        if player != s.current:
            return []
        return list(s.legal(player))

    def _apply_actions(self, actions: list[int]) -> None:
        """The joint form (``python_koloda_*_sim``): one token per seat; idle seats' entries
        are ignored whatever they hold, and the Koloda actions are applied together once
        every deciding seat has finished (``Session.step_joint``)."""
        s = self.session
        tokens: dict[int, int] = {}
        for seat in s.state.to_act:
            if seat in s.buffer:
                continue
            if actions[seat] not in s.legal(seat):
                raise ValueError(f"the action {actions[seat]} is not legal for seat {seat} now")
            tokens[seat] = actions[seat]
        s.step_joint(tokens)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self.get_game().outcomes)

    def _apply_action(self, action: int) -> None:
        if self._h is None:
            game = self.get_game()
            if not 0 <= action < game.num_deals:
                raise ValueError(f"no deal {action}")
            self._deal = action
            state = game.koloda_game.new(seed=game.seed_base + action)
            self._h = _Holder(game.koloda_key, Session(game.codec, state))
            return
        s = self._h.session
        seat = s.current
        if seat is None or action not in s.legal(seat):
            raise ValueError(f"the action {action} is not legal now")
        s.step_serial(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(self.get_game().codec.token_text(action))

    def is_terminal(self) -> bool:
        return self._h is not None and self._h.session.state.is_terminal

    def returns(self) -> list[float]:
        n = self.get_game().num_players()
        if self._h is None:
            return [0.0] * n
        result = self._h.session.state.result()
        if result is None:
            return [0.0] * n
        return [float(x) for x in result.scores]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KolodaState:
        """A state ``player_id`` cannot tell from this one: Koloda's ``determinize`` for that
        seat, seeded from the sampler (62 bits). Its ``history()`` is still the true one:
        never serialize or replay a sample. Another seat's unfinished token prefix is
        forgotten (it is private to that seat)."""
        clone: KolodaState = self.clone()
        if self._h is None:
            return clone
        seed = int(probability_sampler() * (1 << 62)) & ((1 << 62) - 1)
        s = self._h.session
        sample = s.state.determinize(player_id, Rng.from_seed(seed))
        new = Session(s.codec, sample, fast=s.fast)
        if player_id in s.prefix:
            new.prefix[player_id] = s.prefix[player_id]
        if player_id in s.buffer:  # the joint form: its finished choice, not yet applied
            new.buffer[player_id] = s.buffer[player_id]
        clone._h = _Holder(self._h.key, new)
        return clone

    def __str__(self) -> str:
        if self._h is None:
            return "chance: the deal"
        s = self._h.session
        moves = " ".join(f"{seat}:{text}" for seat, text in s.state.history)
        pending = "".join(f" [{k}:{list(v)}]" for k, v in sorted(s.prefix.items()))
        return f"deal {self._deal}| {moves}{pending}"


def info_state_string(session: Session, player: int) -> str:
    """The public record (the spectator's log) and the seat's view and own prefix."""
    public = "\n".join(session.public_lines())
    return f"p{player}|{public}||{observation_string(session, player)}"


def observation_string(session: Session, player: int) -> str:
    view = json.dumps(session.view(player), sort_keys=True, ensure_ascii=False)
    return f"{view}|{list(session.prefix.get(player, ()))}"


class Observer:
    """OpenSpiel's PyObserver: the seat's tensor (``perfect_recall=False``, single player)
    and strings for every observation type."""

    def __init__(self, game: Any, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.codec: Codec = game.codec
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info
        single = self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        # the observation tensor; with perfect recall, where the public history is bounded
        # (the duel), the observation tensor followed by that history
        self.with_tensor = single and (not self.perfect_recall or self.codec.history_size > 0)
        size = 0
        if self.with_tensor:
            size = self.codec.obs_size + (self.codec.history_size if self.perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        if self.with_tensor:
            for piece, (offset, shape) in self.codec.pieces.items():
                n = int(np.prod(shape))
                self.dict[piece] = self.tensor[offset:offset + n].reshape(shape)
            if self.perfect_recall:
                start = self.codec.obs_size
                self.dict["history"] = self.tensor[start:].reshape(self.codec.history_shape)

    def set_from(self, state: KolodaState, player: int) -> None:
        self.tensor.fill(0.0)
        if self.with_tensor and state._h is not None:
            s = state._h.session
            n = self.codec.obs_size
            self.tensor[:n] = s.observation(player)
            if self.perfect_recall:
                self.codec.encode_history(s.state.log(None), player, self.tensor[n:])

    def string_from(self, state: KolodaState, player: int) -> str:
        if state._h is None:
            return f"p{player}|the deal"
        s = state._h.session
        if self.private == pyspiel.PrivateInfoType.NONE:
            view = json.dumps(s.state.observe(None), sort_keys=True, ensure_ascii=False)
            return f"spectator|{view}"
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return "\n".join(observation_string(s, p) for p in range(s.state.players))
        if self.perfect_recall:
            return info_state_string(s, player)
        return f"p{player}|{observation_string(s, player)}"


def register() -> None:
    """Register the three games (harmless if done already)."""
    known = set(pyspiel.registered_names())
    for name in GAMES:
        if f"python_koloda_{name}" not in known:
            _register(name)
        if f"python_koloda_{name}_sim" not in known:
            _register(name, simultaneous=True)


register()
