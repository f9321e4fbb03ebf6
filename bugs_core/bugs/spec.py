"""Bugs for the core: its link code, soak audit and options, bots and levels."""

from __future__ import annotations

from ..bots.base import Budget
from ..bots.bugs_heuristic import BugsHeuristicBot
from ..bots.bugs_search import PLAN
from ..bots.ismcts import IsmctsBot
from ..bots.levels import Play
from ..spec import Audit, GameSpec
from . import audit
from .game import GAME

SPEC = GameSpec(
    GAME,
    link_code=1,
    audit=Audit(audit.start, audit.step, audit.final),
    # the rulings three times in four, then the other choices of §8
    soak_options=(
        {},
        {},
        {},
        {
            "repellent_target": "previous_seat",
            "restriction_threshold": "face_sum",
            "next_dealer_basis": "cumulative",
            "max_outbreaks_per_play": 1,
        },
    ),
    heuristic=BugsHeuristicBot,
    # the generic information-set search with its default settings and the Bugs plan
    search=IsmctsBot,
    search_plan=PLAN,
    levels={
        "easy": Play("heuristic"),
        "medium": Play("search", Budget(iterations=60)),
        "hard": Play("search", Budget(iterations=300)),
        "expert": Play("search", Budget(iterations=1000, millis=3000)),
    },
)
"""Bugs's spec."""
