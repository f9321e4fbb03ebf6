// Make the Pyodide memory snapshot the pages start from (scripts/site_build.py runs this).
//
//   node scripts/snapshot.mjs PYODIDE_DIR STDLIB_ZIP WHEEL PYSCRIPT_STDLIB PYSCRIPT_START OUT MODULE...
//     [--compile PACKAGE...]
//
// STDLIB_ZIP is the standard library the pages start with (scripts/site_stdlib.py): the
// snapshot holds Python's index of that zip, so it must be the very zip python.mjs names.
//
// Boots the vendored Pyodide in Node, unzips our wheel into Python's working folder
// (/home/pyodide, on sys.path), imports MODULE... (our packages with every module in them)
// and saves the interpreter's memory to OUT. A page restored from it skips Python's start-up
// and those imports. Nothing random may be made here: every visitor gets this memory, so the
// pages draw their seeds from the browser.
//
// A snapshot keeps Python's objects but not its files, and some modules cannot be imported
// here because they need a page: PYSCRIPT_STDLIB, PyScript's own Python package (the object
// its bundle writes into the working folder on every start, src/stdlib/pyscript.js), and each
// PACKAGE of our wheel after --compile (the pages' glue). Those are compiled here instead and
// kept in memory by bugs_web.snapshot_imports, first on sys.meta_path, so a page imports them
// without compiling some 65 KB of Python at each start. PYSCRIPT_START is the module of PyScript's
// that makes the script it runs before a page's first (src/stdlib.js): a page handed exactly
// that script imports PyScript's package from memory instead (bugs_web.pyscript_start).
"use strict";

import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlibZip, wheel, pyscriptStdlib, pyscriptStart, out, ...rest] =
  process.argv.slice(2);
const split = rest.includes("--compile") ? rest.indexOf("--compile") : rest.length;
const [modules, compiled] = [rest.slice(0, split), rest.slice(split + 1)];
if (!pyodideDir || !wheel || !pyscriptStdlib || !pyscriptStart || !out) {
  console.error(
    "usage: node scripts/snapshot.mjs PYODIDE_DIR STDLIB_ZIP WHEEL PYSCRIPT_STDLIB " +
      "PYSCRIPT_START OUT MODULE... " +
      "[--compile PACKAGE...]",
  );
  process.exit(2);
}

const PREPARE = `
import importlib, os, pkgutil, sys, zipfile
with zipfile.ZipFile("/tmp/bugs_table.whl") as wheel:
    wheel.extractall("/home/pyodide")
os.remove("/tmp/bugs_table.whl")
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
from bugs_core import is_command_line
for name in ${JSON.stringify(modules)}:
    module = importlib.import_module(name)
    if not name.startswith("bugs_"):
        continue
    # our packages bring every module in them, but not the command line's
    for info in pkgutil.walk_packages(module.__path__, name + "."):
        if not is_command_line(info.name):
            importlib.import_module(info.name)
# each game's tables (cards, boards) are built on first use: build them now
from bugs_core.registry import GAMES
from bugs_core.rng import Rng
for game in GAMES.values():
    game.legal_actions(game.initial_state(game.make_setup({}), Rng(0)))
print(len(sys.modules), "modules in memory")
`;

// PyScript's package as it will write it ("./" then the tree, from the working folder: used
// from memory only while the file there holds the same source), then our PACKAGEs.
const COMPILE = `
def _compile():  # a function, so nothing is left in __main__, the pages' namespace
    import json
    from pathlib import Path
    from bugs_web.snapshot_imports import CompiledFinder, install
    finder = CompiledFinder()
    for relative, text in json.loads(FILES).items():
        finder.add("/home/pyodide", relative, text, on_disk=True)
    for package in ${JSON.stringify(compiled)}:
        folder = Path("/home/pyodide") / package
        if not (folder / "__init__.py").is_file():
            raise SystemExit(f"--compile {package}: no such package in the wheel")
        for path in sorted(folder.rglob("*.py")):
            relative = path.relative_to("/home/pyodide").as_posix()
            finder.add("/home/pyodide", relative, path.read_text(encoding="utf-8"), on_disk=False)
    install(finder)
    print(len(finder.modules), "modules compiled for the pages to import from memory")
    from bugs_web import pyscript_start
    pyscript_start.expect(START, "/home/pyodide", finder, "/tmp/pyscript-start")
_compile()
del _compile
`;

// {"pyscript": {"__init__.py": "...", ...}} as {"pyscript/__init__.py": "...", ...}
function flatten(tree, prefix = "", files = {}) {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") files[prefix + name] = value;
    else flatten(value, `${prefix}${name}/`, files);
  }
  return files;
}

// The same inputs make the same snapshot, to the byte: Python's memory would otherwise hold
// the clock, a random state and this script's path of the moment it was made (two builds
// differed in 3,723 of 7,680 pages). So a build is the same file anywhere, a deploy from CI
// included, and a host that validates by content can answer a later build's precache with
// "not modified" for the snapshot when only other files changed. While it is made: str hashing
// unseeded (PYTHONHASHSEED=0, in loadPyodide's env), the wall clock and the monotonic clock
// counting up from fixed starts (one millisecond a reading, so the import system still sees
// a folder change), every random byte from a fixed seed, and a neutral program name. No
// visitor is the poorer: every one restores this same memory whatever it holds, and the
// pages draw their randomness from the browser.
function reproducible() {
  let wallClock = Date.UTC(2026, 0, 1);
  Date.now = () => (wallClock += 1);
  let monotonic = 0;
  performance.now = () => (monotonic += 1);
  let seed = 0x9e3779b9; // a linear congruential generator: plenty for bytes nobody may trust
  const fill = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      bytes[i] = seed >>> 24;
    }
    return view;
  };
  nodeCrypto.randomFillSync = fill; // Emscripten's getentropy in Node
  globalThis.crypto.getRandomValues = fill;
  Math.random = () => fill(new Uint32Array(1))[0] / 2 ** 32;
  process.argv = [process.argv[0], "./this.program"]; // Emscripten's name in a browser
}

async function main() {
  reproducible();
  const folder = resolve(pyodideDir);
  const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({
    indexURL: `${folder}/`,
    stdLibURL: resolve(stdlibZip),
    env: { PYTHONHASHSEED: "0" },
    _makeSnapshot: true,
  });
  pyodide.FS.writeFile("/tmp/bugs_table.whl", readFileSync(wheel));
  pyodide.runPython(PREPARE);
  const { default: stdlib } = await import(pathToFileURL(resolve(pyscriptStdlib)).href);
  // the script PyScript runs first, which writes that package and imports it: the bundle
  // makes it from the same tree (src/stdlib.js), so the text is the page's to the byte
  const { stdlib: start } = await import(pathToFileURL(resolve(pyscriptStart)).href);
  pyodide.globals.set("FILES", JSON.stringify(flatten(stdlib)));
  pyodide.globals.set("START", start);
  pyodide.runPython(COMPILE);
  pyodide.globals.delete("FILES");
  pyodide.globals.delete("START");
  const snapshot = pyodide.makeMemorySnapshot();
  writeFileSync(out, snapshot);
  console.log(`snapshot: ${snapshot.length} bytes`);
}

try {
  await main();
} catch (error) {
  // One readable line: left alone, Node prints a line of minified Pyodide first.
  // The exception's own line, not a note Python added after it (Pyodide's on a missing module).
  const lines = String(error?.message ?? error).trim().split("\n");
  const raised = lines.filter((line) => /^[A-Za-z_.]+(Error|Exception|Exit)\b/.test(line)).pop();
  console.error(`snapshot failed: ${raised ?? lines.pop()}`);
  process.exit(1);
}
