"""§6.5 eating: a predator landing on prey sends the prey to the bug discard pile; the victim's
owner loses no VP; the eater gains only its own value when played from hand (0 when it flew);
stacks never outlive the action (one card per space)."""

from __future__ import annotations

from spiel_positions import act, bug_at, find, position, shared_terrain, spot

from bugs_core.bugspiel.actions import Fly, PlayBug
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal
from bugs_core.bugspiel.rules import bonus_points, line_of
from bugs_core.bugspiel.state import EMPTY


def test_a_played_predator_eats_the_prey() -> None:
    """Seat 0 (score 5) plays a predator on seat 1's prey (score 7) at C2a.

    Seat 0: 5 + predator VP; seat 1 stays 7; the prey goes on top of the bug discard pile; the
    space holds only the predator, owned by seat 0.
    """
    victim = find(lambda c: c.prey and c.vp > 1)
    pred = find(lambda c: c.predator and bool(c.terrains & victim.terrains))
    s = position(
        hands=[[pred], []],
        bugs={"C2a": (victim, 1)},
        terrain={"C2": shared_terrain(pred, victim)},
        scores=[5, 7],
    )
    after = act(s, PlayBug(pred.id, spot(s, "C2a")))
    assert after.scores == (5 + pred.vp, 7)
    assert after.bug_discard == (*s.bug_discard, victim.id)
    assert bug_at(after, "C2a") == (pred.id, 0)
    assert victim.id not in after.cards
    assert after.cards.count(pred.id) == 1


def test_a_flying_predator_eats_and_scores_nothing() -> None:
    """A flying predator of seat 1 at B1c flies onto seat 0's prey at C2b: no VP either way."""
    victim = find(lambda c: c.prey)
    pred = find(lambda c: c.predator and c.flying and bool(c.terrains & victim.terrains))
    t = shared_terrain(pred, victim)
    s = position(
        bugs={"B1c": (pred, 1), "C2b": (victim, 0)},
        terrain={"B1": t, "C2": t},
        scores=[2, 3],
        to_act=1,
    )
    after = act(s, Fly(spot(s, "B1c"), spot(s, "C2b")))
    assert after.scores == (2, 3)
    assert after.bug_discard == (*s.bug_discard, victim.id)
    assert bug_at(after, "C2b") == (pred.id, 1)
    assert bug_at(after, "B1c") == (EMPTY, -1)


def test_eating_changes_what_the_victim_scores_later() -> None:
    """The victim loses only board presence: a later bonus no longer counts the eaten bug."""
    victim = find(lambda c: c.prey and c.category is not None)
    pred = find(
        lambda c: (
            c.predator and c.category != victim.category and bool(c.terrains & victim.terrains)
        )
    )
    s = position(
        hands=[[pred], []],
        bugs={"C2a": (victim, 1)},
        terrain={"C2": shared_terrain(pred, victim)},
    )
    assert victim.category is not None
    goal = BonusCard.of(CategoryGoal(victim.category), CategoryGoal(victim.category))
    c2 = 3 * s.board.index(s.board.tile("C2"))
    assert line_of(s, c2 // 3) == (c2 // 3,)
    assert bonus_points(s, goal, c2)[1] == 4 * victim.vp
    after = act(s, PlayBug(pred.id, spot(s, "C2a")))
    assert bonus_points(after, goal, c2) == (0, 0)
