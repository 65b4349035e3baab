"""Tournaments on `bones serve` (tests/test_web_tourney.sh): an account posts a Swiss of
three rounds across two games with one of the server's agents, two people join with
their accounts and play their games through the API; the pairings, standings and
tiebreaks are checked against the Swiss rules of the tournament library (ported below
from core/src/tourney/tourney_schedule.c, and tiebreak.c in tourney_ini.py) for the same results; kill -9
during the second round loses nothing; the finished tournament's report and records
are downloadable."""
import os
import random
import sys

import tourney_ini
from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
clock = os.path.join(tmp, "clock")
srv = Server(build, data, clock=clock)
rng = random.Random(30)
INI = tourney_ini.swiss("cup")


def as_(token):
    return {"Cookie": "bones_session=" + token} if token else {}


def call(method, path, body=None, who=None):
    return srv.call(method, path, body, headers=as_(who))


def account(name):
    st, r, h = srv.call("POST", "/api/accounts", {"name": name, "password": "pw of " + name + "!"})
    check("account %s" % name, st == 201, r)
    return (h.get("Set-Cookie") or "").split(";")[0].split("=", 1)[1]


ann, bob = account("ann"), account("bob")

# creating: logged in only, a bad file named by its line, no external engines
st, r, _ = call("POST", "/api/tournaments", {"ini": INI})
check("creating needs an account (401)", st == 401, r)
st, r, _ = call("POST", "/api/tournaments", {"ini": INI.replace("rounds = 3", "rounds = x")}, ann)
check("a bad tournament file: 422 naming line and key", st == 422 and ":4: rounds" in r.get("error", ""), r)
st, r, _ = call("POST", "/api/tournaments", {"ini": INI + "[player.ext]\nengine = ./x\n"}, ann)
check("an external engine is refused (422)", st == 422 and "ext" in r.get("error", ""), r)
st, r, _ = call("POST", "/api/tournaments", {"ini": INI.replace("seed = 7", "seed = 7\n plugin_path = /tmp")}, ann)
check("a posted file loads no plugins (422 naming plugin_path)", st == 422 and ":6: plugin_path" in r.get("error", ""), r)
st, r, _ = call("POST", "/api/tournaments", {"ini": INI}, ann)
check("ann creates the tournament (201)", st == 201 and r.get("page") == "/tournaments/" + r.get("id"), r)
tid = r["id"]
T = "/api/tournaments/" + tid
st, r, _ = call("GET", "/api/tournaments")
check("the list shows it, open", st == 200 and r["tournaments"][0]["id"] == tid and
      r["tournaments"][0]["state"] == "open" and r["tournaments"][0]["name"] == "cup", r)

# the file's participants are named before anyone joins
st, r, _ = call("GET", T)
check("open, nobody joined: the file's agent is listed", st == 200 and [
      (p["name"], p["agent"], p["person"]) for p in r["participants"]] == [("greedy", "greedy", False)], r)

# joining and starting
check("joining needs an account", call("POST", T + "/join")[0] == 401)
check("ann joins", call("POST", T + "/join", {}, ann)[0] == 200)
st, r, _ = call("GET", T)
check("open, ann joined: the agent, then ann", [(p["name"], p["person"]) for p in r["participants"]] ==
      [("greedy", False), ("ann", True)], r)
st, r, _ = call("POST", T + "/join", {}, ann)
check("joining twice: 409", st == 409, r)
check("bob joins", call("POST", T + "/join", {}, bob)[0] == 200)
st, r, _ = call("POST", T + "/start", {}, bob)
check("only the creator starts it (403)", st == 403, r)
st, r, _ = call("POST", T + "/start", {}, ann)
check("ann starts it", st == 200, r)
check("nobody joins once it runs (409)", call("POST", T + "/join", {}, account("cyd"))[0] == 409)
st, r, _ = call("GET", T)
names = [p["name"] for p in r["participants"]]
check("participants: the file's agent, then the people in join order",
      names == ["greedy", "ann", "bob"] and [p["person"] for p in r["participants"]] == [False, True, True], r)


def play_once(who):
    """One move at each of who's tables where who is to move; True when one was made."""
    moved = False
    for tab in call("GET", T, None, who)[1].get("tables", []):
        if tab["over"] or "mine" not in tab:
            continue
        seat = int(tab["mine"].split("seat=")[1].split("&")[0])
        token = tab["mine"].split("token=")[1]
        st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % tab["table"], token=token)
        if st == 200 and v.get("to_move") == seat and v.get("legal"):
            move = rng.choice(v["legal"])["move"]
            srv.call("POST", "/api/tables/%s/move" % tab["table"], {"move": move}, token=token)
            moved = True
    return moved


def state():
    return call("GET", T)[1]


def round_of(s):
    return max([t["round"] for t in s.get("tables", [])] + [0])


# the lobby's event stream, as the tournament page follows it: after each event the
# page reads the tournament; a round's tables are seen so, without polling
seen_rounds = []


def follow_events():
    import http.client
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60)
    conn.request("GET", "/api/events")
    resp = conn.getresponse()
    try:
        while True:
            line = resp.fp.readline()
            if not line:
                return
            if line.startswith(b"data:"):
                seen_rounds.append(round_of(call("GET", T)[1]))
    except Exception:
        return


import threading
threading.Thread(target=follow_events, daemon=True).start()
wait_for(lambda: seen_rounds, what="the lobby's first event")

killed = False
while True:
    s = state()  # one look decides: a tournament may finish between two reads
    if s["state"] == "finished":
        break
    if not killed and round_of(s) == 2 and any(not t["over"] for t in s["tables"]):
        play_once(ann), play_once(bob)  # some moves of round 2 stored, then kill -9
        before = state()
        srv.stop(kill=True)
        srv = Server(build, data, clock=clock)
        after = state()
        check("kill -9 in round 2: every result kept", after["results"] == before["results"],
              (before["results"], after["results"]))
        check("kill -9: the same tables, none paired again",
              [t["table"] for t in after["tables"]] == [t["table"] for t in before["tables"]], after["tables"])
        check("kill -9: still running", after["state"] == "running", after["state"])
        killed = True
        continue
    # the agent's move changes no tournament state: wait for a person's turn or a change
    try:
        wait_for(lambda: (play_once(ann) | play_once(bob)) or state() != s,
                 what="a person's turn, the agent or the next round")
    except AssertionError:  # say where it stood
        print("stuck at", s, "\nthe server's log:", open(data + ".log").read()[-2000:])
        raise
check("the tournament was killed once and went on", killed)

final = state()
results = final["results"]
people = [p["name"] for p in final["participants"]]
idx = {n: i for i, n in enumerate(people)}


def standings(done):
    return tourney_ini.standings(people, done)


def swiss(rnd, done):
    """The pairs and the bye of round rnd (from 0) as tourney_schedule.c pairs them."""
    pts, _, _, _, order = standings(done)
    n, used, bye = len(people), set(), None
    if n % 2:
        byes = [sum(1 for g in done if len(g["players"]) == 1 and g["players"][0] == people[i]
                    and g["round"] <= rnd) for i in range(n)]
        for i in reversed(order):
            if bye is None or byes[i] < byes[bye]:
                bye = i
        used.add(bye)
    meet = lambda a, b: sum(1 for g in done if sorted(g["players"]) == sorted([people[a], people[b]]))
    pairs = []
    for k, a in enumerate(order):
        if a in used:
            continue
        b = None
        for c in order[k + 1:]:
            if c not in used and (b is None or meet(a, c) < meet(a, b)):
                b = c
        if b is None:
            break
        used |= {a, b}
        pairs.append(frozenset([people[a], people[b]]))
    return sorted(pairs, key=sorted), people[bye] if bye is not None else None


for rnd in range(3):
    done = [g for g in results if g["round"] <= rnd]
    pairs, bye = swiss(rnd, done)
    got = sorted({frozenset(t["players"]) for t in final["tables"] if t["round"] == rnd + 1}, key=sorted)
    got_bye = [g["players"][0] for g in results if g["round"] == rnd + 1 and g["forfeit"] == "bye"]
    check("round %d: the pairing follows the Swiss rules" % (rnd + 1), got == pairs, (got, pairs))
    check("round %d: the bye" % (rnd + 1), got_bye == [bye] * 2, (got_bye, bye))
    check("round %d: two games per pairing, every one stored" % (rnd + 1),
          len([g for g in results if g["round"] == rnd + 1]) == 4, results)

pts, bh, sb, mb, order = standings(results)
st_names = [s["name"] for s in final["standings"]]
check("standings: the order of points and tiebreaks", st_names == [people[i] for i in order],
      (st_names, pts, bh))
for s in final["standings"]:
    i = idx[s["name"]]
    check("%s: points %.2f, Buchholz %.2f, Sonneborn-Berger %.2f, median Buchholz %.2f" % (
          s["name"], pts[i], bh[i], sb[i], mb[i]),
          abs(s["points"] - pts[i]) < 1e-9 and abs(s["buchholz"] - bh[i]) < 1e-9 and
          abs(s["sonneborn_berger"] - sb[i]) < 1e-9 and abs(s["median_buchholz"] - mb[i]) < 1e-9, s)
check("every table is over", all(t["over"] for t in final["tables"]), final["tables"])
check("the event stream told of round 2's tables (the page reads them after an event)",
      2 in seen_rounds, seen_rounds)
# a finished game: its game, each seat's points and rank, who won
tab = final["tables"][0]
check("a table names its game and, over, the seats' points and ranks",
      tab.get("game") in ("dominoes", "holomino", "allfives", "hegemino", "geominos") and
      len(tab.get("scores", [])) == len(tab["players"]) and sorted(tab.get("ranks", [])) and
      min(tab["ranks"]) == 1, tab)
for t in final["tables"]:
    won = {p for p, k in zip(t["players"], t["ranks"]) if k == 1}
    g = [g for g in results if (g["round"], g["slot"]) == (t["round"], t["slot"])]
    best = {p for p, x in zip(g[0]["players"], g[0]["points"]) if x == max(g[0]["points"])} if g else None
    check("round %d game %d: the table's winners are the tournament's" % (t["round"], t["slot"]),
          won == best, (t, g))
# a tournament's game has no rematch: the view says whose tournament it is
mine = [t for t in final["tables"] if "ann" in t["players"]][0]
seat = mine["players"].index("ann") + 1
token = None
for t in call("GET", T, None, ann)[1]["tables"]:
    if t["table"] == mine["table"] and "mine" in t:
        token = t["mine"].split("token=")[1]
st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % mine["table"], token=token)
check("a tournament game's view: its tournament and round, no rematch",
      st == 200 and v.get("tournament") == {"id": tid, "round": mine["round"], "link": "/tournaments/" + tid}
      and "rematch" not in v, v)
st, r, _ = srv.call("POST", "/api/tables/%s/rematch" % mine["table"], {}, token=token)
check("a tournament game's rematch is refused (409)", st == 409 and "rematch" in r.get("error", ""), (st, r))

st, html, h = srv.call("GET", T + "/report.html")
check("the report: HTML with the standings", st == 200 and "text/html" in h.get("Content-Type", "")
      and "cup" in html and "ann" in html, (st, str(html)[:200]))
st, rec, _ = srv.call("GET", T + "/games.bones")
check("the records: one per game played", st == 200 and rec.count("[Event \"cup\"]") == 6
      and rec.count("[Round \"3\"]") == 2, (st, str(rec)[:300]))
# the people's games are their accounts' (rated, on their pages) like any table's
for name in ("ann", "bob"):
    played = sum(1 for t in final["tables"] if name in t["players"])
    st, page, _ = srv.call("GET", "/api/players/" + name)
    rated = sum(r["games"] for r in page.get("ratings", []))
    check("%s's page: the %d tournament games, all rated" % (name, played),
          st == 200 and played > 0 and rated == played, (played, page.get("ratings")))
# start times (the test clock): too few people by then drops it, two start it
now = srv.now() // 1000
lone = call("POST", "/api/tournaments", {"ini": INI, "start": now + 60}, bob)[1]["id"]
timed = call("POST", "/api/tournaments", {"ini": INI, "start": now + 60}, bob)[1]["id"]
check("ann and bob join one, nobody the other (its agent alone cannot play)",
      call("POST", "/api/tournaments/%s/join" % timed, {}, ann)[0] == 200
      and call("POST", "/api/tournaments/%s/join" % timed, {}, bob)[0] == 200)
check("before its start time it waits", call("GET", "/api/tournaments/" + timed)[1]["state"] == "open")
srv.set_clock((now + 61) * 1000)
wait_for(lambda: call("GET", "/api/tournaments/" + timed)[1]["state"] == "running", what="the start time")
wait_for(lambda: call("GET", "/api/tournaments/" + lone)[1]["start"] == 0, what="the start dropped")
check("with people it starts at its start time; without, it waits for its creator",
      call("GET", "/api/tournaments/" + lone)[1]["state"] == "open")
st, page, h = srv.call("GET", "/tournaments/" + tid)
check("the live page is served", st == 200 and "text/html" in h.get("Content-Type", ""), st)
srv.stop()
check.exit()
