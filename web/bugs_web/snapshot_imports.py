"""Modules compiled while the build made the memory snapshot, imported from memory in a page.

A Pyodide memory snapshot keeps Python's objects but not its files: the working folder of a
restored page is empty until PyScript writes its own package there. So the build compiles what
the page will import but cannot import itself (the pages' glue, `bugs_pages`, and PyScript's
package, which both need a page) into code objects held by a `CompiledFinder`, and puts that
finder first on `sys.meta_path` (scripts/snapshot.mjs). In the page an import of those modules
runs the code at once instead of compiling some 65 KB of Python in a cold interpreter.

A module whose file the page writes itself (PyScript's) is taken from memory only while that
file holds exactly the source that was compiled; any other text is imported from the file, the
usual way. Tracebacks still show source lines: the loader hands linecache the source.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.abc import Loader, MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import PurePosixPath
from types import CodeType, ModuleType


@dataclass(frozen=True)
class Compiled:
    """One module's source, where it claims to live, and its code."""

    path: str
    source: str
    code: CodeType
    package: bool
    on_disk: bool  # the page writes this file itself: used only while it holds `source`


def module_name(relative: str) -> tuple[str, bool]:
    """("pkg.mod", False) for "pkg/mod.py", ("pkg", True) for "pkg/__init__.py"."""
    parts = PurePosixPath(relative).with_suffix("").parts
    if PurePosixPath(relative).suffix != ".py" or not parts:
        raise ValueError(f"not a Python module path: {relative!r}")
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


class CompiledFinder(MetaPathFinder, Loader):
    """Finds and loads the modules `add` compiled."""

    def __init__(self) -> None:
        self.modules: dict[str, Compiled] = {}

    def add(self, folder: str, relative: str, source: str, *, on_disk: bool) -> str:
        """Compile the module at `folder`/`relative` (a path like "pkg/mod.py") now; return its
        dotted name. A syntax error is raised here, at build time."""
        name, package = module_name(relative)
        path = str(PurePosixPath(folder) / relative)
        code = compile(source, path, "exec", dont_inherit=True)
        self.modules[name] = Compiled(path, source, code, package, on_disk)
        return name

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        entry = self.modules.get(fullname)
        if entry is None or (entry.on_disk and not _holds(entry.path, entry.source)):
            return None
        spec = ModuleSpec(fullname, self, origin=entry.path, is_package=entry.package)
        spec.has_location = True  # __file__ is set from origin
        if entry.package:
            spec.submodule_search_locations = [str(PurePosixPath(entry.path).parent)]
        return spec

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        exec(self.modules[module.__name__].code, module.__dict__)

    def get_source(self, fullname: str) -> str | None:
        """For linecache, hence tracebacks, when no file holds the source."""
        entry = self.modules.get(fullname)
        return entry.source if entry is not None else None


def _holds(path: str, source: str) -> bool:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read() == source
    except (OSError, UnicodeDecodeError):
        return False


def install(finder: CompiledFinder) -> None:
    """Put `finder` first, ahead of the file system's finder (once)."""
    if finder not in sys.meta_path:
        sys.meta_path.insert(0, finder)
