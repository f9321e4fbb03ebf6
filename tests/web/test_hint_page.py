"""The hint panel's "Show on the table" toggles on the game pages, driven under CPython on the
stand-in browser (test_table_page's): a click composes the hint's move as the person's own
pending choice, presses that toggle alone and scrolls to where the table shows the move; a
click on it again drops the choice; picking something else on the table releases it; nothing
is played."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import test_table_page
from test_table_page import Table, run

open_page = test_table_page.open_page  # the stand-in browser's fixture, shared


async def ask_hint(t: Table) -> list[str]:
    """Press Hint and wait for the worker's answer; the moves it lists, best first."""
    button = t.el("hint-button")
    assert not button.hidden
    t.click(button)
    task = t.page.hint_task
    assert task is not None
    await asyncio.wait_for(task, timeout=60)
    return [li.getAttribute("data-hint") or "" for li in t.all("li[data-hint]", "hint")]


def toggles(t: Table) -> list[str]:
    """Each hint's toggle's aria-pressed, in the list's order."""
    return [b.getAttribute("aria-pressed") or "" for b in t.all(".hint-show", "hint")]


def test_bugs_a_shown_hint_selects_its_cards_and_the_play_button(
    open_page: Callable[..., Table],
) -> None:
    t = open_page("bugs", "?seed=21&pace=0")

    async def go() -> None:
        t.start([("You", "human"), ("Ana", "easy"), ("Bo", "easy")])
        await t.settle()
        moves = await ask_hint(t)
        assert toggles(t) == ["false"] * len(moves)
        before = t.page.session
        card_moves = [i for i, m in enumerate(moves) if m not in ("pickup", "pass")]
        assert card_moves
        i = card_moves[0]
        t.click(t.all(".hint-show", "hint")[i])
        s = t.page.session
        assert s.record == before.record and s.state is before.state  # nothing played
        assert s.composes(moves[i]) and toggles(t)[i] == "true"
        assert t.all("[data-pick][aria-pressed='true']", "table")  # the cards, selected
        play = t.one("[data-action].primary", "controls")
        assert play.getAttribute("data-action") in {str(a) for a in s.picker.choices()}
        # its Play button, right under the hand, scrolled to (a phone's table is a screen down)
        [(shown, how)] = t.doc.brought_into_view
        assert shown.getAttribute("data-action") == moves[i] and t.doc.attached(shown)
        assert how == {"block": "nearest", "inline": "nearest", "behavior": "smooth"}
        t.click(t.all(".hint-show", "hint")[i])  # again: the selection goes
        assert not any(t.page.session.picker.selection) and toggles(t)[i] == "false"
        assert len(t.doc.brought_into_view) == 1  # nothing to show: no scroll
        t.click(t.all(".hint-show", "hint")[i])
        t.key("Escape")  # the person's own change: the toggle lets go
        assert toggles(t) == ["false"] * len(moves)
        assert t.page.session.record == before.record

    run(go)


def test_bag_a_shown_hint_marks_its_option_in_the_prompt(open_page: Callable[..., Table]) -> None:
    t = open_page("bag-of-bugs")

    async def go() -> None:
        t.page.open_study("lesson", "bag-of-bugs/scoring")
        assert t.page.session.person_deciding() == 0
        moves = await ask_hint(t)
        assert moves
        t.click(t.all(".hint-show", "hint")[0])
        marked = t.all("[data-hinted='true']", "prompt")
        assert [m.getAttribute("data-decide") for m in marked] == [moves[0]]
        assert [node for node, _how in t.doc.brought_into_view] == marked
        assert toggles(t)[0] == "true"
        assert not t.page.session.record.actions  # marked, not taken
        t.click(marked[0])  # the person takes it: the lesson judges that move
        assert str(t.page.session.record.actions[-1]) == moves[0]

    run(go)


def test_bugspiel_a_shown_hint_is_the_pending_move_and_its_place_is_scrolled_to(
    open_page: Callable[..., Table],
) -> None:
    t = open_page("bugspiel", "?seed=4&pace=0")

    async def go() -> None:
        t.start([("You", "human"), ("Ana", "easy")])
        await t.settle()
        moves = await ask_hint(t)
        shown = [i for i, m in enumerate(moves) if m != "pass"]
        assert shown, moves
        for i in shown:
            t.click(t.all(".hint-show", "hint")[i])
            s = t.page.session
            assert str(s.pending()) == moves[i] and not s.record.actions  # pending, not played
            place, _how = t.doc.brought_into_view[-1]
            assert t.doc.attached(place)
            if moves[i].startswith("buy "):  # "buy bug 7": its market slot
                _, market, slot = moves[i].split()
                assert place.getAttribute(f"data-buy-{market}") == slot
            else:  # the space the bug or bonus card goes to
                assert "chosen" in (place.getAttribute("class") or "").split()
        assert len(t.doc.brought_into_view) == len(shown)

    run(go)
