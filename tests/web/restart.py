"""Nothing lost (tests/test_web_restart.sh): moves acknowledged before kill -9 are all
there after a restart on the same data; agents' moves too; tokens still work."""
import os
import random
import sys
import time

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
clock = os.path.join(tmp, "clock")  # the test clock: time passes when the test says so
rng = random.Random(3)
srv = Server(build, data, clock=clock)
st, people, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human"}]})
st, versus, _ = srv.call("POST", "/api/tables", {"game": "holomino"})
tokens = [s["token"] for s in people["seats"]]
acked = []
for round_ in range(3):
    for _ in range(rng.randint(2, 5)):
        st, v, _ = srv.call("GET", "/api/tables/" + people["id"], token=tokens[0])
        if v["over"]:
            break
        mover = v["to_move"]
        st, v, _ = srv.call("GET", "/api/tables/" + people["id"], token=tokens[mover - 1])
        move = rng.choice(v["legal"])["move"]
        st, body, _ = srv.call("POST", "/api/tables/%s/move" % people["id"], {"move": move}, token=tokens[mover - 1])
        if st == 200:
            acked.append(move)
    # the table against the agent: one move, then kill before or after the agent's answer
    st, v, _ = srv.call("GET", "/api/tables/" + versus["id"], token=versus["seats"][0]["token"])
    if v["to_move"] == 1 and v["legal"]:
        srv.call("POST", "/api/tables/%s/move" % versus["id"], {"move": v["legal"][0]["move"]},
                 token=versus["seats"][0]["token"])
    st, before, _ = srv.call("GET", "/api/tables/" + versus["id"])
    srv.stop(kill=True)
    srv = Server(build, data, clock=clock)
    st, v, _ = srv.call("GET", "/api/tables/" + people["id"], token=tokens[0])
    played = [m["text"] for m in v["moves"] if m["seat"]]
    check("round %d: every acknowledged move is back after kill -9 (%d)" % (round_ + 1, len(acked)),
          st == 200 and played == acked, (played, acked))
    st, after, _ = srv.call("GET", "/api/tables/" + versus["id"])
    check("round %d: the agent's table keeps its moves" % (round_ + 1),
          [m["text"] for m in after["moves"]][:len(before["moves"])] == [m["text"] for m in before["moves"]])
    wait_for(lambda: srv.call("GET", "/api/tables/" + versus["id"])[1]["to_move"] in (0, 1), what="the agent after restart")
st, t3, _ = srv.call("POST", "/api/tables", {"game": "holomino", "hints": True, "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
srv.stop(kill=True)
srv = Server(build, data, clock=clock)
st, v, _ = srv.call("GET", "/api/tables/" + t3["id"])
check("hints and a free seat survive a restart", v["hints"] and v["seats"][1]["open"], v["seats"])
st, j, _ = srv.call("POST", "/api/tables/%s/join" % t3["id"], {"name": "Late"})
srv.stop(kill=True)
srv = Server(build, data, clock=clock)
st, v, _ = srv.call("GET", "/api/tables/" + t3["id"], token=j["token"])
check("a taken seat stays taken after a restart", v["viewer"] == 2 and not v["seats"][1]["open"] and v["seats"][1]["name"] == "Late", v["seats"])
# an undo is kept too
st, v, _ = srv.call("GET", "/api/tables/" + people["id"], token=tokens[0])
if not v["over"]:
    mover = v["to_move"]
    st, v, _ = srv.call("GET", "/api/tables/" + people["id"], token=tokens[mover - 1])
    srv.call("POST", "/api/tables/%s/move" % people["id"], {"move": v["legal"][0]["move"]}, token=tokens[mover - 1])
    srv.call("POST", "/api/tables/%s/undo" % people["id"], {"action": "request"}, token=tokens[mover - 1])
    st, body, _ = srv.call("POST", "/api/tables/%s/undo" % people["id"], {"action": "accept"}, token=tokens[2 - mover])
    srv.stop(kill=True)
    srv = Server(build, data, clock=clock)
    st, v, _ = srv.call("GET", "/api/tables/" + people["id"], token=tokens[0])
    check("an accepted undo is kept after kill -9", st == 200 and [m["text"] for m in v["moves"] if m["seat"]] == acked,
          body)
st, t5, _ = srv.call("POST", "/api/tables", {"game": "holomino", "time": {"per_move": "1s", "penalty": 3, "grace": "600m"},
                                             "seats": [{"kind": "human"}, {"kind": "human"}]})
st, v, _ = srv.call("GET", "/api/tables/" + t5["id"], token=t5["seats"][0]["token"])
srv.call("POST", "/api/tables/%s/move" % t5["id"], {"move": v["legal"][0]["move"]},
         token=t5["seats"][0]["token"])  # the clock starts after the first move
srv.set_clock(srv.now() + 1100)
wait_for(lambda: srv.call("GET", "/api/tables/" + t5["id"])[1]["seats"][1].get("penalty") == 3, what="a penalty")
srv.stop(kill=True)
srv = Server(build, data, clock=clock)
st, v, _ = srv.call("GET", "/api/tables/" + t5["id"])
check("a time penalty is kept after kill -9, the clock running again", v["seats"][1].get("penalty") == 3
      and v.get("clock", {}).get("seat") == 2, (v["seats"], v.get("clock")))
check("the seat tokens still work", srv.call("GET", "/api/tables/" + people["id"], token=tokens[1])[1]["viewer"] == 2)
srv.stop()
check.exit()
