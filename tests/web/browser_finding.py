"""Finding a game in two browsers (tests/test_web_browser_finding.sh): Ann on a desktop
seeks a game of dominoes from the lobby's form; Bob on a phone (390x844) sees her seek
among the open ones and takes it with one tap; both come to one table seated by their
accounts' names and play it to the end by clicks and taps; every tap target of the
phone's lobby is 44 px. Then Ann challenges Bob, who is shown online: Bob's page title
counts the challenge, he accepts, and both find the table. BONES_WEB_SCREENSHOTS=DIR
saves the lobby's finding part on both (docs/images/web-finding-*.png)."""
import os
import random
import sys

import chrome
from chrome import wait
from clicks import Clicker, state, turn
from selenium.webdriver.common.by import By

from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
srv = Server(build, os.path.join(tmp, "data"), clock=os.path.join(tmp, "clock"))
rng = random.Random(5)
FINGER = 44
shots = os.environ.get("BONES_WEB_SCREENSHOTS")


def shoot(d, name):
    """The lobby's finding part at the top of the window, saved when asked for."""
    if shots:
        d.execute_script("document.getElementById('finding').scrollIntoView()")
        d.save_screenshot(os.path.join(shots, name + ".png"))

sessions = {}
for name in ("ann", "bob"):
    st, r, h = srv.call("POST", "/api/accounts", {"name": name, "password": "pw of %s!" % name})
    sessions[name] = (h.get("Set-Cookie") or "").split(";")[0].split("=", 1)[1]

SMALL = """return [...document.querySelectorAll('#finding button, #create-form button')]
  .filter((b) => b.getBoundingClientRect().width > 0)
  .map((b) => [b.id || b.className, b.getBoundingClientRect().height])
  .filter((x) => x[1] < arguments[0]);"""


def open_lobby(d, name):
    d.get(srv.base + "/")
    d.add_cookie({"name": "bones_session", "value": sessions[name], "path": "/", "httpOnly": True})
    d.get(srv.base + "/")
    wait(lambda: d.find_element(By.ID, "account-link").text == name, what=name + " logged in")


def click(d, css, text=""):
    """Click the first element of css whose text holds text, found anew each try (the
    lists are drawn again whenever the lobby hears of a change)."""
    def once():
        for e in d.find_elements(By.CSS_SELECTOR, css):
            if text in e.text:
                e.click()
                return True
        return False
    return wait(once, what=css + " " + text)


def play_both(ds):
    """Each browser plays its turns by clicks until the game is over in both."""
    clickers = {n: Clicker(random.Random(7 + i)) for i, n in enumerate(ds)}
    for _ in range(400):
        over = 0
        for n, d in ds.items():
            s = state(d)
            if not s or s["busy"]:
                continue
            if s["over"]:
                over += 1
            elif s["legal"]:
                clickers[n].until_taken(d, s, n + "'s move")
        if over == len(ds):
            return True
    return False


ann = chrome.browser(os.path.join(tmp, "chrome-ann"))
bob = chrome.browser(os.path.join(tmp, "chrome-bob"))
try:
    bob.set_window_size(390, 844)
    open_lobby(ann, "ann")
    open_lobby(bob, "bob")
    ann.execute_script("document.getElementById('game').value = 's:dominoes';"
                       "document.getElementById('game').dispatchEvent(new Event('change'))")
    ann.find_element(By.ID, "seek-button").click()
    wait(lambda: bob.find_elements(By.CSS_SELECTOR, "#seeks .take-seek"), what="ann's seek in bob's lobby")
    check("bob sees ann's seek by name", "ann" in bob.find_element(By.ID, "seeks").text, bob.find_element(By.ID, "seeks").text)
    shoot(bob, "web-finding-seek-phone")
    small = bob.execute_script(SMALL, FINGER)
    check("every button of the phone's lobby is at least 44 px tall", not small, small)
    click(bob, "#seeks .take-seek")
    wait(lambda: "/t/" in bob.current_url and state(bob), what="bob at the table")
    wait(lambda: ann.find_elements(By.CSS_SELECTOR, "#paired a.seek-table"), what="ann's game is ready")
    check("ann's title counts the game waiting for her", wait(lambda: ann.title.startswith("(1)")), ann.title)
    click(ann, "#paired a.seek-table")
    wait(lambda: "/t/" in ann.current_url and state(ann), what="ann at the table")
    check("both are at one table", ann.current_url.split("#")[0] == bob.current_url.split("#")[0],
          (ann.current_url, bob.current_url))
    tid = ann.current_url.split("/t/")[1].split("#")[0]
    v = srv.call("GET", "/api/tables/%s?picture=0" % tid)[1]
    check("the table seats ann and bob by their accounts' names", sorted(s["name"] for s in v["seats"]) == ["ann", "bob"],
          v["seats"])
    check("the seek-paired game is played to the end by clicks and taps", play_both({"ann": ann, "bob": bob}))
    v = srv.call("GET", "/api/tables/%s?picture=0" % tid)[1]
    check("the game is over with a result", v["over"] and v.get("result"), v.get("status"))
    over = bob.find_element(By.ID, "over-text").text
    check("the phone's end names a winner by name: %r" % over, "ann" in over or "bob" in over)

    # a challenge: bob is online for ann, her click challenges him, his title counts it
    open_lobby(ann, "ann")
    open_lobby(bob, "bob")
    wait(lambda: [b for b in ann.find_elements(By.CSS_SELECTOR, "#online li") if "bob" in b.text],
         what="bob online in ann's lobby")
    click(ann, "#online li button.challenge")  # bob is the only other one online
    wait(lambda: bob.find_elements(By.CSS_SELECTOR, "#challenges button.accept"), what="the challenge at bob's")
    check("bob's title counts the challenge", wait(lambda: bob.title.startswith("(1)")), bob.title)
    shoot(bob, "web-finding-challenge-phone")
    ann.set_window_size(1280, 800)
    wait(lambda: ann.find_elements(By.CSS_SELECTOR, "#challenges button.cancel"), what="ann's challenge listed")
    shoot(ann, "web-finding-desktop")
    click(bob, "#challenges button.accept")
    wait(lambda: "/t/" in bob.current_url and state(bob), what="bob at the challenge's table")
    href = wait(lambda: next((a.get_attribute("href") for a in ann.find_elements(By.CSS_SELECTOR, "#challenges a")
                              if a.get_attribute("href")), None), what="ann's link to the accepted challenge")
    check("ann's link leads to bob's table", href.split("#")[0] == bob.current_url.split("#")[0],
          (href, bob.current_url))
finally:
    ann.quit()
    bob.quit()
    srv.stop()
check.exit()
