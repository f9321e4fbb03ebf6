"""Bugspiel's UI kit: the session, the screen, the table drawing and the card drawings."""

from collections.abc import Mapping
from typing import Any

from ...kit import GameKit, OptionError
from .session import SpielSession

BOARDS = ("small", "large")
"""The boards an address may ask for."""
TARGET_RANGE = (10, 300)
"""The lowest and highest target score an address may ask for."""


def read_options(given: Mapping[str, str]) -> dict[str, Any]:
    """The board and target score an address asks for (`board=large&target=150`)."""
    options: dict[str, Any] = {}
    if "board" in given:
        if given["board"] not in BOARDS:
            raise OptionError("board", f"{given['board']!r} is not a board; use small or large")
        options["board"] = given["board"]
    if "target" in given:
        low, high = TARGET_RANGE
        text = given["target"]
        if not text.isdigit() or not low <= int(text) <= high:
            raise OptionError("target", f"{text!r} is not a score from {low} to {high}")
        options["target_score"] = int(text)
    return options


KIT = GameKit(
    game_id="bugspiel",
    page="bugspiel.html",
    session=SpielSession,
    default_seats="you,medium",
    paces=("0", "300", "800", "1600"),
    hidden_note=(
        "This link contains the order of the decks: whoever opens it can work out which cards "
        "come next. (Every hand is public anyway.)"
    ),
    option_names=("board", "target"),
    read_options=read_options,
)
"""Bugspiel on the site."""
