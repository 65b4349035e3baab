"""The server's resident memory (docs/web.md, "Load"): a store of N ended tables, a
restart, and the server's VmRSS then; the memory of each live table and of each event
stream, as RSS grows while K tables are made and S streams opened; then R ended tables
read back (a view each), which stay bounded by the ended tables kept in memory.

    python3 tests/web/memory_bench.py BUILD [--finished 10000] [--live 200] [--streams 500]
                                            [--read 1000]

The ended tables are real games played to their end through the API (one per game and
a few seeds), copied in the database under new ids: what a server that has run for a
while holds. Run it against an older build to compare (it reads the same database)."""
import argparse
import http.client
import os
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webtest import Server  # noqa: E402

GAMES = ("dominoes", "holomino", "hegemino", "geominos")


def rss_kib(pid):
    for line in open("/proc/%d/status" % pid):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def settled_rss(srv):
    """RSS once the server is quiet (two readings 0.5 s apart agree within 1%)."""
    last = rss_kib(srv.proc.pid)
    for _ in range(20):
        time.sleep(0.5)
        now = rss_kib(srv.proc.pid)
        if abs(now - last) <= last // 100:
            return now
        last = now
    return last


def play_to_end(srv, game):
    st, t, _ = srv.call("POST", "/api/tables", {"game": game, "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert st == 201, t
    toks = [s["token"] for s in t["seats"]]
    for _ in range(2000):
        v = srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=toks[0])[1]
        if v["over"]:
            return t["id"]
        tok = toks[v["to_move"] - 1]
        v = srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tok)[1]
        srv.call("POST", "/api/tables/%s/move" % t["id"], {"move": v["legal"][0]["move"]}, token=tok)
    raise SystemExit("a %s game did not end" % game)


def clone(db, ids, n):
    """n copies of the tables ids under new ids, created one second apart."""
    con = sqlite3.connect(db)
    cols = [r[1] for r in con.execute("PRAGMA table_info(tables)")]
    seat_cols = [r[1] for r in con.execute("PRAGMA table_info(seats)")]
    for k in range(n):
        src, new = ids[k % len(ids)], secrets.token_hex(10)
        sel = ", ".join("?" if c == "id" else ("created + %d" % k if c == "created" else c) for c in cols)
        con.execute("INSERT INTO tables(%s) SELECT %s FROM tables WHERE id = ?" % (", ".join(cols), sel), (new, src))
        sel = ", ".join("?" if c == "table_id" else c for c in seat_cols)
        con.execute("INSERT INTO seats(%s) SELECT %s FROM seats WHERE table_id = ?" % (", ".join(seat_cols), sel), (new, src))
        con.execute("INSERT INTO moves(table_id, n, text) SELECT ?, n, text FROM moves WHERE table_id = ?", (new, src))
    con.commit()
    con.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--finished", type=int, default=10000)
    ap.add_argument("--live", type=int, default=200)
    ap.add_argument("--streams", type=int, default=500)
    ap.add_argument("--read", type=int, default=1000)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp()
    data = os.path.join(tmp, "data")
    # no cap on tables (an older build has none); streams from many client addresses,
    # as a proxy names them
    usage = subprocess.run([os.path.join(a.build, "bin/bones"), "serve", "--help"],
                           capture_output=True, text=True).stdout
    extra = ("--trusted-proxy", "127.0.0.1")
    if "--tables-per-address" in usage:
        extra += ("--tables-per-address", "0")
    srv = Server(a.build, data, extra=extra)
    ids = [play_to_end(srv, g) for g in GAMES for _ in range(3)]
    srv.stop()
    clone(os.path.join(data, "bones-web.sqlite"), ids, a.finished)
    t0 = time.time()
    srv = Server(a.build, data, extra=extra)
    start_s = time.time() - t0
    base = settled_rss(srv)
    print("ended tables in the store: %d; start: %.2f s; resident after the start: %.1f MiB"
          % (a.finished + len(ids), start_s, base / 1024))
    for _ in range(a.live):
        srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human"}]})
    live = settled_rss(srv)
    print("%d live tables (Holomino, no move yet): %.1f KiB each" % (a.live, (live - base) / a.live))
    conns = []
    tid = ids[0]
    for k in range(a.streams):
        c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
        c.request("GET", "/api/tables/%s/events" % tid,
                  headers={"X-Forwarded-For": "127.1.%d.%d" % (k // 250, k % 250 + 1)})
        r = c.getresponse()
        if r.status != 200:
            print("stream %d refused: %d" % (k + 1, r.status))
            break
        r.fp.readline()  # the first event: the stream is open
        conns.append(c)
    streams = settled_rss(srv)
    if conns:
        print("%d event streams: %.1f KiB each" % (len(conns), (streams - live) / len(conns)))
    for c in conns:
        c.close()
    con = sqlite3.connect(os.path.join(data, "bones-web.sqlite"))
    ended = [i for (i,) in con.execute("SELECT id FROM tables ORDER BY rowid DESC LIMIT ?", (a.read,))]
    con.close()
    before = settled_rss(srv)
    took = []
    for tid in ended:
        t0 = time.perf_counter()
        srv.call("GET", "/api/tables/%s?picture=0" % tid)
        took.append(time.perf_counter() - t0)
    after = settled_rss(srv)
    took.sort()
    if took:
        print("%d ended tables read back, one view each (median %.1f ms): resident %.1f MiB (+%.1f MiB)"
              % (len(ended), 1000 * took[len(took) // 2], after / 1024, (after - before) / 1024))
    srv.stop()


if __name__ == "__main__":
    main()
