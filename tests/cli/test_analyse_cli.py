"""`analyse`: a recorded game's moves rated by the search from each seat's own view, the same
review for the same record, the biggest losses marked; a bad file or seat is one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bugs_core.__main__ import main
from bugs_core.analysis.review import review
from bugs_core.record import from_json, replay
from bugs_core.registry import get_game


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def recorded(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / f"{game}.json"
    assert run(capsys, "record", game, "--seed", "4", "--moves", "24", "--out", str(path))[0] == 0
    return path


@pytest.mark.parametrize("game", ["bugs", "bag-of-bugs", "bugspiel"])
def test_every_move_of_the_seats_asked_is_rated_against_a_legal_best(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = from_json(recorded(game, tmp_path, capsys).read_bytes())
    rows = list(review(record, {0}, playouts=30))
    assert rows and all(r.seat == 0 for r in rows)
    for r in rows:
        state = replay(record.first(r.index))
        g = get_game(game)
        assert g.current_player(state) == 0
        assert g.parse_action(r.best) in g.legal_actions(state)
        assert r.played == record.actions[r.index]
        assert r.loss >= 0 and 0 <= r.played_value <= 1
    assert rows == list(review(record, {0}, playouts=30))  # a fixed budget: the same review


def test_the_table_marks_the_biggest_losses_and_sums_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = recorded("bugs", tmp_path, capsys)
    code, out, err = run(capsys, "analyse", str(path), "--seat", "1", "--playouts", "20")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("bugs: ") and "20 playouts a move" in lines[0]
    assert lines[1].split() == ["move", "seat", "played", "best", "found", "lost", "chance"]
    assert 1 <= sum(line.endswith("!") for line in lines) <= 3
    assert lines[-1].startswith("Seat 2: ") and "points lost in all" in lines[-1]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["nowhere.json"], "nowhere.json"),
        (["GAME", "--seat", "7"], "--seat 7: the game has seats 0 to 3"),
        (["GAME", "--playouts", "0"], "must be from 1"),
    ],
)
def test_a_bad_file_seat_or_budget_is_one_line(
    args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = recorded("bag-of-bugs", tmp_path, capsys)
    code, out, err = run(capsys, "analyse", *[str(path) if a == "GAME" else a for a in args])
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1
