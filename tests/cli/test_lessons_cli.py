"""`lessons`: the list of every game's lessons, one lesson's steps with their positions, and a
move tried at a step judged as the table judges it (exit 1 when it is not the lesson's); a
lesson or step that does not exist is one line naming it."""

from __future__ import annotations

import pytest

from bugs_core.__main__ import main
from bugs_core.lessons import GAMES, lessons_of
from bugs_core.position import state_of


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_list_names_every_lesson(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lessons")
    assert (code, err) == (0, "")
    ids = [line.split()[0] for line in out.splitlines()]
    assert ids == [x.id for g in GAMES for x in lessons_of(g)]
    code, out, _ = run(capsys, "lessons", "bag-of-bugs")
    assert out.splitlines()[0].startswith("bag-of-bugs/windows ")
    assert all(line.startswith("bag-of-bugs/") for line in out.splitlines())


def test_a_lesson_shows_its_steps_and_positions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lessons", "bugs/pick-up")
    assert code == 0 and "Step 1." in out and "Step 2." in out
    positions = [line.split(": ", 1)[1] for line in out.splitlines() if "position: " in line]
    assert len(positions) == 2 and all(state_of(p)[0] == "bugs" for p in positions)


def test_a_move_is_judged(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "lessons", "bugs/beat", "--try", "2x8")[:2] == (
        0,
        "right: You beat the swarm of 12 with two jumping spiders: swarm 16. A beat is a "
        "different value whose swarm is strictly larger: the size, not the value, decides "
        "(three 5s make 15).\n",
    )
    code, out, _ = run(capsys, "lessons", "bugs/beat", "--try", "2x5")
    assert (code, out) == (1, "illegal: Not allowed: a beat must be larger than the swarm of 12.\n")
    code, out, _ = run(capsys, "lessons", "bugs/pick-up", "--step", "2", "--try", "2x3")
    assert code == 1 and "must lead them larger than 6" in out


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("bugs/nope",), "no lesson 'bugs/nope': the lessons are bugs/lead,"),
        (("bugs/beat", "--step", "2", "--try", "2x8"), "bugs/beat has steps 1 to 1, not 2"),
        (("bugs/beat", "--step", "0"), "--step"),
    ],
)
def test_bad_input_is_one_line(
    args: tuple[str, ...], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "lessons", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and error in err, err
