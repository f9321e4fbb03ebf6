"""Lessons and puzzles on the game pages: `#lesson=ID` opens a lesson at its position with its
task; a legal move that is not the lesson's is taken back with the step's hint, the right one
is shown with the rule behind it and leads to the next lesson; progress is kept in the browser.
A bad lesson is said plainly on the setup screen. A lesson keeps the record bar off (a
position's record cannot replay to it)."""

from __future__ import annotations

from urllib.parse import quote

from playwright.sync_api import Page, expect

from bugs_core.lessons import lesson
from bugs_table import play_a_move_by_clicks as play_a_bugs_move

LESSON = "#lesson"
TOLD = "#lesson .lesson-told"


def open_at(page: Page, base_url: str, path: str, fragment: str) -> None:
    page.goto(f"{base_url}{path}?pace=0{fragment}")
    expect(page.locator("#game")).to_be_visible()


def test_a_bugs_lesson_takes_back_a_wrong_move_and_moves_on(page: Page, base_url: str) -> None:
    open_at(page, base_url, "bugs.html", "#lesson=bugs/beat")
    beat = lesson("bugs/beat").steps[0]
    expect(page.locator(LESSON)).to_contain_text("Beat a swarm by value or by size")
    expect(page.locator(LESSON)).to_contain_text(beat.task)
    expect(page.locator("#record-bar")).to_be_hidden()
    # a legal move that is not the lesson's: the hint, and the table as it was
    page.locator("#controls [data-action=pickup]").click()
    expect(page.locator(TOLD)).to_contain_text(beat.hint)
    expect(page.locator("#game")).to_have_attribute("data-moves", "0")
    # only the learner's hand is drawn: the other seats' cards never reach the page
    assert page.locator('#table [data-pick="9"]').count() == 1
    page.locator('#table [data-pick="8"] [data-copy]').nth(1).click()  # both 8s
    page.locator("#controls [data-action].primary").click()
    expect(page.locator(TOLD)).to_contain_text("You beat the swarm of 12 with two")
    expect(page.locator(TOLD)).to_contain_text(beat.why)
    done = page.evaluate("localStorage.getItem('bugs-table-lessons')")
    assert done == '["bugs/beat"]'
    # by the keyboard: the link goes with the lesson, and the focus to the status line, which
    # wears the house ring (table.css), not the browser's black box
    page.get_by_role("link", name="Next lesson: Grow the swarm").focus()
    page.keyboard.press("Enter")
    expect(page.locator(LESSON)).to_contain_text("Grow the swarm")
    status = page.locator("#turn-status")
    expect(status).to_be_focused()
    ring = status.evaluate(
        "s => ['outlineStyle', 'outlineWidth', 'outlineColor'].map(k => getComputedStyle(s)[k])"
    )
    assert ring == ["solid", "3px", "rgb(217, 142, 4)"], ring  # --amber, #d98e04
    expect(page.locator("#game")).to_have_attribute("data-moves", "0")


def test_a_bugspiel_lesson_judges_a_placement(page: Page, base_url: str) -> None:
    open_at(page, base_url, "bugspiel.html", "#lesson=bugspiel/predators")
    expect(page.locator(LESSON)).to_contain_text("Predators eat")
    # a game opened as the page loads leaves the focus where it was (an embed's would take it
    # from the host page)
    assert page.evaluate("document.activeElement === document.body")
    page.locator("#table [data-hand-bug]").first.click()
    lit = page.locator("#table [data-space].target")
    expect(lit).to_have_count(1)  # the prey's space, A2b: tile 1 of the small board, below
    expect(lit).to_have_attribute("data-space", "5")
    lit.click()
    page.click("#controls [data-ui=confirm]")
    expect(page.locator(TOLD)).to_contain_text("eat Ana's mealworm beetle")


def test_a_bad_lesson_is_said_on_the_setup_screen(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}bugs.html#lesson=bugs/nope")
    expect(page.locator("#setup")).to_contain_text("This lesson cannot be opened: no lesson")
    page.goto(f"{base_url}bag-of-bugs.html#lesson=bugs/beat")
    expect(page.locator("#setup")).to_contain_text("is for bugs, not this page")


def test_the_setup_screen_opens_a_lesson_and_marks_the_finished_ones(
    page: Page, base_url: str
) -> None:
    page.goto(f"{base_url}bugs.html?pace=0")
    expect(page.locator("#start")).to_have_text("Start game")
    page.get_by_text("New to Bugs? Learn it in 11 short lessons").click()
    page.locator("#lessons-bugs").get_by_role("link", name="Grow the swarm").click()
    expect(page.locator(LESSON)).to_contain_text(lesson("bugs/grow").steps[0].task)
    assert "#lesson=bugs/grow" in page.url  # the same page: only its fragment changed
    page.evaluate("localStorage.setItem('bugs-table-lessons', '[\"bugs/lead\"]')")
    page.goto(f"{base_url}bugs.html?pace=0")
    expect(page.locator("#lessons-bugs li").first.locator(".done")).to_have_count(1)
    expect(page.locator("#lessons-bugs .done")).to_have_count(1)


def test_the_landing_page_lists_each_games_lessons_and_marks_the_finished_ones(
    page: Page, base_url: str
) -> None:
    page.goto(base_url)
    page.evaluate("localStorage.setItem('bugs-table-lessons', '[\"bugspiel/flying\"]')")
    page.reload()
    spiel = page.locator("#lessons-bugspiel")
    expect(spiel.get_by_role("link", name="Flying")).to_have_attribute(
        "href", "bugspiel.html#lesson=bugspiel/flying"
    )
    expect(spiel.locator(".done")).to_have_count(1)
    expect(page.locator("#lessons-bugs li")).to_have_count(11)
    page.locator("#lessons-bag-of-bugs").get_by_role("link", name="Wind", exact=True).click()
    expect(page.locator(LESSON)).to_contain_text("Wind")


def test_a_puzzle_opens_at_its_position_and_the_bots_play_on_from_it(
    page: Page, base_url: str
) -> None:
    text = lesson("bugs/beat").steps[0].position
    open_at(page, base_url, "bugs.html", f"#p={quote(text)}")
    expect(page.locator("#record-bar")).to_be_hidden()
    expect(page.locator("#log")).to_contain_text("A puzzle: play on from here.")
    expect(page.locator(LESSON)).to_be_hidden()
    assert page.locator('#table [data-pick="9"]').count() == 1  # the learner's own hand only
    play_a_bugs_move(page)  # by the puzzle's position: a beat, or a pick-up and a lead
    # the bots (the worker sent the position and the moves since) answer until it is the
    # learner's turn again, the game at its third move at least
    expect(page.locator("#turn-status")).to_contain_text("Your turn")
    assert int(str(page.locator("#game").get_attribute("data-moves"))) >= 3
    # a new game from the setup form is a game from a seed again: the record bar is back
    page.locator("[data-ui=setup]").first.click()
    page.locator("#start").click()
    expect(page.locator("#record-bar")).to_be_visible()


def test_a_game_pages_rules_link_opens_its_reference(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}bugspiel.html")
    page.get_by_text("How to play Bugspiel").click()
    page.get_by_role("link", name="The rules of Bugspiel: every card, number and ruling").click()
    expect(page.locator("h1")).to_have_text("The rules of Bugspiel")
    expect(page.locator(".reference figure")).to_have_count(4)
    expect(page.get_by_role("link", name="Play Bugspiel")).to_have_attribute(
        "href", "bugspiel.html"
    )
