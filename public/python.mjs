// The interpreter PyScript loads (pyscript.json's "interpreter"): the vendored Pyodide, started
// from the memory snapshot the build made (Python already running, our modules already
// imported) instead of from scratch. If the snapshot cannot be had or restored, Pyodide starts
// the plain way, only slower. PyScript reads `version` and calls `loadPyodide` from here.
"use strict";

import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const folder = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = "snapshot.bin.gz"; // written by scripts/site_build.py, gzipped

async function snapshot() {
  const response = await fetch(new URL(SNAPSHOT, folder));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A host that serves .gz files with "Content-Encoding: gzip" has the browser inflate it
  // already: only gzip's magic number says whether it is still to do.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

// Fetched and inflated from the moment PyScript imports this file, while it and Pyodide get
// ready; Pyodide waits for it only when it is about to start the interpreter.
const pending = snapshot();
pending.catch(() => {}); // reported once, in loadPyodide

export async function loadPyodide(options = {}) {
  // PyScript passes the folder of this file as indexURL: the runtime is in vendor/pyodide/.
  const plain = { ...options, indexURL: folder, lockFileURL: `${folder}pyodide-lock.json` };
  let fetched = true;
  const bytes = pending.catch((error) => {
    fetched = false;
    console.warn(`Starting Python without its snapshot (${error.message}): a slower start.`);
    throw error;
  });
  try {
    return await load({ ...plain, _loadSnapshot: bytes });
  } catch (error) {
    if (fetched) {
      console.warn(`The snapshot did not restore (${error.message}): starting Python afresh.`);
    }
  }
  return load(plain);
}
