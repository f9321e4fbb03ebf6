"""The documents the code cites are in the repo, and every citation resolves.

- Every ruling id the code or the tests cite (`[rule B14]` in a message, `B14` or `G20` in a
  docstring or comment, a ruling test named `test_B14_...`, Bugspiel's `§6.4`, `decision 10`,
  `tests/bugspiel/test_6_4_*.py`) has an entry in docs/rules/: a heading that starts with it.
- Every document path a comment cites (`rules/bugs.md`, `design.md`, ...) is written as a path
  under docs/ that exists.
- No comment or docstring cites an issue number: it says the reason itself or points to docs/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES = DOCS / "rules"

SCANNED = ("bugs_core", "web", "tests", "e2e", "scripts", "bench", "public")
"""The folders whose code may cite the documents (plus README.md)."""
SUFFIXES = {".py", ".js", ".mjs", ".html", ".css"}
SKIPPED = {"vendor", "node_modules", "wheels", "__pycache__", "golden"}
"""Build output and data: not code that cites anything."""

GAME_DOCS = {"bugs": "bugs.md", "bag-of-bugs": "bag-of-bugs.md", "bugspiel": "bugspiel.md"}


def _sources() -> Iterator[Path]:
    yield ROOT / "README.md"
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            parts = set(path.relative_to(ROOT).parts)
            # This file's probes cite missing ids on purpose.
            if path.suffix in SUFFIXES and not SKIPPED & parts and path != Path(__file__).resolve():
                yield path


SOURCES = tuple(_sources())


def _game(path: Path) -> str | None:
    """The game a file is about, from its path; None for shared code."""
    rel = path.relative_to(ROOT).as_posix()
    rel = re.sub(r"bugs_(core|web|pages|table)\b", "", rel)
    if "bag" in rel:
        return "bag-of-bugs"
    if "spiel" in rel:
        return "bugspiel"
    if "bugs" in rel:
        return "bugs"
    return None


# --- what docs/rules holds --------------------------------------------------------------------

_HEADING = re.compile(r"^#+ +(\S+)(?: +(\d+))?", re.M)


def _entries(name: str) -> set[str]:
    """The ids a rules document gives entries for: `B14`, `G20`, `§6.4`, `decision 10`."""
    found: set[str] = set()
    for first, number in _HEADING.findall((RULES / name).read_text(encoding="utf-8")):
        if first == "Decision" and number:
            found.add(f"decision {number}")
        elif re.fullmatch(r"[BG]\d+|§\d+(\.\d+)*", first):
            found.add(first)
    return found


ENTRIES = {game: _entries(name) for game, name in GAME_DOCS.items()}


def test_rules_documents_cover_every_ruling() -> None:
    """B1-B37 and G1-G34 each have an entry, and Bugspiel its decisions and main sections."""
    assert {f"B{i}" for i in range(1, 38)} <= ENTRIES["bugs"]
    assert {f"G{i}" for i in range(1, 35)} <= ENTRIES["bag-of-bugs"]
    assert {f"decision {i}" for i in range(1, 16)} <= ENTRIES["bugspiel"]
    assert {"§1.3", "§6.4", "§10.1", "§13.15"} <= ENTRIES["bugspiel"]


# --- what the code cites ----------------------------------------------------------------------

_RULE_ID = re.compile(r"(?<![\w#])([BG])0*(\d{1,2})[a-z]?(?![\w.])")
"""B14, G20, B34a, and test names' zero-padded B01; not hex colours or tile spaces (B1a: a
Bugspiel space, whose tile B1 is cited the same way and documented as B1 anyway)."""
_SECTION = re.compile(r"§ ?(\d+(?:\.\d+)*)")
_DECISIONS = re.compile(
    r"\b[Dd]ecisions? ((?:\d+)(?:(?:, | and | or |-|\u2013)\d+)*)\b",
)
_SECTION_TEST = re.compile(r"^test_(\d{1,2}(?:_\d{1,2})?)_[a-z]")
"""Bugspiel's per-section test files (test_6_4_placement.py) and section-named test functions."""
_TEST_FUNCTION = re.compile(r"\bdef (test_\w+)")
_RULING_TEST = re.compile(r"\btest_([BG])0*(\d{1,2})[a-z]?_")
"""A ruling test's name: test_B14_..., test_B34a_..., test_G20_..."""


def _decisions(text: str) -> Iterator[int]:
    for match in _DECISIONS.finditer(text):
        for part in match.group(1).replace(" and ", ",").replace(" or ", ",").split(","):
            low, _, high = part.replace("\u2013", "-").strip().partition("-")
            yield from range(int(low), int(high or low) + 1)


def citations(path: Path, text: str) -> Iterator[tuple[str | None, str, int]]:
    """Every ruling id a file cites, as (game or None, id, line number)."""
    game = _game(path)
    for number, line in enumerate(text.splitlines(), 1):
        for letter, digits in _RULE_ID.findall(line) + _RULING_TEST.findall(line):
            yield ("bugs" if letter == "B" else "bag-of-bugs"), f"{letter}{int(digits)}", number
        for section in _SECTION.findall(line):
            yield game, f"§{section}", number
        for decision in _decisions(line):
            yield "bugspiel", f"decision {decision}", number
    if path.parts[-3:-1] == ("tests", "bugspiel") or path.parent.name == "rules":
        names = [path.stem] if path.parent.name == "bugspiel" else []
        names += _TEST_FUNCTION.findall(text)
        for name in names:
            if match := _SECTION_TEST.match(name):
                yield game, "§" + match.group(1).replace("_", "."), 0


def _resolves(game: str | None, ruling: str) -> bool:
    if game is None:
        return any(ruling in entries for entries in ENTRIES.values())
    return ruling in ENTRIES[game]


def _missing(paths: tuple[Path, ...]) -> list[str]:
    missing = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for game, ruling, line in citations(path, text):
            if not _resolves(game, ruling):
                where = GAME_DOCS.get(game or "", "any docs/rules/*.md")
                missing.append(f"{path.relative_to(ROOT)}:{line}: {ruling} (not in {where})")
    return missing


def test_every_cited_ruling_has_an_entry() -> None:
    """Each id cited in code, comments, messages and test names is a heading in docs/rules."""
    assert _missing(SOURCES) == []


def test_the_check_finds_a_missing_ruling(tmp_path: Path) -> None:
    """The scan is not vacuous: ids beyond the documents are reported, real ones are not."""
    fake = ROOT / "bugs_core" / "bugspiel" / "_probe.py"
    text = '"""[rule B38] [rule G35] §6.9, decision 16; B14, G20, §6.4, decisions 2, 6, 9-11."""\n'
    found = {(g, r) for g, r, _ in citations(fake, text) if not _resolves(g, r)}
    assert found == {
        ("bugs", "B38"),
        ("bag-of-bugs", "G35"),
        ("bugspiel", "§6.9"),
        ("bugspiel", "decision 16"),
    }
    # A ruling test named after an id that has no entry, and a Bugspiel section file.
    tests = ROOT / "tests" / "rules" / "test_bugs_probe.py"
    assert {r for _, r, _ in citations(tests, "def test_B38_x() -> None: ...\n")} == {"B38"}
    section_file = ROOT / "tests" / "bugspiel" / "test_6_9_probe.py"
    assert ("bugspiel", "§6.9") in {(g, r) for g, r, _ in citations(section_file, "")}
    # Sections resolve per game: Bag of Bugs has §7.2.4, Bugs does not.
    assert _resolves("bag-of-bugs", "§7.2.4")
    assert not _resolves("bugs", "§7.2.4")


# --- cited document paths ---------------------------------------------------------------------

_DOC_PATH = re.compile(r"(?<![\w/.-])((?:docs/)?(?:rules/[\w*-]+\.md|[\w-]+\.md))")
_OWN_FILES = {"README.md"}
"""Markdown files cited by their plain name that are not documents under docs/."""


def _bad_paths(paths: tuple[Path, ...]) -> list[str]:
    bad = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for cited in _DOC_PATH.findall(line):
                if cited in _OWN_FILES:
                    continue
                if not cited.startswith("docs/") or not list(ROOT.glob(cited)):
                    bad.append(f"{path.relative_to(ROOT)}:{number}: {cited}")
    return bad


def test_cited_documents_exist_under_docs() -> None:
    """`rules/bugs.md` or a bare `design.md` is written `docs/rules/bugs.md`, `docs/design.md`."""
    assert _bad_paths(SOURCES) == []


def test_the_path_check_catches_a_bare_or_missing_document(tmp_path: Path) -> None:
    probe = ROOT / "bugs_core" / "_probe.py"
    lines = {
        "rules/bugs.md": "a bare rules path",
        "docs/rules/nowhere.md": "a document that does not exist",
        "design.md": "a bare design.md",
    }
    found = []
    for cited in lines:
        found += [
            c
            for c in _DOC_PATH.findall(f"# see {cited} §2")
            if not c.startswith("docs/") or not list(ROOT.glob(c))
        ]
    assert found == list(lines)
    assert not [c for c in _DOC_PATH.findall("# see docs/rules/bugs.md") if not list(ROOT.glob(c))]
    assert probe.suffix in SUFFIXES


# --- issue numbers ----------------------------------------------------------------------------

_ISSUE = re.compile(r"\bissues?(?:\s|#|\*)*\d+\b", re.I)
""""issue 7", "(issue\\n# 7)", "issue #7": a tracker reference a clone cannot follow."""


def _issue_citations(paths: tuple[Path, ...]) -> list[str]:
    found = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        for match in _ISSUE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: {match.group(0)!r}")
    return found


def test_no_comment_cites_an_issue_number() -> None:
    """Comments say the reason, or point to docs/, never to a tracker's issue number."""
    assert _issue_citations(SOURCES) == []


@pytest.mark.parametrize(
    "text", ["(issue 7)", "issues 3 and 7", "(issue\n    7: the soak)", "# issue #12"]
)
def test_the_issue_check_matches(text: str) -> None:
    assert _ISSUE.search(text)


def test_the_docs_index_links_resolve() -> None:
    """docs/README.md links to the documents it lists, and they exist (adding-a-game.md may
    arrive with another change; a link to it is allowed ahead of it)."""
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)\)", index)
    assert "design.md" in links and "rules/bugs.md" in links
    for link in links:
        assert link == "adding-a-game.md" or (DOCS / link).exists(), link
