"""bugs_web.games.bag_of_bugs.session: real-time windows, claims, races, prompts and bot answers."""

from __future__ import annotations

import pytest

from bugs_core.bag_of_bugs import GAME
from bugs_core.bag_of_bugs.actions import Claim
from bugs_core.bag_of_bugs.state import Phase
from bugs_core.errors import SetupError
from bugs_core.record import replay
from bugs_core.rng import Rng
from bugs_web.games.bag_of_bugs.session import FAST_FORWARD_MS, BagSession, make_bag_seats


def seats(*kinds: str) -> list[tuple[str, str]]:
    names = ["Ana", "Bo", "Cy", "Dee", "Eve", "Fay"][: len(kinds)]
    return list(zip(names, kinds, strict=True))


def answer_bots(session: BagSession, rng: Rng) -> BagSession:
    """Every bot asked now answers with a random legal action (a stand-in for the worker)."""
    for turn in session.bot_turns():
        options = GAME.legal_actions_for(session.state, turn.seat)
        session = session.bot_move(turn.key, turn.seat, str(rng.choice(options)))
    return session


def run_to_end(session: BagSession, rng: Rng, claim_every: int = 3) -> BagSession:
    step = 0
    while not session.over:
        step += 1
        assert step < 5000
        people = session.people_to_grab()
        if people and step % claim_every == 0 and session.free_grabs():
            session = session.claim(people[0], rng.choice(session.free_grabs()))
        session = answer_bots(session, rng)
        if session.window_key() is not None and not session.bot_turns():
            session = session.close_window()
        if session.person_deciding() is not None:
            session = session.decide(str(session.choices()[-1]))
    return session


def test_make_bag_seats_checks_the_player_count_and_kinds() -> None:
    assert [s.kind for s in make_bag_seats(seats("human", "easy", "hard"))] == [
        "human",
        "easy",
        "hard",
    ]
    with pytest.raises(SetupError, match="3 to 5 players, got 6"):
        make_bag_seats(seats("human", "easy", "easy", "easy", "easy", "easy"))
    with pytest.raises(SetupError, match="unknown player kind 'robot'"):
        make_bag_seats(seats("human", "robot", "easy"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_person_and_bots_play_a_whole_game(seed: int) -> None:
    session = BagSession.start(make_bag_seats(seats("human", "easy", "easy", "easy")), seed)
    assert session.log[0].startswith("Turn 1: ")
    final = run_to_end(session, Rng(seed, stream=3))
    assert final.state.phase is Phase.GAME_OVER
    assert replay(final.record) == final.state
    assert "The game is over" in final.log[-1]
    assert not any("C1 Bug" in line or "C5 Bug" in line for line in final.log)


def test_several_people_get_their_own_keys() -> None:
    session = BagSession.start(make_bag_seats(seats("human", "easy", "human", "human")), 4)
    assert [session.keys_of(s) for s in range(4)] == ["12345", "", "QWERT", "ASDFG"]


def test_window_length_follows_who_can_grab() -> None:
    session = BagSession.start(make_bag_seats(seats("human", "easy", "easy", "easy")), 5)
    rng = Rng(5, stream=1)
    checked = set()
    while not session.over and len(checked) < 2:
        if session.window_key() is not None:
            millis = session.window_millis(1500)
            if session.people_to_grab():
                assert millis >= 600
                checked.add("person")
            else:
                assert millis == FAST_FORWARD_MS
                checked.add("bots")
        session = answer_bots(session, rng)
        if session.window_key() is not None and not session.bot_turns():
            session = session.close_window()
        if session.person_deciding() is not None:
            session = session.default_decision()
    assert checked == {"person", "bots"}


def test_a_lost_race_is_flashed_and_the_loser_grabs_again() -> None:
    """Find a window where a bot earlier in the priority order claims a token, make the person
    reach for the same one: the bot gets it, the person is told and may grab again."""
    for seed in range(1, 60):
        session = BagSession.start(make_bag_seats(seats("human", "easy", "easy", "easy")), seed)
        w = session.state.window
        if w is None or 0 not in w.seats or w.priority.index(0) == 0:
            continue
        rival = w.priority[0]
        turn = next(t for t in session.bot_turns() if t.seat == rival)
        session = session.bot_move(turn.key, rival, str(Claim(rival, 3)))
        session = session.claim(0, 3)
        for t in session.bot_turns():
            session = session.bot_move(t.key, t.seat, f"{t.seat + 1}:wait")
        assert session.flash.startswith(f"{session.names[rival]} got Grab 3 first")
        assert "had priority" in session.log[-1]
        if "grab again" in session.flash:
            assert 0 in session.people_to_grab()
            assert session.window_millis(1500) == 1000  # the short re-grab window
        return
    pytest.fail("no seed gave a window with a bot before the person")


def test_the_news_of_a_lost_race_stays_up_through_the_regrab_window() -> None:
    """A bot that lost the same race re-grabs at once; its choice must not wipe the person's
    news before the re-grab window closes (the page showed it for a few milliseconds)."""
    for seed in range(1, 80):
        session = BagSession.start(make_bag_seats(seats("human", "easy", "easy", "easy")), seed)
        w = session.state.window
        if w is None or len(w.seats) < 3 or 0 not in w.seats or w.priority.index(0) == 0:
            continue
        rival = w.priority[0]
        loser = next(s for s in w.priority if s not in (0, rival))  # a bot that loses too
        for t in session.bot_turns():
            grab = 3 if t.seat in (rival, loser) else None
            action = str(Claim(t.seat, 3)) if grab else f"{t.seat + 1}:wait"
            session = session.bot_move(t.key, t.seat, action)
        session = session.claim(0, 3)
        if "grab again" not in session.flash or not session.bot_turns():
            continue
        flash, window = session.flash, session.window_key()
        for t in session.bot_turns():
            session = session.bot_move(t.key, t.seat, f"{t.seat + 1}:wait")
            assert session.window_key() == window and session.flash == flash
        session = session.close_window()
        assert session.window_key() != window and session.flash == ""
        return
    pytest.fail("no seed gave a window where a person and a bot both lose a race")


def test_claims_out_of_turn_and_stale_bot_answers_are_refused() -> None:
    session = BagSession.start(make_bag_seats(seats("human", "easy", "easy")), 7)
    drawer = session.state.drawer
    refused = session.claim(drawer, 1) if session.is_person(drawer) else session.claim(0, 9)
    assert refused.record == session.record and refused.notice
    turns = session.bot_turns()
    if turns:
        stale = session.bot_move((99,), turns[0].seat, f"{turns[0].seat + 1}:wait")
        assert stale == session
        bad = session.bot_move(turns[0].key, turns[0].seat, "take all")
        assert bad.record == session.record and "failed" in bad.notice


def test_a_prompt_times_out_to_its_default() -> None:
    rng = Rng(11, stream=2)
    for seed in range(1, 40):
        session = BagSession.start(make_bag_seats(seats("human", "easy", "easy", "easy")), seed)
        for _ in range(400):
            if session.over or session.person_deciding() is not None:
                break
            people = session.people_to_grab()
            if people and session.free_grabs():
                session = session.claim(people[0], session.free_grabs()[0])
            session = answer_bots(session, rng)
            if session.window_key() is not None and not session.bot_turns():
                session = session.close_window()
        if session.person_deciding() is None:
            continue
        first = session.choices()[0]
        after = session.default_decision()
        assert after.record.actions[-1] == str(first)
        return
    pytest.fail("no prompt for the person came up")
