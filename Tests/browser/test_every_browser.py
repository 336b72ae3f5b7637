"""The elements' core cases in every browser engine: Chromium (chromedriver), Firefox (Debian's firefox-esr through
Marionette) and WebKit (Debian's WebKitWebDriver and MiniBrowser, on an Xvfb display). The page is the form of
`test_elements.py`, served from another origin. WebKit's wheel input is unreliable, so every engine scrolls by script
here (Chromium's real wheel input is tested in the other files); WebKit has no `scrollend`, so it settles on scroll
idle."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.common.keys import Keys

from conftest import TILE_BOX_JS, audit

ENGINES = ["chromium", "firefox", "webkit"]

# The value under the pointer, the form's value for it, whether the pointer is on a tick, and the view's shape.
STATE_JS = TILE_BOX_JS + r"""
const el = document.getElementById(arguments[0]), v = el.shadowRoot.querySelector('.view');
const vertical = v.clientHeight > v.clientWidth;
const r = v.getBoundingClientRect(), c = vertical ? r.top + v.clientHeight / 2 : r.left + v.clientWidth / 2;
const tile = tilesOf(v).map(boxOf)
  .find((b) => (vertical ? b.top <= c && c < b.bottom : b.left <= c && c < b.right));
const into = tile ? c - (vertical ? tile.top : tile.left) : NaN;
const off = ((into - 5) % 10 + 10) % 10;
return { value: el.value, form: new FormData(document.getElementById('form')).get(arguments[0]),
         onTick: off <= 0.5 || off >= 9.5, vertical, orientation: el.getAttribute('aria-orientation'),
         live: tilesOf(v).length > 0 };
"""


class Browser:
    """One engine, driven by its own driver, with the few calls these tests need; `dark`: its system prefers a dark
    colour scheme (`prefers-color-scheme: dark`)."""

    def __init__(self, engine: str, dark: bool = False):
        self.engine = engine
        self.dark = dark
        self.cleanup = []
        if engine == "firefox":
            self._start_firefox()
        elif engine == "webkit":
            self._start_webkit()
        else:
            options = webdriver.ChromeOptions()
            for argument in ["--headless=new", "--no-sandbox", "--window-size=1300,1100"] + (
                    ["--force-dark-mode"] if dark else []):
                options.add_argument(argument)
            options.binary_location = "/usr/bin/chromium"
            self.driver = webdriver.Chrome(service=webdriver.ChromeService("/usr/bin/chromedriver"), options=options)

    def _start_firefox(self):
        from marionette_driver.marionette import Marionette

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        profile = tempfile.mkdtemp(prefix="endless-firefox-")
        with open(os.path.join(profile, "user.js"), "w") as prefs:
            prefs.write(f'user_pref("marionette.port", {port});\n')
            if self.dark:  # 0: pages see a dark scheme
                prefs.write('user_pref("layout.css.prefers-color-scheme.content-override", 0);\n')
        process = subprocess.Popen(
            ["firefox-esr", "--headless", "--marionette", "--no-remote", "--profile", profile, "--width", "1300",
             "--height", "1100"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.cleanup += [process.kill, lambda: shutil.rmtree(profile, ignore_errors=True)]
        self.marionette = Marionette(host="127.0.0.1", port=port, startup_timeout=60)
        self.marionette.start_session()

    def _start_webkit(self):
        # An X display of our own: -displayfd prints the number it took.
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1400x1200x24", "-nolisten", "tcp"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.cleanup.append(xvfb.kill)
        display = xvfb.stdout.readline().strip()
        os.environ["DISPLAY"] = f":{display}"
        options = webdriver.WebKitGTKOptions()
        options.binary_location = glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser")[0]
        for argument in ["--automation", "--geometry=1300x1100"] + (["--dark-mode"] if self.dark else []):
            options.add_argument(argument)
        from selenium.webdriver.webkitgtk.service import Service

        self.driver = webdriver.WebKitGTK(options=options, service=Service("/usr/bin/WebKitWebDriver"))

    def get(self, url: str):
        if self.engine == "firefox":
            self.marionette.navigate(url)
        else:
            self.driver.get(url)

    def js(self, script: str, *args):
        if self.engine == "firefox":
            return self.marionette.execute_script(script, script_args=list(args), sandbox=None)
        return self.driver.execute_script(script, *args)

    def js_async(self, script: str, *args):
        """Runs a script that calls back (its last argument) with its result."""
        if self.engine == "firefox":
            return self.marionette.execute_async_script(script, script_args=list(args), sandbox=None)
        return self.driver.execute_async_script(script, *args)

    def press(self, element_id: str, key: str):
        if self.engine == "firefox":
            from marionette_driver.by import By

            self.marionette.find_element(By.ID, element_id).send_keys(key)
        else:
            self.driver.find_element("id", element_id).send_keys(key)

    def click_at(self, element_id: str, x: float, y: float):
        """A real click (pointer moved, pressed, released) `x`, `y` CSS pixels from the element's top left."""
        box = self.js("const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                      "return [r.width, r.height];", element_id)
        dx, dy = round(x - box[0] / 2), round(y - box[1] / 2)  # WebDriver's element origin is its centre
        if self.engine == "firefox":
            from marionette_driver.by import By

            el = self.marionette.find_element(By.ID, element_id)
            self.marionette.actions.sequence("pointer", "mouse", {"pointerType": "mouse"}).pointer_move(
                dx, dy, origin=el).pointer_down(0).pointer_up(0).perform()
        else:
            from selenium.webdriver.common.action_chains import ActionChains

            el = self.driver.find_element("id", element_id)
            ActionChains(self.driver).move_to_element_with_offset(el, dx, dy).click().perform()

    @property
    def url(self) -> str:
        return self.marionette.get_url() if self.engine == "firefox" else self.driver.current_url

    def quit(self):
        try:
            if self.engine == "firefox":
                self.marionette.delete_session()
            else:
                self.driver.quit()
        finally:
            for step in reversed(self.cleanup):
                step()

    def wait(self, condition, message: str, timeout: float = 10):
        deadline = time.monotonic() + timeout
        while True:
            result = condition()
            if result:
                return result
            if time.monotonic() > deadline:
                pytest.fail(f"{self.engine}: {message() if callable(message) else message}", pytrace=False)
            time.sleep(0.05)

    def state(self, view: str) -> dict:
        return self.js(STATE_JS, view)

    def settles_at(self, view: str, value: str):
        """Waits until `view` shows `value`, the form has it, and its pointer rests on a tick."""
        self.wait(lambda: (lambda s: s["value"] == value and s["form"] == value and s["onTick"])(self.state(view)),
                  lambda: f"#{view} did not settle at {value}: {self.state(view)}")


@pytest.fixture(scope="module", params=ENGINES)
def browser(request):
    b = Browser(request.param)
    yield b
    b.quit()


@pytest.fixture
def form(browser, other_origin):
    browser.get(other_origin + "/")
    browser.wait(lambda: all(browser.state(view)["live"] for view in ["height", "kg", "lb"]),
                 "the elements did not go live on a page of another origin")
    return browser


def test_the_bundled_page_goes_live(browser, server):
    """The bundled page runs the elements' script once its first frame is painted (`page.js`): in each engine every
    view still goes live, at the value in the address."""
    browser.get(server.base + "/?value=72.4")
    live = ("return ['weight', 'pounds', 'height', 'loop', 'grid'].every((id) => {"
            "  const root = document.getElementById(id).shadowRoot;"
            "  return Boolean(root && root.querySelector('.frame.live') && root.querySelector('.canvas > svg')); })")
    browser.wait(lambda: browser.js(live), "the bundled page's elements did not go live")
    assert browser.js("return [document.getElementById('weight').value, document.getElementById('pounds').value]") \
        == ["72.4", "159.6"]


def test_the_bundled_page_passes_an_accessibility_audit(browser, server):
    """axe-core finds nothing on the live bundled page in each engine (test_accessibility.py: in Chromium, light and
    dark)."""
    browser.get(server.base + "/?value=72.4")
    live = ("return ['weight', 'pounds', 'height', 'loop', 'grid'].every((id) => {"
            "  const root = document.getElementById(id).shadowRoot;"
            "  return Boolean(root && root.querySelector('.frame.live') && root.querySelector('.canvas > svg')); })")
    browser.wait(lambda: browser.js(live), "the bundled page's elements did not go live")
    result = audit(browser.js, browser.js_async)
    assert not result["violations"], f"{browser.engine}: {result['violations']}"
    assert {"landmark-one-main", "region"} <= set(result["passes"]), result["passes"]


def test_value_and_form_submission(form):
    assert form.state("height") == {"value": "172.5", "form": "172.5", "onTick": True, "vertical": True,
                                    "orientation": "vertical", "live": True}
    assert form.js("return new FormData(document.getElementById('form')).get('kg')") == "72.4"
    form.js("document.getElementById('kg').value = '80.5'")
    form.settles_at("kg", "80.5")
    form.wait(lambda: form.js("return document.getElementById('lb').value") == "177.5",
              "the pounds ruler did not follow to 177.5")
    form.js("document.getElementById('form').submit()")
    form.wait(lambda: "height=172.5" in form.url and "kg=80.5" in form.url, lambda: f"submitted to {form.url}")


def test_scroll_settles_on_a_tick_vertical_and_horizontal(form):
    # 37 px down a vertical ruler of 0.5 cm ticks 10 px apart: 3.7 ticks, it settles on 4 (174.5).
    form.js("document.getElementById('height').shadowRoot.querySelector('.view').scrollTop += 37")
    form.settles_at("height", "174.5")
    # 1,234 px along the weight ruler: 123.4 ticks of 0.1 kg, it settles on 123 (84.7).
    form.js("document.getElementById('kg').shadowRoot.querySelector('.view').scrollLeft += 1234")
    form.settles_at("kg", "84.7")
    # Far along, still exact: 100,000 px more in steps, past a recenter or two.
    for _ in range(4):
        form.js("document.getElementById('kg').shadowRoot.querySelector('.view').scrollLeft += 25000")
        time.sleep(0.3)
    form.settles_at("kg", "93.7")  # tick 762 + 10,000 wraps once (9,910 ticks a turn): tick 852


def test_keyboard(form):
    for key, expected in [(Keys.ARROW_UP, "173.0"), (Keys.PAGE_UP, "178.0"), (Keys.ARROW_DOWN, "177.5"),
                          (Keys.HOME, "100.0"), (Keys.END, "250.0")]:
        form.press("height", key)
        form.settles_at("height", expected)
    form.press("kg", Keys.ARROW_RIGHT)
    form.settles_at("kg", "72.5")


# How a view's tiles are drawn: the element's style paints them (they carry their geometry only).
PAINT_JS = TILE_BOX_JS + r"""
const v = document.getElementById(arguments[0]).shadowRoot.querySelector('.view');
const tile = tilesOf(v)[0], look = (selector, names) => {
  if (!tile) return null;
  const style = getComputedStyle(tile.querySelector(selector));
  return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
};
return arguments[0] === 'grid'
  ? { square: look('rect', ['fill']), border: look('path', ['fill', 'stroke', 'stroke-width']),
      label: look('tspan', ['fill', 'font-size', 'text-anchor']) }
  : { tick: look(arguments[0] === 'loop' ? 'path' : '.long', ['stroke', 'stroke-width']),
      label: look('text', ['fill', 'font-size', 'text-anchor']) };
"""


def test_tiles_take_their_ink_lines_and_font_from_the_elements_style(form):
    for view in ["kg", "height", "loop", "grid"]:
        form.wait(lambda: form.js(PAINT_JS, view)["label"], f"#{view} has no tiles")
    ink = {"fill": "rgb(51, 51, 51)", "text-anchor": "middle"}
    assert form.js(PAINT_JS, "kg") == {"tick": {"stroke": "rgb(51, 51, 51)", "stroke-width": "2px"},
                                       "label": {**ink, "font-size": "17px"}}
    assert form.js(PAINT_JS, "height")["label"] == {**ink, "font-size": "17px", "text-anchor": "start"}
    assert form.js(PAINT_JS, "loop") == {"tick": {"stroke": "rgb(187, 187, 187)", "stroke-width": "1px"},
                                         "label": {"fill": "rgb(30, 58, 95)", "font-size": "36px",
                                                   "text-anchor": "middle"}}
    assert form.js(PAINT_JS, "grid") == {
        "square": {"fill": "rgb(214, 214, 214)"},
        "border": {"fill": "none", "stroke": "rgb(0, 0, 0)", "stroke-width": "0.5px"},
        "label": {**ink, "font-size": "14px"}}
    # Another theme is another style: the same tiles drawn in its ink.
    form.js("document.getElementById('kg').setAttribute('theme', 'dark')")
    form.wait(lambda: (form.js(PAINT_JS, "kg")["tick"] or {}).get("stroke") == "rgb(221, 221, 221)",
              lambda: f"the dark ruler's ticks: {form.js(PAINT_JS, 'kg')}")


# Each grid block's label lines as the browser laid them out: for each, its text and the row of tiles its baseline is
# in (a tspan's box is no measure: WebKit gives every one the same). A block writes a row's lines with one `y`, which
# the lines after it keep (SVG's current text position).
LABEL_ROWS_JS = TILE_BOX_JS + r"""
const v = document.getElementById('grid').shadowRoot.querySelector('.view');
return tilesOf(v).map((s) => [...s.querySelectorAll('tspan')]
  .map((t) => [t.textContent, Math.floor(t.getStartPositionOfChar(0).y / 100)]));
"""


def test_grid_labels_are_laid_in_their_tiles_rows(form):
    form.js("document.getElementById('grid').scrollIntoView({ block: 'center' })")
    form.wait(lambda: any(form.js(LABEL_ROWS_JS)), "#grid has no labelled blocks")
    for block in filter(None, form.js(LABEL_ROWS_JS)):  # a block drawn bare in a fling has no labels yet
        # One-line labels, `(x, y)`: every tile of a row says the same y, and rows go down as y goes up.
        rows = {}
        for text, row in block:
            rows.setdefault(row, set()).add(text.split(", ")[1])
        assert len(block) == 36 and sorted(rows) == list(range(6)), block
        assert all(len(ys) == 1 for ys in rows.values()), block
        ys = [int(rows[row].pop().rstrip(")")) for row in sorted(rows)]
        assert ys == list(range(ys[0], ys[0] + 6)), block


# Each element's scroller and its host: their computed backgrounds.
BACKGROUNDS_JS = r"""
const el = document.getElementById(arguments[0]), view = el.shadowRoot.querySelector('.view');
return [getComputedStyle(el).backgroundColor, getComputedStyle(view).backgroundColor];
"""


def test_a_views_scroller_is_opaque_in_its_elements_background(form):
    # Chromium scrolls an opaque scroller on the compositor; one that shows through is repainted as it scrolls.
    for view in ["kg", "height", "loop", "grid"]:
        host, scroller = form.js(BACKGROUNDS_JS, view)
        assert scroller == host and scroller.startswith("rgb("), f"#{view}: scroller {scroller}, element {host}"
    form.js("document.getElementById('kg').setAttribute('theme', 'dark')")
    form.wait(lambda: form.js(BACKGROUNDS_JS, "kg") == ["rgb(30, 30, 30)"] * 2,
              lambda: f"the dark ruler's backgrounds: {form.js(BACKGROUNDS_JS, 'kg')}")


# A fling of the weight ruler: a smooth `scrollBy` of 20,000 px, or with `true` 600 px a frame for 40 frames, as WebKit
# needs (see below; elsewhere each write ends a scroll). Each animation frame, first, its number and the `pace` of the
# element's last answer then (read as the element reads it); each report of the element but an end's, the frame it
# went in.
PACED_FLING_JS = r"""
const el = document.getElementById('kg'), v = el.shadowRoot.querySelector('.view'), fetch = window.fetch;
window.__paced = { frame: 0, pace: [], sent: [], now: 1 };
window.fetch = (url, options) => {
  if (/\/frame\/ruler\?/.test(url) && !/[?&]lead=/.test(url) && !/[?&]end=1/.test(url)) {
    window.__paced.sent.push(window.__paced.frame);
  }
  const answer = fetch(url, options);
  if (!/\/frame\/ruler\?seq=/.test(url)) return answer;  // kg has no attributes: its query starts with seq
  return answer.then((response) => {
    const json = response.json.bind(response);
    response.json = () => json().then((frame) => { window.__paced.now = frame.pace || 1; return frame; });
    return response;
  });
};
const count = () => {
  window.__paced.frame += 1;
  window.__paced.pace.push(window.__paced.now);
  requestAnimationFrame(count);
};
let frames = 0;
const step = () => { v.scrollLeft += 600; if (++frames < 40) requestAnimationFrame(step); };
requestAnimationFrame(() => {
  count();
  if (arguments[0]) requestAnimationFrame(step); else v.scrollBy({ left: 20000, behavior: 'smooth' });
});
"""


def test_a_fast_fling_reports_every_other_frame(form):
    # In a fast fling the server asks for a report every other frame (`pace`): while it says so, no report follows
    # the one in the frame before.
    form.js("document.getElementById('kg').scrollIntoView({ block: 'center' })")
    form.js(PACED_FLING_JS, form.engine == "webkit")
    form.wait(lambda: form.js("return window.__paced.pace.length >= 45"), "45 frames did not pass")
    paced = form.js("return window.__paced")
    fast = {frame for frame, pace in enumerate(paced["pace"], start=1) if pace == 2}
    assert len(fast) >= 5, f"{form.engine}: paced in frames {sorted(fast)}, reports in {paced['sent']}"
    sent = paced["sent"]
    back_to_back = [f for f in sent if f in fast and f - 1 in sent]
    assert not back_to_back, f"{form.engine}: reports in frames {sent}, paced in {sorted(fast)}"


# A fast scroll far across the grid, and every animation frame the most blocks without labels seen (window.__bare):
# a smooth `scrollBy`, or with `true` 600 px each way a frame for 40 frames, as WebKit needs (its smooth scroll of
# 20,000 px may land in one or two frames: a jump, which is no fling). WebKit has no `scrollend`: the writes make one
# scroll, not one each.
GRID_FLING_JS = TILE_BOX_JS + r"""
const el = document.getElementById('grid'), v = el.shadowRoot.querySelector('.view');
window.__bare = 0;
if (arguments[0]) {
  let frames = 0;
  const step = () => { v.scrollLeft += 600; v.scrollTop += 600; if (++frames < 40) requestAnimationFrame(step); };
  requestAnimationFrame(step);
} else {
  v.scrollBy({ left: 20000, top: 20000, behavior: 'smooth' });
}
const record = () => {
  if (window.__bare === null) return;
  const bare = tilesOf(v).filter((b) => !b.querySelector('text')).length;
  window.__bare = Math.max(window.__bare, bare);
  requestAnimationFrame(record);
};
requestAnimationFrame(record);
"""

GRID_BLOCKS_JS = TILE_BOX_JS + r"""
const el = document.getElementById('grid'), v = el.shadowRoot.querySelector('.view');
const blocks = tilesOf(v);
// A block drawn again replaces the one at its place: as many places as blocks.
const places = new Set(blocks.map((b) => `${b.getAttribute('x')},${b.getAttribute('y')}`)).size;
return { blocks: blocks.length, bare: blocks.filter((b) => !b.querySelector('text')).length, places };
"""


def test_a_fast_grid_scroll_draws_bare_blocks_and_labels_them_at_rest(form):
    # A scroll of 20,000 px or more each way runs far above 10,000 px/s: blocks come without labels, and once it ends
    # every block comes again with them, in place of the bare one.
    form.js("document.getElementById('grid').scrollIntoView({ block: 'center' })")
    form.js(GRID_FLING_JS, form.engine == "webkit")
    form.wait(lambda: form.js("return window.__bare") > 0, "no bare block during a fast smooth scroll")
    form.wait(lambda: (lambda s: s["bare"] == 0 and s["blocks"] == s["places"] > 0)(form.js(GRID_BLOCKS_JS)),
              lambda: f"after the scroll: {form.js(GRID_BLOCKS_JS)}")
    form.js("window.__bare = null")
