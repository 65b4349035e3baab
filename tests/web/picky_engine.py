"""An engine for tests/web/bot_events.py that fails in one game only: `picky_engine.py
GAME ENGINE...` runs ENGINE (a real one) and passes each line to it and each reply
back, but once a `new` line names GAME it exits with status 4 at its first genmove.
So one bot playing two games at once loses one to its engine and plays the other."""
import subprocess
import sys

crash_on, real = sys.argv[1], sys.argv[2:]
engine = subprocess.Popen(real, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
doomed = False
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "new":
        doomed = words[1] == crash_on
    if words[0] == "genmove" and doomed:
        engine.kill()
        sys.exit(4)
    engine.stdin.write(line if line.endswith("\n") else line + "\n")
    engine.stdin.flush()
    reply = engine.stdout.readline()
    if words[0] in ("show", "record"):  # several lines, ended by "."
        while reply.rstrip("\n") != ".":
            sys.stdout.write(reply)
            reply = engine.stdout.readline()
    sys.stdout.write(reply)
    sys.stdout.flush()
