"""Each game's rules reference: built into its page's "How to play" by the site build
(scripts/site_pages.py), its figures drawn by the game's own SVG renderers and every number in
it (card counts, token counts, prices, points) taken from the rules engine, so a change to the
rules cannot leave the reference saying something else. Each game's part is the
`reference_html()` of its kit folder's `reference` module.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from importlib import import_module

REFERENCES = {
    "bugs": "bugs_web.games.bugs.reference",
    "bag-of-bugs": "bugs_web.games.bag_of_bugs.reference",
    "bugspiel": "bugs_web.games.bugspiel.reference",
}
"""The module of each game's reference, by game id."""


def reference_html(game_id: str) -> str:
    """The rules reference of `game_id`, as HTML (KeyError: a game without one)."""
    return str(import_module(REFERENCES[game_id]).reference_html())


def section(title: str, *parts: str) -> str:
    """One part of a reference: a heading and its paragraphs, tables and figures (markup)."""
    return f'<section class="reference-part"><h3>{escape(title)}</h3>{"".join(parts)}</section>'


def paragraph(words: str) -> str:
    """A paragraph of plain text (escaped)."""
    return f"<p>{escape(words)}</p>"


def figure(svg: str, caption: str) -> str:
    """A drawing (SVG markup from a renderer) with its caption (plain text)."""
    caption_html = f"<figcaption>{escape(caption)}</figcaption>"
    return f'<figure class="reference-figure">{svg}{caption_html}</figure>'


def table(head: Sequence[str], rows: Sequence[Sequence[str]], caption: str) -> str:
    """A small table of plain text cells, its first column the row's header."""
    cells = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "".join(
        "<tr>"
        + f'<th scope="row">{escape(row[0])}</th>'
        + "".join(f"<td>{escape(c)}</td>" for c in row[1:])
        + "</tr>"
        for row in rows
    )
    return (
        f'<table class="reference-table"><caption>{escape(caption)}</caption>'
        f"<thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"
    )
