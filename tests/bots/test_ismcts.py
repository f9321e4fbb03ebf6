"""The search bot (SO-ISMCTS): honest (its move depends on the seat's view only), legal,
reproducible, and better than random play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from bot_games import mean_scores_against_randoms, play_game

from bugs_core.bots import BOTS, Bot, Budget, IsmctsBot, RandomBot
from bugs_core.bots.bugs_heuristic import goes_out
from bugs_core.bots.bugs_search import candidates, margin_rewards
from bugs_core.bugs import GAME
from bugs_core.bugs.actions import Play, WipeOut
from bugs_core.bugs.state import BugsState, BugsView
from bugs_core.rng import Rng

SMALL = Budget(iterations=30)


class Limited:
    """The search bot held to a fixed iteration budget, as `play_game` passes none."""

    name = "search"

    def __init__(self, iterations: int) -> None:
        self.bot = IsmctsBot()
        self.budget = Budget(iterations=iterations)

    def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Any:
        """The search's move under this bot's budget."""
        return self.bot.choose(game, view, rng, self.budget)


class Spy:
    """The Bugs game, recording every argument its methods are called with."""

    def __init__(self) -> None:
        self.seen: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        target = getattr(GAME, name)
        if not callable(target):
            return target

        def spied(*args: Any) -> Any:
            self.seen.extend(args)
            return target(*args)

        wrapped: Callable[..., Any] = spied
        return wrapped


def walk(seed: int, moves: int) -> BugsState:
    """A position `moves` random moves into a 4-player game."""
    state = GAME.initial_state(GAME.make_setup({"players": 4}), Rng(seed))
    rng = Rng(seed, stream=3)
    for _ in range(moves):
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


def test_registered_as_search() -> None:
    assert BOTS["search"]().name == "search"


@pytest.mark.parametrize("seed", range(4))
def test_same_view_same_move_whatever_the_hidden_hands(seed: int) -> None:
    position = walk(seed, 3 + 5 * seed)
    seat = GAME.current_player(position)
    view = GAME.player_view(position, seat)
    first = GAME.sample_state(view, Rng(100 + seed))
    second = GAME.sample_state(view, Rng(200 + seed))
    others = [s for s in range(4) if s != seat]
    assert [first.hands[s] for s in others] != [second.hands[s] for s in others]
    views = [GAME.player_view(real, seat) for real in (first, second)]
    assert views[0] == views[1] == view
    moves = []
    for real, seen in zip((first, second), views, strict=True):
        spy = Spy()
        moves.append(IsmctsBot().choose(spy, seen, Rng(7), SMALL))
        assert not any(arg is real for arg in spy.seen), "the bot saw the real state"
        assert all(not isinstance(arg, BugsView) or arg == view for arg in spy.seen)
    assert moves[0] == moves[1]


@pytest.mark.parametrize("seed", range(2))
def test_every_move_is_legal_in_full_games(seed: int) -> None:
    bots: list[Bot] = [Limited(30), BOTS["heuristic"](), RandomBot()]
    bots = bots[seed:] + bots[:seed]
    final = play_game(40 + seed, bots)
    assert GAME.is_terminal(final)


def test_same_seed_same_move() -> None:
    bot = IsmctsBot()
    for moves in (0, 7, 20):
        position = walk(9, moves)
        view = GAME.player_view(position, GAME.current_player(position))
        first = bot.choose(GAME, view, Rng(5), SMALL)
        assert bot.choose(GAME, view, Rng(5), SMALL) == first
        assert first in GAME.legal_actions(position)


def test_millisecond_budget_gives_a_legal_move() -> None:
    position = walk(2, 4)
    view = GAME.player_view(position, GAME.current_player(position))
    move = IsmctsBot().choose(GAME, view, Rng(1), Budget(millis=20))
    assert move in GAME.legal_actions(position)


def test_rewards_lie_in_the_unit_interval_fewer_points_higher() -> None:
    assert margin_rewards((0, 7, 7), scale=14) == (0.75, 0.375, 0.375)
    assert margin_rewards((4, 4, 4, 4)) == (0.5, 0.5, 0.5, 0.5)
    assert margin_rewards((0, 40, 40), scale=14) == (1.0, 0.0, 0.0)


@pytest.mark.parametrize("seed", range(6))
def test_candidates_are_legal_and_keep_going_out_and_wipe_outs(seed: int) -> None:
    state = walk(seed, 0)
    rng = Rng(seed, stream=5)
    while state.hand_no == 1:
        legal = GAME.legal_actions(state)
        kept = candidates(state, legal)
        assert kept and set(kept) <= set(legal)
        hand = state.hands[state.to_act]
        wipes = [a for a in legal if isinstance(a, WipeOut) and a.outbreaks == 0]
        if any(goes_out(hand, a) for a in legal):
            assert len(kept) == 1 and goes_out(hand, kept[0])
        elif wipes:
            assert kept == (wipes[0],)
        else:
            values = {a.value for a in legal if isinstance(a, Play)}
            assert values == {a.value for a in kept if isinstance(a, Play)}
            assert [a for a in legal if not isinstance(a, Play)] == [
                a for a in kept if not isinstance(a, Play)
            ]
        state = GAME.apply(state, rng.choice(legal))


@pytest.mark.slow  # a tournament
def test_search_beats_random() -> None:
    search_mean, random_mean = mean_scores_against_randoms(lambda: Limited(20), 2, 4, 2000)
    print(f"\nsearch (20 iterations) mean score {search_mean:.2f}, random {random_mean:.2f}")
    assert search_mean < random_mean
