"""The colours of the three tables, in one place.

Most are shared: the light text on the felt, the ring of the seat to act, card faces and edges,
and the four seat colours (Bugspiel's seats and Bag of Bugs' tokens). The felt and its panels
stay per game: Bag of Bugs' felt is lighter and greyer than the other two, and one colour for
all three would change how the tables look. Every text colour here keeps its contrast with
what it is drawn on (docs/design.md, "UI": > 4.5:1, most > 7:1).
"""

from __future__ import annotations

INK = "#1a1a1a"
"""Dark text and outlines on light faces."""
WHITE = "#ffffff"
ON_BACKGROUND = "#f4f1e6"
"""Light text on every table's felt and panels (> 8:1)."""
TURN = "#ffd24a"
"""The ring and words of the seat to act, the selection, a Bag seat's points."""
CARD_FACE = "#fffdf5"
CARD_EDGE = "#3a3a3a"
CREAM = "#fff6dc"
"""A Bugspiel bonus card's face, and the pills that carry a price or a line's points."""
PANEL_EDGE = "#6f8f7a"

# the felt and its panels, per game (one felt for all would change the look)
BUGS_BACKGROUND = "#1d4d2f"
BUGS_PANEL = "#143d26"
BUGS_SEAT_PANEL = "#0f3320"
BAG_BACKGROUND = "#2f4a3a"
BAG_PANEL = "#243a2d"
BAG_PANEL_EDGE = "#7f9f8a"
SPIEL_BACKGROUND = "#1f4a30"
SPIEL_PANEL = "#153a24"

# seat and token colours: Bugspiel's seats (docs/rules/bugspiel.md §1.2) and four of Bag of
# Bugs' five bugs
YELLOW = "#f2c230"
GREEN = "#3c8d3f"
BLUE = "#2f62b3"
RED = "#c8352b"
