"""The Bag of Bugs page: a person and bots play a whole game in real time, a race for the same
Grab token goes by the priority shown, and people share one keyboard."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from bugs_table import GAME_TIMEOUT_MS
from bugs_web.bag_session import BagSession, make_bag_seats
from bugs_web.bot_service import choose_move

SEATS = [("You", "human"), ("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")]


def open_bag(page: Page, base_url: str, *, seed: int, pace: int) -> None:
    page.goto(f"{base_url}bag-of-bugs.html?seed={seed}&pace={pace}")
    expect(page.locator("#start")).to_have_text("Start game")


def set_up(page: Page, seats: list[tuple[str, str]]) -> None:
    page.select_option("#players", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        page.fill(f"#name-{i}", name)
        page.select_option(f"#kind-{i}", kind)
    page.click("#start")
    expect(page.locator("#game")).to_be_visible()


def test_a_person_and_three_bots_play_a_whole_game(page: Page, base_url: str) -> None:
    open_bag(page, base_url, seed=11, pace=0)
    set_up(page, SEATS)
    claimed_turns: set[str] = set()
    for _ in range(4000):
        if page.locator("#game").get_attribute("data-screen") == "game-over":
            break
        prompt = page.locator("#prompt button.primary")
        if prompt.count():
            prompt.first.click()
            continue
        row = page.locator('.grab-row[data-seat="0"] button:not([disabled])')
        log_count = page.locator("#log li").count()
        turn = f"turn-{page.locator('#log li', has_text='takes the bag').count()}"
        if row.count() and turn not in claimed_turns and log_count % 2 == 0:
            page.keyboard.press(row.first.locator("small").inner_text())  # that token's key
            claimed_turns.add(turn)
        page.wait_for_timeout(100)
    expect(page.locator("#game")).to_have_attribute("data-screen", "game-over")
    dialog = page.locator("#dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("tbody tr")).to_have_count(4)
    expect(page.locator("#dialog-title")).to_have_text(re.compile(r"(wins|share the win)$"))
    assert claimed_turns, "the person never grabbed"
    expect(page.locator("#log li").last).to_contain_text("The game is over")


def first_race(limit: int = 200) -> tuple[int, str, int]:
    """A seed whose first window has a bot before the person in the priority order, and that
    bot's first answer claims a token: (seed, the bot's name, the token). Computed with the same
    code and seeds the page's worker runs."""
    for seed in range(1, limit):
        session = BagSession.start(make_bag_seats(SEATS), seed)
        window = session.state.window
        if window is None or 0 not in window.seats or window.priority.index(0) == 0:
            continue
        for turn in session.bot_turns():
            if window.priority.index(turn.seat) > window.priority.index(0):
                continue
            request = {
                "record": json.loads(turn.record_json),
                "seat": turn.seat,
                "level": turn.level,
                "seed": turn.seed,
            }
            action = json.loads(choose_move(json.dumps(request)))["action"]
            if ":claim " in action:
                return seed, session.names[turn.seat], int(action.rsplit(" ", 1)[1])
    raise AssertionError("no seed gives a race in the first window")


def test_a_race_for_one_token_goes_by_the_priority_shown(page: Page, base_url: str) -> None:
    seed, rival, grab = first_race()
    open_bag(page, base_url, seed=seed, pace=2600)
    set_up(page, SEATS)
    expect(page.locator("#table svg text", has_text="Priority: ")).to_have_count(1)
    priority = page.locator("#table svg text", has_text="Priority: ").text_content() or ""
    assert priority.index(rival) < priority.index("You")
    page.keyboard.press(str(grab))  # You reach for the same token as the bot
    expect(page.locator("#flash")).to_contain_text(
        f"{rival} got Grab {grab} first", timeout=GAME_TIMEOUT_MS
    )
    expect(page.locator("#log")).to_contain_text(f"but {rival} had priority")


def test_two_people_race_on_one_keyboard(page: Page, base_url: str) -> None:
    open_bag(page, base_url, seed=4, pace=2600)
    set_up(page, [("Ana", "human"), ("Bo", "human"), ("Cy", "human")])
    rows = page.locator(".grab-row[data-seat]")
    expect(rows).to_have_count(2)  # the Drawer does not grab
    seats = [int(rows.nth(i).get_attribute("data-seat") or -1) for i in range(2)]
    keys = {0: "1", 1: "q", 2: "a"}
    first, second = seats
    page.keyboard.press(keys[first])  # both reach for Grab 1
    page.keyboard.press(keys[second])
    expect(page.locator("#log")).to_contain_text("Grab 1", timeout=GAME_TIMEOUT_MS)
    holder = page.locator("#table [data-grab-token='1']").get_attribute("aria-label") or ""
    assert "taken by" in holder
