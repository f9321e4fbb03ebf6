"""A bot worker that dies under a live page is replaced, and the game goes on from where it was."""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Page, expect

from bugs_table import (
    GAME_TIMEOUT_MS,
    moves,
    open_page,
    play_a_move_by_clicks,
    set_up,
    wait_for_something_to_do,
)

KILL_THE_WORKER = """() => {
  // What a crash of the worker's thread leaves behind: a Worker that never answers again.
  const script = document.querySelector('script[worker][name="bots"]');
  script.xworker.terminate();
  return true;
}"""


def test_a_dead_bot_worker_is_replaced_and_the_game_goes_on(page: Page, base_url: str) -> None:
    warnings: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "warning":
            warnings.append(message.text)

    page.on("console", on_console)
    open_page(page, base_url, seed=21)
    set_up(page, [("Ana", "easy"), ("Zoe", "human"), ("Bo", "easy")])
    assert wait_for_something_to_do(page) == "play"
    expect(page.locator('script[worker][name="bots"]')).to_have_count(1)
    page.evaluate(KILL_THE_WORKER)

    before = moves(page)
    play_a_move_by_clicks(page)  # now the bots' turns: their worker is gone
    # the watchdog (30 s) gives the worker up, a new one boots and answers the same request
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before + 1}",
        timeout=GAME_TIMEOUT_MS,
    )
    expect(page.locator('script[worker][name="bots-1"]')).to_have_count(1)
    expect(page.locator('script[worker][name="bots"]')).to_have_count(0)
    assert any("the bot worker was lost (no answer in 30 s)" in w for w in warnings), warnings
    # and the game plays on with the new worker, several turns round the table
    for _ in range(3):
        if wait_for_something_to_do(page) != "play":
            break
        play_a_move_by_clicks(page)
    assert moves(page) >= before + 5


def test_the_bot_worker_starts_without_a_warning(page: Page, base_url: str) -> None:
    """The worker never reaches for the page's window or document, and says nothing of them:
    pyscript.json's `sync_main_only` tells PyScript so (it warned on every start before)."""
    warnings: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "warning":
            warnings.append(message.text)

    page.on("console", on_console)  # the worker's console comes through the page's too
    open_page(page, base_url, seed=22)
    set_up(page, [("Ana", "easy"), ("Zoe", "human"), ("Bo", "easy")])
    expect(page.locator('script[worker][name="bots"]')).to_have_count(1)
    before = moves(page)
    assert wait_for_something_to_do(page) == "play"
    play_a_move_by_clicks(page)
    # the bots' two moves come from the worker, so it has started and answered
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before + 1}",
        timeout=GAME_TIMEOUT_MS,
    )
    assert not [w for w in warnings if "SharedArrayBuffer" in w or "`window`" in w], warnings
