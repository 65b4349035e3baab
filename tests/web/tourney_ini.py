"""The Swiss of the tournament tests (tests/web/tourney.py, browser_tourney.py): three
rounds across two games (block and draw dominoes for two), the server's greedy agent;
people join. And the standings with their tiebreaks that the tournament library's
rules give for a tournament's results (ported from core/src/tourney/tiebreak.c)."""


def swiss(name):
    return """[tourney]
name = %s
format = swiss
rounds = 3
seed = 7
[game.block]
preset = dominoes
count = 1
[game.draw]
preset = dominoes-draw
players = 2
count = 1
[player.greedy]
agent = greedy
""" % name


def standings(people, done):
    """Points, Buchholz, Sonneborn-Berger and median Buchholz (tiebreak.c) by index in
    people of the results done (the API's), and the order they give (ties: the index)."""
    idx = {n: i for i, n in enumerate(people)}
    n = len(people)
    pts = [0.0] * n
    for g in done:
        for who, p in zip(g["players"], g["points"]):
            pts[idx[who]] += p
    bh, sb, opp = [0.0] * n, [0.0] * n, [[] for _ in range(n)]
    for g in done:
        if len(g["players"]) < 2:
            continue
        for i, a in enumerate(g["players"]):
            for j, b in enumerate(g["players"]):
                if i == j:
                    continue
                res = 1 if g["points"][i] > g["points"][j] else 0.5 if g["points"][i] == g["points"][j] else 0
                bh[idx[a]] += pts[idx[b]]
                sb[idx[a]] += res * pts[idx[b]]
                opp[idx[a]].append(pts[idx[b]])
    mb = [sum(v) - min(v) - max(v) if len(v) >= 3 else sum(v) for v in opp]
    order = sorted(range(n), key=lambda i: (-pts[i], -bh[i], -sb[i], -mb[i], i))
    return pts, bh, sb, mb, order
