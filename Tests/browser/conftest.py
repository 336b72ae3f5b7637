"""Fixtures for the real-browser tests of the page (`GET /`): one server and one headless Chromium per run.

The server is `endless --port 0` (the binary from `ENDLESS_BIN`, else `swift build --show-bin-path`, built if missing;
serving `$ENDLESS_PUBLIC_DIRECTORY` when that is set); its port is read from its one log line. Each test gets the page
loaded fresh (`page`), at the address given by `@pytest.mark.url("/?value=72.4")` (default `/`), and fails in teardown
if the browser console logged a SEVERE entry.
At the end of the run each view is saved as a PNG in `screenshots/` at the repository root.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import re
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "screenshots"
SERVING = re.compile(r"serving on http://127\.0\.0\.1:(\d+)/")
# axe-core, for the accessibility audits: scripts/install fetches it.
AXE = REPO / ".vendor" / "axe.min.js"

# axe's run of the whole document: its version, the rules that passed, and each violation with its nodes.
RUN_AXE_JS = """
const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] })
  .then((r) => done(JSON.stringify({ version: axe.version, passes: r.passes.map((p) => p.id),
    violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => [n.target, n.failureSummary]) })) })))
  .catch((error) => done(JSON.stringify({ error: String(error) })));
"""


def audit(js, js_async) -> dict:
    """axe-core's run of the page (`js` runs a script in it, `js_async` one that calls back)."""
    assert AXE.exists(), f"no {AXE.relative_to(REPO)}: scripts/install fetches axe-core"
    js(AXE.read_text())
    result = json.loads(js_async(RUN_AXE_JS))
    assert "error" not in result, result
    return result


# A view's tiles, and a tile's box on screen: tiles are `<svg>`s nested in the view's canvas `<svg>`, placed by `x` and
# `y`; a nested `<svg>`'s own bounding rectangle is that of what it draws, not of its viewport.
TILE_BOX_JS = r"""
const tilesOf = (v) => [...v.querySelectorAll('.canvas > svg')];
const boxOf = (s) => {
  const c = s.ownerSVGElement.getBoundingClientRect();
  const left = c.left + s.x.baseVal.value, top = c.top + s.y.baseVal.value;
  const width = s.width.baseVal.value, height = s.height.baseVal.value;
  return { left, top, right: left + width, bottom: top + height, width, height };
};
"""

# Passive observers (they only record when something changed; they never dispatch events): for each view, the
# time of its last scroll, scrollend or DOM mutation, so a test can wait for a view to be quiet.
MONITOR_JS = r"""
if (window.__endless) return;
window.__v = (id) => document.getElementById(id).shadowRoot.querySelector('.view');
const mon = window.__endless = { last: {}, changes: {} };
const mark = (id) => { mon.last[id] = performance.now(); mon.changes[id] = (mon.changes[id] || 0) + 1; };
const watch = (el, id) => new MutationObserver(() => mark(id)).observe(el,
  { subtree: true, childList: true, attributes: true, characterData: true });
for (const id of ['weight', 'pounds', 'height', 'loop', 'grid']) {
  const host = document.getElementById(id), v = window.__v(id);
  v.addEventListener('scroll', () => mark(id), { passive: true });
  v.addEventListener('scrollend', () => mark(id));
  watch(v, id);
  watch(host, id);
  mark(id);
}
watch(document.getElementById('pounds'), 'weight');
watch(document.getElementById('weight-value'), 'weight');
watch(document.getElementById('pounds-value'), 'weight');
watch(document.getElementById('grid-centre'), 'grid');
"""


def pytest_configure(config):
    config.addinivalue_line("markers", "url(path): the address the `page` fixture opens (default `/`)")


def _binary() -> str:
    if os.environ.get("ENDLESS_BIN"):
        return os.environ["ENDLESS_BIN"]
    bin_dir = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=REPO, check=True, capture_output=True, text=True
    ).stdout.strip()
    binary = Path(bin_dir) / "endless"
    if not binary.exists():
        subprocess.run(["swift", "build", "--product", "endless"], cwd=REPO, check=True)
    return str(binary)


class Server:
    """`endless` serving on `port` (0: one it picks) with more `arguments` (`--items`), with the elements' script and styles from
    `ENDLESS_PUBLIC_DIRECTORY` when that is set (a binary of another checkout serves this one's `public/`)."""

    def __init__(self, binary: str, port: int = 0, arguments: list[str] | None = None):
        public = os.environ.get("ENDLESS_PUBLIC_DIRECTORY")
        self.process = subprocess.Popen(
            [binary, "--port", str(port)] + (["--public-directory", public] if public else []) + (arguments or []),
            cwd=REPO,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        self.log: list[str] = []
        found = threading.Event()
        self.port = None

        def drain():  # keep reading so the server never blocks on a full pipe
            for line in self.process.stderr:
                self.log.append(line)
                match = SERVING.search(line)
                if match and self.port is None:
                    self.port = int(match.group(1))
                    found.set()
            found.set()

        threading.Thread(target=drain, daemon=True).start()
        if not found.wait(60) or self.port is None:
            self.stop()
            raise RuntimeError("endless did not start:\n" + "".join(self.log))
        self.base = f"http://127.0.0.1:{self.port}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture(scope="module")
def server():
    s = Server(_binary())
    yield s
    s.stop()


class Page:
    """The page in the browser, with real input (wheel, keys, clicks) and read-only state queries."""

    def __init__(self, driver, base: str):
        self.driver = driver
        self.base = base

    def open(self, path: str = "/"):
        self.driver.get(self.base + path)
        # Live: each element has applied its first frame (the server's picture gives way, tiles are in).
        WebDriverWait(self.driver, 10, poll_frequency=0.05).until(lambda d: d.execute_script(
            "return ['weight', 'pounds', 'height', 'loop', 'grid'].every((id) => {"
            "  const root = document.getElementById(id).shadowRoot;"  # none until the elements' script has run
            "  return root && root.querySelector('.frame.live') && root.querySelector('.canvas > svg'); })"))
        self.js(MONITOR_JS)
        self.settle("weight")
        self.settle("loop")

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def el(self, element_id: str):
        return self.driver.find_element("id", element_id)

    def now(self) -> float:
        return self.js("return performance.now()")

    def wheel(self, element_id: str, dx: int, dy: int = 0):
        """One real wheel gesture over the view (Chromium scrolls a wheel delta at once and then fires scrollend)."""
        element = self.el(element_id)
        ActionChains(self.driver).scroll_from_origin(ScrollOrigin.from_element(element), dx, dy).perform()

    def gesture(self, element_id: str, dx: int, dy: int = 0, speed: int = 10_000):
        """A fast real wheel gesture through Chromium's own input pipeline (CDP Input.synthesizeScrollGesture with a
        mouse source: wheel events every frame at `speed` px/s); it returns when the gesture is over. WebDriver wheel
        actions are one round trip each (about 0.1 s), too slow to scroll while a frame request is in flight."""
        self.js("arguments[0].scrollIntoView({ block: 'center' })", self.el(element_id))
        x, y = self.js("const b = arguments[0].getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]",
                       self.el(element_id))
        self.driver.execute_cdp_cmd("Input.synthesizeScrollGesture", {
            "x": x, "y": y, "xDistance": -dx, "yDistance": -dy, "speed": speed, "gestureSourceType": "mouse"})

    def settle(self, view: str, since: float | None = None, quiet: float = 400, timeout: float = 15):
        """Wait until `view` has had no scroll event and no DOM change for `quiet` ms (and, with `since`, until it
        has changed at least once after that page time)."""

        def quiet_now(d):
            return d.execute_script(
                "const t = window.__endless.last[arguments[0]]; const now = performance.now();"
                "return (arguments[1] === null || t > arguments[1]) && now - t >= arguments[2];",
                view, since, quiet)

        WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
            quiet_now, f"#{view} did not settle (it kept scrolling or changing)")

    def scroll_and_settle(self, view: str, dx: int, dy: int = 0):
        since = self.now()
        self.wheel(view, dx, dy)
        self.settle(view, since)

    def value(self, view: str = "weight") -> str:
        return self.js("return document.getElementById(arguments[0]).value", view)

    def view_js(self, view: str, expression: str):
        """An expression of the view's scroller `v` (inside the element's shadow root)."""
        return self.js(f"const v = window.__v(arguments[0]); return {expression}", view)

    def wait_for(self, condition, message: str = "", timeout: float = 10):
        return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(lambda d: condition(), message)


def _severe(entries):
    return [e for e in entries if e.get("level") == "SEVERE"]


@pytest.fixture(scope="module")
def driver(server):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--window-size=1300,1200"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    d.set_script_timeout(30)
    yield d
    try:
        _save_screenshots(Page(d, server.base))
    finally:
        d.quit()


def _save_screenshots(page: Page):
    """The page as it looks, live, at `/?value=72.4`, in light and in dark; and each view alone."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.driver.set_window_size(1300, 2100)  # the whole page
    for scheme in ["light", "dark"]:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": scheme}]})
        page.open("/?value=72.4")
        time.sleep(0.3)
        page.driver.save_screenshot(str(SCREENSHOTS / f"page-{scheme}.png"))
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    page.driver.set_window_size(1300, 1200)
    page.open("/?value=72.4")
    for name in ["weight", "height", "loop", "grid"]:
        element = page.el(name)
        page.js("arguments[0].scrollIntoView({ block: 'center' })", element)  # a screenshot is clipped to the window
        element.screenshot(str(SCREENSHOTS / f"{name}.png"))


@pytest.fixture
def page(driver, server, request):
    """The page loaded fresh at the test's `url` mark; fails the test if the console logged a SEVERE entry."""
    driver.get_log("browser")  # drop what earlier tests left
    marker = request.node.get_closest_marker("url")
    p = Page(driver, server.base)
    p.open(marker.args[0] if marker else "/")
    yield p
    severe = _severe(driver.get_log("browser"))
    if severe:
        pytest.fail("the browser console logged errors:\n" + "\n".join(e["message"] for e in severe), pytrace=False)
    if server.process.poll() is not None:
        pytest.fail("the server exited during the test:\n" + "".join(server.log[-20:]), pytrace=False)


# The page: one script tag and a form, served from another origin.
FORM_PAGE = """<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Sign up</title><link rel="icon" href="data:,">
<script src="{base}/endless.js"></script></head>
<body>
<form id="form" action="/submitted.html" method="get">
  <endless-ruler id="height" name="height" min="100" max="250" step="0.5" unit="cm" ends="clamp"
    orientation="vertical" value="172.5"></endless-ruler>
  <endless-ruler id="kg" name="kg" value="72.4"></endless-ruler>
  <endless-ruler id="lb" follows="kg" factor="2.20462262185" min="18" max="2204" ends="clamp" unit="lb"
    height="80"></endless-ruler>
  <endless-ruler id="rtl" dir="rtl" value="50"></endless-ruler>
  <endless-ruler id="broken" max="abc"></endless-ruler>
  <endless-loop id="loop" item="3"></endless-loop>
  <endless-grid id="grid" x="1000" y="-500" style="height: 300px"></endless-grid>
</form>
<script>
  window.events = [];
  for (const el of document.querySelectorAll('endless-ruler, endless-loop, endless-grid')) {{
    for (const type of ['input', 'change']) el.addEventListener(type, () => events.push([el.id, type, performance.now()]));
  }}
</script>
</body></html>
"""


@contextlib.contextmanager
def static_origin(root: Path):
    """`root`'s files, served quietly on a port of their own (another origin than the server's); yields its URL."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()


@pytest.fixture(scope="module")
def other_origin(server, tmp_path_factory):
    """A static server on another port (another origin) holding FORM_PAGE."""
    root: Path = tmp_path_factory.mktemp("other-origin")
    (root / "index.html").write_text(FORM_PAGE.format(base=server.base))
    (root / "submitted.html").write_text('<!doctype html><title>Submitted</title><link rel="icon" href="data:,">Thanks.')
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


# A page holding the elements, its script served under a mount prefix (`{script}`: `/endless/endless.js` or
# `/endless/v/VERSION/endless.js`).
MOUNTED_PAGE = """<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Mounted</title><link rel="icon" href="data:,">
<script src="{script}"></script></head>
<body><endless-ruler id="kg" value="72.4"></endless-ruler><endless-loop id="loop" item="3"></endless-loop></body></html>
"""

MOUNT = "/endless"


@pytest.fixture(scope="module")
def mounted(server):
    """Another origin whose `/endless/…` is the Endless server (a reverse proxy, as an app mounting Endless under a
    prefix has it); anything else under `/endless` is a 404, and `/{name}.html` is MOUNTED_PAGE with the script at
    `/endless/{name}.js` or `/endless/v/VERSION/endless.js` (`versioned.html`). `paths` lists what it was asked."""
    with urllib.request.urlopen(server.base + "/", timeout=10) as response:
        versioned = re.search(r'href="(/v/[^/"]+/endless\.js)"', response.read().decode()).group(1)
    pages = {"/plain.html": MOUNTED_PAGE.format(script=f"{MOUNT}/endless.js"),
             "/versioned.html": MOUNTED_PAGE.format(script=MOUNT + versioned)}
    paths: list[str] = []

    class Proxy(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            paths.append(self.path)
            if self.path in pages:
                return self._answer(200, {"Content-Type": "text/html; charset=utf-8"}, pages[self.path].encode())
            if not self.path.startswith(MOUNT + "/"):
                return self._answer(404, {"Content-Type": "text/plain"}, b"not mounted here")
            try:
                with urllib.request.urlopen(server.base + self.path[len(MOUNT):], timeout=10) as answer:
                    status, headers, body = answer.status, answer.headers, answer.read()
            except urllib.error.HTTPError as error:
                status, headers, body = error.code, error.headers, error.read()
            self._answer(status, {name: headers[name] for name in ["Content-Type", "Cache-Control"] if headers[name]},
                         body)

        def _answer(self, status: int, headers: dict, body: bytes):
            self.send_response(status)
            for name, value in {**headers, "Content-Length": str(len(body))}.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", paths
    httpd.shutdown()
