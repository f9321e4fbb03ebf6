"""Bugspiel for the core: its link code, soak audit and options, bots and levels, and the
command line's `--board`."""

from __future__ import annotations

from ..bots.base import Budget
from ..bots.levels import Play
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
    levels={
        "easy": Play("heuristic"),
        # Rules version 2, 102 three-seat games of random, heuristic and search (seed 1):
        # at 48 the search won 55.9 % against the heuristic's 44.1 % and random's 0 %, p95
        # 91 ms a move in the browser (300 ms allowed); under version 1, 76.0 % against 24.0 %.
        "medium": Play("search", Budget(iterations=48)),
        # The same at 230: 66.7 % against 33.3 % and 0 %, p95 383 ms in the browser (1.5 s).
        "hard": Play("search", Budget(iterations=230)),
        "expert": Play("search", Budget(iterations=800, millis=3000)),
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
