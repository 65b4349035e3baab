"""The web's records against the core's (tests/test_web_records.sh): games played
through the HTTP API, then the terminal (`bones play`, the same seed and moves) or the
core's reference (test_web_reference record: the moves through a bones_table with the
same clock ticks or resignation) writes the record of the same game; their tags,
comments and moves must agree. A finished game, a resigned one, one forfeited on the
injected test clock, and a match (restored after kill -9 between its games)."""
import os
import subprocess
import sys

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data, clock = os.path.join(tmp, "data"), os.path.join(tmp, "clock")
bones = os.path.join(build, "bin/bones")
reference = os.path.join(build, "tests/test_web_reference")
env = dict(os.environ, BONES_PLUGIN_PATH=os.path.join(build, "lib/bones/plugins"),
           XDG_DATA_HOME=os.path.join(tmp, "xdg"), LC_ALL="C.UTF-8", LANGUAGE="")
srv = Server(build, data, clock=clock)


def parse(text):
    """(tags without Date, comment lines, move lines) of a record."""
    tags, comments, moves = {}, [], []
    for line in text.splitlines():
        if line.startswith("[") and line.endswith("\"]"):
            name, value = line[1:-2].split(" \"", 1)
            if name != "Date":
                tags[name] = value
        elif line.startswith(";"):
            comments.append(line)
        elif line.strip():
            moves.append(line)
    return tags, comments, moves


def human_moves(text, seat):
    """The notation of seat's moves (from 1) in a record."""
    out = []
    for line in parse(text)[2]:
        number, mover, rest = line.split(None, 2)
        if mover == "p%d" % seat:
            out.append(rest.split(";")[0].strip())
    return out


def same(what, web, ref, skip=()):
    """Tags (but skip), comments and moves of the web's record equal the reference's."""
    w, r = parse(web), parse(ref)
    for name, text in (("web", web), ("ref", ref)):  # kept for a look when it fails
        open(os.path.join(tmp, "%s.%s.bones" % (what.replace(" ", "-"), name)), "w").write(text)
    for name in sorted(set(w[0]) | set(r[0])):
        if name not in skip:
            check("%s: tag %s" % (what, name), w[0].get(name) == r[0].get(name),
                  (w[0].get(name), r[0].get(name)))
    if "comments" not in skip:
        check("%s: comments" % what, w[1] == r[1], (w[1], r[1]))
    check("%s: moves" % what, w[2] == r[2], (w[2][-3:], r[2][-3:]))


def view(tid, token):
    return srv.call("GET", "/api/tables/%s?picture=0" % tid, token=token)[1]


def play(tid, token, until=lambda v: v["over"], moves=10 ** 6):
    """Play the token's first legal move whenever it is to move (agents answer in
    between) until `until` or `moves` moves; the last view."""
    while True:
        if moves == 0:
            return view(tid, token)
        v = wait_for(lambda: (lambda x: x if x["over"] or until(x) or x["to_move"] == x["viewer"] else None)(
            view(tid, token)), what="the seat's turn")
        if until(v) or v["over"]:
            return v
        st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": v["legal"][0]["move"]}, token=token)
        check("a move is played", st == 200, body)
        moves -= 1


def turns(tid, tokens, n):
    """n moves at a table of people, each by the seat to move."""
    for _ in range(n):
        mover = view(tid, None)["to_move"]
        play(tid, tokens[mover - 1], moves=1)


def record(tid, game=None):
    st, text, _ = srv.call("GET", "/api/tables/%s/record%s" % (tid, "?game=%d" % game if game else ""))
    check("the record of %s (game %s) is there" % (tid, game), st == 200, text)
    return text if st == 200 else ""


def core(web_text, *args):
    path = os.path.join(tmp, "web.bones")
    open(path, "w").write(web_text)
    out = subprocess.run([reference, "record", path, *args], env=env, capture_output=True, text=True)
    check("the reference writes a record", out.returncode == 0, out.stderr)
    return out.stdout


def terminal(preset, seed, inputs, games=1, seats=()):
    """The terminal's records of preset played with seed and the typed lines."""
    save = os.path.join(tmp, "tty.bones")
    args = [bones, "play", preset, "--seed", seed, "--save", save]
    for s in seats:
        args += ["--seat", s]
    out = subprocess.run(args, input="\n".join(inputs) + "\n", env=env, capture_output=True, text=True)
    check("the terminal plays the game", out.returncode == 0, out.stdout[-500:] + out.stderr)
    paths = [save] if games == 1 else [os.path.join(tmp, "tty-g%d.bones" % k) for k in range(1, games + 1)]
    return [open(p).read() if os.path.exists(p) else "" for p in paths]


def replays(what, text):
    path = os.path.join(tmp, "replay.bones")
    open(path, "w").write(text)
    out = subprocess.run([bones, "replay", path], env=env, capture_output=True, text=True)
    check("%s: bones replay reads the web's record" % what, out.returncode == 0, out.stderr)


names = ["--name", "1=Player 1", "--name", "2=Player 2"]
people = [{"kind": "human"}, {"kind": "human"}]

# 1. A finished game against the greedy agent: the terminal plays the same moves.
st, t1, _ = srv.call("POST", "/api/tables", {"game": "geominos", "seats": [{"kind": "human"}, {"kind": "agent", "agent": "greedy"}]})
check("a game against the agent", st == 201, t1)
play(t1["id"], t1["seats"][0]["token"])
web = record(t1["id"])
tags = parse(web)[0]
check("the finished game has its result", tags.get("Result", "*").startswith("ranks "), tags)
tty = terminal("geominos", tags.get("Seed", "0"), human_moves(web, 1), seats=["2=greedy"])[0]
same("finished game", web, tty, skip=("Player1", "Player2"))
replays("finished game", web)

# 2. A resigned game: Result "*" as after a forfeit, Resigned, FinalResult.
st, t2, _ = srv.call("POST", "/api/tables", {"game": "geominos", "seats": people})
tokens = [s["token"] for s in t2["seats"]]
turns(t2["id"], tokens, 2)
st, body, _ = srv.call("POST", "/api/tables/%s/resign" % t2["id"], {}, token=tokens[1])
check("seat 2 resigns", st == 200, body)
web = record(t2["id"])
tags = parse(web)[0]
check("the resigned game's record says so", tags.get("Resigned") == "2" and
      tags.get("FinalResult", "").startswith("ranks 1 2;") and tags.get("Result") == "*", tags)
same("resigned game", web, core(web, "--resign", "2", "--preset", "geominos", *names))
replays("resigned game", web)

# 3. Forfeited on time, the test clock advanced: a penalty, then the forfeit.
st, t3, _ = srv.call("POST", "/api/tables", {"game": "geominos", "seats": people,
                                             "time": {"per_move": "1s", "penalty": 5, "grace": "1s", "forfeit": True}})
tokens = [s["token"] for s in t3["seats"]]
turns(t3["id"], tokens, 2)
late = view(t3["id"], None)["to_move"]
start = srv.now()
srv.set_clock(start + 1200)
wait_for(lambda: view(t3["id"], None)["seats"][late - 1].get("penalty") == 5, what="the penalty")
srv.set_clock(start + 2300)
v = wait_for(lambda: (lambda x: x if x["over"] else None)(view(t3["id"], None)), what="the forfeit")
web = record(t3["id"])
tags = parse(web)[0]
check("the forfeited game's record has the host's tags",
      tags.get("Forfeit") == str(late) and tags.get("Penalties") == ("5 0" if late == 1 else "0 5")
      and tags.get("Result") == "*" and tags.get("TimeControl") == "per_move=1s penalty=5 grace=1s forfeit=true"
      and tags.get("FinalResult", "").startswith("ranks 2 1;" if late == 1 else "ranks 1 2;"), tags)
check("the page's result is the record's", v.get("result") == tags.get("FinalResult"), (v.get("result"), tags))
same("forfeited game", web, core(web, "--time", "1000,5,1000,1", "--tick", "0", "--tick", "1200",
                                 "--tick", "2300", "--preset", "geominos", *names))
replays("forfeited game", web)

# 4. A match of 2 games at one table, against the terminal's match of the same moves.
st, t4, _ = srv.call("POST", "/api/tables", {"game": "geominos-match"})
check("a match table", st == 201, t4)
token = t4["seats"][0]["token"]
v = play(t4["id"], token, until=lambda x: x.get("match", {}).get("game") == 2)
check("the page shows the match", v["match"]["played"] == 1 and v["match"]["games"] == 2
      and len(v["match"]["totals"]) == 2 and v["viewer"] == 2, v.get("match"))
first = record(t4["id"], 1)
v = play(t4["id"], token)
check("the match is over", v["match"]["played"] == 2 and v["match"]["over"], v.get("match"))
second = record(t4["id"], 2)
check("the record without a game is the last one", record(t4["id"]) == second)
seed = parse(first)[0].get("Seed", "0")
tty = terminal("geominos-match", seed, human_moves(first, 1) + [""] + human_moves(second, 2), games=2)
same("match game 1", first, tty[0], skip=("Player1", "Player2"))
same("match game 2", second, tty[1], skip=("Player1", "Player2"))
check("a match's record has the Match tag", parse(second)[0].get("Match") == "game 2 of 2", parse(second)[0])
st, text, _ = srv.call("GET", "/api/tables/%s/record?game=3" % t4["id"])
check("a match has no game 3", st == 404, text)

# 5. A match restored after kill -9 between its games (a fresh agent thinks on: its
# moves after the restart need not be the uninterrupted match's).
st, t5, _ = srv.call("POST", "/api/tables", {"game": "geominos-match"})
token = t5["seats"][0]["token"]
play(t5["id"], token, until=lambda x: x.get("match", {}).get("game") == 2)
first = record(t5["id"], 1)
srv.stop(kill=True)
srv = Server(build, data, clock=clock)
v = view(t5["id"], token)
check("the match goes on after kill -9", v["match"]["game"] == 2 and v["match"]["played"] == 1, v.get("match"))
check("game 1's record is kept", record(t5["id"], 1) == first)
v = play(t5["id"], token)
check("the restored match ends", v["match"]["played"] == 2 and v["match"]["over"], v.get("match"))
srv.stop()
check.exit()
