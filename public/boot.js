// Shows Python's start-up progress and start-up failures. Plain JavaScript on purpose: it
// must work before (and if) Python never starts. Once Python runs, the page's Python takes
// over (#runtime gets data-state="ready") and this script stands down.
"use strict";

(() => {
  const runtime = document.getElementById("runtime");
  const status = document.getElementById("status");
  const bar = document.getElementById("load-progress");
  const loadTime = document.getElementById("load-time");
  const errorLine = document.getElementById("load-error");
  const steps = [...document.querySelectorAll("#load-steps li")];
  const SLOW_SECONDS = 45;

  // PyScript's "py:progress" messages, mapped to the step they start. PyScript 0.7 sends
  // "Loading remote packages" *before* the interpreter has downloaded, so only "Loaded
  // interpreter" or "Loading files" (our wheel, unzipped) may start the package step.
  const stepOf = [
    [/^Loading Pyodide|^Loading interpreter/, "python"],
    [/^Loaded interpreter|^Loading files/, "wheel"],
    [/^Loaded Pyodide/, "page-code"],
  ];

  const settled = () => runtime.dataset.state !== "loading";

  function activate(name) {
    const index = steps.findIndex((li) => li.dataset.step === name);
    if (index < 0 || steps[index].dataset.state !== "pending") return;
    steps.forEach((li, i) => {
      if (i < index) li.dataset.state = "done";
      else if (i === index) li.dataset.state = "active";
    });
    bar.value = Math.round((100 * index) / steps.length);
  }

  addEventListener("py:progress", ({ detail }) => {
    if (settled()) return;
    const message = String(detail);
    for (const [pattern, name] of stepOf) {
      if (pattern.test(message)) activate(name);
    }
  });

  // One readable line from an error: a Python traceback's last line says what went wrong,
  // anything else its first.
  function plain(value) {
    const text = String(value?.message ?? value ?? "unknown error").trim();
    const lines = text.split("\n").map((line) => line.trim()).filter(Boolean);
    if (lines[0]?.startsWith("Traceback")) return lines[lines.length - 1];
    return lines[0] ?? "unknown error";
  }

  function fail(error) {
    if (settled()) return;
    const label = steps.find((li) => li.dataset.state === "active")?.textContent ?? "Loading";
    runtime.dataset.state = "error";
    status.textContent = "Python could not start";
    errorLine.textContent =
      `Failed while ${label[0].toLowerCase()}${label.slice(1)}: ${plain(error)}. ` +
      "Reloading the page may help.";
    errorLine.hidden = false;
    loadTime.textContent = "";
    // Page-specific places that wait for Python say that it will not come.
    const summary = document.getElementById("selftest-summary");
    if (summary) summary.textContent = "Not run: Python did not start.";
    const start = document.getElementById("start");
    if (start) start.textContent = "Python did not start";
  }

  addEventListener("error", (event) => fail(event.error ?? event.message));
  addEventListener("unhandledrejection", (event) => fail(event.reason));

  // A slow network is not an error, but say that we are still at it. (A runtime file that
  // fails to load can also leave Pyodide waiting forever without any error event.)
  const ticker = setInterval(() => {
    if (settled()) return clearInterval(ticker);
    const seconds = performance.now() / 1000;
    loadTime.textContent = `${seconds.toFixed(0)} s`;
    if (seconds > SLOW_SECONDS && errorLine.hidden) {
      errorLine.textContent = "This is taking longer than usual. A slow connection? Reloading may help.";
      errorLine.hidden = false;
    }
  }, 1000);

  // Offline use: the service worker (sw.js) precaches the whole site. It registers once the
  // page has settled, so its downloads never compete with Python's start. Where service
  // workers are unavailable (an old browser, a private mode, plain http off localhost) the
  // site simply stays online-only. Once a worker controls the page, the browser checks for a
  // new build by itself on each visit.
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || !isSecureContext) return;
    if (navigator.serviceWorker.controller) return;
    // A game embedded in another site's page does not precache ~15 MB under that site.
    if (new URLSearchParams(location.search).has("embed")) return;
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch((error) => {
      console.warn(`Offline use is not available: ${plain(error)}`);
    });
  }

  if (!runtime || settled()) {
    registerServiceWorker();
  } else {
    const watcher = new MutationObserver(() => {
      if (!settled()) return;
      watcher.disconnect();
      registerServiceWorker();
    });
    watcher.observe(runtime, { attributes: true, attributeFilter: ["data-state"] });
  }
})();
