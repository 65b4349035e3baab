"""A browser's own tables (tests/test_web_owner.sh): a private table is not listed but
plays by its links; the owner token deletes a table before the first move only (not a
seat's token), for good across a restart; "my games" answers the tables of the tokens
sent, the seat's turn first, then running, then over, and leaves out unknown ones."""
import os
import sys

from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
srv = Server(build, data)
two = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]


def create(**extra):
    st, t, _ = srv.call("POST", "/api/tables", dict({"game": "holomino", "seats": two}, **extra))
    assert st == 201, t
    return t


def lobby_ids():
    return [t["id"] for t in srv.call("GET", "/api/tables")[1]["tables"]]


def move(t, seat):
    tok = t["seats"][seat]["token"]
    v = srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tok)[1]
    return srv.call("POST", "/api/tables/%s/move" % t["id"], {"move": v["legal"][0]["move"]}, token=tok)[0]


pub, priv = create(), create(private=True)
check("the create reply has an owner token and says whether it is private",
      len(pub.get("owner", "")) == 32 and pub.get("private") is False and priv.get("private") is True, pub)
ids = lobby_ids()
check("a private table is not in the lobby, a public one is", pub["id"] in ids and priv["id"] not in ids, ids)
st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % priv["id"], token=priv["seats"][0]["token"])
check("a private table plays by its links", st == 200 and v["viewer"] == 1 and move(priv, 0) == 200, v)

# deleting: the owner's token only, before the first move only
gone = create()
path = "/api/tables/%s/delete" % gone["id"]
st, r, _ = srv.call("POST", path, {}, token=gone["seats"][0]["token"])
check("a seat's token does not delete the table", st == 403, r)
st, r, _ = srv.call("POST", path, {})
check("no token does not delete the table", st == 403, r)
st, r, _ = srv.call("POST", "/api/tables/%s/delete" % priv["id"], {}, token=priv["owner"])
check("a table with a move is not deleted", st == 409, r)
st, r, _ = srv.call("POST", path, {}, token=gone["owner"])
check("the owner deletes an unstarted table", st == 200, r)
st, r, _ = srv.call("GET", "/api/tables/%s?picture=0" % gone["id"])
check("a deleted table is gone", st == 404 and gone["id"] not in lobby_ids(), r)

# my games: my turn first, then running, then over; unknown and wrong tokens left out
waiting, over = create(), create()
check("a move at the waiting table", move(waiting, 0) == 200)
srv.call("POST", "/api/tables/%s/resign" % over["id"], {}, token=over["seats"][1]["token"])
mine = [{"id": over["id"], "token": over["seats"][0]["token"]},
        {"id": waiting["id"], "token": waiting["seats"][0]["token"]},
        {"id": pub["id"], "token": pub["seats"][0]["token"], "owner": pub["owner"]},
        {"id": gone["id"], "token": gone["seats"][0]["token"]},
        {"id": priv["id"], "token": pub["seats"][0]["token"]},
        {"id": "f" * 20, "token": "0" * 32}]
st, r, _ = srv.call("POST", "/api/mine", {"tables": mine})
got = [(t["id"], t["my_turn"], t["over"]) for t in r.get("tables", [])]
want = [(pub["id"], True, False), (waiting["id"], False, False), (over["id"], False, True)]
check("my games: my turn first, then running, then over; others left out", st == 200 and got == want, got)
check("my games says which table I may still delete",
      [t["deletable"] for t in r["tables"]] == [True, False, False], r)
st, r, _ = srv.call("POST", "/api/mine", {"tables": [{"id": pub["id"], "owner": pub["owner"]}]})
check("a created table without a seat is mine too (seat 0)", st == 200 and r["tables"][0]["seat"] == 0, r)
st, r, _ = srv.call("POST", "/api/mine", {"tables": [{}] * 101})
check("at most 100 tables are asked for", st == 400 and r.get("field") == "tables", r)

srv.stop()
srv = Server(build, data)
st, r, _ = srv.call("GET", "/api/tables/%s?picture=0" % gone["id"])
check("after a restart the deleted table is still gone", st == 404, r)
ids = lobby_ids()
check("after a restart the private table is still unlisted", priv["id"] not in ids and pub["id"] in ids, ids)
st, r, _ = srv.call("POST", "/api/tables/%s/delete" % pub["id"], {}, token=pub["owner"])
check("the owner token works after a restart", st == 200, r)
srv.stop()
check.exit()
