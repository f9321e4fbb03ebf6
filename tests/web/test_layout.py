"""The web layer's shape: pure modules never reach the browser, and no game's kit imports
another game's, so each kit can be read, tested and replaced on its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web" / "bugs_web"
BROWSER_MODULES = ("pyscript", "js", "pyodide")
MODULES = sorted(WEB.rglob("*.py"))


def imported(path: Path, text: str | None = None) -> set[str]:
    """Every module the module at `path` imports, at any depth (a function's own imports
    too), as absolute dotted names; `text` stands in for the file's own."""
    package = path.relative_to(WEB.parent).with_suffix("").parts[:-1]
    names: set[str] = set()
    source = path.read_text(encoding="utf-8") if text is None else text
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = list(package[: len(package) - node.level + 1]) if node.level else []
            module = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(WEB)))
def test_only_dom_modules_reach_the_browser(path: Path) -> None:
    if path.relative_to(WEB).parts[0] == "dom":
        return
    reached = {n for n in imported(path) if n.split(".")[0] in BROWSER_MODULES}
    assert not reached, f"{path.relative_to(WEB)} is pure but imports {sorted(reached)}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(WEB)))
def test_no_game_kit_imports_another_games(path: Path) -> None:
    parts = path.relative_to(WEB).parts
    if parts[0] != "games" or len(parts) < 3:
        return
    others = {
        n for n in imported(path) if n.startswith("bugs_web.games.") and n.split(".")[2] != parts[1]
    }
    assert not others, f"{path.relative_to(WEB)} imports another game's kit: {sorted(others)}"


def test_the_scan_sees_nested_and_relative_imports() -> None:
    text = "def f():\n    from pyscript import document\n    from ..bugs import session\n"
    names = imported(WEB / "games" / "bugspiel" / "screen.py", text)
    assert "pyscript" in names
    assert "bugs_web.games.bugs.session" in names
