"""Records in the browser: share links opened mid-game and played on, a tampered
link that leaves the page working, saved games resumed after a reload, corrupt storage set
aside, replay step by step with the log following, undo against a bot, export and import."""

from __future__ import annotations

import base64
import json
import random
import re
import zlib
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from bugs_core.bugspiel.actions import BuyBonus, BuyBug, Pass, PlayBug
from bugs_core.bugspiel.rules import spot_index
from bugs_core.link import decode_link, encode_link
from bugs_core.record import GameRecord, Seat, from_json, new_record, replay
from bugs_core.registry import get_game
from bugs_table import (
    moves,
    open_page,
    play_a_move_by_clicks,
    played,
    set_up,
    wait_for_something_to_do,
)
from bugs_web.bot_service import choose_move
from bugs_web.games.bugs.session import Session
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.record_bar import undo_plan
from bugs_web.saves import entry_text, save_key
from bugs_web.table import bot_seed

BUGS_SEATS = (Seat("You"), Seat("Ana", "easy"), Seat("Bo", "easy"))
SPIEL_SEATS = (Seat("You"), Seat("Ana", "easy"))
GAME = "#game"


def finished(seed: int) -> GameRecord:
    """A whole game of Bugspiel, random moves to the end."""
    rules = get_game("bugspiel")
    record = new_record("bugspiel", {"players": 2}, seed, list(SPIEL_SEATS))
    state = replay(record)
    pick = random.Random(seed)
    while rules.legal_actions(state):
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
    return record


def newer_version(link: str) -> str:
    """The same link claiming a link format this site does not know yet."""
    data = bytearray(base64.urlsafe_b64decode(link + "=" * (-len(link) % 4)))
    data[0] = 9
    data[-4:] = zlib.crc32(bytes(data[:-4])).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


def open_link(page: Page, base_url: str, path: str, record: GameRecord) -> None:
    page.goto(f"{base_url}{path}?pace=0#g={encode_link(record)}")
    expect(page.locator(GAME)).to_be_visible()
    expect(page.locator(GAME)).to_have_attribute("data-moves", str(len(record.actions)))


def log_count(page: Page, count: int) -> None:
    expect(page.locator("#log li")).to_have_count(count)


def bar(page: Page, name: str) -> Any:
    return page.locator(f'#record-bar [data-rec="{name}"]')


def spiel_my_turn(page: Page) -> None:
    """Wait until the person may move on the Bugspiel page."""
    expect(page.locator("#controls [data-ui=pass]")).to_be_visible()
    expect(page.locator(GAME)).to_have_attribute("data-thinking", "false")


# -- share links ---------------------------------------------------------------------------


def test_a_shared_bugs_link_opens_mid_game_and_plays_on(page: Page, base_url: str) -> None:
    record = played("bugs", BUGS_SEATS, seed=5, at_least=10, cls=Session)
    open_link(page, base_url, "bugs.html", record)
    log_count(page, len(record.actions) + 1)
    last = Session.replay_steps(record)[-1]
    expect(page.locator("#log li").last).to_have_text(last.log[-1])
    assert "#" not in page.url, "the link leaves the address once opened"
    expect(page.locator("#turn-status")).to_contain_text("our")
    play_a_move_by_clicks(page)
    assert moves(page) > len(record.actions)


def test_a_shared_bugspiel_link_round_trips_through_share_and_plays_on(
    page: Page, base_url: str
) -> None:
    record, mine, _keep = undo_scenario()  # after the bug and the bot's reply, the person moves
    open_link(page, base_url, "bugspiel.html", record)
    log_count(page, len(record.actions) + 1)
    assert from_json(str(page.locator(GAME).get_attribute("data-record"))) == record
    spiel_my_turn(page)
    play_by_clicks(page, record, mine)
    expect(page.locator(GAME)).to_have_attribute("data-moves", str(len(record.actions) + 2))
    spiel_my_turn(page)
    now = from_json(str(page.locator(GAME).get_attribute("data-record")))

    bar(page, "share").click()
    box = page.locator("#share-box")
    expect(box).to_be_visible()
    expect(box.locator(".share-note")).to_contain_text("order of the decks")
    url = page.locator("#share-url").input_value()
    assert url.startswith(f"{base_url}bugspiel.html?pace=0#g=")
    assert decode_link(url.partition("#g=")[2]) == now
    box.locator('[data-rec="copy"]').click()
    expect(page.locator("#share-status")).not_to_be_empty()

    page.goto(f"{base_url}bugspiel.html?pace=0#g={encode_link(record)}")  # same page: hashchange
    expect(page.locator(GAME)).to_have_attribute("data-moves", str(len(record.actions)))
    page.goto(url)
    expect(page.locator(GAME)).to_have_attribute("data-moves", str(len(now.actions)))


def test_a_bugs_share_warns_about_hands(page: Page, base_url: str) -> None:
    record = played("bugs", BUGS_SEATS, seed=6, at_least=4, cls=Session)
    open_link(page, base_url, "bugs.html", record)
    bar(page, "share").click()
    expect(page.locator("#share-box .share-note")).to_have_text(
        "This link contains every player's hand: whoever opens it can see them."
    )


def test_a_tampered_link_says_so_and_the_page_still_works(page: Page, base_url: str) -> None:
    link = encode_link(played("bugs", BUGS_SEATS, seed=5, at_least=10, cls=Session))
    middle = len(link) // 2
    tampered = link[:middle] + ("B" if link[middle] == "A" else "A") + link[middle + 1 :]
    page.goto(f"{base_url}bugs.html?seed=4&pace=0#g={tampered}")
    expect(page.locator("#start")).to_be_enabled()
    message = page.locator("#record-message")
    expect(message).to_contain_text("This game link cannot be opened: the link is damaged")
    expect(page.locator(GAME)).to_be_hidden()
    page.goto(f"{base_url}bugs.html?seed=4&pace=0#g={link[:25]}")  # cut short
    expect(message).to_contain_text("This game link cannot be opened")
    page.goto(f"{base_url}bugs.html?seed=4&pace=0#g=%%%")
    expect(message).to_contain_text("cannot be opened")
    page.goto(f"{base_url}bugs.html?seed=4&pace=0#g={'A' * 20_000}")
    expect(message).to_contain_text("the link is too long")
    page.goto(f"{base_url}bugs.html?seed=4&pace=0#g={newer_version(link)}")
    expect(message).to_contain_text("it may be from a newer Bugs Table")
    expect(page.locator(GAME)).to_be_hidden()
    set_up(page, [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy")])
    assert wait_for_something_to_do(page) == "play"
    play_a_move_by_clicks(page)


# -- saves -----------------------------------------------------------------------------------


def test_a_reload_offers_the_saved_game_and_resumes_it(page: Page, base_url: str) -> None:
    open_page(page, base_url, seed=31)
    set_up(page, [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy")])
    for _ in range(2):
        assert wait_for_something_to_do(page) == "play"
        play_a_move_by_clicks(page)
    assert wait_for_something_to_do(page) == "play"
    made = moves(page)
    page.reload()
    expect(page.locator("#start")).to_be_enabled()
    saved = page.locator("#saves .save-list li")
    expect(saved).to_have_count(1)
    listed = f"Bugs: Zoe, Ana (bot, easy), Bo (bot, easy) · {made} moves"
    expect(saved.first).to_contain_text(listed)
    saved.first.locator('[data-rec="resume"]').click()
    expect(page.locator(GAME)).to_have_attribute("data-moves", str(made))
    assert wait_for_something_to_do(page) == "play"
    play_a_move_by_clicks(page)
    page.click('#game [data-ui="setup"]')
    page.locator('#saves [data-rec="delete"]').first.click()
    expect(saved).to_have_count(0)


def test_corrupt_storage_is_set_aside_with_a_message(page: Page, base_url: str) -> None:
    good = played("bugs", BUGS_SEATS, seed=9, at_least=6, cls=Session)
    open_page(page, base_url, seed=3)
    entries = {
        save_key(good): entry_text(good, 1_700_000_000_000, False),
        "bugs-table/save/bugs/77": "{oops",
        "bugs-table/save/bugs/78": json.dumps({"format": "bugs-table/save", "version": 1}),
    }
    page.evaluate(
        "entries => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v) }",
        entries,
    )
    page.reload()
    expect(page.locator("#start")).to_be_enabled()
    message = page.locator("#record-message")
    expect(message).to_contain_text("could not be read")
    expect(message).to_contain_text("set aside")
    stored = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    assert stored["bugs-table/quarantine/bugs/77"] == "{oops"
    assert "bugs-table/quarantine/bugs/78" in stored
    assert "bugs-table/save/bugs/77" not in stored and "bugs-table/save/bugs/78" not in stored
    saved = page.locator("#saves .save-list li")
    expect(saved).to_have_count(1)
    saved.first.locator('[data-rec="resume"]').click()
    expect(page.locator(GAME)).to_have_attribute("data-moves", str(len(good.actions)))
    page.click('#game [data-ui="setup"]')
    set_up(page, [("Zoe", "human"), ("Ana", "easy"), ("Bo", "easy")])
    assert wait_for_something_to_do(page) == "play"


# -- replay and undo -------------------------------------------------------------------------


def test_replay_steps_through_a_game_with_the_log_following(page: Page, base_url: str) -> None:
    record = played("bugspiel", SPIEL_SEATS, seed=7, at_least=8, cls=SpielSession)
    steps = SpielSession.replay_steps(record)
    total = len(record.actions)
    open_link(page, base_url, "bugspiel.html", record)
    spiel_my_turn(page)
    game = page.locator(GAME)

    bar(page, "first").click()
    expect(game).to_have_attribute("data-rec-step", "0")
    log_count(page, 1)
    expect(page.locator("#controls")).to_be_empty()  # read-only
    expect(page.locator("#turn-status")).to_have_text(re.compile(r"^Replay of move 0 of "))
    expect(page.locator("#record-bar .replay-at")).to_have_text(
        f"Replay: move 0 of {total}, read-only"
    )
    bar(page, "forward").click()
    bar(page, "forward").click()
    expect(game).to_have_attribute("data-rec-step", "2")
    log_count(page, 3)
    expect(page.locator("#log li").last).to_have_text(steps[2].log[-1])
    bar(page, "back").click()
    expect(game).to_have_attribute("data-rec-step", "1")
    log_count(page, 2)
    page.keyboard.press("ArrowRight")  # the focus is on the bar's button
    expect(game).to_have_attribute("data-rec-step", "2")
    page.keyboard.press("Home")
    expect(game).to_have_attribute("data-rec-step", "0")
    page.locator("#table").click()  # nothing on the table answers during a replay
    expect(game).to_have_attribute("data-rec-step", "0")
    page.keyboard.press("End")
    expect(game).to_have_attribute("data-rec-step", "")
    log_count(page, total + 1)
    spiel_my_turn(page)
    expect(game).to_have_attribute("data-moves", str(total))
    bar(page, "back").focus()  # live, the keys step while the bar has focus
    page.keyboard.press("ArrowLeft")
    expect(game).to_have_attribute("data-rec-step", str(total - 1))
    bar(page, "last").click()
    expect(game).to_have_attribute("data-rec-step", "")
    spiel_my_turn(page)


def test_a_finished_game_replays_from_its_end_panel(page: Page, base_url: str) -> None:
    record = finished(seed=4)
    open_link(page, base_url, "bugspiel.html", record)
    dialog = page.locator("#dialog")
    expect(dialog).to_be_visible()
    dialog.locator('[data-rec="first"]').click()
    expect(dialog).to_be_hidden()
    expect(page.locator(GAME)).to_have_attribute("data-rec-step", "0")
    log_count(page, 1)
    expect(bar(page, "forward")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator(GAME)).to_have_attribute("data-rec-step", "1")
    page.keyboard.press("End")
    expect(dialog).to_be_visible()
    log_count(page, len(record.actions) + 1)


def undo_scenario() -> tuple[GameRecord, PlayBug, int]:
    """A Bugspiel record at the person's turn where a bug from the person's hand (a move that
    reveals nothing, unlike a pass: the markets slide and refill) and the easy bot's reply (the
    worker's own answer, same seed) can be undone; the bug play, and the number of moves undo
    keeps."""
    rules = get_game("bugspiel")
    for seed in range(1, 60):
        record = played("bugspiel", SPIEL_SEATS, seed=seed, at_least=4, cls=SpielSession)
        state = replay(record)
        bugs = [a for a in rules.legal_actions(state) if isinstance(a, PlayBug) and a.turn == 0]
        if not bugs:
            continue
        mine = bugs[0]
        after = record.with_action(mine)
        request = {
            "record": after.to_dict(),
            "seat": 1,
            "level": "easy",
            "seed": bot_seed(after.seed, len(after.actions)),
        }
        reply = json.loads(choose_move(json.dumps(request)))
        if "action" not in reply or reply["action"].startswith(("buy", "pass")):
            continue
        action = rules.parse_action(reply["action"])
        if isinstance(action, BuyBug | BuyBonus | Pass):
            continue
        both = after.with_action(action)
        plan = undo_plan(both)
        if plan.keep == len(record.actions) and SpielSession.replay_steps(both)[-1].my_turn():
            return record, mine, plan.keep
    raise AssertionError("no seed gives an undoable reply")


def play_by_clicks(page: Page, record: GameRecord, bug: PlayBug) -> None:
    """The person plays `bug` (its tile left as it is) by clicks: the card, its space, confirm."""
    game = page.locator(GAME)
    page.click(f'#table [data-hand-bug="{bug.card}"]')
    expect(game).to_have_attribute("data-pick", f"bug:{bug.card}")
    page.click(f'#table [data-space="{spot_index(replay(record).board, bug.to)}"]')
    expect(game).to_have_attribute("data-pending", str(bug))
    page.click("#controls [data-ui=confirm]")


def test_undo_against_a_bot(page: Page, base_url: str) -> None:
    record, mine, keep = undo_scenario()
    open_link(page, base_url, "bugspiel.html", record)
    spiel_my_turn(page)
    game = page.locator(GAME)
    play_by_clicks(page, record, mine)
    expect(game).to_have_attribute("data-moves", str(len(record.actions) + 2))
    spiel_my_turn(page)
    undo = bar(page, "undo")
    expect(undo).to_be_enabled()
    undo.click()
    expect(game).to_have_attribute("data-moves", str(keep))
    log_count(page, keep + 1)
    spiel_my_turn(page)
    assert from_json(str(game.get_attribute("data-record"))) == record


def test_undo_is_disabled_with_a_reason_before_any_move(page: Page, base_url: str) -> None:
    open_page(page, base_url, seed=12, path="bugspiel.html")
    set_up(page, [("You", "human"), ("Ana", "easy")])
    spiel_my_turn(page)
    expect(bar(page, "undo")).to_be_disabled()
    expect(page.locator("#undo-why")).to_have_text("Nothing to undo yet: you have not moved.")


# -- export and import ---------------------------------------------------------------------


def test_export_then_import_the_record_file(page: Page, base_url: str, tmp_path: Path) -> None:
    record = played("bugspiel", SPIEL_SEATS, seed=8, at_least=6, cls=SpielSession)
    open_link(page, base_url, "bugspiel.html", record)
    with page.expect_download() as download:
        bar(page, "export").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == f"bugspiel-{record.seed}-{len(record.actions)}-moves.json"
    assert from_json(saved.read_text()) == record

    other = played("bugs", BUGS_SEATS, seed=5, at_least=3, cls=Session)
    page.goto(f"{base_url}bugspiel.html?pace=0")
    expect(page.locator("#start")).to_be_enabled()
    wrong = tmp_path / "bugs.json"
    wrong.write_text(other.to_json())
    page.set_input_files("#import-file", files=[str(wrong)])
    expect(page.locator("#record-message")).to_contain_text(
        "The file bugs.json cannot be imported: this is a record of Bugs"
    )
    page.set_input_files("#import-file", files=[str(saved)])
    expect(page.locator(GAME)).to_have_attribute("data-moves", str(len(record.actions)))
    expect(page.locator("#record-message")).to_be_hidden()


def test_a_bag_of_bugs_link_opens_replays_and_plays_on(page: Page, base_url: str) -> None:
    seats = (Seat("You"), Seat("Ana", "easy"), Seat("Bo", "easy"))
    rules = get_game("bag-of-bugs")
    record = new_record("bag-of-bugs", {"players": 3}, 13, list(seats))
    state = replay(record)
    pick = random.Random(13)
    while len(record.actions) < 12:
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
    page.goto(f"{base_url}bag-of-bugs.html?pace=0#g={encode_link(record)}")
    game = page.locator(GAME)
    expect(game).to_be_visible()
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) >= {len(record.actions)}"
    )
    bar(page, "first").click()
    expect(game).to_have_attribute("data-rec-step", "0")
    log_count(page, 1)
    expect(page.locator("#grab-rows")).to_be_empty()  # read-only: no Grab buttons
    frozen = page.locator("#record-bar .replay-at").inner_text()
    page.keyboard.press("ArrowRight")
    expect(game).to_have_attribute("data-rec-step", "1")
    assert page.locator("#record-bar .replay-at").inner_text() != frozen
    live_moves = int(frozen.split(" of ")[1].split(",")[0])
    page.keyboard.press("End")
    expect(game).to_have_attribute("data-rec-step", "")
    page.wait_for_function(  # the clock runs again: the game moves on
        f"() => Number(document.getElementById('game').dataset.moves) > {live_moves}"
    )


def test_a_replay_at_a_table_of_several_people_shows_no_hand(page: Page, base_url: str) -> None:
    seats = (Seat("Ana"), Seat("Bo"), Seat("Cy", "easy"))
    rules = get_game("bugs")
    record = new_record("bugs", {"players": 3}, 8, list(seats))
    state = replay(record)
    pick = random.Random(8)
    while len(record.actions) < 9:
        action = pick.choice(rules.legal_actions(state))
        record = record.with_action(action)
        state = rules.apply(state, action)
    open_link(page, base_url, "bugs.html", record)
    if page.locator("#dialog [data-ui=take]").count():
        page.click("#dialog [data-ui=take]")  # the person to act holds the device
    expect(page.locator("#table [data-copy]").first).to_be_visible()
    for step in ("first", "forward", "forward"):
        bar(page, step).click()
        expect(page.locator("#table svg")).to_be_visible()
        assert page.locator("#table [data-copy]").count() == 0
