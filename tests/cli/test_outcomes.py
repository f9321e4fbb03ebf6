"""`simulate` and `tournament` end with how the games ended (a row per end reason, with its
share and actions per game, and the shortest game) and the action mix (each kind's share of
all actions): the rows add up to the games and the actions, and name the game's own reasons
and kinds."""

from __future__ import annotations

import re

import pytest

from bugs_core.__main__ import main
from bugs_core.bugspiel.state import End
from bugs_core.cli import Outcomes, outcome_lines
from bugs_core.cli_simulate import simulate
from bugs_core.cli_tournament import tournament
from bugs_core.registry import get_game

SPIEL_KINDS = {"pass", "buy bug", "buy bonus", "play bug", "fly", "play bonus"}
"""The kinds of Bugspiel's six action classes."""


def table(out: str, header: str, numbers: int) -> dict[str, list[str]]:
    """The rows of the table whose header line starts with `header`, up to the next blank line
    or line that is not a row: label -> its last `numbers` cells (labels may hold spaces)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows: dict[str, list[str]] = {}
    for line in lines[start + 1 :]:
        cells = line.rsplit(maxsplit=numbers)
        if len(cells) != numbers + 1 or not cells[1][0].isdigit():
            break
        rows[cells[0]] = cells[1:]
    return rows


def run(capsys: pytest.CaptureFixture[str], command: str) -> str:
    """The output of `main` on the words of `command`, which must succeed."""
    code = main(command.split())
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def whole(cell: str) -> int:
    return int(cell.replace(",", ""))


def share(cell: str) -> float:
    return float(cell.rstrip("%"))


def check_tables(out: str, games: int) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The two tables' rows, once their sums are checked: the end reasons' games add up to
    `games` and 100 %, the kinds' actions to all the actions and 100 %; the shortest game is
    the least of the minimums. The total rows are left out of what is returned."""
    ends = table(out, "how games ended", 5)
    total = ends.pop("all games")
    assert whole(total[0]) == games and total[1] == "100.0%"
    assert sum(whole(r[0]) for r in ends.values()) == games
    assert sum(share(r[1]) for r in ends.values()) == pytest.approx(100, abs=0.1 * len(ends))
    assert whole(total[3]) == min(whole(r[3]) for r in ends.values())
    shortest = re.search(r"^shortest game: ([\d,]+) actions \(seed \d+\)", out, re.M)
    assert shortest is not None, out
    assert whole(shortest.group(1)) == whole(total[3])
    mix = table(out, "action mix", 2)
    actions = mix.pop("all actions")
    assert actions[1] == "100.0%"
    assert sum(whole(r[0]) for r in mix.values()) == whole(actions[0])
    assert sum(share(r[1]) for r in mix.values()) == pytest.approx(100, abs=0.1 * len(mix))
    return ends, mix


def test_a_bugspiel_tournament_tells_how_its_games_ended(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run(
        capsys,
        "tournament bugspiel --players 3 --games 4 --bots heuristic,random --seed 1 --no-progress",
    )
    ends, mix = check_tables(out, 4)
    assert ends and set(ends) <= {end.value for end in End}
    assert mix and set(mix) <= SPIEL_KINDS


def test_a_bugspiel_simulation_tells_how_its_games_ended(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run(capsys, "simulate bugspiel --players 3 --games 10 --seed 4")
    ends, mix = check_tables(out, 10)
    assert ends and set(ends) <= {end.value for end in End}
    assert mix and set(mix) <= SPIEL_KINDS
    stated = re.search(r"^actions +([\d,]+) total", out, re.M)
    assert stated is not None
    assert sum(whole(r[0]) for r in mix.values()) == whole(stated.group(1))


def test_the_results_count_every_game_and_action() -> None:
    game = get_game("bugspiel")
    setup = game.make_setup({"players": 2})
    result = tournament(game, setup, ["heuristic", "random"], 3, 7, None)
    outcomes = result.outcomes
    assert (outcomes.seed, len(outcomes.ends), len(outcomes.lengths)) == (7, 3, 3)
    moves = sum(s.moves for s in result.standings)
    assert sum(outcomes.lengths) == sum(outcomes.kinds.values()) == moves
    sim = simulate(game, setup, 3, 7)
    assert len(sim.outcomes.ends) == 3
    assert sum(sim.outcomes.kinds.values()) == sim.actions == sum(sim.outcomes.lengths)


@pytest.mark.parametrize(
    ("game_id", "players", "start"),
    [("bugs", 3, "the last hand ended: "), ("bag-of-bugs", 3, "the last Rock pair was set aside")],
)
def test_the_other_games_say_how_they_ended(game_id: str, players: int, start: str) -> None:
    game = get_game(game_id)
    sim = simulate(game, game.make_setup({"players": players}), 2, 1)
    assert all(end.startswith(start) for end in sim.outcomes.ends), sim.outcomes.ends


def test_the_tables_read_as_they_should() -> None:
    outcomes = Outcomes(
        seed=5,
        ends=("a score reached the target", "every player passed in a row") * 2
        + ("a score reached the target",),
        lengths=(40, 31, 60, 33, 50),
        kinds={"pass": 3, "buy bug": 9, "fly": 9},
    )
    assert outcome_lines(outcomes) == [
        "how games ended               games   share  mean actions  min  max",
        "a score reached the target        3   60.0%          50.0   40   60",
        "every player passed in a row      2   40.0%          32.0   31   33",
        "all games                         5  100.0%          42.8   31   60",
        "shortest game: 31 actions (seed 6); longest: 60 actions (seed 7)",
        "",
        "action mix   actions   share",
        "buy bug            9   42.9%",
        "fly                9   42.9%",
        "pass               3   14.3%",
        "all actions       21  100.0%",
    ]
    assert outcome_lines(Outcomes(1, (), (), {})) == []
