"""Agents scheduled fairly (tests/test_web_agents.sh): 20 tables of mcts agents only,
busy thinking, do not keep a person's greedy opponent waiting: its reply comes before
the agents-only tables' queue has gone round once (an ordering check, counted in their
moves); one address may run only a few agents-only tables (those without a move for
30 minutes not counted); an agents-only table nobody watches pauses, and plays on when
someone looks."""
import http.client
import json
import os
import sys
import time

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
srv = Server(build, os.path.join(tmp, "data"), extra=("--agents", "2"), clock=os.path.join(tmp, "clock"))
mcts = {"kind": "agent", "agent": "mcts iterations=100000000"}  # thinks its full 2 s a move


def post_from(address, path, body):
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30, source_address=(address, 0))
    c.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    r = c.getresponse()
    out = r.status, json.loads(r.read())
    c.close()
    return out


def agent_moves():
    lobby = srv.call("GET", "/api/tables")[1]["tables"]
    return sum(x["moves"] for x in lobby if x["id"] in robots)


robots = []
for k in range(20):
    st, t = post_from("127.0.0.%d" % (10 + k // 4), "/api/tables", {"game": "holomino", "seats": [mcts, mcts]})
    robots.append(t.get("id"))
check("20 agents-only tables from 5 addresses", all(robots), robots)
st, body = post_from("127.0.0.10", "/api/tables", {"game": "holomino", "seats": [mcts, mcts]})
check("a fifth running agents-only table from one address is refused", st == 429 and body.get("field") == "seats", body)
wait_for(lambda: agent_moves() >= 2, 120, "the agents-only tables to play")

st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "greedy"}]})
tok = t["seats"][0]["token"]
st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tok)
before = agent_moves()
sent = time.time()
st, body, _ = srv.call("POST", "/api/tables/%s/move" % t["id"], {"move": v["legal"][0]["move"]}, token=tok)
wait_for(lambda: srv.call("GET", "/api/tables/%s?picture=0" % t["id"])[1]["to_move"] in (0, 1), 300,
         "greedy's reply")
latency = time.time() - sent
between = agent_moves() - before
print("measured: greedy answered after %.3f s, while the 20 agents-only tables made %d moves" % (latency, between))
check("greedy answers before the agents-only tables' queue goes round (%d of their moves meanwhile)" % between,
      st == 200 and between < 10, between)

# nobody watches for WEB_WATCH_MS (the test clock jumps): an agents-only table pauses
srv.set_clock(srv.now() + 120000)
paused = wait_for(lambda: [x["id"] for x in srv.call("GET", "/api/tables")[1]["tables"] if x["paused"]], 120,
                  "an unwatched agents-only table to pause")
check("an agents-only table nobody watches pauses", paused[0] in robots, paused)
srv.call("GET", "/api/tables/%s?picture=0" % paused[0])
lobby = {x["id"]: x for x in srv.call("GET", "/api/tables")[1]["tables"]}
check("and plays on once someone looks", not lobby[paused[0]]["paused"], lobby[paused[0]])

# tables left behind: 30 minutes without a move (WEB_IDLE_MS) count against no cap (a
# table a worker was thinking about at the jump moves after it: at most 2 still count)
srv.set_clock(srv.now() + 30 * 60 * 1000)
st, body = post_from("127.0.0.10", "/api/tables", {"game": "holomino", "seats": [mcts, mcts]})
check("30 minutes on, that address may create an agents-only table again", st == 201, body)
srv.stop()
check.exit()
