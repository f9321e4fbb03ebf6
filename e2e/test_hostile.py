"""Hostile names in a real browser: names that try to be markup, script, a script URL,
to reorder the page, to be very long or unprintable come in through the setup form, a share
link, an imported record file and the embed page's address. Nothing they hold runs (the
payloads would set window.__pwned or open a dialog), the page logs no error and violates none
of its policy, every name shows as the text it is, the table still takes a move, and the host
of an embedded game hears the names as plain data.

Run with -s to see what each page showed for each name."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Dialog, Page, expect

from bugs_core.link import encode_link
from bugs_core.record import MAX_NAME, GameRecord, Seat
from bugs_table import (
    moves,
    open_page,
    play_a_move_by_clicks,
    played,
    set_up,
    wait_for_something_to_do,
)
from bugs_web.games.bugs.session import Session
from bugs_web.games.bugspiel.session import SpielSession
from bugs_web.seats import plain_name, shown_name
from site_checks import BrowserGuard

TRAP = """
window.__pwned = 0;  // a payload that runs sets it (or opens a dialog, which the test hears)
"""
"""An init script for every frame, before the page's own scripts."""

INJECTED = """() => document.querySelectorAll(
  '[onerror], [onload], [onmouseover], #game img, #game script, #game iframe, svg script,'
  + ' svg foreignObject, #game a[href^="javascript"], #log *:not(li):not(bdi)').length"""
"""Elements a name would have made had it been taken for markup."""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def dialogs(page: Page) -> Iterator[list[str]]:
    """Every alert, confirm or prompt a page opens (dismissed at once), and the trap set."""
    opened: list[str] = []

    def heard(dialog: Dialog) -> None:
        opened.append(dialog.message)
        dialog.dismiss()

    page.context.add_init_script(TRAP)
    page.on("dialog", heard)
    yield opened


@pytest.fixture
def host(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A second static server on its own port: another origin that embeds the site."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", tmp_path
    finally:
        server.shutdown()
        server.server_close()


def nothing_ran(page: Page, opened: list[str]) -> None:
    """No payload ran in any frame, no dialog opened, no name became an element."""
    for frame in page.frames:
        assert frame.evaluate("() => window.__pwned") == 0, frame.url
    assert opened == []
    assert page.evaluate(INJECTED) == 0


def shows(page: Page, names: list[str], where: str = "#game") -> None:
    """Each name shows as text: in full in the page's text (a drawing cuts a long one short
    and keeps the whole in a title); prints what the table drew for it."""
    text = page.locator(where).text_content() or ""
    for name in names:
        assert shown_name(name) in text, f"{name!r} is not shown as text"
    seats = page.locator("#table [data-seat] text").all_text_contents()
    print(f"\n{page.url.split('?')[0].rsplit('/', 1)[-1]}: seat texts {seats[:24]}")
    print(f"  first log line: {page.locator('#log li').all_text_contents()[:1]}")


def played_to_my_turn(game: str, seats: list[Seat], seed: int, at_least: int) -> GameRecord:
    """Random legal moves, at least `at_least`, up to where the person (seat 0) is to move."""
    cls: Any = {"bugs": Session, "bugspiel": SpielSession}[game]
    return played(game, tuple(seats), seed, at_least, cls)


def spiel_pass(page: Page) -> None:
    """The person passes on the Bugspiel page (the table took a move)."""
    expect(page.locator("#controls [data-ui=pass]")).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-thinking", "false")
    before = moves(page)
    page.click("#controls [data-ui=pass]")
    page.wait_for_function(
        f"() => Number(document.getElementById('game').dataset.moves) > {before}"
    )


BUGS_FORM = [
    ('<img src=x onerror="window.__pwned=1">', "human"),
    ('"><script>window.__pwned=2</script>', "easy"),
    ("javascript:alert(1)", "easy"),
    ("\u202eevil\u202c gnp.exe", "easy"),
    ("👨\u200d👩\u200d👧\u200d👦 \u05e9\u05dc\u05d5\u05dd", "easy"),
    ("W" * 4000, "easy"),
]
SPIEL_FORM = [
    ("</svg><svg onload=alert(1)>", "human"),
    ("&amp; &lt;b&gt; &#60;i&#62;", "easy"),
    ("O'Brien' onmouseover='alert(1)", "easy"),
    ("${alert(1)} {{7*7}} %s", "easy"),
]


def test_hostile_names_typed_into_the_setup_forms(
    page: Page, base_url: str, dialogs: list[str]
) -> None:
    open_page(page, base_url, seed=11)
    set_up(page, BUGS_FORM)
    expected = [name[:MAX_NAME] for name, _ in BUGS_FORM]  # the form keeps 40 characters
    wait_for_something_to_do(page)
    shows(page, expected)
    play_a_move_by_clicks(page)
    nothing_ran(page, dialogs)

    open_page(page, base_url, seed=12, path="bugspiel.html")
    set_up(page, SPIEL_FORM)
    spiel_pass(page)
    shows(page, [name for name, _ in SPIEL_FORM])
    nothing_ran(page, dialogs)


LINK_SEATS = [
    Seat("nul\x00 bell\x07 esc\x1b[31m tab\tend"),
    Seat("]]><!-- --> <![CDATA[x]]>", "easy"),
    Seat("\u2069\u202e closes an isolate", "easy"),
    Seat("'\"><img src=x onerror=alert(1)>", "easy"),
]


def test_hostile_names_in_a_share_link(page: Page, base_url: str, dialogs: list[str]) -> None:
    record = played_to_my_turn("bugs", LINK_SEATS, seed=5, at_least=6)
    page.goto(f"{base_url}bugs.html?pace=0#g={encode_link(record)}")
    expect(page.locator("#game")).to_have_attribute("data-moves", str(len(record.actions)))
    shows(page, [s.name for s in LINK_SEATS])
    play_a_move_by_clicks(page)
    assert moves(page) > len(record.actions)
    nothing_ran(page, dialogs)


def test_hostile_names_in_an_imported_record(
    page: Page, base_url: str, dialogs: list[str], tmp_path: Path
) -> None:
    seats = [Seat("<script>window.__pwned=3</script>"), Seat("javascript:alert(1)//", "easy")]
    record = played_to_my_turn("bugspiel", seats, seed=9, at_least=4)
    saved = tmp_path / "hostile.json"
    saved.write_text(record.to_json(), encoding="utf-8")
    page.goto(f"{base_url}bugspiel.html?pace=0")
    expect(page.locator("#start")).to_be_enabled()
    page.set_input_files("#import-file", files=[str(saved)])
    expect(page.locator("#game")).to_have_attribute("data-moves", str(len(record.actions)))
    shows(page, [s.name for s in seats])
    spiel_pass(page)
    nothing_ran(page, dialogs)
    # the saved-games list names them as text too
    page.goto(f"{base_url}bugspiel.html?pace=0")
    expect(page.locator("#saves li").first).to_be_visible()
    shows(page, [s.name for s in seats], where="#saves")
    nothing_ran(page, dialogs)


EMBED_HOST = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A host</title><link rel="icon" href="data:,">
<script src="{site}embed.js" defer></script></head>
<body><iframe id="game" src="{src}" data-bugs-table width="100%" height="300"
 title="An embedded game"></iframe>
<script>
  window.heard = [];
  for (const type of ["ready", "move", "end", "error"]) {{
    document.getElementById("game").addEventListener(`bugs-table:${{type}}`,
      (event) => window.heard.push(event.detail));
  }}
</script></body></html>
"""

EMBED_NAMES = [
    '<img src=x onerror="window.__pwned=1">',
    "javascript:alert(1)",
    "\u202eevil\u202c \u05e9\u05dc\u05d5\u05dd 👨\u200d👩\u200d👧",
    "a\x00b\x07c",
]


def test_hostile_names_in_the_embed_parameters(
    page: Page,
    base_url: str,
    host: tuple[str, Path],
    browser_guard: BrowserGuard,
    dialogs: list[str],
) -> None:
    host_url, folder = host
    seats = ",".join(f"{quote(name, safe='')}:easy" for name in EMBED_NAMES)
    src = f"{base_url}embed.html?game=bugs&seats={seats}&pace=0&seed=3"
    (folder / "host.html").write_text(EMBED_HOST.format(site=base_url, src=src), "utf-8")
    browser_guard.only_site(base_url, f"{host_url}host.html")
    browser_guard.watch_without_routing(page.context)  # routing stalls a worker in a frame
    page.goto(f"{host_url}host.html")
    page.wait_for_function(
        "() => window.heard.filter(e => e.type === 'move').length >= 3", timeout=120_000
    )
    expected = [" ".join(plain_name(name).split()) for name in EMBED_NAMES]
    heard: list[dict[str, Any]] = page.evaluate("() => window.heard")
    ready = next(e for e in heard if e["type"] == "ready")
    assert [p["name"] for p in ready["players"]] == expected  # the names, as plain data
    for move in (e for e in heard if e["type"] == "move"):
        assert move["player"] in expected and isinstance(move["sentence"], str)
    frame = page.frame_locator("#game")
    text = frame.locator("#game").text_content() or ""
    for name in expected:
        assert shown_name(name) in text
    print(f"\nembed: host heard players {[p['name'] for p in ready['players']]}")
    print(f"  first move sentence: {next(e for e in heard if e['type'] == 'move')['sentence']!r}")
    nothing_ran(page, dialogs)
    for child in page.frames[1:]:
        assert child.evaluate(INJECTED) == 0


PROVOKE = """() => {
  const inline = document.createElement("script");
  inline.textContent = "window.__pwned = 9";  // an inline script: the policy blocks it
  document.body.append(inline);
}"""


def test_the_guard_hears_policy_violations_in_the_page_and_a_frame(
    page: Page, base_url: str, browser_guard: BrowserGuard, dialogs: list[str]
) -> None:
    page.goto(f"{base_url}embedding.html")
    expect(page.locator("#event-log li[data-type=ready]")).to_have_count(1)
    page.evaluate(PROVOKE)
    page.frames[1].evaluate(PROVOKE)
    expect(page.locator("#event-log li[data-type=ready]")).to_have_count(1)
    heard = list(browser_guard.violations)
    assert any(v.startswith("script-src-elem") and "embedding.html" in v for v in heard), heard
    assert any(v.startswith("script-src-elem") and "embed=1" in v for v in heard), heard
    nothing_ran(page, dialogs)
    browser_guard.violations.clear()  # provoked on purpose: the checks above heard them
    browser_guard.expect_errors()


FETCH_ELSEWHERE = """() => {
  // connect-src 'self': the policy blocks a request to any other origin, in a worker too
  fetch("http://127.0.0.2:9/leak").catch(() => null);
  return true;
}"""


def test_the_guard_hears_policy_violations_in_the_bot_worker(
    page: Page, base_url: str, browser_guard: BrowserGuard
) -> None:
    page.goto(f"{base_url}bugs.html?seed=4&pace=0")
    expect(page.locator("#start")).to_be_enabled()
    page.select_option("#players", "3")
    for seat, kind in enumerate(["easy", "easy", "human"]):
        page.select_option(f"#kind-{seat}", kind)
    with page.expect_worker(lambda w: w.url.startswith("blob:")) as started:
        page.click("#start")
    expect(page.locator("#controls [data-action]").first).to_be_visible()
    assert int(page.locator("#game").get_attribute("data-moves") or 0) > 0, "the bots moved"
    # the worker is up and has answered: only now is anything evaluated in it
    started.value.evaluate(FETCH_ELSEWHERE)
    for _ in range(100):
        if browser_guard.violations:
            break
        page.wait_for_timeout(100)
    heard = list(browser_guard.violations)
    assert any(v.startswith("connect-src blocked http://127.0.0.2:9/leak") for v in heard), heard
    browser_guard.violations.clear()  # provoked on purpose: the checks above heard them
    browser_guard.foreign.clear()  # the blocked request never left, but the router saw it
    browser_guard.expect_errors()
