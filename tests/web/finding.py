"""Finding a game and being treated as a person (tests/test_web_finding.sh): seats named by
their accounts, clocks that wait for the players, abort, rematches with their clock,
seeks, challenges and who is online, all through the HTTP API on the test clock."""
import os
import sys

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
clock = os.path.join(tmp, "clock")
srv = Server(build, data, clock=clock)
cookies = {}
for name in ("ann", "bob", "carl", "dora"):
    st, r, h = srv.call("POST", "/api/accounts", {"name": name, "password": "pw of %s!" % name})
    assert st == 201, r
    cookies[name] = {"Cookie": (h.get("Set-Cookie") or "").split(";")[0]}


def call(method, path, body=None, who=None, token=None):
    return srv.call(method, path, body, token=token, headers=cookies[who] if who else None)


def view(tid, token=None):
    return srv.call("GET", "/api/tables/%s?picture=0" % tid, token=token)[1]


def names(v):
    return [s["name"] for s in v["seats"]]


def play_first(tid, token):
    v = view(tid, token)
    return srv.call("POST", "/api/tables/%s/move" % tid, {"move": v["legal"][0]["move"]}, token=token)[0]


TIMED = {"per_move": "30s", "penalty": 0, "grace": "0s", "forfeit": True}

# 1. seats by the accounts' names; an anonymous joiner without a name is "Player 2"
st, t, _ = call("POST", "/api/tables", {"game": "holomino", "time": TIMED,
                                        "seats": [{"kind": "human", "name": ""}, {"kind": "human", "open": True}]}, who="ann")
check("a logged-in creator's seat takes the account's name", st == 201 and t["seats"][0]["name"] == "ann", t)
tid, ann_token = t["id"], t["seats"][0]["token"]
v = view(tid, ann_token)
check("the clock waits while a seat is open", v.get("clock", {}).get("phase") == "waiting", v.get("clock"))
srv.set_clock(srv.now() + 20000)
st, j, _ = call("POST", "/api/tables/%s/join" % tid, {"name": "Bobby"}, who="bob")
check("a logged-in joiner sits as the account, not the name typed", st == 200 and names(view(tid)) == ["ann", "bob"], names(view(tid)))
bob_token = j["token"]
srv.set_clock(srv.now() + 40000)  # more than a move's 30 s: nobody has moved yet
v = view(tid, ann_token)
check("every seat taken, no move yet: the clock still waits, nobody forfeits",
      not v["over"] and v.get("clock", {}).get("phase") == "waiting" and v["clock"]["remaining_ms"] == 30000, v.get("clock"))
check("ann's first move is played", play_first(tid, ann_token) == 200)
v = view(tid, bob_token)
check("after the first move the clock runs for bob", v.get("clock", {}).get("phase") == "running"
      and v["clock"]["seat"] == 2 and v["clock"]["remaining_ms"] == 30000, v.get("clock"))
st, r, _ = srv.call("POST", "/api/tables/%s/abort" % tid, {}, token=bob_token)
check("bob, who has not moved yet, aborts", st == 200, r)
v = view(tid)
check("an aborted game is over and says so", v["over"] and "aborted" in v["status"], v["status"])
rec = srv.call("GET", "/api/tables/%s/record" % tid)[1]
check("its record names the accounts and says Aborted, no FinalResult",
      '[Player1 "ann"]' in rec and '[Player2 "bob"]' in rec and '[Aborted "yes"]' in rec and "FinalResult" not in rec, rec[:500])
st, lad, _ = srv.call("GET", "/api/ladder/holomino")
check("an aborted game is never rated", st == 200 and not lad.get("players"), lad)

st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}]})
st, j, _ = srv.call("POST", "/api/tables/%s/join" % t["id"], {})
check("an anonymous joiner without a name is 'Player 2', never 'open seat'", st == 200 and names(view(t["id"])) == ["Ann", "Player 2"],
      names(view(t["id"])))
tokens = [t["seats"][0]["token"], j["token"]]
check("a move each", play_first(t["id"], tokens[0]) == 200 and play_first(t["id"], tokens[1]) == 200)
st, r, _ = srv.call("POST", "/api/tables/%s/abort" % t["id"], {}, token=tokens[0])
check("once every seat has moved, abort is refused (resign instead)", st == 409 and "resign" in r.get("error", ""), r)

# 2. the server aborts a timed game nobody starts; a rematch keeps the clock
st, t, _ = call("POST", "/api/tables", {"game": "holomino", "time": TIMED,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]}, who="carl")
srv.set_clock(srv.now() + 2 * 60 * 1000 + 1000)
v = wait_for(lambda: (lambda w: w if w["over"] else None)(view(t["id"])), what="the server's abort")
check("a timed game nobody starts is aborted by the server", "aborted" in v["status"], v["status"])
st, t, _ = call("POST", "/api/tables", {"game": "holomino", "time": TIMED,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]}, who="dora")
check("dora's seat is hers", t["seats"][0]["name"] == "dora", t["seats"])
srv.call("POST", "/api/tables/%s/resign" % t["id"], {}, token=t["seats"][0]["token"])
st, r, _ = srv.call("POST", "/api/tables/%s/rematch" % t["id"], {}, token=t["seats"][0]["token"])
rv = view(r.get("rematch", {}).get("id", ""))
check("a rematch keeps the time control", st == 200 and rv.get("clock", {}).get("remaining_ms") == 30000
      and names(rv) == ["Player 2", "dora"], (r, rv.get("clock"), names(rv)))

# 3. seeks: posted, listed, paired; different options never pair; taken with a click
SEEK = {"game": "holomino", "time": {"per_move": "1m"}}
st, r, _ = srv.call("POST", "/api/seeks", SEEK)
check("a seek needs an account (401)", st == 401, r)
st, s1, _ = call("POST", "/api/seeks", SEEK, who="ann")
check("ann's seek is open", st == 201 and s1.get("state") == "open", s1)
st, again, _ = call("POST", "/api/seeks", SEEK, who="ann")
check("the same seek again is the one already open", st == 200 and again.get("id") == s1.get("id"), again)
st, other, _ = call("POST", "/api/seeks", {"game": "holomino", "time": {"per_move": "2m"}}, who="bob")
check("another time control does not pair", st == 201 and other.get("state") == "open", other)
st, lst, _ = srv.call("GET", "/api/seeks")
check("everyone sees the open seeks, by name", st == 200 and sorted(s["name"] for s in lst["seeks"]) == ["ann", "bob"], lst)
st, s2, _ = call("POST", "/api/seeks", SEEK, who="carl")
check("carl's equal seek pairs at once: a table and carl's link", st == 201 and s2.get("state") == "paired"
      and s2.get("table") and "#seat=" in s2.get("link", ""), s2)
pv = view(s2["table"])
check("the paired table seats ann and carl by name", sorted(names(pv)) == ["ann", "carl"], names(pv))
st, mine, _ = call("GET", "/api/seeks", who="ann")
ann_seek = [s for s in mine["mine"] if s["id"] == s1["id"]]
check("ann finds her paired seek's table and her own link", ann_seek and ann_seek[0]["state"] == "paired"
      and ann_seek[0]["table"] == s2["table"] and ann_seek[0]["link"] != s2["link"], mine)
seat_of_ann = int(ann_seek[0]["link"].split("seat=")[1].split("&")[0])
check("her link's seat is hers", pv["seats"][seat_of_ann - 1]["name"] == "ann", (ann_seek, names(pv)))
st, mg, _ = call("POST", "/api/mine", {"tables": []}, who="ann")
check("the paired table is in ann's games", st == 200 and any(x["id"] == s2["table"] for x in mg["tables"]), mg)
st, r, _ = call("POST", "/api/seeks/%s/accept" % other["id"], {}, who="bob")
check("one's own seek cannot be taken", st == 409, r)
st, took, _ = call("POST", "/api/seeks/%s/accept" % other["id"], {}, who="dora")
check("dora takes bob's seek with one click", st == 201 and took.get("state") == "paired"
      and sorted(names(view(took["table"]))) == ["bob", "dora"], took)
st, s3, _ = call("POST", "/api/seeks", {"game": "dominoes"}, who="ann")
st, r, _ = call("POST", "/api/seeks/%s/cancel" % s3["id"], {}, who="bob")
check("only its owner cancels a seek", st == 409, r)
st, r, _ = call("POST", "/api/seeks/%s/cancel" % s3["id"], {}, who="ann")
st2, lst, _ = srv.call("GET", "/api/seeks")
check("a cancelled seek is gone", st == 200 and all(s["id"] != s3["id"] for s in lst["seeks"]), lst)
st, r, _ = call("POST", "/api/seeks", {"game": "no-such-game"}, who="ann")
check("a seek of no game is a 400 naming it", st == 400 and r.get("field") == "game", r)

# 4. challenges: by name, accepted into a table, declined, cancelled; the refusals
st, c, _ = call("POST", "/api/challenges", {"to": "BOB", "game": "hegemino"}, who="ann")
check("ann challenges bob (any case)", st == 201 and c.get("to") == "bob" and c.get("state") == "open", c)
st, inbox, _ = call("GET", "/api/challenges", who="bob")
check("bob sees it incoming", st == 200 and [x["id"] for x in inbox["incoming"]] == [c["id"]], inbox)
st, r, _ = call("POST", "/api/challenges/%s/accept" % c["id"], {}, who="ann")
check("the challenger cannot accept", st == 409, r)
st, acc, _ = call("POST", "/api/challenges/%s/accept" % c["id"], {}, who="bob")
check("bob accepts: a table and his link", st == 200 and acc.get("table") and "#seat=2" in acc.get("link", ""), acc)
check("the challenger sits first, both by name", names(view(acc["table"])) == ["ann", "bob"], names(view(acc["table"])))
st, out, _ = call("GET", "/api/challenges", who="ann")
mine = [x for x in out["outgoing"] if x["id"] == c["id"]]
check("ann sees it accepted, with the table and her own link", mine and mine[0]["state"] == "accepted"
      and mine[0]["table"] == acc["table"] and "#seat=1" in mine[0]["link"], out)
st, r, _ = call("POST", "/api/challenges/%s/decline" % c["id"], {}, who="bob")
check("an accepted challenge cannot be declined", st == 409, r)
st, c2, _ = call("POST", "/api/challenges", {"to": "carl", "game": "holomino"}, who="dora")
st, r, _ = call("POST", "/api/challenges/%s/decline" % c2["id"], {}, who="carl")
check("carl declines", st == 200 and r.get("state") == "declined", r)
st, c3, _ = call("POST", "/api/challenges", {"to": "carl", "game": "holomino"}, who="dora")
st, r, _ = call("POST", "/api/challenges/%s/cancel" % c3["id"], {}, who="dora")
check("dora cancels her own", st == 200 and r.get("state") == "cancelled", r)
st, r, _ = call("POST", "/api/challenges/%s/accept" % c3["id"], {}, who="carl")
check("a cancelled challenge cannot be accepted", st == 409, r)
st, r, _ = call("POST", "/api/challenges", {"to": "nobody", "game": "holomino"}, who="ann")
check("a challenge to no account is a 404 naming 'to'", st == 404 and r.get("field") == "to", r)
st, r, _ = call("POST", "/api/challenges", {"to": "ann", "game": "holomino"}, who="ann")
check("nobody challenges themselves", st == 400, r)
st, r, _ = call("POST", "/api/challenges", {"to": "bob", "game": "dominoes", "options": {"players": 4}}, who="ann")
check("a challenge is for two (422 for four players)", st == 422 and r.get("field") == "game", r)
st, r, _ = call("GET", "/api/challenges/%s" % c["id"], who="carl")
check("carl cannot act on others' challenges", st in (404, 405), r)
st, r, _ = srv.call("GET", "/api/challenges")
check("challenges need an account (401)", st == 401, r)

# a preset's ladder counts only games played as the preset says; another variant's
# count for the game's ladder alone
st, c4, _ = call("POST", "/api/challenges", {"to": "carl", "game": "holomino", "options": {"digits": 5}}, who="dora")
st, acc4, _ = call("POST", "/api/challenges/%s/accept" % c4["id"], {}, who="carl")
dora_link = [x for x in call("GET", "/api/challenges", who="dora")[1]["outgoing"] if x["id"] == c4["id"]][0]["link"]
tokens4 = [dora_link.split("token=")[1], acc4["link"].split("token=")[1]]
check("a move each in the variant's game", play_first(acc4["table"], tokens4[0]) == 200 and play_first(acc4["table"], tokens4[1]) == 200)
srv.call("POST", "/api/tables/%s/resign" % acc4["table"], {}, token=tokens4[0])
st, game_ladder, _ = srv.call("GET", "/api/ladder/holomino")
st2, preset_ladder, _ = srv.call("GET", "/api/ladder/holomino/holomino")
check("another variant is rated on the game's ladder, not the preset's",
      sorted(p["name"] for p in game_ladder.get("players", [])) == ["carl", "dora"] and not preset_ladder.get("players"),
      (game_ladder, preset_ladder))

# 5. who is online: the accounts seen in the last minutes
st, on, _ = srv.call("GET", "/api/online")
check("everyone who made a request is online", st == 200 and {"ann", "bob", "carl", "dora"} <= {p["name"] for p in on["players"]}, on)
srv.set_clock(srv.now() + 6 * 60 * 1000)
call("GET", "/api/seeks", who="carl")
st, on, _ = srv.call("GET", "/api/online")
check("after six quiet minutes only carl, who asked since, is online", st == 200 and [p["name"] for p in on["players"]] == ["carl"], on)

# 6. a bot account is marked as such: online, its seek, a challenge to it
st, r, h = srv.call("POST", "/api/accounts", {"name": "robo", "password": "pw of robo!", "bot": True})
cookies["robo"] = {"Cookie": (h.get("Set-Cookie") or "").split(";")[0]}
st, k, _ = call("POST", "/api/seeks", {"game": "geominos"}, who="robo")
st, on, _ = srv.call("GET", "/api/online")
check("the bot is online and marked, carl not", {p["name"]: p.get("bot", False) for p in on["players"]} ==
      {"carl": False, "robo": True}, on)
st, lst, _ = call("GET", "/api/seeks")
check("the bot's seek is marked", [(x["name"], x.get("bot", False)) for x in lst["seeks"] if x["game"] == "geominos"] ==
      [("robo", True)], lst)
st, c, _ = call("POST", "/api/challenges", {"to": "robo", "game": "holomino"}, who="carl")
check("a challenge to the bot says so", st == 201 and c.get("to_bot") is True and "from_bot" not in c, c)
st, inbox, _ = call("GET", "/api/challenges", who="robo")
check("and the bot's own list too", [(x["from"], x.get("to_bot")) for x in inbox["incoming"]] == [("carl", True)], inbox)
st, acc, _ = call("POST", "/api/challenges/%s/accept" % c["id"], {}, who="robo")
st, lobby, _ = srv.call("GET", "/api/tables")
seats = next(([(s["name"], s.get("bot", False)) for s in t["seats"]] for t in lobby["tables"] if t["id"] == acc.get("table")), None)
check("the lobby's list marks the bot's seat, not the person's", seats == [("carl", False), ("robo", True)], (acc, seats))
srv.stop()
check.exit()
