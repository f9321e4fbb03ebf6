"""A hint's move shown on the table (`compose`): each move the hint search suggests becomes the
person's own pending choice, from their own view, exactly as their clicks would make it, so
confirming it plays that very move; the real state is never touched (nothing hidden shows), a
second show drops it, and a move that cannot be shown leaves the table as it was, saying why."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from bugs_core.analysis.hint import Suggestion, suggest
from bugs_core.lessons import lesson, lessons_of
from bugs_core.record import Seat
from bugs_core.rng import Rng
from bugs_web.bot_service import choose_move
from bugs_web.games.bag_of_bugs.session import BagSession
from bugs_web.games.bugs.picker import cards_used
from bugs_web.games.bugs.screen import controls_html
from bugs_web.games.bugs.session import Session
from bugs_web.games.bugspiel.screen import highlight_of, preview_html
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.lesson import session_at
from bugs_web.table import TurnTaking, bot_request

PLAYOUTS = 48
"""Enough for three distinct moves; the search's quality is tests/analysis's business."""


def hints(session: Any, seat: int, seed: int) -> tuple[Suggestion, ...]:
    """The hint for `seat` now, from its own view, as the worker computes it."""
    game = session.GAME
    view = game.player_view(session.state, seat)
    return suggest(game, view, Rng(seed), playouts=PLAYOUTS, millis=None, names=session.names)


def bot_moves(session: TurnTaking) -> Any:
    turn = session.bot_turn()
    assert turn is not None
    answer = json.loads(choose_move(json.dumps(bot_request(turn))))
    return session.bot_move(turn.moves, turn.seat, answer["action"])


def person_turns(session: Any, turns: int) -> Iterator[Any]:
    """The session at each of the person's next `turns` turns; the person plays the hint's
    last move (a different line from the bots'), the bots theirs."""
    seen = 0
    while seen < turns and session.to_act is not None:
        if getattr(session, "screen", "play") == "hand-over":
            session = session.next_hand()
        elif session.my_turn():
            yield session
            seen += 1
            last = hints(session, session.to_act, seen)[-1]
            session = session.play(str(last.action))
        else:
            session = bot_moves(session)


def unchanged_but_the_choice(before: Any, after: Any) -> None:
    """Nothing but the pending choice moved: the same state, record and log (never applied)."""
    assert after.state is before.state and after.record == before.record
    assert after.log == before.log


# -- Bugs: the move's cards selected in the person's hand ------------------------------------


@pytest.mark.parametrize("seed", [3, 21, 40])
def test_bugs_each_hint_selects_its_cards_in_the_persons_hand(seed: int) -> None:
    seats = [Seat("You", "human"), Seat("Ana", "easy"), Seat("Bo", "easy")]
    shown = 0
    for s in person_turns(Session.start(seats, seed), 4):
        seat = s.to_act
        for h in hints(s, seat, seed):
            text = str(h.action)
            c = s.compose(text)
            unchanged_but_the_choice(s, c)
            assert c.viewer == seat and c.view() == s.GAME.player_view(s.state, seat)
            if not any(cards_used(h.action)):  # pick up or pass: its own button plays it
                assert c.picker == s.picker and "its button plays it" in c.notice
                assert not c.composes(text)
                continue
            shown += 1
            assert c.picker.selection == cards_used(h.action) and c.notice == ""
            assert c.composes(text) and h.action in c.picker.choices()
            assert f'data-action="{text}"' in controls_html(c)  # its Play button is ready
            assert str(c.play(text).record.actions[-1]) == text
            assert c.compose(text).picker.selection == s.picker.clear().selection  # toggled off
            assert c.pick(*next((k, 0) for k, n in enumerate(c.picker.selection) if n)) != c
    assert shown >= 3


def test_bugs_a_hint_is_not_shown_off_the_persons_turn_or_when_illegal() -> None:
    seats = [Seat("You", "human"), Seat("Ana", "easy"), Seat("Bo", "easy")]
    s = next(person_turns(Session.start(seats, 5), 1))
    assert s.compose("pass").notice == "pass is not a legal move now."
    assert s.compose("nonsense").state is s.state and s.compose("nonsense").notice
    bots = Session.start([Seat("Ana", "easy"), Seat("Bo", "easy"), Seat("Cy", "easy")], 5)
    assert bots.compose("pickup").notice == "Wait for your turn."


# -- Bugspiel: the card, its space and the tile's turn as the pending choice -------------------


@pytest.mark.parametrize("seed", [8, 35])
def test_bugspiel_each_hint_is_the_pending_choice_with_its_preview(seed: int) -> None:
    seats = [Seat("You", "human"), Seat("Ana", "easy")]
    kinds: set[str] = set()
    turns: set[int] = set()
    for s in person_turns(SpielSession.start(seats, seed), 8):
        seat = s.to_act
        for h in hints(s, seat, seed):
            text = str(h.action)
            c = s.compose(text)
            unchanged_but_the_choice(s, c)
            assert c.viewer == seat and c.view() == s.GAME.player_view(s.state, seat)
            if text == "pass":
                assert c.pending() is None and "Pass button" in c.notice
                continue
            kinds.add(text.split()[0])
            assert c.pending() == h.action and c.composes(text) and c.notice == ""
            preview = c.preview()
            assert preview is not None and preview.action == h.action
            assert f'data-pending="{text}"' in preview_html(c)
            if c.chosen is not None:
                assert highlight_of(c).chosen == c.chosen  # the table marks the placement
                turns.add(c.turn)
            assert str(c.confirm().record.actions[-1]) == text  # Enter plays that very move
            assert c.compose(text).pick is None  # a second show drops it
            assert s.pick_hand_bug(-1).compose(text).pending() == h.action  # from any pick
    assert {"play", "buy"} <= kinds and turns - {0}  # bugs placed, a tile turned


def test_bugspiel_a_pass_or_a_bot_turn_is_said_not_shown() -> None:
    seats = [Seat("You", "human"), Seat("Ana", "easy")]
    s = SpielSession.start(seats, 5)
    assert s.my_turn()
    passed = s.compose("pass")
    assert passed.pending() is None and passed.notice.startswith("A pass needs no choosing")
    assert s.compose("buy bug 9").notice
    bots = SpielSession.start([Seat("Ana", "easy"), Seat("Bo", "easy")], 5)
    assert bots.compose("pass").notice == "Wait for your turn."


# -- Bag of Bugs: the hint's option marked in the person's prompt ------------------------------


def deciding_positions() -> Iterator[BagSession]:
    """The Bag of Bugs lessons' steps at which the learner answers a prompt."""
    for each in lessons_of("bag-of-bugs"):
        for step in lesson(each.id).steps:
            s = session_at(BagSession, step.position, puzzle=False)
            if s.person_deciding() is not None:
                yield s


def test_bag_each_hint_marks_its_option_in_the_persons_prompt() -> None:
    shown = 0
    for s in deciding_positions():
        seat = s.person_deciding()
        assert seat is not None
        for h in hints(s, seat, 7):
            text = str(h.action)
            c = s.compose(text)
            unchanged_but_the_choice(s, c)
            assert c.proposed == text and c.composes(text) and c.notice == ""
            assert c.view() == s.GAME.player_view(s.state, seat)  # the learner's own
            assert text in {str(a) for a in c.choices()}
            assert str(c.decide(text).record.actions[-1]) == text
            assert c.decide(text).proposed == ""  # a move made: no mark left over
            assert not c.compose(text).composes(text)  # a second show unmarks it
            shown += 1
    assert shown >= 6


def test_bag_an_option_that_is_not_a_choice_is_said_not_shown() -> None:
    s = next(deciding_positions())
    assert s.compose("take nothing at all").notice.endswith("is not one of the choices now.")
    seats = [Seat("You", "human"), Seat("Ana", "easy"), Seat("Bo", "easy")]
    assert BagSession.start(seats, 1).compose("return all").notice == (
        "No choice is waiting for you now."
    )
