"""Limits of `bones serve` that hold however a request spells them
(tests/test_web_limits.sh): an agent's threads and node pool as the agents' own parser
reads them (the last of a key, 0.64e2, nodes= over memory_mb=), at tables (400 on seats)
and in posted tournaments (422 naming the line); files a posted tournament or a table
names: the server's names only, refused with one answer whether or not the file exists
and repeating nothing of it (even one in the server's working folder); a tournament
stored past the limits by an older server refused once, not retried for ever; and
tournaments not finished per account and per address (429)."""
import os
import sqlite3
import sys

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
home = os.path.join(tmp, "home")  # the server's working folder
os.makedirs(home)
data = os.path.join(home, "data")
SECRET = "hunter2-secret"
with open(os.path.join(home, "secret.ini"), "w") as f:
    f.write("root = %s\n" % SECRET)
srv = Server(build, data, cwd=home)
db = os.path.join(data, "bones-web.sqlite")
configs = os.path.join(build, "share/bones/configs")


def account(name):
    st, r, h = srv.call("POST", "/api/accounts", {"name": name, "password": "pw of " + name + "!"})
    check("account %s" % name, st == 201, r)
    return {"Cookie": (h.get("Set-Cookie") or "").split(";")[0]}


def post(ini, who):
    return srv.call("POST", "/api/tournaments", {"ini": ini}, headers=who)


def tourney(spec="greedy", game="preset = dominoes\n"):
    """A round robin of greedy and spec: [game.g] from line 5, spec on line 11 with the
    one-line game."""
    return ("[tourney]\nname = lim\nformat = round-robin\nseed = 1\n[game.g]\n%scount = 1\n"
            "[player.a]\nagent = greedy\n[player.b]\nagent = %s\n") % (game, spec)


def table(spec, options=None, game="holomino"):
    req = {"game": game, "seats": [{"kind": "human"}, {"kind": "agent", "agent": spec}]}
    if options:
        req["options"] = options
    return srv.call("POST", "/api/tables", req)


ann, bob = account("ann"), account("bob")

# agents: one parser decides, however the spec is spelled
THREADS = "threads: 64, at most 2 on this server"
over = {"mcts threads=2 threads=64": THREADS, "mcts threads=0.64e2": THREADS,
        "mcts threads=0.64e2 memory_mb=0.3e4": THREADS,
        "mcts memory_mb=0.3e4": "at most 512 MiB on this server",
        "mcts nodes=0.4e10": "at most 512 MiB on this server",
        "mcts memory_mb=1 nodes=99999999": "at most 512 MiB on this server"}
for spec, why in over.items():
    st, r, _ = table(spec)
    check("a table seat %r is refused naming the seat and the limit" % spec,
          st == 400 and r.get("field") == "seats" and
          r.get("error", "").startswith("seats[1]: agent '%s': " % spec) and why in r["error"], r)
    st, r, _ = post(tourney(spec), ann)
    check("a posted tournament's agent %r is refused naming the line" % spec,
          st == 422 and r.get("error", "").startswith("tournament:11: agent: agent '%s': " % spec)
          and why in r["error"], r)
st, r, _ = table("mcts threads=2 threads=64")
check("the refusal reads as the agents' parser reads the spec",
      r.get("error") == "seats[1]: agent 'mcts threads=2 threads=64': " + THREADS, r)
st, r, _ = table("mcts threads=64 threads=2 iterations=20")
check("the last of a key decides: threads=64 threads=2 is two threads (201)", st == 201, r)
st, r, _ = table("mcts memory_mb=100000 nodes=1000 iterations=20")
check("nodes= over memory_mb=: a pool of 1000 nodes is accepted (201)", st == 201, r)
st, r, _ = table("mcts threads=65")
check("the parser's own errors come through", st == 400 and
      "threads: 65 is out of range 1..64" in r.get("error", ""), r)

# files a posted tournament names: the same answer for all, nothing of any file
LEAKS = (SECRET, "root", "CREATE", "TABLE", "passwd", "shadow", "sqlite", "section")
bad_names = ["/etc/passwd", "../../etc/passwd", "/nonexistent/x.ini", db, "data/bones-web.sqlite",
             "secret", "secret.ini", "./secret.ini", "no-such-preset",
             os.path.join(configs, "holomino.ini"), "../configs/holomino", "/etc/shadow"]
answers = set()
for name in bad_names:
    for key in ("preset", "plugin"):
        st, r, _ = post(tourney(game="%s = %s\n" % (key, name)), ann)
        err = r.get("error", "") if isinstance(r, dict) else r
        answers.add(err if key == "preset" else err.replace(":6: plugin:", ":6: preset:"))
        check("%s = %s is refused (422) repeating nothing" % (key, name),
              st == 422 and not any(s in err for s in LEAKS), r)
check("every preset named outside the server's names gets one answer", answers == {
      "tournament:6: preset: name one of this server's games or presets"}, answers)
bad_files = ["/etc/passwd", "../../etc/passwd", "/nonexistent/x.ini", db, "data/bones-web.sqlite",
             "secret.ini", "./secret.ini", "no-such-file.ini", "geominos/../secret.ini",
             os.path.join(configs, "geominos/tiles.ini")]
answers = set()
for value in bad_files:
    for key in ("tiles", "board"):
        st, r, _ = post(tourney(game="preset = geominos\n%s = %s\n" % (key, value)), ann)
        err = r.get("error", "")
        answers.add(err.replace(":7: board:", ":7: tiles:"))
        check("%s = %s is refused (422) repeating nothing" % (key, value),
              st == 422 and not any(s in err for s in LEAKS), r)
check("every file option outside the configs gets one answer", answers == {
      "tournament:7: tiles: name a data file of this server's configs folder, without '..' "
      "or an absolute path"}, answers)
answers = set()
for value in bad_files:
    st, r, _ = table("greedy", {"tiles": value}, "geominos")
    answers.add(r.get("error"))
    check("a table's tiles = %s is refused (400) repeating nothing" % value,
          st == 400 and r.get("field") == "tiles" and not any(s in r.get("error", "") for s in LEAKS), r)
check("a table's file options outside the configs get one answer", len(answers) == 1, answers)
answers = set()
for game in ["secret", "no-such-game", "/etc/passwd"]:
    st, r, _ = srv.call("POST", "/api/tables", {"game": game})
    answers.add(r.get("error"))
check("a table's game named outside the server's names gets one answer",
      answers == {"game: name one of this server's games or presets"}, answers)
st, r, _ = table("greedy", {"tiles": "geominos/tiles.ini"}, "geominos")
check("a table's file of the configs folder is accepted (201)", st == 201, r)

# tournaments not finished: per account (and per address)
st, r, _ = post(tourney(game="preset = geominos\ntiles = geominos/tiles.ini\n"), bob)
check("a posted file option of the configs folder is accepted (201)", st == 201, r)
for i in range(3):
    st, r, _ = post(tourney(), bob)
    check("bob posts tournament %d of 4 (201)" % (i + 2), st == 201, r)
st, r, _ = post(tourney(), bob)
check("a fifth unfinished tournament of one account: 429 naming the cap",
      st == 429 and "at most 4 tournaments" in r.get("error", ""), r)
for i in range(4):
    check("ann posts tournament %d (201)" % (i + 1), post(tourney(), ann)[0] == 201)
st, r, _ = post(tourney(), account("cyd"))
check("a ninth from one address: 429 naming the cap", st == 429 and "8 per address" in r.get("error", ""), r)
srv.stop()

# a tournament stored past the limits (an older server let it in): refused once
con = sqlite3.connect(db)
for tid, state in (("old1", "running"), ("old2", "open")):
    con.execute("INSERT INTO tourneys(id, name, format, ini, creator, state, start_at, created) "
                "VALUES(?, ?, 'round-robin', ?, 'ann', ?, 0, 0)",
                (tid, tid, tourney("mcts threads=64"), state))
con.commit()
con.close()
srv = Server(build, data, cwd=home)
r = wait_for(lambda: (lambda t: t if t.get("state") == "refused" else None)(
    srv.call("GET", "/api/tournaments/old1")[1]), 30, "the stored tournament to be refused")
check("a running tournament stored past the limits is refused", r["state"] == "refused", r)
st, r, _ = srv.call("POST", "/api/tournaments/old2/start", {}, headers=ann)
check("an open one stored past the limits cannot start (409, the reason)",
      st == 409 and THREADS in r.get("error", ""), r)
st, r, _ = table("greedy")  # a change: the pairing thread looks again
srv.call("GET", "/api/tournaments/old1")
srv.stop()
log = open(data + ".log").read()
check("its refusal is logged once, with the reason", log.count("tourney old1: refused: "
      "tournament-old1:11: agent: agent 'mcts threads=64': " + THREADS) == 1 and
      log.count("tourney old1") == 1, [l for l in log.splitlines() if "old1" in l])
check.exit()
