"""Accounts of `bones serve` (tests/test_web_accounts.sh): creating one, log in and out,
changing the password, the player's page; the session cookie's attributes; bad input's
errors; one account cannot act for another; log-ins throttled per name and per address
(the test clock, no waiting); no password or session token in clear in the database or
the server's log."""
import os
import sys

from webtest import Checks, Server, stored_bytes

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
clock = os.path.join(tmp, "clock")
srv = Server(build, data, clock=clock)
ANN, BOB, CARL = "correct horse 1", "battery staple 2", "tr0ub4dor&3 carl"
secrets = [ANN, BOB, CARL]


def cookie_of(headers):
    c = headers.get("Set-Cookie") or ""
    return c, c.split(";")[0].split("=", 1)[1] if "=" in c else ""


def as_(token):
    return {"Cookie": "bones_session=" + token} if token else {}


def call(method, path, body=None, token=None, **kw):
    return srv.call(method, path, body, headers=dict(as_(token), **kw.get("headers", {})),
                    raw=kw.get("raw"))


# creating an account: logged in at once, the cookie's attributes
st, r, h = call("POST", "/api/accounts", {"name": "Ann", "password": ANN})
cookie, ann = cookie_of(h)
check("an account is created and logged in", st == 201 and r == {"name": "Ann"} and len(ann) == 48, (st, r))
attrs = [a.strip() for a in cookie.split(";")]
check("the cookie is HttpOnly, SameSite=Lax, Path=/, not Secure on plain http",
      "HttpOnly" in attrs and "SameSite=Lax" in attrs and "Path=/" in attrs and "Secure" not in attrs, cookie)
secrets.append(ann)
st, r, _ = call("GET", "/api/account", token=ann)
check("the session says who is logged in", st == 200 and r == {"name": "Ann"}, r)
st, r, _ = call("GET", "/api/account")
check("without a session: 401", st == 401, r)
st, r, _ = call("POST", "/api/accounts", {"name": "aNN", "password": "another one 9"})
check("a taken name (any case) is refused", st == 409 and r.get("field") == "name", r)

# bad input: clear errors naming the field
for body, field, what in [({"name": "", "password": ANN}, "name", "an empty name"),
                          ({"name": "ab", "password": ANN}, "name", "a name too short"),
                          ({"name": "x" * 25, "password": ANN}, "name", "a name too long"),
                          ({"name": "a b", "password": ANN}, "name", "a space in a name"),
                          ({"name": "_ann", "password": ANN}, "name", "a name from '_'"),
                          ({"name": "Änne", "password": ANN}, "name", "a name not in a-z"),
                          ({"password": ANN}, "name", "no name"),
                          ({"name": "Dora", "password": 12345678}, "password", "a number as password"),
                          ({"name": "Dora", "password": "short"}, "password", "a short password"),
                          ({"name": "Dora", "password": "p" * 201}, "password", "a password too long")]:
    st, r, _ = call("POST", "/api/accounts", body)
    check("%s: 400 naming %s" % (what, field), st == 400 and r.get("field") == field and r.get("error"), r)
st, r, _ = call("POST", "/api/accounts", raw=b"{\"name\": ")
check("broken JSON: 400 saying so", st == 400 and r["error"].startswith("bad JSON"), r)
st, r, _ = call("POST", "/api/login", raw=b"[1]")
check("a JSON array: 400 expected an object", st == 400 and "object" in r["error"], r)

# log in, the player's page
st, r, _ = call("POST", "/api/login", {"name": "ann", "password": "wrong password"})
check("a wrong password: 403", st == 403 and "wrong" in r["error"], r)
st, r, h = call("POST", "/api/login", {"name": "ann", "password": ANN})
ann2 = cookie_of(h)[1]
secrets.append(ann2)
check("log in (any case) gives a new session under the account's own name",
      st == 200 and r == {"name": "Ann"} and ann2 and ann2 != ann, r)
st, r, _ = call("GET", "/api/players/ann")
check("the player's page: name, created, games; nothing secret",
      st == 200 and r.get("name") == "Ann" and r.get("created", 0) > 0 and r.get("games") == []
      and set(r) == {"name", "created", "games", "ratings", "preset_ratings", "records", "history"}, r)
st, r, _ = call("GET", "/api/players/nobody")
check("an unknown player: 404", st == 404, r)

# one account cannot act for another
st, r, h = call("POST", "/api/accounts", {"name": "Bob", "password": BOB})
bob = cookie_of(h)[1]
secrets.append(bob)
st, r, _ = call("POST", "/api/password", {"old": ANN, "new": "bob took it 1"}, token=bob)
check("Bob's session with Ann's password changes no password", st == 403 and r.get("field") == "old", r)
st, r, _ = call("POST", "/api/password", {"old": ANN, "new": "nobody took it 1"})
check("changing a password needs a session", st == 401, r)
st, r, _ = call("POST", "/api/logout", {"name": "Ann"}, token=bob)
check("Bob logs out", st == 200 and "Max-Age=0" in (_.get("Set-Cookie") or ""), r)
st, r, _ = call("GET", "/api/account", token=ann)
check("Ann's session lives on after Bob's log out", st == 200 and r["name"] == "Ann", r)
st, r, _ = call("GET", "/api/account", token=bob)
check("Bob's session is gone", st == 401, r)
st, r, _ = call("POST", "/api/logout")
check("log out without a session: 401", st == 401, r)

# changing the password ends the account's other sessions
NEW = "a new password 4"
secrets.append(NEW)
st, r, _ = call("POST", "/api/password", {"old": ANN, "new": "short"}, token=ann)
check("a short new password: 400 naming new", st == 400 and r.get("field") == "new", r)
st, r, _ = call("POST", "/api/password", {"old": ANN, "new": NEW}, token=ann)
check("Ann changes her password", st == 200, r)
check("her other session ended, this one lives",
      call("GET", "/api/account", token=ann2)[0] == 401 and call("GET", "/api/account", token=ann)[0] == 200)
st, r, _ = call("POST", "/api/login", {"name": "Ann", "password": ANN})
check("the old password no longer logs in", st == 403, r)
st, r, h = call("POST", "/api/login", {"name": "Ann", "password": NEW})
check("the new one does", st == 200, r)
secrets.append(cookie_of(h)[1])

# throttling per name: the 6th attempt waits, even with the right password
call("POST", "/api/accounts", {"name": "Carl", "password": CARL})
for i in range(5):
    st, r, _ = call("POST", "/api/login", {"name": "carl", "password": "guess %d" % i})
check("five wrong passwords: 403", st == 403, r)
st, r, h = call("POST", "/api/login", {"name": "Carl", "password": CARL})
check("then even the right one waits: 429 with Retry-After",
      st == 429 and h.get("Retry-After") == "60" and "try again" in r["error"], (st, r, dict(h)))
check("Ann (another name) still logs in", call("POST", "/api/login", {"name": "Ann", "password": NEW})[0] == 200)
srv.set_clock(srv.now() + 61000)
st, r, _ = call("POST", "/api/login", {"name": "Carl", "password": CARL})
check("after the wait Carl logs in", st == 200, r)

# throttling per address: many names tried from one address
first = None
for i in range(25):
    st, r, h = call("POST", "/api/login", {"name": "user%d" % i, "password": "guess it"})
    if st == 429:
        first = i
        break
check("guessing many names from one address ends in 429", first is not None and first <= 20, first)
st, r, h = call("POST", "/api/login", {"name": "Ann", "password": NEW})
check("then the address waits even for a right password", st == 429 and int(h.get("Retry-After", 0)) > 0, r)
srv.set_clock(srv.now() + 16 * 60000)
check("and logs in after the wait", call("POST", "/api/login", {"name": "Ann", "password": NEW})[0] == 200)

# expiry; a request from another site
srv.set_clock(srv.now() + 31 * 86400000)
check("a session expires after 30 days", call("GET", "/api/account", token=ann)[0] == 401)
st, r, _ = call("POST", "/api/login", {"name": "Ann", "password": NEW}, headers={"Origin": "http://evil.example"})
check("a log-in from another site's page is refused", st == 403, r)

# a seat taken while logged in: "my games" and the player's page list it on any device
st, r, h = call("POST", "/api/login", {"name": "Bob", "password": BOB})
bob = cookie_of(h)[1]
secrets.append(bob)
st, t, _ = srv.call("POST", "/api/tables", {"game": "holomino", "seats": [
    {"kind": "human", "name": "Ann"}, {"kind": "human", "open": True}]})
st, j, _ = call("POST", "/api/tables/%s/join" % t["id"], {"name": "Bob"}, token=bob)
check("Bob takes the open seat logged in", st == 200 and j.get("seat") == 2, j)
st, r, h = call("POST", "/api/login", {"name": "Bob", "password": BOB})
other = cookie_of(h)[1]  # another device: no token of its own
secrets.append(other)
st, r, _ = call("POST", "/api/mine", {"tables": []}, token=other)
got = [(x["id"], x["seat"], x.get("token")) for x in r.get("tables", [])]
check("my games on another device lists Bob's seat with its token", st == 200 and got == [(t["id"], 2, j["token"])], r)
ann = cookie_of(call("POST", "/api/login", {"name": "Ann", "password": NEW})[2])[1]
secrets.append(ann)
st, r, _ = call("POST", "/api/mine", {"tables": []}, token=ann)
check("Ann's session does not list Bob's seat", st == 200 and r["tables"] == [], r)
st, r, _ = call("POST", "/api/mine", {"tables": []})
check("without a session my games lists nothing", st == 200 and r["tables"] == [], r)
st, r, _ = call("GET", "/api/players/bob")
check("Bob's page lists the table", st == 200 and [g["id"] for g in r["games"]] == [t["id"]], r)

# after a restart the accounts are kept; no secret in clear in the files or the log
srv.stop()
srv = Server(build, data, clock=clock)
st, r, h = call("POST", "/api/login", {"name": "Ann", "password": NEW})
check("after a restart Ann logs in", st == 200, r)
srv.stop()
blob = stored_bytes(srv)
log = open(data + ".log", "rb").read()
check("the database holds Argon2id strings", b"$argon2id$" in blob)
leaks = [s for s in secrets if s.encode() in blob or s.encode() in log]
check("no password or session token in clear in the database or the log", not leaks, leaks)

# behind the trusted proxy (TLS) the cookie is Secure
srv = Server(build, data, clock=clock, extra=("--trusted-proxy", "127.0.0.1"))
st, r, h = call("POST", "/api/login", {"name": "Bob", "password": BOB})
check("behind --trusted-proxy the cookie is Secure", st == 200 and "; Secure" in cookie_of(h)[0], h.get("Set-Cookie"))
srv.stop()
check.exit()
