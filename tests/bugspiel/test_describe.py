"""The log sentences of `describe` for every kind of action, and the end of the game."""

from __future__ import annotations

from dataclasses import replace

import pytest
from spiel_positions import find, position, shared_terrain, spot

from bugs_core.bugspiel import GAME
from bugs_core.bugspiel.actions import BuyBonus, BuyBug, Fly, Pass, PlayBonus, PlayBug
from bugs_core.bugspiel.cards import card, goal_label
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal, DietGoal
from bugs_core.bugspiel.describe import bonus_text, describe, how_it_ended, opening
from bugs_core.bugspiel.market import PRICES
from bugs_core.bugspiel.species import Terrain, load_dataset
from bugs_core.errors import IllegalActionError

NAMES = ["Ana", "Bo", "Cy"]


def test_pass() -> None:
    assert describe(position(), Pass()).startswith("Seat 1 passes. The markets slide")
    assert describe(position(to_act=1), Pass(), NAMES).startswith("Bo passes. The markets")


@pytest.mark.parametrize("slot", [0, 7])
def test_buy_bug(slot: int) -> None:
    s = position()
    bought = s.bug_market[slot]
    assert bought is not None
    assert describe(s, BuyBug(slot), NAMES) == (
        f"Ana buys the {card(bought).name} from the bug market for {PRICES[slot]} VP."
    )


def test_buy_bonus() -> None:
    s = position(to_act=1)
    b = s.bonus_market[4]
    assert b is not None
    assert describe(s, BuyBonus(4), NAMES) == f"Bo buys the bonus card {bonus_text(b)} for 6 VP."


def test_bonus_text() -> None:
    hym = CategoryGoal("Hymenoptera")
    assert goal_label(hym) == "Ants, bees and wasps (Hymenoptera)"
    assert goal_label(DietGoal.FLYING) == "Flying Bugs"
    assert bonus_text(BonusCard.of(hym, hym)) == "double Ants, bees and wasps (Hymenoptera)"
    assert bonus_text(BonusCard.of(DietGoal.FLYING, hym)) == (
        "Ants, bees and wasps (Hymenoptera) + Flying Bugs"
    )


def test_play_bug_with_a_turn() -> None:
    b = find(lambda c: not c.predator and Terrain.GRASS in c.terrains)
    s = position(hands=[[b], []], terrain={"B1": Terrain.GRASS})
    assert describe(s, PlayBug(b.id, spot(s, "B1a"), 1), NAMES) == (
        f"Ana plays the {b.name} on B1a (Grassland), turning the tile counter-clockwise: "
        f"+{b.vp} VP."
    )
    assert describe(s, PlayBug(b.id, spot(s, "B1b")), NAMES) == (
        f"Ana plays the {b.name} on B1b (Grassland): +{b.vp} VP."
    )


def test_play_predator_eats() -> None:
    prey = find(lambda c: c.prey)
    pred = find(lambda c: c.predator and bool(c.terrains & prey.terrains))
    t = shared_terrain(pred, prey)
    s = position(hands=[[pred], []], bugs={"C2c": (prey, 1)}, terrain={"C2": t})
    assert describe(s, PlayBug(pred.id, spot(s, "C2c"), -1), NAMES) == (
        f"Ana plays the {pred.name} on C2c ({t.value}) and eats Bo's {prey.name}, "
        f"turning the tile clockwise: +{pred.vp} VP."
    )


def test_fly() -> None:
    fl = find(lambda c: c.flying and not c.predator and Terrain.GRASS in c.terrains)
    s = position(
        bugs={"B1c": (fl, 1)}, terrain={"B1": Terrain.GRASS, "D1": Terrain.GRASS}, to_act=1
    )
    assert describe(s, Fly(spot(s, "B1c"), spot(s, "D1a")), NAMES) == (
        f"Bo's {fl.name} flies from B1c to D1a (Grassland)."
    )


def test_fly_and_eat_own_bug() -> None:
    prey = find(lambda c: c.prey and Terrain.GRASS in c.terrains)
    pred = find(lambda c: c.predator and c.flying and Terrain.GRASS in c.terrains)
    s = position(bugs={"B1c": (pred, 0), "B1a": (prey, 0)}, terrain={"B1": Terrain.GRASS})
    assert describe(s, Fly(spot(s, "B1c"), spot(s, "B1a"), 1), NAMES) == (
        f"Ana's {pred.name} flies from B1c to B1a (Grassland) and eats its own {prey.name}, "
        "turning the tile counter-clockwise."
    )
    assert describe(s, Fly(spot(s, "B1c"), spot(s, "B1a")), ["You", "Bo"]) == (
        f"Your {pred.name} flies from B1c to B1a (Grassland) and eats your own {prey.name}."
    )


def test_play_and_eat_own_bug_and_the_second_person() -> None:
    prey = find(lambda c: c.prey)
    pred = find(lambda c: c.predator and bool(c.terrains & prey.terrains))
    t = shared_terrain(pred, prey)
    s = position(hands=[[pred], []], bugs={"C2c": (prey, 0)}, terrain={"C2": t})
    action = PlayBug(pred.id, spot(s, "C2c"))
    assert describe(s, action, NAMES) == (
        f"Ana plays the {pred.name} on C2c ({t.value}) and eats its own {prey.name}: +{pred.vp} VP."
    )
    assert describe(s, action, ["You", "Bo"]) == (
        f"You play the {pred.name} on C2c ({t.value}) and eat your own {prey.name}: +{pred.vp} VP."
    )
    theirs = position(hands=[[pred], []], bugs={"C2c": (prey, 1)}, terrain={"C2": t})
    assert describe(theirs, action, ["You", "Bo"]) == (
        f"You play the {pred.name} on C2c ({t.value}) and eat Bo's {prey.name}: +{pred.vp} VP."
    )


def test_6_2_pass_the_slide_is_logged() -> None:
    s = position(players=3)
    old_bug, old_bonus = s.bug_market[7], s.bonus_market[7]
    assert old_bug is not None and old_bonus is not None
    new_bug, new_bonus = card(s.bug_deck[0]), s.bonus_deck[0]
    assert describe(s, Pass(), NAMES) == (
        f"Ana passes. The markets slide one slot cheaper: the {card(old_bug).name} and the "
        f"bonus card {bonus_text(old_bonus)} are discarded; the {new_bug.name} and the bonus "
        f"card {bonus_text(new_bonus)} come in at 15 VP."
    )


def test_6_2_pass_a_slide_from_an_empty_deck_says_so_and_ends() -> None:
    s = replace(position(players=3, scores=[1, 0, 0]), bug_deck=())
    text = describe(s, Pass(), NAMES)
    assert "the bug deck is empty." in text
    assert text.endswith(
        "The game ends: the bug market's 15 VP slot is empty. Ana wins with 1 point."
    )


def test_play_bonus_names_every_scorer() -> None:
    """Bo's bee at B1a and Cy's bee at C2a share a rotation-0 line: double Hymenoptera gives
    each 4 x its bee's value; Ana scores nothing and is not named."""
    b1 = find(lambda c: c.category == "Hymenoptera" and not c.predator)
    b2 = find(lambda c: c.category == "Hymenoptera" and not c.predator, but=[b1.id])
    hym = CategoryGoal("Hymenoptera")
    bonus = BonusCard.of(hym, hym)
    s = position(
        players=3,
        bugs={"B1a": (b1, 1), "C2a": (b2, 2)},
        bonus_hands=[[], [bonus], []],
        to_act=1,
    )
    assert describe(s, PlayBonus(bonus, spot(s, "B1a")), NAMES) == (
        f"Bo plays the bonus card double Ants, bees and wasps (Hymenoptera) on B1a: "
        f"Bo +{4 * b1.vp} and Cy +{4 * b2.vp}."
    )


def test_the_last_action_adds_the_end() -> None:
    s = position(scores=[3, 5])
    s = GAME.apply(s, Pass())
    assert describe(s, Pass(), NAMES) == (
        "Bo passes. The game ends: every player passed in a row. Bo wins with 5 points."
    )


def test_a_shared_win_and_the_target() -> None:
    b = find(lambda c: not c.predator)
    s = position(
        players=3,
        hands=[[b], [], []],
        terrain={"A1": shared_terrain(b)},
        scores=[30 - b.vp, 30, 2],
        target_score=30,
    )
    assert describe(s, PlayBug(b.id, spot(s, "A1c")), NAMES).endswith(
        "The game ends: a score reached the target of 30. Ana and Bo share the win with 30 points."
    )
    assert how_it_ended(s) == ""


def test_the_guard_and_the_markets_in_words() -> None:
    s = replace(position(), bug_deck=())
    end = GAME.apply(s, BuyBug(0))
    assert how_it_ended(end, NAMES) == (
        "The game ends: the bug market's 15 VP slot is empty. Bo wins with 0 points."
    )
    guard = GAME.apply(replace(position(), moves=4999), Pass())
    assert how_it_ended(guard).startswith("The game ends: the game reached the 5,000 action guard.")


def test_opening() -> None:
    s = position()
    text = opening(s, NAMES)
    # The whole deck: what is left of it, the market's 8 and one bug in each hand.
    whole = len(s.bug_deck) + 8 + 2
    assert text.startswith(f"A small board of 10 tiles; the deck holds {whole} bugs: ")
    data = load_dataset()
    for c in s.categories:
        assert f"{data.category(c).common_name} ({c})" in text
    assert "; plus 3 wild bugs." in text
    assert text.endswith("Ana starts; the first to 100 VP ends the game.")
    assert GAME.opening(s, NAMES) == text


def test_describe_refuses_an_illegal_action() -> None:
    """A sentence is only written for an action the rules accept (here: no bug on B1a)."""
    s = position()
    with pytest.raises(IllegalActionError):
        describe(s, Fly(spot(s, "B1a"), spot(s, "B1b")))
