"""Hidden information stays on the server (tests/test_web_hidden.sh). "dominoes": two
people play draw dominoes to the end; at every turn neither seat's responses (view,
record request, lobby) name a tile of the other's hand. "hegemino-chaos": the removed
dominoes, hidden from everyone, are masked in every seat's and the spectator's view all
game long (the record at the end tells which entries they were)."""
import os
import random
import re
import subprocess
import sys

from webtest import Checks, Server

build, tmp = sys.argv[1], sys.argv[2]
check = Checks()
srv = Server(build, os.path.join(tmp, "data"))
game = sys.argv[3] if len(sys.argv) > 3 else "dominoes"


def chaos():
    st, t, _ = srv.call("POST", "/api/tables", {"game": "hegemino-chaos", "seats": [{"kind": "human"}, {"kind": "human"}]})
    check("a Hegemino Chaos table for two people", st == 201, t)
    tid, tokens = t["id"], [s["token"] for s in t["seats"]]
    rng = random.Random(5)
    seen = []  # (viewer, moves) of every view during the game
    for turn in range(2000):
        views = [srv.call("GET", "/api/tables/" + tid, token=tok)[1] for tok in tokens]
        views.append(srv.call("GET", "/api/tables/" + tid)[1])
        seen += [(i, v["moves"]) for i, v in enumerate(views)]
        if views[0]["over"]:
            break
        mover = views[0]["to_move"]
        st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": rng.choice(views[mover - 1]["legal"])["move"]},
                               token=tokens[mover - 1])
        if st != 200:
            check("every move is accepted", False, body)
            break
    check("the game was played to its end (%d turns)" % turn, views[0]["over"])
    st, rec, _ = srv.call("GET", "/api/tables/%s/record" % tid)
    entries = dict((int(n), text) for n, _, text in re.findall(r"^(\d+)\. (\S+) (\S+)", rec, re.M))
    removed = [n for n, text in entries.items() if text.startswith("remove")]
    check("the record names the removals (%d)" % len(removed), len(removed) > 0, rec[:300])
    shown = [(viewer, m) for viewer, moves in seen for m in moves if m["n"] in removed and "?" not in m["text"]]
    check("no view ever showed a removal, to a seat or a spectator", not shown, shown[:5])
    masked = sum(1 for viewer, moves in seen for m in moves if m["n"] in removed)
    check("the removals are in the views, masked (%d times)" % masked, masked > 0)


if game == "hegemino-chaos":
    chaos()
    srv.stop()
    check.exit()
st, t, _ = srv.call("POST", "/api/tables", {"game": game, "options": {"variant": "draw", "players": 2},
                                            "seats": [{"kind": "human"}, {"kind": "human"}]})
check("a draw dominoes table for two people", st == 201, t)
tid, tokens = t["id"], [s["token"] for s in t["seats"]]
TILE = re.compile(r"(\d)-(\d)")


def hand(view, seat):
    """The tiles seat holds, from its own view: dealt or drawn to it, not yet played."""
    got, played = [], set()
    for m in view["moves"]:
        tiles = TILE.findall(m["text"])
        if m["seat"] == 0 and tiles and "?" not in m["text"]:
            got += [tuple(sorted(x)) for x in tiles]
        elif m["seat"] == seat:
            played |= {tuple(sorted(x)) for x in tiles}
    return {x for x in got if x not in played}


def leaks(text, tiles):
    return [a + "-" + b for a, b in tiles if a + "-" + b in text or b + "-" + a in text]


rng = random.Random(7)
turns, leaked, own_ok = 0, [], True
while turns < 400:
    views = []
    for s in (1, 2):
        st, v, _ = srv.call("GET", "/api/tables/" + tid, token=tokens[s - 1])
        views.append(v)
    hands = [hand(views[0], 1), hand(views[1], 2)]
    own_ok &= bool(hands[0] or views[0]["over"]) and bool(hands[1] or views[1]["over"])
    for s in (1, 2):
        other = hands[2 - s]
        v = dict(views[s - 1])
        v.pop("svg")
        text = str(v)
        st, rec, _ = srv.call("GET", "/api/tables/%s/record" % tid, token=tokens[s - 1])
        if not views[0]["over"]:
            text += str(rec)
        bad = leaks(text, other)
        if bad:
            leaked.append((turns, s, bad))
    if views[0]["over"]:
        break
    mover = views[0]["to_move"]
    legal = views[mover - 1]["legal"]
    other_legal = views[2 - mover]["legal"]
    if other_legal:
        leaked.append((turns, "legal moves shown to the seat not to move"))
    st, body, _ = srv.call("POST", "/api/tables/%s/move" % tid, {"move": rng.choice(legal)["move"]},
                           token=tokens[mover - 1])
    if st != 200:
        leaked.append((turns, "move refused", body))
        break
    turns += 1
# the replay of the finished game: every past position masks what the viewer could not see
bad = []
for s in (1, 2):
    st, end, _ = srv.call("GET", "/api/tables/%s?picture=0" % tid, token=tokens[s - 1])
    for at in range(0, end["length"] + 1, 3):
        st, past, _ = srv.call("GET", "/api/tables/%s?picture=0&at=%d" % (tid, at), token=tokens[s - 1])
        if past["moves"] != end["moves"][:at] or past["legal"]:
            bad.append((s, at))
check("replayed positions show each seat only what it saw", not bad, bad[:5])


def svg_of_record(lines, name, viewer=2):
    """`bones render --svg --viewer V` of a record's text (the picture code the server
    uses), as bytes."""
    path = os.path.join(tmp, name)
    with open(path + ".rec", "w") as f:
        f.write("\n".join(lines) + "\n")
    env = dict(os.environ, BONES_PLUGIN_PATH=os.path.join(build, "lib/bones/plugins"))
    subprocess.run([os.path.join(build, "bin/bones"), "render", path + ".rec", "--svg", path + ".svg",
                    "--size", "900x600", "--viewer", str(viewer)], env=env, check=True, capture_output=True)
    return open(path + ".svg", "rb").read()


def normal(svg):
    return re.sub(r'(id="|href="#)[a-z]+\d+', r"\1x", svg if isinstance(svg, str) else svg.decode())


def weight(tile):
    """The plugin's lead order (plugins/dominoes/dominoes.c): doubles first, then pips,
    then the higher half."""
    lo, hi = sorted(int(x) for x in tile)
    return 100 + lo if lo == hi else (lo + hi) * 8 + hi


def swap_hidden(cut, hidden):
    """cut (the record's deal) with one of seat 1's tiles (entries hidden) swapped for one
    still in the boneyard, so that the positions differ only in what seat 2 may not see:
    the holder of the best tile dealt leads (public), so neither the tile swapped out
    nor the one swapped in is the best. None when no such swap exists."""
    dealt = {tuple(sorted(t)) for x in cut for t in TILE.findall(x)}
    best = max(dealt, key=weight)
    spares = [(a, b) for a in "0123456" for b in "0123456"
              if a <= b and (a, b) not in dealt and weight((a, b)) < weight(best)]
    for i in hidden:
        if spares and tuple(sorted(TILE.findall(cut[i])[0])) != best:
            swapped = list(cut)
            swapped[i] = re.sub(r"\d-\d", "%s-%s" % spares[0], swapped[i])
            return swapped
    return None


def seat2_blind(head, cut, hidden, name):
    """Seat 2's picture of the deal does not change when one of seat 1's hidden tiles is
    swapped, while seat 1's does; returns seat 2's picture."""
    swapped = swap_hidden(cut, hidden)
    check(name + ": a swap that keeps the lead exists", swapped is not None and swapped != cut)
    if swapped is None:
        return b""
    first = svg_of_record(head + cut, name)
    check(name + ": seat 2's picture does not change with seat 1's hidden tiles",
          first == svg_of_record(head + swapped, name + "-swapped"))
    check(name + ": (while seat 1's own picture shows the swap)",
          svg_of_record(head + cut, name + "1", 1) != svg_of_record(head + swapped, name + "-swapped1", 1))
    return first


# The pictures: seat 2's SVG of the position after the deal must not depend on seat 1's
# hidden tiles. The record cut after the deal, and the same with one of seat 1's tiles
# swapped for one still in the boneyard, drawn for seat 2, must be the same picture; and
# it is the server's picture of that position for seat 2.
st, rec, _ = srv.call("GET", "/api/tables/%s/record" % tid)
lines = rec.splitlines()
head = [re.sub(r'^\[Result ".*"\]$', '[Result "*"]', x) for x in lines if not re.match(r"^\d+\. ", x)]
moves = [x for x in lines if re.match(r"^\d+\. ", x)]
k = next(i for i, x in enumerate(moves) if " chance " not in x)
st, seat2, _ = srv.call("GET", "/api/tables/%s?w=900&h=600&at=%d" % (tid, k), token=tokens[1])
hidden = [i for i, m in enumerate(seat2["moves"]) if "?" in m["text"]]
first = seat2_blind(head, moves[:k], hidden, "cut")
check("and it is the server's picture for seat 2", normal(seat2["svg"]) == normal(first))
# The server's seeds are its own: the case where seat 1's first tile is the best one
# dealt (then a careless swap moves the lead, a public change) comes up by chance (1 in
# 15 or so); this deal (seat 1 gets 6-6 first, seat 2 holds the next best, 2-2) is that
# case always.
FIXED = ["6-6", "2-3", "0-2", "1-2", "2-4", "4-6", "1-5", "1-6", "0-4", "2-2", "0-5", "1-4", "1-1", "0-1"]
if k == len(FIXED):
    seat2_blind(head, [re.sub(r"\d-\d", t, x) for x, t in zip(moves[:k], FIXED)], hidden, "fixed")
else:
    check("a deal of 14 tiles for the fixed case", False, k)
st, lobby, _ = srv.call("GET", "/api/tables")
check("each seat sees its own hand", own_ok)
check("the game was played to its end (%d moves)" % turns, views[0]["over"], views[0]["status"])
check("no response to a seat names a tile of the other's hand", not leaked, leaked[:5])
st, sv, _ = srv.call("GET", "/api/tables/" + tid)
check("a spectator's move list masks every deal", st == 200 and all(
    "?" in m["text"] for m in sv["moves"] if m["text"].startswith(("deal", "draw:"))), sv["moves"][:6])
srv.stop()
check.exit()
