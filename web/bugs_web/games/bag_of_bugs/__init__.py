"""Bag of Bugs' UI kit: the session, the screen and the table drawing."""

from ...kit import GameKit
from .session import BagSession

KIT = GameKit(
    game_id="bag-of-bugs",
    page="bag-of-bugs.html",
    session=BagSession,
    default_seats="you,medium,medium,medium",
    paces=("0", "900", "1600", "2600"),
    hidden_note=(
        "This link contains the order of the tokens in the bag: whoever opens it can work out "
        "which tokens come next."
    ),
)
"""Bag of Bugs on the site."""
