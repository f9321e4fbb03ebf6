"""Golden transcripts: a seeded game's log, sentence by sentence, catches any unintended change
of the rules, the deal or the notation. Regenerate on purpose with BUGS_UPDATE_GOLDEN=1."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bugs_core.engine import play
from bugs_core.registry import get_game

GOLDEN = Path(__file__).parent / "golden"
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"]
CASES = [
    ("bugs", 4, 7),
    ("bugs", 3, 11),
    ("bugs", 6, 5),
    ("bag-of-bugs", 4, 7),
    ("bag-of-bugs", 5, 5),
    ("bugspiel", 3, 7),
    ("bugspiel", 4, 2),
]


def transcript(game_id: str, players: int, seed: int) -> str:
    """One line per action: its notation, then its sentence; the final scores last."""
    game = get_game(game_id)
    setup = game.make_setup({"players": players})
    lines = []
    for step in play(game, setup, seed):
        if step.action is None:
            lines.append(f"final returns {game.returns(step.state)}")
        else:
            sentence = game.describe(step.state, step.action, NAMES)
            lines.append(f"{step.action}\t{sentence}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_golden_transcript(game_id: str, players: int, seed: int) -> None:
    path = GOLDEN / f"{game_id}_{players}p_seed{seed}.txt"
    text = transcript(game_id, players, seed)
    if os.environ.get("BUGS_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path.name}: run with BUGS_UPDATE_GOLDEN=1 once"
    assert text == path.read_text(encoding="utf-8")
