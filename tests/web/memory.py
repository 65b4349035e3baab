"""Memory follows what is live (tests/test_web_memory.sh): a table over for good is
marked ended in the store, leaves memory once nobody holds it, and is read back whole
when asked for (view, chat, record, lobby); a start reads only the tables in play, and
marks the ended tables of an older database; a running table idle past 30 minutes
without a clock leaves memory and plays on when read back; one address may run 16
tables with a person's seat and hold 32 event streams, and streams in all leave a
quarter of the connections to everything else. Time passes on the test clock."""
import http.client
import os
import resource
import socket
import sqlite3
import sys

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
db = os.path.join(data, "bones-web.sqlite")
clock = os.path.join(tmp, "clock")
two = {"game": "dominoes", "seats": [{"kind": "human"}, {"kind": "human"}]}
KEEP_MS = 5 * 60 * 1000
IDLE_MS = 30 * 60 * 1000


def view(srv, t, seat=0):
    tok = t["seats"][seat]["token"]
    return srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tok)[1]


def play(srv, t, moves=None):
    """Play t's first legal moves (to the end, or `moves` of them); the view after."""
    n = 0
    while moves is None or n < moves:
        v = view(srv, t)
        if v["over"]:
            return v
        tok = t["seats"][v["to_move"] - 1]["token"]
        v = srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tok)[1]
        st, _, _ = srv.call("POST", "/api/tables/%s/move" % t["id"], {"move": v["legal"][0]["move"]}, token=tok)
        assert st == 200
        n += 1
    return view(srv, t)


def log_text():
    return open(data + ".log").read()


def left_memory(before):
    """The log's 'left memory' lines after the first `before` characters."""
    return wait_for(lambda: "left memory" in log_text()[before:], what="tables to leave memory")


def stored(tid, col):
    con = sqlite3.connect(db)
    v = con.execute("SELECT %s FROM tables WHERE id = ?" % col, (tid,)).fetchone()[0]
    con.close()
    return v


srv = Server(build, data, clock=clock)
done = srv.call("POST", "/api/tables", two)[1]
secret = srv.call("POST", "/api/tables", dict(two, private=True))[1]
running = srv.call("POST", "/api/tables", two)[1]
end = play(srv, done)
play(srv, secret)
play(srv, running, 2)
srv.call("POST", "/api/tables/%s/chat" % done["id"], {"text": "gg"}, token=done["seats"][0]["token"])
record = srv.call("GET", "/api/tables/%s/record" % done["id"])[1]
check("a game over is marked ended in the store, with its moves",
      stored(done["id"], "ended") == 1 and stored(done["id"], "moves") == len([m for m in end["moves"] if m["seat"]]),
      (stored(done["id"], "ended"), stored(done["id"], "moves")))
check("a game in play is not", stored(running["id"], "ended") == 0)

# nobody holds the ended tables for five minutes: they leave memory
at = len(log_text())
srv.set_clock(srv.now() + KEEP_MS + 1000)
left_memory(at)
check("ended tables leave memory once nobody holds them (2 of 3)",
      "2 tables left memory (kept in the database), 1 in memory" in log_text()[at:], log_text()[at:])
again = view(srv, done)
check("an ended table is read back whole when asked for",
      again["over"] and again["moves"] == end["moves"] and again["viewer"] == 1, again.get("moves"))
check("with its chat", [c["text"] for c in again.get("chat", [])] == ["gg"], again.get("chat"))
check("and its record", srv.call("GET", "/api/tables/%s/record" % done["id"])[1] == record)
lobby = {x["id"]: x for x in srv.call("GET", "/api/tables")[1]["tables"]}
check("the lobby lists the ended table from the store, as it was",
      done["id"] in lobby and lobby[done["id"]]["over"] and lobby[done["id"]]["moves"] == stored(done["id"], "moves")
      and [s["kind"] for s in lobby[done["id"]]["seats"]] == ["human", "human"], lobby.get(done["id"]))
check("never a private one", secret["id"] not in lobby, list(lobby))
check("and the table in play", running["id"] in lobby and not lobby[running["id"]]["over"])
srv.stop()

# a start reads the tables in play only; an older database's ended tables are marked
at = len(log_text())
srv = Server(build, data, clock=clock)
check("a start restores the tables in play only",
      "1 tables in play restored" in log_text()[at:], log_text()[at:][-600:])
srv.stop()
con = sqlite3.connect(db)
con.execute("UPDATE tables SET ended = 0, moves = 0")
con.commit()
con.close()
at = len(log_text())
srv = Server(build, data, clock=clock)
check("a database of an older server: its ended tables are marked at the start and leave memory",
      stored(done["id"], "ended") == 1 and stored(secret["id"], "ended") == 1 and stored(done["id"], "moves") > 0
      and "1 tables in play restored" in log_text()[at:], log_text()[at:][-600:])
check("and are read back", view(srv, done)["moves"] == end["moves"])

# a table in play left alone for 30 minutes (no clock) leaves memory and plays on
at = len(log_text())
srv.set_clock(srv.now() + IDLE_MS + KEEP_MS + 1000)
left_memory(at)
before = view(srv, running)
after = play(srv, running, 1)
check("an idle table in play leaves memory, comes back and plays on",
      len(after["moves"]) > len(before["moves"]) and before["moves"] == after["moves"][:len(before["moves"])],
      (len(before["moves"]), len(after["moves"])))

# tables with a person's seat: 16 running per address (those made before the restart
# are nobody's: a start forgets who made a table)
made = [srv.call("POST", "/api/tables", two) for _ in range(16)]
st, body, _ = srv.call("POST", "/api/tables", two)
check("an address may run 16 tables with a person's seat: the 17th is refused (429)",
      all(m[0] == 201 for m in made) and st == 429 and "16" in body["error"], (st, body))
srv.set_clock(srv.now() + IDLE_MS + 1000)
st, body, _ = srv.call("POST", "/api/tables", two)
check("tables without a move for 30 minutes do not count", st == 201, body)

# event streams: 32 per address
conns = []
for _ in range(33):
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
    c.request("GET", "/api/tables/%s/events" % done["id"])
    conns.append((c, c.getresponse()))
codes = [r.status for _, r in conns]
check("an address may hold 32 event streams; the 33rd is refused (429)",
      codes[:32] == [200] * 32 and codes[32] == 429, codes)
for c, _ in conns:
    c.close()
srv.stop()

# streams in all: three quarters of the connections. With 1024 descriptors the server
# allows 896 connections, 672 of them streams: from 21 addresses of 32, the next
# address's stream gets 503 while its lobby request is served.
resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))
srv = Server(build, os.path.join(tmp, "few"), clock=clock)
t = srv.call("POST", "/api/tables", two)[1]
socks = []
for k in range(672):
    c = socket.create_connection(("127.0.0.1", srv.port), timeout=30,
                                 source_address=("127.0.1.%d" % (1 + k // 32), 0))
    c.send(b"GET /api/tables/%s/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % t["id"].encode())
    socks.append(c)
heard = [b"200 OK" in c.recv(4096) for c in socks]
extra = socket.create_connection(("127.0.0.1", srv.port), timeout=30, source_address=("127.0.2.1", 0))
extra.send(b"GET /api/tables/%s/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % t["id"].encode())
refused = extra.recv(4096)
lobby = socket.create_connection(("127.0.0.1", srv.port), timeout=30, source_address=("127.0.2.1", 0))
lobby.send(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
answer = lobby.recv(4096)
check("672 streams from 21 addresses are served; the next is refused (503), a quarter of the "
      "connections stays for pages: the lobby answers",
      all(heard) and refused.startswith(b"HTTP/1.1 503") and answer.startswith(b"HTTP/1.1 200"),
      (heard.count(False), refused[:40], answer[:40]))
for c in socks + [extra, lobby]:
    c.close()
srv.stop()
check.exit()
