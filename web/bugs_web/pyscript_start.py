"""PyScript's start-up script, done from the memory snapshot.

Before a page's first script runs, PyScript runs one of its own (its bundle's `stdlib`, 33 KB):
it writes PyScript's Python package into the working folder, file by file, and imports it. In a
page restored from the snapshot that costs 60-90 ms of a later visit's start: Pyodide's code
runner tokenizes all 33 KB before compiling it, and the writes go through pathlib in a Python
that has not run them yet. The snapshot already holds that package compiled
(`snapshot_imports`), so when the script PyScript hands over is the very text the build saw
(`expect`), `run` imports the package from memory at once, and the files are written later,
when the page is idle (`write_files`), leaving the folder as PyScript would. Any other text
(another PyScript, a start without the snapshot) is run the usual way.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import shutil
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bugs_web.snapshot_imports import CompiledFinder


@dataclass
class StartScript:
    """The script PyScript runs first, and where its package is kept compiled."""

    text: str
    folder: str  # the working folder the script writes into ("./pyscript/...")
    finder: CompiledFinder
    names: tuple[str, ...]  # the modules whose files the script writes
    unwritten: bool = False  # their files are still to write (run took the script's place)


EXPECTED: StartScript | None = None
"""Set by the snapshot's build (scripts/snapshot.mjs); None in a plain start."""


IMPORT = "import pyscript as _pyscript"
"""The line of the start script after its writes: what follows it only deletes names."""


def expect(text: str, folder: str, finder: CompiledFinder, scratch: str) -> None:
    """Build time: PyScript's start script, whose package `finder` holds compiled from the
    files in `folder`. Checked here, so a PyScript whose script does anything else fails the
    build: the script's writes (run in the new folder `scratch`, removed after) must make
    exactly those files, and after them it must only import `pyscript` and delete its own
    names."""
    global EXPECTED
    writes, found, tail = text.partition(IMPORT)
    if not found or not all(line.startswith("del ") for line in tail.split("\n") if line):
        raise ValueError(f"PyScript's start script does not end in {IMPORT!r} and deletions")
    on_disk = {name: entry for name, entry in finder.modules.items() if entry.on_disk}
    compiled = {
        str(PurePosixPath(entry.path).relative_to(folder)): entry.source
        for entry in on_disk.values()
    }
    written = files_written_by(writes, scratch)
    if written != compiled:
        odd = sorted(set(written) ^ set(compiled)) or [
            path for path in written if written[path] != compiled[path]
        ]
        raise ValueError(f"PyScript's start script writes other files than those compiled: {odd}")
    EXPECTED = StartScript(text, folder, finder, tuple(on_disk))


def files_written_by(script: str, scratch: str) -> dict[str, str]:
    """The files `script` writes, by path relative to the folder it runs in: `scratch`, made
    new for it and removed after. (Not `tempfile`: it would import `random` into the snapshot,
    seeded once for every visitor.)"""
    here = os.getcwd()
    os.mkdir(scratch)
    try:
        os.chdir(scratch)
        try:
            exec(compile(script, "<PyScript's start script>", "exec", dont_inherit=True), {})
        finally:
            os.chdir(here)
        root = Path(scratch)
        return {
            path.relative_to(root).as_posix(): path.read_text(encoding="utf-8")
            for path in sorted(root.rglob("*"))
            if path.is_file()
        }
    finally:
        shutil.rmtree(scratch)


def run(text: str) -> bool:
    """Do what PyScript's start script does, if `text` is the one expected, and say so."""
    start = EXPECTED
    if start is None or text != start.text or os.getcwd() != start.folder:
        return False
    # The files would hold exactly the sources compiled: take those without reading them.
    for name in start.names:
        entry = start.finder.modules[name]
        start.finder.modules[name] = dataclasses.replace(entry, on_disk=False)
    start.unwritten = True
    importlib.import_module("pyscript")
    return True


def write_files() -> None:
    """Write PyScript's package into the working folder, as its start script would have,
    once `run` has taken that script's place (else there is nothing to do)."""
    start = EXPECTED
    if start is None or not start.unwritten:
        return
    start.unwritten = False
    for name in start.names:
        entry = start.finder.modules[name]
        path = PurePosixPath(entry.path)
        os.makedirs(path.parent, exist_ok=True)
        with open(path, "w", encoding="utf-8") as file:
            file.write(entry.source)
