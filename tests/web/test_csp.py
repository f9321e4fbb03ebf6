"""Every page of the site carries the strict Content-Security-Policy, first in its <head>, and
no page holds what that policy would block (on* handlers, javascript: URLs, style attributes,
inline scripts or style sheets other than those the policy names by hash)."""

from __future__ import annotations

import base64
import hashlib
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
    """The page's tags in order, its inline scripts and style sheets (whole texts), and what a
    strict policy would block whatever its hashes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.inline_scripts: list[str] = []
        self.inline_styles: list[str] = []
        self.blocked: list[str] = []
        self._script: dict[str, str] | None = None
        self._style = False

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
            self._style = True
            self.inline_styles.append("")
        if tag == "script":
            self._script = values
            self.inline_scripts.append("")

    def handle_data(self, data: str) -> None:
        # A `type="py"` script with a src holds no code; any text inside a script is inline.
        if self._script is not None:
            self.inline_scripts[-1] += data
        if self._style:
            self.inline_styles[-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            if self._script is not None and not self.inline_scripts[-1].strip():
                self.inline_scripts.pop()  # a script from its src
            self._script = None
        if tag == "style":
            self._style = False


def source_hash(text: str) -> str:
    """The policy source allowing an inline element of exactly this text (CSP Level 2)."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def without_hashes(policy: dict[str, list[str]]) -> dict[str, list[str]]:
    """The policy with its hash sources left out."""
    return {
        name: [s for s in sources if not s.startswith("'sha256-")]
        for name, sources in policy.items()
    }


def hashes_in(sources: list[str]) -> list[str]:
    """The hash sources of one directive."""
    return [s for s in sources if s.startswith("'sha256-")]


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
    assert without_hashes(policy) == POLICY
    assert set(policy) == set(POLICY)
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    sources = [source for values in without_hashes(policy).values() for source in values]
    remote = [s for s in sources if re.search(r"https?:|\*|//", s) or s in ("data:", "https:")]
    assert remote == [], f"{page}: a remote origin in the policy"
    assert "'unsafe-inline'" not in policy["script-src"]
    assert "'unsafe-inline'" not in policy.get("style-src", [])


@pytest.mark.parametrize("page", PAGES)
def test_no_page_holds_what_the_policy_blocks(page: str) -> None:
    head = parse(page)
    policy = policy_of(head)
    # Every inline script and style sheet is named by its hash, and every hash names one: the
    # policy allows exactly what the page holds.
    assert sorted(map(source_hash, head.inline_scripts)) == sorted(hashes_in(policy["script-src"]))
    assert sorted(map(source_hash, head.inline_styles)) == sorted(hashes_in(policy["style-src"]))
    for directive in POLICY:
        if directive not in ("script-src", "style-src"):
            assert hashes_in(policy[directive]) == [], f"{page}: a hash in {directive}"
    assert head.blocked == [], f"{page}: {head.blocked}"
    for tag, attrs in head.tags:  # what the page loads comes from the site (links may leave)
        for name in ("src", "href") if tag == "link" else ("src",):
            value = attrs.get(name, "")
            assert not re.match(r"(https?:)?//", value), f"{page}: <{tag} {name}={value}>"


@pytest.mark.parametrize("page", ["bugs.html", "bag-of-bugs.html", "bugspiel.html"])
def test_a_game_page_paints_from_its_own_bytes(page: str) -> None:
    """Nothing in a game page's head blocks its first paint on another request: its style
    sheets and its one blocking script are inline, the other scripts deferred."""
    head = parse(page)
    body = [tag for tag, _ in head.tags].index("body")
    for tag, attrs in head.tags[:body]:
        assert not (tag == "link" and attrs.get("rel") == "stylesheet"), f"{page}: {attrs}"
        if tag == "script" and "src" in attrs:
            assert "defer" in attrs or attrs.get("type") == "module", f"{page}: {attrs}"
    assert len(head.inline_styles) == 2 + (page == "bugspiel.html")
    assert any("bugsTableEmbed" in script for script in head.inline_scripts)


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
    # The hash of the empty text, as the CSP specification gives it.
    assert source_hash("") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"
    assert head.blocked == ["<a href='javascript:go()'>", "<a onclick=...>", "<a style=...>"]
