// Make the Pyodide memory snapshot the pages start from (scripts/site_build.py runs this).
//
//   node scripts/snapshot.mjs PYODIDE_DIR WHEEL PYSCRIPT_STDLIB OUT MODULE...
//
// Boots the vendored Pyodide in Node, unzips our wheel into Python's working folder
// (/home/pyodide, on sys.path), imports MODULE... (our packages with every module in them)
// and saves the interpreter's memory to OUT. A page restored from it skips Python's start-up
// and those imports. Nothing random may be made here: every visitor gets this memory, so the
// pages draw their seeds from the browser.
//
// PYSCRIPT_STDLIB is PyScript's own Python package (src/stdlib/pyscript.js, the object its
// bundle writes into the working folder on every start, then imports). It cannot be imported
// here (it needs the page), but it is written and byte-compiled here, with checked-hash .pyc
// files: the page's PyScript writes the same sources over them, and the import loads the
// bytecode instead of compiling about 30 KB of Python on every start.
"use strict";

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, pyscriptStdlib, out, ...modules] = process.argv.slice(2);
if (!pyodideDir || !wheel || !pyscriptStdlib || !out) {
  console.error("usage: node scripts/snapshot.mjs PYODIDE_DIR WHEEL PYSCRIPT_STDLIB OUT MODULE...");
  process.exit(2);
}

const PREPARE = `
import importlib, os, pkgutil, sys, zipfile
with zipfile.ZipFile("/tmp/bugs_table.whl") as wheel:
    wheel.extractall("/home/pyodide")
os.remove("/tmp/bugs_table.whl")
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
for name in ${JSON.stringify(modules)}:
    module = importlib.import_module(name)
    if not name.startswith("bugs_"):
        continue
    # our packages bring every module in them, but not the command line's
    for info in pkgutil.walk_packages(module.__path__, name + "."):
        if ".cli" not in info.name and not info.name.endswith("__main__"):
            importlib.import_module(info.name)
# each game's tables (cards, boards) are built on first use: build them now
from bugs_core.registry import get_game
from bugs_core.rng import Rng
for game_id in ("bugs", "bag-of-bugs", "bugspiel"):
    game = get_game(game_id)
    game.legal_actions(game.initial_state(game.make_setup({}), Rng(0)))
print(len(sys.modules), "modules in memory")
`;

// Where PyScript writes its package ("./" then the tree, from the working folder), compiled
// as the import would find it; a source that differs from the bytecode's hash is recompiled.
const COMPILE = `
import json, os, py_compile
from pathlib import Path
for name, text in json.loads(FILES).items():
    path = Path("/home/pyodide") / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    py_compile.compile(
        str(path), doraise=True, invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH
    )
print(len(json.loads(FILES)), "PyScript modules byte-compiled")
`;

// {"pyscript": {"__init__.py": "...", ...}} as {"pyscript/__init__.py": "...", ...}
function flatten(tree, prefix = "", files = {}) {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === "string") files[prefix + name] = value;
    else flatten(value, `${prefix}${name}/`, files);
  }
  return files;
}

async function main() {
  const folder = resolve(pyodideDir);
  const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true });
  pyodide.FS.writeFile("/tmp/bugs_table.whl", readFileSync(wheel));
  pyodide.runPython(PREPARE);
  const { default: stdlib } = await import(pathToFileURL(resolve(pyscriptStdlib)).href);
  pyodide.globals.set("FILES", JSON.stringify(flatten(stdlib)));
  pyodide.runPython(COMPILE);
  pyodide.globals.delete("FILES");
  const snapshot = pyodide.makeMemorySnapshot();
  writeFileSync(out, snapshot);
  console.log(`snapshot: ${snapshot.length} bytes`);
}

try {
  await main();
} catch (error) {
  // One readable line: left alone, Node prints a line of minified Pyodide first.
  console.error(`snapshot failed: ${String(error?.message ?? error).trim().split("\n").pop()}`);
  process.exit(1);
}
