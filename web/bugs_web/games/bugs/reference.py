"""Bugs's rules reference (`bugs_web.reference`): the deck drawn as the table draws its cards,
each kind's count from `bugs_core.bugs.cards.DECK`, the deal of every player count the rules
allow as the engine deals it, what the action cards do, and the scoring."""

from __future__ import annotations

from bugs_core.bugs.cards import (
    BUG_NAMES,
    DECK,
    DECK_SIZE,
    EXTERMINATOR,
    NET,
    OUTBREAK,
    REPELLENT,
)
from bugs_core.bugs.rules import deal
from bugs_core.bugs.state import HANDS_PER_GAME, BugsSetup
from bugs_core.errors import SetupError
from bugs_core.rng import Rng

from ...reference import figure, paragraph, section, table
from ...svg import INK, el, markup, svg_root, text
from .table_svg import CARD_GAP, MARGIN, Layout, _card_face, card_words

SPECIALS = (OUTBREAK, NET, REPELLENT, EXTERMINATOR)
WHAT_IT_DOES = {
    OUTBREAK: "counts as one more bug of the value it is played with, never alone (B8, B9, B15)",
    NET: "lets the swarm pass you by, unchanged, to the next player (B17)",
    REPELLENT: "reverses the direction of play and sends the swarm back (B18)",
    EXTERMINATOR: "kills the swarm: its size is 0 and the next player starts afresh (B20)",
}
"""The special cards' rules in a line each (their counts come from the deck)."""


def player_counts() -> list[int]:
    """The player counts a game may have, as the setup's own check allows them (B1)."""
    allowed = []
    for players in range(1, 10):
        try:
            BugsSetup(players=players)
        except SetupError:
            continue
        allowed.append(players)
    return allowed


def hand_sizes(players: int) -> list[int]:
    """How many cards each seat is dealt (B3, B5): the engine's own deal, seat 0 dealing."""
    return sorted((sum(hand) for hand in deal(players, 0, Rng(1))), reverse=True)


def deck_figure(label_id: str = "ref-bugs-deck") -> str:
    """Every kind of card once, as the table draws it, and how many the deck holds of it."""
    lay = Layout.for_width(10_000)  # the wide table's cards
    kinds = [*BUG_NAMES, *SPECIALS]
    per_row = 7
    step = lay.card_w + CARD_GAP * 2
    row_h = lay.card_h + 30
    width = MARGIN * 2 + per_row * step - CARD_GAP * 2
    rows = -(-len(kinds) // per_row)
    height = MARGIN * 2 + rows * row_h
    label = f"The {DECK_SIZE} cards of Bugs, each kind with its count"
    root = svg_root(width, height, label_id, label, "reference-svg")
    g = el(root, "g")
    for i, kind in enumerate(kinds):
        x = MARGIN + (i % per_row) * step
        y = MARGIN + (i // per_row) * row_h
        _card_face(g, kind, x, y, lay, chosen=False, dim=False)
        count = f"\u00d7 {DECK[kind]}"
        text(g, x + lay.card_w / 2, y + lay.card_h + 20, count, size=15, fill=INK,
             anchor="middle", weight="bold")  # fmt: skip
    return markup(root)


def reference_html() -> str:
    """The reference, as HTML: the deck, the deal, the special cards and the scoring."""
    bugs = list(BUG_NAMES)
    deck_rows = [
        (card_words(k), str(DECK[k]), "a bug" if k in BUG_NAMES else WHAT_IT_DOES[k])
        for k in (*bugs, *SPECIALS)
    ]
    deal_rows = []
    for players in player_counts():
        sizes = hand_sizes(players)
        each = f"{sizes[0]} each" if len(set(sizes)) == 1 else " · ".join(map(str, sizes))
        deal_rows.append((f"{players} players", each))
    return "".join(
        (
            section(
                f"The deck: {DECK_SIZE} cards",
                paragraph(
                    f"Bugs of the values {bugs[0]} to {bugs[-1]}: the lower the value, the more "
                    f"copies ({DECK[bugs[0]]} of the {bugs[0]}s down to {DECK[bugs[-1]]} of the "
                    f"{bugs[-1]}s, each value a whole colony), and "
                    f"{sum(DECK[k] for k in SPECIALS)} special cards."
                ),
                figure(deck_figure(), f"All {len(DECK) - 1} kinds of card, with their counts."),
                table(("Card", "In the deck", "What it is"), deck_rows, "The deck, kind by kind"),
            ),
            section(
                "The deal",
                paragraph(
                    f"Every hand deals all {DECK_SIZE} cards, one at a time from the dealer's "
                    "left; the extra cards go to the first seats dealt, so the dealer may hold "
                    "fewer (B3, B5)."
                ),
                table(("Players", "Cards in each hand"), deal_rows, "Cards dealt"),
            ),
            section(
                "Scoring",
                paragraph(
                    "A hand ends the moment someone's hand is empty. Every other player scores "
                    f"one point per card left in hand, of every kind (B29, B30). After "
                    f"{HANDS_PER_GAME} hands the lowest total wins; ties share the win (B2, B32)."
                ),
            ),
        )
    )
