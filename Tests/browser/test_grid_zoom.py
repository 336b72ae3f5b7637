"""The grid zoomed in every engine (Chromium, Firefox, WebKit): `+` and `-`, Ctrl + wheel around the pointer, Home back
to level 0 and (0, 0), the `zoom` property; exact at 1e12. While a new level's tiles come, the old level's are shown
scaled under them, as the server says, so no frame is blank."""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.keys import Keys

from test_every_browser import Browser, ENGINES  # noqa: F401  (the engines' drivers)

GRID_PAGE = """<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Grid zoom</title><link rel="icon" href="data:,">
<script src="{base}/endless.js"></script></head>
<body style="margin: 0">
<endless-grid id="grid" x="1000000000000" y="-1000000000000" style="height: 400px"></endless-grid>
<script>
  // Each time an old level's tiles are put under the new ones (a transformed group in the canvas), and the frames.
  window.underlays = []; window.framesSeen = 0;
  const grid = document.getElementById('grid');
  grid.addEventListener('endless-frame', () => {{
    window.framesSeen += 1;
    const under = grid.shadowRoot.querySelector('.canvas > g[transform]');
    if (under) window.underlays.push([under.getAttribute('transform'), under.children.length]);
  }});
</script>
</body></html>
"""

STATE_JS = """
const el = document.getElementById('grid'), v = el.shadowRoot.querySelector('.view');
const labels = [...v.querySelectorAll('.canvas > svg tspan')].map((t) => t.textContent);
return { x: el.x, y: el.y, zoom: el.zoom, attribute: el.getAttribute('zoom'), labels, live: labels.length > 0,
  width: v.clientWidth, height: v.clientHeight, image: el.readout.image };
"""

WHEEL_JS = """
const el = document.getElementById('grid'), r = el.shadowRoot.querySelector('.view').getBoundingClientRect();
el.dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, composed: true, ctrlKey: true,
  deltaY: arguments[2], clientX: r.left + arguments[0], clientY: r.top + arguments[1] }));
"""


@pytest.fixture(scope="module", params=ENGINES)
def browser(request):
    b = Browser(request.param)
    yield b
    b.quit()


@pytest.fixture(scope="module")
def grid_origin(server, tmp_path_factory):
    root = tmp_path_factory.mktemp("grid-zoom-origin")
    (root / "index.html").write_text(GRID_PAGE.format(base=server.base))

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture
def page(browser, grid_origin):
    browser.get(grid_origin + "/")
    browser.wait(lambda: browser.js(STATE_JS)["live"], "the grid did not go live")
    return browser


def at_level(page, zoom: int, **expected):
    def right():
        s = page.js(STATE_JS)
        return s["zoom"] == zoom and s["attribute"] == str(zoom) and all(
            expected[k](s[k]) if callable(expected[k]) else s[k] == expected[k] for k in expected)
    page.wait(right, lambda: f"the grid is not at level {zoom} with {expected}: {page.js(STATE_JS)}")
    return page.js(STATE_JS)


def test_keys_zoom_out_and_in_about_the_centre_exactly_at_1e12(page):
    at_level(page, 0, x=1e12, y=-1e12, labels=lambda t: "(10000000000," in t)
    page.press("grid", "-")
    # Level 1: a tile covers 2 × 2 of the world's, labelled with their range; the centre is the same world point.
    s = at_level(page, 1, x=1e12, y=-1e12, labels=lambda t: "(10000000000…10000000001," in t)
    assert "zoom=1" in s["image"], s
    underlays = page.js("return window.underlays")
    assert underlays and underlays[-1][0].endswith("scale(0.5)") and underlays[-1][1] > 0, underlays
    page.press("grid", "-")
    at_level(page, 2, x=1e12, y=-1e12, labels=lambda t: "(10000000000…10000000003," in t)
    page.press("grid", "+")
    at_level(page, 1, x=1e12, y=-1e12)
    # The underlay lasts one frame: the next one takes it away.
    frames = page.js("return window.framesSeen")
    page.js("document.getElementById('grid').shadowRoot.querySelector('.view').scrollLeft += 30")
    page.wait(lambda: page.js("return window.framesSeen") > frames, "no frame after a scroll")
    page.wait(lambda: not page.js("return document.getElementById('grid').shadowRoot"
                                  ".querySelector('.canvas > g[transform]')"), "the underlay stayed")


def test_ctrl_wheel_keeps_the_world_point_under_the_pointer(page):
    s = at_level(page, 0)
    px, py = 200, 100
    for delta, level in [(100, 1), (250, 5), (-100, 4)]:  # out a level, out four more (a factor of 12), in one
        scale = 2 ** s["zoom"]
        under = (s["x"] + (px - s["width"] / 2) * scale, s["y"] + (py - s["height"] / 2) * scale)
        page.js(WHEEL_JS, px, py, delta)
        s = at_level(page, level)
        scale = 2 ** level
        now = (s["x"] + (px - s["width"] / 2) * scale, s["y"] + (py - s["height"] / 2) * scale)
        # Within the point a browser rounds a scroll position to, at this level's scale.
        assert abs(now[0] - under[0]) <= scale and abs(now[1] - under[1]) <= scale, (delta, under, now, s)


def test_home_is_back_to_level_0_and_the_centre_and_zoom_is_a_property(page, server):
    page.js("document.getElementById('grid').zoom = 3")
    s = at_level(page, 3, x=1e12, y=-1e12, labels=lambda t: "(10000000000…10000000007," in t)
    with urllib.request.urlopen(urllib.parse.urljoin(server.base + "/", s["image"])) as response:
        assert "zoomed out to level 3" in response.read().decode()
    page.press("grid", Keys.HOME)
    at_level(page, 0, x=0, y=0, labels=lambda t: "(0, 0)" in t)
