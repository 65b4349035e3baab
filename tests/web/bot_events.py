"""A bot's own event stream, caps and seeks (tests/test_web_bot_events.sh):
GET /api/bot/stream heard only by the bot's session (challenge, challenge_gone,
game_start, turn, game_over); bones serve --bot-games refusing the game over the cap;
one `bones bot` playing two games at once whose engine crashes in one: it forfeits that
one with the reason and finishes the other; `bones bot --seek` and --take-seeks; --tourney
joining a tournament; a bot's session refused from a browser and limited per account."""
import atexit
import json
import os
import queue
import subprocess
import sys
import threading
import urllib.request

from webtest import Checks, Server, wait_for

build, src, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
BONES = os.path.join(build, "bin/bones")
check = Checks()
srv = Server(build, os.path.join(tmp, "data"), extra=("--bot-games", "2"))
cookies = {}


def account(name, bot, server=None, xff=None):
    h0 = {"X-Forwarded-For": xff} if xff else {}
    st, r, h = (server or srv).call("POST", "/api/accounts",
                                    {"name": name, "password": "pw of %s!" % name, "bot": bot}, headers=h0)
    assert st == 201, r
    cookies[name] = {"Cookie": (h.get("Set-Cookie") or "").split(";")[0]}
    with open(os.path.join(tmp, name + ".pw"), "w") as f:
        f.write("pw of %s!\n" % name)


class Stream:
    """GET /api/bot/stream read on a thread: (event, data) pairs into a queue."""
    def __init__(self, server, cookie):
        req = urllib.request.Request(server.base + "/api/bot/stream", headers=cookie)
        self.resp = urllib.request.urlopen(req, timeout=60)
        self.events = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        event = None
        try:
            for raw in self.resp:
                line = raw.decode().rstrip("\n")
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:") and event:
                    self.events.put((event, json.loads(line[5:])))
                elif not line:
                    event = None
        except (OSError, ValueError):
            pass

    def expect(self, name, pred=lambda d: True, seconds=30):
        """The next event called name whose data pred accepts (others are skipped)."""
        while True:
            ev, data = self.events.get(timeout=seconds)
            if ev == name and pred(data):
                return data


def view(tid, token):
    return srv.call("GET", "/api/tables/%s?picture=0" % tid, token=token)[1]


def token_of(k):
    return k["link"].split("token=")[1]


def ann_move(tid, tok):
    """ann's first legal move when she is to move; whether she moved."""
    v = view(tid, tok)
    if v["over"] or v["to_move"] != 1:
        return False
    return srv.call("POST", "/api/tables/%s/move" % tid, {"move": v["legal"][0]["move"]}, token=tok)[0] == 200


def play(tid, tok):
    """ann plays her seat until the game (a match: its last game) is over; the view at
    the end. viewer: her seat in the game now (a match's seats rotate)."""
    while True:
        v = wait_for(lambda: (lambda v: v if v["over"] or v["to_move"] == v["viewer"] else None)(view(tid, tok)),
                     what="ann's turn or the end")
        if v["over"]:
            return v
        srv.call("POST", "/api/tables/%s/move" % tid, {"move": v["legal"][0]["move"]}, token=tok)


def challenge(to, game):
    st, c, _ = srv.call("POST", "/api/challenges", {"to": to, "game": game}, headers=cookies["ann"])
    return st, c


account("ann", False)
for name in ("evbot", "pickybot", "seekbot", "tourbot"):
    account(name, True)

# 1. the stream is the bot's alone
st, r, _ = srv.call("GET", "/api/bot/stream")
check("the bot stream without a session: 401", st == 401, (st, r))
st, r, _ = srv.call("GET", "/api/bot/stream", headers=cookies["ann"])
check("a person's session: 403 saying it is no bot", st == 403 and "not a bot account" in r.get("error", ""), (st, r))

ev = Stream(srv, cookies["evbot"])
other = Stream(srv, cookies["tourbot"])
st, c = challenge("evbot", "dominoes")
d = ev.expect("challenge")
check("a challenge to the bot: the event names it and who sent it",
      st == 201 and d == {"id": c["id"], "from": "ann", "game": "dominoes"}, (st, c, d))
st, c_other = challenge("tourbot", "dominoes")
d = other.expect("challenge")
check("another bot's stream hears its own challenge, not the first bot's",
      d["id"] == c_other["id"], (c, c_other, d))
srv.call("POST", "/api/challenges/%s/cancel" % c_other["id"], {}, headers=cookies["ann"])
srv.call("POST", "/api/challenges/%s/cancel" % c["id"], {}, headers=cookies["ann"])
d = ev.expect("challenge_gone")
check("a cancelled challenge: challenge_gone with its state", d == {"id": c["id"], "state": "cancelled"}, d)

st, c = challenge("evbot", "dominoes")
ev.expect("challenge", lambda d: d["id"] == c["id"])
st, a, _ = srv.call("POST", "/api/challenges/%s/accept" % c["id"], {}, headers=cookies["evbot"])
d = ev.expect("game_start")
check("the bot accepts: game_start with its table and seat 2",
      st == 200 and d == {"table": a["table"], "seat": 2}, (st, a, d))
tid1, ann1 = a["table"], None
for k in srv.call("GET", "/api/challenges", headers=cookies["ann"])[1]["outgoing"]:
    if k["id"] == c["id"]:
        ann1 = token_of(k)
wait_for(lambda: view(tid1, ann1)["to_move"] == 2 or (ann_move(tid1, ann1) and False),
         what="the bot's turn")  # ann moves whenever she is to move
d = ev.expect("turn", lambda d: d["table"] == tid1)
check("the bot's turn: a turn event for its table and seat", d == {"table": tid1, "seat": 2}, d)

# 2. --bot-games 2: a second game, then the third challenge and a seek are refused
st, c2 = challenge("evbot", "dominoes")
st2, a2, _ = srv.call("POST", "/api/challenges/%s/accept" % c2["id"], {}, headers=cookies["evbot"])
check("a second game for the bot", st == 201 and st2 == 200, (st, c2, st2, a2))
st, r = challenge("evbot", "dominoes")
check("the third challenge to a bot of --bot-games 2: 409 naming 'to' and the cap",
      st == 409 and r.get("field") == "to" and "--bot-games 2" in r.get("error", ""), (st, r))
st, r, _ = srv.call("POST", "/api/seeks", {"game": "dominoes"}, headers=cookies["evbot"])
check("... and the bot's own seek: 409", st == 409 and "evbot" in r.get("error", ""), (st, r))
st = srv.call("POST", "/api/tables/%s/resign" % tid1, {}, token=ann1)[0]
d = ev.expect("game_over", lambda d: d["table"] == tid1)
check("ann resigns: game_over for the bot", st == 200 and d == {"table": tid1, "seat": 2}, (st, d))
st, r = challenge("evbot", "dominoes")
check("a game over frees a place: the next challenge is taken", st == 201, (st, r))
srv.call("POST", "/api/challenges/%s/cancel" % r["id"], {}, headers=cookies["ann"])
for k in srv.call("GET", "/api/challenges", headers=cookies["ann"])[1]["outgoing"]:
    if k["id"] == c2["id"]:
        srv.call("POST", "/api/tables/%s/resign" % k["table"], {}, token=token_of(k))

env = dict(os.environ, BONES_PLUGIN_PATH=os.path.join(build, "lib/bones/plugins"))


def start_bot(name, *rest):
    log = os.path.join(tmp, name + ".log")
    proc = subprocess.Popen([BONES, "bot", srv.base, "--name", name, "--password-file",
                             os.path.join(tmp, name + ".pw"), *rest],
                            stdout=open(log, "w"), stderr=subprocess.STDOUT, env=env)
    atexit.register(proc.kill)  # a failed check leaves no bot behind
    return proc, log


def answered(cid):
    def look():
        for k in srv.call("GET", "/api/challenges", headers=cookies["ann"])[1]["outgoing"]:
            if k["id"] == cid and k["state"] != "open":
                return k
    return wait_for(look, what="the bot's answer")


# 3. one bot, two games at once, its engine crashing in one (holomino) only
picky, picky_log = start_bot("pickybot", "--games", "2", "--", "/usr/bin/python3",
                             os.path.join(src, "tests/web/picky_engine.py"), "holomino",
                             BONES, "engine", "--agent", "greedy")
ks = []
for game in ("holomino", "dominoes"):
    st, c = challenge("pickybot", game)
    ks.append(answered(c["id"]))
check("the bot takes both games", [k["state"] for k in ks] == ["accepted", "accepted"], ks)
bad = play(ks[0]["table"], token_of(ks[0]))
chat = " ".join(line["text"] for line in bad.get("chat", []))
check("the game whose engine crashed is forfeited with the reason",
      bad["over"] and "exited with status 4" in chat, (bad.get("status"), chat))
good = play(ks[1]["table"], token_of(ks[1]))
chat = " ".join(line["text"] for line in good.get("chat", []))
moves = sum(1 for m in good.get("moves", []) if m.get("seat") == 2)
check("... and the bot plays its other game to the end", good["over"] and moves > 0 and "bones bot" not in chat,
      (good.get("status"), moves, chat))
# a match of two games: the seats rotate, the bot plays its seat in each
st, c = challenge("pickybot", "geominos-match")
k = answered(c["id"])
v = play(k["table"], token_of(k)) if k["state"] == "accepted" else {}
m = v.get("match", {})
check("a match's second game, where the seats have turned: the bot plays it to the end",
      v.get("over") and m.get("played") == 2 and m.get("games") == 2 and "bones bot" not in json.dumps(v.get("chat", [])),
      (k, v.get("status"), m))
picky.terminate()
picky.wait()

# 4. seeks: the bot keeps a seek of dominoes open, and takes ann's seek of holomino
seeker, seek_log = start_bot("seekbot", "--seek", "dominoes", "--take-seeks", "--accept", "holomino",
                             "--games", "2", "--agent", "greedy")


def bot_seek():
    for s in srv.call("GET", "/api/seeks")[1]["seeks"]:
        if s["name"] == "seekbot" and s["game"] == "dominoes":
            return s
s = wait_for(bot_seek, what="the bot's seek")
st, r, _ = srv.call("POST", "/api/seeks/%s/accept" % s["id"], {}, headers=cookies["ann"])
check("ann takes the bot's seek: paired at a table", st in (200, 201) and r.get("state") == "paired", (st, r))
seat = int(r["link"].split("seat=")[1].split("&")[0])  # the seeks' order seats them
v = play(r["table"], token_of(r))
moves = sum(1 for m in v.get("moves", []) if m.get("seat") not in (seat, 0, None))
check("... and plays the bot there to the end", v["over"] and moves > 0, (v.get("status"), moves))
st, mine, _ = srv.call("POST", "/api/seeks", {"game": "holomino"}, headers=cookies["ann"])
taken = wait_for(lambda: (lambda k: k if k.get("state") == "paired" else None)(
    srv.call("GET", "/api/seeks/%s" % mine["id"], headers=cookies["ann"])[1]), what="the bot to take the seek")
names = json.dumps(view(taken["table"], token_of(taken)))
check("the bot takes ann's open seek of a game in its --accept", st == 201 and "seekbot" in names, (st, taken))
srv.call("POST", "/api/tables/%s/resign" % taken["table"], {}, token=token_of(taken))
seeker.terminate()
seeker.wait()

# 5. --tourney: the bot joins a tournament by itself
sys.path.insert(0, os.path.join(src, "tests/web"))
import tourney_ini  # noqa: E402

st, r, _ = srv.call("POST", "/api/tournaments", {"ini": tourney_ini.swiss("bot joins")}, headers=cookies["ann"])
T = "/api/tournaments/" + r["id"]
tour, tour_log = start_bot("tourbot", "--tourney", r["id"], "--agent", "greedy")
said = "tournament %s: 200" % r["id"]
joined = wait_for(lambda: said in open(tour_log).read(), what="the bot to say it joined")
check("bones bot --tourney ID joins the tournament (it says so, the tournament lists it)",
      joined and "tourbot" in json.dumps(srv.call("GET", T)[1].get("participants")), open(tour_log).read())
tour.terminate()
tour.wait()
srv.stop()

# 6. a bot's session from a browser is refused; its requests are limited per account
# (--rate 1: bursts of 4), whatever address they come from
srv = Server(build, os.path.join(tmp, "data2"), rate="1", extra=("--trusted-proxy", "127.0.0.1"))
account("ann", False, srv, "192.0.2.1")
account("ratebot", True, srv, "192.0.2.2")
st, r, _ = srv.call("GET", "/api/challenges", headers=dict(cookies["ratebot"], **{
    "Sec-Fetch-Mode": "cors", "X-Forwarded-For": "198.51.100.1"}))
check("a bot's session in a browser (Sec-Fetch-Mode): 403 saying why",
      st == 403 and "not in a browser" in r.get("error", ""), (st, r))
st = srv.call("GET", "/api/challenges", headers=dict(cookies["ann"], **{
    "Sec-Fetch-Mode": "cors", "X-Forwarded-For": "198.51.100.2"}))[0]
check("a person's session in a browser: 200", st == 200, st)
codes = [srv.call("GET", "/api/challenges", headers=dict(cookies["ratebot"], **{
    "X-Forwarded-For": "203.0.113.%d" % i}))[0] for i in range(8)]
check("a bot's requests from 8 addresses: limited by its account (4 then 429)",
      codes[:4] == [200] * 4 and 429 in codes[4:], codes)
codes = [srv.call("GET", "/api/challenges", headers=dict(cookies["ann"], **{
    "X-Forwarded-For": "203.0.113.%d" % (100 + i)}))[0] for i in range(8)]
check("a person's from 8 addresses: not", codes == [200] * 8, codes)
srv.stop()
check.exit()
