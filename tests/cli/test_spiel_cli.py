"""The command line with Bugspiel: simulate runs either board, the board is checked, and a
record replays sentence by sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bugs_core.__main__ import main


def run(capsys: pytest.CaptureFixture[str], command: str, *extra: str) -> tuple[int, str, str]:
    """`main` on the words of `command` then the `extra` arguments."""
    code = main([*command.split(), *extra])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("board", ["small", "large"])
def test_simulate_either_board(capsys: pytest.CaptureFixture[str], board: str) -> None:
    code, out, err = run(
        capsys, f"simulate bugspiel --board {board} --players 3 --games 10 --seed 4"
    )
    assert code == 0, err
    assert "game     Bugspiel" in out
    assert "games    10 (seeds 4 to 13)" in out
    # The default board is not repeated among the options.
    assert ("options  board=large" in out) == (board == "large")


def test_unknown_board_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate bugspiel --board huge --games 1")
    assert code == 2
    assert "board must be one of small, large, got 'huge'" in err
    assert "Traceback" not in err


def test_board_for_a_game_without_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate bugs --board large --games 1")
    assert code == 2
    assert "unknown option 'board'" in err


def test_board_given_twice(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate bugspiel --board large --option board=small")
    assert code == 2
    assert "give the board once" in err


def test_record_then_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "spiel.json"
    code, _, err = run(capsys, "record bugspiel --players 2 --seed 3 --moves 12 --out", str(path))
    assert code == 0, err
    record = json.loads(path.read_text())
    assert record["game"] == "bugspiel"
    assert len(record["actions"]) == 12
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert "A small board of 10 tiles" in out
