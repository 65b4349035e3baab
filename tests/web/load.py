"""Bounded load generator for `bones serve` (docs/web.md): starts its own server on
loopback with a fresh data folder, keeps N tables of two scripted HTTP players busy
for S seconds (a finished game is replaced by a new table), then stops everything and
reports moves per second and the p50/p99 latency of a move request.

usage: load.py BUILD_DIR [--tables N] [--seconds S] [--think T] [--data DIR] [--pin]
--think T: each player waits T seconds (uniformly 0.5 T..1.5 T) before each move, as a
person would; 0 plays flat out (the server's throughput, latency is then queueing).
--pin: the server's threads on CPU 0, this client on CPU 1 (taskset), so that they do
not share a core."""
import argparse
import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webtest import Server  # noqa: E402


class Conn:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, port):
        self.port, self.r, self.w = port, None, None

    async def call(self, method, path, body=None, token=None):
        if self.w is None:
            self.r, self.w = await asyncio.open_connection("127.0.0.1", self.port)
        data = json.dumps(body).encode() if body is not None else b""
        head = "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %d\r\nContent-Type: application/json\r\n" % (
            method, path, len(data))
        if token:
            head += "Authorization: Bearer %s\r\n" % token
        self.w.write(head.encode() + b"\r\n" + data)
        status = int((await self.r.readline()).split()[1])
        length = None
        while True:
            line = (await self.r.readline()).decode().strip()
            if not line:
                break
            k, _, v = line.partition(":")
            if k.lower() == "content-length":
                length = int(v)
        payload = await self.r.readexactly(length) if length else b""
        return status, json.loads(payload) if payload else None

    def close(self):
        if self.w:
            self.w.close()


async def table_loop(port, deadline, stats, rng, think):
    conns = [Conn(port), Conn(port)]
    try:
        while time.time() < deadline:
            st, t = await conns[0].call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human"}]})
            if st != 201:
                stats["errors"] += 1
                await asyncio.sleep(0.1)
                continue
            tokens = [s["token"] for s in t["seats"]]
            path = "/api/tables/" + t["id"]
            mover = 1
            while time.time() < deadline:
                st, v = await conns[mover - 1].call("GET", path + "?picture=0", token=tokens[mover - 1])
                if st != 200 or v["over"]:
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
                st, _ = await conns[mover - 1].call("POST", path + "/move", {"move": move}, token=tokens[mover - 1])
                stats["lat"].append(time.perf_counter() - t0)
                if st != 200:
                    stats["errors"] += 1
                mover = 3 - mover
            stats["games"] += 1
    finally:
        for c in conns:
            c.close()


async def run(port, tables, seconds, think):
    stats = {"lat": [], "errors": 0, "games": 0}
    start = time.time()
    deadline = start + seconds
    rng = random.Random(1)
    await asyncio.gather(*(table_loop(port, deadline, stats, random.Random(rng.random()), think) for _ in range(tables)))
    return stats, time.time() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=10)
    ap.add_argument("--think", type=float, default=0)
    ap.add_argument("--data")
    ap.add_argument("--pin", action="store_true")
    a = ap.parse_args()
    if not 1 <= a.tables <= 2000 or not 0 < a.seconds <= 600:
        sys.exit("load.py: --tables 1..2000, --seconds up to 600")
    tmp = a.data or tempfile.mkdtemp()
    srv = Server(a.build, os.path.join(tmp, "data"), extra=("--agents", "1", "--tables-per-address", "0"))
    if a.pin:
        subprocess.run(["taskset", "-a", "-p", "-c", "0", str(srv.proc.pid)], check=True,
                       stdout=subprocess.DEVNULL)
        os.sched_setaffinity(0, {1})
    try:
        stats, took = asyncio.run(run(srv.port, a.tables, a.seconds, a.think))
    finally:
        srv.stop()
        if not a.data:
            shutil.rmtree(tmp, ignore_errors=True)
    lat = sorted(stats["lat"])
    if not lat:
        sys.exit("load.py: no move was played")
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] * 1000  # noqa: E731
    print("think %.2f s, " % a.think, end="")
    print("tables %d, %.1f s: %d moves (%.0f moves/s), %d games, %d errors; move latency p50 %.1f ms, "
          "p99 %.1f ms, max %.1f ms" % (a.tables, took, len(lat), len(lat) / took, stats["games"],
                                         stats["errors"], p(0.5), p(0.99), lat[-1] * 1000))
    return 1 if stats["errors"] else 0


sys.exit(main())
