"""The lessons of Bugspiel (docs/rules/bugspiel.md), one rule each.

Two seats, you (seat 0) and Ana, on the small board of one seeded deal (`SEED`): its terrain
and its deck. `table` takes the cards a lesson names out of that deck and puts them in your
hand or on the board, so every position holds each card exactly once, as a real game does,
and the lesson says only what it is about. Answers are patterns of the action notation
(`fnmatch`: "play Morpho_peleides B2? +1" is any space of B2, turned once).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ..bugspiel import cards
from ..bugspiel.board import Space, board_for
from ..bugspiel.deck import BonusCard
from ..bugspiel.state import BugspielState
from ..position import text_of
from ..registry import get_game
from ..rng import Rng
from . import Lesson, Step, Try

SEED = 1
"""The deal every lesson starts from (its small board: A1 forest, A2 grass, B1 grass, B2
forest, B3 grass, C1 forest, C2 grass, C3 grass, D1 soil, D2 water)."""
SPACES = {"a": Space.ABOVE, "c": Space.CENTRE, "b": Space.BELOW}
"""The notation's space letters: a above, c centre, b below (actions.py)."""


def _deal() -> BugspielState:
    game = get_game("bugspiel")
    state: BugspielState = game.initial_state(game.make_setup({"players": 2}), Rng(SEED))
    return state


def _bug(name: str) -> int:
    return cards.card_id(name.replace("_", " "))


def _bonus(goals: str) -> BonusCard:
    first, second = (cards.parse_goal(g) for g in goals.split("/"))
    return BonusCard.of(first, second)


def table(
    *,
    hand: tuple[str, ...] = (),
    bonuses: tuple[str, ...] = (),
    board: Mapping[str, tuple[str, int]] | None = None,
    scores: tuple[int, int] = (0, 0),
    options: str = "",
) -> str:
    """A position of the seeded deal: your `hand` (scientific names) and `bonuses` ("goal/goal"),
    `board` spaces ("A2b": (name, owner seat)), `scores`; every card taken from the deck."""
    state = _deal()
    small = board_for("small")
    deck = list(state.bug_deck)
    bonus_deck = list(state.bonus_deck)
    cells = list(state.cards)
    owners = list(state.owners)

    def take(card_id: int) -> int:
        if card_id not in deck:
            raise ValueError(f"card {card_id} is not in the seeded deck")
        deck.remove(card_id)
        return card_id

    for space, (name, owner) in (board or {}).items():
        index = 3 * small.index(small.tile(space[:-1])) + int(SPACES[space[-1]])
        cells[index] = take(_bug(name))
        owners[index] = owner
    my_bonuses = [_bonus(g) for g in bonuses]
    for bonus in my_bonuses:
        if bonus not in bonus_deck:
            raise ValueError(f"bonus card {bonus} is not in the seeded deck")
        bonus_deck.remove(bonus)
    # The hands of the deal go back under the deck, so the lesson's own are all there is.
    deck += [c for h in state.bug_hands for c in h]
    bonus_deck += [b for h in state.bonus_hands for b in h]
    mine = tuple(sorted(take(_bug(name)) for name in hand))
    lesson = dataclasses.replace(
        state,
        cards=tuple(cells),
        owners=tuple(owners),
        bug_deck=tuple(deck),
        bonus_deck=tuple(bonus_deck),
        bug_hands=(mine, ()),
        bonus_hands=(tuple(sorted(my_bonuses, key=cards.bonus_id)), ()),
        scores=scores,
    )
    text = text_of("bugspiel", lesson)
    return f"{text} {options}".strip()


MARKET = Lesson(
    "bugspiel/market",
    "bugspiel",
    "The market and its prices",
    ("§6.1", "§6.2", "decision 12"),
    (
        Step(
            task="Each market has eight slots priced 15, 12, 10, 8, 6, 4, 2 and 1 VP, paid from "
            "your score. Buy the bug in the cheapest slot, on the right.",
            position=table(scores=(6, 6)),
            answers=("buy bug 7",),
            says="for 1 VP",
            why="The cards left of it slide one slot cheaper and a new card comes in at 15 VP. "
            "Every pass slides both markets too, so waiting makes cards cheaper, for everyone.",
            hint="Buy from slot 7, the 1 VP slot.",
            tries=(),
        ),
    ),
)

TERRAIN = Lesson(
    "bugspiel/terrain",
    "bugspiel",
    "Terrain",
    ("§6.4",),
    (
        Step(
            task="A bug lives only on the terrains of its card. Your blue morpho lives in "
            "forest: play it on a forest tile (A1, B2 or C1).",
            position=table(hand=("Morpho_peleides",)),
            answers=(
                "play Morpho_peleides A1?*",
                "play Morpho_peleides B2?*",
                "play Morpho_peleides C1?*",
            ),
            says="+1 VP",
            why="Playing a bug scores its VP, and the space is yours.",
            hint="Choose a forest tile: A1, B2 or C1.",
            tries=(Try("play Morpho_peleides A2a", "lives in Forest"),),
        ),
    ),
)

PREDATORS = Lesson(
    "bugspiel/predators",
    "bugspiel",
    "Predators eat",
    ("§6.4", "§6.5"),
    (
        Step(
            task="A predator must land on a prey bug, and eats it. Your red assassin bug hunts "
            "in grassland: play it on Ana's mealworm beetle at A2b.",
            position=table(hand=("Rhynocoris_iracundus",), board={"A2b": ("Tenebrio_molitor", 1)}),
            answers=("play Rhynocoris_iracundus A2b*",),
            says="eat Ana's mealworm beetle",
            why="The prey goes to the discard pile: Ana keeps her points but loses the space, "
            "and the space is now yours.",
            hint="Land on the mealworm beetle at A2b.",
            tries=(Try("play Rhynocoris_iracundus A2a", "must land on prey"),),
        ),
    ),
)

FLYING = Lesson(
    "bugspiel/flying",
    "bugspiel",
    "Flying",
    ("§6.6",),
    (
        Step(
            task="A bug that flies may move from its space to any other space where it could "
            "be played. Fly your blue morpho from A1a to the forest tile C1.",
            position=table(board={"A1a": ("Morpho_peleides", 0)}),
            answers=("fly A1a C1?*",),
            says="C1",
            why="A flight scores nothing, but it moves your presence where a bonus line will "
            "need it; the space it left is empty again.",
            hint="Fly the morpho to one of C1's spaces.",
            tries=(Try("fly A1a A2a", "Forest"),),
        ),
    ),
)

TURNING = Lesson(
    "bugspiel/turning",
    "bugspiel",
    "Turning a tile",
    ("§2.2", "§2.3"),
    (
        Step(
            task="When your bug lands on a tile you may turn that tile: its three spaces line "
            "up another way, and so do the bonus lines through it. Play your blue morpho on "
            "B2 and turn the tile once counter-clockwise (+1).",
            position=table(hand=("Morpho_peleides",)),
            answers=("play Morpho_peleides B2? +1",),
            says="counter-clockwise",
            why="Turning costs and scores nothing, but a line runs only through tiles turned "
            "the same way, for every player.",
            hint="Play it on B2 and choose the turn +1.",
            tries=(),
        ),
    ),
)

BONUS = Lesson(
    "bugspiel/bonus-lines",
    "bugspiel",
    "Bonus lines and wild bugs",
    ("§2.4", "§6.7", "decision 11"),
    (
        Step(
            task="A1, B2 and C3 lie in one line, each turned the same way and each with a bug. "
            "Play your bonus card (beetles twice) on your Hercules beetle at A1a: every player "
            "scores their beetles in the line, and a wild bug counts double once a category "
            "goal scores.",
            position=table(
                bonuses=("Coleoptera/Coleoptera",),
                board={
                    "A1a": ("Dynastes_hercules", 0),
                    "B2a": ("Rosalia_alpina", 0),
                    "B2c": ("Paragordius_tricuspidatus", 0),
                    "C3a": ("Lucanus_cervus", 1),
                },
            ),
            answers=("bonus Coleoptera/Coleoptera A1a",),
            says="Ana",
            why="The whole line scores, whoever owns its spaces: Ana's stag beetle scores for "
            "her. Build lines where you own most of the matching bugs.",
            hint="Play the bonus card on A1a.",
            tries=(),
        ),
    ),
)

THE_END = Lesson(
    "bugspiel/the-end",
    "bugspiel",
    "The race to the target",
    ("§10.1", "§10.2"),
    (
        Step(
            task="The game ends as soon as a player reaches the target, 100 VP. You have 99: "
            "play your blue morpho (1 VP) on a forest tile to win.",
            position=table(hand=("Morpho_peleides",), scores=(99, 95)),
            answers=(
                "play Morpho_peleides A1?*",
                "play Morpho_peleides B2?*",
                "play Morpho_peleides C1?*",
            ),
            says="100",
            why="Buying costs VP and playing earns it: the race is won by turning purchases "
            "into points faster than the others.",
            hint="Play the morpho on A1, B2 or C1.",
            tries=(),
        ),
    ),
)

LESSONS = (MARKET, TERRAIN, PREDATORS, FLYING, TURNING, BONUS, THE_END)
"""The lessons in teaching order."""
