"""Fuzzing every game's action parser: random text, legal notation (which must round-trip) and
damaged legal notation. Only our own errors, with a message, may come out."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fuzz_inputs import (
    NOTATION_CHARS,
    WIDE,
    Program,
    edit_text,
    fuzz,
    legal_texts,
    only_our_errors,
    programs,
)
from hypothesis import strategies as st

from bugs_core.errors import InvalidActionError
from bugs_core.registry import get_game

Case = tuple[str, bool]
"""An input and whether it is the game's own notation (and so must round-trip)."""


def action_case(game_id: str) -> Callable[[Program], Case]:
    """Inputs for one game's parser, chosen by a program: any action by its integer id, a
    legal action met in the corpus games, one of those damaged, or random text."""
    game = get_game(game_id)
    legal = legal_texts(game_id)

    def case(p: Program) -> Case:
        mode = p.below(5)
        if mode == 0:
            return str(game.action_from_index(p.below(game.num_distinct_actions))), True
        if mode == 1:
            return p.pick(legal), True
        if mode == 2:
            return edit_text(p.pick(legal), p), False
        return p.text(40, NOTATION_CHARS if mode == 3 else WIDE), False

    return case


def action_cases(game_id: str) -> st.SearchStrategy[Case]:
    """Random text of any characters, or an input chosen by `action_case`."""
    return st.text().map(lambda text: (text, False)) | programs().map(action_case(game_id))


def parses_or_refuses(game_id: str) -> Callable[[Case], None]:
    """The property for one game: parse_action gives an action whose text parses back to it
    (and is the input itself for the game's own notation), or raises a BugsError with a
    message."""
    game = get_game(game_id)

    def check(case: Case) -> None:
        text, notation = case
        action = only_our_errors(lambda: game.parse_action(text))
        if notation:
            assert action is not None and str(action) == text
        if action is not None:
            assert game.parse_action(str(action)) == action

    check.__name__ = f"parses_or_refuses_{game_id.replace('-', '_')}"
    return check


test_bugs, test_bugs_full, test_bugs_soak = fuzz(parses_or_refuses("bugs"), action_cases("bugs"))
test_bag_of_bugs, test_bag_of_bugs_full, test_bag_of_bugs_soak = fuzz(
    parses_or_refuses("bag-of-bugs"), action_cases("bag-of-bugs")
)
test_bugspiel, test_bugspiel_full, test_bugspiel_soak = fuzz(
    parses_or_refuses("bugspiel"), action_cases("bugspiel")
)


# --- regressions: inputs the fuzzing found, each once a crash or a slow path ----------------


def test_regression_a_row_of_5001_digits_is_no_tile() -> None:
    """Was a ValueError from int(): Python reads at most 4300 digits."""
    text = "play Coccinella_septempunctata A" + "1" * 5001 + "a"
    with pytest.raises(InvalidActionError, match="there is no tile A111111") as caught:
        get_game("bugspiel").parse_action(text)
    assert len(str(caught.value)) < 300  # the text is quoted cut short, not whole


def test_regression_a_market_slot_of_5000_digits_is_out_of_range() -> None:
    with pytest.raises(InvalidActionError, match="market slots are 0 to 7, not 999999999"):
        get_game("bugspiel").parse_action("buy bug " + "9" * 5000)


def test_regression_many_kinds_are_refused_before_they_are_read() -> None:
    """Was 0.1 s (2 s under tracemalloc) for a 2 MB action: every word read and sorted first."""
    with pytest.raises(InvalidActionError, match="at most three kinds"):
        get_game("bag-of-bugs").parse_action("take " + "c1+" * 666_666)
