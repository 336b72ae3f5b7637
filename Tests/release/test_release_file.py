"""The release file (`scripts/release`) as an operator uses it: the binary alone, copied into an empty directory and
started from another, with no Swift on the machine's library path, serves the page, a window and a frame; and
deploy/endless@.service, the systemd unit that runs it, passes `systemd-analyze verify` pointed at it.

The tarball is `ENDLESS_RELEASE`, else the newest in dist/ (run `scripts/release` first).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tarfile
import threading
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SERVING = re.compile(r"serving on http://127\.0\.0\.1:(\d+)/")
# The Swift runtime's shared libraries, and what the release links in besides.
SWIFT_RUNTIME = re.compile(r"libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libicu|swift")
LINKED_IN = re.compile(r"libdeflate|libz\.so")


def _tarball() -> Path:
    if os.environ.get("ENDLESS_RELEASE"):
        return Path(os.environ["ENDLESS_RELEASE"])
    found = sorted((REPO / "dist").glob("endless-*-linux-*.tar.gz"), key=lambda p: p.stat().st_mtime)
    if not found:
        pytest.fail("no release file: run scripts/release (or set ENDLESS_RELEASE)")
    return found[-1]


@pytest.fixture(scope="module")
def binary(tmp_path_factory) -> Path:
    """The binary from the tarball, copied alone into an empty directory."""
    unpacked = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(_tarball()) as archive:
        archive.extractall(unpacked, filter="data")
    [extracted] = unpacked.glob("endless-*/endless")
    alone = tmp_path_factory.mktemp("bin") / "endless"
    shutil.copy2(extracted, alone)
    return alone


def _environment() -> dict[str, str]:
    """No Swift toolchain anywhere the binary could look: a bare PATH and no library path."""
    return {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp"), "LANG": "C.UTF-8"}


def test_ldd_lists_no_swift_runtime_library(binary):
    libraries = subprocess.run(["ldd", str(binary)], check=True, capture_output=True, text=True,
                               env=_environment()).stdout
    assert "not found" not in libraries, libraries
    assert not SWIFT_RUNTIME.search(libraries), libraries
    assert not LINKED_IN.search(libraries), libraries


@pytest.fixture(scope="module")
def server(binary, tmp_path_factory):
    """The binary started from another empty directory."""
    process = subprocess.Popen(
        [str(binary), "--port", "0"], cwd=tmp_path_factory.mktemp("elsewhere"), env=_environment(),
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found, port, log = threading.Event(), [], []

    def drain():
        for line in process.stderr:
            log.append(line)
            match = SERVING.search(line)
            if match and not port:
                port.append(int(match.group(1)))
                found.set()
        found.set()

    threading.Thread(target=drain, daemon=True).start()
    if not found.wait(30) or not port:
        process.kill()
        raise RuntimeError("the release binary did not start:\n" + "".join(log))
    yield f"http://127.0.0.1:{port[0]}"
    process.terminate()
    assert process.wait(10) == 0


def get(url: str) -> tuple[int, str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers["Content-Type"], response.read()


def test_serves_the_page_a_window_and_a_frame(server):
    status, kind, page = get(f"{server}/")
    assert (status, kind) == (200, "text/html; charset=utf-8")
    assert page.count(b"<endless-ruler") >= 2
    script = re.search(rb'src="(/v/[0-9a-z]+/page\.js)"', page)
    assert script and get(server + script.group(1).decode())[0] == 200
    status, kind, script = get(f"{server}/endless.js")
    assert (status, kind) == (200, "text/javascript; charset=utf-8")
    assert script == (REPO / "public" / "endless.js").read_bytes(), "the script built in is the repository's"
    status, kind, window = get(f"{server}/svg/ruler?value=72.4")
    assert (status, kind) == (200, "image/svg+xml; charset=utf-8")
    assert window.rstrip().endswith(b"</svg>")
    status, kind, frame = get(f"{server}/frame/ruler?size=600,120&value=72.4")
    assert (status, kind) == (200, "application/json")
    assert json.loads(frame)["readout"]["value"] == "72.4"


def test_every_zone_answers_with_no_tzdata_on_the_machine(binary, tmp_path):
    """The zones are the tz database built into the binary (ICU's): with /usr/share/zoneinfo hidden (an empty
    directory mounted over it, in a mount namespace of its own; /etc/localtime links into it), Apia still skips 30
    December 2011 and London's 01:00 still comes twice."""
    if shutil.which("unshare") is None or os.geteuid() != 0:
        pytest.skip("needs unshare and root to hide the machine's tzdata")
    render = (f"mount -t tmpfs none /usr/share/zoneinfo && ls /usr/share/zoneinfo | wc -l"
              f" && {binary} render timeline --tz Pacific/Apia --scale 1d --at 2011-12-30T10:00:00Z"
              f" && {binary} render timeline --tz Europe/London --at 2026-10-25T01:00:00Z")
    run = subprocess.run(["unshare", "--mount", "sh", "-c", render], capture_output=True, text=True,
                         env=_environment(), cwd=tmp_path, timeout=60)
    assert run.returncode == 0, run.stderr
    hidden, apia, london = run.stdout.split("\n", 1)[0], *run.stdout.split("</svg>")[:2]
    assert hidden.strip() == "0", "the machine's tzdata was not hidden"
    assert ">Thu 29<" in apia and ">Sat 31<" in apia and ">Fri 30<" not in apia, apia
    assert "+01:00</tspan>" in london and "+00:00</tspan>" in london, london


def test_the_systemd_unit_verifies_with_the_release_binary(binary, tmp_path):
    """deploy/endless@.service, its ExecStart pointed at the extracted binary, copied as an instance
    (endless@8081.service: a template is verified through one of its instances). `systemd-analyze verify` exits 0 on
    an unknown key, a bad value or an unknown system call group and only says so, so any word from it fails too."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    template = (REPO / "deploy" / "endless@.service").read_text()
    installed = "ExecStart=/usr/local/bin/endless serve "
    assert template.count(installed) == 1, "the unit's ExecStart is not the installed binary's"
    unit = tmp_path / "endless@8081.service"
    unit.write_text(template.replace(installed, f"ExecStart={binary} serve "))
    run = subprocess.run([analyze, "verify", "--man=no", str(unit)], capture_output=True, text=True,
                         env=_environment(), cwd=tmp_path, timeout=60)
    said = (run.stdout + run.stderr).strip()
    assert run.returncode == 0 and not said, f"systemd-analyze verify exited {run.returncode}:\n{said}"


def test_every_language_draws_with_no_locale_data_on_the_machine(binary, tmp_path):
    """Languages and calendars are the CLDR data built into the binary (ICU's, in Foundation): run under `env -i`
    with the machine's locale data hidden (empty directories mounted over /usr/share/i18n, /usr/share/locale and
    /usr/lib/locale, in a mount namespace of its own), each of issue 51's languages still draws its own words."""
    if shutil.which("unshare") is None or os.geteuid() != 0:
        pytest.skip("needs unshare and root to hide the machine's locale data")
    hidden = [path for path in ("/usr/share/i18n", "/usr/share/locale", "/usr/lib/locale") if Path(path).is_dir()]
    cases = [
        ("ruler --locale de-DE --value 72.4", "72,4 kg"),
        ("ruler --locale fr-FR --min 0 --max 10000 --step 0.5 --value 1234.5", "1\u202f234,5 kg"),
        ("ruler --locale hi-IN --min 0 --max 10000000 --step 0.5 --value 1234567.5", "12,34,567.5 kg"),
        ("ruler --locale ar-EG --value 72.4", "٧٢٫٤ kg"),
        ("timeline --locale ja-JP --scale 1d --at 2026-10-25T00:00:00Z", "25日(日)"),
        ("timeline --locale en-US --scale 1h --at 2026-10-25T14:00:00Z", "2\u202fPM"),
        ("timeline --locale fa-IR --scale 1mo --at 2026-03-21T00:00:00Z", "فروردین"),
        ("timeline --locale th-TH --scale 1y --at 2026-01-01T00:00:00Z", "2569"),
        ("timeline --locale he-IL-u-ca-hebrew --scale 1mo --at 2026-09-12T00:00:00Z", "תשרי"),
    ]
    script = " && ".join([f"mount -t tmpfs none {path}" for path in hidden]
                         + [f"ls {' '.join(hidden) or '/nonexistent'} | grep -vc : || true"]
                         + [f"{binary} render {arguments} && echo" for arguments, _ in cases])
    run = subprocess.run(["unshare", "--mount", "env", "-i", "/bin/sh", "-c", script], capture_output=True, text=True,
                         cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    drawings = run.stdout.split("</svg>")
    for (arguments, words), drawing in zip(cases, drawings):
        assert words in drawing, f"{arguments}: {drawing[:300]}"
