"""A zoomable ruler in every engine (Chromium, Firefox, WebKit): `+` and `-`, Ctrl + wheel around the pointer, a pinch,
and the `zoom` attribute and property. The server picks the rung of the 1–2–5 ladder and where the ruler goes; the
page only says how much and where."""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.parse
import urllib.request

import pytest

from test_every_browser import Browser, ENGINES  # noqa: F401  (the engines' drivers)

ZOOM_PAGE = """<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Zoom</title><link rel="icon" href="data:,">
<script src="{base}/endless.js"></script></head>
<body style="margin: 0">
<form id="form" action="/submitted.html" method="get">
  <endless-ruler id="kg" name="kg" zoomable value="72.4"></endless-ruler>
  <endless-ruler id="cm" name="cm" zoomable min="0" max="1000" step="0.5" unit="cm" ends="clamp" value="500"
    max-zoom="50"></endless-ruler>
  <endless-ruler id="fixed" name="fixed" value="72.4"></endless-ruler>
</form>
<script>
  window.framesSeen = 0;
  document.getElementById('kg').addEventListener('endless-frame', () => {{ window.framesSeen += 1; }});
</script>
</body></html>
"""

# A ruler's state: value, zoom (property and attribute), the labels its tiles show, whether it is live.
STATE_JS = """
const el = document.getElementById(arguments[0]), v = el.shadowRoot.querySelector('.view');
const labels = [...v.querySelectorAll('.canvas > svg tspan')].map((t) => t.textContent);
const r = v.getBoundingClientRect();
return { value: el.value, zoom: el.zoom, attribute: el.getAttribute('zoom'), labels, image: el.readout.image,
  form: new FormData(document.getElementById('form')).get(arguments[0]), live: labels.length > 0,
  left: r.left, top: r.top, width: v.clientWidth, position: Number(el.readout.position) };
"""


@pytest.fixture(scope="module", params=ENGINES)
def browser(request):
    b = Browser(request.param)
    yield b
    b.quit()


@pytest.fixture(scope="module")
def zoom_origin(server, tmp_path_factory):
    root = tmp_path_factory.mktemp("zoom-origin")
    (root / "index.html").write_text(ZOOM_PAGE.format(base=server.base))
    (root / "submitted.html").write_text('<!doctype html><title>Submitted</title><link rel="icon" href="data:,">Thanks.')

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture
def page(browser, zoom_origin):
    browser.get(zoom_origin + "/")
    browser.wait(lambda: all(browser.js(STATE_JS, view)["live"] for view in ["kg", "cm", "fixed"]),
                 "the zoom page's rulers did not go live")
    return browser


def state(page, view):
    return page.js(STATE_JS, view)


def at_zoom(page, view: str, zoom: str, **expected):
    """Waits until `view` is at `zoom` (property and attribute), at rest on a tick, and shows what `expected` says."""
    def right():
        s = state(page, view)
        at_rest = abs(s["position"] - float(s["value"])) <= 0.05 * float(zoom)  # on its tick, within half a point
        return s["zoom"] == zoom and s["attribute"] == zoom and at_rest and all(
            expected[k](s[k]) if callable(expected[k]) else s[k] == expected[k] for k in expected)
    page.wait(right, lambda: f"#{view} is not at zoom {zoom} with {expected}: {state(page, view)}")
    return state(page, view)


def test_keys_step_through_the_ladder_and_labels_redraw(page):
    at_zoom(page, "kg", "0.1", value="72.4")
    page.press("kg", "-")
    # 0.2 kg a tick: blocks of 2 kg from 9, so 71 and 73 are labels and 72 is not.
    at_zoom(page, "kg", "0.2", value="72.4", labels=lambda t: "71" in t and "73" in t and "72" not in t)
    page.press("kg", "-")
    at_zoom(page, "kg", "0.5", labels=lambda t: "69" in t and "74" in t)
    page.press("kg", "-")
    at_zoom(page, "kg", "1", labels=lambda t: "69" in t and "79" in t)
    frames = page.js("return window.framesSeen")
    page.press("kg", "-")  # the last rung whose turn is whole blocks: it stays
    page.wait(lambda: page.js("return window.framesSeen") > frames, "no frame answered the last '-'")
    at_zoom(page, "kg", "1")
    page.press("kg", "+")
    s = at_zoom(page, "kg", "0.5")
    assert s["form"] == s["value"] and abs(float(s["value"]) - 72.4) <= 1, s  # where it was, within a coarse tick
    # Not zoomable: the keys do nothing.
    page.press("fixed", "-")
    page.press("fixed", "+")
    assert state(page, "fixed")["zoom"] == "" and state(page, "fixed")["value"] == "72.4"


WHEEL_JS = """
const el = document.getElementById(arguments[0]), v = el.shadowRoot.querySelector('.view');
const r = v.getBoundingClientRect();
el.dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, composed: true, ctrlKey: true,
  deltaY: arguments[2], clientX: r.left + arguments[1], clientY: r.top + 20 }));
"""


def value_at(s, x, spacing=10):
    """The value under point `x` of a ruler's view: its pointer's, and a tick's worth every `spacing` points."""
    return s["position"] + (x - s["width"] / 2) / spacing * float(s["zoom"])


@pytest.mark.parametrize("x", [150, 900])
def test_ctrl_wheel_zooms_around_the_pointer(page, x):
    s = at_zoom(page, "cm", "0.5", value="500.0")
    # Out by a factor e (0.5 → 1 cm a tick), further out by 12 (1 → 10), back in by e (10 → 5): each time the value
    # under the pointer stays, within half a tick of the new scale (the snap to a tick that follows) and the half point
    # a browser's scroll position may leave.
    for delta, zoom in [(100, "1"), (250, "10"), (-100, "5")]:
        under = value_at(s, x)
        page.js(WHEEL_JS, "cm", x, delta)
        s = at_zoom(page, "cm", zoom)
        assert abs(value_at(s, x) - under) <= float(zoom) * 0.55, (delta, under, s)  # half a tick and half a point
    assert "400" in s["labels"] and "600" in s["labels"], s
    # Without Ctrl the wheel scrolls, as ever; the page itself never zoomed.
    assert page.js("return visualViewport.scale") == 1


PINCH_JS = """
const el = document.getElementById(arguments[0]), r = el.getBoundingClientRect();
const y = r.top + 30, touch = (id, x) => ({ identifier: id, clientX: r.left + x, clientY: y });
const fire = (type, xs) => {
  const event = new Event(type, { bubbles: true, cancelable: true, composed: true });
  Object.defineProperty(event, 'touches', { value: xs.map((x, i) => touch(i, x)) });
  el.dispatchEvent(event);
};
fire('touchstart', [500, 600]);
for (const apart of arguments[1]) fire('touchmove', [550 - apart / 2, 550 + apart / 2]);
fire('touchend', []);
"""


def test_a_pinch_zooms_and_small_steps_add_up(page):
    at_zoom(page, "cm", "0.5")
    page.js(PINCH_JS, "cm", [95, 90, 80, 70, 60, 50, 40])  # fingers closing: a factor 0.4, out to 1 cm a tick
    at_zoom(page, "cm", "1")
    page.js(PINCH_JS, "cm", [110, 130, 150, 180, 200, 250])  # opening: 2.5 times, back to 0.5
    at_zoom(page, "cm", "0.5")


def test_the_zoom_property_and_attribute_set_the_scale_and_the_image_follows(page, server):
    page.js("document.getElementById('cm').zoom = '5'")
    s = at_zoom(page, "cm", "5", labels=lambda t: "450" in t and "550" in t)
    assert s["value"] == "500" and s["form"] == s["value"], s  # 500.0 at 5 cm a tick
    assert "zoom=5" in s["image"], s
    with urllib.request.urlopen(urllib.parse.urljoin(server.base + "/", s["image"])) as response:
        svg = response.read().decode()
    assert f"<title>Ruler at {s['value']} cm</title>" in svg and ">450<" in svg, svg[:400]
    page.js("document.getElementById('cm').setAttribute('zoom', '50')")
    at_zoom(page, "cm", "50", labels=lambda t: "0" in t and "1,000" in t)  # grouped, as en-GB writes it
    page.js("document.getElementById('form').submit()")
    page.wait(lambda: "cm=" in page.url, lambda: f"submitted to {page.url}")
    assert urllib.parse.parse_qs(urllib.parse.urlparse(page.url).query)["cm"][0] == "500"
