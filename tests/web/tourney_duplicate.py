"""Duplicate deals at a server tournament's tables (tests/test_web_tourney_duplicate.sh):
with `duplicate = true` the two games of a set, Ann against Bob and Bob against Ann, are
tables dealt alike, seat by seat, so each person holds in one game what the other held
in the other; the deal comes from the set's seed mixed with the server's own secret, so
a second server given the same tournament file deals other hands."""
import os
import sys

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
INI = """[tourney]
name = dup
format = round-robin
rounds = 1
seed = 7
duplicate = true
[game.block]
preset = dominoes
"""


def dealt(srv, who, cookie):
    """Per table of the tournament, what `who` sees dealt to seat 1: {table: [texts]}."""
    out = {}
    for tab in srv.call("GET", T, headers=cookie)[1].get("tables", []):
        if "mine" not in tab:
            continue
        token = tab["mine"].split("token=")[1]
        v = srv.call("GET", "/api/tables/%s?picture=0" % tab["table"], token=token)[1]
        seat = int(tab["mine"].split("seat=")[1].split("&")[0])
        out[tab["table"]] = (seat, [m["words"] for m in v["moves"]
                                    if "dealt to player" in m.get("words", "")])
    return out


def tournament(srv):
    """Ann's and Bob's views of the two tables of the set, once both are made."""
    global T
    people = {}
    for name in ("ann", "bob"):
        st, r, h = srv.call("POST", "/api/accounts", {"name": name, "password": "pw of %s!" % name})
        check("account %s" % name, st == 201, r)
        people[name] = {"Cookie": (h.get("Set-Cookie") or "").split(";")[0]}
    st, r, _ = srv.call("POST", "/api/tournaments", {"ini": INI}, headers=people["ann"])
    check("a duplicate round robin is created", st == 201, r)
    T = "/api/tournaments/" + r["id"]
    for name in ("ann", "bob"):
        check("%s joins" % name, srv.call("POST", T + "/join", {}, headers=people[name])[0] == 200)
    check("it starts", srv.call("POST", T + "/start", {}, headers=people["ann"])[0] == 200)
    wait_for(lambda: len(srv.call("GET", T)[1].get("tables", [])) == 2, 60, "the set's two tables")
    return dealt(srv, "ann", people["ann"]), dealt(srv, "bob", people["bob"])


srv = Server(build, os.path.join(tmp, "one"))
ann, bob = tournament(srv)
srv.stop()
check("Ann and Bob each sit at both tables, once at each seat",
      len(ann) == 2 and len(bob) == 2 and sorted(s for s, _ in ann.values()) == [1, 2] and
      sorted(s for s, _ in bob.values()) == [1, 2], (ann, bob))
# seat 1's own tiles: Ann's at the table where she is seat 1, Bob's at the other
ann_first = [d for s, d in ann.values() if s == 1][0]
bob_first = [d for s, d in bob.values() if s == 1][0]
check("seat 1 is dealt the same tiles at both tables of the set",
      len(ann_first) == 7 and ann_first == bob_first, (ann_first, bob_first))

other = Server(build, os.path.join(tmp, "two"))
ann2, _ = tournament(other)
other.stop()
ann2_first = [d for s, d in ann2.values() if s == 1][0]
check("another server, the same file: other hands (its own secret)",
      len(ann2_first) == 7 and ann2_first != ann_first, (ann_first, ann2_first))
check.exit()
