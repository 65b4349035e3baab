"""docs/images/web-GAME-SIZE.png from browser_play.py's screenshots: each game's start,
middle and end side by side, laid out and captured by headless Chromium (no image
library needed). Not a test. Usage:
  BONES_WEB_SCREENSHOTS=/tmp/shots tests/test_web_browser.sh build .
  PYTHONPATH=tests/web python3 tests/web/montage.py /tmp/shots docs/images"""
import base64
import glob
import os
import struct
import sys
import tempfile

import chrome

GAP = 8
SCALE = {"desktop": 0.5, "phone": 0.75}  # the pictures in docs/web.md, smaller


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def data_uri(path):
    with open(path, "rb") as f:
        return "data:image/png;base64," + base64.b64encode(f.read()).decode()


def main(shots, out):
    names = sorted({os.path.basename(p)[len("web-"):-len("-start.png")]
                    for p in glob.glob(os.path.join(shots, "web-*-start.png"))})
    d = chrome.browser(tempfile.mkdtemp())
    try:
        for name in names:
            parts = [os.path.join(shots, "web-%s-%s.png" % (name, k)) for k in ("start", "middle", "end")]
            if not all(os.path.exists(p) for p in parts):
                continue
            scale = SCALE.get(name.rsplit("-", 1)[-1], 1)
            sizes = [tuple(round(v * scale) for v in png_size(p)) for p in parts]
            w = sum(s[0] for s in sizes) + GAP * (len(parts) - 1)
            h = max(s[1] for s in sizes)
            page = ("<html><body style='margin:0;background:#ccc;display:flex;gap:%dpx;align-items:flex-start'>" % GAP
                    + "".join("<img width='%d' height='%d' src='%s'>" % (s[0], s[1], data_uri(p))
                              for s, p in zip(sizes, parts)) + "</body></html>")
            html = os.path.join(tempfile.mkdtemp(), "m.html")
            with open(html, "w") as f:
                f.write(page)
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": False})
            d.get("file://" + html)
            chrome.wait(lambda: d.execute_script(
                "return [...document.images].every((i) => i.complete && i.naturalWidth)"), what="the pictures")
            d.save_screenshot(os.path.join(out, "web-%s.png" % name))
            print("web-%s.png %dx%d" % (name, w, h))
    finally:
        d.quit()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
