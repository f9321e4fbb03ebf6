"""`tournament`: bots play seeded games against each other, seats rotating, then a table of
their games, win rates, scores and think times, how the games ended and the mix of actions.
At a simultaneous node (a Bag of Bugs reaction window) every pending seat's bot answers from
its own view before any answer is applied (`bots.drive`)."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from .bots import BOTS, Bot, Budget, bot_games, bot_moves
from .cli import CommandError, Outcomes, Progress, Tally, final_scores, format_table, outcome_lines
from .engine import Game
from .registry import get_game
from .rng import Rng


@dataclass(slots=True)
class Standing:
    """One bot's totals over a tournament."""

    name: str
    games: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    moves: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """A tournament's standings, in the order of the bot names (each once), and how its games
    went."""

    standings: tuple[Standing, ...]
    outcomes: Outcomes


def seating(names: Sequence[str], players: int, game_index: int) -> list[str]:
    """The bot at each seat of game `game_index`: the list cycled to fill the seats, rotated
    by the game index so every bot sits everywhere."""
    return [names[(seat + game_index) % len(names)] for seat in range(players)]


def parse_bots(text: str) -> list[str]:
    """Bot names from `a,b,c`; CommandError naming the known bots on an unknown one."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise CommandError("give at least one bot with --bots")
    for name in names:
        if name not in BOTS:
            known = ", ".join(sorted(BOTS))
            raise CommandError(f"unknown bot {name!r}; known bots: {known}")
    return names


def check_bots(game: Game[Any, Any, Any], names: Sequence[str]) -> None:
    """CommandError naming the bot that cannot play `game`."""
    for name in names:
        games = bot_games(name)
        if games is not None and game.id not in games:
            raise CommandError(f"the {name} bot plays only {', '.join(games)}, not {game.id}")


def tournament(
    game: Game[Any, Any, Any],
    setup: Any,
    names: Sequence[str],
    games: int,
    seed: int,
    budget: Budget | None,
    on_game: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play `games` games, game i from seed `seed + i`, seats filled by `seating`; the
    standings in the order of `names`, a name given twice counted once, and the games'
    outcomes. Each bot sees only its seat's view."""
    players = game.players(setup)
    bots: dict[str, Bot] = {name: BOTS[name]() for name in names}
    table = {name: Standing(name) for name in names}
    tally = Tally(game)
    for i in range(games):
        seats = seating(names, players, i)
        by_seat = [bots[name] for name in seats]
        state = game.initial_state(setup, Rng(seed + i))
        choices = Rng(seed + i, stream=11)
        while not game.is_terminal(state):
            for move in bot_moves(game, state, by_seat, choices, budget):
                standing = table[seats[move.seat]]
                standing.seconds += move.seconds
                standing.moves += 1
                tally.played(move.action)
                state = game.apply(state, move.action)
        tally.ended(state)
        points = final_scores(game, state)
        for seat, share in enumerate(game.returns(state)):
            standing = table[seats[seat]]
            standing.games += 1
            standing.wins += share
            standing.scores.append(points[seat])
        if on_game is not None:
            on_game(i + 1)
    return TournamentResult(tuple(table.values()), tally.outcomes(seed))


def report(result: TournamentResult, lower_wins: bool = True) -> list[str]:
    """The standings as an aligned table (win rate: ties split), a line saying whether a lower
    or a higher mean score is better, then how the games ended and the action mix."""
    rows = []
    for s in result.standings:
        rows.append(
            [
                s.name,
                str(s.games),
                f"{100 * s.wins / s.games:.1f}%" if s.games else "-",
                f"{statistics.fmean(s.scores):.2f}" if s.scores else "-",
                f"{1000 * s.seconds / s.moves:.2f}" if s.moves else "-",
            ]
        )
    better = "lower" if lower_wins else "higher"
    table = format_table(["bot", "games", "win rate", "mean score", "ms/move"], rows)
    return [*table, f"(mean score: {better} is better)", "", *outcome_lines(result.outcomes)]


def run(
    game_id: str,
    options: Mapping[str, Any],
    bots: str,
    games: int,
    seed: int,
    iterations: int | None,
    progress: bool | None,
    out: TextIO,
    err: TextIO,
) -> None:
    """The `tournament` command; `progress` None shows the bar when stderr is a terminal."""
    game = get_game(game_id)
    names = parse_bots(bots)
    check_bots(game, names)
    setup = game.make_setup(options)
    budget = Budget(iterations=iterations) if iterations is not None else None
    if progress is None:
        progress = err.isatty()
    if progress:
        with Progress(games, err) as bar:
            result = tournament(game, setup, names, games, seed, budget, bar.update)
    else:
        result = tournament(game, setup, names, games, seed, budget)
    out.write("\n".join(report(result, game.lower_score_wins)) + "\n")
