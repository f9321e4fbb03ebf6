// Firefox's row of bench/run.py's "engines" part: Debian's Firefox ESR driven by puppeteer-core
// over WebDriver BiDi (no geckodriver, no browser download). run.py hands over everything
// measured as one JSON argument, the in-page scripts included, so that the three engines run
// the very same JavaScript; this prints one JSON object of figures on stdout.
//
//   node bench/firefox_engine.mjs '{"visits": [...], "selftests": [...], "scripts": {...}}'
"use strict";

import puppeteer from "puppeteer-core";

const job = JSON.parse(process.argv[2]);
const FIREFOX = "/usr/bin/firefox-esr";
const POLL_MS = 50;

async function waitFor(page, script, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await page.evaluate(script);
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${script.slice(0, 80)}`);
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

// Each visit in a new browser context: a first visit, no service worker nor cache yet.
async function visit(browser, url, watch, result) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load", timeout: job.timeoutMs });
    await page.evaluate(watch);
    return await waitFor(page, result, job.timeoutMs);
  } finally {
    await context.close();
  }
}

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: FIREFOX,
  headless: true,
});
const figures = { version: await browser.version(), ready: [], selftest: [] };
try {
  const { scripts } = job;
  for (const url of job.visits) {
    figures.ready.push(await visit(browser, url, scripts.watchReady, scripts.ready));
  }
  for (const url of job.selftests) {
    figures.selftest.push(await visit(browser, url, "null", scripts.selftest));
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(figures) + "\n");
