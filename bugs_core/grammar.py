"""The grammatical person of a seat's name in a log sentence.

The describe functions take the seats' names and begin a sentence with the actor's name and a
verb in the third person ("Ana plays three earwigs", "Ana passes"). A name that is the word
"you" (any case) is the second person: "You play three earwigs", "You pass", "the swarm goes to
you", "eats your Ladybird". A page that wants to address its person passes "You" as that seat's
name (see web/bugs_web/words.py); the command line never does, so its sentences are unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

YOU = "You"
"""The name that makes a seat the second person."""

_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def counted(count: int, noun: str) -> str:
    """`count` and `noun`, plural unless one (or minus one): '1 card', '3 cards', '-1 point',
    '1,234 actions'."""
    return f"{count:,} {noun}{'' if abs(count) == 1 else 's'}"


def is_you(name: str) -> bool:
    """True if `name` is the word "you": the seat is spoken to, not of."""
    return name.strip().casefold() == "you"


def second_person(verb: str) -> str:
    """The second-person form of a third-person present verb: 'plays' -> 'play', 'passes' ->
    'pass', 'flies' -> 'fly', 'has' -> 'have'. A verb not in the third person (a past tense,
    'went') is returned as it is."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


def subject(name: str, verb: str, *, inside: bool = False) -> str:
    """A clause's start: `name` and `verb` (third person, maybe with words after the first:
    'has chosen'), agreeing: 'Ana passes', 'You pass', 'You have chosen'; with `inside`, the
    clause is inside a sentence: 'you pass'."""
    if not is_you(name):
        return f"{name} {verb}"
    return f"{'you' if inside else YOU} {agree(name, verb)}"


def agree(name: str, verb: str) -> str:
    """`verb` (third person, maybe with words after it) agreeing with `name`, told earlier or
    apart: 'Ana picks up the pile and leads', 'You pick up the pile and lead'."""
    if not is_you(name):
        return verb
    first, _, rest = verb.partition(" ")
    return f"{second_person(first)}{' ' + rest if rest else ''}"


def mid(name: str) -> str:
    """`name` inside a sentence: 'Ana', or 'you'."""
    return "you" if is_you(name) else name


def start(name: str) -> str:
    """`name` at the start of a sentence: 'Ana', or 'You'."""
    return YOU if is_you(name) else name


def possessive(name: str) -> str:
    """Whose, inside a sentence: "Ana's", or 'your'."""
    return "your" if is_you(name) else f"{name}'s"


def join(parts: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def names_subject(names: Sequence[str], verb: str, *, inside: bool = False) -> str:
    """Several names as a clause's subject, the verb agreeing: 'Ana waits', 'You wait',
    'Ana and you wait', 'You and Bo wait'; `verb` in the third person singular; with `inside`,
    the clause is inside a sentence ('you and Bo wait')."""
    if len(names) == 1:
        return subject(names[0], verb, inside=inside)
    lead = mid(names[0]) if inside else start(names[0])
    listed = join([lead, *(mid(n) for n in names[1:])])
    return f"{listed} {agree(YOU, verb)}"  # the plural agrees as the second person does


def names_mid(names: Sequence[str]) -> str:
    """Several names inside a sentence: 'Ana and you'."""
    return join([mid(n) for n in names])
