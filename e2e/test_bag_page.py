"""The Bag of Bugs page: a person and bots play a whole game in real time, a race for the same
Grab token goes by the priority shown, and people share one keyboard."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from bugs_table import GAME_TIMEOUT_MS, open_page, set_up
from bugs_web.bot_service import choose_move
from bugs_web.games.bag_of_bugs.session import BagBotTurn, BagSession, make_bag_seats

SEATS = [("You", "human"), ("Ana", "easy"), ("Bo", "easy"), ("Cy", "easy")]


def open_bag(page: Page, base_url: str, *, seed: int, pace: int) -> None:
    open_page(page, base_url, seed=seed, pace=pace, path="bag-of-bugs.html")


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
    expect(page.locator("#dialog-title")).to_have_text(re.compile(r"(wins|You win|share the win)$"))
    assert claimed_turns, "the person never grabbed"
    expect(page.locator("#log li").last).to_contain_text("The game is over")


def ask_bot(turn: BagBotTurn) -> str:
    """The move the page's worker gives for this bot turn (same code, same seed)."""
    request = {
        "record": json.loads(turn.record_json),
        "seat": turn.seat,
        "level": turn.level,
        "seed": turn.seed,
    }
    return str(json.loads(choose_move(json.dumps(request)))["action"])


def find_race(seed: int, limit: int = 400) -> tuple[str, str, int] | None:
    """Play the game as the page would while the person only waits (and takes the first
    choice at prompts): the first window where a bot ahead of the person in the priority order
    claims a token, as (window key, the bot's name, the token), or None."""
    session = BagSession.start(make_bag_seats(SEATS), seed)
    for _ in range(limit):
        if session.over:
            return None
        window = session.state.window
        key = session.window_key()
        if key is not None and window is not None:
            answers = {t.seat: (t, ask_bot(t)) for t in session.bot_turns()}
            if window.subround == 1 and 0 in session.people_to_grab():
                for seat in window.priority[: window.priority.index(0)]:
                    if seat in answers and ":claim " in answers[seat][1]:
                        grab = int(answers[seat][1].rsplit(" ", 1)[1])
                        return "-".join(map(str, key)), session.names[seat], grab
            for turn, action in answers.values():
                session = session.bot_move(turn.key, turn.seat, action)
            session = session.close_window()
        elif session.person_deciding() is not None:
            session = session.default_decision()
        else:
            for turn in session.bot_turns():
                session = session.bot_move(turn.key, turn.seat, ask_bot(turn))
    return None


def test_a_race_for_one_token_goes_by_the_priority_shown(page: Page, base_url: str) -> None:
    seed, race = next((s, r) for s in range(1, 50) if (r := find_race(s)) is not None)
    key, rival, grab = race
    # The slow pace keeps the window open 2.6 s: the key press below must land while it is open,
    # even on a loaded machine.
    open_bag(page, base_url, seed=seed, pace=2600)
    set_up(page, SEATS)
    for _ in range(100):  # wait (taking the first choice at prompts) until that window opens
        # Watched inside the page, so the press follows the window's opening at once.
        page.wait_for_function(
            """key => document.querySelector('#game').dataset.window === key
                || document.querySelector('#prompt button.primary') !== null""",
            arg=key,
            timeout=GAME_TIMEOUT_MS,
        )
        if page.locator("#game").get_attribute("data-window") == key:
            break
        page.locator("#prompt button.primary").first.click()
    expect(page.locator("#game")).to_have_attribute("data-window", key)
    page.keyboard.press(str(grab))  # You reach for the same token as the bot
    priority = page.locator("#table svg text", has_text="Priority: ").text_content() or ""
    assert priority.index(rival) < priority.index("You")
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


SHOWN_GRAB_BUTTON_WIDTHS = """() => {
  const shown = [...document.querySelectorAll('.grab-button')].filter(b => b.offsetParent);
  return shown.length ? shown.map(b => b.getBoundingClientRect().width) : null;
}"""


def test_phone_width_fits_without_sideways_scrolling(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_bag(page, base_url, seed=6, pace=2600)
    set_up(page, [("Ana", "human"), ("Bo", "human"), ("Cy", "easy")])
    expect(page.locator("#table svg")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"the page is {width} px wide at 360"
    box = page.locator("#table svg").bounding_box()
    assert box is not None and box["width"] <= 360
    # Measured in one go inside the page, at a moment the grab buttons are shown: one by one,
    # a button could be redrawn (a bot's grab) between finding it and measuring it.
    widths = page.wait_for_function(SHOWN_GRAB_BUTTON_WIDTHS).json_value()
    assert widths and min(widths) >= 44, widths  # finger-sized touch targets
