"""A store that crashed or was damaged (tests/test_web_damaged.sh): a crash between a new
table's row and its deal (BONES_WEB_FAULT=after-table-row) leaves no half table and the
server starts; a move row that does not replay and a damaged page of the database file
set their tables aside (kept, marked, logged once, listed as damaged) while the server
starts, serves the others and stops on SIGTERM."""
import os
import signal
import sqlite3
import subprocess
import sys

from webtest import Checks, Server, wait_for

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
data = os.path.join(tmp, "data")
db = os.path.join(data, "bones-web.sqlite")
two = {"game": "holomino", "seats": [{"kind": "human"}, {"kind": "human"}]}
MANY = ("--tables-per-address", "0")  # 61 tables from this one address


def play(srv, t, n):
    """n moves at table t (human seats), the texts played."""
    tokens = [s["token"] for s in t["seats"]]
    for _ in range(n):
        st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tokens[0])
        if v["over"]:
            break
        tok = tokens[v["to_move"] - 1]
        st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % t["id"], token=tok)
        srv.call("POST", "/api/tables/%s/move" % t["id"], {"move": v["legal"][0]["move"]}, token=tok)


def texts(srv, tid):
    st, v, _ = srv.call("GET", "/api/tables/%s?picture=0" % tid)
    return st, [m["text"] for m in v["moves"]] if st == 200 else v


# a crash between the new table's row and its deal
srv = Server(build, data, extra=MANY)
st, kept, _ = srv.call("POST", "/api/tables", two)
play(srv, kept, 4)
srv.stop()
srv = Server(build, data, extra=MANY, env={"BONES_WEB_FAULT": "after-table-row"})
try:
    srv.call("POST", "/api/tables", two)
except Exception:
    pass
srv.proc.wait(timeout=60)
check("the fault point stops the server between the row and the deal", srv.proc.returncode == 70,
      srv.proc.returncode)
srv.stop(kill=True)
srv = Server(build, data, extra=MANY)
st, lobby, _ = srv.call("GET", "/api/tables")
check("after the crash the server starts with no half table", st == 200 and [x["id"] for x in lobby["tables"]] == [kept["id"]],
      lobby)
check("and the table before it plays on", srv.call("GET", "/api/tables/" + kept["id"])[0] == 200)

# a move row that does not replay; many tables, so that a page can be damaged later
tables = [kept] + [srv.call("POST", "/api/tables", two)[1] for _ in range(60)]
for t in tables:
    play(srv, t, 3)
before = {t["id"]: texts(srv, t["id"])[1] for t in tables}
srv.stop()
bad_row = tables[1]["id"]
con = sqlite3.connect(db)
con.execute("UPDATE moves SET text = 'zz@99,99' WHERE table_id = ? AND n = 2", (bad_row,))
con.commit()
con.close()
for attempt in range(2):
    srv = Server(build, data, extra=MANY)
    st, lobby, _ = srv.call("GET", "/api/tables")
    damaged = {x["id"] for x in lobby["tables"] if x.get("damaged")}
    check("start %d: a move row that does not replay sets its table aside, listed as damaged" % (attempt + 1),
          st == 200 and damaged == {bad_row}, damaged)
    st, body, _ = srv.call("GET", "/api/tables/" + bad_row)
    check("start %d: the damaged table answers 503, not a game cut short" % (attempt + 1), st == 503, body)
    check("start %d: the other tables are served as they were" % (attempt + 1),
          all(texts(srv, t["id"])[1] == before[t["id"]] for t in tables if t["id"] != bad_row))
    srv.stop()
log = open(data + ".log").read()
check("the damaged table is logged once over two starts", log.count("table %s: set aside" % bad_row) == 1,
      log.count("table %s: set aside" % bad_row))
con = sqlite3.connect(db)
mark = con.execute("SELECT damaged FROM tables WHERE id = ?", (bad_row,)).fetchone()[0]
check("the database keeps the table, marked", mark and "zz@99,99" in mark, mark)

# a table set aside while its game is missing comes back with its game
gone = tables[2]["id"]
con.execute("UPDATE tables SET game = 'no-such-game' WHERE id = ?", (gone,))
con.commit()
srv = Server(build, data, extra=MANY)
aside = {x["id"] for x in srv.call("GET", "/api/tables")[1]["tables"] if x.get("damaged")}
srv.stop()
con.execute("UPDATE tables SET game = 'holomino' WHERE id = ?", (gone,))
con.commit()
srv = Server(build, data, extra=MANY)
st, back = texts(srv, gone)
srv.stop()
mark = con.execute("SELECT damaged FROM tables WHERE id = ?", (gone,)).fetchone()[0]
check("a table whose game is missing is set aside, and back in play with its game, unmarked",
      gone in aside and st == 200 and back == before[gone] and mark is None, (aside, st, mark))

# a damaged page of the moves: overwritten bytes in the middle of the file
pages = [p for (p,) in con.execute("SELECT pageno FROM dbstat WHERE name = 'moves' AND pagetype = 'leaf'")]
size = con.execute("PRAGMA page_size").fetchone()[0]
con.close()
victim = pages[len(pages) // 2]
with open(db, "r+b") as f:
    f.seek((victim - 1) * size + 8)
    f.write(b"\xa5" * (size - 8))
srv = Server(build, data, extra=MANY)
st, lobby, _ = srv.call("GET", "/api/tables")
damaged = {x["id"] for x in lobby["tables"] if x.get("damaged")}
served = [t["id"] for t in tables if t["id"] not in damaged]
same = [tid for tid in served if texts(srv, tid) == (200, before[tid])]
print("measured: page %d (one of %d leaf pages of moves) damaged: %d tables set aside, %d served" % (victim, len(pages), len(damaged), len(served)))
check("with a damaged page the server starts and lists the lobby", st == 200, st)
check("tables on the damaged page are set aside", len(damaged) > 1, damaged)
check("every other table is served as it was", served and same == served, (len(same), len(served)))
check("SIGTERM stops it", srv.stop() == 0)

# a restore that never ends (BONES_WEB_FAULT=hang-restore) still stops on SIGTERM
env = dict(os.environ, BONES_PLUGIN_PATH=os.path.join(build, "lib/bones/plugins"), BONES_WEB_FAULT="hang-restore")
with open(os.path.join(tmp, "hang.log"), "w+") as log:
    proc = subprocess.Popen([os.path.join(build, "bin/bones"), "serve", "--listen", "127.0.0.1:0", "--data", data],
                            stdout=subprocess.DEVNULL, stderr=log, env=env)
    wait_for(lambda: "restoring forever" in open(log.name).read(), 60, "the restore to hang")
    proc.send_signal(signal.SIGTERM)
    try:
        code = proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = "still running"
check("SIGTERM stops a server whose restore hangs", code == 1, code)
check.exit()
