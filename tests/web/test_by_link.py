"""bugs_web.by_link and the sessions' `by_link`: a game passed between devices as seat links,
each device drawing its own seat only, bots moving the same way on every device, and a link
meeting the saved copy (same, newer, older, fork)."""

from __future__ import annotations

import json
import random

import pytest

from bugs_core.link import decode_link
from bugs_core.record import GameRecord, Seat
from bugs_web import saves
from bugs_web.bot_service import choose_move
from bugs_web.by_link import (
    FORK,
    NEWER,
    OLDER,
    SAME,
    SeatLinkError,
    arrival_html,
    fork_html,
    meet,
    same_game,
    seat_in,
    seat_of,
    seat_url,
    send_html,
    send_to,
)
from bugs_web.games.bugs.session import HAND_OVER, PLAY, Session
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.record_bar import link_in
from bugs_web.table import bot_request

EVIL = '<img src=x onerror="alert(1)">'
PEOPLE = (Seat("Ana"), Seat("Bo"), Seat("Cy"))


def bot_answer(session: Session | SpielSession) -> Session | SpielSession:
    """The bot's move as the worker computes it (the same on every device)."""
    turn = session.bot_turn()
    assert turn is not None
    answer = json.loads(choose_move(json.dumps(bot_request(turn))))
    return session.bot_move(turn.moves, turn.seat, answer["action"])


def arrive(record: GameRecord, seat: int, cls: type[Session] | type[SpielSession]) -> object:
    """What a device does with a seat link: replay the record and play `seat` only."""
    url = seat_url("https://bugs.example/p.html", record, seat)
    fragment = url.split("#", 1)[1]
    opened = decode_link(link_in(fragment) or "")
    assert opened == record
    return cls.replay_steps(opened)[-1].by_link(seat_of(opened, seat_in(fragment) or ""))


def test_a_seat_link_carries_the_game_and_its_seat() -> None:
    record = Session.start(PEOPLE, 5).record
    url = seat_url("https://bugs.example/bugs.html?x=1#old", record, 2)
    assert url.startswith("https://bugs.example/bugs.html?x=1#g=") and url.endswith("&seat=2")
    fragment = "#" + url.split("#", 1)[1]
    assert seat_in(fragment) == "2" and decode_link(link_in(fragment) or "") == record
    assert seat_in("#g=abc") is None


@pytest.mark.parametrize(
    ("written", "why"),
    [("x", "not a seat number"), ("-1", "not a seat number"), ("3", "has 3 seats"),
     ("1", "a bot plays"), ("", "not a seat number"), ("9999", "not a seat number")],
)  # fmt: skip
def test_a_seat_link_for_no_person_says_why(written: str, why: str) -> None:
    record = Session.start((Seat("Ana"), Seat("Bot", "easy"), Seat("Cy")), 5).record
    with pytest.raises(SeatLinkError, match=why):
        seat_of(record, written)
    assert seat_of(record, "2") == 2


def test_three_devices_play_bugs_each_drawing_only_its_own_seat() -> None:
    """A whole hand across three devices: the device whose turn it is opens the link (the
    whole record replayed), moves only for its seat and sends the game on; every device,
    wherever the game stands, shows its own seat's view and waits for the right person."""
    record = Session.start(PEOPLE, 11).record
    pick = random.Random(3)
    live = Session.replay_steps(record)[-1]
    while not live.state.hand_scores:
        seat = live.to_act
        assert seat is not None
        for k in range(3):
            device = live.by_link(k)
            view = device.view()
            assert device.viewer == k and view is not None and view.seat == k
            assert device.my_turn() == (k == seat)
            assert device.waiting_for() == (None if k == seat else seat)
            assert send_to(record.seats, device.to_act, k) == device.waiting_for()
        mover = arrive(record, seat, Session)
        assert isinstance(mover, Session) and mover.screen == PLAY
        moved = mover.play(str(pick.choice(mover.picker.legal)))
        assert moved.notice == "" and moved.record.actions[:-1] == record.actions
        record = moved.record
        live = live.by_link(seat).play(record.actions[-1]).by_link(0)
    ended = arrive(record, 1, Session)
    assert isinstance(ended, Session) and ended.screen == HAND_OVER and ended.viewer == 1
    assert ended.next_hand().view() is not None and ended.next_hand().viewer == 1


def test_a_device_cannot_move_for_another_seat() -> None:
    device = Session.start(PEOPLE, 11).by_link(0)
    seat = device.to_act
    assert seat is not None
    other = (seat + 1) % 3
    elsewhere = device.by_link(other)
    assert not elsewhere.my_turn() and elsewhere.picker.legal == ()
    refused = elsewhere.play(str(device.by_link(seat).picker.legal[0]))
    assert refused.record == elsewhere.record and "not your turn" in refused.notice


def test_bots_move_the_same_on_every_device() -> None:
    """A bot's move at a game by link comes from the record and seed: two devices agree."""
    seats = (Seat("Ana"), Seat("Bot", "hard"), Seat("Cy"))
    record = Session.start(seats, 8).record
    for _ in range(30):
        live = Session.replay_steps(record)[-1]
        if live.to_act is None:
            break
        if live.is_person(live.to_act):
            device = arrive(record, live.to_act, Session)
            assert isinstance(device, Session)
            if device.screen != PLAY:
                device = device.next_hand()
            record = device.play(str(device.picker.legal[0])).record
            continue
        a, b = (arrive(record, k, Session) for k in (0, 2))
        assert isinstance(a, Session) and isinstance(b, Session)
        assert bot_answer(a).record == bot_answer(b).record != record
        record = bot_answer(a).record


def test_bugspiel_by_link_shows_one_seat_and_takes_its_moves_only() -> None:
    record = SpielSession.start(PEOPLE[:2], 4).record
    for _ in range(40):
        live = SpielSession.replay_steps(record)[-1]
        if live.to_act is None:
            break
        seat = live.to_act
        other = arrive(record, 1 - seat, SpielSession)
        mine = arrive(record, seat, SpielSession)
        assert isinstance(other, SpielSession) and isinstance(mine, SpielSession)
        assert other.viewer == 1 - seat and other.legal == () and not other.my_turn()
        assert other.prompt() == "" and other.waiting_for() == seat
        assert mine.viewer == seat and mine.my_turn() and mine.waiting_for() is None
        record = mine.play(str(mine.legal[0])).record


def played(record: GameRecord, moves: int, choose: int = 0) -> GameRecord:
    """`record` after `moves` more moves, each the `choose`-th legal one (its seat's device)."""
    for _ in range(moves):
        live = Session.replay_steps(record)[-1]
        device = live.by_link(live.to_act or 0)
        legal = device.picker.legal
        record = device.play(str(legal[choose % len(legal)])).record
    return record


def test_a_link_meets_the_saved_copy() -> None:
    start = Session.start(PEOPLE, 2).record
    a = played(start, 3)
    b = played(a, 2)
    assert meet(a, a).kind == SAME and meet(a, b).kind == NEWER and meet(b, a).kind == OLDER
    assert meet(a, b).shared == 3 and meet(b, a).shared == 3
    forked = played(a, 2, choose=1)
    assert forked.actions[3] != b.actions[3]
    assert meet(b, forked).kind == FORK and meet(b, forked).shared == 3
    assert same_game(b, forked) and not same_game(b, Session.start(PEOPLE, 3).record)


def test_the_panels_escape_names_and_say_what_the_link_gives_away() -> None:
    html = arrival_html(EVIL, "Bugs", 1)
    assert "<img" not in html and "1 move so far" in html and 'data-ui="arrive"' in html
    sent = send_html(EVIL, "https://x/#g=a&seat=1", True, "<svg></svg>", 12)
    assert "<img" not in sent and 'data-ui="send-share"' in sent and "not secret" in sent
    assert 'data-ui="send-share"' not in send_html("Bo", "u", False, "", 2)
    forks = fork_html(3, ["Ana plays a 4."] * 14, [EVIL])
    assert "<img" not in forks and "and 2 more moves" in forks
    assert "agree on the first 3 moves, then part" in forks
    assert "agree on the first 1 move, then" in fork_html(1, ["a"], ["b"])
    assert "agree on the deal, then part" in fork_html(0, ["a"], ["b"])  # never "first 0 moves"
    assert 'data-ui="fork-saved"' in forks and 'data-ui="fork-link"' in forks


def test_saves_keep_the_seat_played_here_and_a_forks_other_branch() -> None:
    store: dict[str, str] = {}
    record = Session.start(PEOPLE, 2).by_link(0).record
    key = saves.store_game(store, record, 5, False, seat=1)
    assert saves.load_game(store, key).seat == 1
    plain = saves.store_game(store, Session.start(PEOPLE, 3).record, 5, False)
    assert saves.load_game(store, plain).seat is None
    bad = json.loads(store[key])
    bad["seat"] = 7
    store[key] = json.dumps(bad)
    with pytest.raises(saves.StorageError, match="seat"):
        saves.load_game(store, key)
    aside = saves.keep_aside(store, record, 9, "the other branch of a fork")
    listed = saves.list_aside(store, "bugs")
    assert [a.reason for a in listed if a.key == aside] == ["the other branch of a fork"]
