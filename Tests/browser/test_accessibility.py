"""The bundled page (`GET /`) audited by axe-core (`.vendor/axe.min.js`, which scripts/install fetches) in Chromium,
with every rule it runs by default, once the elements are live, in the light and the dark scheme, with an embed
snippet open: no violation at all (axe's serious and critical ones included), and a `main` landmark with all content
in landmarks. test_every_browser.py audits the page in Firefox and WebKit too."""

from __future__ import annotations

import json

import pytest

from conftest import audit


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_page_has_no_accessibility_violation(page, scheme):
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        page.open("/?value=72.4")
        page.driver.find_element("css selector", ".embed[data-for='weight'] summary").click()
        page.wait_for(lambda: page.js("return document.querySelectorAll('.embed[open] pre').length") == 2,
                      "the embed snippet did not open")
        result = audit(page.js, page.driver.execute_async_script)
    finally:
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    serious = [v for v in result["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, json.dumps(serious, indent=1)
    assert not result["violations"], json.dumps(result["violations"], indent=1)
    # The two the page once failed: no `main`, content outside landmarks.
    assert {"landmark-one-main", "region"} <= set(result["passes"]), result["passes"]
