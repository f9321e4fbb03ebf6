"""Every page of the site carries the strict Content-Security-Policy, first in its <head>, and
no page holds what that policy would block (inline scripts, on* handlers, javascript: URLs,
style attributes)."""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import site_pages

PAGES = site_pages.site_pages()
"""Every page as the build writes it: the game pages rendered from pages/, the rest from public/."""

POLICY = {
    "default-src": ["'self'"],
    # Pyodide compiles WebAssembly ('wasm-unsafe-eval'); PyScript 0.7.31 evaluates strings
    # ('unsafe-eval': without it core.js stops with an EvalError and no page starts).
    "script-src": ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"],
    # PyScript starts its workers (the bots) from a blob: URL.
    "worker-src": ["'self'", "blob:"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}
"""The one policy of every page, directive by directive."""


class Head(HTMLParser):
    """The page's tags in order, its inline scripts, and what a strict policy would block."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.inline_scripts: list[str] = []
        self.blocked: list[str] = []
        self._script: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        self.tags.append((tag, values))
        for name, value in values.items():
            if name.startswith("on"):
                self.blocked.append(f"<{tag} {name}=...>")
            if name == "style":
                self.blocked.append(f"<{tag} style=...>")
            if name in ("href", "src", "action") and value.strip().lower().startswith(
                "javascript:"
            ):
                self.blocked.append(f"<{tag} {name}={value!r}>")
        if tag == "style":
            self.blocked.append("<style> element")
        if tag == "script":
            self._script = values

    def handle_data(self, data: str) -> None:
        # A `type="py"` script with a src holds no code; any text inside a script is inline.
        if self._script is not None and data.strip():
            self.inline_scripts.append(data.strip()[:60])

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = None


def parse(page: str) -> Head:
    head = Head()
    head.feed(PAGES[page])
    return head


def policy_of(head: Head) -> dict[str, list[str]]:
    """The directives of the page's policy meta tag; fails unless it is the first in <head>."""
    names = [tag for tag, _ in head.tags]
    first = head.tags[names.index("head") + 1]
    assert first[0] == "meta" and first[1].get("http-equiv") == "Content-Security-Policy", first
    directives: dict[str, list[str]] = {}
    for part in first[1]["content"].split(";"):
        name, *sources = part.split()
        assert name not in directives, f"{name} is given twice"
        directives[name] = sources
    return directives


def test_the_site_has_its_pages() -> None:
    assert set(PAGES) >= {
        "index.html",
        "bugs.html",
        "bag-of-bugs.html",
        "bugspiel.html",
        "embed.html",
        "embedding.html",
    }


@pytest.mark.parametrize("page", PAGES)
def test_every_page_carries_the_policy_first_in_its_head(page: str) -> None:
    policy = policy_of(parse(page))
    assert policy == POLICY
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    sources = [source for values in policy.values() for source in values]
    remote = [s for s in sources if re.search(r"https?:|\*|//", s) or s in ("data:", "https:")]
    assert remote == [], f"{page}: a remote origin in the policy"
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "'unsafe-inline'" not in policy.get("style-src", [])


@pytest.mark.parametrize("page", PAGES)
def test_no_page_holds_what_the_policy_blocks(page: str) -> None:
    head = parse(page)
    assert head.inline_scripts == [], f"{page}: inline script"
    assert head.blocked == [], f"{page}: {head.blocked}"
    for tag, attrs in head.tags:  # what the page loads comes from the site (links may leave)
        for name in ("src", "href") if tag == "link" else ("src",):
            value = attrs.get(name, "")
            assert not re.match(r"(https?:)?//", value), f"{page}: <{tag} {name}={value}>"


def test_the_checks_see_a_page_that_breaks_them() -> None:
    head = Head()
    head.feed(
        '<html><head><title>x</title><meta http-equiv="Content-Security-Policy" '
        "content=\"script-src 'self'\"></head><body><a href='javascript:go()' "
        "onclick='go()' style='color:red'>x</a><script>go()</script></body></html>"
    )
    with pytest.raises(AssertionError):
        policy_of(head)
    assert head.inline_scripts == ["go()"]
    assert head.blocked == ["<a href='javascript:go()'>", "<a onclick=...>", "<a style=...>"]
