"""Bots of Bugs: every move legal, seen through the seat's view only, reproducible, and the
heuristic clearly stronger than random play."""

from __future__ import annotations

import pytest
from bot_games import mean_scores_against_randoms, play_game

from bugs_core.bots import BOTS, Bot, BugsHeuristicBot, RandomBot
from bugs_core.bots.base import Budget, legal_from_view
from bugs_core.bugs import GAME
from bugs_core.bugs.actions import Action
from bugs_core.bugs.state import BugsState
from bugs_core.rng import Rng


def test_registry_names_and_factories() -> None:
    assert set(BOTS) == {"random", "heuristic", "search"}
    for name, factory in BOTS.items():
        assert factory().name == name


@pytest.mark.parametrize("seed", range(20))
def test_every_move_is_legal_in_full_games(seed: int) -> None:
    players = 3 + seed % 4
    # Mixed tables, and every fifth game all heuristic or all random.
    names = {0: ["heuristic"], 1: ["random"]}.get(seed % 5, ["heuristic", "random"])
    bots = [BOTS[names[(seed + i) % len(names)]]() for i in range(players)]
    final = play_game(seed, bots)
    assert GAME.is_terminal(final)


def test_legal_from_view_matches_the_full_state() -> None:
    state = GAME.initial_state(GAME.make_setup({"players": 4}), Rng(5))
    rng = Rng(1)
    for _ in range(300):
        if GAME.is_terminal(state):
            break
        seat = GAME.current_player(state)
        view = GAME.player_view(state, seat)
        assert legal_from_view(GAME, view, rng) == GAME.legal_actions(state)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))


@pytest.mark.parametrize("bot", [RandomBot(), BugsHeuristicBot()], ids=lambda b: b.name)
def test_same_seed_same_move(bot: Bot) -> None:
    state = GAME.initial_state(GAME.make_setup({"players": 4}), Rng(3))
    walk = Rng(4)
    for _ in range(200):
        if GAME.is_terminal(state):
            break
        view = GAME.player_view(state, GAME.current_player(state))
        first = bot.choose(GAME, view, Rng(9), Budget(iterations=10))
        assert bot.choose(GAME, view, Rng(9)) == first
        state = GAME.apply(state, rng_pick(walk, state))


def rng_pick(rng: Rng, state: BugsState) -> Action:
    """A random legal action, to walk through varied positions."""
    return rng.choice(GAME.legal_actions(state))


@pytest.mark.slow  # a tournament
def test_heuristic_beats_random() -> None:
    heuristic_mean, random_mean = mean_scores_against_randoms(BugsHeuristicBot, 60, 4, 1000)
    print(f"\nheuristic mean score {heuristic_mean:.2f}, random mean score {random_mean:.2f}")
    assert heuristic_mean < random_mean
