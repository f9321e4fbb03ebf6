"""games.bag_of_bugs.table_svg and screen: the Bag of Bugs table and the HTML around it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bugs_core.bag_of_bugs import GAME
from bugs_core.bag_of_bugs.state import BagState, Phase
from bugs_core.bag_of_bugs.tokens import KINDS
from bugs_core.engine import play
from bugs_web.games.bag_of_bugs.screen import game_over_html, grab_rows_html, log_html, prompt_html
from bugs_web.games.bag_of_bugs.session import BagSession, make_bag_seats
from bugs_web.games.bag_of_bugs.table_svg import render_table, table_words, token_name

NS = "{http://www.w3.org/2000/svg}"
EVIL = '<img src=x onerror="alert(1)">'


def states(players: int, seed: int) -> list[BagState]:
    steps = list(play(GAME, GAME.make_setup({"players": players}), seed))
    return [s.state for s in steps[:: max(1, len(steps) // 8)]] + [steps[-1].state]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_public_fact_is_drawn(players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    for state in states(players, players):
        view = GAME.player_view(state, 0)
        root = ET.fromstring(render_table(view, names=names, clickable=(1, 2, 3, 4, 5)))
        assert root.attrib["viewBox"].startswith("0 0 960 ")
        text = " ".join(root.itertext())
        assert f"Rock pairs {state.rock_pairs} of" in text
        seats = [e for e in root.iter() if "data-seat" in e.attrib]
        assert len(seats) == players
        pool = [e for e in root.iter() if e.get("role") == "listitem"]
        assert len(pool) == len(state.pool)
        free = [g for g in (1, 2, 3, 4, 5) if state.claims[g - 1] is None]
        buttons = [int(e.attrib["data-grab"]) for e in root.iter() if "data-grab" in e.attrib]
        assert buttons == free
        bag = next(e for e in root.iter() if e.get("aria-label", "").startswith("The bag"))
        assert bag.attrib["aria-label"] == f"The bag: {sum(state.bag)} tokens"
        if state.phase is Phase.WINDOW:
            assert "Priority: " in text


@pytest.mark.parametrize("width", [328, 960])
def test_the_pool_panel_lines_never_run_into_each_other(width: int) -> None:
    names = ["Ana", "Bo", "Cy", "Dee"]
    state = next(s for s in states(4, 4) if s.phase is Phase.WINDOW and s.pool)
    root = ET.fromstring(render_table(GAME.player_view(state, 0), names=names, width=width))
    pool = next(e for e in root.iter() if e.get("aria-label") == "The pool, in reveal order")
    lines = {e.text or "": e for e in pool.iter(f"{NS}text")}
    pairs = next(e for words, e in lines.items() if words.startswith("Rock pairs"))
    head = next(e for words, e in lines.items() if " draws: token " in words)
    priority = next(e for words, e in lines.items() if words.startswith("Priority: "))
    tokens = [e for e in pool.iter(f"{NS}circle") if e.get("r") == "17"]
    assert tokens
    if width < 620:  # a phone: the pairs go under the pool's tokens, on a line of their own
        lowest = max(float(e.attrib["cy"]) + 17 for e in tokens)
        assert float(pairs.attrib["y"]) - 13 >= lowest
    else:  # beside the heading, as before
        assert pairs.attrib["y"] == head.attrib["y"]
    assert float(priority.attrib["y"]) < min(float(e.attrib["cy"]) - 17 for e in tokens) + 13


def test_names_are_text_and_colours_have_table_names() -> None:
    state = states(4, 9)[3]
    svg = render_table(GAME.player_view(state, 1), names=[EVIL] * 4)
    assert "<img" not in svg and "&lt;img" in svg
    assert table_words("Ana takes two C3 Bugs and a C1 Bug.") == (
        "Ana takes two Green Bugs and a Red Bug."
    )
    assert len({token_name(k) for k in range(KINDS)}) == KINDS


def test_screen_html_escapes_names_and_offers_the_right_buttons() -> None:
    seats = make_bag_seats([(EVIL, "human"), ("Bo", "human"), ("Cy", "easy")])
    session = BagSession.start(seats, 3)
    rows = grab_rows_html(session)
    assert "<img" not in rows
    for seat in session.people_to_grab():
        for grab in session.free_grabs():
            assert f'data-claim="{seat}:{grab}"' in rows
    assert prompt_html(session) == "" or session.person_deciding() is not None
    assert "<img" not in log_html(session)
    assert game_over_html(session) == ""


def test_the_drawer_is_spoken_to_as_you() -> None:
    """The pool's head agrees with "You": "You draw: token 1 of 6", never "You draws"."""
    state = next(s for s in states(3, 3) if s.phase is Phase.WINDOW and s.drawer == 0)
    view = GAME.player_view(state, 0)
    for names, said in ((["You", "Ana", "Bo"], "You draw: token"), (["Cy", "A", "B"], "Cy draws")):
        text = " ".join(ET.fromstring(render_table(view, names=names)).itertext())
        assert said in text and "You draws" not in text


def test_a_seats_keys_are_marked_for_the_style_to_hide_on_touch_screens() -> None:
    """A person's box names the keys that claim for them, as a text of class "keys", which
    table.css hides where there is only a finger to point (no keys to press)."""
    state = next(s for s in states(3, 3) if s.phase is Phase.WINDOW and s.drawer != 0)
    svg = render_table(GAME.player_view(state, 0), names=["You", "A", "B"], keys={0: "1-5"})
    marked = [e for e in ET.fromstring(svg).iter(f"{NS}text") if e.get("class") == "keys"]
    assert [e.text for e in marked] == ["keys 1-5"]
