"""Driving the game pages through their UI, as a person would: open a page, fill its setup
form and start (every game page has the same form); for Bugs, pick cards and confirm."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from bugs_core.record import GameRecord, Seat, new_record, replay
from bugs_core.registry import get_game
from bugs_picks import pick_a_move

GAME_TIMEOUT_MS = 240_000
SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"

WAIT_FOR_SOMETHING_TO_DO = """() => {
  const game = document.getElementById('game');
  const screen = game.dataset.screen;
  if (screen !== 'play') return true;
  return document.getElementById('controls').children.length > 0;
}"""


MY_WINDOW = """() => {
  const game = document.getElementById('game');
  if (game.dataset.screen === 'game-over') return 'over';
  if (document.querySelector('#prompt button.primary')) return 'prompt';
  const free = document.querySelector('#table [data-grab]');
  const mine = document.querySelector('.grab-row[data-seat="0"] button:not([disabled])');
  return free && mine ? game.dataset.window : false;
}"""
"""Bag of Bugs, for the first seat (a person): 'over', 'prompt' (theirs to answer), the open
grab window's key when they may claim a free Grab token, or false (wait)."""


def seat_menu(game_page: str) -> list[str]:
    """The seat menu's labels as the build writes them: each level with its rating from
    pages/ladder.json where the ladder has one (scripts/site_pages.py)."""
    if str(SCRIPTS) not in sys.path:
        sys.path.append(str(SCRIPTS))  # appended: scripts/site.py must not shadow `site`
    import site_pages

    labels = [label for _, label in site_pages.seat_kinds(site_pages.level_ratings(game_page))]
    assert labels[0] == "Person" and all(label.startswith("Bot · ") for label in labels[1:])
    return labels


def open_page(
    page: Page, base_url: str, *, seed: int, pace: int = 0, path: str = "bugs.html"
) -> None:
    """Open a game page with a fixed seed and pace, and wait for Python."""
    page.goto(f"{base_url}{path}?seed={seed}&pace={pace}")
    expect(page.locator("#start")).to_be_enabled()
    expect(page.locator("#start")).to_have_text("Start game")


def set_up(page: Page, seats: Sequence[tuple[str, str]]) -> None:
    """Fill the setup form with (name, kind) per seat and start."""
    page.select_option("#players", str(len(seats)))
    for i, (name, kind) in enumerate(seats):
        page.fill(f"#name-{i}", name)
        page.select_option(f"#kind-{i}", kind)
    page.click("#start")
    expect(page.locator("#game")).to_be_visible()


def screen(page: Page) -> str:
    """What the page's screen is for: play, handoff, hand-over or game-over."""
    return str(page.locator("#game").get_attribute("data-screen"))


def moves(page: Page) -> int:
    """How many moves the game has had."""
    return int(page.locator("#game").get_attribute("data-moves") or 0)


def wait_for_something_to_do(page: Page) -> str:
    """Wait until a person must act (a move, a hand-off, a dialog) and say which screen."""
    page.wait_for_function(WAIT_FOR_SOMETHING_TO_DO, timeout=GAME_TIMEOUT_MS)
    return screen(page)


def hand_cards(page: Page) -> Locator:
    """The card groups of the hand drawn on the page."""
    return page.locator("#table [data-pick]")


class _Clicks:
    """The Playwright page as the Bugs picker's driver (bugs_picks.Clicks)."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def count(self, css: str) -> int:
        return self.page.locator(css).count()

    def attr(self, css: str, name: str) -> str | None:
        found = self.page.locator(css)
        return found.first.get_attribute(name) if found.count() else None

    def attrs(self, css: str, name: str) -> list[str]:
        script = "(all, name) => all.map((e) => e.getAttribute(name)).filter((v) => v !== null)"
        values = self.page.eval_on_selector_all(css, script, name)
        return [str(v) for v in values]

    def click(self, css: str, nth: int = 0) -> None:
        self.page.locator(css).nth(nth).click()


def play_a_move_by_clicks(page: Page) -> None:
    """Pick cards with the mouse until a move can be confirmed, then confirm it; pick up or
    pass when no card makes a move (bugs_picks.pick_a_move, as in every engine's suite)."""
    before = moves(page)
    pick_a_move(_Clicks(page))
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before}"
    )


def played(game: str, seats: tuple[Seat, ...], seed: int, at_least: int, cls: Any) -> GameRecord:
    """A record of random legal moves, at least `at_least` of them, that stops where the
    person (seat 0) is to move."""
    rules = get_game(game)
    record = new_record(game, {"players": len(seats)}, seed, list(seats))
    state = replay(record)
    pick = random.Random(seed)
    while True:
        mine = len(record.actions) >= at_least and rules.current_player(state) == 0
        if mine and cls.replay_steps(record)[-1].my_turn():
            return record
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
