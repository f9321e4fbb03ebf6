// The interpreter PyScript loads (pyscript.json's "interpreter"): the vendored Pyodide, started
// from the memory snapshot the build made (Python already running, our modules imported)
// instead of from scratch. If the snapshot cannot be had or restored, Pyodide starts the plain
// way, only slower, and our wheel is unzipped here. PyScript reads `version` and calls
// `loadPyodide` from here.
"use strict";

import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

// Site data off: a game embedded on another site, in a browser that blocks third-party storage
// (Chromium with third-party cookies blocked, every incognito window), opens no IndexedDB. Our
// Python keeps nothing then (its saves and progress say so), but PyScript opens an IndexedDB
// store for its package cache as it starts, on the page and in the bot worker, and a refused
// open stopped the start ("Python could not start"). PyScript imports this module first, in
// both, so here an open the browser refuses gets a database in memory for the visit instead:
// the part of IndexedDB that PyScript's store (IDBMap) uses, object stores of keys and values,
// each request answered on a later task as IndexedDB answers. Where IndexedDB works, every call
// goes to it.
let browsersIndexedDB = null;
try {
  browsersIndexedDB = globalThis.indexedDB ?? null;
} catch {
  // refused outright (an older Firefox): every open is answered in memory
}
if ("indexedDB" in globalThis) {
  const later = (run) => setTimeout(run, 0);
  const request = (answer) => {
    const asked = { result: undefined, error: null, onsuccess: null, onerror: null };
    later(() => {
      asked.result = answer();
      asked.onsuccess?.({ type: "success", target: asked });
    });
    return asked;
  };
  const objectStore = (items) => ({
    count: () => request(() => items.size),
    clear: () => request(() => items.clear()),
    delete: (key) => request(() => void items.delete(key)),
    get: (key) => request(() => items.get(key)),
    getKey: (key) => request(() => (items.has(key) ? key : undefined)),
    getAllKeys: () => request(() => [...items.keys()]),
    put: (value, key) => request(() => (items.set(key, value), key)),
  });
  const inMemory = new Map(); // database name -> its object stores, by name
  const openInMemory = (name, opening) => {
    const fresh = !inMemory.has(name);
    if (fresh) inMemory.set(name, new Map());
    const stores = inMemory.get(name);
    const db = {
      get objectStoreNames() {
        return { length: stores.size, contains: (store) => stores.has(store) };
      },
      createObjectStore(store) {
        stores.set(store, new Map());
        return objectStore(stores.get(store));
      },
      transaction() {
        const done = { objectStore: (store) => objectStore(stores.get(store)), oncomplete: null };
        later(() => done.oncomplete?.({ type: "complete", target: done }));
        return done;
      },
      close() {},
    };
    opening.result = db;
    later(() => {
      if (fresh) {
        const transaction = { oncomplete: null };
        opening.onupgradeneeded?.({ type: "upgradeneeded", target: { result: db, transaction } });
        later(() => transaction.oncomplete?.({ type: "complete", target: transaction }));
      }
      opening.onsuccess?.({ type: "success", target: opening });
    });
  };
  const open = (name, ...version) => {
    const opening = { result: undefined, error: null, onupgradeneeded: null, onsuccess: null };
    opening.onerror = opening.onblocked = null;
    let asked;
    try {
      asked = browsersIndexedDB.open(name, ...version); // null: a TypeError, answered below
    } catch {
      openInMemory(name, opening); // Firefox refuses at once
      return opening;
    }
    const forward = (type) => (event) => {
      opening.result = asked.result;
      opening[`on${type}`]?.({ type, target: { result: asked.result, transaction: asked.transaction } });
      return event;
    };
    asked.onupgradeneeded = forward("upgradeneeded");
    asked.onsuccess = forward("success");
    asked.onblocked = forward("blocked");
    asked.onerror = (event) => {
      event.preventDefault(); // refused: site data off
      openInMemory(name, opening);
    };
    return opening;
  };
  const factory = {
    open,
    deleteDatabase: (name) => browsersIndexedDB?.deleteDatabase(name),
    cmp: (a, b) => browsersIndexedDB?.cmp(a, b),
    databases: () => browsersIndexedDB?.databases() ?? Promise.resolve([]),
  };
  Object.defineProperty(globalThis, "indexedDB", { value: factory, configurable: true });
}

// The start's steps as User Timing marks ("python.mjs: snapshot read", ...): a profile in the
// browser's developer tools shows them, and bench/run.py's start rows print their medians, so
// where a later visit's time goes is read off every run, not guessed.
const MARK = "python.mjs: ";
function mark(step) {
  globalThis.performance?.mark?.(MARK + step);
}
mark("runs");

const folder = new URL("./vendor/pyodide/", import.meta.url).href;
const SNAPSHOT = "snapshot.bin.gz"; // written by scripts/site_build.py, gzipped
const wheels = new URL("./wheels/", import.meta.url);
const HOME = "/home/pyodide"; // Python's working folder, where the snapshot has our package

async function snapshot(source) {
  const bytes = await inflated((source === CACHE && (await fromTheCache())) || (await download()));
  mark("snapshot read");
  return bytes;
}

async function inflated(bytes) {
  // A host that serves .gz files with "Content-Encoding: gzip" has the browser inflate it
  // already: only gzip's magic number says whether it is still to do.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function download() {
  const response = await fetch(snapshotURL);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The snapshot as the offline cache keeps it (inflated, 31 MB), read as a Blob: the browser then
// reads the stored file whole, where a fetch streams it to the page piece by piece, each piece
// a task on this thread (on an idle page 25-50 ms against 77-118). A later visit of bugs.html
// became playable 679 ms to 645 (medians of 16 later visits, alternating with the fetch).
// Null when the cache does not have it or cannot be read: then it is fetched as usual.
async function fromTheCache() {
  try {
    const hit = await cachedCopy();
    return hit ? new Uint8Array(await (await hit.blob()).arrayBuffer()) : null;
  } catch {
    return null;
  }
}

// The offline cache's response for the snapshot, or null: looked up once, whether to decide
// where the snapshot comes from or to read it.
let lookup = null;
function cachedCopy() {
  lookup ??= (async () => {
    try {
      return (await globalThis.caches?.match(snapshotURL.href)) ?? null;
    } catch {
      return null; // no Cache Storage here (a private mode, plain http off localhost)
    }
  })();
  return lookup;
}

// The snapshot is worth its bytes only on a fast connection: it saves about 2 s of Python's
// start and imports (bench/run.py, start: cold, plain against snapshot) but weighs 6.9 MB
// gzipped, 5.5 s at 10 Mbit/s. So it is used when the offline cache has it (any visit after the
// first: no bytes at all) or when the page's own files came fast enough that it arrives within
// the time it saves; a first visit over a slower network starts Python the plain way, 6.9 MB
// lighter, and the service worker fetches the snapshot once, in the background, for the next
// visit (bench/run.py, network).
const SAVES_SECONDS = 2;
const SNAPSHOT_BYTES = 6.9e6; // the built snapshot.bin.gz (tests/test_site_build.py checks it)
const SAMPLE_BYTES = 20_000; // a response this big says something of the bandwidth

// Bytes per second of the page's own downloads so far (response start to end, so latency is
// left out, as it is paid once for the snapshot too); null when none was big enough to tell.
function bandwidth() {
  let bytes = 0;
  let ms = 0;
  for (const entry of performance.getEntriesByType("resource")) {
    const took = entry.responseEnd - entry.responseStart;
    if (entry.transferSize >= SAMPLE_BYTES && took > 0) {
      bytes += entry.transferSize;
      ms += took;
    }
  }
  if (ms > 0) return (bytes / ms) * 1000;
  const downlink = navigator.connection?.downlink; // Mbit/s, where the browser estimates it
  return typeof downlink === "number" && downlink > 0 ? (downlink * 1e6) / 8 : null;
}

// Where the snapshot comes from: the offline cache, the network, or nowhere (a plain start).
const CACHE = "cache";
const NETWORK = "network";

async function snapshotSource() {
  // A page the offline worker serves has the snapshot in its precache: no need to look first
  // (the first Cache Storage call of a page costs it 70-80 ms, paid once, when it is read).
  const controlled = Boolean(navigator.serviceWorker?.controller);
  // `?snapshot=1` or `=0` settles it (tests of either start, on a machine of any speed)
  const asked = new URLSearchParams(globalThis.location?.search ?? "").get("snapshot");
  if (asked === "0") return null;
  if (controlled) return CACHE;
  if (asked === "1") return NETWORK;
  if (await cachedCopy()) return CACHE; // the bot worker, a reload that bypassed the worker
  if (navigator.connection?.saveData) return null;
  const rate = bandwidth();
  return rate === null || SNAPSHOT_BYTES / rate < SAVES_SECONDS ? NETWORK : null;
}

// Decided, then fetched and inflated, from the moment PyScript imports this file, while it and
// Pyodide get ready; Pyodide waits for it only when it is about to start the interpreter.
const snapshotURL = new URL(SNAPSHOT, folder);
const source = snapshotSource();
const wanted = source.then(Boolean);
const pending = source.then((where) => (where ? snapshot(where) : null));
pending.catch(() => {}); // reported once, in loadPyodide
// A plain start needs our wheel: its downloads start as soon as that is known.
const plainWheel = wanted.then((yes) => (yes ? null : wheelBytes()));
plainWheel.catch(() => {});

// Pyodide compiles its WebAssembly (9.6 MB) only once it has the snapshot in hand, since the
// memory it makes is the snapshot's size; until then its download stalls, unread.
// So with a snapshot to start from, the runtime is compiled from the moment this module runs,
// while the snapshot is read (every visit compiles it: public/sw.js says why), and Pyodide is
// handed that module when it asks: a later visit of bugs.html playable 698 ms to 668 (medians
// of 20, alternating). Where compiling here fails, Pyodide fetches and compiles its own as
// usual.
const wasmURL = new URL("pyodide.asm.wasm", folder).href;
const compiled = wanted.then((yes) => (yes ? compileRuntime() : null));

async function compileRuntime() {
  try {
    const module = await WebAssembly.compileStreaming(fetch(wasmURL));
    mark("runtime compiled");
    return module;
  } catch (error) {
    console.warn(`Pyodide compiles its own runtime (${error.message})`);
    return null;
  }
}

// While Pyodide loads: its fetch of the runtime answered with a stand-in when the module is
// compiled here already, and the stand-in "instantiated" from that module.
function handOverRuntime() {
  const { fetch: usualFetch } = globalThis;
  const { instantiateStreaming } = WebAssembly;
  const standIns = new WeakMap();
  globalThis.fetch = function (resource, options) {
    if (String(resource) !== wasmURL) return usualFetch.call(this, resource, options);
    return compiled.then((module) => {
      if (!module) return usualFetch.call(this, resource, options);
      const standIn = new Response(new Uint8Array(0));
      standIns.set(standIn, module);
      return standIn;
    });
  };
  WebAssembly.instantiateStreaming = async function (source, imports) {
    const response = await source;
    const module = standIns.get(response);
    if (!module) return instantiateStreaming.call(this, response, imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  return () => {
    globalThis.fetch = usualFetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  };
}

// Pyodide's set-up builds a small WebAssembly module (the wasm-gc call trampoline, through
// which Python calls C functions) and writes its table index into Python's runtime. Restoring
// a snapshot copies memory made in Node, which cannot build that module, over it: the index
// is 0 and every such call goes through JavaScript, 10-15% slower. So the module's function
// is caught while Pyodide loads, and its index written back after the restore.
function watchTrampoline() {
  const Instance = WebAssembly.Instance;
  let trampoline = null;
  function Watching(module, imports) {
    const instance = new Instance(module, imports);
    trampoline ??= instance.exports.trampoline_call ?? null;
    return instance;
  }
  Watching.prototype = Instance.prototype;
  WebAssembly.Instance = Watching;
  return () => {
    WebAssembly.Instance = Instance;
    return trampoline;
  };
}

function restoreTrampoline(pyodide, trampoline) {
  const module = pyodide._module;
  const at = module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET;
  if (!trampoline || at === undefined) return; // none built here (iOS), or another Pyodide
  const slot = (module.__PyRuntime + module.HEAP32[at / 4]) / 4;
  // addFunction hands back the index Pyodide's set-up already gave this function
  if (module.HEAP32[slot] === 0) module.HEAP32[slot] = module.addFunction(trampoline);
}

// Where the browser has JSPI (WebAssembly.Suspending: Chromium since 137), Pyodide runs every
// call into Python on a WebAssembly secondary stack. Chromium's renderer then crashed now and
// then on a busy machine (SIGSEGV on the main thread, its stack pointer inside a secondary stack,
// reading past that stack's end: scripts/e2e-loop kept the core files). We need none of what
// JSPI gives (Python never waits synchronously on a promise here), the snapshot was made in
// Node without it, and Firefox and WebKit run Python without it already: so Pyodide is not
// shown it while it loads, and Python runs on the ordinary stack in every browser.
function hideStackSwitching() {
  const hidden = [];
  for (const name of ["Suspending", "promising"]) {
    const property = Object.getOwnPropertyDescriptor(WebAssembly, name);
    if (property && property.configurable) {
      hidden.push([name, property]);
      delete WebAssembly[name];
    }
  }
  return () => {
    for (const [name, property] of hidden) Object.defineProperty(WebAssembly, name, property);
  };
}

// Before a page's first script PyScript runs one of its own, 33 KB long, that writes its
// Python package into the working folder and imports it: 60-90 ms of a later visit's start.
// The snapshot holds that package compiled and knows the script's text, so when PyScript hands
// over exactly that text, bugs_web.pyscript_start imports the package from memory at once and
// the files are written once the page is idle. The script leaves no names behind, so the
// namespace PyScript asks for makes no difference; any other code runs the usual way.
function takeStartScript(pyodide) {
  const start = pyodide.pyimport("bugs_web.pyscript_start");
  const later = globalThis.requestIdleCallback ?? ((job) => setTimeout(job, 1000));
  const writeFiles = () => {
    try {
      start.write_files();
    } catch (error) {
      console.warn(`PyScript's files were not written (${error.message})`);
    }
  };
  const taken = (code) => {
    if (typeof code !== "string" || !start.run(code)) return false;
    mark("PyScript's package imported");
    later(writeFiles, { timeout: 5000 });
    return true;
  };
  const { runPython, runPythonAsync } = pyodide;
  pyodide.runPython = function (code, options) {
    return taken(code) ? undefined : runPython.call(this, code, options);
  };
  pyodide.runPythonAsync = async function (code, options) {
    return taken(code) ? undefined : runPythonAsync.call(this, code, options);
  };
}

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response;
}

// Our package for a plain start (a restored snapshot has it already, so the pages' config
// does not unpack it on every start): the wheel wheels/wheel.json names. It is fetched while
// Pyodide downloads and starts, not after: on a slow line that is two round trips and 330 KB
// off the start.
function wheelBytes() {
  const bytes = (async () => {
    const { wheel } = await (await fetched(new URL("wheel.json", wheels))).json();
    return (await fetched(new URL(wheel, wheels))).arrayBuffer();
  })();
  bytes.catch(() => {}); // reported once, in unpackWheel
  return bytes;
}

// The wheel unzipped into the working folder, which goes on sys.path.
async function unpackWheel(pyodide, wheel = wheelBytes()) {
  try {
    const bytes = await wheel;
    pyodide.unpackArchive(bytes, "zip", { extractDir: HOME });
    const home = JSON.stringify(HOME);
    pyodide.runPython(`import sys\nif ${home} not in sys.path: sys.path.insert(0, ${home})`);
  } catch (error) {
    throw new Error(`The game's Python code did not load (${error.message})`);
  }
  return pyodide;
}

// Pyodide's runtime script, the Emscripten module factory (1.25 MB), as the classic script the
// build makes of its pyodide.asm.mjs (scripts/site_build.py, CLASSIC_RUNTIME): Chromium keeps
// no compiled code for a module script the offline cache serves, so each later visit parsed
// Pyodide's afresh (105 ms on the other core, while the runtime's WebAssembly was checked
// there), where a classic script is read back compiled (13 ms): a later visit of bugs.html
// playable 543 ms to 528 (medians of 10, alternating). A page adds it as a script
// element (the head preloads it); a worker, which has none, evaluates its text. If neither
// works, Pyodide's own module is imported, as Pyodide would have.
const CLASSIC = "_createPyodideModule"; // the global the classic script defines
const runtime = runtimeFactory();
runtime.catch(() => {}); // reported once, in loadPyodide

async function runtimeFactory() {
  const url = new URL("pyodide.asm.js", folder);
  try {
    if (globalThis.document) await added(url.href);
    else (0, eval)(`${await (await fetched(url)).text()}\n//# sourceURL=${url}`);
    if (typeof globalThis[CLASSIC] === "function") return globalThis[CLASSIC];
  } catch (error) {
    console.warn(`Pyodide's runtime is imported as a module (${error.message})`);
  }
  return (await import(new URL("pyodide.asm.mjs", folder).href)).default;
}

function added(url) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = url;
    script.addEventListener("load", resolve);
    script.addEventListener("error", () => reject(new Error(`${url} did not load`)));
    document.head.append(script);
  });
}

// What PyScript may hand loadPyodide that a start already under way can still take: its
// print handlers. Anything else (packages, a lock file) the eager start cannot honour.
const LATE_OPTIONS = new Set(["stdout", "stderr", "indexURL"]);

// Python starts the moment this module runs (every PyScript page's head loads it as a module
// script of its own, after boot.js and before PyScript's, so it runs as soon as the page is
// parsed; PyScript's import then finds it), not when PyScript gets round to calling
// loadPyodide: Pyodide then instantiates and restores while PyScript loads its own modules,
// config and storage. A later visit of bugs.html became playable 8 % sooner (bench/run.py,
// start, warm: 765 ms to 703, medians of 10). Marked async, this script ran only after
// DOMContentLoaded, as Chromium puts async scripts off: in document order it runs 40 ms sooner
// (179 ms to 137, medians of 6 later visits), and the table is playable 648 ms to 635 (medians
// of 14, alternating).
const eager = startPython();
// a failed start is reported once, when PyScript asks for the interpreter
eager.then(() => mark("Python running")).catch(() => {});

export async function loadPyodide(options = {}) {
  const unknown = Object.keys(options).filter((key) => !LATE_OPTIONS.has(key));
  if (unknown.length) console.warn(`python.mjs starts Python itself; ignored: ${unknown}`);
  const pyodide = await eager;
  // PyScript's print handlers, as loadPyodide would have set them
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

async function startPython() {
  // The vendored runtime, whatever folder PyScript would pass as indexURL.
  const plain = {
    indexURL: folder,
    createPyodideModule: runtime,
    lockFileURL: `${folder}pyodide-lock.json`,
    // the standard library less what no page imports (scripts/site_stdlib.py), compiled
    // (scripts/compile_stdlib.mjs); the snapshot was made with this very zip
    stdLibURL: `${folder}site_stdlib.zip`,
  };
  if (!(await wanted)) {
    const showStackSwitching = hideStackSwitching();
    try {
      // a first visit over a slow line (above); the wheel is on its way already
      return await unpackWheel(await load(plain), plainWheel);
    } finally {
      showStackSwitching();
    }
  }
  let fetched = true;
  const bytes = pending.catch((error) => {
    fetched = false;
    console.warn(`Starting Python without its snapshot (${error.message}): a slower start.`);
    throw error;
  });
  // Pyodide awaits it only once its own script is in: until then a failed fetch must not
  // count as an unhandled rejection (the pages report those as a failed start).
  bytes.catch(() => {});
  const showStackSwitching = hideStackSwitching(); // Pyodide decides once, while it loads
  // the runtime compiled here, for this load and a plain one after a failed restore
  const stopHanding = handOverRuntime();
  try {
    return await start(plain, bytes, () => fetched);
  } finally {
    stopHanding();
    showStackSwitching();
  }
}

async function start(plain, bytes, snapshotFetched) {
  const stopWatching = watchTrampoline();
  try {
    const pyodide = await load({ ...plain, _loadSnapshot: bytes });
    restoreTrampoline(pyodide, stopWatching());
    takeStartScript(pyodide);
    return pyodide;
  } catch (error) {
    stopWatching();
    if (snapshotFetched()) {
      console.warn(`The snapshot did not restore (${error.message}): starting Python afresh.`);
    }
  }
  return unpackWheel(await load(plain));
}
