"""The Hint button: on a person's turn against bots it asks the hard bot's search, in the worker
and from the person's own view, for the best moves, each said as the log would say it with why;
the hint goes once a move is made, and a game of people only offers none."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from bugs_table import moves, open_page, play_a_move_by_clicks, set_up

HINTS = "#hint li"


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
