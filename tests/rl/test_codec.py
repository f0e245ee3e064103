"""Koloda's own checks of the encodings: ids round-trip, masks are the legal actions, tensors
are bounded and hold nothing a seat may not know (the leak check the frameworks lack)."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from koloda.engine import Rng, load_game  # noqa: E402
from koloda.rl.codec import Codec, EncodingError, codec_for  # noqa: E402
from koloda.rl.session import Session  # noqa: E402
from tests.rl.cases import CASES, case_id  # noqa: E402


def _play(case: tuple[str, int, dict[str, Any]], seed: int, check: Any, limit: int = 400) -> None:
    game_name, players, options = case
    game = load_game(game_name, players=players, **options)
    codec = codec_for(game)
    state = game.new(seed=seed)
    rng = Rng.from_seed(seed + 1000)
    steps = 0
    while not state.is_terminal and steps < limit:
        for seat in state.to_act:
            check(codec, state, seat, rng)
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
        steps += 1


def _round_trip(codec: Codec, state: Any, seat: int, rng: Rng) -> None:
    view = state.observe(seat)
    legal = state.legal_actions(seat)
    choices = codec.choices(state, seat)
    # every legal action has a sequence; a sequence stands for the first action of its class
    position = {a: i for i, a in enumerate(legal)}
    for action in legal:
        seq = codec.tokens(view, seat, action)
        assert all(0 <= t < codec.num_tokens and t != codec.noop for t in seq)
        first = choices.action(seq)
        assert first is not None and position[first] <= position[action]
        assert codec.tokens(view, seat, first) == seq
        for t in seq:
            assert codec.token_text(t)
    seqs = list(choices.table)
    # prefix-free, and complete sequences are exactly the classes of the legal actions
    if any(len(a) > 1 for a in seqs):
        for a in seqs:
            for b in seqs:
                assert a == b or a[:len(b)] != b
    if codec.game_name != "nevermore":  # the only game whose encoding merges actions
        assert len(seqs) == len(legal)
    # the mask after each prefix is the set of next tokens of the legal sequences
    for seq in seqs:
        for k in range(len(seq)):
            assert seq[k] in choices.next_tokens(seq[:k])
    obs = codec.observation(state, seat)
    assert obs.shape == (codec.obs_size,) and obs.dtype == np.float32
    assert float(obs.min()) >= 0.0 and float(obs.max()) <= 1.0


def _no_leak(codec: Codec, state: Any, seat: int, rng: Rng) -> None:
    sample = state.determinize(seat, rng.spawn())
    assert np.array_equal(codec.observation(sample, seat), codec.observation(state, seat))
    assert codec.choices(sample, seat).table.keys() == codec.choices(state, seat).table.keys()
    # the sequences of the same actions, and the same tensor mid-sequence
    s1, s2 = Session(codec, state), Session(codec, sample)
    for seq in list(s1.choices(seat).table)[:3]:
        if len(seq) > 1:
            for s in (s1, s2):
                s.prefix[seat] = seq[:1]
                s._obs.clear()
            assert np.array_equal(s1.observation(seat), s2.observation(seat))
            assert s1.legal(seat) == s2.legal(seat)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_ids_round_trip_and_masks_are_the_legal_actions(case: Any) -> None:
    _play(case, 1, _round_trip, limit=150)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_tensors_hold_nothing_the_seat_may_not_know(case: Any) -> None:
    _play(case, 2, _no_leak, limit=150)


@pytest.mark.parametrize("game_name", ["duel", "nevermore", "gwent"])
def test_other_seats_tensors_do_change_in_samples(game_name: str) -> None:
    """The leak check has teeth: a sample for one seat does redeal what another seat holds."""
    game = load_game(game_name)
    codec = codec_for(game)
    state = game.new(seed=5)
    rng = Rng.from_seed(9)
    changed = False
    for _ in range(60):
        if state.is_terminal:
            break
        sample = state.determinize(0, rng.spawn())
        other = 1
        if not np.array_equal(codec.observation(sample, other), codec.observation(state, other)):
            changed = True
            break
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
    assert changed


def test_sizes_are_the_documented_ones() -> None:
    assert codec_for(load_game("duel")).num_tokens == 728
    assert codec_for(load_game("duel", deck_size=15, items=3)).num_tokens == 5094
    assert codec_for(load_game("duel", deck_size=3, items=0)).num_tokens == 8 + 6 + 30
    for n in (3, 6):
        assert codec_for(load_game("nevermore", players=n)).num_tokens == 378
    assert codec_for(load_game("nevermore", magic="none")).num_tokens == 78
    assert codec_for(load_game("gwent")).num_tokens == 240


def test_an_action_outside_the_encoding_is_refused_clearly() -> None:
    from koloda.games.gwent.actions import Spy

    game = load_game("gwent")
    codec = codec_for(game)
    with pytest.raises(EncodingError, match="outside the encoding"):
        codec.tokens({}, 0, Spy("nr_catapult#99"))
    with pytest.raises(EncodingError):
        codec.token_text(codec.num_tokens)


@pytest.mark.parametrize("case", [c for c in CASES if c[0] != "gwent"] + [CASES[-1]],
                         ids=case_id)
def test_another_seats_hidden_choice_leaves_the_tensor_unchanged(case: Any) -> None:
    """Two states that differ only in what one seat chose face down in a simultaneous step:
    the tensors, masks and sequences of every seat still to choose are equal."""
    game_name, players, options = case
    game = load_game(game_name, players=players, **options)
    codec = codec_for(game)
    rng = Rng.from_seed(4)
    seen = 0
    for seed in range(3):
        state = game.new(seed=seed)
        for _ in range(300):
            if state.is_terminal:
                break
            to_act = state.to_act
            if len(to_act) > 1:
                first, rest = to_act[0], to_act[1:]
                # two face-down choices of the same kind (an offer to end a duel is public)
                every = state.legal_actions(first)
                kind = max({type(x) for x in every},
                           key=lambda t: (sum(type(x) is t for x in every), t.__name__))
                legal = [x for x in every if type(x) is kind]
                if len(legal) > 1:
                    a, b = state.clone(), state.clone()
                    a.apply(first, legal[0])
                    b.apply(first, legal[-1])
                    for seat in rest:
                        if seat in a.to_act and seat in b.to_act:
                            assert np.array_equal(codec.observation(a, seat),
                                                  codec.observation(b, seat))
                            assert codec.choices(a, seat).table.keys() == \
                                codec.choices(b, seat).table.keys()
                            seen += 1
            seat = state.to_act[0]
            state.apply(seat, state.random_action(seat, rng))
    assert seen > 0


def test_ids_are_pinned_to_the_documented_tables() -> None:
    """ENCODING_VERSION 2 (docs/rl.md §3): a change here is a new encoding version."""
    from koloda.rl.codec import ENCODING_VERSION

    assert ENCODING_VERSION == 2
    duel = codec_for(load_game("duel"))
    assert [duel.token_text(i) for i in (0, 1, 637, 638, 641, 697, 698, 699, 700, 701, 725,
                                          726, 727)] == [
        "hand", "hand b0", "hand b5 b6 b7 b8 b9", "play b0", "play b0 show i0 kill",
        "play b9 show i1 kill", "offer-end", "accept-end", "decline-end",
        "swap theirs#0 mine#0", "swap theirs#4 mine#4", "no-swap", "noop"]
    nm = codec_for(load_game("nevermore"))
    assert [nm.token_text(i) for i in (0, 34, 35, 54, 55, 171, 172, 367, 368, 369, 375, 376,
                                        377)] == [
        "pass AAA", "pass RRR", "pass AA", "pass R", "commit ravens=0 magic#0",
        "commit ravens=12 magic#8", "play ward", "play cursed_mirror seat+5", "attack all",
        "attack seat+0", "done", "peck", "noop"]
    gw = codec_for(load_game("gwent"))
    assert [gw.token_text(i) for i in (0, 1, 16, 17, 25, 72, 73, 239)] == [
        "NOOP", "STOP", "SUIT siege", "DECK northern_realms", "STACK 0", "STACK 47",
        "CARD mo_arachas#1", f"CARD {gw.cards[-1]}"]


@pytest.mark.parametrize("game_name, players", [("duel", 2), ("nevermore", 4), ("gwent", 4)])
def test_a_seats_own_hidden_choice_is_in_its_tensor(game_name: str, players: int) -> None:
    """While the others still choose, a seat's tensor tells its own choices apart (the views
    do: its face-down hand or card, its pass or commit, its throw-in)."""
    game = load_game(game_name, players=players)
    codec = codec_for(game)
    rng = Rng.from_seed(3)
    checked = 0
    for seed in range(4):
        state = game.new(seed=seed)
        for _ in range(400):
            if state.is_terminal:
                break
            if len(state.to_act) > 1:
                seat = state.to_act[0]
                table = codec.choices(state, seat).table
                tensors = {}
                for seq, action in list(table.items())[:8]:
                    after = state.clone()
                    after.apply(seat, action)
                    tensors[seq] = codec.observation(after, seat).tobytes()
                assert len(set(tensors.values())) == len(tensors)
                checked += len(tensors) > 1
            seat = state.to_act[0]
            state.apply(seat, state.random_action(seat, rng))
    assert checked > 0
