"""Bugspiel for the core: its link code, soak audit and options, bots and their budgets, and
the command line's `--board`."""

from __future__ import annotations

from ..bots.base import Budget
from ..bots.spiel_heuristic import SpielHeuristicBot
from ..bots.spiel_search import SpielSearchBot
from ..spec import Audit, CliOption, GameSpec
from . import audit
from .game import GAME

SPEC = GameSpec(
    GAME,
    link_code=3,
    audit=Audit(audit.start, audit.step, audit.final, audit.legal),
    soak_options=({"board": "small"}, {"board": "large"}),
    # The easy bot weighs every move: a bot game costs some 17 random ones (a 4-player one
    # about a second), so at one in four they took 80% of a run; one in 32 still soaks 3,125
    # bot games in 100,000 and keeps such a run within the hour.
    bot_every=32,
    heuristic=SpielHeuristicBot,
    search=SpielSearchBot,
    budgets={
        # 48, not 80: 76.0% wins against the heuristic's 24.0% over 102 games (at 80,
        # 79.4% against 20.6%), and within 300 ms in the browser
        "medium": Budget(iterations=48),
        # 230, not 350: 66.7% wins against the heuristic's 33.3% over 30 games (at
        # 350, 70.0% against 30.0%), and within 1.5 s in the browser
        "hard": Budget(iterations=230),
    },
    cli_options=(
        CliOption(
            "--board",
            "board",
            "SHAPE",
            "the board, for games played on one (bugspiel: small or large; default small)",
        ),
    ),
)
"""Bugspiel's spec."""
