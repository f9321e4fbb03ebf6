"""Invariants of a game of Bugspiel (docs/rules/bugspiel.md), checked from outside the rules by
the soak (docs/design.md, "Tests").

- Every bug card is in exactly one place (deck, market, a hand, the board, the discard pile) and
  their number never changes; the bonus cards likewise (deck, market, hands, discard).
- An empty space has no owner and an occupied one has; hands never exceed 8 cards.
- Pass is always legal (and first).
- The scores change as a recount from the action's effect says, made here independently of the
  rules module: a purchase costs its slot's price, a bug from hand earns its value, a flight, a
  pass and a rotation nothing, and a bonus card what a separate line scorer (board.line + the
  §3.3 goal table, written out below) gives every seat.

Each check returns its violations as plain sentences, an empty list when all is well; never an
assert, so `python -O` cannot skip them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .actions import Action, BuyBonus, BuyBug, Fly, Pass, PlayBonus, PlayBug
from .board import line
from .cards import card
from .deck import BonusCard, CategoryGoal, DietGoal, Goal
from .market import PRICES
from .species import Diet
from .state import EMPTY, NOBODY, BugspielState

HAND_LIMIT = 8
"""§6.3: most bug cards and most bonus cards a hand holds (written again, not the rules')."""

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
            board = state.board
            change = bonus_recount(state, bonus, 3 * board.index(on.tile) + int(on.space))
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
    """Every bonus card counted over the deck, the market, the hands and the discard."""
    places: Counter[BonusCard] = Counter(state.bonus_deck)
    places.update(b for b in state.bonus_market if b is not None)
    for hand in state.bonus_hands:
        places.update(hand)
    places.update(state.bonus_discard)
    return places


def check_state(state: BugspielState) -> list[str]:
    """The invariants one state keeps on its own: owners match cards, hands within the limit."""
    found = []
    # Compared as whole tuples of flags, made by map in C: this runs after every action.
    if tuple(map(EMPTY.__eq__, state.cards)) != tuple(map(NOBODY.__eq__, state.owners)):
        found.append("a space's owner does not match its card (empty iff no owner)")
    if min(state.owners) < NOBODY or max(state.owners) >= state.players:
        found.append("a space is owned by no seat of the game")
    if any(len(h) > HAND_LIMIT for h in (*state.bug_hands, *state.bonus_hands)):
        found.append(f"a hand holds more than {HAND_LIMIT} cards")
    return found


def start(state: BugspielState) -> list[str]:
    """The checks of a first state: every bug card once, no score, an empty board."""
    found = check_state(state)
    if set(bug_places(state).values()) != {1}:
        found.append("a bug card is in two places")
    if any(state.scores) or any(c != EMPTY for c in state.cards):
        found.append("the first state has scores or bugs on the board")
    return found


def _moved(
    before: Sequence[Sequence[Any]], after: Sequence[Sequence[Any]]
) -> tuple[list[Any], list[Any]]:
    """The contents of the places an action changed, before and after it. A place it left
    alone (the very same tuple) holds the same cards on both sides, so only these need
    counting: the same conservation as a full recount, at a fraction of its cost."""
    old: list[Any] = []
    new: list[Any] = []
    for a, b in zip(before, after, strict=True):
        if a is not b:
            old.extend(a)
            new.extend(b)
    return old, new


def _bug_places(state: BugspielState) -> tuple[tuple[int | None, ...], ...]:
    return (
        state.bug_deck,
        state.bug_market,
        *state.bug_hands,
        state.cards,
        state.bug_discard,
    )


def _bonus_places(state: BugspielState) -> tuple[tuple[BonusCard | None, ...], ...]:
    return (state.bonus_deck, state.bonus_market, *state.bonus_hands, state.bonus_discard)


def step(before: BugspielState, action: Action, after: BugspielState) -> list[str]:
    """The checks of one action: conservation of both kinds of card against the state before,
    and the scores against the recount of the action's effect."""
    found = check_state(after)
    expected = [s + d for s, d in zip(before.scores, score_change(before, action), strict=True)]
    if list(after.scores) != expected:
        found.append(f"scores {after.scores} after {action}, recounted {tuple(expected)}")
    old, new = _moved(_bug_places(before), _bug_places(after))
    if sorted(c for c in old if c is not None and c != EMPTY) != sorted(
        c for c in new if c is not None and c != EMPTY
    ):
        found.append(f"bug cards lost or doubled after {action}")
    old, new = _moved(_bonus_places(before), _bonus_places(after))
    # Bonus cards hash slowly (dataclasses of enums). The rules move the cards themselves
    # around, so the same objects on both sides settle it; only otherwise count by value.
    if Counter(map(id, old)) != Counter(map(id, new)) and Counter(
        b for b in old if b is not None
    ) != Counter(b for b in new if b is not None):
        found.append(f"bonus cards lost or doubled after {action}")
    if after.moves != before.moves + 1:
        found.append(f"the move count went {before.moves} to {after.moves} after {action}")
    return found


def legal(state: BugspielState, actions: Sequence[Action]) -> list[str]:
    """The checks of a legal list while the game runs: decision 2, Pass is always legal (and
    first, in id order)."""
    return [] if actions and actions[0] == Pass() else ["Pass is not the first legal action"]


def final(state: BugspielState) -> list[str]:
    """The checks of the state a game ended in."""
    found = check_state(state)
    if state.end is None:
        found.append("the game stopped before it was over")
    return found
