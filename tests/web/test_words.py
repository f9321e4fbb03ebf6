"""Words a person would write: the person's own seat is "You" in every
sentence, with the verb agreeing ("You play", "you pass", "your Ladybird"), never "You (you)";
the win sentence in one phrasing; the log's numbers in full however many moves were made."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from random_games import random_game

from bugs_core.bag_of_bugs import events as bag_events
from bugs_core.bag_of_bugs.describe import event_text
from bugs_core.engine import play
from bugs_core.grammar import agree, counted, is_you, names_subject, second_person, subject
from bugs_core.record import GameRecord, Seat
from bugs_core.registry import get_game
from bugs_web.games.bag_of_bugs import screen as bag_screen
from bugs_web.games.bag_of_bugs.session import BagSession
from bugs_web.games.bag_of_bugs.table_svg import render_table as render_bag_table
from bugs_web.games.bugs import screen as bugs_screen
from bugs_web.games.bugs.session import Session
from bugs_web.games.bugs.table_svg import render_table
from bugs_web.games.bugspiel import screen as spiel_screen
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.games.bugspiel.table_svg import render_table as render_spiel_table
from bugs_web.words import log_html, seat_label, sentence_names, won_text

OTHERS = ["Ana", "Bo", "Cy", "Dee", "Eli"]
THIRD_PERSON = {
    "plays", "leads", "adds", "starts", "beats", "wipes", "has", "picks", "nets", "sprays",
    "passes", "buys", "draws", "waits", "claims", "grabs", "takes", "gives", "returns", "wins",
    "deals", "shares", "is", "goes", "flies", "eats", "resolves", "decides", "holds", "gets",
}  # fmt: skip
"""Every third-person verb of the games' sentences: none may follow "you"."""


def grammar_faults(text: str) -> list[str]:
    """What is wrong with the second person in `text`: 'You buys', 'You (you)', a capital
    'You' inside a sentence, "You's"."""
    faults = [m.group(0) for m in re.finditer(r"\b[Yy]ou (\w+)", text) if m[1] in THIRD_PERSON]
    faults += re.findall(r"[Yy]ou \([Yy]ou\)|\b[Yy]ou's", text)
    # a capital You only where a sentence, a clause after a label ("Turn 1:") or a quote begins
    faults += [m.group(0) for m in re.finditer(r"[a-z0-9,;] You\b", text)]
    return faults


# -- the core's grammar ---------------------------------------------------------------------


def test_second_person_verbs() -> None:
    cases = {"plays": "play", "passes": "pass", "flies": "fly", "has": "have", "is": "are"}
    cases |= {"reaches": "reach", "buys": "buy", "went": "went", "goes": "go", "wipes": "wipe"}
    assert {v: second_person(v) for v in cases} == cases
    assert subject("Ana", "has chosen") == "Ana has chosen"
    assert subject("You", "has chosen") == "You have chosen"
    assert subject("you", "passes", inside=True) == "you pass"
    assert agree("You", "holds Grab 2") == "hold Grab 2"
    assert names_subject(["Ana", "You"], "waits") == "Ana and you wait"
    assert names_subject(["You", "Bo", "Cy"], "shares the win") == "You, Bo and Cy share the win"
    assert is_you(" YOU ") and not is_you("Yours")


def second_person_of(text: str, name: str) -> str:
    """The reference: `text` told of `name`, rewritten as told to "You"."""
    text = re.sub(rf"\b{name}'s\b", "your", text)
    text = re.sub(r"(^|\. )your\b", lambda m: m[1] + "Your", text)

    def seat(m: re.Match[str]) -> str:
        begins = m[1] == "" or m[1].endswith(". ") or re.fullmatch(r"Turn \d+: ", m[1] or "")
        verb = m[3] or ""
        if m[2] and verb and m[4] is None:  # a verb after the name: it agrees
            verb = second_person(verb)
        return f"{m[1]}{'You' if begins else 'you'}{m[2] or ''}{verb}"

    text = re.sub(rf"(^|\. |Turn \d+: |[^.]\W|\w\W)?\b{name}\b( )?(\w+)?(\.\w)?", seat, text)
    if text.startswith(("You play ", "Your ")):  # Bugspiel: a bug of the mover's own is eaten
        text = text.replace(" its own ", " your own ", 1)
    if text.startswith("You play "):  # the second verb agrees too: "You play ... and eat ..."
        text = text.replace(" and eats ", " and eat ", 1)
    return text.replace("and leads.", "and lead.") if text.startswith("You pick") else text


GAMES = {"bugs": 4, "bag-of-bugs": 4, "bugspiel": 3}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_sentence_for_the_persons_seat_is_in_the_second_person(game_id: str) -> None:
    """Seeded games, each seat in turn the person's: every sentence with that seat as "You"
    is the third-person sentence with the second person's words, and without a fault; every
    kind of action is seen with the person acting."""
    game = get_game(game_id)
    players = GAMES[game_id]
    acted: set[str] = set()
    checked = 0
    for seed in range(3 if game_id != "bugs" else 2):
        setup = game.make_setup({"players": players})
        for you in range(players):
            them = OTHERS[:players]
            told = [*them]
            told[you] = "You"
            named = [*them]
            named[you] = "Zed"
            for step in play(game, setup, seed + 11):
                if step.action is None:
                    break
                mine = game.describe(step.state, step.action, told)
                theirs = game.describe(step.state, step.action, named)
                assert not grammar_faults(mine), (mine, grammar_faults(mine))
                assert mine == second_person_of(theirs, "Zed"), (theirs, mine)
                if getattr(step.action, "seat", step.seat) == you:
                    acted.add(type(step.action).__name__)
                checked += 1
    assert checked > 100
    expected = {
        "bugs": {"Play", "WipeOut", "PassLead", "Net", "Repellent", "Exterminator", "PickUp"},
        "bag-of-bugs": {"Claim", "Wait", "Take", "Give", "TakeAll", "ReturnAll"},
        "bugspiel": {"Pass", "BuyBug", "BuyBonus", "PlayBug", "Fly", "PlayBonus"},
    }[game_id]
    assert expected <= acted, expected - acted


def test_the_second_person_in_each_games_sentences() -> None:
    """A few sentences word for word, one of each kind the reference above cannot tell."""
    assert event_text(bag_events.GameOver((3, 5, 5), (1, 2)), ["Ana", "You", "Bo"]) == (
        "The game is over. Scores: Ana 3, you 5, Bo 5. You and Bo share the victory."
    )
    assert event_text(bag_events.GameOver((3, 5), (1,)), ["Ana", "You"]) == (
        "The game is over. Scores: Ana 3, you 5. You win."
    )
    assert event_text(bag_events.Gave(0, 1, 2), ["You", "Ana"]).startswith("Wind: you give a ")
    assert event_text(bag_events.TookNothing(1, 3), ["Ana", "You"]) == (
        "Grab 3 finds the pool empty: you take nothing."
    )


# -- the shared words ------------------------------------------------------------------------


def test_won_text_in_one_phrasing_with_you_first() -> None:
    names = ["Ana", "You", "Bo", "Cy"]
    assert won_text([0], names) == "Ana wins"
    assert won_text([1], names) == "You win"
    assert won_text([0, 2], names) == "Ana and Bo share the win"
    assert won_text([0, 1], names) == "You and Ana share the win"
    assert won_text([0, 2, 3], names) == "Ana, Bo and Cy share the win"
    assert won_text([0, 1, 3], names) == "You, Ana and Cy share the win"


def test_sentence_names_call_only_the_only_person_you() -> None:
    assert sentence_names(["Ana", "Bo", "Cy"], [1]) == ["Ana", "You", "Cy"]
    assert sentence_names(["Ana", "Bo", "Cy"], [0, 1]) == ["Ana", "Bo", "Cy"]
    assert sentence_names(["Ana", "Bo"], []) == ["Ana", "Bo"]


def test_seat_label_names_bots_and_an_unknown_level() -> None:
    class S:
        record = SimpleNamespace(seats=(Seat("Ana"), Seat("Bo", "medium"), Seat("Cy", "wizard")))
        names = ("Ana", "Bo", "")

    assert [seat_label(S(), s) for s in range(3)] == [
        "Ana",
        "Bo (bot, medium)",
        "Seat 3 (bot, wizard)",
    ]


def test_the_log_numbers_every_item_and_marks_the_width_of_the_highest() -> None:
    class Log:
        def __init__(self, n: int) -> None:
            self.log = tuple(f"Move {i + 1}." for i in range(n))

    nine = log_html(Log(9))
    assert nine.count('class="n1"') == 9 and '<li value="9" class="n1">Move 9.</li>' in nine
    assert log_html(Log(10)).count('class="n2"') == 10
    many = log_html(Log(1234), last=200)
    assert many.count("<li ") == 200 and many.count('class="n4"') == 200
    assert many.startswith('<li value="1035" class="n4">Move 1035.</li>')
    css = Path("public/table.css").read_text(encoding="utf-8")
    for digits in range(2, 6):  # each width has room: at least one ch per digit and the dot
        rule = re.search(rf"\.log li\.n{digits} \{{ margin-left: ([\d.]+)ch; \}}", css)
        assert rule is not None and float(rule[1]) >= digits + 1
    assert re.search(r"\.log \{[^}]*padding-left: 0;", css)  # the scroller clips its padding
    spiel_css = Path("public/spiel.css").read_text(encoding="utf-8")
    assert ".log {" not in spiel_css and ".log{" not in spiel_css


# -- whole games through the screens ---------------------------------------------------------

SESSIONS: dict[str, Any] = {"bugs": Session, "bag-of-bugs": BagSession, "bugspiel": SpielSession}
SCREENS: dict[str, Any] = {"bugs": bugs_screen, "bag-of-bugs": bag_screen, "bugspiel": spiel_screen}


def played(game_id: str, seats: Sequence[Seat], seed: int) -> GameRecord:
    return random_game(game_id, seats, seed, target=30)


def rendered(game_id: str, s: Any) -> list[str]:
    """Every text the page shows of session `s`: the drawings, the HTML and the status."""
    screen = SCREENS[game_id]
    texts = [screen.status_text(s), screen.status_text(s, thinking=True), s.notice]
    texts += [screen.game_over_html(s), screen.log_html(s)]
    if game_id == "bugs":
        texts += [screen.controls_html(s), screen.handoff_html(s), screen.hand_over_html(s)]
        texts.append(render_table(s.public_view(), names=s.names, spectator=True, width=700))
        if s.view() is not None:
            texts.append(render_table(s.view(), names=s.names, width=700))
    elif game_id == "bag-of-bugs":
        texts += [screen.grab_rows_html(s), screen.prompt_html(s)]
        texts.append(render_bag_table(s.view(), names=s.names, mine=s.people[0], width=960))
    else:
        texts += [screen.controls_html(s), screen.preview_html(s)]
        texts += [
            render_spiel_table(s.view(), names=s.names, highlight=screen.highlight_of(s), width=w)
            for w in (360, 960)
        ]
    return texts


@pytest.mark.parametrize("game_id", sorted(SESSIONS))
@pytest.mark.parametrize("person", ["You", "Ana"])
def test_a_whole_game_speaks_to_the_only_person(game_id: str, person: str) -> None:
    """One person (named "You", the form's default, or "Ana") and bots: the log says "You" for
    the person's seat, the end says "You win" or names the winner, and nothing on the page
    reads "You (you)", "You buys" or a capital You inside a sentence."""
    seats = [Seat(person), Seat("Bo", "easy"), Seat("Cy", "easy")]
    record = played(game_id, seats, seed=3)
    steps = SESSIONS[game_id].replay_steps(record)
    for s in [steps[0], steps[1], steps[len(steps) // 2], steps[-1]]:
        for text in rendered(game_id, s):
            assert "You (you)" not in text
            assert not grammar_faults(text), grammar_faults(text)
    last = steps[-1]
    assert any(line.startswith("You ") for line in last.log)
    assert "Ana " not in " ".join(last.log)  # the person is "You", whatever the name
    won = last.winners() if game_id == "bugspiel" else None
    status = SCREENS[game_id].status_text(last)
    assert (status.startswith("Game over: ") and status.endswith(" win.")) or status.endswith(
        " wins."
    ), status
    if won is not None and won == (0,):
        assert status == "Game over: You win."


@pytest.mark.parametrize("game_id", sorted(SESSIONS))
def test_several_people_at_one_device_keep_their_names(game_id: str) -> None:
    seats = [Seat("Ana"), Seat("Bo"), Seat("Cy", "easy")]
    steps = SESSIONS[game_id].replay_steps(played(game_id, seats, seed=4))
    log = " ".join(steps[-1].log)
    assert "You" not in log and "Ana " in log


def test_a_count_says_its_noun_in_the_singular_for_one() -> None:
    assert counted(1, "card") == "1 card" and counted(-1, "point") == "-1 point"
    assert counted(0, "card") == "0 cards" and counted(1234, "action") == "1,234 actions"
