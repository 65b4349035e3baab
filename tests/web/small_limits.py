"""Limits that hold however a request is spelled (tests/test_web_small_limits.sh): a
private table on no public page; failed log-ins slow the address that made them, not
the owner elsewhere nor a session; a table's chat keeps its newest lines (in memory and
in the store); a '"' and '\\' in a tournament's name written escaped, so its games.bones
replays; control and bidi characters refused in every name; new accounts capped per
address. Every wait is on the test clock."""
import glob
import os
import sqlite3
import subprocess
import sys

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data, clock = os.path.join(tmp, "data"), os.path.join(tmp, "clock")
CHAT_MAX = 40
env = {"BONES_WEB_TEST_CHAT_MAX": str(CHAT_MAX)}
srv = Server(build, data, clock=clock, extra=("--trusted-proxy", "127.0.0.1"), env=env)


def at(addr, cookie=None):
    """Headers of a request from addr (through the trusted proxy), with a session."""
    h = {"X-Forwarded-For": addr}
    if cookie:
        h["Cookie"] = "bones_session=" + cookie
    return h


def session_of(h):
    return (h.get("Set-Cookie") or "").split(";")[0].split("=", 1)[-1]


def account(name, addr):
    st, r, h = srv.call("POST", "/api/accounts", {"name": name, "password": "pw of " + name + "!"},
                        headers=at(addr))
    check("account %s" % name, st == 201, r)
    return session_of(h)


def player_games(name):
    return [g["id"] for g in srv.call("GET", "/api/players/" + name)[1].get("games", [])]


# 1. a private table is on no public page: not its creator's player page, not the lobby
pia = account("Pia", "192.0.2.1")
two = [{"kind": "human", "name": "Pia"}, {"kind": "human", "open": True}]
st, hidden, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": two, "private": True},
                         headers=at("192.0.2.1", pia))
check("Pia creates a private table logged in", st == 201 and hidden.get("private") is True, hidden)
st, shown, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": two}, headers=at("192.0.2.1", pia))
check("and a public one", st == 201, shown)
mine = [x["id"] for x in srv.call("POST", "/api/mine", {"tables": []}, headers=at("192.0.2.1", pia))[1]["tables"]]
check("both are her seats (my games, with her session)", sorted(mine) == sorted([hidden["id"], shown["id"]]), mine)
games = player_games("pia")
check("her public page lists the public table only", games == [shown["id"]], games)
lobby = [x["id"] for x in srv.call("GET", "/api/tables")[1]["tables"]]
check("the lobby lists the public table only", shown["id"] in lobby and hidden["id"] not in lobby, lobby)
st, view, _ = srv.call("GET", "/api/tables/%s?picture=0" % hidden["id"])
check("the private table still opens by its link", st == 200, view)

# 2. log-in throttling: a burst of wrong passwords from one address slows that address
# for that name; the owner logs in from another, and a session is never affected
tom = account("Tom", "198.51.100.7")
TOM = "pw of Tom!"
for i in range(6):
    st, r, _ = srv.call("POST", "/api/login", {"name": "tom", "password": "guess %d" % i}, headers=at("203.0.113.9"))
check("six wrong passwords from one address: the last waits (429)", st == 429, r)
st, r, h = srv.call("POST", "/api/login", {"name": "Tom", "password": TOM}, headers=at("203.0.113.9"))
check("that address waits even with the right password", st == 429 and int(h.get("Retry-After", 0)) > 0, r)
st, r, _ = srv.call("POST", "/api/login", {"name": "Tom", "password": TOM}, headers=at("198.51.100.7"))
check("Tom logs in from his own address meanwhile", st == 200, r)
st, r, _ = srv.call("POST", "/api/login", {"name": "Tom", "password": TOM}, headers=at("198.51.100.99"))
check("and from any other address", st == 200, r)
st, r, _ = srv.call("GET", "/api/account", headers=at("203.0.113.9", tom))
check("his session works even from the guessing address", st == 200 and r.get("name") == "Tom", r)
st, r, _ = srv.call("POST", "/api/password", {"old": TOM, "new": "pw of Tom 2!"}, headers=at("198.51.100.7", tom))
check("and changes his password", st == 200, r)
srv.set_clock(srv.now() + 61000)
st, r, _ = srv.call("POST", "/api/login", {"name": "Tom", "password": "pw of Tom 2!"}, headers=at("203.0.113.9"))
check("after the wait (test clock) the address may try again", st == 200, r)

# 3. the chat keeps its newest lines: posting goes on past the cap, the oldest go
st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [
    {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
path, ann = "/api/tables/%s" % t["id"], t["seats"][0]["token"]
codes = []
for i in range(CHAT_MAX + 10):
    if i % 5 == 0:
        srv.set_clock(srv.now() + 10001)  # past the 5 lines a sender may write in 10 s
    codes.append(srv.call("POST", path + "/chat", {"text": "line %d" % i}, token=ann)[0])
check("%d lines posted past a cap of %d: every one accepted" % (CHAT_MAX + 10, CHAT_MAX),
      codes == [200] * (CHAT_MAX + 10), codes)
chat = srv.call("GET", path + "?picture=0")[1]["chat"]
check("the view holds the newest %d, numbered on" % CHAT_MAX,
      [c["text"] for c in chat] == ["line %d" % i for i in range(10, CHAT_MAX + 10)] and
      [c["n"] for c in chat] == list(range(10, CHAT_MAX + 10)), [(c["n"], c["text"]) for c in chat][:3])
srv.stop()
db = [p for p in glob.glob(os.path.join(data, "*")) if p.endswith((".db", ".sqlite", ".sqlite3"))]
rows = sqlite3.connect(db[0]).execute("SELECT MIN(n), COUNT(*) FROM chat WHERE table_id = ?", (t["id"],)).fetchone() if db else None
check("the store holds the newest %d too (old rows deleted)" % CHAT_MAX, rows == (10, CHAT_MAX), (db, rows))
srv = Server(build, data, clock=clock, extra=("--trusted-proxy", "127.0.0.1"), env=env)
chat = srv.call("GET", path + "?picture=0")[1]["chat"]
check("after a restart: the same lines", [c["n"] for c in chat] == list(range(10, CHAT_MAX + 10)), len(chat))
srv.set_clock(srv.now() + 10001)
st, r, _ = srv.call("POST", path + "/chat", {"text": "after"}, token=ann)
check("and the next line is numbered on", st == 200 and r.get("n") == CHAT_MAX + 10, r)

# 5. control and bidirectional characters refused in every name, naming the field
bad = {"a line break": "An\nn", "ESC": "An\x1b[31mn", "BEL": "Ann\x07", "DEL": "Ann\x7f",
       "a C1 control": "Ann\u0085", "U+202E": "Ann\u202egpj.exe", "U+2066": "\u2066Ann",
       "U+061C": "A\u061cnn", "U+200F": "Ann\u200f", "U+200B": "A\u200bnn", "U+FEFF": "\ufeffAnn"}
for what, name in bad.items():
    st, r, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [
        {"kind": "human"}, {"kind": "human", "name": name}]})
    check("a seat's name with %s: 400 on seats[1].name" % what,
          st == 400 and r.get("field") == "seats[1].name" and r["error"].startswith("seats[1].name: "), r)
st, r, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [
    {"kind": "agent", "agent": "greedy", "name": "G\u202e"}, {"kind": "human"}]})
check("an agent seat's name too", st == 400 and r.get("field") == "seats[0].name", r)
st, ok, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [
    {"kind": "human", "name": "Zo\u00eb \U0001f468\u200d\U0001f469"}, {"kind": "human", "open": True}]})
check("accents and a joined emoji (U+200D) are fine", st == 201 and ok["seats"][0]["name"] == "Zo\u00eb \U0001f468\u200d\U0001f469", ok)
for what in ("a line break", "U+202E", "a C1 control"):
    st, r, _ = srv.call("POST", "/api/tables/%s/join" % ok["id"], {"name": bad[what]})
    check("a join's name with %s: 400 on name" % what, st == 400 and r.get("field") == "name"
          and r["error"].startswith("name: "), r)
st, r, _ = srv.call("POST", "/api/tables/%s/join" % ok["id"], {"name": "Bea"})
check("a clean name joins", st == 200, r)
for what in ("a line break", "U+202E", "BEL"):
    st, r, _ = srv.call("POST", path + "/chat", {"text": "hi", "name": bad[what]}, headers=at("192.0.2.77"))
    check("a chat name with %s: 400 on name" % what, st == 400 and r.get("field") == "name", r)
for what in ("a line break", "U+202E"):
    st, r, _ = srv.call("POST", "/api/accounts", {"name": bad[what], "password": "long enough"}, headers=at("192.0.2.78"))
    check("an account name with %s: 400 on name" % what, st == 400 and r.get("field") == "name", r)

# 6. new accounts per address: 5 in an hour of the test clock, then 429 naming the cap
codes = []
for i in range(6):
    st, r, h = srv.call("POST", "/api/accounts", {"name": "many%d" % i, "password": "pw of many!"},
                        headers=at("192.0.2.200"))
    codes.append(st)
check("five new accounts from one address, the sixth refused", codes == [201] * 5 + [429], codes)
check("429 naming the cap, with Retry-After", "at most 5" in r.get("error", "") and
      int(h.get("Retry-After", 0)) > 0, (r, dict(h)))
st, r, _ = srv.call("POST", "/api/accounts", {"name": "elsewhere", "password": "pw of many!"}, headers=at("192.0.2.201"))
check("another address still creates one", st == 201, r)
srv.set_clock(srv.now() + 3600 * 1000)
st, r, _ = srv.call("POST", "/api/accounts", {"name": "many6", "password": "pw of many!"}, headers=at("192.0.2.200"))
check("an hour later the address creates one again", st == 201, r)

# 4. a '"' and a '\\' in a tournament's name: escaped in [Event], so games.bones replays
NAME = 'The "Big" Cup \\ 1'
host = account("Hal", "192.0.2.90")
ini = ("[tourney]\nname = %s\nformat = round-robin\nseed = 3\n[game.block]\npreset = dominoes\n"
       "count = 1\n[player.greedy]\nagent = greedy\n[player.random]\nagent = random\n" % NAME)
st, r, _ = srv.call("POST", "/api/tournaments", {"ini": ini}, headers=at("192.0.2.90", host))
check("a tournament with a quoted name", st == 201, r)
T = "/api/tournaments/" + r.get("id", "")
st, r, _ = srv.call("POST", T + "/start", {}, headers=at("192.0.2.90", host))
check("its creator starts it", st == 200, r)
page = wait_for(lambda: (lambda p: p if p.get("state") == "finished" else None)(srv.call("GET", T)[1]),
                120, "the agents' tournament to finish")
check("its page keeps the name", page.get("name") == NAME, page.get("name"))
st, rec, _ = srv.call("GET", T + "/games.bones")
check("games.bones has the name escaped", st == 200 and '[Event "The \\"Big\\" Cup \\\\ 1"]' in rec, str(rec)[:300])
games = os.path.join(tmp, "games.bones")
with open(games, "w") as f:
    f.write(rec if isinstance(rec, str) else "")
p = subprocess.run([os.path.join(build, "bin/bones"), "replay", games], capture_output=True, text=True,
                   env=dict(os.environ, BONES_PLUGIN_PATH=os.path.join(build, "lib/bones/plugins")))
check("bones replay accepts it", p.returncode == 0, p.stderr)
srv.stop()
check.exit()
