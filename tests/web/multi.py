"""Several `bones serve` processes on one PostgreSQL (docs/web.md, "Several processes on
one PostgreSQL"): starts K processes (data folders of their own, one database, run under
tests/web/postgresql.sh), keeps N tables of two scripted HTTP players playing Holomino
through all of them (a table is created at process i % K; its first player sends its
requests to that process, its second to the next one, so half the requests reach a
process that does not serve the table and are answered 307 to the one that does), and
reports moves per second and the p50/p99 latency of a move request, redirects included.

--kill-after S: S seconds in, one process (the last) is killed with SIGKILL; the
players whose process is gone send to another one. Then every table the killed process
served must have a move acknowledged within 10 s of the kill (the times the client
recorded), and at the end every acknowledged move must be in the database at the index
it was played at, once (compared with the moves table): 0 lost, none applied twice.

usage: multi.py BUILD TMP [--tables N] [--seconds S] [--processes K] [--think T]
                [--kill-after S] [--pin]
Exit 0 when every check holds (the figures printed), 1 otherwise."""
import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webtest import Server, pg_store  # noqa: E402

TAKE_OVER_S = 10  # the bound: a killed process's tables go on within it
GIVE_UP_S = 40    # a request retried this long without an answer fails the run


class Gone(Exception):
    """No answer from that address (the process is dead, or not listening)."""


class Conn:
    """One keep-alive HTTP/1.1 connection to 127.0.0.1:port."""

    def __init__(self, port):
        self.port, self.r, self.w = port, None, None

    async def call(self, method, path, body, token):
        try:
            if self.w is None:
                self.r, self.w = await asyncio.open_connection("127.0.0.1", self.port)
            data = json.dumps(body).encode() if body is not None else b""
            head = ("%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: %d\r\n"
                    "Content-Type: application/json\r\n" % (method, path, self.port, len(data)))
            if token:
                head += "Authorization: Bearer %s\r\n" % token
            self.w.write(head.encode() + b"\r\n" + data)
            first = await asyncio.wait_for(self.r.readline(), 30)
            if not first:
                raise ConnectionError("closed")
            status, length, location = int(first.split()[1]), None, None
            while True:
                line = (await self.r.readline()).decode().strip()
                if not line:
                    break
                k, _, v = line.partition(":")
                if k.lower() == "content-length":
                    length = int(v)
                elif k.lower() == "location":
                    location = v.strip()
            payload = await self.r.readexactly(length) if length else b""
        except (OSError, ConnectionError, asyncio.IncompleteReadError, asyncio.TimeoutError,
                IndexError, ValueError) as e:
            self.close()
            raise Gone(str(e))
        return status, (json.loads(payload) if payload else None), location

    def close(self):
        if self.w:
            self.w.close()
        self.r = self.w = None


class Player:
    """A player's connections by port; its entry point, and the others to fall back on."""

    def __init__(self, ports, entry, stats):
        self.ports, self.entry, self.conns, self.stats = ports, entry, {}, stats
        self.served_by = None  # the port that answered its last table request

    def conn(self, port):
        if port not in self.conns:
            self.conns[port] = Conn(port)
        return self.conns[port]

    async def call(self, method, path, body=None, token=None):
        """(status, answer, port that answered): 307 followed (3 hops at most); no
        answer or 503: asked again, 0.2 s later, at the next process, for GIVE_UP_S.
        A POST without an answer is not sent again (it may have been applied): the
        caller reads the table anew. Raises Gone after GIVE_UP_S."""
        start, port, target = time.monotonic(), self.entry, path
        while time.monotonic() - start < GIVE_UP_S:
            hops = 0
            try:
                st, ans, loc = await self.conn(port).call(method, target, body, token)
                while st == 307 and loc and hops < 3:
                    m = re.match(r"http://127\.0\.0\.1:(\d+)(/.*)", loc)
                    hops += 1
                    self.stats["redirected"] += 1
                    st, ans, loc = await self.conn(int(m.group(1))).call(method, m.group(2),
                                                                        body, token)
                    port_answered = int(m.group(1))
                if hops == 0:
                    port_answered = port
            except Gone:
                if method == "POST" and hops == 0 and port == self.entry and \
                        path.endswith("/move"):
                    return None, None, None  # unknown whether applied
                if method == "POST" and hops and path.endswith("/move"):
                    return None, None, None
                self.entry = port = self.ports[(self.ports.index(port) + 1) % len(self.ports)]
                await asyncio.sleep(0.2)
                continue
            if st == 503:
                await asyncio.sleep(0.2)
                continue
            self.served_by = port_answered
            return st, ans, port_answered
        raise Gone("no answer for %d s: %s %s" % (GIVE_UP_S, method, path))

    def close(self):
        for c in self.conns.values():
            c.close()


async def table_loop(k, ports, deadline, stats, rng, think):
    n = len(ports)
    players = [Player(ports, ports[k % n], stats), Player(ports, ports[(k + 1) % n], stats)]
    try:
        while time.time() < deadline:
            st, t, port = await players[0].call(
                "POST", "/api/tables",
                {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human"}]})
            if st != 201:
                stats["errors"].append("create: %s %s" % (st, t))
                await asyncio.sleep(0.5)
                continue
            tokens = [s["token"] for s in t["seats"]]
            path = "/api/tables/" + t["id"]
            acked = stats["acked"].setdefault(t["id"], [])
            mover = 1
            while time.time() < deadline:
                p = players[mover - 1]
                st, v, port = await p.call("GET", path + "?picture=0", token=tokens[mover - 1])
                if st != 200:
                    stats["errors"].append("view %s: %s %s" % (t["id"], st, v))
                    break
                stats["served"][t["id"]] = port
                if v["over"]:
                    break
                if v["to_move"] != mover:
                    mover = v["to_move"]
                    continue
                move = rng.choice(v["legal"])["move"]
                if think:
                    await asyncio.sleep(think * (0.5 + rng.random()))
                    if time.time() >= deadline:
                        break
                t0 = time.perf_counter()
                st, r, port = await p.call("POST", path + "/move", {"move": move},
                                           token=tokens[mover - 1])
                if st == 200:
                    stats["lat"].append(time.perf_counter() - t0)
                    acked.append((v["length"], move))
                    stats["ok_at"].setdefault(t["id"], []).append((time.time(), port))
                    mover = 3 - mover
                elif st is None:
                    stats["unknown"] += 1  # no answer: read the table again
                else:
                    stats["errors"].append("move %s: %s %s" % (t["id"], st, r))
            stats["games"] += 1
    except Gone as e:
        stats["errors"].append(str(e))
    finally:
        for p in players:
            p.close()


async def killer(procs, after, stats):
    await asyncio.sleep(after)  # the scenario's schedule, not a wait for a state
    victim = procs[-1]
    stats["killed_port"] = victim.port
    stats["killed_at"] = time.time()
    victim.proc.kill()


async def run(procs, tables, seconds, think, kill_after):
    stats = {"lat": [], "errors": [], "games": 0, "acked": {}, "served": {}, "ok_at": {},
             "unknown": 0, "killed_at": None, "killed_port": None, "redirected": 0}
    ports = [p.port for p in procs]
    start = time.time()
    deadline = start + seconds
    rng = random.Random(1)
    jobs = [table_loop(k, ports, deadline, stats, random.Random(rng.random()), think)
            for k in range(tables)]
    if kill_after:
        jobs.append(killer(procs, kill_after, stats))
    await asyncio.gather(*jobs)
    return stats, time.time() - start


def psql(url, sql):
    return subprocess.run(["psql", "-XtA", "--dbname=" + url, "-c", sql], capture_output=True,
                          text=True, check=True).stdout


def check_moves(store, stats):
    """(lost, twice): acknowledged moves not in the database at their index; acknowledged
    moves found there more than once."""
    rows = {}
    for line in psql(store, "SELECT table_id, n, text FROM moves").splitlines():
        tid, n, text = line.split("|", 2)
        rows.setdefault(tid, {})[int(n)] = text
    lost = twice = 0
    for tid, acked in stats["acked"].items():
        have = rows.get(tid, {})
        texts = list(have.values())
        for n, move in acked:
            if have.get(n) != move:
                lost += 1
                if lost <= 5:
                    print("lost: table %s move %d %r (stored %r)" % (tid, n, move, have.get(n)))
            if texts.count(move) > 1:
                twice += 1
    return lost, twice


def take_over_times(stats):
    """For each table the killed process served when it died: seconds from the kill to
    its first move acknowledged after it (None: none)."""
    out = {}
    for tid, oks in stats["ok_at"].items():
        before = [port for at, port in oks if at < stats["killed_at"]]
        if not before or before[-1] != stats["killed_port"]:
            continue
        after = [at for at, port in oks if at >= stats["killed_at"]]
        out[tid] = after[0] - stats["killed_at"] if after else None
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("tmp")
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--think", type=float, default=0)
    ap.add_argument("--kill-after", type=float, default=0)
    ap.add_argument("--pin", action="store_true")
    a = ap.parse_args()
    if "BONES_WEB_TEST_PG_HOST" not in os.environ:
        sys.exit("multi.py: run it under tests/web/postgresql.sh")
    if not 1 <= a.processes <= 4 or (a.kill_after and a.processes < 2):
        sys.exit("multi.py: --processes 1..4; --kill-after needs 2 or more")
    store = pg_store(os.path.join(a.tmp, "db"), os.environ["BONES_WEB_TEST_PG_HOST"])
    extra = ("--agents", "1", "--tables-per-address", "0")
    procs = [Server(a.build, os.path.join(a.tmp, "p%d" % i), extra=extra, store=store)
             for i in range(a.processes)]
    if a.pin:  # the servers on CPU 0, this client on CPU 1
        for p in procs:
            subprocess.run(["taskset", "-a", "-p", "-c", "0", str(p.proc.pid)], check=True,
                           stdout=subprocess.DEVNULL)
        os.sched_setaffinity(0, {1})
    try:
        stats, took = asyncio.run(run(procs, a.tables, a.seconds, a.think, a.kill_after))
    finally:
        for i, p in enumerate(procs):  # the killed one (the last) was killed on purpose
            p.stop(kill=bool(a.kill_after) and i == len(procs) - 1)
    lat = sorted(stats["lat"])
    if not lat:
        sys.exit("multi.py: no move was played")
    q = lambda f: lat[min(len(lat) - 1, int(f * len(lat)))] * 1000  # noqa: E731
    print("processes %d, tables %d, think %.2f s, %.1f s: %d moves (%.0f moves/s), %d games, "
          "%d errors; move latency p50 %.1f ms, p99 %.1f ms, max %.1f ms"
          % (a.processes, a.tables, a.think, took, len(lat), len(lat) / took, stats["games"],
             len(stats["errors"]), q(0.5), q(0.99), lat[-1] * 1000))
    print("%d requests reached a process that did not serve their table and followed its "
          "307" % stats["redirected"])
    for e in stats["errors"][:5]:
        print("error:", e)
    failed = bool(stats["errors"])
    if a.processes > 1 and not stats["redirected"]:
        print("FAIL: no request was redirected: the tables were not played through both")
        failed = True
    if a.kill_after:
        lost, twice = check_moves(store, stats)
        times = take_over_times(stats)
        slow = {t: s for t, s in times.items() if s is None or s > TAKE_OVER_S}
        worst = max((s for s in times.values() if s is not None), default=0)
        print("kill -9 of one process after %.0f s: %d tables it served, all going on "
              "within %.1f s (bound %d s), %d not or later; %d acknowledged moves, %d lost, "
              "%d applied twice; %d moves without an answer (the kill)"
              % (a.kill_after, len(times), worst, TAKE_OVER_S, len(slow),
                 sum(len(v) for v in stats["acked"].values()), lost, twice, stats["unknown"]))
        failed |= not times or bool(slow) or lost > 0 or twice > 0
    return 1 if failed else 0


sys.exit(main())
