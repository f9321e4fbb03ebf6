"""Bag of Bugs for the core: its link code, soak audit and options, bots and their budgets."""

from __future__ import annotations

from ..bots.bag_heuristic import BagHeuristicBot
from ..bots.bag_search import BagSearchBot
from ..bots.base import Budget
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
    budgets={
        # 120, not 200: as strong in a 200-game tournament (55.0% wins against the
        # heuristic's 19.2%; at 200, 51.3% against 22.0%), and within 300 ms in the
        # browser (bench/run.py)
        "medium": Budget(iterations=120),
        # hard and expert look two turns ahead (bots/bag_search.py, horizon); a two-turn
        # iteration costs about 2.4 one-turn ones, so 450 and 1000 keep the browser's 95th
        # percentiles within 1.5 s and 3 s (bench/run.py, bots)
        "hard": Budget(iterations=450),
        "expert": Budget(iterations=1000, millis=3000),
    },
)
"""Bag of Bugs's spec."""
