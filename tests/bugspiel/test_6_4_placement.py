"""§6.4 placing a bug: any space of any tile whose terrain suits the bug; a non-predator needs an
empty space; a predator must land on prey (herbivore, fungivore, detritivore, scavenger or
negavore), never on an empty space, a predator or a parasite. The space becomes the player's."""

from __future__ import annotations

import pytest
from spiel_positions import (
    PREY_DIETS,
    act,
    assert_illegal,
    bug_at,
    find,
    other_terrain,
    position,
    shared_terrain,
    spot,
)

from bugs_core.bugspiel import rules
from bugs_core.bugspiel.actions import PlayBug, parse_action
from bugs_core.bugspiel.cards import Card
from bugs_core.bugspiel.species import Diet

PREDATOR_DIETS = (Diet.CARNIVORE, Diet.OMNIVORE)


def predator_eating(diet: Diet) -> tuple[Card, Card]:
    """A bug of this diet and a predator that shares a terrain with it: (predator, victim)."""
    victim = find(lambda c: c.species.diet is diet)
    pred = find(lambda c: c.predator and bool(c.terrains & victim.terrains))
    return pred, victim


def test_the_diet_classes_of_the_data() -> None:
    """Carnivores and omnivores are the predators; the five prey diets are prey; parasites are
    neither (§3.1)."""
    for diet in Diet:
        c = find(lambda c, d=diet: c.species.diet is d)
        assert c.predator == (diet in PREDATOR_DIETS)
        assert c.prey == (diet in PREY_DIETS)


def test_a_non_predator_goes_on_any_empty_space_of_a_suitable_tile() -> None:
    """No adjacency rule: every space of every suitable tile is offered, with all 3 turns."""
    bug = find(lambda c: not c.predator and len(c.terrains) == 1)
    home = shared_terrain(bug)
    s = position(hands=[[bug], []])
    legal = {a for a in rules.legal_actions(s) if isinstance(a, PlayBug)}
    expected = {
        PlayBug(bug.id, spot(s, f"{s.board.label(t)}{x}"), turn)
        for i, t in enumerate(s.board.tiles)
        if s.terrain[i] is home
        for x in "acb"
        for turn in (-1, 0, 1)
    }
    assert legal == expected


def test_terrain_must_suit_the_bug() -> None:
    bug = find(lambda c: not c.predator and len(c.terrains) < 4)
    s = position(hands=[[bug], []], terrain={"B1": other_terrain(bug), "B2": shared_terrain(bug)})
    err = assert_illegal(s, PlayBug(bug.id, spot(s, "B1c")), "§6.4")
    assert other_terrain(bug).value in str(err)
    act(s, PlayBug(bug.id, spot(s, "B2c")))


def test_a_predator_on_prey_in_the_wrong_terrain_is_illegal() -> None:
    pred, victim = predator_eating(Diet.HERBIVORE)
    for t in (shared_terrain(pred, victim), other_terrain(pred)):
        s = position(hands=[[pred], []], bugs={"B1a": (victim, 1)}, terrain={"B1": t})
        if t in pred.terrains:
            act(s, PlayBug(pred.id, spot(s, "B1a")))
        else:
            assert_illegal(s, PlayBug(pred.id, spot(s, "B1a")), "§6.4")


def test_a_non_predator_needs_an_empty_space() -> None:
    bug = find(lambda c: not c.predator and not c.flying)
    other = find(lambda c: c.prey and bool(c.terrains & bug.terrains), but=[bug.id])
    t = shared_terrain(bug, other)
    s = position(hands=[[bug], []], bugs={"B1a": (other, 1)}, terrain={"B1": t}, to_act=0)
    err = assert_illegal(s, PlayBug(bug.id, spot(s, "B1a")), "§6.4")
    assert "taken" in str(err)
    after = act(s, PlayBug(bug.id, spot(s, "B1c")))
    assert bug_at(after, "B1c") == (bug.id, 0)
    assert bug_at(after, "B1a") == (other.id, 1)


@pytest.mark.parametrize("diet", PREY_DIETS, ids=lambda d: d.name)
def test_a_predator_may_land_on_each_prey_diet(diet: Diet) -> None:
    pred, victim = predator_eating(diet)
    s = position(
        hands=[[pred], []],
        bugs={"C2b": (victim, 1)},
        terrain={"C2": shared_terrain(pred, victim)},
    )
    after = act(s, PlayBug(pred.id, spot(s, "C2b")))
    assert bug_at(after, "C2b") == (pred.id, 0)


def test_a_predator_may_eat_its_own_players_bug() -> None:
    pred, victim = predator_eating(Diet.HERBIVORE)
    s = position(
        hands=[[pred], []], bugs={"C2b": (victim, 0)}, terrain={"C2": shared_terrain(pred, victim)}
    )
    assert bug_at(act(s, PlayBug(pred.id, spot(s, "C2b"))), "C2b") == (pred.id, 0)


def test_a_predator_never_goes_on_an_empty_space() -> None:
    pred = find(lambda c: c.predator)
    s = position(hands=[[pred], []], terrain={t: shared_terrain(pred) for t in ("B1", "C2")})
    assert not [a for a in rules.legal_actions(s) if isinstance(a, PlayBug)]
    err = assert_illegal(s, PlayBug(pred.id, spot(s, "B1c")), "§6.4")
    assert "must land on prey" in str(err)


@pytest.mark.parametrize(
    "diet", [Diet.CARNIVORE, Diet.OMNIVORE, Diet.PARASITE], ids=lambda d: d.name
)
def test_a_predator_never_goes_on_a_predator_or_a_parasite(diet: Diet) -> None:
    """Predators and parasites are immune to predation (§6.4)."""
    target = find(lambda c: c.species.diet is diet)
    pred = find(lambda c: c.predator and bool(c.terrains & target.terrains), but=[target.id])
    s = position(
        hands=[[pred], []],
        bugs={"D1a": (target, 1)},
        terrain={"D1": shared_terrain(pred, target)},
    )
    err = assert_illegal(s, PlayBug(pred.id, spot(s, "D1a")), "§6.4")
    assert "not prey" in str(err)


def test_a_parasite_is_not_a_predator_so_it_needs_an_empty_space() -> None:
    parasite = find(lambda c: c.species.diet is Diet.PARASITE)
    prey = find(lambda c: c.prey and bool(c.terrains & parasite.terrains))
    s = position(
        hands=[[parasite], []],
        bugs={"A1a": (prey, 1)},
        terrain={"A1": shared_terrain(parasite, prey)},
    )
    assert_illegal(s, PlayBug(parasite.id, spot(s, "A1a")), "§6.4")
    act(s, PlayBug(parasite.id, spot(s, "A1b")))


def test_playing_a_bug_scores_its_value_and_owns_the_space() -> None:
    bug = find(lambda c: not c.predator and c.vp > 1)
    s = position(hands=[[], [bug]], terrain={"C3": shared_terrain(bug)}, to_act=1, scores=[0, -4])
    after = act(s, PlayBug(bug.id, spot(s, "C3a")))
    assert after.scores == (0, -4 + bug.vp)
    assert bug_at(after, "C3a") == (bug.id, 1)
    assert after.bug_hands[1] == ()
    assert after.bug_market == s.bug_market  # no purchase, no slide (§6.2)


def test_a_tile_off_the_small_board_is_illegal() -> None:
    """D4 is a large-board tile; the notation reads it, the small board has no such tile."""
    bug = find(lambda c: not c.predator)
    s = position(hands=[[bug], []])
    name = bug.species.scientific_name.replace(" ", "_")
    err = assert_illegal(s, parse_action(f"play {name} D4a"), "§1.3")
    assert "not on the small board" in str(err)
