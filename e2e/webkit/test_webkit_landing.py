"""The landing page in WebKit: Python starts from our own files and the rules self-test plays
the same games as CPython (its fingerprint), with the seeded generator checked."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from bugs_core import __version__
from bugs_core.selftest import run_selftest
from bugs_web.rng_check import RNG_OK_TEXT
from webkit_driver import WebKit

SELFTEST_TIMEOUT_S = 300.0
"""WebKit plays about one game a second here: room for a loaded machine."""


def test_selftest_plays_the_same_games_as_cpython(webkit: WebKit, base_url: str) -> None:
    games, seed, players = 6, 3, 4  # a few: WebKit is slow
    expected = run_selftest(games, seed, players)
    assert expected.errors == ()
    webkit.open(f"{base_url}?selftest={games}&seed={seed}")

    webkit.wait_attr("#selftest", "data-state", "done", timeout=SELFTEST_TIMEOUT_S)
    assert webkit.attr("#runtime", "data-state") == "ready"
    assert webkit.text("#status") == "Python ready"
    assert re.fullmatch(r"started in \d+\.\d s", webkit.text("#load-time"))
    assert webkit.text("#engine-version") == __version__
    assert webkit.attr("#selftest", "data-games") == str(games)
    assert webkit.attr("#selftest", "data-errors") == "0"
    assert webkit.attr("#selftest", "data-rng") == "ok"
    assert webkit.attr("#selftest", "data-digest") == expected.digest
    assert f"Fingerprint {expected.digest}" in webkit.text("#selftest-fingerprint")
    assert webkit.text("#selftest-rng") == RNG_OK_TEXT
    assert webkit.text("#selftest-summary") == f"{games} games, 0 errors"
    # Python came from this server, restored from the memory snapshot: no wheel, no installer.
    webkit.note_page()
    fetched = [urlsplit(url).path for url in webkit.requests]
    assert "/vendor/pyodide/snapshot.bin.gz" in fetched
    assert "/vendor/pyodide/pyodide.asm.wasm" in fetched
    assert not [p for p in fetched if p.startswith("/wheels/") or "micropip" in p], fetched
