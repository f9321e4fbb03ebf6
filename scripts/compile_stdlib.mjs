// Compile the site's standard library zip to bytecode (scripts/site_build.py runs this).
//
//   node scripts/compile_stdlib.mjs PYODIDE_DIR IN_ZIP OUT_ZIP
//
// Pyodide's zip holds Python source, and a first visit's plain start compiles every module it
// imports, in WebAssembly not yet optimised: at 10 Mbit/s that was 4 s of the main thread
// after the last byte came in (bench/run.py, network). The vendored Pyodide itself compiles
// each module here to a .pyc (unchecked hash-based, PEP 552: no source and no date to
// compare), in place of its .py; the zip grows from 1.2 to 2.2 MB, and that start is 2.5 s
// faster at 10 Mbit/s and no slower at 4 Mbit/s. Tracebacks through the standard library show
// file and line, not the line's text.
"use strict";

import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, input, output] = process.argv.slice(2);
if (!pyodideDir || !input || !output) {
  console.error("usage: node scripts/compile_stdlib.mjs PYODIDE_DIR IN_ZIP OUT_ZIP");
  process.exit(2);
}

const COMPILE = `
def _compile():
    import importlib.util
    import sys
    import zipfile
    from importlib._bootstrap_external import _code_to_hash_pyc

    # the path the pages' Python finds the zip at, so code objects name the file it reads
    home = next(path for path in sys.path if path.endswith(".zip"))
    with zipfile.ZipFile("/tmp/in.zip") as source, zipfile.ZipFile("/tmp/out.zip", "w") as out:
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".py"):
                code = compile(data, f"{home}/{info.filename}", "exec", dont_inherit=True)
                data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
                info = zipfile.ZipInfo(info.filename + "c", info.date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data, compresslevel=9)
_compile()
`;

try {
  const folder = resolve(pyodideDir);
  const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
  const pyodide = await loadPyodide({ indexURL: `${folder}/` });
  pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
  pyodide.runPython(COMPILE);
  writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
} catch (error) {
  const lines = String(error?.message ?? error).trim().split("\n");
  const raised = lines.filter((line) => /^[A-Za-z_.]+(Error|Exception)\b/.test(line)).pop();
  console.error(`compiling the standard library failed: ${raised ?? lines.pop()}`);
  process.exit(1);
}
