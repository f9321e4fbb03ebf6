"""The HTML around the Bugspiel table: the prompt with its preview and buttons (confirm, turn
the tile, clear, pass), the status line, the log, the end-of-game dialog and the full-card
popup, and on a touch screen the chooser of a tapped tile's spaces. Pure functions of a
`SpielSession`, tested under CPython; and the `SlideClock` that
tells the page how far into the markets' slide after a Pass a drawing is.

Every text that comes from a person (names) or from the record is escaped here; the glue only
puts these strings into their containers. Buttons carry `data-ui` (a screen event), which the
page's one delegated click handler reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from bugs_core.bugspiel.actions import Fly
from bugs_core.bugspiel.board import Space
from bugs_core.bugspiel.cards import card
from bugs_core.bugspiel.rules import spot_index
from bugs_core.bugspiel.state import EMPTY
from bugs_core.grammar import possessive

from ...record_bar import END_BUTTONS
from ...words import log_html as log_html  # the page's log list, one for the three games
from ...words import seat_label, won_text
from .panels_svg import about
from .session import CLOCKWISE, COUNTER_CLOCKWISE, MarketSlide, Preview, SpielSession
from .table_svg import Highlight, full_bonus_svg, full_card_svg

KEY_HELP = (
    "Tab to a card, a market slot or a space; Enter or Space picks it. R turns the tile "
    "clockwise, Shift+R counter-clockwise; Enter confirms, P passes (the markets slide one "
    "slot cheaper), Esc clears."
)
PASS_WORDS = "Pass: the markets slide one slot cheaper"
"""What a pass does (decision 12), for the Pass button's name and tooltip."""
SLIDE_MS = 700
"""How long the markets' slide after a Pass plays, in ms (the page gives it to spiel.css)."""
ROTATE_BUTTONS = (
    ("rotate-cw", "⟳", "Turn clockwise", "R", CLOCKWISE),
    ("rotate-ccw", "⟲", "Turn counter-clockwise", "Shift+R", COUNTER_CLOCKWISE),
)
"""The rotation buttons: their data-ui, arrow, words, key and turn step. On a phone only the
arrow shows (spiel.css), so that a move's buttons fit one row of the move bar."""


def _won(session: SpielSession) -> str:
    return won_text(session.winners(), session.sentence_names)


def status_text(session: SpielSession, thinking: bool = False) -> str:
    """One line on what happens now, for the status bar and screen readers. A bot's line while
    it thinks has no end mark: table.css draws a pulsing "…" after it."""
    if session.over:
        return f"Game over: {_won(session)}."
    seat = session.to_act
    assert seat is not None
    if session.my_turn():
        who = f"{session.names[seat]}, your" if len(session.people) > 1 else "Your"
        return f"{who} turn: {session.prompt()[0].lower()}{session.prompt()[1:]}"
    if thinking:
        return f"{seat_label(session, seat)} is thinking"
    return f"{seat_label(session, seat)} to act."


def _button(
    label: str, ui: str, *, primary: bool = False, keys: str = "", says: str = "", arrow: str = ""
) -> str:
    """A `data-ui` button, its key after its label (`keys`, which a screen with no keyboard
    does not show: table.css); `says`, when given, is its accessible name and (with the key)
    its tooltip, for a button whose short label does not say all it does; `arrow`, a glyph
    before the label that a phone shows alone (the label is read, not shown: spiel.css)."""
    cls = "button primary" if primary else "button"
    extra = f' aria-keyshortcuts="{escape(keys)}"' if keys else ""
    if says:
        tip = f"{says} ({keys})" if keys else says
        extra += f' aria-label="{escape(says)}" title="{escape(tip)}"'
    inner = escape(label)
    if arrow:
        shown = f'<span aria-hidden="true">{escape(arrow)}</span>'
        inner = f'{shown} <span class="words">{inner}</span>'
    if keys:
        inner += f'<span class="keys"> ({escape(keys.replace("Escape", "Esc"))})</span>'
    return f'<button type="button" class="{cls}" data-ui="{escape(ui)}"{extra}>{inner}</button>'


def points_html(session: SpielSession, preview: Preview) -> str:
    """Every seat's points for a bonus card, as the engine scores them (data-points for tests
    and a plain table for people)."""
    rows = "".join(
        f'<tr data-seat="{seat}" data-points="{points}">'
        f'<th scope="row">{escape(session.names[seat])}</th><td>+{points}</td></tr>'
        for seat, points in enumerate(preview.points)
    )
    return (
        '<table class="scores bonus-points"><caption>Points for each player</caption>'
        f"<tbody>{rows}</tbody></table>"
    )


def preview_html(session: SpielSession) -> str:
    """What the pending move does, before the person confirms it; '' when nothing is pending."""
    preview = session.preview()
    if preview is None:
        return ""
    effects = "".join(f"<li>{escape(line)}</li>" for line in preview.effects)
    table = points_html(session, preview) if preview.points else ""
    return (
        f'<div class="preview" data-pending="{escape(str(preview.action))}">'
        f'<p class="preview-title"><strong>{escape(preview.title)}</strong></p>'
        f'<ul class="effects">{effects}</ul>{table}</div>'
    )


def controls_html(session: SpielSession) -> str:
    """The prompt, preview and buttons under the table while a person is to act ('' else),
    and the keys' help until something is picked (spiel.css keeps them on the screen then)."""
    if not session.my_turn():
        return ""
    parts = [f'<p class="prompt-line">{escape(session.prompt())}</p>', preview_html(session)]
    buttons: list[str] = []
    preview = session.preview()
    if session.rotatable():
        buttons += [
            _button(words, ui, keys=key, arrow=arrow) for ui, arrow, words, key, _ in ROTATE_BUTTONS
        ]
    if preview is not None:
        buttons.append(_button(preview.confirm, "confirm", primary=True, keys="Enter"))
    if session.pick is not None:
        buttons.append(_button("Clear", "clear", keys="Escape"))
    buttons.append(_button("Pass", "pass", keys="P", says=PASS_WORDS))
    parts.append(f'<div class="row move-buttons">{"".join(buttons)}</div>')
    if session.pick is None:  # then each button shows its key, and the move bar keeps short
        parts.append(f'<p class="help keys-help">{escape(KEY_HELP)}</p>')
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class SlideClock:
    """When the page began to show the latest market slide: a redraw while it plays (a bot
    thinking, a pick) goes on where it was rather than start it again, and a redraw after it
    does not play it again. The page keeps one and asks it at every drawing of the table."""

    slide: MarketSlide | None = None
    started: float = 0.0
    """The page's clock, in ms, when `slide` was first drawn."""

    def at(self, slide: MarketSlide | None, now: float) -> tuple[SlideClock, float | None]:
        """The clock to keep after a drawing at `now` (ms) of a table whose last action slid
        the markets as `slide` says (None: it did not), and how far into the slide that
        drawing is in ms, or None when no slide plays (the drawing marks none then)."""
        if slide is None:
            return self, None
        if slide != self.slide:
            return SlideClock(slide, now), 0.0
        into = max(0.0, now - self.started)
        return self, (into if into < SLIDE_MS else None)


def game_over_html(session: SpielSession) -> str:
    """The end of the game: how it ended (the engine's words), the scores, and a new game."""
    if not session.over:
        return ""
    won = set(session.winners())
    rows = []
    for seat, score in enumerate(session.state.scores):
        mark = ' class="winner"' if seat in won else ""
        rows.append(
            f'<tr{mark} data-seat="{seat}"><th scope="row">{escape(seat_label(session, seat))}'
            f"</th><td><strong>{score}</strong></td></tr>"
        )
    return (
        f'<h2 id="dialog-title">{escape(_won(session))}</h2>'
        f'<p class="ending">{escape(session.ending())}</p>'
        '<table class="scores"><caption>Final scores</caption>'
        '<thead><tr><th scope="col">Player</th><th scope="col">VP</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
        '<div class="row">'
        + _button("Play again, same players", "again", primary=True)
        + _button("New game", "setup")
        + END_BUTTONS
        + "</div>"
    )


def popup_html(kind: str, number: int) -> str:
    """The full card for the popup: `kind` "card" (a bug card id) or "bonus" (a bonus id)."""
    if kind == "card":
        return full_card_svg(number)
    if kind == "bonus":
        return full_bonus_svg(number)
    return ""


def highlight_of(session: SpielSession) -> Highlight:
    """What the table marks for the person's selection: the pick, its lit spaces, the chosen
    space with its previewed turn, and a bonus card's line with every seat's points; with a
    bonus card picked and no space chosen, each lit space's line and points as a preview the
    table shows while that space is hovered or focused."""
    if not session.my_turn():
        return Highlight()
    preview = session.preview()
    return Highlight(
        pick=session.pick,
        targets=session.targets(),
        chosen=session.chosen,
        turn=session.turn,
        line=preview.line if preview is not None else (),
        points=preview.points if preview is not None else (),
        previews=session.bonus_previews(),
    )


def tile_spaces(session: SpielSession, tile: int) -> tuple[int, ...]:
    """The spaces of `tile` a tap on it may mean: the ones lit for the pick, and the person's
    flyers that can fly from there."""
    if not session.my_turn():
        return ()
    board = session.state.board
    flyers = {spot_index(board, a.source) for a in session.legal if isinstance(a, Fly)}
    lit = session.targets() if session.pick is not None else frozenset()
    return tuple(i for i in range(3 * tile, 3 * tile + 3) if i in lit or i in flyers)


def tile_tap(session: SpielSession, tile: int) -> int | None:
    """The space a tap on `tile` picks at once: the one space it can mean, or its first when it
    means none and holds no bug to read (the pick then says why nothing happens); None when
    the chooser must ask which space."""
    meant = tile_spaces(session, tile)
    if len(meant) == 1:
        return meant[0]
    cards = session.state.cards
    if not meant and all(cards[i] == EMPTY for i in range(3 * tile, 3 * tile + 3)):
        return 3 * tile
    return None


def space_chooser_html(session: SpielSession, tile: int) -> str:
    """On a touch screen, the three spaces of a tapped tile as finger-sized buttons (the ones
    the tap may mean first in line and primary), each bug there with its info button; '' when
    the person is not to act or there is no such tile."""
    state = session.state
    if not session.my_turn() or not 0 <= tile < len(state.board.tiles):
        return ""
    meant = tile_spaces(session, tile)
    name = f"{state.board.label(state.board.tiles[tile])}, {state.terrain[tile].value}"
    rows: list[str] = []
    for space in sorted(range(3 * tile, 3 * tile + 3), key=lambda i: i not in meant):
        cid = state.cards[space]
        what = "empty"
        if cid != EMPTY:
            what = f"{possessive(session.names[state.owners[space]])} {card(cid).name}"
        if space in meant:
            what += ", lit" if session.pick is not None else ", your flyer"
        where = Space(space % 3).name.capitalize()
        cls = "button primary" if space in meant else "button quiet"
        row = f'<button type="button" class="{cls}" data-space="{space}">{escape(where)}: '
        row += f"{escape(what)}</button>"
        if cid != EMPTY:
            key, label = about(cid)
            row += (
                f'<button type="button" class="button quiet info" data-info="{key}" '
                f'aria-label="{escape(label)}">i</button>'
            )
        rows.append(f'<div class="row">{row}</div>')
    return (
        f'<p class="chooser-title" id="space-chooser-title">Tile {escape(name)}: which space?</p>'
        + "".join(rows)
        + _button("Close", "close-tile")
    )
