"""§6.6 moving a flying bug, with decision 6: only your own flyer, to any other space that the
§6.4 rules allow (its own tile included, from any of its spaces); a flying predator must eat; a
flight scores nothing; the vacated space is empty and has no owner. A flight may turn the tile
it lands on (decision 9)."""

from __future__ import annotations

import pytest
from spiel_positions import act, assert_illegal, bug_at, find, other_terrain, position, spot

from bugs_core.bugspiel import rules
from bugs_core.bugspiel.actions import Fly
from bugs_core.bugspiel.cards import card
from bugs_core.bugspiel.species import Terrain
from bugs_core.bugspiel.state import EMPTY, NOBODY, BugspielState


def flyer_state(*, flyer_owner: int = 0, to_act: int = 0) -> tuple[BugspielState, int]:
    """A non-predator grassland flyer at B1c; B1, B2 and C2 grassland, every other tile not."""
    bug = find(lambda c: c.flying and not c.predator and c.terrains == {Terrain.GRASS})
    terrain = {s: Terrain.WATER for s in ("A1", "A2", "B3", "C1", "C3", "D1", "D2")}
    terrain |= {s: Terrain.GRASS for s in ("B1", "B2", "C2")}
    s = position(bugs={"B1c": (bug, flyer_owner)}, terrain=terrain, to_act=to_act)
    return s, bug.id


def test_a_flyer_may_go_to_every_other_legal_space_including_its_own_tile() -> None:
    """From B1c: the other 2 spaces of B1 and the 6 of B2 and C2, each with 3 turns (decision 6
    lifts the reference's own-tile restriction)."""
    s, _ = flyer_state()
    flights = {a for a in rules.legal_actions(s) if isinstance(a, Fly)}
    targets = {(str(a.to), a.turn) for a in flights}
    expected = {
        (f"{t}{x}", turn)
        for t in ("B1", "B2", "C2")
        for x in "acb"
        for turn in (-1, 0, 1)
        if f"{t}{x}" != "B1c"
    }
    assert targets == expected
    assert all(str(a.source) == "B1c" for a in flights)


@pytest.mark.parametrize("to", ["B1a", "B1b", "C2c"])
def test_a_flight_scores_nothing_and_leaves_an_empty_ownerless_space(to: str) -> None:
    s, bug = flyer_state()
    s = position(state=s, bugs={"B1c": (card(bug), 0)}, scores=[4, 1])
    after = act(s, Fly(spot(s, "B1c"), spot(s, to)))
    assert after.scores == (4, 1)
    assert bug_at(after, to) == (bug, 0)
    assert bug_at(after, "B1c") == (EMPTY, NOBODY)
    assert after.bug_discard == s.bug_discard


def test_a_flyer_may_move_on_the_turn_straight_after_it_was_played() -> None:
    """There is no 'placed this round' rule in sequential play (§6.6)."""
    s, bug = flyer_state()
    s = position(state=s, bugs={}, hands=[[card(bug)], []])
    s = act(s, f"play {card(bug).species.scientific_name.replace(' ', '_')} B2a")
    s = act(s, "pass")
    act(s, Fly(spot(s, "B2a"), spot(s, "C2c")))


def test_only_your_own_flyer_may_move() -> None:
    s, _ = flyer_state(flyer_owner=1, to_act=0)
    err = assert_illegal(s, Fly(spot(s, "B1c"), spot(s, "B2a")), "§6.6")
    assert "your own" in str(err)
    assert_illegal(s, Fly(spot(s, "B1a"), spot(s, "B2a")), "§6.6")  # an empty space


def test_a_bug_that_does_not_fly_may_not_move() -> None:
    walker = find(lambda c: not c.flying and not c.predator and Terrain.GRASS in c.terrains)
    s, _ = flyer_state()
    s = position(state=s, bugs={"B1c": (walker, 0)})
    err = assert_illegal(s, Fly(spot(s, "B1c"), spot(s, "B2a")), "§6.6")
    assert "does not fly" in str(err)
    assert not [a for a in rules.legal_actions(s) if isinstance(a, Fly)]


def test_a_flyer_must_move_to_another_space() -> None:
    s, _ = flyer_state()
    assert_illegal(s, Fly(spot(s, "B1c"), spot(s, "B1c")), "§6.6")


def test_a_flyer_follows_the_terrain_and_empty_space_rules() -> None:
    s, bug = flyer_state()
    other = find(lambda c: not c.predator and Terrain.GRASS in c.terrains, but=[bug])
    s = position(state=s, bugs={"B1c": (card(bug), 0), "C2a": (other, 1)})
    assert_illegal(s, Fly(spot(s, "B1c"), spot(s, "A1a")), "§6.4")  # water
    assert_illegal(s, Fly(spot(s, "B1c"), spot(s, "C2a")), "§6.4")  # taken
    assert other_terrain(card(bug)) is Terrain.WATER


def test_a_flying_predator_must_eat() -> None:
    """Its only destinations are prey spaces it may live on; an empty space is illegal."""
    pred = find(lambda c: c.predator and c.flying and Terrain.GRASS in c.terrains)
    prey = find(lambda c: c.prey and Terrain.GRASS in c.terrains)
    guard = find(lambda c: c.species.diet.name == "PARASITE" and Terrain.GRASS in c.terrains)
    s, _ = flyer_state()
    s = position(state=s, bugs={"B1c": (pred, 0), "B2b": (prey, 1), "C2c": (guard, 1)})
    flights = [a for a in rules.legal_actions(s) if isinstance(a, Fly)]
    assert {str(a.to) for a in flights} == {"B2b"}
    assert_illegal(s, Fly(spot(s, "B1c"), spot(s, "B2a")), "§6.4")
    assert_illegal(s, Fly(spot(s, "B1c"), spot(s, "C2c")), "§6.4")
    after = act(s, Fly(spot(s, "B1c"), spot(s, "B2b"), 1))
    assert bug_at(after, "B2b") == (pred.id, 0)
    assert after.bug_discard[-1] == prey.id


def test_a_flying_predator_may_eat_on_its_own_tile() -> None:
    pred = find(lambda c: c.predator and c.flying and Terrain.GRASS in c.terrains)
    prey = find(lambda c: c.prey and Terrain.GRASS in c.terrains)
    s, _ = flyer_state()
    s = position(state=s, bugs={"B1c": (pred, 0), "B1a": (prey, 0)})
    after = act(s, Fly(spot(s, "B1c"), spot(s, "B1a")))
    assert bug_at(after, "B1a") == (pred.id, 0)
    assert bug_at(after, "B1c") == (EMPTY, NOBODY)
