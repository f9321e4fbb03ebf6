"""The actions of Bag of Bugs and their text notation.

Notation, context-free and round-tripping through `str` and `parse_action`:

    2:wait           seat 2 lets this reaction window pass (§7.2)
    2:claim 3        seat 2 reaches for Grab token 3 (G33)
    take c3          the grabber resolving a Grab picks a kind: a tied group for Grab 1 or 2
                     (G15), the identical pair for Grab 3 (G16)
    take c1+scary    ... or the kinds, one token each, for Grab 4 and 5 (G17)
    give larva       a Wind's holder gives one token to the next seat clockwise (G20, G24)
    take all         the Drawer takes every leftover token (G25)
    return all       the Drawer returns every leftover token to the bag (G25)

Window submissions name their seat because several seats submit at one node; seat numbers in
the text count from 1, as at the table ("Seat 1" is seat index 0), while the `seat` fields are
0-based indices. Every other action belongs to the one seat that decides, so it names none.
Kinds are written c1..c5, scary, larva and wind; Rocks are never taken or given (G12), so the
notation has no action naming one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import combinations

from ..errors import InvalidActionError
from .tokens import CODES, COLLECTIBLE, GRAB_TOKENS, GRABBABLE

MAX_SEATS = 5  # G1


@dataclass(frozen=True, slots=True)
class Wait:
    """A window submission: `seat` does not grab after this reveal (§7.2)."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat + 1}:wait"


@dataclass(frozen=True, slots=True)
class Claim:
    """A window submission: `seat` reaches for Grab token `grab` (G33, §7.2)."""

    seat: int
    grab: int

    def __str__(self) -> str:
        return f"{self.seat + 1}:claim {self.grab}"


@dataclass(frozen=True, slots=True)
class Take:
    """The resolving grabber's choice of kinds, sorted: one kind for Grab 1-3, two or three
    for Grab 4 and 5 (G15-G17)."""

    kinds: tuple[int, ...]

    def __str__(self) -> str:
        return "take " + "+".join(CODES[k] for k in self.kinds)


@dataclass(frozen=True, slots=True)
class Give:
    """The Wind's holder gives one token of `kind` to the next seat clockwise (G20, G24)."""

    kind: int

    def __str__(self) -> str:
        return f"give {CODES[self.kind]}"


@dataclass(frozen=True, slots=True)
class TakeAll:
    """The Drawer takes every token left in the pool (G25)."""

    def __str__(self) -> str:
        return "take all"


@dataclass(frozen=True, slots=True)
class ReturnAll:
    """The Drawer returns every token left in the pool to the bag (G25)."""

    def __str__(self) -> str:
        return "return all"


Action = Wait | Claim | Take | Give | TakeAll | ReturnAll
Submission = Wait | Claim

TAKE_ALL = TakeAll()
RETURN_ALL = ReturnAll()

# Integer ids: Wait 0..4, Claim 5..29 (seat-major), Take 30..121 (one, two, then three kinds,
# each in `combinations` order), Give 122..128, then take all and return all.
WAIT_BASE = 0
CLAIM_BASE = WAIT_BASE + MAX_SEATS
TAKE_BASE = CLAIM_BASE + MAX_SEATS * len(GRAB_TOKENS)
TAKE_CHOICES: tuple[tuple[int, ...], ...] = tuple(
    combo for size in (1, 2, 3) for combo in combinations(GRABBABLE, size)
)
"""Every kind choice a Take may carry, in id order."""
GIVE_BASE = TAKE_BASE + len(TAKE_CHOICES)
TAKE_ALL_ID = GIVE_BASE + len(COLLECTIBLE)
RETURN_ALL_ID = TAKE_ALL_ID + 1
NUM_DISTINCT_ACTIONS = RETURN_ALL_ID + 1
_TAKE_INDEX = {kinds: i for i, kinds in enumerate(TAKE_CHOICES)}
_CODE_OF = {code: kind for kind, code in enumerate(CODES)}

_SUBMISSION = re.compile(r"([1-9]):(?:(wait)|claim ?([1-9]))")
_HINT = (
    "expected SEAT:wait, SEAT:claim G (e.g. 2:claim 3), take KIND[+KIND...] (e.g. take c1+scary), "
    "give KIND, 'take all' or 'return all'; kinds are c1..c5, scary, larva, wind"
)


def _kind(text: str, word: str, allowed: tuple[int, ...]) -> int:
    kind = _CODE_OF.get(word)
    if kind is None:
        raise InvalidActionError(text[:60], f"{word!r} is not a kind; {_HINT}")
    if kind not in allowed:
        raise InvalidActionError(text[:60], f"a {word} is never taken or given (G12, G21)")
    return kind


def parse_action(text: str) -> Action:
    """The action a text names; raises InvalidActionError saying what is wrong."""
    if not isinstance(text, str):
        raise InvalidActionError(repr(text), "an action must be text")
    clean = " ".join(text.strip().lower().split())
    if clean == "take all":
        return TAKE_ALL
    if clean == "return all":
        return RETURN_ALL
    if m := _SUBMISSION.fullmatch(clean):
        seat = int(m[1]) - 1
        if seat >= MAX_SEATS:
            raise InvalidActionError(text[:60], f"seats run from 1 to {MAX_SEATS}")
        if m[2]:
            return Wait(seat)
        grab = int(m[3])
        if grab not in GRAB_TOKENS:
            raise InvalidActionError(text[:60], "Grab tokens are numbered 1 to 5")
        return Claim(seat, grab)
    verb, _, rest = clean.partition(" ")
    if verb == "take" and rest:
        # Counted before the text is split: an action may be a 2 MB record's whole text.
        if rest.count("+") > 2:
            raise InvalidActionError(text[:60], "a grab takes at most three kinds")
        words = rest.replace(" ", "").split("+")
        kinds = tuple(sorted(_kind(text, w, GRABBABLE) for w in words))
        if len(set(kinds)) != len(kinds):
            raise InvalidActionError(text[:60], "name each kind once (Grab 4 and 5: different)")
        return Take(kinds)
    if verb == "give" and rest:
        return Give(_kind(text, rest, COLLECTIBLE))
    raise InvalidActionError(text[:60], _HINT)


def action_index(action: Action) -> int:
    """The stable integer id of an action."""
    if isinstance(action, Wait):
        return WAIT_BASE + action.seat
    if isinstance(action, Claim):
        return CLAIM_BASE + action.seat * len(GRAB_TOKENS) + action.grab - 1
    if isinstance(action, Take):
        return TAKE_BASE + _TAKE_INDEX[action.kinds]
    if isinstance(action, Give):
        return GIVE_BASE + COLLECTIBLE.index(action.kind)
    return TAKE_ALL_ID if isinstance(action, TakeAll) else RETURN_ALL_ID


def action_from_index(index: int) -> Action:
    """Inverse of `action_index`."""
    if not 0 <= index < NUM_DISTINCT_ACTIONS:
        raise InvalidActionError(str(index), f"action ids run from 0 to {NUM_DISTINCT_ACTIONS - 1}")
    if index < CLAIM_BASE:
        return Wait(index - WAIT_BASE)
    if index < TAKE_BASE:
        seat, grab = divmod(index - CLAIM_BASE, len(GRAB_TOKENS))
        return Claim(seat, grab + 1)
    if index < GIVE_BASE:
        return Take(TAKE_CHOICES[index - TAKE_BASE])
    if index < TAKE_ALL_ID:
        return Give(COLLECTIBLE[index - GIVE_BASE])
    return TAKE_ALL if index == TAKE_ALL_ID else RETURN_ALL


# Actions are immutable, so the rules hand out these shared objects: a search asks for legal
# actions millions of times, and making a frozen dataclass costs more than looking one up.
WAITS: tuple[Wait, ...] = tuple(Wait(s) for s in range(MAX_SEATS))
"""The shared `Wait` of each seat."""
CLAIMS: tuple[tuple[Claim, ...], ...] = tuple(
    tuple(Claim(s, g) for g in GRAB_TOKENS) for s in range(MAX_SEATS)
)
"""The shared `Claim` of each seat and Grab token: `CLAIMS[seat][grab - 1]`."""
TAKES: dict[tuple[int, ...], Take] = {kinds: Take(kinds) for kinds in TAKE_CHOICES}
"""The shared `Take` of each kind choice."""
GIVES: dict[int, Give] = {kind: Give(kind) for kind in COLLECTIBLE}
"""The shared `Give` of each kind."""
