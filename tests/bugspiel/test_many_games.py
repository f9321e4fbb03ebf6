"""Seeded random games of Bugspiel from start to end, with invariants checked after every action.

- Every bug card is in exactly one place (deck, market, a hand, the board, the discard pile) and
  their number never changes; the bonus cards likewise (deck, market, hands, discard).
- An empty space has no owner and an occupied one has; hands never exceed 8 cards.
- Pass is always legal (and first); terminal iff no legal action.
- The scores equal a recount from the actions' effects, made here independently of the rules
  module: a purchase costs its slot's price, a bug from hand earns its value, a flight, a pass
  and a rotation nothing, and a bonus card what a separate line scorer (board.line + the §3.3
  goal table, written out below) gives every seat.
- Every 10th game's record replays to the same final state (bugs_core.record).

A second test plays 1,000 games to the end and prints which end condition ended each
(`pytest -s` shows the table).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from bugs_core.bugspiel import GAME, rules
from bugs_core.bugspiel.actions import (
    Action,
    BuyBonus,
    BuyBug,
    Fly,
    Pass,
    PlayBonus,
    PlayBug,
)
from bugs_core.bugspiel.board import line
from bugs_core.bugspiel.cards import card
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal, DietGoal, Goal
from bugs_core.bugspiel.market import PRICES
from bugs_core.bugspiel.species import Diet
from bugs_core.bugspiel.state import EMPTY, NOBODY, BugspielState, End
from bugs_core.record import new_record, replay
from bugs_core.rng import Rng

CHECKED_GAMES = 500
CHUNKS = 10
ALL_GAMES = 1000

_ends: dict[int, End] = {}
"""Game number -> how it ended, shared by the two tests so no game is played twice."""


def options_for(game: int) -> dict[str, object]:
    """2, 3, 4 players in turn; the large board every other game (all six pairings occur)."""
    return {"players": 2 + game % 3, "board": "large" if game % 2 else "small"}


def games(game: int) -> Iterator[tuple[BugspielState, tuple[Action, ...], Action | None]]:
    """(state, legal actions, action chosen) along a random game, then (final state, (), None)."""
    state = GAME.initial_state(GAME.make_setup(options_for(game)), Rng(game))
    choices = Rng(game, stream=7)
    while state.end is None:
        legal = rules.legal_actions(state)
        action = choices.choice(legal)
        yield state, legal, action
        state = rules.apply(state, action)
    yield state, (), None


# --- the independent recount --------------------------------------------------------------

_HERBIVORE_POINTS = 1
_OTHER_DIET_POINTS = 2
_DIETS: dict[DietGoal, frozenset[Diet]] = {
    DietGoal.HERBIVORES: frozenset({Diet.HERBIVORE, Diet.FUNGIVORE}),
    DietGoal.PREDATORS: frozenset({Diet.CARNIVORE, Diet.OMNIVORE}),
    DietGoal.PARASITES: frozenset({Diet.PARASITE}),
    DietGoal.NON_EATING: frozenset({Diet.NEGAVORE}),
    DietGoal.SCAVENGERS: frozenset({Diet.DETRITIVORE, Diet.SCAVENGER}),
}
"""§3.3's diet-goal table, written out again so the recount does not share the rules' code."""


def goal_points(goal: Goal, cid: int, *, wild: bool) -> int:
    """Points one bug gives toward a goal (0 if it does not match)."""
    sp = card(cid).species
    if isinstance(goal, CategoryGoal):
        matches = sp.category == goal.category or (wild and sp.category is None)
        return 2 * card(cid).vp if matches else 0
    if goal is DietGoal.FLYING:
        return _OTHER_DIET_POINTS if sp.flying else 0
    if sp.diet not in _DIETS[goal]:
        return 0
    return _HERBIVORE_POINTS if goal is DietGoal.HERBIVORES else _OTHER_DIET_POINTS


def bonus_recount(state: BugspielState, bonus: BonusCard, space: int) -> list[int]:
    """What each seat scores for a bonus card on `space` (§6.7, decision 11)."""
    board = state.board
    rotation = {t: state.rotations[i] for i, t in enumerate(board.tiles)}
    occupied = {
        t
        for i, t in enumerate(board.tiles)
        if any(state.cards[3 * i + k] != EMPTY for k in range(3))
    }
    tiles = line(board, board.tiles[space // 3], rotation, occupied)
    spaces = [3 * board.index(t) + k for t in tiles for k in range(3)]
    points = [0] * state.players
    for seat in range(state.players):
        mine = [state.cards[s] for s in spaces if state.owners[s] == seat]
        for goal in (bonus.first, bonus.second):
            if sum(goal_points(goal, c, wild=False) for c in mine) > 0:
                points[seat] += sum(goal_points(goal, c, wild=True) for c in mine)
    return points


def score_change(state: BugspielState, action: Action) -> list[int]:
    """The score change an action should make, from its effect alone."""
    change = [0] * state.players
    me = state.to_act
    match action:
        case BuyBug(slot) | BuyBonus(slot):
            change[me] -= PRICES[slot]
        case PlayBug(cid, _, _):
            change[me] += card(cid).vp
        case PlayBonus(bonus, on):
            change = bonus_recount(state, bonus, rules.spot_index(state.board, on))
        case Pass() | Fly():
            pass
    return change


# --- invariants ---------------------------------------------------------------------------


def bug_places(state: BugspielState) -> Counter[int]:
    """Every bug card counted over the deck, the market, the hands, the board and the discard."""
    places: Counter[int] = Counter(state.bug_deck)
    places.update(c for c in state.bug_market if c is not None)
    for hand in state.bug_hands:
        places.update(hand)
    places.update(c for c in state.cards if c != EMPTY)
    places.update(state.bug_discard)
    return places


def bonus_places(state: BugspielState) -> Counter[BonusCard]:
    places: Counter[BonusCard] = Counter(state.bonus_deck)
    places.update(b for b in state.bonus_market if b is not None)
    for hand in state.bonus_hands:
        places.update(hand)
    places.update(state.bonus_discard)
    return places


def play_checked(game: int, *, check_replay: bool) -> BugspielState:
    """One random game with every invariant checked after every action."""
    options = options_for(game)
    record = new_record("bugspiel", options, game)
    first: BugspielState | None = None
    bugs: Counter[int] = Counter()
    bonuses: Counter[BonusCard] = Counter()
    expected: list[int] = []
    previous: tuple[BugspielState, Action] | None = None
    final: BugspielState | None = None
    for state, legal, action in games(game):
        where = f"game {game} ({options}), move {state.moves}"
        if first is None:
            first = state
            bugs = bug_places(state)
            bonuses = bonus_places(state)
            assert set(bugs.values()) == {1}, f"{where}: a bug card is in two places"
            expected = [0] * state.players
            assert list(state.scores) == expected
        else:
            assert previous is not None
            before, done = previous
            expected = [a + b for a, b in zip(expected, score_change(before, done), strict=True)]
            assert list(state.scores) == expected, f"{where}: scores after {done}"
            assert bug_places(state) == bugs, f"{where}: bug cards lost or doubled after {done}"
            # Recounting the bonus cards is slow (they hash as dataclasses), and an action that
            # left all four bonus tuples untouched cannot have changed them.
            if any(
                getattr(state, f) is not getattr(before, f)
                for f in ("bonus_deck", "bonus_market", "bonus_hands", "bonus_discard")
            ):
                assert bonus_places(state) == bonuses, f"{where}: bonus cards changed after {done}"
        assert all(
            (c == EMPTY) == (o == NOBODY) for c, o in zip(state.cards, state.owners, strict=True)
        )
        assert all(len(h) <= 8 for h in state.bug_hands) and all(
            len(h) <= 8 for h in state.bonus_hands
        )
        if action is None:
            final = state
            assert rules.legal_actions(state) == ()
            break
        assert legal[0] == Pass(), f"{where}: Pass must always be legal"
        record = record.with_action(action)
        previous = (state, action)
    assert final is not None and final.end is not None
    if check_replay:
        assert replay(record) == final, f"game {game}: the record does not replay"
    return final


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    """Games 0..499 (50 per chunk, 2-4 players, both boards); every 10th record replayed."""
    per = CHECKED_GAMES // CHUNKS
    for game in range(chunk * per, (chunk + 1) * per):
        final = play_checked(game, check_replay=game % 10 == 0)
        assert final.end is not None
        _ends[game] = final.end


def test_1000_games_end_and_how() -> None:
    """1,000 seeded random games (the 500 above and 500 more) all end; the table of end
    conditions sums to 1,000 (per board, too)."""
    by_board: dict[str, Counter[End]] = {"small": Counter(), "large": Counter()}
    longest = 0
    for game in range(ALL_GAMES):
        if game not in _ends:
            for state, _, action in games(game):
                if action is None:
                    assert state.end is not None
                    _ends[game] = state.end
                    longest = max(longest, state.moves)
        by_board[str(options_for(game)["board"])][_ends[game]] += 1
    total = by_board["small"] + by_board["large"]
    print(f"\nHow {ALL_GAMES} random Bugspiel games ended (small / large / all):")
    for end in End:
        small, large = by_board["small"][end], by_board["large"][end]
        print(f"  {end.name:<13} {small:>4} {large:>4} {total[end]:>5}")
    assert sum(total.values()) == ALL_GAMES
    assert sum(by_board["small"].values()) == sum(by_board["large"].values()) == ALL_GAMES // 2
    assert longest < rules.GUARD
