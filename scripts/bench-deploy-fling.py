#!/usr/bin/env python3
"""The bundled page flung through nginx for DURATION seconds while scripts/bench-deploy restarts the instances.

Usage: bench-deploy-fling.py BASE DURATION. Headless Chromium opens BASE/?value=72.4 and flings its views one after
another (CDP synthesized wheel gestures at 20,000 px/s, as scripts/bench-page does) until DURATION has passed; then
waits for them to settle. The page's own fetches of /frame/ are counted as they leave and come back (a wrapper
installed before the page's scripts run), and so is every sign of an element gone stale: `endless-offline` events,
and elements found stale (`:state(stale)` or a `stale` attribute) every 50 ms. Prints one JSON object.
"""

from __future__ import annotations

import json
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

WATCH = r"""
window.__deploy = { sent: 0, ok: 0, failed: [], aborted: 0, offline: 0, online: 0, staleSeen: 0, staleIds: [] };
const d = window.__deploy, original = window.fetch;
window.fetch = function (input, init) {
  const url = String(input && input.url || input);
  if (!url.includes('/frame/')) return original.apply(this, arguments);
  d.sent++;
  return original.apply(this, arguments).then((response) => {
    if (response.ok) d.ok++; else d.failed.push(`${response.status} ${new URL(url).pathname}`);
    return response;
  }, (error) => {
    if (error && error.name === 'AbortError') d.aborted++; else d.failed.push(`${error} ${new URL(url).pathname}`);
    throw error;
  });
};
document.addEventListener('endless-offline', () => d.offline++, true);
document.addEventListener('endless-online', () => d.online++, true);
const stale = (el) => el.hasAttribute('stale') || (() => { try { return el.matches(':state(stale)'); }
  catch { return false; } })();
setInterval(() => {
  for (const el of document.querySelectorAll('endless-ruler, endless-loop, endless-grid')) {
    if (stale(el)) { d.staleSeen++; if (!d.staleIds.includes(el.id)) d.staleIds.push(el.id); }
  }
}, 50);
"""

# View, and the gesture's direction: each fling goes one way, then the next the other way.
FLINGS = [("weight", 1, 0), ("grid", 1, 1), ("loop", 1, 0), ("height", 0, 1), ("grid", -1, 1)]


def main() -> None:
    base, duration = sys.argv[1], float(sys.argv[2])
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--window-size=1300,1200"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        driver.get(f"{base}/?value=72.4")
        time.sleep(1.5)  # every element live
        start, flings, sign = time.monotonic(), 0, 1
        while time.monotonic() - start < duration:
            view, dx, dy = FLINGS[flings % len(FLINGS)]
            element = driver.find_element("id", view)
            driver.execute_script("arguments[0].scrollIntoView({ block: 'center' })", element)
            box = driver.execute_script(
                "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]",
                element)
            driver.execute_cdp_cmd("Input.synthesizeScrollGesture", {
                "x": box[0], "y": box[1], "xDistance": -3000 * dx * sign, "yDistance": -3000 * dy * sign,
                "speed": 20_000, "gestureSourceType": "mouse"})
            flings += 1
            sign = -sign if flings % len(FLINGS) == 0 else sign
        time.sleep(2)  # the last fling settles
        result = driver.execute_script(
            "const errors = [...document.querySelectorAll('endless-ruler, endless-loop, endless-grid')]"
            ".filter((el) => { const e = el.shadowRoot.querySelector('.error'); return e && !e.hidden; })"
            ".map((el) => el.id);"
            "return Object.assign({}, window.__deploy, { flings: arguments[0], errors,"
            " weight: document.getElementById('weight').value })", flings)
        print(json.dumps(result))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
