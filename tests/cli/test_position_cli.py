"""`position`: a record's position at move N reads back to the record's state there; bots play
on from a position to the end; a bad position, record or seat is one line naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bugs_core.__main__ import main
from bugs_core.position import state_of
from bugs_core.record import from_json, replay


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("game", ["bugs", "bag-of-bugs", "bugspiel"])
def test_the_position_at_move_n_is_the_records_state_there(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    assert run(capsys, "record", game, "--seed", "4", "--moves", "30", "--out", str(path))[0] == 0
    record = from_json(path.read_bytes())
    moves = len(record.actions)
    assert moves > 5
    for at in (0, moves // 2, moves):
        code, out, err = run(capsys, "position", str(path), "--at", str(at))
        assert (code, err) == (0, "")
        assert out.count("\n") == 1 and out.startswith(game + " ")
        assert state_of(out.strip()) == (game, replay(record.first(at)))
    code, out, _ = run(capsys, "position", str(path))
    assert state_of(out.strip())[1] == replay(record)


def test_bots_play_on_from_a_position_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    run(capsys, "record", "bag-of-bugs", "--seed", "2", "--moves", "20", "--out", str(path))
    position = run(capsys, "position", str(path))[1].strip()
    code, out, err = run(capsys, "position", "--play", position, "--bots", "easy,random")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Bag of Bugs, 4 players, from the position; bots: easy and random"
    assert lines[1].startswith("   1. ") and lines[-2].startswith("Final scores: Seat 1 ")
    assert lines[-1].startswith("Winner: Seat ")
    assert run(capsys, "position", "--play", position, "--bots", "easy,random") == (code, out, err)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--play", "bugs hands=1/4/5 to=0"], "invalid position: not a legal position of bugs:"),
        (["--play", "bugs hands=1/4/5 to=7"], "invalid position: to: '7': must be 0 to 2"),
        (["--play", "go"], "invalid position: game: no game 'go'"),
        (["--play", "bugs hands=1/4/5 to=0", "--at", "3"], "--at is for a record FILE"),
        (["nowhere.json"], "nowhere.json"),
    ],
)
def test_a_bad_position_or_record_is_one_line_naming_it(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "position", *args)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_an_unknown_bot_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    run(capsys, "record", "bugs", "--seed", "2", "--moves", "3", "--out", str(path))
    position = run(capsys, "position", str(path))[1].strip()
    code, _, err = run(capsys, "position", "--play", position, "--bots", "wizard")
    assert code == 2 and "unknown seat 'wizard'" in err
