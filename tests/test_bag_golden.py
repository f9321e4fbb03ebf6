"""Golden transcripts of Bag of Bugs, through the same mechanism as `test_golden.py` (its
`transcript`, the `golden/` folder, BUGS_UPDATE_GOLDEN=1 to regenerate on purpose)."""

from __future__ import annotations

import os

import pytest
from test_golden import GOLDEN, transcript

CASES = [("bag-of-bugs", 4, 7), ("bag-of-bugs", 5, 5)]


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_bag_golden_transcript(game_id: str, players: int, seed: int) -> None:
    path = GOLDEN / f"{game_id}_{players}p_seed{seed}.txt"
    text = transcript(game_id, players, seed)
    if os.environ.get("BUGS_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path.name}: run with BUGS_UPDATE_GOLDEN=1 once"
    assert text == path.read_text(encoding="utf-8")
