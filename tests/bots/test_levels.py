"""bugs_core.bots.levels: every level plays every game that has bots, within its budget."""

from __future__ import annotations

import pytest

from bugs_core.bots import LEVELS, get_level
from bugs_core.bots.drive import acting_seats, bot_moves
from bugs_core.bots.slips import SlippingBot
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
    bot = level.make(game_id)
    for _ in range(4):  # a few decisions, windows included
        if game.is_terminal(state):
            break
        bots = {seat: bot for seat in acting_seats(game, state)}
        moves = bot_moves(game, state, bots, Rng(5), level.budget(game_id))
        for move in moves:
            state = game.apply(state, move.action)


def test_levels_grow_in_strength_by_construction_and_unknown_levels_are_named() -> None:
    """Within a game a later level never plays a weaker kind of bot: fewer slips, then the
    search with more iterations; expert searches with the browser's 3 s cap on a slow device.
    (How far apart they play is the ladder's to say: tests/test_ladder.py.)"""
    kinds = {"heuristic": 0, "search": 1}
    for game_id in GAMES_WITH_BOTS:
        plays = [get_level(level_id).play(game_id) for level_id in LEVELS]
        strength = [(kinds[p.bot], -p.slips, p.budget.iterations or 0) for p in plays]
        assert strength == sorted(strength) and len(set(strength)) == len(strength), game_id
        expert = plays[-1]
        assert expert.bot == "search" and expert.budget.millis == 3000, game_id
    with pytest.raises(SetupError, match="unknown bot level 'master'; known levels: easy"):
        get_level("master")


def test_a_slipping_bot_plays_random_moves_on_its_share_and_is_deterministic() -> None:
    game = get_game("bag-of-bugs")
    state = game.initial_state(game.make_setup({"players": 3}), Rng(3))
    easy = get_level("easy").make("bag-of-bugs")
    assert isinstance(easy, SlippingBot)
    assert easy.share == get_level("easy").play("bag-of-bugs").slips > 0
    views = [game.player_view(state, seat) for seat in acting_seats(game, state)]
    first = [easy.choose(game, view, Rng(k)) for k in range(40) for view in views]
    again = [easy.choose(game, view, Rng(k)) for k in range(40) for view in views]
    assert first == again
    never = SlippingBot(easy.inner, 0.0)
    always = SlippingBot(easy.inner, 1.0)
    view = views[0]
    assert len({never.choose(game, view, Rng(k)) for k in range(40)}) == 1
    assert len({always.choose(game, view, Rng(k)) for k in range(40)}) > 1
    with pytest.raises(ValueError, match=r"between 0 and 1, got 1\.5"):
        SlippingBot(easy.inner, 1.5)
