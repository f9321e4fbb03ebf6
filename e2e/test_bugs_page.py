"""The Bugs page: a person and bots play a whole game, people pass the device, keyboard play,
a phone-sized screen, and bots that think in a worker."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from bugs_table import (
    GAME_TIMEOUT_MS,
    hand_cards,
    moves,
    open_page,
    play_a_move_by_clicks,
    seat_menu,
    set_up,
    wait_for_something_to_do,
)
from site_checks import BrowserGuard


def test_setup_paints_before_python_and_lists_levels(page: Page, base_url: str) -> None:
    page.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: None)  # never answered
    page.goto(f"{base_url}bugs.html")
    expect(page.locator("h1")).to_have_text("Bugs")
    expect(page.locator("#setup .seat-row:visible")).to_have_count(4)
    expect(page.locator("#start")).to_be_disabled()
    expect(page.locator("#kind-1 option")).to_have_text(seat_menu("bugs"))


def test_one_person_and_three_bots_play_six_hands(
    page: Page, base_url: str, browser_guard: BrowserGuard
) -> None:
    open_page(page, base_url, seed=21)
    set_up(page, [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")])
    hands_over = 0
    my_moves = 0
    while True:
        now = wait_for_something_to_do(page)
        assert now != "handoff", "one person: never a hand-off"
        if now == "game-over":
            break
        if now == "hand-over":
            hands_over += 1
            expect(page.locator("#dialog-title")).to_have_text(f"Hand {hands_over} of 6 is over")
            page.click("#dialog [data-ui=next-hand]")
            continue
        expect(page.locator("#turn-status")).to_contain_text("our")
        play_a_move_by_clicks(page)
        my_moves += 1
    assert hands_over == 5
    assert my_moves > 5
    dialog = page.locator("#dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("caption")).to_have_text("Final scores")
    expect(dialog.locator("thead th")).to_have_count(8)  # player, six hands, total
    expect(dialog.locator("tbody tr")).to_have_count(4)
    expect(page.locator("#dialog-title")).to_have_text(re.compile(r"(wins|You win|share the win)$"))
    expect(page.locator("#turn-status")).to_have_text(re.compile(r"^Game over: "))
    expect(page.locator("#log li").last).to_contain_text("Hand 6 is over")
    assert any(u.endswith("/bugs_bots.py") for u in browser_guard.requests), "no bot worker"

    page.click("#dialog [data-ui=again]")  # same seats, a new game
    expect(page.locator("#dialog")).to_be_hidden()
    assert moves(page) < 20


def test_three_people_pass_and_play_without_seeing_each_other(page: Page, base_url: str) -> None:
    names = ["Ana", "Bo", "Cy"]
    open_page(page, base_url, seed=5)
    set_up(page, [(n, "human") for n in names] + [("Dot", "easy")])
    turns = 0
    handoffs = 0
    while turns < 8:
        now = wait_for_something_to_do(page)
        if now == "hand-over":
            page.click("#dialog [data-ui=next-hand]")
            continue
        if now == "handoff":
            handoffs += 1
            title = page.locator("#dialog-title").inner_text()
            person = title.removeprefix("Pass to ")
            assert person in names
            # nobody's cards are on the page while the device changes hands
            assert hand_cards(page).count() == 0
            assert page.locator("[data-copy]").count() == 0
            expect(page.locator("#controls")).to_be_empty()
            page.click("#dialog [data-ui=take]")
            expect(page.locator("#dialog")).to_be_hidden()
            expect(page.locator("#turn-status")).to_have_text(re.compile(f"^{person}, your "))
            # exactly one hand is drawn: the person's own, as many cards as their seat holds
            own = page.locator("#table svg text", has_text=re.compile(f"^{person} \\(you\\):"))
            expect(own).to_have_count(1)
            found = re.search(r": (\d+) cards", own.text_content() or "")
            assert found is not None
            held = int(found.group(1))
            drawn = page.locator("#table [data-copy]").count()
            assert drawn == held
            for other in names:
                if other != person:
                    mine = page.locator("#table svg text", has_text=f"{other} (you)")
                    expect(mine).to_have_count(0)
            play_a_move_by_clicks(page)
            turns += 1
            continue
        assert now == "play"
        play_a_move_by_clicks(page)  # the same person again (the others picked up or bots)
        turns += 1
    assert handoffs >= 3


def test_keyboard_play_with_visible_focus(page: Page, base_url: str) -> None:
    open_page(page, base_url, seed=8)
    set_up(page, [("Kay", "human"), ("Ana", "easy"), ("Bo", "easy")])
    played = 0
    while played < 3:
        now = wait_for_something_to_do(page)
        if now != "play":
            page.locator("#dialog .primary").press("Enter")
            continue
        before = moves(page)
        group = page.locator("#table [data-pick]:not(.dim)").first
        if group.count() == 0:
            page.keyboard.press("p")
        else:
            # Tab from the top of the page to the first card that can be played
            page.locator("#turn-status").click()
            wanted = group.get_attribute("data-pick")
            for _ in range(40):
                page.keyboard.press("Tab")
                if page.evaluate("document.activeElement.getAttribute('data-pick')") == wanted:
                    break
            expect(group).to_be_focused()
            outline = group.evaluate("e => getComputedStyle(e).outlineStyle")
            assert outline != "none", "focus must be visible"
            assert group.evaluate("e => e.matches(':focus-visible')")
            kind = group.get_attribute("data-pick")
            for _ in range(4):
                page.keyboard.press("Enter")  # one more card of the focused kind
                if page.locator("#controls [data-action].primary").count():
                    break
            expect(page.locator(f'#table [data-pick="{kind}"]')).to_be_focused()
            if page.locator("#controls [data-action].primary").count():
                page.keyboard.press("Tab")  # from the card to the first move button
                button = page.locator("#controls [data-action].primary")
                if not button.evaluate("e => e === document.activeElement"):
                    button.focus()
                page.keyboard.press("Enter")
            else:
                page.keyboard.press("Escape")
                page.keyboard.press("p")
        page.wait_for_function(
            f"() => Number(document.getElementById('game').dataset.moves) > {before}"
        )
        played += 1


def test_phone_width_fits_without_sideways_scrolling(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_page(page, base_url, seed=3)
    for _ in range(2):
        overflow = page.evaluate("document.documentElement.scrollWidth")
        assert overflow <= 360, f"the page is {overflow} px wide at 360"
        if page.locator("#game").is_visible():
            break
        set_up(page, [("Ana", "human"), ("Bo", "easy"), ("Cy", "easy"), ("Di", "easy")])
        wait_for_something_to_do(page)
    box = page.locator("#table svg").bounding_box()
    assert box is not None and box["width"] <= 360
    # the drawing follows the screen: about one unit per pixel, so text stays readable
    view_box = page.locator("#table svg").get_attribute("viewBox") or ""
    assert 300 <= int(view_box.split()[2]) <= 360


def test_the_page_answers_while_a_bot_thinks(page: Page, base_url: str) -> None:
    open_page(page, base_url, seed=2, pace=0)
    set_up(page, [("Ana", "hard"), ("Bo", "hard"), ("Cy", "hard"), ("Me", "human")])
    thinking = page.locator("#game[data-thinking=true]")
    expect(thinking).to_have_count(1, timeout=GAME_TIMEOUT_MS)
    expect(page.locator("#turn-status")).to_contain_text("(bot, hard) is thinking")
    # the main thread handles a click while the bot computes (it runs in a worker)
    was_open = page.locator("details.log-panel").evaluate("e => e.open")
    page.click("details.log-panel > summary")
    assert page.locator("details.log-panel").evaluate("e => e.open") != was_open
