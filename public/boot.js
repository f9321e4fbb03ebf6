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
    // A game embedded in another site's page does not precache ~15 MB under that site.
    if (new URLSearchParams(location.search).has("embed")) return;
    if (navigator.serviceWorker.controller) {
      navigator.serviceWorker.getRegistration().then(watchForUpdates, () => {});
      return;
    }
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).then(
      watchForUpdates,
      (error) => console.warn(`Offline use is not available: ${plain(error)}`),
    );
  }

  // A new build: the browser installs it beside the one serving this page, and it waits
  // (sw.js). The page says so and reloads only when the player asks; a game in progress is
  // saved and named for the next start first (the page's Python listens for the event).
  function watchForUpdates(registration) {
    if (!registration) return;
    const offer = () => {
      if (registration.waiting && navigator.serviceWorker.controller) showUpdate(registration);
    };
    offer();
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => worker.state === "installed" && offer());
    });
    // Long games: look for a new build when the player comes back to the tab, as on a visit.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
  }

  function showUpdate(registration) {
    const bar = document.getElementById("update");
    if (!bar || !bar.hidden) return;
    bar.hidden = false;
    bar.querySelector("button").addEventListener("click", () => {
      document.dispatchEvent(new Event("bugs-table-before-reload"));
      navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
      registration.waiting?.postMessage("skip-waiting");
      if (!registration.waiting) location.reload(); // taken over already (another tab)
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
