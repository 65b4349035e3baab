"""`bones serve --store` on PostgreSQL (tests/test_web_postgresql.sh, under
tests/web/postgresql.sh): the store is the database, not a file; a connection lost
between requests is made again; it has the schema's version SQLite's file has; a newer
database, a URL of another kind and a server that cannot be reached are refused with
what to do; a second process on the same database starts and sends a table the first
serves there (307), one on the same data folder is refused, and on SQLite a second
server is refused."""
import http.client
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time

from webtest import Checks, Server, pg_store

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
host = os.environ["BONES_WEB_TEST_PG_HOST"]
bones = os.path.join(build, "bin/bones")
env = dict(os.environ, BONES_PLUGIN_PATH=os.path.join(build, "lib/bones/plugins"))


def psql(url, sql):
    return subprocess.run(["psql", "-XtA", "--dbname=" + url, "-c", sql], capture_output=True,
                          text=True, check=True).stdout.strip()


def serve(*args):
    """A server that must not start: (exit status, what it said)."""
    p = subprocess.run([bones, "serve", "--listen", "127.0.0.1:0", *args], capture_output=True,
                       text=True, env=env, timeout=60)
    return p.returncode, p.stderr


data = os.path.join(tmp, "data")
srv = Server(build, data)
st, t, _ = srv.call("POST", "/api/tables",
                    {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human"}]})
tokens = [s["token"] for s in t["seats"]]


def play_one():
    """One move at t by the seat to move: (status, answer)."""
    st, v, _ = srv.call("GET", "/api/tables/" + t["id"], token=tokens[0])
    mover = tokens[v["to_move"] - 1]
    st, v, _ = srv.call("GET", "/api/tables/" + t["id"], token=mover)
    st, r, _ = srv.call("POST", "/api/tables/%s/move" % t["id"],
                        {"move": v["legal"][0]["move"]}, token=mover)
    return st, r


st, r = play_one()
check("a move is played on the PostgreSQL store", st == 200, r)
ended = psql(srv.store, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE"
             " datname = current_database() AND pid <> pg_backend_pid()")
st, r = play_one()
srv.stop()
check("after its connections (the store's, and the listening one once made) are ended "
      "the server connects again and the next move is kept",
      ended in ("1", "2") and st == 200 and b"connected again" in open(data + ".log", "rb").read(),
      (ended, st, r))
check("no SQLite file is made in the data folder",
      not os.path.exists(os.path.join(data, "bones-web.sqlite")), os.listdir(data))
moves = psql(srv.store, "SELECT count(*) FROM moves WHERE table_id = '%s'" % t["id"])
check("the table's history is in the database", moves.isdigit() and int(moves) >= 2, moves)

lite = os.path.join(tmp, "lite")
Server(build, lite, store="").stop()
with sqlite3.connect(os.path.join(lite, "bones-web.sqlite")) as con:
    lite_version = con.execute("PRAGMA user_version").fetchone()[0]
pg_version = psql(srv.store, "SELECT value FROM meta WHERE key = 'user_version'")
check("the schema has the same version on both stores", pg_version == str(lite_version),
      (pg_version, lite_version))

newer = pg_store(os.path.join(tmp, "newer"), host)
Server(build, os.path.join(tmp, "newer"), store=newer).stop()
psql(newer, "UPDATE meta SET value = 999 WHERE key = 'user_version'")
rc, err = serve("--data", os.path.join(tmp, "newer"), "--store", newer)
check("a database of a newer server is refused", rc == 1 and "made by a newer server" in err
      and "postgresql" in err and newer not in err, (rc, err))

first = Server(build, data)
second = Server(build, os.path.join(tmp, "second"), store=srv.store)
conn = http.client.HTTPConnection("127.0.0.1", second.port, timeout=30)
conn.request("GET", "/api/tables/%s?picture=0" % t["id"],
             headers={"Authorization": "Bearer " + tokens[0]})
r = conn.getresponse()
body = r.read()
check("a second process on the same database (a data folder of its own) starts, and a "
      "table the first serves is answered 307 to the first with the same path and query",
      r.status == 307 and r.getheader("Location") ==
      "%s/api/tables/%s?picture=0" % (first.base, t["id"]), (r.status, r.getheader("Location"),
                                                             body))
st, v, _ = first.call("GET", "/api/tables/" + t["id"], token=tokens[0])
check("the first serves it (restored at its start)", st == 200, (st, v))
st, lobby, _ = second.call("GET", "/api/tables")
listed = [x for x in lobby["tables"] if x["id"] == t["id"]]
check("the second's lobby lists the table the first serves, in play",
      len(listed) == 1 and listed[0]["over"] is False, lobby)
events = socket.create_connection(("127.0.0.1", second.port), timeout=20)
events.sendall(b"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % second.port)
stream = events.makefile("rb")
while stream.readline().strip() != b"event: changed":  # the headers, the first event
    pass
srv = first
st, r = play_one()
heard = b""
while b"event: changed" not in heard:  # the socket's timeout bounds the wait
    line = stream.readline()
    if not line:
        break
    heard += line
events.close()
check("a move at the first wakes the lobby's event stream at the second (NOTIFY)",
      st == 200 and b"event: changed" in heard, (st, r, heard))
st, r, _ = first.call("GET", "/api/seeks")
conn.request("GET", "/api/seeks")
r2 = conn.getresponse()
r2.read()
check("seeks are served by one process: the second answers 307 to the first",
      st == 200 and r2.status == 307 and r2.getheader("Location") == first.base + "/api/seeks",
      (st, r2.status, r2.getheader("Location")))
second.stop()
rc, err = serve("--data", data, "--store", srv.store)
first.stop()
log = open(data + ".log").read()
check("the first told the others of its changes without an error (NOTIFY)",
      "not told of a change" not in log and "not renewed" not in log, log[-2000:])
check("a second process on the same data folder is refused, naming the folder",
      rc == 1 and "another bones serve uses this data folder" in err and data in err, (rc, err))
lite_first = Server(build, lite, store="")
rc, err = serve("--data", lite)
lite_first.stop()
check("on SQLite a second server on the same database is refused while the first runs",
      rc == 1 and "another bones serve uses this database" in err and "--store" in err,
      (rc, err))

# A process paused past its lease (SIGSTOP) loses its table to the other, which plays on;
# woken, it must not write the move it was sent meanwhile: the commit's lease check (or
# its lease thread's, whichever comes first) refuses it, so no move is applied twice.
short = {"BONES_WEB_LEASE_MS": "1500"}
paused_store = pg_store(os.path.join(tmp, "paused"), host)
pa = Server(build, os.path.join(tmp, "pa"), store=paused_store, env=short)
pb = Server(build, os.path.join(tmp, "pb"), store=paused_store, env=short)
st, t2, _ = pa.call("POST", "/api/tables",
                    {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human"}]})
tok2 = [x["token"] for x in t2["seats"]]
st, v, _ = pa.call("GET", "/api/tables/%s?picture=0" % t2["id"], token=tok2[0])
mover = tok2[v["to_move"] - 1]
st, v, _ = pa.call("GET", "/api/tables/%s?picture=0" % t2["id"], token=mover)
stale_move = v["legal"][0]["move"]
pa.proc.send_signal(signal.SIGSTOP)
deadline = time.monotonic() + 30  # a cap: B takes the table once A's lease expired
while time.monotonic() < deadline:  # B's answers read as they are (307 not followed)
    probe = http.client.HTTPConnection("127.0.0.1", pb.port, timeout=30)
    probe.request("GET", "/api/tables/%s?picture=0" % t2["id"],
                  headers={"Authorization": "Bearer " + mover})
    st = probe.getresponse().status
    probe.close()
    if st == 200:
        break
    time.sleep(0.1)
st_b, r_b, _ = pb.call("POST", "/api/tables/%s/move" % t2["id"], {"move": stale_move},
                       token=mover)
stale = http.client.HTTPConnection("127.0.0.1", pa.port, timeout=30)
stale.request("POST", "/api/tables/%s/move" % t2["id"], body=json.dumps({"move": stale_move}),
              headers={"Authorization": "Bearer " + mover,
                       "Content-Type": "application/json"})
pa.proc.send_signal(signal.SIGCONT)
r_a = stale.getresponse()
body_a = r_a.read()
rows = psql(paused_store, "SELECT n, count(*) FROM moves WHERE table_id = '%s' GROUP BY n"
            " HAVING count(*) > 1" % t2["id"])
n_rows = psql(paused_store, "SELECT count(*) FROM moves WHERE table_id = '%s'" % t2["id"])
st, vb, _ = pb.call("GET", "/api/tables/%s?picture=0" % t2["id"], token=mover)
pa.stop()
pb.stop()
check("a process paused past its lease loses its table to the other, which plays on; "
      "woken, it refuses the move it was sent (503 or 307 to the other), none applied twice",
      st_b == 200 and r_a.status in (503, 307) and rows == "" and
      n_rows == str(vb["length"]), (st_b, r_b, r_a.status, body_a, rows, n_rows, vb["length"]))

rc, err = serve("--data", os.path.join(tmp, "x"), "--store", "mysql://bones@/x")
check("a URL of another kind is refused, naming the option",
      rc == 2 and "--store" in err and "postgresql://" in err, (rc, err))
rc, err = serve("--data", os.path.join(tmp, "y"), "--store",
                "postgresql://bones@/y?host=" + os.path.join(tmp, "nowhere"))
check("a server that cannot be reached is said so, without starting",
      rc == 1 and "cannot connect to PostgreSQL" in err, (rc, err))
check.exit()
