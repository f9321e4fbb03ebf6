"""Bugs' UI kit: the session, the card picker, the screen and the table drawing."""

from ...kit import GameKit
from .session import Session

KIT = GameKit(
    game_id="bugs",
    page="bugs.html",
    session=Session,
    default_seats="you,medium,medium,medium",
    paces=("0", "300", "800", "1600"),
    hidden_note="This link contains every player's hand: whoever opens it can see them.",
)
"""Bugs on the site."""
