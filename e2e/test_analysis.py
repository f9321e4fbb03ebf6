"""Analysis after a game: a finished game (here opened from a link) offers "Analyse the game";
the bot worker reviews the person's moves a few at a time with a progress bar, then the panel
shows each seat's chance over the game as a chart and the moves that lost the most, each a
button that replays the table to that move; the result is kept, so a second look is instant."""

from __future__ import annotations

import random

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
