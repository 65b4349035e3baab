"""A phone player's pages at 390x844 in headless Chromium (run by
tests/test_web_browser_phone.sh): each game's board shows the whole position (the
overview: the picture inside the screen's width and its frame, nothing to scroll),
every tap target is at least 44x44 px (measured with getBoundingClientRect: buttons,
selects, fields, the board's targets; a checkbox is tapped by its label), a tap on a
board whose targets are narrower than a finger zooms in there until they are 44 px,
and the move played, the overview comes back. The lobby, a tournament's page (its
standings not cut inside a scroll box of their own) and a player's page are measured
too. BONES_WEB_SCREENSHOTS=DIR saves the pictures (docs/images/web-phone-*.png)."""
import os
import random
import sys

import chrome
from chrome import wait
from clicks import state, turn
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
import tourney_ini
from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
shots = os.environ.get("BONES_WEB_SCREENSHOTS")
check = Checks()
rng = random.Random(3)
W, H, FINGER = 390, 844, 44
GAMES = [("holomino", {"digits": 5}), ("hegemino", {}), ("geominos", {}), ("dominoes", {})]

# every visible thing a finger taps, with its size: a checkbox's label stands for it
TAPS = """
const seen = (e) => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.pointerEvents !== 'none'; };
const out = [];
for (const e of document.querySelectorAll('button, a.button, select, summary, input, #overlay .hit')) {
  let t = e;
  if (e.type === 'checkbox' || e.type === 'radio') t = e.closest('label') || e;
  if (!seen(e) || e.disabled && e.tagName !== 'BUTTON') continue;
  if (e.classList.contains('zoomer')) continue; /* the whole board */
  const r = t.getBoundingClientRect();
  out.push([e.id || e.className || e.tagName, e.textContent.trim().slice(0, 20) || e.type || '', r.width, r.height]);
}
return out;"""

# the board as shown: the zoom, the frame's scroll sizes and the picture's box
BOARD = """
const w = document.getElementById('board-wrap'), p = document.getElementById('picture').getBoundingClientRect();
return {zoom: zoom, sw: w.scrollWidth, cw: w.clientWidth, sh: w.scrollHeight, ch: w.clientHeight,
  left: p.left, right: p.right, height: p.height, iw: innerWidth, ih: innerHeight,
  far: document.querySelectorAll('#overlay .target.far').length,
  near: [...document.querySelectorAll('#overlay .target:not(.far)')].map((b) => b.getBoundingClientRect().width)};"""


def shot(d, name, top="board-area"):
    """The page from element top down (the board's status line, else the page's top)."""
    if shots:
        d.execute_script("const e = document.getElementById(arguments[0]);"
                         " if (e) e.scrollIntoView(); else window.scrollTo(0, 0)", top)
        d.save_screenshot(os.path.join(shots, name + ".png"))


def taps(d, where):
    small = [t for t in d.execute_script(TAPS) if t[2] < FINGER - 0.5 or t[3] < FINGER - 0.5]
    check("%s: every tap target at least %d px" % (where, FINGER), not small, small[:6])


def whole(d, where):
    b = d.execute_script(BOARD)
    check("%s: the overview shows the whole position (%s)" % (where, b),
          b["zoom"] == 1 and b["sw"] <= b["cw"] + 1 and b["sh"] <= b["ch"] + 1
          and b["left"] >= -1 and b["right"] <= b["iw"] + 1 and b["height"] <= b["ih"], b)
    return b


def settled(d, what):
    return wait(lambda: (lambda s: s if s and not s["busy"] else None)(state(d)), what=what)


def tap_move(d, name, k):
    """One move by taps: on the overview a tap where a target is zooms in, then a
    target and one of its ways; True when it was the first zoom (for a screenshot)."""
    s = turn(d, name + ": Ann's turn")
    b = d.execute_script(BOARD)
    zoomed = False
    if b["far"]:
        mark = rng.choice(d.find_elements(By.CSS_SELECTOR, "#overlay .target.far"))
        ActionChains(d).move_to_element(mark).click().perform()  # the board under it
        wait(lambda: d.execute_script("return zoom") > 1, what=name + " to zoom in")
        settled(d, name + " drawn zoomed")
        z = d.execute_script(BOARD)
        check("%s move %d: a tap zooms in until the targets are a finger wide (%s)" % (name, k, z["near"][:5]),
              not z["far"] and z["near"] and min(z["near"]) >= FINGER - 0.5, z)
        taps(d, "%s move %d zoomed" % (name, k))
        zoomed = True
    targets = d.find_elements(By.CSS_SELECTOR, "#overlay .target:not(.far)")
    if targets:
        for _ in range(5):  # drawn again under the finger (a late redraw): find it again
            try:
                t = rng.choice(d.find_elements(By.CSS_SELECTOR, "#overlay .target:not(.far)"))
                d.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", t)
                t.click()
                break
            except StaleElementReferenceException:
                settled(d, name + " drawn again")
        ways = d.find_elements(By.CSS_SELECTOR, "#choices .choice:not(.other)")
        if ways:
            taps(d, "%s move %d: the ways" % (name, k))
            if zoomed:
                shot(d, "web-phone-%s-zoomed" % name)
            rng.choice(ways).click()
    else:
        rng.choice(d.find_elements(By.CSS_SELECTOR, "#choices .choice")).click()
    wait(lambda: (state(d) or {}).get("version", 0) > s["version"] or d.find_element(By.ID, "error").text,
         what=name + " to take the move")
    check("%s move %d is taken" % (name, k), not d.find_element(By.ID, "error").text,
          d.find_element(By.ID, "error").text)
    if zoomed:
        wait(lambda: d.execute_script("return zoom") == 1, what=name + ": the overview after the move")
    return zoomed


srv = Server(build, os.path.join(tmp, "phone-data"))
d = chrome.browser(os.path.join(tmp, "chrome-phone"))
zooms = 0
try:
    d.set_window_size(W, H)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": W, "height": H, "deviceScaleFactor": 1, "mobile": True})
    for name, options in GAMES:
        st, t, _ = srv.call("POST", "/api/tables", {"game": name, "options": options, "seats": [
            {"kind": "human", "name": "Ann"}, {"kind": "agent", "agent": "greedy", "name": "Bob"}]})
        check("%s: a table" % name, st == 201, t)
        d.get(srv.base + t["seats"][0]["link"])
        for k in range(3):
            s = turn(d, name + ": Ann's turn")
            settled(d, name + " drawn")
            if s["over"]:
                break
            whole(d, "%s move %d" % (name, k))
            taps(d, "%s move %d" % (name, k))
            if k == 1:
                shot(d, "web-phone-%s-overview" % name)
            zooms += tap_move(d, name, k)
    check("some board was zoomed by a tap (%d times)" % zooms, zooms > 0)
    # the lobby, a tournament's page and a player's page
    d.get(srv.base + "/")
    wait(lambda: d.find_elements(By.CSS_SELECTOR, "#seats select"), what="the lobby")
    taps(d, "the lobby")
    st, r, h = srv.call("POST", "/api/accounts", {"name": "Carla", "password": "pw of Carla!"})
    check("an account", st == 201, r)
    ann = (h.get("Set-Cookie") or "").split(";")[0]  # bones_session=...
    st, r, _ = srv.call("POST", "/api/tournaments", {"ini": tourney_ini.swiss("phone cup")}, headers={"Cookie": ann})
    check("a tournament", st == 201, r)
    srv.call("POST", "/api/tournaments/%s/join" % r["id"], {}, headers={"Cookie": ann})
    srv.call("POST", "/api/tournaments/%s/start" % r["id"], {}, headers={"Cookie": ann})
    d.get(srv.base + r["page"])
    wait(lambda: d.find_elements(By.CSS_SELECTOR, "table tr td"), what="the standings")
    taps(d, "the tournament page")
    cut = d.execute_script(
        "return [...document.querySelectorAll('table')].filter((t) => t.offsetParent &&"
        " (t.scrollWidth > t.clientWidth + 1 || ['auto', 'scroll'].includes(getComputedStyle(t).overflowX)))"
        ".map((t) => t.id || t.className || 'table')")
    check("the tournament's tables are not cut in a scroll box of their own", not cut, cut)
    width = d.execute_script("return document.documentElement.scrollWidth")
    check("the tournament page fits %d px (%d)" % (W, width), width <= W + 1)
    shot(d, "web-phone-tourney", None)
    d.get(srv.base + "/players/Carla")
    wait(lambda: "Carla" in d.find_element(By.TAG_NAME, "body").text, what="the player's page")
    taps(d, "the player's page")
finally:
    d.quit()
srv.stop()
check.exit()
