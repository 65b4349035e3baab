"""An engine for tests/web/tourney_live.py: `bones engine --agent random` behind a gate.
It answers genmove only while the moves it made are fewer than the number in the gate
file (the test raises it), writing "waiting N" into GATE_FILE.at when it waits with N
moves made, so a game stays in progress for as long as the test needs,
without any wall-clock wait. Usage: gate_engine.py GATE_FILE BONES"""
import os
import subprocess
import sys
import time

gate, bones = sys.argv[1], sys.argv[2]
engine = subprocess.Popen([bones, "engine", "--agent", "random"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True, bufsize=1)
moves = 0


def allowed():
    try:
        with open(gate) as f:
            return int(f.read().strip() or 0)
    except (OSError, ValueError):
        return 0


for line in sys.stdin:
    if line.startswith("genmove"):
        if allowed() <= moves:
            with open(gate + ".at.new", "w") as f:
                f.write("waiting %d\n" % moves)
            os.replace(gate + ".at.new", gate + ".at")
        while allowed() <= moves:  # the test opens the gate: wait for that event
            time.sleep(0.02)
        moves += 1
    engine.stdin.write(line)
    engine.stdin.flush()
    reply = engine.stdout.readline()
    while reply.startswith("info"):
        reply = engine.stdout.readline()
    sys.stdout.write(reply)
    sys.stdout.flush()
    if not reply:
        break
