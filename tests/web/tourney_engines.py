"""External engines in tournaments on `bones serve` (tests/test_web_tourney_engines.sh):
the operator lists them (--engines FILE); a posted tournament names one and never a
command; games with an engine are played by the tournament library and stored in the
tournament's results file, a crashing or hanging engine forfeiting with its reason;
kill -9 of the server resumes the tournament with its engines."""
import os
import subprocess
import sys

from webtest import Checks, Server, wait_for

build, tmp, src = sys.argv[1], sys.argv[2], sys.argv[3]
check = Checks()
data = os.path.join(tmp, "data")
bones = os.path.join(build, "bin/bones")
fixtures = os.path.join(src, "tests/fixtures/tourney")
with open(os.path.join(tmp, "mute.sh"), "w") as f:  # answers all but genmove, ends at EOF
    f.write('while read -r line; do case "$line" in genmove*) ;; *) echo ok ;; esac; done\n')
engines = os.path.join(tmp, "engines.ini")
with open(engines, "w") as f:
    f.write("[engine.rand]\ncommand = '%s' engine --agent random\n" % bones +
            "[engine.crash]\ncommand = sh '%s/crash.sh'\n" % fixtures +
            "[engine.mute]\ncommand = sh '%s/mute.sh'\n" % tmp)
extra = ("--engines", engines)


def ini(name, players):
    return ("[tourney]\nname = %s\nformat = round-robin\nseed = 3\ntime_per_move = 300ms\n"
            "[game.block]\npreset = dominoes\ncount = 1\n" % name) + players


def account(srv, name):
    st, r, h = srv.call("POST", "/api/accounts", {"name": name, "password": "pw of " + name + "!"})
    check("account %s" % name, st == 201, r)
    return {"Cookie": (h.get("Set-Cookie") or "").split(";")[0]}


# a bad engines file: the server does not start, naming the line
bad = os.path.join(tmp, "bad.ini")
with open(bad, "w") as f:
    f.write("[engine.x]\ncmd = true\n")
p = subprocess.run([bones, "serve", "--listen", "127.0.0.1:0", "--data", data + "-bad",
                    "--engines", bad], capture_output=True, text=True, timeout=60)
check("a bad engines file stops the server naming its line",
      p.returncode == 1 and "bad.ini:2: cmd" in p.stderr, p.stderr)

srv = Server(build, data, extra=extra)
ann = account(srv, "ann")
st, r, _ = srv.call("GET", "/api/games")
check("the server's players list its engines",
      st == 200 and [e["name"] for e in r.get("engines", [])] == ["rand", "crash", "mute"], r)

# a posted file names an operator's engine, never a command
for engine, what in (("nope", "an unlisted engine"), ("./x.sh --go", "a raw command")):
    text = ini("bad", "[player.greedy]\nagent = greedy\n[player.ext]\nengine = %s\n" % engine)
    st, r, _ = srv.call("POST", "/api/tournaments", {"ini": text}, headers=ann)
    check("%s is refused (422 naming the line)" % what,
          st == 422 and "tournament:12: ext: engine" in r.get("error", "") and "rand" in r["error"], r)

# a round robin of an agent and three engines: every game is played or forfeited
text = ini("engines", "[player.greedy]\nagent = greedy\n[player.rand]\nengine = rand\n"
           "[player.crash]\nengine = crash\n[player.mute]\nengine = mute\n")
st, r, _ = srv.call("POST", "/api/tournaments", {"ini": text}, headers=ann)
check("a tournament of the server's engines is created", st == 201, r)
T = "/api/tournaments/" + r["id"]
st, r, _ = srv.call("POST", T + "/join", {}, headers=ann)
check("people do not join a tournament of engines (409)", st == 409, r)
st, r, _ = srv.call("POST", T + "/start", {}, headers=ann)
check("its creator starts it", st == 200, r)
r = wait_for(lambda: (lambda t: t if t["state"] == "finished" else None)(srv.call("GET", T)[1]),
             120, "the engines' tournament to finish")
check("the page shows the engine players",
      [(p["name"], p["engine"]) for p in r["participants"]] ==
      [("greedy", ""), ("rand", "rand"), ("crash", "crash"), ("mute", "mute")], r["participants"])
res = r["results"]
check("every pairing played once (6 games)", len(res) == 6, res)
plain = [g for g in res if "crash" not in g["players"] and "mute" not in g["players"]]
check("the engine `bones engine --agent random` played its game without forfeit",
      len(plain) == 1 and plain[0]["forfeit"] == "", plain)
for name, why in (("crash", "exited with status 3"), ("mute", "timed out")):
    lost = [g for g in res if name in g["players"] and name in g["forfeit"]]
    check("%s forfeits with its reason on the page" % name,
          lost and all(why in g["forfeit"] for g in lost), [g["forfeit"] for g in res])
points = {s["name"]: s["points"] for s in srv.call("GET", T)[1]["standings"]}
check("standings count the forfeits", points.get("rand", 0) >= 2 and points.get("greedy", 0) >= 2, points)

# kill -9 while the engines play: the tournament resumes with them and finishes
text = ini("resumed", "[player.rand]\nengine = rand\n[player.rand2]\nengine = rand\n"
           "[player.greedy]\nagent = greedy\n").replace("count = 1", "count = 3")
st, r, _ = srv.call("POST", "/api/tournaments", {"ini": text}, headers=ann)
T2 = "/api/tournaments/" + r["id"]
check("the second tournament starts", srv.call("POST", T2 + "/start", {}, headers=ann)[0] == 200)
srv.stop(kill=True)
srv = Server(build, data, extra=extra)
r = wait_for(lambda: (lambda t: t if t["state"] == "finished" else None)(srv.call("GET", T2)[1]),
             120, "the resumed tournament to finish")
check("after kill -9 every game is stored once (9 games, no forfeit)",
      len(r["results"]) == 9 and not any(g["forfeit"] for g in r["results"]), r["results"])
rep = subprocess.run([bones, "tourney", "--report", os.path.join(data, "tourneys", T2.split("/")[-1] + ".sqlite")],
                     capture_output=True, text=True, timeout=60)
check("the results file is one `bones tourney --report` reads", rep.returncode == 0 and "rand2" in rep.stdout,
      rep.stdout + rep.stderr)
srv.stop()
check.exit()
