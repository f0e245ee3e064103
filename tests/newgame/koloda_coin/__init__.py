"""Coin («монетка»): the toy game of docs/kernel.md's walk-through "Adding a game", added as
this one package and the entry point beside it (``koloda_coin-0.1.dist-info``) and nothing
else. Two seats at once lay a coin heads or tails, face down; matching coins win the round
for seat 0, differing ones for seat 1; the first to win ``rounds_to_win`` rounds wins. Its page
at the play server's tables is its own (``page.js`` beside this file)."""

from __future__ import annotations

from koloda.engine import GameSpec, register
from koloda_coin.state import CoinOptions, CoinState, describe

COIN = register(GameSpec(
    name="coin",
    title_en="Coin",
    title_ru="Монетка",
    summary_en="Two players lay a coin at once; matching coins win for the first.",
    summary_ru="Двое одновременно кладут монету; совпали — раунд за первым.",
    min_players=2,
    max_players=2,
    default_players=2,
    simultaneous=True,
    chance=False,
    hidden_information=True,
    options_type=CoinOptions,
    state_type=CoinState,
    describe_event=describe,
    bots=("koloda_coin.bots",),
    page="koloda_coin:page.js",
))
