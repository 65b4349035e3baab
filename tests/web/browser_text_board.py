"""A game without "bones.render/1" in headless Chromium (run by
tests/test_web_browser_text_board.sh): the test plugin testgame.so (count to 10) from a
folder of its own, Ann against the greedy agent. The picture is its text view, every
move a labelled button; Ann plays the whole game by clicks (tests/web/clicks.py) and
the page ends with the game over. BONES_WEB_SCREENSHOTS=DIR keeps a picture of it."""
import os
import random
import shutil
import sys

import chrome
from chrome import wait
from clicks import Clicker, turn
from selenium.webdriver.common.by import By
from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
plugins = os.path.join(tmp, "text-plugins")
os.makedirs(plugins, exist_ok=True)
shutil.copy(os.path.join(build, "tests/plugins/testgame.so"), plugins)
srv = Server(build, os.path.join(tmp, "text-data"), env={"BONES_PLUGIN_PATH": plugins})
d = chrome.browser(os.path.join(tmp, "text-chrome"))
try:
    st, body, _ = srv.call("POST", "/api/tables", {"game": "testgame", "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "agent", "agent": "greedy", "name": "Bob"}]})
    check("a table of a game without a renderer is made", st == 201, body)
    d.get(srv.base + body["seats"][0]["link"])
    s = turn(d, "Ann's first turn")
    svg = d.execute_script("return document.getElementById('picture').getAttribute('src') || ''")
    check("the page shows a picture (its text view)", svg.startswith("data:image/svg") or "/picture" in svg
          or len(svg) > 0, svg[:80])
    err = d.find_element(By.ID, "error").text
    check("no error on the page: %r" % err, not err)
    buttons = [b.text for b in d.find_elements(By.CSS_SELECTOR, "#choices .choice")]
    check("the moves are labelled buttons: %s" % buttons, buttons and all(b.startswith("+") for b in buttons))
    check("no target on the board", not d.find_elements(By.CSS_SELECTOR, "#overlay .target"))
    if os.environ.get("BONES_WEB_SCREENSHOTS"):
        d.save_screenshot(os.path.join(os.environ["BONES_WEB_SCREENSHOTS"], "web-text-board.png"))
    clicker, turns = Clicker(random.Random(3)), 0
    while not s["over"] and turns < 20:
        if not clicker.until_taken(d, s, "Ann's move"):
            break
        turns += 1
        s = turn(d, "Ann's turn after Bob's move")
    check("a whole game by %d clicks" % turns, s["over"] and turns >= 1, s)
    if os.environ.get("BONES_WEB_SCREENSHOTS"):
        d.save_screenshot(os.path.join(os.environ["BONES_WEB_SCREENSHOTS"], "web-text-board-over.png"))
    over = d.find_element(By.ID, "over-text").text
    check("the end names the winner: %r" % over, "Ann" in over or "Bob" in over)
finally:
    d.quit()
srv.stop()
check.exit()
