"""Ratings of `bones serve` (tests/test_web_ratings.sh): two accounts play a table to
its end through the API; both Glicko-2 ratings move the right way, the deviations
shrink, the ladder and the player's page agree, by game and by preset; a restart keeps
them and rates nothing twice; an agent is rated as "agent:SPEC", in another preset of
the same game: the game's rating counts both games, each preset's its own; an anonymous seat leaves a game unrated; one
account cannot use another's seat; "my games" from two devices, my turn first."""
import os
import sys
import urllib.parse

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data, clock = os.path.join(tmp, "data"), os.path.join(tmp, "clock")
srv = Server(build, data, clock=clock)


def jar(headers):
    c = headers.get("Set-Cookie") or ""
    return c.split(";")[0].split("=", 1)[1] if "=" in c else ""


def call(method, path, body=None, token=None, session=None):
    return srv.call(method, path, body, token=token,
                    headers={"Cookie": "bones_session=" + session} if session else None)


def account(name, password):
    st, r, h = call("POST", "/api/accounts", {"name": name, "password": password})
    check("%s's account is created" % name, st == 201, r)
    return jar(h)


def table(seats, session=None, game="geominos"):
    st, t, _ = call("POST", "/api/tables", {"game": game, "seats": seats}, session=session)
    check("a table of %s is created" % game, st == 201, t)
    return t["id"], [s.get("token") for s in t["seats"]]


def view(tid, token=None, session=None):
    return call("GET", "/api/tables/" + tid + "?picture=0", token=token, session=session)[1]


def play_out(tid, tokens, sessions):
    """Each seat to move plays its first legal move with its token and its own session
    until the game is over; the ranks of the result."""
    while True:
        v = wait_for(lambda: (lambda x: x if x["over"] or x["to_move"] else None)(view(tid)), what="a mover")
        if v["over"]:
            return [int(x) for x in v["result"].split(";")[0].split()[1:]]
        k = v["to_move"] - 1
        legal = view(tid, tokens[k], sessions[k])["legal"]
        st, r, _ = call("POST", "/api/tables/%s/move" % tid, {"move": legal[0]["move"]}, tokens[k], sessions[k])
        if st != 200:
            check("a move is played", False, r)
            return None


def ladder(game="geominos", preset=None):
    st, r, _ = call("GET", "/api/ladder/" + game + ("/" + preset if preset else ""))
    return {p["name"]: p for p in r["players"]} if st == 200 else {}, r


def same_standing(a, b):
    return all(a.get(k) == b.get(k) for k in ("rating", "deviation", "games"))


ann, bob = account("Ann", "correct horse 1"), account("Bob", "battery staple 2")
tid, tokens = table([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], session=ann)
v = view(tid, tokens[1], bob)
check("Bob opens seat 2's link logged in: his seat now", v.get("viewer") == 2, v)
st, r, _ = call("GET", "/api/tables/" + tid, token=tokens[1], session=ann)
check("Ann cannot use Bob's seat (403)", st == 403 and r.get("field") == "token", r)
st, r, _ = call("POST", "/api/tables/%s/resign" % tid, {}, tokens[1], ann)
check("nor resign for him (403)", st == 403, r)
check("nothing is rated before the end", ladder()[0] == {}, ladder()[1])

ranks = play_out(tid, tokens, [ann, bob])
check("the table is played to its end", ranks is not None and len(ranks) == 2, ranks)
lad, raw = ladder()
a, b = lad.get("Ann", {}), lad.get("Bob", {})
check("both are on the ladder with one game", a.get("games") == 1 and b.get("games") == 1, raw)
if ranks[0] == ranks[1]:
    check("a draw leaves both at 1500", a["rating"] == 1500 and b["rating"] == 1500, raw)
    win, lose = None, None
else:
    win, lose = ("Ann", "Bob") if ranks[0] < ranks[1] else ("Bob", "Ann")
    check("the winner goes up, the loser down", lad[win]["rating"] > 1500 > lad[lose]["rating"], raw)
    check("the ladder is sorted by rating", [p["name"] for p in raw["players"]] == [win, lose], raw)
check("both deviations shrank from 350", a["deviation"] < 350 and b["deviation"] < 350, raw)
st, page, _ = call("GET", "/api/players/ann")
rec = page.get("records", [])
want = (0, 1, 0) if win is None else (1, 0, 0) if win == "Ann" else (0, 0, 1)
check("Ann's page: her geominos rating and W/D/L", st == 200 and rec and rec[0]["game"] == "geominos"
      and (rec[0]["wins"], rec[0]["draws"], rec[0]["losses"]) == want
      and page["ratings"][0]["rating"] == a["rating"] and page["ratings"][0]["deviation"] == a["deviation"], page)
check("her page links the game", [g["id"] for g in page["games"]] == [tid] and "score" in page["games"][0], page)
plad, praw = ladder(preset="geominos")
check("the preset's ladder: the game's one preset so far, the same standings",
      praw.get("preset") == "geominos" and praw.get("presets") == ["geominos"] and raw.get("presets") == ["geominos"]
      and set(plad) == set(lad) and all(same_standing(plad[n], lad[n]) for n in lad)
      and all(plad[n]["wins"] == lad[n]["wins"] for n in lad), (praw, raw))
pr = page.get("preset_ratings", [])
check("Ann's page: her rating in the preset", len(pr) == 1 and pr[0]["game"] == "geominos"
      and pr[0]["preset"] == "geominos" and same_standing(pr[0], a), page)
check("a preset nobody played: an empty ladder", ladder(preset="geominos-one-tile")[1].get("players") == [],
      ladder(preset="geominos-one-tile")[1])
st, r, _ = call("GET", "/api/ladder/geominos/")
check("an empty preset in the path: 404 naming the preset", st == 404 and "preset" in r.get("error", ""), r)

# a restart keeps the ratings and rates nothing twice
srv.stop()
srv = Server(build, data, clock=clock)
check("after a restart the ladder is the same", ladder()[1] == raw, (ladder()[1], raw))
check("and the preset's", ladder(preset="geominos")[1] == praw, (ladder(preset="geominos")[1], praw))

# an agent is a player, in another preset of the game; an anonymous seat is not rated
srv.set_clock(srv.now() + 60000)  # a minute later: the rating history's order
tid, tokens = table([{"kind": "human", "name": "Ann"}, {"kind": "agent", "agent": "greedy"}], session=ann,
                    game="geominos-one-tile")
st, r, _ = call("POST", "/api/tables/%s/resign" % tid, {}, tokens[0], ann)
check("Ann resigns against greedy", st == 200, r)
lad, raw2 = ladder()
check("agent:greedy is rated with the win", lad.get("agent:greedy", {}).get("rating", 0) > 1500, raw2)
one, raw3 = ladder(preset="geominos-one-tile")
check("the game's rating counts both of Ann's games, each preset's its own",
      lad["Ann"]["games"] == 2 and one["Ann"]["games"] == 1 and ladder(preset="geominos")[0]["Ann"]["games"] == 1
      and one["Ann"]["rating"] < 1500 and one["agent:greedy"]["rating"] > 1500
      and raw2["presets"] == ["geominos", "geominos-one-tile"], (raw2, raw3))
check("the other preset's ladder: greedy's win, Ann's loss",
      [(p["name"], p["wins"], p["losses"]) for p in raw3["players"]] == [("agent:greedy", 1, 0), ("Ann", 0, 1)], raw3)
st, r, _ = call("GET", "/api/players/" + urllib.parse.quote("agent:greedy"))
check("the agent's page lists its game and W/D/L", st == 200 and r.get("agent") is True
      and [g["id"] for g in r["games"]] == [tid] and r["records"][0]["wins"] == 1, r)
check("the agent's game names its opponent, the result a win",
      r["games"][0].get("opponents") == ["Ann"] and r["games"][0].get("score") == 1, r["games"])
st, page, _ = call("GET", "/api/players/ann")
check("Ann's games: each with the opponent and her result",
      sorted((g.get("opponents"), g.get("score")) for g in page["games"]) ==
      [(["Bob"], 1 if win == "Ann" else 0 if win else 0.5), (["greedy"], 0)], page["games"])
hist = page.get("history", [])
check("Ann's rating history: a point per rated game, the last her rating now",
      [h["game"] for h in hist] == ["geominos", "geominos"] and hist[0]["at"] <= hist[1]["at"]
      and hist[-1]["rating"] == lad["Ann"]["rating"] and hist[-1]["deviation"] == lad["Ann"]["deviation"]
      and hist[-1]["rating"] < hist[0]["rating"], hist)
tid, tokens = table([{"kind": "human", "name": "nobody"}, {"kind": "agent", "agent": "greedy"}])
call("POST", "/api/tables/%s/resign" % tid, {}, tokens[0])
check("an anonymous seat's game is not rated", ladder()[0]["agent:greedy"]["games"] == 1, ladder()[1])

# my games on two devices: my turn first
t1, k1 = table([{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}], session=ann)
t2, k2 = table([{"kind": "human", "name": "Bob"}, {"kind": "human", "name": "Ann"}], session=bob)
view(t2, k2[1], ann)  # Ann opens her link on device 1: the seat is hers
ann2 = jar(call("POST", "/api/login", {"name": "Ann", "password": "correct horse 1"})[2])
st, r, _ = call("POST", "/api/mine", {"tables": []}, session=ann2)
mine = [(x["id"], x["my_turn"]) for x in r.get("tables", [])]
first = view(t1)["to_move"] == 1
check("my games on a second device lists both open tables, my turn first",
      st == 200 and {t1, t2} <= {m[0] for m in mine} and mine[0][1] and mine[0][0] == (t1 if first else t2), mine)
srv.stop()
check.exit()
