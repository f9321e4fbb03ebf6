"""The HTML around the Bugs table: the move buttons, the status line, the hand-off, end-of-hand
and end-of-game panels and the log. Pure functions of a `Session`, tested under CPython.

Every text that comes from a person (names) or from the record is escaped here; the glue only
puts these strings into their containers. Buttons carry `data-action` (a move in notation) or
`data-ui` (a screen event), which the page's one delegated click handler reads.
"""

from __future__ import annotations

from html import escape

from bugs_core.bugs.actions import PassLead, PickUp
from bugs_core.bugs.describe import how_it_ended
from bugs_core.bugs.state import HANDS_PER_GAME
from bugs_core.grammar import counted

from ...record_bar import END_BUTTONS
from ...words import log_html as log_html  # the page's log list, one for the three games
from ...words import seat_label, won_text
from .picker import card_name, move_label, plain_moves
from .session import GAME_OVER, HAND_OVER, HANDOFF, Session
from .table_svg import winners_of

KEY_HELP = (
    "Pick cards with a click or the keys 1-9, O (Outbreak), N (Net), R (Repellent) and "
    "X (Exterminator); Shift takes one back. Enter plays the move, P picks up, Esc clears."
)
TAP_HELP = (
    "Tap a card to pick it and the cards of its kind before it: the third picks three. Tap "
    "the last one picked again for one fewer. Then tap a move below."
)
"""The help on a screen with only a finger (table.css shows one of the two)."""


def status_text(session: Session, thinking: bool = False) -> str:
    """One line on what happens now, for the status bar and screen readers. A bot's line while
    it thinks has no end mark: table.css draws a pulsing "…" after it."""
    names = session.names
    if session.screen == GAME_OVER:
        return f"Game over: {won_text(winners_of(session.public_view()), session.sentence_names)}."
    if session.screen == HAND_OVER:
        return f"Hand {len(session.state.hand_scores)} of {HANDS_PER_GAME} is over."
    seat = session.to_act
    assert seat is not None
    if session.screen == HANDOFF:
        return f"Pass the device to {names[seat]}."
    if session.my_turn():
        lead = "your lead" if session.state.phase.name == "LEAD" else "your turn"
        who = f"{names[seat]}, " if len(session.people) > 1 else ""
        return f"{who}{lead}: choose cards, then a move below.".capitalize()
    if thinking:
        return f"{seat_label(session, seat)} is thinking"
    return f"{seat_label(session, seat)} to act."


def _button(label: str, *, action: str = "", ui: str = "", primary: bool = False) -> str:
    attr = f'data-action="{escape(action)}"' if action else f'data-ui="{escape(ui)}"'
    cls = "button primary" if primary else "button"
    return f'<button type="button" class="{cls}" {attr}>{escape(label)}</button>'


def controls_html(session: Session) -> str:
    """The move buttons under the table while the viewer is to act, then a line of help (what
    is picked, or how to pick); empty otherwise. The buttons first: a laptop's screen ends
    about there, and the help is read once."""
    if not session.my_turn():
        return ""
    view = session.view()
    assert view is not None
    picker = session.picker
    choices = picker.choices()
    picked = any(picker.selection)
    parts = [
        _button(move_label(view, action), action=str(action), primary=i == 0)
        for i, action in enumerate(choices)
    ]
    for action in plain_moves(picker.legal):
        label = move_label(view, action)
        if isinstance(action, PickUp):
            cards = sum(p.count for p in view.pile)
            label = f"Pick up the pile ({counted(cards, 'card')}) and lead"
        parts.append(_button(label, action=str(action), primary=isinstance(action, PassLead)))
    if picked:
        parts.append(_button("Clear selection", ui="clear"))
    if picked and not choices:
        chosen = ", ".join(f"{n} {card_name(k, n)}" for k, n in enumerate(picker.selection) if n)
        parts.append(
            f'<p class="help">Selected: {escape(chosen)}. Add more cards to make a move.</p>'
        )
    elif not picked:
        parts.append(
            f'<p class="help keys-help">{escape(KEY_HELP)}</p>'
            f'<p class="help tap-help">{escape(TAP_HELP)}</p>'
        )
    return "".join(parts)


def handoff_html(session: Session) -> str:
    """The hand-off panel: no hand is on the page while it shows."""
    if session.screen != HANDOFF or session.to_act is None:
        return ""
    name = escape(session.names[session.to_act])
    return (
        f'<h2 id="dialog-title">Pass to {name}</h2>'
        f"<p>{name}, tap the button when only you can see the screen.</p>"
        + _button(f"I am {session.names[session.to_act]}: show my hand", ui="take", primary=True)
    )


def _score_table(session: Session, hands: int, caption: str) -> str:
    names = session.names
    # "Hand " is read but not shown on a phone, where six such columns would not fit
    head = "".join(
        f'<th scope="col"><span class="hand-word">Hand </span>{h + 1}</th>' for h in range(hands)
    )
    rows = []
    won = set(winners_of(session.public_view())) if session.screen == GAME_OVER else set()
    for seat, name in enumerate(names):
        cells = "".join(f"<td>{session.state.hand_scores[h][seat]}</td>" for h in range(hands))
        mark = ' class="winner"' if seat in won else ""
        rows.append(
            f'<tr{mark}><th scope="row">{escape(name)}</th>{cells}'
            f"<td><strong>{session.state.scores[seat]}</strong></td></tr>"
        )
    return (
        f'<div class="scores-wrap"><table class="scores"><caption>{escape(caption)}</caption>'
        f'<thead><tr><th scope="col">Player</th>{head}<th scope="col">Total</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def hand_over_html(session: Session) -> str:
    """The end of a hand: who went out, each seat's points, the totals, and on to the next."""
    if session.screen != HAND_OVER:
        return ""
    result = session.state.last_hand
    assert result is not None
    ended = how_it_ended(result, session.sentence_names)
    how = ended[0].upper() + ended[1:] + "."
    done = len(session.state.hand_scores)
    nxt = f"Deal hand {done + 1}"
    return (
        f'<h2 id="dialog-title">Hand {done} of {HANDS_PER_GAME} is over</h2>'
        f"<p>{escape(how)} Each card left in a hand scores a point; lowest total wins.</p>"
        + _score_table(session, done, "Points per hand")
        + _button(nxt, ui="next-hand", primary=True)
    )


def game_over_html(session: Session) -> str:
    """The end of the game: the score sheet, the winners, and a new game."""
    if session.screen != GAME_OVER:
        return ""
    headline = won_text(winners_of(session.public_view()), session.sentence_names)
    return (
        f'<h2 id="dialog-title">{escape(headline)}</h2>'
        f"<p>Lowest total after {HANDS_PER_GAME} hands wins.</p>"
        + _score_table(session, HANDS_PER_GAME, "Final scores")
        + '<div class="row">'
        + _button("Play again, same players", ui="again", primary=True)
        + _button("New game", ui="setup")
        + END_BUTTONS
        + "</div>"
    )
