"""A time per game with an increment (Fischer) at a web table, on the test clock
(tests/test_web_clock.sh): the clock waits for the first move; then each seat's time
left goes down only while it is to move,
grows by the increment after its move, is kept across kill -9, and the seat whose time
runs out forfeits; the record names the control."""
import os
import sys

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
clock = os.path.join(tmp, "clock")
srv = Server(build, data, clock=clock)
st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
                                            "time": {"per_game": "10s", "increment": "2s", "forfeit": True}})
check("a table with a time per game is created", st == 201, t)
tid, tokens = t["id"], [s["token"] for s in t["seats"]]


def view(seat=1):
    return srv.call("GET", "/api/tables/%s?picture=0" % tid, token=tokens[seat - 1])[1]


def left(v):
    return v.get("clock", {}).get("banks_ms")


def move(seat):
    v = view(seat)
    st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": v["legal"][0]["move"]}, token=tokens[seat - 1])
    return st


v = view()
check("each seat starts with the whole game's time", left(v) == [10000, 10000], left(v))
check("the clock waits for the first move (as on lichess)",
      v.get("clock", {}).get("phase") == "waiting", v.get("clock"))
srv.set_clock(srv.now() + 3000)
check("seat 1 moves after 3 s", move(1) == 200)
v = view()
check("the first move is not timed: both banks are whole", left(v) == [10000, 10000], left(v))
check("then the clock runs for seat 2", v.get("clock", {}).get("phase") == "running" and
      v["clock"].get("remaining_ms") == 10000, v.get("clock"))
srv.set_clock(srv.now() + 4000)
check("seat 2 moves after 4 s", move(2) == 200)
check("seat 2 has 10 - 4 + 2 = 8 s; seat 1's time has not moved", left(view()) == [10000, 8000],
      left(view()))
srv.set_clock(srv.now() + 1000)
srv.stop(kill=True)
srv = Server(build, data, clock=clock)
v = view()
check("after kill -9 the banks are kept (the running move starts again)", left(v) == [10000, 8000], left(v))
svg = srv.call("GET", "/api/tables/%s" % tid, token=tokens[0])[1].get("svg", "")
# the band behind the player to move in the picture's hands column (core/src/picture)
MOVING = "rgb(100%,92.54902%,66.666667%)"
check("before the forfeit the picture marks who is to move", MOVING in svg, svg[:200])
srv.set_clock(srv.now() + 9999)
check("no forfeit a millisecond before the bank runs out",
      not view()["over"] and view().get("clock", {}).get("remaining_ms") == 1, view().get("clock"))
srv.set_clock(srv.now() + 1)
wait_for(lambda: view()["over"], what="the forfeit on time")
v = view()
check("seat 1 ran out of its game's time and forfeits", v["over"] and "Ann" in v["status"], v["status"])
check("the view names the seat that forfeited", v.get("forfeit") == 1 and "resigned" not in v, v.get("forfeit"))
for seat in (1, 2):
    svg = srv.call("GET", "/api/tables/%s" % tid, token=tokens[seat - 1])[1].get("svg", "")
    check("after the forfeit seat %d's picture shows nobody to move" % seat, svg and MOVING not in svg, svg[-600:])
st, record, _ = srv.call("GET", "/api/tables/%s/record" % tid)
text = record if isinstance(record, str) else str(record)
check("the record's TimeControl names the time per game and the increment",
      "per_game=10s increment=2s" in text and '[Forfeit "1"]' in text, text[:400])
st, bad, _ = srv.call("POST", "/api/tables", {"game": "holomino", "time": {"per_game": "40d"}})
check("a time per game over 30 days is a 400 naming it", st == 400 and "per_game" in bad.get("error", ""), bad)
srv.stop()
check.exit()
