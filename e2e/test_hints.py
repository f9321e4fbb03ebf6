"""The Hint button: on a person's turn against bots it asks the hard bot's search, in the worker
and from the person's own view, for the best moves, each said as the log would say it with why;
the hint goes once a move is made, and a game of people only offers none. Each move's "Show on
the table" toggle makes it the person's own pending choice (Bugs: the cards selected and the Play
button ready; Bugspiel: the placement and its preview), which they confirm or change."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from bugs_table import moves, open_page, play_a_move_by_clicks, set_up
from test_a11y import Axe

HINTS = "#hint li"
SHOW = ".hint-show"


def test_a_hint_lists_the_best_moves_with_why_and_goes_after_a_move(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url, seed=21, pace=0)
    set_up(page, [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy")])
    expect(page.locator("#turn-status")).to_contain_text("Your turn")
    page.locator("#hint-button").click()
    expect(page.locator(HINTS).first).to_contain_text("playouts it came out at")
    count = page.locator(HINTS).count()
    assert 1 <= count <= 3
    best = page.locator(HINTS).first.get_attribute("data-hint")
    assert best  # the move's notation, which the table knows how to play
    first = page.locator(HINTS).first.locator("strong").inner_text()
    assert first.startswith("You ")  # the log's own words for the person's move
    sentences = page.locator(f"{HINTS} strong").all_inner_texts()
    assert all(text.startswith("You ") for text in sentences)  # the person's moves alone
    before = moves(page)
    play_a_move_by_clicks(page)
    assert moves(page) > before
    expect(page.locator("#hint")).to_be_hidden()


def test_a_game_of_people_only_offers_no_hint(page: Page, base_url: str) -> None:
    open_page(page, base_url, seed=3, pace=0)
    set_up(page, [("Zoe", "human"), ("Ana", "human"), ("Bo", "human")])
    page.locator("#dialog [data-ui]").first.click()  # the hand-off: Zoe takes the device
    expect(page.locator("#turn-status")).to_contain_text("your lead")
    expect(page.locator("#hint-button")).to_be_hidden()


def shown_hint(page: Page, starts: tuple[str, ...]) -> tuple[str, Locator]:
    """Ask for a hint; the first listed move that begins with one of `starts`, and its "Show on
    the table" toggle (not pressed yet)."""
    page.locator("#hint-button").click()
    expect(page.locator(HINTS).first).to_contain_text("playouts it came out at")
    listed = [str(li.get_attribute("data-hint")) for li in page.locator(HINTS).all()]
    wanted = [i for i, move in enumerate(listed) if move.startswith(starts)]
    assert wanted, listed
    toggle = page.locator(HINTS).nth(wanted[0]).locator(SHOW)
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(toggle).to_have_accessible_name(re.compile(r"^Show on the table: You "))
    return listed[wanted[0]], toggle


def test_a_bugs_hint_shown_on_the_table_selects_its_cards_ready_to_play(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url, seed=21, pace=0)
    set_up(page, [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy")])
    expect(page.locator("#turn-status")).to_contain_text("Your turn")
    move, toggle = shown_hint(page, tuple("123456789"))  # a move of cards, not pick-up
    before = moves(page)
    toggle.focus()
    page.keyboard.press("Enter")  # the toggle is a button the keyboard reaches
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#table [data-pick][aria-pressed='true']").first).to_be_visible()
    play = page.locator(f'#controls [data-action="{move}"]')
    expect(play).to_be_visible()  # the hand's own Play button, ready
    assert moves(page) == before  # shown, not played
    toggle.click()  # again: the selection goes
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#table [data-pick][aria-pressed='true']")).to_have_count(0)
    toggle.click()
    play.click()  # the person confirms it
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before}"
    )
    expect(page.locator("#hint")).to_be_hidden()


@pytest.mark.browser_context_args(bypass_csp=True)  # axe-core is injected, as in test_a11y
def test_a_bugspiel_hint_shown_on_the_table_is_the_pending_placement(
    page: Page, base_url: str
) -> None:
    open_page(page, base_url, seed=8, pace=0, path="bugspiel.html")
    set_up(page, [("You", "human"), ("Ana", "easy")])
    expect(page.locator("#turn-status")).to_contain_text("Your turn")
    move, toggle = shown_hint(page, ("play ", "fly "))
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    game = page.locator("#game")
    expect(game).to_have_attribute("data-pending", move)
    expect(page.locator(f'#controls .preview[data-pending="{move}"]')).to_be_visible()
    expect(page.locator("#table [data-space].chosen")).to_have_count(1)  # where it goes
    expect(page.locator('#controls [data-ui="confirm"]')).to_be_visible()
    assert moves(page) == 0
    axe = Axe(page)
    axe.check("a hint shown on the Bugspiel table")
    axe.done()
    page.keyboard.press("Escape")  # the person's own change: the toggle lets go
    expect(game).to_have_attribute("data-pending", "")
    expect(toggle).to_have_attribute("aria-pressed", "false")
