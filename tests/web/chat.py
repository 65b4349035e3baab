"""Chat at a table (tests/test_web_chat.sh): a seat's and a spectator's lines in every
viewer's view, text as written (markup stays text), empty and over-long lines refused,
five lines per sender and thirty per table in ten seconds of the test clock, a stranger's token refused,
the lines kept across a restart and never in the game's moves or record."""
import os
import sys

from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data, clock = os.path.join(tmp, "data"), os.path.join(tmp, "clock")
srv = Server(build, data, clock=clock, extra=("--trusted-proxy", "127.0.0.1"))
st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [
    {"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
check("a table of two people", st == 201, t)
tid, ann, bob = t["id"], t["seats"][0]["token"], t["seats"][1]["token"]
path = "/api/tables/%s" % tid


def view(token=None):
    return srv.call("GET", path + "?picture=0", token=token)[1]


before = view()
markup = 'hi <b>Bob</b> & "<script>alert(1)</script>"'
st, r, _ = srv.call("POST", path + "/chat", {"text": markup}, token=ann)
check("a seat writes a line", st == 200 and r.get("n") == 0, r)
after = view(bob)
chat = after.get("chat", [])
check("the other seat sees it with the seat's name",
      len(chat) == 1 and chat[0]["name"] == "Ann" and chat[0]["seat"] == 1, chat)
check("the text comes back exactly as written (markup is text)", chat and chat[0]["text"] == markup, chat)
check("a line wakes the viewers (the version grows)", after["version"] > before["version"], after.get("version"))
check("a line is no move", len(after["moves"]) == len(before["moves"]), after["moves"])
st, r, _ = srv.call("POST", path + "/chat", {"text": "  good luck\n all\t ", "name": "<i>Eve</i>"})
chat = view(ann)["chat"]
check("a spectator writes under its own name, as text", st == 200 and chat[1]["seat"] == 0 and chat[1]["name"] == "<i>Eve</i>", chat)
check("control characters become spaces, the ends are trimmed", chat[1]["text"] == "good luck  all", chat[1])
st, r, _ = srv.call("POST", path + "/chat", {"text": "x"}, token="0" * 32)
check("a token of no seat here is refused", st == 403, r)
st, r, _ = srv.call("POST", path + "/chat", {"text": " \n "}, token=bob)
check("an empty line is refused naming the text", st == 400 and r.get("field") == "text", r)
st, r, _ = srv.call("POST", path + "/chat", {"text": "\u00e9" * 301}, token=bob)
check("301 characters are too many", st == 400 and r.get("field") == "text", r)
st, r, _ = srv.call("POST", path + "/chat", {"text": 5}, token=bob)
check("a text that is no string is refused", st == 400, r)
st, r, _ = srv.call("POST", path + "/chat", {"text": "\u00e9" * 300}, token=bob)
check("300 characters (600 bytes) are fine", st == 200, r)

# five lines per sender in ten seconds of the table's clock; others are not held up
codes = [srv.call("POST", path + "/chat", {"text": "line %d" % i}, token=bob)[0] for i in range(5)]
check("the fifth line in ten seconds is still fine, the sixth is refused",
      codes == [200, 200, 200, 200, 429], codes)
st, r, _ = srv.call("POST", path + "/chat", {"text": "me too"}, token=ann)
check("another seat still writes", st == 200, r)
srv.set_clock(srv.now() + 10001)
st, r, _ = srv.call("POST", path + "/chat", {"text": "later"}, token=bob)
check("after ten seconds the seat writes again", st == 200, r)
# senders taking turns gain nothing, and the whole table has a limit too
srv.set_clock(srv.now() + 10001)
codes = []
for i in range(6):
    codes.append(srv.call("POST", path + "/chat", {"text": "a%d" % i}, token=ann)[0])
    codes.append(srv.call("POST", path + "/chat", {"text": "b%d" % i}, token=bob)[0])
check("two seats taking turns are each held to five lines", codes == [200] * 10 + [429, 429], codes)
srv.set_clock(srv.now() + 10001)
codes = [srv.call("POST", path + "/chat", {"text": "s%d" % i, "name": "S%d" % i}, headers={"X-Forwarded-For": "192.0.2.%d" % i})[0] for i in range(40)]
check("thirty lines in ten seconds from anyone, then the table waits", codes == [200] * 30 + [429] * 10, codes)
lines = [c["text"] for c in view()["chat"]]

st, rec, _ = srv.call("GET", path + "/record")
srv.stop()
srv = Server(build, data, clock=clock, extra=("--trusted-proxy", "127.0.0.1"))
again = [c["text"] for c in view()["chat"]]
check("the chat survives a restart", again == lines and len(lines) == 19 + codes.count(200), (lines, again))
st, r, _ = srv.call("POST", path + "/chat", {"text": "after restart"}, token=ann)
chat = view()["chat"]
check("numbering goes on after a restart", st == 200 and chat[-1]["n"] == len(lines), chat[-1:])
st, r, _ = srv.call("POST", path + "/resign", {}, token=ann)
st, rec, _ = srv.call("GET", path + "/record")
check("the record holds no chat", st == 200 and "luck" not in rec and "Bob</b>" not in rec, rec)
srv.stop()
check.exit()
