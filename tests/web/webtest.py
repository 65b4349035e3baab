"""Helpers for the `bones serve` tests: start a server on a free loopback port with its
own data folder, call the JSON API, stop it (gracefully or with kill -9). Under
tests/web/postgresql.sh (BONES_WEB_TEST_PG_HOST set) every server keeps its store in
that PostgreSQL server, a database for each data folder."""
import atexit
import glob
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request


def pg_tool_env():
    """The environment for PostgreSQL's own tools: without the sanitizer runtimes that a
    sanitizer build's tests preload into python3 (tests/python_common.sh), under which
    createdb hangs."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    return env


def pg_store(data, host):
    """The --store URL of data's own database in the PostgreSQL server whose socket is in
    the folder host (tests/web/postgresql.sh), created when it is not there yet."""
    name = "t_" + hashlib.sha1(os.path.abspath(data).encode()).hexdigest()[:20]
    made = subprocess.run(["createdb", "-h", host, "-U", "bones", name],
                          capture_output=True, text=True, env=pg_tool_env())
    if made.returncode and "already exists" not in made.stderr:
        raise SystemExit("FAIL: createdb %s: %s" % (name, made.stderr.strip()))
    return "postgresql://bones@/%s?host=%s" % (name, host)


def stored_bytes(srv):
    """All that srv (stopped) keeps: its data folder's files, and under
    tests/web/postgresql.sh its database as pg_dump writes it."""
    blob = b"".join(open(p, "rb").read() for p in glob.glob(srv.data + "/*")
                    if os.path.isfile(p))
    if srv.store:
        blob += subprocess.run(["pg_dump", "--dbname=" + srv.store], capture_output=True,
                               check=True, env=pg_tool_env()).stdout
    return blob


class Server:
    """clock: a file the server's clocks read the time from (BONES_WEB_TEST_CLOCK), in
    milliseconds; set_clock advances it, so no test waits for a clock. cwd: the server's
    working folder (default: the test's). store: its --store URL; by default data's own
    database under tests/web/postgresql.sh, else none (the SQLite file in data)."""
    def __init__(self, build, data, rate="0", extra=(), clock=None, env=None, cwd=None,
                 store=None):
        self.build, self.data, self.clock = build, data, clock
        extra_env, env = env, dict(os.environ, BONES_PLUGIN_PATH=os.path.join(build, "lib/bones/plugins"))
        env.update(extra_env or {})  # may name other plugin folders
        if clock:
            if not os.path.exists(clock):
                self.set_clock(1000000)
            env["BONES_WEB_TEST_CLOCK"] = clock
        self.log = open(os.path.join(data + ".log"), "a")
        if store is None and os.environ.get("BONES_WEB_TEST_PG_HOST"):
            store = pg_store(data, os.environ["BONES_WEB_TEST_PG_HOST"])
        self.store = store
        self.proc = subprocess.Popen(
            [os.path.join(build, "bin/bones"), "serve", "--listen", "127.0.0.1:0",
             "--data", data, "--rate", rate, *(("--store", store) if store else ()), *extra],
            stdout=subprocess.PIPE, stderr=self.log, env=env, text=True, cwd=cwd)
        atexit.register(self._reap)  # a failing test leaves no server behind
        line = self.start_line = self.proc.stdout.readline()
        if "port " not in line:
            raise SystemExit("FAIL: the server did not start: %r (log %s.log)" % (line, data))
        self.port = int(line.split("port ")[1].split(")")[0])
        self.base = "http://127.0.0.1:%d" % self.port

    def set_clock(self, ms):
        """The test clock reads ms from now on (written whole: a reader never sees half)."""
        with open(self.clock + ".new", "w") as f:
            f.write("%d\n" % ms)
        os.replace(self.clock + ".new", self.clock)

    def now(self):
        return int(open(self.clock).read())

    def call(self, method, path, body=None, token=None, raw=None, headers=None):
        """(status, parsed JSON or text, headers) of one request."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", "Bearer " + token)
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                status, text, hdrs = r.status, r.read().decode(), r.headers
        except urllib.error.HTTPError as e:
            status, text, hdrs = e.code, e.read().decode(), e.headers
        try:
            return status, json.loads(text), hdrs
        except ValueError:
            return status, text, hdrs

    def _reap(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self, kill=False):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            self.proc.wait(timeout=30)
        self.proc.stdout.close()
        self.log.close()
        text = open(self.data + ".log").read()
        for sign in ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:"):
            if sign in text:
                at = text.index(sign)
                raise SystemExit("FAIL: the server's log has a sanitizer report:\n" + text[max(0, at - 200):at + 3000])
        if not kill and self.proc.returncode != 0:
            raise SystemExit("FAIL: the server exited with status %d" % self.proc.returncode)
        return self.proc.returncode


def wait_for(fn, seconds=30, what="a condition"):
    end = time.time() + seconds
    while time.time() < end:
        v = fn()
        if v:
            return v
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


class Checks:
    def __init__(self):
        self.fails = 0

    def __call__(self, what, ok, detail=""):
        print(("ok: " if ok else "FAIL: ") + what + ("" if ok else " " + str(detail)[:400]))
        sys.stdout.flush()
        if not ok:
            self.fails += 1

    def exit(self):
        sys.exit(1 if self.fails else 0)
