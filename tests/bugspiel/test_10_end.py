"""§10 the end, with decisions 7 and 10: the game ends right after the action that makes any of
these hold: every seat passed in a row; slot 0 of either market is empty; a score reached the
target (100 by default, a setup option); 3 x N actions in a row without progress (a purchase, a
bug played from hand, a bonus card played or a flight that eats); 5,000 actions (the guard).
The highest score wins; a tie is a shared win."""

from __future__ import annotations

from dataclasses import replace

import pytest
from spiel_positions import act, assert_illegal, find, position, shared_terrain, spot

from bugs_core.bugspiel import GAME, rules
from bugs_core.bugspiel.actions import BuyBonus, BuyBug, Fly, Pass, PlayBonus, PlayBug
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal
from bugs_core.bugspiel.rules import GUARD, IDLE_ROUNDS
from bugs_core.bugspiel.species import Terrain
from bugs_core.bugspiel.state import BugspielState, End
from bugs_core.engine import TERMINAL


def test_the_constants() -> None:
    assert (GUARD, IDLE_ROUNDS) == (5000, 3)
    assert position().setup.target_score == 100
    assert position(board="large").setup.target_score == 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_passed_in_a_row(players: int) -> None:
    s = position(players=players)
    for _ in range(players - 1):
        s = act(s, Pass())
    assert s.end is None and GAME.current_player(s) == players - 1
    s = act(s, Pass())
    assert s.end is End.ALL_PASSED
    assert GAME.is_terminal(s) and GAME.current_player(s) == TERMINAL
    assert rules.legal_actions(s) == ()
    assert_illegal(s, Pass(), "§10")


@pytest.mark.parametrize("deck, ends", [(0, True), (1, True), (2, False)])
def test_bug_market_slot_0_empty(deck: int, ends: bool) -> None:
    """Buying slot 3 opens slots 0 and 1; a deck of 2 refills both, of 1 or 0 it does not."""
    s = position()
    s = replace(s, bug_deck=s.bug_deck[:deck])
    after = act(s, BuyBug(3))
    assert (after.bug_market[0] is None) is ends
    assert after.end is (End.BUG_MARKET if ends else None)


@pytest.mark.parametrize("deck, ends", [(0, True), (1, False)])
def test_bonus_market_slot_0_empty(deck: int, ends: bool) -> None:
    """Buying slot 7 moves every card one cheaper: one deck card refills slot 0."""
    s = position()
    s = replace(s, bonus_deck=s.bonus_deck[:deck])
    after = act(s, BuyBonus(7))
    assert after.end is (End.BONUS_MARKET if ends else None)


@pytest.mark.parametrize("target", [100, 30])
def test_target_score(target: int) -> None:
    """A play reaching the target exactly ends the game; one point short does not."""
    b = find(lambda c: not c.predator)
    for start, ends in ((target - b.vp, True), (target - b.vp - 1, False)):
        s = position(
            hands=[[b], []],
            terrain={"B1": shared_terrain(b)},
            scores=[start, 0],
            target_score=target,
        )
        after = act(s, PlayBug(b.id, spot(s, "B1a")))
        assert after.end is (End.TARGET if ends else None)


def test_target_reached_by_an_opponent_through_a_bonus() -> None:
    """Any score reaching the target ends the game, also the other seat's from a bonus line."""
    bee = find(lambda c: c.category == "Hymenoptera" and not c.predator)
    bonus = BonusCard.of(CategoryGoal("Hymenoptera"), CategoryGoal("Hymenoptera"))
    s = position(
        bugs={"B1a": (bee, 0), "C2a": (bee, 1)},
        bonus_hands=[[bonus], []],
        scores=[0, 50 - 4 * bee.vp],
        target_score=50,
    )
    after = act(s, PlayBonus(bonus, spot(s, "B1a")))
    assert after.scores == (4 * bee.vp, 50)
    assert after.end is End.TARGET
    assert rules.winners(after) == (1,)


def flyers_state(players: int = 2) -> BugspielState:
    """Seat 0 owns a grassland non-predator flyer at B1c; B1, B2, C2 are grassland."""
    fl = find(lambda c: c.flying and not c.predator and c.terrains == {Terrain.GRASS})
    return position(
        players=players,
        bugs={"B1c": (fl, 0)},
        terrain={t: Terrain.GRASS for t in ("B1", "B2", "C2")},
    )


def test_no_progress_after_three_rounds_of_idle_actions() -> None:
    """2 seats, so 6 idle actions end it: seat 0 flies to empty spaces (idle), seat 1 passes
    (idle; seat 0's flights keep the passes from piling up)."""
    s = flyers_state()
    route = ["B1c", "B2a", "C2b", "B1a"]
    for i in range(3):
        s = act(s, Fly(spot(s, route[i]), spot(s, route[i + 1])))
        assert s.idle == 2 * i + 1
        assert s.end is None
        s = act(s, Pass())
    assert s.idle == 6
    assert s.end is End.NO_PROGRESS


def test_a_flight_that_eats_is_progress() -> None:
    """One idle action short of the end, a flying predator's flight eats: the count restarts."""
    pred = find(lambda c: c.predator and c.flying and Terrain.GRASS in c.terrains)
    prey = find(lambda c: c.prey and Terrain.GRASS in c.terrains)
    s = position(
        bugs={"B1c": (pred, 0), "B2a": (prey, 1)},
        terrain={t: Terrain.GRASS for t in ("B1", "B2", "C2")},
    )
    s = replace(s, idle=5)
    s = act(s, Fly(spot(s, "B1c"), spot(s, "B2a")))
    assert s.idle == 0 and s.end is None


@pytest.mark.parametrize(
    "progress", ["buy bug 7", "buy bonus 7", "play", "bonus"], ids=lambda p: p.replace(" ", "_")
)
def test_purchases_plays_and_bonus_cards_are_progress(progress: str) -> None:
    bee = find(lambda c: c.category == "Hymenoptera" and not c.predator and not c.flying)
    bonus = BonusCard.of(CategoryGoal("Hymenoptera"), CategoryGoal("Hymenoptera"))
    s = position(
        players=3,
        bugs={"B1a": (bee, 0)},
        hands=[[bee], [], []],
        bonus_hands=[[bonus], [], []],
        terrain={"B2": shared_terrain(bee)},
    )
    s = replace(s, idle=3 * 3 - 1)
    assert act(s, Pass()).end is End.NO_PROGRESS
    action = {
        "play": PlayBug(bee.id, spot(s, "B2a")),
        "bonus": PlayBonus(bonus, spot(s, "B1a")),
    }.get(progress, progress)
    after = act(s, action)
    assert after.idle == 0
    assert after.end is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_progress_counts_three_actions_per_seat(players: int) -> None:
    s = replace(flyers_state(players), idle=3 * players - 2)
    s = act(s, Fly(spot(s, "B1c"), spot(s, "B2a")))
    assert s.end is None and s.idle == 3 * players - 1
    assert act(s, Pass()).end is End.NO_PROGRESS


def test_the_guard_ends_the_game_at_5000_actions() -> None:
    s = replace(position(), moves=GUARD - 2)
    s = act(s, BuyBug(7))
    assert s.end is None and s.moves == GUARD - 1
    s = act(s, BuyBug(7))
    assert s.moves == GUARD
    assert s.end is End.GUARD
    assert "5,000" in s.end.value


def test_a_tie_is_a_shared_win() -> None:
    """Decision 7: [7, 9, 9] -> seats 1 and 2 win and share the return."""
    s = position(players=3, scores=[7, 9, 9])
    for _ in range(3):
        s = act(s, Pass())
    assert s.end is End.ALL_PASSED
    assert rules.winners(s) == (1, 2)
    assert GAME.returns(s) == (0.0, 0.5, 0.5)


def test_returns() -> None:
    """0 for everyone before the end; 1 to the sole winner, also with negative scores."""
    s = position(players=4, scores=[-3, -1, -20, -2])
    assert GAME.returns(s) == (0.0,) * 4
    for _ in range(4):
        s = act(s, Pass())
    assert GAME.returns(s) == (0.0, 1.0, 0.0, 0.0)
    assert rules.winners(s) == (1,)
