"""Networks fail: a ruler and a timeline in a form ride out a lost server, a reset, a hang, a slow network and a 503, in
Chromium, Firefox and WebKit, and come back by themselves (docs/elements.md: "When the server is away").

The page is a form of another origin whose script tag, and so whose frames, go through a fault-injecting proxy
(`faults.py`) in front of the real server. Under each fault a slider keeps its tiles, its value and its scroll; once
scrolled it is stale and, its value under the pointer unknown, invalid, so that the form does not submit; within a
second of the fault's end it answers again, settles on the tick (a timeline: the step) under the pointer, and submits
the exact value. Its follower follows it again. On a slow network every key press counts, a zoom key's too: two
presses walk two rungs of the ladder. And the bundled page rides out its server stopped and started again on the same
port."""

from __future__ import annotations

import functools
import http.server
import threading
import time
import urllib.parse
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from conftest import TILE_BOX_JS, Server, _binary
from faults import FaultProxy
from test_every_browser import ENGINES, Browser

# The backoff's cap is a second: a fault's end is answered within it, give or take the request and this harness.
BACK_WITHIN_MS = 1300

# A form holding a ruler and a timeline, each with its follower, and, to zoom, a ruler whose ladder has a gap (its
# 0…150 holds 1, 2, 5, 10 and 50 a tick, not 20) and a timeline at a quarter hour a tick (its ladder goes 1min, 5min,
# 15min, 30min); what the elements say when their server is away (`heard`, on the document: the events bubble), and
# every console line the page writes (`lines`).
FAULT_PAGE = """<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Sign up</title><link rel="icon" href="data:,">
<script>
  window.lines = [];
  for (const level of ['log', 'info', 'warn', 'error']) {{
    const write = console[level].bind(console);
    console[level] = (...args) => {{ lines.push(`${{level}}: ${{args.join(' ')}}`); write(...args); }};
  }}
  window.heard = [];
  window.values = [];
  for (const type of ['endless-offline', 'endless-online']) {{
    document.addEventListener(type, (e) => heard.push([e.target.id, type, performance.now()]));
  }}
  for (const type of ['input', 'change']) {{
    document.addEventListener(type, (e) => values.push([e.target.id, e.target.value, performance.now()]));
  }}
</script>
<script src="{base}/endless.js"></script></head>
<body>
<form id="form" action="/submitted.html" method="get">
  <endless-ruler id="kg" name="kg" value="72.4"></endless-ruler>
  <endless-ruler id="lb" follows="kg" factor="2.20462262185" min="18" max="2204" ends="clamp" unit="lb"
    height="80"></endless-ruler>
  <endless-timeline id="meeting" name="meeting" tz="Europe/London" step="15min"
    value="2026-10-25T00:30:00Z"></endless-timeline>
  <endless-timeline id="meeting-ny" follows="meeting" tz="America/New_York" height="80"></endless-timeline>
  <endless-ruler id="span" name="span" zoomable min="0" max="150" step="1" ends="clamp" zoom="5"
    value="75"></endless-ruler>
  <endless-timeline id="agenda" name="agenda" zoomable scale="15min" value="2026-06-15T12:00:00Z"></endless-timeline>
  <button>Submit</button>
</form>
</body></html>
"""

# A view's standing: its value (and the form's), stale (the attribute; the custom state where the engine has
# CustomStateSet, else null), valid, the message of its ElementInternals, its error box, its stale mark's opacity,
# its tiles, its scroll, whether its pointer is on a tick (a ruler's, 10 points apart; a timeline's pointer on the
# instant of its value, the step it snapped to, within a second), whether it is live, and its zoom.
STANDING_JS = TILE_BOX_JS + r"""
const el = document.getElementById(arguments[0]), v = el.shadowRoot.querySelector('.view');
const form = el.closest('form'), mark = el.shadowRoot.querySelector('[part~="stale"]');
const internals = Object.getOwnPropertySymbols(el).map((key) => el[key]).find((x) => x instanceof ElementInternals);
const vertical = v.clientHeight > v.clientWidth;
const r = v.getBoundingClientRect(), c = vertical ? r.top + v.clientHeight / 2 : r.left + v.clientWidth / 2;
const tile = tilesOf(v).map(boxOf).find((b) => (vertical ? b.top <= c && c < b.bottom : b.left <= c && c < b.right));
const off = ((c - (vertical ? tile?.top : tile?.left) - 5) % 10 + 10) % 10;
const timeline = el.localName === 'endless-timeline';
return { value: el.value, form: el.name && form ? new FormData(form).get(el.name) : null,
  stale: el.hasAttribute('stale'),
  state: CSS.supports('selector(:state(stale))') ? el.matches(':state(stale)') : null,
  valid: el.matches(':valid'), message: internals ? internals.validationMessage : null,
  error: !el.shadowRoot.querySelector('.error').hidden, mark: mark ? Number(getComputedStyle(mark).opacity) : null,
  tiles: tilesOf(v).length, scroll: v.scrollLeft + v.scrollTop,
  onTick: timeline ? Math.abs(el.readout.position * 1000 - el.valueAsNumber) < 1000 : off <= 0.5 || off >= 9.5,
  live: Boolean(el.shadowRoot.querySelector('.frame.live')) && tilesOf(v).length > 0, zoom: el.zoom ?? null };
"""

SCROLL_JS = "document.getElementById(arguments[0]).shadowRoot.querySelector('.view').scrollLeft += arguments[1]"


def standing(b: Browser, view: str) -> dict:
    return b.js(STANDING_JS, view)


def scroll(b: Browser, view: str, pixels: int):
    """Scrolls the view by script, as WebKit's tests must (its wheel input is unreliable)."""
    b.js(SCROLL_JS, view, pixels)


FOLLOWERS = ("lb", "meeting-ny")


def settles(b: Browser, view: str, value: str, timeout: float = 10):
    """Waits until `view` shows `value`, answered (not stale, valid) and, unless it follows, on its tick."""
    b.wait(lambda: (lambda s: s["value"] == value and (s["onTick"] or view in FOLLOWERS) and not s["stale"]
                    and s["valid"])(standing(b, view)),
           lambda: f"#{view} did not settle at {value}: {standing(b, view)}", timeout)


def now(b: Browser) -> float:
    return b.js("return performance.now()")


@pytest.fixture(scope="module", params=ENGINES)
def browser(request):
    b = Browser(request.param)
    yield b
    b.quit()


@pytest.fixture(scope="module")
def proxy(server):
    p = FaultProxy(server.port)
    yield p
    p.close()


@pytest.fixture(scope="module")
def fault_origin(proxy, tmp_path_factory):
    """A static server on another origin holding FAULT_PAGE, whose script comes through the proxy."""
    root: Path = tmp_path_factory.mktemp("fault-origin")
    (root / "index.html").write_text(FAULT_PAGE.format(base=proxy.base))
    (root / "submitted.html").write_text(
        '<!doctype html><title>Submitted</title><link rel="icon" href="data:,">Thanks.')

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def quiet(proxy: FaultProxy, b: Browser, seconds: float = 0.4):
    """Waits until the page has asked nothing for `seconds`."""
    b.wait(lambda: not proxy.paths(since=time.monotonic() - seconds), "the page kept asking", timeout=10)


@pytest.fixture
def form(browser, proxy, fault_origin):
    """FAULT_PAGE loaded through a proxy that passes, live and at rest."""
    proxy.set("pass")
    browser.get(fault_origin + "/")
    browser.wait(lambda: all(standing(browser, view)["live"] for view in ["kg", "lb", "meeting", "meeting-ny", "span",
                                                                          "agenda"]),
                 "the elements did not go live through the proxy")
    settles(browser, "kg", "72.4")
    settles(browser, "meeting", SLIDERS["timeline"]["before"][0])
    quiet(proxy, browser)
    yield browser
    proxy.set("pass")


def test_every_key_press_counts_on_a_slow_network(form, proxy):
    """Presses of a key add up while the answer to the last is on its way, and count from where its snap is taking
    the view: five presses at once and five 40 ms apart, each answer 150 ms away, move ten ticks, not one or two; and
    presses of two keys, mixed, move as many ticks as they add up to."""
    b = form
    proxy.set("delay", delay=0.15)
    b.press("kg", Keys.ARROW_RIGHT * 5)
    for _ in range(5):
        time.sleep(0.04)
        b.press("kg", Keys.ARROW_RIGHT)
    settles(b, "kg", "73.4")
    time.sleep(0.5)  # a settle that wrongly went back to a tick passed on the way would be here by now
    assert standing(b, "kg")["value"] == "73.4"
    b.press("kg", Keys.ARROW_LEFT * 3)
    settles(b, "kg", "73.1")
    # Another key while one's presses wait: each counts, in order.
    b.press("kg", Keys.ARROW_RIGHT * 3 + Keys.ARROW_LEFT + Keys.ARROW_RIGHT * 2)
    settles(b, "kg", "73.5")
    time.sleep(0.5)
    assert standing(b, "kg")["value"] == "73.5"


def zooms_to(b: Browser, view: str, rung: str):
    """Waits until `view` is at `rung`, answered (not stale, valid), and stays there a while: a press still on its way
    would move it on."""
    at = lambda: (lambda s: s["zoom"] == rung and not s["stale"] and s["valid"])(standing(b, view))  # noqa: E731
    b.wait(at, lambda: f"#{view} did not zoom to {rung}: {standing(b, view)}")
    time.sleep(0.6)
    assert at(), f"#{view} went on past {rung}: {standing(b, view)}"


def test_every_zoom_key_press_walks_a_rung_on_a_slow_network(form, proxy):
    """A zoom key moves a rung a press, and a rung is not always twice the last (a ruler's ladder has gaps where its
    range is not whole ticks; a timeline's goes 5min, 15min, 30min, 1h, 3h): so two presses made before the first is
    answered are two rungs, not one gesture of four times, which would end a rung short. At once or 40 ms apart, each
    answer 150 ms away."""
    b = form
    proxy.set("delay", delay=0.15)
    b.press("span", "--")  # 5 → 10 → 50 (four times 5 is 20, which the ruler does not hold: the nearest is 10)
    zooms_to(b, "span", "50")
    for _ in range(2):  # 50 → 10 → 5 (a quarter of 50 is 12.5: 10)
        b.press("span", "+")
        time.sleep(0.04)
    zooms_to(b, "span", "5")
    b.press("agenda", "++")  # 15min → 5min → 1min (a quarter of 15min is nearest 5min)
    zooms_to(b, "agenda", "1min")
    for _ in range(2):  # 1min → 5min → 15min (four minutes is nearest 5min)
        b.press("agenda", "-")
        time.sleep(0.04)
    zooms_to(b, "agenda", "15min")


# Each fault, and how long its first report takes to fail: at once, or at the request timeout (5 s).
FAULTS = {"refuse": 0.0, "reset": 0.0, "busy": 0.0, "hang": 0.0, "delay": 6.0}

# The sliders a fault is tried on: the slider and its follower; the start of the slider's own reports (not its
# follower's); where both are before; and where they settle once the slider is scrolled 1,234 points: the ruler 123.4
# ticks of 0.1 kg on, the timeline 15 h 25.5 min on at 80 points an hour, past London's clock change, on the nearest
# quarter hour (New York's clocks change a week later).
SLIDERS = {
    "ruler": {"views": ("kg", "lb"), "asks": "/frame/ruler?seq=", "before": ("72.4", "159.6"),
              "after": ("84.7", "186.7")},
    "timeline": {"views": ("meeting", "meeting-ny"), "asks": "/frame/timeline?tz=Europe%2FLondon&",
                 "before": ("2026-10-25T01:30:00+01:00", "2026-10-24T20:30:00-04:00"),
                 "after": ("2026-10-25T16:00:00+00:00", "2026-10-25T12:00:00-04:00")},
}


@pytest.mark.parametrize("slider", list(SLIDERS))
@pytest.mark.parametrize("fault", list(FAULTS))
def test_a_slider_in_a_form_rides_out_a_fault(form, proxy, fault, slider):
    b = form
    (view, follows), asks = SLIDERS[slider]["views"], SLIDERS[slider]["asks"]
    (value, followed), (settled, follower_settled) = SLIDERS[slider]["before"], SLIDERS[slider]["after"]
    before = standing(b, view)
    assert (before["value"], before["form"], before["stale"], before["valid"]) == (value, value, False, True)
    proxy.set(fault, delay=FAULTS[fault])
    started = time.monotonic()
    # The reader scrolls 734 points: the report fails (a hang or a slow network's at the timeout), and the slider is
    # stale, its tiles and its scroll its own.
    scroll(b, view, 734)
    b.wait(lambda: standing(b, view)["stale"], lambda: f"{view} is not stale: {standing(b, view)}", timeout=10)
    # Scrolled on while stale: 1,234 points in all. Long enough for the backoff to reach its cap.
    scroll(b, view, 500)
    time.sleep(2.5)
    during = standing(b, view)
    assert during["scroll"] == before["scroll"] + 1234, during
    assert (during["value"], during["form"], during["error"]) == (value, value, False), during
    assert during["stale"] and during["state"] in (True, None) and during["mark"] == 1, during
    assert during["tiles"] >= before["tiles"] > 0, (before, during)
    # Its value under the pointer is unknown: invalid, so the form submits nothing.
    assert not during["valid"] and during["message"] == "Waiting for the server to confirm the value", during
    assert not b.js("return document.getElementById('form').checkValidity()")
    b.js("document.getElementById('form').requestSubmit()")
    time.sleep(0.3)
    assert b.url.endswith("/"), f"the form was submitted while the value was unknown: {b.url}"
    # Its follower, whose leader has no frames, is stale too; it has no value of its own to submit.
    follower = standing(b, follows)
    assert (follower["value"], follower["stale"], follower["error"]) == (followed, True, False), follower
    if fault == "busy":  # Retry-After: 1 is honoured, not the backoff's shorter waits
        asked = [t for t, path in proxy.paths("busy", since=started) if path.startswith(asks)]
        gaps = [later - earlier for earlier, later in zip(asked, asked[1:])]
        assert gaps and min(gaps) >= 0.9, f"{view} asked again after {gaps} s"
    # The fault ends: within a second it answers again, at the value under the pointer (no jump through another),
    # settles on its tick, and its follower follows.
    proxy.set("pass")
    ended = now(b)
    b.wait(lambda: b.js("return heard.some(([id, type]) => id === arguments[0] && type === 'endless-online')", view),
           lambda: f"{view} did not come back: {standing(b, view)}", timeout=5)
    back = b.js("return heard.find(([id, type]) => id === arguments[0] && type === 'endless-online')[2]", view) - ended
    assert back < BACK_WITHIN_MS, f"{view} came back {back:.0f} ms after the fault's end"
    settles(b, view, settled)
    settles(b, follows, follower_settled)
    assert {shown for id_, shown, at in b.js("return values") if id_ == view and at >= ended} == {settled}
    heard = [(id_, type_) for id_, type_, _ in b.js("return heard")]
    assert sorted(heard[:2]) == sorted([(view, "endless-offline"), (follows, "endless-offline")]), heard
    assert heard[2:] == [(view, "endless-online"), (follows, "endless-online")], heard
    lines = b.js("return lines")
    assert len(lines) == 1 and lines[0].startswith("warn: Endless: no answer from"), lines
    # The form submits the exact value the server confirmed.
    b.js("document.getElementById('form').requestSubmit()")
    b.wait(lambda: urllib.parse.parse_qs(urllib.parse.urlsplit(b.url).query).get(view) == [settled],
           lambda: f"submitted to {b.url}")


def test_a_ruler_the_reader_did_not_move_stays_valid_and_where_it_was(form, proxy):
    # A key pressed while the server is away moves nothing (the server moves the view) and fails: the ruler is
    # stale, but its value under the pointer is still the one confirmed, so it stays valid; once the server is back
    # the key is not replayed.
    b = form
    proxy.set("refuse")
    b.press("kg", Keys.ARROW_RIGHT)
    b.wait(lambda: standing(b, "kg")["stale"], lambda: f"kg is not stale: {standing(b, 'kg')}")
    time.sleep(0.5)
    during = standing(b, "kg")
    assert (during["value"], during["form"], during["valid"], during["error"]) == ("72.4", "72.4", True, False), during
    assert b.js("return document.getElementById('form').checkValidity()")
    proxy.set("pass")
    b.wait(lambda: not standing(b, "kg")["stale"], lambda: f"kg is still stale: {standing(b, 'kg')}", timeout=3)
    time.sleep(0.5)
    settles(b, "kg", "72.4")
    b.js("document.getElementById('form').requestSubmit()")
    b.wait(lambda: "kg=72.4" in b.url, lambda: f"submitted to {b.url}")


def test_before_its_first_frame_an_element_is_the_size_it_will_be(browser, proxy, fault_origin):
    # On a slow network an element written with no content waits for its first frame as a box of its own size,
    # never a collapsed one: the page around it does not move when its tiles come.
    b = browser
    proxy.set("delay", delay=1.5)
    try:
        b.get(fault_origin + "/")  # the script comes late too: the page is parsed once it is in
        box = ("const el = document.getElementById(arguments[0]), r = el.getBoundingClientRect();"
               "return [r.left, r.top, r.width, r.height];")
        waiting = {view: b.js(box, view) for view in ["kg", "lb"]}
        assert not standing(b, "kg")["live"], "the first frame came before the test could look"
        b.wait(lambda: standing(b, "kg")["live"] and standing(b, "lb")["live"], "the elements did not go live",
               timeout=15)
        assert {view: b.js(box, view) for view in ["kg", "lb"]} == waiting
        assert waiting["kg"][3] == 120 and waiting["lb"][3] == 80 and waiting["kg"][2] > 500, waiting
    finally:
        proxy.set("pass")


# The bundled page's views: the rulers' values, the views stale or showing an error, the readouts dimmed, and whether
# the weight ruler's pointer is on a tick.
BUNDLED_JS = TILE_BOX_JS + r"""
if (!document.getElementById('weight').shadowRoot) return { live: false };  // the script has not run yet
const v = document.getElementById('weight').shadowRoot.querySelector('.view');
const c = v.getBoundingClientRect().left + v.clientWidth / 2;
const tile = tilesOf(v).map(boxOf).find((b) => b.left <= c && c < b.right);
const off = ((c - tile?.left - 5) % 10 + 10) % 10;
const of = (id) => document.getElementById(id);
return { weight: of('weight').value, pounds: of('pounds').value, onTick: off <= 0.5 || off >= 9.5,
  stale: ['weight', 'pounds', 'height', 'loop', 'grid'].filter((id) => of(id).hasAttribute('stale')),
  errors: ['weight', 'pounds', 'height', 'loop', 'grid']
    .filter((id) => !of(id).shadowRoot.querySelector('.error').hidden),
  dimmed: [...document.querySelectorAll('output.stale')].map((output) => output.id),
  live: ['weight', 'pounds', 'height', 'loop', 'grid'].every((id) => of(id).shadowRoot?.querySelector('.frame.live')) };
"""


def at_rest(b: Browser):
    """Waits until the page has asked for no frame for half a second (by its resource timings)."""
    asked = "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/frame/')).length"
    seen = []

    def still():
        seen.append(b.js(asked))
        time.sleep(0.1)
        return len(seen) >= 5 and len(set(seen[-5:])) == 1

    b.wait(still, "the page kept asking for frames")


def test_the_bundled_page_rides_out_its_server_restarted(browser):
    """The real server stopped while the bundled page scrolls, and started again on the same port."""
    b, binary = browser, _binary()
    server = Server(binary)
    try:
        b.get(server.base + "/?value=72.4")
        b.wait(lambda: b.js(BUNDLED_JS)["live"], "the bundled page did not go live")
        at_rest(b)
        b.js("window.heard = []; for (const type of ['endless-offline', 'endless-online']) "
             "document.addEventListener(type, (e) => heard.push([e.target.id, type, performance.now()]));")
        server.stop()
        scroll(b, "weight", 734)
        b.wait(lambda: b.js(BUNDLED_JS)["stale"] == ["weight", "pounds"], lambda: f"{b.js(BUNDLED_JS)}")
        scroll(b, "weight", 500)
        time.sleep(1.5)
        during = b.js(BUNDLED_JS)
        assert (during["weight"], during["pounds"], during["errors"]) == ("72.4", "159.6", []), during
        assert during["dimmed"] == ["weight-value", "pounds-value"], during  # page.js dims their readouts
        server = Server(binary, port=server.port)
        started = now(b)
        b.wait(lambda: not b.js(BUNDLED_JS)["stale"], lambda: f"still stale: {b.js(BUNDLED_JS)}", timeout=5)
        back = b.js("return heard.find(([id, type]) => id === 'weight' && type === 'endless-online')[2]") - started
        assert back < BACK_WITHIN_MS, f"the weight ruler came back {back:.0f} ms after its server"
        b.wait(lambda: (lambda s: (s["weight"], s["pounds"], s["onTick"]) == ("84.7", "186.7", True))(b.js(BUNDLED_JS)),
               lambda: f"after the restart: {b.js(BUNDLED_JS)}")
        assert (lambda s: (s["errors"], s["dimmed"]))(b.js(BUNDLED_JS)) == ([], [])
    finally:
        server.stop()


def test_a_hung_request_leaves_the_form_invalid_after_the_grace(form, proxy):
    # Behind a proxy that accepts and never answers, the request is not stale until its 5 s timeout; but a ruler
    # the reader scrolled, with no answer for a second, has a value nobody confirmed: its form is invalid from then.
    b = form
    before = standing(b, "kg")
    assert (before["value"], before["valid"]) == ("72.4", True), before
    proxy.set("hang")
    scroll(b, "kg", 90)
    time.sleep(0.3)
    assert standing(b, "kg")["valid"], "within the grace the ruler is still valid"
    b.wait(lambda: not standing(b, "kg")["valid"], lambda: f"kg is still valid: {standing(b, 'kg')}", timeout=2.5)
    waiting = standing(b, "kg")
    assert not waiting["stale"], f"invalid before the timeout made it stale: {waiting}"
    assert waiting["message"] == "Waiting for the server to confirm the value", waiting
    assert not b.js("return document.getElementById('form').checkValidity()")
    b.js("document.getElementById('form').requestSubmit()")
    time.sleep(0.3)
    assert b.url.endswith("/"), f"the form was submitted while the value was unknown: {b.url}"
    # The server answers again: the value is confirmed and the form submits it.
    proxy.set("pass")
    settles(b, "kg", "73.3")
    b.wait(lambda: standing(b, "kg")["valid"], lambda: f"kg is still invalid: {standing(b, 'kg')}", timeout=8)
    b.js("document.getElementById('form').requestSubmit()")
    b.wait(lambda: "kg=73.3" in b.url, lambda: f"submitted to {b.url}")
