"""The actions of Bugs and their text notation (docs/rules/bugs.md §4.3).

Notation, context-free and round-tripping through `str` and `parse_action`:

    3x4      play three 4s (a lead, an increase or a beat: the state decides which)
    3x4+o    the same with one Outbreak; `+oo` with two
    wipe 7   wipe out the colony of 7s; `wipe 7+o` discards an Outbreak with it
    net, repellent, exterminator, pickup, pass
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidActionError

MAX_OUTBREAKS = 2  # the deck holds two


def _outbreak_suffix(outbreaks: int) -> str:
    return "+" + "o" * outbreaks if outbreaks else ""


@dataclass(frozen=True, slots=True)
class Play:
    """Play `count` bugs of `value` plus `outbreaks` Outbreaks (B7, B12, B14, B15)."""

    value: int
    count: int
    outbreaks: int = 0

    @property
    def size(self) -> int:
        """The swarm size this play announces: (count + outbreaks) x value."""
        return (self.count + self.outbreaks) * self.value

    def __str__(self) -> str:
        return f"{self.count}x{self.value}{_outbreak_suffix(self.outbreaks)}"


@dataclass(frozen=True, slots=True)
class WipeOut:
    """Discard a whole colony of `value` from the hand while leading (B25)."""

    value: int
    outbreaks: int = 0

    def __str__(self) -> str:
        return f"wipe {self.value}{_outbreak_suffix(self.outbreaks)}"


@dataclass(frozen=True, slots=True)
class Net:
    """Play a Net: the swarm passes on unchanged (B17)."""

    def __str__(self) -> str:
        return "net"


@dataclass(frozen=True, slots=True)
class Repellent:
    """Play a Repellent: direction reverses, the swarm goes back (B18)."""

    def __str__(self) -> str:
        return "repellent"


@dataclass(frozen=True, slots=True)
class Exterminator:
    """Play the Exterminator: swarm size 0, the bugs stay in the pile (B20)."""

    def __str__(self) -> str:
        return "exterminator"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take every bug card of the pile and lead next (B21-B23)."""

    def __str__(self) -> str:
        return "pickup"


@dataclass(frozen=True, slots=True)
class PassLead:
    """A leader with no legal lead passes it on (B11)."""

    def __str__(self) -> str:
        return "pass"


Action = Play | WipeOut | Net | Repellent | Exterminator | PickUp | PassLead

NET = Net()
REPELLENT = Repellent()
EXTERMINATOR = Exterminator()
PICK_UP = PickUp()
PASS_LEAD = PassLead()

_WORDS: dict[str, Action] = {
    "net": NET,
    "repellent": REPELLENT,
    "exterminator": EXTERMINATOR,
    "pickup": PICK_UP,
    "pass": PASS_LEAD,
}
_PLAY = re.compile(r"([1-9])x([1-9])(?:\+(o{1,2}))?")
_WIPE = re.compile(r"wipe ?([1-9])(?:\+(o{1,2}))?")

# Integer ids (§4.3): Play 0..242, WipeOut 243..269, then the five single actions.
PLAY_IDS = 9 * 9 * 3
WIPE_BASE = PLAY_IDS
SINGLE_BASE = WIPE_BASE + 9 * 3
_SINGLE_ORDER: tuple[Action, ...] = (NET, REPELLENT, EXTERMINATOR, PICK_UP, PASS_LEAD)
NUM_DISTINCT_ACTIONS = SINGLE_BASE + len(_SINGLE_ORDER)


def parse_action(text: str) -> Action:
    """The action a text names; raises InvalidActionError saying what is wrong."""
    if not isinstance(text, str):
        raise InvalidActionError(repr(text), "an action must be text")
    clean = " ".join(text.strip().lower().split())
    if clean in _WORDS:
        return _WORDS[clean]
    if m := _PLAY.fullmatch(clean):
        return Play(int(m[2]), int(m[1]), len(m[3] or ""))
    if m := _WIPE.fullmatch(clean):
        return WipeOut(int(m[1]), len(m[2] or ""))
    raise InvalidActionError(
        text[:60],
        "expected COUNTxVALUE (e.g. 3x4, 3x4+o), 'wipe V', net, repellent, exterminator, "
        "pickup or pass",
    )


def action_index(action: Action) -> int:
    """The stable integer id of an action."""
    if isinstance(action, Play):
        return ((action.value - 1) * 9 + (action.count - 1)) * 3 + action.outbreaks
    if isinstance(action, WipeOut):
        return WIPE_BASE + (action.value - 1) * 3 + action.outbreaks
    return SINGLE_BASE + _SINGLE_ORDER.index(action)


def action_from_index(index: int) -> Action:
    """Inverse of `action_index`."""
    if not 0 <= index < NUM_DISTINCT_ACTIONS:
        raise InvalidActionError(str(index), f"action ids run from 0 to {NUM_DISTINCT_ACTIONS - 1}")
    if index < WIPE_BASE:
        rest, outbreaks = divmod(index, 3)
        value, count = divmod(rest, 9)
        return Play(value + 1, count + 1, outbreaks)
    if index < SINGLE_BASE:
        value, outbreaks = divmod(index - WIPE_BASE, 3)
        return WipeOut(value + 1, outbreaks)
    return _SINGLE_ORDER[index - SINGLE_BASE]
