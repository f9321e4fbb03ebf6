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
    # The levels by the ladder (bugs_core/ladder.py; README, "Bot levels"). Head to head the
    # search gains little on the heuristic at small budgets (rules version 2, 102 three-seat
    # games with random: at 48 iterations it won 55.9 % against the heuristic's 44.1 %, at 230
    # 66.7 % against 33.3 %), and the ladder rated 800 iterations no higher than 230 (+624
    # and +703, each ±100 or so, in 93 games). So easy, medium and hard are the heuristic
    # slipping less and less (a random move on half, three in ten, none of its moves), and
    # expert searches 230 iterations (p95 383 ms a move in the browser), capped at 3 s on a slow
    # device. Medium slipped one move in five until the 620-game ladder put it 202 Elo under
    # hard and 491 over easy, too close to hard for intervals of about ±160 to part; three in
    # ten sits it near the middle (an Elo drop that steepens with the slips: 0.2 cost 202, 0.5
    # cost 693).
    levels={
        "easy": Play("heuristic", slips=0.5),
        "medium": Play("heuristic", slips=0.3),
        "hard": Play("heuristic"),
        "expert": Play("search", Budget(iterations=230, millis=3000)),
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
