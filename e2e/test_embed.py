"""Embedding: a host page on another origin (a second server on another port of 127.0.0.1)
frames embed.html, bots play a whole game in the frame, and the host hears the moves, the end
with scores, and the height; a replay frame shows a shared game read-only; a wrong parameter is
named in the frame; the documentation page's live example reports to its log."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, FrameLocator, Page, expect

from bugs_core.link import encode_link
from bugs_core.record import GameRecord, Seat, new_record
from bugs_core.registry import get_game
from bugs_core.rng import Rng
from bugs_table import GAME_TIMEOUT_MS
from site_checks import BrowserGuard

HOST_PAGE = (Path(__file__).parent / "embed_host.html").read_text(encoding="utf-8")
"""Somebody else's page that frames the game and keeps every event it hears in `window.heard`;
`{site}` and `{src}` are filled in with `host_page` (the Firefox suite reads the same file)."""


def host_page(site: str, src: str) -> str:
    """The host page for the site at `site`, framing `src`."""
    return HOST_PAGE.replace("{site}", site).replace("{src}", src)


FORGED_MESSAGE = """() => new Promise((done) => {
  addEventListener("message", function marker(event) {
    if (event.data !== "marker") return;
    removeEventListener("message", marker);
    done();  // messages arrive in order: embed.js has seen the forged one by now
  });
  window.postMessage({source: "bugs-table", type: "end", scores: [0, 0]}, "*");
  window.postMessage("marker", "*");
})"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def host(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A second static server, on its own port: the other origin that embeds the site."""
    yield from second_server(tmp_path, "127.0.0.1")


@pytest.fixture
def other_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """The same, named localhost: another site than 127.0.0.1's, so its frame is a third
    party's, as an embed on somebody's blog is."""
    yield from second_server(tmp_path, "localhost")


def second_server(folder: Path, name: str) -> Iterator[tuple[str, Path]]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{name}:{server.server_address[1]}/", folder
    finally:
        server.shutdown()
        server.server_close()


def open_host(
    page: Page,
    guard: BrowserGuard,
    host: tuple[str, Path],
    site: str,
    query: str,
    *,
    bots_move: bool = False,
) -> FrameLocator:
    """Serve a host page framing `embed.html?query` from the second origin and open it; only
    that page may be fetched from the second origin. With `bots_move`, the guard watches the
    requests instead of routing them (routing stalls a web worker inside a frame)."""
    host_url, folder = host
    assert host_url != site
    (folder / "host.html").write_text(
        host_page(site, f"{site}embed.html?{query}"), encoding="utf-8"
    )
    guard.only_site(site, f"{host_url}host.html")
    if bots_move:
        guard.watch_without_routing(page.context)
    page.goto(f"{host_url}host.html")
    return page.frame_locator("#game")


def heard(page: Page, kind: str) -> list[dict[str, Any]]:
    """The events of this type the host page heard, in order."""
    events: list[dict[str, Any]] = page.evaluate(
        "kind => window.heard.filter(e => e.type === kind)", kind
    )
    return events


def wait_to_hear(page: Page, kind: str, timeout: float = 60_000) -> None:
    page.wait_for_function(
        "kind => window.heard.some(e => e.type === kind)", arg=kind, timeout=timeout
    )


def test_bots_play_in_a_frame_on_another_origin_and_the_host_hears_it(
    page: Page, base_url: str, host: tuple[str, Path], browser_guard: BrowserGuard
) -> None:
    frame = open_host(
        page,
        browser_guard,
        host,
        base_url,
        "game=bugspiel&seats=Rex:easy,easy&pace=0&seed=7&target=30"
        f"&origin={host[0].rstrip('/')}",  # posts to the host's origin only
        bots_move=True,
    )
    wait_to_hear(page, "ready")
    expect(frame.locator("#game")).to_be_visible()
    expect(frame.locator("#setup")).to_be_hidden()
    expect(frame.locator(".topbar")).to_be_hidden()
    wait_to_hear(page, "end", timeout=GAME_TIMEOUT_MS)

    ready = heard(page, "ready")
    assert len(ready) == 1
    assert ready[0]["players"] == [
        {"name": "Rex", "kind": "easy"},
        {"name": "Ana", "kind": "easy"},
    ]
    moves = heard(page, "move")
    assert [m["move_number"] for m in moves] == list(range(1, len(moves) + 1))
    assert all(m["source"] == "bugs-table" and m["game"] == "bugspiel" for m in moves)
    assert all(m["player"] in ("Rex", "Ana") and m["sentence"] for m in moves)
    (end,) = heard(page, "end")
    assert end["move_number"] == len(moves)
    assert len(end["scores"]) == 2 and all(isinstance(s, int) for s in end["scores"])
    assert end["winners"] and set(end["winner_names"]) <= {"Rex", "Ana"}
    expect(frame.locator("#game")).to_have_attribute("data-moves", str(len(moves)))

    # embed.js sized the frame from the frame's last "resize"
    last = heard(page, "resize")[-1]["height"]
    page.wait_for_function(
        "() => { const h = window.heard.filter(e => e.type === 'resize').at(-1).height;"
        " return document.getElementById('game').style.height === `${h}px`; }"
    )
    assert last > 300, "the game is taller than the frame's first height"

    # a message that does not come from the frame's window is not passed on
    page.evaluate(FORGED_MESSAGE)
    assert len(heard(page, "end")) == 1

    second_origin = [u for u in browser_guard.requests if u.startswith(host[0])]
    assert second_origin == [f"{host[0]}host.html"]


def test_a_frame_on_another_site_starts_where_third_party_storage_is_blocked(
    page: Page, base_url: str, other_site: tuple[str, Path], browser_guard: BrowserGuard
) -> None:
    """A frame on another site, in a browser that blocks third-party storage (a new Chromium
    context, as every incognito window, blocks third-party cookies and the frame's storage
    with them): PyScript's IndexedDB store, on the page and in the bot worker, gets a memory
    one (public/python.mjs), so Python starts, the bots play in their worker and the game ends.
    Before, the frame said "Python could not start"."""
    warnings: list[str] = []

    def heard_warning(message: ConsoleMessage) -> None:
        if message.type == "warning":
            warnings.append(message.text)

    page.on("console", heard_warning)
    open_host(
        page,
        browser_guard,
        other_site,
        base_url,
        "game=bugspiel&seats=Rex:easy,easy&pace=0&seed=7&target=30",
        bots_move=True,
    )
    wait_to_hear(page, "ready")
    framed = next(f for f in page.frames if f.url.startswith(base_url))
    assert framed.evaluate(STORAGE_BLOCKED), "the frame's storage should be blocked here"
    wait_to_hear(page, "end", timeout=GAME_TIMEOUT_MS)
    assert [w for w in warnings if "bot" in w] == []  # no bots thinking on the page instead


STORAGE_BLOCKED = "() => { try { return !window.localStorage; } catch { return true; } }"
"""Whether the frame's site data is off: reading localStorage throws (SecurityError)."""


def finished_game(seed: int = 4) -> GameRecord:
    """A short whole game of Bugspiel by random moves, to share."""
    seats = [Seat("Zoe", "human"), Seat("Ana", "hard")]
    record = new_record("bugspiel", {"players": 2, "target_score": 20}, seed, seats)
    game = get_game("bugspiel")
    state = game.initial_state(game.make_setup(record.setup), Rng(seed))
    pick = random.Random(seed)
    while not game.is_terminal(state):
        action = pick.choice(game.legal_actions(state))
        record = record.with_action(action)
        state = game.apply(state, action)
    return record


def test_a_replay_frame_shows_a_shared_game_and_takes_no_moves(
    page: Page, base_url: str, host: tuple[str, Path], browser_guard: BrowserGuard
) -> None:
    record = finished_game()
    total = len(record.actions)
    link = encode_link(record)
    frame = open_host(page, browser_guard, host, base_url, f"game=bugspiel&record={link}")
    status = frame.locator("#replay-status")
    expect(status).to_have_text(f"Replay: move {total} of {total}")
    game = frame.locator("#game")
    expect(game).to_have_attribute("data-moves", str(total))
    expect(game).to_have_attribute("inert", "")
    expect(frame.locator("#controls")).to_be_hidden()
    expect(frame.locator("#dialog")).to_contain_text("Zoe")  # the game's end, in the flow
    expect(frame.locator("#dialog button:visible")).to_have_count(0)
    expect(frame.locator("#table > svg")).to_be_visible()

    frame.locator("[data-replay=first]").click()
    expect(status).to_have_text(f"Replay: move 0 of {total}")
    expect(game).to_have_attribute("data-moves", "0")
    expect(frame.locator("[data-replay=back]")).to_be_disabled()
    frame.locator("[data-replay=next]").click()
    expect(game).to_have_attribute("data-moves", "1")
    frame.locator("[data-replay=last]").click()
    expect(game).to_have_attribute("data-moves", str(total))

    (ready,) = heard(page, "ready")
    assert ready["mode"] == "replay" and ready["moves"] == total
    assert heard(page, "move") == []  # a replay makes no moves
    (end,) = heard(page, "end")
    assert len(end["scores"]) == 2
    assert json.dumps(end)  # plain data


def test_a_wrong_parameter_is_named_in_the_frame_and_to_the_host(
    page: Page, base_url: str, host: tuple[str, Path], browser_guard: BrowserGuard
) -> None:
    frame = open_host(page, browser_guard, host, base_url, "game=bugspiel&seats=you,grandmaster")
    expect(frame.locator("#embed-error")).to_contain_text("seats: seat 2: 'grandmaster'")
    expect(frame.locator("#game")).to_be_hidden()
    wait_to_hear(page, "error")
    assert heard(page, "error")[0]["parameter"] == "seats"

    frame = open_host(page, browser_guard, host, base_url, "game=chess")
    expect(frame.locator("#embed-error")).to_have_text(
        "game: 'chess' is not a game here; use one of bugs, bag-of-bugs, bugspiel"
    )
    wait_to_hear(page, "error")
    assert heard(page, "error")[0]["parameter"] == "game"


def test_the_documentation_page_shows_the_snippet_and_a_live_example(
    page: Page, base_url: str
) -> None:
    page.goto(f"{base_url}index.html")
    page.click("footer a[href='embedding.html']")
    expect(page.locator("h1")).to_have_text("Embed a game in your page")
    expect(page.locator("code[data-site]").first).to_contain_text(
        f'<iframe src="{base_url}embed.html?game=bugspiel&seats=you,easy"'
    )
    expect(page.locator("#event-log li[data-type=ready]")).to_have_count(1)
    expect(page.locator("#event-log li[data-type=ready]")).to_have_text(
        "ready: You (human), Ana (easy)"
    )
    frame = page.frame_locator("#example")
    expect(frame.locator("#game")).to_be_visible()
    expect(page.locator("#event-log li[data-type=resize]").first).to_be_attached()
    # the example's game opens with the page and leaves the focus with the page: in the frame,
    # the keys a visitor types on the page would play moves there
    expect(frame.locator("#table > svg")).to_be_visible()
    assert page.evaluate("document.activeElement === document.body")
