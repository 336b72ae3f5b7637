"""The example apps, each of its own routes, mounting Endless at /endless as a Swift developer would: HelloEndless in
Hummingbird (Examples/HelloEndless) and HelloVapor in Vapor (Integrations/EndlessVapor).

Each app is the binary from `EXAMPLE_BIN` (`VAPOR_EXAMPLE_BIN`), else its package's build (built if missing). A window
and a frame through the mount, then its order form in Chromium: the ruler asks the mount, and its value submits to the
app's own route.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import threading
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from test_every_browser import Browser, ENGINES

REPO = Path(__file__).resolve().parents[2]
# Each app: its package, and the variable that names its binary.
APPS = {
    "HelloEndless": (REPO / "Examples" / "HelloEndless", "EXAMPLE_BIN"),
    "HelloVapor": (REPO / "Integrations" / "EndlessVapor", "VAPOR_EXAMPLE_BIN"),
}
# HelloEndless says where it serves; Vapor's log does for HelloVapor.
SERVING = re.compile(r"(?:serving|Server started) on http://127\.0\.0\.1:(\d+)")


class App(str):
    """An app's address, which knows the app's name."""

    def __new__(cls, base: str, name: str):
        app = super().__new__(cls, base)
        app.name = name
        return app


def _binary(name: str) -> str:
    package, variable = APPS[name]
    if os.environ.get(variable):
        return os.environ[variable]
    build = ["swift", "build", "--package-path", str(package)]
    bin_dir = subprocess.run(build + ["--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
    binary = Path(bin_dir) / name
    if not binary.exists():
        subprocess.run(build + ["--product", name], check=True)
    return str(binary)


@pytest.fixture(scope="module", params=list(APPS))
def app(request, tmp_path_factory):
    """Each example app on a free port, started in an empty directory."""
    name = request.param
    process = subprocess.Popen(
        [_binary(name), "0"], cwd=tmp_path_factory.mktemp("example-cwd"), stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    found, port, log = threading.Event(), [], []

    def drain():
        for line in process.stdout:
            log.append(line)
            match = SERVING.search(line)
            if match and not port:
                port.append(int(match.group(1)))
                found.set()
        found.set()

    threading.Thread(target=drain, daemon=True).start()
    if not found.wait(60) or not port:
        process.kill()
        raise RuntimeError(f"{name} did not start:\n" + "".join(log))
    yield App(f"http://127.0.0.1:{port[0]}", name)
    process.terminate()
    process.wait(10)


def get(url: str) -> tuple[int, str, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers["Content-Type"], response.read().decode()


def test_a_window_and_a_frame_through_the_mount(app):
    status, kind, body = get(f"{app}/endless/svg/ruler?value=1.5&min=0.5&max=20&ends=clamp")
    assert (status, kind) == (200, "image/svg+xml; charset=utf-8")
    assert body.startswith("<?xml") and body.rstrip().endswith("</svg>")
    status, kind, body = get(f"{app}/endless/frame/ruler?size=600,120&value=1.5&min=0.5&max=20&ends=clamp")
    frame = json.loads(body)
    assert (status, kind) == (200, "application/json")
    assert frame["readout"]["value"] == "1.5"
    assert frame["readout"]["image"].startswith("/endless/svg/ruler?"), "the frame's image is below the mount"
    assert get(f"{app}/")[2].count("<endless-ruler") == 1, "the app's own page is the app's"


@pytest.fixture(scope="module")
def chromium():
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--window-size=1000,800"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    yield driver
    driver.quit()


def test_the_apps_page_holds_a_live_ruler_that_asks_the_mount_and_submits(app, chromium):
    chromium.get(f"{app}/")
    wait = WebDriverWait(chromium, 20)
    ruler = chromium.find_element("id", "weight")
    wait.until(lambda d: d.execute_script(
        "const c = arguments[0].shadowRoot && arguments[0].shadowRoot.querySelector('.canvas');"
        "return c && c.children.length > 0 && arguments[0].value === '1.5'", ruler))
    frames = chromium.execute_script(
        "return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
        ".filter((p) => p.includes('/frame/'))")
    assert frames and all(path == "/endless/frame/ruler" for path in frames), frames
    ruler.send_keys(Keys.ARROW_RIGHT)
    wait.until(lambda d: d.execute_script("return arguments[0].value", ruler) == "1.6")
    chromium.find_element("css selector", "button[type=submit]").click()
    wait.until(lambda d: "/order" in d.current_url)
    assert "weight=1.6" in chromium.current_url
    assert chromium.find_element("id", "ordered").text == "You ordered 1.6 kg."
    if app.name == "HelloEndless":
        assert chromium.find_elements("css selector", "main > svg"), "the receipt draws the ruler at 1.6 with EndlessSVG"
    severe = [e for e in chromium.get_log("browser") if e.get("level") == "SEVERE"]
    assert not severe, severe


@pytest.mark.parametrize("engine", ENGINES)
def test_the_roasterys_form_adds_an_event_that_appears_on_its_timeline(app, engine):
    """HelloEndless keeps its events in SQLite (GRDB) and hands them to its mount as an item set: an event its page's
    form adds appears on the page's timeline by itself, without a reload, in every engine."""
    if app.name != "HelloEndless":
        pytest.skip("HelloVapor has no events")
    b = Browser(engine)
    try:
        b.get(f"{app}/events")
        words = ("return [...document.getElementById('events').shadowRoot.querySelectorAll('.canvas .items text')]"
                 ".map((t) => t.textContent)")
        b.wait(lambda: b.js("return Boolean(document.getElementById('events').shadowRoot.querySelector('.frame.live'))"),
               "the timeline is not live")
        b.js("window.stayed = true")
        title = f"Espresso {engine}"
        # At the instant under the pointer, in the page's own time, three hours long.
        b.js("""
            const d = new Date(document.getElementById('events').value), form = document.getElementById('add');
            form.elements.start.value = new Date(d - d.getTimezoneOffset() * 60000).toISOString().slice(0, 16);
            form.elements.title.value = arguments[0];
            form.elements.hours.value = '3';
            form.elements.lane.value = 'Tastings';
        """, title)
        assert title not in b.js(words)
        b.js("document.querySelector('#add button').click()")
        b.wait(lambda: b.js("return document.getElementById('added').textContent") == f"Added {title}.",
               lambda: f"not added: {b.js('return document.getElementById(`added`).textContent')}")
        b.wait(lambda: title in b.js(words), lambda: f"{title} not drawn: {b.js(words)}", timeout=5)
        assert b.js("return window.stayed === true"), "the page was not reloaded"
    finally:
        b.quit()
