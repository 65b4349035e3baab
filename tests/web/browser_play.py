"""Whole games by clicks in headless Chromium (run by tests/test_web_browser.sh), at a
desktop's 1366x768 and a phone's 390x844: each of the four games and a Hegemino variant,
Ann against the greedy agent, played only through the board's targets and the labelled
buttons (never the legal-moves list, never notation typed). Every turn checks that no
two target circles overlap and that each a finger taps is at least 44 px wide on the
phone (on its overview the narrower ones are marks: a tap zooms in there); the first, that they stand apart even before the picture is decoded. The move list must read in words; the end must name the winner and
offer a rematch, which the test takes (seats swapped). In the middle of each game Ann
writes a chat line and clicks her next move at once (a chat line must not draw the board
again under the pointer). Holomino runs with a time per game: the page shows Ann's
time (agents are not timed). BONES_WEB_SCREENSHOTS=DIR saves pictures of each game at
start, middle and end. The clicks are tests/web/clicks.py's (shared with the tournament
test): a click that is not taken is clicked again (a slow machine), unless
BONES_WEB_NO_RECLICK=1, which makes such a click fail the test; the number of clicks
again is printed either way."""
import math
import os
import random
import sys

import chrome
from chrome import wait
from clicks import Clicker, state, turn
from selenium.webdriver.common.by import By

from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
shots = os.environ.get("BONES_WEB_SCREENSHOTS")
check = Checks()
clicker = Clicker(random.Random(5))

GAMES = [  # (name in file names, game or preset, options): small where options allow
    ("holomino", "holomino", {"digits": 5}),  # with a time per game: TIMED
    ("hegemino", "hegemino", {}),
    ("hegemino-dorothy", "hegemino-dorothy", {}),
    ("geominos", "geominos", {}),
    ("dominoes", "dominoes", {}),
]
SIZES = [("desktop", 1366, 768), ("phone", 390, 844)]
TIMED = {"holomino": {"per_game": "30d", "increment": "1d"}}  # never runs out in a test
if os.environ.get("BONES_WEB_GAMES"):  # a few of them, while working on the page
    GAMES = [g for g in GAMES if g[0] in os.environ["BONES_WEB_GAMES"].split(",")]
if os.environ.get("BONES_WEB_SIZES"):
    SIZES = [z for z in SIZES if z[0] in os.environ["BONES_WEB_SIZES"].split(",")]


def circles(d):
    return d.execute_script(
        "return [...document.querySelectorAll('#overlay .target')].map((b) => {"
        " const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2, r.width]; })")


def undecoded_circles(d):
    """The target circles as the page draws them with a picture not decoded yet (a
    page's first picture): the picture element emptied, then the board drawn again and
    measured in the same moment, before any decoding can have happened."""
    return d.execute_script(
        "const img = document.getElementById('picture');"
        " for (const a of ['src', 'width', 'height']) img.removeAttribute(a);"
        " drawBoard();"
        " return [...document.querySelectorAll('#overlay .target')].map((b) => {"
        " const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2, r.width]; })")


def check_circles(d, where, phone):
    c = circles(d)
    for i in range(len(c)):
        for j in range(i + 1, len(c)):
            gap = math.hypot(c[i][0] - c[j][0], c[i][1] - c[j][1]) - (c[i][2] + c[j][2]) / 2
            if gap < -0.5:
                check("%s: no two target circles overlap" % where, False, (c[i], c[j]))
                return False
    tapped = d.execute_script("return [...document.querySelectorAll('#overlay .target:not(.far)')]"
                              ".map((b) => b.getBoundingClientRect().width)")
    if phone and len(c) > 1 and tapped and min(tapped) < 43.5:
        check("%s: target circles a finger taps at least 44 px" % where, False, min(tapped))
        return False
    return True


def shot(d, name):
    if shots:
        d.execute_script("window.scrollTo(0, 0)")
        d.save_screenshot(os.path.join(shots, name + ".png"))


def chat(d, name, size):
    """Ann's chat line, sent by typing: shown as text in the list."""
    text = "hello from the %s %s game" % (size, name)
    d.find_element(By.ID, "chat-text").send_keys(text + "\n")
    wait(lambda: any(li.text == "Ann: " + text for li in d.find_elements(By.CSS_SELECTOR, "#chat li")),
         what="the chat line")
    check("%s %s: a chat line" % (size, name), True)


def play(d, srv, name, game, options, size, phone):
    first_names = {}
    req = {"game": game, "options": options,
           "seats": [{"kind": "human", "name": "Ann"}, {"kind": "agent", "agent": "greedy", "name": "Bob"}]}
    if name in TIMED:
        req["time"] = TIMED[name]
    st, body, _ = srv.call("POST", "/api/tables", req)
    if st != 201:
        check("%s: create %s" % (size, name), False, body)
        return False
    d.get(srv.base + body["seats"][0]["link"])
    wait(lambda: (state(d) or {}).get("legal") or (state(d) or {}).get("over"), what=name + " to start")
    shot(d, "web-%s-%s-start" % (name, size))
    if name in TIMED:
        clock = d.find_element(By.ID, "clock").text
        check("%s %s: the page shows Ann's time, not the agent's: %r" % (size, name, clock),
              ("Ann 30d 0:00" in clock or "Ann 29d 23:59" in clock) and "Bob" not in clock)
    turns, middle = 0, False
    s = turn(d, name + " to be Ann's turn")
    if not s["over"]:  # the board keeps its shape while its first picture decodes
        c = undecoded_circles(d)
        check("%s %s: the targets stand apart before the picture is decoded" % (size, name),
              len(set((round(x), round(y)) for x, y, _ in c)) == len(c), c)
    while True:
        s = turn(d, name + " to be Ann's turn")
        if s["over"]:
            break
        check_circles(d, "%s %s turn %d" % (size, name, turns), phone)
        if not clicker.until_taken(d, s, name):
            check("%s %s: something to click" % (size, name), False)
            return False
        err = d.find_element(By.ID, "error").text
        if err:
            check("%s %s: the move is taken" % (size, name), False, err)
            return False
        turns += 1
        if not middle and turns >= 3:
            chat(d, name, size)  # then the next click at once
            shot(d, "web-%s-%s-middle" % (name, size))
            middle = True
        if turns > 400:
            check("%s %s: an end within 400 moves" % (size, name), False)
            return False
    over = d.find_element(By.ID, "over-text").text
    check("%s %s: the end names the winner: %r" % (size, name, over), "Ann" in over or "Bob" in over)
    check("%s %s: no Play button at the end" % (size, name), not d.find_element(By.ID, "play-selected").is_displayed())
    words = d.execute_script("return view.moves.filter((m) => m.seat).every((m) => m.words)")
    check("%s %s: every move has words" % (size, name), words)
    shot(d, "web-%s-%s-end" % (name, size))
    return turns


srv = Server(build, os.path.join(tmp, "data"))
for size, w, h in SIZES:
    d = chrome.browser(os.path.join(tmp, "chrome-" + size))
    try:
        d.set_window_size(w, h)
        if size == "phone":  # the layout viewport of a phone: 390 CSS px wide
            d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": True})
        for name, game, options in GAMES:
            turns = play(d, srv, name, game, options, size, size == "phone")
            check("%s %s: a whole game by clicks (%s moves)" % (size, name, turns), turns is not False)
        # the rematch of the last game: the same game, Ann in the other seat
        old = d.current_url
        d.find_element(By.ID, "rematch").click()
        wait(lambda: d.current_url != old and (state(d) or {}).get("viewer") == 2, what="the rematch")
        check("%s: the rematch seats Ann second" % size, True)
        lobby_width = None
        d.get(srv.base + "/")
        wait(lambda: d.find_elements(By.CSS_SELECTOR, "#seats select"), what="the lobby")
        lobby_width = d.execute_script("return document.documentElement.scrollWidth")
        check("%s: the lobby fits %d px (%d)" % (size, w, lobby_width), lobby_width <= w + 1)
        shot(d, "web-lobby-" + size)
    finally:
        d.quit()
srv.stop()
print("clicks again: %d" % clicker.again)
check.exit()
