"""The `tournament` command: seats rotate, the table has a row per bot, and bad bot or game
names are one error line with exit code 2."""

from __future__ import annotations

import io

import pytest

from bugs_core.__main__ import main
from bugs_core.cli_tournament import seating

SMALL = (
    "tournament bugs --bots random,heuristic,search --players 3 --games 2 --seed 4 "
    "--budget 5 --progress"
)


def words(command: str) -> list[str]:
    """The arguments of a command line without quoting."""
    return command.split()


def test_seats_cycle_the_bots_and_rotate_each_game() -> None:
    names = ["random", "heuristic", "search"]
    assert seating(names, 4, 0) == ["random", "heuristic", "search", "random"]
    assert seating(names, 4, 1) == ["heuristic", "search", "random", "heuristic"]


def test_small_tournament_prints_a_row_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(words(SMALL))
    out, err = capsys.readouterr()
    assert code == 0, err
    lines = out.split("\n\n")[0].splitlines()  # the standings, before the outcomes' tables
    assert lines[0].split() == ["bot", "games", "win", "rate", "mean", "score", "ms/move"]
    assert lines[-1] == "(mean score: lower is better)"
    rows = {line.split()[0]: line.split() for line in lines[1:-1]}
    assert set(rows) == {"random", "heuristic", "search"}
    assert sum(int(r[1]) for r in rows.values()) == 2 * 3
    assert sum(float(r[2].rstrip("%")) * int(r[1]) for r in rows.values()) == pytest.approx(200)
    assert "2/2" in err


def test_same_seed_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    command = words("tournament bugs --bots heuristic,random --players 3 --games 2 --seed 9")
    tables = []
    for _ in range(2):
        assert main(command) == 0
        out = capsys.readouterr().out
        tables.append([line.split()[:4] for line in out.splitlines()])
    assert tables[0] == tables[1]


@pytest.mark.parametrize(
    ("command", "needle"),
    [
        ("tournament bugs --bots random,wizard --games 1", "unknown bot 'wizard'"),
        ("tournament chess --games 1", "unknown game 'chess'"),
        ("tournament bugs --games 0", "--games"),
        ("tournament bugs --players 9 --games 1", "players"),
    ],
)
def test_errors_are_one_line(capsys: pytest.CaptureFixture[str], command: str, needle: str) -> None:
    code = main(command.split())
    _, err = capsys.readouterr()
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("bugs_core: error: ")
    assert needle in lines[0]


def test_progress_is_off_when_stderr_is_not_a_terminal() -> None:
    from bugs_core import cli_tournament

    out, err = io.StringIO(), io.StringIO()
    cli_tournament.run("bugs", {"players": 3}, "random", 1, 1, None, None, out, err)
    assert err.getvalue() == ""
    assert out.getvalue().startswith("bot")


def test_a_bot_is_refused_for_a_game_it_does_not_play() -> None:
    from bugs_core.cli import CommandError
    from bugs_core.cli_tournament import check_bots

    other = type("Other", (), {"id": "chess"})()
    check_bots(other, ["random"])  # random plays any game
    with pytest.raises(
        CommandError, match="search bot plays only bugs, bag-of-bugs, bugspiel, not chess"
    ):
        check_bots(other, ["random", "search"])
