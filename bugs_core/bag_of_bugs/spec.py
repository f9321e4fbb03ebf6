"""Bag of Bugs for the core: its link code, soak audit and options, bots and levels."""

from __future__ import annotations

from ..bots.bag_heuristic import BagHeuristicBot
from ..bots.bag_search import BagSearchBot
from ..bots.base import Budget
from ..bots.levels import Play
from ..spec import Audit, GameSpec
from . import audit
from .game import GAME

SPEC = GameSpec(
    GAME,
    link_code=2,
    audit=Audit(audit.start, audit.step, audit.final),
    soak_options=({}, {}, {}, {"grab_mode": "sequential"}),
    heuristic=BagHeuristicBot,
    search=BagSearchBot,
    # The levels by the ladder (bugs_core/ladder.py). The search gains little beyond a few
    # dozen iterations (+479 Elo at 30, +512 at 120, +497 at 450 looking two turns ahead, each
    # ±55, in 536 three-seat games against random and the heuristic with slips; the 1000
    # iterations two turns ahead expert had before rated +493 in the ladder), while the
    # heuristic rates +375 and with a quarter or half of its moves random +272 and +179. So
    # easy, medium and hard are the heuristic slipping less and less, and expert searches
    # 200 iterations a move, one turn ahead: more time would only make a person wait.
    levels={
        "easy": Play("heuristic", slips=0.7),
        "medium": Play("heuristic", slips=0.3),
        "hard": Play("heuristic"),
        "expert": Play("search", Budget(iterations=200, millis=3000)),
    },
)
"""Bag of Bugs's spec."""
