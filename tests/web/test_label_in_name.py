"""The tables' buttons (cards, tokens, market slots, board spaces) have names that hold the
words they show, in order (WCAG 2.5.3, label in name): speech input can say what the eye reads.
The check reads the words as axe-core's rule `label-content-name-mismatch` does (the texts joined
as the markup has them, words split at anything not a letter or digit, parentheses dropped), so
the e2e axe run (e2e/test_a11y.py) finds none of these on the pages either."""

from __future__ import annotations

import random
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from bugs_core.bag_of_bugs import GAME as BAG
from bugs_core.bugs import GAME as BUGS
from bugs_core.bugs.state import BugsSetup
from bugs_core.bugspiel import GAME as SPIEL
from bugs_core.engine import play
from bugs_core.record import Seat, new_record, replay
from bugs_web.games.bag_of_bugs.session import BagSession, make_bag_seats
from bugs_web.games.bag_of_bugs.table_svg import render_table as render_bag
from bugs_web.games.bugs.table_svg import render_table as render_bugs
from bugs_web.games.bugspiel.screen import highlight_of
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.games.bugspiel.table_svg import render_table as render_spiel

NS = "{http://www.w3.org/2000/svg}"
UNSEEN = {f"{NS}title", f"{NS}desc", f"{NS}defs"}


def words(text: str) -> list[str]:
    """The words of `text` as the rule compares them."""
    text = unicodedata.normalize("NFKD", text)
    while (shorter := re.sub(r"\([^()]*\)", "", text)) != text:
        text = shorter
    return re.sub(r"[\W_]", " ", text).lower().split()


def shown(node: ET.Element) -> str:
    """The text a node shows: its texts and the gaps between them, as in the markup."""
    if node.tag in UNSEEN:
        return ""
    return (node.text or "") + "".join(shown(child) + (child.tail or "") for child in node)


def mismatches(svg: str) -> Iterator[str]:
    """Each button whose name lacks the words it shows."""
    for node in ET.fromstring(svg).iter():
        name = node.get("aria-label")
        if node.get("role") != "button" or not name:
            continue
        seen, said = words(shown(node)), words(name)
        if seen and not any(said[i : i + len(seen)] == seen for i in range(len(said))):
            yield f"{name!r} shows {shown(node)!r}"


@pytest.mark.parametrize("width", [960, 360])
def test_bugs_cards(width: int) -> None:
    for step in list(play(BUGS, BugsSetup(players=4), 5))[::40]:
        view = BUGS.player_view(step.state, 0)
        for selected in ({}, {k: 1 for k in range(14) if view.hand[k]}):
            svg = render_bugs(
                view, names=["A", "B", "C", "D"], usable=range(14), selected=selected, width=width
            )
            assert not list(mismatches(svg))


@pytest.mark.parametrize("width", [960, 600, 360])
def test_bag_of_bugs_tokens(width: int) -> None:
    session = BagSession.start(make_bag_seats([("You", "human"), ("Ana", "easy")] * 2), 3)
    for step in list(play(BAG, BAG.make_setup({"players": 4}), 3))[::30]:
        view = BAG.player_view(step.state, 0)
        for mine in (None, 1, 2, 3, 4, 5):  # the token the person reaches for is marked
            svg = render_bag(
                view, names=session.names, clickable=(1, 2, 3, 4, 5), mine=mine, width=width
            )
            assert not list(mismatches(svg))


@pytest.mark.parametrize("width", [960, 360])
def test_bugspiel_cards_and_spaces(width: int) -> None:
    record = new_record("bugspiel", {"players": 2}, 3, [Seat("You"), Seat("Ana")])
    state = replay(record)
    pick = random.Random(3)
    while len(record.actions) < 60 and (actions := SPIEL.legal_actions(state)):
        action = pick.choice(actions)
        record, state = record.with_action(action), SPIEL.apply(state, action)
    for session in SpielSession.replay_steps(record)[::6]:
        view = session.view()
        svg = render_spiel(
            view,
            names=session.names,
            highlight=highlight_of(session),
            interactive=True,
            width=width,
        )
        assert not list(mismatches(svg))
