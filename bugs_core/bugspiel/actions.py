"""Bugspiel's actions and their text notation (docs/rules/bugspiel.md §6.3-6.7, decision 9).

Notation, context-free and round-tripping through `str` and `parse_action`:

    pass                               do nothing this turn (§6.3)
    buy bug 3                          buy the bug in market slot 3 (slot 0 costs 15 VP, 7 costs 1)
    buy bonus 0                        buy the bonus card in slot 0
    play Lucanus_cervus B2a            play a bug from hand to tile B2's space a (above), c or b
    play Lucanus_cervus B2a +1         ... and turn that tile once counter-clockwise (-1 clockwise)
    fly B2a C1c -1                     move your flyer from B2a to C1c, turning C1 clockwise
    bonus Coleoptera/flying B2c        play the bonus card with these two goals on your bug at B2c

Tiles are named by column letter and row as in §1.3; those names are the same on both boards
(the small board is the large one's upper-left part), so the notation needs no board. A bug is
its scientific name with "_" for the space; goals are category ids or the diet words
herbivores, predators, parasites, non-eating, scavengers and flying.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ..errors import InvalidActionError
from .board import LARGE, Space, Tile
from .cards import (
    bonus_count,
    bonus_from_id,
    bonus_id,
    card,
    card_count,
    card_id,
    goal_name,
    parse_goal,
)
from .deck import BonusCard, Goal
from .market import MARKET_SLOTS

__all__ = [
    "NUM_DISTINCT_ACTIONS",
    "Action",
    "BuyBonus",
    "BuyBug",
    "Fly",
    "Pass",
    "PlayBonus",
    "PlayBug",
    "Spot",
    "action_from_index",
    "action_index",
    "parse_action",
    "spot_name",
]

_SPACE_LETTERS = {Space.ABOVE: "a", Space.CENTRE: "c", Space.BELOW: "b"}
_LETTER_SPACES = {v: k for k, v in _SPACE_LETTERS.items()}
_TURNS = (0, 1, -1)
"""Turn codes in index order: none, counter-clockwise, clockwise."""


@dataclass(frozen=True, slots=True, order=True)
class Spot:
    """A space on the board: a tile and one of its three spaces (§2.1)."""

    tile: Tile
    space: Space

    def __str__(self) -> str:
        return spot_name(self)


def spot_name(spot: Spot) -> str:
    """ "B2a": the tile's label on the large board (the same on the small one) and a/c/b."""
    return LARGE.label(spot.tile) + _SPACE_LETTERS[spot.space]


def _turn_text(turn: int) -> str:
    return f" {turn:+d}" if turn else ""


@dataclass(frozen=True, slots=True)
class Pass:
    """Do nothing this turn (§6.3)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class BuyBug:
    """Buy the bug in a market slot, paying its price (§6.3)."""

    slot: int

    def __str__(self) -> str:
        return f"buy bug {self.slot}"


@dataclass(frozen=True, slots=True)
class BuyBonus:
    """Buy the bonus card in a market slot (§6.3)."""

    slot: int

    def __str__(self) -> str:
        return f"buy bonus {self.slot}"


@dataclass(frozen=True, slots=True)
class PlayBug:
    """Play a bug from hand to a space, then turn that tile by `turn` (§6.4, decision 9)."""

    card: int
    to: Spot
    turn: int = 0

    def __str__(self) -> str:
        name = card(self.card).species.scientific_name.replace(" ", "_")
        return f"play {name} {self.to}{_turn_text(self.turn)}"


@dataclass(frozen=True, slots=True)
class Fly:
    """Move your flyer to another space, then turn the tile it lands on (§6.6, decision 9)."""

    source: Spot
    to: Spot
    turn: int = 0

    def __str__(self) -> str:
        return f"fly {self.source} {self.to}{_turn_text(self.turn)}"


@dataclass(frozen=True, slots=True)
class PlayBonus:
    """Play a bonus card from hand on your own bug; every seat scores the line (§6.7)."""

    bonus: BonusCard
    on: Spot

    def __str__(self) -> str:
        return f"bonus {goal_name(self.bonus.first)}/{goal_name(self.bonus.second)} {self.on}"


Action = Pass | BuyBug | BuyBonus | PlayBug | Fly | PlayBonus
"""Anything a seat may do on its turn."""


# --- integer ids: pass, 8 + 8 buys, then plays, flights and bonus plays -----------------------

_SPOTS = len(LARGE) * 3
_BUY_BUG = 1
_BUY_BONUS = _BUY_BUG + MARKET_SLOTS
_PLAY = _BUY_BONUS + MARKET_SLOTS


@functools.cache
def _bases() -> tuple[int, int, int]:
    fly = _PLAY + card_count() * _SPOTS * 3
    bonus = fly + _SPOTS * _SPOTS * 3
    return fly, bonus, bonus + bonus_count() * _SPOTS


def _spot_index(spot: Spot) -> int:
    try:
        return LARGE.index(spot.tile) * 3 + int(spot.space)
    except (KeyError, AttributeError, TypeError, ValueError):
        raise InvalidActionError(repr(spot), "not a space of a Bugspiel tile") from None


_TURN_INDEX = {turn: i for i, turn in enumerate(_TURNS)}


def _turn_index(turn: int) -> int:
    i = _TURN_INDEX.get(turn)
    if i is None or isinstance(turn, bool):
        raise InvalidActionError(repr(turn), "a tile turns by -1, 0 or +1")
    return i


def _spot_at(index: int) -> Spot:
    return Spot(LARGE.tiles[index // 3], Space(index % 3))


NUM_DISTINCT_ACTIONS = _bases()[2]
"""Every action has an id below this."""


def action_index(action: Action) -> int:
    """A stable id in [0, NUM_DISTINCT_ACTIONS); its order is the canonical order of moves."""
    fly, bonus, _ = _bases()
    match action:
        case Pass():
            return 0
        # Fields out of range are refused: they would otherwise alias another action's id
        # (BuyBug(9) would be BuyBonus(1)'s id), breaking the ids' round trip.
        case BuyBug(slot) | BuyBonus(slot):
            if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < MARKET_SLOTS:
                raise InvalidActionError(repr(action), f"market slots are 0 to {MARKET_SLOTS - 1}")
            return (_BUY_BUG if isinstance(action, BuyBug) else _BUY_BONUS) + slot
        case PlayBug(c, to, turn):
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < card_count():
                raise InvalidActionError(repr(action), f"no bug card has the id {c!r}")
            return _PLAY + (c * _SPOTS + _spot_index(to)) * 3 + _turn_index(turn)
        case Fly(source, to, turn):
            return fly + (_spot_index(source) * _SPOTS + _spot_index(to)) * 3 + _turn_index(turn)
        case PlayBonus(b, on):
            try:
                b_id = bonus_id(b)
            except (KeyError, TypeError):
                raise InvalidActionError(repr(action), "not a bonus card") from None
            return bonus + b_id * _SPOTS + _spot_index(on)
    raise InvalidActionError(repr(action), "not a Bugspiel action")


def action_from_index(index: int) -> Action:
    """The action with this id; InvalidActionError outside [0, NUM_DISTINCT_ACTIONS)."""
    fly, bonus, end = _bases()
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < end:
        raise InvalidActionError(repr(index), f"Bugspiel action ids run from 0 to {end - 1}")
    if index == 0:
        return Pass()
    if index < _BUY_BONUS:
        return BuyBug(index - _BUY_BUG)
    if index < _PLAY:
        return BuyBonus(index - _BUY_BONUS)
    if index < fly:
        rest, turn = divmod(index - _PLAY, 3)
        c, spot = divmod(rest, _SPOTS)
        return PlayBug(c, _spot_at(spot), _TURNS[turn])
    if index < bonus:
        rest, turn = divmod(index - fly, 3)
        source, to = divmod(rest, _SPOTS)
        return Fly(_spot_at(source), _spot_at(to), _TURNS[turn])
    b, spot = divmod(index - bonus, _SPOTS)
    return PlayBonus(bonus_from_id(b), _spot_at(spot))


# --- text -----------------------------------------------------------------------------------

# Any letter, row and space letter is read here, so that a spot that does not exist ("F1a",
# "A10a", "B2x") gets its own message from `_spot` instead of the generic "expected ...".
_SPOT = r"([A-Za-z])(\d+)([A-Za-z])"
_TURN = r"(?:\s+([+-]1))?"
_PATTERNS = (
    ("pass", re.compile(r"pass")),
    ("buy", re.compile(r"buy\s+(bug|bonus)\s+(\d+)")),
    ("play", re.compile(rf"play\s+(\S+)\s+{_SPOT}{_TURN}")),
    ("fly", re.compile(rf"fly\s+{_SPOT}\s+{_SPOT}{_TURN}")),
    ("bonus", re.compile(rf"bonus\s+([^/\s]+)/([^/\s]+)\s+{_SPOT}")),
)


def _spot(column: str, row: str, space: str, *, text: str) -> Spot:
    label = f"{column.upper()}{row}"
    try:
        tile = LARGE.tile(label)
    # ValueError: a row of over 4300 digits is more than int() agrees to read.
    except (KeyError, ValueError):
        shown = label if len(label) <= 12 else label[:9] + "..."
        raise InvalidActionError(text, f"there is no tile {shown}") from None
    if space.lower() not in _LETTER_SPACES:
        raise InvalidActionError(
            text, f"a tile's spaces are a (above), c (centre) and b (below), not {space!r}"
        )
    return Spot(tile, _LETTER_SPACES[space.lower()])


def _goal(name: str, *, text: str) -> Goal:
    try:
        return parse_goal(name)
    except KeyError:
        raise InvalidActionError(
            text, f"{name[:60]!r} is not a bonus goal (a category id or a diet word)"
        ) from None


def parse_action(text: str) -> Action:
    """The action written as `text` (see the module notation); InvalidActionError naming the
    problem otherwise. Whether it is legal now is the rules' business, not the parser's."""
    if not isinstance(text, str):
        raise InvalidActionError(repr(text), f"an action is text, not {type(text).__name__}")
    words = " ".join(text.split())
    # Messages quote the text cut short: an action may come from a 2 MB record.
    shown = text if len(text) <= 60 else text[:57] + "..."
    for kind, pattern in _PATTERNS:
        m = pattern.fullmatch(words)
        if m is None:
            continue
        g = m.groups()
        if kind == "pass":
            return Pass()
        if kind == "buy":
            # The length is checked first: int() refuses over 4300 digits with a ValueError.
            if len(g[1]) > 3 or int(g[1]) >= MARKET_SLOTS:
                raise InvalidActionError(
                    shown, f"market slots are 0 to {MARKET_SLOTS - 1}, not {g[1][:9]}"
                )
            slot = int(g[1])
            return BuyBug(slot) if g[0] == "bug" else BuyBonus(slot)
        if kind == "play":
            try:
                c = card_id(g[0].replace("_", " "))
            except KeyError:
                raise InvalidActionError(shown, f"no bug is called {g[0][:60]!r}") from None
            return PlayBug(c, _spot(*g[1:4], text=shown), int(g[4] or 0))
        if kind == "fly":
            return Fly(_spot(*g[0:3], text=shown), _spot(*g[3:6], text=shown), int(g[6] or 0))
        # Each goal is read on its own so that the message names the one that is wrong.
        return PlayBonus(
            BonusCard.of(_goal(g[0], text=shown), _goal(g[1], text=shown)),
            _spot(*g[2:5], text=shown),
        )
    raise InvalidActionError(
        shown,
        "expected pass, buy bug N, buy bonus N, play NAME SPOT [+1|-1], "
        "fly SPOT SPOT [+1|-1] or bonus GOAL/GOAL SPOT",
    )
