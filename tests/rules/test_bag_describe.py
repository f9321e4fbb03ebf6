"""Bag of Bugs log sentences: each action's own, then what followed by itself."""

from __future__ import annotations

from bag_positions import at_window, legal, resolving

from bugs_core.bag_of_bugs import GAME
from bugs_core.bag_of_bugs.actions import parse_action
from bugs_core.bag_of_bugs.describe import opening, tokens_text
from bugs_core.rng import Rng

NAMES = ["Ana", "Bo", "Cy", "Dee"]


def say(state: object, text: str) -> str:
    return GAME.describe(state, parse_action(text), NAMES)  # type: ignore[arg-type]


def test_unresolved_submission_is_told_without_its_content() -> None:
    state = at_window(pool="c1")
    assert say(state, "2:claim 3") == "Bo has chosen."
    assert say(state, "2:wait") == "Bo has chosen."


def test_window_resolution_tells_claims_waits_conflicts_and_the_next_reveal() -> None:
    state = at_window(pool="c1 c2", bag="larva")  # window 2: P = Cy > Dee > Bo
    state = legal(legal(state, "2:claim 3"), "3:wait")
    assert say(state, "4:claim 3") == (
        "Dee claims Grab 3; Cy waits; Bo also reached for Grab 3, but Dee had priority. "
        "Bo grabs again at once."
    )
    state = legal(state, "4:claim 3")
    assert say(state, "2:claim 5") == "Bo claims Grab 5. Ana draws token 3 of 8: a Larva."


def test_sequential_submissions_are_told_at_once() -> None:
    state = at_window(pool="c1 c2", grab_mode="sequential")
    assert say(state, "3:claim 2") == "Cy claims Grab 2."
    assert say(state, "3:wait") == "Cy waits."


def test_grab_choice_and_what_follows() -> None:
    state = resolving(pool="larva larva c1 c1 scary", claims={3: 2, 4: 3}, bag="c1 c1")
    assert say(state, "take larva") == (
        "Cy takes two Larvae with Grab 3. Dee takes a C1 Bug and a Scary Bug with Grab 4."
    )


def test_wind_give_then_turn_over() -> None:
    state = resolving(
        pool="wind c1", claims={4: 0}, drawer=3, collections=["scary", "", "", ""], bag="c2"
    )
    # The Wind went back into the bag (G20) and is drawn first next turn.
    assert say(state, "give scary") == (
        "Wind: Ana gives a Scary Bug to Bo. Turn 1 is over (0 of 5 Rock pairs; points so far: "
        "Ana 1, Bo -3, Cy 0, Dee 0). Ana takes the bag. Ana draws token 1 of 8: a Wind."
    )


def test_forced_wind_with_nothing_to_give_is_told() -> None:
    state = resolving(pool="c1 c2 wind", claims={1: 1}, bag="")
    text = say(state, "take wind")
    assert text == (
        "Bo takes a Wind with Grab 1. "
        "Wind: Bo has nothing to give; the Wind goes back into the bag."
    )


def test_leftovers_sentences() -> None:
    state = resolving(pool="c1 c1 c2", claims={}, drawer=2)
    assert say(state, "take all").startswith("Cy takes the leftovers: two C1 Bugs and a C2 Bug.")
    assert say(state, "return all").startswith(
        "Cy returns the leftovers to the bag: two C1 Bugs and a C2 Bug. Turn 1 is over (0 of 5 "
        "Rock pairs; points so far: Ana 0, Bo 0, Cy 0, Dee 0). Dee takes the bag. "
        "Dee draws token 1 of 8:"
    )


def test_last_pair_and_game_over_are_told() -> None:
    state = at_window(pool="rock c1", claims={1: 1, 2: 2}, seats=(3,), rock_pairs=4, bag="rock")
    assert say(state, "4:claim 5") == (
        "Dee claims Grab 5. Ana draws token 3 of 8: a Rock. The second Rock stops the drawing; "
        "the fifth Rock pair is set aside (5 of 5). The game ends after this turn. "
        "Bo takes a C1 Bug with Grab 1. Grab 2 finds the pool empty: Cy takes nothing. "
        "Grab 5 finds the pool empty: Dee takes nothing. "
        "The game is over. Scores: Ana 0, Bo 1, Cy 0, Dee 0. Bo wins."
    )


def test_limit_and_lone_rock_are_told() -> None:
    state = at_window(pool="rock c1 c1 c1 c1 c1 c1", seats=(1,), claims={1: 2, 2: 3}, bag="c2")
    assert say(state, "2:claim 3") == (
        "Bo claims Grab 3. Ana draws token 8 of 8: a C2 Bug. That is the token limit: the "
        "drawing stops; the lone Rock goes back into the bag. Cy takes a C1 Bug with Grab 1. "
        "Dee takes a C2 Bug with Grab 2. Bo takes two C1 Bugs with Grab 3."
    )


def test_tokens_text_and_opening() -> None:
    assert tokens_text((1, 0, 0, 0, 0, 1, 0, 1, 0)) == "a C1 Bug, a Scary Bug and a Wind"
    assert tokens_text((0,) * 9) == "nothing"
    state = GAME.initial_state(GAME.make_setup({"players": 4, "first_drawer": 2}), Rng(1))
    text = opening(state, NAMES)
    assert text.startswith("Turn 1: Cy takes the bag. Cy draws token 1 of 8: a")
    assert text == GAME.opening(state, NAMES)


def test_several_beaten_claimants_are_told_together() -> None:
    state = legal(legal(at_window(pool="c1"), "3:claim 2"), "4:claim 2")  # P = Bo > Cy > Dee
    assert say(state, "2:claim 2") == (
        "Bo claims Grab 2; Cy and Dee also reached for Grab 2, but Bo had priority. "
        "Cy and Dee grab again at once."
    )


def test_waiters_are_told_together() -> None:
    state = legal(legal(at_window(pool="c1", bag="c2"), "2:wait"), "3:wait")
    assert say(state, "4:wait") == "Bo, Cy and Dee wait. Ana draws token 2 of 8: a C2 Bug."
