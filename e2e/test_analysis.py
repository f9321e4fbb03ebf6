"""Analysis after a game: a finished game (here opened from a link) offers "Analyse the game";
the bot worker reviews the person's moves a few at a time with a progress bar, then the panel
shows each seat's chance over the game as a chart and the moves that lost the most, each a
button that replays the table to that move; the same moves are marks on the record bar, each
stepping the replay to its move, where a line says the better move and why; the result is
kept, so a second look (and the marks on the game opened again) is instant."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from bugs_core.link import encode_link
from bugs_core.record import GameRecord, Seat, new_record, replay
from bugs_core.registry import get_game


def finished(seed: int) -> GameRecord:
    """A Bugspiel game to 30 VP of random legal moves, the person in seat 0."""
    rules = get_game("bugspiel")
    seats = [Seat("You", "human"), Seat("Ana", "easy")]
    record = new_record("bugspiel", {"players": 2, "target_score": 30}, seed, seats)
    state = replay(record)
    pick = random.Random(seed)
    while not rules.is_terminal(state):
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
    return record


def test_a_finished_game_is_analysed_with_a_chart_and_its_worst_moves(
    page: Page, base_url: str
) -> None:
    record = finished(3)
    page.goto(f"{base_url}bugspiel.html?pace=0#g={encode_link(record)}")
    expect(page.locator("#analyse-button")).to_be_visible()
    page.locator("#dialog [data-ui=analyse]").click()  # from the game-over panel
    expect(page.locator("#dialog")).to_be_hidden()
    panel = page.locator("#analysis")
    expect(panel.locator("h2")).to_contain_text("Analysis", timeout=240_000)
    expect(panel.locator("svg.chart polyline")).to_have_count(1)  # the person's line
    marks = panel.locator("[data-ui^=analysis-go-]")
    assert 1 <= marks.count() <= 3
    move = int(str(marks.first.get_attribute("data-ui")).removeprefix("analysis-go-"))
    marks.first.click()
    expect(page.locator("#turn-status")).to_contain_text(f"Replay of move {move} of")
    kept = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('bugs-table-analysis/')).length"
    )
    assert kept == 1

    # the same moves, marked on the record bar: a mark steps the replay there (by keyboard
    # too) and a line says what the search preferred and why
    bar = page.locator("#record-bar")
    on_bar = bar.locator(".replay-marks [data-rec^=to-]")
    expect(on_bar).to_have_count(marks.count())
    expect(panel.locator("li").first).to_contain_text(re.compile(r"It (scores|costs)"))
    targets = [int(str(b.get_attribute("data-rec")).removeprefix("to-")) for b in on_bar.all()]
    target = [t for t in targets if t < len(record.actions)][-1]  # the end would go live
    mark = bar.locator(f'[data-rec="to-{target}"]')
    expect(mark).to_have_attribute("aria-label", re.compile(rf"^Move {target} \(You\): lost "))
    mark.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#turn-status")).to_contain_text(f"Replay of move {target} of")
    expect(mark).to_have_attribute("aria-current", "step")
    expect(mark).to_be_focused()
    line = bar.locator(".mark-line")
    expect(line).to_contain_text(f"Move {target} (You): ")
    expect(line).to_contain_text(re.compile(r"The search preferred: .+ It (scores|costs) "))
    page.set_viewport_size({"width": 360, "height": 740})
    assert bar.evaluate("(b) => b.scrollWidth <= b.clientWidth")  # it wraps at 360 px
    assert line.evaluate("(p) => p.scrollWidth <= p.clientWidth")
    page.goto(f"{base_url}bugspiel.html?pace=0#g={encode_link(record)}")  # the game again
    expect(page.locator("#record-bar .replay-marks [data-rec^=to-]")).to_have_count(len(targets))
    at_end = int(len(record.actions) in targets)  # live: a line only if the last move is marked
    expect(page.locator("#record-bar .mark-line")).to_have_count(at_end)
