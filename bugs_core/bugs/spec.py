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
    # The levels by the ladder (bugs_core/ladder.py; README, "Bot levels"). The search's
    # gain on the heuristic is modest and flattens early (an earlier ladder: heuristic +620,
    # search at 60 iterations +750, at 300 +745, at 1000 +812), so easy, medium and hard are
    # the heuristic slipping less and less (a random move on half, a fifth, none of its moves)
    # and only expert searches, 1000 iterations capped at 3 s on a slow device.
    levels={
        "easy": Play("heuristic", slips=0.5),
        "medium": Play("heuristic", slips=0.2),
        "hard": Play("heuristic"),
        "expert": Play("search", Budget(iterations=1000, millis=3000)),
    },
)
"""Bugs's spec."""
