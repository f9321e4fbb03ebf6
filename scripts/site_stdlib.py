"""The site's own Python standard library: Pyodide's python_stdlib.zip less what no page can import.

Pyodide ships the whole standard library, 2.5 MB compressed, and a first visit downloads all of
it before Python starts: on a 4 Mbit/s line that is 5 s. Our pages reach a third of it. The
build keeps the modules the browser's code imports, followed through the standard library
itself (every import statement, those inside functions too, so a module imported lazily is
kept; only `if __name__ == "__main__":` blocks are skipped), plus what the interpreter imports
from C and the text codecs we name. The rest (unittest, the network clients, pdb,
multiprocessing, most codecs, ...) is left out of the zip python.mjs gives Pyodide; the stock
zip stays in vendor/ for a plain PyScript page (the benchmark's reference, e2e/test_micropip.py).

An import of a module left out fails with ModuleNotFoundError naming it, and Pyodide's own note
on it ("removed from the Python standard library in the Pyodide distribution").
"""

from __future__ import annotations

import ast
import io
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

INTERPRETER = (
    "__future__",
    "_collections_abc",
    "_colorize",
    "_compat_pickle",
    "_py_abc",
    "_py_warnings",
    "_pylong",
    "_sitebuiltins",
    "_strptime",
    "_sysconfigdata__emscripten_wasm32-emscripten",
    "_threading_local",
    "_weakrefset",
    "annotationlib",
    "codecs",
    "copyreg",
    "encodings",
    "io",
    "linecache",
    "site",
    "traceback",
    "warnings",
    "zipimport",
)
"""Imported by the interpreter itself, from C, where no import statement shows it: at start-up,
to print a traceback, for strptime, for a huge int's digits, for pickling."""
PYODIDE = ("_pyodide", "pyodide")
"""Pyodide's own Python packages, kept whole: its JavaScript side imports their modules."""
CODECS = (
    "aliases",
    "ascii",
    "base64_codec",
    "charmap",
    "cp437",
    "hex_codec",
    "idna",
    "latin_1",
    "punycode",
    "raw_unicode_escape",
    "undefined",
    "unicode_escape",
    "utf_16",
    "utf_16_be",
    "utf_16_le",
    "utf_32",
    "utf_32_be",
    "utf_32_le",
    "utf_8",
    "utf_8_sig",
    "zlib_codec",
)
"""The text codecs kept (encodings.*): codecs are imported by name at run time, so no import
statement shows which are needed. Unicode and Latin-1, the byte-to-text codecs, and cp437
(zip file names)."""


UNREACHABLE = {
    "argparse": "a command line's: ours is not in the pages, and a stdlib module's own _main()",
    "concurrent.futures.process": "a pool of processes: Pyodide cannot start a process",
    "doctest": "tests and debugging",
    "ftplib": "a network client over sockets, which a page cannot open",
    "http.client": "a network client over sockets, which a page cannot open",
    "http.server": "a server",
    "importlib.metadata": "installed packages' metadata, read by installers: pages install none",
    "multiprocessing": "processes: Pyodide cannot start a process",
    "pdb": "tests and debugging",
    "pydoc": "help() at an interactive prompt",
    "unittest": "tests and debugging",
    "urllib.request": "a network client over sockets (a page fetches with pyscript.fetch)",
    "webbrowser": "opens a desktop browser (segno's show()): a page is in one already",
    "xmlrpc": "a network client over sockets, which a page cannot open",
}
"""Modules left out although some kept module imports them, each with why no page can need it:
the import statements that name them sit in code paths a page never takes (pathlib's
Path.from_uri, asyncio's process pool, site's help())."""


@dataclass(frozen=True, slots=True)
class Source:
    """One Python module of the code the browser runs: its dotted name and text."""

    module: str
    text: str
    package: bool = False


@dataclass(frozen=True, slots=True)
class Trimmed:
    """What trim() kept and left out."""

    kept: frozenset[str]
    """Module names kept."""
    dropped: frozenset[str]
    """Module names left out."""
    stock_bytes: int
    site_bytes: int


def imports_of(source: Source) -> set[str]:
    """Every module `source` may import, with its parent packages: import statements anywhere
    (lazy ones in functions too) but under `if __name__ == "__main__":`."""
    try:
        tree = ast.parse(source.text)
    except SyntaxError:
        return set()
    found: set[str] = set()
    for node in walk_skipping_main(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = absolute(source, node.module, node.level)
            found.add(base)
            # `from package import name` may name a submodule
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return {parent for name in found for parent in parents(name)}


def walk_skipping_main(tree: ast.AST) -> Iterator[ast.AST]:
    """ast.walk, less the bodies of `if __name__ == "__main__":` (a module's self-test)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and is_main_test(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def is_main_test(test: ast.expr) -> bool:
    """Whether `test` is `__name__ == "__main__"`."""
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and len(test.comparators) == 1
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == "__main__"
    )


def absolute(source: Source, module: str | None, level: int) -> str:
    """The absolute name of `from {'.' * level}{module} import ...` written in `source`."""
    if level == 0:
        return module or ""
    parts = source.module.split(".")
    if not source.package:
        parts = parts[:-1]
    parts = parts[: len(parts) - (level - 1)]
    return ".".join([*parts, module] if module else parts)


def parents(name: str) -> Iterator[str]:
    """'a.b.c' -> 'a', 'a.b', 'a.b.c'."""
    parts = name.split(".")
    for end in range(1, len(parts) + 1):
        yield ".".join(parts[:end])


class Stdlib:
    """The modules of a python_stdlib.zip, by dotted name."""

    def __init__(self, data: bytes) -> None:
        self.zip = zipfile.ZipFile(io.BytesIO(data))
        self.paths = {info.filename for info in self.zip.infolist()}

    def path(self, module: str) -> str | None:
        """The zip path of `module`'s source, or None when the zip has no such module."""
        stem = module.replace(".", "/")
        for path in (f"{stem}.py", f"{stem}/__init__.py"):
            if path in self.paths:
                return path
        return None

    def source(self, module: str) -> Source | None:
        path = self.path(module)
        if path is None:
            return None
        return source_at(path, self.zip.read(path).decode("utf-8"))

    def modules_under(self, package: str) -> Iterator[str]:
        """`package` and every module inside it."""
        for path in self.paths:
            if path.endswith(".py") and (path.startswith(f"{package}/") or path == f"{package}.py"):
                yield module_of(path)

    def closure(self, roots: Iterable[Source], modules: Iterable[str]) -> set[str]:
        """The stdlib modules `roots` import, directly or through others, plus `modules`."""
        kept: set[str] = set()
        todo = [name for root in roots for name in imports_of(root)]
        todo.extend(name for module in modules for name in parents(module))
        while todo:
            name = todo.pop()
            if name in kept or unreachable(name):
                continue
            source = self.source(name)
            if source is None:
                continue  # ours, a built-in module, or not in the zip
            kept.add(name)
            todo.extend(imports_of(source))
        return kept


def unreachable(module: str) -> bool:
    """Whether `module` is in UNREACHABLE or inside a package there."""
    return any(name in UNREACHABLE for name in parents(module))


def wanted(stdlib: Stdlib, roots: Iterable[Source], modules: Iterable[str] = ()) -> set[str]:
    """The modules the site's zip keeps: the closure of `roots`, of `modules` and of what is
    always kept."""
    always = [*INTERPRETER, *(f"encodings.{codec}" for codec in CODECS), *modules]
    for package in PYODIDE:
        always.extend(stdlib.modules_under(package))
    return stdlib.closure(roots, always)


def module_of(path: str) -> str:
    """'email/mime/text.py' -> 'email.mime.text'; 'email/__init__.py' -> 'email'."""
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def kept_paths(paths: Iterable[str], kept: set[str]) -> set[str]:
    """The zip entries that go in the site's zip: the kept modules, the data files of kept
    packages, and the folders that hold any of those or no module at all (site-packages/)."""
    paths = list(paths)
    files = {path for path in paths if not path.endswith("/")}
    folders = [path for path in paths if path.endswith("/")]
    sources = [path for path in files if path.endswith(".py")]
    moduleless = {folder for folder in folders if not any(p.startswith(folder) for p in sources)}
    chosen = set()
    for path in files:
        folder = path.rsplit("/", 1)[0] + "/" if "/" in path else ""
        if path.endswith(".py"):
            keep = module_of(path) in kept
        else:  # a data file: with its package, or in a folder of no module
            keep = folder in moduleless or module_of(folder.rstrip("/")) in kept
        if keep:
            chosen.add(path)
    for folder in folders:
        if folder in moduleless or any(p.startswith(folder) for p in chosen):
            chosen.add(folder)
    return chosen


def trim(
    stock: bytes, roots: Iterable[Source], modules: Iterable[str] = ()
) -> tuple[bytes, Trimmed]:
    """The site's zip from the stock one, keeping what `roots` and `modules` need: the kept
    entries in the stock order and with their dates, so the same inputs give the same bytes."""
    stdlib = Stdlib(stock)
    kept = wanted(stdlib, roots, modules)
    chosen = kept_paths(stdlib.paths, kept)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as site:
        for info in stdlib.zip.infolist():
            if info.filename in chosen:
                site.writestr(info, stdlib.zip.read(info), compresslevel=9)
    every = {module_of(path) for path in stdlib.paths if path.endswith(".py")}
    data = out.getvalue()
    return data, Trimmed(frozenset(kept), frozenset(every - kept), len(stock), len(data))


def package_sources(
    folder: Path, package: str, skip: Callable[[str], bool] = lambda module: False
) -> Iterator[Source]:
    """The modules of the package at `folder / package`, less those `skip` names (by their
    dotted name: the command line's, which never run in a page)."""
    for path in sorted((folder / package).rglob("*.py")):
        source = source_at(path.relative_to(folder).as_posix(), path.read_text(encoding="utf-8"))
        if not skip(source.module):
            yield source


def tree_sources(tree: dict[str, object], prefix: tuple[str, ...] = ()) -> Iterator[Source]:
    """The modules of a package given as nested {name: text or folder} (PyScript's bundle)."""
    for name, value in tree.items():
        if isinstance(value, dict):
            yield from tree_sources(value, (*prefix, name))
        elif isinstance(value, str) and name.endswith(".py"):
            yield source_at("/".join((*prefix, name)), value)


def source_at(path: str, text: str) -> Source:
    """The module at `path` (a .py path inside a folder on sys.path) with its text."""
    return Source(module_of(path), text, path.endswith("/__init__.py"))
