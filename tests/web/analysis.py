"""Analysis of a finished table (tests/test_web_analysis.sh): refused while the game
runs, started by a spectator, its end told by the event stream (no clock waited on),
one entry per player move with a verdict, the preferred move drawn as a ghost, and the
result still there after a restart."""
import http.client
import os
import sys

from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
env = {"BONES_WEB_ANALYSIS_AGENT": "mcts iterations=60"}  # small and machine-independent
srv = Server(build, data, env=env)
st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human"}]})
tid, tokens = t["id"], [s["token"] for s in t["seats"]]
for _ in range(6):
    st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % tid, token=tokens[0])
    mover = v["to_move"]
    st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % tid, token=tokens[mover - 1])
    srv.call("POST", "/api/tables/%s/move" % tid, {"move": v["legal"][0]["move"]}, token=tokens[mover - 1])
st, body, _ = srv.call("POST", "/api/tables/%s/analyse" % tid)
check("a running game is not analysed (409)", st == 409 and "over" in body.get("error", ""), (st, body))
st, none, _ = srv.call("GET", "/api/tables/%s/analysis" % tid)
check("no analysis before one is asked for", st == 200 and none["state"] == "none", none)
srv.call("POST", "/api/tables/%s/resign" % tid, token=tokens[0])
st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % tid)
played = [m for m in v["moves"] if m["seat"]]

conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=60)
conn.request("GET", "/api/tables/%s/events" % tid)
resp = conn.getresponse()


def next_event():
    while True:
        line = resp.fp.readline().decode()
        if not line:
            raise SystemExit("FAIL: the event stream ended")
        if line.startswith("data: "):
            return int(line[6:])


next_event()  # the version now
st, started, _ = srv.call("POST", "/api/tables/%s/analyse" % tid)  # a spectator asks
check("a spectator starts the analysis (202, running)", st == 202 and started["state"] == "running", (st, started))
st, again, _ = srv.call("POST", "/api/tables/%s/analyse" % tid)
check("asking again while it runs starts no second one", st == 200 and again["state"] in ("running", "done"), (st, again))
result = None
while True:  # every change of the table is an event: the analysis' end is one of them
    st, result, _ = srv.call("GET", "/api/tables/%s/analysis" % tid)
    if result["state"] != "running":
        break
    next_event()
conn.close()
check("the analysis is done", result["state"] == "done", result)
moves = result.get("moves", [])
check("one entry per player move (%d)" % len(played), [m["n"] for m in moves] == [m["n"] for m in played],
      ([m["n"] for m in moves], [m["n"] for m in played]))
check("each entry names the move played, its seat and a verdict",
      all(m["played"] == p["text"] and m["seat"] == p["seat"] for m, p in zip(moves, played))
      and all(m["verdict"] in ("best", "good", "inaccuracy", "mistake", "blunder") for m in moves), moves[:2])
check("win chances are shares", all(0 <= m["win_before"] <= 1 and 0 <= m["win_after"] <= 1 for m in moves), moves[:2])
check("the agent is named", result.get("agent") == env["BONES_WEB_ANALYSIS_AGENT"], result.get("agent"))
m = moves[1]
st, svg, hdrs = srv.call("GET", "/api/tables/%s/picture?at=%d&ghost=%s" % (tid, m["n"] - 1, m["preferred"].replace(" ", "%20")))
check("the preferred move is drawn as a ghost at its position", st == 200 and "<svg" in str(svg), (st, str(svg)[:200]))
st, bad, _ = srv.call("GET", "/api/tables/%s/picture?at=9999&ghost=x" % tid)
check("a position past the game is a 422", st == 422, (st, bad))
srv.stop()
srv = Server(build, data, env=env)
st, after, _ = srv.call("GET", "/api/tables/%s/analysis" % tid)
check("the analysis is kept after a restart", st == 200 and after == result, after.get("state"))
st, again, _ = srv.call("POST", "/api/tables/%s/analyse" % tid)
check("asking again after it is done answers it (200)", st == 200 and again == result, st)
srv.stop()
check.exit()
