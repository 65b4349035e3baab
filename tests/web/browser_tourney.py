"""A tournament in two headless Chromium browsers (the last part of
tests/test_web_browser.sh): Ann and Bob create accounts on /tournaments, Ann creates a Swiss of three rounds across
two games with one agent through the form's tournament file, both join by clicking, Ann
starts it; each opens their game from the page's "play your game" link (the play page
with their seat); their moves go through the API with the link's token (clicking moves
is tests/web/browser_play.py's); the finished page shows the standings with tiebreaks,
the crosstable, replay links and the report."""
import os
import random
import sys

import chrome
from chrome import wait
from selenium.webdriver.common.by import By
import tourney_ini
from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
srv = Server(build, os.path.join(tmp, "tourney-data"), clock=os.path.join(tmp, "tourney-clock"))
rng = random.Random(27)
INI = tourney_ini.swiss("browser cup")


def text(d, id_):
    return d.find_element(By.ID, id_).text


def sign_up(d, name, url):
    d.get(srv.base + url)
    wait(lambda: d.find_element(By.ID, "a-name").is_displayed(), what="the log-in form")
    d.find_element(By.ID, "a-name").send_keys(name)
    d.find_element(By.ID, "a-password").send_keys("secret of " + name)
    d.find_element(By.ID, "register").click()
    wait(lambda: name in text(d, "who"), what=name + " logged in")


ann, bob = chrome.browser(os.path.join(tmp, "tourney-ann")), chrome.browser(os.path.join(tmp, "tourney-bob"))
try:
    sign_up(ann, "ann", "/tournaments")
    check("ann is logged in on the tournaments page", "ann" in text(ann, "who"))
    ann.find_element(By.CSS_SELECTOR, "#create-form summary").click()
    ann.execute_script("document.getElementById('t-ini').value = arguments[0]", INI)
    ann.find_element(By.CSS_SELECTOR, "#create-form button[type=submit]").click()
    wait(lambda: "/tournaments/" in ann.current_url and text(ann, "t-title") == "browser cup",
         what="the new tournament's page")
    tid = ann.current_url.rsplit("/", 1)[1]
    ann.find_element(By.ID, "join").click()
    wait(lambda: "ann" in text(ann, "t-facts"), what="ann among the participants")
    sign_up(bob, "bob", "/tournaments/" + tid)
    bob.find_element(By.ID, "join").click()
    wait(lambda: "bob" in text(bob, "t-facts"), what="bob among the participants")
    ann.find_element(By.ID, "start").click()
    wait(lambda: ann.find_elements(By.CSS_SELECTOR, "#games a"), what="the first round's games")
    check("started: the page lists the first round's games", "round 1" in text(ann, "games"), text(ann, "games"))

    opened = set()

    def play(d, who):
        """Open each running game of who from the page, then move where who is to move."""
        moved = False
        d.get(srv.base + "/tournaments/" + tid)
        wait(lambda: text(d, "t-title") == "browser cup", what="the tournament's page")
        links = [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, "#games a")
                 if a.text == "play your game"]
        for href in links:
            table, frag = href.split("/t/")[1].split("#")
            if (who, table) not in opened:
                d.get(href)
                wait(lambda: d.find_elements(By.CSS_SELECTOR, "#moves, #board, svg"), what="the play page")
                opened.add((who, table))
            seat, token = int(frag.split("seat=")[1].split("&")[0]), frag.split("token=")[1]
            st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % table, token=token)
            if st == 200 and v.get("to_move") == seat and v.get("legal"):
                srv.call("POST", "/api/tables/%s/move" % table, {"move": rng.choice(v["legal"])["move"]}, token=token)
                moved = True
        return moved

    def moves_due():
        """Whether a person is to move at a running game (through the API)."""
        for t in srv.call("GET", "/api/tournaments/" + tid)[1].get("tables", []):
            if not t["over"]:
                v = srv.call("GET", "/api/tables/%s?picture=0" % t["table"])[1]
                if v.get("to_move") and t["players"][v["to_move"] - 1] in ("ann", "bob"):
                    return True
        return False

    for _ in range(2000):
        s = srv.call("GET", "/api/tournaments/" + tid)[1]
        if s["state"] == "finished":
            break
        if not (play(ann, "ann") | play(bob, "bob")):  # the agent's move changes no state
            wait(lambda: moves_due() or srv.call("GET", "/api/tournaments/" + tid)[1] != s,
                 what="a person's turn or the next round")
    check("each person opened their games from the page", {w for w, _ in opened} == {"ann", "bob"}, opened)
    s = srv.call("GET", "/api/tournaments/" + tid)[1]
    check("the tournament finished", s["state"] == "finished", s["state"])
    ann.get(srv.base + "/tournaments/" + tid)
    wait(lambda: not ann.find_element(By.ID, "downloads").get_attribute("hidden"), what="the downloads")
    rows = [r.text for r in ann.find_elements(By.CSS_SELECTOR, "#standings tr")][1:]
    check("the standings table in the API's order with its tiebreaks",
          [r.split()[1] for r in rows] == [x["name"] for x in s["standings"]] and len(rows) == 3, rows)
    cross = ann.find_elements(By.CSS_SELECTOR, "#crosstable tr")
    check("the crosstable: a row per participant", len(cross) == 4, len(cross))
    replays = [a for a in ann.find_elements(By.CSS_SELECTOR, "#games a") if a.text == "replay"]
    check("every game has a replay link", len(replays) == 6, len(replays))
    ann.get(ann.find_element(By.ID, "report").get_attribute("href"))
    check("the report opens", "browser cup" in ann.page_source)
finally:
    ann.quit()
    bob.quit()
srv.stop()
check.exit()
