"""A tournament in two headless Chromium browsers, played as people play it (the last
part of tests/test_web_browser.sh): Ann and Bob create accounts on /tournaments, Ann
creates a Swiss of three rounds across two games (block and draw dominoes) with the
greedy agent through the form's tournament file, both join by clicking, Ann starts it;
each opens their games from the page's "play your game" links and plays every move by
clicks on the board (tests/web/clicks.py). In round 2, with moves of it played, the
server is killed (kill -9) and started again: the results, the tables and the open
game's moves are all there, both are still logged in and play on from the tournament
page. At the end the page's standings and tiebreaks (points, Buchholz,
Sonneborn-Berger, median Buchholz) are those the tournament library's rules give for the
results (tourney_ini.standings), with the crosstable, a replay link per game and the
report; each person's page, opened from their name in the standings, lists their
tournament games, wins, draws and losses by preset and their ratings by game and by
preset as the API has them (every game rated once, kill -9 or not); the game's ladder
and, chosen on the page, a preset's. The API is only the test's oracle: who is to move
where, the results."""
import os
import random
import sys

import chrome
from chrome import wait
from clicks import Clicker, state, turn
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
import tourney_ini
from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data, clock = os.path.join(tmp, "tourney-data"), os.path.join(tmp, "tourney-clock")
engines = os.path.join(tmp, "tourney-engines.ini")  # listed for the form's picker only
with open(engines, "w") as f:
    f.write("[engine.rand]\ncommand = '%s' engine --agent random\n" % os.path.join(build, "bin/bones"))
extra = ("--engines", engines)
srv = Server(build, data, clock=clock, extra=extra)
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


def tourney():
    return srv.call("GET", "/api/tournaments/" + tid)[1]


def round_of(s):
    return max([t["round"] for t in s.get("tables", [])] + [0])


def due(s):
    """(person, table) where a person is to move at a running game (the API's view)."""
    out = []
    for t in s.get("tables", []):
        if not t["over"]:
            v = srv.call("GET", "/api/tables/%s?picture=0" % t["table"])[1]
            if v.get("to_move") and t["players"][v["to_move"] - 1] in people:
                out.append((t["players"][v["to_move"] - 1], t["table"]))
    return out


def open_game(who, table):
    """who's browser at the game, opened from the tournament page's "play your game"
    link unless the page is already there."""
    d = people[who]
    if at.get(who) == (srv.base, table):
        return d
    d.get(srv.base + "/tournaments/" + tid)
    def click():  # found anew each try: the list is drawn again as the server's changes arrive
        for a in d.find_elements(By.CSS_SELECTOR, "#games a"):
            if a.text == "play your game" and "/t/%s#" % table in a.get_attribute("href"):
                a.click()
                return True
        return False
    wait(click, what="%s's link to the game %s" % (who, table))
    wait(lambda: (state(d) or {}).get("version"), what="%s's game %s" % (who, table))
    at[who] = (srv.base, table)
    opened.add((who, table))
    return d


def play_turn(who, table):
    """who's move at table, by clicks."""
    d = open_game(who, table)
    s = turn(d, "%s's turn at %s" % (who, table))
    if s["over"]:
        return
    key = (who,) + slots[table]  # a game's own choices: the same game whatever the timing
    clicker = clickers.setdefault(key, Clicker(random.Random("%s %d %d" % key)))
    if not clicker.until_taken(d, s, "%s at %s" % (who, table)):
        raise AssertionError("%s: nothing to click at %s" % (who, table))
    err = text(d, "error")
    if err:
        raise AssertionError("%s's move at %s: %s" % (who, table, err))


def moves_of(table):
    return len(srv.call("GET", "/api/tables/%s?picture=0" % table)[1]["moves"])


def kill_and_restart(who, table):
    """kill -9 while who is to move at table (nothing moves there meanwhile); the same
    server data started again; who finds the game again from the tournament page."""
    global srv
    before, n = tourney(), moves_of(table)
    srv.stop(kill=True)
    srv = Server(build, data, clock=clock, extra=extra)
    at.clear()
    after = tourney()
    check("kill -9 in round 2: every result kept", after["results"] == before["results"],
          (before["results"], after["results"]))
    check("kill -9: the same tables, none paired again",
          [t["table"] for t in after["tables"]] == [t["table"] for t in before["tables"]], after["tables"])
    d = people[who]
    d.get(srv.base + "/tournaments/" + tid)
    wait(lambda: text(d, "t-title") == "browser cup", what="the tournament's page after the restart")
    check("kill -9: %s is still logged in" % who, who in text(d, "who"), text(d, "who"))
    open_game(who, table)
    s = turn(d, "%s's turn after the restart" % who)
    check("kill -9: %s's game shows its %d moves again, %s to move" % (who, n, who),
          s["moves"] == n and s["legal"] and moves_of(table) == n, (s, moves_of(table)))


ann, bob = chrome.browser(os.path.join(tmp, "tourney-ann")), chrome.browser(os.path.join(tmp, "tourney-bob"))
people = {"ann": ann, "bob": bob}
at, opened = {}, set()  # the game each browser shows (server, table); games opened
slots, clickers = {}, {}  # each table's (round, slot); the clicks of each person's game
try:
    sign_up(ann, "ann", "/tournaments")
    check("ann is logged in on the tournaments page", "ann" in text(ann, "who"))
    picker = Select(ann.find_element(By.ID, "t-engines"))
    check("the form offers the operator's engines by name",
          [o.text for o in picker.options] == ["rand"] and
          ann.find_element(By.ID, "t-engines-label").is_displayed())
    picker.select_by_value("rand")
    check("a chosen engine is named in the form's file, never its command",
          "[player.rand]\nengine = rand\n" in ann.execute_script("return formText()"))
    picker.deselect_all()
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
    check("Start now is offered to its creator only", not bob.find_element(By.ID, "start").is_displayed()
          and ann.find_element(By.ID, "start").is_displayed())
    check("Join is not offered once joined", not bob.find_element(By.ID, "join").is_displayed())
    ann.find_element(By.ID, "start").click()
    wait(lambda: ann.find_elements(By.CSS_SELECTOR, "#games a"), what="the first round's games")
    check("started: the page lists the first round's games", "round 1" in text(ann, "games"), text(ann, "games"))

    killed, clicks, round2 = False, 0, 0
    for _ in range(5000):
        s = tourney()  # one look decides: a tournament may finish between two reads
        if s["state"] == "finished":
            break
        slots.update({t["table"]: (t["round"], t["slot"]) for t in s["tables"]})
        todo = due(s)
        if not todo:  # the agent's move changes no tournament state
            wait(lambda: (lambda t: t != s or due(t))(tourney()), what="a person's turn or the next round")
            continue
        if not killed and round2 >= 2:  # moves of round 2 stored
            kill_and_restart(*todo[0])
            killed = True
            continue
        for who, table in todo:
            play_turn(who, table)
            clicks += 1
            round2 += round_of(s) == 2
    check("every move of the people by clicks (%d moves, %d clicks again)"
          % (clicks, sum(c.again for c in clickers.values())),
          clicks > 0)
    check("each person opened their games from the page", {w for w, _ in opened} == {"ann", "bob"}, opened)
    check("the tournament was killed once in round 2 and went on", killed)
    s = tourney()
    check("the tournament finished", s["state"] == "finished", s["state"])

    # the finished page: standings and tiebreaks as the library's rules give them
    ann.get(srv.base + "/tournaments/" + tid)
    wait(lambda: not ann.find_element(By.ID, "downloads").get_attribute("hidden"), what="the downloads")
    names = [p["name"] for p in s["participants"]]
    pts, bh, sb, mb, order = tourney_ini.standings(names, s["results"])
    num = lambda v: "%.2f" % v if v % 1 else "%d" % v  # as the page writes them
    want = [[str(k + 1), names[i], num(pts[i]), num(bh[i]), num(sb[i]), num(mb[i])] for k, i in enumerate(order)]
    rows = [[td.text for td in r.find_elements(By.TAG_NAME, "td")]
            for r in ann.find_elements(By.CSS_SELECTOR, "#standings tr")][1:]
    got = [r[:3] + r[4:] for r in rows]  # the games column aside
    check("the standings: places, points, Buchholz, Sonneborn-Berger, median Buchholz", got == want, (got, want))
    cross = ann.find_elements(By.CSS_SELECTOR, "#crosstable tr")
    check("the crosstable: a row per participant", len(cross) == 4, len(cross))
    replays = [a for a in ann.find_elements(By.CSS_SELECTOR, "#games a") if a.text == "replay"]
    check("every game has a replay link", len(replays) == 6, len(replays))
    report = ann.find_element(By.ID, "report").get_attribute("href")

    preset = {(t["round"], t["slot"]): t["preset"] for t in s["tables"]}  # a result's
    NAMES = {"dominoes": "Dominoes", "dominoes-draw": "Draw dominoes"}  # the presets' names
    # each person's page from their name: games, W/D/L by preset, ratings by game and preset
    for who, d in people.items():
        d.get(srv.base + "/tournaments/" + tid)
        wait(lambda: [a for a in d.find_elements(By.CSS_SELECTOR, "#standings a") if a.text == who],
             what=who + "'s name in the standings")[0].click()
        wait(lambda: d.find_elements(By.CSS_SELECTOR, "#ratings tbody tr"), what=who + "'s page")
        api = srv.call("GET", "/api/players/" + who)[1]
        mine = [t for t in s["tables"] if who in t["players"]]
        table_rows = lambda id_: [[td.text for td in r.find_elements(By.TAG_NAME, "td")]
                                  for r in d.find_elements(By.CSS_SELECTOR, "#%s tbody tr" % id_)]
        rated = [["Dominoes", "%d ± %d" % (x["rating"], x["deviation"]), str(x["games"])] for x in api["ratings"]]
        check("%s's page: the dominoes rating with its deviation, %d games rated once" % (who, len(mine)),
              table_rows("ratings") == rated and api["ratings"][0]["games"] == len(mine), (table_rows("ratings"), rated))
        by = {p: sum(1 for t in mine if t["preset"] == p) for p in ("dominoes", "dominoes-draw")}
        rated = [[NAMES[x["preset"]], "%d ± %d" % (x["rating"], x["deviation"]), str(x["games"])]
                 for x in api["preset_ratings"]]
        check("%s's page: a rating per preset, each preset's games" % who,
              table_rows("preset-ratings") == rated and {x["preset"]: x["games"] for x in api["preset_ratings"]}
              == {p: n for p, n in by.items() if n}, (table_rows("preset-ratings"), by))
        wdl = {}
        for g in s["results"]:
            if who in g["players"] and len(g["players"]) == 2:
                me, other = g["points"][g["players"].index(who)], g["points"][1 - g["players"].index(who)]
                w = wdl.setdefault(NAMES[preset[g["round"], g["slot"]]], [0, 0, 0])
                w[0 if me > other else 1 if me == other else 2] += 1
        got = {r[0]: [int(x) for x in r[1:]] for r in table_rows("records")}
        check("%s's page: wins, draws and losses by preset as the tournament scored them" % who,
              got == wdl, (got, wdl))
        links = {a.get_attribute("href").rsplit("/t/", 1)[1] for a in d.find_elements(By.CSS_SELECTOR, "#games a")}
        check("%s's page: a link to each tournament game" % who, links == {t["table"] for t in mine},
              (links, mine))

    # the game's ladder from Ann's page, then a preset's chosen on it
    ann.find_element(By.CSS_SELECTOR, "#ratings tbody a").click()
    wait(lambda: ann.find_elements(By.CSS_SELECTOR, "#ladder-table tbody tr"), what="the ladder")
    lad = srv.call("GET", "/api/ladder/dominoes")[1]
    ladder = lambda: [[td.text for td in r.find_elements(By.TAG_NAME, "td")][1:4]
                      for r in ann.find_elements(By.CSS_SELECTOR, "#ladder-table tbody tr")]
    want = lambda lad: [[p["name"], str(p["rating"]), "± %d" % p["deviation"]] for p in lad["players"]]
    check("the dominoes ladder: ann, bob and agent:greedy by rating",
          ladder() == want(lad) and {p["name"] for p in lad["players"]} == {"ann", "bob", "agent:greedy"}, ladder())
    Select(ann.find_element(By.ID, "ladder-preset")).select_by_value("dominoes-draw")
    wait(lambda: "preset Draw dominoes" in text(ann, "page-title"), what="the preset's ladder (by its name)")
    lad = srv.call("GET", "/api/ladder/dominoes/dominoes-draw")[1]
    wait(lambda: ladder() == want(lad), what="the preset's ladder's rows")
    check("the ladder's choice: draw dominoes' own ratings", True)
    ann.get(report)
    check("the report opens", "browser cup" in ann.page_source)
finally:
    ann.quit()
    bob.quit()
srv.stop()
check.exit()
