"""A live view of `bones tourney` (tests/test_tourney_live.sh): a round robin of a gated
engine (tests/web/gate_engine.py: it moves only as far as the test lets it) and an
agent runs with --live; `bones serve --watch DIR` lists it as running, shows its game
in progress with the moves so far and the board, then the final standings once the
test opens the gate; the server writes nothing into DIR, whose results stay the ones
`bones tourney --report` reads; a new run in the same folder is followed without a
restart."""
import hashlib
import os
import subprocess
import sys

from webtest import Checks, Server, wait_for

build, tmp, src = sys.argv[1], sys.argv[2], sys.argv[3]
check = Checks()
bones = os.path.join(build, "bin/bones")
out, gate = os.path.join(tmp, "out"), os.path.join(tmp, "gate")
env = dict(os.environ, BONES_PLUGIN_PATH=os.path.join(build, "lib/bones/plugins"))


def open_gate(moves):
    with open(gate + ".new", "w") as f:
        f.write("%d\n" % moves)
    os.replace(gate + ".new", gate)


open_gate(2)
ini = os.path.join(tmp, "t.ini")
with open(ini, "w") as f:
    f.write("[tourney]\nname = live cup\nseed = 4\ntime_per_move = 10m\n"
            "[game.block]\npreset = dominoes\ncount = 1\n"
            "[player.gated]\nengine = '%s' '%s/tests/web/gate_engine.py' '%s' '%s'\n"
            "[player.random]\nagent = random\n" % (sys.executable, src, gate, bones))
run = subprocess.Popen([bones, "tourney", ini, "--output", out, "--quiet", "--live"],
                       env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
srv = Server(build, os.path.join(tmp, "data"), extra=("--watch", out))
L = "/api/tournaments/live"


def at_gate():
    try:
        return open(gate + ".at").read().strip() == "waiting 2"
    except OSError:
        return False


wait_for(at_gate, 60, "the engine to wait at the gate after 2 moves")
st, r, _ = srv.call("GET", L)  # the game stands still now: the runner asks the engine
games = r.get("live_games", []) if st == 200 else []
check("the server shows the game in progress", len(games) == 1 and games[0]["round"] == 1, r)
g = games[0]
st, lst, _ = srv.call("GET", "/api/tournaments")
check("the list shows the watched run, running",
      st == 200 and lst["tournaments"][0]["id"] == "live" and lst["tournaments"][0]["state"] == "running" and
      lst["tournaments"][0]["name"] == "live cup", lst)
check("its page names the participants, the engine without its command",
      [(p["name"], p["engine"]) for p in r["participants"]] == [("gated", "external"), ("random", "")],
      r["participants"])
check("the game in progress names its players", sorted(g["players"]) == ["gated", "random"], g)
# the engine waits at the gate: the game stays where it is until the test lets it on
moves = [x for x in srv.call("GET", g["record"])[1].splitlines() if x[:1].isdigit()]
check("its record so far has the moves, the game not over",
      len(moves) == g["moves"] and sum("chance" not in x for x in moves) >= 3 and
      '[Result "*"]' in srv.call("GET", g["record"])[1], moves)
st, svg, h = srv.call("GET", g["picture"])
check("its board is drawn", st == 200 and "<svg" in svg and "svg" in h.get("Content-Type", ""), str(svg)[:200])
open_gate(10 ** 6)
check("the run ends", run.wait(timeout=120) == 0, run.stdout.read())
r = wait_for(lambda: (lambda t: t if t["state"] == "finished" else None)(srv.call("GET", L)[1]),
             60, "the server to see the run finished")
check("the final standings: the game counted for both",
      sorted((s["name"], s["games"]) for s in r["standings"]) == [("gated", 1), ("random", 1)] and
      not r["live_games"], r)


def digest():
    h = hashlib.sha256()
    for name in sorted(os.listdir(out)):
        p = os.path.join(out, name)
        if os.path.isfile(p):
            h.update(name.encode() + open(p, "rb").read())
    return h.hexdigest()


before = digest()
for _ in range(3):
    srv.call("GET", L)
check("the server wrote nothing into the run's folder", digest() == before)
rep = os.path.join(tmp, "rep")
p = subprocess.run([bones, "tourney", "--report", os.path.join(out, "results.db"), "--output", rep],
                   env=env, capture_output=True, text=True, timeout=60)
check("bones tourney --report reads the results as the run wrote them",
      p.returncode == 0 and open(os.path.join(rep, "standings.txt")).read() ==
      open(os.path.join(out, "standings.txt")).read(), p.stdout + p.stderr)
# the organiser moves the finished run aside and starts another in the same folder: the
# server follows it without a restart
os.rename(out, out + ".first")
st, r, _ = srv.call("GET", L)
check("with the run moved away the server says there is none to watch", st == 404, (st, r))
ini2 = os.path.join(tmp, "t2.ini")
with open(ini2, "w") as f:
    f.write("[tourney]\nname = second cup\nseed = 5\n[game.block]\npreset = dominoes\ncount = 1\n"
            "[player.a]\nagent = random\n[player.b]\nagent = greedy\n")
p = subprocess.run([bones, "tourney", ini2, "--output", out, "--quiet"], env=env,
                   capture_output=True, text=True, timeout=120)
check("a second run in the same folder", p.returncode == 0, p.stdout + p.stderr)
st, r, _ = srv.call("GET", L)
check("the server shows the second run, not the first",
      st == 200 and r["name"] == "second cup" and
      sorted(s["name"] for s in r["standings"]) == ["a", "b"], (st, r))
srv.stop()
check.exit()
