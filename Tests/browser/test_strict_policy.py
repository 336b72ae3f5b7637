"""A careful site: the elements on a page of another origin whose Content-Security-Policy forbids inline scripts and
styles and requires Trusted Types (issue 44), in Chromium, Firefox and WebKit. No policy is violated and no script
fails; every element draws, a timeline too; keys move the ruler and the timeline; the form submits their exact values;
and the ruler and the timeline look the same, pixel for pixel, as on the same page without the policy. And the bundled
page, which sends a strict policy of its own."""

from __future__ import annotations

import functools
import http.server
import re
import threading
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from test_every_browser import ENGINES, Browser
from test_faults import settles, standing

PAGE = """<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Careful</title><link rel="icon" href="data:,">
<script src="/record.js"></script>
<script src="{base}/endless.js"></script></head>
<body>
<form id="form" action="/submitted.html" method="get">
  <endless-ruler id="kg" name="kg" value="72.4"></endless-ruler>
  <endless-loop id="loop" count="21" item="3"></endless-loop>
  <endless-grid id="grid" x="0" y="0" tile="100"></endless-grid>
  <endless-timeline id="meeting" name="meeting" tz="Europe/London" step="15min"
    value="2026-10-25T00:30:00Z"></endless-timeline>
  <button>Submit</button>
</form>
</body></html>
"""

# The page's own script, from its own origin: every violation and script error it hears.
RECORD = """window.violations = []; window.failures = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));
window.addEventListener('error', (e) => failures.push(String(e.message)));
"""

# The policy, with the server's origin in place of https://endless.example.
POLICY = ("default-src 'none'; script-src 'self' {base}; connect-src {base}; img-src {base} data:; "
          "style-src 'self' {base}; require-trusted-types-for 'script'")


@pytest.fixture(scope="module", params=ENGINES)
def browser(request):
    b = Browser(request.param)
    yield b
    b.quit()


@pytest.fixture(scope="module")
def careful_origin(server, tmp_path_factory):
    """A static server on another origin: `/` with the strict policy, `/plain.html` the same page without it."""
    root: Path = tmp_path_factory.mktemp("careful-origin")
    base = f"http://127.0.0.1:{server.port}"
    (root / "index.html").write_text(PAGE.format(base=base))
    (root / "plain.html").write_text(PAGE.format(base=base))
    (root / "record.js").write_text(RECORD)
    (root / "submitted.html").write_text('<!doctype html><title>Submitted</title><link rel="icon" href="data:,">')
    policy = POLICY.format(base=base)

    class Careful(http.server.SimpleHTTPRequestHandler):
        def end_headers(self):
            if self.path.split("?")[0] in ("/", "/index.html"):
                self.send_header("Content-Security-Policy", policy)
            super().end_headers()

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Careful, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def live(b: Browser, view: str) -> bool:
    return b.js("const el = document.getElementById(arguments[0]);"
                "return Boolean(el.shadowRoot && el.shadowRoot.querySelector('.frame.live .canvas > *'))", view)


def load(b: Browser, url: str):
    b.get(url)
    b.wait(lambda: all(live(b, view) for view in ["kg", "loop", "grid", "meeting"]),
           lambda: f"not every element drew: {b.js('return [violations, failures]')}")
    settles(b, "kg", "72.4")
    settles(b, "meeting", "2026-10-25T01:30:00+01:00")


def picture(b: Browser, view: str) -> bytes:
    if b.engine == "firefox":
        from marionette_driver.by import By

        element = b.marionette.find_element(By.ID, view)
        return b.marionette.screenshot(element=element, format="binary")
    return b.driver.find_element("id", view).screenshot_as_png


def moved(b: Browser) -> dict:
    """Keys move the ruler a tick and the timeline a step (a quarter hour); their pictures, once settled."""
    b.press("kg", "\ue014")  # ArrowRight
    settles(b, "kg", "72.5")
    b.press("meeting", "\ue014")
    settles(b, "meeting", "2026-10-25T01:45:00+01:00")
    return {view: picture(b, view) for view in ["kg", "meeting"]}


def test_the_elements_work_under_a_strict_policy(browser, careful_origin):
    b = browser
    load(b, careful_origin + "/")
    for view in ["kg", "meeting"]:
        assert b.js("return document.getElementById(arguments[0]).shadowRoot.adoptedStyleSheets.length", view) == 3
    # Keys move the ruler and the timeline; the form submits their exact values.
    pictures = moved(b)
    assert b.js("return violations") == [] and b.js("return failures") == []
    b.js("document.getElementById('form').requestSubmit()")
    submitted = lambda: urllib.parse.parse_qs(urllib.parse.urlsplit(b.url).query)  # noqa: E731
    b.wait(lambda: submitted().get("kg") == ["72.5"] and submitted().get("meeting") == ["2026-10-25T01:45:00+01:00"],
           lambda: f"submitted to {b.url}")
    # The same page without the policy: at the same values they look the same, pixel for pixel.
    load(b, careful_origin + "/plain.html")
    assert moved(b) == pictures, "the ruler or the timeline looks different under the policy"


def test_the_bundled_page_sends_a_strict_policy_and_works_under_it(browser, server):
    """The bundled page's own policy forbids inline scripts and styles and requires Trusted Types; its markup has
    none, and under the policy every view goes live (its elements' script loads through page.js's one policy), keys
    move the weight, nothing is refused, and its form submits; a style added by script is refused: it is in force."""
    b = browser
    with urllib.request.urlopen(server.base + "/") as response:
        policy, html = response.headers["Content-Security-Policy"], response.read().decode()
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert "unsafe" not in policy and directives["default-src"] == "'none'", policy
    assert (directives["script-src"], directives["style-src"]) == ("'self'", "'self'"), policy
    assert directives["require-trusted-types-for"] == "'script'", policy
    inline = re.findall(r"<style|\sstyle=|<script(?![^>]*\ssrc=)|\son[a-z]+=", html)
    assert not inline, f"the page's markup has inline script or style: {inline}"
    b.get(server.base + "/?value=72.4")
    b.wait(lambda: all(live(b, view) for view in ["weight", "pounds", "height", "loop", "grid", "inch", "time"]),
           "not every view of the bundled page went live under its policy")
    b.js("window.violations = []; document.addEventListener('securitypolicyviolation',"
         " (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));")
    b.press("weight", "\ue014")  # ArrowRight
    settles(b, "weight", "72.5")
    b.js("document.querySelector('details.embed').open = true")
    b.wait(lambda: b.js("return document.querySelector('details.embed pre') !== null"), "no embed snippet")
    assert b.js("return violations") == [], "the page broke its own policy"
    # In force, not merely sent: a style put in by script is refused, and reported.
    colour = b.js("const s = document.createElement('style'); s.textContent = 'main { color: rgb(1, 2, 3) }';"
                  "document.head.append(s); return getComputedStyle(document.querySelector('main')).color")
    assert colour != "rgb(1, 2, 3)"
    b.wait(lambda: any(v.startswith("style-src") for v in b.js("return violations")), "the refusal was not reported")
    b.js("document.getElementById('height-form').requestSubmit()")
    b.wait(lambda: "height=172.5" in b.url, lambda: f"submitted to {b.url}")
    b.wait(lambda: b.js("return document.getElementById('submitted').textContent") == "Submitted: height=172.5",
           "the page did not say what was submitted")
