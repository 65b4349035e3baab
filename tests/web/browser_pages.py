"""The tournament and player pages in Chromium (tests/test_web_browser_pages.sh), in
German: an open tournament names its file's agent before anyone joins; Start now is
for its creator only; a round's start is told in the page and the title of a
participant whose game it is; the games are listed by the game's name with their
players' results, a bot account marked; the player page lists each game with its
opponent, result and date and draws a rating graph per ladder. Each page is looked at
at 1280x800 and 390x844 (a phone: nothing wider than the screen).
BONES_WEB_SCREENSHOTS=DIR saves the pictures (docs/images/web-*.png)."""
import os
import random
import sys

import chrome
import tourney_ini
from chrome import wait
from selenium.webdriver.common.by import By

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
srv = Server(build, os.path.join(tmp, "data"), clock=os.path.join(tmp, "clock"))
shots = os.environ.get("BONES_WEB_SCREENSHOTS")
rng = random.Random(44)
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def account(name, bot=False):
    body = {"name": name, "password": "pw of %s!" % name}
    if bot:
        body["bot"] = True
    st, r, h = srv.call("POST", "/api/accounts", body)
    check("account %s" % name, st == 201, r)
    return (h.get("Set-Cookie") or "").split(";")[0].split("=", 1)[1]


def as_(token):
    return {"Cookie": "bones_session=" + token}


def call(method, path, body=None, who=None):
    return srv.call(method, path, body, headers=as_(who) if who else None)


def look(d, name, focus=None):
    """The page at both sizes: nothing wider than the window, a screenshot each (the
    element of id focus scrolled to the top)."""
    for size, (w, h) in SIZES.items():
        d.set_window_size(w, h)
        wide = wait(lambda: d.execute_script(
            "return document.readyState === 'complete' && [document.documentElement.scrollWidth,"
            " document.documentElement.clientWidth]"), what="the page laid out")
        check("%s at %dx%d: nothing wider than the window (%d <= %d)" % (name, w, h, wide[0], wide[1]),
              wide[0] <= wide[1])
        boxes = d.execute_script("""return [...document.querySelectorAll('table')].filter((t) => {
            const s = getComputedStyle(t.parentElement); return t.scrollWidth > t.clientWidth + 1
            || /auto|scroll/.test(s.overflowX) && t.parentElement.scrollWidth > t.parentElement.clientWidth + 1;
            }).map((t) => t.id);""")
        check("%s at %dx%d: no table cut inside a box of its own" % (name, w, h), not boxes, boxes)
        if focus:
            d.execute_script("document.getElementById(arguments[0]).scrollIntoView()", focus)
        if shots:
            d.save_screenshot(os.path.join(shots, "web-%s-%s.png" % (name, size)))
    d.set_window_size(*SIZES["desktop"])


srv.set_clock(1795000000000)  # 2026-11-18: the graph's dates are of this year
ann, bob, zed = account("ann"), account("bob"), account("zed", bot=True)

# a rated history for ann: wins against bob, a loss to greedy, a minute apart (the loser
# resigns; each person opens their seat logged in first: theirs then)
for i, (seats, loser) in enumerate([(["ann", "bob"], "bob"), (["ann", "greedy"], "ann"),
                                    (["bob", "ann"], "bob"), (["bob", "ann"], "ann")]):
    srv.set_clock(srv.now() + 60000)
    spec = [{"kind": "agent", "agent": "greedy"} if s == "greedy" else {"kind": "human", "name": s} for s in seats]
    people = {"ann": ann, "bob": bob}
    st, t, _ = call("POST", "/api/tables", {"game": "geominos", "seats": spec}, people[seats[0]])
    tokens = [s.get("token") for s in t["seats"]]
    for k, s in enumerate(seats):
        if s in people:
            srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tokens[k], headers=as_(people[s]))
    st, r, _ = srv.call("POST", "/api/tables/%s/resign" % t["id"], {}, token=tokens[seats.index(loser)],
                        headers=as_(people[loser]))
    check("game %d: %s resigns" % (i + 1, loser), st == 200, r)

de = chrome.browser(os.path.join(tmp, "chrome-ann"), lang="de")
bd = chrome.browser(os.path.join(tmp, "chrome-bob"), lang="de")
try:
    for d, token in ((de, ann), (bd, bob)):
        d.get(srv.base + "/")
        d.add_cookie({"name": "bones_session", "value": token, "path": "/", "httpOnly": True})

    # the player page: games with opponent, result and date; a graph per ladder
    de.get(srv.base + "/players/ann")
    wait(lambda: de.find_element(By.ID, "player").is_displayed(), what="ann's page")
    items = [li.text for li in de.find_elements(By.CSS_SELECTOR, "#games li")]
    check("ann's page lists her 4 games, each with its opponent", len(items) == 4 and
          all(" gegen " in x for x in items) and sum("gegen bob" in x for x in items) == 3, items)
    check("each with its result in German and its date", all(("gewonnen" in x or "verloren" in x) for x in items)
          and sum("gewonnen" in x for x in items) == 2
          and all(any(c.isdigit() for c in x) for x in items), items)
    check("the games are named by the game's name, not its id",
          all(x.startswith("Geominos") for x in items), items)
    graph = de.find_elements(By.CSS_SELECTOR, "#graphs svg.rating-graph")
    points = de.find_elements(By.CSS_SELECTOR, "#graphs svg.rating-graph circle.point")
    check("one rating graph (geominos) with a point per rated game", len(graph) == 1 and len(points) == 4,
          (len(graph), len(points)))
    ys = [float(p.get_attribute("cy")) for p in points]
    page = srv.call("GET", "/api/players/ann")[1]
    rs = [h["rating"] for h in page["history"]]
    check("the graph's points go up and down as her ratings do (higher rating: higher point)",
          all((ys[i + 1] < ys[i]) == (rs[i + 1] > rs[i]) for i in range(len(rs) - 1) if rs[i + 1] != rs[i]) and len(ys) == len(rs) == 4, (ys, rs))
    check("the graph has axes: ratings and the games' count in German",
          "4 gewertete Spiele" in graph[0].text or "4 gewertete Spiele" in de.execute_script(
              "return document.querySelector('#graphs svg').textContent"), graph[0].text)
    look(de, "player")

    # the ladder: the game's name, not its id
    de.get(srv.base + "/ladder/geominos")
    wait(lambda: de.find_element(By.ID, "ladder").is_displayed(), what="the ladder")
    title = de.find_element(By.ID, "page-title").text
    check("the ladder's title names the game in words: %r" % title, "Geominos" in title and "geominos" not in title)

    # an open tournament names the file's agent before anyone joins
    st, r, _ = call("POST", "/api/tournaments", {"ini": tourney_ini.swiss("Pokal")}, ann)
    tid = r["id"]
    de.get(srv.base + "/tournaments/" + tid)
    facts = wait(lambda: (lambda t: t if "greedy" in t else None)(de.find_element(By.ID, "t-facts").text),
                 what="the participants")
    check("nobody joined yet: the file's agent is named: %r" % facts, "greedy (Agent)" in facts)
    look(de, "tourney-open")
    for who in (ann, bob, zed):
        call("POST", "/api/tournaments/%s/join" % tid, {}, who)
    bd.get(srv.base + "/tournaments/" + tid)
    wait(lambda: "zed" in bd.find_element(By.ID, "t-facts").text, what="the people in bob's page")
    check("a bot account is marked: %r" % bd.find_element(By.ID, "t-facts").text,
          "zed (Bot)" in bd.find_element(By.ID, "t-facts").text)
    check("bob may not start it: no Start now for him", not bd.find_element(By.ID, "start").is_displayed())
    de.get(srv.base + "/tournaments/" + tid)
    start = wait(lambda: (lambda b: b if b.is_displayed() else None)(de.find_element(By.ID, "start")),
                 what="Start now for its creator")
    title0 = de.title
    start.click()
    # the round's start: told in the page and the title of each whose game it is
    told = {}
    for name, d in (("ann", de), ("bob", bd)):
        tables = call("GET", "/api/tournaments/" + tid, None, ann if name == "ann" else bob)[1]
        mine = [t for t in wait_for(lambda: call("GET", "/api/tournaments/" + tid)[1].get("tables"),
                                    what="round 1's tables") if name in t["players"]]
        if not mine:
            continue  # the bye
        note = wait(lambda: (lambda e: e.text if e.is_displayed() else None)(d.find_element(By.ID, "round-notice")),
                    what=name + "'s notice")
        told[name] = note
        check("%s is told of round 1 in the page: %r" % (name, note), "Runde 1" in note and "deine Partie gegen" in note)
        check("and in the title: %r" % d.title, d.title.startswith("\u25CF Runde 1"))
    check("someone of ann and bob plays round 1", told, told)
    look(de, "tourney-round")

    # the tournament played to its end (moves through the API), the page follows
    def play_once(who):
        moved = False
        for tab in call("GET", "/api/tournaments/" + tid, None, who)[1].get("tables", []):
            if tab["over"] or "mine" not in tab:
                continue
            seat = int(tab["mine"].split("seat=")[1].split("&")[0])
            token = tab["mine"].split("token=")[1]
            v = srv.call("GET", "/api/tables/%s?picture=0" % tab["table"], token=token)[1]
            if v.get("to_move") == seat and v.get("legal"):
                srv.call("POST", "/api/tables/%s/move" % tab["table"],
                         {"move": rng.choice(v["legal"])["move"]}, token=token)
                moved = True
        return moved
    wait_for(lambda: (play_once(ann) | play_once(bob) | play_once(zed)) and False or
             call("GET", "/api/tournaments/" + tid)[1]["state"] == "finished", seconds=120,
             what="the tournament's end")
    final = call("GET", "/api/tournaments/" + tid)[1]
    games = wait(lambda: (lambda g: g if len(g) >= len(final["tables"]) and not de.find_element(
        By.ID, "round-notice").is_displayed() else None)([li.text for li in de.find_elements(By.CSS_SELECTOR, "#games li")]),
        what="the games, every one over")
    check("the games are named by the game's name, never the preset's id",
          games and all("Runde" in g for g in games) and not any(", dominoes" in g for g in games), games)
    check("each finished game names its players with their points and who won",
          all(("gewinnt" in g or "remis" in g) for g in games if "Wiederholung" in g), games)
    check("the bot is marked in the standings",
          "zed (Bot)" in de.find_element(By.ID, "standings").text, de.find_element(By.ID, "standings").text)
    check("no notice once every game is over", not de.find_element(By.ID, "round-notice").is_displayed())
    look(de, "tourney", focus="standings")

    # a tournament game's end offers no rematch, a way back to the tournament
    t0 = [t for t in final["tables"] if "ann" in t["players"]][0]
    de.get(srv.base + "/t/" + t0["table"])
    link = wait(lambda: (lambda a: a if a.is_displayed() else None)(de.find_element(By.ID, "tourney-link")),
                what="the way back to the tournament")
    check("a tournament's game: back to the tournament: %r" % link.text, "Turnier" in link.text)
    check("and no Rematch", not de.find_element(By.ID, "rematch").is_displayed())
finally:
    de.quit()
    bd.quit()
    srv.stop()
check.exit()
