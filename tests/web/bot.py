"""Bots (tests/test_web_bot.sh): bot accounts (the view, the ladder, the player's page),
`bones bot`'s command line, and `bones bot` processes that play them with a host agent
and a Python engine against a person who plays through the HTTP API: --accept, a bot
killed with -9 mid-game resuming from "my games" when started again, a bot whose engine
answers an illegal move (in protocol 1.0) or crashes forfeiting with the reason in the
chat, a Swiss across two games with both bots, the person and an agent, and the server
killed with -9 mid-game: the bot reconnects and finishes."""
import atexit
import os
import signal
import subprocess
import sys

from webtest import Checks, Server, wait_for

build, src, tmp = sys.argv[1], sys.argv[2], sys.argv[3]
check = Checks()
srv = Server(build, os.path.join(tmp, "data"))
cookies = {}


def account(name, bot):
    st, r, h = srv.call("POST", "/api/accounts", {"name": name, "password": "pw of %s!" % name, "bot": bot})
    cookies[name] = {"Cookie": (h.get("Set-Cookie") or "").split(";")[0]}
    with open(os.path.join(tmp, name + ".pw"), "w") as f:
        f.write("pw of %s!\n" % name)
    return st, r


st, r = account("ann", False)
check("a person's account says no bot", st == 201 and "bot" not in r, r)
st, r = account("greedybot", True)
check("an account created with \"bot\": true is a bot", st == 201 and r.get("bot") is True, r)
account("pybot", True)
account("badbot", True)
account("crashbot", True)
st, r, _ = srv.call("POST", "/api/accounts", {"name": "nobot", "password": "pw of nobot", "bot": "yes"})
check("\"bot\" that is no boolean: 400 naming it", st == 400 and r.get("field") == "bot", r)
st, r, _ = srv.call("GET", "/api/players/greedybot")
check("the bot's page says it is a bot", st == 200 and r.get("bot") is True, r)
check("a person's page does not", "bot" not in srv.call("GET", "/api/players/ann")[1])

env = dict(os.environ, BONES_PLUGIN_PATH=os.path.join(build, "lib/bones/plugins"),
           PYTHONPATH=os.path.join(build, "python"))
logs = []


def start_bot(name, *rest):
    log = open(os.path.join(tmp, "%s-%d.log" % (name, len(logs))), "w")
    logs.append(log.name)
    proc = subprocess.Popen([os.path.join(build, "bin/bones"), "bot", srv.base, "--name", name,
                             "--password-file", os.path.join(tmp, name + ".pw"), *rest],
                            stdout=log, stderr=subprocess.STDOUT, env=env)
    atexit.register(proc.kill)  # a failed check leaves no bot behind
    return proc, log.name


def challenge(to, game):
    st, c, _ = srv.call("POST", "/api/challenges", {"to": to, "game": game}, headers=cookies["ann"])
    assert st == 201, c

    def answered():
        for k in srv.call("GET", "/api/challenges", headers=cookies["ann"])[1]["outgoing"]:
            if k["id"] == c["id"] and k["state"] != "open":
                return k
    return wait_for(answered, what="the bot's answer to the challenge")


def view(tid, token):
    return srv.call("GET", "/api/tables/%s?picture=0" % tid, token=token)[1]


def play(k, until=None):
    """ann plays her seat (the first legal move) until the game is over or until(view)."""
    tid, tok = k["table"], k["link"].split("token=")[1]
    moves = 0
    while True:
        v = wait_for(lambda: (lambda v: v if v["over"] or v["to_move"] == 1 else None)(view(tid, tok)),
                     what="ann's turn or the end")
        if v["over"] or (until and until(v, moves)):
            return v, moves
        st = srv.call("POST", "/api/tables/%s/move" % tid, {"move": v["legal"][0]["move"]}, token=tok)[0]
        assert st == 200, st
        moves += 1


def bot_moves(v):
    return sum(1 for m in v.get("moves", []) if m.get("seat") == 2)


# 0. the command line: each mistake named, a wrong password refused without retrying
BONES, PW = os.path.join(build, "bin/bones"), os.path.join(tmp, "pybot.pw")
for args, says in ((["--name", "pybot", "--password-file", PW, "--agent", "greedy"], "expected SERVER_URL"),
                   ([srv.base, "--password-file", PW, "--agent", "greedy"], "--name:"),
                   ([srv.base, "--name", "pybot", "--agent", "greedy"], "--password-file:"),
                   ([srv.base, "--name", "pybot", "--password-file", PW], "expected -- COMMAND"),
                   ([srv.base, "--name", "pybot", "--password-file", PW, "--agent", "greedy", "--", "x"], "--agent: not with"),
                   (["https://x", "--name", "pybot", "--password-file", PW, "--agent", "greedy"], "expected http://"),
                   ([srv.base, "--name", "pybot", "--password-file", PW, "--agent", "greedy", "--games", "0"], "--games: expected a number from 1 to 64"),
                   ([srv.base, "--name", "pybot", "--password-file", os.path.join(tmp, "none"), "--agent", "greedy"], "cannot read")):
    p = subprocess.run([BONES, "bot", *args], capture_output=True, text=True, timeout=20)
    check("bones bot: %s" % says, p.returncode in (1, 2) and says in p.stderr, (p.returncode, p.stderr))
with open(os.path.join(tmp, "wrong.pw"), "w") as f:
    f.write("not the password\n")
p = subprocess.run([BONES, "bot", srv.base, "--name", "pybot", "--password-file", os.path.join(tmp, "wrong.pw"),
                    "--agent", "greedy"], capture_output=True, text=True, timeout=20)
check("a wrong password: refused (403), exit 1", p.returncode == 1 and "(403)" in p.stderr, (p.returncode, p.stderr))

# 1. a host agent's bot: challenged, it accepts and plays a whole game against ann
agent_bot, agent_log = start_bot("greedybot", "--agent", "greedy", "--games", "1")
k = first = challenge("greedybot", "dominoes")
check("the bot accepts a challenge", k["state"] == "accepted", k)
v, n = play(k)
check("ann and the agent's bot play a whole game", v["over"] and n > 0, v.get("status"))
check("the view lists the bot's seat in \"bots\"", v.get("bots") == [2], v.get("bots"))
check("the record of the game is there", srv.call("GET", "/api/tables/%s/record" % k["table"])[0] == 200)
ladder = {p["name"]: p.get("bot") for p in srv.call("GET", "/api/ladder/dominoes")[1]["players"]}
check("the ladder marks the bot, not the person", ladder == {"greedybot": True, "ann": None}, ladder)
k = challenge("greedybot", "dominoes")  # --games 1: its game is over, so it plays again
play(k, until=lambda v, n: n >= 1)  # the bot has answered: its thread waits for news
st = srv.call("POST", "/api/tables/%s/resign" % k["table"], {}, token=k["link"].split("token=")[1])[0]
check("a game ended by the person (resigned) ...", k["state"] == "accepted" and st == 200, (k, st))
k = challenge("greedybot", "dominoes")
check("... frees the bot's one game: the next challenge is accepted", k["state"] == "accepted", k)
srv.call("POST", "/api/tables/%s/resign" % k["table"], {}, token=k["link"].split("token=")[1])

# 2. a Python engine's bot that accepts dominoes only: holomino declined; killed with -9
# mid-game and started again, it resumes its game and finishes it
py = ["--accept", "dominoes,block", "--", "/usr/bin/python3",
      os.path.join(src, "frontends/python/examples/random_agent.py")]
py_bot, py_log = start_bot("pybot", *py)
k = challenge("pybot", "holomino")
check("a game not in --accept is declined", k["state"] == "declined", k)
k = challenge("pybot", "dominoes")
check("a game in --accept is accepted", k["state"] == "accepted", k)
v, n = play(k, until=lambda v, n: n >= 2)
before = bot_moves(v)
py_bot.send_signal(signal.SIGKILL)
py_bot.wait()
st = srv.call("POST", "/api/tables/%s/move" % k["table"], {"move": v["legal"][0]["move"]},
              token=k["link"].split("token=")[1])[0]
check("ann moves while the bot is down", st == 200 and not v["over"], st)
py_bot, py_log2 = start_bot("pybot", *py)
v, n = play(k)
check("the restarted bot picks its game up and plays on to the end",
      v["over"] and not v.get("resigned") and "playing seat 2" in open(py_log2).read(),
      (v.get("status"), open(py_log2).read()[-400:]))
check("it moved after the restart", bot_moves(v) > before, (before, bot_moves(v)))


# 3. an engine that answers an illegal move, one that crashes: the bot forfeits with the reason
def forfeit(name, mode, reason):
    p, log = start_bot(name, "--", "/usr/bin/python3", os.path.join(src, "tests/web/bad_engine.py"), mode)
    k = challenge(name, "dominoes")
    v, _ = play(k)
    chat = " ".join(line["text"] for line in v.get("chat", []))
    check("a bot whose engine fails (%s) forfeits the game" % mode, v["over"], v.get("status"))
    check("... with the reason in the chat (%s)" % reason, reason in chat, chat)
    p.terminate()
    p.wait()


forfeit("badbot", "illegal", "is illegal")  # spoken to in protocol 1.0
forfeit("crashbot", "crash", "exited with status 3")

# 4. a Swiss across two games: the server's agent, ann and both bots, whose accounts join
# like people's; the bots find their tables in "my games" and play them to the end
sys.path.insert(0, os.path.join(src, "tests/web"))
import tourney_ini  # noqa: E402

st, r, _ = srv.call("POST", "/api/tournaments", {"ini": tourney_ini.swiss("bots")}, headers=cookies["ann"])
assert st == 201, r
T = "/api/tournaments/" + r["id"]
for name in ("ann", "greedybot", "pybot"):
    st, r, _ = srv.call("POST", T + "/join", {}, headers=cookies[name])
    check("%s joins the tournament" % name, st == 200, r)
check("ann starts it", srv.call("POST", T + "/start", {}, headers=cookies["ann"])[0] == 200)


def ann_moves():
    """ann's move at each of her tournament tables where she is to move; True when one was."""
    moved = False
    for tab in srv.call("GET", T, headers=cookies["ann"])[1].get("tables", []):
        if tab["over"] or "mine" not in tab:
            continue
        seat, token = int(tab["mine"].split("seat=")[1].split("&")[0]), tab["mine"].split("token=")[1]
        v = view(tab["table"], token)
        if v.get("to_move") == seat and v.get("legal"):
            srv.call("POST", "/api/tables/%s/move" % tab["table"], {"move": v["legal"][0]["move"]}, token=token)
            moved = True
    return moved


while True:
    s = srv.call("GET", T)[1]
    if s["state"] == "finished":
        break
    wait_for(lambda: ann_moves() or srv.call("GET", T)[1] != s, what="ann's turn or the bots' moves")
played = {x["name"]: (x["games"], x["forfeits"]) for x in s["standings"]}
check("the Swiss with two bots, a person and an agent runs to its end, every player "
      "with games in the standings and no forfeit",
      s["state"] == "finished" and all(played.get(n, (0, 0))[0] > 0 and not played[n][1]
                                       for n in ("greedybot", "pybot", "ann")), (s["state"], played))

# 5. kill -9 of the server mid-game, started again on its port: the bot reconnects and
# plays on; the bots are known after the restart
k = challenge("greedybot", "holomino")  # long enough: neither side's next move ends it
v, n = play(k, until=lambda v, n: n >= 2)
before, port = bot_moves(v), srv.port
srv.stop(kill=True)
srv = Server(build, os.path.join(tmp, "data"), extra=("--listen", "127.0.0.1:%d" % port))
v, n = play(k, until=lambda v, n: n >= 1)  # ann's move, then the bot's: it is back
log = open(agent_log).read()
check("after the server's kill -9 the bot reconnects and plays on",
      not v["over"] and bot_moves(v) > before, (v.get("status"), before, bot_moves(v)))
srv.call("POST", "/api/tables/%s/resign" % k["table"], {}, token=k["link"].split("token=")[1])
check("... having said why and that it tries again", "trying again in 1 s" in log and log.count("is connected") >= 2,
      log[-600:])
check("after a restart the bot's page and its table still say bot",
      srv.call("GET", "/api/players/greedybot")[1].get("bot") is True and
      srv.call("GET", "/api/tables/%s?picture=0" % first["table"])[1].get("bots") == [2])

for p in (agent_bot, py_bot):
    p.terminate()
    p.wait()
srv.stop()
check.exit()
