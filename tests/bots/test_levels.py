"""bugs_core.bots.levels: every level plays every game that has bots, within its budget."""

from __future__ import annotations

import pytest

from bugs_core.bots import LEVELS, get_level
from bugs_core.bots.drive import acting_seats, bot_moves
from bugs_core.errors import SetupError
from bugs_core.registry import get_game
from bugs_core.rng import Rng

GAMES_WITH_BOTS = ("bugs", "bag-of-bugs", "bugspiel")


@pytest.mark.parametrize("game_id", GAMES_WITH_BOTS)
@pytest.mark.parametrize("level_id", list(LEVELS))
def test_each_level_makes_legal_moves_in_each_game(game_id: str, level_id: str) -> None:
    game = get_game(game_id)
    level = get_level(level_id)
    state = game.initial_state(game.make_setup({"players": 4}), Rng(3))
    bot = level.make()
    for _ in range(4):  # a few decisions, windows included
        if game.is_terminal(state):
            break
        bots = {seat: bot for seat in acting_seats(game, state)}
        moves = bot_moves(game, state, bots, Rng(5), level.budget(game_id))
        for move in moves:
            state = game.apply(state, move.action)


def test_budgets_grow_with_the_level_and_unknown_levels_are_named() -> None:
    for game_id in GAMES_WITH_BOTS:
        medium = get_level("medium").budget(game_id).iterations
        hard = get_level("hard").budget(game_id).iterations
        expert = get_level("expert").budget(game_id)
        assert medium is not None and hard is not None and medium < hard
        assert expert.iterations is not None and expert.iterations > hard
        assert expert.millis == 3000  # the browser's cap on a slow device
    with pytest.raises(SetupError, match="unknown bot level 'master'; known levels: easy"):
        get_level("master")
