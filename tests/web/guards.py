"""What a server facing the Internet refuses or keeps (tests/test_web_guards.sh): text
that is not UTF-8 (400 naming the field), names cut on character boundaries only,
cross-site changes (Content-Type, Origin, Sec-Fetch-Site), a foreign Host, install paths
in errors, a join of a seat the table lacks, and versions that never go back across a
restart."""
import http.client
import json
import os
import sys

from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
srv = Server(build, data)
two = {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human", "open": True}]}


def raw(method, path, body=b"", headers=None):
    """(status, body bytes, headers) of a request with exactly these headers."""
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
    c.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
    for k, v in (headers or {}).items():
        c.putheader(k, v)
    c.putheader("Content-Length", str(len(body)))
    c.endheaders(body)
    r = c.getresponse()
    out = (r.status, r.read(), r.headers)
    c.close()
    return out


host = "127.0.0.1:%d" % srv.port
js = {"Host": host, "Content-Type": "application/json"}

# UTF-8: raw bytes refused naming the field; a long name cut on a character boundary
bad = b'{"game": "holomino", "seats": [{"kind": "human", "name": "Ann\xff\xfe"}, {"kind": "human"}]}'
st, body, _ = raw("POST", "/api/tables", bad, js)
reply = json.loads(body)
check("a name that is not UTF-8 is a 400 naming its field", st == 400 and reply.get("field") == "seats[0].name", body)
st, body, _ = raw("POST", "/api/tables", b'{"game": "holo\xc3"}', js)
check("any text field that is not UTF-8 is refused", st == 400 and json.loads(body).get("field") == "game", body)
st, body, _ = raw("POST", "/api/tables", b'{"game": "holomino", "x\xe9": 1}', js)
check("a member name that is not UTF-8 is refused", st == 400, body)
long_name = "a" * 62 + "\u00e9" + "b"  # 65 bytes: the accent spans bytes 63 and 64
st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [{"kind": "human", "name": long_name}, {"kind": "human"}]})
check("a long name is cut before a character, never inside one", st == 201 and t["seats"][0]["name"] == "a" * 62, t)
st, body, _ = raw("GET", "/api/tables", headers={"Host": host})
try:
    body.decode("utf-8")
    utf8 = True
except UnicodeDecodeError:
    utf8 = False
check("the lobby is UTF-8", st == 200 and utf8, body[:200])
st, j, _ = srv.call("POST", "/api/tables", two)
st, body, _ = raw("POST", "/api/tables/%s/join" % j["id"], b'{"name": "Bob\xc3\x28"}', js)
check("a join's name that is not UTF-8 is refused", st == 400 and json.loads(body).get("field") == "name", body)

# a seat the table lacks
st, body, _ = srv.call("POST", "/api/tables/%s/join" % j["id"], {"seat": 3})
check("joining seat 3 of a 2-seat table says no such seat", st == 400 and "no such seat" in body["error"]
      and body.get("field") == "seat", body)

# cross-site changes
st, body, _ = raw("POST", "/api/tables", b'{"game": "holomino"}', {"Host": host, "Content-Type": "text/plain"})
check("a change without Content-Type: application/json is refused (415)", st == 415, body)
st, body, _ = raw("POST", "/api/tables", b'{"game": "holomino"}', {"Host": host})
check("a change without a Content-Type is refused", st == 415, body)
st, body, _ = raw("POST", "/api/tables", b'{"game": "holomino"}', dict(js, Origin="http://evil.example"))
check("a change from another origin is refused (403)", st == 403, body)
st, body, _ = raw("POST", "/api/tables/%s/join" % j["id"], b'{}', dict(js, Origin="null"))
check("a join from an opaque origin is refused", st == 403, body)
st, body, _ = raw("POST", "/api/tables", b'{"game": "holomino"}', dict(js, **{"Sec-Fetch-Site": "cross-site"}))
check("a change that the browser says is cross-site is refused", st == 403, body)
st, body, _ = raw("POST", "/api/tables", b'{"game": "holomino"}', dict(js, Origin="http://" + host,
                                                                      **{"Sec-Fetch-Site": "same-origin"}))
check("a change from the server's own origin is accepted", st == 201, body)

# Host
st, body, _ = raw("GET", "/api/tables", headers={"Host": "evil.example:%d" % srv.port})
check("a foreign Host is refused (421)", st == 421, st)
st, body, _ = raw("GET", "/api/tables", headers={"Host": "localhost:%d" % srv.port})
check("localhost is this loopback server's name", st == 200, st)
named = Server(build, os.path.join(tmp, "named"), extra=("--host-name", "bones.example.org"))
c = http.client.HTTPConnection("127.0.0.1", named.port, timeout=30)
c.request("GET", "/api/tables", headers={"Host": "bones.example.org"})
r = c.getresponse()
r.read()
check("--host-name adds a name", r.status == 200, r.status)
named.stop()

# X-Forwarded-For names the client only from the trusted proxy (rate 1: bursts of 4)
for trusted in (True, False):
    extra = ("--trusted-proxy", "127.0.0.1") if trusted else ()
    proxied = Server(build, os.path.join(tmp, "proxied%d" % trusted), rate="1", extra=extra)
    codes = [proxied.call("GET", "/api/tables", headers={"X-Forwarded-For": "10.0.0.1, 192.0.2.1"})[0]
             for _ in range(6)]
    other = proxied.call("GET", "/api/tables", headers={"X-Forwarded-For": "10.0.0.1, 192.0.2.2"})[0]
    proxied.stop()
    if trusted:
        check("behind the trusted proxy each forwarded address has its own rate", 429 in codes and other == 200,
              (codes, other))
    else:
        check("from anyone else X-Forwarded-For is ignored", 429 in codes and other == 429, (codes, other))

# no install or data folder in an error
st, body, _ = srv.call("POST", "/api/tables", {"game": "geominos", "options": {"tiles": "geominos/board.ini"}})
check("an error names a file without the server's folders", st == 400 and "/" not in body["error"]
      and os.path.dirname(build) not in body["error"]
      and "/configs/" not in body["error"], body)

# versions never go back across a restart
tok = t["seats"][0]["token"]
st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tok)
st, moved, _ = srv.call("POST", "/api/tables/%s/move" % t["id"], {"move": v["legal"][0]["move"]}, token=tok)
before = moved["version"]
srv.stop()
srv = Server(build, data)
st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % t["id"])
check("the version does not go back after a restart", v["version"] > before, (before, v["version"]))
srv.stop()
check.exit()
