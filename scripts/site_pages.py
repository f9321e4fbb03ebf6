"""The game pages, built from one template: pages/game.html holds what every game page shares
(head and policy, header and start-up progress, the setup form's frame and its seats, the
resume button, the game bar, record bar and log), pages/<page>.toml what one game puts in it
(title, description, the setup form's own fields, rules, board, the controls under it, extra
styles and elements).

The output is plain static HTML in public/<page>.html, which paints before Python starts; it
is build output, not committed. What the first paint waits for is inlined (`inline_head`): the
page's style sheets and the framed-page script, each allowed by its hash in the page's policy.
On a first visit over a slow line every further request in <head> costs a round trip before
anything shows (150 ms each at the benchmark's 4 Mbit/s profile). PyScript's own core.css is not
linked at all: it styles only its editor, terminal and <py-script> elements, which no page uses.
Stdlib only (scripts/site_build.py calls it before any virtualenv exists).

Slots are `{{ key }}`. A key's value is text, escaped, unless the key ends in `_html`: then it
is markup from this repository, inserted as it is. A slot alone on its line indents every line
of its value as the slot is indented, and an empty value removes the line.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import sys
import textwrap
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "pages"
PUBLIC = ROOT / "public"
TEMPLATE = "game.html"
RULES_TEMPLATE = "rules.html"
SEAT_TEMPLATE = "seat.html"

SEAT_NAMES = ("You", "Ana", "Bo", "Cy", "Di", "Ed")
"""The names the seats start with, in seat order."""
SEAT_KINDS = (("human", "Person"), ("easy", "Bot · easy"), ("medium", "Bot · medium"),
              ("hard", "Bot · hard"), ("expert", "Bot · expert"))  # fmt: skip
"""Who plays a seat: the first seat starts as a person, the others as medium bots."""
LADDER = "ladder.json"
"""In pages/: each game's ladder table (`python -m bugs_core ladder GAME --save
pages/ladder.json`), whose ratings the seat menus show beside the bot levels."""
RATINGS_NOTE = (
    '<p class="muted small" id="ratings-note">Bot strength is in Elo points from the bots\' '
    "ladder, where a bot that moves at random is 0: 200 points apart, the stronger bot wins "
    "about three times in four.</p>"
)

TEXT_KEYS = ("name", "title", "description", "script", "players", "seats_legend", "pace_label")
HTML_KEYS = (
    "options_html",
    "seats_note_html",
    "rules_html",
    "board_html",
    "controls_html",
    "overlays_html",
)
OTHER_KEYS = ("stylesheets", "seats", "pace", "pace_selected")
"""Every key of a game's part, each required: a missing or unknown one fails the build."""

SLOT = re.compile(
    r"(?P<line>^(?P<indent>[ \t]*)\{\{ *(?P<own>[a-z][a-z0-9_]*) *\}\}[ \t]*\n)"
    r"|\{\{ *(?P<inline>[a-z][a-z0-9_]*) *\}\}",
    re.MULTILINE,
)


INLINED_STYLE = re.compile(
    r'^(?P<indent>[ \t]*)<link rel="stylesheet" href="(?P<href>[a-z][a-z0-9-]*\.css)">$',
    re.MULTILINE,
)
"""A style sheet of ours in a page's head (not a vendored one), inlined as a <style>."""
INLINED_SCRIPT = re.compile(
    r'^(?P<indent>[ \t]*)<script src="(?P<src>embed-frame\.js|runtime-preload\.js)"></script>$',
    re.MULTILINE,
)
"""The blocking scripts in a game page's head, inlined: the embed's must run before the first
paint (an embedded page paints without the site's header), and the runtime's preload as soon
as the head is read, where the browser would have met a preload link."""
POLICY_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="(?P<policy>[^"]*)">')


class PageError(ValueError):
    """A template or a game's part is malformed; the message says where."""


def slots(template: str) -> set[str]:
    """The keys a template asks for; fails on braces that are not a well-formed slot."""
    left = SLOT.sub("", template)
    if "{{" in left or "}}" in left:
        raise PageError(f"a malformed slot near {left[max(left.find('{{'), 0) :][:40]!r}")
    return {m["own"] or m["inline"] for m in SLOT.finditer(template)}


def value_text(key: str, value: str) -> str:
    """What a slot's value becomes in the page: markup as it is, anything else escaped."""
    if key.endswith("_html"):
        return textwrap.dedent(value).strip("\n").rstrip()
    return html.escape(value, quote=True)


def fill(template: str, values: Mapping[str, str], where: str = "template") -> str:
    """The template with every slot replaced, in one pass (a value is never read as a slot).

    The template's slots and the values' keys must be the same set: a slot without a value
    or a value without a slot fails, so a typo cannot leave a page short of a part.
    """
    wanted = slots(template)
    if wanted != set(values):
        missing, unused = sorted(wanted - set(values)), sorted(set(values) - wanted)
        raise PageError(f"{where}: slots without a value {missing}, values without a slot {unused}")

    def replace(match: re.Match[str]) -> str:
        if match["line"] is None:
            return value_text(match["inline"], values[match["inline"]])
        text = value_text(match["own"], values[match["own"]])
        if not text:
            return ""
        indent = match["indent"]
        return "".join(f"{indent}{line}\n" if line else "\n" for line in text.split("\n"))

    return SLOT.sub(replace, template)


def options(choices: list[tuple[str, str]], selected: str) -> list[str]:
    """`<option>` elements, the one whose value is `selected` marked so."""
    if selected not in {value for value, _ in choices}:
        raise PageError(f"{selected!r} is not one of the choices {choices}")
    return [
        f'<option value="{html.escape(value)}"{" selected" if value == selected else ""}>'
        f"{html.escape(label)}</option>"
        for value, label in choices
    ]


def level_ratings(page: str, pages: Path = PAGES) -> dict[str, int]:
    """Each bot level's Elo rating in the game's saved ladder table (none without one)."""
    path = pages / LADDER
    if not path.exists():
        return {}
    try:
        table = json.loads(path.read_text(encoding="utf-8")).get(page)
        if table is None:
            return {}
        return {level: int(r["elo"]) for level, r in table["ratings"].items()}
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise PageError(f"{LADDER}: not a ladder table ({error!r})") from error


def seat_kinds(ratings: Mapping[str, int]) -> list[tuple[str, str]]:
    """The seat menu's choices, each bot level with its rating when the ladder has one."""
    return [
        (value, f"{label} (Elo {ratings[value]})" if value in ratings else label)
        for value, label in SEAT_KINDS
    ]


def seat_rows(count: int, template: str, ratings: Mapping[str, int] | None = None) -> str:
    """The setup form's seat rows, the first a person's and the others medium bots'."""
    if not 1 <= count <= len(SEAT_NAMES):
        raise PageError(f"seats: {count} is not from 1 to {len(SEAT_NAMES)}")
    rows = []
    for index in range(count):
        kinds = options(seat_kinds(ratings or {}), "human" if index == 0 else "medium")
        values = {"index": str(index), "number": str(index + 1), "name": SEAT_NAMES[index],
                  "kinds_html": "".join(kinds)}  # fmt: skip
        rows.append(fill(template, values, SEAT_TEMPLATE))
    return "".join(rows)


def game_values(
    part: Mapping[str, Any], page: str, seat_template: str, ratings: Mapping[str, int] | None = None
) -> dict[str, str]:
    """The template's values for one game's part (parsed pages/<page>.toml)."""
    keys = {*TEXT_KEYS, *HTML_KEYS, *OTHER_KEYS}
    if set(part) != keys:
        missing, unknown = sorted(keys - set(part)), sorted(set(part) - keys)
        raise PageError(f"{page}.toml: missing keys {missing}, unknown keys {unknown}")
    for key in (*TEXT_KEYS, *HTML_KEYS):
        if not isinstance(part[key], str):
            raise PageError(f"{page}.toml: {key} is not a string")
    stylesheets = [
        f'<link rel="stylesheet" href="{html.escape(str(sheet))}">' for sheet in part["stylesheets"]
    ]
    pace = [(str(value), str(label)) for value, label in part["pace"]]
    return {
        **{key: part[key] for key in (*TEXT_KEYS, *HTML_KEYS)},
        "page": page,
        "stylesheets_html": "\n".join(stylesheets),
        "seats_html": seat_rows(int(part["seats"]), seat_template, ratings),
        "ratings_note_html": RATINGS_NOTE if ratings else "",
        "pace_html": "\n".join(options(pace, str(part["pace_selected"]))),
    }


def engine_values(page: str, *, reference: bool) -> dict[str, str]:
    """What the engine writes into a game's pages (each named after its game's id): the setup
    screen's lessons (`bugs_core.lessons`, drawn by `bugs_web.lesson` as the page draws them
    once Python runs, marking those finished on the device) and, for the rules page only, the
    `reference` (`bugs_web.reference`: the rules' own numbers, the table's own drawings)."""
    for folder in (ROOT, ROOT / "web"):  # the build runs before any virtualenv
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    from bugs_core.lessons import lessons_of
    from bugs_web.by_link import setup_html, setup_note_html
    from bugs_web.lesson import lessons_list_html
    from bugs_web.reference import reference_html

    values = {
        "lesson_count": str(len(lessons_of(page))),
        "lessons_html": lessons_list_html(page, []),
        "by_link_html": setup_html(page),
        "by_link_note_html": setup_note_html(page),
    }
    if reference:
        values["reference_html"] = reference_html(page)
    return values


def game_parts(pages: Path = PAGES) -> list[str]:
    """The game pages there are: one per pages/<page>.toml, by name."""
    return sorted(path.stem for path in pages.glob("*.toml"))


def csp_hash(text: str) -> str:
    """The policy source that allows one inline <script> or <style> of exactly this text."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def inline_block(tag: str, name: str, indent: str, public: Path) -> tuple[str, str]:
    """A file of public/ as an inline element (indented as the tag it replaces) and its hash."""
    try:
        text = (public / name).read_text(encoding="utf-8")
    except OSError as error:
        raise PageError(f"{name} cannot be inlined: {error.strerror or error}") from error
    if f"</{tag}" in text.lower():
        raise PageError(f"{name} holds '</{tag}' and cannot be inlined")
    # The element's text starts and ends with a newline so the page stays readable; the hash
    # is of that exact text.
    body = "\n" + text.rstrip("\n") + "\n" + indent
    return f"{indent}<{tag}>{body}</{tag}>", csp_hash(body)


def allow_hashes(page: str, directive: str, hashes: list[str]) -> str:
    """The page with `hashes` added to one directive of its policy meta tag."""
    match = POLICY_META.search(page)
    if match is None:
        raise PageError(
            "the page has no Content-Security-Policy meta tag to allow its inline parts"
        )
    parts = [part.strip() for part in match["policy"].split(";")]
    names = [part.split()[0] for part in parts]
    if directive not in names:
        raise PageError(f"the page's policy has no {directive}")
    index = names.index(directive)
    parts[index] = " ".join([parts[index], *hashes])
    meta = f'<meta http-equiv="Content-Security-Policy" content="{"; ".join(parts)}">'
    return page[: match.start()] + meta + page[match.end() :]


def inline_head(page: str, public: Path = PUBLIC) -> str:
    """The page with its own style sheets and its blocking script inlined, and the policy
    allowing exactly those inline elements by hash (never 'unsafe-inline')."""
    hashes: dict[str, list[str]] = {"style-src": [], "script-src": []}

    def style(match: re.Match[str]) -> str:
        element, digest = inline_block("style", match["href"], match["indent"], public)
        hashes["style-src"].append(digest)
        return element

    def script(match: re.Match[str]) -> str:
        element, digest = inline_block("script", match["src"], match["indent"], public)
        hashes["script-src"].append(digest)
        return element

    page = INLINED_SCRIPT.sub(script, INLINED_STYLE.sub(style, page))
    for directive, found in hashes.items():
        if found:
            page = allow_hashes(page, directive, found)
    return page


PYSCRIPT_CORE = "vendor/pyscript/core.js"
CORE_CHUNK = re.compile(r'from\s*"\./(?P<chunk>core-[\w-]+\.js)"')
PRELOADED_MODULES = ("vendor/pyodide/pyodide.mjs",)
PRELOADED_SCRIPTS = ("vendor/pyodide/pyodide.asm.js",)
PRELOADED_FILES = (
    "pyscript.json",
    "vendor/pyodide/pyodide-lock.json",
    "vendor/pyodide/site_stdlib.zip",
)
"""What a start fetches, in order: each module imports the next, python.mjs adds Pyodide's
runtime script (the classic one the build makes), and Pyodide fetches its files only once its
scripts have run. Named in the head, all of it downloads from the first moment
instead of one round trip after another (bench/run.py, network). `python.mjs` itself is not
among them: the head loads it as a module script of its own (pages/game.html). Nor is
Pyodide's WebAssembly: on a first visit public/runtime-preload.js preloads it, and on a later
one python.mjs's own fetch takes it from the offline cache, which measured faster."""


def preloads(script: str, public: Path = PUBLIC) -> str:
    """The head's preload links for a page running `script`: PyScript's core chunk, Pyodide's
    module and its runtime script, and the files Pyodide and PyScript fetch (as `fetch()`
    asks for them, so the browser hands the preloaded response over instead of fetching
    twice)."""
    try:
        core = (public / PYSCRIPT_CORE).read_text(encoding="utf-8")
    except OSError as error:
        raise PageError(f"{PYSCRIPT_CORE} cannot be read: {error.strerror or error}") from error
    chunk = CORE_CHUNK.search(core)
    if chunk is None:
        raise PageError(f"{PYSCRIPT_CORE} names no core chunk (another PyScript build?)")
    modules = [f"vendor/pyscript/{chunk['chunk']}", *PRELOADED_MODULES]
    for name in [*modules, *PRELOADED_SCRIPTS, *PRELOADED_FILES]:
        if not (public / name).is_file():
            raise PageError(f"{name} is to be preloaded but is not in the built site")
    links = [f'<link rel="modulepreload" href="{html.escape(m)}">' for m in modules]
    links += [
        f'<link rel="preload" href="{html.escape(js)}" as="script">' for js in PRELOADED_SCRIPTS
    ]
    links += [
        f'<link rel="preload" href="{html.escape(f)}" as="fetch" crossorigin="anonymous">'
        for f in (*PRELOADED_FILES, script)
    ]
    return "\n".join(links)


def render_game(page: str, pages: Path = PAGES, public: Path = PUBLIC) -> str:
    """The text of public/<page>.html."""
    template = (pages / TEMPLATE).read_text(encoding="utf-8")
    seat_template = (pages / SEAT_TEMPLATE).read_text(encoding="utf-8")
    with (pages / f"{page}.toml").open("rb") as file:
        part = tomllib.load(file)
    values = game_values(part, page, seat_template, level_ratings(page, pages))
    values.update(engine_values(page, reference=False))
    values["preloads_html"] = preloads(values["script"], public)
    return inline_head(fill(template, values, TEMPLATE), public)


def render_rules(page: str, pages: Path = PAGES) -> str:
    """The text of public/<page>-rules.html: the game's rules in short (its part's
    rules_html) and its reference, a static page that needs no Python."""
    with (pages / f"{page}.toml").open("rb") as file:
        part = tomllib.load(file)
    values = game_values(part, page, (pages / SEAT_TEMPLATE).read_text(encoding="utf-8"))
    engine = engine_values(page, reference=True)
    wanted = {key: values[key] for key in ("name", "page", "rules_html", "stylesheets_html")}
    wanted.update(lesson_count=engine["lesson_count"], reference_html=engine["reference_html"])
    return fill((pages / RULES_TEMPLATE).read_text(encoding="utf-8"), wanted, RULES_TEMPLATE)


def rules_page(page: str) -> str:
    """The file name of a game's rules page."""
    return f"{page}-rules.html"


def render_games(pages: Path = PAGES, public: Path = PUBLIC) -> dict[str, str]:
    """Every game page, by its file name in public/."""
    return {f"{page}.html": render_game(page, pages, public) for page in game_parts(pages)}


def render_rules_pages(pages: Path = PAGES) -> dict[str, str]:
    """Every game's rules page, by its file name in public/."""
    return {rules_page(page): render_rules(page, pages) for page in game_parts(pages)}


def write_games(out: Path = PUBLIC, pages: Path = PAGES) -> list[str]:
    """Write every game page and rules page into `out` (public/) and return their file
    names."""
    rendered = {**render_games(pages), **render_rules_pages(pages)}
    for name, text in rendered.items():
        (out / name).write_text(text, encoding="utf-8")
    return sorted(rendered)


def site_pages(public: Path = PUBLIC, pages: Path = PAGES) -> dict[str, str]:
    """Every HTML page of the site by file name, as a build writes it: the pages committed in
    public/ and the game pages rendered now (not a possibly stale earlier build's copy)."""
    found = {path.name: path.read_text(encoding="utf-8") for path in public.glob("*.html")}
    built = {**render_games(pages, public), **render_rules_pages(pages)}
    return dict(sorted({**found, **built}.items()))
