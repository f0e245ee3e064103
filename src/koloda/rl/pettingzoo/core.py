"""PettingZoo environments over any Koloda game: the AEC ``env`` and the ``parallel_env``."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import parallel_to_aec

from koloda.engine import Game, load_game
from koloda.rl.codec import Codec, codec_for
from koloda.rl.session import Session

ILLEGAL = ("terminate", "coerce", "raise")
RENDER_MODES = ["ansi", "human"]


class _Base:
    """What both environments share: the game, the spaces, seeding, illegal actions."""

    def _setup(self, game_name: str, *, players: int | None, render_mode: str | None,
               illegal_action: str, illegal_reward: float, max_cycles: int | None,
               fast: bool, allow_offers: bool, render_lang: str,
               options: dict[str, Any]) -> None:
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action is one of {', '.join(ILLEGAL)}, "
                             f"got {illegal_action!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(RENDER_MODES)} or None")
        if render_lang not in ("en", "ru"):
            raise ValueError(f"render_lang is 'en' or 'ru', got {render_lang!r}")
        self.render_lang = render_lang
        self.game: Game = load_game(game_name, players=players, **options)
        if not allow_offers and game_name != "duel":
            raise ValueError("allow_offers is an option of the duel only")
        self.codec: Codec = codec_for(self.game, allow_offers=allow_offers)
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_cycles = max_cycles
        self.fast = fast
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.codec.obs_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.num_tokens,), np.int8),
        })
        self._act_space = spaces.Discrete(self.codec.num_tokens)
        #: every seat's tensor, in seat order (:meth:`state`)
        self.state_space = spaces.Box(0.0, 1.0, (n * self.codec.obs_size,), np.float32)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.session: Session | None = None
        self.seed_used = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._act_space

    def state(self) -> Any:
        """Every seat's observation tensor, in seat order: what all the seats know together,
        for centralized critics. Privileged: never a policy's input. It holds nothing that no
        seat knows (the order of a deck, say)."""
        s = self.session
        assert s is not None
        return np.concatenate([s.observation(i) for i in range(len(self.possible_agents))])

    def _new_session(self, seed: int | None) -> Session:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
            koloda_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random = np.random.default_rng()
            koloda_seed = int(self._np_random.integers(0, 2**62))
        self.seed_used = koloda_seed
        return Session(self.codec, self.game.new(seed=koloda_seed), fast=self.fast)

    def _resolve(self, legal: list[int], action: Any) -> tuple[int | None, bool]:
        """(the legal token to play or None for an illegal one, whether it was coerced)."""
        try:
            token = int(action)
        except (TypeError, ValueError):
            token = -1
        if token in legal:
            return token, False
        if self.illegal_action == "raise":
            raise ValueError(f"the action {action!r} is not legal now; legal: {legal}")
        if self.illegal_action == "coerce" and legal:
            return legal[token % len(legal)], True
        return None, False

    def _rewards(self) -> dict[str, float]:
        assert self.session is not None
        result = self.session.state.result()
        if result is None:
            return {a: 0.0 for a in self.possible_agents}
        return {a: float(result.scores[i]) for i, a in enumerate(self.possible_agents)}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = self.session.render_text(self.render_lang) if self.session is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def record(self) -> Any:
        """The Koloda record of the game so far (``koloda replay`` reads its JSON)."""
        from koloda.engine.record import record_of
        assert self.session is not None
        return record_of(self.game, self.session.state)


class KolodaAEC(_Base, AECEnv[str, dict[str, Any], int], EzPickle):  # type: ignore[misc]
    """The serialized form: ``agent_selection`` is the first seat of ``to_act``; a seat stays
    selected while it spells a multi-token action."""

    def __init__(self, game_name: str, *, players: int | None = None,
                 render_mode: str | None = None, illegal_action: str = "terminate",
                 illegal_reward: float = -1.0, max_cycles: int | None = None,
                 fast: bool = False, allow_offers: bool = True, render_lang: str = "en",
                 **options: Any) -> None:
        EzPickle.__init__(self, game_name, players=players, render_mode=render_mode,
                          illegal_action=illegal_action, illegal_reward=illegal_reward,
                          max_cycles=max_cycles, fast=fast, allow_offers=allow_offers,
                          render_lang=render_lang, **options)
        AECEnv.__init__(self)
        self._setup(game_name, players=players, render_mode=render_mode,
                    illegal_action=illegal_action, illegal_reward=illegal_reward,
                    max_cycles=max_cycles, fast=fast, allow_offers=allow_offers,
                    render_lang=render_lang, options=options)
        self.metadata = {"render_modes": RENDER_MODES, "name": f"koloda_{game_name}_v0",
                         "is_parallelizable": False}
        self._steps = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.session = self._new_session(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        current = self.session.current
        self.agent_selection = self.agents[current if current is not None else 0]

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.session is not None
        seat = self.agent_seat[agent]
        s = self.session
        legal = s.legal(seat) if seat == s.current else []
        return {"observation": s.observation(seat), "action_mask": s.mask(legal)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        s = self.session
        assert s is not None
        seat = self.agent_seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        token, coerced = self._resolve(s.legal(seat), action)
        self._steps += 1
        if token is None:
            self.rewards[agent] = self.illegal_reward
            self.terminations = {a: True for a in self.agents}
            self.infos[agent]["illegal"] = True
        else:
            if coerced:
                self.infos[agent]["coerced"] = True
            s.step_serial(token)
            if s.state.is_terminal:
                self.rewards = self._rewards()
                self.terminations = {a: True for a in self.agents}
            elif (self.max_cycles is not None
                  and self._steps >= self.max_cycles * len(self.possible_agents)):
                self.truncations = {a: True for a in self.agents}
            else:
                current = s.current
                assert current is not None
                self.agent_selection = self.possible_agents[current]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class KolodaParallel(_Base, ParallelEnv[str, dict[str, Any], int],  # type: ignore[misc]
                     EzPickle):
    """The joint form: each step takes a token from every seat of ``to_act`` (the others, and
    seats that finished a multi-token action, have a NOOP-only mask and are ignored)."""

    def __init__(self, game_name: str, *, players: int | None = None,
                 render_mode: str | None = None, illegal_action: str = "terminate",
                 illegal_reward: float = -1.0, max_cycles: int | None = None,
                 fast: bool = False, allow_offers: bool = True, render_lang: str = "en",
                 **options: Any) -> None:
        EzPickle.__init__(self, game_name, players=players, render_mode=render_mode,
                          illegal_action=illegal_action, illegal_reward=illegal_reward,
                          max_cycles=max_cycles, fast=fast, allow_offers=allow_offers,
                          render_lang=render_lang, **options)
        self._setup(game_name, players=players, render_mode=render_mode,
                    illegal_action=illegal_action, illegal_reward=illegal_reward,
                    max_cycles=max_cycles, fast=fast, allow_offers=allow_offers,
                    render_lang=render_lang, options=options)
        self.metadata = {"render_modes": RENDER_MODES, "name": f"koloda_{game_name}_v0",
                         "is_parallelizable": True}
        self.agents: list[str] = []
        self._steps = 0

    def _legal(self, seat: int) -> list[int]:
        s = self.session
        assert s is not None
        if seat in s.state.to_act and seat not in s.buffer:
            return s.legal(seat)
        return [self.codec.noop]

    def _observations(self) -> dict[str, dict[str, Any]]:
        s = self.session
        assert s is not None
        return {a: {"observation": s.observation(self.agent_seat[a]),
                    "action_mask": s.mask(self._legal(self.agent_seat[a]))}
                for a in self.agents}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        self.session = self._new_session(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, dict[str, Any]], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        s = self.session
        assert s is not None
        agents = list(self.agents)
        rewards = {a: 0.0 for a in agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        tokens: dict[int, int] = {}
        illegal = False
        for seat in s.state.to_act:
            if seat in s.buffer:
                continue
            agent = self.possible_agents[seat]
            token, coerced = self._resolve(s.legal(seat), actions.get(agent))
            if token is None:
                rewards[agent] = self.illegal_reward
                infos[agent]["illegal"] = True
                illegal = True
            else:
                tokens[seat] = token
                if coerced:
                    infos[agent]["coerced"] = True
        self._steps += 1
        done = illegal
        if not illegal:
            s.step_joint(tokens)
            if s.state.is_terminal:
                rewards = self._rewards()
                done = True
        terminations = {a: done for a in agents}
        cycles = self.max_cycles
        truncated = not done and cycles is not None and self._steps >= cycles
        truncations = {a: truncated for a in agents}
        observations = self._observations()
        if done or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


def make_env(game_name: str, *, schedule: str = "turn", **kwargs: Any) -> AECEnv[str, Any, Any]:
    """The AEC environment: ``schedule="turn"`` (the serialized form) or ``"cycle"`` (every
    agent in turn each joint step: PettingZoo's ``parallel_to_aec`` of the parallel env)."""
    if schedule == "turn":
        env: AECEnv[str, Any, Any] = KolodaAEC(game_name, **kwargs)
        if kwargs.get("illegal_action", "terminate") != "raise":
            return wrappers.OrderEnforcingWrapper(env)
        return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env))
    if schedule == "cycle":
        return parallel_to_aec(KolodaParallel(game_name, **kwargs))
    raise ValueError(f"schedule is 'turn' or 'cycle', got {schedule!r}")
