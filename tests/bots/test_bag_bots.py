"""Bots of Bag of Bugs: every move legal in both grab modes, each bot asked in a window sees the
window as it opened (never another seat's submission), reproducible moves, the search blind
to the bag's order and to other seats' hidden submissions, and the heuristic clearly stronger
than random play."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bugs_core.bag_of_bugs import GAME
from bugs_core.bag_of_bugs.actions import Action, Claim, Wait
from bugs_core.bag_of_bugs.scoring import score
from bugs_core.bag_of_bugs.state import HIDDEN, BagState, Phase
from bugs_core.bots import (
    BOTS,
    BagHeuristicBot,
    BagSearchBot,
    Bot,
    Budget,
    BugsHeuristicBot,
    ByGameBot,
    IsmctsBot,
    RandomBot,
    bot_games,
    bot_moves,
    legal_from_view,
    play_bots,
)
from bugs_core.bots.bag_heuristic import seat_points
from bugs_core.bots.bag_search import TWO_TURNS_FROM, as_opened, horizon, rollout_turn
from bugs_core.bugs import GAME as BUGS
from bugs_core.errors import BugsError
from bugs_core.registry import get_spec
from bugs_core.rng import Rng

MODES = ("windowed_regrab", "sequential")
TINY = Budget(iterations=8)
"""Enough iterations to exercise the search, few enough for full games in a test."""


def setup_of(players: int, mode: str = "windowed_regrab") -> object:
    """A Bag of Bugs setup."""
    return GAME.make_setup({"players": players, "grab_mode": mode})


def walk_to_window(seed: int, players: int = 4, submitted: int = 0) -> BagState:
    """A windowed state reached by random play with at least two seats still to submit in
    sub-round 1, after the first `submitted` of them (fewer than all) have submitted at random."""
    rng = Rng(seed, stream=3)
    state = GAME.initial_state(setup_of(players), Rng(seed))
    while True:
        assert not GAME.is_terminal(state), "no window with two pending seats found"
        pending = GAME.pending_seats(state)
        if state.phase is Phase.WINDOW and len(pending) >= 2:
            break
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    for seat in pending[:submitted]:
        state = GAME.apply(state, rng.choice(GAME.legal_actions_for(state, seat)))
    return state


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", ["random", "heuristic", "search"])
def test_every_move_is_legal_in_full_games(name: str, mode: str) -> None:
    for seed in range(2 if name == "search" else 6):
        players = 3 + seed % 3
        # Mixed tables: the bot under test sits at every other seat, random bots between.
        bots: list[Bot] = [BOTS[name]() if i % 2 == 0 else RandomBot() for i in range(players)]
        final = play_bots(GAME, setup_of(players, mode), bots, seed, TINY, check=True)
        assert GAME.is_terminal(final)


def test_registry_dispatches_by_game() -> None:
    heuristic, search = BOTS["heuristic"](), BOTS["search"]()
    assert isinstance(heuristic, ByGameBot) and isinstance(search, ByGameBot)
    assert isinstance(heuristic.bot_for(GAME), BagHeuristicBot)
    assert isinstance(search.bot_for(GAME), BagSearchBot)
    assert isinstance(heuristic.bot_for(BUGS), BugsHeuristicBot)
    # Bugs keeps the generic search exactly as it is built by default.
    assert get_spec("bugs").search is IsmctsBot
    assert type(search.bot_for(BUGS)) is IsmctsBot
    assert bot_games("heuristic") == ("bugs", "bag-of-bugs", "bugspiel")
    assert bot_games("search") == ("bugs", "bag-of-bugs", "bugspiel")


def test_an_unknown_game_is_a_clear_error() -> None:
    other = type("Other", (), {"id": "chess"})()
    bot = BOTS["heuristic"]()
    assert isinstance(bot, ByGameBot)
    with pytest.raises(
        BugsError, match="the heuristic bot plays only bugs, bag-of-bugs, bugspiel, not chess"
    ):
        bot.choose(other, None, Rng(1))


def test_legal_from_view_lists_only_the_views_seat_at_a_window() -> None:
    state = walk_to_window(3)
    for seat in GAME.pending_seats(state):
        legal = legal_from_view(GAME, GAME.player_view(state, seat), Rng(1))
        assert legal == GAME.legal_actions_for(state, seat)
        assert all(isinstance(a, Wait | Claim) and a.seat == seat for a in legal)


@pytest.mark.parametrize("seed", range(6))
def test_a_window_view_does_not_show_other_submissions(seed: int) -> None:
    """What the driver relies on: a seat's view never shows what the other seats of its
    sub-round submitted, only that they have (public, §7.2.4), and the driver asks every bot
    before applying any answer, so each gets the window as it opened."""
    before = walk_to_window(seed)
    pending = GAME.pending_seats(before)
    last = pending[-1]
    after = walk_to_window(seed, submitted=len(pending) - 1)
    window = after.window
    assert window is not None and window != before.window  # the others have submitted
    # Other contents for the same submissions: every other seat waits instead.
    waits = tuple(0 if c is not None else None for c in window.choices)
    other = replace(after, window=replace(window, choices=waits))
    assert other.window != after.window
    seen = GAME.player_view(after, last)
    assert GAME.player_view(other, last) == seen
    assert seen.window is not None and seen.window.choices.count(HIDDEN) == len(pending) - 1
    assert as_opened(seen) == GAME.player_view(before, last)


def test_the_driver_asks_every_pending_seat_on_the_window_as_it_opened() -> None:
    state = walk_to_window(7)
    seen: dict[int, Any] = {}

    class Spy:
        name = "spy"

        def choose(self, game: Any, view: Any, rng: Rng, budget: Budget | None = None) -> Action:
            seen[view.seat] = view
            return Wait(view.seat)

    moves = bot_moves(GAME, state, [Spy()] * 4, Rng(1))
    pending = GAME.pending_seats(state)
    assert [m.seat for m in moves] == list(pending)
    assert all(seen[s] == GAME.player_view(state, s) for s in pending)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("make", [RandomBot, BagHeuristicBot, BagSearchBot], ids=lambda m: m.name)
def test_same_view_seed_and_budget_same_move(make: type, mode: str) -> None:
    bot = make()
    state = GAME.initial_state(setup_of(4, mode), Rng(3))
    walk = Rng(4)
    for step in range(80):
        if GAME.is_terminal(state):
            break
        seat = GAME.pending_seats(state)[-1]
        if step % 4 == 0:
            view = GAME.player_view(state, seat)
            first = bot.choose(GAME, view, Rng(9), TINY)
            assert bot.choose(GAME, view, Rng(9), TINY) == first
        state = GAME.apply(state, walk.choice(GAME.legal_actions(state)))


def twin_states(seed: int) -> tuple[BagState, BagState, BagState, int]:
    """Three full states of one window for its last pending seat: before anyone submitted,
    and two in which the other seats have made different submissions, with different bag
    orders. The last two have the same view."""
    base = walk_to_window(seed)
    seat = GAME.pending_seats(base)[-1]
    window = base.window
    assert window is not None
    free = [g for g, holder in enumerate(base.claims, start=1) if holder is None]
    first = tuple(free[0] if s != seat else None for s in window.seats)
    second = tuple(0 if s != seat else None for s in window.seats)
    one = replace(base, window=replace(window, choices=first), rng=Rng(1).getstate())
    two = replace(base, window=replace(window, choices=second), rng=Rng(2).getstate())
    return base, one, two, seat


@pytest.mark.parametrize("seed", range(4))
def test_search_ignores_what_it_cannot_see(seed: int) -> None:
    base, one, two, seat = twin_states(seed)
    assert one.window != two.window and one.rng != two.rng
    view_one, view_two = GAME.player_view(one, seat), GAME.player_view(two, seat)
    assert view_one == view_two
    bot = BagSearchBot()
    budget = Budget(iterations=40)
    move = bot.choose(GAME, view_one, Rng(5), budget)
    assert bot.choose(GAME, view_two, Rng(5), budget) == move
    # ...and the same before the others submitted: whether they have is not used either.
    assert bot.choose(GAME, GAME.player_view(base, seat), Rng(5), budget) == move


def test_the_search_looks_two_turns_ahead_only_with_a_large_budget() -> None:
    assert [horizon(n, None) for n in (1, 120, TWO_TURNS_FROM - 1)] == [1, 1, 1]
    assert [horizon(n, None) for n in (TWO_TURNS_FROM, 450, 1000)] == [2, 2, 2]
    assert horizon(TWO_TURNS_FROM - 1, 60_000) == 1  # the iterations decide when given
    assert [horizon(None, ms) for ms in (None, 100, 500, 3000)] == [1, 1, 2, 2]
    expert = get_spec("bag-of-bugs").levels["expert"]
    assert expert.bot == "search"
    assert horizon(expert.budget.iterations, None) == 1  # two turns gained nothing measurable


@pytest.mark.parametrize("turns", [1, 2, 3])
def test_a_rollout_ends_after_its_turns_or_with_the_game(turns: int) -> None:
    state = GAME.initial_state(setup_of(3), Rng(7))
    while state.phase is not Phase.GAME_OVER:
        end = rollout_turn(state, turns)
        assert end.phase is Phase.GAME_OVER or end.turn_no == state.turn_no + turns
        state = rollout_turn(state, 1)


def test_heuristic_points_match_the_scoring_table() -> None:
    rng = Rng(11)
    for _ in range(2000):
        collection = (*(rng.below(6) for _ in range(7)), 0, 0)
        rival = rng.below(5)
        most = collection[5] > 0 and collection[5] >= rival
        assert seat_points(collection, rival) == score(collection, most)


@pytest.mark.slow  # a tournament
def test_heuristic_beats_random() -> None:
    players = 4
    setup = setup_of(players)
    totals = {"heuristic": 0, "random": 0}
    wins = 0.0
    games = 40
    for game in range(games):
        seat = game % players
        bots: list[Bot] = [RandomBot() for _ in range(players)]
        bots[seat] = BagHeuristicBot()
        final = play_bots(GAME, setup, bots, 2000 + game)
        points = GAME.scores(final)
        totals["heuristic"] += points[seat]
        totals["random"] += sum(points) - points[seat]
        wins += GAME.returns(final)[seat]
    heuristic_mean = totals["heuristic"] / games
    random_mean = totals["random"] / (games * (players - 1))
    print(f"\nheuristic {heuristic_mean:.2f}, random {random_mean:.2f}, wins {wins}/{games}")
    assert heuristic_mean > random_mean + 5
    assert wins > games / 2
