"""bugs_web.snapshot_imports: modules compiled at build time and imported from memory, and
only while a file the page writes itself still holds the source that was compiled."""

from __future__ import annotations

import importlib
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path

import pytest

from bugs_web.snapshot_imports import CompiledFinder, install, module_name

PAGE = '''"""A page's glue."""

from snapimp_pkg.helper import double


def main() -> int:
    return double(21)


def broken() -> None:
    raise RuntimeError("from memory")
'''
HELPER = "def double(n: int) -> int:\n    return 2 * n\n"


@pytest.fixture
def finder() -> Iterator[CompiledFinder]:
    made = CompiledFinder()
    yield made
    if made in sys.meta_path:
        sys.meta_path.remove(made)
    for name in [n for n in sys.modules if n.split(".")[0] in {"snapimp_pkg", "snapimp_disk"}]:
        del sys.modules[name]
    importlib.invalidate_caches()


def test_module_names_follow_the_paths() -> None:
    assert module_name("pyscript/__init__.py") == ("pyscript", True)
    assert module_name("pyscript/web.py") == ("pyscript.web", False)
    assert module_name("a/b/c.py") == ("a.b.c", False)
    for bad in ("pyscript/data.json", ".py", "__init__"):
        with pytest.raises(ValueError, match="not a Python module path"):
            module_name(bad)


def test_a_package_with_no_files_imports_from_memory(
    finder: CompiledFinder, tmp_path: Path
) -> None:
    folder = str(tmp_path / "gone")  # nothing is ever written there, as in a restored page
    assert finder.add(folder, "snapimp_pkg/__init__.py", "", on_disk=False) == "snapimp_pkg"
    finder.add(folder, "snapimp_pkg/page.py", PAGE, on_disk=False)
    finder.add(folder, "snapimp_pkg/helper.py", HELPER, on_disk=False)
    install(finder)
    install(finder)
    assert sys.meta_path.count(finder) == 1 and sys.meta_path[0] is finder

    page = importlib.import_module("snapimp_pkg.page")
    assert page.main() == 42
    assert page.__file__ == f"{folder}/snapimp_pkg/page.py"
    assert page.__spec__.loader is finder
    assert sys.modules["snapimp_pkg"].__path__ == [f"{folder}/snapimp_pkg"]
    # a traceback still shows the line, from the source the finder keeps
    with pytest.raises(RuntimeError) as caught:
        page.broken()
    text = "".join(traceback.format_exception(caught.value))
    assert 'raise RuntimeError("from memory")' in text


def test_a_syntax_error_is_found_when_compiling(finder: CompiledFinder) -> None:
    with pytest.raises(SyntaxError):
        finder.add("/nowhere", "snapimp_pkg/bad.py", "def (:\n", on_disk=False)


def test_a_module_the_page_writes_is_used_only_while_its_file_holds_that_source(
    finder: CompiledFinder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = "WHERE = 'memory'\n"
    finder.add(str(tmp_path), "snapimp_disk.py", compiled, on_disk=True)
    install(finder)
    monkeypatch.syspath_prepend(str(tmp_path))

    # not written yet: not found at all
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("snapimp_disk")

    # written with the same text: the compiled code runs (the file's would say the same)
    (tmp_path / "snapimp_disk.py").write_text(compiled, encoding="utf-8")
    importlib.invalidate_caches()
    module = importlib.import_module("snapimp_disk")
    assert module.__spec__.loader is finder and module.WHERE == "memory"

    # another text (another PyScript, say): the file is imported, the usual way
    del sys.modules["snapimp_disk"]
    (tmp_path / "snapimp_disk.py").write_text("WHERE = 'file'\n", encoding="utf-8")
    importlib.invalidate_caches()
    module = importlib.import_module("snapimp_disk")
    assert module.__spec__.loader is not finder and module.WHERE == "file"


def test_other_modules_are_left_to_the_usual_finders(finder: CompiledFinder) -> None:
    assert finder.find_spec("json") is None
    assert finder.get_source("json") is None
