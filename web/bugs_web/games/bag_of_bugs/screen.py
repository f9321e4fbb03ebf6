"""The HTML around the Bag of Bugs table: each person's row of Grab buttons (touch targets, with
their keys), the prompts, the status line, the end of the game and the log. Pure functions of a
`BagSession`, tested under CPython; names and log sentences are escaped here.

Buttons carry `data-claim="SEAT:GRAB"`, `data-decide="<notation>"` or `data-ui`, which the page's
one delegated click handler reads.
"""

from __future__ import annotations

from html import escape

from bugs_core.bag_of_bugs.actions import Action, Give, ReturnAll, Take, TakeAll
from bugs_core.bag_of_bugs.grabs import taken_tokens
from bugs_core.bag_of_bugs.rules import pool_counts
from bugs_core.bag_of_bugs.scoring import (
    LARVA_POINTS,
    MOST_SCARY_PENALTY,
    SCARY_POINTS,
    SET_BONUS,
    colour_points,
    most_scary,
    scores,
)
from bugs_core.bag_of_bugs.state import Phase
from bugs_core.bag_of_bugs.tokens import COLOURS, GRAB_TOKENS, KINDS, LARVA, SCARY, Tokens

from ...record_bar import END_BUTTONS
from ...words import agree, is_you, mid, seat_label, start, subject, won_text
from ...words import log_html as log_html  # the page's log list, one for the three games
from .session import DECISION_SECONDS, BagSession
from .table_svg import token_name


def tokens_words(tokens: Tokens) -> str:
    """'two Larvae and a Red Bug', 'nothing', in the table's names."""
    parts = [
        (f"a {token_name(k)}" if tokens[k] == 1 else f"{tokens[k]} {token_name(k, 2)}")
        for k in range(KINDS)
        if tokens[k]
    ]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def choice_label(session: BagSession, action: Action) -> str:
    """The words on a prompt's button."""
    state = session.state
    if isinstance(action, Take):
        got = taken_tokens(pool_counts(state), state.grab, action.kinds)
        return f"Take {tokens_words(got)}"
    if isinstance(action, Give):
        to = mid(session.sentence_names[(state.wind_queue[0] + 1) % state.setup.players])
        return f"Give a {token_name(action.kind)} to {to}"
    if isinstance(action, TakeAll):
        return f"Take all the leftovers ({tokens_words(pool_counts(state))})"
    if isinstance(action, ReturnAll):
        return "Return them all to the bag"
    return str(action)


def status_text(session: BagSession, thinking: bool = False) -> str:
    """One line on what happens now, for the status bar and screen readers. A bot's line while
    it thinks has no end mark: table.css draws a pulsing "…" after it."""
    names = session.sentence_names
    if session.over:
        return f"Game over: {won_text(session.state_winners(), names)}."
    if session.window_key() is not None:
        drawer = subject(names[session.state.drawer], "draws")
        people = [names[s] for s in session.people_to_grab()]
        if len(people) == 1 and is_you(people[0]):
            return f"{drawer}. Grab now or wait for more tokens!"
        if people:
            return f"{drawer}. Grab now, {' or '.join(people)}, or wait for more tokens!"
        return f"{drawer}; the bots decide."
    seat = session.decider()
    if seat is None:
        return ""
    phase = session.state.phase
    what = {
        Phase.CHOOSE: f"resolves Grab {session.state.grab}",
        Phase.WIND: "gives a token for the Wind",
        Phase.LEFTOVERS: "decides the leftovers",
    }.get(phase, "decides")
    if session.is_person(seat):
        return f"{subject(names[seat], what)}: choose below."
    return f"{subject(seat_label(session, seat), what)}{'' if thinking else '.'}"


def grab_rows_html(session: BagSession) -> str:
    """During a window: one row of Grab buttons per person who may still grab, with their keys;
    a person who has reached already sees which token, until the window resolves."""
    key = session.window_key()
    if key is None:
        return ""
    rows = []
    free = set(session.free_grabs())
    for seat in session.people:
        if seat == session.state.drawer:
            continue
        keys = session.keys_of(seat)
        name = escape(session.names[seat])
        reach = session.reach(seat)
        if seat not in session.people_to_grab():
            held = [g for g in GRAB_TOKENS if session.state.claims[g - 1] == seat]
            note = (
                f"holds Grab {held[0]}" if held else (f"reached for Grab {reach}" if reach else "")
            )
            if note:
                told = session.sentence_names[seat]
                rows.append(
                    f'<p class="grab-row done"><strong>{escape(start(told))}</strong> '
                    f"{agree(told, note)}</p>"
                )
            continue
        # the name says the number and key the button shows, in that order (label in name)
        buttons = "".join(
            f'<button type="button" class="grab-button" data-claim="{seat}:{g}"'
            f' aria-label="{name}: claim Grab {g}, {keys[g - 1]} key"'
            f' aria-keyshortcuts="{keys[g - 1]}"'
            f"{'' if g in free else ' disabled'}>{g} <small>{keys[g - 1]}</small></button>"
            for g in GRAB_TOKENS
        )
        rows.append(
            f'<div class="grab-row" data-seat="{seat}"><strong>{name}</strong>'
            f'<span class="keys">keys {escape(" ".join(keys))}</span>{buttons}</div>'
        )
    return "".join(rows)


def prompt_html(session: BagSession) -> str:
    """A person's prompt: the options as buttons, the first is the default when time runs out."""
    seat = session.person_deciding()
    if seat is None:
        return ""
    told = session.sentence_names[seat]
    phase = session.state.phase
    if phase is Phase.CHOOSE:
        title = f"Grab {session.state.grab}: which tokens?"
    elif phase is Phase.WIND:
        title = "the Wind blows: give one token away"
    else:
        title = "the leftovers: take them all or return them all?"
    # the only person is spoken to without a name; at a shared device, by name
    title = title[0].upper() + title[1:] if is_you(told) else f"{escape(told)}, {title}"
    buttons = "".join(
        f'<button type="button" class="button{" primary" if i == 0 else ""}" '
        f'data-decide="{escape(str(a))}">{escape(choice_label(session, a))}</button>'
        for i, a in enumerate(session.choices())
    )
    return (
        f'<div class="prompt" role="group" aria-labelledby="prompt-title">'
        f'<p id="prompt-title"><strong>{title}</strong> '
        f'<span class="muted">(the first, a good default, is taken after {DECISION_SECONDS} s)'
        "</span></p>"
        f'<div class="row">{buttons}</div></div>'
    )


def score_breakdown(collection: Tokens, most: bool) -> list[tuple[str, int]]:
    """The lines of one collection's score (§5.4), each with its points."""
    lines = [
        (f"{collection[c]} {token_name(c, collection[c])}", colour_points(collection[c]))
        for c in COLOURS
        if collection[c]
    ]
    if all(collection[c] for c in COLOURS):
        lines.append(("every colour", SET_BONUS))
    if collection[LARVA]:
        lines.append(
            (
                f"{collection[LARVA]} {token_name(LARVA, collection[LARVA])}",
                LARVA_POINTS * collection[LARVA],
            )
        )
    if collection[SCARY]:
        lines.append(
            (
                f"{collection[SCARY]} {token_name(SCARY, collection[SCARY])}",
                SCARY_POINTS * collection[SCARY],
            )
        )
    if most:
        lines.append(("most Scary Bugs", MOST_SCARY_PENALTY))
    return lines


def game_over_html(session: BagSession) -> str:
    """The end: each collection's score line by line, the winners, and a new game."""
    if not session.over:
        return ""
    collections = session.state.collections
    points = scores(collections)
    flags = most_scary(collections)
    won = session.state_winners()
    rows = []
    for seat, name in enumerate(session.names):
        detail = (
            ", ".join(
                f"{escape(label)} {value:+d}"
                for label, value in score_breakdown(collections[seat], flags[seat])
            )
            or "no tokens"
        )
        mark = ' class="winner"' if seat in won else ""
        rows.append(
            f'<tr{mark}><th scope="row">{escape(name)}</th><td class="detail">{detail}</td>'
            f"<td><strong>{points[seat]}</strong></td></tr>"
        )
    headline = won_text(won, session.sentence_names)
    return (
        f'<h2 id="dialog-title">{escape(headline)}</h2>'
        "<p>Highest score wins.</p>"
        '<table class="scores"><caption>Final scores</caption><thead><tr>'
        '<th scope="col">Player</th><th scope="col">Collection</th><th scope="col">Points</th>'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        '<div class="row">'
        '<button type="button" class="button primary" data-ui="again">'
        "Play again, same players</button>"
        '<button type="button" class="button" data-ui="setup">New game</button>'
        f"{END_BUTTONS}</div>"
    )
