"""The lessons of Bugs (docs/rules/bugs.md), one rule each, in the order a newcomer meets them.

Every position holds the whole deck: the learner's few cards matter, and `table` deals the
rest to the other seats (hidden from the learner, as at a real table), so each lesson says
only what it is about.
"""

from __future__ import annotations

from ..bugs.cards import DECK, copies
from ..position.bugs import CARD_CHARS
from . import Lesson, Step, Try


def table(
    mine: str,
    *,
    seats: int = 3,
    fields: str = "",
    played: str = "",
) -> str:
    """A position: the learner (seat 0) holds `mine`, the cards in `played` (the pile and the
    discard, written in `fields`) are out of the hands, and the rest of the deck is dealt in
    turn to the other seats. `fields` are the position's other fields (`to=`, `phase=`, ...)."""
    left = list(DECK)  # the rules' counts of each kind (index 0 unused)
    for char in mine + played:
        left[CARD_CHARS.index(char)] -= 1
    if any(n < 0 for n in left):
        raise ValueError(f"more cards than the deck holds in {mine!r} and {played!r}")
    rest = "".join(CARD_CHARS[kind] * n for kind, n in enumerate(left))
    hands = [mine] + [""] * (seats - 1)
    for i, char in enumerate(rest):
        hands[1 + i % (seats - 1)] += char
    text = "/".join("".join(sorted(h, key=CARD_CHARS.index)) or "-" for h in hands)
    return f"bugs hands={text} to=0 dealer=2 {fields}".strip()


def _n(value: int) -> int:
    return copies(value)


LEAD = Lesson(
    "bugs/lead",
    "bugs",
    "Lead a swarm",
    ("B7", "B10"),
    (
        Step(
            task="You lead. A lead is one or more bugs of a single value; the swarm's size is "
            "their count times their value. Lead both your 5s.",
            position=table("225577N"),
            answers=("2x5",),
            says="swarm 10",
            why="Two 5s make a swarm of 10: the next player must beat it, add to it, or answer "
            "it with an action card.",
            hint="Pick both of your 5s and play them.",
            tries=(Try("net", "must lead bugs"),),
        ),
    ),
)

BEAT = Lesson(
    "bugs/beat",
    "bugs",
    "Beat a swarm by value or by size",
    ("B14",),
    (
        Step(
            task="Bo led two 6s: a swarm of 12. Beat it with bugs of another value whose "
            "swarm is larger than 12.",
            position=table(
                "2222555889", fields="phase=respond pile=2:66 value=6 size=12", played="66"
            ),
            answers=("3x5", "2x8"),
            says="the swarm of 12 with",
            why="A beat is a different value whose swarm is strictly larger: the size, not the "
            "value, decides (three 5s make 15).",
            hint="Count each play: its size is count times value, and it must be more than 12.",
            tries=(
                Try("2x5", "larger than the swarm of 12"),
                Try("4x2", "larger than the swarm of 12"),
            ),
        ),
    ),
)

GROW = Lesson(
    "bugs/grow",
    "bugs",
    "Grow the swarm",
    ("B12", "B16"),
    (
        Step(
            task="Bo led one 4: a swarm of 4. Play bugs of the same value to add to it: add "
            "both your 4s.",
            position=table("44911N", fields="phase=respond pile=2:4 value=4 size=4", played="4"),
            answers=("2x4",),
            says="swarm 12",
            why="Bugs of the swarm's value add their size to it: 4 + 8 = 12. The swarm stays "
            "4s, and the next player must answer 12.",
            hint="Play 4s, the swarm's own value: two of them.",
            tries=(Try("2x1", "larger than the swarm of 4"),),
        ),
    ),
)

WIPE_OUT = Lesson(
    "bugs/wipe-out",
    "bugs",
    "Wipe out a colony",
    ("B25",),
    (
        Step(
            task=f"There are {_n(7)} cards of 7 in the deck and you hold them all: a whole "
            "colony. When you lead you may wipe it out, discarding them all, and still lead.",
            position=table("25777"),
            answers=("wipe 7",),
            says="out the colony of three",
            why="Three cards leave your hand at no cost, and it is still your lead.",
            hint="Wipe out the colony of 7s: every card of that value is in your hand.",
            tries=(Try("wipe 5", "5"),),
        ),
    ),
)

OUTBREAK = Lesson(
    "bugs/outbreak",
    "bugs",
    "Outbreak",
    ("B8", "B15"),
    (
        Step(
            task="Bo's swarm is two 6s (12), and your one 7 is too small. An Outbreak counts "
            "as one more bug of the value it goes with: play your 7 with the Outbreak.",
            position=table("337O", fields="phase=respond pile=2:66 value=6 size=12", played="66"),
            answers=("1x7+o",),
            says="swarm 14",
            why="One 7 and an Outbreak make (1 + 1) x 7 = 14, which beats 12. An Outbreak "
            "never goes alone: it needs a real bug in the same play.",
            hint="Add the Outbreak to your 7.",
            tries=(Try("1x7", "larger than the swarm of 12"),),
        ),
    ),
)

NET = Lesson(
    "bugs/net",
    "bugs",
    "Net",
    ("B17",),
    (
        Step(
            task="Bo's three 6s make 18 and nothing in your hand beats it. Play the Net: the "
            "swarm passes on, unchanged, to the next player.",
            position=table("134N", fields="phase=respond pile=2:666 value=6 size=18", played="666"),
            answers=("net",),
            says="passes to Ana",
            why="A Net hands the same swarm on; you keep your bugs.",
            hint="Nothing beats 18 here: the Net passes it on without taking the pile.",
            tries=(Try("1x4", "larger than the swarm of 18"),),
        ),
    ),
)

REPELLENT = Lesson(
    "bugs/repellent",
    "bugs",
    "Repellent",
    ("B18",),
    (
        Step(
            task="Bo's three 6s make 18. A Repellent turns the direction of play: the swarm "
            "goes back to the player before you, Bo, who must answer it.",
            position=table("134R", fields="phase=respond pile=2:666 value=6 size=18", played="666"),
            answers=("repellent",),
            says="Bo",
            why="The direction is reversed from now on, and Bo faces the swarm Bo set.",
            hint="Play the Repellent and send the swarm back.",
            tries=(Try("1x3", "larger than the swarm of 18"),),
        ),
    ),
)

EXTERMINATOR = Lesson(
    "bugs/exterminator",
    "bugs",
    "Exterminator",
    ("B20",),
    (
        Step(
            task="Bo's four 6s make a swarm of 24 and nothing in your hand beats it. The "
            "Exterminator sets the swarm to 0: the next player may start a new one with any value.",
            position=table(
                "123X", fields="phase=respond pile=2:6666 value=6 size=24", played="6666"
            ),
            answers=("exterminator",),
            says="",
            why="The bugs stay in the pile (whoever picks up takes them), but the swarm is 0.",
            hint="Play the Exterminator.",
            tries=(Try("1x3", "larger than the swarm of 24"),),
        ),
    ),
)

PICK_UP = Lesson(
    "bugs/pick-up",
    "bugs",
    "Pick up, and the lead restriction",
    ("B21", "B22", "B23", "B24"),
    (
        Step(
            task="Bo's two 3s make 6 and you cannot beat it with what you hold. Pick up the "
            "pile: you take its bugs and lead next.",
            position=table("1125", fields="phase=respond pile=2:33 value=3 size=6", played="33"),
            answers=("pickup",),
            says="must now beat 6",
            why="You took the two 3s and you lead at once. Because the pile held only 3s, "
            "your next lead of 3s must make a swarm above 6.",
            hint="Nothing you hold beats 6 (two 1s make 2, one 5 makes 5): pick up.",
            tries=(Try("1x5", "larger than the swarm of 6"),),
        ),
        Step(
            task="You picked up two 3s from a swarm of 6. Lead: 3s only if their swarm is "
            "above 6 (three 3s make 9), or any other value.",
            position=table("33335", fields="restriction=0:3:6"),
            answers=("3x3", "4x3", "1x5"),
            says="swarm",
            why="The restriction ends with this lead.",
            hint="Two 3s make only 6: lead three or four 3s, or your 5.",
            tries=(Try("2x3", "6"),),
        ),
    ),
)

GOING_OUT = Lesson(
    "bugs/going-out",
    "bugs",
    "Going out",
    ("B27", "B28", "B29"),
    (
        Step(
            task="Bo's 7 is a swarm of 7; your two 4s make 8. Beat it, and your hand is empty: "
            "you go out and the hand ends at once.",
            position=table("44", fields="phase=respond pile=2:7 value=7 size=7", played="7"),
            answers=("2x4",),
            says="out",
            why="The first player whose hand empties ends the hand; nobody answers that swarm.",
            hint="Play both 4s: two 4s make 8, more than 7.",
            tries=(Try("1x4", "larger than the swarm of 7"),),
        ),
        Step(
            task="A Net, Repellent or Exterminator may never be your last card. With only the "
            "Net left, you must pick up.",
            position=table("N", fields="phase=respond pile=2:7 value=7 size=7", played="7"),
            answers=("pickup",),
            says="pick up",
            why="Going out takes a bug play: you cannot end the hand on an action card.",
            hint="Pick up.",
            tries=(Try("net", "last card"),),
        ),
    ),
)

SCORING = Lesson(
    "bugs/scoring",
    "bugs",
    "Scoring",
    ("B30", "B32"),
    (
        Step(
            task="Lead both your 2s and your hand is empty: the hand ends, and every other "
            "player scores a point for each card still in hand. After six hands the lowest "
            "total wins.",
            position=table("22"),
            answers=("2x2",),
            says="points",
            why="You score 0 for going out; the others' points are their cards. Get rid of "
            "many cards early, and keep an eye on who is close to going out.",
            hint="Lead both 2s: all your cards in one play.",
            tries=(),
        ),
    ),
)

LESSONS = (
    LEAD, BEAT, GROW, WIPE_OUT, OUTBREAK, NET, REPELLENT, EXTERMINATOR, PICK_UP, GOING_OUT,
    SCORING,
)  # fmt: skip
"""The lessons in teaching order."""
