"""The game pages built from one template (scripts/site_pages.py, pages/): each carries the
site's policy once, the shared blocks, unique ids and its own part, escaped where it is text."""

from __future__ import annotations

import json
import re
import shutil
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bugs_web.kits import KITS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import site_build  # noqa: E402
import site_pages  # noqa: E402

GAMES = site_pages.render_games()
VOID = {"meta", "link", "img", "input", "br", "hr", "source", "area", "base", "col", "wbr"}
SHARED_IDS = [
    # the header's start-up progress, which boot.js drives before Python starts
    "runtime", "status", "load-time", "load-progress", "load-steps", "load-error",
    # the setup screen's frame
    "record-message", "import-file", "setup", "setup-title", "saves", "setup-form", "players",
    "setup-error", "start", "resume", "save-import",
    # the game screen's frame: game bar, record bar, log
    "game", "turn-status", "pace", "record-bar", "share-box", "notice", "log",
    "dialog", "dialog-box",
]  # fmt: skip
"""Every id the template gives every game page, in page order."""


class Page(HTMLParser):
    """A page's elements in order, each with its attributes and its ancestors' ids; fails on
    an end tag that does not close the open element."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str | None], list[str]]] = []
        self.open: list[tuple[str, str]] = []
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.elements.append((tag, values, [i for _, i in self.open if i]))
        if tag not in VOID:
            self.open.append((tag, values.get("id") or ""))

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1][0] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()

    def ids(self) -> list[str]:
        return [str(attrs["id"]) for _, attrs, _ in self.elements if attrs.get("id")]

    def by_id(self, element_id: str) -> tuple[str, dict[str, str | None], list[str]]:
        (found,) = [e for e in self.elements if e[1].get("id") == element_id]
        return found


def readme_policy() -> str:
    """The policy README.md states, one space between words."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    after = text.split("Every page carries one Content-Security-Policy", 1)[1]
    match = re.search(r"`(default-src [^`]*)`", after)
    assert match is not None, "README.md no longer states the policy"
    return " ".join(match[1].split())


def game_part(tmp_path: Path, page: str, **changes: str) -> Path:
    """A copy of pages/ whose `page` part has some plain text values replaced."""
    pages = tmp_path / "pages"
    shutil.copytree(site_pages.PAGES, pages)
    part = pages / f"{page}.toml"
    text = part.read_text(encoding="utf-8")
    for key, value in changes.items():
        text, count = re.subn(rf"(?m)^{key} = .*$", f"{key} = {value!r}", text)
        assert count == 1, key
    part.write_text(text, encoding="utf-8")
    return pages


def test_every_game_page_is_built_and_no_other() -> None:
    assert set(GAMES) == {"bugs.html", "bag-of-bugs.html", "bugspiel.html"}
    assert set(GAMES) == {kit.page for kit in KITS.values()}  # the pages embed.html sends frames to


@pytest.mark.parametrize("name", GAMES)
def test_a_game_page_carries_the_readmes_policy_once_first_in_its_head(name: str) -> None:
    page = Page(GAMES[name])
    policies = [a for t, a, _ in page.elements if a.get("http-equiv") == "Content-Security-Policy"]
    assert len(policies) == 1
    # The README's policy, and the hashes of the page's inlined parts (tests/web/test_csp.py)
    policy = re.sub(r" 'sha256-[^']*'", "", str(policies[0]["content"]))
    assert " ".join(policy.split()) == readme_policy()
    tags = [tag for tag, _, _ in page.elements]
    assert page.elements[tags.index("head") + 1][1] is policies[0]
    # The policy's hashes must not push the encoding past where browsers look for it.
    assert b'<meta charset="utf-8">' in GAMES[name].encode()[:1024]


@pytest.mark.parametrize("name", GAMES)
def test_a_game_page_has_the_shared_blocks_and_unique_ids(name: str) -> None:
    page = Page(GAMES[name])
    assert page.open == []  # every element closed, none crossed: the parts nest as they should
    ids = page.ids()
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert duplicates == [], f"{name}: ids used twice {duplicates}"
    assert [i for i in ids if i in SHARED_IDS] == SHARED_IDS
    urls = {
        str(a.get("src") or a.get("href")) for t, a, _ in page.elements if t in ("link", "script")
    }
    assert {"boot.js", "vendor/pyscript/core.js"} <= urls
    # boot.js, then python.mjs, then PyScript, each once the page is parsed (none async:
    # Chromium runs an async script only after DOMContentLoaded)
    scripts = [a for t, a, _ in page.elements if t == "script" and a.get("src")]
    started = [(a["src"], a.get("type"), "async" in a, "defer" in a) for a in scripts[:3]]
    assert started == [
        ("boot.js", None, False, True),
        ("python.mjs", "module", False, False),
        ("vendor/pyscript/core.js", "module", False, False),
    ], started
    # site.css, table.css, embed-frame.js and runtime-preload.js are inlined, whole
    # (site_pages.inline_head)
    inline = GAMES[name]
    for source in ("site.css", "table.css", "embed-frame.js", "runtime-preload.js"):
        text = (ROOT / "public" / source).read_text(encoding="utf-8").rstrip("\n")
        assert text in inline, f"{name}: {source} is not inlined whole"
    (script,) = [a for t, a, _ in page.elements if t == "script" and a.get("type") == "py"]
    assert script["config"] == "pyscript.json" and (ROOT / "public" / str(script["src"])).is_file()


@pytest.mark.parametrize("name", GAMES)
def test_a_game_page_has_the_static_hidden_resume_button_after_start(name: str) -> None:
    page = Page(GAMES[name])
    tag, attrs, ancestors = page.by_id("resume")
    assert (tag, attrs.get("type"), attrs.get("data-ui")) == ("button", "button", "resume")
    assert "hidden" in attrs and ancestors[-1] == "setup-form"
    assert page.ids().index("resume") == page.ids().index("start") + 1
    assert "#resume[hidden] { display: none; }" in (ROOT / "public" / "table.css").read_text()


@pytest.mark.parametrize("name", GAMES)
def test_start_comes_right_after_the_seats_and_the_notes_after_it(name: str) -> None:
    """A phone showed Start two screens down, under the notes on playing by link and on the
    bots' Elo: the form's choices come first (the seats, then the box for playing by link,
    whose meaning shows once it is ticked), Start, Import, then the notes."""
    page = Page(GAMES[name])
    order = [(t, a) for t, a, anc in page.elements if "setup-form" in anc]
    position = {str(a.get("id") or a.get("class")): i for i, (_t, a) in enumerate(order)}
    notes = position["setup-notes"]
    assert position["seats"] < position["start"] < notes
    # importing a record is a rare errand: after Start, no longer above the form (Python shows
    # it with the saved games, `Records.show_saves`)
    assert position["start"] < position["save-import"] < notes
    assert "hidden" in page.by_id("save-import")[1]
    noted = [a for t, a, anc in page.elements if t == "p" and "setup-form" in anc and "small" in
             str(a.get("class"))]  # fmt: skip
    assert noted
    if name in ("bugs.html", "bugspiel.html"):
        assert position["seats"] < position["by-link"] < position["start"]
        box = page.by_id("by-link")[1]
        assert box.get("aria-describedby") == "by-link-about"
        assert position["by-link-about"] < position["start"]
        assert position["ratings-note"] > notes
    else:  # why not, after Start
        assert "by-link" not in position and position["by-link-note"] > notes
    css = (ROOT / "public" / "table.css").read_text()
    assert ".by-link:has(#by-link:not(:checked)) #by-link-about { display: none; }" in css


@pytest.mark.parametrize("name", GAMES)
def test_a_game_page_seats_every_player_count_it_offers(name: str) -> None:
    page = Page(GAMES[name])
    setup = page.by_id("setup")[1]
    counts = [a for t, a, anc in page.elements if t == "option" and anc[-1:] == ["players"]]
    selected = [a["value"] for a in counts if "selected" in a]
    assert selected == [setup["data-players"]]
    seats = [a for t, a, _ in page.elements if t == "div" and "data-seat" in a]
    assert len(seats) == max(int(str(a["value"])) for a in counts)
    assert [a["data-seat"] for a in seats] == [str(i) for i in range(len(seats))]


@pytest.mark.parametrize("name", GAMES)
def test_no_template_slot_is_left(name: str) -> None:
    assert "{{" not in GAMES[name] and "}}" not in GAMES[name]


def test_a_build_writes_the_rendered_pages_and_precaches_them(tmp_path: Path) -> None:
    built = {**GAMES, **site_pages.render_rules_pages()}
    assert site_pages.write_games(tmp_path) == sorted(built)
    for name, text in built.items():
        assert (tmp_path / name).read_text(encoding="utf-8") == text
    assert set(built) <= set(site_build.precache_files(tmp_path))


def test_the_template_is_not_served() -> None:
    assert not site_pages.PAGES.is_relative_to(site_build.PUBLIC)
    served = {Path(name).name for name in site_build.precache_files()}
    assert site_pages.TEMPLATE not in served and site_pages.SEAT_TEMPLATE not in served


def test_text_from_a_games_part_is_escaped(tmp_path: Path) -> None:
    hostile = '<script>alert("x")</script> & "more"'
    pages = game_part(tmp_path, "bugs", title=hostile, description=hostile, name=hostile)
    text = site_pages.render_game("bugs", pages)
    assert "<script>alert" not in text and '"more"' not in text
    escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;more&quot;"
    assert f"<title>{escaped} · Bugs Table</title>" in text
    assert f'<meta name="description" content="{escaped}">' in text
    assert f'aria-label="Game of {escaped}"' in text
    page = Page(text)
    assert page.by_id("game")[1]["aria-label"] == f"Game of {hostile}"  # one attribute, intact
    assert text.count("<script>") == 2  # the inlined embed-frame.js and runtime-preload.js


def test_markup_from_a_games_part_is_kept_and_indented_as_its_slot() -> None:
    text = GAMES["bugspiel.html"]
    assert '\n    <div id="card-popup" class="card-popup" role="tooltip" hidden></div>\n' in text
    assert '\n          <p class="muted small">Several people' in text
    assert "card-popup" not in GAMES["bugs.html"]  # an empty part leaves no line behind
    assert "\n\n\n" not in GAMES["bugs.html"]


def test_a_malformed_template_or_part_fails_the_build(tmp_path: Path) -> None:
    with pytest.raises(site_pages.PageError, match="malformed"):
        site_pages.fill("<p>{{ Title }}</p>", {})
    with pytest.raises(site_pages.PageError, match="without a value"):
        site_pages.fill("<p>{{ title }}</p>", {})
    with pytest.raises(site_pages.PageError, match="without a slot"):
        site_pages.fill("<p>{{ title }}</p>", {"title": "x", "titel": "y"})
    pages = game_part(tmp_path, "bugs")
    part = pages / "bugs.toml"
    part.write_text(part.read_text(encoding="utf-8") + 'titel = "typo"\n', encoding="utf-8")
    with pytest.raises(site_pages.PageError, match=r"unknown keys \['titel'\]"):
        site_pages.render_game("bugs", pages)
    part.write_text(part.read_text(encoding="utf-8").replace('titel = "typo"\n', ""), "utf-8")
    text = part.read_text(encoding="utf-8").replace('pace_selected = "800"', 'pace_selected = "7"')
    part.write_text(text, encoding="utf-8")
    with pytest.raises(site_pages.PageError, match="not one of the choices"):
        site_pages.render_game("bugs", pages)


def test_the_seat_menus_show_each_levels_rating_from_the_ladder_table(tmp_path: Path) -> None:
    pages = game_part(tmp_path, "bugs")
    (pages / site_pages.LADDER).unlink(missing_ok=True)  # the repository's own tables aside
    plain = Page(site_pages.render_game("bugs", pages))
    assert "ratings-note" not in plain.ids()  # no table for the game: plain labels, no note
    table = {
        "bugs": {
            "command": "python -m bugs_core ladder bugs --games 200 --seed 1",
            "ratings": {
                level: {"elo": elo, "low": elo - 50, "high": elo + 50, "games": 120, "score": 0.5}
                for level, elo in (("random", 0), ("easy", 150), ("hard", 645))
            },
            "targets_met": False,
        }
    }
    (pages / site_pages.LADDER).write_text(json.dumps(table), encoding="utf-8")
    text = site_pages.render_game("bugs", pages)
    assert '<option value="hard">Bot · hard (Elo 645)</option>' in text
    assert '<option value="easy">Bot · easy (Elo 150)</option>' in text
    assert '<option value="medium">Bot · medium</option>' in text  # not in this table
    assert "ratings-note" in Page(text).ids()
    (pages / site_pages.LADDER).write_text('{"bugs": {"ratings": 7}}', encoding="utf-8")
    with pytest.raises(site_pages.PageError, match="not a ladder table"):
        site_pages.render_game("bugs", pages)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_page_preloads_its_start_in_the_head(name: str) -> None:
    """Every file of the start's chain is named in the head, as the start asks for it: the
    modules as module preloads, Pyodide's runtime as the classic script python.mjs adds, the
    rest as fetch() does (CORS mode, so the browser hands the preloaded response over instead
    of fetching it twice)."""
    head = GAMES[name].split("</head>", 1)[0]
    links = [attrs for tag, attrs, _ in Page(head + "</head></html>").elements if tag == "link"]
    modules = [a["href"] for a in links if a.get("rel") == "modulepreload"]
    scripts = [a["href"] for a in links if a.get("rel") == "preload" and a["as"] == "script"]
    assert scripts == [*site_pages.PRELOADED_SCRIPTS] == ["vendor/pyodide/pyodide.asm.js"]
    fetched = [a for a in links if a.get("rel") == "preload" and a["as"] != "script"]
    core = (site_build.PUBLIC / site_pages.PYSCRIPT_CORE).read_text(encoding="utf-8")
    chunk = site_pages.CORE_CHUNK.search(core)
    assert chunk is not None
    assert modules == [f"vendor/pyscript/{chunk['chunk']}", *site_pages.PRELOADED_MODULES]
    script = Page(GAMES[name]).elements[-1][1]
    assert [a["href"] for a in fetched] == [*site_pages.PRELOADED_FILES, script["src"]]
    assert all(a["as"] == "fetch" and a["crossorigin"] == "anonymous" for a in fetched)
    for href in [*modules, *scripts, *(a["href"] for a in fetched)]:
        assert (site_build.PUBLIC / str(href)).is_file(), href


def test_pyodides_webassembly_is_preloaded_on_a_first_visit_only() -> None:
    """Named by no link of the head: the inlined runtime-preload.js adds the link, as fetch()
    asks for the file, only where no offline worker serves the page (a later visit that
    preloaded it too measured slower)."""
    for text in GAMES.values():
        links = [str(a.get("href")) for t, a, _ in Page(text).elements if t == "link"]
        assert not [href for href in links if href.endswith("pyodide.asm.wasm")]
    preload = (ROOT / "public" / "runtime-preload.js").read_text(encoding="utf-8")
    assert "if (!navigator.serviceWorker?.controller) {" in preload
    href = re.search(r'link\.href = "([^"]+)";', preload)
    assert href is not None and (site_build.PUBLIC / href[1]).name == "pyodide.asm.wasm"
    assert 'link.as = "fetch";' in preload and 'link.crossOrigin = "anonymous";' in preload
    wrapper = (ROOT / "public" / "python.mjs").read_text(encoding="utf-8")
    assert 'new URL("pyodide.asm.wasm", folder)' in wrapper  # the file python.mjs fetches


def test_a_preload_of_a_file_the_site_lacks_fails_the_build(tmp_path: Path) -> None:
    public = tmp_path / "public"
    (public / "vendor" / "pyscript").mkdir(parents=True)
    core = site_build.PUBLIC / site_pages.PYSCRIPT_CORE
    shutil.copy(core, public / site_pages.PYSCRIPT_CORE)
    with pytest.raises(site_pages.PageError, match=r"vendor/pyscript/core-[\w-]+\.js is to be"):
        site_pages.preloads("bugs.py", public)
    (public / site_pages.PYSCRIPT_CORE).write_text("export {};", encoding="utf-8")
    with pytest.raises(site_pages.PageError, match="names no core chunk"):
        site_pages.preloads("bugs.py", public)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_page_offers_every_lesson_of_its_game_on_the_setup_screen(name: str) -> None:
    from bugs_core.lessons import lessons_of

    game_id = name.removesuffix(".html")
    page = Page(GAMES[name])
    box = f"lessons-{game_id}"
    assert page.by_id(box)[2][-1:] == ["setup"]
    links = [a["href"] for t, a, anc in page.elements if t == "a" and box in anc]
    assert links == [f"{game_id}.html#lesson={x.id}" for x in lessons_of(game_id)]
    assert f"Learn it in {len(links)} short lessons" in GAMES[name]


def test_the_landing_page_has_a_lesson_list_for_each_game_with_lessons() -> None:
    from bugs_core.lessons import GAMES as LESSON_GAMES

    page = Page((ROOT / "public" / "index.html").read_text(encoding="utf-8"))
    assert [i for i in page.ids() if i.startswith("lessons-")] == [
        f"lessons-{game}" for game in LESSON_GAMES
    ]
    assert page.by_id("learn")[0] == "section"


RULES = site_pages.render_rules_pages()


def test_every_game_has_a_rules_page_linked_from_its_game_page() -> None:
    assert set(RULES) == {site_pages.rules_page(name.removesuffix(".html")) for name in GAMES}
    for name, text in GAMES.items():
        rules = site_pages.rules_page(name.removesuffix(".html"))
        assert f'href="{rules}"' in text


@pytest.mark.parametrize("name", RULES)
def test_a_rules_page_is_the_reference_with_the_policy_and_no_script(name: str) -> None:
    from bugs_web.reference import reference_html

    game_id = name.removesuffix("-rules.html")
    text = RULES[name]
    page = Page(text)  # well nested
    policies = [a for t, a, _ in page.elements if a.get("http-equiv") == "Content-Security-Policy"]
    assert [p["content"] for p in policies] == [readme_policy()]
    assert not [t for t, _, _ in page.elements if t == "script"]  # static: no Python to wait for
    assert reference_html(game_id) in text
    assert f'href="{game_id}.html"' in text
    assert "{{" not in text and "}}" not in text
