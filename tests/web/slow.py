"""Connections a client cannot exhaust (tests/test_web_slow.sh): many slow connections
from two addresses (headers never finished) leave the lobby to a third; the server's
threads stay bounded; a request trickled a line at a time is closed at its deadline
however often it sends; event streams wait without a thread each and all hear a move."""
import http.client
import os
import resource
import socket
import sys
import time

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
per_address = max(100, min(2500, (hard - 300) // 2))


def status(pid):
    fields = dict(line.split(":", 1) for line in open("/proc/%d/status" % pid))
    return int(fields["Threads"]), int(fields["VmRSS"].split()[0])


def lobby_from(srv, address):
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30, source_address=(address, 0))
    started = time.time()
    try:
        conn.request("GET", "/api/tables", headers={"Host": "127.0.0.1:%d" % srv.port})
        r = conn.getresponse()
        r.read()
        return r.status, time.time() - started
    except OSError as e:
        return repr(e), time.time() - started
    finally:
        conn.close()


def slow_connections(srv, address, count):
    """count connections from address, each with an unfinished request (open ones)."""
    socks = []
    for _ in range(count):
        s = socket.socket()
        s.settimeout(10)
        try:
            s.bind((address, 0))
            s.connect(("127.0.0.1", srv.port))
            s.send(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n")
            socks.append(s)
        except OSError:
            s.close()
    return socks


srv = Server(build, os.path.join(tmp, "data"))
check("the start line gives the bound port, not 0", ":%d " % srv.port in srv.start_line
      and ":0 " not in srv.start_line, srv.start_line)
held = slow_connections(srv, "127.0.0.2", per_address) + slow_connections(srv, "127.0.0.3", per_address)
st, seconds = lobby_from(srv, "127.0.0.4")
threads, rss = status(srv.proc.pid)
print("measured: %d slow connections from 2 addresses (%d tried); lobby from a third in %.3f s; "
      "server threads %d, RSS %d KiB" % (len(held), 2 * per_address, seconds, threads, rss))
check("%d slow connections from two addresses leave the lobby to a third" % len(held), st == 200, st)
check("at least 1000 slow connections were held open", len(held) >= min(1000, 2 * per_address), len(held))
check("the server's threads stay bounded (%d)" % threads, threads <= 32, threads)
for s in held:
    s.close()
srv.stop()

# a request trickled a line at a time is closed at its deadline (1 s here)
srv = Server(build, os.path.join(tmp, "data2"), env={"BONES_WEB_REQUEST_SECONDS": "1"})
s = socket.create_connection(("127.0.0.1", srv.port), timeout=30)
s.send(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n")
closed, lines = False, 0
while not closed and lines < 300:  # 300 lines of 0.1 s: the 1 s deadline is long past
    time.sleep(0.1)
    try:
        s.send(b"X-Trickle-%d: 1\r\n" % lines)
        lines += 1
        s.settimeout(0.001)
        closed = s.recv(1) == b""
    except socket.timeout:
        pass
    except OSError:
        closed = True
check("a trickled request is closed at its deadline though it sends a line every 0.1 s",
      closed, lines)
s.close()

# event streams: many open (32 an address, the cap: from 7 addresses), each waits
# without a thread, each hears a move
st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human"}]})
streams = []
for k in range(200):
    c = socket.create_connection(("127.0.0.1", srv.port), timeout=30,
                                 source_address=("127.0.0.%d" % (10 + k // 32), 0))
    c.send(b"GET /api/tables/%s/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % t["id"].encode())
    streams.append([c, b""])


def heard(stream, what):
    c = stream[0]
    while what not in stream[1]:
        data = c.recv(4096)
        if not data:
            return False
        stream[1] += data
    return True


first = [heard(x, b"event: version") for x in streams]
check("200 event streams open, each with its first event", all(first), first.count(False))
head = streams[0][1]
check("an event stream has the CSP and nosniff headers", b"Content-Security-Policy: default-src 'none'" in head
      and b"X-Content-Type-Options: nosniff" in head, head[:400])
threads, rss = status(srv.proc.pid)
print("measured: 200 event streams; server threads %d, RSS %d KiB" % (threads, rss))
check("event streams hold no thread each (%d threads)" % threads, threads <= 32, threads)
st, seconds = lobby_from(srv, "127.0.0.1")
check("the lobby answers beside 200 streams", st == 200, st)
version = int(streams[0][1].split(b"data: ")[1].split(b"\n")[0])
tok = t["seats"][0]["token"]
st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tok)
st, body, _ = srv.call("POST", "/api/tables/%s/move" % t["id"], {"move": v["legal"][0]["move"]}, token=tok)
want = b"data: %d\n" % body["version"]
check("every waiting stream hears the move", all(heard(x, want) for x in streams), body)
for c, _ in streams:
    c.close()

srv.stop()

# refused connections are logged throttled: a server with 1024 descriptors allows 224
# per address; 400 from one address are mostly refused, each once a log line
resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))
srv = Server(build, os.path.join(tmp, "data3"))
held = slow_connections(srv, "127.0.0.2", 400)
st, seconds = lobby_from(srv, "127.0.0.3")
check("over its per-address limit one address leaves the lobby to another", st == 200, st)
for s in held:
    s.close()
srv.stop()
lines = sum("libmicrohttpd" in line for line in open(os.path.join(tmp, "data3.log")))
print("measured: 400 connections from one address, limit 224: %d lines of libmicrohttpd logged" % lines)
check("libmicrohttpd's messages are throttled (%d lines)" % lines, lines <= 12, lines)
check.exit()
