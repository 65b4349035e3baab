"""An operator's engine at an ordinary table, in headless Chromium (part of
tests/test_web_browser.sh): the lobby's form offers the server's engine (`--engines`)
among each seat's kinds by its name; Ann creates block dominoes against it by the form,
opens her seat's link and plays the whole game by clicks on the board
(tests/web/clicks.py), the server moving for the engine; the page names it
"rand (engine)" and ends with the game over."""
import os
import random
import sys

import chrome
from chrome import wait
from clicks import Clicker, turn
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
engines = os.path.join(tmp, "engine-seat.ini")
with open(engines, "w") as f:
    f.write("[engine.rand]\ncommand = '%s' engine --agent random\n" % os.path.join(build, "bin/bones"))
srv = Server(build, os.path.join(tmp, "engine-data"), extra=("--engines", engines))
d = chrome.browser(os.path.join(tmp, "engine-chrome"))
try:
    d.get(srv.base + "/")
    wait(lambda: d.find_elements(By.CSS_SELECTOR, "#seats select"), what="the create form")
    Select(d.find_element(By.ID, "game")).select_by_value("s:dominoes")
    wait(lambda: d.find_elements(By.ID, "seat-kind-1"), what="the dominoes seats")
    kind = Select(d.find_element(By.ID, "seat-kind-1"))
    check("each seat offers the operator's engine by name",
          ("engine:rand", "rand (engine)") in [(o.get_attribute("value"), o.text) for o in kind.options],
          [o.text for o in kind.options])
    kind.select_by_value("engine:rand")
    d.find_element(By.ID, "seat-name-0").send_keys("Ann")
    d.find_element(By.ID, "create-button").click()
    wait(lambda: "/t/" in d.current_url, what="the new table")
    check("the one person's seat is opened at once: the engine's seat has no link", "#seat=1&token=" in d.current_url)
    s = turn(d, "the first position")
    scores = d.find_element(By.ID, "scores").text
    check("the page names the engine's seat", "rand (engine)" in scores, scores)
    clicker, turns = Clicker(random.Random(7)), 0
    while not s["over"] and turns < 100:
        if not clicker.until_taken(d, s, "Ann's move"):
            break
        check("Ann's move %d is taken" % (turns + 1), not d.find_element(By.ID, "error").text,
              d.find_element(By.ID, "error").text)
        turns += 1
        s = turn(d, "Ann's turn after the engine's move")
    check("a whole game against the engine by %d clicks" % turns, s["over"] and turns >= 1, s)
    over = d.find_element(By.ID, "over-text").text
    check("the end names the winner: %r" % over, "Ann" in over or "rand" in over)
finally:
    d.quit()
srv.stop()
check.exit()
