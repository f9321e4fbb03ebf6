"""Full games between bots for the bot tests: each bot sees only its seat's view."""

from __future__ import annotations

from collections.abc import Callable

from bugs_core.bots import Bot, RandomBot
from bugs_core.bugs import GAME
from bugs_core.bugs.state import BugsState, BugsView
from bugs_core.rng import Rng


def play_game(seed: int, bots: list[Bot], check: bool = True) -> BugsState:
    """One full game, each bot given only its seat's view; legality asserted at every step."""
    setup = GAME.make_setup({"players": len(bots)})
    state = GAME.initial_state(setup, Rng(seed))
    choices = Rng(seed, stream=11)
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        view = GAME.player_view(state, seat)
        assert isinstance(view, BugsView)
        action = bots[seat].choose(GAME, view, choices)
        if check:
            assert action in GAME.legal_actions(state), f"seed {seed}: {action} is illegal"
        state = GAME.apply(state, action)
    return state


def mean_scores_against_randoms(
    make_bot: Callable[[], Bot], games: int, players: int, seed_base: int
) -> tuple[float, float]:
    """Mean final score of one `make_bot()` seat (rotating) and of the random seats around it."""
    bot_total = 0
    random_total = 0
    for game in range(games):
        seat = game % players
        bots: list[Bot] = [RandomBot() for _ in range(players)]
        bots[seat] = make_bot()
        final = play_game(seed_base + game, bots, check=False)
        bot_total += final.scores[seat]
        random_total += sum(final.scores) - final.scores[seat]
    return bot_total / games, random_total / (games * (players - 1))
