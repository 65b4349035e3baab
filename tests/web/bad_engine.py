"""An engine for tests/web/bot.py that fails on genmove: `illegal` answers a move no game
has, `crash` exits at once (docs/formats.md, the engine protocol)."""
import sys

mode = sys.argv[1]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "protocol":
        print("protocol 1.1")
    elif words[0] == "genmove":
        if mode == "crash":
            sys.exit(3)
        print("move 9-9@nowhere")
    else:
        print("ok")
    sys.stdout.flush()
