// Make the Pyodide memory snapshot the pages start from (scripts/site_build.py runs this).
//
//   node scripts/snapshot.mjs PYODIDE_DIR WHEEL OUT MODULE...
//
// Boots the vendored Pyodide in Node, unzips our wheel where the pages' config puts it (the
// working folder, /home/pyodide), imports MODULE... (our packages with every module in them)
// and saves the interpreter's memory to OUT. A page restored from it skips Python's start-up
// and those imports. Nothing random may be made here: every visitor gets this memory, so the
// pages draw their seeds from the browser.
"use strict";

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, out, ...modules] = process.argv.slice(2);
if (!pyodideDir || !wheel || !out) {
  console.error("usage: node scripts/snapshot.mjs PYODIDE_DIR WHEEL OUT MODULE...");
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

async function main() {
  const folder = resolve(pyodideDir);
  const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true });
  pyodide.FS.writeFile("/tmp/bugs_table.whl", readFileSync(wheel));
  pyodide.runPython(PREPARE);
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
