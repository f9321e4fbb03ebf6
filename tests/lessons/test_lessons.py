"""The lessons (bugs_core.lessons) against the rules: every step's position is a legal position
with the learner to act, every answer is legal and is judged right with the log sentence the
step promises, every listed wrong try is refused with the reason the step promises (the
engine's own words), and each game's lessons cover the topics a newcomer needs. A rules change
that makes a lesson false fails here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bugs_core.errors import BugsError
from bugs_core.lessons import (
    GAMES,
    LEARNER,
    Lesson,
    Step,
    answer_moves,
    attempt,
    lesson,
    lessons_of,
    matches,
    start,
)
from bugs_core.position import text_of
from bugs_core.registry import get_game

TOPICS = {
    "bugs": {"lead", "beat", "grow", "wipe-out", "outbreak", "net", "repellent",
             "exterminator", "pick-up", "going-out", "scoring"},
    "bag-of-bugs": {"windows", "grab-1", "grab-2", "grab-3", "grab-4-5", "priority", "wind",
                    "rocks", "leftovers", "scoring"},
    "bugspiel": {"market", "terrain", "predators", "flying", "turning", "bonus-lines",
                 "the-end"},
}  # fmt: skip
"""What each game's lessons must teach a newcomer: a lesson id per topic."""


def steps() -> Iterator[tuple[str, Step]]:
    for game_id in GAMES:
        for each in lessons_of(game_id):
            for n, step in enumerate(each.steps, 1):
                yield f"{each.id}#{n}", step


STEPS = list(steps())


@pytest.mark.parametrize(("name", "step"), STEPS, ids=[name for name, _ in STEPS])
def test_step_position_is_legal_with_the_learner_to_act(name: str, step: Step) -> None:
    game_id, state = start(step)
    game = get_game(game_id)
    assert LEARNER in game.pending_seats(state), name
    assert not game.is_terminal(state)
    # the text is the position, exactly: written back it reads the same state
    assert start(Step("", text_of(game_id, state), (), "", "", ""))[1] == state


@pytest.mark.parametrize(("name", "step"), STEPS, ids=[name for name, _ in STEPS])
def test_every_answer_is_legal_and_judged_right(name: str, step: Step) -> None:
    game_id, state = start(step)
    game = get_game(game_id)
    legal = [str(a) for a in game.legal_actions_for(state, LEARNER)]
    assert step.answers, name
    for answer in step.answers:  # each answer (or pattern of them) names some legal move
        if any(c in answer for c in "*?"):
            assert any(matches(answer, move) for move in legal), (name, answer, legal)
        else:
            assert str(game.parse_action(answer)) in legal, (name, answer, legal)
    for move in answer_moves(step):
        told = attempt(step, move)
        assert told.right, (name, move, told)
        assert step.says in told.message and step.why in told.message, (name, told.message)


@pytest.mark.parametrize(("name", "step"), STEPS, ids=[name for name, _ in STEPS])
def test_wrong_tries_get_the_promised_reason(name: str, step: Step) -> None:
    for wrong in step.tries:
        told = attempt(step, wrong.move)
        assert not told.right, (name, wrong)
        assert wrong.told in told.message, (name, wrong, told.message)


@pytest.mark.parametrize(("name", "step"), STEPS, ids=[name for name, _ in STEPS])
def test_other_legal_moves_get_the_hint(name: str, step: Step) -> None:
    """A legal move that is not an answer is neither refused nor praised: the hint, and what
    the move would have done."""
    game_id, state = start(step)
    game = get_game(game_id)
    answers = set(answer_moves(step))
    for action in game.legal_actions_for(state, LEARNER):
        if str(action) not in answers:
            told = attempt(step, str(action))
            assert told.verdict == "legal" and told.message.startswith(step.hint), told


def test_an_illegal_try_names_the_rule() -> None:
    beat = lesson("bugs/beat").steps[0]
    told = attempt(beat, "2x5")
    assert (told.verdict, told.rule) == ("illegal", "B14")
    assert told.message == "Not allowed: a beat must be larger than the swarm of 12."


def test_an_unreadable_move_says_what_it_expected() -> None:
    told = attempt(lesson("bugs/lead").steps[0], "five fives")
    assert told.verdict == "unreadable"
    assert "expected COUNTxVALUE" in told.message


@pytest.mark.parametrize("game_id", sorted(TOPICS))
def test_lessons_cover_the_topics(game_id: str) -> None:
    ids = [x.id for x in lessons_of(game_id)]
    assert len(ids) == len(set(ids))
    assert {i.partition("/")[2] for i in ids} >= TOPICS[game_id]
    for each in lessons_of(game_id):
        assert each.game == game_id and each.id.startswith(f"{game_id}/")
        assert each.title and each.rules and each.steps


def each_lesson() -> Iterator[Lesson]:
    for game_id in GAMES:
        yield from lessons_of(game_id)


def test_lesson_lookup() -> None:
    assert lesson("bugs/net").title == "Net"
    with pytest.raises(BugsError, match=r"no lesson 'bugs/nope': the lessons are bugs/lead, "):
        lesson("bugs/nope")
    with pytest.raises(BugsError, match="no lessons for 'chess'"):
        lessons_of("chess")
    assert all(step.task and step.hint and step.why for x in each_lesson() for step in x.steps)
