// What the Firefox suite shares: Debian's Firefox ESR driven over WebDriver BiDi by
// puppeteer-core, the project's own site server, a second origin for embedding, CPython's
// answers (oracle.py), and the guard that fails a test on any console error, page error,
// Content-Security-Policy violation or request that leaves the site.
//
// One browser and one site server per test file (`firefoxSuite()`); each test gets a fresh
// browser context (its own storage, caches and service workers) and page.
//
// Run, after `python3 scripts/site.py build`:  node --test --test-concurrency=1 e2e/firefox/
// BUGS_PYTHON names the Python (default: .venv/bin/python), BUGS_FIREFOX the browser (default:
// /usr/bin/firefox-esr).
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

import puppeteer from "puppeteer-core";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PUBLIC = path.join(ROOT, "public");
export const FIREFOX = process.env.BUGS_FIREFOX ?? "/usr/bin/firefox-esr";
// A cold Pyodide start takes ~5 s on two cores; leave room for a loaded CI machine.
export const TIMEOUT_MS = 60_000;
export const GAME_TIMEOUT_MS = 240_000;
const LOCAL_HOST = "127.0.0.1";
const POLICY_CHANNEL = "bugs-table-policy";

// Anything not on 127.0.0.1 goes to a proxy that is not there, so a stray request fails at
// once instead of reaching out; the guard still names it. (Firefox never proxies localhost.)
const OFFLINE_PREFS = {
  "network.proxy.type": 1,
  "network.proxy.http": LOCAL_HOST,
  "network.proxy.http_port": 9,
  "network.proxy.ssl": LOCAL_HOST,
  "network.proxy.ssl_port": 9,
  "network.proxy.socks_remote_dns": true,
  "network.dns.disablePrefetch": true,
  "network.prefetch-next": false,
};

// Runs first in every frame of every page: each Content-Security-Policy violation goes to the
// test over a BiDi channel, naming the directive and the blocked address. (Firefox also logs
// each as an error, which the guard catches on its own; this names it even so.) Workers are
// not hooked.
function watchPolicy(send) {
  document.addEventListener("securitypolicyviolation", (event) => {
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : "";
    const sample = event.sample ? ` (sample: ${event.sample})` : "";
    send(
      `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"}` +
        ` on ${event.documentURI}${where}${sample}`,
    );
  });
}

/** The Python that runs the project's scripts: $BUGS_PYTHON, else the repository's .venv. */
export function pythonPath() {
  return process.env.BUGS_PYTHON || path.join(ROOT, ".venv", "bin", "python");
}

function pythonEnv() {
  // This checkout's code first, whatever the venv's editable install points at.
  const paths = [ROOT, path.join(ROOT, "web"), process.env.PYTHONPATH].filter(Boolean);
  return { ...process.env, PYTHONPATH: paths.join(path.delimiter) };
}

/** Ask CPython (e2e/firefox/oracle.py) a question; its answer, parsed from JSON. */
export function cpython(args, input = "") {
  const run = spawnSync(pythonPath(), [path.join(ROOT, "e2e", "firefox", "oracle.py"), ...args], {
    cwd: ROOT,
    env: pythonEnv(),
    input,
    encoding: "utf8",
  });
  if (run.error) throw new Error(`${pythonPath()} did not run (set BUGS_PYTHON): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`oracle.py ${args.join(" ")} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

/** Fail with the fix when public/ lacks the build's output. */
export function checkSiteBuilt(root = PUBLIC) {
  const needed = [
    "pyscript.json",
    "vendor/pyodide/pyodide.mjs",
    "vendor/pyscript/core.js",
    "bugs.html",
    "bag-of-bugs.html",
    "bugspiel.html",
    "sw-precache.js",
  ];
  const missing = needed.filter((name) => !existsSync(path.join(root, name)));
  const wheels = existsSync(path.join(root, "wheels")) ? readdirSync(path.join(root, "wheels")) : [];
  if (!wheels.some((name) => name.endsWith(".whl"))) missing.push("wheels/*.whl");
  if (missing.length) {
    throw new Error(
      `The site is not built (missing ${missing.map((m) => `public/${m}`).join(", ")}): ` +
        "run `python3 scripts/site.py build` first.",
    );
  }
}

/** Serve the built site with the project's own server on a free port: {url, origin, stop()}. */
export async function serveSite({ root } = {}) {
  checkSiteBuilt(root ?? PUBLIC);
  const args = ["scripts/site.py", "serve", "--no-build", "--port", "0", "--quiet"];
  if (root) args.push("--root", root);
  const server = spawn(pythonPath(), args, { cwd: ROOT, env: pythonEnv(), stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const firstLine = await new Promise((resolve, reject) => {
    server.once("error", (error) => {
      reject(new Error(`${pythonPath()} did not run (set BUGS_PYTHON): ${error.message}`));
    });
    const lines = createInterface({ input: server.stdout });
    lines.once("line", (line) => resolve(line));
    lines.once("close", () => resolve(""));
  });
  const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(firstLine);
  if (!match) {
    server.kill();
    throw new Error(`the site server did not start: ${JSON.stringify(firstLine)}`);
  }
  server.stdout.resume(); // never let a full pipe stall the server
  const url = match[0];
  return {
    url,
    origin: new URL(url).origin,
    /** Stop serving: from now on the port refuses every connection. */
    async stop() {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** A second static server on its own port of 127.0.0.1: another origin, for a page that
 * embeds the site. `page(name, html)` puts a page on it and returns its URL. */
export async function serveHost() {
  const pages = new Map();
  const server = createServer((request, response) => {
    const html = pages.get(new URL(request.url, "http://host").pathname);
    response.writeHead(html === undefined ? 404 : 200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html ?? "not here");
  });
  await new Promise((resolve) => server.listen(0, LOCAL_HOST, resolve));
  const url = `http://${LOCAL_HOST}:${server.address().port}/`;
  return {
    url,
    origin: new URL(url).origin,
    page(name, html) {
      pages.set(`/${name}`, html);
      return `${url}${name}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Launch Firefox ESR headless, with every frame's policy violations reported to the guard. */
export async function launchFirefox({ prefs = {} } = {}) {
  if (!existsSync(FIREFOX)) throw new Error(`${FIREFOX} is missing: apt-get install -y firefox-esr`);
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: { ...OFFLINE_PREFS, ...prefs },
  });
  await browser.connection.send("script.addPreloadScript", {
    functionDeclaration: watchPolicy.toString(),
    arguments: [{ type: "channel", value: { channel: POLICY_CHANNEL } }],
  });
  return browser;
}

// Firefox ESR 140's remote agent throws this in a page's realm whenever a cross-origin frame
// loads while any preload script is installed (the policy watcher above): measured with an
// empty preload script and a plain cross-origin frame, and not with Firefox 153. It is the
// driver's error, not the page's: it has no stack and comes from no script of the page.
const PRELOAD_FRAME_ERROR = 'Error: Permission denied to access property "length"';

function driversOwnError(entry, firefoxMajor) {
  return (
    firefoxMajor < 153 &&
    entry.type === "javascript" &&
    entry.text === PRELOAD_FRAME_ERROR &&
    !entry.stackTrace?.callFrames?.length
  );
}

/** The browser's major version ("firefox/140.12.0" gives 140). */
export async function firefoxMajor(browser) {
  return Number((await browser.version()).split("/").at(-1).split(".")[0]);
}

/** What the browser did during one test that it must not: ask anything of another origin, log
 * an error, throw, or violate a page's policy. It hears the whole browser over BiDi (every
 * context, frame and worker the browser reports), from `start()` to `stop()`. */
export class Guard {
  requests = [];
  foreign = [];
  errors = [];
  warnings = []; // allowed, but a test may look at them
  violations = [];
  problemsExpected = false;
  #connection;
  #site = null;
  #alsoAllowed = new Set();
  #listening = false;

  #firefoxMajor;

  constructor(browser, firefoxMajor) {
    this.#connection = browser.connection;
    this.#firefoxMajor = firefoxMajor;
  }

  /** From now on only the site's origin, plus exactly the URLs in `alsoAllowed` (say, the
   * host page a test serves from a second origin to embed the site), may be asked. */
  onlySite(siteUrl, ...alsoAllowed) {
    this.#site = new URL(siteUrl).origin;
    this.#alsoAllowed = new Set(alsoAllowed);
  }

  allows(url) {
    if (/^(data|blob|about):/.test(url)) return true;
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.hostname !== LOCAL_HOST) return false;
    return this.#site === null || parsed.origin === this.#site || this.#alsoAllowed.has(url);
  }

  #onRequest = (event) => {
    const url = event.request.url;
    // Each redirect of one request is reported again: count the request once.
    if (event.redirectCount) return;
    this.requests.push(url);
    if (!this.allows(url)) this.foreign.push(url);
  };

  #onLog = (entry) => {
    if (driversOwnError(entry, this.#firefoxMajor)) return;
    if (entry.type === "javascript") {
      this.errors.push(`page error: ${entry.text}${where(entry)}`);
    } else if (entry.level === "error") {
      this.errors.push(`console error: ${entry.text}${where(entry)}`);
    } else if (entry.level === "warn") {
      this.warnings.push(entry.text);
    }
  };

  #onMessage = (message) => {
    if (message.channel === POLICY_CHANNEL) this.violations.push(String(message.data?.value));
  };

  start() {
    if (this.#listening) return;
    this.#listening = true;
    this.#connection.on("network.beforeRequestSent", this.#onRequest);
    this.#connection.on("log.entryAdded", this.#onLog);
    this.#connection.on("script.message", this.#onMessage);
  }

  stop() {
    if (!this.#listening) return;
    this.#listening = false;
    this.#connection.off("network.beforeRequestSent", this.#onRequest);
    this.#connection.off("log.entryAdded", this.#onLog);
    this.#connection.off("script.message", this.#onMessage);
  }

  /** This test provokes problems on purpose and checks them itself. */
  expectProblems() {
    this.problemsExpected = true;
  }

  /** Everything wrong so far, as lines of a report; empty when all is well. */
  problems() {
    const report = [];
    if (this.foreign.length) report.push("requests left the site:", ...this.foreign);
    if (this.violations.length) report.push("the page's Content-Security-Policy was violated:", ...this.violations);
    if (this.errors.length) report.push("the browser reported errors:", ...this.errors);
    return report;
  }
}

function where(entry) {
  const frame = entry.stackTrace?.callFrames?.[0];
  return frame?.url ? ` (at ${frame.url}:${frame.lineNumber + 1})` : "";
}

/** One browser and one site server for the test file that calls this (at its top level), and
 * `suite.test(name, fn)`: a test with a fresh context and page, guarded. `fn` gets
 * {page, context, guard, site}; the site is the file's server unless the test passes its own
 * ({site: server} in the options). */
export function firefoxSuite({ prefs } = {}) {
  const suite = { browser: null, server: null };
  before(
    async () => {
      checkSiteBuilt();
      [suite.browser, suite.server] = await Promise.all([launchFirefox({ prefs }), serveSite()]);
      suite.major = await firefoxMajor(suite.browser);
    },
    { timeout: TIMEOUT_MS },
  );
  after(
    async () => {
      await suite.browser?.close();
      await suite.server?.stop();
    },
    { timeout: TIMEOUT_MS },
  );
  suite.test = (name, fn, { timeout = GAME_TIMEOUT_MS } = {}) =>
    test(name, { timeout }, async () => {
      const context = await suite.browser.createBrowserContext();
      const guard = new Guard(suite.browser, suite.major);
      let failure = null;
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(TIMEOUT_MS);
        guard.onlySite(suite.server.url);
        guard.start();
        await fn({ page, context, guard, site: suite.server.url });
      } catch (error) {
        failure = error;
      } finally {
        guard.stop();
        await context.close().catch(() => {});
      }
      const problems = guard.problems();
      if (failure) {
        // The browser's own complaints usually say why a wait timed out.
        if (problems.length) failure.message += `\n${problems.join("\n")}`;
        throw failure;
      }
      if (problems.length && !guard.problemsExpected) assert.fail(problems.join("\n"));
    });
  return suite;
}

// -- waiting and reading ---------------------------------------------------------------------

/** Wait until `fn(arg)` is truthy in the page (polled every 100 ms); its value. On timeout the
 * error says what was awaited. */
export async function until(page, what, fn, arg, timeout = TIMEOUT_MS) {
  try {
    const handle = await page.waitForFunction(fn, { polling: 100, timeout }, arg);
    const value = await handle.jsonValue();
    await handle.dispose();
    return value;
  } catch (error) {
    error.message = `waiting for ${what}: ${error.message}`;
    throw error;
  }
}

/** The attribute of the first element matching `selector`, or null. */
export function attr(page, selector, name) {
  return page.evaluate((s, n) => document.querySelector(s)?.getAttribute(n) ?? null, selector, name);
}

/** The text of the first element matching `selector`, or null. */
export function text(page, selector) {
  return page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
}

/** How many elements match `selector`. */
export function count(page, selector) {
  return page.evaluate((s) => document.querySelectorAll(s).length, selector);
}

/** Wait until the element's text equals `expected` (a string) or matches it (a RegExp). */
export async function untilText(page, selector, expected, timeout = TIMEOUT_MS) {
  const want = expected instanceof RegExp ? { source: expected.source, flags: expected.flags } : { exact: expected };
  try {
    return await until(
      page,
      `the text of ${selector} to be ${expected}`,
      ([s, w]) => {
        const value = document.querySelector(s)?.textContent;
        if (value == null) return false;
        const ok = w.exact !== undefined ? value === w.exact : new RegExp(w.source, w.flags).test(value);
        return ok && value;
      },
      [selector, want],
      timeout,
    );
  } catch (error) {
    error.message += ` (now: ${JSON.stringify(await text(page, selector).catch(() => "?"))})`;
    throw error;
  }
}

/** Wait until the element's attribute has this value. */
export async function untilAttr(page, selector, name, value, timeout = TIMEOUT_MS) {
  try {
    await until(
      page,
      `${selector}[${name}="${value}"]`,
      ([s, n, v]) => document.querySelector(s)?.getAttribute(n) === v,
      [selector, name, String(value)],
      timeout,
    );
  } catch (error) {
    error.message += ` (now: ${JSON.stringify(await attr(page, selector, name).catch(() => "?"))})`;
    throw error;
  }
}

/** Click the middle of the first (or `last`) element matching `selector` (once it shows), by its place on
 * the screen, as a person's mouse does: the tables redraw their SVG on every change, so an
 * element found a moment ago may be a new node with the same place by now. An element out of
 * view is brought into it by the mouse wheel, as a person scrolls: Firefox keeps re-applying
 * the scroll a `focus()` asked for on every layout until a user's scroll ends it, so a script's
 * scrollBy would be undone at the next frame. */
export async function click(page, selector, { count: clicks = 1, last = false } = {}) {
  for (let scrolls = 0; ; scrolls++) {
    const seen = await until(
      page,
      `${selector} to show`,
      ([s, lastOne]) => {
        const element = lastOne ? [...document.querySelectorAll(s)].at(-1) : document.querySelector(s);
        const box = element?.getBoundingClientRect();
        if (!box || box.width < 1 || box.height < 1) return null;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const away = x < 0 || y < 0 || x >= innerWidth || y >= innerHeight;
        return { x, y, away, by: [x - innerWidth / 2, y - innerHeight / 2], view: [innerWidth, innerHeight] };
      },
      [selector, last],
    );
    if (!seen.away) {
      await page.mouse.click(seen.x, seen.y, { count: clicks });
      return;
    }
    assert.ok(scrolls < 20, `${selector} stays out of view (at ${seen.x}, ${seen.y}) after ${scrolls} scrolls`);
    await page.mouse.move(seen.view[0] / 2, seen.view[1] / 2);
    await page.mouse.wheel({ deltaX: Math.round(seen.by[0]), deltaY: Math.round(seen.by[1]) });
    await sleep(50); // the wheel's scroll lands on a later frame
  }
}

/** Give the focus to the first element matching `selector` (HTML or SVG). */
export async function focus(page, selector) {
  await page.evaluate((s) => document.querySelector(s).focus(), selector);
}

/** Wait (in ms). */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
