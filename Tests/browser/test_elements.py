"""The elements (`<endless-ruler>`, `<endless-loop>`, `<endless-grid>`) as a web developer uses them: on a page of
another origin with one script tag, in a form, from code, with events, keys, attributes and bad attributes."""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import MONITOR_JS, TILE_BOX_JS

@pytest.fixture
def form_page(driver, other_origin, page):
    """FORM_PAGE loaded and live (every working element has its tiles); `page` gives the helpers."""
    driver.get(other_origin + "/")
    page.wait_for(lambda: page.js(
        "return ['height', 'kg', 'lb', 'rtl', 'loop', 'grid'].every((id) => "
        "document.getElementById(id).shadowRoot.querySelectorAll('.canvas > svg').length > 0)"),
        "the elements did not go live on the other origin")
    page.js(MONITOR_JS.replace("['weight', 'pounds', 'height', 'loop', 'grid']", "['height', 'kg', 'lb', 'rtl', 'loop', 'grid']")
            .replace("watch(document.getElementById('pounds'), 'weight');", "")
            .replace("watch(document.getElementById('weight-value'), 'weight');", "")
            .replace("watch(document.getElementById('pounds-value'), 'weight');", "")
            .replace("watch(document.getElementById('grid-centre'), 'grid');", ""))
    yield page
    # The broken element's one line is expected in the console (its 400 and its message), and the lost follower's;
    # nothing else is.
    unexpected = [e["message"] for e in page.driver.get_log("browser") if e.get("level") == "SEVERE"
                  and "max=abc" not in e["message"] and 'id=\\"broken\\"' not in e["message"]
                  and 'id=\\"lost\\"' not in e["message"]]
    assert not unexpected, unexpected


def form_value(page, name: str):
    return page.js("return new FormData(document.getElementById('form')).get(arguments[0])", name)


def pointer_on_a_tick(page, view: str) -> bool:
    """The tile under the pointer (the view's centre along its axis) has a tick exactly there (10 px apart)."""
    return page.js(TILE_BOX_JS + r"""const v = window.__v(arguments[0]); return (() => {
      const vertical = v.clientHeight > v.clientWidth;
      const r = v.getBoundingClientRect(), c = vertical ? r.top + v.clientHeight / 2 : r.left + v.clientWidth / 2;
      const tile = tilesOf(v).map(boxOf)
        .find((b) => (vertical ? b.top <= c && c < b.bottom : b.left <= c && c < b.right));
      const into = c - (vertical ? tile.top : tile.left);
      return Math.abs(((into - 5) % 10 + 10) % 10) <= 0.5 || Math.abs(((into - 5) % 10 + 10) % 10 - 10) <= 0.5;
    })()""", view)


def scroll_by_script(page, view: str, pixels: int):
    """Scrolls the view's scroller along its axis, as WebKit's tests must (its wheel input is unreliable)."""
    since = page.now()
    page.view_js(view, f"(v.clientHeight > v.clientWidth ? v.scrollTop += {pixels} : v.scrollLeft += {pixels}, 1)")
    page.settle(view, since)


def test_a_form_on_another_origin_submits_the_exact_value(form_page):
    page = form_page
    assert page.value("height") == "172.5" and form_value(page, "height") == "172.5"
    assert page.el("height").get_attribute("aria-orientation") == "vertical"
    assert page.view_js("height", "v.clientHeight > v.clientWidth"), "a vertical ruler is tall"
    assert pointer_on_a_tick(page, "height")
    # Down 37 px (3.7 ticks of 0.5 cm): it settles on the nearest tick, 4 ticks on, and the form has it.
    scroll_by_script(page, "height", 37)
    assert page.value("height") == "174.5" and form_value(page, "height") == "174.5"
    assert pointer_on_a_tick(page, "height")
    # Three scrolls of 333 px (33.3 ticks: each settles on 33 of them) later, still exact: 49.5 cm on.
    for _ in range(3):
        scroll_by_script(page, "height", 333)
    assert page.value("height") == "224.0" and form_value(page, "height") == "224.0"
    # The untouched kg ruler kept its value (a CI run once submitted kg=60.0: these are the requests to read then).
    assert form_value(page, "kg") == "72.4", page.js(
        "return performance.getEntriesByType('resource').filter((e) => e.name.includes('/frame/ruler'))"
        ".map((e) => `${Math.round(e.startTime)} ${e.name.split('?')[1]}`)")
    # A real submission carries it.
    page.js("document.getElementById('form').submit()")
    page.wait_for(lambda: "submitted" in page.driver.current_url, f"still at {page.driver.current_url}")
    assert "height=224.0" in page.driver.current_url and "kg=72.4" in page.driver.current_url


def test_value_reset_disabled_and_events(form_page):
    page = form_page
    # Set from code: exact, and it scrolls there.
    page.js("document.getElementById('kg').value = '80.5'")
    page.wait_for(lambda: page.value("kg") == "80.5" and form_value(page, "kg") == "80.5")
    assert page.el("kg").get_attribute("aria-valuenow") == "80.5"
    page.wait_for(lambda: page.value("lb") == "177.5", f"the follower reads {page.value('lb')}")  # 80.5 kg in lb
    # A wheel scroll: input while it moves (at most once a frame), change once when it settles on a tick.
    page.js("window.events = []")
    page.scroll_and_settle("kg", 1234)
    assert page.value("kg") == "92.8"  # 1234 px is 123.4 ticks: it settles on 123 of them, 12.3 kg on
    # `change` rides on the answer to the scroll's end, a round trip after the last scroll event: wait for it.
    page.wait_for(lambda: page.js("return window.events.some((e) => e[0] === 'kg' && e[1] === 'change')"),
                  "no change event after the scroll settled")
    time.sleep(0.2)  # a second change, if one wrongly followed, would be here by now
    events = page.js("return window.events.filter((e) => e[0] === 'kg')")
    inputs = [e for e in events if e[1] == "input"]
    changes = [e for e in events if e[1] == "change"]
    assert len(inputs) >= 1 and len(changes) == 1, events
    assert changes[0][2] >= inputs[-1][2], "change comes last, once settled"
    # form.reset() restores the initial value (the `value` attribute).
    page.js("document.getElementById('form').reset()")
    page.wait_for(lambda: page.value("kg") == "72.4" and form_value(page, "kg") == "72.4")
    # Disabled: not submitted, keys do nothing, not focusable; enabled again, it works.
    page.js("document.getElementById('kg').disabled = true")
    page.wait_for(lambda: form_value(page, "kg") is None, "a disabled control is not submitted")
    assert page.el("kg").get_attribute("aria-disabled") == "true" and page.el("kg").get_attribute("tabindex") == "-1"
    page.js("document.getElementById('kg').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }))")
    time.sleep(0.4)
    assert page.value("kg") == "72.4"
    page.js("document.getElementById('kg').disabled = false")
    page.el("kg").send_keys(Keys.ARROW_RIGHT)
    page.wait_for(lambda: page.value("kg") == "72.5" and form_value(page, "kg") == "72.5")


# kg placed anew at its value, and the server's answer to that placement changed on its way in to also say to snap
# `arguments[0]` px past where it puts the view (`window.__placedAt`); with `arguments[1]`, the first scroll event after
# that answer writes the scroll position that many px back from there. `window.__asked` holds kg's requests from then
# on, `window.__scrolls` the scroll events of its view since the answer came in.
SNAP_ANSWER_JS = """
  const el = document.getElementById('kg'), v = window.__v('kg'), real = window.fetch;
  const past = arguments[0], back = arguments[1];
  let pending = true;
  window.__asked = [];
  window.__scrolls = null;
  window.fetch = (url, options) => {
    const answer = real(url, options);
    if (!String(url).includes('/frame/ruler?seq=')) return answer;  // kg has no attributes: its query starts with seq
    window.__asked.push(String(url));
    if (!pending) return answer;
    pending = false;
    return answer.then(async (response) => {
      const frame = await response.json(), axis = frame.axes[0];
      window.__placedAt = axis.scroll;
      axis.snap = axis.scroll + past;
      window.__scrolls = 0;
      v.addEventListener('scroll', () => { window.__scrolls += 1; });
      if (back !== null) {
        v.addEventListener('scroll', () => { v.scrollLeft = axis.scroll - back; }, { once: true });
      }
      return new Response(JSON.stringify(frame), { headers: { 'Content-Type': 'application/json' } });
    });
  };
  el.value = el.value;
"""


def test_a_snap_already_reached_settles_at_once(form_page):
    """A late scroll event can reach the tick before the answer asking to snap there: no scroll is left to end, so
    the element asks to settle at once instead of waiting for a `scrollend` that never comes (nor a quiet spell: no
    scroll event comes either)."""
    page = form_page
    at = page.view_js("kg", "v.scrollLeft")
    page.js(SNAP_ANSWER_JS, 0, None)
    page.wait_for(lambda: any("end=1" in url for url in page.js("return window.__asked")),
                  lambda: f"a snap already reached did not ask to settle: {page.js('return window.__asked')}")
    assert page.js("return [window.__placedAt, window.__scrolls]") == [at, 0], "placed where it was, not scrolled"
    page.settle("kg")
    assert page.value("kg") == "72.4" and page.view_js("kg", "v.scrollLeft") == at


def test_a_snap_cut_short_still_settles(form_page):
    """A write of the scroll position stops a smooth snap on its way, and no `scrollend` reaches the snap: after
    a quiet spell the element settles where the scroll stopped, with one change."""
    page = form_page
    page.js("window.events = []")
    # The snap starts towards 30 ticks on; its first step is cut short by a write 25.6 ticks back.
    page.js(SNAP_ANSWER_JS, 300, 256)
    page.wait_for(lambda: page.js("return window.events.some((e) => e[0] === 'kg' && e[1] === 'change')"),
                  f"stuck at {page.value('kg')}: no change after the snap was cut short")
    # 256 px back from 72.4 is 25.6 ticks: it settles on 26 of them.
    assert page.value("kg") == "69.8" and form_value(page, "kg") == "69.8"
    assert pointer_on_a_tick(page, "kg")


def test_an_answer_that_comes_in_after_a_placement_was_asked_for_does_not_lose_its_value(form_page):
    """The element is resized while its placement's answer is on its way; the answer comes in before the resize's
    request goes: that request still opens at the value asked for (a CI run once opened at the default 60.0)."""
    page = form_page
    page.js("""
      const el = document.getElementById('kg'), real = window.fetch;
      let release;
      window.held = null;
      window.fetch = (url, options) => {
        const answer = real(url, options);
        // kg has no attributes of its own: its query starts with seq.
        if (!String(url).includes('/frame/ruler?seq=') || window.held) return answer;
        window.held = url;
        return new Promise((resolve) => { release = () => resolve(answer); });
      };
      el.value = '80.5';
      const seen = new ResizeObserver(() => { if (window.held && release) { release(); seen.disconnect(); } });
      window.resizeWhenHeld = () => { seen.observe(el); el.style.width = '900px'; };""")
    page.wait_for(lambda: page.js("return window.held !== null"), "the placement was never asked for")
    page.js("window.resizeWhenHeld()")
    page.wait_for(lambda: page.value("kg") == "80.5" and form_value(page, "kg") == "80.5",
                  f"kg opened at {page.value('kg')}, not 80.5")
    page.settle("kg")
    assert page.value("kg") == "80.5" and pointer_on_a_tick(page, "kg")


def test_on_a_slow_network_a_view_at_rest_holds_a_fast_flings_two_round_trips(form_page):
    """Every frame request says how long the quickest of the last 8 took, less the server's own time (`rtt`; before
    an element's first answer, how long the script took to come). With kg's answers held back 150 ms, a placement
    holds 20 px/ms × 300 ms each side of the view (at most eight view lengths or 6,000 px, whichever is more): a fling
    from rest outruns a viewport's margin before its speed is known."""
    page = form_page
    requests = page.js("return performance.getEntriesByType('resource').map((e) => e.name)"
                       ".filter((n) => n.includes('/frame/'))")
    assert requests and all(re.search(r"[?&]rtt=\d+(&|$)", url) for url in requests), requests

    def margins():
        return page.js(TILE_BOX_JS + """
          const v = window.__v('kg');
          const tiles = tilesOf(v).map((s) => [s.x.baseVal.value, s.x.baseVal.value + s.width.baseVal.value]);
          return [v.scrollLeft - Math.min(...tiles.map((t) => t[0])),
                  Math.max(...tiles.map((t) => t[1])) - v.scrollLeft - v.clientWidth, v.clientWidth];""")

    # Answers that came while the page loaded took longer than loopback's: a few quick ones first.
    for value in ["72.5", "72.6", "72.4"]:
        page.js("document.getElementById('kg').value = arguments[0]", value)
        page.wait_for(lambda: page.value("kg") == value, f"kg reads {page.value('kg')}, not {value}")
    page.settle("kg")
    before, after, width = margins()
    assert before < 2000 and after < 2000, f"on loopback a viewport ({width} px) or so each side: {before}, {after}"
    page.js("""
      const real = window.fetch;
      window.fetch = (url, options) => {
        const answer = real(url, options);  // kg has no attributes of its own: its query starts with seq
        return String(url).includes('/frame/ruler?seq=') ? answer.then((r) => new Promise((resolve) =>
          setTimeout(() => resolve(r), 150))) : answer;
      };
      """)
    for value in range(75, 84):  # the ninth asks with eight slow round trips measured
        page.js("document.getElementById('kg').value = arguments[0]", f"{value}.0")
        page.wait_for(lambda: page.value("kg") == f"{value}.0", f"kg reads {page.value('kg')}, not {value}.0")
    page.settle("kg")
    before, after, width = margins()
    wanted = min(20 * 300, max(8 * width, 6000)) - 100  # a block short of it at most: blocks are 100 px
    assert before >= wanted and after >= wanted, f"{before}, {after} px each side of {width}; wanted {wanted}"


def test_an_element_reports_its_own_round_trip_once_it_has_one(form_page):
    """The script's timing is only a first guess at the round trip (on loopback a millisecond or so; a network
    emulator may leave its delay out of it): once an element's first answer is in, its next request says how long
    that one took. Kept among the quickest, the script's guess had a view on a slow network open with loopback
    margins and blank at the start of its first fling."""
    page = form_page
    assert page.js("const s = document.querySelector('script[src$=\"endless.js\"]');"
                   "const e = performance.getEntriesByName(s.src)[0];"
                   "return e.requestStart > 0 && e.responseStart - e.requestStart < 100"), "the script came quickly"
    page.js("""
      const real = window.fetch;  // only the new ruler's answers (max=4321) are held back
      window.__asked = [];
      window.fetch = (url, options) => {
        window.__asked.push(String(url));
        const answer = real(url, options);
        return String(url).includes('max=4321') ? answer.then((r) => new Promise((resolve) =>
          setTimeout(() => resolve(r), 150))) : answer;
      };
      const late = document.createElement('endless-ruler');
      Object.assign(late, { id: 'late' });
      late.setAttribute('max', '4321');
      late.setAttribute('value', '10.0');
      document.getElementById('form').append(late);
      """)
    page.wait_for(lambda: page.value("late") == "10.0", "the new ruler went live")
    page.js("document.getElementById('late').value = '20.0'")
    page.wait_for(lambda: page.value("late") == "20.0", f"the new ruler reads {page.value('late')}, not 20.0")
    urls = page.js("return window.__asked.filter((u) => u.includes('/frame/ruler') && u.includes('max=4321'))")
    rtts = [int(re.search(r"[?&]rtt=(\d+)", url).group(1)) for url in urls]
    # The first requests go out before an answer is in; the one for 20.0 after.
    assert len(rtts) >= 2 and rtts[0] < 100 and rtts[-1] >= 140, rtts


def test_an_element_is_placed_once_and_asks_after_its_frame_is_painted(form_page):
    """Upgraded with nine attributes, a ruler is placed once, as one with one attribute is (its first request's
    `seq` is theirs: one placement counts one), not once an attribute. Its first request goes out after the frame it
    was asked in (a task after the frame's callbacks, its paint between), so that the page shows the server's picture
    sooner; a scroll's report still goes out from the frame's callback."""
    page = form_page
    page.js("""
      window.__asked = [];
      const realFrame = window.requestAnimationFrame.bind(window), realFetch = window.fetch;
      window.requestAnimationFrame = (callback) => realFrame((time) => {
        window.__inFrame = true;
        try { callback(time); } finally { window.__inFrame = false; }
      });
      window.fetch = (url, options) => {
        if (String(url).includes('/frame/')) window.__asked.push([String(url), Boolean(window.__inFrame)]);
        return realFetch(url, options);
      };
      const box = document.createElement('div');
      document.getElementById('form').append(box);
      box.innerHTML = '<endless-ruler id="one" value="30.0"></endless-ruler><endless-ruler id="nine" min="1" ' +
        'max="90" step="0.5" unit="cm" ends="clamp" theme="dark" dir="rtl" spacing="12" value="7.5">' +
        '</endless-ruler>';""")
    page.wait_for(lambda: page.js("return ['one', 'nine'].every((id) => "
                                  "window.__v(id).querySelectorAll('.canvas > svg').length > 0)"),
                  "the new rulers went live")
    asked = page.js("return window.__asked")
    firsts = {name: next(a for a in asked if f"value={value}" in a[0])
              for name, value in [("one", "30.0"), ("nine", "7.5")]}
    seqs = {name: re.search(r"[?&]seq=(\d+)", url).group(1) for name, (url, _) in firsts.items()}
    assert seqs["one"] == seqs["nine"], seqs
    assert not any(in_frame for _, in_frame in firsts.values()), firsts
    page.view_js("one", "(v.scrollLeft += 300, 1)")
    page.wait_for(lambda: page.js("return window.__asked.length") > len(asked), "the scroll was not reported")
    reports = page.js("return window.__asked")[len(asked):]  # only `one` moved: its reports
    assert all(in_frame for _, in_frame in reports), reports


# Every animation frame's callbacks run this many ms longer (`% ms`), as on a busy page.
BUSY_FRAMES_JS = """
  const real = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => real((time) => {
    const busy = performance.now() + %d;
    while (performance.now() < busy) {}
    callback(time);
  });
"""


def test_an_element_times_its_report_by_when_it_saw_the_position(form_page):
    """A report's `t` is when the page first saw its scroll position, at the scroll event: script that runs in the
    frame before the element asks (here 8 ms of it in every animation frame) does not make the speed the server
    works out wobble, nor does a frame that begins long before a busy page gets to it."""
    page = form_page
    page.js(BUSY_FRAMES_JS % 8 + """
      window.__seen = [];
      window.__v('kg').addEventListener('scroll', () => window.__seen.push(performance.now()));
      const fetch = window.fetch;
      window.__asked = [];
      window.fetch = (url, options) => { window.__asked.push(String(url)); return fetch(url, options); };
      """)
    page.scroll_and_settle("kg", 600)
    urls = page.js("return window.__asked.filter((u) => u.includes('/frame/ruler') && !u.includes('lead='))")
    seen = page.js("return window.__seen")
    sent = [int(re.search(r"[?&]t=(\d+)", url).group(1)) for url in urls]
    # Each report during the scroll is timed by a scroll event. The element's listener runs just before this one, so
    # its clock is at most this one's (and a busy machine may put a few ms between them); timed by the ask, it would
    # be at least the frame's 8 ms of script later.
    timed = [t for t in sent if any(s - 4 <= t <= s + 1 for s in seen)]
    assert len(timed) >= 2 and len(timed) >= len(sent) - 1, f"t {sent}; scroll events at {[round(s) for s in seen]}"


def test_an_element_says_how_long_its_frames_take_while_it_scrolls(form_page):
    """While a view scrolls, each report says how long the page's animation frames take (`frame`: the middle of the
    last few gaps between frames that asked), for a busy page's answers wait for its frames and the server leads by
    them; here every frame carries 30 ms of other script. A placement's asks are no frames: they say nothing."""
    page = form_page
    page.js("""
      const fetch = window.fetch;
      window.__asked = [];
      window.fetch = (url, options) => { window.__asked.push(String(url)); return fetch(url, options); };
      const fresh = document.createElement('endless-ruler');
      Object.assign(fresh, { id: 'fresh' });
      fresh.setAttribute('max', '4322');
      document.getElementById('form').append(fresh);
      """)
    page.wait_for(lambda: page.js("return window.__asked.some((u) => u.includes('max=4322'))"), "the new ruler asked")
    placed = page.js("return window.__asked.filter((u) => u.includes('max=4322'))")
    assert all("frame=" not in url for url in placed), placed
    page.js(BUSY_FRAMES_JS % 30 + """
      window.__asked = [];
      const v = window.__v('kg');
      let steps = 0;
      const step = () => { v.scrollLeft += 30; if (++steps < 30) requestAnimationFrame(step); };  // a frame a step
      requestAnimationFrame(step);
      """)

    def frames():
        urls = page.js("return window.__asked.filter((u) => u.includes('/frame/ruler') && !u.includes('lead='))")
        return [int(m.group(1)) for url in urls if (m := re.search(r"[?&]frame=(\d+)(&|$)", url))]
    page.wait_for(lambda: len(frames()) >= 2, f"reports with a frame: {frames()}")
    assert min(frames()) >= 30, frames()


def test_attributes_replace_the_view_and_a_bad_one_says_why(form_page):
    page = form_page
    text = page.js("return document.getElementById('broken').shadowRoot.querySelector('.error').textContent")
    shown = page.js("return !document.getElementById('broken').shadowRoot.querySelector('.error').hidden")
    status, expected = 400, None
    try:
        urllib.request.urlopen(page.base + "/svg/ruler?max=abc", timeout=10)
    except urllib.error.HTTPError as error:
        status, expected = error.code, error.read().decode().strip()
    assert shown and status == 400 and text == expected, "the endpoint's own one line, inside the element"
    assert text == "max: must be a decimal number like 72.4, with at most 6 decimals, between -1e12 and 1e12"
    # Mended, it works; the others kept working all along.
    page.js("document.getElementById('broken').setAttribute('max', '300')")
    page.wait_for(lambda: page.value("broken") == "9.0", f"broken reads {page.value('broken')!r}")
    assert page.js("return document.getElementById('broken').shadowRoot.querySelector('.error').hidden")
    # An attribute change places the view anew.
    page.js("const h = document.getElementById('height'); h.setAttribute('max', '300'); h.setAttribute('value', '290')")
    page.wait_for(lambda: page.value("height") == "290.0")
    assert page.el("height").get_attribute("aria-valuemax") == "300.0"


def test_a_unit_with_a_space_a_lost_leader_and_a_follower_set_free(form_page):
    page = form_page
    # A space in an attribute reaches the server as a space (`%20`), not as a literal `+`.
    page.js("document.getElementById('rtl').setAttribute('unit', 'fl oz')")
    page.wait_for(lambda: page.js("return document.getElementById('rtl').readout.text") == "50.0 fl oz",
                  lambda: page.js("return document.getElementById('rtl').readout.text"))
    assert "unit=fl%20oz" in page.js("return document.getElementById('rtl').readout.image")
    # A leader that is not there says so, and keeps saying so.
    page.js("const el = document.createElement('endless-ruler'); el.id = 'lost'; el.setAttribute('follows', 'nobody');"
            "document.body.append(el)")
    error = "return document.getElementById('lost').shadowRoot.querySelector('.error').textContent"
    page.wait_for(lambda: page.js(error) == "follows: no element with id nobody on this page", lambda: page.js(error))
    time.sleep(0.5)
    assert page.js(error) == "follows: no element with id nobody on this page"
    page.js("document.getElementById('lost').remove()")
    # Without `follows` a follower is a ruler of its own: a focusable slider that keys move.
    page.js("document.getElementById('lb').removeAttribute('follows')")
    page.wait_for(lambda: page.el("lb").get_attribute("role") == "slider" and page.js(
        "return document.getElementById('lb').tabIndex") == 0, "the freed ruler is no slider")
    page.wait_for(lambda: page.value("lb") == "18.0", lambda: page.value("lb"))
    page.el("lb").send_keys(Keys.ARROW_RIGHT)
    page.wait_for(lambda: page.value("lb") == "18.1", lambda: f"after ArrowRight: {page.value('lb')}")
    assert page.el("lb").get_attribute("aria-valuenow") == "18.1"


def test_a_follower_moves_with_its_leader_on_a_long_key_move(form_page):
    page = form_page
    # Every value the follower shows, frame by frame, while its leader goes a long way by key (smoothly, over frames).
    page.js("window.seen = []; const lb = document.getElementById('lb');"
            "lb.addEventListener('endless-frame', () => seen.push(Number(lb.readout.position)))")
    page.js("document.getElementById('kg').press(arguments[0])", "PageUp")
    page.wait_for(lambda: page.value("kg") == "73.4", lambda: page.value("kg"))
    page.wait_for(lambda: page.value("lb") == "161.8", lambda: page.value("lb"))
    seen = page.js("return seen")
    # It goes as its leader goes: it never shows the destination first and then jumps back to walk there.
    assert len(seen) >= 2 and seen == sorted(seen), seen
    assert abs(seen[-1] - 161.82) < 0.1, seen


def test_press_minds_disabled_and_name_is_settable(form_page):
    page = form_page
    page.js("const kg = document.getElementById('kg'); kg.disabled = true; kg.press('ArrowRight')")
    time.sleep(0.5)
    assert page.value("kg") == "72.4", "a disabled ruler does not move, by key or by press()"
    page.js("const kg = document.getElementById('kg'); kg.disabled = false; kg.name = 'mass'")
    assert page.el("kg").get_attribute("name") == "mass"
    page.wait_for(lambda: form_value(page, "mass") == "72.4", lambda: form_value(page, "mass"))


def test_keys_on_a_vertical_ruler_a_loop_and_a_grid(form_page):
    page = form_page
    for key, expected in [(Keys.ARROW_UP, "173.0"), (Keys.ARROW_DOWN, "172.5"), (Keys.PAGE_UP, "177.5"),
                          (Keys.HOME, "100.0"), (Keys.END, "250.0")]:
        page.el("height").send_keys(key)
        page.wait_for(lambda: page.value("height") == expected, f"{key!r}: {page.value('height')}")
    assert page.js("return document.getElementById('loop').item") == 3
    page.js("window.events = []")
    since = page.now()
    page.el("loop").send_keys(Keys.ARROW_RIGHT)
    page.settle("loop", since)
    assert page.js("return document.getElementById('loop').item") == 4
    assert page.el("loop").get_attribute("aria-valuenow") == "4"
    assert [page.el("loop").get_attribute(f"aria-value{end}") for end in ("min", "max")] == ["0", "20"]
    assert page.js("return [document.getElementById('grid').x, document.getElementById('grid').y]") == [1000, -500]
    page.el("grid").send_keys(Keys.ARROW_LEFT)
    page.wait_for(lambda: page.js("return document.getElementById('grid').x") == 900)
    page.js("document.getElementById('grid').press('Home')")
    page.wait_for(lambda: page.js("return [document.getElementById('grid').x, document.getElementById('grid').y]")
                  == [0, 0])
    # The loop and the grid report their moves as the ruler does: input while moving, change once at rest.
    page.wait_for(lambda: {("loop", "change"), ("grid", "change"), ("loop", "input"), ("grid", "input")} <= {
        (e[0], e[1]) for e in page.js("return window.events")}, "the loop or the grid fired no input or change")


def test_right_to_left_grows_to_the_left(form_page):
    page = form_page
    assert page.value("rtl") == "50.0"
    scroll_by_script(page, "rtl", 200)  # to the right: 20 ticks lower
    assert page.value("rtl") == "48.0"
    assert pointer_on_a_tick(page, "rtl")
    labels = page.js(TILE_BOX_JS + "const v = window.__v('rtl');"
                     "return tilesOf(v).sort((a, b) => boxOf(a).left - boxOf(b).left).map((s) => s.textContent)")
    numbers = [int(label) for label in labels]
    assert numbers == sorted(numbers, reverse=True), numbers


def test_the_page_embeds_what_is_on_screen(page):
    details = page.driver.find_element("css selector", ".embed[data-for='weight']")
    details.click()
    page.scroll_and_settle("weight", 123)  # 60.0 + 12 ticks
    page.wait_for(lambda: "value=61.2" in details.text, details.text)
    image = next(line for line in details.text.splitlines() if line.startswith("<img"))
    url = image.split('src="')[1].split('"')[0]
    with urllib.request.urlopen(url, timeout=10) as response:
        assert "<title>Ruler at 61.2 kg</title>" in response.read().decode()
    assert '<endless-ruler zoomable theme="auto" zoom="0.1" value="61.2"></endless-ruler>' in details.text


def test_the_bundled_form_submits_the_height(page):
    page.el("height").send_keys(Keys.PAGE_UP)  # 172.5 + 10 ticks of 0.5
    page.wait_for(lambda: page.value("height") == "177.5")
    page.driver.find_element("css selector", "#height-form button[type=submit]").click()
    page.wait_for(lambda: "height=177.5" in page.driver.current_url)
    page.wait_for(lambda: page.el("submitted").text == "Submitted: height=177.5")


@pytest.mark.parametrize("page_name", ["plain", "versioned"])
def test_elements_ask_the_prefix_their_script_came_from(driver, mounted, page_name):
    """Served under a mount prefix (`/endless/endless.js`, or its versioned `/endless/v/VERSION/endless.js`), the
    elements ask `/endless/frame/…`: the prefix, not the origin's root (a 404 there)."""
    origin, paths = mounted
    driver.get_log("browser")
    paths.clear()
    driver.get(f"{origin}/{page_name}.html")
    live = ("return ['kg', 'loop'].every((id) => { const root = document.getElementById(id).shadowRoot;"
            "  return Boolean(root && root.querySelector('.frame.live .canvas > svg')); })")
    WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: d.execute_script(live),
                                                         f"not live; the proxy was asked {paths}")
    driver.execute_script("document.getElementById('kg').value = '80.5'")
    WebDriverWait(driver, 10, poll_frequency=0.05).until(
        lambda d: d.execute_script("return document.getElementById('kg').value") == "80.5")
    assert driver.execute_script("return document.getElementById('loop').item") == 3
    frames = [path for path in paths if "/frame/" in path]
    assert {path.split("?")[0] for path in frames} == {"/endless/frame/ruler", "/endless/frame/loop"}, frames
    assert not [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]


# From now on, each element's `endless-frame` listeners by its id: `window.__listening(id)` counts them.
TRACK_LISTENERS_JS = """
  const listeners = {}, add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
  const of = (target) => (listeners[target.id] ??= new Set());
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type === 'endless-frame' && this.id) of(this).add(listener);
    return add.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    if (type === 'endless-frame' && this.id) of(this).delete(listener);
    return remove.call(this, type, listener, options);
  };
  window.__listening = (id) => listeners[id]?.size ?? 0;
"""


def test_a_removed_or_repointed_follower_stops_listening_to_its_leader(form_page):
    """A follower listens to its leader's frames. Removed from the page, it stops at once (it no longer moves with its
    leader, nor is it woken by it); put back, it follows again; pointed at another leader, it listens to that one
    only."""
    page = form_page
    page.js(TRACK_LISTENERS_JS + """
      const follower = document.createElement('endless-ruler');
      follower.id = 'pounds';
      for (const [name, value] of [['follows', 'kg'], ['factor', '2.20462262185'], ['min', '18'], ['max', '2204'],
        ['ends', 'clamp']]) follower.setAttribute(name, value);
      document.getElementById('form').append(follower);""")
    page.wait_for(lambda: page.value("pounds") == "159.6", lambda: f"the new follower reads {page.value('pounds')}")
    assert page.js("return window.__listening('kg')") == 1

    page.js("window.__removed = document.getElementById('pounds'); window.__removed.remove()")
    assert page.js("return window.__listening('kg')") == 0, "a removed follower still listens to its leader"
    page.js("document.getElementById('kg').value = '80.5'")
    page.wait_for(lambda: page.value("kg") == "80.5" and page.value("lb") == "177.5", "kg and lb did not move")
    assert page.js("return [window.__removed.value, window.__listening('kg')]") == ["159.6", 0]

    page.js("document.getElementById('form').append(window.__removed)")
    page.wait_for(lambda: page.value("pounds") == "177.5", lambda: f"put back, it reads {page.value('pounds')}")
    assert page.js("return window.__listening('kg')") == 1

    page.js("document.getElementById('pounds').setAttribute('follows', 'height')")  # 172.5 cm, as if kg
    assert page.js("return window.__listening('kg')") == 0, "a re-pointed follower still listens to its old leader"
    page.wait_for(lambda: page.value("pounds") == "380.3", lambda: f"re-pointed, it reads {page.value('pounds')}")
    assert page.js("return [window.__listening('kg'), window.__listening('height')]") == [0, 1]
    page.js("document.getElementById('kg').value = '72.4'")
    page.wait_for(lambda: page.value("kg") == "72.4" and page.value("lb") == "159.6", "kg and lb did not move")
    assert page.value("pounds") == "380.3"
