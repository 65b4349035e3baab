"""An operator's engine at an ordinary table (tests/test_web_table_engine.sh): the table
form's seat names one of the engines the server lists (`--engines FILE`), never a
command; the server moves for it, the game is played to its end and rated (against an
account; never a table of engines and agents alone) and its rematch seats the engine
again, the engine's
process ends with the game; an unlisted engine, a missing name and a server without
engines are refused (400 naming the seat), and past WEB_ENGINE_TABLES_PER_ADDRESS (2)
running engine tables from one address a new one is 429. A table without a move for
WEB_IDLE_MS (30 minutes, on the test's clock) stops its engine's process and counts
against no cap; the person's next move starts the engine again, told the game so far."""
import os
import random
import sys

from webtest import Checks, Server, wait_for

build, tmp, src = sys.argv[1], sys.argv[2], sys.argv[3]
check = Checks()
bones = os.path.join(build, "bin/bones")
engines = os.path.join(tmp, "engines.ini")
with open(engines, "w") as f:
    f.write("[engine.rand]\ncommand = '%s' engine --agent random\n" % bones)
srv = Server(build, os.path.join(tmp, "data"), extra=("--engines", engines))


def children(pid):
    """The server's child processes (its engines)."""
    out = []
    for p in os.listdir("/proc"):
        try:
            if p.isdigit() and open("/proc/%s/stat" % p).read().split(") ")[1].split()[1] == str(pid):
                out.append(int(p))
        except (OSError, IndexError):
            pass
    return out


def table(seats, server=srv, headers=None):
    return server.call("POST", "/api/tables", {"game": "dominoes", "seats": seats}, headers=headers)


for seats, what, text in (
        ([{"kind": "human"}, {"kind": "engine", "engine": "nope"}], "an unlisted engine",
         "seats[1]: engine: 'nope' is not one of the server's engines"),
        ([{"kind": "human"}, {"kind": "engine", "engine": "'%s' engine" % bones}], "a command",
         "is not one of the server's engines"),
        ([{"kind": "engine"}, {"kind": "human"}], "an engine seat without a name",
         "seats[0]: engine: expected the name"),
        ([{"kind": "robot"}, {"kind": "human"}], "another kind", "expected human, agent or engine")):
    st, r, _ = table(seats)
    check("%s is refused naming the seat (400)" % what, st == 400 and text in r.get("error", ""), r)

st, r, h = srv.call("POST", "/api/accounts", {"name": "ann", "password": "pw of ann!"})
check("Ann's account", st == 201, r)
ann = {"Cookie": (h.get("Set-Cookie") or "").split(";")[0]}
st, r, _ = table([{"kind": "human", "name": "Ann"}, {"kind": "engine", "engine": "rand"}], headers=ann)
check("a table against the engine `rand` is created",
      st == 201 and [(s["kind"], s["name"]) for s in r["seats"]] == [("human", "ann"), ("engine", "rand")] and  # the account's name
      "token" not in r["seats"][1], r)
tid, token = r["id"], r["seats"][0]["token"]


def view():
    return srv.call("GET", "/api/tables/%s?picture=0" % tid, token=token)[1]


rng, v, engine_moves = random.Random(3), view(), 0
while not v["over"]:  # Ann's moves; the engine's come with no client acting for it
    if v["to_move"] == 1 and v.get("legal"):
        st, r, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": rng.choice(v["legal"])["move"]},
                            token=token)
        check("Ann's move is accepted", st == 200, r)
    before = v["length"]
    v = wait_for(lambda: (lambda w: w if w["over"] or (w["to_move"] == 1 and w["length"] > before) else None)(view()),
                 60, "the engine's move")
    engine_moves += 1
check("the engine moved at Ann's table until the game ended", engine_moves >= 2 and v["over"], v)
rec = srv.call("GET", "/api/tables/%s/record" % tid)[1]
check("the record names the engine and has the result",
      '[Player2 "rand"]' in rec and '[Result "*"]' not in rec and "[Result" in rec, rec[:400])
check("the engine's process ends with the game",
      wait_for(lambda: not children(srv.proc.pid), 60, "the engine to stop") is True)
st, lad, _ = srv.call("GET", "/api/ladder/dominoes")
check("the game is rated (Ann's account against engine:rand)",
      st == 200 and sorted(e["name"] for e in lad.get("players", [])) == ["ann", "engine:rand"], lad)

st, r, _ = srv.call("POST", "/api/tables/%s/rematch" % tid, {}, token=token)
rid = r.get("rematch", {}).get("id", "")
st2, v2, _ = srv.call("GET", "/api/tables/%s?picture=0" % rid)
check("Ann's rematch seats the engine first",
      st == 200 and st2 == 200 and [(s["kind"], s["name"]) for s in v2["seats"]] == [("engine", "rand"), ("human", "ann")],
      (r, v2.get("seats")))

# the cap: two running engine tables from one address (the rematch is one), then 429
for k in range(1):
    st, r, _ = table([{"kind": "human"}, {"kind": "engine", "engine": "rand"}])
    check("another running engine table is created", st == 201, r)
st, r, _ = table([{"kind": "human"}, {"kind": "engine", "engine": "rand"}])
check("a third running engine table from the same address is refused (429)",
      st == 429 and "at most 2 running tables with an engine" in r.get("error", ""), r)
srv.stop()

# idle tables: their engines stop, they count against no cap, a move wakes them
idle = Server(build, os.path.join(tmp, "idle"), extra=("--engines", engines),
              clock=os.path.join(tmp, "clock"))


def seen(tid, tok):
    return idle.call("GET", "/api/tables/%s?picture=0" % tid, token=tok)[1]


def engine_waits(tid, tok):
    """The person's moves until the engine has moved and waits for them (the deal decides
    who leads): True, or False when the game ended first (a blocked deal can)."""
    while True:
        v = wait_for(lambda: (lambda w: w if w["over"] or w["to_move"] == 2 else None)(seen(tid, tok)),
                     60, "the person's turn")
        if v["over"] or any(m.get("seat") == 1 for m in v["moves"]):
            return not v["over"]
        st, r, _ = idle.call("POST", "/api/tables/%s/move" % tid, {"move": v["legal"][0]["move"]}, token=tok)
        check("the person's move", st == 200, r)


waiting = []
for k in range(10):
    st, r, _ = table([{"kind": "engine", "engine": "rand"}, {"kind": "human"}], idle)
    check("an engine table against a person is created", st == 201, r)
    if engine_waits(r["id"], r["seats"][1]["token"]):
        waiting.append((r["id"], r["seats"][1]["token"]))
    if len(waiting) == 2:
        break
check("both tables' engines run while the person thinks", len(children(idle.proc.pid)) == 2,
      children(idle.proc.pid))
st, r, _ = table([{"kind": "human"}, {"kind": "engine", "engine": "rand"}], idle)
check("a third is refused while both are active (429)", st == 429, r)
idle.set_clock(idle.now() + 30 * 60 * 1000)
check("30 minutes without a move stop both engines",
      wait_for(lambda: not children(idle.proc.pid), 60, "the idle engines to stop") is True)
st, r, _ = table([{"kind": "human"}, {"kind": "engine", "engine": "rand"}], idle)
check("idle tables count against no cap: a new engine table is created", st == 201, r)
tid, tok = waiting[0]
v = seen(tid, tok)
before = v["length"]
st, r, _ = idle.call("POST", "/api/tables/%s/move" % tid, {"move": v["legal"][0]["move"]}, token=tok)
check("the person comes back and moves", st == 200, r)
v = wait_for(lambda: (lambda w: w if w["over"] or (w["to_move"] == 2 and w["length"] > before + 1) else None)(
    seen(tid, tok)), 60, "the engine's move after the pause")
check("the engine, started again and told the game, answers",
      any(m.get("seat") == 1 and m["n"] > before for m in v["moves"]) or v["over"], v)
idle.stop()

plain = Server(build, os.path.join(tmp, "plain"))
st, r, _ = table([{"kind": "human"}, {"kind": "engine", "engine": "rand"}], plain)
check("a server without engines refuses an engine seat (400)",
      st == 400 and "not one of the server's engines" in r.get("error", ""), r)
plain.stop()
check.exit()
