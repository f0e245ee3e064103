"""ISMCTS with the other seats played by a model (``bot:ismcts:N:C:POLICY:heuristic``)."""

import pytest

from koloda.bots import decision_for, make_bot
from koloda.bots.ismcts import IsmctsBot
from koloda.engine import InvalidOption, load_game

from .test_ismcts import play


def test_names_and_bad_models():
    game = load_game("duel")
    assert make_bot("bot:ismcts:50::heuristic:heuristic", game).name == \
        "ismcts:50:0.7:heuristic:heuristic"
    assert make_bot("bot:ismcts:50:::heuristic", game).name == "ismcts:50:0.7:random:heuristic"
    assert make_bot("bot:ismcts:50:0.7:random:search", game).name == "ismcts:50"
    with pytest.raises(InvalidOption, match="opponents"):
        make_bot("bot:ismcts:50::heuristic:oracle", game)
    with pytest.raises(InvalidOption, match="unknown bot"):  # nim has no heuristic bot
        make_bot("bot:ismcts:50:::heuristic", load_game("nim"))


def test_modelled_seats_get_no_statistics(monkeypatch):
    """Only the bot's own seat is searched: the model's moves are edges, never arms."""
    roots = []
    best = IsmctsBot._best

    def keep(root, decision):
        roots.append(root)
        return best(root, decision)

    monkeypatch.setattr(IsmctsBot, "_best", staticmethod(keep))
    game = load_game("duel")
    state = game.new(seed=4)
    bot = make_bot("bot:ismcts:60:::heuristic", game, seed=2)
    action = bot.act(decision_for(state, 1))
    assert action in state.legal_actions(1)
    nodes, seen = [roots[0]], set()
    while nodes:
        node = nodes.pop()
        seen |= set(node.arms)
        nodes.extend(node.children.values())
    assert seen == {1}
    assert len(roots[0].children) > 1  # the model's hands differ between determinizations


def test_modelled_opponents_are_reproducible_and_legal():
    game = load_game("duel", deck_size=6)
    runs = []
    for _ in range(2):
        bots = [make_bot("bot:ismcts:30::heuristic:heuristic", game, seed=4),
                make_bot("bot:heuristic", game, seed=5)]
        runs.append(play(game, bots, 3).history)
    assert runs[0] == runs[1]


def test_guided_expansion_alone():
    """``heuristic0``: the heuristic's move is tried first, the playouts stay random."""
    game = load_game("duel")
    state = game.new(seed=2)
    decision = decision_for(state, 0)
    bot = make_bot("bot:ismcts:1:0.7:heuristic0", game, seed=1)
    assert bot.name == "ismcts:1:0.7:heuristic0"
    assert bot.act(decision) == make_bot("bot:heuristic", game, seed=0).act(decision)
    calls = []
    policy = bot._policy_bot
    original = policy.act

    def counted(d):
        calls.append(d.seat)
        return original(d)

    policy.act = counted
    bot.budget = type(bot.budget)(iterations=5)
    bot.act(decision)
    assert len(calls) <= 5 * 2  # when nodes grow (a call per seat), never in playouts


def test_the_duel_model_redraws_hidden_choices_only_with_a_model():
    from koloda.games.duel.resample import sensible_redraw

    game = load_game("duel")
    assert make_bot("bot:ismcts:10:::heuristic", game)._redraw is sensible_redraw
    assert make_bot("bot:ismcts:10::heuristic", game)._redraw is None


def test_the_model_never_sees_the_bots_hidden_hand():
    """The modelled opponent decides from its own view of each determinization: before a
    reveal the bot's chosen cards are never in it."""
    game = load_game("duel")
    state = game.new(seed=6)
    hand = state.eligible(0)[:4]
    state.apply_text(0, "hand " + " ".join(hand))
    state.apply_text(1, "hand " + " ".join(state.eligible(1)[:3]))
    bot = make_bot("bot:ismcts:40:::heuristic", game, seed=3)
    views = []
    model = bot._opponent_bot
    original = model.act

    def watched(decision):
        views.append(decision.observation)
        return original(decision)

    model.act = watched
    bot.act(decision_for(state, 0))
    assert views and all(v["seat"] == 1 for v in views)
    for view in views:
        revealed = {c for r in view["rounds"] for c in r["cards"] if c}
        assert not (set(hand) - revealed) & set(view["cards"])
