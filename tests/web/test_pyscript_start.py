"""bugs_web.pyscript_start: PyScript's start script done from memory, only for the very text
the build saw, with the files it writes written later and the same."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bugs_web import pyscript_start
from bugs_web.snapshot_imports import CompiledFinder, install

# A package in the start script's shape: PyScript's bundle writes each file with pathlib, then
# imports the package and deletes its names (node_modules/@pyscript/core/src/stdlib.js).
FILES = {
    "pyscript/__init__.py": "from pyscript.context import NAME\n",
    "pyscript/context.py": "NAME = 'from the package'\n",
}


def start_script(files: dict[str, str]) -> str:
    lines = ["import os as _os", "from pathlib import Path as _Path", "_path = None"]
    lines += ['_path = _Path("./pyscript")', 'if not _os.path.exists("./pyscript"):']
    lines.append("    _path.mkdir(parents=True, exist_ok=True)")
    for relative, text in files.items():
        lines.append(f'_path = _Path("./{relative}")')
        lines.append(f'_path.write_text({json.dumps(text)},encoding="utf-8")')
    lines.append("import pyscript as _pyscript")
    lines += [f"del {name}" for name in ("_Path", "_path", "_os", "_pyscript")]
    return "\n".join(lines) + "\n\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The working folder, with a finder holding the package compiled, as the snapshot has."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(home)
    finder = CompiledFinder()
    for relative, text in FILES.items():
        finder.add(str(home), relative, text, on_disk=True)
    pyscript_start.expect(start_script(FILES), str(home), finder, str(tmp_path / "scratch"))
    install(finder)
    yield home
    sys.meta_path.remove(finder)
    for name in [n for n in sys.modules if n.split(".")[0] == "pyscript"]:
        del sys.modules[name]
    importlib.invalidate_caches()
    monkeypatch.setattr(pyscript_start, "EXPECTED", None)


def test_the_expected_script_imports_the_package_from_memory_and_writes_later(
    folder: Path,
) -> None:
    assert pyscript_start.run(start_script(FILES))
    assert sys.modules["pyscript"].NAME == "from the package"
    assert not (folder / "pyscript").exists()  # not yet: the page is not idle
    pyscript_start.write_files()
    written = {p.relative_to(folder).as_posix(): p.read_text() for p in folder.rglob("*.py")}
    assert written == FILES
    (folder / "pyscript" / "context.py").write_text("changed since")
    pyscript_start.write_files()  # once only
    assert (folder / "pyscript" / "context.py").read_text() == "changed since"


def test_any_other_script_runs_the_usual_way(folder: Path) -> None:
    other = start_script({**FILES, "pyscript/context.py": "NAME = 'another PyScript'\n"})
    assert not pyscript_start.run(other)
    assert not pyscript_start.run("print('a page script')")
    assert "pyscript" not in sys.modules
    pyscript_start.write_files()  # nothing to do: the usual way writes its own files
    assert not (folder / "pyscript").exists()


def test_another_working_folder_runs_the_usual_way(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(folder.parent)
    assert not pyscript_start.run(start_script(FILES))
    assert "pyscript" not in sys.modules


def test_a_plain_start_expects_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pyscript_start, "EXPECTED", None)
    assert not pyscript_start.run(start_script(FILES))
    pyscript_start.write_files()


@pytest.mark.parametrize(
    ("script", "problem"),
    [
        (start_script(FILES).replace("import pyscript as _pyscript", "import os"), "does not end"),
        (start_script(FILES) + "print('more')\n", "does not end"),
        (start_script({**FILES, "pyscript/extra.py": ""}), "pyscript/extra.py"),
        (start_script({**FILES, "pyscript/context.py": "NAME = 2\n"}), "pyscript/context.py"),
    ],
)
def test_a_start_script_that_does_anything_else_fails_the_build(
    tmp_path: Path, script: str, problem: str
) -> None:
    finder = CompiledFinder()
    for relative, text in FILES.items():
        finder.add(str(tmp_path), relative, text, on_disk=True)
    with pytest.raises(ValueError, match=problem):
        pyscript_start.expect(script, str(tmp_path), finder, str(tmp_path / "scratch"))
    assert not (tmp_path / "scratch").exists()
