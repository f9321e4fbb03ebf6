"""Storage faults in the browser: a full storage quota, storage switched
off, corrupt saves and saves from another version. Each test checks what the page says, that
the game still takes a move, and that nothing left localStorage without being kept.

The quota is simulated by an init script: `Storage.prototype.setItem` refuses, with a
DOMException named QuotaExceededError as Chromium throws, any write of our keys that would take
localStorage past a budget the test sets in sessionStorage. Deleting saves frees room, as in a
real full storage. Storage off is a `localStorage` getter that throws SecurityError, as some
privacy settings do.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from playwright.sync_api import Page, expect

from bugs_core.record import GameRecord, Seat, from_json, new_record, replay
from bugs_core.registry import get_game
from bugs_table import moves, open_page, play_a_move_by_clicks, set_up, wait_for_something_to_do
from bugs_web.saves import NOT_SAVED, SAVING_OFF, entry_text, save_key

BUGS_SEATS = (Seat("Zoe"), Seat("Ana", "easy"), Seat("Bo", "easy"))
SPIEL_SEATS = (Seat("Zoe"), Seat("Ana", "easy"))
PEOPLE = [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy")]
MESSAGE = "#record-message"
SAVE_STATUS = "#save-status"
WHEN = 1_780_000_000_000

QUOTA = """(() => {
  const setItem = Storage.prototype.setItem;
  const used = (store) => {
    let n = 0;
    for (let i = 0; i < store.length; i++) {
      n += store.key(i).length + store.getItem(store.key(i)).length;
    }
    return n;
  };
  Storage.prototype.setItem = function (key, value) {
    const budget = Number(sessionStorage.getItem('test-quota') || Infinity);
    if (this === localStorage && String(key).startsWith('bugs-table/')) {
      const old = this.getItem(key);
      const after = used(this) - (old === null ? 0 : key.length + old.length)
        + String(key).length + String(value).length;
      if (after > budget) {
        throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value of '"
          + key + "' exceeded the quota.", 'QuotaExceededError');
      }
    }
    return setItem.call(this, key, value);
  };
})();"""

STORAGE_OFF = """(() => {
  if (sessionStorage.getItem('test-storage-off') !== '1') return;
  const kept = window.localStorage;
  Object.defineProperty(window, 'testKeptStorage', { value: kept });
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() { throw new DOMException("Failed to read the 'localStorage' property from 'Window': "
      + 'Access is denied for this document.', 'SecurityError'); },
  });
})();"""

STORED = "() => Object.fromEntries(Object.entries(window.testKeptStorage || localStorage))"
USED = """() => {
  let n = 0;
  for (let i = 0; i < localStorage.length; i++) {
    n += localStorage.key(i).length + localStorage.getItem(localStorage.key(i)).length;
  }
  return n;
}"""
DENIED = "() => { try { localStorage; return 'open' } catch (e) { return e.name } }"


def played(game: str, seats: tuple[Seat, ...], seed: int, count: int | None) -> GameRecord:
    """A record of random legal moves: `count` of them, or to the end when None."""
    rules = get_game(game)
    record = new_record(game, {"players": len(seats)}, seed, list(seats))
    state = replay(record)
    pick = random.Random(seed)
    while rules.legal_actions(state) and (count is None or len(record.actions) < count):
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
    return record


def stored(page: Page) -> dict[str, str]:
    """Everything in the page's localStorage (the real one, even while the page may not)."""
    return dict(page.evaluate(STORED))


def put(page: Page, entries: dict[str, str]) -> None:
    page.evaluate(
        "entries => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v) }",
        entries,
    )


def kept_all(before: dict[str, str], after: dict[str, str]) -> None:
    """Every entry there before is still there, unchanged, under its key or set aside."""
    assert len(after) >= len(before)
    lost = [key for key, text in before.items() if text not in after.values()]
    assert lost == [], f"dropped from localStorage: {lost}"


def with_rules_version(record: GameRecord, version: str) -> str:
    data = json.loads(entry_text(record, WHEN, False))
    data["record"]["rules_version"] = version
    return json.dumps(data)


def test_a_full_storage_says_so_offers_export_and_saves_again_when_room_is_made(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    page.add_init_script(QUOTA)
    open_page(page, base_url, seed=41)
    old = [played("bugs", BUGS_SEATS, seed, 40) for seed in (401, 402)]  # room for a new one
    put(page, {save_key(r): entry_text(r, WHEN + i, True) for i, r in enumerate(old)})
    page.evaluate("used => sessionStorage.setItem('test-quota', String(used))", page.evaluate(USED))
    page.reload()
    expect(page.locator("#start")).to_be_enabled()
    before = stored(page)
    set_up(page, PEOPLE)
    assert wait_for_something_to_do(page) == "play"
    play_a_move_by_clicks(page)
    status = page.locator(SAVE_STATUS)
    expect(status).to_be_visible()
    expect(status).to_have_attribute("role", "status")
    expect(status).to_contain_text(NOT_SAVED)
    with page.expect_download() as download:
        status.locator('[data-rec="export"]').click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    exported = from_json(path.read_text())
    # the game as it stood at the click (the bots may have moved on since)
    count = len(exported.actions)
    assert download.value.suggested_filename == f"bugs-{exported.seed}-{count}-moves.json"
    assert 1 <= count <= moves(page)
    assert wait_for_something_to_do(page) == "play"
    play_a_move_by_clicks(page)  # play goes on
    expect(status).to_contain_text("no longer being saved")
    kept_all(before, stored(page))
    assert stored(page) == before  # nothing added, nothing dropped

    page.click('#game [data-ui="setup"]')
    expect(status).to_be_visible()  # said on the setup screen too
    saved = page.locator("#saves .save-list li")
    expect(saved).to_have_count(2)
    saved.first.locator('[data-rec="delete"]').click()  # the person makes room
    expect(status).to_be_hidden()  # the game saved by itself at once
    after = stored(page)
    assert len(after) == 2 and save_key(exported) in after
    page.click("#resume")
    assert wait_for_something_to_do(page) == "play"
    play_a_move_by_clicks(page)
    expect(status).to_be_hidden()
    resaved = json.loads(stored(page)[save_key(exported)])["record"]["actions"]
    assert resaved[: len(exported.actions)] == list(exported.actions)


def test_storage_switched_off_still_plays_and_says_saving_is_off(page: Page, base_url: str) -> None:
    page.add_init_script(STORAGE_OFF)
    open_page(page, base_url, seed=42)
    keep = played("bugs", BUGS_SEATS, 421, 6)
    put(page, {save_key(keep): entry_text(keep, WHEN, False)})
    page.evaluate("() => sessionStorage.setItem('test-storage-off', '1')")
    page.reload()
    expect(page.locator("#start")).to_be_enabled()
    assert page.evaluate(DENIED) == "SecurityError"
    before = stored(page)
    status = page.locator(SAVE_STATUS)
    expect(status).to_have_text(SAVING_OFF)
    expect(page.locator("#saves .save-list li")).to_have_count(0)
    set_up(page, PEOPLE)
    assert wait_for_something_to_do(page) == "play"
    play_a_move_by_clicks(page)
    assert wait_for_something_to_do(page) == "play"
    play_a_move_by_clicks(page)
    expect(status).to_contain_text(SAVING_OFF)
    expect(status.locator('[data-rec="export"]')).to_be_visible()
    assert stored(page) == before


def test_corrupt_saves_are_set_aside_named_and_exportable_the_rest_resume(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    good = played("bugs", BUGS_SEATS, 51, 6)
    illegal = played("bugs", BUGS_SEATS, 52, 6)
    broken = json.loads(entry_text(illegal, WHEN + 1, False))
    broken["record"]["actions"][3] = "zz"  # move 4 is no move at all
    illegal_text = json.dumps(broken)
    wrong = json.loads(entry_text(played("bugs", BUGS_SEATS, 53, 4), WHEN, False))
    wrong["record"]["seed"] = "fifty-three"
    truncated = entry_text(played("bugs", BUGS_SEATS, 54, 6), WHEN, False)
    entries = {
        save_key(good): entry_text(good, WHEN, False),
        save_key(illegal): illegal_text,
        "bugs-table/save/bugs/53": json.dumps(wrong),
        "bugs-table/save/bugs/54": truncated[: len(truncated) // 2],
        "bugs-table/save/bugs/55": "{oops",
    }
    open_page(page, base_url, seed=5)
    put(page, entries)
    before = stored(page)
    page.reload()
    expect(page.locator("#start")).to_be_enabled()
    message = page.locator(MESSAGE)
    expect(message).to_have_attribute("role", "alert")
    for key, why in (
        ("53", "seed: must be a whole number, got str"),
        ("54", "the entry is not valid JSON"),
        ("55", "the entry is not valid JSON"),
    ):
        expect(message).to_contain_text(
            f"The saved game 'bugs-table/save/bugs/{key}' could not be read ({why}). It was set "
            f"aside, unchanged, as 'bugs-table/quarantine/bugs/{key}'"
        )
    kept_all(before, stored(page))
    assert len(stored(page)) == len(before)
    saved = page.locator("#saves .save-list li")
    expect(saved).to_have_count(2)
    aside = page.locator("#saves .aside-list li")
    expect(aside).to_have_count(3)
    expect(aside.nth(1)).to_contain_text("bugs-table/save/bugs/54: the entry is not valid JSON")
    with page.expect_download() as download:
        aside.nth(1).locator('[data-rec="export-aside"]').click()
    path = tmp_path / "aside.txt"
    download.value.save_as(path)
    assert path.read_text() == entries["bugs-table/save/bugs/54"]
    assert download.value.suggested_filename == "set-aside-bugs-54.txt"

    page.locator(f'#saves [data-rec="resume"][data-save="{save_key(illegal)}"]').click()
    expect(message).to_contain_text(
        f"The saved game '{save_key(illegal)}' could not be read (move 4: "
    )
    expect(message).to_contain_text("'bugs-table/quarantine/bugs/52'")
    expect(page.locator("#game")).to_be_hidden()
    expect(aside).to_have_count(4)
    expect(saved).to_have_count(1)
    kept_all(before, stored(page))
    saved.first.locator('[data-rec="resume"]').click()
    expect(page.locator("#game")).to_have_attribute("data-moves", str(len(good.actions)))
    assert wait_for_something_to_do(page) == "play"
    play_a_move_by_clicks(page)
    after = stored(page)
    assert len(after[save_key(good)]) > len(before[save_key(good)])  # played on and saved
    kept_all({key: text for key, text in before.items() if key != save_key(good)}, after)


def test_a_save_from_another_version_is_kept_with_the_version_named(
    page: Page, base_url: str, tmp_path: Path
) -> None:
    older_rules = played("bugspiel", SPIEL_SEATS, 61, 5)
    older_format = json.loads(entry_text(played("bugspiel", SPIEL_SEATS, 62, 5), WHEN, False))
    older_format["version"] = 0
    entries = {
        # Version 1: the rules before decisions 5, 12 and 13 were amended.
        save_key(older_rules): with_rules_version(older_rules, "1"),
        "bugs-table/save/bugspiel/62": json.dumps(older_format),
    }
    page.goto(f"{base_url}bugspiel.html?seed=6&pace=0")
    expect(page.locator("#start")).to_be_enabled()
    put(page, entries)
    before = stored(page)
    page.reload()
    expect(page.locator("#start")).to_be_enabled()
    message = page.locator(MESSAGE)
    expect(message).to_contain_text(
        "could not be read (made with rules version '1' of Bugspiel; this site plays version "
        f"'{get_game('bugspiel').rules_version}')"
    )
    expect(message).to_contain_text(
        "(it is in an older saved-game format, version 0; this site reads version 1)"
    )
    aside = page.locator("#saves .aside-list li")
    expect(aside).to_have_count(2)
    with page.expect_download() as download:
        aside.first.locator('[data-rec="export-aside"]').click()
    path = tmp_path / "older.txt"
    download.value.save_as(path)
    assert path.read_text() == entries[save_key(older_rules)]
    kept_all(before, stored(page))
    assert len(stored(page)) == len(before)

    set_up(page, [("Zoe", "human"), ("Ana", "easy")])
    expect(page.locator("#controls [data-ui=pass]")).to_be_visible()
    page.click("#controls [data-ui=pass]")
    page.wait_for_function("() => Number(document.getElementById('game').dataset.moves) >= 1")
    kept_all(before, stored(page))
    assert any(key.startswith("bugs-table/save/bugspiel/") for key in stored(page))
