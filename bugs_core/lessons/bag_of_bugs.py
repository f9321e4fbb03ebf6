"""The lessons of Bag of Bugs (docs/rules/bag-of-bugs.md), one rule each.

Three seats: you (seat 0), Ana and Bo. The colours have the table's names (C1 to C5 are Red,
Yellow, Green, Blue and Purple Bugs, as the site draws them); the moves keep the notation's c1
to c5. `table` fills the bag with whatever the collections, the
pool and the Rock pairs set aside do not hold, so each position says only what it is about.
"""

from __future__ import annotations

from ..bag_of_bugs.scoring import COLOUR_POINTS, LARVA_POINTS
from ..bag_of_bugs.tokens import ROCK, bag_for
from ..bag_of_bugs.tokens import WIND as WIND_KIND
from ..position.bag_of_bugs import TOKEN_CHARS
from . import Lesson, Step, Try


def table(collections: str, pool: str, fields: str, *, pairs: int = 0, winds: int = 0) -> str:
    """A three-seat position: `collections` (seat 0 first, "/" between), the `pool` in reveal
    order, `pairs` Rock pairs set aside, `winds` Winds taken and still to give, the bag holding
    the rest; `fields` the others."""
    left = list(bag_for(3))
    left[ROCK] -= 2 * pairs
    left[WIND_KIND] -= winds
    for char in collections.replace("/", "").replace("-", "") + pool:
        left[TOKEN_CHARS.index(char)] -= 1
    if any(n < 0 for n in left):
        raise ValueError(f"more tokens than the bag holds in {collections!r} and {pool!r}")
    bag = ",".join(map(str, left))
    extra = (f" pool={pool}" if pool else "") + (f" pairs={pairs}" if pairs else "")
    return f"bag-of-bugs collections={collections} bag={bag}{extra} {fields}".strip()


WINDOW = Lesson(
    "bag-of-bugs/windows",
    "bag-of-bugs",
    "Reveal and reaction windows",
    ("G33", "G34"),
    (
        Step(
            task="Bo is the Drawer and has drawn three tokens. After each token a window opens: "
            "each grabber claims a free Grab token or waits for more. Ana already holds Grab 4. "
            "The pool has two Green Bugs: claim Grab 3, two identical tokens.",
            position=table("-/-/-", "3L3", "drawer=2 drawn=3 claims=-,-,-,1,- window=1:1,0:0:?"),
            answers=("1:claim 3",),
            says="claim Grab 3",
            why="A claim is final, and it resolves when the drawing stops: whatever the pool "
            "then holds, Grab 3 takes two identical tokens from it.",
            hint="Claim Grab 3: the pool already holds a pair.",
            tries=(Try("1:claim 4", "Grab 4"),),
        ),
    ),
)

GRAB_1 = Lesson(
    "bag-of-bugs/grab-1",
    "bag-of-bugs",
    "Grab 1: the largest group",
    ("G15",),
    (
        Step(
            task="The drawing has stopped and your Grab 1 resolves: it takes one token of "
            "the largest group. Two groups tie (two Red Bugs, two Blue Bugs): pick one.",
            position=table(
                "-/-/-", "14L41", "drawer=2 drawn=5 claims=0,-,-,-,- phase=choose grab=1"
            ),
            answers=("take c1", "take c4"),
            says="with Grab 1",
            why="Grab 1 takes one token of the largest group; on a tie you choose which.",
            hint="Take one of the groups of two.",
            tries=(Try("take larva", "allows only"),),
        ),
    ),
)

GRAB_2 = Lesson(
    "bag-of-bugs/grab-2",
    "bag-of-bugs",
    "Grab 2: the smallest group",
    ("G15",),
    (
        Step(
            task="Your Grab 2 takes one token of the smallest group. The pool holds three "
            "Yellow Bugs, one Purple Bug and one Larva: take the Purple Bug or the Larva.",
            position=table(
                "-/-/-", "22L25", "drawer=2 drawn=5 claims=-,0,-,-,- phase=choose grab=2"
            ),
            answers=("take c5", "take larva"),
            says="with Grab 2",
            why="The smallest group is often a single token: Grab 2 picks it out of a crowd.",
            hint="Take one of the single tokens.",
            tries=(Try("take c2", "allows only"),),
        ),
    ),
)

GRAB_3 = Lesson(
    "bag-of-bugs/grab-3",
    "bag-of-bugs",
    "Grab 3: two identical tokens",
    ("G16",),
    (
        Step(
            task="Your Grab 3 takes two identical tokens. The pool holds a pair of Green Bugs "
            "and a pair of Scary Bugs: take the Green pair (Scary Bugs cost points).",
            position=table(
                "-/-/-", "3SS3", "drawer=2 drawn=4 claims=-,-,0,-,- phase=choose grab=3"
            ),
            answers=("take c3",),
            says="with Grab 3",
            why="You choose which pair. The player with the most Scary Bugs loses 2 points at "
            "the end.",
            hint="Take the Green pair rather than the Scary Bugs.",
            tries=(Try("take c1", "allows only"),),
        ),
    ),
)

GRAB_4_5 = Lesson(
    "bag-of-bugs/grab-4-5",
    "bag-of-bugs",
    "Grab 4 and 5: different tokens",
    ("G17",),
    (
        Step(
            task="Your Grab 5 takes three different tokens, one of each kind you choose (Grab 4 "
            "takes two). You hold a Red and a Yellow Bug: take Green, Blue and Purple to make "
            "a set of all five colours.",
            position=table(
                "12/-/-", "3S45L", "drawer=2 drawn=5 claims=-,-,-,-,0 phase=choose grab=5"
            ),
            answers=("take c3+c4+c5",),
            says="with Grab 5",
            why="A set of all five colours is worth 5 more points at the end.",
            hint="Take the three colours you lack: Green, Blue and Purple.",
            tries=(Try("take c3+c4", "allows only"),),
        ),
    ),
)

PRIORITY = Lesson(
    "bag-of-bugs/priority",
    "bag-of-bugs",
    "Priority",
    ("G34",),
    (
        Step(
            task="In a window everyone chooses at once. If two reach for the same Grab token, "
            "it goes to the first in this window's priority, shown on the table: you are first "
            "now. Claim Grab 3.",
            position=table("-/-/-", "55", "drawer=2 drawn=2 window=1:0,1:0,1:?,3"),
            answers=("1:claim 3",),
            says="had priority",
            why="Priority turns every window, so each grabber is first in turn.",
            hint="Claim Grab 3: you have priority.",
            tries=(),
        ),
    ),
)

WIND = Lesson(
    "bag-of-bugs/wind",
    "bag-of-bugs",
    "Wind",
    ("G20", "G24"),
    (
        Step(
            task="You took a Wind with your grab: you must give one token of your collection "
            "to the player on your left (Ana). A Scary Bug is a fine thing to give away.",
            position=table(
                "2S/-/-", "", "drawer=2 drawn=4 claims=-,-,-,0,- phase=wind grab=5 queue=0", winds=1
            ),
            answers=("give scary",),
            says="Scary",
            why="The Wind goes back into the bag; what you gave now counts for Ana.",
            hint="Give the Scary Bug: it costs whoever holds the most of them.",
            tries=(Try("give c4", "collection"),),
        ),
    ),
)

ROCKS = Lesson(
    "bag-of-bugs/rocks",
    "bag-of-bugs",
    "Rocks",
    ("G8", "G12"),
    (
        Step(
            task="One Rock is in the pool. A second Rock stops the drawing at once, and a "
            "grabber with no Grab token gets nothing. Claim now, while you can: Grab 1 takes "
            "a Yellow Bug, the largest group.",
            position=table(
                "-/-/-", "2R22", "drawer=2 drawn=4 rocks=1 claims=-,-,-,1,- window=1:1,0:0:?"
            ),
            answers=("1:claim 1",),
            says="claim Grab 1",
            why="Waiting for a better pool risks the second Rock. Each Rock pair set aside "
            "brings the end nearer.",
            hint="Claim Grab 1 now.",
            tries=(),
        ),
    ),
)

LEFTOVERS = Lesson(
    "bag-of-bugs/leftovers",
    "bag-of-bugs",
    "The Drawer's leftovers",
    ("G25",),
    (
        Step(
            task="You are the Drawer: the grabs are done, and you take every leftover token "
            "or return them all to the bag. Two Scary Bugs are left: return them.",
            position=table(
                "-/1/2", "SS", "drawer=0 drawn=6 claims=1,2,-,-,- phase=leftovers grab=6"
            ),
            answers=("return all",),
            says="return the leftovers",
            why="All or nothing: the Drawer cannot pick and choose.",
            hint="Return them: Scary Bugs cost points.",
            tries=(Try("take c1", "no Grab token is waiting"),),
        ),
    ),
)

# The scoring lesson's words quote the engine's own points, so they change with the rules.
ONE, TWO, THREE = COLOUR_POINTS[1:4]

SCORING = Lesson(
    "bag-of-bugs/scoring",
    "bag-of-bugs",
    "Scoring",
    ("§5.4", "G28"),
    (
        Step(
            task=f"At the end each colour scores {ONE}, {TWO} and {THREE} points for 1, 2 and "
            f"3 of it, but {len(COLOUR_POINTS)} or more of a colour score nothing; each Larva "
            f"is {LARVA_POINTS:+d}. You hold three Red Bugs. Your Grab 4 takes two different "
            "tokens: take the Yellow Bug and the Larva, not a fourth Red.",
            position=table(
                "111/-/-", "11L2", "drawer=2 drawn=4 claims=-,-,-,0,- phase=choose grab=4"
            ),
            answers=("take c2+larva",),
            says="with Grab 4",
            why=f"Three Reds keep their {THREE} points; the Yellow Bug adds {ONE} and the Larva "
            f"{LARVA_POINTS}. A fourth Red would have cost all {THREE}.",
            hint="Leave the Red Bugs: a fourth one scores nothing.",
            tries=(Try("take c1+larva", "Grab 4"),),
        ),
    ),
)

LESSONS = (WINDOW, GRAB_1, GRAB_2, GRAB_3, GRAB_4_5, PRIORITY, WIND, ROCKS, LEFTOVERS, SCORING)
"""The lessons in teaching order."""
