"""games.bugs.session: a whole game at one device, bots and people, and whose hand shows."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from bugs_core.errors import SetupError
from bugs_core.record import replay
from bugs_web.bot_service import choose_move
from bugs_web.games.bugs.picker import cards_used, plain_moves
from bugs_web.games.bugs.screen import (
    controls_html,
    game_over_html,
    hand_over_html,
    handoff_html,
    log_html,
    status_text,
)
from bugs_web.games.bugs.session import (
    GAME_OVER,
    HAND_OVER,
    HANDOFF,
    PLAY,
    Session,
    make_seats,
)
from bugs_web.games.bugs.table_svg import render_table

EVIL = '<img src=x onerror="alert(1)">'


def person_moves(session: Session) -> Session:
    """The person picks the cards of the first legal card move (or picks up) and confirms."""
    moves = session.picker.card_moves()
    if not moves:
        return session.play(str(session.picker.legal[0]))
    action = moves[len(moves) // 2]
    for kind, count in enumerate(cards_used(action)):
        if count:
            session = session.pick(kind, count - 1)  # a click on the last copy wanted
    assert action in session.picker.choices()
    return session.play(str(action))


def bot_moves(session: Session) -> Session:
    turn = session.bot_turn()
    assert turn is not None
    answer = json.loads(
        choose_move(
            json.dumps(
                {
                    "record": json.loads(turn.record_json),
                    "seat": turn.seat,
                    "level": turn.level,
                    "seed": turn.seed,
                }
            )
        )
    )
    return session.bot_move(turn.moves, turn.seat, answer["action"])


def step(session: Session) -> Session:
    """The next screen, as the page moves on from `session` (not at the game's end)."""
    if session.screen == HAND_OVER:
        return session.next_hand()
    if session.screen == HANDOFF:
        return session.take_device()
    if session.my_turn():
        return person_moves(session)
    return bot_moves(session)


def run(session: Session, limit: int = 20_000) -> Session:
    """Play to the end the way the page does, checking privacy at every screen."""
    for _ in range(limit):
        check_privacy(session)
        if session.screen == GAME_OVER:
            return session
        session = step(session)
    raise AssertionError("the game did not end")


def check_privacy(session: Session) -> None:
    """Only the viewer's hand may be drawn, and only a person's; none during a hand-off."""
    if session.screen == HANDOFF:
        assert session.viewer is None
        assert session.view() is None
    if session.viewer is not None:
        assert session.is_person(session.viewer)
    if session.screen == PLAY and session.to_act is not None and session.is_person(session.to_act):
        assert session.viewer == session.to_act


def test_bot_to_move_says_what_bot_turn_says_on_every_screen() -> None:
    """`bot_to_move` is `bot_turn() is not None` without the request it builds: on a bot's
    turn, a person's, a hand-off, a hand's end and the game's end."""
    seats = make_seats([("You", "human"), ("Ana", "easy"), ("Me", "human"), ("Bo", "easy")])
    session = Session.start(seats, seed=5)
    seen: set[tuple[str, bool]] = set()
    for _ in range(20_000):
        assert session.bot_to_move() == (session.bot_turn() is not None)
        seen.add((session.screen, session.bot_to_move()))
        if session.screen == GAME_OVER:
            break
        session = step(session)
    assert {(PLAY, True), (PLAY, False), (HANDOFF, False), (HAND_OVER, False)} <= seen
    assert (GAME_OVER, False) in seen


def test_make_seats_checks_and_tidies() -> None:
    seats = make_seats([("  Ana  ", "human"), ("", "easy"), ("B" * 60, "hard")])
    assert [s.name for s in seats] == ["Ana", "Player 2", "B" * 40]
    assert [s.kind for s in seats] == ["human", "easy", "hard"]
    with pytest.raises(SetupError, match="3 to 6 players, got 2"):
        make_seats([("A", "human"), ("B", "easy")])
    with pytest.raises(SetupError, match="seat 2: unknown player kind 'wizard'"):
        make_seats([("A", "human"), ("B", "wizard"), ("C", "easy")])


def test_one_person_and_three_bots_play_six_hands_to_the_end() -> None:
    seats = make_seats([("You", "human"), ("Ana", "easy"), ("Bo", "easy"), ("Cy", "medium")])
    start = Session.start(seats, seed=12)
    hand_overs = 0
    session = start
    while session.screen != GAME_OVER:
        check_privacy(session)
        assert session.screen != HANDOFF  # one person: never a hand-off
        assert session.viewer == 0
        if session.screen == HAND_OVER:
            hand_overs += 1
            assert "is over" in hand_over_html(session)
            session = session.next_hand()
        elif session.my_turn():
            session = person_moves(session)
        else:
            session = bot_moves(session)
    assert hand_overs == 5  # the sixth hand ends the game instead
    assert len(session.state.hand_scores) == 6
    assert replay(session.record) == session.state
    assert session.log[0].startswith("Hand 1 of 6")
    assert len(session.log) == len(session.record.actions) + 1
    final = game_over_html(session)
    assert "Final scores" in final and "Play again" in final
    assert status_text(session).startswith("Game over: ")


def test_three_people_pass_and_play_never_show_the_wrong_hand() -> None:
    seats = make_seats([("Ana", "human"), ("Bo", "human"), ("Cy", "human"), ("Di", "easy")])
    session = Session.start(seats, seed=3)
    handoffs = 0
    seen_turns = 0
    while session.screen != GAME_OVER and seen_turns < 400:
        check_privacy(session)
        if session.screen == HANDOFF:
            handoffs += 1
            seat = session.to_act
            assert seat is not None
            assert f"Pass to {session.names[seat]}" in handoff_html(session)
            # the table under the hand-off is drawn without any hand
            svg = render_table(session.public_view(), names=session.names, spectator=True)
            assert not [e for e in ET.fromstring(svg).iter() if "data-pick" in e.attrib]
            assert controls_html(session) == ""
            session = session.take_device()
            assert session.viewer == seat
        elif session.screen == HAND_OVER:
            session = session.next_hand()
        elif session.my_turn():
            seen_turns += 1
            session = person_moves(session)
        else:
            session = bot_moves(session)
    assert handoffs > 10


def test_clicks_out_of_turn_and_bad_moves_are_refused_with_a_notice() -> None:
    seats = make_seats([("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
    session = Session.start(seats, seed=1)
    while not session.my_turn():
        session = bot_moves(session)
    refused = session.play("9x9")
    assert refused.record == session.record
    assert "not a legal move" in refused.notice
    garbled = session.play("fly away")
    assert "expected COUNTxVALUE" in garbled.notice
    # a bot's stale or illegal answer is never applied
    assert session.bot_move(len(session.record.actions), 1, "pickup") == session
    waiting = session.play(str(session.picker.legal[0]))
    if waiting.bot_turn() is not None:
        turn = waiting.bot_turn()
        assert turn is not None
        assert waiting.bot_move(turn.moves - 1, turn.seat, "pickup") == waiting
        bad = waiting.bot_move(turn.moves, turn.seat, "9x9")
        assert bad.record == waiting.record and "failed" in bad.notice
        assert waiting.pick(1, 0).notice == "Wait for your turn."


def test_bots_only_table_moves_on_by_itself_and_shows_no_hand() -> None:
    seats = make_seats([("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")])
    session = Session.start(seats, seed=9)
    assert session.auto_continue()
    final = run(session)
    assert final.viewer is None
    assert final.view() is None


def test_screen_texts_escape_names() -> None:
    seats = make_seats([(EVIL, "human"), (EVIL + "2", "human"), ("Cy", "easy")])
    session = Session.start(seats, seed=5)
    htmls = [handoff_html(session), log_html(session)]  # status_text is set as text, not HTML
    session = run(session)
    htmls += [game_over_html(session), log_html(session)]
    for html in htmls:
        assert "<img" not in html
    assert "&lt;img" in game_over_html(session)


def test_the_help_before_a_pick_says_keys_to_keyboards_and_taps_to_fingers() -> None:
    """With nothing picked, the controls carry two lines of help: the keys' (shown where there
    is a mouse) and the taps' (shown on a screen with only a finger; table.css picks one)."""
    seats = make_seats([("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
    session = Session.start(seats, seed=12)
    while not session.my_turn():
        session = bot_moves(session)
    root = ET.fromstring(f"<div>{controls_html(session)}</div>")
    helps = {p.get("class"): p.text or "" for p in root.iter("p")}
    assert helps["help keys-help"].startswith("Pick cards with a click or the keys 1-9")
    assert helps["help tap-help"].startswith("Tap a card to pick it")


def test_the_move_buttons_come_before_the_help() -> None:
    """A laptop's screen ends about where the controls start: the buttons first (Pick up or
    Pass; once cards are picked, a move's Play and Clear), then the help, which is read once."""
    seats = make_seats([("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
    session = Session.start(seats, seed=12)
    for _ in range(200):
        if session.my_turn() and plain_moves(session.picker.legal):
            break
        session = session.play("pickup") if session.my_turn() else bot_moves(session)
        session = (
            session.next_hand() if not session.my_turn() and not session.bot_turn() else session
        )
    assert session.my_turn() and plain_moves(session.picker.legal)
    kind = next(k for k in range(16) if session.step(k, 1) != session)
    for state in (session, session.step(kind, 1)):
        root = ET.fromstring(f"<div>{controls_html(state)}</div>")
        tags = [e.tag for e in root]
        assert "button" in tags and "p" in tags, tags
        assert tags.index("p") > max(i for i, t in enumerate(tags) if t == "button"), tags
