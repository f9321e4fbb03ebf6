"""games.bugspiel.session: the selection flow (card, lit space, turn, confirm), buying, flying,
bonus previews with the engine's numbers, bot answers, and whole games to the end."""

from __future__ import annotations

import pytest

from bugs_core.bugspiel import GAME
from bugs_core.bugspiel.actions import BuyBonus, BuyBug, Fly, Pass, PlayBonus, PlayBug
from bugs_core.bugspiel.cards import bonus_id
from bugs_core.bugspiel.describe import how_it_ended
from bugs_core.bugspiel.rules import HAND_LIMIT, bonus_points, line_of, spot_index
from bugs_core.errors import SetupError
from bugs_core.record import Seat, replay
from bugs_core.rng import Rng
from bugs_web.games.bugspiel.session import SpielSession, make_spiel_seats

PERSON_AND_BOT = [Seat("You", "human"), Seat("Ana", "easy")]
TWO_PEOPLE = [Seat("Ana", "human"), Seat("Bo", "human")]


def start(seats: list[Seat] = PERSON_AND_BOT, seed: int = 5, **options: object) -> SpielSession:
    return SpielSession.start(seats, seed, dict(options))


def space(session: SpielSession, spot: object) -> int:
    return spot_index(session.state.board, spot)  # type: ignore[arg-type]


def select(session: SpielSession, action: object) -> SpielSession:
    """Make `action` pending through the page's events, as a person's clicks would."""
    match action:
        case BuyBug(slot):
            return session.pick_buy("bug", slot)
        case BuyBonus(slot):
            return session.pick_buy("bonus", slot)
        case PlayBug(cid, to, _):
            session = session.pick_hand_bug(cid).pick_space(space(session, to))
        case Fly(source, to, _):
            session = session.pick_space(space(session, source)).pick_space(space(session, to))
        case PlayBonus(bonus, on):
            return session.pick_hand_bonus(bonus_id(bonus)).pick_space(space(session, on))
        case _:
            raise AssertionError(action)
    for _ in range(3):
        if session.pending() == action:
            break
        session = session.rotate(-1)
    return session


def scripted(session: SpielSession, rng: Rng) -> object:
    """A person who plays: a bonus card when one goes, else a bug, else a buy, else a flight,
    else a pass."""
    legal = session.legal
    order: tuple[type, ...] = (PlayBonus, PlayBug, BuyBug, BuyBonus, Fly)
    if rng.below(3) == 0:
        order = (Fly, *order)
    for kind in order:
        options = [a for a in legal if isinstance(a, kind)]
        if kind in (BuyBug, BuyBonus):
            options = [a for a in options if a.slot >= 5]
        if options:
            return options[rng.below(len(options))]
    return Pass()


def test_seats_come_from_the_form_with_two_to_four_players() -> None:
    seats = make_spiel_seats([("  Ana ", "human"), ("", "easy")])
    assert [(s.name, s.kind) for s in seats] == [("Ana", "human"), ("Player 2", "easy")]
    with pytest.raises(SetupError):
        make_spiel_seats([("Ana", "human")])
    with pytest.raises(SetupError):
        make_spiel_seats([("A", "human")] * 5)


def test_a_new_game_opens_the_log_and_waits_for_the_person() -> None:
    session = start()
    assert session.log == (GAME.opening(session.state, ["You", "Ana"]),)
    assert session.my_turn() and session.to_act == 0 and session.viewer == 0
    assert session.legal == GAME.legal_actions(session.state)
    assert session.bot_turn() is None
    assert session.pending() is None and session.preview() is None
    assert "Pick a card" in session.prompt()
    assert session.record.setup["players"] == 2


def test_the_board_option_and_target_score_reach_the_record() -> None:
    session = start(board="large", target_score=60)
    assert session.state.setup.board == "large" and session.state.setup.target_score == 60
    assert len(session.state.cards) == 19 * 3


def test_a_hand_bug_lights_exactly_its_legal_spaces_then_turns_and_plays() -> None:
    for seed in range(40):
        session = start(seed=seed)
        plays = [a for a in session.legal if isinstance(a, PlayBug)]
        if plays:
            break
    else:
        raise AssertionError("no seed lets the first bug be played")
    cid = plays[0].card
    picked = session.pick_hand_bug(cid)
    lit = {space(session, a.to) for a in plays if a.card == cid}
    assert picked.targets() == frozenset(lit) and picked.notice == ""
    target = min(lit)
    chosen = picked.pick_space(target)
    assert chosen.chosen == target
    pending = chosen.pending()
    assert (
        isinstance(pending, PlayBug) and pending.turn == 0 and space(session, pending.to) == target
    )
    assert chosen.rotatable()
    turns = []
    for _ in range(3):
        chosen = chosen.rotate(-1)  # R: clockwise, one step a press, back to the start
        turns.append(chosen.turn)
    assert turns == [-1, 1, 0]
    assert chosen.rotate(1).turn == 1
    preview = chosen.rotate(1).preview()
    assert preview is not None
    assert preview.effects[0].startswith("+")
    assert "counter-clockwise" in preview.effects[-1]
    played = chosen.rotate(1).confirm()
    assert played.record.actions == (str(PlayBug(cid, pending.to, 1)),)
    assert played.log[-1] == GAME.describe(
        session.state, PlayBug(cid, pending.to, 1), ["You", "Ana"]
    )
    assert played.pick is None and played.chosen is None
    assert played.bot_turn() is not None and played.legal == ()


def test_a_second_click_drops_the_pick_and_escape_clears() -> None:
    session = start()
    cid = session.state.bug_hands[0][0]
    assert session.pick_hand_bug(cid).pick_hand_bug(cid).pick is None
    cleared = session.pick_hand_bug(cid).clear()
    assert cleared.pick is None and cleared.chosen is None and cleared.turn == 0


def test_a_bug_with_nowhere_to_go_says_why() -> None:
    for seed in range(60):
        session = start(seed=seed)
        cid = session.state.bug_hands[0][0]
        if not any(isinstance(a, PlayBug) and a.card == cid for a in session.legal):
            break
    else:
        raise AssertionError("every first bug had a space")
    picked = session.pick_hand_bug(cid)
    assert picked.targets() == frozenset()
    assert "has nowhere to go" in picked.notice
    assert picked.pick_space(0).notice == "That space is not lit: choose a lit space."
    assert picked.confirm().record.actions == ()


def test_a_click_on_an_unlit_space_without_a_pick_asks_for_one() -> None:
    session = start()
    assert "Pick a card" in session.pick_space(0).notice
    assert session.pick_space(999) == session


def test_buying_from_the_market_shows_the_price_then_pays_it() -> None:
    session = start()
    bug = session.state.bug_market[7]
    assert bug is not None
    picked = session.pick_buy("bug", 7)
    assert picked.pending() == BuyBug(7) and not picked.rotatable()
    preview = picked.preview()
    assert preview is not None and preview.title.endswith("for 1 VP")
    assert preview.confirm == preview.title
    bought = picked.confirm()
    assert bought.state.scores[0] == -1
    assert bug in bought.state.bug_hands[0]
    assert bought.log[-1].startswith("You buy the ")
    bonus = session.pick_buy("bonus", 0)
    assert bonus.pending() == BuyBonus(0)
    assert bonus.preview() is not None and "15 VP" in bonus.preview().confirm  # type: ignore[union-attr]
    assert "Turn the tile" not in bonus.prompt()
    assert "first" in bonus.rotate(-1).notice


def test_a_full_hand_cannot_buy() -> None:
    session = start(TWO_PEOPLE)
    state = session.state
    full = tuple(sorted(state.bug_market[:HAND_LIMIT]))  # type: ignore[type-var]
    from dataclasses import replace

    crowded = replace(session, state=replace(state, bug_hands=(full, state.bug_hands[1])))
    refused = crowded.pick_buy("bug", 3)
    assert refused.pending() is None and "8 bug cards" in refused.notice
    assert session.pick_buy("bug", 9).notice == "That market slot is empty."


def test_nothing_is_picked_on_a_bot_turn() -> None:
    session = start().pass_turn()
    assert session.to_act == 1 and not session.my_turn() and session.legal == ()
    assert session.pick_buy("bug", 7).notice == "Wait for your turn."
    assert session.pick_space(0).notice == "Wait for your turn."
    assert session.pass_turn().notice == "Wait for your turn."
    assert session.viewer == 0  # the person's hands stay "yours" while the bot thinks


def test_bot_answers_are_checked_and_stale_ones_dropped() -> None:
    session = start().pass_turn()
    turn = session.bot_turn()
    assert turn is not None and turn.seat == 1 and turn.level == "easy" and turn.moves == 1
    assert replay(session.record) == session.state
    assert session.bot_move(0, 1, "pass") == session  # asked before the last move
    failed = session.bot_move(1, 1, "buy bug 12")
    assert failed.record == session.record and "Ana's bot failed" in failed.notice
    illegal = session.bot_move(1, 1, "play Lucanus_cervus A1a")
    assert illegal.record == session.record and "not legal now" in illegal.notice
    moved = session.bot_move(1, 1, "buy bug 7")
    assert moved.record.actions[-1] == "buy bug 7" and moved.my_turn()
    assert moved.legal == GAME.legal_actions(moved.state)


def test_two_people_each_see_their_own_hands_as_theirs() -> None:
    session = start(TWO_PEOPLE)
    assert session.viewer == 0
    after = session.play("buy bug 7")
    assert after.viewer == 1 and after.my_turn() and after.view().seat == 1
    assert after.play("fly A1a A1b").notice == "fly A1a A1b is not a legal move now."


def play_out(seats: list[Seat], seed: int, check: dict[str, int]) -> SpielSession:
    """Play a whole game through the session's events: people by `scripted`, bots by the first
    legal action; every preview is checked against what the move then does."""
    session = start(seats, seed)
    rng = Rng(seed)
    for _ in range(3000):
        if session.over:
            return session
        turn = session.bot_turn()
        if turn is not None:
            answer = GAME.legal_actions(session.state)[1]  # the first buy: games move on
            session = session.bot_move(turn.moves, turn.seat, str(answer))
            continue
        action = scripted(session, rng)
        if isinstance(action, Pass):
            session = session.pass_turn()
            check["pass"] = check.get("pass", 0) + 1
            continue
        chosen = select(session, action)
        assert chosen.pending() == action, (action, chosen.notice)
        preview = chosen.preview()
        assert preview is not None and preview.action == action
        before = chosen.state
        after = chosen.confirm()
        assert after.record.actions[-1] == str(action)
        if isinstance(action, PlayBonus):
            s = space(chosen, action.on)
            assert preview.points == bonus_points(before, action.bonus, s)
            assert preview.line == line_of(before, s // 3)
            gained = tuple(b - a for a, b in zip(before.scores, after.state.scores, strict=True))
            assert preview.points == gained
        if isinstance(action, PlayBug):
            seat = before.to_act
            gain = after.state.scores[seat] - before.scores[seat]
            assert preview.effects[0] == f"+{gain} VP for you"  # the person confirming
        name = type(action).__name__
        check[name] = check.get(name, 0) + 1
        session = after
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_with_every_kind_of_move_and_exact_previews(seed: int) -> None:
    seen: dict[str, int] = {}
    session = play_out([Seat("You", "human"), Seat("Ana", "human"), Seat("Bo", "easy")], seed, seen)
    assert session.over and session.legal == () and session.bot_turn() is None
    assert session.ending() == how_it_ended(session.state, session.names)
    assert session.log[-1].endswith(session.ending())
    assert replay(session.record) == session.state
    assert session.pick_buy("bug", 7).notice == "The game is over."
    assert seen.get("PlayBug", 0) > 0 and seen.get("BuyBug", 0) > 0


def test_bonus_previews_match_the_engine_over_many_games() -> None:
    seen: dict[str, int] = {}
    for seed in range(4, 14):
        play_out(TWO_PEOPLE, seed, seen)
    assert seen.get("PlayBonus", 0) >= 3, seen
    assert seen.get("Fly", 0) > 0, seen


def test_a_flyer_on_the_board_lights_its_destinations_and_flies() -> None:
    for seed in range(60):
        session = start(TWO_PEOPLE, seed)
        rng = Rng(seed)
        for _ in range(60):
            flights = [a for a in session.legal if isinstance(a, Fly)]
            if flights or session.over:
                break
            plays = [a for a in session.legal if isinstance(a, PlayBug)]
            buys = [a for a in session.legal if isinstance(a, BuyBug)]
            options = plays or buys
            session = session.play(str(options[rng.below(len(options))]))
        if flights:
            break
    else:
        raise AssertionError("no flyer got onto the board")
    source = space(session, flights[0].source)
    picked = session.pick_space(source)
    assert picked.pick == f"space:{source}"
    assert picked.targets() == {
        space(session, a.to) for a in flights if space(session, a.source) == source
    }
    assert picked.pick_space(source).pick is None  # a second click drops it
    to = space(session, flights[0].to)
    chosen = picked.pick_space(to)
    assert chosen.pending() == Fly(flights[0].source, flights[0].to, 0)
    preview = chosen.preview()
    assert preview is not None and preview.effects[0] == "No VP for a flight"
    flown = chosen.rotate(1).confirm()
    assert flown.record.actions[-1] == str(Fly(flights[0].source, flights[0].to, 1))
