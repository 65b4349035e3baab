"""API tests of `bones serve` over loopback (tests/test_web_api.sh)."""
import http.client
import os
import re
import sys

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
srv = Server(build, os.path.join(tmp, "data"), clock=os.path.join(tmp, "clock"))
tokens = []

st, games, _ = srv.call("GET", "/api/games")
check("games lists plugins and presets", st == 200 and any(p["id"] == "holomino" for p in games["plugins"])
      and any(p["id"] == "dominoes-draw" for p in games["presets"]), st)

# creating tables, errors naming the field
st, body, _ = srv.call("POST", "/api/tables", {"game": "holomino", "options": {"players": 9}})
check("an option out of range is a 400 naming it", st == 400 and body.get("field") == "players"
      and "players" in body["error"], body)
st, body, _ = srv.call("POST", "/api/tables", {"game": "holomino", "options": {"colour": "red"}})
check("an unknown option is a 400 naming it", st == 400 and body.get("field") == "colour", body)
st, body, _ = srv.call("POST", "/api/tables", {"game": "no-such-game"})
check("an unknown game is a 400 on field game", st == 400 and body.get("field") == "game", body)
st, body, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}]})
check("a wrong number of seats is a 400 on seats", st == 400 and body.get("field") == "seats", body)
st, body, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "nonsense"}]})
check("a bad agent spec is a 400 on seats", st == 400 and body.get("field") == "seats", body)
for game in ["/etc/passwd", "../configs/holomino", "holomino.ini", "configs/holomino"]:
    st, body, _ = srv.call("POST", "/api/tables", {"game": game})
    check("a game named by a path is refused: " + game, st == 400 and body.get("field") == "game"
          and "root" not in body["error"], body)
for value in ["/etc/passwd", "../../etc/passwd", "geominos/../../x.ini"]:
    st, body, _ = srv.call("POST", "/api/tables", {"game": "geominos", "options": {"tiles": value}})
    check("a file option outside the configs is refused: " + value, st == 400 and body.get("field") == "tiles", body)
st, body, _ = srv.call("POST", "/api/tables", {"game": "geominos", "options": {"tiles": "geominos/tiles.ini"}})
check("a file option inside the configs is accepted", st == 201, body)
for spec in ["mcts threads=64", "mcts memory_mb=100000", "mcts nodes=999999999"]:
    st, body, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "agent", "agent": spec}]})
    check("an agent asking for too much is refused: " + spec, st == 400 and body.get("field") == "seats"
          and "on this server" in body["error"], body)
st, body, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "mcts threads=2 iterations=50"}]})
check("a bounded mcts agent is accepted", st == 201, body)
st, body, _ = srv.call("POST", "/api/tables", raw=b'{"game": "holomino",')
check("bad JSON is a 400 with a reason", st == 400 and body["error"].startswith("bad JSON: offset"), body)
st, body, _ = srv.call("POST", "/api/tables", raw=b'')
check("an empty body is a 400", st == 400 and "empty" in body["error"], body)
st, body, _ = srv.call("POST", "/api/tables", raw=b'[1, 2]')
check("a JSON array is a 400", st == 400, body)
st, body, _ = srv.call("POST", "/api/tables", raw=b'{"game": "' + b'x' * 70000 + b'"}')
check("a body over 64 KiB is a 413", st == 413, st)
st, body, _ = srv.call("POST", "/api/tables", raw=b'[' * 100 + b']' * 100)
check("deep nesting is a 400", st == 400 and "deep" in body["error"], body)

st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino"})
check("a holomino table against the preset's agent", st == 201 and t["seats"][1]["kind"] == "agent"
      and "token" not in t["seats"][1], t)
tok = t["seats"][0]["token"]
tokens.append(tok)
check("a seat token has 128 random bits in hex", re.fullmatch(r"[0-9a-f]{32}", tok) is not None, tok)
check("the seat link holds the token in the fragment", t["seats"][0]["link"] == "/t/%s#seat=1&token=%s" % (t["id"], tok), t)
tid = t["id"]
st, v, _ = srv.call("GET", "/api/tables/" + tid, token=tok)
check("the seat's view has the picture and legal moves", st == 200 and "<svg" in v["svg"] and v["legal"]
      and v["viewer"] == 1 and v["to_move"] == 1, st)
check("targets are inside the picture", all(0 <= m["x"] <= v["width"] and 0 <= m["y"] <= v["height"]
                                            for m in v["legal"] if m["target"] >= 0), v["legal"][:3])
st, sv, _ = srv.call("GET", "/api/tables/" + tid)
check("a spectator sees no legal moves", st == 200 and sv["viewer"] == 0 and sv["legal"] == [], sv.get("viewer"))
st, body, _ = srv.call("GET", "/api/tables/" + tid, token="0" * 32)
check("a wrong token is refused, not taken for a spectator", st == 403, st)

move = v["legal"][0]["move"]
st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": move})
check("a move without a token is refused", st == 403 and "token" in body["error"], body)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": move}, token="f" * 32)
check("a move with another token is refused", st == 403, body)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": "999@40,40"}, token=tok)
check("an illegal move is a 422 naming it", st == 422 and "999@40,40" in body["error"], body)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": "hello"}, token=tok)
check("a malformed move is a 422 naming it", st == 422 and "hello" in body["error"], body)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"mvoe": move}, token=tok)
check("a body without move is a 400 on field move", st == 400 and body.get("field") == "move", body)

# the event stream: a version at once, a new one after a move
conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=20)
conn.request("GET", "/api/tables/%s/events" % tid)
resp = conn.getresponse()
check("events are text/event-stream", resp.status == 200 and resp.getheader("Content-Type") == "text/event-stream", resp.status)


def next_event():
    while True:
        line = resp.fp.readline().decode()
        if line.startswith("data: "):
            return int(line[6:])


first = next_event()
# (no test asserts a duration, so not how soon the move is acknowledged; the agent's
# answer, from its own thread, is waited for below)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": move}, token=tok)
check("a legal move is played", st == 200 and body["ok"], body)
check("the stream tells of the change", next_event() > first)
conn.close()
v2 = wait_for(lambda: (lambda r: r[1] if r[1]["to_move"] == 1 else None)(srv.call("GET", "/api/tables/" + tid, token=tok)),
              what="the agent's answer")
movers = [m["seat"] for m in v2["moves"] if m["seat"]]
check("the agent answered in its thread", movers[:2] == [1, 2], movers)
check("player moves are numbered 1, 2, ... past the chance draws",
      [m.get("number") for m in v2["moves"] if m["seat"]][:2] == [1, 2]
      and not any("number" in m for m in v2["moves"] if not m["seat"]), v2["moves"][:10])
check("chance outcomes come in words", any(m.get("words", "").endswith("starts the board")
      for m in v2["moves"] if not m["seat"]), [m for m in v2["moves"] if not m["seat"]][:8])

# points and ghosts
st, v, _ = srv.call("GET", "/api/tables/" + tid, token=tok)
check("each legal move says the points it scores", all("points" in m for m in v["legal"]), v["legal"][:2])
mv = v["legal"][0]["move"]
st, svg, hdrs = srv.call("GET", "/api/tables/%s/picture?ghost=%s&w=600&h=400" % (tid, mv), token=tok)
check("the mover's ghost picture", st == 200 and hdrs["Content-Type"] == "image/svg+xml" and "<svg" in svg, st)
st, body, _ = srv.call("GET", "/api/tables/%s/picture?ghost=%s" % (tid, mv))
check("no ghost for a spectator", st == 409, st)
st, body, _ = srv.call("GET", "/api/tables/%s/picture?ghost=nonsense" % tid, token=tok)
check("no ghost of an illegal move", st == 422, body)

# undo against the agent: taken back at once
before = [m["text"] for m in v["moves"]]
st, body, _ = srv.call("POST", "/api/tables/%s/undo" % tid, {"action": "request"}, token=tok)
st, v3, _ = srv.call("GET", "/api/tables/" + tid, token=tok)
check("undo against an agent takes back our move and its answer", st == 200 and v3["to_move"] == 1
      and [m["seat"] for m in v3["moves"] if m["seat"]] == [], [m["text"] for m in v3["moves"]][-4:])

# turns between two people
st, t2, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
a, b = t2["seats"][0]["token"], t2["seats"][1]["token"]
tokens += [a, b]
st, v, _ = srv.call("GET", "/api/tables/" + t2["id"], token=a)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % t2["id"], {"move": v["legal"][0]["move"]}, token=b)
check("a seat out of turn is a 409", st == 409 and "not your turn" in body["error"], body)
st, body, _ = srv.call("GET", "/api/tables/%s/record" % t2["id"])
check("no record while the game runs", st == 409, st)
st, body, _ = srv.call("POST", "/api/tables/%s/undo" % t2["id"], {"action": "request"}, token=a)
check("no undo before one's own move", st == 409, body)
first_move = v["legal"][0]["move"]
srv.call("POST", "/api/tables/%s/move" % t2["id"], {"move": first_move}, token=a)
st, body, _ = srv.call("POST", "/api/tables/%s/undo" % t2["id"], {"action": "request"}, token=a)
st2, vb, _ = srv.call("GET", "/api/tables/" + t2["id"], token=b)
check("an undo request is shown to the other seat", st == 200 and vb["undo_by"] == 1, (body, vb.get("undo_by")))
st, body, _ = srv.call("POST", "/api/tables/%s/undo" % t2["id"], {"action": "accept"}, token=a)
check("the asker cannot accept", st == 409, body)
st, body, _ = srv.call("POST", "/api/tables/%s/undo" % t2["id"], {"action": "accept"}, token=b)
st2, va, _ = srv.call("GET", "/api/tables/" + t2["id"], token=a)
check("the other seat accepts: the move is taken back", st == 200 and va["to_move"] == 1 and va["undo_by"] == 0
      and not [m for m in va["moves"] if m["seat"]], body)
st, body, _ = srv.call("POST", "/api/tables/%s/rematch" % t2["id"], {}, token=a)
check("no rematch before the end", st == 409, body)
check("a move in words with its points", all(m.get("words") and "points" in m for m in va["legal"]), va["legal"][:2])
check("Holomino's words name the tile on the board it goes next to, not coordinates the picture lacks",
      va["legal"] and all(re.match(r"places \d+ (to the (left|right)|(above|below) and to the (left|right)) of \d+(, turn [123])?$", m["words"])
          for m in va["legal"] if m["move"] != "pass" and m["words"] != "passes"), [m["words"] for m in va["legal"]][:4])
st, body, _ = srv.call("POST", "/api/tables/%s/resign" % t2["id"], {}, token=b)
check("a seat resigns", st == 200, body)
st, ra, _ = srv.call("POST", "/api/tables/%s/rematch" % t2["id"], {}, token=a)
st2, rb, _ = srv.call("POST", "/api/tables/%s/rematch" % t2["id"], {}, token=b)
check("one rematch for both seats, the seats swapped", st == 200 and st2 == 200
      and ra["rematch"]["id"] == rb["rematch"]["id"] and "#seat=2&" in ra["rematch"]["link"]
      and "#seat=1&" in rb["rematch"]["link"], (ra, rb))
st, sv, _ = srv.call("GET", "/api/tables/" + t2["id"])
check("a spectator sees the rematch without a link", sv["rematch"]["id"] == ra["rematch"]["id"]
      and "link" not in sv["rematch"], sv.get("rematch"))
st, v, _ = srv.call("GET", "/api/tables/" + t2["id"], token=a)
check("the game is over after a resignation", v["over"] and "resigned" in v["status"], v["status"])
check("the view names the seat that resigned", v.get("resigned") == 2 and "forfeit" not in v, v.get("resigned"))
st, body, _ = srv.call("POST", "/api/tables/%s/move" % t2["id"], {"move": "x"}, token=a)
check("no move after the end", st == 409, body)
st, rec, hdrs = srv.call("GET", "/api/tables/%s/record" % t2["id"])
check("the record of a finished game", st == 200 and '[Game "holomino"]' in rec and "Ann" in rec
      and hdrs["Content-Type"].startswith("text/plain"), rec[:200] if isinstance(rec, str) else rec)

# a free seat taken from the lobby; hints
st, t3, _ = srv.call("POST", "/api/tables", {"game": "holomino", "hints": True,
                                             "seats": [{"kind": "human", "name": "Host"}, {"kind": "human", "open": True}]})
check("an open seat has no link in the creator's reply", st == 201 and t3["seats"][1].get("open") and "token" not in t3["seats"][1], t3)
st, lob, _ = srv.call("GET", "/api/tables")
row = [x for x in lob["tables"] if x["id"] == t3["id"]][0]
check("the lobby shows the free seat", row["seats"][1]["open"] and not row["seats"][0]["open"], row)
st, j, _ = srv.call("POST", "/api/tables/%s/join" % t3["id"], {"name": "Guest"})
check("joining gives the seat's token and link", st == 200 and j["seat"] == 2 and len(j["token"]) == 32
      and j["link"].endswith(j["token"]), j)
tokens.append(j["token"])
st, body, _ = srv.call("POST", "/api/tables/%s/join" % t3["id"], {"seat": 2})
check("a taken seat cannot be taken again", st == 409, body)
st, body, _ = srv.call("POST", "/api/tables/%s/join" % t3["id"], {"seat": 1})
check("a seat never open cannot be taken", st == 409, body)
st, v, _ = srv.call("GET", "/api/tables/" + t3["id"], token=j["token"])
check("the joiner plays as seat 2 under its name", v["viewer"] == 2 and v["seats"][1]["name"] == "Guest", v["seats"])
st, h, _ = srv.call("POST", "/api/tables/%s/hint" % t3["id"], {}, token=t3["seats"][0]["token"])
st2, v, _ = srv.call("GET", "/api/tables/" + t3["id"], token=t3["seats"][0]["token"])
check("a hint is one of the legal moves", st == 200 and h["move"] in [m["move"] for m in v["legal"]], h)
st, body, _ = srv.call("POST", "/api/tables/%s/hint" % t3["id"], {}, token=j["token"])
check("no hint for the seat not to move", st == 409, body)
st, body, _ = srv.call("POST", "/api/tables/%s/hint" % tid, {}, token=tok)
check("no hint at a table without hints", st == 409 and "without hints" in body["error"], body)

# time per move: a penalty, then a forfeit; refusals name the key
st, body, _ = srv.call("POST", "/api/tables", {"game": "holomino", "time": {"per_move": "soon"}})
check("a bad time is a 400 naming it", st == 400 and body.get("field") == "time" and "per_move" in body["error"], body)
st, t4, _ = srv.call("POST", "/api/tables", {"game": "holomino", "time": {"per_move": "1s", "penalty": 5, "grace": "1s", "forfeit": True},
                                             "seats": [{"kind": "human"}, {"kind": "human"}]})
tokens += [s["token"] for s in t4["seats"] if "token" in s]
st, v, _ = srv.call("GET", "/api/tables/" + t4["id"], token=t4["seats"][0]["token"])
check("the clock waits for the first move, showing the time a move has", st == 200 and v.get("clock", {}).get("phase") == "waiting"
      and v["clock"]["remaining_ms"] == 1000, v.get("clock"))
srv.set_clock(srv.now() + 5000)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % t4["id"], {"move": v["legal"][0]["move"]},
                       token=t4["seats"][0]["token"])
st, v, _ = srv.call("GET", "/api/tables/" + t4["id"])
check("the first move is not timed: then the clock runs for the seat to move",
      st == 200 and not v["seats"][0].get("penalty") and v.get("clock", {}).get("seat") == 2
      and v["clock"]["phase"] == "running" and v["clock"]["remaining_ms"] == 1000, (v["seats"], v.get("clock")))
srv.set_clock(srv.now() + 400)  # the test clock: time passes when the test says so
st, v, _ = srv.call("GET", "/api/tables/" + t4["id"])
check("the clock counts the time given", v.get("clock", {}).get("remaining_ms") == 600, v.get("clock"))
srv.set_clock(srv.now() + 800)
v = wait_for(lambda: (lambda x: x if x.get("clock", {}).get("phase") == "grace" else None)(
    srv.call("GET", "/api/tables/" + t4["id"])[1]), what="the grace period")
check("out of time: the penalty is given", v["seats"][1].get("penalty") == 5, v["seats"])
srv.set_clock(srv.now() + 1000)
v = wait_for(lambda: (lambda x: x if x["over"] else None)(srv.call("GET", "/api/tables/" + t4["id"])[1]),
             what="the forfeit")
check("out of grace: seat 2 forfeits", "forfeits" in v["status"] and v["seats"][1]["rank"] == 2
      and v["seats"][0]["rank"] == 1, (v["status"], v["seats"]))

# time per game: the first move is free, then each seat's bank runs down on its moves
# and gains the increment after each; the seat whose bank runs out forfeits; days per
# move for correspondence
st, t5, _ = srv.call("POST", "/api/tables", {"game": "holomino", "time": {"per_move": "0", "per_game": "2s", "increment": "1s"},
                                             "seats": [{"kind": "human"}, {"kind": "human"}]})
tokens += [s["token"] for s in t5["seats"] if "token" in s]
st, v, _ = srv.call("GET", "/api/tables/" + t5["id"], token=t5["seats"][0]["token"])
check("a game clock: both banks full, waiting for the first move", st == 200 and v.get("clock", {}).get("banks_ms") == [2000, 2000]
      and v["clock"]["phase"] == "waiting" and v["clock"]["increment_ms"] == 1000, v.get("clock"))
srv.set_clock(srv.now() + 700)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % t5["id"], {"move": v["legal"][0]["move"]}, token=t5["seats"][0]["token"])
st2, v, _ = srv.call("GET", "/api/tables/" + t5["id"], token=t5["seats"][1]["token"])
check("the first move costs nothing; seat 2's bank runs", st == 200 and v.get("clock", {}).get("banks_ms") == [2000, 2000]
      and v["clock"]["seat"] == 2 and v["clock"]["phase"] == "running", (body, v.get("clock")))
srv.set_clock(srv.now() + 500)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % t5["id"], {"move": v["legal"][0]["move"]}, token=t5["seats"][1]["token"])
st2, v, _ = srv.call("GET", "/api/tables/" + t5["id"])
check("the increment goes on after the move", st == 200 and v.get("clock", {}).get("banks_ms") == [2000, 2500]
      and v["clock"]["seat"] == 1, (body, v.get("clock")))
srv.set_clock(srv.now() + 2000)
v = wait_for(lambda: (lambda x: x if x["over"] else None)(srv.call("GET", "/api/tables/" + t5["id"])[1]),
             what="the forfeit on time")
check("an empty bank forfeits: seat 1 at its second move", "forfeits" in v["status"] and v["seats"][0]["rank"] == 2
      and v["clock"]["banks_ms"] == [0, 2500] and sum(1 for m in v["moves"] if m["seat"]) == 2, (v["status"], v.get("clock")))
st, rec, _ = srv.call("GET", "/api/tables/%s/record" % t5["id"])
check("the record names the time control", 'TimeControl "per_game=2s increment=1s"' in rec, rec[:400])
st, t6, _ = srv.call("POST", "/api/tables", {"game": "holomino", "time": {"per_move": "7d", "forfeit": True, "per_game": "30d"},
                                             "seats": [{"kind": "human"}, {"kind": "human"}]})
st2, v, _ = srv.call("GET", "/api/tables/" + t6["id"])
check("days per move: 7 days for a move, 30 for the game", st == 201 and v.get("clock", {}).get("remaining_ms") == 7 * 86400000
      and v["clock"]["banks_ms"] == [30 * 86400000] * 2, (t6, v.get("clock")))
st, body, _ = srv.call("POST", "/api/tables", {"game": "holomino", "time": {"per_game": "31d"}})
check("more than 30 days is refused, naming the key", st == 400 and "per_game" in body["error"], body)

st, lobby, _ = srv.call("GET", "/api/tables")
check("the lobby lists the tables", st == 200 and {tid, t2["id"]} <= {x["id"] for x in lobby["tables"]}, lobby)
check("the lobby shows no token", not any(k in str(lobby) for k in tokens))

# static files and headers
st, page, hdrs = srv.call("GET", "/")
check("the lobby page", st == 200 and "<html" in page and hdrs["Content-Type"].startswith("text/html"), st)
check("a Content-Security-Policy header", "script-src 'self'" in (hdrs["Content-Security-Policy"] or ""), hdrs)
check("nosniff", hdrs["X-Content-Type-Options"] == "nosniff")
st, page, hdrs = srv.call("GET", "/t/" + tid)
check("the table page", st == 200 and "play.js" in page, st)
st, js, hdrs = srv.call("GET", "/static/play.js")
check("scripts as text/javascript", st == 200 and hdrs["Content-Type"].startswith("text/javascript"), st)
for path in ["/static/../CMakeLists.txt", "/static/%2e%2e/CMakeLists.txt", "/static/%2e%2e%2fweb_api.c",
             "/static/..%2f..%2fCMakeLists.txt", "/static/.hidden", "/static/web_api.c", "/static/%00.js",
             "/static/a/b.js", "/t/x/../../etc/passwd", "//etc/passwd"]:
    s = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    s.request("GET", path)
    r = s.getresponse()
    body = r.read()
    check("no file outside the web root: " + path, r.status in (400, 404) and b"#include" not in body, r.status)
    s.close()
st, page, hdrs = srv.call("GET", "/rules/holomino")
check("a game's rules page: its name, summary and the plugin's paragraphs",
      st == 200 and hdrs["Content-Type"].startswith("text/html") and "<h1>Holomino</h1>" in page
      and page.count("<p>") >= 4 and "<p>Goal: " in page and 'href="/"' in page, page[:300])
st, body, _ = srv.call("GET", "/rules/no-such-game")
check("no rules page for a game the server lacks", st == 404 and "no-such-game" in body["error"], (st, body))
st, body, _ = srv.call("DELETE", "/api/tables")
check("an unknown method or route is refused", st in (404, 405), st)

srv.stop()
log = open(srv.data + ".log").read()
check("tokens are never logged", not any(k in log for k in tokens), log[:300])
check("moves are logged", "move 9 by seat 1" in log, log[-300:])

# rate limit
lim = Server(build, os.path.join(tmp, "limited"), rate="5")
codes = [lim.call("GET", "/api/tables")[0] for _ in range(40)]
check("a client over its rate gets 429", 429 in codes and codes[0] == 200, codes)
check("and is served again a moment later",
      wait_for(lambda: lim.call("GET", "/api/tables")[0] == 200, what="the rate limit to let it in again"))
lim.stop()
check.exit()
