"""§6.7 playing a bonus card, with decision 11.

Legality: on a space you own, whose bug matches one of the card's two goals without wild (a
wild bug only by its diet or flying). Scoring: build the line through the tile (§2.4); for every
seat and each goal (a double counts twice), sum the seat's own bugs in the line that match the
goal without wild (category: 2 x VP; herbivores: 1; other diets and flying: 2); if that is above
0 and the goal is a category, the seat's wild bugs in the line add 2 x their VP. The card goes
to the bonus discard pile.

Card values (b1, b2, w, l...) are read from `cards.card(i).vp`; the sums below are by hand.
"""

from __future__ import annotations

from spiel_positions import act, assert_illegal, find, position, spot

from bugs_core.bugspiel import rules
from bugs_core.bugspiel.actions import PlayBonus
from bugs_core.bugspiel.cards import Card, goal_value
from bugs_core.bugspiel.deck import BonusCard, CategoryGoal, DietGoal
from bugs_core.bugspiel.species import Diet, Terrain
from bugs_core.bugspiel.state import BugspielState

YELLOW, GREEN, BLUE = 0, 1, 2
"""Seat colours in seat order (§1.2)."""

HYM = CategoryGoal("Hymenoptera")
PSO = CategoryGoal("Psocodea")


def bee(*, but: tuple[int, ...] = ()) -> Card:
    """A grassland bee that is not a predator (so it is just a bug on a space)."""
    return find(
        lambda c: (
            c.category == "Hymenoptera"
            and "bee" in c.name
            and not c.predator
            and Terrain.GRASS in c.terrains
        ),
        but=but,
    )


def wild(*, but: tuple[int, ...] = ()) -> Card:
    return find(lambda c: c.wild and not c.predator and Terrain.GRASS in c.terrains, but=but)


def louse() -> Card:
    return find(lambda c: c.category == "Psocodea" and Terrain.GRASS in c.terrains)


def example(bonus: BonusCard, to_act: int = GREEN) -> tuple[BugspielState, dict[str, Card]]:
    """The rule text's Bonus Scoring Example as decision 11 sets it out.

    Small board, 3 seats. B1 and C2 at rotation 0, D2 at +1 (all Grassland).
    B1: a green bee (a), a green wild (c), a yellow wild (b).
    C2: a green bee (a), a blue bark louse (c).   D2: a green bark louse (a).
    Each seat holds `bonus`.
    """
    b1 = bee()
    b2 = bee(but=(b1.id,))
    w = wild()
    y = wild(but=(w.id,))
    lo = louse()
    cards = {"b1": b1, "b2": b2, "w": w, "y": y, "l": lo}
    s = position(
        players=3,
        bugs={
            "B1a": (b1, GREEN),
            "B1c": (w, GREEN),
            "B1b": (y, YELLOW),
            "C2a": (b2, GREEN),
            "C2c": (lo, BLUE),
            "D2a": (lo, GREEN),
        },
        terrain={t: Terrain.GRASS for t in ("B1", "C2", "D2")},
        rotations={"B1": 0, "C2": 0, "D2": 1},
        bonus_hands=[[bonus]] * 3,
        scores=[10, 20, 30],
        to_act=to_act,
    )
    return s, cards


def test_bonus_scoring_example() -> None:
    """Green plays (Hymenoptera, Psocodea) on its B1 bee.

    The line through B1 (rotation 0, constant r): (0,0) is off the board; C2 (2,0) has rotation
    0 and is occupied: in; D2 (3,0) has rotation +1: out. Line = B1, C2.
    - Hymenoptera: green's real matches are the bees, 2 b1 + 2 b2 > 0, so green's wild adds
      2 w. Yellow has no bee: its wild does not count. Blue has none.
    - Psocodea: green's bark louse is on D2, outside the line: green 0 (its wild is not counted
      a second time). Blue's louse on C2: 2 l.
    Green +2 b1 + 2 b2 + 2 w, yellow +0, blue +2 l.
    """
    bonus = BonusCard.of(HYM, PSO)
    s, c = example(bonus)
    b1, b2, w, lo = c["b1"].vp, c["b2"].vp, c["w"].vp, c["l"].vp
    b1_space = 3 * s.board.index(s.board.tile("B1"))
    assert rules.bonus_points(s, bonus, b1_space) == (0, 2 * b1 + 2 * b2 + 2 * w, 2 * lo)
    after = act(s, PlayBonus(bonus, spot(s, "B1a")))
    assert after.scores == (10, 20 + 2 * b1 + 2 * b2 + 2 * w, 30 + 2 * lo)
    assert after.bonus_hands[GREEN] == ()
    assert after.bonus_discard == (*s.bonus_discard, bonus)
    assert after.cards == s.cards  # the bugs stay where they are


def test_bonus_scoring_example_double_hymenoptera() -> None:
    """(Hymenoptera, Hymenoptera): each goal scores as above, so green scores
    2 (2 b1 + 2 b2 + 2 w); yellow 0 (no real match); blue 0 (no bee)."""
    bonus = BonusCard.of(HYM, HYM)
    s, c = example(bonus)
    b1, b2, w = c["b1"].vp, c["b2"].vp, c["w"].vp
    after = act(s, PlayBonus(bonus, spot(s, "B1a")))
    assert after.scores == (10, 20 + 2 * (2 * b1 + 2 * b2 + 2 * w), 30)


def test_bonus_scoring_example_yellow_may_not_play_it_on_its_wild() -> None:
    """Decision 11: the yellow wild matches neither category without wild, so the card may
    not go on it; yellow has no other bug, so it has no bonus play at all."""
    bonus = BonusCard.of(HYM, PSO)
    s, _ = example(bonus, to_act=YELLOW)
    err = assert_illegal(s, PlayBonus(bonus, spot(s, "B1b")), "§6.7")
    assert "decision 11" in str(err)
    assert not [a for a in rules.legal_actions(s) if isinstance(a, PlayBonus)]


def test_bonus_scoring_example_green_plays_from_c2_or_on_the_outside_louse() -> None:
    """Green's legal spots for (Hymenoptera, Psocodea): its bees (B1a, C2a) and its louse on
    D2a, not its wild (B1c). From D2 (rotation +1) the line is D2 alone: (2,1) C3 is empty,
    (4,-1) is off the board. Green scores 2 l, nobody else anything."""
    bonus = BonusCard.of(HYM, PSO)
    s, c = example(bonus)
    legal = {str(a.on) for a in rules.legal_actions(s) if isinstance(a, PlayBonus)}
    assert legal == {"B1a", "C2a", "D2a"}
    assert_illegal(s, PlayBonus(bonus, spot(s, "B1c")), "§6.7")
    after = act(s, PlayBonus(bonus, spot(s, "D2a")))
    assert after.scores == (10, 20 + 2 * c["l"].vp, 30)
    # From C2 the line is the same as from B1, so the same points.
    b1, b2, w, lo = c["b1"].vp, c["b2"].vp, c["w"].vp, c["l"].vp
    from_c2 = act(s, PlayBonus(bonus, spot(s, "C2a")))
    assert from_c2.scores == (10, 20 + 2 * b1 + 2 * b2 + 2 * w, 30 + 2 * lo)


def test_diet_and_flying_goals_score_fixed_points() -> None:
    """Small board, all rotation 0; the line through B2 is A1 (0,1), B2 (1,1), C3 (2,1) (all
    occupied; (-1,1) and (3,1) are off the board). Seat 0 plays (Herbivores, Flying) on B2c.

    Seat 0: a walking herbivore on A1a, a flying herbivore on B2c -> herbivores 1 + 1, flying 2.
    Seat 1: a flying predator on C3b -> flying 2; a wild herbivore on A1b -> herbivores 1 (a
    diet match needs no real match: wildness only matters for category goals); a herbivore on
    C1a, off the line -> nothing.
    Seat 0 +4, seat 1 +3.
    """
    walker = find(lambda c: c.species.diet is Diet.HERBIVORE and not c.flying and not c.wild)
    flyer = find(lambda c: c.species.diet is Diet.HERBIVORE and c.flying)
    hunter = find(lambda c: c.predator and c.flying)
    snail = find(lambda c: c.wild and c.species.diet is Diet.HERBIVORE and not c.flying)
    bonus = BonusCard.of(DietGoal.HERBIVORES, DietGoal.FLYING)
    s = position(
        bugs={
            "A1a": (walker, 0),
            "A1b": (snail, 1),
            "B2c": (flyer, 0),
            "C3b": (hunter, 1),
            "C1a": (walker, 1),
        },
        bonus_hands=[[bonus], []],
    )
    assert goal_value(DietGoal.HERBIVORES, walker) == 1
    assert goal_value(DietGoal.FLYING, hunter) == 2
    after = act(s, PlayBonus(bonus, spot(s, "B2c")))
    assert after.scores == (4, 3)


def test_a_wild_bug_may_carry_a_bonus_matching_its_diet() -> None:
    """Decision 11: a wild bug takes a bonus card when a goal matches it by diet. Seat 0's wild
    scavenger alone on C2 with (Scavengers, Hymenoptera): 2 points; on a wild herbivore the
    same card is illegal."""
    scav = find(lambda c: c.wild and c.species.diet in (Diet.DETRITIVORE, Diet.SCAVENGER))
    herb = find(lambda c: c.wild and c.species.diet is Diet.HERBIVORE)
    bonus = BonusCard.of(DietGoal.SCAVENGERS, HYM)
    s = position(bugs={"C2a": (scav, 0), "B3a": (herb, 0)}, bonus_hands=[[bonus], []])
    assert_illegal(s, PlayBonus(bonus, spot(s, "B3a")), "§6.7")
    assert act(s, PlayBonus(bonus, spot(s, "C2a"))).scores == (2, 0)


def test_a_double_diet_card_counts_twice_and_one_bug_may_match_both_goals() -> None:
    """Seat 1's flying bee alone on D1 (rotation 0: D1 (3,-1) with C1 (2,-1) empty): double
    Flying scores 2 + 2 = 4; (Hymenoptera, Flying) scores 2 x VP + 2."""
    b = find(lambda c: c.category == "Hymenoptera" and c.flying and not c.predator)
    for bonus, points in (
        (BonusCard.of(DietGoal.FLYING, DietGoal.FLYING), 4),
        (BonusCard.of(HYM, DietGoal.FLYING), 2 * b.vp + 2),
    ):
        s = position(bugs={"D1c": (b, 1)}, bonus_hands=[[], [bonus]], to_act=1)
        assert act(s, PlayBonus(bonus, spot(s, "D1c"))).scores == (0, points)


def test_opponents_score_and_may_score_more() -> None:
    """Seat 0 plays (Hymenoptera, Hymenoptera) on its bee at B1a; seat 1 owns two bees on C2
    in the same rotation-0 line: seat 0 gets 2 (2 v0), seat 1 gets 2 (2 v1 + 2 v2)."""
    b0 = bee()
    b1 = bee(but=(b0.id,))
    b2 = bee(but=(b0.id, b1.id))
    bonus = BonusCard.of(HYM, HYM)
    s = position(
        bugs={"B1a": (b0, 0), "C2a": (b1, 1), "C2b": (b2, 1)},
        bonus_hands=[[bonus], []],
    )
    after = act(s, PlayBonus(bonus, spot(s, "B1a")))
    assert after.scores == (4 * b0.vp, 4 * (b1.vp + b2.vp))
    assert after.scores[1] > after.scores[0]


def test_an_empty_or_turned_tile_breaks_the_line() -> None:
    """Bees of seat 1 at A1 (0,1), B2 (1,1) and C3 (2,1), all rotation 0; seat 0's bee on B2.
    Seat 0 plays (Hymenoptera, Hymenoptera) on B2 in three cases:
    - all in line: seat 1 gets 2 (2 a + 2 c), seat 0 2 (2 s0);
    - C3 turned to +1: seat 1 gets 2 (2 a);
    - A1 emptied and C3 turned: seat 1 gets 0."""
    s0 = bee()
    a = bee(but=(s0.id,))
    c = bee(but=(s0.id, a.id))
    bonus = BonusCard.of(HYM, HYM)
    full = {"A1a": (a, 1), "B2c": (s0, 0), "C3b": (c, 1)}
    for bugs, rotations, seat1 in (
        (full, {}, 4 * (a.vp + c.vp)),
        (full, {"C3": 1}, 4 * a.vp),
        ({k: v for k, v in full.items() if k != "A1a"}, {"C3": 1}, 0),
    ):
        s = position(bugs=bugs, rotations=rotations, bonus_hands=[[bonus], []])
        assert act(s, PlayBonus(bonus, spot(s, "B2c"))).scores == (4 * s0.vp, seat1)


def test_a_bonus_goes_only_on_your_own_bug() -> None:
    b = bee()
    bonus = BonusCard.of(HYM, PSO)
    s = position(bugs={"B1a": (b, 1)}, bonus_hands=[[bonus], []])
    err = assert_illegal(s, PlayBonus(bonus, spot(s, "B1a")), "§6.7")
    assert "your own" in str(err)
    assert_illegal(s, PlayBonus(bonus, spot(s, "B1c")), "§6.7")  # an empty space


def test_a_bonus_not_in_hand_or_matching_nothing_is_illegal() -> None:
    b = bee()
    held = BonusCard.of(PSO, DietGoal.PARASITES)
    s = position(bugs={"B1a": (b, 0)}, bonus_hands=[[held], []])
    err = assert_illegal(s, PlayBonus(BonusCard.of(HYM, HYM), spot(s, "B1a")), "§6.7")
    assert "not in your hand" in str(err)
    assert_illegal(s, PlayBonus(held, spot(s, "B1a")), "§6.7")


def test_wild_bugs_count_per_goal_only_beside_a_real_match() -> None:
    """Seat 0: a bee and a wild at B1; seat 1: a bark louse and a wild at C2 (one rotation-0
    line). (Hymenoptera, Psocodea) on seat 0's bee: seat 0 2 b + 2 w0 (Hymenoptera only),
    seat 1 2 l + 2 w1 (Psocodea only)."""
    b = bee()
    w0 = wild()
    w1 = wild(but=(w0.id,))
    lo = louse()
    bonus = BonusCard.of(HYM, PSO)
    s = position(
        bugs={"B1a": (b, 0), "B1b": (w0, 0), "C2a": (lo, 1), "C2b": (w1, 1)},
        bonus_hands=[[bonus], []],
    )
    after = act(s, PlayBonus(bonus, spot(s, "B1a")))
    assert after.scores == (2 * b.vp + 2 * w0.vp, 2 * lo.vp + 2 * w1.vp)
